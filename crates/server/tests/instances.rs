//! Several instances of the service on one database (issue 14, point 4): every instance
//! serves every page, a change made through one is seen by the others on the next request
//! (the game's version is checked before a cached page is served), and on PostgreSQL each
//! thread is polled by one instance at a time, at its pace.
//!
//! The PostgreSQL test runs when `MAFIA_TEST_POSTGRES_URL` names a server (`.ci/run` starts
//! one), says it was skipped otherwise, and fails in CI (`CI=true`) without one.

mod common;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::routing::get;
use common::Site;
use mafia_server::Options;
use mafia_server::poll::PollOptions;
use mafia_store::{NewGame, Store};
use serde::Deserialize;
use serde_json::Value;

#[path = "../../store/tests/common/postgres_url.rs"]
mod postgres_url;
use postgres_url::postgres_admin_url;

/// Three players, Day 1 first, no deadline yet.
const GAME: &str = common::GM_GAME;

/// The thread: the host opens the day, Alice votes Bob (page 1), Bob votes Alice (page 2).
const POSTS: [(&str, &str); 3] = [
    ("Mod", "It is now Day 1."),
    ("Alice", "<b>Vote: Bob</b>"),
    ("Bob", "<b>Vote: Alice</b>"),
];

/// A phpBB page of posts `first..` (numbered from 1), as the fixture README describes
/// phpBB's HTML, with a "next" link when there is a page after it.
fn phpbb_page(page: usize) -> String {
    let mut html = String::from("<html><body>");
    for (i, (author, body)) in POSTS.iter().enumerate().skip((page - 1) * 2).take(2) {
        let number = i + 1;
        html.push_str(&format!(
            "<div class=\"post\" id=\"p{number}\"><div class=\"postbody\">\
             <p class=\"author\"><a href=\"#p{number}\">#{number}</a> by \
             <strong><a class=\"username\">{author}</a></strong> \
             <time datetime=\"2026-03-20T1{number}:00:00+00:00\">x</time></p>\
             <div class=\"content\">{body}</div></div></div>"
        ));
    }
    if page * 2 < POSTS.len() {
        html.push_str(&format!(
            "<a rel=\"next\" href=\"/t?page={}\">Next</a>",
            page + 1
        ));
    }
    html.push_str("</body></html>");
    html
}

#[derive(Deserialize)]
struct PageQuery {
    page: Option<usize>,
}

/// The pages the forum served, and when.
type Served = Arc<Mutex<Vec<(usize, Instant)>>>;

/// The fake forum on 127.0.0.1; returns the thread's URL.
async fn forum(served: Served) -> String {
    let app = Router::new()
        .route(
            "/t",
            get(
                |State(served): State<Served>, Query(q): Query<PageQuery>| async move {
                    let page = q.page.unwrap_or(1);
                    served.lock().unwrap().push((page, Instant::now()));
                    phpbb_page(page)
                },
            ),
        )
        .with_state(served);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("http://{addr}/t")
}

/// A store call off the async threads (PostgreSQL's client blocks).
async fn off<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    tokio::task::spawn_blocking(f).await.unwrap()
}

/// The voters of each wagon of the game's current tally, as one instance serves it.
async fn wagons(site: &Site) -> Vec<(String, Vec<String>)> {
    let reply = site.get("/api/games/shared").await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let status: Value = serde_json::from_str(&reply.body).unwrap();
    let mut wagons: Vec<(String, Vec<String>)> = status["tally"]["wagons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            let voters = w["voters"].as_array().unwrap();
            (
                w["candidate"].as_str().unwrap().to_owned(),
                voters
                    .iter()
                    .map(|v| v.as_str().unwrap().to_owned())
                    .collect(),
            )
        })
        .collect();
    wagons.sort();
    wagons
}

fn wagon(candidate: &str, voters: &[&str]) -> (String, Vec<String>) {
    (
        candidate.to_owned(),
        voters.iter().map(|v| (*v).to_owned()).collect(),
    )
}

