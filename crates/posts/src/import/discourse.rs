//! Discourse topics through its JSON API: `/t/{id}.json?page=N` (one page of the topic's
//! posts and the ids of all its posts) and `/t/{id}/posts.json?post_ids[]=…` (chosen posts).
//!
//! Each post has `id`, `post_number`, `username`, `created_at`, `updated_at`, `cooked` (the
//! rendered HTML) and usually `version`. A post counts as edited when its `version` is above 1
//! (Discourse does not bump the version for edits in the first minutes, and neither do we);
//! without `version`, when `updated_at` is later than `created_at`. Deleted posts
//! (`deleted_at` set), small-action posts (`post_type` 3: "closed the topic"…) and whispers
//! (`post_type` 4, staff only) are left out.

use serde_json::{Map, Value};

use super::{ImportError, NextPage, Page, PostFailure, parse_time, read_posts};
use crate::model::{Edited, Markup, RawPost};

const ENGINE: &str = "Discourse";

/// Posts per page of a topic, when the response does not say (`chunk_size`).
const DEFAULT_CHUNK: u64 = 20;

/// Reads a Discourse topic (`/t/{id}.json`, `/t/{id}.json?page=N`) or posts
/// (`/t/{id}/posts.json`) response. When the topic's `stream` lists posts after the last one
/// included, [`Page::next`] is the relative URL of the topic's next page,
/// `/t/{id}.json?page=N` (pages of `chunk_size` posts, 20 by default).
pub fn parse_discourse_topic(json: &str) -> Result<Page, ImportError> {
    let not_a_page = |message: String| ImportError::NotAPage {
        engine: ENGINE,
        message,
    };
    let root: Value =
        serde_json::from_str(json).map_err(|e| not_a_page(format!("not JSON: {e}")))?;
    let posts = root
        .pointer("/post_stream/posts")
        .and_then(Value::as_array)
        .ok_or_else(|| not_a_page("expected `post_stream.posts`, an array of posts".into()))?;

    let mut page = Page::default();
    let shown: Vec<&Map<String, Value>> = posts
        .iter()
        .filter_map(Value::as_object)
        .filter(|p| {
            let deleted = p.get("deleted_at").is_some_and(|d| !d.is_null());
            let post_type = p.get("post_type").and_then(Value::as_u64).unwrap_or(1);
            !deleted && post_type != 3 && post_type != 4
        })
        .collect();
    read_posts(ENGINE, &mut page, shown, |p, _| read_post(p));

    // A topic response lists the ids of all posts (`stream`): when posts come after the last
    // one included, the next page of the topic has them.
    if let (Some(topic), Some(stream), Some(last)) = (
        root.get("id").and_then(Value::as_u64),
        root.pointer("/post_stream/stream")
            .and_then(Value::as_array),
        posts.iter().filter_map(|p| p.get("id")).next_back(),
    ) {
        let chunk = root
            .get("chunk_size")
            .and_then(Value::as_u64)
            .filter(|&c| c > 0)
            .unwrap_or(DEFAULT_CHUNK);
        if let Some(at) = stream.iter().position(|id| id == last)
            && at + 1 < stream.len()
        {
            let next = at as u64 / chunk + 2;
            page.next = Some(NextPage::Url(format!("/t/{topic}.json?page={next}")));
        }
    }
    Ok(page)
}

fn read_post(p: &Map<String, Value>) -> Result<RawPost, PostFailure> {
    let id = p.get("id").and_then(|v| match v {
        Value::Number(n) => n.as_u64().map(|n| n.to_string()),
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        _ => None,
    });
    let fail = |message: &str| (id.clone(), message.to_string());
    let number = p
        .get("post_number")
        .and_then(Value::as_u64)
        .ok_or_else(|| fail("expected `post_number`, a whole number"))?;
    let author = p
        .get("username")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|u| !u.is_empty())
        .ok_or_else(|| fail("expected `username`, a non-empty string"))?
        .to_string();
    let cooked = p
        .get("cooked")
        .and_then(Value::as_str)
        .ok_or_else(|| fail("expected `cooked`, the post's HTML"))?;
    let time_field = |name: &str| p.get(name).and_then(Value::as_str).and_then(parse_time);
    let time = time_field("created_at");
    let updated = time_field("updated_at");
    let edited = match p.get("version").and_then(Value::as_u64) {
        Some(version) => (version > 1).then(|| updated.map_or(Edited::Yes, Edited::At)),
        None => match (time, updated) {
            (Some(created), Some(updated)) if updated > created => Some(Edited::At(updated)),
            _ => None,
        },
    };
    Ok(RawPost {
        id: id.clone().unwrap_or_else(|| number.to_string()),
        number,
        author,
        time,
        edited,
        body: Markup::Html(cooked.to_string()),
    })
}
