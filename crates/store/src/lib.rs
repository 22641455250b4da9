//! Storage for the tracker service: games (their game file as TOML text, the thread and its
//! forum, and a separate vote thread when the game has one), raw posts exactly as imported
//! (a vote thread's posts in the same table, under ids and numbers the caller keeps apart), the GM's corrections (game-file `[[corrections]]`
//! records, kept apart from the game file), GM accounts and sessions, the
//! poller's state and messages, and derived state snapshots.
//!
//! SQLite (one file, WAL) by default, PostgreSQL when opened with a `postgres://` URL; both
//! run the same queries through [`backend`]. Posts are stored raw: the game state is derived
//! by replaying them, so a parser fix re-derives every game, and snapshots are only a cache
//! ([`Store::drop_snapshots`]).
//!
//! Every write is one transaction: an import of a batch of posts is stored whole or not at
//! all, whenever the process is killed.
//!
//! ```
//! use mafia_store::{NewGame, Store};
//! # let dir = tempfile::tempdir().unwrap();
//! let store = Store::open(dir.path().join("mafia.db").to_str().unwrap()).unwrap();
//! let game = store.create_game(&NewGame::new("demo", "name = \"Demo\"")).unwrap();
//! assert_eq!(store.game("demo").unwrap().unwrap().id, game);
//! ```

mod backend;
mod hosts;
mod lease;
mod schema;
mod version;
mod wwr;

use jiff::Timestamp;
use mafia_posts::{Edited, Markup, RawPost};

use backend::{Backend, Row, Tx, Value};
pub use backend::{Engine, POSTGRES_POOL_SIZE};
pub use hosts::{Account, HostRole, Hosts};
pub use lease::Claim;
pub use wwr::{NewWwrGame, WwrBook, WwrGameRow, WwrSeat};

/// Why a storage operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot open the database {target}: {message}")]
    Open { target: String, message: String },
    #[error("SQLite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("PostgreSQL: {0}")]
    Postgres(#[from] postgres::Error),
    #[error("no free PostgreSQL connection: {0}")]
    Pool(#[from] r2d2::Error),
    #[error("the database is damaged: {0}")]
    Corrupt(String),
    #[error("stored {what} cannot be read: {message}")]
    Decode { what: &'static str, message: String },
    #[error("no game `{0}`")]
    NoGame(String),
    #[error("a game `{0}` already exists")]
    GameExists(String),
    #[error("a GM account `{0}` already exists")]
    UserExists(String),
    #[error("no GM account `{0}`")]
    NoUser(String),
    #[error("password hashing failed: {0}")]
    Hash(String),
    #[error("no secure random numbers: {0}")]
    Random(String),
    #[error("the database was written by a newer mafia (schema {found}, this build knows {known})")]
    NewerSchema { found: i64, known: i64 },
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// The database, shared by the threads of a process: SQLite is one connection behind a lock
/// (one writer at a time), PostgreSQL a pool of connections ([`POSTGRES_POOL_SIZE`]), so
/// that several instances of the service and several requests of each run at once.
pub struct Store {
    db: Box<dyn Backend>,
    /// The schema has game versions and poll leases (a database opened at an older schema
    /// by the tests of the migrations has not).
    versioned: std::sync::atomic::AtomicBool,
}

/// Numeric id of a stored game.
pub type GameId = i64;

/// A game as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    pub id: GameId,
    /// URL-safe short name, used in page addresses.
    pub slug: String,
    /// The game file (TOML), as the GM wrote it.
    pub config: String,
    pub thread_url: Option<String>,
    /// The forum engine of the thread (`phpbb`, `xenforo`, `discourse`, `jsonl`…).
    pub forum: Option<String>,
    /// Whether the poller follows the thread.
    pub running: bool,
    /// A separate thread where the votes are cast (same forum engine), when there is one.
    pub vote_thread_url: Option<String>,
}

/// A game to create.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGame {
    pub slug: String,
    pub config: String,
    pub thread_url: Option<String>,
    pub forum: Option<String>,
    pub vote_thread_url: Option<String>,
    /// The account that owns the game (it and the admins may change it, with co-hosts
    /// added later); none for a game made outside the dashboard (only admins).
    pub owner: Option<String>,
}

impl NewGame {
    pub fn new(slug: impl Into<String>, config: impl Into<String>) -> NewGame {
        NewGame {
            slug: slug.into(),
            config: config.into(),
            thread_url: None,
            forum: None,
            vote_thread_url: None,
            owner: None,
        }
    }
}

/// What one import did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ImportSummary {
    /// Posts not stored before.
    pub inserted: usize,
    /// Posts stored before whose content changed (edits).
    pub updated: usize,
    /// Posts stored before, unchanged.
    pub unchanged: usize,
}

