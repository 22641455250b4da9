//! The GM page's controls for what hosts do all game: kill, resurrect, replace, end the
//! phase, move the deadline, add an alias. Each is a small form that stores one
//! `[[corrections]]` record at a post (the last post unless the host names one), checked
//! against the game file like a record pasted as TOML; and the shared steps that check and
//! store correction records.

use axum::Router;
use axum::extract::{Form, State};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::post;
use mafia_store::GameId;
use mafia_tracker::Game;
use mafia_tracker::correction::{Correction, CorrectionAction, quote};
use maud::{Markup, html};
use serde::Deserialize;

use crate::derive::Derived;
use crate::gm_auth::{Host, csrf_field};
use crate::{AppError, AppState};

pub(crate) fn routes() -> Router<AppState> {
    Router::new().route("/gm/g/{slug}/control", post(control))
}

/// A correction form's common steps once the form is read: the CSRF token checked, the
/// game's derivation and its game file (else why a correction cannot be checked); `text`
/// writes the records from them (the TOML a GM typed, or records a form built); they are
/// checked against the game like pasted TOML and stored, and the GM goes back to the page.
pub(crate) async fn correct(
    state: &AppState,
    host: Host,
    csrf: &str,
    text: impl FnOnce(&Derived, &Game) -> Result<String, AppError>,
) -> Result<Response, AppError> {
    let Host {
        gm, slug, game: id, ..
    } = host;
    gm.check(csrf)?;
    let d = state.derived(&slug).await?;
    let game = game_for_corrections(&d)?;
    let records = parse_records(game, &text(&d, game)?)?;
    store_corrections(state, &slug, id, records, gm.0.user.clone()).await
}

/// The game of a derivation, or why corrections cannot be checked against it.
fn game_for_corrections(d: &Derived) -> Result<&Game, AppError> {
    d.game.as_ref().map_err(|e| {
        AppError::BadRequest(format!(
            "the game file cannot be used, so a correction cannot be checked: {e}"
        ))
    })
}

/// Correction records as a GM typed them (or as a form wrote them), checked against the game.
fn parse_records(game: &Game, text: &str) -> Result<Vec<Correction>, AppError> {
    game.parse_corrections(text, "correction")
        .map_err(|e| AppError::BadRequest(format!("the correction has an error: {e}")))
}

/// Stores checked correction records, all in one transaction (each as the TOML the tracker
/// writes, so the list shows them alike).
async fn store_corrections(
    state: &AppState,
    slug: &str,
    id: GameId,
    records: Vec<Correction>,
    by: String,
) -> Result<Response, AppError> {
    let records: Vec<(u64, String)> = records.iter().map(|c| (c.at, c.to_toml())).collect();
    state
        .blocking(move |s| s.add_corrections(id, &records, &by))
        .await?;
    state.invalidate(slug);
    Ok(Redirect::to(&format!("/gm/g/{slug}")).into_response())
}

/// A control of the GM page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Control {
    Kill,
    Resurrect,
    Replace,
    EndPhase,
    MoveDeadline,
    Alias,
}

#[derive(Debug, Deserialize)]
struct ControlForm {
    csrf: String,
    action: Control,
    /// The post after which it applies; empty: the last post.
    #[serde(default)]
    at: String,
    #[serde(default)]
    name: String,
    /// The second name: the slot replaced (`replace`) or given an alias (`alias`).
    #[serde(default)]
    other: String,
    #[serde(default)]
    comment: String,
}

/// A required field of a control, trimmed.
fn field<'a>(value: &'a str, what: &str) -> Result<&'a str, AppError> {
    let v = value.trim();
    if v.is_empty() {
        Err(AppError::BadRequest(format!("{what} is empty")))
    } else {
        Ok(v)
    }
}

