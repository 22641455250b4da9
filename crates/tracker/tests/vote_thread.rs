//! A game whose votes are cast in a separate vote thread (issue 11, point 5), on the hand-made
//! pair of threads in `tests/vote-thread/`: merged by timestamps, and, with the timestamps
//! taken away, by the hosts' phase posts; the two orders agree here.

mod support;

use mafia_posts::{JsonlSource, Post, PostSource};
use mafia_tracker::merge::{MergeOrder, VOTE_THREAD_BASE, merge_vote_thread, post_name};
use mafia_tracker::phase::Phase;
use mafia_tracker::report::{Format, render};
use mafia_tracker::{Game, Tracker};
use support::*;

fn dir() -> String {
    format!("{}/tests/vote-thread", env!("CARGO_MANIFEST_DIR"))
}

fn game() -> Game {
    Game::load(std::path::Path::new(&format!("{}/game.toml", dir()))).expect("game file")
}

fn thread(name: &str) -> Vec<Post> {
    let mut source = JsonlSource::open(format!("{}/{name}", dir())).expect("thread");
    let batch = source.read().expect("thread");
    assert!(batch.problems.is_empty());
    batch.posts.iter().map(|p| p.normalise()).collect()
}

fn untimed(posts: Vec<Post>) -> Vec<Post> {
    posts
        .into_iter()
        .map(|p| Post { time: None, ..p })
        .collect()
}

const V: u64 = VOTE_THREAD_BASE;

/// Game posts 1-2 (Day 1 talk), the three Day 1 votes, the host's lynch and "Night 1
/// begins" (game post 3), Bob's vote at night (vote thread post 6), Day 2 (game posts 4-5),
/// Carol's Day 2 vote. The vote thread's host posts (1, 5, 7) are left out.
const ORDER: [u64; 10] = [1, 2, V + 2, V + 3, V + 4, 3, V + 6, 4, 5, V + 8];

fn numbers(posts: &[Post]) -> Vec<u64> {
    posts.iter().map(|p| p.number).collect()
}

fn replay(posts: &[Post]) -> Tracker {
    let mut t = Tracker::new(game()).expect("tracker");
    t.apply_all(posts);
    t
}

#[test]
fn a_vote_in_the_game_thread_does_not_count_and_is_reviewed() {
    let merged = merge_vote_thread(
        &game(),
        thread("game-thread.jsonl"),
        thread("vote-thread.jsonl"),
    )
    .expect("merge");
    // Up to game post 5: Carol's "Vote: Alice" there is not in the stream.
    let mut t = Tracker::new(game()).expect("tracker");
    let items = merged.apply(&mut t, merged.posts.len() - 1);
    assert_eq!(wagon_voters(&t), []);
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].post, Some(5));
    assert_eq!(items[0].who.as_deref(), Some("Carol"));
    assert_eq!(items[0].phase, Phase::day(2));
    assert!(
        items[0].message.contains("Vote: Alice"),
        "{}",
        items[0].message
    );
    // Her talk stays in the game thread.
    let carol = merged.posts.iter().find(|p| p.number == 5).unwrap();
    let lines: Vec<&str> = carol.body.lines.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(lines, ["Poor Erin. I have a read on Dave."]);
}

/// The merged stream replayed: the state at the end of Day 1 (before the host's lynch post)
/// and at the end.
fn check(posts: &[Post]) -> Tracker {
    let lynch = posts
        .iter()
        .position(|p| p.number == 3)
        .expect("game post 3");
    let day1 = replay(&posts[..lynch]);
    assert_eq!(
        wagon_voters(&day1),
        [
            ("Bob".to_string(), names(&["Alice", "Dave"])),
            ("Alice".to_string(), names(&["Bob"]))
        ]
    );
    let t = replay(posts);
    assert_eq!(t.phase(), Phase::day(2));
    assert_eq!(t.days()[0].phase, Phase::day(1));
    assert!(!t.slots()[1].alive);
    assert!(!t.slots()[4].alive);
    assert_eq!(wagon_voters(&t), [("Dave".to_string(), names(&["Carol"]))]);
    // Dead Bob's vote at night is on the review list, named by its own thread.
    assert!(t.review().iter().any(|r| r.post == Some(V + 6)));
    t
}

#[test]
fn votes_from_the_vote_thread_merge_by_time() {
    let merged = merge_vote_thread(
        &game(),
        thread("game-thread.jsonl"),
        thread("vote-thread.jsonl"),
    )
    .expect("merge");
    assert_eq!(merged.order, MergeOrder::Timestamps);
    assert_eq!(numbers(&merged.posts), ORDER);
    let t = check(&merged.posts);
    let report = render(&t.status(), Format::Text).expect("report");
    assert!(report.contains("[vote thread post 6, Night 1]"), "{report}");
}

#[test]
fn without_timestamps_the_hosts_phase_posts_place_the_votes() {
    let merged = merge_vote_thread(
        &game(),
        untimed(thread("game-thread.jsonl")),
        untimed(thread("vote-thread.jsonl")),
    )
    .expect("merge");
    assert_eq!(merged.order, MergeOrder::Phases);
    assert_eq!(numbers(&merged.posts), ORDER);
    check(&merged.posts);
}

#[test]
fn a_replay_of_the_merged_stream_changes_nothing() {
    let merged = merge_vote_thread(
        &game(),
        thread("game-thread.jsonl"),
        thread("vote-thread.jsonl"),
    )
    .expect("merge");
    let mut t = replay(&merged.posts);
    let before = t.status();
    t.apply_all(&merged.posts);
    assert_eq!(t.status(), before);
    // A vote thread post and the game post of the same number are different posts.
    assert!(merged.posts.iter().any(|p| p.id == "votes:v2"));
}

#[test]
fn a_hosts_post_in_the_vote_thread_is_not_a_command() {
    // The vote thread's host says "Night 1 begins" before the game thread's host ends the
    // day: the game thread decides, and Bob's lynch stays a Day 1 lynch.
    let mut votes = thread("vote-thread.jsonl");
    votes[4].time = Some(utc("2026-03-03 09:00"));
    let merged = merge_vote_thread(&game(), thread("game-thread.jsonl"), votes).expect("merge");
    assert!(
        merged
            .posts
            .iter()
            .all(|p| p.author != "Host" || p.number < V)
    );
    check(&merged.posts);
}

#[test]
fn posts_are_named_by_their_thread() {
    assert_eq!(post_name(12), "post 12");
    assert_eq!(post_name(V + 12), "vote thread post 12");
}
