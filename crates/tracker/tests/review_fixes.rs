//! The review list's fixes pasted back into the game file (issue 11: "the review list names
//! … unread GM death/phase lines, and the correction that would fix each"): with the record
//! the item names, the replay reads the post as told and the item is gone. Posts are written
//! as mafiascum.net renders them (bold as `<div style="display:inline;font-weight:bold">`,
//! the fixtures README), after the real posts cited in each test.

mod support;

use mafia_posts::Post;
use mafia_tracker::phase::Phase;
use mafia_tracker::review::{ReviewItem, ReviewKind};
use mafia_tracker::{Game, Tracker};
use support::{dead_in_phases as dead, mafiascum_bold as bold, mafiascum_post_at};

/// Alice, Bob, Carol, Dave and Erin, run by GM in UTC; Day 1 ends 2026-03-03 18:00.
const GAME: &str = "name = \"Fixes\"\ngms = [\"GM\"]\nzone = \"UTC\"\nfirst_phase = \"Day 1\"\n\
first_deadline = \"2026-03-03 18:00\"\nday_length = \"48h\"\nnight_length = \"24h\"\n\
players = [\"Alice\", \"Bob\", \"Carol\", \"Dave\", \"Erin\"]\n";

/// A GM post as the forum renders it, made on Day 1.
fn gm(number: u64, body: &str) -> Post {
    mafiascum_post_at(
        number,
        "GM",
        &format!("2026-03-02 12:{:02}", number % 60),
        body,
    )
}

/// The thread replayed with the game file and `extra` records after it.
fn replay(extra: &str, posts: &[Post]) -> Tracker {
    let game = Game::parse(&format!("{GAME}\n{extra}"), "fixes.toml").expect("game file");
    let mut t = Tracker::new(game).expect("tracker");
    t.apply_all(posts);
    t
}

fn items(t: &Tracker, kind: ReviewKind) -> Vec<ReviewItem> {
    t.review()
        .iter()
        .filter(|r| r.kind == kind)
        .cloned()
        .collect()
}

#[test]
fn an_unread_death_lines_fix_kills_the_player_at_that_post_and_the_item_goes() {
    // "Prolapsed Brain, Vanilla Townie, hung." (21622 post 534: "hung" is no death word).
    let posts = [
        gm(10, "Good morning."),
        gm(11, &format!("Bob, {}, hung.", bold("Vanilla Townie"))),
        gm(12, "Carry on."),
    ];
    let plain = replay("", &posts);
    let unread = items(&plain, ReviewKind::UnreadLine);
    assert_eq!(unread.len(), 1, "{unread:?}");
    // The record applies after post 10, so that post 11 reads as told.
    let fix = unread[0].fix.clone().expect("a fix");
    assert_eq!(fix, "[[corrections]]\nat = 10\ndies = \"Bob\"\n");
    let fixed = replay(&fix, &posts);
    assert_eq!(dead(&fixed), [("Bob".to_string(), Phase::day(1))]);
    assert!(items(&fixed, ReviewKind::UnreadLine).is_empty());
    assert!(items(&fixed, ReviewKind::IgnoredCommand).is_empty());
}

#[test]
fn a_skipped_phases_fix_begins_the_phase_before_the_post_and_is_not_flagged_itself() {
    // "It's now Day 4" read during Night 1 (17289 post 734).
    let posts = [gm(10, "It's now Night 1."), gm(11, "It's now Day 4")];
    let plain = replay("", &posts);
    let mismatch = items(&plain, ReviewKind::PhaseMismatch);
    assert_eq!(mismatch.len(), 1, "{mismatch:?}");
    let fix = mismatch[0].fix.clone().expect("a fix");
    assert!(
        fix.starts_with("[[corrections]]\nat = 10\nphase = \"Day 4\"\n"),
        "{fix}"
    );
    // The host's record skips Day 2 to Night 3 on the host's word: no item of its own, and
    // post 11 restates the running day.
    let fixed = replay(&fix, &posts);
    assert_eq!(fixed.phase(), Phase::day(4));
    assert!(items(&fixed, ReviewKind::PhaseMismatch).is_empty());
    assert!(items(&fixed, ReviewKind::IgnoredCommand).is_empty());
}

#[test]
fn an_unread_line_of_the_hosts_opening_post_names_no_fix() {
    // The host's reserved opening posts (1 to 3), edited all game long to list the dead (22466 post 1: "Maestro - Mr.
    // Bob - Vanilla Townie - Nightkilled Night 1" under "Dead"), here with a line of the
    // first test's kind: a "died here" record would kill Bob before the game began.
    let posts = [gm(2, &format!("Bob, {}, hung.", bold("Vanilla Townie")))];
    let t = replay("", &posts);
    let unread = items(&t, ReviewKind::UnreadLine);
    assert_eq!(unread.len(), 1, "{unread:?}");
    assert_eq!(unread[0].fix, None);
    assert!(unread[0].message.contains("opening post"), "{unread:?}");
    assert!(dead(&t).is_empty());
}

#[test]
fn a_death_taken_from_a_flip_is_the_hosts_word_once_its_fix_is_pasted() {
    // 63716 post 666, the morning after: "Trivium was a Town 2-Shot Cop" with Day 2's start,
    // read as Night 1's death with a review item. Its record used to apply after that post,
    // where the death was already taken from the flip, and the item stayed listed.
    let posts = [
        gm(10, &bold("Night 1 has begun")),
        gm(
            11,
            &format!("Carol was a Town 2-Shot Cop<br>{}", bold("Day 2 has begun")),
        ),
    ];
    let plain = replay("", &posts);
    let unread = items(&plain, ReviewKind::UnreadLine);
    assert_eq!(unread.len(), 1, "{unread:?}");
    let fix = unread[0].fix.clone().expect("a fix");
    assert!(
        fix.starts_with("[[corrections]]\nat = 10\ndies = \"Carol\"\n"),
        "{fix}"
    );
    let fixed = replay(&fix, &posts);
    assert_eq!(dead(&fixed), [("Carol".to_string(), Phase::night(1))]);
    assert_eq!(fixed.phase(), Phase::day(2));
    assert!(items(&fixed, ReviewKind::UnreadLine).is_empty());
    assert!(items(&fixed, ReviewKind::IgnoredCommand).is_empty());
}

#[test]
fn a_hosts_record_at_the_post_itself_reads_the_unread_line_too() {
    // The host writes the record at the post that says it (`at = 11`, applied right after
    // it) rather than just before: the line is read by the record, and not listed.
    let posts = [
        gm(10, "Good morning."),
        gm(11, &format!("Bob, {}, hung.", bold("Vanilla Townie"))),
        gm(12, "Carry on."),
    ];
    let fixed = replay("[[corrections]]\nat = 11\ndies = \"Bob\"\n", &posts);
    assert_eq!(dead(&fixed), [("Bob".to_string(), Phase::day(1))]);
    assert!(fixed.review().is_empty(), "{:?}", fixed.review());
    // A record at the post about someone else reads another thing: the line is still listed.
    let other = replay("[[corrections]]\nat = 11\ndies = \"Carol\"\n", &posts);
    assert_eq!(items(&other, ReviewKind::UnreadLine).len(), 1);
}
