//! The GM page's host actions (issue 14, point 7): kill, resurrect, replace, end the phase,
//! move the deadline, add an alias. Each stores one `[[corrections]]` record, at the last
//! post unless the host names one, and the status changes as if the GM had posted it.

mod common;

use axum::http::StatusCode;
use common::Site;
use serde_json::Value;

const GAME: &str = r#"
name = "Test Mafia"
gms = ["Mod"]
zone = "UTC"
first_phase = "Day 1"
first_deadline = "2026-03-21 18:00"
day_length = "48h"
night_length = "24h"
players = [{ name = "Alice" }, { name = "Bob" }, { name = "Carol" }]
"#;

/// Day 1: Alice votes `Bobby` (nobody yet), Carol chats. Posts 1–3 on 2026-03-20.
fn site() -> Site {
    let site = common::gm_site(GAME);
    site.store.add_user("Other", "other pass").unwrap();
    site
}

/// Posts one host action as the logged-in `Mod`; the reply.
async fn act(site: &Site, fields: &[(&str, &str)]) -> common::Reply {
    let (session, csrf) = site.log_in("Mod", "correct horse").await;
    let mut all = fields.to_vec();
    all.push(("csrf", &csrf));
    site.post_form("/gm/g/test/control", Some(&session), &all)
        .await
}

/// The stored records, as the game file would hold them.
fn records(site: &Site) -> Vec<String> {
    site.store
        .corrections(1)
        .unwrap()
        .into_iter()
        .map(|c| c.record)
        .collect()
}

async fn status(site: &Site) -> Value {
    serde_json::from_str(&site.get("/api/games/test").await.body).unwrap()
}

#[tokio::test]
async fn kill_stores_a_death_at_the_last_post_and_the_status_lists_it() {
    let site = site();
    let reply = act(
        &site,
        &[
            ("action", "kill"),
            ("name", "Bob"),
            ("comment", "modkilled"),
        ],
    )
    .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    assert_eq!(
        records(&site),
        ["[[corrections]]\nat = 3\ndies = \"Bob\"\ncomment = \"modkilled\"\n"]
    );
    let s = status(&site).await;
    assert_eq!(s["dead"][0]["name"], "Bob");
    assert_eq!(s["dead"][0]["comment"], "modkilled");
    assert_eq!(s["alive"].as_array().unwrap().len(), 2);
    let page = site.get("/g/test").await.body;
    assert!(page.contains("modkilled"), "{page}");
}

