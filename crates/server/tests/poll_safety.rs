//! Safe polling (issue 14, point 3): a thread URL typed by a GM must not reach into the
//! network the service runs in. A fake forum on 127.0.0.1 serves a thread page, redirects and
//! over-size pages; each refusal is a notice on the GM's review list naming the URL and why.

mod common;

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{Query, State};
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use common::Site;
use mafia_server::poll::{PollOptions, PollOutcome, poll_game};
use mafia_store::NewGame;
use serde::Deserialize;

const GAME: &str = r#"
name = "Guarded"
gms = ["Mod"]
zone = "UTC"
first_phase = "Day 1"
day_length = "48h"
night_length = "24h"
players = [{ name = "Alice" }, { name = "Bob" }]
"#;

/// A phpBB page of one post, as the fixture README describes phpBB's HTML.
const PAGE: &str = "<html><body><div class=\"post\" id=\"p1\"><div class=\"postbody\">\
    <p class=\"author\"><a href=\"#p1\">#1</a> by <strong><a class=\"username\">Mod</a></strong> \
    <time datetime=\"2026-03-20T10:00:00+00:00\">x</time></p>\
    <div class=\"content\">It is now Day 1.</div></div></div></body></html>";

/// What the fake forum was asked (paths with their queries).
type Asked = Arc<Mutex<Vec<String>>>;

#[derive(Deserialize)]
struct To {
    loc: String,
}

async fn log(State(asked): State<Asked>, uri: Uri) -> Uri {
    asked.lock().unwrap().push(uri.to_string());
    uri
}

