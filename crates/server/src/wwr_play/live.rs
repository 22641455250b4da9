//! [`Games`]: the running WWR games of this instance. A game is stored as its setup, seed
//! and log of inputs; here it runs as a [`Table`] over the [`Web`] adapter, rebuilt by
//! dealing again from the seed and replaying the log, and kept in memory with the number of
//! the last input it applied. Every use first catches up from the store (a second instance,
//! or this one before a restart, may have appended), then fires a passed deadline.
//!
//! A game keeps its role book in the store: creating it reads the book's folder once and
//! stores the files (a `Snapshot`, one row for every game of the same files); rebuilding it
//! reads that snapshot, never the folder, so the host may edit or remove the folder while
//! the game runs. A game stored before books were stored reads its folder, and is refused
//! when the dealt roles' files changed ([`PlayError::BookChanged`]).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use jiff::Timestamp;
use mafia_store::{GameId, NewWwrGame, Store, WwrBook, WwrGameRow, WwrSeat};
use mafia_wwr::chat::{Input, Table};
use mafia_wwr::{BookFile, Library, Setup};

use super::error::PlayError;
use super::token;
use super::web::Web;

/// One running game.
#[derive(Debug)]
pub struct Live {
    pub row: WwrGameRow,
    /// Who plays each seat now.
    pub seats: Vec<WwrSeat>,
    pub table: Table<Web>,
    /// The role book stored with the game (none: an older game, whose book is its folder).
    snapshot: Option<Arc<Snapshot>>,
}

/// A role book as stored with a game: its library, and each file's text by its path from
/// the book's root (the role card).
#[derive(Debug)]
struct Snapshot {
    /// The key it is stored under: the SHA-256 (hex) of the files as JSON.
    key: String,
    lib: Arc<Library>,
    texts: HashMap<String, String>,
}

impl Snapshot {
    /// The snapshot of a book read from its folder (`Library::load_with_files`), and the
    /// files as they are stored: JSON, in the order they were read, so that the same files
    /// always give the same key.
    fn new(lib: Library, files: Vec<BookFile>) -> Result<(Snapshot, WwrBook), PlayError> {
        let json = serde_json::to_string(&files).map_err(|e| PlayError::Engine(e.to_string()))?;
        let key = token::sha256_hex(json.as_bytes());
        let snapshot = Snapshot::with_library(Arc::new(lib), key.clone(), files);
        Ok((
            snapshot,
            WwrBook {
                hash: key,
                files: json,
            },
        ))
    }

    /// The snapshot of stored files, its library built over `dir` without reading it.
    fn from_files(dir: &Path, key: String, files: Vec<BookFile>) -> Snapshot {
        let lib = Arc::new(Library::from_files(dir, &files));
        Snapshot::with_library(lib, key, files)
    }

    fn with_library(lib: Arc<Library>, key: String, files: Vec<BookFile>) -> Snapshot {
        let texts = files.into_iter().map(|f| (f.path, f.text)).collect();
        Snapshot { key, lib, texts }
    }

    /// The text of a file of the book, as written.
    fn text(&self, path: &str) -> Option<&str> {
        self.texts.get(path).map(String::as_str)
    }
}

impl Live {
    pub fn id(&self) -> GameId {
        self.row.id
    }

    pub fn web(&self) -> &Web {
        self.table.adapter()
    }

    /// The number of the last input applied (0: none).
    pub fn seq(&self) -> i64 {
        self.web().applied()
    }

    /// The engine's name of a seat's player.
    pub fn seat_name(&self, seat: usize) -> Option<&str> {
        self.table
            .game()
            .state
            .players
            .get(seat)
            .map(|p| p.name.as_str())
    }

    /// Who plays a seat now (the setup's name until the host replaced the player).
    pub fn played_by(&self, seat: usize) -> Option<&str> {
        self.seats
            .iter()
            .find(|s| s.seat == seat)
            .map(|s| s.name.as_str())
    }

    /// The engine's save of the game (JSON): two tables with the same save are the same game.
    pub fn save(&self) -> Result<String, PlayError> {
        mafia_wwr::save::to_text(&self.table.game().state)
            .map_err(|e| PlayError::Engine(e.to_string()))
    }

