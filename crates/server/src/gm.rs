//! The GM dashboard: log in (argon2-hashed passwords), then create games, edit a game file,
//! read the review list, correct what the tracker could not read (stored corrections: the
//! game file's `[[corrections]]` records, written by a vote form or pasted as TOML), import
//! posts and copy the BBCode vote count.
//!
//! Security: the session cookie is `HttpOnly; SameSite=Strict` (and `Secure` when
//! [`Options::secure_cookies`](crate::Options) is set); every form carries the session's
//! CSRF token (the login form a token bound to a short-lived cookie), and every mutating
//! route refuses a request without a live session (401) or with a wrong token (403).
//!
//! Hosts: every route of a game (`/gm/g/{slug}/…`) takes a [`Host`], which refuses a GM
//! who is not the game's owner, a co-host or an admin (403) before the handler runs.

use std::net::{IpAddr, SocketAddr};
use std::time::Instant;

use axum::Router;
use axum::extract::{ConnectInfo, Form, FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use mafia_posts::import::Engine;
use mafia_store::{Hosts, NewGame};
use mafia_tracker::config::user_key;
use mafia_tracker::correction::{Correction, CorrectionAction};
use mafia_tracker::merge::post_name;
use mafia_tracker::{Game, Status};
use maud::{Markup, html};
use serde::Deserialize;

pub(crate) use crate::gm_auth::csrf_field;
pub use crate::gm_auth::{Gm, Host};
use crate::gm_auth::{LOGIN_COOKIE, SESSION_COOKIE, cookie, local_next, same_token, set_cookie};
use crate::gm_controls::correct;
use crate::pages::layout;
use crate::throttle::retry_after_seconds;
use crate::{AppError, AppState};

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/gm/login", get(login_form).post(login))
        .route("/gm/logout", post(logout))
        .route("/gm", get(dashboard))
        .route("/gm/games", post(create_game))
        .route("/gm/g/{slug}", get(game_page))
        .route("/gm/g/{slug}/config", post(set_config))
        .route("/gm/g/{slug}/thread", post(set_thread))
        .route("/gm/g/{slug}/posts", post(import_posts))
        .route("/gm/g/{slug}/corrections", post(add_corrections))
        .route("/gm/g/{slug}/corrections/vote", post(add_vote_correction))
        .route(
            "/gm/g/{slug}/corrections/{id}/delete",
            post(remove_correction),
        )
        .route("/gm/g/{slug}/hosts", post(add_cohost))
        .route("/gm/g/{slug}/hosts/remove", post(remove_cohost))
}

// --- login -------------------------------------------------------------------------------

#[derive(Debug, Default, Deserialize)]
struct NextQuery {
    #[serde(default)]
    next: String,
}

async fn login_form(
    State(state): State<AppState>,
    Query(q): Query<NextQuery>,
) -> Result<Response, AppError> {
    let token = mafia_store::random_token()?;
    let next = local_next(&q.next);
    let page = layout(
        "GM login",
        html! {
            h1 { "GM login" }
            form method="post" action="/gm/login" {
                (csrf_field(&token))
                @if let Some(next) = next { input type="hidden" name="next" value=(next); }
                p { label { "Name " input name="name" autocomplete="username" required; } }
                p { label { "Password " input type="password" name="password" autocomplete="current-password" required; } }
                button { "Log in" }
            }
        },
    );
    let mut response = page.into_response();
    response.headers_mut().append(
        header::SET_COOKIE,
        set_cookie(LOGIN_COOKIE, &token, 3600, state.options.secure_cookies),
    );
    Ok(response)
}

#[derive(Debug, Deserialize)]
struct LoginForm {
    name: String,
    password: String,
    csrf: String,
    /// The page to go back to (validated as a local path).
    #[serde(default)]
    next: String,
}

/// The address of the client: the peer's, or behind a proxy the last `X-Forwarded-For`
/// entry (what the proxy saw); none when neither is known (requests made in-process).
pub struct ClientAddress(pub Option<IpAddr>);

impl FromRequestParts<AppState> for ClientAddress {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<ClientAddress, Self::Rejection> {
        let forwarded = || {
            parts
                .headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .next_back()
                .and_then(|a| a.trim().parse().ok())
        };
        let peer = || {
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip())
        };
        Ok(ClientAddress(if state.options.behind_proxy {
            forwarded().or_else(peer)
        } else {
            peer()
        }))
    }
}

