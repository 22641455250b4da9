//! Hosts per game (issue 14, point 1): only a game's owner, its co-hosts and the admins
//! change it; another GM is refused (403) on every route of the game and nothing changes.

mod common;

use axum::http::StatusCode;
use common::{Site, with_csrf};

const GAME: &str = common::GM_GAME;

/// A game `test` with one correction; `Admin` (the first account), and two plain GMs.
fn site() -> Site {
    let site = Site::new();
    let game = site.game(
        "test",
        GAME,
        &[
            ("Mod", "It is now Day 1."),
            ("Alice", "<b>Vote: Bob</b>"),
            ("Carol", "hmm"),
        ],
    );
    site.store
        .add_correction(
            game,
            2,
            "[[corrections]]\nat = 2\nunvote = \"Alice\"\n",
            "Admin",
        )
        .unwrap();
    site.store.add_user("Admin", "admin pass").unwrap();
    site.store.add_user("Other", "other pass").unwrap();
    site.store.add_user("Third", "third pass").unwrap();
    site
}

/// Every route of the game `test`, with a form that its hosts would have accepted.
fn game_routes() -> Vec<(&'static str, Vec<(&'static str, &'static str)>)> {
    common::game_routes("Third")
}

/// What a change could touch: the game, its posts, corrections, hosts; the accounts.
fn everything(site: &Site) -> String {
    let s = &site.store;
    format!(
        "{:?}\n{:?}\n{:?}\n{:?}\n{:?}",
        s.games().unwrap(),
        s.posts(1).unwrap(),
        s.corrections(1).unwrap(),
        s.hosts(1).unwrap(),
        s.accounts().unwrap()
    )
}

#[tokio::test]
async fn another_gm_is_refused_on_every_route_of_a_game_and_nothing_changes() {
    let site = site();
    let (session, csrf) = site.log_in("Other", "other pass").await;
    let before = everything(&site);
    for (uri, fields) in game_routes() {
        let reply = site
            .post_form(uri, Some(&session), &with_csrf(&fields, &csrf))
            .await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{uri}: {}", reply.body);
        assert!(reply.body.contains("only the hosts of"), "{uri}");
    }
    let page = site.get_with_cookie("/gm/g/test", Some(&session)).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    // Only an admin creates accounts.
    let account = site
        .post_form(
            "/gm/accounts",
            Some(&session),
            &[
                ("name", "Sneaky"),
                ("password", "long enough"),
                ("admin", "1"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(account.status, StatusCode::FORBIDDEN);
    assert_eq!(everything(&site), before);
    // The dashboard does not list the game either.
    let dashboard = site.get_with_cookie("/gm", Some(&session)).await.body;
    assert!(!dashboard.contains("/gm/g/test"), "{dashboard}");
}

#[tokio::test]
async fn the_first_account_is_an_admin_and_may_change_every_game() {
    let site = site();
    let (session, csrf) = site.log_in("Admin", "admin pass").await;
    for (uri, fields) in game_routes() {
        let reply = site
            .post_form(uri, Some(&session), &with_csrf(&fields, &csrf))
            .await;
        assert_eq!(reply.status, StatusCode::SEE_OTHER, "{uri}: {}", reply.body);
    }
    // And creates accounts, an admin or not.
    let reply = site
        .post_form(
            "/gm/accounts",
            Some(&session),
            &[
                ("name", "Helper <b>"),
                ("password", "long enough"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    let page = site
        .get_with_cookie("/gm/accounts", Some(&session))
        .await
        .body;
    assert!(page.contains("Helper &lt;b&gt;"), "{page}");
    assert!(!site.store.account("Helper <b>").unwrap().unwrap().admin);
}

#[tokio::test]
async fn an_owner_adds_a_co_host_who_may_then_change_the_game_but_not_its_hosts() {
    let site = site();
    // Other creates a game: they own it.
    let (other, other_csrf) = site.log_in("Other", "other pass").await;
    let created = site
        .post_form(
            "/gm/games",
            Some(&other),
            &[("slug", "mine"), ("config", GAME), ("csrf", &other_csrf)],
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
    let (third, third_csrf) = site.log_in("Third", "third pass").await;
    let edit = [("config", GAME), ("csrf", third_csrf.as_str())];
    let refused = site
        .post_form("/gm/g/mine/config", Some(&third), &edit)
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);

    // The owner makes Third a co-host: now Third changes the game.
    let added = site
        .post_form(
            "/gm/g/mine/hosts",
            Some(&other),
            &[("name", "Third"), ("csrf", &other_csrf)],
        )
        .await;
    assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
    let page = site.get_with_cookie("/gm/g/mine", Some(&other)).await.body;
    assert!(page.contains("Owner: Other. Co-hosts: Third"), "{page}");
    let accepted = site
        .post_form("/gm/g/mine/config", Some(&third), &edit)
        .await;
    assert_eq!(accepted.status, StatusCode::SEE_OTHER);

    // A co-host does not choose the co-hosts.
    let demoted = site
        .post_form(
            "/gm/g/mine/hosts/remove",
            Some(&third),
            &[("name", "Third"), ("csrf", &third_csrf)],
        )
        .await;
    assert_eq!(demoted.status, StatusCode::FORBIDDEN);
    let mine = site.store.game("mine").unwrap().unwrap().id;
    assert_eq!(site.store.hosts(mine).unwrap().cohosts, ["Third"]);
}
