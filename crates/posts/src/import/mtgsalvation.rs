//! MTG Salvation (Curse forums) saved thread pages.
//!
//! Each post is a `div.j-comment` with `data-id` (the post id) and `data-index` (its number in
//! the thread); the author is `.j-comment-username`'s user name, the time the `data-epoch`
//! (Unix seconds) of the header's date, the body `div.j-comment-body`, and an edit shows as
//! `.p-comment-edited` with the edit's `data-epoch`.

use scraper::{ElementRef, Html};

use super::{
    ImportError, Page, PostFailure, first, next_link, parse_epoch, post_number, read_posts,
    selector, text_of,
};
use crate::model::{Edited, Markup, RawPost};

const ENGINE: &str = "MTG Salvation";

/// Reads one saved page of an MTG Salvation thread.
pub fn parse_mtgsalvation_page(html: &str) -> Result<Page, ImportError> {
    let doc = Html::parse_document(html);
    let sel = selector("div.j-comment[data-id]");
    let elements: Vec<ElementRef<'_>> = doc.select(&sel).collect();
    if elements.is_empty() {
        return Err(ImportError::NotAPage {
            engine: ENGINE,
            message: "no posts found (expected `div.j-comment` elements with `data-id`)".into(),
        });
    }
    let mut page = Page {
        next: next_link(&doc),
        ..Page::default()
    };
    read_posts(ENGINE, &mut page, elements, |el, _| read_post(el));
    Ok(page)
}

fn read_post(el: ElementRef<'_>) -> Result<RawPost, PostFailure> {
    let v = el.value();
    let id = v
        .attr("data-id")
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .map(str::to_string);
    let fail = |message: &str| (id.clone(), message.to_string());

    let number = v
        .attr("data-index")
        .and_then(post_number)
        .or_else(|| first(el, &selector(".j-comment-link")).and_then(|a| post_number(&text_of(a))))
        .ok_or_else(|| fail("no post number (expected `data-index` or a `#N` link)"))?;
    let author = first(
        el,
        &selector(".j-comment-username .user, .j-comment-username a"),
    )
    .map(text_of)
    .filter(|a| !a.is_empty())
    .ok_or_else(|| fail("no author (expected `.j-comment-username`)"))?;
    let body = first(el, &selector("div.j-comment-body"))
        .ok_or_else(|| fail("no body (expected `div.j-comment-body`)"))?;
    let time = first(el, &selector(".p-comment-postdate [data-epoch]"))
        .and_then(|t| t.value().attr("data-epoch"))
        .and_then(parse_epoch);
    let edited = first(el, &selector(".p-comment-edited")).map(|edit| {
        first(edit, &selector("[data-epoch]"))
            .and_then(|t| t.value().attr("data-epoch"))
            .and_then(parse_epoch)
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
