//! WWR games played on the web: a game is its setup (the setup file's TOML text, the role
//! book's folder, the seed roles are dealt from), its seats, and the log of inputs. The
//! service rebuilds the running game by dealing again from the seed and replaying the log,
//! so the log is the game: it is appended one input at a time, each at the next sequence
//! number, in a transaction that a second writer of the same number loses.
//!
//! A game dealt since schema 8 also keeps its role book: a snapshot of the book's files,
//! stored once per content (its key is the SHA-256 the caller computed of the files' text)
//! and shared by every game of that book, so the game replays without the folder.
//!
//! A seat holds the name of who plays it and the SHA-256 (hex) of their link's token, never
//! the token itself; replacing a player (or a new link) deactivates the seat's row and adds
//! a new one.

use jiff::Timestamp;

use crate::backend::{Tx, Value};
use crate::hosts::host_role_in;
use crate::{GameId, HostRole, Result, Store, StoreError, col_int, col_text, first_int, now};

/// A WWR game to create, with one seat per player of the setup, in the setup's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewWwrGame {
    pub slug: String,
    /// The GM account that owns it.
    pub owner: String,
    /// The setup file's name in the service's setup folder (`five.toml`).
    pub setup_name: String,
    /// The setup file's text (TOML).
    pub setup: String,
    /// The role book's folder, absolute.
    pub roles_dir: String,
    pub seed: u64,
    /// `(player name, SHA-256 hex of their link's token)` per seat.
    pub seats: Vec<(String, String)>,
    /// The SHA-256 (hex) of the dealt roles' files, so that a replay can tell whether the
    /// role book changed under the game (a game without a stored book).
    pub book_fingerprint: Option<String>,
    /// The role book the game was dealt from, stored with it (added only if no game stored
    /// that book before).
    pub book: Option<WwrBook>,
}

/// A snapshot of a role book: its files as one text (the service's JSON) and its key, the
/// SHA-256 (hex) of that text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WwrBook {
    pub hash: String,
    pub files: String,
}

/// A WWR game as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WwrGameRow {
    pub id: GameId,
    pub slug: String,
    pub owner: String,
    pub setup_name: String,
    pub setup: String,
    pub roles_dir: String,
    pub seed: u64,
    /// When the current phase ends by itself, if the host set a deadline.
    pub deadline: Option<Timestamp>,
    /// When the current phase began.
    pub phase_started: Timestamp,
    /// The SHA-256 (hex) of the dealt roles' files at creation (none: a game made before
    /// fingerprints were stored, or one with its book stored).
    pub book_fingerprint: Option<String>,
    /// The key of the role book stored with the game ([`Store::wwr_book`]); none for a game
    /// made before books were stored, which reads its book from `roles_dir`.
    pub book: Option<String>,
}

/// A seat's current player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WwrSeat {
    /// The seat's index in the setup's player list.
    pub seat: usize,
    /// Who plays it now.
    pub name: String,
}

const GAME_COLUMNS: &str = "id, slug, owner, setup_name, setup, roles_dir, seed, deadline, phase_started, book_fingerprint, book";

fn wwr_game_row(row: Vec<Value>) -> Result<WwrGameRow> {
    let mut c = row.into_iter();
    let what = "WWR game";
    let id = col_int(&mut c, what)?;
    let slug = col_text(&mut c, what)?;
    let owner = col_text(&mut c, what)?;
    let setup_name = col_text(&mut c, what)?;
    let setup = col_text(&mut c, what)?;
    let roles_dir = col_text(&mut c, what)?;
    // Stored as the same 64 bits, signed.
    let seed = col_int(&mut c, what)? as u64;
    let deadline = c
        .next()
        .and_then(Value::text)
        .map(|t| time(&t))
        .transpose()?;
    let phase_started = time(&col_text(&mut c, what)?)?;
    let book_fingerprint = c.next().and_then(Value::text);
    let book = c.next().and_then(Value::text);
    Ok(WwrGameRow {
        id,
        slug,
        owner,
        setup_name,
        setup,
        roles_dir,
        seed,
        deadline,
        phase_started,
        book_fingerprint,
        book,
    })
}

fn time(text: &str) -> Result<Timestamp> {
    text.parse().map_err(|e: jiff::Error| StoreError::Decode {
        what: "WWR game time",
        message: e.to_string(),
    })
}

fn seat_rows(rows: Vec<Vec<Value>>) -> Result<Vec<WwrSeat>> {
    rows.into_iter()
        .map(|row| {
            let mut c = row.into_iter();
            let seat = col_int(&mut c, "WWR seat")?;
            let seat = usize::try_from(seat).map_err(|_| StoreError::Decode {
                what: "WWR seat",
                message: format!("seat {seat} is not a seat number"),
            })?;
            Ok(WwrSeat {
                seat,
                name: col_text(&mut c, "WWR seat")?,
            })
        })
        .collect()
}

