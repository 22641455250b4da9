//! Building [`Line`]s from a stream of styled text: whitespace collapsing, line breaks and
//! span bookkeeping shared by the HTML and BBCode normalisers. Bold (and struck) runs split
//! only by a space merge into one span; each vote tag element is a span of its own, on its
//! first line.

use crate::model::{Body, Line, Span, SpanKind};

/// The styles in force for a piece of text.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Style {
    pub bold: bool,
    pub vote: bool,
    /// Struck through.
    pub struck: bool,
    /// Newlines in the text break lines (HTML `<pre>`, BBCode and plain text).
    pub newlines_break: bool,
}

/// Accumulates text into lines. Runs of whitespace become one space, lines never start or end
/// with a space, and empty lines are dropped.
#[derive(Debug, Default)]
pub(crate) struct LineBuilder {
    lines: Vec<Line>,
    text: String,
    spans: Vec<Span>,
    /// Whitespace was seen since the last visible character of the current line.
    pending_space: bool,
    /// HTML only: the element depths at which literal `[quote]` texts were opened and not yet
    /// closed (innermost last). While any is open, text is dropped.
    literal_quotes: Vec<usize>,
    /// A vote tag element has just opened: its text is a span of its own, not merged with
    /// the tag before it (`UNVOTE: ` and `VOTE: Bob` are two tags, even side by side).
    new_vote_tag: bool,
    /// A line has ended since the last vote tag opened: a vote tag's text on later lines is
    /// not part of its vote (`[vote]Bob[/unvote]` makes phpBB wrap the rest of the post in
    /// the tag).
    vote_tag_line_ended: bool,
    /// A line ended since the last strike opened: struck text ends with its first line.
    strike_line_ended: bool,
}

impl LineBuilder {
    pub fn new() -> Self {
        Self::default()
    }

    /// Whitespace that separates words (for example between table cells).
    pub fn space(&mut self) {
        self.pending_space = true;
    }

    /// Appends text under `style`.
    pub fn push(&mut self, text: &str, style: Style) {
        let mut first: Option<usize> = None;
        let mut last_end = 0;
        for c in text.chars() {
            if c == '\n' && style.newlines_break {
                self.close_run(style, first, last_end);
                first = None;
                self.break_line();
                continue;
            }
            if c.is_whitespace() {
                self.pending_space = true;
                continue;
            }
            if is_invisible(c) {
                continue;
            }
            if self.pending_space && !self.text.is_empty() {
                self.text.push(' ');
            }
            self.pending_space = false;
            if first.is_none() {
                first = Some(self.text.len());
            }
            self.text.push(c);
            last_end = self.text.len();
        }
        self.close_run(style, first, last_end);
    }

    /// Appends HTML text found at element `depth`. A literal BBCode quote the forum did not
    /// render (TeamLiquid leaves `[QUOTE]…` as text inside spoilers) is dropped like a quote
    /// element: from `[quote]` or `[quote=…]` to its `[/quote]`, or to the end of the element
    /// it was opened in ([`LineBuilder::leave`]). A stray `[/quote]` is shown as written.
    pub fn push_html(&mut self, text: &str, style: Style, depth: usize) {
        let mut rest = text;
        while let Some((at, len, opens)) = next_quote_marker(rest) {
            let before = rest.get(..at).unwrap_or("");
            let marker = rest.get(at..at + len).unwrap_or("");
            let quoted = !self.literal_quotes.is_empty();
            if opens {
                if !quoted {
                    self.push(before, style);
                    self.break_line();
                }
                self.literal_quotes.push(depth);
            } else if quoted {
                self.literal_quotes.pop();
                self.break_line();
            } else {
                self.push(before, style);
                self.push(marker, style);
            }
            rest = rest.get(at + len..).unwrap_or("");
        }
        if self.literal_quotes.is_empty() {
            self.push(rest, style);
        }
    }

    /// HTML only: an element whose content was at `depth + 1` has ended, and with it every
    /// literal quote opened inside it.
    pub fn leave(&mut self, depth: usize) {
        let before = self.literal_quotes.len();
        while self.literal_quotes.last().is_some_and(|&d| d > depth) {
            self.literal_quotes.pop();
        }
        if self.literal_quotes.len() < before && self.literal_quotes.is_empty() {
            self.break_line();
        }
    }

    fn close_run(&mut self, style: Style, first: Option<usize>, end: usize) {
        let Some(start) = first else { return };
        if style.bold {
            self.add_span(SpanKind::Bold, start, end);
        }
        if style.vote && !self.vote_tag_line_ended {
            self.add_span(SpanKind::VoteTag, start, end);
        }
        if style.struck && !self.strike_line_ended {
            self.add_span(SpanKind::Struck, start, end);
        }
    }

