//! The status page at a glance on the demo game (`demo/game.toml`, `demo/thread.jsonl`; issue
//! 14 point 7): the host's zone (Europe/Stockholm) with UTC on hover, the countdown as of a
//! post, the winner, and a bad `?at=`. Expected values worked out from the thread's times.

mod common;

use std::io::Cursor;

use axum::http::StatusCode;
use common::Site;
use mafia_posts::{JsonlSource, PostSource};
use mafia_store::NewGame;

const GAME: &str = include_str!("../../../demo/game.toml");
const THREAD: &str = include_str!("../../../demo/thread.jsonl");

fn demo_site() -> Site {
    let site = Site::new();
    let posts = JsonlSource::new(Cursor::new(THREAD), "demo/thread.jsonl")
        .read()
        .expect("the demo thread")
        .posts;
    let id = site
        .store
        .create_game(&NewGame::new("demo", GAME))
        .expect("game");
    site.store.import_posts(id, &posts).expect("import");
    site
}

#[tokio::test]
async fn as_of_post_8_day_1_ends_in_a_day_and_a_half_in_stockholm_time() {
    let site = demo_site();
    // Post 8 (Grace) is Thursday 2026-03-26 12:30 CET; Day 1 ends Friday 21:00 CET
    // (20:00 UTC): 32 hours 30 minutes later.
    let page = site.get("/g/demo?at=8").await.body;
    assert!(
        page.contains(r#"<p class="countdown">Day 1 ends in 1 day 8 hours 30 minutes</p>"#),
        "{page}"
    );
    assert!(
        page.contains(
            r#"<time datetime="2026-03-27T20:00:00Z" title="2026-03-27 20:00 UTC">Fri 2026-03-27 21:00 CET</time>"#
        ),
        "{page}"
    );
}

#[tokio::test]
async fn the_finished_demo_names_mafia_as_the_winner() {
    let site = demo_site();
    // Post 46: "mafia Dave and Erin win. Game has ended."
    let page = site.get("/g/demo").await.body;
    assert!(
        page.contains("<strong>The game is over</strong>: Mafia won."),
        "{page}"
    );
}

#[tokio::test]
async fn the_demo_refuses_a_post_after_its_last_one() {
    let site = demo_site();
    // The demo thread has 46 posts.
    let page = site.get("/g/demo?at=47").await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(
        page.body
            .contains("expected a post number from 0 to 46 (the last post is #46)"),
        "{}",
        page.body
    );
    assert_eq!(site.get("/g/demo?at=46").await.status, StatusCode::OK);
}

#[tokio::test]
async fn the_demo_activity_flags_bob_and_frank_under_two_posts_on_day_1() {
    let site = demo_site();
    // `activity_min_posts = 2`. Day 1 is posts 1 to 17: Bob posted once (3), Frank once (7);
    // Alice twice (2, 13). Frank's slot went to Ivan in post 22; Frank still counts for Day 1.
    let page = site.get("/g/demo/activity").await.body;
    let day1 = page
        .split("<h2>Day 1</h2>")
        .nth(1)
        .and_then(|rest| rest.split("</table>").next())
        .expect("a Day 1 table");
    for name in ["Bob", "Frank"] {
        assert!(
            day1.contains(&format!(
                r#"<tr class="inactive"><td><a href="/g/demo/player/{name}">{name}</a><span class="mark">under 2</span></td><td>1</td>"#
            )),
            "{name}: {day1}"
        );
    }
    assert!(
        day1.contains(r#"<tr><td><a href="/g/demo/player/Alice">Alice</a></td><td>2</td>"#),
        "{day1}"
    );
    // Ivan posted once on Day 1 (post 9, "Spectating this one.") before he replaced Frank in
    // post 22: he held no slot that day, so the minimum is not his.
    assert!(
        day1.contains(r#"<tr><td><a href="/g/demo/player/Ivan">Ivan</a></td><td>1</td>"#),
        "{day1}"
    );
}