    /// The text of a seat's role card: the role's file in the game's role book, as written
    /// (as stored with the game; an older game's from its folder).
    pub fn role_card(&self, seat: usize) -> Option<String> {
        let game = self.table.game();
        let role = &game.state.players.get(seat)?.role;
        let def = game.lib.role(role)?;
        match &self.snapshot {
            Some(book) => book.text(&def.file).map(str::to_owned),
            None => std::fs::read_to_string(game.lib.root.join(&def.file)).ok(),
        }
    }

    /// Appends an input to the game's log and applies it; the engine's refusal, if any.
    /// The caller holds the game (inside [`Games::with`]), so what it checked before (a
    /// player's link, say) still holds when the input is stored.
    pub fn submit(&mut self, store: &Store, input: Input) -> Result<Option<String>, PlayError> {
        let json = serde_json::to_string(&input).map_err(|e| PlayError::Engine(e.to_string()))?;
        let ends_phase = matches!(input, Input::EndPhase);
        // The phase this input was meant to end: when another writer ended it first (a deadline
        // fired on two instances, two hosts pressing "next"), the input is not appended again.
        let phase = self.table.game().state.phase;
        let give_up = std::time::Instant::now() + RETRY_FOR;
        let mut wait_ms = 0;
        loop {
            let seq = self.seq() + 1;
            if store.append_wwr_input(self.id(), seq, &json, ends_phase)? {
                self.apply(seq, input.clone());
                if ends_phase {
                    if let Some(row) = store.wwr_game(&self.row.slug)? {
                        self.row = row;
                    }
                }
                // Inputs are applied one at a time: a refusal of this one is the last refusal.
                let refused = (self.web().refused.last())
                    .filter(|(n, _, _)| *n == seq)
                    .map(|(_, _, reason)| reason.clone());
                return Ok(refused);
            }
            if std::time::Instant::now() >= give_up {
                return Err(PlayError::Busy);
            }
            // Another writer appended first: catch up and try again at once; a writer that
            // keeps losing the race to a busy one waits a little longer each time (1, 2, 4 …
            // 32 ms), so it gets a turn.
            if wait_ms > 0 {
                std::thread::sleep(std::time::Duration::from_millis(wait_ms));
            }
            wait_ms = (wait_ms * 2).clamp(1, 32);
            catch_up(self, store)?;
            if ends_phase && self.table.game().state.phase != phase {
                return Ok(None);
            }
        }
    }

    /// The seat a player's link opens (the link's token checked against the stored hashes).
    pub fn seat_of(&self, store: &Store, token: &str) -> Result<usize, PlayError> {
        store
            .wwr_seat_by_token(self.id(), &token::hash(token))?
            .map(|s| s.seat)
            .ok_or(PlayError::BadLink)
    }

    fn apply(&mut self, seq: i64, input: Input) {
        self.table.adapter_mut().push(seq, input);
        self.table.pump();
    }
}

/// A player's link, shown to the host once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub seat: usize,
    pub name: String,
    pub token: String,
}

/// The WWR games of this instance and where their setups are.
#[derive(Debug, Default)]
pub struct Games {
    dir: Option<PathBuf>,
    /// The role books of older games (no snapshot stored), by folder.
    libraries: Mutex<HashMap<PathBuf, Arc<Library>>>,
    /// The stored role books in use, by key: games of one book share its library.
    snapshots: Mutex<HashMap<String, Arc<Snapshot>>>,
    live: Mutex<HashMap<String, Arc<Mutex<Live>>>>,
    /// The seed of the next game dealt, when fixed ([`Games::deal_from_seed`]).
    next_seed: Mutex<Option<u64>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// How long a write is retried when other instances keep appending first (a count of
/// retries ran out on a loaded machine while another instance wrote 15 inputs in a row).
const RETRY_FOR: std::time::Duration = std::time::Duration::from_secs(5);

impl Games {
    /// The games of a service whose setups are in `dir` (none: games cannot be created).
    pub fn new(dir: Option<PathBuf>) -> Games {
        Games {
            dir,
            ..Games::default()
        }
    }

