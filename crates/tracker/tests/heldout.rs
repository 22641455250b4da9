//! The held-out games: 20 complete mafiascum Mini Normal games that no tracker rule was shaped
//! on (`tests/heldout/`, its README names the source, licence and commit, and how the 20 were
//! chosen: every tenth game of the source's games not in the fixture corpus, by thread
//! number). The fixture corpus (`mafiascum_corpus.rs`, `audit_corpus.rs`) is what the rules
//! were written against; these games check how the rules do on other hosts' threads.
//!
//! Each game is replayed as `mafiascum_corpus.rs` replays the corpus, with the game file and
//! the lynch of each day generated from the community archive's entry the same way as the
//! corpus's (`heldout/mafiascum/games/`, `expected/`), and measured the same way:
//!
//! - **by deaths**: the tracker's lynch of Day N read off its dead list as the thread goes on
//!   (see `mafiascum_corpus.rs`: the deaths the dead list gives Day N but a night kill told in
//!   the post that opens the day, and a death of Night N told in a post that did not end it;
//!   one that says "lynch" first, then the earliest);
//! - **by votes**: the candidate the tracker saw reach majority on Day N;
//! - **audit**: the host's vote counts `mafia audit` finds, and how many agree voter for voter
//!   with the tracker's tally at that post (no host corrections, no listed slips: the tracker
//!   alone);
//! - **review**: the review items, and how many carry the record that would fix them.
//!
//! The test prints the table (`-- --nocapture`) and writes it to
//! `$CARGO_TARGET_TMPDIR/heldout.txt`. It fails when any game's figure falls below its floor in
//! `FLOORS` (the figures measured before any rule was changed for these games; raise a floor
//! in the commit that raises its figure). `HELDOUT_THREAD=<thread>` with the ignored test
//! `explain` prints one game's phase changes, deaths, day results and review items.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs::File;
use std::io::BufReader;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;

use flate2::read::GzDecoder;
use mafia_posts::{JsonlSource, Post, PostSource};
use mafia_tracker::audit::audit;
use mafia_tracker::phase::{Phase, PhaseKind};
use mafia_tracker::{Game, Tracker};

const HELDOUT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/heldout/mafiascum");

/// Per game, the floors: `(thread, by deaths, by votes, counts agreed)`. A game's figure below
/// its floor fails the test; raise a floor in the commit that raises its figure.
///
/// Measured on 2026-11-26 before any rule was changed for these games (branch s9-fresh at
/// 7620ef4, commit 3bd2f91): 82 / 92 lynches by deaths (89 %; the fixture corpus then 433 /
/// 454, 95 %), 58 / 92 by votes (63 %; corpus 323 / 454, 71 %), 1 extra, 13 / 20 games fully
/// right (corpus 81 / 100), 75 / 85 replacements applied, 414 / 662 host counts agree (63 %;
/// corpus 2,785 / 3,581, 78 %), no panics.
///
/// After the fixes of branch s9-fresh (each with its test in `heldout_conventions.rs`): 87 / 92
/// by deaths, 60 / 92 by votes, 1 extra, 15 / 20 fully right, 80 / 85 replacements, 423 / 662
/// counts agree; these are the floors below. The five lynches still missed, checked in the
/// threads:
/// - 18916 Day 1: read right ("Epsilon_Andrew- 1-shot town vigilante -has been
///   lynched/modkilled D1!", post 152, Day 1, and the hammer by votes); this test's rule, the
///   corpus test's, sets a death that says "modkill" aside.
/// - 58816 Day 5: the hammer on the slot (sthar8, post 1173) is right by votes; the saved
///   thread ends at post 1174, before the host's post that told the lynch.
/// - 60961 Day 6: after Night 5 the host's "Votecount 6.00" came with "Deadline for Day Five"
///   (post 1711); Day 6 was not read, so West9's lynch (post 1733) went to Day 5 (the extra).
///   No review item says so.
/// - 68870 Day 5: the archive names "rb]" (for rb): an archive error.
/// - 70568 Day 6: begun only in the story ("This morning you wake up …", post 3125), which the
///   tracker does not guess from (issue 11 point 4). No review item says so.
const FLOORS: &[(&str, usize, usize, usize)] = &[
    ("15783", 5, 5, 38),
    ("16356", 5, 4, 9),
    ("17498", 3, 0, 4),
    ("18916", 2, 3, 11),
    ("22136", 5, 1, 2),
    ("23234", 4, 4, 21),
    ("25357", 5, 2, 24),
    ("27836", 4, 4, 28),
    ("30779", 4, 1, 3),
    ("33008", 4, 3, 13),
    ("48518", 4, 1, 27),
    ("58816", 4, 5, 44),
    ("60961", 4, 4, 28),
    ("62118", 5, 5, 33),
    ("63200", 5, 3, 19),
    ("65508", 4, 4, 33),
    ("67181", 5, 3, 42),
    ("68870", 4, 1, 1),
    ("70568", 5, 2, 10),
    ("72508", 6, 5, 33),
];

