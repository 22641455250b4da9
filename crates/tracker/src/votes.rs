//! Recognising votes in a player's post.
//!
//! Three syntaxes, selectable per game ([`VoteSyntax`]): the tracker bot's `##VOTE name` /
//! `##UNVOTE` / `##VOTE NO LYNCH`; the rule set's bolded `Vote: name` / `Unvote: name` /
//! `Unvote`; and a forum's vote tags, whose label (mafiascum's `VOTE: name`, `UNVOTE: `) is
//! the verb. Lines that look like votes but do not count (unbolded `Vote:`, `V:`/`UV:`) are
//! returned too, with a verdict saying why, for the GM review list; text in a counted vote
//! tag is the tag's alone (never also an unbolded or a bold vote).
//!
//! Names are resolved against the current slot holders and their aliases: exact
//! (case-insensitive) first, then a unique near miss (accepted with a warning).
//!
//! The words of votes are data: [`VoteWords`] (see [`crate::vocabulary`]).

use mafia_posts::{Body, Line, Span, SpanKind};
use serde::{Deserialize, Serialize};

use crate::config::VoteSyntax;
use crate::vocabulary::VoteWords;

mod roster;

use roster::clean_name;
pub use roster::{Resolution, Roster};

/// What a vote asks for.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// A player slot, by index into the tracker's slots.
    Slot(usize),
    NoLynch,
}

/// One vote-like mark in a post.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoteMark {
    /// Index of the line in the post body.
    pub line: usize,
    /// The text as written (the vote itself, not the whole line).
    pub raw: String,
    pub verdict: Verdict,
}

/// How a vote-like mark was read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "verdict")]
pub enum Verdict {
    /// A vote for a name that matched exactly (or an alias).
    Vote { target: Target },
    /// A vote for a unique near miss of a name: counted, with a warning.
    NearMiss { target: Target, written: String },
    /// An unvote (with or without a name).
    Unvote,
    /// A vote whose name matches several players.
    Ambiguous {
        written: String,
        candidates: Vec<usize>,
    },
    /// A vote whose name matches nobody.
    Unknown { written: String },
    /// Looks like a vote but does not count under the game's rules (unbolded, `V:`…).
    NotCounted { reason: String },
}

impl Verdict {
    /// Whether this mark changes the voter's vote.
    pub fn counts(&self) -> bool {
        matches!(
            self,
            Verdict::Vote { .. } | Verdict::NearMiss { .. } | Verdict::Unvote
        )
    }
}

/// Finds every vote-like mark in a post body, in line order, in the standard vote words
/// ([`VoteWords::STANDARD`]).
pub fn recognise(body: &Body, syntaxes: &[VoteSyntax], roster: &Roster) -> Vec<VoteMark> {
    recognise_with(body, syntaxes, roster, &VoteWords::STANDARD)
}

/// Finds every vote-like mark in a post body, in line order, with votes written in `vocab`.
pub fn recognise_with(
    body: &Body,
    syntaxes: &[VoteSyntax],
    roster: &Roster,
    vocab: &VoteWords,
) -> Vec<VoteMark> {
    let mut marks = Vec::new();
    for (index, line) in body.lines.iter().enumerate() {
        if syntaxes.contains(&VoteSyntax::Bot) {
            bot_votes(vocab, index, line, roster, &mut marks);
        }
        if syntaxes.contains(&VoteSyntax::Bold) {
            let counts = Counts {
                tags: syntaxes.contains(&VoteSyntax::Tag),
                bot: syntaxes.contains(&VoteSyntax::Bot),
            };
            bold_votes(vocab, index, line, roster, counts, &mut marks);
        }
        if syntaxes.contains(&VoteSyntax::Tag) {
            for span in line.spans.iter().filter(|s| s.kind == SpanKind::VoteTag) {
                let Some(text) = unstruck(line, span.range.clone()) else {
                    continue;
                };
                let raw = text.trim();
                marks.push(VoteMark {
                    line: index,
                    raw: raw.to_string(),
                    verdict: tag_verdict(vocab, raw, roster),
                });
            }
        }
    }
    marks
}

