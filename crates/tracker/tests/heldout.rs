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

use std::fmt::Write as _;
use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;

use flate2::read::GzDecoder;
use mafia_posts::{JsonlSource, Post, PostSource};
use mafia_tracker::Game;
use mafia_tracker::audit::audit;

#[path = "support/corpus.rs"]
mod corpus;
#[path = "support/lynches.rs"]
mod lynches;

use lynches::Expected;

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

/// What the replay of one game gave: the lynches, and what the held-out test measures besides.
struct Outcome {
    lynches: lynches::Outcome,
    /// Host counts found and agreed by the audit.
    counts: (usize, usize),
    /// Review items, and those with a fix.
    review: (usize, usize),
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

/// The archive's lynches of a game.
fn expected(thread: &str, game: &Game) -> Expected {
    let path = format!("{HELDOUT}/expected/{thread}.json");
    lynches::read_expected(&path, game, str::to_owned)
}

fn measure(thread: &str) -> Outcome {
    let game = game(thread);
    let expected = expected(thread, &game);
    let posts = posts(thread);
    let (lynches, replayed) = lynches::measure(thread, &game, &expected, || {
        let (tracker, seen) = lynches::replay(game.clone(), &posts);
        let report = audit(game.clone(), &posts).expect("tracker");
        (tracker, seen, report)
    });
    let mut outcome = Outcome {
        lynches,
        counts: (0, 0),
        review: (0, 0),
    };
    if let Some((tracker, report)) = replayed {
        outcome.counts = (report.found, report.agreed);
        outcome.review = (
            tracker.review().len(),
            tracker.review().iter().filter(|r| r.fix.is_some()).count(),
        );
    }
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
        let note = o.lynches.note();
        let _ = writeln!(
            out,
            "{:<7} {:>4} {:>6} {:>5} {:>5} {:>6} {:>6} {:>9} {:>8}  {note}",
            o.lynches.thread,
            o.lynches.expected,
            o.lynches.by_deaths,
            o.lynches.by_votes,
            o.lynches.extra,
            format!("{}/{}", o.lynches.days.0, o.lynches.days.1),
            format!("{}/{}", o.lynches.replacements.0, o.lynches.replacements.1),
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
        sum(|o| o.lynches.by_deaths),
        sum(|o| o.lynches.expected),
        sum(|o| o.lynches.by_votes),
        sum(|o| o.lynches.expected),
        sum(|o| o.lynches.extra),
        outcomes.iter().filter(|o| o.lynches.fully_right()).count(),
        outcomes.len(),
        outcomes
            .iter()
            .filter(|o| o.lynches.panic.is_some())
            .count(),
        sum(|o| o.lynches.replacements.0),
        sum(|o| o.lynches.replacements.1),
        sum(|o| o.counts.1),
        sum(|o| o.counts.0),
        sum(|o| o.review.1),
        sum(|o| o.review.0),
    );
    out
}

#[test]
fn heldout_games_keep_their_figures() {
    let threads = corpus::threads_in(HELDOUT);
    assert_eq!(threads.len(), 20, "20 held-out games");
    let outcomes = lynches::measure_all(&threads, measure);
    let report = table(&outcomes);
    eprint!("{report}");
    let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("heldout.txt");
    let _ = std::fs::write(&file, &report);

    let panics: Vec<&str> = outcomes
        .iter()
        .filter(|o| o.lynches.panic.is_some())
        .map(|o| o.lynches.thread.as_str())
        .collect();
    assert!(panics.is_empty(), "the tracker panicked on {panics:?}");
    let mut below = Vec::new();
    for (thread, deaths, votes, agreed) in FLOORS {
        let o = outcomes
            .iter()
            .find(|o| o.lynches.thread == *thread)
            .unwrap_or_else(|| panic!("{thread}: no such held-out game"));
        for (what, got, floor) in [
            ("lynches by deaths", o.lynches.by_deaths, *deaths),
            ("lynches by votes", o.lynches.by_votes, *votes),
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
    lynches::explain_expected(&thread, &game, &expected);
    let posts = posts(&thread);
    let (tracker, _) = lynches::explain_replay(&game, &posts);
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
