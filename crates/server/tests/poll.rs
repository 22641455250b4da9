//! Live polling against a forum served by the test itself on 127.0.0.1: phpBB pages with
//! ETags, and a forum that fails in every way a real one does.

mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use common::Site;
use mafia_server::poll::{PollOptions, PollOutcome, poll_game};
use mafia_store::{GameRow, NewGame};
use serde::Deserialize;

/// Three players, Day 1 first, no deadline yet.
const GAME: &str = common::GM_GAME;

/// How the fake forum answers the next requests.
#[derive(Debug, Clone, PartialEq)]
enum Mode {
    Pages,
    /// The pages with a `Last-Modified` date instead of an ETag.
    PagesWithDates,
    /// Pages that break off halfway: the connection drops in the middle of the page.
    CutOff,
    Status(u16),
    Slow(Duration),
    NotAThread,
}

/// The fake forum: a thread of posts shown two per page, and a log of what it was asked.
#[derive(Debug)]
struct Forum {
    /// (post id, author, body html)
    posts: Vec<(u64, String, String)>,
    version: u32,
    mode: Mode,
    requests: Vec<Request>,
}

#[derive(Debug, Clone)]
struct Request {
    page: u32,
    if_none_match: Option<String>,
    if_modified_since: Option<String>,
    user_agent: String,
}

type Shared = Arc<Mutex<Forum>>;

#[derive(Deserialize)]
struct PageQuery {
    page: Option<u32>,
}

const PER_PAGE: usize = 2;

fn phpbb_page(posts: &[(usize, &(u64, String, String))], next: Option<u32>) -> String {
    let mut html = String::from("<html><body>");
    for (number, (id, author, body)) in posts {
        html.push_str(&format!(
            "<div class=\"post\" id=\"p{id}\"><div class=\"postbody\">\
             <p class=\"author\"><a href=\"#p{id}\">#{number}</a> by \
             <strong><a class=\"username\">{author}</a></strong> \
             <time datetime=\"2026-03-20T1{h}:00:00+00:00\">x</time></p>\
             <div class=\"content\">{body}</div></div></div>",
            h = number % 10
        ));
    }
    if let Some(n) = next {
        html.push_str(&format!("<a rel=\"next\" href=\"/t?page={n}\">Next</a>"));
    }
    html.push_str("</body></html>");
    html
}

async fn thread(
    State(forum): State<Shared>,
    Query(q): Query<PageQuery>,
    headers: HeaderMap,
) -> Response {
    let page = q.page.unwrap_or(1);
    let text_of = |name| {
        headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
            .map(str::to_owned)
    };
    let (mode, body, etag, date) = {
        let mut f = forum.lock().unwrap();
        f.requests.push(Request {
            page,
            if_none_match: text_of(header::IF_NONE_MATCH),
            if_modified_since: text_of(header::IF_MODIFIED_SINCE),
            user_agent: headers
                .get(header::USER_AGENT)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned(),
        });
        let numbered: Vec<(usize, &(u64, String, String))> = f
            .posts
            .iter()
            .enumerate()
            .map(|(i, p)| (i + 1, p))
            .collect();
        let pages = numbered.len().div_ceil(PER_PAGE).max(1) as u32;
        let start = (page as usize - 1) * PER_PAGE;
        let shown = numbered
            .get(start..(start + PER_PAGE).min(numbered.len()))
            .unwrap_or(&[]);
        let next = (page < pages).then_some(page + 1);
        let etag = format!("\"v{}-p{page}\"", f.version);
        // Each version of the thread a minute after the one before.
        let date = format!(
            "Fri, 20 Mar 2026 {:02}:{:02}:00 GMT",
            10 + f.version / 60,
            f.version % 60
        );
        (f.mode.clone(), phpbb_page(shown, next), etag, date)
    };
    match mode {
        Mode::Pages => {
            if headers
                .get(header::IF_NONE_MATCH)
                .and_then(|v| v.to_str().ok())
                == Some(etag.as_str())
            {
                return StatusCode::NOT_MODIFIED.into_response();
            }
            let mut response = body.into_response();
            response
                .headers_mut()
                .insert(header::ETAG, HeaderValue::from_str(&etag).unwrap());
            response
        }
        Mode::PagesWithDates => {
            if text_of(header::IF_MODIFIED_SINCE) == Some(date.clone()) {
                return StatusCode::NOT_MODIFIED.into_response();
            }
            let mut response = body.into_response();
            response
                .headers_mut()
                .insert(header::LAST_MODIFIED, HeaderValue::from_str(&date).unwrap());
            response
        }
        Mode::CutOff => {
            // Half the page, then the connection drops.
            let half = body.get(..body.len() / 2).unwrap_or_default().to_owned();
            let parts: [std::io::Result<String>; 2] =
                [Ok(half), Err(std::io::Error::other("connection dropped"))];
            // The drop comes a moment later, after the headers and the first half went out.
            let parts =
                futures_util::StreamExt::then(futures_util::stream::iter(parts), |part| async {
                    if part.is_err() {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                    part
                });
            axum::body::Body::from_stream(parts).into_response()
        }
        Mode::Status(code) => {
            let mut response = StatusCode::from_u16(code).unwrap().into_response();
            if code == 429 {
                response
                    .headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from_static("300"));
            }
            response
        }
        Mode::Slow(pause) => {
            tokio::time::sleep(pause).await;
            body.into_response()
        }
        Mode::NotAThread => "<html><body><h1>Please log in</h1></body></html>".into_response(),
    }
}