/// The answer to a login refused by the throttle: 429, `Retry-After`, and the same page
/// whether the name exists or not.
fn too_many_logins(wait: std::time::Duration) -> Response {
    let seconds = retry_after_seconds(wait);
    let page = layout(
        "GM login",
        html! {
            h1 { "GM login" }
            p.notice { "Too many login attempts. Try again in " (seconds) " seconds." }
            p { a href="/gm/login" { "Back to the login form" } }
        },
    );
    let mut response = (StatusCode::TOO_MANY_REQUESTS, page).into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    response
}

async fn login(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    headers: HeaderMap,
    Form(form): Form<LoginForm>,
) -> Result<Response, AppError> {
    let expected = cookie(&headers, LOGIN_COOKIE).ok_or(AppError::Forbidden)?;
    if !same_token(expected, &form.csrf) {
        return Err(AppError::Forbidden);
    }
    let LoginForm {
        name,
        password,
        next,
        ..
    } = form;
    // Counted before the password check, the same for a known and an unknown name.
    if let Err(wait) = state.throttle.begin(&name, address, Instant::now()) {
        return Ok(too_many_logins(wait));
    }
    let tried = name.clone();
    let session = state.blocking(move |s| s.login(&name, &password)).await?;
    if session.is_some() {
        state.throttle.succeeded(&tried, address);
    }
    let Some(session) = session else {
        let page = layout(
            "GM login",
            html! {
                h1 { "GM login" }
                p.notice { "Wrong name or password." }
                p { a href="/gm/login" { "Try again" } }
            },
        );
        return Ok((StatusCode::UNAUTHORIZED, page).into_response());
    };
    let mut response = Redirect::to(local_next(&next).unwrap_or("/gm")).into_response();
    let secure = state.options.secure_cookies;
    let max_age = mafia_store::SESSION_HOURS * 3600;
    let headers = response.headers_mut();
    headers.append(
        header::SET_COOKIE,
        set_cookie(SESSION_COOKIE, &session.token, max_age, secure),
    );
    headers.append(header::SET_COOKIE, set_cookie(LOGIN_COOKIE, "", 0, secure));
    Ok(response)
}

#[derive(Debug, Deserialize)]
struct CsrfForm {
    csrf: String,
}

async fn logout(
    State(state): State<AppState>,
    gm: Gm,
    Form(form): Form<CsrfForm>,
) -> Result<Response, AppError> {
    gm.check(&form.csrf)?;
    let token = gm.0.token.clone();
    state.blocking(move |s| s.logout(&token)).await?;
    let mut response = Redirect::to("/").into_response();
    response.headers_mut().append(
        header::SET_COOKIE,
        set_cookie(SESSION_COOKIE, "", 0, state.options.secure_cookies),
    );
    Ok(response)
}

// --- dashboard ---------------------------------------------------------------------------

pub(crate) fn gm_nav(gm: &Gm) -> Markup {
    html! {
        nav {
            a href="/" { "Public pages" }
            a href="/gm" { "Dashboard" }
            a href="/gm/accounts" { "Accounts" }
            form method="post" action="/gm/logout" style="display:inline" {
                (csrf_field(&gm.0.csrf))
                button { "Log out " (gm.0.user) }
            }
        }
    }
}

async fn dashboard(State(state): State<AppState>, gm: Gm) -> Result<Html<String>, AppError> {
    let user = gm.0.user.clone();
    let games = state.blocking(move |s| s.hosted_games(&user)).await?;
    let wwr = crate::wwr_play::dashboard_section(&state, &gm).await?;
    Ok(layout(
        "GM dashboard",
        html! {
            (gm_nav(&gm))
            h1 { "GM dashboard" }
            p.muted { "The games you host (an admin sees every game)." }
            ul { @for g in &games { li { a href={ "/gm/g/" (g.slug) } { (g.slug) } } } }
            h2 { "Create a game" }
            form method="post" action="/gm/games" {
                (csrf_field(&gm.0.csrf))
                p { label { "Short name (letters, digits, -) " input name="slug" pattern="[a-z0-9-]{1,40}" required; } }
                p { label { "Thread URL " input name="thread_url" type="url"; } }
                p { label { "Vote thread URL (optional: where votes are cast, same forum) " input name="vote_thread_url" type="url"; } }
                p { label { "Forum " (forum_select()) } }
                p { label { "Game file (TOML)" textarea name="config" rows="14" required {} } }
                button { "Create" }
            }
            (wwr)
        },
    ))
}