/// The verdict for a vote tag's text. A forum may write the tag's label inside it
/// (mafiascum: `VOTE: Bob`, `UNVOTE: `): the label is the verb, and a vote label with a colon
/// may repeat (`VOTE: Vote: Bob`, a bold vote written inside the tag). An empty tag or an unvote label
/// unvotes; a vote label with no name after it does not count; text without a label is the
/// name.
fn tag_verdict(vocab: &VoteWords, text: &str, roster: &Roster) -> Verdict {
    let mut rest = text.trim();
    let mut labelled = false;
    loop {
        if rest.is_empty() {
            return if labelled {
                Verdict::NotCounted {
                    reason: "a vote tag without a name".into(),
                }
            } else {
                Verdict::Unvote
            };
        }
        if vocab
            .tag_unvote
            .iter()
            .any(|label| strip_label(rest, label).is_some())
        {
            return Verdict::Unvote;
        }
        // A label word without a colon may be a name's first word: "VOTE: Vote Master" names
        // the player Vote Master when there is one ("VOTE: Vote Elyse" votes for Elyse).
        match vocab.tag_vote.iter().find_map(|label| {
            strip_label(rest, label).filter(|_| {
                has_colon(rest, label) || !matches!(roster.resolve(rest), Resolution::Exact(_))
            })
        }) {
            Some(after) => {
                rest = after;
                labelled = true;
            }
            None => break,
        }
    }
    vote_for(vocab, rest, roster)
}

/// `text` after a label word (any case) that ends there: followed by a colon, a space, `.`,
/// `!`, `,`, `;` or nothing; the colon and spaces after it removed. Bold unvotes and tag labels.
fn strip_label<'a>(text: &'a str, label: &str) -> Option<&'a str> {
    let after = strip_prefix_ci(text, label)?;
    if after.is_empty() || after.starts_with([':', ' ', '.', '!', ',', ';']) {
        let after = after.trim_start();
        Some(after.strip_prefix(':').unwrap_or(after).trim_start())
    } else {
        None
    }
}

/// Whether `text`, which starts with `label`, has a colon after it (spaces aside).
fn has_colon(text: &str, label: &str) -> bool {
    text.get(label.len()..)
        .is_some_and(|after| after.trim_start().starts_with(':'))
}

/// The verdict for a vote naming `written`.
fn vote_for(vocab: &VoteWords, written: &str, roster: &Roster) -> Verdict {
    // `VOTE: hito[/unvote]`, `Vote: Empking[/vote`, `Transcend[\v]`: BBCode the forum left
    // as text ends the name.
    let written = before_stray_close(written);
    // `[vote]Unvote[/unvote]`: an unvote written where the name goes.
    if vocab
        .unvote
        .iter()
        .any(|un| strip_label(written.trim_start(), un).is_some())
    {
        return Verdict::Unvote;
    }
    let cleaned = clean_name(written);
    let lower = cleaned.to_lowercase();
    if vocab.no_lynch.contains(&lower.as_str()) {
        return Verdict::Vote {
            target: Target::NoLynch,
        };
    }
    let resolution = roster.resolve(&cleaned);
    if !matches!(resolution, Resolution::Exact(_)) && vocab.no_lynch_short.contains(&lower.as_str())
    {
        return Verdict::Vote {
            target: Target::NoLynch,
        };
    }
    if !matches!(resolution, Resolution::Exact(_)) && vocab.self_vote.contains(&lower.as_str()) {
        // `VOTE: Me`: whose vote it is, the post's author says ([`own_vote`]), not a near miss
        // (`me` is the first word of Me=Weird).
        return Verdict::Unknown { written: cleaned };
    }
    match resolution {
        Resolution::Exact(slot) => Verdict::Vote {
            target: Target::Slot(slot),
        },
        Resolution::Near(slot) => Verdict::NearMiss {
            target: Target::Slot(slot),
            written: cleaned,
        },
        Resolution::Ambiguous(candidates) => Verdict::Ambiguous {
            written: cleaned,
            candidates,
        },
        Resolution::Unknown => Verdict::Unknown { written: cleaned },
    }
}

