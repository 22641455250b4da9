//! The WWR routes: `/w/{game}` (public), `/w/{game}/p/{token}` (a player's page and its
//! forms), `/w/{game}/host` (the host's page and forms: a GM session of the owner, a co-host
//! or an admin, CSRF on every form), and `/gm/wwr` (create a game from the dashboard).

use axum::Form;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use mafia_store::{HostRole, Store};
use mafia_wwr::chat::Input;
use maud::{Markup, html};
use serde::Deserialize;

use super::error::PlayError;
use super::live::Games;
use super::view;
use crate::gm_auth::{Gm, csrf_field};
use crate::pages::layout;
use crate::{AppError, AppState};

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/w/{game}", get(public))
        .route("/w/{game}/p/{token}", get(player).post(player_act))
        .route("/w/{game}/host", get(host).post(host_act))
        .route("/gm/wwr", post(create))
}

impl From<PlayError> for AppError {
    fn from(e: PlayError) -> AppError {
        match e {
            PlayError::NoGame(_) | PlayError::BadLink => AppError::NotFound(e.to_string()),
            PlayError::NoSetupDir | PlayError::NoSetup(_) | PlayError::Setup(_) => {
                AppError::BadRequest(e.to_string())
            }
            PlayError::Store(s) => AppError::Store(s),
            PlayError::Engine(_)
            | PlayError::Random(_)
            | PlayError::Busy
            | PlayError::BookChanged { .. } => AppError::Internal(e.to_string()),
        }
    }
}

/// Runs engine and store work off the async threads.
async fn play<T: Send + 'static>(
    state: &AppState,
    f: impl FnOnce(&Games, &Store) -> Result<T, PlayError> + Send + 'static,
) -> Result<T, AppError> {
    let (games, store) = (state.wwr.clone(), state.store.clone());
    tokio::task::spawn_blocking(move || f(&games, &store))
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?
        .map_err(AppError::from)
}

async fn public(
    State(state): State<AppState>,
    Path(game): Path<String>,
) -> Result<Html<String>, AppError> {
    let slug = game.clone();
    let body = play(&state, move |g, s| {
        g.with(s, &slug, |live| Ok(view::public_page(live)))
    })
    .await?;
    Ok(layout(&format!("WWR {game}"), body))
}

/// Headers of a page whose address is a secret (a player's link, the host's list of links):
/// never cached, and never sent on as a referrer.
const SECRET_PAGE: [(header::HeaderName, &str); 2] = [
    (header::CACHE_CONTROL, "no-store"),
    (header::REFERRER_POLICY, "no-referrer"),
];

async fn player(
    State(state): State<AppState>,
    Path((game, token)): Path<(String, String)>,
) -> Result<Response, AppError> {
    let action = format!("/w/{game}/p/{token}");
    let body = play(&state, move |g, s| {
        g.with(s, &game, |live| {
            let seat = live.seat_of(s, &token)?;
            Ok(view::player_page(live, seat, &action))
        })
        .map_err(no_part_named)
    })
    .await?;
    Ok((SECRET_PAGE, layout("Your WWR game", body)).into_response())
}

/// A player's link to no game is as invalid as a wrong token: the answer names no part.
fn no_part_named(e: PlayError) -> PlayError {
    match e {
        PlayError::NoGame(_) => PlayError::BadLink,
        other => other,
    }
}

/// A player's form. Which player acts comes from the link, never from the form (a `player`
/// field is ignored).
#[derive(Debug, Deserialize)]
struct PlayerForm {
    kind: String,
    trigger: Option<String>,
    key: Option<String>,
    selection: Option<String>,
    secondary: Option<String>,
    chosen: Option<String>,
    poll: Option<String>,
    choice: Option<String>,
    channel: Option<String>,
    connection: Option<String>,
    text: Option<String>,
}

fn given(v: Option<String>) -> Option<String> {
    v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty())
}

