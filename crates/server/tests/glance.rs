//! The status page at a glance (issue 14, point 7): wagons at L-1 and at majority stand out
//! by class and by a visible mark, the countdown is large, the living list folds, every time
//! is in the host's zone with UTC on hover, `?at=N` counts down from post N's time, and a
//! bad `?at=` is a 400 page naming what was expected.

mod common;

use axum::http::StatusCode;
use common::Site;

/// Five players in Stockholm; Day 1 ends Friday 2026-03-20 21:00 local time, which is
/// 20:00 UTC (CET, UTC+1: summer time starts on 29 March).
const GAME: &str = r#"
name = "Glance Mafia"
gms = ["Mod"]
zone = "Europe/Stockholm"
first_phase = "Day 1"
first_deadline = "2026-03-20 21:00"
day_length = "48h"
night_length = "24h"
players = ["Alice", "Bob", "Carol", "Dave", "Erin"]
[rules]
votes = ["bold"]
majority = "lock"
"#;

/// The test site writes post N at 09:46:40 UTC plus N-1 hours on 2026-03-20 (the first
/// post at Unix time 1,774,000,000): post 2 at 10:46:40, post 11 at 19:46:40 UTC.
fn site(posts: &[(&str, &str)]) -> Site {
    let site = Site::new();
    site.game("glance", GAME, posts);
    site
}

fn chatter() -> Vec<(&'static str, &'static str)> {
    let mut posts = vec![("Mod", "Day 1 starts."), ("Alice", "<b>Vote: Bob</b>")];
    posts.extend(std::iter::repeat_n(("Erin", "Just chatting."), 10));
    posts
}