/// `written` up to BBCode the forum left as text (`hito[/unvote]`, `Transcend[\\v]`).
fn before_stray_close(written: &str) -> &str {
    ["[/", "[\\"]
        .iter()
        .filter_map(|close| written.find(close))
        .min()
        .and_then(|at| written.get(..at))
        .unwrap_or(written)
}

/// The vote a mark casts for its own voter when it names the voter as [`VoteWords::self_vote`]
/// does (`VOTE: Me`, as mafiascum players write it; thread 71675, post 1166): a vote for
/// `voter`'s slot. `None` for any other mark.
pub fn own_vote(verdict: &Verdict, voter: usize) -> Option<Verdict> {
    match verdict {
        Verdict::Unknown { written }
            if VoteWords::STANDARD
                .self_vote
                .iter()
                .any(|w| written.eq_ignore_ascii_case(w)) =>
        {
            Some(Verdict::Vote {
                target: Target::Slot(voter),
            })
        }
        _ => None,
    }
}

/// What a mark that does not count would cast if the host counted it (a host may: "I'll count
/// the vote, but in the future, please try to bold all votes", mafiascum 58383 post 206 on
/// post 205's unbolded `Vote: Espressojet`): its text read as a bold vote would be (`V:` as
/// `Vote:`, `UV:` as `Unvote`, an unvote followed by a vote as the vote). `None` when the text
/// names nobody (`Vote:` alone) or does not start like a vote.
pub(crate) fn as_if_counted(raw: &str, roster: &Roster) -> Option<AsCounted> {
    let vocab = &VoteWords::STANDARD;
    let text = raw.trim().trim_start_matches('#').trim_start();
    let named = |name: &str| {
        let name = before_stray_close(name);
        let verdict = vote_for(vocab, name, roster);
        let alone = match &verdict {
            Verdict::Vote {
                target: Target::Slot(slot),
            } => roster.names_only(name) == Some(*slot),
            _ => true,
        };
        (!name.trim().is_empty()).then_some(AsCounted { verdict, alone })
    };
    let unvote = |rest: &str| {
        let rest = before_stray_close(rest);
        Some(AsCounted {
            verdict: Verdict::Unvote,
            alone: clean_name(rest).is_empty() || roster.names_only(rest).is_some(),
        })
    };
    match lead(vocab, text)? {
        Lead::Vote(name) => named(name),
        Lead::Unvote => match vote_after_unvote(vocab, text) {
            Some(at) => as_if_counted(text.get(at..)?, roster),
            None => {
                let label = vocab.unvote.iter().find_map(|un| strip_label(text, un))?;
                unvote(label)
            }
        },
        Lead::Short => {
            let (label, after) = vocab
                .short
                .iter()
                .find_map(|short| Some((*short, strip_prefix_ci(text, short)?)))?;
            if label.starts_with(['u', 'U']) {
                unvote(after)
            } else {
                named(after)
            }
        }
    }
}

/// [`as_if_counted`]'s reading of a mark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AsCounted {
    pub verdict: Verdict,
    /// The mark is the vote alone: its name (or an unvote's) is all the text after the vote
    /// word (`Vote: Espressojet.`), where `Vote Peabody with me, then.` goes on.
    pub alone: bool,
}

/// The byte offset of the next `##` at or after `from` (a char boundary: `#` is ASCII).
fn find_hashes(text: &str, from: usize) -> Option<usize> {
    let bytes = text.as_bytes().get(from..)?;
    bytes.windows(2).position(|w| w == b"##").map(|i| from + i)
}