/// A GM's correction, stored apart from the game file and the posts: one `[[corrections]]`
/// record of the game file's shape (TOML text), which the tracker reads and applies after
/// post `at` as the game file's own records; the stored posts are never changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredCorrection {
    pub id: i64,
    /// The post after which it applies (also in the record).
    pub at: u64,
    /// The record as TOML text (`[[corrections]]`, `at = …`, one action, maybe a comment).
    pub record: String,
    /// The GM who made it.
    pub by: String,
}

/// A GM's session: the cookie token and the CSRF token of its forms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub token: String,
    pub csrf: String,
    pub user: String,
}

/// The start of the id of every stored post of a vote thread (`votes:<the forum's id>`):
/// the game thread's and the vote thread's posts share the posts table, each keyed by its
/// own id, so a re-import of either thread stores each post once.
pub const VOTE_POST_PREFIX: &str = "votes:";

/// Which of a game's threads: the game thread, or its separate vote thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Thread {
    Game,
    Votes,
}

impl Thread {
    /// The table of this thread's poll state.
    fn poll_table(self) -> &'static str {
        match self {
            Thread::Game => "poll_state",
            Thread::Votes => "vote_poll_state",
        }
    }
}

/// What the poller remembers of a thread between polls.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PollState {
    pub etag: Option<String>,
    pub last_modified: Option<String>,
    /// The last page read (re-read each poll: new posts appear there first).
    pub page_url: Option<String>,
    /// Failed polls in a row (for the backoff).
    pub failures: u32,
}

/// A message for the GM (from the poller: a forum error, a deleted thread, a bad page).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub time: Timestamp,
    pub message: String,
}

/// How long a GM session lasts.
pub const SESSION_HOURS: i64 = 24 * 14;

impl Store {
    /// Opens (creating and migrating when needed) the database at `target`: a
    /// `postgres://` / `postgresql://` URL, or else a SQLite file path (an optional
    /// `sqlite:` prefix is accepted).
    pub fn open(target: &str) -> Result<Store> {
        let store = Store::connect(target)?;
        store.migrate()?;
        Ok(store)
    }

    /// Connects without migrating.
    fn connect(target: &str) -> Result<Store> {
        let backend: Box<dyn Backend> =
            if target.starts_with("postgres://") || target.starts_with("postgresql://") {
                Box::new(backend::Postgres::connect(target)?)
            } else {
                let path = target.strip_prefix("sqlite:").unwrap_or(target);
                Box::new(backend::Sqlite::open(std::path::Path::new(path))?)
            };
        Ok(Store {
            db: backend,
            versioned: std::sync::atomic::AtomicBool::new(false),
        })
    }

    pub fn engine(&self) -> Engine {
        self.db.kind()
    }

    /// Runs `f` in one transaction.
    fn tx<T>(&self, f: impl FnOnce(&mut dyn Tx) -> Result<T>) -> Result<T> {
        run_once("transaction", f, |g| self.db.transaction(g))
    }

    /// Runs `f`, one statement that only reads, outside a transaction where the engine
    /// allows (PostgreSQL: two round trips fewer; SQLite runs it as [`Store::tx`] does).
    fn read<T>(&self, f: impl FnOnce(&mut dyn Tx) -> Result<T>) -> Result<T> {
        run_once("read", f, |g| self.db.read(g))
    }

    fn migrate(&self) -> Result<()> {
        self.migrate_upto(None)
    }

    fn migrate_upto(&self, upto: Option<i64>) -> Result<()> {
        let engine = self.engine();
        let reached = self.tx(|tx| schema::migrate(tx, engine, upto))?;
        self.versioned.store(
            reached >= schema::GAME_VERSIONS,
            std::sync::atomic::Ordering::Relaxed,
        );
        Ok(())
    }

