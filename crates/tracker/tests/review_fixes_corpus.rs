//! The review list's fixes over the real threads (issue 11: "the review list names unknown
//! posters, unread GM death/phase lines, and the correction that would fix each"). Every
//! thread of the corpus (`support/corpus.rs`: the 100 mafiascum games, the TeamLiquid games
//! and the MTG Salvation page, without the hosts' corrections) is replayed; for every review
//! item that carries a `fix` (the `[[corrections]]` records a host would paste):
//!
//! 1. the game file with the fix appended parses (`Game::parse`);
//! 2. replaying with it, the record is applied (no review item from the game file says it
//!    was refused), and the item (same kind, post, person and message) is gone from the review
//!    list, unless [`EXCEPTIONS`] says why a fix cannot remove it by design.
//!
//! Items are counted by kind, with and without a fix; the table goes to stderr and to
//! `$CARGO_TARGET_TMPDIR/review-fixes.txt`. Every fix of every thread is tried (no sampling);
//! to keep the test short, the replay with a fix stops after the item's post (and after the
//! post its fix is just before, for a death taken from the host's list at a phase's end),
//! where the item would be listed again.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use mafia_posts::Post;
use mafia_tracker::correction::FROM_THE_GAME_FILE;
use mafia_tracker::review::{ReviewItem, ReviewKind};
use mafia_tracker::{Game, Tracker};

#[path = "support/corpus.rs"]
mod corpus;

/// Items a fix cannot remove by design: `(kind, why)`. Empty: every fix removes its item.
const EXCEPTIONS: &[(ReviewKind, &str)] = &[];

fn replay<'a>(game: Game, posts: impl IntoIterator<Item = &'a Post>) -> Vec<ReviewItem> {
    let mut tracker = Tracker::new(game).expect("tracker");
    tracker.apply_all(posts);
    tracker.review().to_vec()
}

/// Whether `after` still holds the item `item`: same kind, post, person and message (one GM
/// post can hold several unread lines, each its own item naming the post's author).
fn still_listed(after: &[ReviewItem], item: &ReviewItem) -> bool {
    after.iter().any(|r| {
        r.kind == item.kind && r.post == item.post && r.who == item.who && r.message == item.message
    })
}

#[derive(Default)]
struct Counts {
    with_fix: usize,
    without_fix: usize,
    fixed: usize,
    excepted: usize,
}

#[test]
fn every_fix_the_review_list_suggests_parses_and_removes_its_item() {
    let mut counts: BTreeMap<String, Counts> = BTreeMap::new();
    // The suggested records by action (`replace`, `alias`, `dies`, ...).
    let mut records: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for thread in corpus::thread_texts(false) {
        let review = replay(thread.game(), &thread.posts);
        for item in &review {
            let c = counts.entry(format!("{:?}", item.kind)).or_default();
            let Some(fix) = &item.fix else {
                c.without_fix += 1;
                continue;
            };
            c.with_fix += 1;
            for action in record_actions(fix) {
                *records.entry(action).or_default() += 1;
            }
            let what = format!(
                "{}: post {:?}, {:?} item about {:?} ({})\nfix:\n{fix}",
                thread.label, item.post, item.kind, item.who, item.message
            );
            let text = format!("{}\n{fix}", thread.text);
            let game = match Game::parse(&text, &thread.label) {
                Ok(game) => game,
                Err(e) => {
                    failures.push(format!("{what}does not parse: {e}"));
                    continue;
                }
            };
            // An item is listed while its post is read, or (a death from the host's list)
            // at the post its fix is just before: the replay stops after both.
            let until = game
                .corrections
                .iter()
                .map(|c| c.at + 1)
                .chain(item.post)
                .max()
                .unwrap_or(u64::MAX);
            let after = replay(game, thread.posts.iter().filter(|p| p.number <= until));
            let refused: Vec<&str> = after
                .iter()
                .filter(|r| r.who.as_deref() == Some(FROM_THE_GAME_FILE))
                .map(|r| r.message.as_str())
                .collect();
            if !refused.is_empty() {
                failures.push(format!("{what}is refused: {}", refused.join("; ")));
                continue;
            }
            if !still_listed(&after, item) {
                c.fixed += 1;
            } else if EXCEPTIONS.iter().any(|(kind, _)| *kind == item.kind) {
                c.excepted += 1;
            } else {
                let new: Vec<String> = after
                    .iter()
                    .filter(|r| !review.contains(r) && r.post >= item.post)
                    .take(10)
                    .map(|r| format!("  {:?} post {:?}: {}", r.kind, r.post, r.message))
                    .collect();
                failures.push(format!(
                    "{what}is still listed after the fix; new items:\n{}",
                    new.join("\n")
                ));
            }
        }
    }
    let mut table = format!(
        "{:<20} {:>8} {:>8} {:>8} {:>8}\n",
        "kind", "no fix", "fix", "removed", "excepted"
    );
    let mut total = Counts::default();
    for (kind, c) in &counts {
        let _ = writeln!(
            table,
            "{kind:<20} {:>8} {:>8} {:>8} {:>8}",
            c.without_fix, c.with_fix, c.fixed, c.excepted
        );
        total.without_fix += c.without_fix;
        total.with_fix += c.with_fix;
        total.fixed += c.fixed;
        total.excepted += c.excepted;
    }
    let _ = writeln!(
        table,
        "{:<20} {:>8} {:>8} {:>8} {:>8}",
        "total", total.without_fix, total.with_fix, total.fixed, total.excepted
    );
    let by_action: Vec<String> = records.iter().map(|(a, n)| format!("{a} {n}")).collect();
    let _ = writeln!(table, "records by action: {}", by_action.join(", "));
    for (kind, why) in EXCEPTIONS {
        let _ = writeln!(table, "excepted {kind:?}: {why}");
    }
    eprintln!("{table}");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(
        dir.join("review-fixes.txt"),
        format!("{table}\n{}", failures.join("\n\n")),
    );
    assert!(
        failures.is_empty(),
        "{} of {} fixes fail:\n\n{}",
        failures.len(),
        total.with_fix,
        failures.join("\n\n")
    );
}

/// The action of each record in a fix's TOML: the key of every line that is not the header,
/// `at` or `comment` (`replace = { … }` → `replace`).
fn record_actions(fix: &str) -> Vec<String> {
    fix.lines()
        .filter_map(|line| line.split_once(" = ").map(|(key, _)| key.trim()))
        .filter(|key| !matches!(*key, "at" | "comment"))
        .map(str::to_owned)
        .collect()
}