#[tokio::test]
async fn a_wagon_one_vote_short_is_marked_l_1_and_a_full_one_majority() {
    // 5 alive: majority 3. Bob has Alice and Carol (2, L-1); Alice has Bob (1, L-2).
    let two = site(&[
        ("Mod", "Day 1 starts."),
        ("Alice", "<b>Vote: Bob</b>"),
        ("Carol", "<b>Vote: Bob</b>"),
        ("Bob", "<b>Vote: Alice</b>"),
    ]);
    let page = two.get("/g/glance").await.body;
    assert!(
        page.contains(r#"<tr class="l1"><td>Bob</td><td><strong class="mark">2, L-1</strong>"#),
        "{page}"
    );
    assert!(page.contains("<tr><td>Alice</td><td>1, L-2"), "{page}");

    // Dave's vote is Bob's third: majority.
    let three = site(&[
        ("Mod", "Day 1 starts."),
        ("Alice", "<b>Vote: Bob</b>"),
        ("Carol", "<b>Vote: Bob</b>"),
        ("Bob", "<b>Vote: Alice</b>"),
        ("Dave", "<b>Vote: Bob</b>"),
    ]);
    let page = three.get("/g/glance").await.body;
    assert!(
        page.contains(
            r#"<tr class="majority"><td>Bob</td><td><strong class="mark">3, majority</strong>"#
        ),
        "{page}"
    );
}

#[tokio::test]
async fn times_are_in_the_hosts_zone_with_utc_on_hover() {
    let site = site(&chatter());
    let page = site.get("/g/glance?at=2").await.body;
    assert!(
        page.contains(
            r#"<time datetime="2026-03-20T20:00:00Z" title="2026-03-20 20:00 UTC">Fri 2026-03-20 21:00 CET</time>"#
        ),
        "{page}"
    );
    // Post 1 at 09:46:40 UTC is 10:46 in Stockholm.
    let posts = site.get("/g/glance/posts").await.body;
    assert!(
        posts.contains(
            r#"<time datetime="2026-03-20T09:46:40Z" title="2026-03-20 09:46 UTC">Fri 2026-03-20 10:46 CET</time>"#
        ),
        "{posts}"
    );
}

#[tokio::test]
async fn as_of_a_post_the_countdown_runs_from_that_posts_time() {
    let site = site(&chatter());
    // Post 2 at 10:46:40 UTC; Day 1 ends at 20:00 UTC: 9 hours 13 minutes 20 seconds later.
    let page = site.get("/g/glance?at=2").await.body;
    assert!(
        page.contains(r#"<p class="countdown">Day 1 ends in 9 hours 13 minutes</p>"#),
        "{page}"
    );
    // Post 11 at 19:46:40 UTC: 13 minutes 20 seconds left.
    let page = site.get("/g/glance?at=11").await.body;
    assert!(
        page.contains(r#"<p class="countdown">Day 1 ends in 13 minutes</p>"#),
        "{page}"
    );
    // Without `at`, seen from today (after March 2026): Night 1 (from Friday 21:00 to
    // Saturday 21:00 CET) has passed too.
    let page = site.get("/g/glance").await.body;
    assert!(
        page.contains(r#"<p class="countdown">Night 1: deadline passed</p>"#),
        "{page}"
    );
}

#[tokio::test]
async fn the_living_list_folds() {
    let site = site(&chatter());
    let page = site.get("/g/glance").await.body;
    assert!(
        page.contains(r#"<details class="alive" open><summary>Alive (5)</summary>"#),
        "{page}"
    );
    assert!(!page.contains("<script"), "{page}");
}

#[tokio::test]
async fn a_bad_at_is_a_400_page_naming_what_was_expected() {
    let site = site(&chatter());
    // The thread has 12 posts.
    for bad in ["abc", "-1", "13", "2.5"] {
        for path in ["/g/glance", "/api/games/glance"] {
            let page = site.get(&format!("{path}?at={bad}")).await;
            assert_eq!(page.status, StatusCode::BAD_REQUEST, "{path}?at={bad}");
            assert!(
                page.body
                    .contains("expected a post number from 0 to 12 (the last post is #12)"),
                "{path}?at={bad}: {}",
                page.body
            );
        }
    }
    assert_eq!(site.get("/g/glance?at=12").await.status, StatusCode::OK);
    assert_eq!(site.get("/g/glance?at=0").await.status, StatusCode::OK);
}

/// Three players held to two posts a day; Day 1 first, no schedule (it runs until the GM
/// ends it).
const MINIMUM_TWO_POSTS: &str = r#"
name = "Quiet Mafia"
gms = ["Mod"]
zone = "UTC"
first_phase = "Day 1"
day_length = "48h"
night_length = "24h"
players = ["Alice", "Bob", "Carol"]
[rules]
activity_min_posts = 2
"#;

#[tokio::test]
async fn the_activity_page_lists_silent_players_and_flags_those_under_the_minimum_during_the_day() {
    // `activity_min_posts = 2`; Day 1 is still running (no schedule, no GM end).
    let site = Site::new();
    site.game(
        "quiet",
        MINIMUM_TWO_POSTS,
        &[
            ("Mod", "It is now Day 1."),
            ("Alice", "First."),
            ("Alice", "Second."),
            ("Bob", "Only once."),
        ],
    );
    let page = site.get("/g/quiet/activity").await.body;
    assert!(page.contains("Minimum: 2 posts a day."), "{page}");
    // Alice made 2 posts: not flagged. Bob made 1 and Carol none: both under 2.
    assert!(
        page.contains(r#"<tr><td><a href="/g/quiet/player/Alice">Alice</a></td><td>2</td>"#),
        "{page}"
    );
    assert!(
        page.contains(r#"<tr class="inactive"><td><a href="/g/quiet/player/Bob">Bob</a><span class="mark">under 2</span></td><td>1</td>"#),
        "{page}"
    );
    assert!(
        page.contains(r#"<tr class="inactive"><td><a href="/g/quiet/player/Carol">Carol</a><span class="mark">under 2</span></td><td>0</td><td>0</td>"#),
        "{page}"
    );
    // The GM is no player: never flagged.
    assert!(!page.contains(r#"Mod</a><span class="mark">"#), "{page}");
}

#[tokio::test]
async fn a_slot_replaced_mid_day_is_one_row_held_to_the_minimum_once() {
    // `activity_min_posts = 2`. Dave replaces Carol in post 4 and takes the slot at his
    // first post (5): the slot posted twice on Day 1 (Carol's post 3, Dave's post 5).
    let site = Site::new();
    site.game(
        "swap",
        MINIMUM_TWO_POSTS,
        &[
            ("Mod", "It is now Day 1."),
            ("Alice", "First."),
            ("Carol", "Morning all."),
            ("Mod", "Dave has replaced Carol."),
            ("Dave", "Hello, catching up."),
            ("Alice", "Second."),
            ("Bob", "Only once."),
        ],
    );
    let page = site.get("/g/swap/activity").await.body;
    // Carol's 2 words and Dave's 3: one row of 2 posts and 5 words, not flagged.
    assert!(
        page.contains(
            r#"<tr><td><a href="/g/swap/player/Carol">Carol</a> → <a href="/g/swap/player/Dave">Dave</a></td><td>2</td><td>5</td></tr>"#
        ),
        "{page}"
    );
    assert!(!page.contains(r#"Carol</a><span class="mark">"#), "{page}");
    assert!(!page.contains(r#"Dave</a><span class="mark">"#), "{page}");
    // Bob is still under the minimum.
    assert!(
        page.contains(r#"<tr class="inactive"><td><a href="/g/swap/player/Bob">Bob</a><span class="mark">under 2</span></td><td>1</td><td>2</td></tr>"#),
        "{page}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&site.get("/api/games/swap/activity").await.body).unwrap();
    let slot = json
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["players"] == serde_json::json!(["Carol", "Dave"]))
        .expect("the slot's row");
    assert_eq!(slot["author"], "Carol → Dave");
    assert_eq!(
        (slot["posts"].as_u64(), slot["words"].as_u64()),
        (Some(2), Some(5))
    );
}

#[tokio::test]
async fn a_slots_players_posts_before_and_after_they_held_it_count_for_the_slot() {
    // Dave posts before the host's replacement (post 2) and takes Carol's slot at his next
    // post (4); Carol says goodbye after it (5). All three are the slot's: one row.
    let site = Site::new();
    site.game(
        "handover",
        MINIMUM_TWO_POSTS,
        &[
            ("Mod", "It is now Day 1."),
            ("Dave", "Carol asked me to sub in."),
            ("Mod", "Dave has replaced Carol."),
            ("Dave", "Hello, catching up."),
            ("Carol", "Good luck all."),
        ],
    );
    let json: serde_json::Value =
        serde_json::from_str(&site.get("/api/games/handover/activity").await.body).unwrap();
    let rows: Vec<(String, u64, u64)> = json
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            let n = |k: &str| a[k].as_u64().unwrap();
            (
                a["author"].as_str().unwrap().to_owned(),
                n("posts"),
                n("words"),
            )
        })
        .collect();
    // Words: the host 5 + 4; the slot 6 ("Carol asked me to sub in.") + 3 + 3. Alice and
    // Bob made no post.
    assert_eq!(
        rows,
        [
            ("Mod".to_owned(), 2, 9),
            ("Carol → Dave".to_owned(), 3, 12),
            ("Alice".to_owned(), 0, 0),
            ("Bob".to_owned(), 0, 0),
        ]
    );
}

#[tokio::test]
async fn a_finished_game_names_the_winner() {
    let site = Site::new();
    let game = r#"
name = "Over Mafia"
gms = ["Mod"]
zone = "UTC"
first_phase = "Day 1"
day_length = "48h"
night_length = "24h"
players = ["Alice", "Bob", "Carol"]
"#;
    // The host ends the game and names the side in a sentence of its own.
    site.game(
        "over",
        game,
        &[
            ("Mod", "It is now Day 1."),
            ("Mod", "The game ended! Town wins."),
        ],
    );
    let page = site.get("/g/over").await.body;
    assert!(
        page.contains("<strong>The game is over</strong>: Town won."),
        "{page}"
    );
    // No countdown for a finished game.
    assert!(!page.contains(r#"class="countdown""#), "{page}");
}