/// The forum: `/t` a thread page, `/to?loc=X` a redirect to X, `/loop` a redirect to itself,
/// `/huge` 100 KiB with its length, `/stream` 100 KiB in chunks without a length, `/drip` the
/// thread page slowly.
async fn forum() -> (SocketAddr, Asked) {
    let asked: Asked = Arc::default();
    let app = Router::new()
        .route(
            "/t",
            get(|s: State<Asked>, u: Uri| async move {
                log(s, u).await;
                PAGE
            }),
        )
        .route(
            "/to",
            get(|s: State<Asked>, u: Uri, Query(to): Query<To>| async move {
                log(s, u).await;
                (StatusCode::FOUND, [(header::LOCATION, to.loc)]).into_response()
            }),
        )
        .route(
            "/loop",
            get(|s: State<Asked>, u: Uri| async move {
                log(s, u).await;
                (StatusCode::MOVED_PERMANENTLY, [(header::LOCATION, "/loop")]).into_response()
            }),
        )
        .route(
            "/huge",
            get(|s: State<Asked>, u: Uri| async move {
                log(s, u).await;
                format!("{PAGE}{}", "x".repeat(100 * 1024))
            }),
        )
        .route(
            "/stream",
            get(|s: State<Asked>, u: Uri| async move {
                log(s, u).await;
                let chunks = (0..100).map(|_| Ok::<_, Infallible>(vec![b'x'; 1024]));
                Response::new(Body::from_stream(futures_util::stream::iter(chunks)))
            }),
        )
        .route(
            "/drip",
            get(|s: State<Asked>, u: Uri| async move {
                log(s, u).await;
                // The page a few bytes at a time, a chunk every 200 ms: the headers come at
                // once, the body takes seconds.
                let chunks = PAGE
                    .as_bytes()
                    .chunks(64)
                    .map(<[u8]>::to_vec)
                    .collect::<Vec<_>>();
                let slow = futures_util::StreamExt::then(
                    futures_util::stream::iter(chunks),
                    |chunk| async move {
                        tokio::time::sleep(Duration::from_millis(200)).await;
                        Ok::<_, Infallible>(chunk)
                    },
                );
                Response::new(Body::from_stream(slow))
            }),
        )
        .with_state(asked.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (addr, asked)
}

struct Poller {
    site: Site,
    options: PollOptions,
}

impl Poller {
    /// A service started without `--allow-private-forums`.
    fn public_only() -> Poller {
        Poller {
            site: Site::new(),
            options: PollOptions {
                timeout: Duration::from_secs(2),
                ..PollOptions::default()
            },
        }
    }

    /// The same, with the fake forum's address standing for a public forum's.
    fn treating_the_fake_forum_as_public() -> Poller {
        let mut poller = Poller::public_only();
        poller.options.exempt = vec![IpAddr::from([127, 0, 0, 1])];
        poller
    }

    fn allowing_private_forums() -> Poller {
        let mut poller = Poller::public_only();
        poller.options.allow_private_forums = true;
        poller
    }

    /// Polls a new game following `url` once.
    async fn poll(&self, slug: &str, url: &str) -> PollOutcome {
        self.site
            .store
            .create_game(&NewGame {
                thread_url: Some(url.to_owned()),
                forum: Some("phpbb".into()),
                ..NewGame::new(slug, GAME)
            })
            .unwrap();
        let row = self.site.store.game(slug).unwrap().unwrap();
        let client = mafia_server::poll::client(&self.options).unwrap();
        poll_game(&self.site.state, &client, &self.options, &row).await
    }

    /// The message of a failed poll of a new game following `url`, checked to be on the
    /// game's review list too.
    async fn refusal(&self, slug: &str, url: &str) -> String {
        let PollOutcome::Failed { message, .. } = self.poll(slug, url).await else {
            panic!("{url} was polled")
        };
        let id = self.site.store.game(slug).unwrap().unwrap().id;
        let notices = self.site.store.notices(id, 5).unwrap();
        assert_eq!(
            notices[0].message,
            format!("polling {url}: {message} (failed 1 time in a row; will retry)")
        );
        assert_eq!(self.site.store.post_count(id).unwrap(), 0);
        message
    }
}

const HOW_TO_ALLOW: &str = "only public forums are polled (a forum on this machine or its \
                            network needs `mafia serve --allow-private-forums`)";

#[tokio::test]
async fn a_forum_on_a_loopback_address_is_refused_without_the_flag() {
    let (addr, asked) = forum().await;
    let poller = Poller::public_only();
    let url = format!("http://{addr}/t");
    assert_eq!(
        poller.refusal("by-address", &url).await,
        format!("refused {url}: 127.0.0.1 is a loopback address; {HOW_TO_ALLOW}")
    );
    // A name is checked as it resolves, and the address checked is the one connected to.
    let by_name = format!("http://localhost:{}/t", addr.port());
    let message = poller.refusal("by-name", &by_name).await;
    assert!(
        message.starts_with(&format!("refused {by_name}: localhost resolves to "))
            && message.contains(", a loopback address;"),
        "{message}"
    );
    assert!(asked.lock().unwrap().is_empty(), "the forum was asked");

    // The GM sees why on the game's page.
    poller.site.store.add_user("Mod", "pw").unwrap();
    let (session, _) = poller.site.log_in("Mod", "pw").await;
    let page = poller
        .site
        .get_with_cookie("/gm/g/by-address", Some(&session))
        .await
        .body;
    assert!(page.contains("127.0.0.1 is a loopback address"), "{page}");

    // Started with --allow-private-forums, the service polls it.
    let allowed = Poller::allowing_private_forums();
    assert_eq!(
        allowed.poll("allowed", &url).await,
        PollOutcome::Read {
            pages: 1,
            new: 1,
            edited: 0
        }
    );
}

#[tokio::test]
async fn a_redirect_to_a_private_address_is_refused() {
    let (addr, asked) = forum().await;
    let poller = Poller::treating_the_fake_forum_as_public();
    let via = |target: &str| {
        reqwest::Url::parse_with_params(&format!("http://{addr}/to"), &[("loc", target)])
            .unwrap()
            .to_string()
    };
    // A redirect within the forum is followed.
    assert_eq!(
        poller.poll("moved", &via("/t")).await,
        PollOutcome::Read {
            pages: 1,
            new: 1,
            edited: 0
        }
    );
    assert_eq!(asked.lock().unwrap().len(), 2);

    for (slug, target, why) in [
        (
            "lan",
            "http://10.0.0.7/t",
            format!("10.0.0.7 is a private address; {HOW_TO_ALLOW}"),
        ),
        (
            "metadata",
            "http://169.254.169.254/latest/meta-data/",
            format!("169.254.169.254 is a link-local address; {HOW_TO_ALLOW}"),
        ),
        (
            "mapped",
            "http://[::ffff:192.168.0.1]/t",
            format!("::ffff:192.168.0.1 is a private address; {HOW_TO_ALLOW}"),
        ),
        (
            "file",
            "file:///etc/passwd",
            "only http:// and https:// addresses are polled, not file:".to_owned(),
        ),
    ] {
        let url = via(target);
        let message = poller.refusal(slug, &url).await;
        let target = reqwest::Url::parse(target).unwrap();
        assert_eq!(message, format!("refused {target}: {why}"), "{slug}");
    }

    let endless = format!("http://{addr}/loop");
    assert_eq!(
        poller.refusal("loop", &endless).await,
        format!("{endless} redirects more than 5 times: not followed further")
    );
    // The first request and five redirects, no more.
    let loops = asked
        .lock()
        .unwrap()
        .iter()
        .filter(|p| *p == "/loop")
        .count();
    assert_eq!(loops, 6);
}

#[tokio::test]
async fn an_over_size_page_is_cut_with_a_notice() {
    let (addr, _) = forum().await;
    let mut poller = Poller::allowing_private_forums();
    poller.options.max_page_bytes = 16 * 1024;
    // One that says its length, and one that does not (read until it passes the limit).
    for (slug, path) in [("huge", "/huge"), ("stream", "/stream")] {
        let url = format!("http://{addr}{path}");
        assert_eq!(
            poller.refusal(slug, &url).await,
            format!(
                "the page {url} is larger than 16 KiB: stopped reading it (is it a thread page?)"
            )
        );
    }
    // Under the limit, the same forum is read.
    let url = format!("http://{addr}/t");
    assert!(matches!(
        poller.poll("small", &url).await,
        PollOutcome::Read { new: 1, .. }
    ));
}

#[tokio::test]
async fn a_thread_url_that_is_not_http_is_refused() {
    let poller = Poller::allowing_private_forums();
    for (slug, url, scheme) in [
        ("file", "file:///etc/passwd", "file"),
        ("ftp", "ftp://127.0.0.1/t", "ftp"),
        ("gopher", "gopher://forum.example/1", "gopher"),
    ] {
        assert_eq!(
            poller.refusal(slug, url).await,
            format!("refused {url}: only http:// and https:// addresses are polled, not {scheme}:")
        );
    }
}

#[tokio::test]
async fn a_page_that_drips_in_slowly_is_cut_at_the_timeout() {
    let (addr, _) = forum().await;
    let mut poller = Poller::allowing_private_forums();
    poller.options.timeout = Duration::from_millis(500);
    let url = format!("http://{addr}/drip");
    let started = std::time::Instant::now();
    assert_eq!(
        poller.refusal("drip", &url).await,
        format!("no answer from {url} within 500ms")
    );
    assert!(started.elapsed() < Duration::from_secs(2));
}