/// The archive's lynches of one game: day → slot of the game file.
struct Expected {
    lynched: BTreeMap<u32, usize>,
    /// Archive names that are no slot of the game file.
    unknown: Vec<String>,
}

/// What the replay of one game gave.
#[derive(Default)]
struct Outcome {
    thread: String,
    expected: usize,
    by_deaths: usize,
    by_votes: usize,
    extra: usize,
    first_mismatch: Option<String>,
    panic: Option<String>,
    /// Days the tracker ended, and the archive's last lynch day.
    days: (usize, u32),
    /// Replacements the tracker applied, and the game file's aliases.
    replacements: (usize, usize),
    /// Host counts found and agreed by the audit.
    counts: (usize, usize),
    /// Review items, and those with a fix.
    review: (usize, usize),
}

impl Outcome {
    fn fully_right(&self) -> bool {
        self.panic.is_none() && self.by_deaths == self.expected && self.extra == 0
    }
}

fn threads() -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(format!("{HELDOUT}/games"))
        .expect("the held-out games")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".toml").map(str::to_owned)
        })
        .collect();
    out.sort_by_key(|t| t.parse::<u64>().unwrap_or(u64::MAX));
    out
}

fn game(thread: &str) -> Game {
    let path = format!("{HELDOUT}/games/{thread}.toml");
    let text = std::fs::read_to_string(&path).expect("game file");
    Game::parse(&text, &path).unwrap_or_else(|e| panic!("{thread}: {e}"))
}

/// A game's posts (gzip-compressed JSON Lines, the fixture corpus's format), normalised;
/// every line readable.
fn posts(thread: &str) -> Vec<Post> {
    let path = format!("{HELDOUT}/posts/{thread}.jsonl.gz");
    let file = File::open(&path).expect("posts file");
    let mut source = JsonlSource::new(BufReader::new(GzDecoder::new(file)), &path);
    let batch = source.read().expect("readable");
    assert!(batch.problems.is_empty(), "{path}: {:?}", batch.problems);
    batch.normalised()
}

fn slot_in_game(game: &Game, name: &str) -> Option<usize> {
    let key = name.trim().to_lowercase();
    game.players.iter().position(|p| {
        p.name.to_lowercase() == key || p.aliases.iter().any(|a| a.to_lowercase() == key)
    })
}

fn expected(thread: &str, game: &Game) -> Expected {
    let text =
        std::fs::read_to_string(format!("{HELDOUT}/expected/{thread}.json")).expect("expected");
    let json: serde_json::Value = serde_json::from_str(&text).expect("expected JSON");
    let mut lynched = BTreeMap::new();
    let mut unknown = Vec::new();
    if let Some(days) = json["lynched"].as_object() {
        for (day, name) in days {
            let name = name.as_str().unwrap_or_default();
            match (day.parse::<u32>(), slot_in_game(game, name)) {
                (Ok(day), Some(slot)) => {
                    lynched.insert(day, slot);
                }
                _ => unknown.push(format!("Day {day}: {name}")),
            }
        }
    }
    Expected { lynched, unknown }
}