/// The value of the forum choice for a game whose posts are imported by hand (JSON Lines).
const FORUM_BY_HAND: &str = "jsonl";

/// The forum choice of the create form: every engine the importers read (its key parses back
/// into the [`Engine`] the poller uses), then posts imported by hand.
fn forum_select() -> Markup {
    html! {
        select name="forum" {
            @for engine in Engine::ALL {
                option value=(engine.name()) { (engine.label()) }
            }
            option value=(FORUM_BY_HAND) { "JSON Lines (posts imported by hand)" }
        }
    }
}

fn check_config(text: &str, slug: &str) -> Result<(), AppError> {
    mafia_tracker::Game::parse(text, &format!("game {slug}"))
        .map(|_| ())
        .map_err(|e| AppError::BadRequest(format!("the game file has an error: {e}")))
}

#[derive(Debug, Deserialize)]
struct CreateForm {
    csrf: String,
    slug: String,
    #[serde(default)]
    thread_url: String,
    #[serde(default)]
    forum: String,
    #[serde(default)]
    vote_thread_url: String,
    config: String,
}

fn non_empty(s: &str) -> Option<String> {
    let s = s.trim();
    (!s.is_empty()).then(|| s.to_owned())
}

/// A thread URL field: empty, or an `http`/`https` URL (the poller reads nothing else).
fn thread_url_field(label: &str, text: &str) -> Result<Option<String>, AppError> {
    let Some(text) = non_empty(text) else {
        return Ok(None);
    };
    match reqwest::Url::parse(&text) {
        Ok(url) if matches!(url.scheme(), "http" | "https") && url.has_host() => Ok(Some(text)),
        _ => Err(AppError::BadRequest(format!(
            "the {label} must be an http:// or https:// address"
        ))),
    }
}

async fn create_game(
    State(state): State<AppState>,
    gm: Gm,
    Form(form): Form<CreateForm>,
) -> Result<Response, AppError> {
    gm.check(&form.csrf)?;
    let slug = crate::checked_slug(&form.slug)?;
    check_config(&form.config, &slug)?;
    let new = NewGame {
        slug: slug.clone(),
        config: form.config,
        thread_url: thread_url_field("thread URL", &form.thread_url)?,
        forum: non_empty(&form.forum),
        vote_thread_url: thread_url_field("vote thread URL", &form.vote_thread_url)?,
        owner: Some(gm.0.user.clone()),
    };
    state
        .blocking(move |s| s.create_game(&new))
        .await
        .map_err(|e| match e {
            AppError::Store(mafia_store::StoreError::GameExists(s)) => {
                AppError::BadRequest(format!("a game `{s}` already exists"))
            }
            other => other,
        })?;
    state.invalidate(&slug);
    Ok(Redirect::to(&format!("/gm/g/{slug}")).into_response())
}

async fn game_page(State(state): State<AppState>, host: Host) -> Result<Html<String>, AppError> {
    game_page_with(&state, host, None).await
}

/// A game file the host sent that was refused: the text as typed, and why.
struct RefusedConfig {
    text: String,
    error: String,
}