struct Fixture {
    site: Site,
    forum: Shared,
    row: GameRow,
    client: reqwest::Client,
    options: PollOptions,
}

impl Fixture {
    async fn new(posts: &[(&str, &str)]) -> Fixture {
        let forum: Shared = Arc::new(Mutex::new(Forum {
            posts: Vec::new(),
            version: 1,
            mode: Mode::Pages,
            requests: Vec::new(),
        }));
        let app = Router::new()
            .route("/t", get(thread))
            .with_state(forum.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });
        let site = Site::new();
        site.store
            .create_game(&NewGame {
                thread_url: Some(format!("http://{addr}/t")),
                forum: Some("phpbb".into()),
                ..NewGame::new("polled", GAME)
            })
            .unwrap();
        let row = site.store.game("polled").unwrap().unwrap();
        let options = PollOptions {
            timeout: Duration::from_millis(500),
            // The fake forum is on 127.0.0.1.
            allow_private_forums: true,
            ..PollOptions::default()
        };
        let client = mafia_server::poll::client(&options).unwrap();
        let fixture = Fixture {
            site,
            forum,
            row,
            client,
            options,
        };
        for (author, body) in posts {
            fixture.add_post(author, body);
        }
        fixture
    }

    fn add_post(&self, author: &str, body: &str) {
        let mut f = self.forum.lock().unwrap();
        let id = 1000 + f.posts.len() as u64;
        f.posts.push((id, author.to_owned(), body.to_owned()));
        f.version += 1;
    }

    fn edit_post(&self, index: usize, body: &str) {
        let mut f = self.forum.lock().unwrap();
        f.posts[index].2 = body.to_owned();
        f.version += 1;
    }

    fn set_mode(&self, mode: Mode) {
        self.forum.lock().unwrap().mode = mode;
    }

    fn pages_requested(&self) -> Vec<u32> {
        self.requests().iter().map(|r| r.page).collect()
    }

    /// What the forum was asked since the last call.
    fn requests(&self) -> Vec<Request> {
        std::mem::take(&mut self.forum.lock().unwrap().requests)
    }

    fn failures(&self) -> u32 {
        self.site.store.poll_state(self.row.id).unwrap().failures
    }

    async fn poll(&self) -> PollOutcome {
        poll_game(&self.site.state, &self.client, &self.options, &self.row).await
    }

    fn notices(&self) -> Vec<String> {
        self.site
            .store
            .notices(self.row.id, 20)
            .unwrap()
            .into_iter()
            .map(|n| n.message)
            .collect()
    }
}

fn read(pages: u32, new: usize, edited: usize) -> PollOutcome {
    PollOutcome::Read { pages, new, edited }
}

#[tokio::test]
async fn a_poll_reads_every_page_then_only_the_last_one_with_its_etag() {
    let fx = Fixture::new(&[
        ("Mod", "It is now Day 1."),
        ("Alice", "<b>Vote: Bob</b>"),
        ("Bob", "<b>Vote: Alice</b>"),
        ("Carol", "<b>Vote: Bob</b>"),
        ("Alice", "hello"),
    ])
    .await;
    assert_eq!(fx.poll().await, read(3, 5, 0));
    assert_eq!(fx.pages_requested(), [1, 2, 3]);
    // Nothing new: only the last page is asked for, with its ETag, and it is not modified.
    assert_eq!(fx.poll().await, PollOutcome::NotModified);
    let asked = fx.forum.lock().unwrap().requests.clone();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].page, 3);
    assert!(asked[0].if_none_match.is_some());
    assert!(
        asked[0].user_agent.starts_with("mafia-tracker/"),
        "{}",
        asked[0].user_agent
    );
    fx.pages_requested();

    // The status page shows what was read.
    let status = fx.site.get("/api/games/polled").await.body;
    let status: serde_json::Value = serde_json::from_str(&status).unwrap();
    assert_eq!(status["tally"]["wagons"][0]["candidate"], "Bob");
    assert_eq!(
        status["tally"]["wagons"][0]["voters"],
        serde_json::json!(["Alice", "Carol"])
    );
}