fn input_of(player: String, form: PlayerForm) -> Result<Input, AppError> {
    let missing = |what: &str| AppError::BadRequest(format!("the form has no {what}"));
    Ok(match form.kind.as_str() {
        "use" => Input::Use {
            player,
            trigger: given(form.trigger).ok_or_else(|| missing("trigger"))?,
            key: given(form.key),
            selection: given(form.selection),
            secondary: given(form.secondary),
            chosen: given(form.chosen),
        },
        "vote" => Input::Vote {
            player,
            poll: given(form.poll).ok_or_else(|| missing("poll"))?,
            choice: given(form.choice),
        },
        // A message of only spaces (or none) goes to the table, which refuses it: the
        // refusal is shown on the player's page, as the engine's are.
        "say" => Input::Say {
            player,
            channel: given(form.channel).ok_or_else(|| missing("channel"))?,
            text: one_line(form.text.unwrap_or_default()),
        },
        "whisper" => Input::Whisper {
            player,
            connection: given(form.connection).ok_or_else(|| missing("connection"))?,
            text: one_line(form.text.unwrap_or_default()),
        },
        other => return Err(AppError::BadRequest(format!("unknown action `{other}`"))),
    })
}

/// An act line is one line: a message's line breaks become spaces.
fn one_line(text: String) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

async fn player_act(
    State(state): State<AppState>,
    Path((game, token)): Path<(String, String)>,
    Form(form): Form<PlayerForm>,
) -> Result<Response, AppError> {
    let back = format!("/w/{game}/p/{token}");
    play(&state, move |g, s| {
        // One hold of the game: a link replaced at this moment cannot get an input in.
        g.with(s, &game, |live| {
            let seat = live.seat_of(s, &token)?;
            let player = live.seat_name(seat).unwrap_or_default().to_owned();
            let input = input_of(player, form).map_err(|e| PlayError::Setup(e.to_string()))?;
            live.submit(s, input)
        })
        .map_err(no_part_named)
    })
    .await?;
    Ok(Redirect::to(&back).into_response())
}

/// The GM's session, checked as a host of the WWR game (owner, co-host or admin): what
/// they are to it.
async fn host_of(state: &AppState, gm: &Gm, game: &str) -> Result<HostRole, AppError> {
    let (slug, user) = (game.to_owned(), gm.0.user.clone());
    let role = state
        .blocking(move |s| {
            let Some(row) = s.wwr_game(&slug)? else {
                return Ok(None);
            };
            Ok(Some(s.wwr_host_role(row.id, &user)?))
        })
        .await?;
    match role {
        None => Err(AppError::NotFound(format!("no WWR game `{game}`"))),
        Some(None) => Err(AppError::NotAllowed(format!(
            "only the hosts of `{game}` may run it"
        ))),
        Some(Some(role)) => Ok(role),
    }
}

async fn host(
    State(state): State<AppState>,
    gm: Gm,
    Path(game): Path<String>,
) -> Result<Html<String>, AppError> {
    host_of(&state, &gm, &game).await?;
    let csrf = gm.0.csrf.clone();
    let slug = game.clone();
    let body = play(&state, move |g, s| {
        g.with(s, &slug, |live| Ok(view::host_page(live, &csrf)))
    })
    .await?;
    Ok(layout(&format!("Hosting {game}"), body))
}

#[derive(Debug, Deserialize)]
struct HostForm {
    csrf: String,
    action: String,
    minutes: Option<String>,
    seat: Option<usize>,
    name: Option<String>,
}