#[tokio::test]
async fn resurrect_brings_a_dead_player_back() {
    let site = site();
    act(&site, &[("action", "kill"), ("name", "Bob"), ("at", "2")]).await;
    let reply = act(&site, &[("action", "resurrect"), ("name", "Bob")]).await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    assert_eq!(
        records(&site)[1],
        "[[corrections]]\nat = 3\nresurrect = \"Bob\"\n"
    );
    let s = status(&site).await;
    assert_eq!(s["dead"], serde_json::json!([]));
    assert_eq!(s["alive"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn replace_puts_the_new_player_in_the_slot() {
    let site = site();
    let reply = act(
        &site,
        &[
            ("action", "replace"),
            ("name", "Dave"),
            ("other", "Carol"),
            ("at", "1"),
        ],
    )
    .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    assert_eq!(
        records(&site),
        ["[[corrections]]\nat = 1\nreplace = { new = \"Dave\", old = \"Carol\" }\n"]
    );
    let s = status(&site).await;
    assert_eq!(s["alive"][2]["name"], "Dave");
    assert_eq!(s["alive"][2]["replaced"], serde_json::json!(["Carol"]));
}

#[tokio::test]
async fn end_the_phase_starts_the_night() {
    let site = site();
    let reply = act(&site, &[("action", "end_phase")]).await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    assert_eq!(
        records(&site),
        ["[[corrections]]\nat = 3\nend_phase = true\n"]
    );
    let s = status(&site).await;
    assert_eq!(s["phase"]["kind"], "night");
    assert_eq!(s["phase"]["number"], 1);
}

#[tokio::test]
async fn move_the_deadline_by_the_gm_commands_wording() {
    let site = site();
    let reply = act(&site, &[("action", "move_deadline"), ("name", "24h later")]).await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    assert_eq!(
        records(&site),
        ["[[corrections]]\nat = 3\nmove_deadline = \"24h later\"\n"]
    );
    // The Day 1 deadline 2026-03-21 18:00 UTC, a day later.
    let s = status(&site).await;
    let at = s["deadline"]["at"].as_str().unwrap();
    assert!(at.starts_with("2026-03-22T18:00:00"), "{at}");
}

#[tokio::test]
async fn an_alias_makes_a_vote_for_it_count() {
    let site = site();
    let reply = act(
        &site,
        &[
            ("action", "alias"),
            ("name", "Bobby"),
            ("other", "Bob"),
            ("at", "1"),
        ],
    )
    .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    assert_eq!(
        records(&site),
        ["[[corrections]]\nat = 1\nalias = { name = \"Bobby\", slot = \"Bob\" }\n"]
    );
    let s = status(&site).await;
    assert_eq!(s["tally"]["wagons"][0]["candidate"], "Bob");
    assert_eq!(
        s["tally"]["wagons"][0]["voters"],
        serde_json::json!(["Alice"])
    );
}

#[tokio::test]
async fn a_name_that_is_no_player_is_refused_and_nothing_is_stored() {
    let site = site();
    let reply = act(
        &site,
        &[("action", "kill"), ("name", "<script>alert(1)</script>")],
    )
    .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.body);
    assert!(!reply.body.contains("<script>"), "{}", reply.body);
    assert!(records(&site).is_empty());
    let empty = act(&site, &[("action", "kill"), ("name", "  ")]).await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    let bad_at = act(&site, &[("action", "end_phase"), ("at", "three")]).await;
    assert_eq!(bad_at.status, StatusCode::BAD_REQUEST);
    assert!(records(&site).is_empty());
}

#[tokio::test]
async fn a_hostile_note_is_stored_as_text_and_shown_escaped() {
    let site = site();
    let note = "\"\nend_phase = true\n</pre><script>alert(1)</script>";
    let reply = act(
        &site,
        &[("action", "kill"), ("name", "Bob"), ("comment", note)],
    )
    .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    // One record: the note's quote and newlines do not break out of its string.
    let s = status(&site).await;
    assert_eq!(s["phase"]["kind"], "day");
    assert_eq!(s["dead"][0]["comment"], note);
    let (session, _) = site.log_in("Mod", "correct horse").await;
    let page = site
        .get_with_cookie("/gm/g/test", Some(&session))
        .await
        .body;
    assert!(!page.contains("<script>alert(1)"), "{page}");
    assert!(page.contains("&lt;script&gt;alert(1)"), "{page}");
    let public = site.get("/g/test").await.body;
    assert!(!public.contains("<script>alert(1)"), "{public}");
}

#[tokio::test]
async fn another_gm_is_refused_and_nothing_is_stored() {
    let site = site();
    let (session, csrf) = site.log_in("Other", "other pass").await;
    let reply = site
        .post_form(
            "/gm/g/test/control",
            Some(&session),
            &[("action", "kill"), ("name", "Bob"), ("csrf", &csrf)],
        )
        .await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert!(records(&site).is_empty());
    // And the host's own form without the page's token is refused too.
    let (session, _) = site.log_in("Mod", "correct horse").await;
    let forged = site
        .post_form(
            "/gm/g/test/control",
            Some(&session),
            &[("action", "kill"), ("name", "Bob"), ("csrf", "guess")],
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    assert!(records(&site).is_empty());
}

#[tokio::test]
async fn the_gm_page_offers_each_action_with_the_last_post_as_default() {
    let site = site();
    let (session, _) = site.log_in("Mod", "correct horse").await;
    let page = site
        .get_with_cookie("/gm/g/test", Some(&session))
        .await
        .body;
    for action in [
        "kill",
        "resurrect",
        "replace",
        "end_phase",
        "move_deadline",
        "alias",
    ] {
        assert!(
            page.contains(&format!("name=\"action\" value=\"{action}\"")),
            "{action}"
        );
    }
    assert!(page.contains("placeholder=\"3\""), "{page}");
}

#[tokio::test]
async fn a_refused_game_file_comes_back_as_typed_with_the_error() {
    let site = site();
    let (session, csrf) = site.log_in("Mod", "correct horse").await;
    // The host's edit: a new player, an unknown zone, and text that must stay text.
    let typed = GAME
        .replace("zone = \"UTC\"", "zone = \"Mars/Olympus\"")
        .replace(
            "{ name = \"Carol\" }",
            "{ name = \"Carol\" }, { name = \"</textarea><b>Dave</b>\" }",
        );
    let reply = site
        .post_form(
            "/gm/g/test/config",
            Some(&session),
            &[("config", &typed), ("csrf", &csrf)],
        )
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(reply.body.contains("unknown time zone"), "{}", reply.body);
    // The editor holds what was sent (escaped), not the saved file.
    assert!(
        reply.body.contains("zone = &quot;Mars/Olympus&quot;")
            || reply.body.contains("zone = \"Mars/Olympus\""),
        "{}",
        reply.body
    );
    assert!(
        reply
            .body
            .contains("&lt;/textarea&gt;&lt;b&gt;Dave&lt;/b&gt;"),
        "{}",
        reply.body
    );
    assert!(!reply.body.contains("</textarea><b>Dave"), "{}", reply.body);
    // And the saved game file is unchanged.
    let row = site.store.game("test").unwrap().unwrap();
    assert_eq!(row.config, GAME);
}

#[tokio::test]
async fn the_gm_pages_vote_count_links_votes_to_mafiascum_posts_and_counts_down() {
    let site = site();
    site.store
        .set_thread(
            1,
            Some("https://forum.mafiascum.net/viewtopic.php?t=99"),
            Some("phpbb"),
            false,
        )
        .unwrap();
    // Alice's `Bobby` counts once the host adds the alias.
    act(
        &site,
        &[
            ("action", "alias"),
            ("name", "Bobby"),
            ("other", "Bob"),
            ("at", "1"),
        ],
    )
    .await;
    let (session, _) = site.log_in("Mod", "correct horse").await;
    let page = site
        .get_with_cookie("/gm/g/test", Some(&session))
        .await
        .body;
    let p = "https://forum.mafiascum.net/viewtopic.php?p=";
    for expected in [
        format!(
            "[b]Test Mafia — Vote Count 1.1[/b] (Day 1, as of post [url={p}3#p3]3[/url])"
        ),
        format!("[b]Bob (1, L-1):[/b] [url={p}2#p2]Alice[/url]"),
        "Deadline (Day 1): [countdown]2026-03-21 18:00:00 UTC[/countdown] (Sat 2026-03-21 18:00 UTC)"
            .to_string(),
    ] {
        assert!(page.contains(&expected), "missing {expected} in {page}");
    }
}