    /// Whether this database keeps game versions (see [`Store::game_version`]).
    fn versioned(&self) -> bool {
        self.versioned.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Opens a database migrated to schema `version` at most: for tests of the migrations,
    /// which need a database as an older release left it.
    #[doc(hidden)]
    pub fn open_at_schema(target: &str, version: i64) -> Result<Store> {
        let store = Store::connect(target)?;
        store.migrate_upto(Some(version))?;
        Ok(store)
    }

    /// Checks the database for damage.
    pub fn integrity_check(&self) -> Result<()> {
        self.db.integrity_check()
    }

    // --- games ---------------------------------------------------------------------------

    pub fn create_game(&self, game: &NewGame) -> Result<GameId> {
        self.tx(|tx| {
            let rows = tx.query(
                "INSERT INTO games (slug, config, thread_url, forum, running, created) \
                 VALUES ($1, $2, $3, $4, 1, $5) ON CONFLICT (slug) DO NOTHING RETURNING id",
                &[
                    game.slug.as_str().into(),
                    game.config.as_str().into(),
                    game.thread_url.clone().into(),
                    game.forum.clone().into(),
                    now().into(),
                ],
            )?;
            // A short name taken, also by another instance at the same moment (the
            // insert then waits for it and does nothing): no row comes back.
            if rows.is_empty() {
                return Err(StoreError::GameExists(game.slug.clone()));
            }
            let id = first_int(rows, "game id")?;
            // Only then: a database opened at an older schema (tests of the migrations)
            // creates games without a vote thread.
            if let Some(url) = &game.vote_thread_url {
                tx.exec(
                    "UPDATE games SET vote_thread_url = $1 WHERE id = $2",
                    &[url.as_str().into(), id.into()],
                )?;
            }
            if let Some(owner) = &game.owner {
                tx.exec(
                    "UPDATE games SET owner = $1 WHERE id = $2",
                    &[owner.as_str().into(), id.into()],
                )?;
            }
            Ok(id)
        })
    }

    /// All games, by slug.
    pub fn games(&self) -> Result<Vec<GameRow>> {
        self.tx(|tx| {
            tx.query(
                "SELECT id, slug, config, thread_url, forum, running, vote_thread_url FROM games \
                 ORDER BY slug",
                &[],
            )?
            .into_iter()
            .map(game_row)
            .collect()
        })
    }

    pub fn game(&self, slug: &str) -> Result<Option<GameRow>> {
        self.tx(|tx| {
            tx.query(
                "SELECT id, slug, config, thread_url, forum, running, vote_thread_url FROM games \
                 WHERE slug = $1",
                &[slug.into()],
            )?
            .into_iter()
            .next()
            .map(game_row)
            .transpose()
        })
    }

    /// Replaces a game's game file (players, aliases, schedule, rules).
    pub fn set_config(&self, game: GameId, config: &str) -> Result<()> {
        self.tx(|tx| {
            tx.exec(
                "UPDATE games SET config = $1 WHERE id = $2",
                &[config.into(), game.into()],
            )?;
            self.changed(tx, game)?;
            Ok(())
        })
    }

    /// Sets the thread a game follows and whether the poller follows it.
    pub fn set_thread(
        &self,
        game: GameId,
        thread_url: Option<&str>,
        forum: Option<&str>,
        running: bool,
    ) -> Result<()> {
        self.tx(|tx| {
            tx.exec(
                "UPDATE games SET thread_url = $1, forum = $2, running = $3 WHERE id = $4",
                &[
                    thread_url.map(str::to_owned).into(),
                    forum.map(str::to_owned).into(),
                    i64::from(running).into(),
                    game.into(),
                ],
            )?;
            // The pages show the thread's address.
            self.changed(tx, game)?;
            Ok(())
        })
    }

    /// Sets (or, with `None`, removes) the game's separate vote thread. When it changes, the
    /// posts read from the old vote thread (ids starting [`VOTE_POST_PREFIX`]) are dropped,
    /// its poll state starts afresh, and the game is re-derived.
    pub fn set_vote_thread(&self, game: GameId, url: Option<&str>) -> Result<()> {
        self.tx(|tx| {
            let old = tx
                .query(
                    "SELECT vote_thread_url FROM games WHERE id = $1",
                    &[game.into()],
                )?
                .into_iter()
                .next()
                .and_then(|r| r.into_iter().next())
                .and_then(Value::text);
            if old.as_deref() == url {
                return Ok(());
            }
            tx.exec(
                "UPDATE games SET vote_thread_url = $1 WHERE id = $2",
                &[url.map(str::to_owned).into(), game.into()],
            )?;
            tx.exec(
                "DELETE FROM vote_poll_state WHERE game = $1",
                &[game.into()],
            )?;
            tx.exec(
                "DELETE FROM posts WHERE game = $1 AND post_id LIKE $2",
                &[game.into(), format!("{VOTE_POST_PREFIX}%").into()],
            )?;
            self.changed(tx, game)?;
            Ok(())
        })
    }

    // --- posts ---------------------------------------------------------------------------

    /// Stores a batch of posts in one transaction: new posts are inserted, a post already
    /// stored (same id) is updated when its content changed (an edit), and unchanged
    /// posts are left alone. The game's snapshot is dropped when anything changed.
    pub fn import_posts(&self, game: GameId, posts: &[RawPost]) -> Result<ImportSummary> {
        self.tx(|tx| {
            let mut summary = ImportSummary::default();
            for post in posts {
                let row = PostRow::from(post);
                let existing = tx.query(
                    "SELECT number, author, time, edited, markup, body FROM posts \
                     WHERE game = $1 AND post_id = $2",
                    &[game.into(), post.id.as_str().into()],
                )?;
                match existing.into_iter().next() {
                    None => {
                        tx.exec(
                            "INSERT INTO posts (game, post_id, number, author, time, edited, markup, body) \
                             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                            &[
                                game.into(),
                                post.id.as_str().into(),
                                row.number.into(),
                                row.author.clone().into(),
                                row.time.clone().into(),
                                row.edited.clone().into(),
                                row.markup.into(),
                                row.body.clone().into(),
                            ],
                        )?;
                        summary.inserted += 1;
                    }
                    Some(old) => {
                        if PostRow::from_columns(old)? == row {
                            summary.unchanged += 1;
                        } else {
                            tx.exec(
                                "UPDATE posts SET number = $3, author = $4, time = $5, edited = $6, \
                                 markup = $7, body = $8 WHERE game = $1 AND post_id = $2",
                                &[
                                    game.into(),
                                    post.id.as_str().into(),
                                    row.number.into(),
                                    row.author.clone().into(),
                                    row.time.clone().into(),
                                    row.edited.clone().into(),
                                    row.markup.into(),
                                    row.body.clone().into(),
                                ],
                            )?;
                            summary.updated += 1;
                        }
                    }
                }
            }
            if summary.inserted + summary.updated > 0 {
                self.changed(tx, game)?;
            }
            Ok(summary)
        })
    }

