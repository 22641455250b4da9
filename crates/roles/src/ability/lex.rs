//! Low-level scanning shared by every part of the ability grammar: a cursor over one line of
//! text that knows the line's byte offset in the file, bracket matching that skips backtick
//! strings, and the error type the recursive-descent parsers return.
//!
//! Every position is a byte offset obtained from `char_indices`, so slicing never splits a
//! character.

use crate::diag::{Diagnostic, Span};

/// A parse failure inside one line: where, what, and which forms would have been accepted.
#[derive(Debug, Clone)]
pub(crate) struct PErr {
    pub span: Span,
    pub message: String,
    pub expected: Vec<String>,
    pub help: Option<String>,
}

impl PErr {
    pub fn new(span: Span, message: impl Into<String>) -> Self {
        PErr {
            span,
            message: message.into(),
            expected: Vec::new(),
            help: None,
        }
    }

    pub fn expected(mut self, forms: &[&str]) -> Self {
        self.expected = forms.iter().map(|s| s.to_string()).collect();
        self
    }

    /// Expected forms given as bare names, shown in backticks.
    pub fn expected_names(mut self, names: &[&str]) -> Self {
        self.expected = names.iter().map(|s| format!("`{s}`")).collect();
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn into_diag(self) -> Diagnostic {
        let mut d = Diagnostic::error(self.span, self.message).expected(self.expected);
        d.help = self.help;
        d
    }
}

pub(crate) type PResult<T> = Result<T, PErr>;

/// Closing character for an opening bracket, if `c` opens a group.
pub(crate) fn closer(c: char) -> Option<char> {
    match c {
        '(' => Some(')'),
        '[' => Some(']'),
        '{' => Some('}'),
        '⟨' => Some('⟩'),
        _ => None,
    }
}

/// The closers of the groups open during [`group_end`]: the first few on the stack, deeper ones
/// on the heap (hostile nesting stays correct, ordinary lines never allocate).
struct Closers {
    inline: [u8; 16],
    len: usize,
    spill: Vec<u8>,
}

impl Closers {
    fn new() -> Self {
        Closers {
            inline: [0; 16],
            len: 0,
            spill: Vec::new(),
        }
    }

    fn push(&mut self, closer: u8) {
        match self.inline.get_mut(self.len) {
            Some(slot) => *slot = closer,
            None => self.spill.push(closer),
        }
        self.len += 1;
    }

    fn last(&self) -> Option<u8> {
        let top = self.len.checked_sub(1)?;
        self.inline.get(top).copied().or(self.spill.last().copied())
    }

