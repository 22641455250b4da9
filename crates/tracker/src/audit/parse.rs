//! Reading a vote count a host posted: a pure function from a post's lines to the count's
//! entries as the host wrote them (names not yet resolved to slots).
//!
//! The forms read, from the fixture threads (mafiascum phpBB, TeamLiquid, MTG Salvation) and
//! the tracker's own BBCode ([`crate::report::bbcode`]):
//!
//! - `Name (3) - a, b, c`, `Name (3): a b c`, `Name [L-2] - a, b`, `[3] Name - a, b`,
//!   `(3) Name - a, b`, `L-3 (4) Name - a, b`, `Name - 3 (a, b, c)`, `Name - a, b (L-4)`,
//!   `Name (3, L-1) — a, b` (the tracker's own), and table rows `Name 3 a b` (each cell a word
//!   apart on one line);
//! - with a "vote count" / "votecount" / "VC" heading, also lines without a number:
//!   `Name - a, b` and a bare `Name` (no votes);
//! - struck-out text (earlier votes the host strikes through) is not a vote;
//! - `Not voting (2): a, b` is kept apart from the wagons; below it, only wagons with their
//!   number of votes in brackets continue the count (`[1] No Lynch - a`);
//! - lines numbered in order from one (`[01] Bob`, `[02] Al - Town - vanilla`) are a
//!   player list, not a count, when a number is not the number of names after it.
//!
//! A count marker is a bracketed group that starts with a number or `L-n` (`(3)`, `[L-2]`,
//! `(3, majority)`), or a bare number standing alone between words. Which written names are
//! players is not decided here: [`crate::audit`] resolves them and drops entries whose
//! candidate is no player (a `Deadline: …` line is read as an entry and dropped there).

use mafia_posts::{Body, Line, SpanKind};

/// A vote count as the host wrote it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HostCount {
    /// The wagons, in the host's order.
    pub entries: Vec<HostEntry>,
    /// The host's "not voting" list, when there is one.
    pub not_voting: Vec<String>,
    /// The day the heading names, when it does (`Vote Count 2.3`, `VC 1.03`, `D3 Votecount
    /// #5`, `Day 2 Vote Count`).
    pub day: Option<u32>,
}

/// One wagon as written: its candidate and the voters, struck-out ones left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostEntry {
    pub candidate: String,
    /// Each piece of the voter list: usually one name, but hosts who separate names with
    /// spaces leave several in one piece (resolution splits it).
    pub voters: Vec<String>,
    /// Index of the line in the post body.
    pub line: usize,
    /// The line had a count marker (`(3)`, `[L-2]`, a bare number).
    pub marked: bool,
    /// The line had a separator after the candidate (`-`, `:`, a count).
    pub separated: bool,
    /// The number of votes the host wrote for the wagon in brackets, when there is one
    /// (`(3)`, `[3]`).
    pub votes: Option<u32>,
}

/// The most lines a count block may skip between its heading and its first wagon.
const MAX_LEAD_LINES: usize = 4;

/// Reads the first vote count in a post body, if it holds one: the first of
/// [`parse_counts`]'s readings.
pub fn parse_count(body: &Body) -> Option<HostCount> {
    parse_counts(body).next()
}

/// Every reading of a post body as a vote count, the likeliest first: the lines after each
/// heading that names a vote count, then the lines with count markers anywhere in the post
/// (at least two). Which reading names the players is for the caller to find
/// ([`crate::audit`] takes the first in which a wagon's candidate is a player): a heading may
/// be followed by a host's essay whose lines read as wagons before the count itself
/// (63443.jsonl post 26, 70230.jsonl post 2695), or by a `Deadline: August 10` line that is
/// no wagon either (22540.jsonl post 1110).
///
/// The readings are built as they are asked for: a caller that takes the first reads one
/// heading's block, and the marked lines only when they might go first (see [`Readings`]).
pub fn parse_counts(body: &Body) -> Readings<'_> {
    Readings {
        body,
        next_line: 0,
        begun: false,
        queued: None,
        marked: MarkedLines::Unread,
        unchecked: Vec::new(),
    }
}

/// The readings of one post body, in [`parse_counts`]'s order, each built when it is asked
/// for.
///
/// The order: each heading's block ("Making this vote count amused me." may come before the
/// count's own heading, 16959.jsonl post 479), then the marked lines' reading unless a
/// heading's block is the same; but the marked lines go first when they continue the first
/// heading's block (a count whose wagons the host spread between other lines: a poem between
/// every wagon, 16959.jsonl post 351). That can only be when every wagon of the first block
/// is marked, for the marked lines' reading holds marked wagons only: only then are the
/// marked lines read before the first block is given.
#[derive(Debug, Clone)]
pub struct Readings<'a> {
    body: &'a Body,
    /// The line from which to look for the next heading.
    next_line: usize,
    /// The first reading has been given.
    begun: bool,
    /// The first heading's block, to give after the marked lines that continue it.
    queued: Option<HostCount>,
    marked: MarkedLines,
    /// The headings' blocks given before the marked lines were read, to compare with their
    /// reading when it is asked for (kept rather than read again: a block's lines cost more
    /// to read than to copy).
    unchecked: Vec<HostCount>,
}

