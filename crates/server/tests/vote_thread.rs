//! A game whose votes are cast in a separate vote thread (issue 11, point 5), polled from a
//! forum served by the test itself on 127.0.0.1: the GM gives both thread URLs, the poller
//! reads both, and the pages show the vote thread's votes and the game thread's commands in
//! time order.
//!
//! The pages are phpBB pages as `tests/poll.rs` serves them (`div.post` with `id="p<id>"`,
//! the author in `a.username`, the time in `<time datetime>`, the body in `div.content`; the
//! fixture README's description of phpBB HTML). Both threads number their posts from 1 and
//! use the same forum ids (1001, 1002…), so nothing but the thread keeps them apart.

mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use common::Site;
use mafia_server::poll::{PollOptions, PollOutcome, Thread, poll_thread};
use mafia_store::GameRow;
use mafia_tracker::merge::VOTE_THREAD_BASE as V;
use serde_json::Value;

const GAME: &str = r#"
name = "Vote Thread Mafia"
gms = ["Mod"]
zone = "UTC"
first_phase = "Day 1"
day_length = "48h"
night_length = "24h"
players = ["Alice", "Bob", "Carol", "Dave", "Erin"]

[rules]
votes = ["bold"]
"#;

/// (author, time of day on 2026-03-20 UTC, body html)
type ForumPost = (&'static str, &'static str, &'static str);

/// The game thread: the host's commands and the talk. Bob's vote here does not count.
const GAME_THREAD: [ForumPost; 3] = [
    (
        "Mod",
        "10:00",
        "<b>It is now Day 1.</b> Vote in the vote thread only.",
    ),
    ("Alice", "10:10", "Hello all, Carol is scummy."),
    ("Bob", "10:40", "<b>Vote: Alice</b> (I know, wrong thread)."),
];

/// The host's post that ends Day 1, in the game thread.
const DAY_ENDS: ForumPost = (
    "Mod",
    "12:00",
    "<b>Carol was lynched.</b> She was a Vanilla Townie.<br>Night 1 begins.",
);

/// The vote thread. The host's posts here are not commands: "Night 1 begins." at 11:00 does
/// not end the day, so Bob's vote at 11:30 still counts on Day 1; Erin's vote at 12:30 comes
/// after the game thread's day end.
const VOTE_THREAD: [ForumPost; 6] = [
    ("Mod", "09:55", "Vote thread. <b>Day 1</b> votes here."),
    ("Alice", "10:20", "<b>Vote: Carol</b>"),
    ("Dave", "10:30", "<b>Vote: Carol</b>"),
    ("Mod", "11:00", "<b>Night 1 begins.</b> (a slip: not here)"),
    ("Bob", "11:30", "<b>Vote: Dave</b>"),
    (
        "Erin",
        "12:30",
        "<b>Vote: Alice</b> &lt;script&gt;alert(1)&lt;/script&gt;",
    ),
];

/// The fake forum: two threads, and whether the vote thread is gone.
#[derive(Debug, Default)]
struct Forum {
    game: Vec<ForumPost>,
    votes: Vec<ForumPost>,
    votes_gone: bool,
}

type Shared = Arc<Mutex<Forum>>;

/// One phpBB page holding a whole thread (ids from 1001, numbers from 1).
fn phpbb_page(posts: &[ForumPost]) -> String {
    let mut html = String::from("<html><body>");
    for (i, (author, time, body)) in posts.iter().enumerate() {
        let id = 1001 + i;
        html.push_str(&format!(
            "<div class=\"post\" id=\"p{id}\"><div class=\"postbody\">\
             <p class=\"author\"><a href=\"#p{id}\">#{number}</a> by \
             <strong><a class=\"username\">{author}</a></strong> \
             <time datetime=\"2026-03-20T{time}:00+00:00\">x</time></p>\
             <div class=\"content\">{body}</div></div></div>",
            number = i + 1
        ));
    }
    html.push_str("</body></html>");
    html
}

async fn thread(State(forum): State<Shared>, Path(which): Path<String>) -> Response {
    let f = forum.lock().unwrap();
    match which.as_str() {
        "game" => phpbb_page(&f.game).into_response(),
        "votes" if f.votes_gone => StatusCode::NOT_FOUND.into_response(),
        "votes" => phpbb_page(&f.votes).into_response(),
        _ => StatusCode::NOT_FOUND.into_response(),
    }
}

struct Fixture {
    site: Site,
    forum: Shared,
    session: String,
    client: reqwest::Client,
    options: PollOptions,
    addr: std::net::SocketAddr,
}

impl Fixture {
    /// The forum with the game thread's first posts and the whole vote thread, and a GM
    /// logged in to the service.
    async fn new() -> Fixture {
        let forum: Shared = Arc::new(Mutex::new(Forum {
            game: GAME_THREAD.to_vec(),
            votes: VOTE_THREAD.to_vec(),
            votes_gone: false,
        }));
        let app = Router::new()
            .route("/t/{which}", get(thread))
            .with_state(forum.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });
        let site = Site::new();
        site.store.add_user("Mod", "correct horse").unwrap();
        let (session, _) = site.log_in("Mod", "correct horse").await;
        let options = PollOptions {
            timeout: Duration::from_millis(500),
            // The fake forum is on 127.0.0.1.
            allow_private_forums: true,
            ..PollOptions::default()
        };
        let client = mafia_server::poll::client(&options).unwrap();
        Fixture {
            site,
            forum,
            session,
            client,
            options,
            addr,
        }
    }

    fn url(&self, which: &str) -> String {
        format!("http://{}/t/{which}", self.addr)
    }

    /// The GM creates the game with both thread URLs, as the dashboard's form sends them.
    async fn create_game(&self) {
        let csrf = common::hidden_csrf(&self.gm_page("/gm").await).unwrap();
        let reply = self
            .site
            .post_form(
                "/gm/games",
                Some(&self.session),
                &[
                    ("slug", "voted"),
                    ("thread_url", &self.url("game")),
                    ("vote_thread_url", &self.url("votes")),
                    ("forum", "phpbb"),
                    ("config", GAME),
                    ("csrf", &csrf),
                ],
            )
            .await;
        assert_eq!(
            reply.location.as_deref(),
            Some("/gm/g/voted"),
            "{}",
            reply.body
        );
    }

    async fn gm_page(&self, uri: &str) -> String {
        self.site
            .get_with_cookie(uri, Some(&self.session))
            .await
            .body
    }

    fn row(&self) -> GameRow {
        self.site.store.game("voted").unwrap().unwrap()
    }

    async fn poll(&self, which: Thread) -> PollOutcome {
        poll_thread(
            &self.site.state,
            &self.client,
            &self.options,
            &self.row(),
            which,
        )
        .await
    }

    async fn poll_both(&self) {
        for which in [Thread::Game, Thread::Votes] {
            let outcome = self.poll(which).await;
            assert!(
                matches!(outcome, PollOutcome::Read { .. }),
                "{which:?}: {outcome:?}"
            );
        }
    }

    /// Polls both threads, whatever each answers.
    async fn poll_both_allowing_failure(&self) {
        self.poll(Thread::Game).await;
        self.poll(Thread::Votes).await;
    }

    async fn status_json(&self) -> Value {
        serde_json::from_str(&self.site.get("/api/games/voted").await.body).unwrap()
    }
}

