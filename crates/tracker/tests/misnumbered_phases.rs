//! A phase the host misnumbered (issue 11, point 3: "a host can bring any real thread to the
//! truth with a few lines"). The scenario is mafiascum 28480: post 883 tells Day 4's lynch
//! and then "Night 5 has begun" (it was Night 4), post 884 says "It is now Day 5". The
//! tracker follows post 883 to Night 5 and has to refuse post 884; the host's record
//! `phase = "Night 4"` at 883 says the running phase is Night 4, and the review list offers
//! that record. Posts are written as mafiascum.net renders them (a host's coloured text as
//! `<div style="display:inline;color:…">`, the vote tag as
//! `<span class="bbvote" title="This is an official vote.">VOTE: name</span>`, a quote as
//! `<blockquote><div><cite>… wrote:</cite>…`: the fixtures README and 28480 posts 881-884).

mod support;

use mafia_posts::Post;
use mafia_tracker::phase::Phase;
use mafia_tracker::review::{ReviewItem, ReviewKind};
use mafia_tracker::{Game, Tracker};
use support::{day_wagons as wagons, mafiascum_post_numbered as post, names};

/// Alice, Bob, Carol, Dave and Erin, hosted by GM in UTC, starting on Day 1. `timed`: Day 1
/// ends 2026-03-03 18:00, days 48h, nights 24h; else the host announces every phase.
fn game_file(timed: bool) -> String {
    let deadline = if timed {
        "first_deadline = \"2026-03-03 18:00\"\n"
    } else {
        ""
    };
    format!(
        "name = \"Misnumbered\"\ngms = [\"GM\"]\nzone = \"UTC\"\nfirst_phase = \"Day 1\"\n\
         {deadline}day_length = \"48h\"\nnight_length = \"24h\"\n\
         players = [\"Alice\", \"Bob\", \"Carol\", \"Dave\", \"Erin\"]\n"
    )
}

/// The host's colour, as 28480's host wrote every announcement.
fn host(number: u64, lines: &[&str]) -> Post {
    let text = lines.join("<br>\n<br>\n");
    post(
        number,
        "GM",
        &format!("<div style=\"display:inline;color:#0040FF\">{text}</div>"),
    )
}

fn vote(number: u64, voter: &str, target: &str) -> Post {
    post(
        number,
        voter,
        &format!(
            "I'm sure.<br>\n<br>\n<span class=\"bbvote\" title=\"This is an official vote.\">\
             VOTE: {target}</span>"
        ),
    )
}

/// Day 1: Bob is hammered (3 of 5) and lynched; the host's post then misnumbers the night.
fn lynch_then_night_two(lynch_post: &[&str]) -> Vec<Post> {
    vec![
        host(1, &["It is now Day 1!"]),
        vote(2, "Alice", "Bob"),
        vote(3, "Carol", "Bob"),
        vote(4, "Dave", "Bob"),
        host(5, lynch_post),
    ]
}

/// 28480 posts 883 and 884, one phase earlier: Day 1's lynch and "Night 2 has begun" in one
/// post, then "It is now Day 2" with the night's kill.
fn thread() -> Vec<Post> {
    let mut posts = lynch_then_night_two(&[
        "Bob has been lynched. He was a Townie.",
        "Night 2 has begun. Please send in all relevant actions by July 9th.",
    ]);
    posts.push(host(
        6,
        &[
            "It is now Day 2.",
            "Erin has been killed. He was a Mason.",
            "With 3 alive, It takes 2 to lynch.",
        ],
    ));
    posts.push(vote(7, "Alice", "Carol"));
    posts
}

const RENUMBER: &str =
    "[[corrections]]\nat = 5\nphase = \"Night 1\"\ncomment = \"post 5 begins Night 1\"\n";

fn replay(timed: bool, extra: &str, posts: &[Post]) -> Tracker {
    let game = Game::parse(&format!("{}{extra}", game_file(timed)), "game.toml").expect("game");
    let mut t = Tracker::new(game).expect("tracker");
    t.apply_all(posts);
    t
}

fn items(t: &Tracker, kinds: &[ReviewKind]) -> Vec<ReviewItem> {
    t.status()
        .review
        .into_iter()
        .filter(|r| kinds.contains(&r.kind))
        .collect()
}

#[test]
fn without_the_record_the_day_the_host_begins_is_refused() {
    let t = replay(false, "", &thread());
    assert_eq!(t.phase(), Phase::night(2));
    let refused = items(&t, &[ReviewKind::IgnoredCommand]);
    assert_eq!(refused.len(), 1);
    assert!(
        refused[0]
            .message
            .starts_with("`It is now Day 2.` ignored: Day 2 is already over (it is Night 2)"),
        "{}",
        refused[0].message
    );
}

