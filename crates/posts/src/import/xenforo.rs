//! XenForo 2 thread pages.
//!
//! Each post is an `article.message` with `data-author` and `data-content="post-<id>"`; its
//! time is the first `time` of the attribution line (`data-time`, Unix seconds, or
//! `datetime`), its number the `#N` link of the attribution line, its body `.bbWrapper`, and
//! an edit shows as `.message-lastEdit` (with the edit's `time`).

use scraper::{ElementRef, Html};

use super::{
    ImportError, Page, PostFailure, first, next_link, parse_epoch, parse_time, post_number,
    read_posts, selector, text_of,
};
use crate::model::{Edited, Markup, RawPost};

const ENGINE: &str = "XenForo";

/// Reads one page of a XenForo 2 thread.
pub fn parse_xenforo_page(html: &str) -> Result<Page, ImportError> {
    let doc = Html::parse_document(html);
    let sel = selector("article.message[data-author]");
    let elements: Vec<ElementRef<'_>> = doc.select(&sel).collect();
    if elements.is_empty() {
        return Err(ImportError::NotAPage {
            engine: ENGINE,
            message: "no posts found (expected `article.message` elements with `data-author`)"
                .into(),
        });
    }
    let mut page = Page {
        next: next_link(&doc),
        ..Page::default()
    };
    read_posts(ENGINE, &mut page, elements, |el, _| read_post(el));
    Ok(page)
}

fn time_of(el: ElementRef<'_>) -> Option<jiff::Timestamp> {
    let v = el.value();
    v.attr("data-time")
        .and_then(parse_epoch)
        .or_else(|| v.attr("datetime").and_then(parse_time))
}

fn read_post(el: ElementRef<'_>) -> Result<RawPost, PostFailure> {
    let v = el.value();
    let id = v
        .attr("data-content")
        .and_then(|c| c.strip_prefix("post-"))
        .or_else(|| v.id().and_then(|i| i.strip_prefix("js-post-")))
        .filter(|id| !id.is_empty())
        .map(str::to_string);
    let fail = |message: &str| (id.clone(), message.to_string());

    let author = v
        .attr("data-author")
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .ok_or_else(|| fail("empty `data-author`"))?
        .to_string();
    // The signature has a `.bbWrapper` too: prefer the one in the message body.
    let body = first(el, &selector(".message-body .bbWrapper"))
        .or_else(|| first(el, &selector(".bbWrapper")))
        .ok_or_else(|| fail("no body (expected `.bbWrapper`)"))?;
    let time = first(
        el,
        &selector(".message-attribution-main time, .message-attribution time"),
    )
    .and_then(time_of);
    let number = el
        .select(&selector(".message-attribution-opposite a"))
        .map(text_of)
        .find_map(|t| t.starts_with('#').then(|| post_number(&t)).flatten())
        .ok_or_else(|| fail("no post number (expected a `#N` link in the attribution line)"))?;
    let edited = first(el, &selector(".message-lastEdit")).map(|edit| {
        first(edit, &selector("time"))
            .and_then(time_of)
            .map_or(Edited::Yes, Edited::At)
    });
    Ok(RawPost {
        id: id.clone().unwrap_or_else(|| number.to_string()),
        number,
        author,
        time,
        edited,
        body: Markup::Html(body.inner_html()),
    })
}
