//! Migrations: numbered steps, each applied once, in order, inside the opening transaction.
//! A step is SQL, or code where rows must be rewritten; `{ID}` stands for each engine's
//! auto-numbered primary key.

use crate::backend::{Engine, Tx, Value};
use crate::{Result, StoreError, correction_text};

/// One migration.
enum Step {
    Sql(&'static str),
    /// Code, given the engine's primary key type (what `{ID}` stands for).
    Code(fn(&mut dyn Tx, &str) -> Result<()>),
}

const MIGRATIONS: &[Step] = &[
    // 1: the first schema.
    Step::Sql(
        "CREATE TABLE games (
        id {ID},
        slug TEXT NOT NULL UNIQUE,
        config TEXT NOT NULL,
        thread_url TEXT,
        forum TEXT,
        running BIGINT NOT NULL DEFAULT 1,
        created TEXT NOT NULL
    );
    CREATE TABLE posts (
        game BIGINT NOT NULL REFERENCES games (id),
        post_id TEXT NOT NULL,
        number BIGINT NOT NULL,
        author TEXT NOT NULL,
        time TEXT,
        edited TEXT,
        markup TEXT NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (game, post_id)
    );
    CREATE INDEX posts_in_order ON posts (game, number);
    CREATE TABLE vote_overrides (
        id {ID},
        game BIGINT NOT NULL REFERENCES games (id),
        post_number BIGINT NOT NULL,
        vote TEXT,
        note TEXT NOT NULL,
        author TEXT NOT NULL,
        created TEXT NOT NULL
    );
    CREATE TABLE users (
        id {ID},
        name TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        created TEXT NOT NULL
    );
    CREATE TABLE sessions (
        token TEXT PRIMARY KEY,
        csrf TEXT NOT NULL,
        user_name TEXT NOT NULL,
        expires BIGINT NOT NULL
    );
    CREATE TABLE snapshots (
        game BIGINT PRIMARY KEY REFERENCES games (id),
        version TEXT NOT NULL,
        posts BIGINT NOT NULL,
        state TEXT NOT NULL
    );
    CREATE TABLE poll_state (
        game BIGINT PRIMARY KEY REFERENCES games (id),
        etag TEXT,
        last_modified TEXT,
        page_url TEXT,
        failures BIGINT NOT NULL DEFAULT 0
    );
    CREATE TABLE notices (
        id {ID},
        game BIGINT NOT NULL REFERENCES games (id),
        time TEXT NOT NULL,
        message TEXT NOT NULL
    );",
    ),
    // 2: the GM's vote overrides become corrections, the game file's record shape.
    Step::Code(overrides_to_corrections),
    // 3: a game may have a separate vote thread (issue 11, point 5), polled on its own: its
    // URL, and its poll state apart from the game thread's. Its posts go to `posts` with
    // ids and numbers of their own (the service chooses them), so `posts` is unchanged.
    Step::Sql(
        "ALTER TABLE games ADD COLUMN vote_thread_url TEXT;
    CREATE TABLE vote_poll_state (
        game BIGINT PRIMARY KEY REFERENCES games (id),
        etag TEXT,
        last_modified TEXT,
        page_url TEXT,
        failures BIGINT NOT NULL DEFAULT 0
    );",
    ),
    // 4: hosts per game (issue 14, point 1): a game has an owner and co-hosts, an account
    // may be an admin. The first account becomes the admin and the owner of every game
    // stored before, so that nobody loses a game they could change.
    Step::Sql(
        "ALTER TABLE users ADD COLUMN admin BIGINT NOT NULL DEFAULT 0;
    UPDATE users SET admin = 1 WHERE id = (SELECT MIN(id) FROM users);
    ALTER TABLE games ADD COLUMN owner TEXT;
    UPDATE games SET owner = (SELECT name FROM users ORDER BY id LIMIT 1);
    CREATE TABLE game_hosts (
        game BIGINT NOT NULL REFERENCES games (id),
        user_name TEXT NOT NULL,
        PRIMARY KEY (game, user_name)
    );",
    ),
    // 5: several instances on one database (issue 14, point 4). A game's version, bumped by
    // every change of what its pages show, tells an instance that its cached pages are
    // stale; a poll lease per thread (who polls it, until when, and when it is next due)
    // lets one instance at a time poll it. Times are milliseconds of the database's clock.
    Step::Sql(
        "ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
    CREATE TABLE poll_leases (
        game BIGINT NOT NULL REFERENCES games (id),
        thread TEXT NOT NULL,
        holder TEXT NOT NULL,
        expires BIGINT NOT NULL,
        next_due BIGINT NOT NULL,
        PRIMARY KEY (game, thread)
    );",
    ),
    // 6: WWR games played on the web (issue 15, point 1): a game is its setup (TOML text,
    // the role book's folder, the dealing seed), its seats (a player's name and the SHA-256
    // of their link's token; replacing a player deactivates the old row), and the log of
    // inputs, one row per (game, seq), so that two instances cannot both append input n.
    Step::Sql(
        "CREATE TABLE wwr_games (
        id {ID},
        slug TEXT NOT NULL UNIQUE,
        owner TEXT NOT NULL,
        setup_name TEXT NOT NULL,
        setup TEXT NOT NULL,
        roles_dir TEXT NOT NULL,
        seed BIGINT NOT NULL,
        deadline TEXT,
        phase_started TEXT NOT NULL,
        created TEXT NOT NULL
    );
    CREATE TABLE wwr_hosts (
        game BIGINT NOT NULL REFERENCES wwr_games (id),
        user_name TEXT NOT NULL,
        PRIMARY KEY (game, user_name)
    );
    CREATE TABLE wwr_seats (
        id {ID},
        game BIGINT NOT NULL REFERENCES wwr_games (id),
        seat BIGINT NOT NULL,
        name TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        active BIGINT NOT NULL DEFAULT 1,
        created TEXT NOT NULL
    );
    CREATE INDEX wwr_seats_of_a_game ON wwr_seats (game, seat);
    CREATE TABLE wwr_inputs (
        game BIGINT NOT NULL REFERENCES wwr_games (id),
        seq BIGINT NOT NULL,
        input TEXT NOT NULL,
        time TEXT NOT NULL,
        PRIMARY KEY (game, seq)
    );",
    ),
    // 7: a WWR game's replay reads role files that are not stored: the SHA-256 of the dealt
    // roles' files at creation, checked when the game is rebuilt (none for older games).
    Step::Sql("ALTER TABLE wwr_games ADD COLUMN book_fingerprint TEXT;"),
    // 8: a WWR game keeps its role book in the database, so that it replays without the
    // folder and whatever the host edits there (issue 15, point 1): snapshots of role books,
    // content-addressed (the key is the SHA-256 of the files' text as stored, so two games
    // of one book share a row), and the snapshot each game was dealt from (none for older
    // games, which still read the folder and check `book_fingerprint`).
    Step::Sql(
        "CREATE TABLE wwr_books (
        hash TEXT PRIMARY KEY,
        files TEXT NOT NULL,
        created TEXT NOT NULL
    );
    ALTER TABLE wwr_games ADD COLUMN book TEXT REFERENCES wwr_books (hash);",
    ),
];

