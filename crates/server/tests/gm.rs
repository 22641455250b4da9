//! The GM dashboard: only a logged-in GM with the page's CSRF token changes a game.

mod common;

use axum::http::StatusCode;
use common::{Site, cookie_pair, hidden_csrf, with_csrf};
use serde_json::Value;

const GAME: &str = common::GM_GAME;

fn site() -> Site {
    common::gm_site(GAME)
}

/// Every route that changes something, with a form that would be accepted.
fn mutations() -> Vec<(&'static str, Vec<(&'static str, &'static str)>)> {
    let mut all = vec![("/gm/games", vec![("slug", "new"), ("config", GAME)])];
    all.extend(common::game_routes("Mod"));
    all.extend([
        (
            "/gm/accounts",
            vec![("name", "Another"), ("password", "long enough")],
        ),
        ("/gm/logout", vec![]),
    ]);
    all
}

async fn state_of(site: &Site) -> (usize, String) {
    let games: Value = serde_json::from_str(&site.get("/api/games").await.body).unwrap();
    let status = site.get("/api/games/test").await.body;
    (games.as_array().unwrap().len(), status)
}

#[tokio::test]
async fn visitors_without_a_session_can_change_nothing() {
    let site = site();
    let before = state_of(&site).await;
    for (uri, fields) in mutations() {
        let reply = site
            .post_form(uri, None, &with_csrf(&fields, "guess"))
            .await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{uri}");
        let forged = site
            .post_form(
                uri,
                Some("mafia_session=forged"),
                &with_csrf(&fields, "guess"),
            )
            .await;
        assert_eq!(forged.status, StatusCode::UNAUTHORIZED, "{uri}");
    }
    // Pages of the dashboard lead to the login page (issue 14 point 7: not a bare 401).
    for (page, login) in [
        ("/gm", "/gm/login?next=/gm"),
        ("/gm/g/test", "/gm/login?next=/gm/g/test"),
    ] {
        let reply = site.get(page).await;
        assert_eq!(reply.status, StatusCode::SEE_OTHER, "{page}");
        assert_eq!(reply.location.as_deref(), Some(login), "{page}");
    }
    assert_eq!(state_of(&site).await, before);
    assert!(site.store.corrections(1).unwrap().is_empty());
}

