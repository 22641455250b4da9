//! The JSON API: the same data as the pages.
//!
//! - `GET /api/games`: every game's slug, name, phase and post count.
//! - `GET /api/games/{slug}`: the status (the tracker's `Status`); `?at=N` as of post N.
//! - `GET /api/games/{slug}/votes`: every vote-like mark, in thread order.
//! - `GET /api/games/{slug}/activity`: posts and words per phase and author.
//! - `GET /api/games/{slug}/players/{name}/posts`: one author's posts (normalised lines).
//!
//! In a game with a separate vote thread, its posts are numbered 1,000,000,000 + their
//! number in the vote thread (`mafia_tracker::merge::VOTE_THREAD_BASE`), and `?at=N` counts
//! as of game post N with the vote thread's posts made before it.

use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use serde_json::{Value, json};

use crate::derive;
use crate::pages::AtQuery;
use crate::{AppError, AppState};

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games", get(games))
        .route("/api/games/{slug}", get(status))
        .route("/api/games/{slug}/votes", get(votes))
        .route("/api/games/{slug}/activity", get(activity))
        .route("/api/games/{slug}/players/{name}/posts", get(player_posts))
}

#[derive(Debug, Serialize)]
struct GameSummary {
    slug: String,
    name: Option<String>,
    phase: Option<String>,
    game_over: bool,
    posts: usize,
    error: Option<String>,
}

async fn games(State(state): State<AppState>) -> Result<Json<Vec<GameSummary>>, AppError> {
    let rows = state.blocking(|s| s.games()).await?;
    let mut out = Vec::new();
    for row in rows {
        let d = state.derived(&row.slug).await?;
        out.push(GameSummary {
            slug: d.slug.clone(),
            name: d.game.as_ref().ok().map(|g| g.name.clone()),
            phase: d.status.as_ref().map(|s| s.phase.to_string()),
            game_over: d.status.as_ref().is_some_and(|s| s.game_over),
            posts: d.posts.len(),
            error: d.game.as_ref().err().map(|e| e.to_string()),
        });
    }
    Ok(Json(out))
}

/// A value as a JSON response, serialised straight from the cached state (no copy).
fn json_response<T: Serialize + ?Sized>(value: &T) -> Result<Response, AppError> {
    let bytes = serde_json::to_vec(value).map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(([(header::CONTENT_TYPE, "application/json")], bytes).into_response())
}

async fn status(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    Query(q): Query<AtQuery>,
) -> Result<Response, AppError> {
    let d = state.derived(&slug).await?;
    if let Err(e) = &d.game {
        return Err(AppError::BadRequest(format!(
            "the game file cannot be used: {e}"
        )));
    }
    match crate::pages::post_number(q.at.as_deref(), &d)? {
        Some(n) => {
            let status = tokio::task::spawn_blocking(move || derive::status_at(&d, n))
                .await
                .map_err(|e| AppError::Internal(e.to_string()))?;
            json_response(&status)
        }
        None => json_response(&d.status),
    }
}

async fn votes(
    State(state): State<AppState>,
    Path(slug): Path<String>,
) -> Result<Response, AppError> {
    let d = state.derived(&slug).await?;
    json_response(&d.history)
}

async fn activity(
    State(state): State<AppState>,
    Path(slug): Path<String>,
) -> Result<Response, AppError> {
    let d = state.derived(&slug).await?;
    json_response(&d.activity)
}

async fn player_posts(
    State(state): State<AppState>,
    Path((slug, name)): Path<(String, String)>,
) -> Result<Json<Value>, AppError> {
    let d = state.derived(&slug).await?;
    let wanted = name.to_lowercase();
    let posts: Vec<Value> = d
        .posts
        .iter()
        .zip(
            d.post_phases
                .iter()
                .map(Some)
                .chain(std::iter::repeat(None)),
        )
        .filter(|(p, _)| p.author.to_lowercase() == wanted)
        .map(|(p, phase)| {
            json!({
                "id": p.id,
                "number": p.number,
                "author": p.author,
                "time": p.time,
                "edited": p.edited.is_some(),
                "phase": phase.map(|ph| ph.to_string()),
                "lines": p.body.lines.iter().map(|l| l.text.as_str()).collect::<Vec<_>>(),
            })
        })
        .collect();
    Ok(Json(json!(posts)))
}