    fn pop(&mut self) {
        if self.len > self.inline.len() {
            self.spill.pop();
        }
        self.len = self.len.saturating_sub(1);
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// `⟨` and `⟩` in UTF-8: the same lead bytes, then `0xA8` / `0xA9`.
const ANGLE_LEAD: [u8; 2] = [0xE2, 0x9F];
const ANGLE_OPEN: u8 = 0xA8;
const ANGLE_CLOSE: u8 = 0xA9;

/// The bytes [`group_end`] stops at: brackets, backticks and the lead byte of `⟨`/`⟩` (and
/// `%`, which [`ByteSet`] always holds and the scan passes over).
const GROUP_BYTES: ByteSet = ByteSet::new(b")]}");

/// Given that `s[open..]` starts with an opening bracket or a backtick, returns the byte offset
/// just past its matching closer (nested brackets and backtick strings inside are skipped), or
/// `None` when the group is never closed. Iterative, so hostile nesting cannot overflow.
///
/// Scans bytes: every character it looks for is ASCII or `⟨`/`⟩`, whose first byte (`0xE2`)
/// never occurs inside another character's encoding; other bytes are skipped through a table.
pub(crate) fn group_end(s: &str, open: usize) -> Option<usize> {
    let bytes = s.as_bytes();
    if bytes.get(open) == Some(&b'`') {
        // A backtick string (the usual constant): nothing nests inside.
        let close = bytes.get(open + 1..)?.iter().position(|&c| c == b'`')?;
        return Some(open + close + 2);
    }
    let mut stack = Closers::new();
    let mut at = open;
    loop {
        let mut b = *bytes.get(at)?;
        while !GROUP_BYTES.0[b as usize] {
            at += 1;
            b = *bytes.get(at)?;
        }
        match b {
            b'`' => {
                // A backtick string: everything up to the next backtick.
                let close = bytes.get(at + 1..)?.iter().position(|&c| c == b'`')?;
                at += 1 + close;
                if stack.is_empty() {
                    return Some(at + 1);
                }
            }
            b'(' => stack.push(b')'),
            b'[' => stack.push(b']'),
            b'{' => stack.push(b'}'),
            b')' | b']' | b'}' if stack.last() == Some(b) => {
                stack.pop();
                if stack.is_empty() {
                    return Some(at + 1);
                }
            }
            0xE2 if bytes.get(at..at + 2) == Some(&ANGLE_LEAD[..]) => {
                match bytes.get(at + 2) {
                    Some(&ANGLE_OPEN) => stack.push(ANGLE_CLOSE),
                    Some(&ANGLE_CLOSE) if stack.last() == Some(ANGLE_CLOSE) => {
                        stack.pop();
                        if stack.is_empty() {
                            return Some(at + 3);
                        }
                    }
                    _ => {}
                }
                at += 3;
                continue;
            }
            _ => {}
        }
        at += 1;
    }
}

/// Finds `%...%` host information starting at `at` (which holds `%`): no whitespace inside.
pub(crate) fn host_end(s: &str, at: usize) -> Option<usize> {
    let rest = s.get(at + 1..)?;
    for (i, c) in rest.char_indices() {
        if c == '%' {
            return if i == 0 { None } else { Some(at + 1 + i + 1) };
        }
        if c.is_whitespace() {
            return None;
        }
    }
    None
}

/// A set of bytes that start characters: the characters a scan by [`scan_top_in`] reports.
/// It always holds the bytes the scan itself must see (group openers, backtick, `%`).
pub(crate) struct ByteSet([bool; 256]);

impl ByteSet {
    /// The scan's own bytes plus `wanted` (ASCII bytes or lead bytes of UTF-8 characters).
    pub const fn new(wanted: &[u8]) -> ByteSet {
        let mut t = [false; 256];
        let own = b"`([{%";
        let mut i = 0;
        while i < own.len() {
            t[own[i] as usize] = true;
            i += 1;
        }
        t[ANGLE_LEAD[0] as usize] = true;
        let mut i = 0;
        while i < wanted.len() {
            t[wanted[i] as usize] = true;
            i += 1;
        }
        ByteSet(t)
    }

    /// Every byte that starts a character (all but UTF-8 continuation bytes).
    #[cfg(test)]
    const fn all() -> ByteSet {
        let mut t = [true; 256];
        let mut b = 0x80;
        while b < 0xC0 {
            t[b] = false;
            b += 1;
        }
        ByteSet(t)
    }
}

#[cfg(test)]
const ALL_CHARS: ByteSet = ByteSet::all();

/// Iterates over the characters of `s[from..to]` that are at top level: backtick strings,
/// bracket groups and host information are skipped as a whole. The callback receives the
/// position and character of every top-level character and of every group opener (before the
/// group is skipped); returning `true` stops the scan. (The parser asks [`scan_top_in`] for
/// the characters it looks for.)
#[cfg(test)]
pub(crate) fn scan_top(s: &str, from: usize, to: usize, f: impl FnMut(usize, char) -> bool) {
    scan_top_in(s, from, to, &ALL_CHARS, f);
}

/// [`scan_top`] reporting only the characters whose first byte is in `set` (the others are
/// skipped a byte at a time: a continuation byte is never in a set).
pub(crate) fn scan_top_in(
    s: &str,
    from: usize,
    to: usize,
    set: &ByteSet,
    mut f: impl FnMut(usize, char) -> bool,
) {
    let bytes = s.as_bytes();
    let mut i = from;
    while i < to {
        let Some(&b) = bytes.get(i) else { return };
        if !set.0[b as usize] {
            i += 1;
            continue;
        }
        let c = if b.is_ascii() {
            char::from(b)
        } else {
            match s[i..].chars().next() {
                Some(c) => c,
                None => return,
            }
        };
        if f(i, c) {
            return;
        }
        let next = if c == '`' || closer(c).is_some() {
            group_end(s, i).unwrap_or(to)
        } else if c == '%' {
            host_end(s, i).unwrap_or(i + 1)
        } else {
            i + c.len_utf8()
        };
        i = next.min(to).max(i + c.len_utf8());
    }
}

/// A cursor over one piece of a line. `base` is the file offset of `src[0]`.
#[derive(Clone)]
pub(crate) struct Cursor<'a> {
    pub src: &'a str,
    pub pos: usize,
    pub end: usize,
    pub base: usize,
}

pub(crate) fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-'
}

impl<'a> Cursor<'a> {
    pub fn new(src: &'a str, from: usize, to: usize, base: usize) -> Self {
        Cursor {
            src,
            pos: from,
            end: to,
            base,
        }
    }

