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

/// `s.trim()`, answered at once when `s` starts and ends with a visible ASCII character (the
/// usual line, which has nothing to trim).
#[inline]
pub(crate) fn trim(s: &str) -> &str {
    match (s.as_bytes().first(), s.as_bytes().last()) {
        (Some(a), Some(b)) if a.is_ascii_graphic() && b.is_ascii_graphic() => s,
        _ => s.trim(),
    }
}

/// `s.split_once(c)` for an ASCII `c`, looking byte by byte: the strings are short, and a
/// general search spends more on setting up than on looking.
pub(crate) fn split_once_byte(s: &str, c: u8) -> Option<(&str, &str)> {
    debug_assert!(c.is_ascii());
    let i = s.bytes().position(|b| b == c)?;
    Some((&s[..i], &s[i + 1..]))
}

/// `s.trim_start()` with the shortcut of [`trim`].
#[inline]
pub(crate) fn trim_start(s: &str) -> &str {
    match s.as_bytes().first() {
        Some(a) if a.is_ascii_graphic() => s,
        _ => s.trim_start(),
    }
}

/// `s.trim_end()` with the shortcut of [`trim`].
#[inline]
pub(crate) fn trim_end(s: &str) -> &str {
    match s.as_bytes().last() {
        Some(a) if a.is_ascii_graphic() => s,
        _ => s.trim_end(),
    }
}

/// Splits `text` into lines, keeping byte offsets. `base` is added to every offset.
pub fn lines_with_offsets(text: &str, base: usize) -> Vec<SourceLine<'_>> {
    // Lines of role files are short: this capacity is rarely outgrown.
    let mut out = Vec::with_capacity(text.len() / 32 + 1);
    out.extend(Lines::new(text, base));
    out
}

/// The lines of a text one at a time, as [`lines_with_offsets`] collects them.
struct Lines<'a> {
    text: &'a str,
    /// Where the next line starts in `text`.
    at: usize,
    base: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str, base: usize) -> Self {
        Lines { text, at: 0, base }
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = SourceLine<'a>;

    fn next(&mut self) -> Option<SourceLine<'a>> {
        let start = self.at;
        let rest = self.text.get(start..).filter(|r| !r.is_empty())?;
        let len = next_newline(rest.as_bytes()).map_or(rest.len(), |nl| nl + 1);
        let piece = &rest[..len];
        let without_nl = piece.strip_suffix('\n').unwrap_or(piece);
        let without_cr = without_nl.strip_suffix('\r').unwrap_or(without_nl);
        self.at = start + len;
        Some(SourceLine {
            text: without_cr,
            start: self.base + start,
            end_with_break: self.base + start + len,
        })
    }
}

