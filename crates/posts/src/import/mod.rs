//! Forum importers: pure functions from a page's content (HTML, or a forum API's JSON) to the
//! posts it shows, so that a fetcher can reuse them on live pages and tests on saved ones.

/// The posts one page of a thread shows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Page {
    /// The posts, in thread order.
    pub posts: Vec<RawPost>,
    /// Where the thread continues, when the page says so.
    pub next: Option<NextPage>,
    /// Posts of the page that could not be read (the others were).
    pub problems: Vec<ImportError>,
}

/// The next page of a thread, as far as the page tells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NextPage {
    /// A link to the next page (as written in the page: possibly relative).
    Url(String),
    /// The number of the next page (forums whose API pages by number).
    Number(u64),
}

/// A page, or a post on it, that could not be imported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// The page is not what the importer reads (a login page, an error page, another engine).
    #[error("{engine} page: {message}")]
    NotAPage {
        engine: &'static str,
        message: String,
    },
    /// One post of the page could not be read; the other posts were.
    #[error("{engine} page, post {index} on the page{}: {message}", id.as_ref().map(|i| format!(" (id {i})")).unwrap_or_default())]
    Post {
        engine: &'static str,
        /// 1-based position of the post on the page.
        index: usize,
        /// The post's id, when it could be read.
        id: Option<String>,
        message: String,
    },
}

mod discourse;
mod mtgsalvation;
mod pages;
mod phpbb;
mod xenforo;

pub use discourse::parse_discourse_topic;
pub use mtgsalvation::parse_mtgsalvation_page;
pub use pages::{Engine, PageSource};
pub use phpbb::{parse_phpbb_page, parse_phpbb_page_in};
pub use xenforo::parse_xenforo_page;

use jiff::Timestamp;
use scraper::{ElementRef, Selector};

use crate::model::RawPost;

/// Why a post could not be read: its id (when known) and what was expected.
type PostFailure = (Option<String>, String);

/// Reads each post element of a page into `page`, collecting per-post problems.
fn read_posts<T>(
    engine: &'static str,
    page: &mut Page,
    elements: impl IntoIterator<Item = T>,
    mut read: impl FnMut(T, usize) -> Result<RawPost, PostFailure>,
) {
    for (index, el) in elements.into_iter().enumerate() {
        match read(el, index) {
            Ok(post) => page.posts.push(post),
            Err((id, message)) => page.problems.push(ImportError::Post {
                engine,
                index: index + 1,
                id,
                message,
            }),
        }
    }
}

/// A CSS selector written in this crate (never from input).
fn selector(css: &'static str) -> Selector {
    Selector::parse(css).unwrap_or_else(|e| panic!("selector {css:?} is invalid: {e}"))
}

/// The visible text of an element, whitespace collapsed.
fn text_of(el: ElementRef<'_>) -> String {
    let mut out = String::new();
    for word in el.text().flat_map(str::split_whitespace) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// The first descendant of `el` matching `sel`.
fn first<'a>(el: ElementRef<'a>, sel: &Selector) -> Option<ElementRef<'a>> {
    el.select(sel).next()
}

/// A post number as forums print it: `#1,234` or `1234`.
fn post_number(text: &str) -> Option<u64> {
    let digits: String = text
        .trim()
        .trim_start_matches('#')
        .chars()
        .filter(|c| !matches!(c, ',' | '.' | '\u{a0}' | ' '))
        .collect();
    digits.parse().ok()
}

/// An RFC 3339 / ISO 8601 time with an offset; also accepts offsets without a colon
/// (`+0200`, as XenForo writes them).
fn parse_time(text: &str) -> Option<Timestamp> {
    let text = text.trim();
    if let Ok(t) = text.parse() {
        return Some(t);
    }
    // `…+0200` → `…+02:00`
    let (head, offset) = text.split_at_checked(text.len().checked_sub(5)?)?;
    let (sign, digits) = offset.split_at_checked(1)?;
    if !matches!(sign, "+" | "-") || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (hours, minutes) = digits.split_at_checked(2)?;
    format!("{head}{sign}{hours}:{minutes}").parse().ok()
}

/// A Unix time in seconds, as a string.
fn parse_epoch(text: &str) -> Option<Timestamp> {
    Timestamp::from_second(text.trim().parse().ok()?).ok()
}

/// The page's link to the next page (`<a rel="next">` or `<link rel="next">`).
fn next_link(doc: &scraper::Html) -> Option<NextPage> {
    let sel = selector("a[rel~=\"next\"][href], link[rel~=\"next\"][href]");
    doc.select(&sel)
        .filter_map(|a| a.value().attr("href"))
        .map(str::trim)
        .find(|href| !href.is_empty() && *href != "#")
        .map(|href| NextPage::Url(href.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn post_numbers() {
        assert_eq!(post_number("#12"), Some(12));
        assert_eq!(post_number(" #1,234 "), Some(1234));
        assert_eq!(post_number("Post"), None);
    }

    #[test]
    fn times_with_and_without_colon_in_the_offset() {
        let expected: Timestamp = "2026-03-29T16:00:00Z".parse().unwrap();
        assert_eq!(parse_time("2026-03-29T18:00:00+02:00"), Some(expected));
        assert_eq!(parse_time("2026-03-29T18:00:00+0200"), Some(expected));
        assert_eq!(parse_time("2026-03-29T16:00:00.000Z"), Some(expected));
        assert_eq!(parse_time("Sun Mar 29"), None);
        assert_eq!(parse_time("é"), None);
        assert_eq!(parse_epoch("1774800000"), Some(expected));
    }
}