    /// File span of local byte range `a..b`.
    pub fn span(&self, a: usize, b: usize) -> Span {
        self.base + a..self.base + b
    }

    #[inline]
    pub fn rest(&self) -> &'a str {
        &self.src[self.pos..self.end]
    }

    #[inline]
    pub fn peek(&self) -> Option<char> {
        // ASCII fast path; `pos` is always on a character boundary.
        match self.src.as_bytes()[..self.end].get(self.pos) {
            None => None,
            Some(&b) if b.is_ascii() => Some(b as char),
            Some(_) => self.rest().chars().next(),
        }
    }

    pub fn peek2(&self) -> Option<char> {
        let mut it = self.rest().chars();
        it.next();
        it.next()
    }

    #[inline]
    pub fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    #[inline]
    pub fn ws(&mut self) {
        let bytes = self.src.as_bytes();
        while let Some(&b) = bytes[..self.end].get(self.pos) {
            // ASCII whitespace as `char::is_whitespace` defines it: space, `\t` to `\r`.
            if b == b' ' || (b'\t'..=b'\r').contains(&b) {
                self.pos += 1;
            } else if b.is_ascii() {
                break;
            } else {
                match self.rest().chars().next() {
                    Some(c) if c.is_whitespace() => self.pos += c.len_utf8(),
                    _ => break,
                }
            }
        }
    }

    pub fn at_end(&self) -> bool {
        // `trim_start` only looks at the whitespace right after the cursor, which the next
        // `ws()` skips anyway, so repeated calls stay linear.
        crate::source::trim_start(self.rest()).is_empty()
    }

    /// Consumes `kw` (after optional whitespace) when it appears as whole words.
    ///
    /// The ability grammar tries many keywords at each position, and most fail on their first
    /// letter: that test is inlined at every call. After spaces and an ASCII character (the
    /// usual case) the rest is [`kw_here`](Self::kw_here), otherwise [`kw_at`](Self::kw_at).
    #[inline(always)]
    pub fn kw(&mut self, kw: &str) -> bool {
        let bytes = &self.src.as_bytes()[..self.end];
        let mut p = self.pos;
        while bytes.get(p) == Some(&b' ') {
            p += 1;
        }
        if let (Some(&b), Some(&k)) = (bytes.get(p), kw.as_bytes().first())
            && b.is_ascii()
            && !(b'\t'..=b'\r').contains(&b)
        {
            // `b` is the first character after the whitespace: `ws` would stop at `p`.
            if !b.eq_ignore_ascii_case(&k) {
                return false;
            }
            return self.kw_here(kw, p);
        }
        self.kw_at(kw)
    }

    /// [`kw`](Self::kw) with the whitespace before it already skipped: `kw` is at `at` or not.
    #[inline(never)]
    fn kw_here(&mut self, kw: &str, at: usize) -> bool {
        if self.kw_matches(kw, at) {
            self.pos = at + kw.len();
            true
        } else {
            false
        }
    }

    /// [`kw`](Self::kw) without the shortcuts.
    #[inline(never)]
    fn kw_at(&mut self, kw: &str) -> bool {
        let save = self.pos;
        self.ws();
        let at = self.pos;
        if self.kw_here(kw, at) {
            return true;
        }
        self.pos = save;
        false
    }