    /// A game's posts in thread order (by number, then id).
    pub fn posts(&self, game: GameId) -> Result<Vec<RawPost>> {
        self.tx(|tx| {
            tx.query(
                "SELECT post_id, number, author, time, edited, markup, body FROM posts \
                 WHERE game = $1 ORDER BY number, post_id",
                &[game.into()],
            )?
            .into_iter()
            .map(raw_post)
            .collect()
        })
    }

    pub fn post_count(&self, game: GameId) -> Result<u64> {
        self.tx(|tx| {
            let n = first_int(
                tx.query("SELECT COUNT(*) FROM posts WHERE game = $1", &[game.into()])?,
                "post count",
            )?;
            Ok(u64::try_from(n).unwrap_or(0))
        })
    }

    // --- corrections -------------------------------------------------------------------

    /// Stores a correction record (TOML text, checked by the caller) made after post `at`.
    pub fn add_correction(&self, game: GameId, at: u64, record: &str, by: &str) -> Result<i64> {
        self.tx(|tx| {
            let id = insert_correction(tx, game, at, record, by)?;
            self.changed(tx, game)?;
            Ok(id)
        })
    }

    /// Stores several correction records (each `(at, TOML text)`, checked by the caller) in
    /// one transaction: all of them, in order, or none; their ids.
    pub fn add_corrections(
        &self,
        game: GameId,
        records: &[(u64, String)],
        by: &str,
    ) -> Result<Vec<i64>> {
        self.tx(|tx| {
            let ids = records
                .iter()
                .map(|(at, record)| insert_correction(tx, game, *at, record, by))
                .collect::<Result<Vec<_>>>()?;
            self.changed(tx, game)?;
            Ok(ids)
        })
    }

    pub fn remove_correction(&self, game: GameId, id: i64) -> Result<bool> {
        self.tx(|tx| {
            let n = tx.exec(
                "DELETE FROM corrections WHERE game = $1 AND id = $2",
                &[game.into(), id.into()],
            )?;
            self.changed(tx, game)?;
            Ok(n > 0)
        })
    }

    /// A game's corrections in the order they were made.
    pub fn corrections(&self, game: GameId) -> Result<Vec<StoredCorrection>> {
        self.tx(|tx| {
            tx.query(
                "SELECT id, at, record, author FROM corrections WHERE game = $1 ORDER BY id",
                &[game.into()],
            )?
            .into_iter()
            .map(|row| {
                let mut c = row.into_iter();
                Ok(StoredCorrection {
                    id: col_int(&mut c, "correction")?,
                    at: u64::try_from(col_int(&mut c, "correction")?).unwrap_or(0),
                    record: col_text(&mut c, "correction")?,
                    by: c.next().and_then(Value::text).unwrap_or_default(),
                })
            })
            .collect()
        })
    }

    // --- GM accounts and sessions ----------------------------------------------------------

    /// Creates a GM account (an admin when it is the first); see [`Store::add_account`].
    pub fn add_user(&self, name: &str, password: &str) -> Result<()> {
        self.add_account(name, password, false)
    }