#[test]
fn a_phase_before_the_running_one_renumbers_it() {
    let t = replay(false, RENUMBER, &thread());
    // Post 6 begins Day 2 as the host said, and Alice's vote counts.
    assert_eq!(t.phase(), Phase::day(2));
    assert_eq!(wagons(&t), [("Carol".to_string(), names(&["Alice"]))]);
    // Day 1 ended with Bob's lynch; no other day is on record.
    let days: Vec<Phase> = t.days().iter().map(|d| d.phase).collect();
    assert_eq!(days, [Phase::day(1)]);
    assert_eq!(
        t.days()[0].tally.wagons[0].voters,
        names(&["Alice", "Carol", "Dave"])
    );
    // The host's word answers both posts: nothing is left to review about phases.
    assert!(
        items(
            &t,
            &[
                ReviewKind::IgnoredCommand,
                ReviewKind::PhaseMismatch,
                ReviewKind::UnreadLine
            ]
        )
        .is_empty(),
        "{:#?}",
        t.status().review
    );
}

#[test]
fn a_renumbered_phase_keeps_the_deadline_of_its_place_in_the_schedule() {
    // Day 1 ends 2026-03-03 18:00; Night 1 would end 2026-03-04 18:00, Day 2 2026-03-06
    // 18:00 and Night 2 2026-03-07 18:00. Post 5 (2 March, 12:05) ends Day 1 early with the
    // lynch and announces Night 2, which keeps its scheduled deadline; renumbered as Night 1
    // it has Night 1's.
    let posts = &thread()[..5];
    let plain = replay(true, "", posts);
    assert_eq!(plain.phase(), Phase::night(2));
    let deadline = |t: &Tracker| t.status().deadline.at.expect("a deadline").to_string();
    assert_eq!(deadline(&plain), "2026-03-07T18:00:00+00:00[UTC]");
    let corrected = replay(true, RENUMBER, posts);
    assert_eq!(corrected.phase(), Phase::night(1));
    assert_eq!(deadline(&corrected), "2026-03-04T18:00:00+00:00[UTC]");
    // The tracker had ended a Day 2 with no votes on the way to Night 2; it never was.
    let days = |t: &Tracker| t.days().iter().map(|d| d.phase).collect::<Vec<_>>();
    assert_eq!(days(&plain), [Phase::day(1), Phase::day(2)]);
    assert_eq!(days(&corrected), [Phase::day(1)]);
}

#[test]
fn a_renumbered_day_keeps_its_votes() {
    // The host skips a number the other way: "It is now Day 3" after Night 1.
    let mut posts = lynch_then_night_two(&["Bob has been lynched. He was a Townie."]);
    posts.push(host(6, &["It is now Day 3."]));
    posts.push(vote(7, "Alice", "Carol"));
    posts.push(vote(8, "Erin", "Carol"));
    let fix = "[[corrections]]\nat = 8\nphase = \"Day 2\"\n";
    let t = replay(false, fix, &posts);
    assert_eq!(t.phase(), Phase::day(2));
    assert_eq!(
        wagons(&t),
        [("Carol".to_string(), names(&["Alice", "Erin"]))]
    );
}

#[test]
fn a_day_with_votes_is_not_taken_back() {
    let fix = "[[corrections]]\nat = 7\nphase = \"Day 1\"\n";
    let t = replay(false, fix, &thread());
    assert_eq!(t.phase(), Phase::night(2));
    let refused: Vec<String> = items(&t, &[ReviewKind::IgnoredCommand])
        .into_iter()
        .filter(|r| r.who.as_deref() == Some("game file"))
        .map(|r| r.message)
        .collect();
    assert_eq!(
        refused,
        [
            "the correction `phase = \"Day 1\"` at post 7 was not applied: Day 1 ended with \
          votes, so the phase cannot be set back to Day 1 (a correction sets the phase back \
          only over phases without votes)"
        ]
    );
}

#[test]
fn the_post_that_begins_a_night_and_names_the_next_night_offers_the_renumbering() {
    let plain = replay(false, "", &thread()[..5]);
    let mismatch = items(&plain, &[ReviewKind::PhaseMismatch]);
    assert_eq!(mismatch.len(), 1, "{mismatch:#?}");
    assert_eq!(mismatch[0].post, Some(5));
    assert_eq!(
        mismatch[0].message,
        "post 5 announces Night 2 during Night 1, which began in this post: no day can have \
         been played in between, so the number is likely wrong; the tracker began Night 2 (if \
         it is Night 1, add the correction)"
    );
    assert_eq!(
        mismatch[0].fix.as_deref(),
        Some(
            "[[corrections]]\nat = 5\nphase = \"Night 1\"\n\
             comment = \"post 5 announces Night 2, but Night 1 began at post 5\"\n"
        )
    );
}

