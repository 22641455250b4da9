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

/// 1-based line and column (in characters) of byte `offset` in `source`.
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(source.len());
    while !source.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before[line_start..].chars().count() + 1;
    (line, col)
}

/// A diagnostic tied to its file, in the form miette renders.
#[derive(Debug)]
struct Report<'a> {
    diag: &'a Diagnostic,
    source: miette::NamedSource<String>,
    span: miette::SourceSpan,
}

impl std::fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.diag.message)
    }
}

impl std::error::Error for Report<'_> {}

impl miette::Diagnostic for Report<'_> {
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diag.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        let mut parts = Vec::new();
        if self.diag.expected.len() > 1 {
            parts.push(format!(
                "expected one of: {}",
                self.diag.expected.join(", ")
            ));
        }
        if let Some(h) = &self.diag.help {
            parts.push(h.clone());
        }
        (!parts.is_empty()).then(|| Box::new(parts.join("\n")) as Box<dyn std::fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let label = if self.diag.expected.is_empty() {
            "here".to_string()
        } else {
            format!(
                "expected {}",
                self.diag.expected.first().map_or("", String::as_str)
            )
        };
        Some(Box::new(std::iter::once(
            miette::LabeledSpan::new_with_span(Some(label), self.span),
        )))
    }
}

/// Renders one diagnostic as text: `error: message`, then `file:line:col`, an excerpt of the
/// source with a caret under the span, what was expected and the help. No colours.
pub fn render(path: &str, source: &str, diag: &Diagnostic) -> String {
    let mut start = diag.span.start.min(source.len());
    while !source.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = diag.span.end.clamp(start, source.len());
    while !source.is_char_boundary(end) {
        end += 1;
    }
    let (line, col) = line_col(source, start);
    let report = Report {
        diag,
        source: miette::NamedSource::new(path, source.to_string()),
        span: (start, end - start).into(),
    };
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(100)
            .with_links(false);
    let mut out = String::new();
    let kind = match diag.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    out.push_str(&format!("{kind}: {path}:{line}:{col}: {}\n", diag.message));
    if handler.render_report(&mut out, &report).is_err() {
        out.push_str(&diag.message);
        out.push('\n');
    }
    out
}