    /// Deals the next games from `seed`, `seed + 1`, … instead of the system's random
    /// source, so that a test or a demo can replay a deal (the seed is stored with the game
    /// either way).
    pub fn deal_from_seed(&self, seed: u64) {
        *lock(&self.next_seed) = Some(seed);
    }

    fn next_seed(&self) -> Result<u64, PlayError> {
        match lock(&self.next_seed).as_mut() {
            Some(next) => {
                let seed = *next;
                *next = next.wrapping_add(1);
                Ok(seed)
            }
            None => token::seed(),
        }
    }

    /// The setup files a game may be created from (`*.toml` in the folder), by name.
    pub fn setups(&self) -> Vec<String> {
        let Some(dir) = &self.dir else {
            return Vec::new();
        };
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| n.ends_with(".toml") && !n.starts_with('.'))
            .collect();
        names.sort();
        names
    }

    /// The role book stored under `key`, from the cache or the store (checked against its
    /// key), built over `dir` (the folder it was read from, which is not read again).
    fn stored_snapshot(
        &self,
        store: &Store,
        key: &str,
        dir: &Path,
    ) -> Result<Arc<Snapshot>, PlayError> {
        if let Some(book) = lock(&self.snapshots).get(key) {
            return Ok(book.clone());
        }
        let bad =
            |problem: String| PlayError::Engine(format!("the stored role book {key} {problem}"));
        let json = store
            .wwr_book(key)?
            .ok_or_else(|| bad("is missing".into()))?;
        if token::sha256_hex(json.as_bytes()) != key {
            return Err(bad("does not match its key".into()));
        }
        let files: Vec<BookFile> =
            serde_json::from_str(&json).map_err(|e| bad(format!("cannot be read: {e}")))?;
        let book = Arc::new(Snapshot::from_files(dir, key.to_owned(), files));
        Ok(lock(&self.snapshots)
            .entry(key.to_owned())
            .or_insert(book)
            .clone())
    }

    /// The role book of an older game, from its folder (cached per folder).
    fn library(&self, dir: &Path) -> Result<Arc<Library>, PlayError> {
        if let Some(lib) = lock(&self.libraries).get(dir) {
            return Ok(lib.clone());
        }
        let lib = Arc::new(Library::load(dir).map_err(|e| PlayError::Setup(e.to_string()))?);
        lock(&self.libraries).insert(dir.to_path_buf(), lib.clone());
        Ok(lib)
    }

