//! A game's version: a number bumped in the same transaction as every change of what the
//! game's pages show (posts imported or edited, a correction added or removed, the game file,
//! its threads). An instance of the service keeps a game's derived pages with the version
//! they were made from and reads the current version before serving them, so a change made
//! through another instance on the same database is seen on the next request.

use crate::backend::{Tx, Value};
use crate::{GameId, Result, Store};

impl Store {
    /// A game's id and current version, by slug (`None`: no such game). One indexed read.
    pub fn game_version(&self, slug: &str) -> Result<Option<(GameId, i64)>> {
        let versioned = self.versioned();
        self.read(|tx| {
            let sql = if versioned {
                "SELECT id, version FROM games WHERE slug = $1"
            } else {
                "SELECT id, 0 FROM games WHERE slug = $1"
            };
            Ok(tx
                .query(sql, &[slug.into()])?
                .into_iter()
                .next()
                .map(|row| {
                    let mut c = row.into_iter();
                    let id = c.next().and_then(Value::int).unwrap_or(0);
                    (id, c.next().and_then(Value::int).unwrap_or(0))
                }))
        })
    }

    /// Records, inside a writing transaction, that what the game's pages show changed: its
    /// version goes up and its snapshot is dropped.
    pub(crate) fn changed(&self, tx: &mut dyn Tx, game: GameId) -> Result<()> {
        if self.versioned() {
            tx.exec(
                "UPDATE games SET version = version + 1 WHERE id = $1",
                &[game.into()],
            )?;
        }
        tx.exec("DELETE FROM snapshots WHERE game = $1", &[game.into()])?;
        Ok(())
    }
}
