//! Who may change a game: accounts (an admin flag on each), a game's owner and its
//! co-hosts. An admin may act on every game; the owner and the co-hosts on theirs.

use crate::backend::{Tx, Value};
use crate::{GameId, GameRow, Result, Store, StoreError, first_int, game_row, hash_password, now};

/// A GM account (never its password hash).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub name: String,
    /// Creates accounts and may act on every game.
    pub admin: bool,
}

/// The hosts of a game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Hosts {
    /// Who created the game (none for a game made outside the dashboard before any
    /// account existed, e.g. the demo: then only admins change it).
    pub owner: Option<String>,
    /// Accounts the owner or an admin added, by name.
    pub cohosts: Vec<String>,
}

/// What an account is to a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostRole {
    /// Not the owner nor a co-host, but an admin: may do all an owner may.
    Admin,
    Owner,
    Cohost,
}

impl HostRole {
    /// Whether the role chooses the game's co-hosts (the owner and the admins).
    pub fn chooses_cohosts(self) -> bool {
        matches!(self, HostRole::Admin | HostRole::Owner)
    }
}

impl Store {
    /// Creates a GM account; the password is kept only as an argon2 hash. The first
    /// account is an admin whatever `admin` says (someone must be able to create the others).
    pub fn add_account(&self, name: &str, password: &str, admin: bool) -> Result<()> {
        let hash = hash_password(password)?;
        self.tx(|tx| {
            if !tx
                .query("SELECT id FROM users WHERE name = $1", &[name.into()])?
                .is_empty()
            {
                return Err(StoreError::UserExists(name.to_owned()));
            }
            let first = first_int(tx.query("SELECT COUNT(*) FROM users", &[])?, "users")? == 0;
            tx.exec(
                "INSERT INTO users (name, password_hash, created, admin) VALUES ($1, $2, $3, $4)",
                &[
                    name.into(),
                    hash.into(),
                    now().into(),
                    i64::from(admin || first).into(),
                ],
            )?;
            Ok(())
        })
    }

    /// An account by name.
    pub fn account(&self, name: &str) -> Result<Option<Account>> {
        self.tx(|tx| {
            Ok(tx
                .query("SELECT admin FROM users WHERE name = $1", &[name.into()])?
                .into_iter()
                .next()
                .map(|r| Account {
                    name: name.to_owned(),
                    admin: r.into_iter().next().and_then(Value::int).unwrap_or(0) != 0,
                }))
        })
    }

    /// Every account, by name.
    pub fn accounts(&self) -> Result<Vec<Account>> {
        self.tx(|tx| {
            Ok(tx
                .query("SELECT name, admin FROM users ORDER BY name", &[])?
                .into_iter()
                .map(|r| {
                    let mut c = r.into_iter();
                    Account {
                        name: c.next().and_then(Value::text).unwrap_or_default(),
                        admin: c.next().and_then(Value::int).unwrap_or(0) != 0,
                    }
                })
                .collect())
        })
    }

    /// The owner and co-hosts of a game.
    pub fn hosts(&self, game: GameId) -> Result<Hosts> {
        self.tx(|tx| {
            let owner = tx
                .query("SELECT owner FROM games WHERE id = $1", &[game.into()])?
                .into_iter()
                .next()
                .and_then(|r| r.into_iter().next())
                .and_then(Value::text);
            let cohosts = tx
                .query(
                    "SELECT user_name FROM game_hosts WHERE game = $1 ORDER BY user_name",
                    &[game.into()],
                )?
                .into_iter()
                .filter_map(|r| r.into_iter().next().and_then(Value::text))
                .collect();
            Ok(Hosts { owner, cohosts })
        })
    }

    /// Whether the account `user` may change the game: an admin, its owner or a co-host.
    pub fn may_host(&self, game: GameId, user: &str) -> Result<bool> {
        Ok(self.host_role(game, user)?.is_some())
    }

    /// The games the account `user` may change, by slug, in one query: every game for an
    /// admin, else those it owns or co-hosts ([`Store::may_host`] for each game).
    pub fn hosted_games(&self, user: &str) -> Result<Vec<GameRow>> {
        self.tx(|tx| {
            tx.query(
                "SELECT id, slug, config, thread_url, forum, running, vote_thread_url FROM games \
                 WHERE owner = $1 \
                 OR id IN (SELECT game FROM game_hosts WHERE user_name = $1) \
                 OR EXISTS (SELECT 1 FROM users WHERE name = $1 AND admin <> 0) \
                 ORDER BY slug",
                &[user.into()],
            )?
            .into_iter()
            .map(game_row)
            .collect()
        })
    }

    /// What the account `user` is to the game (none: it may not change it), in one query.
    pub fn host_role(&self, game: GameId, user: &str) -> Result<Option<HostRole>> {
        self.tx(|tx| host_role_in(tx, ("games", "game_hosts"), game, user))
    }

    /// Makes an existing account a co-host of a game (again: nothing changes).
    pub fn add_cohost(&self, game: GameId, user: &str) -> Result<()> {
        self.tx(|tx| {
            if tx
                .query("SELECT id FROM users WHERE name = $1", &[user.into()])?
                .is_empty()
            {
                return Err(StoreError::NoUser(user.to_owned()));
            }
            tx.exec(
                "DELETE FROM game_hosts WHERE game = $1 AND user_name = $2",
                &[game.into(), user.into()],
            )?;
            tx.exec(
                "INSERT INTO game_hosts (game, user_name) VALUES ($1, $2)",
                &[game.into(), user.into()],
            )?;
            Ok(())
        })
    }

    /// Removes a co-host of a game; whether they were one.
    pub fn remove_cohost(&self, game: GameId, user: &str) -> Result<bool> {
        self.tx(|tx| {
            let n = tx.exec(
                "DELETE FROM game_hosts WHERE game = $1 AND user_name = $2",
                &[game.into(), user.into()],
            )?;
            Ok(n > 0)
        })
    }
}

/// What the account `user` is to a game of the table `games` (`id`, `owner`) whose co-hosts
/// are in `hosts` (`game`, `user_name`), in one query: the trackers' games and the WWR games
/// share it. The table names are the store's own, never a caller's text.
pub(crate) fn host_role_in(
    tx: &mut dyn Tx,
    (games, hosts): (&'static str, &'static str),
    game: GameId,
    user: &str,
) -> Result<Option<HostRole>> {
    let rows = tx.query(
        &format!(
            "SELECT (SELECT COUNT(*) FROM {games} WHERE id = $1 AND owner = $2), \
             (SELECT COUNT(*) FROM {hosts} WHERE game = $1 AND user_name = $2), \
             (SELECT COUNT(*) FROM users WHERE name = $2 AND admin <> 0)"
        ),
        &[game.into(), user.into()],
    )?;
    let counts: Vec<i64> = rows
        .into_iter()
        .next()
        .into_iter()
        .flatten()
        .map(|v| v.int().unwrap_or(0))
        .collect();
    let is = |i: usize| counts.get(i).is_some_and(|&n| n > 0);
    Ok(if is(0) {
        Some(HostRole::Owner)
    } else if is(1) {
        Some(HostRole::Cohost)
    } else if is(2) {
        Some(HostRole::Admin)
    } else {
        None
    })
}