/// The record a control stands for.
fn record(game: &Game, form: &ControlForm, at: u64) -> Result<Correction, AppError> {
    let name = |what: &str| field(&form.name, what).map(str::to_owned);
    let other = |what: &str| field(&form.other, what).map(str::to_owned);
    let action = match form.action {
        Control::Kill => CorrectionAction::Dies(name("the name")?),
        Control::Resurrect => CorrectionAction::Resurrect(name("the name")?),
        Control::Replace => CorrectionAction::Replace {
            new: name("the new player")?,
            old: other("the player replaced")?,
        },
        Control::EndPhase => CorrectionAction::EndPhase,
        Control::MoveDeadline => deadline_move(game, at, field(&form.name, "the change")?)?,
        Control::Alias => CorrectionAction::Alias {
            name: name("the alias")?,
            slot: other("the player")?,
        },
    };
    let comment = Some(form.comment.trim())
        .filter(|c| !c.is_empty())
        .map(str::to_owned);
    Ok(Correction {
        at,
        action,
        comment,
    })
}

/// A deadline move in the host's words ("24h later"), read by the game file's reader from a
/// `move_deadline` record (the tracker reads such words only there; an error points into
/// the record as it will be stored).
fn deadline_move(game: &Game, at: u64, words: &str) -> Result<CorrectionAction, AppError> {
    let text = format!(
        "[[corrections]]\nat = {at}\nmove_deadline = {}\n",
        quote(words)
    );
    let read = parse_records(game, &text)?;
    read.into_iter()
        .next()
        .map(|c| c.action)
        .ok_or_else(|| AppError::Internal("a move_deadline record read as nothing".into()))
}

/// The post a control applies after: the one the host typed, or the last post.
fn at_post(d: &Derived, typed: &str) -> Result<u64, AppError> {
    let typed = typed.trim();
    if typed.is_empty() {
        return d.posts.last().map(|p| p.number).ok_or_else(|| {
            AppError::BadRequest("there are no posts yet to apply it after".into())
        });
    }
    typed
        .parse::<u64>()
        .map_err(|_| AppError::BadRequest(format!("`{typed}` is not a post number")))
}

async fn control(
    State(state): State<AppState>,
    host: Host,
    Form(form): Form<ControlForm>,
) -> Result<Response, AppError> {
    correct(&state, host, &form.csrf, |d, game| {
        let at = at_post(d, &form.at)?;
        Ok(record(game, &form, at)?.to_toml())
    })
    .await
}

/// The controls' forms for the GM page; `last_post` is what an empty "after post" means.
pub(crate) fn forms(slug: &str, csrf: &str, last_post: Option<u64>) -> Markup {
    let at_field = html! {
        label { " after post " input type="number" name="at" min="1" placeholder=[last_post.map(|n| n.to_string())]; }
    };
    let form = |action: &str, title: &str, fields: Markup| {
        html! {
            form.control method="post" action={ "/gm/g/" (slug) "/control" } {
                (csrf_field(csrf))
                input type="hidden" name="action" value=(action);
                strong { (title) } " "
                (fields)
                (at_field)
                label { " note " input name="comment"; }
                " " button { (title) }
            }
        }
    };
    html! {
        h3 { "Host actions" }
        p.muted { "Each stores one correction, applied right after the post given (empty: the last post"
            @if let Some(n) = last_post { ", " (n) } ")." }
        (form("kill", "Kill", html! { label { "player " input name="name" required; } }))
        (form("resurrect", "Resurrect", html! { label { "player " input name="name" required; } }))
        (form("replace", "Replace", html! {
            label { "new player " input name="name" required; }
            label { " replaces " input name="other" required; }
        }))
        (form("end_phase", "End the phase", html! {}))
        (form("move_deadline", "Move the deadline", html! {
            label { "by " input name="name" placeholder="24h later" required; }
        }))
        (form("alias", "Add an alias", html! {
            label { "alias " input name="name" required; }
            label { " for player " input name="other" required; }
        }))
    }
}
