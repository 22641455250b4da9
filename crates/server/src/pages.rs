//! Public pages: server-rendered HTML, no JavaScript, readable on a phone. maud escapes every
//! interpolated string, so names, death comments and post text are shown, never run.

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Html;
use axum::routing::get;
use jiff::Timestamp;
use mafia_tracker::Status;
use mafia_tracker::merge::{is_vote_thread, post_name};
use mafia_tracker::report;
use mafia_tracker::schedule::Deadline;
use maud::{DOCTYPE, Markup, html};
use serde::Deserialize;

pub use crate::clock::countdown;
use crate::derive::{self, Derived};
use crate::{AppError, AppState, pictures};

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(games))
        .route("/g/{slug}", get(status))
        .route("/g/{slug}/votes", get(votes))
        .route("/g/{slug}/activity", get(activity))
        .route("/g/{slug}/posts", get(posts))
        .route("/g/{slug}/player/{name}", get(player))
}

const STYLE: &str = "
body{font-family:system-ui,sans-serif;max-width:48rem;margin:0 auto;padding:0.5rem 1rem;line-height:1.4;color:#222;background:#fdfdfb}
a{color:#0645ad}nav a{margin-right:0.8rem}
table{border-collapse:collapse;width:100%;margin:0.5rem 0}
th,td{text-align:left;padding:0.25rem 0.4rem;border-bottom:1px solid #ddd;vertical-align:top}
.dead{color:#777}.locked{font-weight:bold;color:#a00}.muted{color:#666;font-size:0.9em}
.post{border-top:1px solid #ccc;padding:0.4rem 0}.post p{margin:0.2rem 0}
.notice{background:#fff4d6;padding:0.4rem;border-left:4px solid #e0a800}
tr.inactive td{background:#eef}
.countdown{font-size:1.8rem;font-weight:bold;margin:0.3rem 0}
tr.majority td{background:#ffd9d9;font-weight:bold}tr.l1 td{background:#fff1c2}
.mark{font-weight:bold;border:1px solid currentColor;padding:0 0.3rem;margin-left:0.3rem;font-size:0.85em}
details.alive summary{font-size:1.3rem;font-weight:bold;margin:0.8rem 0 0.4rem;cursor:pointer}
figure.chart{margin:0.5rem 0}svg.chart{display:block;width:100%;max-width:32rem;height:auto}
textarea{width:100%;font-family:monospace}input,textarea,select,button{font-size:1rem;margin:0.2rem 0}
@media (max-width:30rem){body{padding:0.3rem}th,td{padding:0.2rem}}
";

/// The frame of every page.
pub fn layout(title: &str, body: Markup) -> Html<String> {
    Html(
        html! {
            (DOCTYPE)
            html lang="en" {
                head {
                    meta charset="utf-8";
                    meta name="viewport" content="width=device-width, initial-scale=1";
                    title { (title) }
                    style { (maud::PreEscaped(STYLE)) }
                }
                body { (body) }
            }
        }
        .into_string(),
    )
}

pub(crate) fn error_page(status: StatusCode, message: &str) -> Html<String> {
    layout(
        status.canonical_reason().unwrap_or("Error"),
        html! {
            h1 { (status.as_u16()) " " (status.canonical_reason().unwrap_or("")) }
            p { (message) }
            p { a href="/" { "All games" } }
        },
    )
}

fn game_nav(slug: &str) -> Markup {
    html! {
        nav {
            a href="/" { "Games" }
            a href={ "/g/" (slug) } { "Status" }
            a href={ "/g/" (slug) "/votes" } { "Vote history" }
            a href={ "/g/" (slug) "/activity" } { "Activity" }
            a href={ "/g/" (slug) "/posts" } { "Posts" }
        }
    }
}

/// A post in a table or a post's header: "#12" in the game thread, "vote thread post 3" in
/// a game's separate vote thread.
fn post_ref(number: u64) -> String {
    if is_vote_thread(number) {
        post_name(number)
    } else {
        format!("#{number}")
    }
}

fn game_title(d: &Derived) -> String {
    match &d.game {
        Ok(g) => g.name.clone(),
        Err(_) => d.slug.clone(),
    }
}

// --- games list --------------------------------------------------------------------------

async fn games(State(state): State<AppState>) -> Result<Html<String>, AppError> {
    let rows = state.blocking(|s| s.games()).await?;
    let mut list = Vec::new();
    for row in rows {
        let d = state.derived(&row.slug).await?;
        list.push(d);
    }
    Ok(layout(
        "Games",
        html! {
            h1 { "Games" }
            @if list.is_empty() { p { "No games yet." } }
            table {
                tr { th { "Game" } th { "Phase" } th { "Posts" } }
                @for d in &list {
                    tr {
                        td { a href={ "/g/" (d.slug) } { (game_title(d)) } }
                        td { (phase_summary(d.status.as_ref())) }
                        td { (d.posts.len()) }
                    }
                }
            }
            p.muted { a href="/gm" { "GM dashboard" } }
        },
    ))
}

fn phase_summary(s: Option<&Status>) -> String {
    match s {
        None => "game file has errors".to_owned(),
        Some(s) if s.game_over => "game over".to_owned(),
        Some(s) => s.phase.to_string(),
    }
}

// --- status ------------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
pub struct AtQuery {
    /// Show the state as of this post number (read by [`post_number`]: the raw text, so that
    /// a bad value gets a page saying what was expected rather than axum's plain rejection).
    pub at: Option<String>,
}

/// The post number of `?at=`: a whole number from 0 to the last post's number; anything
/// else is a 400 answer naming what was expected.
pub(crate) fn post_number(at: Option<&str>, d: &Derived) -> Result<Option<u64>, AppError> {
    let Some(text) = at else { return Ok(None) };
    let last = d.posts.iter().map(|p| p.number).max().unwrap_or(0);
    let expected = || {
        format!(
            "`?at={text}` is not a post of this game: expected a post number from 0 to {last} (the last post is {})",
            post_ref(last)
        )
    };
    match text.trim().parse::<u64>() {
        Ok(n) if n <= last => Ok(Some(n)),
        _ => Err(AppError::BadRequest(expected())),
    }
}

/// The moment a page is seen from: the time of post `at` (the last post at or before it
/// with a time), so that deadlines are "passed" as of that post; now without `at`.
fn seen_at(at: Option<u64>, d: &Derived) -> Timestamp {
    at.and_then(|n| {
        d.posts
            .iter()
            .filter(|p| p.number <= n)
            .filter_map(|p| p.time)
            .next_back()
    })
    .unwrap_or_else(Timestamp::now)
}

async fn status(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    Query(q): Query<AtQuery>,
) -> Result<Html<String>, AppError> {
    let d = state.derived(&slug).await?;
    let title = game_title(&d);
    let at = post_number(q.at.as_deref(), &d)?;
    let now = seen_at(at, &d);
    let status = match at {
        Some(n) => {
            let d = d.clone();
            tokio::task::spawn_blocking(move || derive::status_at(&d, n))
                .await
                .map_err(|e| AppError::Internal(e.to_string()))?
        }
        None => d.status.clone(),
    };
    // The running day's chart, else the last day's; as of post `at`, cut there.
    let chart = match (at, &status) {
        (None, _) => d.charts.last().cloned(),
        (Some(n), Some(_)) => d.charts.iter().rev().find_map(|c| c.as_of(n)),
        (Some(_), None) => None,
    };
    let chart = chart.map(|c| pictures::figure(&slug, &title, &c, now));
    Ok(layout(
        &title,
        html! {
            (game_nav(&slug))
            h1 { (title) }
            @match (&d.game, &status) {
                (Err(e), _) => p.notice { "The game file cannot be used: " (e) },
                (_, None) => p.notice { "No state." },
                (Ok(_), Some(s)) => (status_body(&slug, s, at, now, chart)),
            }
            form method="get" action={ "/g/" (slug) } {
                label { "Vote count as of post " input type="number" name="at" min="0" value=[at]; }
                button { "Show" }
            }
        },
    ))
}

/// A time in the host's zone (the zone of the game file, which the tracker's deadlines
/// carry), with the UTC time on hover and in `datetime`.
pub(crate) fn time_tag(at: &jiff::Zoned) -> Markup {
    let utc = at.timestamp();
    html! {
        time datetime=(utc) title=(utc.strftime("%Y-%m-%d %H:%M UTC")) { (report::when(at)) }
    }
}

fn deadline_cell(d: &Deadline, now: Timestamp) -> Markup {
    html! {
        @match &d.at {
            Some(at) => { (time_tag(at)) " " span.muted { "(" (countdown(at, now)) ")" } },
            None => "when the GM says",
        }
    }
}

/// The row class of a wagon at majority or one vote short of it (not in a plurality game,
/// which has no majority).
fn wagon_mark(w: &mafia_tracker::tally::Wagon, s: &Status) -> Option<&'static str> {
    if s.majority_profile == mafia_tracker::config::MajorityProfile::Plurality {
        return None;
    }
    match w.short_of_majority {
        0 => Some("majority"),
        1 => Some("l1"),
        _ => None,
    }
}

fn status_body(
    slug: &str,
    s: &Status,
    at: Option<u64>,
    now: Timestamp,
    chart: Option<Markup>,
) -> Markup {
    html! {
        @if let Some(n) = at { p.notice { "As of " (post_name(n)) ". " a href={ "/g/" (slug) } { "Now" } } }
        @if s.game_over {
            p { strong { "The game is over" } @if let Some(side) = &s.winner { ": " (side) " won." } @else { "." } }
        } @else {
            p { "Phase: " strong { (s.phase) } " — ends " (deadline_cell(&s.deadline, now)) }
            @if let Some(at) = &s.deadline.at {
                @let left = countdown(at, now);
                p.countdown { (s.phase) @if left == "passed" { ": deadline passed" } @else { " ends " (left) } }
            }
            @if !s.upcoming.is_empty() {
                h2 { "Next deadlines" }
                ul { @for d in s.upcoming.iter().take(3) { li { (d.phase) " ends " (deadline_cell(d, now)) } } }
            }
        }
        @if let Some(t) = &s.tally {
            h2 { "Vote count" }
            p { (report::majority_line(t, s.majority_profile)) }
            // Only the plurality profile has a leader.
            @if let Some(leader) = &t.leader { p { "Set to be lynched: " strong { (leader) } } }
            @if let Some((who, post)) = &s.hammer { p.locked { (who) " was hammered in " (post_name(*post)) "." } }
            table {
                tr { th { "Candidate" } th { "Votes" } th { "Voters" } }
                @for w in &t.wagons {
                    tr class=[wagon_mark(w, s)] {
                        td { (w.candidate) }
                        td {
                            // Marked by its words ("3, L-1", "4, majority") in a bold frame,
                            // not by colour alone.
                            @if wagon_mark(w, s).is_some() {
                                strong.mark { (report::wagon_count(w, s.majority_profile)) }
                            } @else {
                                (report::wagon_count(w, s.majority_profile))
                            }
                            @if w.locked { " " span.locked { "LOCKED" } }
                        }
                        td { (w.voters.join(", ")) }
                    }
                }
            }
            p { "Not voting: " @if t.not_voting.is_empty() { "nobody" } @else { (t.not_voting.join(", ")) } }
        }
        @if let Some(chart) = chart {
            h2 { "Wagons" }
            (chart)
        }
        // Folds (no JavaScript): open at first, a tap on the heading closes it on a phone.
        details.alive open {
            summary { "Alive (" (s.alive.len()) ")" }
            ul {
                @for p in &s.alive {
                    li {
                        a href={ "/g/" (slug) "/player/" (p.name) } { (p.name) }
                        @if !p.replaced.is_empty() { span.muted { " (replacing " (p.replaced.join(", ")) ")" } }
                    }
                }
            }
        }
        @if !s.dead.is_empty() {
            h2 { "Dead (" (s.dead.len()) ")" }
            ul {
                @for p in mafia_tracker::report::in_order_of_death(&s.dead) {
                    li.dead {
                        a href={ "/g/" (slug) "/player/" (p.name) } { (p.name) }
                        " — " (p.phase) ", " (post_name(p.post))
                        @if !p.comment.is_empty() { ": " (p.comment) }
                    }
                }
            }
        }
        @if !s.previous_days.is_empty() {
            h2 { "Earlier days" }
            ul {
                @for day in &s.previous_days {
                    li {
                        (day.phase) ": "
                        @match day.tally.wagons.first() {
                            Some(w) => { (w.candidate) " with " (w.votes) " votes" @if w.locked { " (locked)" } }
                            None => "no votes",
                        }
                    }
                }
            }
        }
        p.muted { (s.posts_applied) " posts read" @if let Some(n) = s.last_post { ", the last is " (post_name(n)) } "." }
    }
}

// --- vote history ------------------------------------------------------------------------

async fn votes(
    State(state): State<AppState>,
    Path(slug): Path<String>,
) -> Result<Html<String>, AppError> {
    let d = state.derived(&slug).await?;
    let mut voters: Vec<&str> = d.history.iter().map(|h| h.voter.as_str()).collect();
    voters.sort_unstable_by_key(|v| v.to_lowercase());
    voters.dedup();
    let title = game_title(&d);
    let now = Timestamp::now();
    Ok(layout(
        &format!("Vote history — {title}"),
        html! {
            (game_nav(&slug))
            h1 { "Vote history" }
            @if !d.charts.is_empty() {
                h2 { "Wagons per day" }
                @for chart in &d.charts {
                    h3 { (chart.phase) }
                    (pictures::figure(&slug, &title, chart, now))
                }
                h2 { "Votes per player" }
            }
            @if voters.is_empty() { p { "No votes yet." } }
            @for voter in &voters {
                h2 { (voter) }
                table {
                    tr { th { "Phase" } th { "Post" } th { "Written" } th { "Read as" } }
                    @for h in d.history.iter().filter(|h| h.voter == *voter) {
                        tr {
                            td { (h.phase) }
                            td { a href={ "/g/" (slug) "/posts#p" (h.post) } { (post_ref(h.post)) } }
                            td { (h.raw) }
                            td { (h.reading) @if !h.counted { span.muted { " (did not count)" } } }
                        }
                    }
                }
            }
        },
    ))
}

// --- activity ----------------------------------------------------------------------------

async fn activity(
    State(state): State<AppState>,
    Path(slug): Path<String>,
) -> Result<Html<String>, AppError> {
    let d = state.derived(&slug).await?;
    let mut phases: Vec<_> = d.activity.iter().map(|a| a.phase).collect();
    phases.dedup();
    let title = game_title(&d);
    let min = d
        .game
        .as_ref()
        .map(|g| g.rules.activity_min_posts)
        .unwrap_or(0);
    Ok(layout(
        &format!("Activity — {title}"),
        html! {
            (game_nav(&slug))
            h1 { "Posts and words per phase" }
            @for phase in &phases {
                h2 { (phase) }
                @let day_min = if phase.is_day() { min } else { 0 };
                @if day_min > 0 { p.muted { "Minimum: " (day_min) " posts a day." } }
                table {
                    tr { th { "Player" } th { "Posts" } th { "Words" } }
                    @for row in d.activity.iter().filter(|a| a.phase == *phase) {
                        @let under = day_min > 0 && row.in_game && row.posts < day_min;
                        tr class=[under.then_some("inactive")] {
                            td {
                                @for (i, player) in row.players.iter().enumerate() {
                                    @if i > 0 { " → " }
                                    a href={ "/g/" (slug) "/player/" (player) } { (player) }
                                }
                                @if under { span.mark { "under " (day_min) } }
                            }
                            td { (row.posts) }
                            td { (row.words) }
                        }
                    }
                }
            }
        },
    ))
}

// --- posts -------------------------------------------------------------------------------

fn post_list(slug: &str, d: &Derived, only: Option<&str>) -> Markup {
    let wanted = only.map(str::to_lowercase);
    // Post times in the host's zone (UTC when the game file cannot be read).
    let zone = d
        .game
        .as_ref()
        .ok()
        .and_then(|g| jiff::tz::TimeZone::get(&g.schedule.zone).ok())
        .unwrap_or(jiff::tz::TimeZone::UTC);
    html! {
        @for (i, p) in d.posts.iter().enumerate() {
            @if wanted.as_ref().is_none_or(|w| *w == p.author.to_lowercase()) {
                div.post id={ "p" (p.number) } {
                    div.muted {
                        (post_ref(p.number)) " "
                        a href={ "/g/" (slug) "/player/" (p.author) } { (p.author) }
                        @if let Some(phase) = d.post_phases.get(i) { " · " (phase) }
                        @if let Some(t) = p.time { " · " (time_tag(&t.to_zoned(zone.clone()))) }
                        @if p.edited.is_some() { " · edited" }
                    }
                    @for line in &p.body.lines { p { (line.text) } }
                }
            }
        }
    }
}

async fn posts(
    State(state): State<AppState>,
    Path(slug): Path<String>,
) -> Result<Html<String>, AppError> {
    let d = state.derived(&slug).await?;
    let title = game_title(&d);
    Ok(layout(
        &format!("Posts — {title}"),
        html! {
            (game_nav(&slug))
            h1 { "Posts" }
            (post_list(&slug, &d, None))
        },
    ))
}

async fn player(
    State(state): State<AppState>,
    Path((slug, name)): Path<(String, String)>,
) -> Result<Html<String>, AppError> {
    let d = state.derived(&slug).await?;
    let count = d
        .posts
        .iter()
        .filter(|p| p.author.to_lowercase() == name.to_lowercase())
        .count();
    Ok(layout(
        &format!("{name} — {}", game_title(&d)),
        html! {
            (game_nav(&slug))
            h1 { "Posts by " (name) }
            p.muted { (count) " posts" }
            (post_list(&slug, &d, Some(&name)))
        },
    ))
}