/// A death as the replay saw it appear (as in `mafiascum_corpus.rs`).
struct SeenDeath {
    slot: usize,
    post: u64,
    during: Phase,
    phase: Phase,
    ended_phase: bool,
    after: Phase,
    says_lynch: bool,
    modkilled: bool,
}

fn replay(game: Game, posts: &[Post]) -> (Tracker, Vec<SeenDeath>) {
    let mut tracker = Tracker::new(game).expect("tracker");
    let mut alive: Vec<bool> = tracker.slots().iter().map(|s| s.alive).collect();
    let mut deaths = Vec::new();
    for post in posts {
        let during = tracker.phase();
        let was_over = tracker.is_over();
        tracker.apply(post);
        let ended_phase = tracker.phase() != during || tracker.is_over() != was_over;
        for (slot, s) in tracker.slots().iter().enumerate() {
            if alive[slot] && !s.alive && !was_over {
                let comment = s.death.as_ref().map(|d| d.comment.to_lowercase());
                deaths.push(SeenDeath {
                    slot,
                    post: post.number,
                    during,
                    phase: s.death.as_ref().map_or(during, |d| d.phase),
                    ended_phase,
                    after: tracker.phase(),
                    says_lynch: s.death.as_ref().is_some_and(|d| d.lynch)
                        || comment.as_ref().is_some_and(|c| c.contains("lynch")),
                    modkilled: comment.is_some_and(|c| c.contains("modkill")),
                });
            }
            alive[slot] = s.alive;
        }
    }
    (tracker, deaths)
}

/// The lynch of each day by the dead list (the rule of `mafiascum_corpus.rs`).
fn lynches_by_deaths(deaths: &[SeenDeath]) -> BTreeMap<u32, usize> {
    let mut candidates: BTreeMap<u32, Vec<&SeenDeath>> = BTreeMap::new();
    for d in deaths {
        let of_the_day = match d.phase.kind {
            PhaseKind::Day => {
                let opened_the_day =
                    d.during.kind == PhaseKind::Night && d.ended_phase && d.phase == d.after;
                d.says_lynch || !opened_the_day
            }
            PhaseKind::Night => d.during == d.phase && !d.ended_phase,
        };
        if of_the_day && !d.modkilled {
            candidates.entry(d.phase.number).or_default().push(d);
        }
    }
    candidates
        .into_iter()
        .filter_map(|(day, list)| {
            let best = list
                .iter()
                .min_by_key(|d| (!d.says_lynch, d.post, d.slot))?;
            Some((day, best.slot))
        })
        .collect()
}

fn slot_in_tracker(tracker: &Tracker, name: &str) -> Option<usize> {
    let key = name.to_lowercase();
    tracker.slots().iter().position(|s| {
        s.name.to_lowercase() == key || s.replaced.iter().any(|r| r.to_lowercase() == key)
    })
}

fn lynches_by_votes(tracker: &Tracker) -> BTreeMap<u32, usize> {
    tracker
        .days()
        .iter()
        .filter(|d| d.phase.kind == PhaseKind::Day)
        .filter_map(|d| {
            let (name, _) = d.hammer.as_ref()?;
            Some((d.phase.number, slot_in_tracker(tracker, name)?))
        })
        .collect()
}

fn slot_name(game: &Game, slot: usize) -> &str {
    game.players.get(slot).map_or("?", |p| p.name.as_str())
}