    /// Creates a game of the setup file `setup_name` owned by `owner`: deals the roles from
    /// a fresh seed (refusing a setup the engine cannot start), stores it with one hashed
    /// token per seat, and returns the players' links (the only time they are seen whole).
    pub fn create(
        &self,
        store: &Store,
        slug: &str,
        owner: &str,
        setup_name: &str,
    ) -> Result<Vec<Link>, PlayError> {
        let dir = self.dir.as_ref().ok_or(PlayError::NoSetupDir)?;
        if !self.setups().iter().any(|s| s == setup_name) {
            return Err(PlayError::NoSetup(setup_name.to_owned()));
        }
        let path = dir.join(setup_name);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| PlayError::Setup(format!("{}: {e}", path.display())))?;
        let setup =
            Setup::parse(&text, setup_name, dir).map_err(|e| PlayError::Setup(e.to_string()))?;
        let roles_dir = setup
            .roles_dir
            .canonicalize()
            .unwrap_or_else(|_| setup.roles_dir.clone());
        // The book as it is now (not a cached copy: the host may have edited it since the
        // last game), stored with the game.
        let (lib, files) =
            Library::load_with_files(&roles_dir).map_err(|e| PlayError::Setup(e.to_string()))?;
        let (snapshot, book) = Snapshot::new(lib, files)?;
        let snapshot = lock(&self.snapshots)
            .entry(snapshot.key.clone())
            .or_insert_with(|| Arc::new(snapshot))
            .clone();
        let lib = snapshot.lib.clone();
        let seed = self.next_seed()?;
        // The deal is checked here, so a stored game always starts. Seats are the engine's
        // player indexes, which need not follow the setup's order.
        let table = Table::start(setup, lib, seed, Web::default())
            .map_err(|e| PlayError::Setup(e.to_string()))?;
        let names: Vec<String> = (table.game().state.players.iter())
            .map(|p| p.name.clone())
            .collect();
        let mut links = Vec::new();
        let mut seats = Vec::new();
        for (seat, name) in names.into_iter().enumerate() {
            let token = token::mint()?;
            seats.push((name.clone(), token::hash(&token)));
            links.push(Link { seat, name, token });
        }
        store.create_wwr_game(&NewWwrGame {
            slug: slug.to_owned(),
            owner: owner.to_owned(),
            setup_name: setup_name.to_owned(),
            setup: text,
            roles_dir: roles_dir.display().to_string(),
            seed,
            seats,
            book_fingerprint: None,
            book: Some(book),
        })?;
        Ok(links)
    }

    /// A fresh table for a stored game: the deal from its seed, no input applied.
    fn start(&self, store: &Store, slug: &str) -> Result<Live, PlayError> {
        let row = store
            .wwr_game(slug)?
            .ok_or_else(|| PlayError::NoGame(slug.to_owned()))?;
        let roles_dir = PathBuf::from(&row.roles_dir);
        let mut setup = Setup::parse(&row.setup, &row.setup_name, &roles_dir)
            .map_err(|e| PlayError::Engine(e.to_string()))?;
        setup.roles_dir = roles_dir.clone();
        let snapshot = match &row.book {
            Some(key) => Some(self.stored_snapshot(store, key, &roles_dir)?),
            None => None,
        };
        let lib = match &snapshot {
            Some(book) => book.lib.clone(),
            None => self.library(&roles_dir)?,
        };
        let table = Table::start(setup, lib, row.seed, Web::default())
            .map_err(|e| PlayError::Engine(e.to_string()))?;
        // An older game reads its folder: it must still hold the files it was dealt from.
        if snapshot.is_none()
            && (row.book_fingerprint.as_ref()).is_some_and(|f| *f != book_fingerprint(&table))
        {
            return Err(PlayError::BookChanged {
                game: row.slug.clone(),
                book: roles_dir.display().to_string(),
            });
        }
        let seats = store.wwr_seats(row.id)?;
        Ok(Live {
            row,
            seats,
            table,
            snapshot,
        })
    }

    /// Runs `f` on a game brought up to date with the store: its inputs applied, its seats
    /// and deadline read, a passed deadline fired.
    pub fn with<T>(
        &self,
        store: &Store,
        slug: &str,
        f: impl FnOnce(&mut Live) -> Result<T, PlayError>,
    ) -> Result<T, PlayError> {
        let cached = lock(&self.live).get(slug).cloned();
        let live = match cached {
            Some(live) => live,
            None => {
                let fresh = Arc::new(Mutex::new(self.start(store, slug)?));
                lock(&self.live)
                    .entry(slug.to_owned())
                    .or_insert(fresh)
                    .clone()
            }
        };
        let mut live = match live.lock() {
            Ok(guard) => guard,
            // A panic while the game was held may have left it half-changed (an input
            // applied but not counted): it is dealt again and replayed from the store.
            Err(poisoned) => {
                let mut guard = poisoned.into_inner();
                *guard = self.start(store, slug)?;
                live.clear_poison();
                guard
            }
        };
        catch_up(&mut live, store)?;
        fire_deadline(&mut live, store)?;
        f(&mut live)
    }

    /// Appends an input to the game's log and applies it; the engine's refusal, if any.
    pub fn submit(
        &self,
        store: &Store,
        slug: &str,
        input: Input,
    ) -> Result<Option<String>, PlayError> {
        self.with(store, slug, |live| live.submit(store, input))
    }

    /// Fires every passed deadline (the background loop's call). A game that cannot be
    /// brought up (an older game whose role book folder is gone, say) is logged and skipped:
    /// the others' deadlines still fire. The error is the store's, when the deadlines cannot
    /// be read.
    pub fn check_deadlines(&self, store: &Store) -> Result<(), PlayError> {
        let now = Timestamp::now();
        for (slug, deadline) in store.wwr_deadlines()? {
            if deadline <= now {
                if let Err(e) = self.with(store, &slug, |_| Ok(())) {
                    tracing::warn!("WWR game `{slug}`: its deadline cannot fire: {e}");
                }
            }
        }
        Ok(())
    }

    /// Gives a seat a new link, and a new player when `name` is given; returns the link.
    pub fn new_link(
        &self,
        store: &Store,
        slug: &str,
        seat: usize,
        name: Option<&str>,
    ) -> Result<Link, PlayError> {
        self.with(store, slug, |live| {
            let name = match name {
                Some(n) => n.trim().to_owned(),
                None => live
                    .played_by(seat)
                    .ok_or_else(|| PlayError::Setup(format!("no seat {seat}")))?
                    .to_owned(),
            };
            if name.is_empty() {
                return Err(PlayError::Setup("expected a player name".into()));
            }
            let token = token::mint()?;
            if !store.replace_wwr_seat(live.id(), seat, &name, &token::hash(&token))? {
                return Err(PlayError::Setup(format!("no seat {seat}")));
            }
            live.seats = store.wwr_seats(live.id())?;
            Ok(Link { seat, name, token })
        })
    }
}