/// The position of the first `\n` in `bytes`, eight bytes at a time (role files are mostly
/// short lines, for which a general-purpose search spends more on setting up than on looking).
pub(crate) fn next_newline(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    const NEWLINES: u64 = u64::from_le_bytes([b'\n'; 8]);
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        // Bytes equal to `\n` become zero; the lowest flagged byte is the first zero byte.
        let x = u64::from_le_bytes(word) ^ NEWLINES;
        let zero = x.wrapping_sub(ONES) & !x & HIGH;
        if zero != 0 {
            return Some(at + (zero.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| b == b'\n')
        .map(|p| at + p)
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
    let lead = text.len() - trim_start(text).len();
    let rest = text.get(lead..)?.strip_prefix("**")?;
    // The first `**` (a byte loop: a substring search costs more to set up on a short title).
    let close = rest.as_bytes().windows(2).position(|w| w == b"**")?;
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
    // Most lines fail at their first character; trimming the end waits until they do not.
    let t = trim_start(line).strip_prefix("__")?.trim_end();
    let inner = t.strip_suffix("__")?;
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
///
/// One pass over the lines, which stops at the end of the `__Formalized__` section.
pub fn extract(text: &str, body_only: bool) -> Extracted {
    extract_inner(text, body_only, None)
}

/// [`extract`], and the lines of the formalized text (offsets into `text`), gathered in the
/// same pass: what [`lines_with_offsets`] gives for that text, without walking it again.
pub(crate) fn extract_with_lines(text: &str, body_only: bool) -> (Extracted, Vec<SourceLine<'_>>) {
    // Lines of role files are short: this capacity is rarely outgrown.
    let mut lines = Vec::with_capacity(text.len() / 32 + 1);
    let extracted = extract_inner(text, body_only, Some(&mut lines));
    match &extracted.formalized {
        Some(span) => {
            // Blank lines before the first and after the last non-blank line of the section
            // are outside the formalized text.
            let first = lines.partition_point(|l| l.start < span.start);
            let end = lines.partition_point(|l| l.start < span.end);
            lines.truncate(end);
            lines.drain(..first);
        }
        None => lines.clear(),
    }
    (extracted, lines)
}

fn extract_inner<'a>(
    text: &'a str,
    body_only: bool,
    mut out: Option<&mut Vec<SourceLine<'a>>>,
) -> Extracted {
    let mut lines = Lines::new(text, 0);
    let first = lines.next();
    let title = first.as_ref().and_then(parse_title);
    // Without a title, the first line is already body text.
    let body = first.filter(|_| title.is_none()).into_iter().chain(lines);
    let mut marker_seen = false;
    let mut section = Section::NotFound;
    // The non-blank extent of the section, and of the whole body while no marker is seen.
    let mut in_section = Extent::default();
    let mut whole = Extent::default();
    for line in body {
        if let Some(name) = section_marker(line.text) {
            marker_seen = true;
            // Lines before a marker are formalized text only in a file without markers.
            if let (Section::NotFound, Some(out)) = (section, out.as_deref_mut()) {
                out.clear();
            }
            match section {
                Section::Open => {
                    section = Section::Closed;
                    break;
                }
                Section::NotFound if name == "Formalized" => section = Section::Open,
                _ => {}
            }
            continue;
        }
        if section == Section::Open || !marker_seen {
            if let Some(out) = out.as_deref_mut() {
                out.push(line);
            }
        }
        if trim_start(line.text).is_empty() {
            continue;
        }
        if section == Section::Open {
            in_section.add(&line);
        } else if !marker_seen {
            whole.add(&line);
        }
    }
    let (extent, explicit) = match section {
        Section::Open | Section::Closed => (in_section, true),
        Section::NotFound if body_only && !marker_seen && title.is_some() => (whole, false),
        Section::NotFound => (Extent::default(), false),
    };
    Extracted {
        title,
        formalized: extent.span(),
        explicit_section: explicit,
    }
}

/// Where [`extract`] is in the `__Formalized__` section.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    NotFound,
    Open,
    Closed,
}

/// From the first non-blank line's start to the last one's end (line break included).
#[derive(Default)]
struct Extent {
    start: Option<usize>,
    end: usize,
}

impl Extent {
    fn add(&mut self, line: &SourceLine<'_>) {
        self.start.get_or_insert(line.start);
        self.end = line.end_with_break;
    }

    fn span(&self) -> Option<Span> {
        self.start.map(|start| start..self.end)
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
    fn the_formalized_section_ends_at_the_next_marker_even_another_formalized() {
        let file = "**Seer**\n__Formalized__\n\nStarting: Learn `a`\n\n__Formalized__\nStarting: Learn `b`\n";
        let ex = extract(file, false);
        assert_eq!(&file[ex.formalized.unwrap()], "Starting: Learn `a`\n");
        assert!(ex.explicit_section);
        let blank = "**Seer**\n__Formalized__\n  \n__Card__\nA seer.\n";
        let ex = extract(blank, true);
        assert_eq!((ex.formalized, ex.explicit_section), (None, true));
    }

    #[test]
    fn the_lines_gathered_by_extract_are_the_lines_of_the_formalized_text() {
        let files = [
            // Blank and space-only lines around and inside the section, a closing marker.
            "**Seer**\n__Formalized__\n\n  \nStarting: Learn `a`\n  \n\nPassive: Learn `b`\n \n\n__Card__\nA seer.\n",
            // No marker: the body after the title, to its last non-blank line.
            "**Pack** | Ability Set\r\nStarting: Join #Wolfpack\r\n  \r\n",
            // A marker after body text: the text before it is not formalized.
            "**Pack**\nStarting: Join #Wolfpack\n__Formalized__\nPassive: Learn `c`",
            // No formalized text at all.
            "**Golem** | Townsfolk Power\n__Basics__\nBig.\n",
        ];
        for file in files {
            let (ex, lines) = extract_with_lines(file, true);
            assert_eq!(ex, extract(file, true));
            let want = ex.formalized.map_or_else(Vec::new, |span| {
                lines_with_offsets(&file[span.clone()], span.start)
            });
            assert_eq!(lines, want, "{file:?}");
        }
    }

    #[test]
    fn a_file_without_a_title_may_open_with_its_marker() {
        let file = "__Formalized__\r\nPassive: Learn `a`\r\n";
        let ex = extract(file, true);
        assert_eq!(ex.title, None);
        assert_eq!(&file[ex.formalized.unwrap()], "Passive: Learn `a`\r\n");
        // Without a title and a marker there is nothing to extract.
        assert_eq!(extract("Passive: Learn `a`\n", true).formalized, None);
    }

    #[test]
    fn a_file_with_markers_but_no_formalized_section_has_none() {
        let file = "**Golem** | Townsfolk Power\n__Basics__\nBig.\n";
        assert_eq!(extract(file, true).formalized, None);
    }

    #[test]
    fn newlines_are_found_at_every_position_of_a_word() {
        for len in 0..20 {
            for at in 0..len {
                let mut text = vec![b'x'; len];
                text[at] = b'\n';
                if at + 3 < len {
                    text[at + 3] = b'\n';
                }
                assert_eq!(next_newline(&text), Some(at), "len {len}, at {at}");
                let after = next_newline(&text[at + 1..]).map(|p| p + at + 1);
                assert_eq!(after, (at + 3 < len).then_some(at + 3));
            }
            assert_eq!(next_newline(&vec![b'y'; len]), None);
        }
    }

    #[test]
    fn lines_keep_their_text_and_ends() {
        let text = "**Seer**\n\nImmediate Night: Role Investigate @Selection\r\n• é ⟨x⟩\nlast";
        let lines = lines_with_offsets(text, 0);
        let texts: Vec<&str> = lines.iter().map(|l| l.text).collect();
        assert_eq!(
            texts,
            [
                "**Seer**",
                "",
                "Immediate Night: Role Investigate @Selection",
                "• é ⟨x⟩",
                "last"
            ]
        );
        assert_eq!(lines[3].start, 56);
        assert_eq!(lines[3].end_with_break, 71);
        assert_eq!(lines[4].end_with_break, text.len());
        assert_eq!(lines_with_offsets("a\n", 0).len(), 1);
        assert!(lines_with_offsets("", 0).is_empty());
    }

    #[test]
    fn crlf_lines_keep_offsets() {
        let lines = lines_with_offsets("a\r\nbc\n", 10);
        assert_eq!(lines[1].text, "bc");
        assert_eq!(lines[1].start, 13);
        assert_eq!(lines[0].span(), 10..11);
    }
}