/// The first schema with game versions and poll leases.
pub(crate) const GAME_VERSIONS: i64 = 5;

/// The key of the PostgreSQL advisory lock held while migrating, so that instances started
/// together migrate one after the other (any number: the same in every instance).
const MIGRATION_LOCK: i64 = 0x6d61_6669_6173;

/// Migration 2: a `corrections` table holds the GM's corrections as game-file records
/// (`[[corrections]]` TOML text, the shape the tracker reads), in place of
/// `vote_overrides`. Each override becomes the vote it stood for: an override of post N
/// (whose author is A) voting for V is `at = N, vote = { voter = A, target = V }`, one
/// without a vote `at = N, unvote = A`, its note the record's comment. An override of a post
/// not stored has no voter: it is kept with an empty voter, which the service shows as a
/// correction it cannot apply.
fn overrides_to_corrections(tx: &mut dyn Tx, id: &str) -> Result<()> {
    tx.batch(&format!(
        "CREATE TABLE corrections (
            id {id},
            game BIGINT NOT NULL REFERENCES games (id),
            at BIGINT NOT NULL,
            record TEXT NOT NULL,
            author TEXT NOT NULL,
            created TEXT NOT NULL
        );
        CREATE INDEX corrections_of_a_game ON corrections (game, id);"
    ))?;
    let rows = tx.query(
        "SELECT o.game, o.post_number, o.vote, o.note, o.author, o.created, \
         (SELECT p.author FROM posts p WHERE p.game = o.game AND p.number = o.post_number \
          ORDER BY p.post_id LIMIT 1) \
         FROM vote_overrides o ORDER BY o.id",
        &[],
    )?;
    for row in rows {
        let mut c = row.into_iter();
        let mut next = || c.next().unwrap_or(Value::Text(None));
        let game = next().int().unwrap_or(0);
        let at = next().int().unwrap_or(0);
        let vote = next().text();
        let note = next().text().unwrap_or_default();
        let author = next().text().unwrap_or_default();
        let created = next().text().unwrap_or_default();
        let voter = next().text().unwrap_or_default();
        let record = correction_text(
            u64::try_from(at).unwrap_or(0),
            &voter,
            vote.as_deref(),
            &note,
        );
        tx.exec(
            "INSERT INTO corrections (game, at, record, author, created) \
             VALUES ($1, $2, $3, $4, $5)",
            &[
                game.into(),
                at.into(),
                record.into(),
                author.into(),
                created.into(),
            ],
        )?;
    }
    tx.batch("DROP TABLE vote_overrides")
}

/// Migrates to the newest schema, or (`upto`) to that version at most; returns the version
/// the database is at.
pub(crate) fn migrate(tx: &mut dyn Tx, engine: Engine, upto: Option<i64>) -> Result<i64> {
    if engine == Engine::Postgres {
        // Held until this transaction ends: a second instance waits, then finds the schema
        // made.
        tx.exec("SELECT pg_advisory_xact_lock($1)", &[MIGRATION_LOCK.into()])?;
    }
    tx.batch("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")?;
    let current = tx
        .query("SELECT MAX(version) FROM schema_version", &[])?
        .into_iter()
        .next()
        .and_then(|r| r.into_iter().next())
        .and_then(Value::int)
        .unwrap_or(0);
    let known = MIGRATIONS.len() as i64;
    if current > known {
        return Err(StoreError::NewerSchema {
            found: current,
            known,
        });
    }
    let id = match engine {
        Engine::Sqlite => "INTEGER PRIMARY KEY",
        Engine::Postgres => "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    };
    let upto = upto.map_or(known, |v| v.min(known));
    if current >= upto {
        return Ok(current);
    }
    for (i, step) in MIGRATIONS
        .iter()
        .enumerate()
        .take(upto as usize)
        .skip(current as usize)
    {
        match step {
            Step::Sql(sql) => tx.batch(&sql.replace("{ID}", id))?,
            Step::Code(run) => run(tx, id)?,
        }
        tx.exec(
            "INSERT INTO schema_version (version) VALUES ($1)",
            &[(i as i64 + 1).into()],
        )?;
    }
    Ok(upto)
}
