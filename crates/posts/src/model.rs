use std::ops::Range;

use jiff::Timestamp;
use serde::{Deserialize, Serialize};

/// A post as a source delivers it: identity, author, time and the body in its original markup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RawPost {
    /// Stable identity of the post within its thread (the forum's post id). Replaying a post
    /// with an id already seen must not count it twice.
    pub id: String,
    /// Position of the post in the thread, as the forum numbers it.
    pub number: u64,
    /// The author's user name, as the forum shows it.
    pub author: String,
    /// When the post was made; `None` when the source has no timestamps.
    pub time: Option<Timestamp>,
    /// Whether (and when, if known) the post was edited.
    pub edited: Option<Edited>,
    /// The body in its original markup.
    pub body: Markup,
}

/// An edit marker: some forums tell when, some only that.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edited {
    /// The post was edited; the forum does not say when.
    Yes,
    /// The post was last edited at this time.
    At(Timestamp),
}

/// A post body in its original markup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Markup {
    Html(String),
    BbCode(String),
    Text(String),
}

/// A post with its body normalised: what the tracker reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Post {
    pub id: String,
    pub number: u64,
    pub author: String,
    pub time: Option<Timestamp>,
    pub edited: Option<Edited>,
    pub body: Body,
}

/// A normalised body: the visible lines of the post, quotes removed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Body {
    pub lines: Vec<Line>,
}

/// One visible line of text (entities decoded, whitespace collapsed) with the styled spans
/// that matter for vote and command recognition.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    pub text: String,
    /// Byte ranges into `text`, sorted by start, non-overlapping per kind.
    pub spans: Vec<Span>,
}

/// A styled byte range of a [`Line`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Span {
    pub range: Range<usize>,
    pub kind: SpanKind,
}

/// What a span marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SpanKind {
    /// Bold text (`<b>`, `<strong>`, `font-weight: bold`, phpBB `noboldsig`, `[b]`).
    Bold,
    /// A forum's vote tag (phpBB `span.bbvote`, `[vote]...[/vote]`).
    VoteTag,
    /// Struck-out text (`<s>`, `<strike>`, `<del>`, `text-decoration: line-through`, `[s]`,
    /// `[strike]`, `[del]`): hosts strike earlier votes out of a vote count.
    Struck,
}

impl Line {
    /// A plain line without styling.
    pub fn plain(text: impl Into<String>) -> Self {
        Line {
            text: text.into(),
            spans: Vec::new(),
        }
    }

    /// The texts of the spans of one kind, in order.
    pub fn spans_of(&self, kind: SpanKind) -> impl Iterator<Item = &str> {
        self.spans
            .iter()
            .filter(move |s| s.kind == kind)
            .filter_map(|s| self.text.get(s.range.clone()))
    }
}