/// The GM page; with a refused game file, that text in the editor and the error above it.
async fn game_page_with(
    state: &AppState,
    host: Host,
    refused: Option<RefusedConfig>,
) -> Result<Html<String>, AppError> {
    let manages = host.role.chooses_cohosts();
    let Host {
        gm, slug, game: id, ..
    } = host;
    let d = state.derived(&slug).await?;
    let (row, notices, hosts) = state
        .blocking(move |s| {
            let row = s.games()?.into_iter().find(|g| g.id == id);
            Ok((row, s.notices(id, 50)?, s.hosts(id)?))
        })
        .await?;
    let row = row.ok_or_else(|| AppError::NotFound(format!("no game `{slug}`")))?;
    let bbcode = crate::post_links::vote_count(&d, row.forum.as_deref());
    let csrf = gm.0.csrf.clone();
    Ok(layout(
        &format!("GM — {slug}"),
        html! {
            (gm_nav(&gm))
            h1 { "GM: " (slug) }
            p { a href={ "/g/" (slug) } { "Public status page" } }
            @if let Err(e) = &d.game { p.notice { "The game file cannot be used: " (e) } }

            h2 { "Review list" }
            @if notices.is_empty() && d.status.as_ref().is_none_or(|s| s.review.is_empty()) { p { "Nothing to review." } }
            ul {
                @for n in &notices { li.notice { (n.time.strftime("%Y-%m-%d %H:%M UTC")) ": " (n.message) } }
                @if let Some(s) = &d.status {
                    @for r in &s.review {
                        li {
                            (r.phase)
                            @if let Some(p) = r.post { ", " a href={ "/g/" (slug) "/posts#p" (p) } { (post_name(p)) } }
                            @if let Some(w) = &r.who { ", " (w) }
                            ": " (r.message)
                            @if let Some(fix) = &r.fix {
                                br; "To fix, add to the game file (or paste into “Add a correction” below):"
                                pre.fix { (fix) }
                            }
                        }
                    }
                }
            }

            h2 { "Vote count (BBCode)" }
            @match &bbcode {
                Some(text) => textarea readonly rows="10" { (text) },
                None => p { "No vote count while the game file has errors." },
            }

            h2 { "Corrections" }
            p.muted { "A correction is kept apart from the posts and the game file: the tracker applies it right after its post, as if the GM had posted it then (the game file's [[corrections]] records, in the same shape)." }
            h3 { "Correct a vote" }
            form method="post" action={ "/gm/g/" (slug) "/corrections/vote" } {
                (csrf_field(&csrf))
                label { "Post number " input type="number" name="post" min="1" required; }
                label { " Vote for " input name="vote" placeholder="empty: unvote"; }
                label { " Note " input name="note"; }
                button { "Save correction" }
            }
            (crate::gm_controls::forms(&slug, &csrf, d.posts.last().map(|p| p.number)))
            h3 { "Add a correction" }
            form method="post" action={ "/gm/g/" (slug) "/corrections" } {
                (csrf_field(&csrf))
                p { label { "One record (TOML), e.g. a review item's fix" br;
                    textarea name="record" rows="5" placeholder="at = 410\ndies = \"Bob\"\ncomment = \"lynched Day 3\"" required {} } }
                button { "Add correction" }
            }
            @if !d.corrections.is_empty() {
                table {
                    tr { th { "After post" } th { "Record" } th { "By" } th {} }
                    @for c in &d.corrections {
                        tr {
                            td { (c.stored.at) }
                            td {
                                pre { (c.stored.record) }
                                @if let Some(e) = &c.error { p.notice { "Not applied: " (e) } }
                            }
                            td { (c.stored.by) }
                            td {
                                form method="post" action={ "/gm/g/" (slug) "/corrections/" (c.stored.id) "/delete" } {
                                    (csrf_field(&csrf)) button { "Remove" }
                                }
                            }
                        }
                    }
                }
            }

            h2 { "Thread" }
            form method="post" action={ "/gm/g/" (slug) "/thread" } {
                (csrf_field(&csrf))
                p { label { "Thread URL " input name="thread_url" type="url" value=[row.thread_url.as_deref()]; } }
                p { label { "Vote thread URL (optional: where votes are cast, same forum) " input name="vote_thread_url" type="url" value=[row.vote_thread_url.as_deref()]; } }
                p { label { "Forum " input name="forum" value=[row.forum.as_deref()]; } }
                p { label { input type="checkbox" name="running" value="1" checked[row.running]; " Follow the thread" } }
                button { "Save" }
            }

            h2 { "Import posts (JSON Lines)" }
            form method="post" action={ "/gm/g/" (slug) "/posts" } {
                (csrf_field(&csrf))
                textarea name="jsonl" rows="6" placeholder="{\"id\": \"1\", \"number\": 1, \"author\": \"Alice\", \"text\": \"...\"}" {}
                button { "Import" }
            }

            (hosts_section(&slug, &hosts, manages, &csrf))

            h2 id="game-file" { "Game file: players, aliases, schedule, rules" }
            @if let Some(r) = &refused {
                p.notice { "Not saved: " (r.error) ". The text below is what you sent; the saved game file is unchanged." }
            }
            form method="post" action={ "/gm/g/" (slug) "/config" } {
                (csrf_field(&csrf))
                textarea name="config" rows="24" { (refused.as_ref().map_or(row.config.as_str(), |r| r.text.as_str())) }
                button { "Save game file" }
            }
        },
    ))
}