/// Each wagon of a tally as (candidate, voters).
fn wagons(tally: &Value) -> Vec<(String, Vec<String>)> {
    tally["wagons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            let voters = w["voters"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_owned())
                .collect();
            (w["candidate"].as_str().unwrap().to_owned(), voters)
        })
        .collect()
}

fn named(list: &[(&str, &[&str])]) -> Vec<(String, Vec<String>)> {
    list.iter()
        .map(|(c, v)| (c.to_string(), v.iter().map(|s| s.to_string()).collect()))
        .collect()
}

#[tokio::test]
async fn votes_come_from_the_vote_thread_and_the_day_ends_at_the_game_threads_post() {
    let fx = Fixture::new().await;
    fx.create_game().await;
    let row = fx.row();
    assert_eq!(row.vote_thread_url, Some(fx.url("votes")));
    fx.poll_both().await;
    // Game posts 1-3 and vote-thread posts 1-6, stored apart although their forum ids are
    // the same; a second poll stores nothing again.
    assert_eq!(fx.site.store.post_count(row.id).unwrap(), 9);
    fx.poll_both().await;
    assert_eq!(fx.site.store.post_count(row.id).unwrap(), 9);

    // The game thread has not ended the day yet: the host's "Night 1 begins." in the vote
    // thread (11:00) is not a command, so Bob's vote after it (11:30) and Erin's (12:30)
    // count. Bob's vote in the game thread (10:40) does not.
    let status = fx.status_json().await;
    assert_eq!(
        wagons(&status["tally"]),
        named(&[
            ("Carol", &["Alice", "Dave"]),
            ("Dave", &["Bob"]),
            ("Alice", &["Erin"])
        ])
    );
    let page = fx.site.get("/g/voted").await.body;
    assert!(page.contains("Phase: <strong>Day 1</strong>"), "{page}");

    // The host ends the day in the game thread at 12:00: the votes before it are Day 1's,
    // Erin's vote at 12:30 comes after it, at night.
    fx.forum.lock().unwrap().game.push(DAY_ENDS);
    assert!(matches!(
        fx.poll(Thread::Game).await,
        PollOutcome::Read { new: 1, .. }
    ));
    let status = fx.status_json().await;
    let days = status["previous_days"].as_array().unwrap();
    assert_eq!(days.len(), 1);
    let day1: Vec<(u64, &str, bool)> = days[0]["votes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["post"].as_u64().unwrap(),
                v["voter"].as_str().unwrap(),
                v["counted"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        day1,
        [
            (V + 2, "Alice", true),
            (V + 3, "Dave", true),
            (V + 5, "Bob", true)
        ]
    );
    // As of game post 3 (10:40): with the vote thread's posts made before it, Alice's and
    // Dave's votes (10:20, 10:30), not Bob's (11:30).
    let at3: Value =
        serde_json::from_str(&fx.site.get("/api/games/voted?at=3").await.body).unwrap();
    assert_eq!(
        wagons(&at3["tally"]),
        named(&[("Carol", &["Alice", "Dave"])])
    );
    let page = fx.site.get("/g/voted").await.body;
    assert!(page.contains("Phase: <strong>Night 1</strong>"), "{page}");
    assert!(page.contains("Carol</a> — Day 1, post 4"), "{page}");
    assert!(page.contains("the last is vote thread post 6."), "{page}");

    // The vote history names the vote thread's posts; Erin's vote at night is no vote.
    let votes = fx.site.get("/g/voted/votes").await.body;
    assert!(
        votes.contains("<td>Day 1</td><td><a href=\"/g/voted/posts#p1000000005\">vote thread post 5</a></td><td>Vote: Dave</td>"),
        "{votes}"
    );
    assert!(!votes.contains("vote thread post 6"), "{votes}");
    // The posts page shows them in time order, each named by its thread, and what Erin
    // wrote is shown, not run.
    let posts = fx.site.get("/g/voted/posts").await.body;
    let order: Vec<usize> = [
        ">#1 <",
        ">#2 <",
        "vote thread post 2 ",
        "vote thread post 3 ",
        ">#3 <",
        "vote thread post 5 ",
        ">#4 <",
        "vote thread post 6 ",
    ]
    .iter()
    .map(|s| {
        posts
            .find(s)
            .unwrap_or_else(|| panic!("{s} missing: {posts}"))
    })
    .collect();
    assert!(order.is_sorted(), "{order:?}");
    assert!(!posts.contains("<script>alert"), "{posts}");
    assert!(posts.contains("&lt;script&gt;alert(1)"), "{posts}");
    // The host's posts in the vote thread are not in the stream.
    assert!(!posts.contains("a slip: not here"), "{posts}");

    // Bob's vote in the game thread is on the GM's review list, at game post 3.
    let gm = fx.gm_page("/gm/g/voted").await;
    assert!(
        gm.contains("Bob voted in the game thread (`Vote: Alice`)"),
        "{gm}"
    );
    assert!(gm.contains("href=\"/g/voted/posts#p3\">post 3</a>"), "{gm}");
}

#[tokio::test]
async fn a_restart_re_derives_the_same_pages() {
    let fx = Fixture::new().await;
    fx.create_game().await;
    fx.forum.lock().unwrap().game.push(DAY_ENDS);
    fx.poll_both().await;
    let pages = ["/g/voted", "/g/voted/votes", "/g/voted/posts"];
    let mut before = Vec::new();
    for uri in pages {
        before.push(fx.site.get(uri).await.body);
    }
    let mut fx = fx;
    // From the stored snapshot, then replayed from the stored posts.
    fx.site.restart();
    for (uri, page) in pages.iter().zip(&before) {
        assert_eq!(
            &fx.site.get(uri).await.body,
            page,
            "{uri} from the snapshot"
        );
    }
    fx.site.store.drop_snapshots().unwrap();
    fx.site.restart();
    for (uri, page) in pages.iter().zip(&before) {
        assert_eq!(&fx.site.get(uri).await.body, page, "{uri} replayed");
    }
    assert!(
        before[0].contains("Carol</a> — Day 1, post 4"),
        "{}",
        before[0]
    );
}

#[tokio::test]
async fn a_vote_thread_that_fails_is_named_on_the_review_list_and_polled_on_its_own() {
    let fx = Fixture::new().await;
    fx.create_game().await;
    fx.forum.lock().unwrap().votes_gone = true;
    fx.poll_both_allowing_failure().await;
    let id = fx.row().id;
    assert_eq!(
        fx.site
            .store
            .thread_poll_state(id, Thread::Votes)
            .unwrap()
            .failures,
        1
    );
    assert_eq!(fx.site.store.poll_state(id).unwrap().failures, 0);
    let gm = fx.gm_page("/gm/g/voted").await;
    let gone = format!(
        "polling the vote thread {}: the thread is gone (404 Not Found)",
        fx.url("votes")
    );
    assert!(gm.contains(&gone), "{gm}");
    // The game thread's posts are read all the same.
    assert_eq!(fx.site.store.post_count(id).unwrap(), 3);
}

#[tokio::test]
async fn the_vote_thread_url_must_be_a_web_address_and_can_be_changed() {
    let fx = Fixture::new().await;
    fx.create_game().await;
    fx.poll_both().await;
    let page = fx.gm_page("/gm/g/voted").await;
    let csrf = common::hidden_csrf(&page).unwrap();
    let refused = fx
        .site
        .post_form(
            "/gm/g/voted/thread",
            Some(&fx.session),
            &[
                ("thread_url", &fx.url("game")),
                ("vote_thread_url", "javascript:alert(1)"),
                ("forum", "phpbb"),
                ("running", "1"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(
        refused
            .body
            .contains("the vote thread URL must be an http:// or https:// address"),
        "{}",
        refused.body
    );
    assert_eq!(fx.row().vote_thread_url, Some(fx.url("votes")));

    // Without a vote thread, its posts are dropped and the game thread is read alone:
    // Bob's vote there counts again.
    let reply = fx
        .site
        .post_form(
            "/gm/g/voted/thread",
            Some(&fx.session),
            &[
                ("thread_url", &fx.url("game")),
                ("vote_thread_url", ""),
                ("forum", "phpbb"),
                ("running", "1"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    assert_eq!(fx.row().vote_thread_url, None);
    assert_eq!(fx.site.store.post_count(fx.row().id).unwrap(), 3);
    let status = fx.status_json().await;
    assert_eq!(wagons(&status["tally"]), named(&[("Alice", &["Bob"])]));
}
