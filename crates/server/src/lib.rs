//! The tracker as a service: public status pages and a JSON API for every stored game, and a
//! GM dashboard behind a login.
//!
//! Data flow: the store keeps raw posts; [`derive`] replays them (with the GM's corrections)
//! into a [`derive::Derived`] per game, cached in memory with the game's version (which the
//! store bumps whenever the game's posts, game file or corrections change, through any
//! instance of the service) and stored as a snapshot so that a restart skips the replay;
//! [`pages`] and [`api`] render that cache (on PostgreSQL, which several instances may share,
//! once the game's version in the database is checked), [`gm`] changes the store and drops
//! the cache entry.
//!
//! Modules:
//! - [`derive`]: stored rows → tracker replay → what the pages show.
//! - [`pages`]: server-rendered HTML (maud escapes every interpolated string).
//! - [`api`]: the same data as JSON.
//! - [`chart`]: each day's wagons post by post, drawn as SVG ([`chart::svg`]) and PNG
//!   ([`chart::png`]); [`pictures`] serves them at stable addresses.
//! - [`clock`]: times as the pages word them (countdowns).
//! - [`gm`]: login (argon2), session cookies, CSRF tokens, the dashboard and its forms; the
//!   [`gm::Host`] extractor, the one check that a GM may change the game of a route.
//! - [`admin`]: the admin's page (create accounts).
//! - [`poll`]: reads each running game's thread (and vote thread) from its forum into the
//!   store; with several instances on one PostgreSQL, one of them at a time per thread.
//! - [`fetch`]: the forum addresses the poller may reach (public ones, unless allowed) and
//!   the request that keeps to them (redirects checked, size bounded).
//! - [`throttle`]: login throttling per account name and client address (in memory).
//! - [`vote_thread`]: how a vote thread's posts are stored apart from the game thread's.
//! - [`wwr_play`]: WWR games played on the web (player links, host page, public page).

pub mod admin;
pub mod api;
pub mod chart;
pub mod clock;
pub mod derive;
pub mod fetch;
pub mod gm;
pub mod gm_auth;
pub mod gm_controls;
pub mod pages;
pub mod pictures;
pub mod poll;
pub mod post_links;
pub mod throttle;
pub mod vote_thread;
pub mod wwr_play;

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use axum::Router;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use mafia_store::{GameId, Store, StoreError};

use crate::derive::Derived;

/// How the service runs.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Mark session cookies `Secure` (set when the service is behind HTTPS).
    pub secure_cookies: bool,
    /// Take the client's address (for login throttling) from the last `X-Forwarded-For`
    /// entry: set only behind a reverse proxy that appends it, else anyone could choose
    /// their address.
    pub behind_proxy: bool,
    /// The login throttle's policy.
    pub login_policy: throttle::Policy,
    /// Check a game's version in the database before serving its cached pages even on
    /// SQLite (always done on PostgreSQL, which other instances may share; one instance on
    /// SQLite drops its cache itself on every change, so it skips the read): for tests.
    pub check_versions: bool,
    /// The folder of WWR setup files a GM may create web games from (`serve --wwr-dir`).
    pub wwr_dir: Option<std::path::PathBuf>,
}

/// A game's derivation and the game version it was made from.
struct Cached {
    version: i64,
    derived: Arc<Derived>,
}

/// Shared by every request.
#[derive(Clone)]
pub struct AppState {
    pub store: Arc<Store>,
    pub options: Options,
    cache: Arc<RwLock<HashMap<String, Cached>>>,
    /// Whether other instances may change the database (see [`Options::check_versions`]).
    check_versions: bool,
    /// Login attempts per name and address.
    pub throttle: Arc<throttle::Throttle>,
    /// The WWR games running in this instance.
    pub wwr: Arc<wwr_play::Games>,
}

impl AppState {
    pub fn new(store: Arc<Store>, options: Options) -> AppState {
        AppState {
            check_versions: options.check_versions
                || store.engine() == mafia_store::Engine::Postgres,
            store,
            throttle: Arc::new(throttle::Throttle::new(options.login_policy)),
            wwr: Arc::new(wwr_play::Games::new(options.wwr_dir.clone())),
            options,
            cache: Arc::default(),
        }
    }