fn insert_seat(tx: &mut dyn Tx, game: GameId, seat: usize, name: &str, hash: &str) -> Result<()> {
    tx.exec(
        "INSERT INTO wwr_seats (game, seat, name, token_hash, active, created) \
         VALUES ($1, $2, $3, $4, 1, $5)",
        &[
            game.into(),
            (seat as i64).into(),
            name.into(),
            hash.into(),
            now().into(),
        ],
    )?;
    Ok(())
}

impl Store {
    /// Creates a WWR game and its seats in one transaction.
    pub fn create_wwr_game(&self, game: &NewWwrGame) -> Result<GameId> {
        self.tx(|tx| {
            let started = now();
            if let Some(book) = &game.book {
                // Content-addressed: a book already stored (by another game, or by another
                // instance at the same moment) is the same text, so the first row stays.
                tx.exec(
                    "INSERT INTO wwr_books (hash, files, created) VALUES ($1, $2, $3) \
                     ON CONFLICT (hash) DO NOTHING",
                    &[
                        book.hash.as_str().into(),
                        book.files.as_str().into(),
                        started.as_str().into(),
                    ],
                )?;
            }
            let rows = tx.query(
                "INSERT INTO wwr_games (slug, owner, setup_name, setup, roles_dir, seed, \
                 phase_started, created, book_fingerprint, book) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9) \
                 ON CONFLICT (slug) DO NOTHING RETURNING id",
                &[
                    game.slug.as_str().into(),
                    game.owner.as_str().into(),
                    game.setup_name.as_str().into(),
                    game.setup.as_str().into(),
                    game.roles_dir.as_str().into(),
                    (game.seed as i64).into(),
                    started.into(),
                    game.book_fingerprint.clone().into(),
                    game.book.as_ref().map(|b| b.hash.clone()).into(),
                ],
            )?;
            // A short name taken, also by another instance at the same moment (the
            // insert then waits for it and does nothing): no row comes back.
            if rows.is_empty() {
                return Err(StoreError::GameExists(game.slug.clone()));
            }
            let id = first_int(rows, "WWR game id")?;
            for (seat, (name, hash)) in game.seats.iter().enumerate() {
                insert_seat(tx, id, seat, name, hash)?;
            }
            Ok(id)
        })
    }

    /// A WWR game by slug.
    pub fn wwr_game(&self, slug: &str) -> Result<Option<WwrGameRow>> {
        self.read(|tx| {
            tx.query(
                &format!("SELECT {GAME_COLUMNS} FROM wwr_games WHERE slug = $1"),
                &[slug.into()],
            )?
            .into_iter()
            .next()
            .map(wwr_game_row)
            .transpose()
        })
    }

    /// Every WWR game, by slug.
    pub fn wwr_games(&self) -> Result<Vec<WwrGameRow>> {
        self.read(|tx| {
            tx.query(
                &format!("SELECT {GAME_COLUMNS} FROM wwr_games ORDER BY slug"),
                &[],
            )?
            .into_iter()
            .map(wwr_game_row)
            .collect()
        })
    }

    /// The files of a stored role book, by its key (`None`: no such book).
    pub fn wwr_book(&self, hash: &str) -> Result<Option<String>> {
        self.read(|tx| {
            tx.query(
                "SELECT files FROM wwr_books WHERE hash = $1",
                &[hash.into()],
            )?
            .into_iter()
            .next()
            .map(|row| col_text(&mut row.into_iter(), "WWR role book"))
            .transpose()
        })
    }

    /// The keys of every stored role book, in order.
    pub fn wwr_book_keys(&self) -> Result<Vec<String>> {
        self.read(|tx| {
            tx.query("SELECT hash FROM wwr_books ORDER BY hash", &[])?
                .into_iter()
                .map(|row| col_text(&mut row.into_iter(), "WWR role book key"))
                .collect()
        })
    }

    /// The games whose phase ends by itself: `(slug, deadline)`, by slug.
    pub fn wwr_deadlines(&self) -> Result<Vec<(String, Timestamp)>> {
        self.read(|tx| {
            tx.query(
                "SELECT slug, deadline FROM wwr_games WHERE deadline IS NOT NULL ORDER BY slug",
                &[],
            )?
            .into_iter()
            .map(|row| {
                let mut c = row.into_iter();
                let slug = col_text(&mut c, "WWR deadline")?;
                Ok((slug, time(&col_text(&mut c, "WWR deadline")?)?))
            })
            .collect()
        })
    }

    /// The seats' current players, by seat.
    pub fn wwr_seats(&self, game: GameId) -> Result<Vec<WwrSeat>> {
        self.read(|tx| {
            seat_rows(tx.query(
                "SELECT seat, name FROM wwr_seats WHERE game = $1 AND active <> 0 ORDER BY seat",
                &[game.into()],
            )?)
        })
    }