/// The marked lines' reading, as far as [`Readings`] has got with it.
#[derive(Debug, Clone)]
enum MarkedLines {
    /// Not read yet.
    Unread,
    /// Read: the count still to give at the end, unless a heading's block is the same.
    Pending(HostCount),
    /// None, given already, or the same as a heading's block that was given.
    Done,
}

impl Readings<'_> {
    /// The next heading's block with a wagon or a not-voting list, from `next_line` on.
    fn next_block(&mut self) -> Option<HostCount> {
        let lines = &self.body.lines;
        while self.next_line < lines.len() {
            let h = self.next_line;
            self.next_line += 1;
            if !is_heading(&lines[h].text) {
                continue;
            }
            let Some(mut count) = read_block(self.body, h + 1, true) else {
                continue;
            };
            if count.entries.iter().any(|e| e.separated || e.marked) || !count.not_voting.is_empty()
            {
                count.day = heading_day(&lines[h].text);
                return Some(count);
            }
        }
        None
    }

    /// Reads the marked lines, once.
    fn read_marked(&mut self) {
        if matches!(self.marked, MarkedLines::Unread) {
            self.marked = match marked_reading(self.body) {
                Some(count) => MarkedLines::Pending(count),
                None => MarkedLines::Done,
            };
        }
    }

    /// Gives a heading's block; the marked lines' reading, when it is the same, is not given
    /// again at the end.
    fn give(&mut self, block: HostCount) -> Option<HostCount> {
        match &self.marked {
            MarkedLines::Pending(m) if *m == block => self.marked = MarkedLines::Done,
            MarkedLines::Unread => self.unchecked.push(block.clone()),
            _ => {}
        }
        Some(block)
    }
}

impl Iterator for Readings<'_> {
    type Item = HostCount;

    fn next(&mut self) -> Option<HostCount> {
        if !self.begun {
            self.begun = true;
            let Some(first) = self.next_block() else {
                self.read_marked();
                return self.next();
            };
            if !first.entries.is_empty() && first.entries.iter().all(|e| e.marked) {
                self.read_marked();
                let goes_first =
                    matches!(&self.marked, MarkedLines::Pending(m) if continues(&first, m));
                if goes_first
                    && let MarkedLines::Pending(m) =
                        std::mem::replace(&mut self.marked, MarkedLines::Done)
                {
                    // No later heading's block can be the same: it would hold the first
                    // block's wagons (lines above it) and no more.
                    self.queued = Some(first);
                    return Some(m);
                }
            }
            return self.give(first);
        }
        if let Some(first) = self.queued.take() {
            return Some(first);
        }
        if let Some(block) = self.next_block() {
            return self.give(block);
        }
        // The marked lines last, unless a heading's block given before is the same.
        self.read_marked();
        let MarkedLines::Pending(m) = std::mem::replace(&mut self.marked, MarkedLines::Done) else {
            return None;
        };
        (!self.unchecked.contains(&m)).then_some(m)
    }
}

/// The lines with count markers anywhere in the post (at least two, or one beside the
/// host's not-voting list), with the day of the heading above the first, when there is one.
fn marked_reading(body: &Body) -> Option<HostCount> {
    let mut marked = read_block(body, 0, false).filter(|c| !c.entries.is_empty())?;
    let first = marked.entries.first().map_or(0, |e| e.line);
    marked.day = body.lines[..first]
        .iter()
        .rfind(|l| is_heading(&l.text))
        .and_then(|l| heading_day(&l.text));
    Some(marked)
}

/// `marked` holds `head`'s wagons and more below it, each more a wagon with its number of
/// votes in brackets and as many voters, and names no candidate twice.
fn continues(head: &HostCount, marked: &HostCount) -> bool {
    let n = head.entries.len();
    let more = marked.entries.get(n..).unwrap_or_default();
    let mut candidates: Vec<&str> = marked
        .entries
        .iter()
        .map(|e| e.candidate.as_str())
        .collect();
    candidates.sort_unstable();
    candidates.dedup();
    n > 0
        && !more.is_empty()
        && marked.entries[..n] == head.entries[..]
        && more
            .iter()
            .all(|e| e.votes.is_some_and(|v| v as usize == e.voters.len()))
        && candidates.len() == marked.entries.len()
}

/// The day a vote count's heading names: `Day 2` / `D2` anywhere on it, else the first
/// number of a `N.M` after the heading word (`Vote Count 2.3`, `VC 1.03`, `Votecount 3.1`).
pub fn heading_day(text: &str) -> Option<u32> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric() && c != '.')
        .filter(|w| !w.is_empty())
        .collect();
    for (i, w) in words.iter().enumerate() {
        let w = w.trim_end_matches('.');
        if w == "day"
            && let Some(n) = words
                .get(i + 1)
                .and_then(|n| n.trim_end_matches('.').parse().ok())
        {
            return Some(n);
        }
        if let Some(n) = w.strip_prefix('d').and_then(|n| n.parse().ok()) {
            return Some(n);
        }
    }
    let at = ["votecount", "vote count", "vote tally", "vc"]
        .iter()
        .find_map(|k| lower.find(k).map(|at| at + k.len()))?;
    let rest = lower[at..].trim_start_matches(|c: char| !c.is_ascii_digit());
    let (day, after) = rest.split_once('.')?;
    (!day.is_empty() && after.starts_with(|c: char| c.is_ascii_digit()))
        .then(|| day.parse().ok())
        .flatten()
}

