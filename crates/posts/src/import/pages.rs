//! [`PageSource`]: forum pages (saved files, or pages a fetcher hands over) as a
//! [`PostSource`].

use std::collections::HashMap;
use std::path::PathBuf;

use super::{
    ImportError, Page, parse_discourse_topic, parse_mtgsalvation_page, parse_phpbb_page,
    parse_xenforo_page,
};
use crate::error::{SourceError, SourceProblem};
use crate::model::RawPost;
use crate::source::{Batch, PostSource};

/// The forum engines whose pages can be imported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Engine {
    /// phpBB 3 topic pages (prosilver, mafiascum).
    PhpBb,
    /// XenForo 2 thread pages.
    XenForo,
    /// Discourse `/t/{id}.json` and `/t/{id}/posts.json` responses.
    Discourse,
    /// MTG Salvation (Curse forums) thread pages.
    MtgSalvation,
}

impl Engine {
    /// Every engine, in the order [`Engine::detect`] tries them. Lists of engines (the GM
    /// dashboard's forum choice) are made from this, so a new engine appears everywhere.
    pub const ALL: [Engine; 4] = [
        Engine::Discourse,
        Engine::XenForo,
        Engine::PhpBb,
        Engine::MtgSalvation,
    ];

    /// The engine's name in configuration: `phpbb`, `xenforo`, `discourse`, `mtgsalvation`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::PhpBb => "phpbb",
            Engine::XenForo => "xenforo",
            Engine::Discourse => "discourse",
            Engine::MtgSalvation => "mtgsalvation",
        }
    }

    /// The engine's name for people (a form's choice, a message): `phpBB`, `XenForo`,
    /// `Discourse`, `MTG Salvation`.
    pub fn label(self) -> &'static str {
        match self {
            Engine::PhpBb => "phpBB",
            Engine::XenForo => "XenForo",
            Engine::Discourse => "Discourse",
            Engine::MtgSalvation => "MTG Salvation",
        }
    }

    /// Which engine made a page: the first whose post markup the page has. A Discourse API
    /// response is JSON with a `post_stream`.
    pub fn detect(text: &str) -> Option<Engine> {
        if text.trim_start().starts_with('{') {
            let json: serde_json::Value = serde_json::from_str(text).ok()?;
            return json.get("post_stream").map(|_| Engine::Discourse);
        }
        let doc = scraper::Html::parse_document(text);
        [
            (Engine::XenForo, "article.message[data-author]"),
            (Engine::PhpBb, "div.post[id^=\"p\"] div.content"),
            (Engine::MtgSalvation, "div.j-comment[data-id]"),
        ]
        .into_iter()
        .find(|(_, css)| doc.select(&super::selector(css)).next().is_some())
        .map(|(engine, _)| engine)
    }

    /// Reads one page (HTML, or JSON for Discourse) of this engine.
    pub fn parse_page(self, text: &str) -> Result<Page, ImportError> {
        match self {
            Engine::PhpBb => parse_phpbb_page(text),
            Engine::XenForo => parse_xenforo_page(text),
            Engine::Discourse => parse_discourse_topic(text),
            Engine::MtgSalvation => parse_mtgsalvation_page(text),
        }
    }
}

impl std::str::FromStr for Engine {
    type Err = String;

    /// Reads an engine's [`name`](Engine::name), ignoring case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Engine::ALL
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                let names: Vec<&str> = Engine::ALL.iter().map(|e| e.name()).collect();
                format!(
                    "unknown forum engine {s:?}: expected one of {}",
                    names.join(", ")
                )
            })
    }
}

/// Pages of one thread, read as a [`PostSource`].
///
/// Pages are handed over with [`push`](PageSource::push) (a fetcher) or read from files
/// ([`from_files`](PageSource::from_files)); each [`read`](PostSource::read) parses the pages
/// handed over since the last one and returns, in page order, the posts it has not returned
/// before: a post whose id was returned comes back only if the forum changed it (an edit).
/// Reading the same page twice, or overlapping pages, never returns a post twice.
#[derive(Debug)]
pub struct PageSource {
    engine: Engine,
    zone: Option<jiff::tz::TimeZone>,
    pending: Vec<(String, String)>,
    returned: HashMap<String, RawPost>,
}

impl PageSource {
    pub fn new(engine: Engine) -> Self {
        PageSource {
            engine,
            zone: None,
            pending: Vec::new(),
            returned: HashMap::new(),
        }
    }

    /// The time zone the forum prints local dates in (phpBB pages without machine-readable
    /// times; see [`parse_phpbb_page_in`](super::parse_phpbb_page_in)).
    pub fn in_time_zone(mut self, zone: jiff::tz::TimeZone) -> Self {
        self.zone = Some(zone);
        self
    }

    /// Saved pages, in thread order.
    pub fn from_files(
        engine: Engine,
        paths: impl IntoIterator<Item = impl Into<PathBuf>>,
    ) -> Result<Self, SourceError> {
        let mut source = PageSource::new(engine);
        for path in paths {
            let path = path.into();
            let text = std::fs::read_to_string(&path).map_err(|source| SourceError::Io {
                path: path.clone(),
                source,
            })?;
            source.push(path.display().to_string(), text);
        }
        Ok(source)
    }

    /// Hands over a page; `origin` (its URL or file) names it in problems.
    pub fn push(&mut self, origin: impl Into<String>, text: impl Into<String>) {
        self.pending.push((origin.into(), text.into()));
    }
}

impl PostSource for PageSource {
    fn read(&mut self) -> Result<Batch, SourceError> {
        let mut batch = Batch::default();
        for (origin, text) in std::mem::take(&mut self.pending) {
            let parsed = match (&self.zone, self.engine) {
                (Some(zone), Engine::PhpBb) => super::parse_phpbb_page_in(&text, zone),
                _ => self.engine.parse_page(&text),
            };
            let page = match parsed {
                Ok(page) => page,
                Err(error) => {
                    batch.problems.push(SourceProblem::Page { origin, error });
                    continue;
                }
            };
            for error in page.problems {
                batch.problems.push(SourceProblem::Page {
                    origin: origin.clone(),
                    error,
                });
            }
            for post in page.posts {
                if self.returned.get(&post.id) != Some(&post) {
                    self.returned.insert(post.id.clone(), post.clone());
                    batch.posts.push(post);
                }
            }
        }
        Ok(batch)
    }
}