    /// Whether the text at `at` holds `kw` (ASCII case ignored) ending at a word boundary.
    #[inline(always)]
    fn kw_matches(&self, kw: &str, at: usize) -> bool {
        let bytes = &self.src.as_bytes()[..self.end];
        let k = kw.as_bytes();
        // Compared as bytes: the bytes of `kw` match ignoring ASCII case only when the text
        // holds the same characters there, so `at + kw.len()` is a character boundary. Most
        // bytes are equal as written: that test comes first.
        let Some(&last) = k.last() else {
            return false;
        };
        let Some(head) = bytes.get(at..at + k.len()) else {
            return false;
        };
        if !head
            .iter()
            .zip(k)
            .all(|(&t, &c)| t == c || t.eq_ignore_ascii_case(&c))
        {
            return false;
        }
        let after = at + k.len();
        match bytes.get(after) {
            None => true,
            Some(&a) => {
                let l = if last.is_ascii() {
                    char::from(last)
                } else {
                    kw.chars().last().unwrap_or(' ')
                };
                let a = if a.is_ascii() {
                    char::from(a)
                } else {
                    self.src[after..self.end].chars().next().unwrap_or(' ')
                };
                !(is_word_char(l) && is_word_char(a))
            }
        }
    }

    /// Like [`kw`](Self::kw) but only looks.
    pub fn at_kw(&self, kw: &str) -> bool {
        self.clone().kw(kw)
    }

    pub fn expect_kw(&mut self, kw: &str, what: &str) -> PResult<()> {
        if self.kw(kw) {
            Ok(())
        } else {
            Err(self
                .err_here(format!("expected `{kw}` {what}"), &[])
                .expected_names(&[kw]))
        }
    }

    pub fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// An error at the current token (up to the next whitespace).
    pub fn err_here(&self, message: impl Into<String>, expected: &[&str]) -> PErr {
        let mut c = self.clone();
        c.ws();
        let start = c.pos;
        let mut end = start;
        for (i, ch) in c.rest().char_indices() {
            if ch.is_whitespace() {
                break;
            }
            end = start + i + ch.len_utf8();
        }
        if end == start {
            // Point at the end of the text (zero width is fine for the renderer).
            end = start;
        }
        PErr::new(self.span(start, end), message).expected(expected)
    }

    /// A word: letters, digits, `_`, `-`.
    pub fn word(&mut self) -> Option<&'a str> {
        self.ws();
        let w = self.take_while(is_word_char);
        (!w.is_empty()).then_some(w)
    }

    /// The text from the cursor while `f` holds, the cursor moved past it.
    pub(super) fn take_while(&mut self, f: impl Fn(char) -> bool) -> &'a str {
        let start = self.pos;
        let bytes = &self.src.as_bytes()[..self.end];
        let mut p = start;
        // A byte at a time while the text is ASCII (names almost always are).
        while let Some(&b) = bytes.get(p) {
            let c = if b.is_ascii() {
                char::from(b)
            } else {
                match self.src[p..self.end].chars().next() {
                    Some(c) => c,
                    None => break,
                }
            };
            if !f(c) {
                break;
            }
            p += c.len_utf8();
        }
        self.pos = p;
        &self.src[start..p]
    }

    /// The contents of a bracket group opening at the cursor (`(`, `[`, `{`, `⟨`), returning
    /// the local range of the inside and moving past the closer.
    pub fn group(&mut self, what: &str) -> PResult<(usize, usize)> {
        self.ws();
        let open = self.pos;
        let Some(c) = self.peek() else {
            return Err(self.err_here(format!("expected {what}"), &[]));
        };
        let Some(cl) = closer(c) else {
            return Err(self.err_here(format!("expected {what}"), &[]));
        };
        match group_end(self.src, open) {
            Some(end) if end <= self.end => {
                self.pos = end;
                Ok((open + c.len_utf8(), end - cl.len_utf8()))
            }
            _ => Err(PErr::new(
                self.span(open, open + c.len_utf8()),
                format!("unclosed `{c}`"),
            )
            .expected(&[&format!("`{cl}`")])),
        }
    }
}

/// Splits `s[from..to]` at top-level commas, yielding trimmed local ranges (empty items
/// included so that callers can report them). Lazy: each item is scanned when asked for.
pub(crate) fn split_top_commas(s: &str, from: usize, to: usize) -> TopCommas<'_> {
    TopCommas {
        s,
        start: Some(from),
        to,
    }
}

