//! Discord-markdown extraction: the title line (`**Name** | Tail`), the `__Section__` markers
//! and the formalized text, all as byte ranges into the original file.

use serde::{Deserialize, Serialize};

use crate::diag::Span;

/// A value together with the bytes of the file it was read from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(value: T, span: Span) -> Self {
        Spanned { value, span }
    }
}

/// One line of a file, without its line break.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SourceLine<'a> {
    /// The text of the line without `\n` / `\r\n`.
    pub text: &'a str,
    /// Byte offset of the line's first character in the file.
    pub start: usize,
    /// Byte offset just past the line break (or the end of the file).
    pub end_with_break: usize,
}

impl SourceLine<'_> {
    /// The byte range of the line's text (no line break).
    pub fn span(&self) -> Span {
        self.start..self.start + self.text.len()
    }
}

/// Splits `text` into lines, keeping byte offsets. `base` is added to every offset.
pub fn lines_with_offsets(text: &str, base: usize) -> Vec<SourceLine<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    for piece in text.split_inclusive('\n') {
        let without_nl = piece.strip_suffix('\n').unwrap_or(piece);
        let without_cr = without_nl.strip_suffix('\r').unwrap_or(without_nl);
        out.push(SourceLine {
            text: without_cr,
            start: base + start,
            end_with_break: base + start + piece.len(),
        });
        start += piece.len();
    }
    out
}

/// The first line of an element file: `**Name**` optionally followed by `| Tail`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Title {
    pub name: Spanned<String>,
    /// The text after the first `|`, trimmed (e.g. `Townsfolk Investigative`).
    pub tail: Option<Spanned<String>>,
}

/// Where the parts of one file are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extracted {
    pub title: Option<Title>,
    /// The formalized text: from the line after `__Formalized__` (or after the title line,
    /// for files without any `__Section__` marker) to the end of its last non-blank line,
    /// line break included.
    pub formalized: Option<Span>,
    /// Whether the formalized text came from an explicit `__Formalized__` section.
    pub explicit_section: bool,
}

/// Parses the title line, if the file starts with one.
pub fn parse_title(line: &SourceLine<'_>) -> Option<Title> {
    let text = line.text;
    let lead = text.len() - text.trim_start().len();
    let rest = text.get(lead..)?.strip_prefix("**")?;
    let close = rest.find("**")?;
    let name_text = rest.get(..close)?;
    let name_start = line.start + lead + 2;
    let name_trim_lead = name_text.len() - name_text.trim_start().len();
    let name = Spanned::new(
        name_text.trim().to_string(),
        name_start + name_trim_lead..name_start + name_trim_lead + name_text.trim().len(),
    );
    let after = rest.get(close + 2..)?;
    let after_start = name_start + close + 2;
    let tail = after.find('|').and_then(|bar| {
        let t = after.get(bar + 1..)?;
        let lead = t.len() - t.trim_start().len();
        let trimmed = t.trim();
        if trimmed.is_empty() {
            return None;
        }
        let s = after_start + bar + 1 + lead;
        Some(Spanned::new(trimmed.to_string(), s..s + trimmed.len()))
    });
    Some(Title { name, tail })
}

/// Is this line a Discord section marker such as `__Basics__`? Returns the section name.
pub fn section_marker(line: &str) -> Option<&str> {
    let t = line.trim();
    let inner = t.strip_prefix("__")?.strip_suffix("__")?;
    if inner.is_empty() || inner.contains("__") || inner.starts_with(' ') {
        return None;
    }
    Some(inner)
}

/// Finds the title and the formalized text of a file.
///
/// A file with a `__Formalized__` marker has its formalized text in that section (up to the
/// next marker). When `body_only` is set, a file with no section marker at all (polls,
/// ability sets, some locations) is formalized text from the line after the title to the end.
pub fn extract(text: &str, body_only: bool) -> Extracted {
    let lines = lines_with_offsets(text, 0);
    let title = lines.first().and_then(parse_title);
    let body_from = usize::from(title.is_some());
    let mut marker_seen = false;
    let mut section: Option<(usize, usize)> = None; // line indices [from, to)
    for (i, line) in lines.iter().enumerate().skip(body_from) {
        if let Some(name) = section_marker(line.text) {
            marker_seen = true;
            if let Some((_, to)) = section.as_mut()
                && *to == usize::MAX
            {
                *to = i;
            }
            if name == "Formalized" && section.is_none() {
                section = Some((i + 1, usize::MAX));
            }
        }
    }
    let (from, to, explicit) = match section {
        Some((from, to)) => (from, to.min(lines.len()), true),
        None if body_only && !marker_seen && title.is_some() => (body_from, lines.len(), false),
        None => {
            return Extracted {
                title,
                formalized: None,
                explicit_section: false,
            };
        }
    };
    let body = lines.get(from..to).unwrap_or(&[]);
    let Some(first) = body.iter().position(|l| !l.text.trim().is_empty()) else {
        return Extracted {
            title,
            formalized: None,
            explicit_section: explicit,
        };
    };
    let last = body
        .iter()
        .rposition(|l| !l.text.trim().is_empty())
        .unwrap_or(first);
    let span = body[first].start..body[last].end_with_break;
    Extracted {
        title,
        formalized: Some(span),
        explicit_section: explicit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formalized_section_is_found_between_markers() {
        let file = "**Seer** | Townsfolk Investigative\n__Basics__\nSees.\n__Formalized__\nImmediate Night: Role Investigate @Selection\n\n__Card__\nA seer.\n";
        let ex = extract(file, true);
        let span = ex.formalized.unwrap();
        assert_eq!(
            &file[span],
            "Immediate Night: Role Investigate @Selection\n"
        );
        let title = ex.title.unwrap();
        assert_eq!(title.name.value, "Seer");
        assert_eq!(&file[title.name.span], "Seer");
        assert_eq!(title.tail.unwrap().value, "Townsfolk Investigative");
    }

    #[test]
    fn a_file_without_markers_is_formalized_after_its_title() {
        let file = "**Pack** | Ability Set\nStarting: Join #Wolfpack";
        let ex = extract(file, true);
        assert_eq!(&file[ex.formalized.unwrap()], "Starting: Join #Wolfpack");
        assert!(!ex.explicit_section);
        assert_eq!(extract(file, false).formalized, None);
    }

    #[test]
    fn a_file_with_markers_but_no_formalized_section_has_none() {
        let file = "**Golem** | Townsfolk Power\n__Basics__\nBig.\n";
        assert_eq!(extract(file, true).formalized, None);
    }

    #[test]
    fn crlf_lines_keep_offsets() {
        let lines = lines_with_offsets("a\r\nbc\n", 10);
        assert_eq!(lines[1].text, "bc");
        assert_eq!(lines[1].start, 13);
        assert_eq!(lines[0].span(), 10..11);
    }
}