/// The SHA-256 (hex) of the dealt roles' files: each player's role name and its file's
/// bytes (a file that cannot be read counts as empty), in seat order. Only games stored
/// without their book (before schema 8) have one.
fn book_fingerprint(table: &Table<Web>) -> String {
    use sha2::{Digest, Sha256};
    let game = table.game();
    let mut hash = Sha256::new();
    for player in &game.state.players {
        hash.update(player.role.as_bytes());
        hash.update([0]);
        if let Some(def) = game.lib.role(&player.role) {
            let bytes = std::fs::read(game.lib.root.join(&def.file)).unwrap_or_default();
            hash.update((bytes.len() as u64).to_le_bytes());
            hash.update(&bytes);
        }
    }
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// Applies the inputs other writers appended since the game's last one.
fn catch_up(live: &mut Live, store: &Store) -> Result<(), PlayError> {
    let slug = live.row.slug.clone();
    live.row = store
        .wwr_game(&slug)?
        .ok_or_else(|| PlayError::NoGame(slug.clone()))?;
    live.seats = store.wwr_seats(live.id())?;
    for (seq, json) in store.wwr_inputs(live.id(), live.seq())? {
        let input: Input = serde_json::from_str(&json)
            .map_err(|e| PlayError::Engine(format!("input {seq}: {e}")))?;
        live.apply(seq, input);
    }
    Ok(())
}

/// Ends the phase when its deadline has passed and the game is not over.
fn fire_deadline(live: &mut Live, store: &Store) -> Result<(), PlayError> {
    let due = live.row.deadline.is_some_and(|d| d <= Timestamp::now());
    if !due {
        return Ok(());
    }
    if live.table.game().state.outcome.is_some() {
        store.set_wwr_deadline(live.id(), None)?;
        live.row.deadline = None;
        return Ok(());
    }
    live.submit(store, Input::EndPhase).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two instances (two [`Games`]) on one SQLite file, each holding the demo game `five`
    /// (`demo/wwr/five.toml`) at its start, D0.
    struct Two {
        store: Store,
        a: Games,
        b: Games,
        _dir: tempfile::TempDir,
    }

    fn two_instances() -> Two {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("wwr.db").display().to_string();
        let store = Store::open(&db).unwrap();
        store.add_user("Mod", "correct horse").unwrap();
        let setups = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../demo/wwr"));
        let (a, b) = (Games::new(Some(setups.clone())), Games::new(Some(setups)));
        a.create(&store, "five", "Mod", "five.toml").unwrap();
        a.with(&store, "five", |_| Ok(())).unwrap();
        b.with(&store, "five", |_| Ok(())).unwrap();
        Two {
            store,
            a,
            b,
            _dir: dir,
        }
    }

    impl Two {
        /// Runs `f` on instance B's game as B last saw it (no catch-up first).
        fn on_b<T>(&self, f: impl FnOnce(&mut Live, &Store) -> T) -> T {
            let live = lock(&self.b.live).get("five").cloned().unwrap();
            let mut live = lock(&live);
            f(&mut live, &self.store)
        }

        fn log(&self) -> Vec<String> {
            let id = self.store.wwr_game("five").unwrap().unwrap().id;
            let log = self.store.wwr_inputs(id, 0).unwrap();
            log.into_iter().map(|(_, input)| input).collect()
        }

        fn phase(&self, games: &Games) -> String {
            games
                .with(&self.store, "five", |live| {
                    Ok(live.table.game().state.phase.to_string())
                })
                .unwrap()
        }
    }

    #[test]
    fn a_deadline_seen_by_two_instances_ends_one_phase() {
        let two = two_instances();
        let past = Timestamp::now() - jiff::SignedDuration::from_secs(1);
        let id = two.store.wwr_game("five").unwrap().unwrap().id;
        two.store.set_wwr_deadline(id, Some(past)).unwrap();
        // B reads the game and sees D0's deadline passed ...
        two.on_b(catch_up).unwrap();
        // ... while A fires it first: D0 ends, N1 begins.
        assert_eq!(two.phase(&two.a), "N1");
        // B fires what it saw: D0 has already ended, N1 goes on.
        two.on_b(fire_deadline).unwrap();
        assert_eq!(two.log(), ["\"EndPhase\""]);
        assert_eq!(two.phase(&two.b), "N1");
        assert_eq!(two.phase(&two.a), "N1");
    }

    #[test]
    fn a_panic_mid_input_does_not_apply_the_input_twice() {
        let two = two_instances();
        // A stores D0's end and panics while applying it: the game A holds is half-changed.
        let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            two.a
                .with(&two.store, "five", |live| -> Result<(), PlayError> {
                    let ended = "\"EndPhase\"";
                    assert!(two.store.append_wwr_input(live.id(), 1, ended, true)?);
                    live.table.adapter_mut().push(1, Input::EndPhase);
                    live.table.pump();
                    panic!("mid-input");
                })
        }));
        assert!(panicked.is_err());
        // The next use rebuilds it from the store: D0 ended once, N1 now, as on B.
        assert_eq!(two.phase(&two.a), "N1");
        let save = |games: &Games| games.with(&two.store, "five", |live| live.save()).unwrap();
        assert_eq!(save(&two.a), save(&two.b));
    }

    /// A copy of a folder and everything in it.
    fn copy_dir(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let path = entry.unwrap().path();
            let target = to.join(path.file_name().unwrap());
            if path.is_dir() {
                copy_dir(&path, &target);
            } else {
                std::fs::copy(&path, &target).unwrap();
            }
        }
    }

    /// A setup folder holding `five.toml` and its own copy of the role book (`roles/`).
    fn own_setup_folder() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let book = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/fixtures/wwr-roles"
        );
        copy_dir(Path::new(book), &dir.path().join("roles"));
        let demo = concat!(env!("CARGO_MANIFEST_DIR"), "/../../demo/wwr/five.toml");
        let setup = std::fs::read_to_string(demo).unwrap().replace(
            "roles_dir = \"../../../shared/fixtures/wwr-roles\"",
            "roles_dir = \"roles\"",
        );
        std::fs::write(dir.path().join("five.toml"), setup).unwrap();
        dir
    }

    /// Stores a game of the folder's `five.toml` as the service did before it stored role
    /// books (schema 7): the book's folder and the dealt roles' fingerprint, no book.
    fn create_as_before_books(store: &Store, folder: &Path, slug: &str) {
        let text = std::fs::read_to_string(folder.join("five.toml")).unwrap();
        let setup = Setup::parse(&text, "five.toml", folder).unwrap();
        let roles_dir = setup.roles_dir.canonicalize().unwrap();
        let lib = Arc::new(Library::load(&roles_dir).unwrap());
        let table = Table::start(setup, lib, 7, Web::default()).unwrap();
        let seats = (table.game().state.players.iter().enumerate())
            .map(|(i, p)| (p.name.clone(), token::hash(&format!("{slug}-{i}"))))
            .collect();
        store
            .create_wwr_game(&NewWwrGame {
                slug: slug.to_owned(),
                owner: "Mod".to_owned(),
                setup_name: "five.toml".to_owned(),
                setup: text,
                roles_dir: roles_dir.display().to_string(),
                seed: 7,
                seats,
                book_fingerprint: Some(book_fingerprint(&table)),
                book: None,
            })
            .unwrap();
    }

    #[test]
    fn a_game_whose_role_book_is_gone_does_not_stop_another_games_deadline() {
        let two = two_instances();
        let folder = own_setup_folder();
        // An older game (its book not stored) reads the book's folder.
        create_as_before_books(&two.store, folder.path(), "a-lost");
        std::fs::remove_dir_all(folder.path().join("roles")).unwrap();
        // Both games' days are over; `a-lost` comes first and cannot be dealt again.
        let past = Timestamp::now() - jiff::SignedDuration::from_secs(1);
        for slug in ["a-lost", "five"] {
            let id = two.store.wwr_game(slug).unwrap().unwrap().id;
            two.store.set_wwr_deadline(id, Some(past)).unwrap();
        }
        let restarted = Games::new(None);
        restarted.check_deadlines(&two.store).unwrap();
        assert_eq!(two.log(), ["\"EndPhase\""]);
        let lost = two.store.wwr_game("a-lost").unwrap().unwrap();
        assert_eq!(lost.deadline, Some(past));
    }

    #[test]
    fn a_game_whose_role_files_changed_is_refused_naming_the_game_and_the_book() {
        let two = two_instances();
        let folder = own_setup_folder();
        let games = Games::new(Some(folder.path().to_path_buf()));
        // An older game (its book not stored) reads the book's folder.
        create_as_before_books(&two.store, folder.path(), "edited");
        // The Wolf's file in the game's own book is edited after the deal.
        let wolf = games
            .with(&two.store, "edited", |live| {
                let game = live.table.game();
                Ok(game.lib.root.join(&game.lib.role("Wolf").unwrap().file))
            })
            .unwrap();
        let text = std::fs::read_to_string(&wolf).unwrap();
        std::fs::write(&wolf, format!("{text}\nEdited after the deal.\n")).unwrap();
        let restarted = Games::new(None);
        let refused = restarted.with(&two.store, "edited", |_| Ok(()));
        let book = two.store.wwr_game("edited").unwrap().unwrap().roles_dir;
        match refused {
            Err(PlayError::BookChanged {
                game,
                book: changed,
            }) => {
                assert_eq!((game.as_str(), changed), ("edited", book));
            }
            other => panic!("expected BookChanged, got {other:?}"),
        }
        // Put back as it was, the book plays the game again.
        std::fs::write(&wolf, text).unwrap();
        assert!(restarted.with(&two.store, "edited", |_| Ok(())).is_ok());
    }

    #[test]
    fn games_dealt_from_a_fixed_seed_take_it_and_count_up() {
        let two = two_instances();
        two.a.deal_from_seed(41);
        for slug in ["fixed-a", "fixed-b"] {
            two.a.create(&two.store, slug, "Mod", "five.toml").unwrap();
        }
        let seed = |slug: &str| two.store.wwr_game(slug).unwrap().unwrap().seed;
        assert_eq!((seed("fixed-a"), seed("fixed-b")), (41, 42));
    }

    #[test]
    fn two_hosts_ending_the_same_phase_end_it_once() {
        let two = two_instances();
        // A host on A presses "next" on D0; a co-host on B, whose page showed D0 too, at once.
        two.a.submit(&two.store, "five", Input::EndPhase).unwrap();
        let refused = two.on_b(|live, store| live.submit(store, Input::EndPhase));
        assert_eq!(refused.unwrap(), None);
        assert_eq!(two.log(), ["\"EndPhase\""]);
        assert_eq!(two.phase(&two.b), "N1");
    }
}
