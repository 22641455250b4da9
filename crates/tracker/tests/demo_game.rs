//! The bundled demo game (`demo/game.toml`, `demo/thread.jsonl`) replayed end to end. Every
//! expected value below was worked out by hand from the thread and the rules.

use mafia_posts::{JsonlSource, Post, PostSource};
use mafia_tracker::phase::Phase;
use mafia_tracker::review::ReviewKind;
use mafia_tracker::votes::Verdict;
use mafia_tracker::{Game, Status, Tracker};

const DEMO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../demo");

fn posts() -> Vec<Post> {
    let mut source = JsonlSource::open(format!("{DEMO}/thread.jsonl")).expect("demo thread");
    let batch = source.read().expect("readable");
    assert!(batch.problems.is_empty(), "{:?}", batch.problems);
    batch.normalised()
}

/// The demo's state as of post `n`.
fn as_of(n: u64) -> Status {
    let game = Game::load(format!("{DEMO}/game.toml").as_ref()).expect("demo game file");
    let mut t = Tracker::new(game).expect("tracker");
    t.apply_all(posts().iter().filter(|p| p.number <= n));
    t.status()
}

fn wagons(s: &Status) -> Vec<(String, Vec<String>, bool)> {
    s.tally
        .as_ref()
        .map(|t| {
            t.wagons
                .iter()
                .map(|w| (w.candidate.clone(), w.voters.clone(), w.locked))
                .collect()
        })
        .unwrap_or_default()
}

fn w(candidate: &str, voters: &[&str], locked: bool) -> (String, Vec<String>, bool) {
    (
        candidate.into(),
        voters.iter().map(|v| v.to_string()).collect(),
        locked,
    )
}

fn utc(s: &Status) -> String {
    s.deadline
        .at
        .as_ref()
        .map(|z| z.timestamp().to_string())
        .unwrap_or_default()
}

#[test]
fn the_thread_has_more_than_thirty_posts() {
    assert!(posts().len() >= 30);
}

#[test]
fn day_1_after_alices_unvote_bob_is_one_short_of_majority() {
    let s = as_of(13);
    assert_eq!(s.phase, Phase::day(1));
    // Frank's `##vote Bbo` is a near miss for Bob; Dave's unbolded vote, Erin's `V:` and
    // Hank's `##vote Zorro` do not count; Grace's quoted vote is inside a quote.
    assert_eq!(
        wagons(&s),
        vec![
            w("Bob", &["Carol", "Frank", "Dave", "Erin"], false),
            w("Alice", &["Bob"], false)
        ]
    );
    let t = s.tally.expect("day");
    assert_eq!((t.living, t.majority, t.lock_at), (8, 5, Some(6)));
    assert_eq!(t.wagons[0].short_of_majority, 1);
    assert_eq!(t.not_voting, ["Alice", "Grace", "Hank"]);
}

#[test]
fn day_1_the_sixth_vote_locks_bob_and_carol_cannot_leave() {
    let s = as_of(17);
    assert_eq!(
        wagons(&s),
        vec![
            w(
                "Bob",
                &["Carol", "Frank", "Dave", "Erin", "Grace", "Hank"],
                true
            ),
            w("Alice", &["Bob"], false)
        ]
    );
    // The deadline was moved two hours later: Friday 23:00 in Stockholm, still winter time.
    assert_eq!(utc(&s), "2026-03-27T22:00:00Z");
    assert_eq!(
        s.deadline.at.as_ref().map(|z| z.offset().seconds()),
        Some(3600)
    );
}

#[test]
fn day_2_crosses_the_switch_to_summer_time_and_keeps_23_00_local() {
    let s = as_of(22);
    assert_eq!(s.phase, Phase::day(2));
    // Night 1 ended early; Day 2 keeps its scheduled deadline: Monday 23:00 CEST.
    assert_eq!(utc(&s), "2026-03-30T21:00:00Z");
    assert_eq!(
        s.deadline.at.as_ref().map(|z| z.offset().seconds()),
        Some(7200)
    );
    // Ivan replaced Frank.
    let alive: Vec<_> = s
        .alive
        .iter()
        .map(|p| (p.name.as_str(), p.replaced.clone()))
        .collect();
    assert_eq!(
        alive,
        vec![
            ("Alice", vec![]),
            ("Dave", vec![]),
            ("Erin", vec![]),
            ("Ivan", vec!["Frank".to_string()]),
            ("Grace", vec![]),
            ("Hank", vec![]),
        ]
    );
    let dead: Vec<_> = s
        .dead
        .iter()
        .map(|d| (d.name.as_str(), d.phase, d.comment.as_str()))
        .collect();
    // Bob's lynch was announced at 23:10, after Day 1's deadline (23:00): it is Day 1's death
    // (issue 11 point 8), though the post was made in Night 1.
    assert_eq!(
        dead,
        vec![
            ("Bob", Phase::day(1), "a Vanilla Townie."),
            ("Carol", Phase::night(1), "the Doctor.")
        ]
    );
}