/// Who hosts the game; for its owner and the admins, the forms that choose the co-hosts.
fn hosts_section(slug: &str, hosts: &Hosts, manages: bool, csrf: &str) -> Markup {
    html! {
        h2 { "Hosts" }
        p {
            "Owner: " (hosts.owner.as_deref().unwrap_or("none (only admins)"))
            @if !hosts.cohosts.is_empty() { ". Co-hosts: " (hosts.cohosts.join(", ")) }
        }
        @if manages {
            form method="post" action={ "/gm/g/" (slug) "/hosts" } {
                (csrf_field(csrf))
                label { "Add a co-host (an existing account) " input name="name" required; }
                button { "Add co-host" }
            }
            @for name in &hosts.cohosts {
                form method="post" action={ "/gm/g/" (slug) "/hosts/remove" } {
                    (csrf_field(csrf))
                    input type="hidden" name="name" value=(name);
                    button { "Remove co-host " (name) }
                }
            }
        }
    }
}

#[derive(Debug, Deserialize)]
struct HostForm {
    csrf: String,
    name: String,
}

/// Adds a co-host (the owner or an admin only).
async fn add_cohost(
    State(state): State<AppState>,
    host: Host,
    Form(form): Form<HostForm>,
) -> Result<Response, AppError> {
    change_cohosts(&state, host, form, true).await
}

/// Removes a co-host (the owner or an admin only).
async fn remove_cohost(
    State(state): State<AppState>,
    host: Host,
    Form(form): Form<HostForm>,
) -> Result<Response, AppError> {
    change_cohosts(&state, host, form, false).await
}

async fn change_cohosts(
    state: &AppState,
    host: Host,
    form: HostForm,
    add: bool,
) -> Result<Response, AppError> {
    host.gm.check(&form.csrf)?;
    if !host.role.chooses_cohosts() {
        return Err(AppError::NotAllowed(format!(
            "only the owner of `{}` or an admin chooses its co-hosts",
            host.slug
        )));
    }
    let game = host.game;
    let name = form.name.trim().to_owned();
    state
        .blocking(move |s| {
            if add {
                s.add_cohost(game, &name)
            } else {
                s.remove_cohost(game, &name).map(|_| ())
            }
        })
        .await
        .map_err(|e| match e {
            AppError::Store(mafia_store::StoreError::NoUser(n)) => {
                AppError::BadRequest(format!("there is no account `{n}`"))
            }
            other => other,
        })?;
    Ok(Redirect::to(&format!("/gm/g/{}", host.slug)).into_response())
}

#[derive(Debug, Deserialize)]
struct ConfigForm {
    csrf: String,
    config: String,
}

async fn set_config(
    State(state): State<AppState>,
    host: Host,
    Form(form): Form<ConfigForm>,
) -> Result<Response, AppError> {
    let Host {
        gm,
        slug,
        game: id,
        role,
    } = host;
    gm.check(&form.csrf)?;
    if let Err(AppError::BadRequest(error)) = check_config(&form.config, &slug) {
        let host = Host {
            gm,
            slug,
            game: id,
            role,
        };
        let refused = RefusedConfig {
            text: form.config,
            error,
        };
        let page = game_page_with(&state, host, Some(refused)).await?;
        return Ok((StatusCode::BAD_REQUEST, page).into_response());
    }
    state
        .blocking(move |s| s.set_config(id, &form.config))
        .await?;
    state.invalidate(&slug);
    Ok(Redirect::to(&format!("/gm/g/{slug}")).into_response())
}

