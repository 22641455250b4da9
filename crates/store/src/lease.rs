//! Poll leases: when several instances of the service share one database, each thread is
//! polled by one of them at a time, and no more often than its pace, whichever polls it.
//!
//! A lease row per thread says who holds it (`holder`, an id each instance makes at start),
//! until when (`expires`), and when the thread is next due (`next_due`). An instance takes
//! the lease only when the thread is due and nobody holds it (never held, released, or
//! expired: its holder died or hung), polls, and releases it with the next due time. Times
//! are the database's clock, so instances on machines whose clocks differ agree.

use std::time::Duration;

use crate::backend::{Engine, Tx, Value};
use crate::{GameId, Result, Store, Thread, first_int};

/// What asking for a thread's poll lease gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// The lease is this holder's until it releases it or its time runs out: poll now.
    Taken,
    /// Another instance holds it (it is polling the thread now) for at most this long.
    Held { expires_in: Duration },
    /// The thread was polled lately; it is next due in this long.
    NotDue { due_in: Duration },
}

impl Thread {
    fn lease_key(self) -> &'static str {
        match self {
            Thread::Game => "game",
            Thread::Votes => "votes",
        }
    }
}

/// The database's clock, in milliseconds since 1970.
fn db_now(tx: &mut dyn Tx, engine: Engine) -> Result<i64> {
    let sql = match engine {
        Engine::Postgres => "SELECT (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT",
        Engine::Sqlite => "SELECT CAST(unixepoch('subsec') * 1000 AS INTEGER)",
    };
    first_int(tx.query(sql, &[])?, "the database's clock")
}

fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX / 4)
}

fn duration(ms: i64) -> Duration {
    Duration::from_millis(u64::try_from(ms).unwrap_or(0))
}

impl Store {
    /// Asks for the lease of one of a game's threads for `holder`, for at most `ttl` (longer
    /// than a poll can last: past it, another instance takes the thread over).
    pub fn claim_poll(
        &self,
        game: GameId,
        thread: Thread,
        holder: &str,
        ttl: Duration,
    ) -> Result<Claim> {
        let engine = self.engine();
        self.tx(|tx| {
            let now = db_now(tx, engine)?;
            let taken = tx.query(
                "INSERT INTO poll_leases (game, thread, holder, expires, next_due) \
                 VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT (game, thread) DO UPDATE SET holder = excluded.holder, \
                 expires = excluded.expires \
                 WHERE poll_leases.next_due <= $5 AND poll_leases.expires <= $5 \
                 RETURNING holder",
                &[
                    game.into(),
                    thread.lease_key().into(),
                    holder.into(),
                    now.saturating_add(millis(ttl)).into(),
                    now.into(),
                ],
            )?;
            if !taken.is_empty() {
                return Ok(Claim::Taken);
            }
            let row = tx
                .query(
                    "SELECT expires, next_due FROM poll_leases WHERE game = $1 AND thread = $2",
                    &[game.into(), thread.lease_key().into()],
                )?
                .into_iter()
                .next()
                .unwrap_or_default();
            let mut c = row.into_iter();
            let expires = c.next().and_then(Value::int).unwrap_or(now);
            let next_due = c.next().and_then(Value::int).unwrap_or(now);
            Ok(if expires > now {
                Claim::Held {
                    expires_in: duration(expires - now),
                }
            } else {
                Claim::NotDue {
                    due_in: duration(next_due - now),
                }
            })
        })
    }

    /// Gives a thread's lease back after a poll: the thread is next due in `next_in`.
    /// `false` when `holder` no longer held it (it ran out and another instance took it).
    pub fn release_poll(
        &self,
        game: GameId,
        thread: Thread,
        holder: &str,
        next_in: Duration,
    ) -> Result<bool> {
        let engine = self.engine();
        self.tx(|tx| {
            let now = db_now(tx, engine)?;
            let n = tx.exec(
                "UPDATE poll_leases SET expires = $4, next_due = $5 \
                 WHERE game = $1 AND thread = $2 AND holder = $3",
                &[
                    game.into(),
                    thread.lease_key().into(),
                    holder.into(),
                    now.into(),
                    now.saturating_add(millis(next_in)).into(),
                ],
            )?;
            Ok(n > 0)
        })
    }
}