    pub fn user_count(&self) -> Result<u64> {
        self.tx(|tx| {
            let n = first_int(tx.query("SELECT COUNT(*) FROM users", &[])?, "user count")?;
            Ok(u64::try_from(n).unwrap_or(0))
        })
    }

    /// Checks a name and password; on success opens a session.
    pub fn login(&self, name: &str, password: &str) -> Result<Option<Session>> {
        let stored = self.tx(|tx| {
            Ok(tx
                .query(
                    "SELECT password_hash FROM users WHERE name = $1",
                    &[name.into()],
                )?
                .into_iter()
                .next()
                .and_then(|r| r.into_iter().next())
                .and_then(Value::text))
        })?;
        // One argon2 check whether the name exists or not (an unknown name against a dummy
        // hash made with the same parameters), so the work done does not tell which names
        // exist.
        let ok = check_login(stored.as_deref(), password);
        if !ok {
            return Ok(None);
        }
        let session = Session {
            token: random_token()?,
            csrf: random_token()?,
            user: name.to_owned(),
        };
        let expires = Timestamp::now()
            .checked_add(jiff::SignedDuration::from_hours(SESSION_HOURS))
            .unwrap_or(Timestamp::MAX)
            .as_second();
        self.tx(|tx| {
            tx.exec(
                "DELETE FROM sessions WHERE expires < $1",
                &[Timestamp::now().as_second().into()],
            )?;
            tx.exec(
                "INSERT INTO sessions (token, csrf, user_name, expires) VALUES ($1, $2, $3, $4)",
                &[
                    session.token.as_str().into(),
                    session.csrf.as_str().into(),
                    name.into(),
                    expires.into(),
                ],
            )?;
            Ok(())
        })?;
        Ok(Some(session))
    }

    /// The live session of a cookie token.
    pub fn session(&self, token: &str) -> Result<Option<Session>> {
        self.tx(|tx| {
            let rows = tx.query(
                "SELECT csrf, user_name FROM sessions WHERE token = $1 AND expires >= $2",
                &[token.into(), Timestamp::now().as_second().into()],
            )?;
            Ok(rows.into_iter().next().map(|r| {
                let mut c = r.into_iter();
                Session {
                    token: token.to_owned(),
                    csrf: c.next().and_then(Value::text).unwrap_or_default(),
                    user: c.next().and_then(Value::text).unwrap_or_default(),
                }
            }))
        })
    }

    pub fn logout(&self, token: &str) -> Result<()> {
        self.tx(|tx| {
            tx.exec("DELETE FROM sessions WHERE token = $1", &[token.into()])?;
            Ok(())
        })
    }

    // --- snapshots -------------------------------------------------------------------------

    /// Stores a derived state (any text, e.g. JSON) for a game as of `posts` stored posts,
    /// made by the deriving code's `version`.
    pub fn put_snapshot(&self, game: GameId, version: &str, posts: u64, state: &str) -> Result<()> {
        self.tx(|tx| {
            tx.exec("DELETE FROM snapshots WHERE game = $1", &[game.into()])?;
            tx.exec(
                "INSERT INTO snapshots (game, version, posts, state) VALUES ($1, $2, $3, $4)",
                &[
                    game.into(),
                    version.into(),
                    to_i64(posts).into(),
                    state.into(),
                ],
            )?;
            Ok(())
        })
    }

    /// Stores a derived state as [`Store::put_snapshot`] does, only when the game is still at
    /// `game_version`, the version it was derived from: a change made meanwhile (through any
    /// instance) leaves no stale snapshot behind. `false` when it was not stored.
    pub fn put_snapshot_at(
        &self,
        game: GameId,
        version: &str,
        game_version: i64,
        posts: u64,
        state: &str,
    ) -> Result<bool> {
        let versioned = self.versioned();
        self.tx(|tx| {
            // An update of the game's row waits for a change being made to it (PostgreSQL
            // locks the row), then sees its version: the check and the insert are one step.
            if versioned
                && tx.exec(
                    "UPDATE games SET version = version WHERE id = $1 AND version = $2",
                    &[game.into(), game_version.into()],
                )? == 0
            {
                return Ok(false);
            }
            tx.exec("DELETE FROM snapshots WHERE game = $1", &[game.into()])?;
            tx.exec(
                "INSERT INTO snapshots (game, version, posts, state) VALUES ($1, $2, $3, $4)",
                &[
                    game.into(),
                    version.into(),
                    to_i64(posts).into(),
                    state.into(),
                ],
            )?;
            Ok(true)
        })
    }