/// The text of `range` in `line` without its struck-through parts (players strike an old
/// vote when they change it: `<s>Vote: Alice</s> Vote: Bob`); `None` when all of it is struck
/// (or the range is not in the line). Borrowed, with no allocation, when nothing in it is struck.
fn unstruck(line: &Line, range: std::ops::Range<usize>) -> Option<std::borrow::Cow<'_, str>> {
    let text = line.text.get(range.clone())?;
    let struck = |s: &&Span| {
        s.kind == SpanKind::Struck && s.range.start < range.end && range.start < s.range.end
    };
    if text.is_empty() || !line.spans.iter().any(|s| struck(&s)) {
        return Some(std::borrow::Cow::Borrowed(text));
    }
    let mut kept = String::new();
    let mut at = range.start;
    for span in line.spans.iter().filter(struck) {
        if span.range.start > at {
            kept.push_str(line.text.get(at..span.range.start).unwrap_or(""));
            kept.push(' ');
        }
        at = at.max(span.range.end);
    }
    if at < range.end {
        kept.push_str(line.text.get(at..range.end).unwrap_or(""));
    }
    let kept = kept.split_whitespace().collect::<Vec<_>>().join(" ");
    (!kept.is_empty()).then_some(std::borrow::Cow::Owned(kept))
}

/// `##VOTE name`, `##UNVOTE`, `##VOTE NO LYNCH`: the name is the rest of the line (up to the
/// next `##`).
fn bot_votes(
    vocab: &VoteWords,
    index: usize,
    line: &Line,
    roster: &Roster,
    marks: &mut Vec<VoteMark>,
) {
    let text = &line.text;
    let mut from = 0;
    while let Some(at) = find_hashes(text, from) {
        let rest = text.get(at + 2..).unwrap_or("");
        let end = find_hashes(rest, 0).unwrap_or(rest.len());
        let written_command = rest.get(..end).unwrap_or("");
        from = at + 2 + end;
        if unstruck(line, at..at + 2).is_none() {
            // `<s>##vote Alice</s>`: taken back.
            continue;
        }
        let raw = format!("##{}", written_command.trim_end());
        // `## Vote: no lynch`: a space after the hashes is a slip, not another command.
        let command = written_command.trim_start();
        if strip_prefix_ci(command, vocab.bot_unvote).is_some() {
            marks.push(VoteMark {
                line: index,
                raw,
                verdict: Verdict::Unvote,
            });
        } else if let Some(after) = strip_prefix_ci(command, vocab.bot_vote) {
            let written = after.trim_start_matches(':');
            let verdict = if written.trim().is_empty() {
                Verdict::NotCounted {
                    reason: "##VOTE without a name".into(),
                }
            } else {
                vote_for(vocab, written, roster)
            };
            marks.push(VoteMark {
                line: index,
                raw,
                verdict,
            });
        }
    }
}

/// What a piece of text says, if it starts like a vote.
enum Lead<'a> {
    Vote(&'a str),
    Unvote,
    Short,
}

/// Reads `Vote: name` (or `Vote; name`, [`VoteWords::colons`]), `Vote name`, `Unvote: name`, `Un vote`, `V: name`, `UV: name` at the
/// start of `text`.
fn lead<'a>(vocab: &VoteWords, text: &'a str) -> Option<Lead<'a>> {
    let t = text.trim_start();
    if !vocab.may_lead_with(*t.as_bytes().first()?) {
        return None;
    }
    if vocab.unvote.iter().any(|un| strip_label(t, un).is_some()) {
        return Some(Lead::Unvote);
    }
    if let Some(after) = strip_prefix_ci(t, vocab.vote) {
        if let Some(rest) = after.strip_prefix(vocab.colons) {
            return Some(Lead::Vote(rest));
        }
        if after.starts_with(' ') {
            return Some(Lead::Vote(after));
        }
        return None;
    }
    for short in vocab.short {
        if strip_prefix_ci(t, short).is_some() {
            return Some(Lead::Short);
        }
    }
    None
}