fn measure(thread: &str) -> Outcome {
    let game = game(thread);
    let expected = expected(thread, &game);
    let posts = posts(thread);
    let mut outcome = Outcome {
        thread: thread.to_owned(),
        expected: expected.lynched.len() + expected.unknown.len(),
        ..Outcome::default()
    };
    let replayed = catch_unwind(AssertUnwindSafe(|| {
        let (tracker, seen) = replay(game.clone(), &posts);
        let report = audit(game.clone(), &posts).expect("tracker");
        (tracker, seen, report)
    }));
    let (tracker, seen, report) = match replayed {
        Ok(t) => t,
        Err(e) => {
            outcome.panic = Some(
                e.downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default(),
            );
            return outcome;
        }
    };
    let deaths = lynches_by_deaths(&seen);
    let votes = lynches_by_votes(&tracker);
    outcome.days = (
        tracker.days().len(),
        expected.lynched.keys().max().copied().unwrap_or(0),
    );
    outcome.replacements = (
        tracker.slots().iter().map(|s| s.replaced.len()).sum(),
        game.players.iter().map(|p| p.aliases.len()).sum(),
    );
    outcome.counts = (report.found, report.agreed);
    outcome.review = (
        tracker.review().len(),
        tracker.review().iter().filter(|r| r.fix.is_some()).count(),
    );
    for (day, slot) in &expected.lynched {
        if deaths.get(day) == Some(slot) {
            outcome.by_deaths += 1;
        } else if outcome.first_mismatch.is_none() {
            let got = deaths.get(day).map_or("none", |s| slot_name(&game, *s));
            outcome.first_mismatch = Some(format!("D{day}: {} not {got}", slot_name(&game, *slot)));
        }
        if votes.get(day) == Some(slot) {
            outcome.by_votes += 1;
        }
    }
    if outcome.first_mismatch.is_none() {
        outcome.first_mismatch = expected.unknown.first().map(|u| format!("archive {u}"));
    }
    outcome.extra = deaths
        .keys()
        .filter(|d| !expected.lynched.contains_key(d))
        .count();
    outcome
}

fn table(outcomes: &[Outcome]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<7} {:>4} {:>6} {:>5} {:>5} {:>6} {:>6} {:>9} {:>8}  first mismatch (archive not tracker)",
        "thread", "exp", "deaths", "votes", "extra", "days", "repl", "counts", "review"
    );
    for o in outcomes {
        let note = match &o.panic {
            Some(p) => format!("PANIC: {p}"),
            None => o.first_mismatch.clone().unwrap_or_default(),
        };
        let _ = writeln!(
            out,
            "{:<7} {:>4} {:>6} {:>5} {:>5} {:>6} {:>6} {:>9} {:>8}  {note}",
            o.thread,
            o.expected,
            o.by_deaths,
            o.by_votes,
            o.extra,
            format!("{}/{}", o.days.0, o.days.1),
            format!("{}/{}", o.replacements.0, o.replacements.1),
            format!("{}/{}", o.counts.1, o.counts.0),
            format!("{}/{}", o.review.1, o.review.0),
        );
    }
    let sum = |f: fn(&Outcome) -> usize| outcomes.iter().map(f).sum::<usize>();
    let _ = writeln!(
        out,
        "held-out total: {}/{} lynches by deaths, {}/{} by votes, {} extra, {}/{} games fully \
         right, {} panics, {}/{} replacements applied, {}/{} host counts agree, {}/{} review \
         items with a fix",
        sum(|o| o.by_deaths),
        sum(|o| o.expected),
        sum(|o| o.by_votes),
        sum(|o| o.expected),
        sum(|o| o.extra),
        outcomes.iter().filter(|o| o.fully_right()).count(),
        outcomes.len(),
        outcomes.iter().filter(|o| o.panic.is_some()).count(),
        sum(|o| o.replacements.0),
        sum(|o| o.replacements.1),
        sum(|o| o.counts.1),
        sum(|o| o.counts.0),
        sum(|o| o.review.1),
        sum(|o| o.review.0),
    );
    out
}

