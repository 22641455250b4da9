//! How the corpus tests measure the tracker's lynches against the community archive's, shared
//! by `mafiascum_corpus.rs` (the fixture corpus) and `heldout.rs` (the held-out games): the
//! replay that notes each death as it appears on the dead list, the lynch of each day read off
//! those deaths and off the day results, the archive's `expected/<thread>.json`, the
//! comparison of the two, the pool that measures the games in parallel and the diagnostic
//! printout of one game. The rules themselves are described in `mafiascum_corpus.rs`'s module
//! comment. Included with `#[path = "support/lynches.rs"] mod lynches;`.
#![allow(dead_code)]

use std::any::Any;
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;

use mafia_posts::Post;
use mafia_tracker::phase::{Phase, PhaseKind};
use mafia_tracker::{Game, Tracker};

/// The archive's lynches of one game.
pub struct Expected {
    /// Day number → slot index in the game file.
    pub lynched: BTreeMap<u32, usize>,
    /// Archive names that are no slot of the game file (an archive or fixture error).
    pub unknown: Vec<String>,
}

impl Expected {
    /// Every lynch the archive has, matched to a slot or not.
    pub fn count(&self) -> usize {
        self.lynched.len() + self.unknown.len()
    }

    /// The last day the archive has a lynch on (0 for none).
    pub fn last_day(&self) -> u32 {
        self.lynched.keys().max().copied().unwrap_or(0)
    }
}

/// Prints a game's thread and name, the archive's lynches, and its names that are no slot.
pub fn explain_expected(thread: &str, game: &Game, expected: &Expected) {
    eprintln!("{thread}: {}", game.name);
    for (day, slot) in &expected.lynched {
        eprintln!("archive: Day {day} lynched {}", slot_name(game, *slot));
    }
    for u in &expected.unknown {
        eprintln!("archive: {u} (no such slot)");
    }
}

/// The archive's lynches in `path` (`{"lynched": {"1": "name", …}}`), each name read through
/// `account` (the account it stands for, when the archive misspells it) and matched to its
/// slot of `game`.
pub fn read_expected(path: &str, game: &Game, account: impl Fn(&str) -> String) -> Expected {
    let text = std::fs::read_to_string(path).expect("expected file");
    let json: serde_json::Value = serde_json::from_str(&text).expect("expected JSON");
    let mut lynched = BTreeMap::new();
    let mut unknown = Vec::new();
    if let Some(days) = json["lynched"].as_object() {
        for (day, name) in days {
            let name = name.as_str().unwrap_or_default();
            match (day.parse::<u32>(), slot_in_game(game, &account(name))) {
                (Ok(day), Some(slot)) => {
                    lynched.insert(day, slot);
                }
                _ => unknown.push(format!("Day {day}: {name}")),
            }
        }
    }
    Expected { lynched, unknown }
}

/// The slot a name belongs to in the game file (its name or an alias), ignoring case.
pub fn slot_in_game(game: &Game, name: &str) -> Option<usize> {
    let key = name.trim().to_lowercase();
    game.players.iter().position(|p| {
        p.name.to_lowercase() == key || p.aliases.iter().any(|a| a.to_lowercase() == key)
    })
}

/// The game file's name of a slot.
pub fn slot_name(game: &Game, slot: usize) -> &str {
    game.players.get(slot).map_or("?", |p| p.name.as_str())
}

/// A death as the replay saw it appear.
pub struct SeenDeath {
    pub slot: usize,
    pub post: u64,
    /// The phase running when the post was made.
    pub during: Phase,
    /// The phase the dead list gives the death.
    pub phase: Phase,
    /// Whether the post ended that phase (or the game).
    pub ended_phase: bool,
    /// The phase running after the post.
    pub after: Phase,
    /// Whether the GM's words said a lynch (`Death::lynch`) or the death's comment says
    /// "lynch".
    pub says_lynch: bool,
    /// Whether the death's comment says the player was modkilled: no lynch, whatever the
    /// phase ("Verity, Town Vanilla Neutral Survivor, has been modkilled and autolossed",
    /// 18910 post 715, as Day 3 ends with no majority).
    pub modkilled: bool,
}