/// Where a vote starts in an unvote's text (`text` starts with the unvote word): the vote
/// word after the unvote and at most [`VoteWords::unvote_name_words`] words of the name it
/// takes back (`Unvote. Vote: X`, `UNVOTE VOTE X`, `Unvote: Bob, vote Carol`), as a byte
/// offset into `text`.
fn vote_after_unvote(vocab: &VoteWords, text: &str) -> Option<usize> {
    let label = vocab
        .unvote
        .iter()
        .find(|un| strip_label(text, un).is_some())?;
    let mut words = 0;
    let mut prev: Option<char> = None;
    for (at, c) in text.char_indices().skip(label.len()) {
        let starts_word = c.is_alphanumeric() && !prev.is_some_and(char::is_alphanumeric);
        prev = Some(c);
        if !starts_word {
            continue;
        }
        words += 1;
        let rest = text.get(at..)?;
        if let Some(after) = strip_prefix_ci(rest, vocab.vote) {
            if after.starts_with(vocab.colons) || after.starts_with(char::is_whitespace) {
                return Some(at);
            }
        }
        if words > vocab.unvote_name_words {
            return None;
        }
    }
    None
}

/// A bold run's text without an opening bracket that nothing closes, a broken BBCode tag's
/// leftover (`[Unvote, Vote:ThAdmiral` in bold, 24640 post 428, counted by its host).
fn without_stray_bracket(text: &str) -> &str {
    match text.trim_start().strip_prefix('[') {
        Some(rest) if !rest.contains(']') => rest,
        _ => text,
    }
}

/// A bold run's text without a chat command's slash before the verb: `/vote Venrob`,
/// `/unvote` (23438 posts 4, 165, 287, counted by the host, MattP's counts 27, 175, 341).
fn without_slash(text: &str) -> &str {
    let t = text.trim_start();
    t.strip_prefix('/').unwrap_or(t)
}

/// `text` without an ASCII `prefix` matched case-insensitively.
fn strip_prefix_ci<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.as_bytes().get(..prefix.len())?;
    if head.eq_ignore_ascii_case(prefix.as_bytes()) {
        // The prefix is ASCII, so its end is a char boundary.
        text.get(prefix.len()..)
    } else {
        None
    }
}

/// Which other syntaxes the game counts beside bold votes.
#[derive(Debug, Clone, Copy)]
struct Counts {
    /// Vote tags: text in a tag is the tag's to read.
    tags: bool,
    /// The bot's `##vote`: a bold `##vote` is that syntax's, read once.
    bot: bool,
}

