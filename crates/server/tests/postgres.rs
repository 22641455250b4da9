//! The service on PostgreSQL: the store's synchronous client is called from the blocking
//! pool of the async server. Runs when `MAFIA_TEST_POSTGRES_URL` names a server (`.ci/run`
//! starts one), and says it was skipped otherwise (on the real standard error, past the test
//! harness's capture), except in CI (`CI=true`), where a missing database is a failure.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use mafia_posts::{Markup, RawPost};
use mafia_server::{AppState, Options};
use mafia_store::{NewGame, Store};
use tower::ServiceExt;

#[path = "../../store/tests/common/postgres_url.rs"]
mod postgres_url;
use postgres_url::postgres_admin_url;

/// A new empty database on the server that `admin` names.
fn fresh_database(admin: &str) -> String {
    let name = format!(
        "mafia_server_test_{}_{}",
        std::process::id(),
        jiff::Timestamp::now().as_nanosecond() % 1_000_000_000
    );
    let mut client = postgres::Client::connect(admin, postgres::NoTls).expect("reachable server");
    client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .expect("create a test database");
    let base = admin.rsplit_once('/').map_or(admin, |(b, _)| b);
    format!("{base}/{name}")
}

/// A game with one vote, stored in a fresh database.
fn set_up(url: &str) -> Arc<Store> {
    let store = Store::open(url).expect("open");
    let game = store
        .create_game(&NewGame::new(
            "pg",
            "name = \"On Postgres\"\ngms = [\"Mod\"]\nzone = \"UTC\"\nfirst_phase = \"Day 1\"\n\
             day_length = \"48h\"\nnight_length = \"24h\"\nplayers = [{ name = \"Alice\" }, { name = \"Bob\" }]\n",
        ))
        .unwrap();
    store
        .import_posts(
            game,
            &[RawPost {
                id: "1".into(),
                number: 1,
                author: "Alice".into(),
                time: None,
                edited: None,
                body: Markup::Text("##vote Bob".into()),
            }],
        )
        .unwrap();
    Arc::new(store)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_status_page_is_served_from_postgresql() {
    // The synchronous client must not run on the async threads: set up off them.
    let Some(admin) = postgres_admin_url() else {
        return;
    };
    let store = tokio::task::spawn_blocking(move || set_up(&fresh_database(&admin)))
        .await
        .unwrap();
    let app = mafia_server::router(AppState::new(store, Options::default()));
    let response = app
        .clone()
        .oneshot(Request::get("/g/pg").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let body = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let body = String::from_utf8_lossy(&body);
    assert!(body.contains("<h1>On Postgres</h1>"), "{body}");
    assert!(body.contains("<td>Alice</td>"), "{body}");
    // Closing the connection blocks too.
    tokio::task::spawn_blocking(move || drop(app))
        .await
        .unwrap();
}

/// Issue 15, point 1: two instances of the service on one PostgreSQL write to one WWR game at
/// the same time (Alice's messages through one, Bob's through the other). Each input is
/// appended once, at its own number, whichever instance loses a race catching up and trying
/// again; both instances end with the same game.
#[test]
fn two_instances_on_postgresql_append_every_wwr_input_once() {
    use mafia_server::wwr_play::Games;
    use mafia_wwr::chat::Input;
    let Some(admin) = postgres_admin_url() else {
        return;
    };
    let url = fresh_database(&admin);
    let setups = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../demo/wwr"));
    let (store_a, store_b) = (Store::open(&url).unwrap(), Store::open(&url).unwrap());
    let (a, b) = (Games::new(Some(setups.clone())), Games::new(Some(setups)));
    a.create(&store_a, "five", "Mod", "five.toml").unwrap();
    let say = |player: &str, i: usize| Input::Say {
        player: player.into(),
        channel: "town square".into(),
        text: format!("{player} {i}"),
    };
    std::thread::scope(|s| {
        s.spawn(|| {
            for i in 0..15 {
                assert_eq!(a.submit(&store_a, "five", say("Alice", i)).unwrap(), None);
            }
        });
        s.spawn(|| {
            for i in 0..15 {
                assert_eq!(b.submit(&store_b, "five", say("Bob", i)).unwrap(), None);
            }
        });
    });
    let id = store_a.wwr_game("five").unwrap().unwrap().id;
    let log = store_a.wwr_inputs(id, 0).unwrap();
    let numbers: Vec<i64> = log.iter().map(|(n, _)| *n).collect();
    assert_eq!(numbers, (1..=30).collect::<Vec<i64>>());
    let save = |g: &Games, s: &Store| g.with(s, "five", |live| live.save()).unwrap();
    assert_eq!(save(&a, &store_a), save(&b, &store_b));
    let lines = a
        .with(&store_a, "five", |live| {
            let room = mafia_wwr::chat::Room::Channel("town square".into());
            Ok(live.web().lines(&room).len())
        })
        .unwrap();
    assert_eq!(lines, 30);
}
