#![allow(dead_code)] // each test file uses a part of the helpers

//! A service on a fresh SQLite database, driven in-process (no socket), with small helpers
//! so a test reads as requests and what the visitor gets.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode, header};
use mafia_posts::{Markup, RawPost};
use mafia_server::{AppState, Options};
use mafia_store::{NewGame, Store};
use tower::ServiceExt;

pub struct Site {
    pub store: Arc<Store>,
    pub state: AppState,
    pub app: Router,
    _dir: Option<tempfile::TempDir>,
}

pub struct Reply {
    pub status: StatusCode,
    /// The body as text (invalid UTF-8 replaced); `bytes` as sent.
    pub body: String,
    pub bytes: Vec<u8>,
    pub headers: HeaderMap,
    pub set_cookies: Vec<String>,
    pub location: Option<String>,
    pub retry_after: Option<String>,
}

impl Site {
    pub fn new() -> Site {
        let dir = tempfile::tempdir().expect("temporary directory");
        let store = Arc::new(
            Store::open(dir.path().join("site.db").to_str().expect("utf-8 path")).expect("store"),
        );
        let state = AppState::new(store.clone(), Options::default());
        let app = mafia_server::router(state.clone());
        Site {
            store,
            state,
            app,
            _dir: Some(dir),
        }
    }

    /// A service on a store opened elsewhere (another engine, or a second instance on the
    /// same database).
    pub fn on_store(store: Arc<Store>) -> Site {
        Site::on_store_with(store, Options::default())
    }

    /// The same, with service options.
    /// A service that plays the WWR setups in `setups`, on the SQLite file `db` (a second
    /// one on the same file is a restart, or a second instance).
    pub fn wwr_on(db: &str, setups: &std::path::Path) -> Site {
        let store = Arc::new(Store::open(db).expect("store"));
        Site::on_store_with(
            store,
            Options {
                wwr_dir: Some(setups.to_path_buf()),
                ..Options::default()
            },
        )
    }

    /// The engine's save of the WWR game `slug` on this service.
    pub async fn wwr_save(&self, slug: &str) -> String {
        let games = self.state.wwr.clone();
        let store = self.store.clone();
        let slug = slug.to_owned();
        tokio::task::spawn_blocking(move || games.with(&store, &slug, |live| live.save()))
            .await
            .expect("the save's task")
            .expect("the save")
    }

    pub fn on_store_with(store: Arc<Store>, options: Options) -> Site {
        let state = AppState::new(store.clone(), options);
        let app = mafia_server::router(state.clone());
        Site {
            store,
            state,
            app,
            _dir: None,
        }
    }

    /// A new service on the same database, as after a restart (nothing cached in memory).
    pub fn restart(&mut self) {
        self.state = AppState::new(self.store.clone(), Options::default());
        self.app = mafia_server::router(self.state.clone());
    }

    /// Adds a game with its posts (each `(author, html)`, numbered from 1, an hour apart).
    pub fn game(&self, slug: &str, config: &str, posts: &[(&str, &str)]) -> i64 {
        let id = self
            .store
            .create_game(&NewGame::new(slug, config))
            .expect("game");
        let start = jiff::Timestamp::from_second(1_774_000_000).expect("time");
        let raw: Vec<RawPost> = posts
            .iter()
            .enumerate()
            .map(|(i, (author, html))| RawPost {
                id: format!("{}", i + 1),
                number: i as u64 + 1,
                author: (*author).to_owned(),
                time: Some(start + jiff::SignedDuration::from_hours(i as i64)),
                edited: None,
                body: Markup::Html((*html).to_owned()),
            })
            .collect();
        self.store.import_posts(id, &raw).expect("import");
        id
    }

    pub async fn request(&self, req: Request<Body>) -> Reply {
        let resp = self.app.clone().oneshot(req).await.expect("a response");
        let status = resp.status();
        let set_cookies = resp
            .headers()
            .get_all(header::SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok().map(str::to_owned))
            .collect();
        let location = resp
            .headers()
            .get(header::LOCATION)
            .and_then(|v| v.to_str().ok().map(str::to_owned));
        let retry_after = resp
            .headers()
            .get(header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok().map(str::to_owned));
        let headers = resp.headers().clone();
        let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX)
            .await
            .expect("a body")
            .to_vec();
        Reply {
            status,
            body: String::from_utf8_lossy(&bytes).into_owned(),
            bytes,
            headers,
            set_cookies,
            location,
            retry_after,
        }
    }

    pub async fn get(&self, uri: &str) -> Reply {
        self.get_with_cookie(uri, None).await
    }

    pub async fn get_with_cookie(&self, uri: &str, cookie: Option<&str>) -> Reply {
        let mut req = Request::get(uri);
        if let Some(c) = cookie {
            req = req.header(header::COOKIE, c);
        }
        self.request(req.body(Body::empty()).expect("request"))
            .await
    }

    /// Posts a form (`fields` are url-encoded here).
    pub async fn post_form(
        &self,
        uri: &str,
        cookie: Option<&str>,
        fields: &[(&str, &str)],
    ) -> Reply {
        let body = fields
            .iter()
            .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
            .collect::<Vec<_>>()
            .join("&");
        let mut req =
            Request::post(uri).header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
        if let Some(c) = cookie {
            req = req.header(header::COOKIE, c);
        }
        self.request(req.body(Body::from(body)).expect("request"))
            .await
    }

    /// Logs in (the account must exist); returns the session cookie and the CSRF token.
    pub async fn log_in(&self, name: &str, password: &str) -> (String, String) {
        let form = self.get("/gm/login").await;
        let login_cookie = cookie_pair(&form.set_cookies, "mafia_login").expect("login cookie");
        let csrf = hidden_csrf(&form.body).expect("csrf field");
        let reply = self
            .post_form(
                "/gm/login",
                Some(&login_cookie),
                &[("name", name), ("password", password), ("csrf", &csrf)],
            )
            .await;
        assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
        let session = cookie_pair(&reply.set_cookies, "mafia_session").expect("session cookie");
        let dashboard = self.get_with_cookie("/gm", Some(&session)).await;
        let csrf = hidden_csrf(&dashboard.body).expect("csrf on the dashboard");
        (session, csrf)
    }
}