/// The GM logs in on `site` and corrects Bob's vote (post 3) to Carol.
async fn correct_bobs_vote(site: &Site) {
    let (session, csrf) = site.log_in("Mod", "correct horse").await;
    let reply = site
        .post_form(
            "/gm/g/shared/corrections/vote",
            Some(&session),
            &[
                ("post", "3"),
                ("vote", "Carol"),
                ("note", "said so in PM"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_instances_on_postgresql_poll_each_page_once_per_interval_and_share_corrections() {
    let Some(admin) = postgres_admin_url() else {
        return;
    };
    let served = Served::default();
    let thread = forum(served.clone()).await;
    let (one, other) = off(move || {
        let url = fresh_database(&admin);
        let one = Store::open(&url).unwrap();
        one.create_game(&NewGame {
            thread_url: Some(thread),
            forum: Some("phpbb".into()),
            ..NewGame::new("shared", GAME)
        })
        .unwrap();
        one.add_user("Mod", "correct horse").unwrap();
        (Arc::new(one), Arc::new(Store::open(&url).unwrap()))
    })
    .await;
    let (a, b) = (Site::on_store(one.clone()), Site::on_store(other.clone()));

    // Both instances poll, every second.
    let interval = Duration::from_secs(1);
    let options = PollOptions {
        interval,
        timeout: Duration::from_secs(2),
        allow_private_forums: true,
        ..PollOptions::default()
    };
    let started = Instant::now();
    let pollers = [&a, &b].map(|site| {
        tokio::spawn(mafia_server::poll::poll_forever(
            site.state.clone(),
            options.clone(),
        ))
    });
    // Until every post is in (read by either), then a few more intervals.
    while wagons(&b).await.len() < 2 {
        assert!(started.elapsed() < Duration::from_secs(20), "never polled");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(5 * interval).await;
    for poller in pollers {
        poller.abort();
        let _ = poller.await;
    }
    let elapsed = started.elapsed();

    let served = served.lock().unwrap().clone();
    // The first poll read both pages; each later poll (by either instance) the last page.
    assert_eq!(served.iter().filter(|(page, _)| *page == 1).count(), 1);
    let last: Vec<Instant> = served
        .iter()
        .filter(|(page, _)| *page == 2)
        .map(|(_, at)| *at)
        .collect();
    assert!(last.len() >= 3, "{} polls in {elapsed:?}", last.len());
    assert!(
        last.len() as u128 <= elapsed.as_millis() / interval.as_millis() + 1,
        "{} polls in {elapsed:?}",
        last.len()
    );
    for pair in last.windows(2) {
        let gap = pair[1] - pair[0];
        assert!(gap >= interval, "two polls {gap:?} apart");
    }

    // Both instances serve the tally; B caches it. A correction made on A shows on B.
    let before = vec![wagon("Alice", &["Bob"]), wagon("Bob", &["Alice"])];
    assert_eq!(wagons(&a).await, before);
    assert_eq!(wagons(&b).await, before);
    correct_bobs_vote(&a).await;
    let after = vec![wagon("Bob", &["Alice"]), wagon("Carol", &["Bob"])];
    assert_eq!(wagons(&b).await, after);
    assert_eq!(wagons(&a).await, after);

    // Closing the connections blocks too.
    off(move || drop((a, b, one, other))).await;
}

/// The same cache check without PostgreSQL: two services on one SQLite file, checking
/// versions as they do on PostgreSQL.
#[tokio::test]
async fn a_correction_made_through_one_instance_shows_on_the_other_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shared.db");
    let open = || Arc::new(Store::open(path.to_str().unwrap()).unwrap());
    // On SQLite an instance checks versions only when told (one instance has no need).
    let options = Options {
        check_versions: true,
        ..Options::default()
    };
    let (a, b) = (
        Site::on_store_with(open(), options.clone()),
        Site::on_store_with(open(), options),
    );
    let game = a.game("shared", GAME, &POSTS);
    a.store.add_user("Mod", "correct horse").unwrap();
    let before = vec![wagon("Alice", &["Bob"]), wagon("Bob", &["Alice"])];
    assert_eq!(wagons(&b).await, before);
    correct_bobs_vote(&a).await;
    let after = vec![wagon("Bob", &["Alice"]), wagon("Carol", &["Bob"])];
    assert_eq!(wagons(&b).await, after);

    // A post imported through the other instance (its poller, or the GM's import form).
    let post = mafia_posts::RawPost {
        id: "4".into(),
        number: 4,
        author: "Carol".into(),
        time: None,
        edited: None,
        body: mafia_posts::Markup::Html("<b>Vote: Bob</b>".into()),
    };
    b.store.import_posts(game, &[post]).unwrap();
    let later = vec![wagon("Bob", &["Alice", "Carol"]), wagon("Carol", &["Bob"])];
    assert_eq!(wagons(&a).await, later);
}

/// A new empty database on the server that `admin` names.
fn fresh_database(admin: &str) -> String {
    let name = format!(
        "mafia_instances_test_{}_{}",
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