    /// The stored snapshot of a game when it was made by `version` (else it is stale).
    pub fn snapshot(&self, game: GameId, version: &str) -> Result<Option<(u64, String)>> {
        self.tx(|tx| {
            let rows = tx.query(
                "SELECT posts, state FROM snapshots WHERE game = $1 AND version = $2",
                &[game.into(), version.into()],
            )?;
            Ok(rows.into_iter().next().and_then(|r| {
                let mut c = r.into_iter();
                let posts = c.next().and_then(Value::int)?;
                let state = c.next().and_then(Value::text)?;
                Some((u64::try_from(posts).unwrap_or(0), state))
            }))
        })
    }

    /// Drops every snapshot: the next read re-derives every game from its posts.
    pub fn drop_snapshots(&self) -> Result<()> {
        self.tx(|tx| {
            tx.exec("DELETE FROM snapshots", &[])?;
            Ok(())
        })
    }

    // --- poller ----------------------------------------------------------------------------

    /// The poll state of the game thread.
    pub fn poll_state(&self, game: GameId) -> Result<PollState> {
        self.thread_poll_state(game, Thread::Game)
    }

    /// The poll state of the game thread.
    pub fn set_poll_state(&self, game: GameId, state: &PollState) -> Result<()> {
        self.set_thread_poll_state(game, Thread::Game, state)
    }

    /// The poll state of one of the game's threads (each is polled on its own).
    pub fn thread_poll_state(&self, game: GameId, thread: Thread) -> Result<PollState> {
        self.tx(|tx| {
            let rows = tx.query(
                &format!(
                    "SELECT etag, last_modified, page_url, failures FROM {} WHERE game = $1",
                    thread.poll_table()
                ),
                &[game.into()],
            )?;
            Ok(rows
                .into_iter()
                .next()
                .map(|r| {
                    let mut c = r.into_iter();
                    PollState {
                        etag: c.next().and_then(Value::text),
                        last_modified: c.next().and_then(Value::text),
                        page_url: c.next().and_then(Value::text),
                        failures: c
                            .next()
                            .and_then(Value::int)
                            .and_then(|n| u32::try_from(n).ok())
                            .unwrap_or(0),
                    }
                })
                .unwrap_or_default())
        })
    }

    pub fn set_thread_poll_state(
        &self,
        game: GameId,
        thread: Thread,
        state: &PollState,
    ) -> Result<()> {
        self.tx(|tx| {
            tx.exec(
                &format!(
                    "INSERT INTO {} (game, etag, last_modified, page_url, failures) \
                     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game) DO UPDATE SET \
                     etag = excluded.etag, last_modified = excluded.last_modified, \
                     page_url = excluded.page_url, failures = excluded.failures",
                    thread.poll_table()
                ),
                &[
                    game.into(),
                    state.etag.clone().into(),
                    state.last_modified.clone().into(),
                    state.page_url.clone().into(),
                    i64::from(state.failures).into(),
                ],
            )?;
            Ok(())
        })
    }

    /// Adds a message for the game's GM review list.
    pub fn add_notice(&self, game: GameId, message: &str) -> Result<()> {
        self.tx(|tx| {
            tx.exec(
                "INSERT INTO notices (game, time, message) VALUES ($1, $2, $3)",
                &[game.into(), now().into(), message.into()],
            )?;
            Ok(())
        })
    }

    /// The game's latest messages, newest first.
    pub fn notices(&self, game: GameId, limit: u32) -> Result<Vec<Notice>> {
        self.tx(|tx| {
            tx.query(
                "SELECT time, message FROM notices WHERE game = $1 ORDER BY id DESC LIMIT $2",
                &[game.into(), i64::from(limit).into()],
            )?
            .into_iter()
            .map(|r| {
                let mut c = r.into_iter();
                let time = c.next().and_then(Value::text).unwrap_or_default();
                Ok(Notice {
                    time: time.parse().map_err(|e: jiff::Error| StoreError::Decode {
                        what: "notice time",
                        message: e.to_string(),
                    })?,
                    message: c.next().and_then(Value::text).unwrap_or_default(),
                })
            })
            .collect()
        })
    }
}

// --- correction records -------------------------------------------------------------------

/// The record of a vote correction as the game file writes it: `vote = { voter, target }`
/// (`vote` `None`: `unvote = voter`), the note as its comment when there is one. The store
/// writes only this shape (migrating vote overrides); the service writes records with the
/// tracker's `Correction::to_toml`, which reads this text back to the same record.
pub(crate) fn correction_text(at: u64, voter: &str, vote: Option<&str>, note: &str) -> String {
    let action = match vote {
        Some(target) => format!(
            "vote = {{ voter = {}, target = {} }}",
            toml_string(voter),
            toml_string(target)
        ),
        None => format!("unvote = {}", toml_string(voter)),
    };
    let mut out = format!("[[corrections]]\nat = {at}\n{action}\n");
    if !note.trim().is_empty() {
        out.push_str(&format!("comment = {}\n", toml_string(note.trim())));
    }
    out
}