    /// The seat whose active link has this token hash (`None`: no such link, or a link
    /// that was replaced).
    pub fn wwr_seat_by_token(&self, game: GameId, token_hash: &str) -> Result<Option<WwrSeat>> {
        self.read(|tx| {
            Ok(seat_rows(tx.query(
                "SELECT seat, name FROM wwr_seats \
                 WHERE game = $1 AND token_hash = $2 AND active <> 0",
                &[game.into(), token_hash.into()],
            )?)?
            .into_iter()
            .next())
        })
    }

    /// Gives a seat a new player (or the same player a new link): the old link stops
    /// working. `false` when the game has no such seat.
    pub fn replace_wwr_seat(
        &self,
        game: GameId,
        seat: usize,
        name: &str,
        token_hash: &str,
    ) -> Result<bool> {
        self.tx(|tx| {
            let n = tx.exec(
                "UPDATE wwr_seats SET active = 0 WHERE game = $1 AND seat = $2 AND active <> 0",
                &[game.into(), (seat as i64).into()],
            )?;
            if n == 0 {
                return Ok(false);
            }
            insert_seat(tx, game, seat, name, token_hash)?;
            Ok(true)
        })
    }

    /// Appends input number `seq` (counted from 1) to a game's log, `input` as JSON. `false`
    /// when the log does not end at `seq - 1` (another writer appended first: catch up and
    /// try again). An input that ends the phase also records when the next phase began and
    /// clears the deadline, in the same transaction.
    pub fn append_wwr_input(
        &self,
        game: GameId,
        seq: i64,
        input: &str,
        ends_phase: bool,
    ) -> Result<bool> {
        self.tx(|tx| {
            let last = tx
                .query(
                    "SELECT COALESCE(MAX(seq), 0) FROM wwr_inputs WHERE game = $1",
                    &[game.into()],
                )?
                .into_iter()
                .next()
                .and_then(|r| r.into_iter().next())
                .and_then(Value::int)
                .unwrap_or(0);
            if last + 1 != seq {
                return Ok(false);
            }
            let stamp = now();
            // Two transactions that both read `last` race on the key: the second adds nothing.
            let n = tx.exec(
                "INSERT INTO wwr_inputs (game, seq, input, time) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (game, seq) DO NOTHING",
                &[game.into(), seq.into(), input.into(), stamp.as_str().into()],
            )?;
            if n == 0 {
                return Ok(false);
            }
            if ends_phase {
                tx.exec(
                    "UPDATE wwr_games SET phase_started = $2, deadline = NULL WHERE id = $1",
                    &[game.into(), stamp.into()],
                )?;
            }
            Ok(true)
        })
    }

    /// A game's inputs after number `after`, `(seq, JSON)` in order.
    pub fn wwr_inputs(&self, game: GameId, after: i64) -> Result<Vec<(i64, String)>> {
        self.read(|tx| {
            tx.query(
                "SELECT seq, input FROM wwr_inputs WHERE game = $1 AND seq > $2 ORDER BY seq",
                &[game.into(), after.into()],
            )?
            .into_iter()
            .map(|row| {
                let mut c = row.into_iter();
                Ok((
                    col_int(&mut c, "WWR input")?,
                    col_text(&mut c, "WWR input")?,
                ))
            })
            .collect()
        })
    }

    /// Sets (or with `None` clears) when the current phase ends by itself.
    pub fn set_wwr_deadline(&self, game: GameId, deadline: Option<Timestamp>) -> Result<()> {
        self.tx(|tx| {
            tx.exec(
                "UPDATE wwr_games SET deadline = $2 WHERE id = $1",
                &[game.into(), deadline.map(|d| d.to_string()).into()],
            )?;
            Ok(())
        })
    }

    /// Adds a co-host to a WWR game (they may run it as its owner does).
    pub fn add_wwr_cohost(&self, game: GameId, user: &str) -> Result<()> {
        self.tx(|tx| {
            tx.exec(
                "INSERT INTO wwr_hosts (game, user_name) VALUES ($1, $2) \
                 ON CONFLICT (game, user_name) DO NOTHING",
                &[game.into(), user.into()],
            )?;
            Ok(())
        })
    }

    /// What the account `user` is to a WWR game (none: it may not run it).
    pub fn wwr_host_role(&self, game: GameId, user: &str) -> Result<Option<HostRole>> {
        self.read(|tx| host_role_in(tx, ("wwr_games", "wwr_hosts"), game, user))
    }

    /// The slugs of the WWR games the account `user` may run, in one query: every game for
    /// an admin, else those it owns or co-hosts ([`Store::wwr_host_role`] for each game).
    pub fn hosted_wwr_games(&self, user: &str) -> Result<Vec<String>> {
        self.read(|tx| {
            tx.query(
                "SELECT slug FROM wwr_games WHERE owner = $1 \
                 OR id IN (SELECT game FROM wwr_hosts WHERE user_name = $1) \
                 OR EXISTS (SELECT 1 FROM users WHERE name = $1 AND admin <> 0) \
                 ORDER BY slug",
                &[user.into()],
            )?
            .into_iter()
            .map(|row| col_text(&mut row.into_iter(), "WWR game slug"))
            .collect()
        })
    }
}
