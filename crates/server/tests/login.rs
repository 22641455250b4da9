//! Login throttling (issue 14, point 2): per account name and per client address, growing
//! waits answered 429 with `Retry-After`, reset by a success; an unknown name is answered
//! exactly as a wrong password.

mod common;

use std::net::SocketAddr;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode, header};
use common::{Reply, Site, cookie_pair, hidden_csrf};
use mafia_server::{AppState, Options};

/// A login form's cookie and token.
async fn login_form(site: &Site) -> (String, String) {
    let form = site.get("/gm/login").await;
    let cookie = cookie_pair(&form.set_cookies, "mafia_login").unwrap();
    (cookie, hidden_csrf(&form.body).unwrap())
}

/// One login attempt (name and password without characters to escape), from a peer address
/// and with an `X-Forwarded-For` header when given.
async fn attempt(
    site: &Site,
    name: &str,
    password: &str,
    peer: Option<&str>,
    forwarded: Option<&str>,
) -> Reply {
    let (cookie, csrf) = login_form(site).await;
    let body = format!(
        "name={}&password={}&csrf={csrf}",
        name.replace(' ', "+"),
        password.replace(' ', "+")
    );
    let mut req = Request::post("/gm/login")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(header::COOKIE, cookie);
    if let Some(f) = forwarded {
        req = req.header("x-forwarded-for", f);
    }
    let mut req = req.body(Body::from(body)).unwrap();
    if let Some(ip) = peer {
        let addr: SocketAddr = format!("{ip}:40000").parse().unwrap();
        req.extensions_mut().insert(ConnectInfo(addr));
    }
    site.request(req).await
}

fn site() -> Site {
    let site = Site::new();
    site.store.add_user("Mod", "correct horse").unwrap();
    site
}

/// The status and `Retry-After` of each of `n` wrong attempts of `name`.
async fn wrong_attempts(site: &Site, name: &str, n: usize) -> Vec<(u16, Option<String>, String)> {
    let mut out = Vec::new();
    for _ in 0..n {
        let reply = attempt(site, name, "wrong horse", None, None).await;
        out.push((reply.status.as_u16(), reply.retry_after, reply.body));
    }
    out
}

#[tokio::test]
async fn after_four_wrong_passwords_the_next_login_waits_and_says_how_long() {
    let site = site();
    let answers = wrong_attempts(&site, "Mod", 5).await;
    let statuses: Vec<u16> = answers.iter().map(|a| a.0).collect();
    // Three free attempts, the fourth makes the next wait a second.
    assert_eq!(statuses, [401, 401, 401, 401, 429]);
    assert_eq!(answers[4].1.as_deref(), Some("1"));
    assert!(
        answers[4].2.contains("Too many login attempts"),
        "{}",
        answers[4].2
    );
    // While it waits, even the right password is refused, and no session is opened.
    let right = attempt(&site, "Mod", "correct horse", None, None).await;
    assert_eq!(right.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(cookie_pair(&right.set_cookies, "mafia_session").is_none());
}

#[tokio::test]
async fn an_unknown_name_is_answered_exactly_as_a_wrong_password() {
    let site = site();
    let known = wrong_attempts(&site, "Mod", 5).await;
    let unknown = wrong_attempts(&site, "Nobody", 5).await;
    assert_eq!(known, unknown);
}

#[tokio::test]
async fn a_successful_login_starts_the_count_again() {
    let site = site();
    let statuses = |a: Vec<(u16, Option<String>, String)>| -> Vec<u16> {
        a.into_iter().map(|a| a.0).collect()
    };
    assert_eq!(statuses(wrong_attempts(&site, "Mod", 3).await), [401; 3]);
    let right = attempt(&site, "Mod", "correct horse", None, None).await;
    assert_eq!(right.status, StatusCode::SEE_OTHER);
    assert_eq!(
        statuses(wrong_attempts(&site, "Mod", 5).await),
        [401, 401, 401, 401, 429]
    );
}

#[tokio::test]
async fn one_address_trying_many_names_waits_as_one_name_would() {
    let site = site();
    let names = ["Alice", "Bob", "Carol", "Dave", "Erin"];
    let mut statuses = Vec::new();
    for name in names {
        let reply = attempt(&site, name, "guess", Some("203.0.113.9"), None).await;
        statuses.push(reply.status.as_u16());
    }
    assert_eq!(statuses, [401, 401, 401, 401, 429]);
    // Another address is not held back by it.
    let other = attempt(&site, "Mod", "correct horse", Some("198.51.100.1"), None).await;
    assert_eq!(other.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn behind_a_proxy_the_forwarded_address_is_counted_and_otherwise_ignored() {
    let mut site = site();
    // Without --behind-proxy, X-Forwarded-For is the client's to write: ignored.
    for i in 0..5 {
        let forged = format!("192.0.2.{i}");
        let reply = attempt(
            &site,
            &format!("N{i}"),
            "guess",
            Some("203.0.113.9"),
            Some(&forged),
        )
        .await;
        let expected = if i < 4 { 401 } else { 429 };
        assert_eq!(reply.status.as_u16(), expected, "attempt {i}");
    }
    // Behind a proxy, every client arrives from the proxy's address: the last forwarded
    // entry (the one the proxy appended) is the client.
    let options = Options {
        behind_proxy: true,
        ..Options::default()
    };
    site.app = mafia_server::router(AppState::new(site.store.clone(), options));
    let mut statuses = Vec::new();
    for i in 0..5 {
        let reply = attempt(
            &site,
            &format!("N{i}"),
            "guess",
            Some("10.0.0.1"),
            Some("1.2.3.4, 198.51.100.7"),
        )
        .await;
        statuses.push(reply.status.as_u16());
    }
    assert_eq!(statuses, [401, 401, 401, 401, 429]);
    let other_client = attempt(
        &site,
        "Mod",
        "correct horse",
        Some("10.0.0.1"),
        Some("198.51.100.8"),
    )
    .await;
    assert_eq!(other_client.status, StatusCode::SEE_OTHER);
}