/// A cheap test that rules out most posts before [`parse_count`]: a heading word, a
/// bracket or parenthesis followed by a digit (`(3)`, `( 3 )`, 23438.jsonl post 57), or a
/// digit followed by ` (` or ` vote` (a bare count, `Slaxx - 3 (a, b, c)`, `AGar 1 votes:
/// HezLucky`).
pub fn may_hold_count(body: &Body) -> bool {
    body.lines.iter().any(|l| {
        let b = l.text.as_bytes();
        is_heading(&l.text)
            || b.iter().enumerate().any(|(i, &c)| {
                matches!(c, b'(' | b'[')
                    && b[i + 1..]
                        .iter()
                        .find(|&&c| c != b' ')
                        .is_some_and(u8::is_ascii_digit)
            })
            || b.windows(3).enumerate().any(|(i, w)| {
                w[0].is_ascii_digit()
                    && w[1] == b' '
                    && (w[2] == b'(' || b[i + 2..].starts_with(b"vote"))
            })
    })
}

fn read_block(body: &Body, from: usize, headed: bool) -> Option<HostCount> {
    let mut count = HostCount::default();
    let mut skipped = 0;
    // A wagon with a separator or a count has been read: the next line that is no wagon
    // ends the block (bare names alone do not start it: they may be a player list).
    let mut started = false;
    // The not-voting line has been read: only wagons with their number of votes in brackets
    // may follow it (the no-lynch wagon some hosts list last, `[1] No Lynch - Substrike22`,
    // 16214.jsonl post 662); any other line ends the block (`Bob - Mafia Goon - lynched Day
    // 4.`, 58899.jsonl post 1036).
    let mut not_voting_read = false;
    for (i, line) in body.lines.iter().enumerate().skip(from) {
        if is_heading(&line.text) {
            continue;
        }
        let text = visible(line);
        if text.trim_matches([' ', ',']).is_empty() {
            continue; // struck out whole: an old count the host kept (71047.jsonl post 2250)
        }
        if is_remark(&text) || is_marker_only(&text) {
            // `(LYNCH)` below the wagon it closes (66137.jsonl post 297), and its `(L-1)`
            // (66137.jsonl post 125; `(L-3)`, 29135.jsonl post 635)
            continue;
        }
        let entry = read_entry(&text, i, headed).filter(|e| !not_voting_read || e.votes.is_some());
        let Some(entry) = entry else {
            if not_voting_read {
                break;
            }
            if headed && !started && skipped < MAX_LEAD_LINES {
                skipped += 1;
                continue;
            }
            if headed {
                break;
            }
            continue;
        };
        if is_not_voting(&entry.candidate) {
            count.not_voting = entry.voters;
            not_voting_read = started;
            continue;
        }
        started |= entry.marked || !entry.voters.is_empty() || entry.separated;
        if headed || entry.marked {
            count.entries.push(entry);
        }
    }
    // Unheaded, one wagon is a count only with the host's not-voting list beside it (a lone
    // `Name (2): a, b` line may be talk about a wagon).
    if !headed && count.entries.len() < 2 && count.not_voting.is_empty() {
        return None;
    }
    if let (Some(first), Some(last)) = (count.entries.first(), count.entries.last())
        && numbers_its_lines(&body.lines[first.line..=last.line])
        && count
            .entries
            .iter()
            .any(|e| e.votes.is_some_and(|v| v as usize != e.voters.len()))
    {
        return None;
    }
    Some(count)
}

/// Lines numbered in order from one, `[01] Bulbazoor`, `[02] dragonspawn - Town - vanilla`,
/// …: a player list (62685.jsonl posts 22 and 1649, whose "Current player list" spoiler
/// mafiascum renders as lines of its own), not wagons whose numbers count votes, when a
/// number is not the number of names after it. Every line that begins with a bracketed
/// number counts, whether it was read as a wagon or not.
fn numbers_its_lines(lines: &[Line]) -> bool {
    let mut next = 1;
    for line in lines {
        match list_number(&line.text) {
            Some(n) if n == next => next += 1,
            Some(_) => return false,
            None => {}
        }
    }
    next > 3
}

/// The number in the bracket a line begins with: `[01] Bulbazoor` → 1.
fn list_number(text: &str) -> Option<u32> {
    let text = text.trim_start();
    let close = matching_close(text.chars().next()?)?;
    let inner = &text[1..text.find(close)?];
    (!inner.is_empty() && inner.bytes().all(|b| b.is_ascii_digit()))
        .then(|| inner.parse().ok())
        .flatten()
}