#[test]
fn heldout_games_keep_their_figures() {
    let threads = threads();
    assert_eq!(threads.len(), 20, "20 held-out games");
    let queue = std::sync::Mutex::new(threads.clone());
    let done = std::sync::Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let Some(thread) = queue.lock().unwrap().pop() else {
                        break;
                    };
                    let outcome = measure(&thread);
                    done.lock().unwrap().push(outcome);
                }
            });
        }
    });
    let mut outcomes = done.into_inner().unwrap();
    outcomes.sort_by_key(|o| o.thread.parse::<u64>().unwrap_or(u64::MAX));
    let report = table(&outcomes);
    eprint!("{report}");
    let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("heldout.txt");
    let _ = std::fs::write(&file, &report);

    let panics: Vec<&str> = outcomes
        .iter()
        .filter(|o| o.panic.is_some())
        .map(|o| o.thread.as_str())
        .collect();
    assert!(panics.is_empty(), "the tracker panicked on {panics:?}");
    let mut below = Vec::new();
    for (thread, deaths, votes, agreed) in FLOORS {
        let o = outcomes
            .iter()
            .find(|o| o.thread == *thread)
            .unwrap_or_else(|| panic!("{thread}: no such held-out game"));
        for (what, got, floor) in [
            ("lynches by deaths", o.by_deaths, *deaths),
            ("lynches by votes", o.by_votes, *votes),
            ("host counts agreed", o.counts.1, *agreed),
        ] {
            if got < floor {
                below.push(format!(
                    "{thread}: {got} {what}, below the floor of {floor}"
                ));
            }
        }
    }
    assert_eq!(FLOORS.len(), outcomes.len(), "a floor for every game");
    assert!(below.is_empty(), "{}", below.join("; "));
}

/// One game's phase changes, deaths, day results and review items:
/// `HELDOUT_THREAD=18916 cargo test -p mafia-tracker --test heldout -- --ignored --nocapture
/// explain`.
#[test]
#[ignore = "a diagnostic: set HELDOUT_THREAD"]
fn explain() {
    let Ok(thread) = std::env::var("HELDOUT_THREAD") else {
        return;
    };
    let game = game(&thread);
    let expected = expected(&thread, &game);
    eprintln!("{thread}: {}", game.name);
    for (day, slot) in &expected.lynched {
        eprintln!("archive: Day {day} lynched {}", slot_name(&game, *slot));
    }
    for u in &expected.unknown {
        eprintln!("archive: {u} (no such slot)");
    }
    let posts = posts(&thread);
    let mut tracker = Tracker::new(game.clone()).expect("tracker");
    for post in &posts {
        let before = (tracker.phase(), tracker.is_over());
        tracker.apply(post);
        let after = (tracker.phase(), tracker.is_over());
        if before != after {
            eprintln!(
                "post {} by {}: {} -> {}{}",
                post.number,
                post.author,
                before.0,
                after.0,
                if after.1 { " (game over)" } else { "" }
            );
        }
    }
    for slot in tracker.slots() {
        match &slot.death {
            Some(d) => eprintln!(
                "dead: {} ({:?}) {} post {}: {}",
                slot.name, slot.replaced, d.phase, d.post, d.comment
            ),
            None => eprintln!("alive: {} ({:?})", slot.name, slot.replaced),
        }
    }
    for d in tracker.days() {
        let top: Vec<String> = d
            .tally
            .wagons
            .iter()
            .take(3)
            .map(|w| format!("{} {}", w.candidate, w.votes))
            .collect();
        eprintln!(
            "{}: hammer {:?}, majority {}, top {top:?}",
            d.phase, d.hammer, d.tally.majority
        );
    }
    let (_, seen) = replay(game.clone(), &posts);
    for d in &seen {
        eprintln!(
            "death seen: {} at post {} during {}{}{}",
            slot_name(&game, d.slot),
            d.post,
            d.during,
            if d.ended_phase {
                ", which it ended"
            } else {
                ""
            },
            if d.says_lynch { ", says lynch" } else { "" }
        );
    }
    for r in tracker.review() {
        eprintln!(
            "review: {:?} {:?} {}{}",
            r.kind,
            r.post,
            r.message,
            if r.fix.is_some() { " [fix]" } else { "" }
        );
    }
    let report = audit(game.clone(), &posts).expect("tracker");
    for c in report.vote_counts.iter().filter(|c| !c.agrees) {
        eprintln!(
            "count at post {} differs: {:?} (first diverged {:?})",
            c.post, c.differences, c.first_diverged
        );
    }
}