/// A TOML basic string: quotes, backslashes and control characters escaped.
fn toml_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

// --- rows --------------------------------------------------------------------------------

fn now() -> String {
    Timestamp::now().to_string()
}

fn to_i64(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

fn first_int(rows: Vec<Row>, what: &'static str) -> Result<i64> {
    rows.into_iter()
        .next()
        .and_then(|r| r.into_iter().next())
        .and_then(Value::int)
        .ok_or(StoreError::Decode {
            what,
            message: "no value".into(),
        })
}

fn col_int(c: &mut impl Iterator<Item = Value>, what: &'static str) -> Result<i64> {
    c.next().and_then(Value::int).ok_or(StoreError::Decode {
        what,
        message: "missing number".into(),
    })
}

fn col_text(c: &mut impl Iterator<Item = Value>, what: &'static str) -> Result<String> {
    c.next().and_then(Value::text).ok_or(StoreError::Decode {
        what,
        message: "missing text".into(),
    })
}

/// Inserts one correction record; its id.
fn insert_correction(
    tx: &mut dyn Tx,
    game: GameId,
    at: u64,
    record: &str,
    by: &str,
) -> Result<i64> {
    first_int(
        tx.query(
            "INSERT INTO corrections (game, at, record, author, created) \
             VALUES ($1, $2, $3, $4, $5) RETURNING id",
            &[
                game.into(),
                to_i64(at).into(),
                record.into(),
                by.into(),
                now().into(),
            ],
        )?,
        "correction id",
    )
}

fn game_row(row: Row) -> Result<GameRow> {
    let mut c = row.into_iter();
    Ok(GameRow {
        id: col_int(&mut c, "game")?,
        slug: col_text(&mut c, "game")?,
        config: col_text(&mut c, "game")?,
        thread_url: c.next().and_then(Value::text),
        forum: c.next().and_then(Value::text),
        running: c.next().and_then(Value::int).unwrap_or(0) != 0,
        vote_thread_url: c.next().and_then(Value::text),
    })
}

/// A post as its columns store it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PostRow {
    number: i64,
    author: String,
    time: Option<String>,
    edited: Option<String>,
    markup: &'static str,
    body: String,
}

impl PostRow {
    fn from(post: &RawPost) -> PostRow {
        let (markup, body) = match &post.body {
            Markup::Html(b) => ("html", b.clone()),
            Markup::BbCode(b) => ("bbcode", b.clone()),
            Markup::Text(b) => ("text", b.clone()),
        };
        PostRow {
            number: to_i64(post.number),
            author: post.author.clone(),
            time: post.time.map(|t| t.to_string()),
            edited: post.edited.map(|e| match e {
                Edited::Yes => "yes".to_owned(),
                Edited::At(t) => t.to_string(),
            }),
            markup,
            body,
        }
    }

    fn from_columns(row: Row) -> Result<PostRow> {
        let mut c = row.into_iter();
        Ok(PostRow {
            number: col_int(&mut c, "post")?,
            author: col_text(&mut c, "post")?,
            time: c.next().and_then(Value::text),
            edited: c.next().and_then(Value::text),
            markup: markup_kind(&col_text(&mut c, "post")?)?,
            body: col_text(&mut c, "post")?,
        })
    }
}

fn markup_kind(s: &str) -> Result<&'static str> {
    match s {
        "html" => Ok("html"),
        "bbcode" => Ok("bbcode"),
        "text" => Ok("text"),
        other => Err(StoreError::Decode {
            what: "post markup",
            message: format!("unknown markup `{other}`"),
        }),
    }
}

fn raw_post(row: Row) -> Result<RawPost> {
    let mut c = row.into_iter();
    let id = col_text(&mut c, "post")?;
    let rest = PostRow::from_columns(c.collect())?;
    let bad_time = |e: jiff::Error| StoreError::Decode {
        what: "post time",
        message: format!("post {id}: {e}"),
    };
    let time = rest
        .time
        .as_deref()
        .map(str::parse)
        .transpose()
        .map_err(bad_time)?;
    let edited = match rest.edited.as_deref() {
        None => None,
        Some("yes") => Some(Edited::Yes),
        Some(t) => Some(Edited::At(t.parse().map_err(bad_time)?)),
    };
    Ok(RawPost {
        number: u64::try_from(rest.number).unwrap_or(0),
        author: rest.author,
        time,
        edited,
        body: match rest.markup {
            "html" => Markup::Html(rest.body),
            "bbcode" => Markup::BbCode(rest.body),
            _ => Markup::Text(rest.body),
        },
        id,
    })
}

