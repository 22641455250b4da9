//! The day charts at stable addresses, for hosts to link from their thread:
//! `/g/{game}/day/{n}.svg` and `/g/{game}/day/{n}.png` (Day n's wagons, as of the last post
//! read), and the same charts inside the status and vote-history pages ([`figure`]).
//!
//! Caching: a running day's picture changes with every vote (and its countdown every minute),
//! so it may be kept a minute; an ended day's ten minutes (a host's correction can still
//! change it). Every answer has an `ETag` (a hash of the SVG), and a request whose
//! `If-None-Match` names it gets 304 without the picture being painted again; the last PNGs
//! painted are kept in memory by that tag.

use std::hash::{Hash, Hasher};
use std::sync::Mutex;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use jiff::Timestamp;
use maud::{Markup, PreEscaped, html};

use crate::chart::{DayChart, DayEnd, png, svg};
use crate::{AppError, AppState};

/// How many times its SVG size a PNG is painted (400 units wide: 800 pixels).
pub const PNG_SCALE: f32 = 2.0;

pub(crate) fn routes() -> Router<AppState> {
    Router::new().route("/g/{slug}/day/{file}", get(picture))
}

/// What a picture's address asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
}

/// "2.svg" → (2, Svg).
fn parse_file(file: &str) -> Option<(u32, Format)> {
    let (day, ext) = file.rsplit_once('.')?;
    let format = match ext {
        "svg" => Format::Svg,
        "png" => Format::Png,
        _ => return None,
    };
    Some((day.parse().ok()?, format))
}

async fn picture(
    State(state): State<AppState>,
    Path((slug, file)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let (day, format) = parse_file(&file).ok_or_else(|| {
        AppError::NotFound(format!(
            "no picture `{file}`: ask for a day's number and .svg or .png, e.g. 1.png"
        ))
    })?;
    let d = state.derived(&slug).await?;
    let chart = d
        .charts
        .iter()
        .find(|c| c.phase.number == day)
        .ok_or_else(|| AppError::NotFound(format!("no chart of Day {day} in `{slug}`")))?;
    let game = d.game.as_ref().map_or(slug.as_str(), |g| g.name.as_str());
    let text = svg::day_svg(game, chart, Timestamp::now());
    let etag = etag(&text, format);
    let max_age = match chart.end {
        DayEnd::Running { .. } => 60,
        _ => 600,
    };
    let mut response = if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"))
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        match format {
            Format::Svg => ([(header::CONTENT_TYPE, "image/svg+xml")], text).into_response(),
            Format::Png => {
                let png = match painted(&etag) {
                    Some(png) => png,
                    None => {
                        let png =
                            tokio::task::spawn_blocking(move || png::render(&text, PNG_SCALE))
                                .await
                                .map_err(|e| AppError::Internal(e.to_string()))?
                                .map_err(|e| AppError::Internal(e.to_string()))?;
                        keep_painted(&etag, png)
                    }
                };
                ([(header::CONTENT_TYPE, "image/png")], png).into_response()
            }
        }
    };
    let h = response.headers_mut();
    let value = |s: &str| HeaderValue::from_str(s).unwrap_or(HeaderValue::from_static(""));
    h.insert(
        header::CACHE_CONTROL,
        value(&format!("public, max-age={max_age}")),
    );
    h.insert(header::ETAG, value(&etag));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    // An SVG opened on its own is a document: it may run nothing and load nothing.
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'"),
    );
    Ok(response)
}

/// PNGs painted lately, by their tag (which names the SVG they were painted from), the
/// newest last: a picture linked from a busy thread is painted once, not per reader.
static PAINTED: Mutex<Vec<(String, Bytes)>> = Mutex::new(Vec::new());
/// How many PNGs [`PAINTED`] keeps (each some 30 kB).
const KEEP_PAINTED: usize = 64;

fn painted(etag: &str) -> Option<Bytes> {
    let painted = PAINTED.lock().unwrap_or_else(|p| p.into_inner());
    painted
        .iter()
        .find(|(tag, _)| tag == etag)
        .map(|(_, png)| png.clone())
}

/// Keeps a painted PNG; the handle shares its bytes (cloning it copies no image).
fn keep_painted(etag: &str, png: Vec<u8>) -> Bytes {
    let png = Bytes::from(png);
    let mut painted = PAINTED.lock().unwrap_or_else(|p| p.into_inner());
    if painted.len() >= KEEP_PAINTED {
        painted.remove(0);
    }
    painted.push((etag.to_owned(), png.clone()));
    png
}

/// A quoted tag naming this SVG text in this format (the hash is std's SipHash with fixed
/// keys: the same text gives the same tag in every process of one build).
fn etag(svg: &str, format: Format) -> String {
    let mut hasher = std::hash::DefaultHasher::new();
    svg.hash(&mut hasher);
    format.hash_into(&mut hasher);
    format!("\"{:016x}\"", hasher.finish())
}

impl Format {
    fn hash_into(self, hasher: &mut impl Hasher) {
        hasher.write_u8(match self {
            Format::Svg => 0,
            Format::Png => 1,
        });
    }
}

/// A day's chart inside a page, with the addresses of its picture.
pub fn figure(slug: &str, game: &str, chart: &DayChart, now: Timestamp) -> Markup {
    let n = chart.phase.number;
    html! {
        figure.chart {
            (PreEscaped(svg::day_svg(game, chart, now)))
            figcaption.muted {
                (chart.phase) " as a picture to link: "
                a href={ "/g/" (slug) "/day/" (n) ".png" } { "PNG" }
                " · "
                a href={ "/g/" (slug) "/day/" (n) ".svg" } { "SVG" }
            }
        }
    }
}