async fn host_act(
    State(state): State<AppState>,
    gm: Gm,
    Path(game): Path<String>,
    Form(form): Form<HostForm>,
) -> Result<Response, AppError> {
    gm.check(&form.csrf)?;
    let role = host_of(&state, &gm, &game).await?;
    let back = format!("/w/{game}/host");
    let slug = game.clone();
    match form.action.as_str() {
        "next" => {
            play(&state, move |g, s| g.submit(s, &slug, Input::EndPhase)).await?;
        }
        "deadline" => {
            let minutes: i64 = form
                .minutes
                .as_deref()
                .map(str::trim)
                .and_then(|m| m.parse().ok())
                .filter(|m| (0..=100_000).contains(m))
                .ok_or_else(|| {
                    AppError::BadRequest("expected a number of minutes (0 to 100000)".into())
                })?;
            let at = jiff::Timestamp::now() + jiff::SignedDuration::from_mins(minutes);
            play(&state, move |g, s| {
                g.with(s, &slug, |live| {
                    s.set_wwr_deadline(live.id(), Some(at))?;
                    Ok(())
                })
            })
            .await?;
        }
        "cohost" => {
            if !role.chooses_cohosts() {
                return Err(AppError::NotAllowed(
                    "only the game's owner or an admin adds co-hosts".into(),
                ));
            }
            let user = given(form.name)
                .ok_or_else(|| AppError::BadRequest("expected an account name".into()))?;
            state
                .blocking(move |s| {
                    if s.account(&user)?.is_none() {
                        return Err(mafia_store::StoreError::NoUser(user));
                    }
                    let row = s
                        .wwr_game(&slug)?
                        .ok_or_else(|| mafia_store::StoreError::NoGame(slug.clone()))?;
                    s.add_wwr_cohost(row.id, &user)
                })
                .await
                .map_err(|e| match e {
                    AppError::Store(mafia_store::StoreError::NoUser(n)) => {
                        AppError::BadRequest(format!("there is no account `{n}`"))
                    }
                    other => other,
                })?;
        }
        "replace" | "link" => {
            let seat = form
                .seat
                .ok_or_else(|| AppError::BadRequest("expected a seat".into()))?;
            let name = if form.action == "replace" {
                Some(
                    given(form.name)
                        .ok_or_else(|| AppError::BadRequest("expected a player name".into()))?,
                )
            } else {
                None
            };
            let link = play(&state, move |g, s| {
                g.new_link(s, &slug, seat, name.as_deref())
            })
            .await?;
            let page = layout("Player link", view::links_page(&game, &[link]));
            return Ok((SECRET_PAGE, page).into_response());
        }
        other => return Err(AppError::BadRequest(format!("unknown action `{other}`"))),
    }
    Ok(Redirect::to(&back).into_response())
}

#[derive(Debug, Deserialize)]
struct CreateForm {
    csrf: String,
    /// The game's short name (`game`, not `slug`: the tracker's form on the same page has one).
    game: String,
    setup: String,
}

async fn create(
    State(state): State<AppState>,
    gm: Gm,
    Form(form): Form<CreateForm>,
) -> Result<Response, AppError> {
    gm.check(&form.csrf)?;
    let slug = crate::checked_slug(&form.game)?;
    let (owner, setup, s2) = (gm.0.user.clone(), form.setup.clone(), slug.clone());
    let links = play(&state, move |g, s| g.create(s, &s2, &owner, &setup))
        .await
        .map_err(|e| match e {
            AppError::Store(mafia_store::StoreError::GameExists(s)) => {
                AppError::BadRequest(format!("a game `{s}` already exists"))
            }
            other => other,
        })?;
    let page = layout("Player links", view::links_page(&slug, &links));
    Ok((SECRET_PAGE, page).into_response())
}

/// The dashboard's WWR part: the WWR games the GM hosts and the form to create one.
pub(crate) async fn dashboard_section(state: &AppState, gm: &Gm) -> Result<Markup, AppError> {
    let user = gm.0.user.clone();
    let games = state.blocking(move |s| s.hosted_wwr_games(&user)).await?;
    let setups = state.wwr.setups();
    Ok(html! {
        h2 { "WWR games" }
        ul.wwr { @for g in &games { li { a href={ "/w/" (g) "/host" } { (g) } } } }
        h3 { "New WWR game" }
        @if setups.is_empty() {
            p.muted { "No setups: start the service with --wwr-dir DIR (a folder of setup files)." }
        } @else {
            form method="post" action="/gm/wwr" {
                (csrf_field(&gm.0.csrf))
                p { label { "Short name (letters, digits, -) " input name="game" pattern="[a-z0-9-]{1,40}" required; } }
                p { label { "Setup " select name="setup" { @for s in &setups { option value=(s) { (s) } } } } }
                button { "Create and deal" }
            }
        }
    })
}

/// Ends every WWR phase whose deadline passed, checking every `every` until the process ends
/// (requests check their own game too, so a deadline is kept even between two checks).
pub async fn deadlines_forever(state: AppState, every: std::time::Duration) {
    loop {
        tokio::time::sleep(every).await;
        if let Err(e) = play(&state, |g, s| g.check_deadlines(s)).await {
            tracing::warn!("WWR deadlines: {e}");
        }
    }
}
