//! Snapshots: a restart serves the stored derivation instead of replaying the thread, and a
//! snapshot that no longer matches the posts (or was made by other code) is never served.

mod common;

use common::Site;
use mafia_posts::{Markup, RawPost};
use mafia_server::derive::DERIVE_VERSION;

const GAME: &str = r#"
name = "Snap"
gms = ["Mod"]
zone = "UTC"
first_phase = "Day 1"
day_length = "48h"
night_length = "24h"
players = [{ name = "Alice" }, { name = "Bob" }, { name = "Erin" }]
"#;

/// Rewrites the stored snapshot so that a page served from it can be told apart.
fn mark_snapshot(site: &Site, game: i64, version: &str) {
    let (posts, json) = site.store.snapshot(game, DERIVE_VERSION).unwrap().unwrap();
    let marked = json.replace("\"not_voting\":[", "\"not_voting\":[\"FromSnapshot\",");
    assert_ne!(marked, json, "the snapshot has a tally");
    site.store
        .put_snapshot(game, version, posts, &marked)
        .unwrap();
}

#[tokio::test]
async fn a_restart_serves_the_snapshot_until_the_posts_change() {
    let mut site = Site::new();
    let game = site.game(
        "snap",
        GAME,
        &[("Alice", "<b>Vote: Bob</b>"), ("Bob", "<b>Vote: Alice</b>")],
    );
    assert!(site.get("/g/snap").await.body.contains("Not voting: Erin"));
    let (posts, _) = site.store.snapshot(game, DERIVE_VERSION).unwrap().unwrap();
    assert_eq!(posts, 2);

    mark_snapshot(&site, game, DERIVE_VERSION);
    site.restart();
    let page = site.get("/g/snap").await.body;
    assert!(page.contains("Not voting: FromSnapshot, Erin"), "{page}");

    // A new post drops the snapshot: the next start replays the thread.
    let post = RawPost {
        id: "3".into(),
        number: 3,
        author: "Erin".into(),
        time: None,
        edited: None,
        body: Markup::Html("<b>Vote: Bob</b>".into()),
    };
    site.store.import_posts(game, &[post]).unwrap();
    site.restart();
    let page = site.get("/g/snap").await.body;
    assert!(page.contains("Not voting: nobody"), "{page}");
}

#[tokio::test]
async fn a_snapshot_made_by_other_code_is_replayed_instead() {
    let mut site = Site::new();
    let game = site.game("snap", GAME, &[("Alice", "<b>Vote: Bob</b>")]);
    site.get("/g/snap").await;
    mark_snapshot(&site, game, "derive-0/0.0.0");
    site.store
        .put_snapshot(game, "derive-0/0.0.0", 1, "{}")
        .unwrap();
    site.restart();
    let page = site.get("/g/snap").await.body;
    assert!(page.contains("Not voting: Bob, Erin"), "{page}");
}
