//! The errors of post sources: a line of a JSON Lines file that could not be read
//! ([`JsonlError`]), a problem with one line or post ([`SourceProblem`], which also wraps an
//! importer's [`ImportError`]) and a source that could not be read at all ([`SourceError`]).
//! They live apart from the sources so that the [`PostSource`](crate::PostSource) trait and
//! the sources that implement it depend on them, never on each other.

use std::path::PathBuf;

use crate::import::ImportError;

/// A line of a JSON Lines file that could not be read as a post.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}:{line}: {kind}", origin.display())]
pub struct JsonlError {
    /// The file (or the name given to the reader).
    pub origin: PathBuf,
    /// 1-based line number.
    pub line: u64,
    pub kind: JsonlErrorKind,
}

/// What was wrong with a line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JsonlErrorKind {
    #[error("not valid UTF-8 (invalid byte at column {column})")]
    InvalidUtf8 { column: usize },
    #[error("line longer than {limit} bytes; expected one post per line")]
    TooLong { limit: usize },
    #[error("expected a JSON object, column {column}: {message}")]
    Syntax { column: usize, message: String },
    #[error("expected a JSON object {{\"number\": …, \"author\": …, …}}, found {found}")]
    NotObject { found: &'static str },
    #[error("missing field `{field}` (expected {expected})")]
    Missing {
        field: &'static str,
        expected: &'static str,
    },
    #[error("field `{field}`: expected {expected}, found {found}")]
    WrongType {
        field: &'static str,
        expected: &'static str,
        found: String,
    },
    #[error(
        "field `{field}`: expected an RFC 3339 time with an offset \
         (like 2026-03-29T18:00:00+02:00 or 2026-03-29T16:00:00Z), found {value:?}"
    )]
    BadTime { field: &'static str, value: String },
    #[error("expected a body: one of the fields `html`, `bbcode` or `text`")]
    NoBody,
    #[error("expected exactly one body field, found both `{first}` and `{second}`")]
    SeveralBodies {
        first: &'static str,
        second: &'static str,
    },
}

/// A problem with one line or post; the rest of the source was still read.
#[derive(Debug, thiserror::Error)]
pub enum SourceProblem {
    #[error(transparent)]
    Jsonl(#[from] JsonlError),
    /// A forum page (`origin`: its file or URL), or a post on it, could not be read.
    #[error("{origin}: {error}")]
    Page {
        origin: String,
        #[source]
        error: ImportError,
    },
}

/// A source could not be read at all.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    #[error("cannot read {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}