#[derive(Debug, Deserialize)]
struct ThreadForm {
    csrf: String,
    #[serde(default)]
    thread_url: String,
    #[serde(default)]
    forum: String,
    #[serde(default)]
    running: Option<String>,
    #[serde(default)]
    vote_thread_url: String,
}

async fn set_thread(
    State(state): State<AppState>,
    host: Host,
    Form(form): Form<ThreadForm>,
) -> Result<Response, AppError> {
    let Host {
        gm, slug, game: id, ..
    } = host;
    gm.check(&form.csrf)?;
    let url = thread_url_field("thread URL", &form.thread_url)?;
    let votes = thread_url_field("vote thread URL", &form.vote_thread_url)?;
    let forum = non_empty(&form.forum);
    let running = form.running.is_some();
    state
        .blocking(move |s| {
            s.set_thread(id, url.as_deref(), forum.as_deref(), running)?;
            s.set_vote_thread(id, votes.as_deref())
        })
        .await?;
    // With or without a vote thread, the game is replayed another way.
    state.invalidate(&slug);
    Ok(Redirect::to(&format!("/gm/g/{slug}")).into_response())
}

#[derive(Debug, Deserialize)]
struct PostsForm {
    csrf: String,
    jsonl: String,
}

async fn import_posts(
    State(state): State<AppState>,
    host: Host,
    Form(form): Form<PostsForm>,
) -> Result<Response, AppError> {
    let Host {
        gm, slug, game: id, ..
    } = host;
    gm.check(&form.csrf)?;
    let mut posts = Vec::new();
    for (i, line) in form.jsonl.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let post = mafia_posts::parse_jsonl_line(line)
            .map_err(|e| AppError::BadRequest(format!("line {}: {e}", i + 1)))?;
        posts.push(post);
    }
    state.blocking(move |s| s.import_posts(id, &posts)).await?;
    state.invalidate(&slug);
    Ok(Redirect::to(&format!("/gm/g/{slug}")).into_response())
}

#[derive(Debug, Deserialize)]
struct CorrectionForm {
    csrf: String,
    record: String,
}

/// "Add a correction": one record (or several) as TOML, with or without its
/// `[[corrections]]` header.
async fn add_corrections(
    State(state): State<AppState>,
    host: Host,
    Form(form): Form<CorrectionForm>,
) -> Result<Response, AppError> {
    correct(&state, host, &form.csrf, |_, _| Ok(form.record.clone())).await
}

#[derive(Debug, Deserialize)]
struct VoteForm {
    csrf: String,
    post: u64,
    #[serde(default)]
    vote: String,
    #[serde(default)]
    note: String,
}

/// "Correct a vote": post N counts as its author's vote for the name given (or unvote),
/// stored as `vote = { voter, target }` / `unvote = voter` at N.
async fn add_vote_correction(
    State(state): State<AppState>,
    host: Host,
    Form(form): Form<VoteForm>,
) -> Result<Response, AppError> {
    correct(&state, host, &form.csrf, |d, game| {
        let author = d
            .posts
            .iter()
            .find(|p| p.number == form.post)
            .map(|p| p.author.clone())
            .ok_or_else(|| AppError::BadRequest(format!("there is no post {}", form.post)))?;
        let voter = voter_name(game, d.status.as_ref(), &author).ok_or_else(|| {
            AppError::BadRequest(format!(
                "post {} is by {author}, who is not a player",
                form.post
            ))
        })?;
        let action = match non_empty(&form.vote) {
            Some(target) => CorrectionAction::Vote { voter, target },
            None => CorrectionAction::Unvote(voter),
        };
        let correction = Correction {
            at: form.post,
            action,
            comment: non_empty(&form.note),
        };
        // Checked as a record pasted into the form is (a target that names nobody is refused).
        Ok(correction.to_toml())
    })
    .await
}