/// Replays a thread post by post, noting each death when it appears.
pub fn replay(game: Game, posts: &[Post]) -> (Tracker, Vec<SeenDeath>) {
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

/// The tracker's lynch of each day by its deaths (see `mafiascum_corpus.rs`'s module
/// comment): the deaths the dead list gives Day N but night kills told in the post that opened
/// the day, and the deaths of Night N told during Night N in a post that did not end it; one
/// that says "lynch" first, then the earliest. A modkill is no lynch.
pub fn lynches_by_deaths(deaths: &[SeenDeath]) -> BTreeMap<u32, usize> {
    let mut candidates: BTreeMap<u32, Vec<&SeenDeath>> = BTreeMap::new();
    for d in deaths {
        let of_the_day = match d.phase.kind {
            PhaseKind::Day => {
                // A night kill told in the post that opens the day has that day's phase; a
                // death the host's line gives another day ("SILVERWOLF, MAFIA ROLECOP, WAS
                // EUTHANISED BY POPULAR DEMAND ON DAY 2.", 63235 post 949, the end post
                // during Night 1) is that day's.
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

/// The slot a name in the tracker's state belongs to: its current holder or an earlier one.
pub fn slot_in_tracker(tracker: &Tracker, name: &str) -> Option<usize> {
    let key = name.to_lowercase();
    tracker.slots().iter().position(|s| {
        s.name.to_lowercase() == key || s.replaced.iter().any(|r| r.to_lowercase() == key)
    })
}

/// The tracker's lynch of each day by its vote counts: the hammered candidate.
pub fn lynches_by_votes(tracker: &Tracker) -> BTreeMap<u32, usize> {
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

/// What the replay of one game gave, compared with the archive.
#[derive(Default)]
pub struct Outcome {
    pub thread: String,
    /// The archive's lynches, matched to a slot or not.
    pub expected: usize,
    pub by_deaths: usize,
    pub by_votes: usize,
    /// Lynches by deaths on a day the archive has none.
    pub extra: usize,
    /// The first day (in day order) where the tracker's lynch by deaths differs, else the
    /// first archive name that is no slot.
    pub first_mismatch: Option<String>,
    pub panic: Option<String>,
    /// Days the tracker ended, and the last day the archive has a lynch on (phase drift shows
    /// as fewer days).
    pub days: (usize, u32),
    /// Replacements the tracker applied, and the replacements in the game file (aliases).
    pub replacements: (usize, usize),
}

impl Outcome {
    /// Every archive lynch matched by deaths, no extra one, no panic.
    pub fn fully_right(&self) -> bool {
        self.panic.is_none() && self.by_deaths == self.expected && self.extra == 0
    }

    /// The table's note: the panic, else the first mismatch.
    pub fn note(&self) -> String {
        match &self.panic {
            Some(p) => format!("PANIC: {p}"),
            None => self.first_mismatch.clone().unwrap_or_default(),
        }
    }
}

/// Measures one game against the archive's lynches: `run` replays it (`replay`, and whatever
/// else the test measures, `T`); a panic in `run` is caught and noted in the outcome, which then
/// has no tracker.
pub fn measure<T>(
    thread: &str,
    game: &Game,
    expected: &Expected,
    run: impl FnOnce() -> (Tracker, Vec<SeenDeath>, T),
) -> (Outcome, Option<(Tracker, T)>) {
    let mut outcome = Outcome {
        thread: thread.to_owned(),
        expected: expected.count(),
        ..Outcome::default()
    };
    let (tracker, seen, more) = match catch_unwind(AssertUnwindSafe(run)) {
        Ok(t) => t,
        Err(e) => {
            outcome.panic = Some(panic_message(&*e));
            return (outcome, None);
        }
    };
    let deaths = lynches_by_deaths(&seen);
    let votes = lynches_by_votes(&tracker);
    outcome.days = (tracker.days().len(), expected.last_day());
    outcome.replacements = (
        tracker.slots().iter().map(|s| s.replaced.len()).sum(),
        game.players.iter().map(|p| p.aliases.len()).sum(),
    );
    for (day, slot) in &expected.lynched {
        if deaths.get(day) == Some(slot) {
            outcome.by_deaths += 1;
        } else if outcome.first_mismatch.is_none() {
            let got = deaths.get(day).map_or("none", |s| slot_name(game, *s));
            outcome.first_mismatch = Some(format!("D{day}: {} not {got}", slot_name(game, *slot)));
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
    (outcome, Some((tracker, more)))
}

/// A caught panic's message.
pub fn panic_message(e: &(dyn Any + Send)) -> String {
    e.downcast_ref::<String>()
        .cloned()
        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// `measure` of every thread, on as many workers as the machine has cores; the outcomes in
/// the threads' order.
pub fn measure_all<T: Send>(threads: &[String], measure: impl Fn(&str) -> T + Sync) -> Vec<T> {
    let queue = Mutex::new((0..threads.len()).collect::<Vec<usize>>());
    let done = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let Some(i) = queue.lock().unwrap().pop() else {
                        break;
                    };
                    let outcome = measure(&threads[i]);
                    done.lock().unwrap().push((i, outcome));
                }
            });
        }
    });
    let mut done = done.into_inner().unwrap();
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, o)| o).collect()
}

/// Replays a game printing its phase changes, then its slots (dead or alive), day results and
/// the deaths as the replay saw them appear; returns the replay.
pub fn explain_replay(game: &Game, posts: &[Post]) -> (Tracker, Vec<SeenDeath>) {
    let mut tracker = Tracker::new(game.clone()).expect("tracker");
    for post in posts {
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
    let (_, seen) = replay(game.clone(), posts);
    for d in &seen {
        eprintln!(
            "death seen: {} at post {} during {}{}{}",
            slot_name(game, d.slot),
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
    (tracker, seen)
}
