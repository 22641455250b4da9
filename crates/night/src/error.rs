//! Typed errors. Every error names the place: file, line and column, or the action's index
//! and actor, and says what was expected.

use std::fmt;

/// Where in the input a problem is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// A position in a text file (1-based line and column).
    Text {
        source_name: String,
        line: usize,
        column: usize,
    },
    /// An action, by its 1-based position in the submitted list, and its actor.
    Action { index: usize, actor: String },
    /// A player of the setup.
    Player { name: String },
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Text {
                source_name,
                line,
                column,
            } => write!(f, "{source_name}:{line}:{column}"),
            Place::Action { index, actor } => write!(f, "action {index} (by {actor})"),
            Place::Player { name } => write!(f, "player {name}"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NightError {
    #[error("{source_name}:{line}:{column}: {message}")]
    Syntax {
        source_name: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{source_name}: {message}")]
    Catalogue {
        source_name: String,
        message: String,
    },
    #[error("{place}: {message}")]
    Invalid { place: Place, message: String },
    /// The method cannot resolve this night (the simple method and the setup rules).
    #[error("{message}")]
    Unsupported { message: String },
    #[error(
        "the night is too complex to resolve: {what} exceeds {limit} (split it or simplify the redirections)"
    )]
    TooComplex { what: &'static str, limit: usize },
}

/// 1-based line and column (in characters) of a byte offset; offsets past the end or inside
/// a character are clamped to the previous character boundary.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}
