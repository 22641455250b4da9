//! phpBB 3 topic pages (prosilver and mafiascum-style markup).
//!
//! Each post is a `div.post` with id `p<post id>`. The author is the `.username` (or
//! `.username-coloured`) in the post profile or the `p.author` line, the time is the
//! `time[datetime]` of the author line (phpBB 3.2+; older pages and styles print only a local
//! date such as `Sun Mar 29, 2026 6:00 pm`, read in the time zone given to
//! [`parse_phpbb_page_in`], or as no time), the body is `div.content`, an edit shows as `div.notice` ("Last edited by …").
//! The post number is the `#N` the page shows (mafiascum's `.post-number-bolded`, or a `#N`
//! link in the author line); a page without numbers numbers its posts from the `start=` of
//! its canonical link.

use jiff::Timestamp;
use jiff::tz::TimeZone;
use scraper::{ElementRef, Html};

use super::{
    ImportError, Page, PostFailure, first, next_link, parse_time, post_number, read_posts,
    selector, text_of,
};
use crate::model::{Edited, Markup, RawPost};

const ENGINE: &str = "phpBB";

/// Reads one page of a phpBB 3 topic. Posts without a machine-readable time have none.
pub fn parse_phpbb_page(html: &str) -> Result<Page, ImportError> {
    parse_page(html, None)
}

/// Reads one page of a phpBB 3 topic whose dates are printed in `zone` (the board's time
/// zone, or that of the account the page was fetched with): a post without a
/// machine-readable time gets the date of its author line, in phpBB's default format
/// (`Sun Mar 29, 2026 6:00 pm`) or with a 24-hour clock (`Sun Mar 29, 2026 18:00`). A local
/// time that occurs twice (when clocks go back) is read as the earlier one.
pub fn parse_phpbb_page_in(html: &str, zone: &TimeZone) -> Result<Page, ImportError> {
    parse_page(html, Some(zone))
}

fn parse_page(html: &str, zone: Option<&TimeZone>) -> Result<Page, ImportError> {
    let doc = Html::parse_document(html);
    let posts_sel = selector("div.post");
    let elements: Vec<ElementRef<'_>> = doc
        .select(&posts_sel)
        .filter(|p| p.value().id().is_some_and(|id| id.starts_with('p')))
        .collect();
    if elements.is_empty() {
        return Err(ImportError::NotAPage {
            engine: ENGINE,
            message: "no posts found (expected `div.post` elements with an id like `p123`)".into(),
        });
    }
    let start = canonical_start(&doc);
    let mut page = Page {
        next: next_link(&doc),
        ..Page::default()
    };
    read_posts(ENGINE, &mut page, elements, |el, index| {
        read_post(el, start.saturating_add(index as u64 + 1), zone)
    });
    Ok(page)
}

fn read_post(
    el: ElementRef<'_>,
    position: u64,
    zone: Option<&TimeZone>,
) -> Result<RawPost, PostFailure> {
    let id = el
        .value()
        .id()
        .and_then(|id| id.strip_prefix('p'))
        .filter(|id| !id.is_empty())
        .map(str::to_string);
    let fail = |message: &str| (id.clone(), message.to_string());

    let author = first(
        el,
        &selector(
            ".postprofile .username, .postprofile .username-coloured, \
             p.author .username, p.author .username-coloured, p.author strong",
        ),
    )
    .map(text_of)
    .filter(|a| !a.is_empty())
    .ok_or_else(|| fail("no author (expected `.username` in the post profile or author line)"))?;

    let content = first(el, &selector("div.content"))
        .ok_or_else(|| fail("no body (expected `div.content`)"))?;

    let author_line = first(el, &selector("p.author"));
    let time = author_line
        .and_then(|line| first(line, &selector("time[datetime]")))
        .and_then(|t| t.value().attr("datetime"))
        .and_then(parse_time)
        .or_else(|| local_date(&text_of(author_line?), zone?));

    let number = first(
        el,
        &selector(".post-number-bolded, .post-number, p.author a[href*=\"#p\"]"),
    )
    .map(text_of)
    .and_then(|t| t.starts_with('#').then(|| post_number(&t)).flatten())
    .unwrap_or(position);

    let edited = first(el, &selector("div.notice")).map(|notice| {
        first(notice, &selector("time[datetime]"))
            .and_then(|t| t.value().attr("datetime"))
            .and_then(parse_time)
            .map_or(Edited::Yes, Edited::At)
    });

    Ok(RawPost {
        id: id.clone().unwrap_or_else(|| number.to_string()),
        number,
        author,
        time,
        edited,
        body: Markup::Html(content.inner_html()),
    })
}

/// The `start=` offset of the page's canonical link (0 on the first page).
fn canonical_start(doc: &Html) -> u64 {
    let sel = selector("link[rel=\"canonical\"][href]");
    doc.select(&sel)
        .filter_map(|l| l.value().attr("href"))
        .find_map(|href| {
            href.split(['?', '&'])
                .find_map(|param| param.strip_prefix("start="))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

/// The date at the end of an author line ("by Greta » Mon Mar 30, 2026 9:15 am"), read as a
/// local time in `zone`.
fn local_date(line: &str, zone: &TimeZone) -> Option<Timestamp> {
    const FORMATS: [(&str, usize); 2] = [("%a %b %d, %Y %I:%M %p", 6), ("%a %b %d, %Y %H:%M", 5)];
    let words: Vec<&str> = line.split_whitespace().collect();
    FORMATS.iter().find_map(|&(format, count)| {
        let date = words.get(words.len().checked_sub(count)?..)?.join(" ");
        let local = jiff::fmt::strtime::parse(format, &date)
            .ok()?
            .to_datetime()
            .ok()?;
        Some(local.to_zoned(zone.clone()).ok()?.timestamp())
    })
}