    /// Adds a span, merging it with the previous span of the same kind when only a space
    /// separates them (`<b>Vote:</b> <b>Bob</b>` reads as one bold run).
    fn add_span(&mut self, kind: SpanKind, start: usize, end: usize) {
        let new_tag = kind == SpanKind::VoteTag && std::mem::take(&mut self.new_vote_tag);
        if let Some(prev) = self
            .spans
            .iter_mut()
            .rev()
            .find(|s| s.kind == kind)
            .filter(|_| !new_tag)
        {
            let gap = self.text.get(prev.range.end..start);
            if matches!(gap, Some("") | Some(" ")) {
                prev.range.end = end;
                return;
            }
        }
        self.spans.push(Span {
            range: start..end,
            kind,
        });
    }

    /// A vote tag element opens: the next vote tag text starts a span of its own.
    pub fn open_vote_tag(&mut self) {
        self.new_vote_tag = true;
        self.vote_tag_line_ended = false;
    }

    /// A strike opens: its text is struck up to the end of the line. Players strike words
    /// (an old vote); a strike left open (`seem[s] to`, mafiascum 63042 post 646) would
    /// otherwise strike the rest of the post, the vote under it included.
    pub fn open_strike(&mut self) {
        self.strike_line_ended = false;
    }

    /// Ends the current line (an empty line is dropped).
    pub fn break_line(&mut self) {
        self.pending_space = false;
        self.vote_tag_line_ended = true;
        self.strike_line_ended = true;
        if self.text.is_empty() {
            return;
        }
        let mut spans = std::mem::take(&mut self.spans);
        spans.sort_by_key(|s| (s.range.start, s.range.end));
        self.lines.push(Line {
            text: std::mem::take(&mut self.text),
            spans,
        });
    }

    pub fn finish(mut self) -> Body {
        self.break_line();
        Body { lines: self.lines }
    }
}

/// The next literal `[quote]`, `[quote=…]` or `[/quote]` (any case) in `text`: its byte
/// offset, its length and whether it opens a quote. Runs on every HTML text node, so it
/// compares in place instead of lower-casing a copy.
fn next_quote_marker(text: &str) -> Option<(usize, usize, bool)> {
    let starts_ci = |tail: &str, tag: &str| {
        tail.as_bytes()
            .get(..tag.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(tag.as_bytes()))
    };
    for (at, _) in text.match_indices('[') {
        let tail = text.get(at..)?;
        if starts_ci(tail, "[/quote]") {
            return Some((at, "[/quote]".len(), false));
        }
        if starts_ci(tail, "[quote]") {
            return Some((at, "[quote]".len(), true));
        }
        if starts_ci(tail, "[quote=") {
            if let Some(end) = tail.find(']') {
                return Some((at, end + 1, true));
            }
        }
    }
    None
}

/// Characters that take no room and would only get in the way of matching names: zero-width
/// spaces and joiners, the byte order mark, soft hyphens and control characters.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{2060}' | '\u{FEFF}' | '\u{00AD}'
    ) || c.is_control()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: Style = Style {
        bold: false,
        vote: false,
        struck: false,
        newlines_break: false,
    };
    const BOLD: Style = Style {
        bold: true,
        ..PLAIN
    };

    #[test]
    fn whitespace_collapses_and_trims() {
        let mut b = LineBuilder::new();
        b.push("  hello \t\n  world  ", PLAIN);
        assert_eq!(b.finish().lines, vec![Line::plain("hello world")]);
    }

    #[test]
    fn bold_run_excludes_surrounding_spaces() {
        let mut b = LineBuilder::new();
        b.push("I say ", PLAIN);
        b.push(" Vote: Bob ", BOLD);
        b.push("now", PLAIN);
        let body = b.finish();
        assert_eq!(body.lines[0].text, "I say Vote: Bob now");
        assert_eq!(
            body.lines[0].spans_of(SpanKind::Bold).collect::<Vec<_>>(),
            ["Vote: Bob"]
        );
    }

    #[test]
    fn bold_runs_split_by_one_space_merge() {
        let mut b = LineBuilder::new();
        b.push("Vote:", BOLD);
        b.push(" ", PLAIN);
        b.push("Bob", BOLD);
        let body = b.finish();
        assert_eq!(body.lines[0].spans.len(), 1);
        assert_eq!(body.lines[0].spans[0].range, 0..9);
    }

    #[test]
    fn empty_lines_are_dropped() {
        let mut b = LineBuilder::new();
        b.break_line();
        b.push("   ", PLAIN);
        b.break_line();
        b.push("x", PLAIN);
        b.break_line();
        b.break_line();
        assert_eq!(b.finish().lines, vec![Line::plain("x")]);
    }
}