/// The game the GM tests change (`controls.rs`, `gm.rs`, `hosts.rs`): three players, Day 1
/// first, no deadline yet.
pub const GM_GAME: &str = r#"
name = "Test Mafia"
gms = ["Mod"]
zone = "UTC"
first_phase = "Day 1"
day_length = "48h"
night_length = "24h"
players = [{ name = "Alice" }, { name = "Bob" }, { name = "Carol" }]
"#;

/// A site with the game `test` (game file `config`) and the GM `Mod` (password "correct
/// horse"): Day 1, where Alice votes `Bobby` (nobody yet) and Carol chats. Posts 1–3 on
/// 2026-03-20.
pub fn gm_site(config: &str) -> Site {
    let site = Site::new();
    site.game(
        "test",
        config,
        &[
            ("Mod", "It is now Day 1."),
            ("Alice", "<b>Vote: Bobby</b>"),
            ("Carol", "hmm"),
        ],
    );
    site.store.add_user("Mod", "correct horse").unwrap();
    site
}

/// Every route of the game `test` that changes it, with a form its hosts would have
/// accepted, in an order in which each is accepted after the ones before; the hosts' forms
/// add and remove the co-host `cohost`.
pub fn game_routes(cohost: &'static str) -> Vec<(&'static str, Vec<(&'static str, &'static str)>)> {
    vec![
        ("/gm/g/test/config", vec![("config", GM_GAME)]),
        (
            "/gm/g/test/thread",
            vec![("thread_url", "http://127.0.0.1:9/t/1"), ("forum", "phpbb")],
        ),
        (
            "/gm/g/test/posts",
            vec![(
                "jsonl",
                "{\"id\":\"9\",\"number\":9,\"author\":\"Bob\",\"text\":\"##vote Alice\"}",
            )],
        ),
        (
            "/gm/g/test/corrections/vote",
            vec![("post", "2"), ("vote", "Bob"), ("note", "typo")],
        ),
        (
            "/gm/g/test/corrections",
            vec![("record", "at = 2\nunvote = \"Alice\"")],
        ),
        ("/gm/g/test/corrections/1/delete", vec![]),
        (
            "/gm/g/test/control",
            vec![("action", "kill"), ("name", "Bob")],
        ),
        ("/gm/g/test/hosts", vec![("name", cohost)]),
        ("/gm/g/test/hosts/remove", vec![("name", cohost)]),
    ]
}

/// `name=value` of a Set-Cookie header with that name.
pub fn cookie_pair(set_cookies: &[String], name: &str) -> Option<String> {
    set_cookies
        .iter()
        .filter_map(|c| c.split(';').next())
        .find(|pair| pair.starts_with(&format!("{name}=")))
        .map(str::to_owned)
}

/// A form's fields with the `csrf` field added.
pub fn with_csrf<'a>(fields: &[(&'a str, &'a str)], csrf: &'a str) -> Vec<(&'a str, &'a str)> {
    let mut all = fields.to_vec();
    all.push(("csrf", csrf));
    all
}

/// The value of the first hidden `csrf` field of a page.
pub fn hidden_csrf(page: &str) -> Option<String> {
    let at = page.find("name=\"csrf\" value=\"")? + "name=\"csrf\" value=\"".len();
    let rest = page.get(at..)?;
    Some(rest.get(..rest.find('"')?)?.to_owned())
}

fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            b' ' => "+".to_owned(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// `(player, link)` per row of a links page (`<td>Name</td><td><a class="link" href=…>`).
pub fn named_links(page: &str, slug: &str) -> Vec<(String, String)> {
    let prefix = format!("</td><td><a class=\"link\" href=\"/w/{slug}/p/");
    page.match_indices(&prefix)
        .map(|(at, _)| {
            let name_start = page[..at].rfind("<td>").expect("a name cell") + "<td>".len();
            let start = at + prefix.len() - format!("/w/{slug}/p/").len();
            let end = start + page[start..].find('"').expect("a closed href");
            (page[name_start..at].to_owned(), page[start..end].to_owned())
        })
        .collect()
}
