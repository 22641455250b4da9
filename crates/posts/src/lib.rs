//! Posts of a game thread: the shared post model, the [`PostSource`] trait that every
//! importer implements, and markup normalisation (HTML / BBCode / text to lines, with bold
//! spans kept and quotes dropped).
//!
//! Everything downstream (the tracker, the server) sees only [`Post`]: a post whose body has
//! been normalised exactly once into [`Line`]s.
//!
//! ```
//! use mafia_posts::{normalise_markup, Markup, SpanKind};
//!
//! let body = normalise_markup(&Markup::Html(
//!     "<blockquote>Vote: Carol</blockquote>I agree. <b>Vote: Bob</b>".into(),
//! ));
//! assert_eq!(body.lines.len(), 1);
//! assert_eq!(body.lines[0].text, "I agree. Vote: Bob");
//! assert_eq!(body.lines[0].spans_of(SpanKind::Bold).collect::<Vec<_>>(), ["Vote: Bob"]);
//! ```

mod bbcode;
mod error;
mod html;
pub mod import;
mod jsonl;
mod lines;
mod model;
mod source;

pub use bbcode::normalise_bbcode;
pub use error::{JsonlError, JsonlErrorKind, SourceError, SourceProblem};
pub use html::normalise_html;
pub use jsonl::{JsonlSource, MAX_LINE_BYTES, parse_jsonl_line};
pub use model::{Body, Edited, Line, Markup, Post, RawPost, Span, SpanKind};
pub use source::{Batch, PostSource};

/// Normalises a post body: HTML, BBCode or plain text to visible lines.
pub fn normalise_markup(markup: &Markup) -> Body {
    match markup {
        Markup::Html(html) => normalise_html(html),
        Markup::BbCode(bbcode) => normalise_bbcode(bbcode),
        Markup::Text(text) => normalise_text(text),
    }
}

/// Normalises a plain-text body: each line of the text is a line, whitespace collapsed, empty
/// lines dropped. Nothing is styled.
pub fn normalise_text(text: &str) -> Body {
    let mut out = lines::LineBuilder::new();
    out.push(
        text,
        lines::Style {
            newlines_break: true,
            ..lines::Style::default()
        },
    );
    out.finish()
}

/// Normalises a raw post into the post the tracker reads.
pub fn normalise(raw: &RawPost) -> Post {
    Post {
        id: raw.id.clone(),
        number: raw.number,
        author: raw.author.clone(),
        time: raw.time,
        edited: raw.edited,
        body: normalise_markup(&raw.body),
    }
}

impl RawPost {
    /// This post with its body normalised (see [`normalise`]).
    pub fn normalise(&self) -> Post {
        normalise(self)
    }
}