/// "A long backlog is read over several polls": a poll stopped by its page limit leaves the
/// next poll to start at the first page it did not read.
#[tokio::test]
async fn a_long_backlog_is_read_over_several_polls() {
    let mut fx = Fixture::new(&[
        ("Mod", "It is now Day 1."),
        ("Alice", "<b>Vote: Bob</b>"),
        ("Bob", "<b>Vote: Alice</b>"),
        ("Carol", "<b>Vote: Bob</b>"),
        ("Alice", "hello"),
    ])
    .await;
    fx.options.max_pages = 1;
    assert_eq!(fx.poll().await, read(1, 2, 0));
    assert_eq!(fx.poll().await, read(1, 2, 0));
    assert_eq!(fx.poll().await, read(1, 1, 0));
    assert_eq!(fx.pages_requested(), [1, 2, 3]);
    // Caught up: the last page is asked for with its ETag.
    assert_eq!(fx.poll().await, PollOutcome::NotModified);
    assert_eq!(fx.site.store.post_count(fx.row.id).unwrap(), 5);
}

#[tokio::test]
async fn a_forum_that_gives_dates_is_asked_if_modified_since() {
    let fx = Fixture::new(&[("Mod", "It is now Day 1."), ("Alice", "<b>Vote: Bob</b>")]).await;
    fx.set_mode(Mode::PagesWithDates);
    assert_eq!(fx.poll().await, read(1, 2, 0));
    fx.requests();
    assert_eq!(fx.poll().await, PollOutcome::NotModified);
    let asked = fx.requests();
    assert_eq!(asked.len(), 1);
    assert_eq!(
        asked[0].if_modified_since.as_deref(),
        Some("Fri, 20 Mar 2026 10:03:00 GMT")
    );
    assert_eq!(asked[0].if_none_match, None);

    // A new post changes the date: the page is read again.
    fx.add_post("Bob", "<b>Vote: Alice</b>");
    assert_eq!(fx.poll().await, read(2, 1, 0));
}

#[tokio::test]
async fn new_posts_are_read_from_the_last_page_on_and_an_edit_updates_its_post() {
    let fx = Fixture::new(&[
        ("Mod", "It is now Day 1."),
        ("Alice", "<b>Vote: Bob</b>"),
        ("Bob", "hi"),
    ])
    .await;
    assert_eq!(fx.poll().await, read(2, 3, 0));
    fx.pages_requested();
    fx.add_post("Carol", "<b>Vote: Alice</b>");
    fx.add_post("Alice", "later");
    // Page 2 now has Bob's and Carol's posts, page 3 Alice's: page 1 is not read again.
    assert_eq!(fx.poll().await, read(2, 2, 0));
    assert_eq!(fx.pages_requested(), [2, 3]);

    fx.edit_post(4, "later, edited");
    assert_eq!(fx.poll().await, read(1, 0, 1));
    let posts = fx.site.store.posts(fx.row.id).unwrap();
    assert_eq!(posts.len(), 5);
    assert_eq!(
        posts[4].body,
        mafia_posts::Markup::Html("later, edited".into())
    );
}

#[tokio::test]
async fn a_forum_error_goes_on_the_review_list_and_the_next_poll_recovers() {
    let fx = Fixture::new(&[("Mod", "It is now Day 1.")]).await;
    fx.set_mode(Mode::Status(500));
    let PollOutcome::Failed { message, .. } = fx.poll().await else {
        panic!("a 500 is a failed poll")
    };
    assert!(message.contains("500"), "{message}");
    assert_eq!(fx.site.store.poll_state(fx.row.id).unwrap().failures, 1);
    assert!(
        fx.notices()[0].contains("the forum has an error (500"),
        "{:?}",
        fx.notices()
    );
    fx.poll().await;
    assert_eq!(fx.site.store.poll_state(fx.row.id).unwrap().failures, 2);

    fx.set_mode(Mode::Pages);
    assert_eq!(fx.poll().await, read(1, 1, 0));
    assert_eq!(fx.site.store.poll_state(fx.row.id).unwrap().failures, 0);
    assert!(
        fx.notices()[0].contains("answers again after 2 failed polls"),
        "{:?}",
        fx.notices()
    );
    // The GM sees it on the dashboard's review list.
    fx.site.store.add_user("Mod", "pw").unwrap();
    let (session, _) = fx.site.log_in("Mod", "pw").await;
    let page = fx
        .site
        .get_with_cookie("/gm/g/polled", Some(&session))
        .await
        .body;
    assert!(page.contains("the forum has an error (500"), "{page}");
}