/// A line that names a vote count: `Vote Count 1.4`, `D3 Votecount #5`, `VC 1.03`, the
/// tracker's own `Game — vote count, Day 1`.
fn is_heading(text: &str) -> bool {
    let lower = text.to_lowercase();
    let squeezed: String = lower.chars().filter(|c| !c.is_whitespace()).collect();
    if squeezed.contains("votecount") || squeezed.contains("votetally") {
        // "Votecount coming later." (22466.jsonl post 1488) announces a count, holds none.
        return !announces(&lower);
    }
    // `VC 1.03`, `VC1.02`, `VC: 2`, `VC#4`.
    lower.strip_prefix("vc").is_some_and(|rest| {
        rest.is_empty()
            || rest.starts_with([' ', ':', '#', '.'])
            || rest.starts_with(|c: char| c.is_ascii_digit())
    })
}

/// A heading line that says a count is still to come: `Votecount coming later.`,
/// `Vote count soon`.
fn announces(lower: &str) -> bool {
    lower
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| matches!(w, "coming" | "later" | "soon" | "shortly" | "incoming"))
}

/// The line's text with struck-out runs replaced by a list separator.
fn visible(line: &Line) -> String {
    if !line.spans.iter().any(|s| s.kind == SpanKind::Struck) {
        return line.text.clone();
    }
    let mut out = String::with_capacity(line.text.len());
    let mut at = 0;
    for s in line.spans.iter().filter(|s| s.kind == SpanKind::Struck) {
        if s.range.start >= at {
            out.push_str(line.text.get(at..s.range.start).unwrap_or(""));
            out.push_str(" , ");
            at = s.range.end;
        }
    }
    out.push_str(line.text.get(at..).unwrap_or(""));
    out
}

/// The separator left where a count marker stood.
const MARK: char = '\u{1}';

/// Reads one line as a wagon. Without a heading (`headed` false) only a line with a marker
/// and a separator is a wagon; under a heading a line with a separator, or a bare short name,
/// is one too.
fn read_entry(text: &str, line: usize, headed: bool) -> Option<HostEntry> {
    let marks = mark_counts(text);
    // A sentence with numbers in it ("With 9 alive it takes 5 to lynch.") is no wagon;
    // `Terrador - 3 - Lapsa, Shinobi LYNCH!` is one.
    if !marks.bracketed
        && text.trim_end().ends_with(['.', '!', '?'])
        && find_separator(&text.replace(MARK, "")).is_none()
    {
        return None;
    }
    let counted_first = marks.text.trim_start().starts_with(MARK);
    let body = without_leading_remark(marks.text.trim_start_matches([MARK, ' ']), counted_first);
    // Last, voters in parentheses after the name: `3 zakk (Thor665, Radja)` (62339.jsonl).
    let sep = find_separator(body).or_else(|| body.find(" (").map(|at| (at, 1)));
    let (candidate, rest) = match sep {
        Some((at, len)) => (&body[..at], &body[at + len..]),
        None => (body, ""),
    };
    // A table's `|` between the cells: `No Lynch (Lynch) | 5 votes: a, b` (22083.jsonl post
    // 846).
    let candidate = candidate.trim_end_matches([' ', '|']);
    let candidate = clean(without_capital_remark(clean(without_remark(candidate))));
    if candidate.is_empty() || candidate.chars().count() > 40 {
        return None;
    }
    let voters = split_voters(rest);
    if sep.is_none() {
        // A bare name: a wagon with no votes, under a heading only (`[0] TheLonging`).
        let words = candidate.split_whitespace().count();
        if !headed || words > 4 || text.ends_with(['.', '!', '?']) {
            return None;
        }
    } else if !headed {
        // Without a heading, only a line shaped like a wagon: a bracketed count, or a bare
        // number with as many names after it (`Slaxx - 3 (Scumhunter, Jessa, Greymarble)`,
        // 17230.jsonl post 92), and short names on both sides (`I think (2) things: Bob is
        // scum` is prose).
        let short = |s: &str| s.split_whitespace().count() <= 4 && !s.contains([':', '!', '?']);
        // The last voter may carry the host's exclamation: `…, havingfitz LYNCH!!!`
        // (23438.jsonl post 1136).
        let voter_short = |v: &String| short(v.trim_end_matches('!'));
        // A bare number that opens the line numbers a list (`1. Bob (replacing Al)`); one
        // after the voters is part of a note (`firebringer - vanilla town- killed night 1`,
        // 63842.jsonl post 0).
        let number_first = rest.trim_start().starts_with(MARK)
            || sep.is_some_and(|(at, _)| body[at..].starts_with(MARK));
        let counted = marks.bracketed
            || (!counted_first
                && number_first
                && marks
                    .bare
                    .is_some_and(|n| n > 0 && n as usize == voters.len()));
        if !counted || !short(candidate) || !voters.iter().all(voter_short) {
            return None;
        }
    }
    Some(HostEntry {
        candidate: candidate.to_string(),
        voters,
        line,
        marked: marks.marked,
        separated: sep.is_some(),
        votes: marks.votes,
    })
}