    /// The derived state of a game: from the cache when it was made from the game's current
    /// version (on PostgreSQL one read of the store first: another instance may have changed
    /// the game), else from a snapshot, else replayed from the store.
    pub async fn derived(&self, slug: &str) -> Result<Arc<Derived>, AppError> {
        let cached = self
            .cache
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(slug)
            .map(|c| (c.version, c.derived.clone()));
        if let Some((_, derived)) = &cached
            && !self.check_versions
        {
            return Ok(derived.clone());
        }
        let wanted = slug.to_owned();
        let (_, version) = self
            .blocking(move |s| s.game_version(&wanted))
            .await?
            .ok_or_else(|| AppError::NotFound(format!("no game `{slug}`")))?;
        if let Some((made_at, derived)) = cached
            && made_at == version
        {
            return Ok(derived);
        }
        let store = self.store.clone();
        let wanted = slug.to_owned();
        // Read after the version: what is read is that version or a newer one (then the next
        // request derives again, never the other way round).
        let derived = tokio::task::spawn_blocking(move || -> Result<Derived, AppError> {
            let row = store
                .game(&wanted)?
                .ok_or_else(|| AppError::NotFound(format!("no game `{wanted}`")))?;
            let corrections = store.corrections(row.id)?;
            // A snapshot of this code over exactly the stored posts skips the replay (the store
            // drops it whenever the posts, the game file or the corrections change).
            let count = store.post_count(row.id)?;
            if let Some((posts, json)) = store.snapshot(row.id, derive::DERIVE_VERSION)? {
                if posts == count {
                    if let Ok(snapshot) = serde_json::from_str(&json) {
                        return Ok(Derived::from_snapshot(&row, snapshot, corrections));
                    }
                }
            }
            let posts = store.posts(row.id)?;
            let derived = derive::derive(&row, &posts, corrections);
            if let Ok(json) = serde_json::to_string(&derived.snapshot()) {
                let stored = posts.len() as u64;
                // Kept only while the game is at the version derived (no stale snapshot when
                // a change came meanwhile).
                let code = derive::DERIVE_VERSION;
                if let Err(e) = store.put_snapshot_at(row.id, code, version, stored, &json) {
                    tracing::warn!("cannot store the snapshot of `{wanted}`: {e}");
                }
            }
            Ok(derived)
        })
        .await
        .map_err(|e| AppError::Internal(e.to_string()))??;
        let derived = Arc::new(derived);
        let mut cache = self.cache.write().unwrap_or_else(|p| p.into_inner());
        // Two requests may derive at once from different versions: keep the newer.
        if cache.get(slug).is_none_or(|c| c.version <= version) {
            cache.insert(
                slug.to_owned(),
                Cached {
                    version,
                    derived: derived.clone(),
                },
            );
        }
        Ok(derived)
    }

    /// Forgets a game's derived state (its posts, game file or corrections changed).
    pub fn invalidate(&self, slug: &str) {
        self.cache
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .remove(slug);
    }

    /// Runs a store call off the async threads.
    pub async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, AppError> {
        let store = self.store.clone();
        tokio::task::spawn_blocking(move || f(&store))
            .await
            .map_err(|e| AppError::Internal(e.to_string()))?
            .map_err(AppError::from)
    }

    /// The id of a game, or 404.
    pub async fn game_id(&self, slug: &str) -> Result<GameId, AppError> {
        let wanted = slug.to_owned();
        self.blocking(move |s| s.game(&wanted))
            .await?
            .map(|g| g.id)
            .ok_or_else(|| AppError::NotFound(format!("no game `{slug}`")))
    }
}

/// The whole service.
pub fn router(state: AppState) -> Router {
    Router::new()
        .merge(pages::routes())
        .merge(pictures::routes())
        .merge(api::routes())
        .merge(gm::routes())
        .merge(gm_controls::routes())
        .merge(admin::routes())
        .merge(wwr_play::routes())
        .with_state(state)
}

/// Serves the site on a bound listener until the process ends.
pub async fn run(listener: tokio::net::TcpListener, state: AppState) -> std::io::Result<()> {
    // The peer's address reaches the handlers (login throttling).
    let app = router(state).into_make_service_with_connect_info::<std::net::SocketAddr>();
    axum::serve(listener, app).await
}

/// A game's short name as typed, trimmed, or why it is refused: 1 to 40 lower-case letters,
/// digits and `-` (it becomes part of the game's addresses). Tracked and WWR games alike.
pub(crate) fn checked_slug(typed: &str) -> Result<String, AppError> {
    let slug = typed.trim();
    let valid = (1..=40).contains(&slug.len())
        && slug
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if valid {
        Ok(slug.to_owned())
    } else {
        Err(AppError::BadRequest(
            "the short name may only have lower-case letters, digits and -, at most 40".into(),
        ))
    }
}

/// Why a request failed, as the visitor sees it.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    BadRequest(String),
    #[error("please log in")]
    Unauthorized,
    /// A page of the GM dashboard asked for without a session: the login page, which comes
    /// back to `next` (a local path) after logging in.
    #[error("please log in")]
    LogIn { next: String },
    #[error("this form is out of date or was not sent by this site; reload the page and try again")]
    Forbidden,
    /// A logged-in GM who is not a host of the game (nor an admin), or not allowed what
    /// they asked (the string says what).
    #[error("{0}")]
    NotAllowed(String),
    #[error("storage: {0}")]
    Store(#[from] StoreError),
    #[error("internal error: {0}")]
    Internal(String),
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        if let AppError::LogIn { next } = &self {
            let to = format!("/gm/login?next={}", gm_auth::encode_next(next));
            return axum::response::Redirect::to(&to).into_response();
        }
        let status = match &self {
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Unauthorized | AppError::LogIn { .. } => StatusCode::UNAUTHORIZED,
            AppError::Forbidden | AppError::NotAllowed(_) => StatusCode::FORBIDDEN,
            AppError::Store(_) | AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        if status == StatusCode::INTERNAL_SERVER_ERROR {
            tracing::error!("{self}");
        }
        (status, pages::error_page(status, &self.to_string())).into_response()
    }
}