#[tokio::test]
async fn too_many_requests_waits_as_long_as_the_forum_asks() {
    let fx = Fixture::new(&[("Mod", "It is now Day 1.")]).await;
    fx.set_mode(Mode::Status(429));
    let outcome = fx.poll().await;
    assert_eq!(
        outcome,
        PollOutcome::Failed {
            message: format!(
                "the forum asks us to slow down (429 Too Many Requests) at {}",
                fx.row.thread_url.clone().unwrap()
            ),
            retry_after: Some(Duration::from_secs(300)),
        }
    );
    assert_eq!(fx.failures(), 1);
    assert!(
        fx.notices()[0].contains("the forum asks us to slow down (429 Too Many Requests)")
            && fx.notices()[0].ends_with("(failed 1 time in a row; will retry)"),
        "{:?}",
        fx.notices()
    );
    // The poller waits as asked (300 s), longer than its own doubled interval.
    let wait = mafia_server::poll::next_delay(&fx.options, 1, Some(Duration::from_secs(300)));
    assert_eq!(wait, Duration::from_secs(300));
}

#[tokio::test]
async fn a_forum_that_does_not_answer_in_time_is_a_failed_poll() {
    let fx = Fixture::new(&[("Mod", "It is now Day 1.")]).await;
    fx.set_mode(Mode::Slow(Duration::from_secs(3)));
    let PollOutcome::Failed { message, .. } = fx.poll().await else {
        panic!("a timeout is a failed poll")
    };
    assert!(
        message.starts_with("no answer from http://127.0.0.1:"),
        "{message}"
    );
    assert!(message.ends_with("within 500ms"), "{message}");
    assert_eq!(fx.site.store.post_count(fx.row.id).unwrap(), 0);
    assert!(
        fx.notices()[0].contains("within 500ms (failed 1 time in a row; will retry)"),
        "{:?}",
        fx.notices()
    );
    // The retry after the forum is back reads the thread.
    fx.set_mode(Mode::Pages);
    assert_eq!(fx.poll().await, read(1, 1, 0));
    assert_eq!(fx.failures(), 0);
}

#[tokio::test]
async fn a_page_that_breaks_off_halfway_stores_nothing_and_is_retried() {
    let fx = Fixture::new(&[("Mod", "It is now Day 1."), ("Alice", "<b>Vote: Bob</b>")]).await;
    fx.set_mode(Mode::CutOff);
    let PollOutcome::Failed { message, .. } = fx.poll().await else {
        panic!("a page cut off is a failed poll")
    };
    assert!(message.contains("broke off"), "{message}");
    assert_eq!(fx.site.store.post_count(fx.row.id).unwrap(), 0);
    assert!(fx.notices()[0].contains("broke off"), "{:?}", fx.notices());
    assert_eq!(fx.failures(), 1);

    fx.set_mode(Mode::Pages);
    assert_eq!(fx.poll().await, read(1, 2, 0));
}

#[tokio::test]
async fn a_deleted_thread_says_so_and_keeps_what_was_read() {
    let fx = Fixture::new(&[("Mod", "It is now Day 1."), ("Alice", "hi")]).await;
    fx.poll().await;
    fx.set_mode(Mode::Status(404));
    let PollOutcome::Failed { message, .. } = fx.poll().await else {
        panic!("a 404 is a failed poll")
    };
    assert!(
        message.starts_with("the thread is gone (404 Not Found)"),
        "{message}"
    );
    assert_eq!(fx.site.store.post_count(fx.row.id).unwrap(), 2);
    assert_eq!(fx.site.get("/g/polled").await.status, StatusCode::OK);
    assert!(
        fx.notices()[0].contains("the thread is gone (404 Not Found)")
            && fx.notices()[0].contains("Check the thread URL"),
        "{:?}",
        fx.notices()
    );
    // It is still tried (in case the thread was only hidden), and noted ever more rarely.
    fx.poll().await;
    fx.poll().await;
    assert_eq!(fx.failures(), 3);
    assert_eq!(fx.notices().len(), 2, "{:?}", fx.notices());
}

#[tokio::test]
async fn a_page_that_is_not_a_thread_page_is_reported() {
    let fx = Fixture::new(&[("Mod", "It is now Day 1.")]).await;
    fx.set_mode(Mode::NotAThread);
    let PollOutcome::Failed { message, .. } = fx.poll().await else {
        panic!("a login page is a failed poll")
    };
    assert!(message.contains("no posts found"), "{message}");
    assert!(fx.notices()[0].contains("no posts found"));
}