#[test]
fn day_2_votes_for_the_replaced_name_go_to_the_slot() {
    let s = as_of(30);
    // Alice's `##vote Frank` counts for Ivan's slot; Erin voted with a vote tag.
    assert_eq!(
        wagons(&s),
        vec![
            w("Ivan", &["Dave", "Erin", "Alice", "Hank"], false),
            w("Dave", &["Ivan", "Grace"], false)
        ]
    );
    let t = s.tally.expect("day");
    assert_eq!((t.living, t.majority, t.lock_at), (6, 4, Some(5)));
    assert_eq!(t.wagons[0].short_of_majority, 0);
    // Moved one day later: Tuesday 23:00 CEST; then Night 2 and Day 3 at 23:00 too.
    let upcoming: Vec<_> = s
        .upcoming
        .iter()
        .map(|d| {
            (
                d.phase,
                d.at.as_ref()
                    .map(|z| z.timestamp().to_string())
                    .unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        upcoming,
        vec![
            (Phase::day(2), "2026-03-31T21:00:00Z".to_string()),
            (Phase::night(2), "2026-04-01T21:00:00Z".to_string()),
            (Phase::day(3), "2026-04-03T21:00:00Z".to_string()),
        ]
    );
}

#[test]
fn the_final_state() {
    let s = as_of(u64::MAX);
    assert!(s.game_over);
    assert_eq!(s.phase, Phase::night(2));
    assert!(s.upcoming.is_empty());
    assert_eq!(s.tally, None);
    let alive: Vec<_> = s.alive.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(alive, ["Alice", "Carol", "Dave", "Erin"]);
    let dead: Vec<_> = s
        .dead
        .iter()
        .map(|d| (d.name.as_str(), d.phase, d.comment.as_str()))
        .collect();
    assert_eq!(
        dead,
        vec![
            // Lynches are the deaths of their days, even announced after the deadline.
            ("Bob", Phase::day(1), "a Vanilla Townie."),
            ("Ivan", Phase::day(2), "a Vanilla Townie."),
            ("Grace", Phase::day(2), "a Mason, and a good one."),
            ("Hank", Phase::night(2), "the Cop."),
        ]
    );
    // Day 1: Bob locked with six votes. Day 2: Grace's vote died with her; Alice went to No Lynch.
    let days: Vec<_> = s
        .previous_days
        .iter()
        .map(|d| {
            (
                d.phase,
                d.tally
                    .wagons
                    .iter()
                    .map(|w| (w.candidate.clone(), w.votes, w.locked))
                    .collect::<Vec<_>>(),
            )
        })
        .collect();
    assert_eq!(
        days,
        vec![
            (
                Phase::day(1),
                vec![("Bob".into(), 6, true), ("Alice".into(), 1, false)]
            ),
            (
                Phase::day(2),
                vec![
                    ("Ivan".into(), 3, false),
                    ("Dave".into(), 2, false),
                    ("No Lynch".into(), 1, false)
                ]
            ),
        ]
    );
}

#[test]
fn the_final_gm_review_list() {
    let s = as_of(u64::MAX);
    let items: Vec<_> = s
        .review
        .iter()
        .map(|r| (r.post, r.kind, r.who.clone().unwrap_or_default()))
        .collect();
    use ReviewKind::*;
    let expected: Vec<(Option<u64>, ReviewKind, String)> = vec![
        (Some(5), VoteNotCounted, "Dave"),
        (Some(6), VoteNotCounted, "Erin"),
        (Some(7), NearMissVote, "Frank"),
        (Some(9), NonPlayerPosted, "Ivan"),
        (Some(10), EditedPost, "Hank"),
        (Some(10), RejectedVote, "Hank"),
        (Some(17), VoteRefused, "Carol"),
        (None, Inactive, "Bob"),
        (None, Inactive, "Frank"),
        (Some(19), NightPost, "Frank"),
        (Some(21), NonPlayerPosted, "Ivan"),
        (Some(27), NonPlayerPosted, "Frank"),
        (Some(31), IgnoredCommand, "Moderator"),
        (None, Inactive, "Carol"),
        (None, Inactive, "Ivan"),
        (Some(40), NightPost, "Erin"),
        (Some(41), FiftyPercentRule, ""),
        (Some(43), IgnoredCommand, "Moderator"),
    ]
    .into_iter()
    .map(|(p, k, w)| (p, k, w.to_string()))
    .collect();
    assert_eq!(items, expected);
}

#[test]
fn every_vote_of_day_1_is_kept_with_its_text_post_and_verdict() {
    let s = as_of(u64::MAX);
    let log = &s.previous_days[0].votes;
    // Posts 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 15, 16, 17 hold a vote-like mark (post 8's is
    // quoted). Posts 5 (unbolded), 6 (`V:`) and 10 (`Zorro`) do not count; post 17 (Carol's
    // unvote on the locked wagon) is refused.
    let posts: Vec<u64> = log.iter().map(|v| v.post).collect();
    assert_eq!(posts, [2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 15, 16, 17]);
    let counted: Vec<u64> = log.iter().filter(|v| v.counted).map(|v| v.post).collect();
    assert_eq!(counted, [2, 3, 4, 7, 11, 12, 13, 15, 16]);
    let frank = &log[5];
    assert_eq!(
        (frank.voter.as_str(), frank.raw.as_str()),
        ("Frank", "##vote Bbo")
    );
    assert!(matches!(frank.verdict, Verdict::NearMiss { .. }));
}