#[tokio::test]
async fn a_logged_in_gm_with_a_wrong_csrf_token_is_refused() {
    let site = site();
    let (session, csrf) = site.log_in("Mod", "correct horse").await;
    let before = state_of(&site).await;
    for (uri, fields) in mutations() {
        let wrong = site
            .post_form(uri, Some(&session), &with_csrf(&fields, "0000"))
            .await;
        assert_eq!(wrong.status, StatusCode::FORBIDDEN, "{uri}");
        let missing = site.post_form(uri, Some(&session), &fields).await;
        assert!(
            missing.status.is_client_error(),
            "{uri}: {}",
            missing.status
        );
        // Another session's token does not work either.
        let mut other = csrf.clone();
        other.replace_range(0..1, if other.starts_with('a') { "b" } else { "a" });
        let near = site
            .post_form(uri, Some(&session), &with_csrf(&fields, &other))
            .await;
        assert_eq!(near.status, StatusCode::FORBIDDEN, "{uri}");
    }
    assert_eq!(state_of(&site).await, before);
    // The session still works.
    assert_eq!(
        site.get_with_cookie("/gm", Some(&session)).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_wrong_password_opens_no_session() {
    let site = site();
    let form = site.get("/gm/login").await;
    let login_cookie = cookie_pair(&form.set_cookies, "mafia_login").unwrap();
    let csrf = hidden_csrf(&form.body).unwrap();
    let reply = site
        .post_form(
            "/gm/login",
            Some(&login_cookie),
            &[("name", "Mod"), ("password", "wrong"), ("csrf", &csrf)],
        )
        .await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    assert!(cookie_pair(&reply.set_cookies, "mafia_session").is_none());
    // And a login form not sent from this site is refused.
    let forged = site
        .post_form(
            "/gm/login",
            None,
            &[
                ("name", "Mod"),
                ("password", "correct horse"),
                ("csrf", "x"),
            ],
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_session_cookie_is_http_only_and_same_site_strict() {
    let site = site();
    let form = site.get("/gm/login").await;
    let login_cookie = cookie_pair(&form.set_cookies, "mafia_login").unwrap();
    let csrf = hidden_csrf(&form.body).unwrap();
    let reply = site
        .post_form(
            "/gm/login",
            Some(&login_cookie),
            &[
                ("name", "Mod"),
                ("password", "correct horse"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(reply.location.as_deref(), Some("/gm"));
    let session = reply
        .set_cookies
        .iter()
        .find(|c| c.starts_with("mafia_session="))
        .unwrap();
    assert!(session.contains("; HttpOnly"), "{session}");
    assert!(session.contains("; SameSite=Strict"), "{session}");
}

#[tokio::test]
async fn a_gm_corrects_a_vote_by_hand_and_the_post_stays_as_written() {
    let site = site();
    let (session, csrf) = site.log_in("Mod", "correct horse").await;
    // Alice's `Bobby` names nobody (the review list shows it); the GM says she meant Carol.
    let reply = site
        .post_form(
            "/gm/g/test/corrections/vote",
            Some(&session),
            &[
                ("post", "2"),
                ("vote", "Carol"),
                ("note", "said so in PM"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER);
    let status: Value = serde_json::from_str(&site.get("/api/games/test").await.body).unwrap();
    assert_eq!(status["tally"]["wagons"][0]["candidate"], "Carol");
    assert_eq!(
        status["tally"]["wagons"][0]["voters"],
        serde_json::json!(["Alice"])
    );
    let posts = site.store.posts(1).unwrap();
    assert_eq!(
        posts[1].body,
        mafia_posts::Markup::Html("<b>Vote: Bobby</b>".into())
    );
    let page = site
        .get_with_cookie("/gm/g/test", Some(&session))
        .await
        .body;
    assert!(page.contains("said so in PM"), "{page}");

    // Removing the correction brings the post back to what it says: a vote for nobody.
    let id = site.store.corrections(1).unwrap()[0].id.to_string();
    let uri = format!("/gm/g/test/corrections/{id}/delete");
    site.post_form(&uri, Some(&session), &[("csrf", &csrf)])
        .await;
    let status: Value = serde_json::from_str(&site.get("/api/games/test").await.body).unwrap();
    assert_eq!(status["tally"]["wagons"], serde_json::json!([]));
}

#[tokio::test]
async fn a_gm_creates_a_game_from_a_thread_url_and_edits_its_players() {
    let site = site();
    let (session, csrf) = site.log_in("Mod", "correct horse").await;
    let reply = site
        .post_form(
            "/gm/games",
            Some(&session),
            &[
                ("slug", "second"),
                ("thread_url", "http://127.0.0.1:9/viewtopic.php?t=5"),
                ("forum", "phpbb"),
                ("config", GAME),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(reply.location.as_deref(), Some("/gm/g/second"));
    let row = site.store.game("second").unwrap().unwrap();
    assert_eq!(
        row.thread_url.as_deref(),
        Some("http://127.0.0.1:9/viewtopic.php?t=5")
    );

    let renamed = GAME.replace("Carol", "Caroline");
    site.post_form(
        "/gm/g/second/config",
        Some(&session),
        &[("config", &renamed), ("csrf", &csrf)],
    )
    .await;
    let page = site.get("/g/second").await.body;
    assert!(page.contains("Caroline"), "{page}");

    // A broken game file is refused with the reason, and the old one stays.
    let bad = site
        .post_form(
            "/gm/g/second/config",
            Some(&session),
            &[("config", "name = "), ("csrf", &csrf)],
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(
        bad.body.contains("the game file has an error"),
        "{}",
        bad.body
    );
    assert!(site.get("/g/second").await.body.contains("Caroline"));
}

#[tokio::test]
async fn the_gm_page_offers_the_bbcode_vote_count_and_the_review_list() {
    let site = site();
    let (session, _) = site.log_in("Mod", "correct horse").await;
    let page = site
        .get_with_cookie("/gm/g/test", Some(&session))
        .await
        .body;
    assert!(page.contains("[b]"), "no BBCode vote count: {page}");
    // Alice's near miss is on the review list.
    assert!(page.contains("Bobby"), "{page}");
}

#[tokio::test]
async fn logging_out_ends_the_session() {
    let site = site();
    let (session, csrf) = site.log_in("Mod", "correct horse").await;
    let reply = site
        .post_form("/gm/logout", Some(&session), &[("csrf", &csrf)])
        .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER);
    let after = site.get_with_cookie("/gm", Some(&session)).await;
    assert_eq!(after.status, StatusCode::SEE_OTHER);
    assert_eq!(after.location.as_deref(), Some("/gm/login?next=/gm"));
}

/// Logs in through the login page reached with `next`; where the login sends the GM.
async fn log_in_with_next(site: &Site, next: &str) -> (String, Option<String>) {
    let form = site.get(&format!("/gm/login?next={next}")).await;
    let login_cookie = cookie_pair(&form.set_cookies, "mafia_login").unwrap();
    let csrf = hidden_csrf(&form.body).unwrap();
    let reply = site
        .post_form(
            "/gm/login",
            Some(&login_cookie),
            &[
                ("name", "Mod"),
                ("password", "correct horse"),
                ("csrf", &csrf),
                ("next", &urlencoding_free_decode(next)),
            ],
        )
        .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    (form.body, reply.location)
}

/// The few escapes these tests put in a `next` (`%2F` for `/`, `%5C` for `\`).
fn urlencoding_free_decode(s: &str) -> String {
    s.replace("%2F", "/").replace("%5C", "\\")
}

#[tokio::test]
async fn the_public_dashboard_link_leads_to_the_login_and_back_to_the_page_asked_for() {
    let site = site();
    // The "GM dashboard" link of the public list of games.
    let public = site.get("/").await.body;
    assert!(public.contains("href=\"/gm\""), "{public}");
    let reply = site.get("/gm/g/test").await;
    assert_eq!(reply.location.as_deref(), Some("/gm/login?next=/gm/g/test"));
    let (form, to) = log_in_with_next(&site, "/gm/g/test").await;
    assert!(
        form.contains("name=\"next\" value=\"/gm/g/test\""),
        "{form}"
    );
    assert_eq!(to.as_deref(), Some("/gm/g/test"));
    // Another site, or a path a browser reads as another host, is not followed.
    for hostile in [
        "https:%2F%2Fevil.example%2F",
        "%2F%2Fevil.example%2F",
        "%2F%5Cevil.example",
    ] {
        let (form, to) = log_in_with_next(&site, hostile).await;
        assert!(!form.contains("evil.example"), "{form}");
        assert_eq!(to.as_deref(), Some("/gm"), "{hostile}");
    }
}

/// Issue 11: the dashboard's "add a correction" takes one game-file record (a review item's
/// fix pasted as it is); the replay applies it after its post.
#[tokio::test]
async fn a_gm_adds_a_correction_record_and_the_replay_applies_it_after_its_post() {
    let site = site();
    let (session, csrf) = site.log_in("Mod", "correct horse").await;
    let record =
        "[[corrections]]\nat = 3\ndies = \"Carol\"\ncomment = \"modkilled for inactivity\"\n";
    let reply = site
        .post_form(
            "/gm/g/test/corrections",
            Some(&session),
            &[("record", record), ("csrf", &csrf)],
        )
        .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    let stored = site.store.corrections(1).unwrap();
    assert_eq!(stored.len(), 1);
    assert_eq!((stored[0].at, stored[0].record.as_str()), (3, record));
    assert_eq!(stored[0].by, "Mod");

    let status: Value = serde_json::from_str(&site.get("/api/games/test").await.body).unwrap();
    assert_eq!(status["dead"][0]["name"], "Carol");
    assert_eq!(status["dead"][0]["post"], 3);
    assert_eq!(status["dead"][0]["comment"], "modkilled for inactivity");
    let page = site
        .get_with_cookie("/gm/g/test", Some(&session))
        .await
        .body;
    assert!(page.contains("dies = &quot;Carol&quot;"), "{page}");

    // Without its header, as one record, it reads the same.
    let reply = site
        .post_form(
            "/gm/g/test/corrections",
            Some(&session),
            &[("record", "at = 3\nresurrect = \"Carol\""), ("csrf", &csrf)],
        )
        .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    let status: Value = serde_json::from_str(&site.get("/api/games/test").await.body).unwrap();
    assert_eq!(status["dead"], serde_json::json!([]));
}

#[tokio::test]
async fn a_correction_that_does_not_read_is_refused_naming_its_line() {
    let site = site();
    let (session, csrf) = site.log_in("Mod", "correct horse").await;
    for (record, expected) in [
        (
            "at = 3\ndies = \"Caroll\"\n",
            "correction:2:8: dies `Caroll` is not a player of this game",
        ),
        (
            "at = 3\nkills = \"Carol\"\n",
            "correction:2:1: unknown field `kills`",
        ),
        (
            "at = 3\ndies = \"Carol\"\nend_phase = true\n",
            "correction:3:13: the correction at post 3 has 2 actions",
        ),
        ("at = \"three\"\nend_phase = true\n", "correction:1:6:"),
    ] {
        let reply = site
            .post_form(
                "/gm/g/test/corrections",
                Some(&session),
                &[("record", record), ("csrf", &csrf)],
            )
            .await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{record}");
        assert!(
            reply.body.contains("the correction has an error") && reply.body.contains(expected),
            "{record}: {}",
            reply.body
        );
    }
    // A vote correction whose post is not a player's, or does not exist.
    for (post, expected) in [
        ("1", "post 1 is by Mod, who is not a player"),
        ("9", "there is no post 9"),
    ] {
        let reply = site
            .post_form(
                "/gm/g/test/corrections/vote",
                Some(&session),
                &[("post", post), ("vote", "Bob"), ("csrf", &csrf)],
            )
            .await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST);
        assert!(reply.body.contains(expected), "{}", reply.body);
    }
    assert!(site.store.corrections(1).unwrap().is_empty());
}

#[tokio::test]
async fn what_a_gm_writes_in_a_correction_is_escaped_on_every_page() {
    let site = site();
    let (session, csrf) = site.log_in("Mod", "correct horse").await;
    let record = "at = 3\ndies = \"Carol\"\ncomment = \"<script>alert('x')</script>\"\n";
    site.post_form(
        "/gm/g/test/corrections",
        Some(&session),
        &[("record", record), ("csrf", &csrf)],
    )
    .await;
    let gm_page = site
        .get_with_cookie("/gm/g/test", Some(&session))
        .await
        .body;
    let public = site.get("/g/test").await.body;
    for page in [&gm_page, &public] {
        assert!(!page.contains("<script>alert"), "{page}");
    }
    assert!(gm_page.contains("&lt;script&gt;alert"), "{gm_page}");
    assert!(public.contains("&lt;script&gt;alert"), "{public}");
}

/// A correction of the game file itself is applied as a stored one is.
#[tokio::test]
async fn the_game_files_own_corrections_are_applied() {
    let site = site();
    let (session, csrf) = site.log_in("Mod", "correct horse").await;
    let with_fix = format!(
        "{GAME}\n[[corrections]]\nat = 2\nvote = {{ voter = \"Alice\", target = \"Bob\" }}\n"
    );
    let reply = site
        .post_form(
            "/gm/g/test/config",
            Some(&session),
            &[("config", &with_fix), ("csrf", &csrf)],
        )
        .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    let status: Value = serde_json::from_str(&site.get("/api/games/test").await.body).unwrap();
    assert_eq!(status["tally"]["wagons"][0]["candidate"], "Bob");
    assert_eq!(
        status["tally"]["wagons"][0]["voters"],
        serde_json::json!(["Alice"])
    );
}
