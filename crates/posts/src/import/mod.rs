//! Forum importers: pure functions from a page's content (HTML, or a forum API's JSON) to the
//! posts it shows, so that a fetcher can reuse them on live pages and tests on saved ones.

/// The posts one page of a thread shows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Page {
    /// The posts, in thread order.
    pub posts: Vec<crate::RawPost>,
    /// Where the thread continues, when the page says so.
    pub next: Option<NextPage>,
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