/// The name a correction gives the slot of the user `author`: the slot's name in the game
/// file (a replacement read from the thread is known there by the player they replaced).
fn voter_name(game: &Game, status: Option<&Status>, author: &str) -> Option<String> {
    let key = user_key(author);
    let in_file = |name: &String| {
        game.players.iter().any(|p| {
            std::iter::once(&p.name)
                .chain(&p.aliases)
                .any(|n| user_key(n) == user_key(name))
        })
    };
    if let Some(player) = game.players.iter().find(|p| user_key(&p.name) == key) {
        return Some(player.name.clone());
    }
    let status = status?;
    let slots = status
        .alive
        .iter()
        .map(|p| (&p.name, &p.replaced))
        .chain(status.dead.iter().map(|d| (&d.name, &d.replaced)));
    for (name, replaced) in slots {
        let names = || replaced.iter().chain(std::iter::once(name));
        if names().any(|n| user_key(n) == key) {
            return names().find(|n| in_file(n)).cloned();
        }
    }
    None
}

async fn remove_correction(
    State(state): State<AppState>,
    host: Host,
    Path((_, correction_id)): Path<(String, i64)>,
    Form(form): Form<CsrfForm>,
) -> Result<Response, AppError> {
    let Host {
        gm, slug, game: id, ..
    } = host;
    gm.check(&form.csrf)?;
    state
        .blocking(move |s| s.remove_correction(id, correction_id))
        .await?;
    state.invalidate(&slug);
    Ok(Redirect::to(&format!("/gm/g/{slug}")).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_are_read_by_exact_name() {
        let mut h = HeaderMap::new();
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("a=1; mafia_session=abc; mafia_session_x=no"),
        );
        assert_eq!(cookie(&h, SESSION_COOKIE), Some("abc"));
        assert_eq!(cookie(&h, "missing"), None);
    }

    #[test]
    fn session_cookies_are_http_only_and_strict() {
        let c = set_cookie(SESSION_COOKIE, "tok", 60, true);
        assert_eq!(
            c.to_str().unwrap(),
            "mafia_session=tok; Path=/; HttpOnly; SameSite=Strict; Max-Age=60; Secure"
        );
        assert!(
            !set_cookie(SESSION_COOKIE, "tok", 60, false)
                .to_str()
                .unwrap()
                .contains("Secure")
        );
    }

    #[test]
    fn the_forum_choice_offers_every_engine_by_a_key_that_parses_back() {
        let form = forum_select().into_string();
        for engine in Engine::ALL {
            let option = format!(
                "<option value=\"{}\">{}</option>",
                engine.name(),
                engine.label()
            );
            assert!(form.contains(&option), "{option} missing from {form}");
            assert_eq!(engine.name().parse::<Engine>(), Ok(engine));
        }
        assert!(form.contains("MTG Salvation"), "{form}");
        assert!(form.contains("value=\"jsonl\""), "{form}");
    }

    /// The vote form names the voter by the slot's name in the game file, which the record
    /// check knows: a replacement read from the thread is known there by whom they replaced.
    #[test]
    fn a_vote_correction_names_a_replacement_by_the_slot_of_the_game_file() {
        use mafia_posts::{Markup, RawPost};
        let row = mafia_store::GameRow {
            id: 1,
            slug: "r".into(),
            config: "name = \"R\"\ngms = [\"Mod\"]\nzone = \"UTC\"\nfirst_phase = \"Day 1\"\n\
                     day_length = \"48h\"\nnight_length = \"24h\"\nplayers = [\"Alice\", \"Dave\"]\n"
                .into(),
            thread_url: None,
            forum: None,
            running: false,
            vote_thread_url: None,
        };
        let post = |number: u64, author: &str, text: &str| RawPost {
            id: number.to_string(),
            number,
            author: author.into(),
            time: None,
            edited: None,
            body: Markup::Text(text.into()),
        };
        let raw = [
            post(1, "Erin", "hello"),
            post(2, "Mod", "Erin has replaced Dave."),
        ];
        let d = crate::derive::derive(&row, &raw, Vec::new());
        let game = d.game.as_ref().expect("game");
        let status = d.status.as_ref();
        assert_eq!(voter_name(game, status, "Erin").as_deref(), Some("Dave"));
        assert_eq!(voter_name(game, status, "alice").as_deref(), Some("Alice"));
        assert_eq!(voter_name(game, status, "Mod"), None);
    }

    #[test]
    fn tokens_compare_whole() {
        assert!(same_token("abc", "abc"));
        assert!(!same_token("abc", "abd"));
        assert!(!same_token("abc", "ab"));
        assert!(!same_token("", "a"));
    }
}
