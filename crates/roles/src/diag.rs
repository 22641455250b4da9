//! Diagnostics: what went wrong, where (a byte span into the file's source), what was expected.

use std::ops::Range;

use serde::{Deserialize, Serialize};

/// A byte range into the source text of one file.
pub type Span = Range<usize>;

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Severity {
    Error,
    Warning,
}

/// One problem found in a role file. Spans are byte offsets into the whole file's text, so
/// the renderer can show file, line, column and a caret excerpt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub span: Span,
    /// What is wrong, e.g. "unknown trigger type `Imediate Night`".
    pub message: String,
    /// The forms that would have been accepted here, e.g. ["a trigger type", "`Inherit:`"].
    pub expected: Vec<String>,
    /// A suggestion, e.g. "did you mean `Immediate Night`?".
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            span,
            message: message.into(),
            expected: Vec::new(),
            help: None,
        }
    }

    pub fn warning(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(span, message)
        }
    }

    pub fn expected(mut self, forms: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.expected.extend(forms.into_iter().map(Into::into));
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}
