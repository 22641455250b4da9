//! Who is asking on the GM routes: the session cookie ([`Gm`]), a host of the route's game
//! ([`Host`]: its owner, a co-host or an admin), and the CSRF token every GM form carries.

use std::collections::HashMap;

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, header};
use mafia_store::{GameId, HostRole, Session};
use maud::{Markup, html};

use crate::{AppError, AppState};

pub(crate) const SESSION_COOKIE: &str = "mafia_session";
pub(crate) const LOGIN_COOKIE: &str = "mafia_login";

/// The value of a cookie in the request.
pub(crate) fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

pub(crate) fn set_cookie(name: &str, value: &str, max_age: i64, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    let text =
        format!("{name}={value}; Path=/; HttpOnly; SameSite=Strict; Max-Age={max_age}{secure}");
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static("invalid=1"))
}

/// Compares two tokens in time independent of where they differ.
pub(crate) fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// A logged-in GM (the extractor refuses the request otherwise).
pub struct Gm(pub Session);

impl FromRequestParts<AppState> for Gm {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Gm, AppError> {
        // A page asked for (GET) leads to the login page; a form sent without a session is 401.
        let refused = || {
            if parts.method == Method::GET || parts.method == Method::HEAD {
                let next = parts
                    .uri
                    .path_and_query()
                    .map_or("/gm", |p| p.as_str())
                    .to_owned();
                AppError::LogIn { next }
            } else {
                AppError::Unauthorized
            }
        };
        let Some(token) = cookie(&parts.headers, SESSION_COOKIE).map(str::to_owned) else {
            return Err(refused());
        };
        state
            .blocking(move |s| s.session(&token))
            .await?
            .map(Gm)
            .ok_or_else(refused)
    }
}

/// A GM who may change the game named by the route's `{slug}`: its owner, a co-host or an
/// admin. Every game route takes one, so the check is made once, here: no session is 401,
/// no such game 404, another GM 403.
pub struct Host {
    pub gm: Gm,
    pub slug: String,
    pub game: GameId,
    /// What the GM is to the game.
    pub role: HostRole,
}

impl FromRequestParts<AppState> for Host {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Host, AppError> {
        let gm = Gm::from_request_parts(parts, state).await?;
        let Path(params) = Path::<HashMap<String, String>>::from_request_parts(parts, state)
            .await
            .map_err(|e| AppError::BadRequest(e.to_string()))?;
        let slug = params
            .get("slug")
            .cloned()
            .ok_or_else(|| AppError::Internal("a game route without {slug}".into()))?;
        let game = state.game_id(&slug).await?;
        let user = gm.0.user.clone();
        let role = state.blocking(move |s| s.host_role(game, &user)).await?;
        let Some(role) = role else {
            return Err(AppError::NotAllowed(format!(
                "only the hosts of `{slug}` may change it; ask its owner to add you as a co-host"
            )));
        };
        Ok(Host {
            gm,
            slug,
            game,
            role,
        })
    }
}

impl Gm {
    pub(crate) fn check(&self, csrf: &str) -> Result<(), AppError> {
        if same_token(&self.0.csrf, csrf) {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }
}

pub(crate) fn csrf_field(token: &str) -> Markup {
    html! { input type="hidden" name="csrf" value=(token); }
}

/// Where to go after logging in, when it is a path of this site: it starts with one `/`
/// (not `//` nor `/\\`, which browsers read as another host) and holds no backslash, space
/// or control character. Anything else is `None` (then the dashboard).
pub(crate) fn local_next(next: &str) -> Option<&str> {
    let local = next.starts_with('/')
        && !next.starts_with("//")
        && !next
            .chars()
            .any(|c| c == '\\' || c.is_whitespace() || c.is_control());
    local.then_some(next)
}

/// A path as the value of the login page's `next` query parameter (percent-encoded).
pub(crate) fn encode_next(next: &str) -> String {
    let mut out = String::with_capacity(next.len());
    for b in next.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_path_of_this_site_is_a_next_page() {
        assert_eq!(local_next("/gm/g/demo"), Some("/gm/g/demo"));
        assert_eq!(local_next("/gm?x=1"), Some("/gm?x=1"));
        for bad in [
            "https://evil.example/",
            "//evil.example/",
            "/\\evil.example/",
            "/gm\\..",
            "gm",
            "",
            "/gm\nSet-Cookie: x",
            "javascript:alert(1)",
        ] {
            assert_eq!(local_next(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn next_is_percent_encoded() {
        assert_eq!(encode_next("/gm/g/a b?at=3&x"), "/gm/g/a%20b%3Fat%3D3%26x");
    }
}