/// The items of [`split_top_commas`]. A scan resumed after a top-level comma is at top level,
/// so scanning item by item finds the same commas as one scan of the whole range.
pub(crate) struct TopCommas<'s> {
    s: &'s str,
    /// Where the next item starts; `None` once the last one was yielded.
    start: Option<usize>,
    to: usize,
}

impl Iterator for TopCommas<'_> {
    type Item = (usize, usize);

    fn next(&mut self) -> Option<(usize, usize)> {
        const COMMA: ByteSet = ByteSet::new(b",");
        let start = self.start?;
        let mut comma = None;
        scan_top_in(self.s, start, self.to, &COMMA, |i, c| {
            if c == ',' {
                comma = Some(i);
            }
            comma.is_some()
        });
        let end = match comma {
            Some(i) => {
                self.start = Some(i + 1);
                i
            }
            None => {
                self.start = None;
                self.to
            }
        };
        Some(trim_range(self.s, start, end))
    }
}

/// Trims whitespace off a local range.
pub(crate) fn trim_range(s: &str, a: usize, b: usize) -> (usize, usize) {
    let piece = &s[a..b];
    let lead = piece.len() - crate::source::trim_start(piece).len();
    let trail = piece.len() - crate::source::trim_end(piece).len();
    if lead + trail >= piece.len() {
        (a + lead.min(piece.len()), a + lead.min(piece.len()))
    } else {
        (a + lead, b - trail)
    }
}

/// The closest candidate to `found` if it is close enough to be a likely misspelling.
pub(crate) fn suggest<'c>(
    found: &str,
    candidates: impl IntoIterator<Item = &'c str>,
) -> Option<&'c str> {
    // Names are short; long garbage is never a misspelling (and would cost time).
    if found.len() > 64 {
        return None;
    }
    let f = found.to_ascii_lowercase();
    let mut best: Option<(&str, f64)> = None;
    for cand in candidates {
        let score = strsim::jaro_winkler(&f, &cand.to_ascii_lowercase());
        if best.is_none_or(|(_, s)| score > s) {
            best = Some((cand, score));
        }
    }
    best.filter(|(_, s)| *s >= 0.85).map(|(c, _)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_ends_at_its_own_closer() {
        let line = "Apply `Marker (a)` to @(Attr:X) ⟨x: `⟩`⟩ [Quantity: 1]";
        let open = line.find("@(").unwrap() + 1;
        assert_eq!(&line[open..group_end(line, open).unwrap()], "(Attr:X)");
        let angle = line.find('⟨').unwrap();
        assert_eq!(&line[angle..group_end(line, angle).unwrap()], "⟨x: `⟩`⟩");
        // The `(` inside the backticks belongs to the backtick string.
        let tick = line.find('`').unwrap();
        assert_eq!(&line[tick..group_end(line, tick).unwrap()], "`Marker (a)`");
        // A stray closer of another kind does not close the group.
        assert_eq!(group_end("(a ] b)", 0), Some(7));
        assert_eq!(group_end("(a (b)", 0), None);
    }

    #[test]
    fn a_group_nested_deeper_than_the_inline_stack_ends_right() {
        for depth in [15, 16, 17, 40] {
            let text = format!("{}x{} y)", "([{⟨".repeat(depth), "⟩}])".repeat(depth));
            let end = group_end(&text, 0).unwrap();
            assert_eq!(&text[end..], " y)", "depth {depth}");
            let unclosed = format!("{}x{}", "(".repeat(depth), ")".repeat(depth - 1));
            assert_eq!(group_end(&unclosed, 0), None, "depth {depth}");
        }
    }

    #[test]
    fn a_scan_for_some_characters_reports_those_at_top_level_and_the_group_openers() {
        let line = "Learn `a: b`, (c: d), é: g ⟨e: f⟩ h: i";
        let mut seen = String::new();
        scan_top_in(line, 0, line.len(), &ByteSet::new(b":"), |_, c| {
            seen.push(c);
            false
        });
        assert_eq!(seen, "`(:⟨:");
    }

    #[test]
    fn scanning_skips_groups_strings_and_host_information() {
        let line = "Learn `a: b` (c: d) %Role% ⟨e: f⟩ é: g";
        let mut seen = String::new();
        scan_top(line, 0, line.len(), |_, c| {
            seen.push(c);
            false
        });
        assert_eq!(seen, "Learn ` ( % ⟨ é: g");
    }
}