#[test]
fn a_night_begun_by_the_hammer_and_named_wrong_by_the_hosts_next_post_offers_the_renumbering() {
    // 28480 itself: RadiantCowbells's vote hammers (post 881), which ends the day under the
    // hammer rule; the host's next post (883) tells the lynch and "Night 5 has begun".
    let hammer = "[rules]\nvotes = [\"bold\", \"tag\"]\nmajority = \"hammer\"\n";
    let plain = replay(false, hammer, &thread()[..5]);
    let mismatch = items(&plain, &[ReviewKind::PhaseMismatch]);
    assert_eq!(mismatch.len(), 1, "{mismatch:#?}");
    assert_eq!(
        mismatch[0].message,
        "post 5 announces Night 2 during Night 1, which began at post 4, and the host has not \
         posted since: no day can have been played in between, so the number is likely wrong; \
         the tracker began Night 2 (if it is Night 1, add the correction)"
    );
    let fix = mismatch[0].fix.clone().expect("a fix");
    assert_eq!(
        fix,
        "[[corrections]]\nat = 5\nphase = \"Night 1\"\n\
         comment = \"post 5 announces Night 2, but Night 1 began at post 4\"\n"
    );
    let fixed = replay(false, &format!("{hammer}\n{fix}"), &thread());
    assert_eq!(fixed.phase(), Phase::day(2));
    assert_eq!(wagons(&fixed), [("Carol".to_string(), names(&["Alice"]))]);
    assert!(
        items(
            &fixed,
            &[ReviewKind::PhaseMismatch, ReviewKind::IgnoredCommand]
        )
        .is_empty()
    );
}

#[test]
fn a_night_skipped_after_the_host_has_posted_is_the_hosts_word() {
    // The host posted after the lynch: a day may have begun in that post unread, so the
    // item pins the announced phase as before.
    let mut posts = lynch_then_night_two(&["Bob has been lynched. He was a Townie."]);
    posts.push(host(6, &["Night actions are due soon."]));
    posts.push(host(7, &["Night 2 has begun."]));
    let plain = replay(false, "", &posts);
    let mismatch = items(&plain, &[ReviewKind::PhaseMismatch]);
    assert_eq!(mismatch.len(), 1, "{mismatch:#?}");
    assert_eq!(
        mismatch[0].message,
        "post 7 announces Night 2 during Night 1: Day 2 began without a post the tracker read"
    );
}

#[test]
fn the_refused_day_start_offers_the_renumbering_at_the_post_that_skipped_it() {
    // Here the night's number comes after another host post: the tracker cannot tell at
    // post 7 whether a Day 2 began unread in post 6, so that item pins Night 2 as the host's
    // word; "It is now Day 2" at post 8 shows Night 2 was Night 1.
    let mut posts = lynch_then_night_two(&["Bob has been lynched. He was a Townie."]);
    posts.push(host(6, &["Night actions are due soon."]));
    posts.push(host(7, &["Night 2 has begun. Send your actions."]));
    posts.push(host(8, &["It is now Day 2."]));
    let plain = replay(false, "", &posts);
    let refused = items(&plain, &[ReviewKind::IgnoredCommand]);
    assert_eq!(refused.len(), 1, "{refused:#?}");
    assert_eq!(
        refused[0].message,
        "`It is now Day 2.` ignored: Day 2 is already over (it is Night 2); Night 2 began at \
         post 7, skipping Day 2: if Night 2 was Night 1 misnumbered, add the correction"
    );
    let fix = refused[0].fix.clone().expect("a fix");
    assert_eq!(
        fix,
        "[[corrections]]\nat = 7\nphase = \"Night 1\"\ncomment = \"post 7 announced Night 2, \
         skipping Day 2, which the host began later: it was Night 1\"\n"
    );
    // Pasted into the game file, it reads post 8 as told.
    let fixed = replay(false, &fix, &posts);
    assert_eq!(fixed.phase(), Phase::day(2));
    assert!(items(&fixed, &[ReviewKind::IgnoredCommand]).is_empty());
}

#[test]
fn each_suggested_record_pasted_back_leaves_nothing_to_review() {
    let plain = replay(false, "", &thread());
    let fixes: Vec<String> = plain
        .review()
        .iter()
        .filter_map(|r| r.fix.clone())
        .collect();
    assert_eq!(fixes.len(), 2, "{:#?}", plain.review());
    for fix in fixes {
        let t = replay(false, &fix, &thread());
        assert_eq!(t.phase(), Phase::day(2));
        assert!(
            items(&t, &[ReviewKind::IgnoredCommand, ReviewKind::PhaseMismatch]).is_empty(),
            "{fix}: {:#?}",
            t.review()
        );
    }
}

#[test]
fn a_quoted_misnumbered_announcement_is_no_announcement() {
    // A player quotes the host's post 5 during Day 1 before the lynch is told: nothing moves.
    let posts = [
        host(1, &["It is now Day 1!"]),
        post(
            2,
            "GM",
            "<blockquote><div><cite>GM wrote:</cite>Night 2 has begun.</div></blockquote>\
             Not yet, sorry: that was the wrong thread.",
        ),
        host(3, &["It is now Day 1 still. Vote on."]),
    ];
    let t = replay(false, "", &posts);
    assert_eq!(t.phase(), Phase::day(1));
    assert!(items(&t, &[ReviewKind::PhaseMismatch]).is_empty());
}