/// A line with its count markers replaced by [`MARK`].
struct Marked {
    text: String,
    /// There was a marker.
    marked: bool,
    /// There was a bracketed marker (`(3)`, `[L-2]`), not only bare numbers.
    bracketed: bool,
    /// The first bracketed marker that gives a number of votes (`(3)`, `(3, L-1)`; a bare
    /// number may be part of a name, `Infinity 324`, or a list's numbering).
    votes: Option<u32>,
    /// The first bare number (`Slaxx - 3 (a, b, c)`), to be trusted only where the names
    /// after it are as many.
    bare: Option<u32>,
}

/// A line that is only a bracketed count marker: the `(L-1)` a host wraps below its wagon.
fn is_marker_only(text: &str) -> bool {
    let marks = mark_counts(text.trim());
    marks.bracketed && marks.text.trim_matches([MARK, ' ']).is_empty()
}

/// The text with each count marker replaced by [`MARK`]. A remark in brackets that opens the
/// line stands where the count would (`[LYNCH] Toto - a, b`, 68980.jsonl post 2576).
fn mark_counts(text: &str) -> Marked {
    let mut out = String::with_capacity(text.len());
    let mut marked = false;
    let mut bracketed = false;
    let mut votes = None;
    let mut bare = None;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some(close) = matching_close(c)
            && let Some(end) = rest.find(close)
            && (is_count(&rest[c.len_utf8()..end])
                || is_reached(&rest[c.len_utf8()..end])
                || (out.trim_matches([' ', MARK]).is_empty()
                    && is_remark(&rest[c.len_utf8()..end])))
        {
            out.push(MARK);
            marked = true;
            bracketed = true;
            votes = votes.or_else(|| leading_number(&rest[c.len_utf8()..end]));
            rest = &rest[end + close.len_utf8()..];
            continue;
        }
        let at_word_start = out.is_empty() || out.ends_with([' ', MARK]);
        if at_word_start {
            let word_end = rest.find(' ').unwrap_or(rest.len());
            let word = &rest[..word_end];
            if is_bare_count(word) {
                out.push(MARK);
                marked = true;
                bare = bare
                    .or_else(|| leading_number(word.trim_end_matches([':', ',', '.', ')', '('])));
                rest = &rest[word_end..];
                // The word after the number: `Common Man   2 votes: Kdub, knox` (22083.jsonl
                // post 591).
                if let Some(after) = rest
                    .strip_prefix(" votes")
                    .or_else(|| rest.strip_prefix(" vote"))
                    && (after.is_empty() || after.starts_with([':', ' ', ',']))
                {
                    rest = after;
                }
                continue;
            }
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    Marked {
        text: out,
        marked,
        bracketed,
        votes,
        bare,
    }
}

/// The number a bracket starts with, when a word boundary follows it (`3`, `3, L-1`,
/// `3 votes`; not `1.5`).
fn leading_number(inner: &str) -> Option<u32> {
    let inner = inner.trim();
    let end = inner
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(inner.len());
    let after = inner[end..].chars().next();
    if end == 0 || after.is_some_and(|c| !matches!(c, ',' | ' ' | ';')) {
        return None;
    }
    inner[..end].parse().ok()
}

fn matching_close(open: char) -> Option<char> {
    match open {
        '(' => Some(')'),
        '[' => Some(']'),
        _ => None,
    }
}

/// A bracket's content that counts votes: a number first (`3`, `3, L-1`, `3 votes`,
/// `3, majority`) or `L-n`.
/// A number joined to a word is a role's, not a count: `(1-shot cop)` in the host's
/// end-of-game action list (23438.jsonl post 1403).
fn is_count(inner: &str) -> bool {
    let inner = inner.trim();
    (inner.starts_with(|c: char| c.is_ascii_digit()) && !is_hyphenated_word(inner))
        || is_l_minus(inner)
}

/// A number joined by a hyphen to a word of two letters or more (`1-shot`, `2-day`), not a
/// count's `3-L`.
fn is_hyphenated_word(inner: &str) -> bool {
    let after = inner.trim_start_matches(|c: char| c.is_ascii_digit());
    let Some(word) = after.strip_prefix('-') else {
        return false;
    };
    word.chars().take_while(|c| c.is_ascii_alphabetic()).count() >= 2
}

/// A bracket in the place of a wagon's count saying the wagon reached its majority:
/// `[LYNCH ACHIEVED] gerryoat - a, b` (70230.jsonl post 673), `[HAMMERED]`.
fn is_reached(inner: &str) -> bool {
    let w = squeezed(inner);
    w == "lynchachieved" || matches!(w.as_str(), "lynched" | "hammered")
}

/// `L-2`, `L2`, `L - 2` (and `L+1`, past majority) at the start of `s`.
fn is_l_minus(s: &str) -> bool {
    let Some(rest) = s.strip_prefix(['L', 'l']) else {
        return false;
    };
    let rest = rest
        .trim_start()
        .trim_start_matches(['-', '+'])
        .trim_start();
    rest.starts_with(|c: char| c.is_ascii_digit())
}

/// A word that is only a number, or `L-n`: a table cell's count, `L-3 (4) Name`, a list
/// number (`1. don_johnson (0):`, and `x. No Lynch (2):` for the line with no slot number,
/// 18910.jsonl post 870), or a count typed before its empty brackets (`Radja 1() – a`,
/// 62339.jsonl post 1592).
fn is_bare_count(word: &str) -> bool {
    let w = word.trim_end_matches([':', ',', '.', ')']);
    let w = match w.strip_suffix('(') {
        Some(number) if word.contains("()") => number,
        _ => w,
    };
    let w = w.strip_prefix('N').filter(|r| is_l_minus(r)).unwrap_or(w); // NL-1, 68714/2165
    (!w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
        || word == "x."
        || (is_l_minus(w)
            && w.bytes()
                .skip(1)
                .all(|b| b == b'-' || b == b'+' || b.is_ascii_digit()))
}

/// Where the candidate ends: the first `:`, marker, or dash with a space on one side (so
/// `Naomi-Tan (1): x` keeps its name). Returns the separator's byte offset and length.
fn find_separator(s: &str) -> Option<(usize, usize)> {
    let mut prev = ' ';
    let mut chars = s.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let next = chars.peek().map(|&(_, n)| n);
        let spaced = prev == ' ' || next.is_none_or(|n| n == ' ');
        let is_sep = match c {
            ':' | MARK => true,
            '-' | '–' | '—' => spaced && i > 0,
            _ => false,
        };
        if is_sep {
            return Some((i, c.len_utf8()));
        }
        prev = c;
    }
    None
}

/// A name as written, without the punctuation and markers around it (`>>> Bob (2) Al, Cy <<<`,
/// the arrows a host puts around the wagon that reached its majority, 25003.jsonl post 843).
fn clean(s: &str) -> &str {
    s.trim_matches(|c: char| {
        c.is_whitespace()
            || c == MARK
            || matches!(
                c,
                '-' | '–' | '—' | ':' | ',' | '.' | '*' | '(' | ')' | '=' | '>' | '<' | '|'
            )
    })
}

/// A candidate without the host's bracketed remark after it: `No Lynch [LYNCH]`
/// (29844.jsonl post 1842), `Bob (hammered)`, `No Lynch (NO LYNCH)` (29423.jsonl post 2127).
fn without_remark(candidate: &str) -> &str {
    let candidate = candidate.trim_end();
    // A bracket the host never closes, its voters after the colon: `Screenplay [LYNCHED: a, b`
    // (71483.jsonl post 2196).
    if let Some(at) = candidate.rfind(['[', '('])
        && !candidate[at..].contains([']', ')'])
        && is_remark(&candidate[at + 1..])
    {
        return &candidate[..at];
    }
    let Some(inner) = candidate
        .strip_suffix([']', ')'])
        .and_then(|s| s.rfind(['[', '(']).map(|at| (at, &s[at + 1..])))
    else {
        return candidate;
    };
    let (at, inner) = inner;
    // `(1) (NO LYNCH) — Al` (62192.jsonl post 1025) is the no-lynch wagon itself, not a remark.
    if is_remark(inner) || (is_no_lynch_remark(inner) && !candidate[..at].trim().is_empty()) {
        &candidate[..at]
    } else {
        candidate
    }
}

/// `NO LYNCH` in brackets after the no-lynch wagon that reached its majority.
fn is_no_lynch_remark(inner: &str) -> bool {
    let w = squeezed(inner);
    w == "nolynch"
}

/// A wagon without the host's word in front of its name: `LYNCH (7) Kagesong - a, b`,
/// `(4) LYNCH! Lil Uzi Vert - a, b` (68482.jsonl posts 582, 1976). Only next to a count
/// and before a name: a player named Lynch stays.
fn without_leading_remark(body: &str, counted_first: bool) -> &str {
    let Some((first, rest)) = body.split_once(' ') else {
        return body;
    };
    let rest = rest.trim_start();
    let after = match rest.strip_prefix(MARK) {
        Some(after) => after.trim_start_matches([MARK, ' ']),
        None if counted_first => rest,
        None => return body,
    };
    if is_remark(first) && after.starts_with(char::is_alphanumeric) {
        after
    } else {
        body
    }
}

/// A candidate without a remark word in capitals before it: `[L-0] LYNCH Creature - [7] a, b`
/// (68714.jsonl post 1074, the day's final count).
fn without_capital_remark(candidate: &str) -> &str {
    match candidate.split_once(' ') {
        Some((first, rest))
            if is_remark(first)
                && first.chars().any(char::is_alphabetic)
                && !first.chars().any(char::is_lowercase)
                && !rest.trim().is_empty() =>
        {
            rest.trim_start()
        }
        _ => candidate,
    }
}

/// A remark as one word to compare: lower case, letters and digits only (`[LYNCH ACHIEVED]`
/// → `lynchachieved`, `No-Lynch` → `nolynch`).
pub(crate) fn squeezed(text: &str) -> String {
    text.to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect()
}

/// A word hosts write beside a wagon: after its last voter (`Shinobi LYNCH!`, `Bob (hammer)`)
/// or its candidate (`No Lynch [LYNCH]`).
pub(crate) fn is_remark(word: &str) -> bool {
    let w = squeezed(word);
    matches!(
        w.as_str(),
        "lynch" | "lynched" | "hammer" | "hammered" | "hammers" | "majority" | "locked"
    )
}

/// The pieces of a voter list: split at commas, semicolons, `&`, ` and `, ` / ` (62685.jsonl
/// post 350: `GrayFoxxxx / implosion`), markers, parentheses and brackets; empty pieces,
/// counts (`theplague42 -2 (a, b)`), BBCode tags left as text and `none` / `nobody`
/// dropped.
fn split_voters(rest: &str) -> Vec<String> {
    rest.replace(" and ", ",")
        .replace(" / ", ",")
        .split([',', ';', '&', '(', ')', '[', ']', MARK])
        .map(clean)
        .filter(|p| !p.is_empty() && !is_bare_count(p) && !is_stray_tag(p))
        .filter(|p| {
            !matches!(
                p.to_lowercase().as_str(),
                "none" | "nobody" | "no one" | "noone" | "n/a" | "everyone" | "everybody"
            )
        })
        .map(str::to_string)
        .collect()
}

/// A BBCode closing tag the forum left as text, `[/color]` (23438.jsonl post 1136: `Kimor (
/// 2 ) [/color](L - 4 ) mastin2, BBmolla`), standing where a voter would; the voter list is
/// split at brackets, so it comes as `/color`. A name in brackets, `Titus (1) [Ircher]`
/// (71675.jsonl post 8), `kondi2424 2 votes [Tajun] [Peabody]` (22083.jsonl post 26), is a
/// voter.
fn is_stray_tag(piece: &str) -> bool {
    piece
        .strip_prefix('/')
        .is_some_and(|name| !name.is_empty() && name.chars().all(|c| c.is_ascii_alphabetic()))
}

/// The host's "not voting" line: `Not Voting`, `Players not voting`, `Not voted`, `No vote`,
/// `Abstaining`.
fn is_not_voting(candidate: &str) -> bool {
    let lower = candidate.to_lowercase();
    let lower = lower.trim_end_matches(|c: char| !c.is_alphanumeric());
    lower.contains("not voting")
        || lower.contains("not voted")
        || lower.contains("non-voting")
        || lower.contains("nonvoters")
        || lower.contains("non-voters")
        || matches!(
            lower,
            "no vote"
                | "no votes"
                | "not votes"
                | "non voting"
                | "abstaining"
                | "abstain"
                | "unvoted"
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(c: &str, voters: &[&str]) -> (String, Vec<String>) {
        (c.into(), voters.iter().map(|v| v.to_string()).collect())
    }

    fn read(text: &str) -> Option<(String, Vec<String>)> {
        read_entry(text, 0, true).map(|e| (e.candidate, e.voters))
    }

    #[test]
    fn entry_forms() {
        assert_eq!(
            read("Bob (3) - Al, Cy, Di"),
            Some(entry("Bob", &["Al", "Cy", "Di"]))
        );
        assert_eq!(read("[3] Bob - Al, Cy"), Some(entry("Bob", &["Al", "Cy"])));
        assert_eq!(read("L-3 (4) Bob - Al"), Some(entry("Bob", &["Al"])));
        assert_eq!(read("Bob - 2 (Al, Cy)"), Some(entry("Bob", &["Al", "Cy"])));
        assert_eq!(
            read("Bob - Al, Cy (L-4)"),
            Some(entry("Bob", &["Al", "Cy"]))
        );
        assert_eq!(
            read("Bob [L-2] - Al, Cy"),
            Some(entry("Bob", &["Al", "Cy"]))
        );
        assert_eq!(read("Naomi-Tan (1): Al"), Some(entry("Naomi-Tan", &["Al"])));
        assert_eq!(
            read("Bob (3, L-1) — Al, Cy"),
            Some(entry("Bob", &["Al", "Cy"]))
        );
        assert_eq!(read("Bob 2 Al Cy"), Some(entry("Bob", &["Al Cy"])));
        assert_eq!(read("Bob (0) -"), Some(entry("Bob", &[])));
        // The wagon that reached its majority, the bracket left open (71483.jsonl post 2196).
        assert_eq!(
            read("Bob [LYNCHED: Al, Cy"),
            Some(entry("Bob", &["Al", "Cy"]))
        );
        assert_eq!(read("Bob -Al"), Some(entry("Bob", &["Al"])));
        assert_eq!(read("[0] Bob"), Some(entry("Bob", &[])));
        assert_eq!(read("3 Bob (Al, Cy)"), Some(entry("Bob", &["Al", "Cy"])));
        // A table of `name, L-n, votes, voters` (30562.jsonl post 1290).
        assert_eq!(read("Bob L+1 2 Al, Cy"), Some(entry("Bob", &["Al", "Cy"])));
        assert_eq!(read("1. Bob (0):"), Some(entry("Bob", &[])));
        assert_eq!(
            read("No Lynch [LYNCH] - Al, Cy"),
            Some(entry("No Lynch", &["Al", "Cy"]))
        );
        assert_eq!(
            read(">>> Bob (2) Al, Cy <<<"),
            Some(entry("Bob", &["Al", "Cy"]))
        );
        // The host's word in front of the count (68482.jsonl post 582).
        assert_eq!(
            read("LYNCH (7) Bob - Al, Cy"),
            Some(entry("Bob", &["Al", "Cy"]))
        );
        assert_eq!(
            read("(4) LYNCH! Bob - Al, Cy"),
            Some(entry("Bob", &["Al", "Cy"]))
        );
        assert_eq!(
            read("Lynch (2) - Al, Cy"),
            Some(entry("Lynch", &["Al", "Cy"]))
        );
        // The final count of a day that ended in a lynch (70230.jsonl post 673).
        assert_eq!(
            read("[LYNCH ACHIEVED] Bob - Al, Cy, Di"),
            Some(entry("Bob", &["Al", "Cy", "Di"]))
        );
        // The final count of a day that ended in no lynch (29423.jsonl post 2127).
        assert_eq!(
            read("No Lynch (NO LYNCH) - Al, Cy"),
            Some(entry("No Lynch", &["Al", "Cy"]))
        );
        assert_eq!(
            read("(1) (NO LYNCH) — Al"),
            Some(entry("NO LYNCH", &["Al"]))
        );
        assert_eq!(
            read("Bob - 3 - Al, Cy LYNCH!"),
            Some(entry("Bob", &["Al", "Cy LYNCH!"]))
        );
        // A remark in capitals before the candidate (68714.jsonl post 1074); a name that
        // begins with the word in other letters keeps it.
        assert_eq!(
            read("[L-0] LYNCH Bob - [7] Al, Cy"),
            Some(entry("Bob", &["Al", "Cy"]))
        );
        assert_eq!(
            read("Lynch Mob (1) - Al"),
            Some(entry("Lynch Mob", &["Al"]))
        );
        assert_eq!(read("Please point out any possible mistakes."), None);
        assert_eq!(read("With 13 alive, it takes 7 to lynch."), None);
        // Read as a wagon for "With": resolution finds no such player and drops it.
        assert_eq!(
            read("With 13 alive, it takes 7 to lynch").map(|e| e.0),
            Some("With".into())
        );
    }

    #[test]
    fn a_roles_shots_in_brackets_are_no_count() {
        // A host's list of night actions (23438.jsonl post 1403) is no count.
        let unheaded = |t: &str| read_entry(t, 0, false).map(|e| e.candidate);
        assert_eq!(
            unheaded("Slandaar (1-shot cop) investigates havingfitz (action failed)"),
            None
        );
        assert_eq!(unheaded("Bob (3-L) - Al, Cy"), Some("Bob".into()));
        assert_eq!(unheaded("Bob (3) - Al, Cy"), Some("Bob".into()));
    }

    #[test]
    fn the_hosts_number_of_votes() {
        let votes = |t: &str| read_entry(t, 0, true).and_then(|e| e.votes);
        assert_eq!(votes("Bob (3) - Al, Cy, Di"), Some(3));
        assert_eq!(votes("Bob (3, L-1) — Al, Cy, Di"), Some(3));
        assert_eq!(votes("L-3 (4) Bob - Al"), Some(4));
        assert_eq!(votes("Bob - 2 (Al, Cy)"), None);
        assert_eq!(votes("1. Bob (0):"), Some(0));
        assert_eq!(votes("Bob [L-2] - Al"), None);
        assert_eq!(votes("Bob - Al"), None);
    }

    #[test]
    fn unheaded_lines_need_a_marker() {
        assert!(read_entry("Bob - Al", 0, false).is_none());
        assert!(read_entry("Bob (1) - Al", 0, false).is_some());
        assert!(read_entry("Bob", 0, false).is_none());
    }

    #[test]
    fn the_day_a_heading_names() {
        assert_eq!(heading_day("Vote Count 2.3"), Some(2));
        assert_eq!(heading_day("VC 1.03"), Some(1));
        assert_eq!(heading_day("D3 Votecount #5"), Some(3));
        assert_eq!(heading_day("Day 4 Vote Count"), Some(4));
        assert_eq!(heading_day("Votecount 1.21"), Some(1));
        assert_eq!(heading_day("Official Vote Count"), None);
        assert_eq!(heading_day("Vote Count #7"), None);
        assert_eq!(heading_day("Game — vote count, Day 1"), Some(1));
    }

    #[test]
    fn headings() {
        assert!(is_heading("D3 Votecount #5"));
        assert!(is_heading("Vote Count 1.4"));
        assert!(is_heading("VC 1.03"));
        assert!(is_heading("VC1.02"));
        assert!(!is_heading("vcr tapes"));
        assert!(is_heading("Game — vote count, Day 1"));
        assert!(!is_heading("Vice count"));
    }
}