/// Bolded `Vote: name` / `Unvote`; unbolded ones and `V:`/`UV:` are flagged as not counting.
/// When the game counts vote tags (`tags_count`), text in a vote tag is the tag's to read: a
/// bold run inside or around a tag is not read again, and a line that opens with a tag is not
/// an unbolded vote.
fn bold_votes(
    vocab: &VoteWords,
    index: usize,
    line: &Line,
    roster: &Roster,
    counts: Counts,
    marks: &mut Vec<VoteMark>,
) {
    let tags_count = counts.tags;
    let in_tag = |range: &std::ops::Range<usize>| {
        tags_count
            && line.spans.iter().any(|s| {
                s.kind == SpanKind::VoteTag
                    && s.range.start < range.end
                    && range.start < s.range.end
            })
    };
    let mut bold_found = false;
    for span in line.spans.iter().filter(|s| s.kind == SpanKind::Bold) {
        let Some(text) = unstruck(line, span.range.clone()) else {
            // Struck through: an old vote the player took back.
            bold_found = true;
            continue;
        };
        let text = text.as_ref();
        // A bold `##Vote: X` / `##Unvote:` where the bot syntax does not count: the hashes
        // are that syntax's habit, the bold run a vote (22540 posts 550, 667: its host counts
        // them).
        let text = if counts.bot {
            text
        } else {
            text.trim_start().trim_start_matches('#')
        };
        let text = without_slash(without_stray_bracket(text));
        if in_tag(&span.range) {
            // Whatever the run says, the tag around it says it (or it is the tag's own text).
            bold_found |= lead(vocab, text).is_some();
            continue;
        }
        if lead(vocab, text).is_none() {
            continue;
        }
        bold_found = true;
        // One run may unvote and vote: `Unvote. Vote: X`, `UNVOTE VOTE X`, `Unvote Bob, vote
        // Carol`. Each part is a mark of its own, the vote last.
        let mut rest = text.trim();
        while let Some(lead) = lead(vocab, rest) {
            let (raw, next) = match lead {
                Lead::Unvote => match vote_after_unvote(vocab, rest) {
                    Some(at) => (rest.get(..at).unwrap_or(rest).trim(), rest.get(at..)),
                    None => (rest, None),
                },
                _ => (rest, None),
            };
            let verdict = match lead {
                Lead::Unvote => Verdict::Unvote,
                Lead::Vote(name) => {
                    // `**Vote:** Dredd`: the name may follow the bold word on the same line.
                    let after;
                    let name = if name.trim().is_empty() {
                        after = unstruck(line, span.range.end..line.text.len()).unwrap_or_default();
                        after.as_ref()
                    } else {
                        name
                    };
                    if name.trim().is_empty() {
                        Verdict::NotCounted {
                            reason: "Vote: without a name".into(),
                        }
                    } else {
                        vote_for(vocab, name, roster)
                    }
                }
                Lead::Short => Verdict::NotCounted {
                    reason: "`V:`/`UV:` is not enough (the whole word Vote or Unvote is needed)"
                        .into(),
                },
            };
            marks.push(VoteMark {
                line: index,
                raw: raw.to_string(),
                verdict,
            });
            match next {
                Some(next) => rest = next,
                None => break,
            }
        }
    }
    if bold_found || in_tag(&(0..1)) || unstruck(line, 0..1).is_none() {
        return;
    }
    // Not bolded: flag lines that start like a vote.
    if let Some(lead) = lead(vocab, &line.text) {
        let reason = match lead {
            Lead::Short => {
                "`V:`/`UV:` is not enough (the whole word Vote or Unvote is needed, in bold)"
            }
            _ => "it is not bolded (votes and unvotes must be bold to count)",
        };
        marks.push(VoteMark {
            line: index,
            raw: line.text.trim().to_string(),
            verdict: Verdict::NotCounted {
                reason: reason.into(),
            },
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roster() -> Roster {
        let mut r = Roster::new();
        for (i, n) in ["Dredd", "Alice", "Bob the Builder", "Albert"]
            .iter()
            .enumerate()
        {
            r.add(i, n);
        }
        r.add(1, "Ali");
        r
    }

    fn bot_marks(text: &str) -> Vec<Verdict> {
        let body = Body {
            lines: vec![Line::plain(text)],
        };
        recognise(&body, &[VoteSyntax::Bot], &roster())
            .into_iter()
            .map(|m| m.verdict)
            .collect()
    }

    #[test]
    fn a_space_after_the_hashes_still_votes() {
        // Student Mafia V, post 1892: `## Vote: no lynch`, counted by the host.
        assert_eq!(
            bot_marks("## Vote: no lynch"),
            [Verdict::Vote {
                target: Target::NoLynch
            }]
        );
        assert_eq!(bot_marks("##  unvote"), [Verdict::Unvote]);
        assert_eq!(
            bot_marks("## vote Dredd"),
            [Verdict::Vote {
                target: Target::Slot(0)
            }]
        );
        // A hashtag-like `## 1` is no vote.
        assert_eq!(bot_marks("## 1 reason"), []);
    }

    #[test]
    fn exact_alias_and_multiword_names_resolve() {
        let r = roster();
        assert_eq!(r.resolve("dredd"), Resolution::Exact(0));
        assert_eq!(r.resolve("ALI"), Resolution::Exact(1));
        assert_eq!(
            r.resolve("Bob the Builder, he is scum"),
            Resolution::Exact(2)
        );
    }

    #[test]
    fn near_misses_are_unique_or_ambiguous() {
        let r = roster();
        assert_eq!(r.resolve("Dred"), Resolution::Near(0));
        assert_eq!(r.resolve("Alcie"), Resolution::Near(1));
        // "Alb" is a prefix of Albert and one letter from the alias Ali.
        assert_eq!(r.resolve("Alb"), Resolution::Ambiguous(vec![1, 3]));
        assert_eq!(r.resolve("Zed"), Resolution::Unknown);
    }
}