// --- passwords and tokens ----------------------------------------------------------------

/// An argon2 hash verified against when a name is unknown (made once per process).
fn dummy_hash() -> &'static str {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| hash_password("no such account").unwrap_or_default())
}

/// The password check of a login: always exactly one argon2 verification, against the
/// stored hash or, for an unknown name, the dummy hash (which never matches).
fn check_login(stored: Option<&str>, password: &str) -> bool {
    let verified = verify_password(password, stored.unwrap_or_else(|| dummy_hash()));
    verified && stored.is_some()
}

fn hash_password(password: &str) -> Result<String> {
    use argon2::password_hash::{PasswordHasher, SaltString};
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| StoreError::Random(e.to_string()))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| StoreError::Hash(e.to_string()))?;
    argon2::Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| StoreError::Hash(e.to_string()))
}

thread_local! {
    /// Argon2 verifications made on this thread (tests check the login's code path by it).
    static VERIFICATIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

fn verify_password(password: &str, hash: &str) -> bool {
    use argon2::password_hash::{PasswordHash, PasswordVerifier};
    VERIFICATIONS.with(|n| n.set(n.get() + 1));
    PasswordHash::new(hash).is_ok_and(|h| {
        argon2::Argon2::default()
            .verify_password(password.as_bytes(), &h)
            .is_ok()
    })
}

/// 32 bytes from the system's secure random source, as 64 hex digits (session and CSRF
/// tokens).
pub fn random_token() -> Result<String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| StoreError::Random(e.to_string()))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Runs the one-shot `f` through a backend runner that takes a re-callable closure (the
/// backend's `transaction` or `read`), and hands back its value; `what` names the runner in
/// the error when it did not call `f` exactly once.
fn run_once<T>(
    what: &'static str,
    f: impl FnOnce(&mut dyn Tx) -> Result<T>,
    run: impl FnOnce(&mut dyn FnMut(&mut dyn Tx) -> Result<()>) -> Result<()>,
) -> Result<T> {
    let mut f = Some(f);
    let mut out = None;
    run(&mut |tx| {
        if let Some(f) = f.take() {
            out = Some(f(tx)?);
        }
        Ok(())
    })?;
    out.ok_or(StoreError::Decode {
        what,
        message: format!("the {what} ran twice"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_hash_verifies_only_its_password() {
        let hash = hash_password("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("wrong horse", &hash));
        assert!(!verify_password("correct horse", "not a hash"));
    }

    #[test]
    fn a_vote_correction_is_written_as_a_game_file_record() {
        assert_eq!(
            correction_text(4, "Alice", Some("Bob \"B\""), " typo "),
            "[[corrections]]\nat = 4\nvote = { voter = \"Alice\", target = \"Bob \\\"B\\\"\" }\n\
             comment = \"typo\"\n"
        );
        assert_eq!(
            correction_text(7, "C:\\x", None, ""),
            "[[corrections]]\nat = 7\nunvote = \"C:\\\\x\"\n"
        );
    }

    /// Issue 14, point 2: an unknown name costs the same argon2 check as a wrong password,
    /// against a hash of the same parameters, and is refused the same way.
    #[test]
    fn an_unknown_name_costs_one_argon2_check_like_a_wrong_password() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path().join("m.db").to_str().unwrap()).unwrap();
        store.add_user("Moderator", "s3cret").unwrap();
        let checks = |name: &str, password: &str| {
            let before = VERIFICATIONS.with(std::cell::Cell::get);
            let session = store.login(name, password).unwrap();
            (
                session.is_some(),
                VERIFICATIONS.with(std::cell::Cell::get) - before,
            )
        };
        assert_eq!(checks("Moderator", "wrong"), (false, 1));
        assert_eq!(checks("Nobody", "wrong"), (false, 1));
        assert_eq!(checks("Nobody", "no such account"), (false, 1));
        assert_eq!(checks("Moderator", "s3cret"), (true, 1));
        // The dummy hash has the parameters of a real one.
        let params = |h: &str| h.rsplitn(3, '$').nth(2).unwrap().to_owned();
        assert_eq!(params(dummy_hash()), params(&hash_password("x").unwrap()));
    }

    #[test]
    fn tokens_are_long_random_hex() {
        let a = random_token().unwrap();
        let b = random_token().unwrap();
        assert_eq!(a.len(), 64);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }
}
