//! Phases: announcements ("It is now Day 2", "Night 1 has begun", a bold "Day 2" heading),
//! `DAY … HAS ENDED EARLY` and the 2016 dialect's `DAY|NIGHT … HAS BEGUN|HAS ENDED`. Methods
//! of the line reader of [`super::Recogniser`].

use mafia_posts::Line;

use super::text::{self, Folded, Word, ends_sentence, is_bold_alone, only_punctuation};
use super::{Command, Dialect, Reader};
use crate::phase::{Phase, PhaseKind};
use crate::vocabulary::CommandWords;

impl Reader<'_> {
    /// `DAY … HAS ENDED EARLY` / `NIGHT … HAS ENDED EARLY`, alone on the line.
    pub(super) fn end_early(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) -> bool {
        let lower = folded.lower();
        let [has, ended, early] = self.vocab.ended_early;
        let Some(at) = text::find_seq(words, lower, &[ended, early], 0) else {
            return false;
        };
        let kind = words
            .first()
            .and_then(|w| self.vocab.phase_kind(w.text(lower)));
        let ends_with_phrase = at >= 2 && at + 2 == words.len() && words[at - 1].text(lower) == has;
        let starts_with_kind = kind.is_some()
            && words
                .first()
                .is_some_and(|w| lower.get(..w.start).is_some_and(only_punctuation));
        let ends_clean = words
            .last()
            .is_some_and(|w| lower.get(w.end..).is_some_and(only_punctuation));
        match kind {
            Some(kind) if ends_with_phrase && starts_with_kind && ends_clean => {
                self.push(Command::EndEarly { kind }, index, line);
            }
            _ => self.problem(
                index,
                line,
                "expected `Day … has ended early` or `Night … has ended early` and no other \
                 text on the line",
            ),
        }
        true
    }

    /// 2016 dialect: `DAY|NIGHT … HAS BEGUN|HAS ENDED`.
    pub(super) fn phase_change_2016(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) -> bool {
        let lower = folded.lower();
        let (has, verbs) = self.vocab.phase_change_2016;
        for (at, pair) in words.windows(2).enumerate() {
            if pair[0].text(lower) != has {
                continue;
            }
            let verb = pair[1].text(lower);
            let Some(&(_, begun)) = verbs.iter().find(|(v, _)| *v == verb) else {
                continue;
            };
            let kind = words[..at]
                .iter()
                .rev()
                .find_map(|w| self.vocab.phase_kind(w.text(lower)));
            match kind {
                Some(kind) => {
                    self.push(Command::PhaseChange2016 { kind, begun }, index, line);
                    return true;
                }
                None => continue,
            }
        }
        false
    }

    /// Phase announcements: "It is now Day 2", "Night 1 has begun", a bold "Day 2" heading;
    /// ends ("Day 2 has ended", "Night 1 is over, Day 2 starts") and phases without a number
    /// ("It is now night.", "Night has fallen"). Each sentence, and each clause after a comma
    /// or "and" whose verb ends it ("And with that, Night 1 begins."), is read.
    pub(super) fn announce(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) {
        let lower = folded.lower();
        let mut heard = Vec::new();
        let alone = self.only_line == Some(index)
            || is_bold_alone(line, folded, words)
            || (self.lone_heading && text::is_alone(folded, words));
        if words.len() == 2
            && alone
            && let Some(phase) = phase_at(self.vocab, words, lower, 0)
        {
            heard.push(Heard::Begins(phase));
        }
        if heard.is_empty() {
            let breaks = text::sentence_breaks(lower, &[]);
            for at in 0..words.len() {
                let sentence = at == 0 || {
                    let k = breaks.partition_point(|&b| b <= words[at - 1].end);
                    breaks.get(k).is_some_and(|&b| b <= words[at].start)
                };
                let clause = !sentence && opens_clause(self.vocab, words, lower, at);
                if !sentence && !clause {
                    continue;
                }
                let found = announcement_at(self.vocab, words, lower, at, self.dialect, clause);
                if let Some(found) = found
                    && !heard.contains(&found)
                {
                    heard.push(found);
                }
            }
        }
        if heard.is_empty()
            && let Some(found) = died_last_night(self.vocab, words, lower)
        {
            heard.push(found);
        }
        // "Night 1 has ended. Day 2 has begun.": the announcement says it all.
        if heard.iter().any(|h| matches!(h, Heard::Begins(_))) {
            heard.retain(|h| matches!(h, Heard::Begins(_)));
        }
        for found in heard {
            let command = match found {
                Heard::Begins(phase) => {
                    if self.announced.contains(&phase) {
                        continue;
                    }
                    self.announced.push(phase);
                    Command::Announce { phase }
                }
                Heard::Over(phase) => Command::PhaseOver { phase },
                Heard::Kind(kind, begun) => Command::AnnounceKind { kind, begun },
                Heard::Running(phase) => Command::PhaseRunning { phase },
            };
            self.push(command, index, line);
        }
    }
}

/// What a sentence says about phases.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Heard {
    /// "Day 2 begins".
    Begins(Phase),
    /// "Day 2 has ended".
    Over(Phase),
    /// "It is now night" (true), "Night is over" (false).
    Kind(PhaseKind, bool),
    /// "Day 2 ends in …", "Votecount of Day 2": Day 2 is running.
    Running(Phase),
}

/// Whether word `at` opens a clause inside a sentence: after a comma or `&`, or after a
/// joining word ("and", "so").
fn opens_clause(vocab: &CommandWords, words: &[Word], lower: &str, at: usize) -> bool {
    if at == 0 {
        return false;
    }
    let gap = lower.get(words[at - 1].end..words[at].start).unwrap_or("");
    gap.contains([',', '&']) || vocab.clause_openers.contains(&words[at - 1].text(lower))
}

/// `Day N` / `Night N` starting at word `at`.
pub(super) fn phase_at(
    vocab: &CommandWords,
    words: &[Word],
    lower: &str,
    at: usize,
) -> Option<Phase> {
    let kind = vocab.phase_kind(words.get(at)?.text(lower))?;
    let number = vocab.phase_number(words.get(at + 1)?.text(lower))?;
    Some(Phase { kind, number })
}

/// `Day N`, `Night Two`, or `D2` / `N1` (one word), starting at word `at`; and the number
/// of words it takes.
fn phase_words(
    vocab: &CommandWords,
    words: &[Word],
    lower: &str,
    at: usize,
) -> Option<(Phase, usize)> {
    if let Some(phase) = phase_at(vocab, words, lower, at) {
        return Some((phase, 2));
    }
    let word = words.get(at)?.text(lower);
    vocab.phase_abbreviation(word).map(|phase| (phase, 1))
}

/// "Nobody died Night 3." (Night 3 is over), "No one was killed.", "Nobody died last night"
/// (the night is over): the night's result opening its sentence or clause, followed by the
/// night it names or by the end of the clause; hosts tell it in the post that opens the day.
/// Said during a day it restates the night before, which the fold ignores.
fn no_death_at(vocab: &CommandWords, words: &[Word], lower: &str, at: usize) -> Option<Heard> {
    let phrase = vocab
        .no_death
        .iter()
        .find(|p| text::seq_at(words, lower, p, at))?;
    let next = at + phrase.len();
    if let Some((phase, _)) = phase_words(vocab, words, lower, next).or_else(|| {
        phase_words(vocab, words, lower, next + 1)
            .filter(|_| vocab.phase_links.contains(&words[next].text(lower)))
    }) {
        return (phase.kind == PhaseKind::Night).then_some(Heard::Over(phase));
    }
    let night = vocab
        .last_night
        .iter()
        .find(|p| text::seq_at(words, lower, p, next))
        .map_or(0, |p| p.len());
    let last = next + night - 1;
    let clause_ends = match words.get(last + 1) {
        None => true,
        Some(after) => lower
            .get(words[last].end..after.start)
            .is_some_and(|gap| gap.contains(['.', '!', '?', ',', ';', ':'])),
    };
    clause_ends.then_some(Heard::Kind(PhaseKind::Night, false))
}

/// "triangle123 died last night.", "Haze has been killed during the night.", "2 players died
/// last night!": a death word followed by the night it happened in, said as past, ending its
/// clause: the night is over (21920 post 1795, 21340 post 1056, 63250 post 312, 65286 post
/// 1334: 30 lines of the corpus, each in a post that opens a day).
fn died_last_night(vocab: &CommandWords, words: &[Word], lower: &str) -> Option<Heard> {
    (1..words.len()).find_map(|at| {
        if !vocab
            .unread_death_words
            .contains(&words[at - 1].text(lower))
        {
            return None;
        }
        let night = vocab
            .last_night
            .iter()
            .find(|p| text::seq_at(words, lower, p, at))?;
        let last = at + night.len() - 1;
        let clause_ends = match words.get(last + 1) {
            None => true,
            Some(after) => lower
                .get(words[last].end..after.start)
                .is_some_and(|gap| gap.contains(['.', '!', '?', ',', ';', ':'])),
        };
        clause_ends.then_some(Heard::Kind(PhaseKind::Night, false))
    })
}

/// "No lynch occurred Day 4." (Day 4 is over), "No Lynch has been Lynched." (the day is
/// over): the day's result opening its sentence, followed by the day it names or by the end
/// of the sentence. Said during a night it restates the day before, which the fold ignores.
fn no_lynch_at(vocab: &CommandWords, words: &[Word], lower: &str, at: usize) -> Option<Heard> {
    let (no, lynch) = (words.get(at)?.text(lower), words.get(at + 1)?.text(lower));
    let opens = matches!((no, lynch), ("no", "lynch") | ("nolynch", _));
    if !opens {
        return None;
    }
    let next = if no == "nolynch" { at + 1 } else { at + 2 };
    let over = vocab
        .no_lynch_over
        .iter()
        .find(|p| text::seq_at(words, lower, p, next))?;
    let last = next + over.len() - 1;
    let link = usize::from(
        words
            .get(last + 1)
            .is_some_and(|w| vocab.phase_links.contains(&w.text(lower))),
    );
    if let Some((phase, width)) = phase_words(vocab, words, lower, last + 1 + link) {
        let ends = ends_sentence(words, lower, last + link + width);
        return (phase.kind == PhaseKind::Day && ends).then_some(Heard::Over(phase));
    }
    ends_sentence(words, lower, last).then_some(Heard::Kind(PhaseKind::Day, false))
}

/// A sentence (or, with `clause`, a clause whose verb ends it) announcing a phase, starting
/// at word `at`.
fn announcement_at(
    vocab: &CommandWords,
    words: &[Word],
    lower: &str,
    at: usize,
    dialect: Dialect,
    clause: bool,
) -> Option<Heard> {
    let word = |i: usize| words.get(i).map(|w| w.text(lower));
    let is_in = |i: usize, list: &[&str]| word(i).is_some_and(|w| list.contains(&w));
    // "It is (now) Day 2", "It's (now) Day 2", "It is currently day 1" (MTG Salvation), "It
    // is now night." (18365 post 821), "It is now D6." (29423 post 2171).
    let (it, is) = vocab.it_is;
    if word(at) == Some(it) && is_in(at + 1, is) {
        let mut i = at + 2;
        if is_in(i, vocab.it_is_now) {
            i += 1;
        }
        if let Some((phase, _)) = phase_words(vocab, words, lower, i) {
            return Some(Heard::Begins(phase));
        }
        // Without a number, only "now" says the phase is new ("it is night and …" may be a
        // story), and the phase word ends its clause.
        let kind = vocab.phase_kind(word(i)?)?;
        let now = i > at + 2;
        let clause_ends = match words.get(i + 1) {
            None => true,
            Some(next) => {
                lower
                    .get(words[i].end..next.start)
                    .is_some_and(|gap| gap.contains(['.', '!', '?', ',', ';', ':']))
                    || vocab.clause_openers.contains(&next.text(lower))
            }
        };
        return (now && clause_ends).then_some(Heard::Kind(kind, true));
    }
    if let Some(heard) = no_death_at(vocab, words, lower, at) {
        return Some(heard);
    }
    if let Some(heard) = no_lynch_at(vocab, words, lower, at) {
        return Some(heard);
    }
    // "Final Votecount of Day 1", "The deadline for Day 2 is …": the phase is running.
    let mut lead = at;
    while is_in(lead, vocab.running_lead) {
        lead += 1;
    }
    for before in vocab.running_before {
        if text::seq_at(words, lower, before, lead)
            && let Some((phase, _)) = phase_words(vocab, words, lower, lead + before.len())
        {
            return Some(Heard::Running(phase));
        }
    }
    // "Votecount 2.0", "Vote Count 3.11": mafiascum hosts number each day's counts N.M, N
    // the day (50 of the corpus's games; 67506 post 1072).
    for count in vocab.count_words {
        if !text::seq_at(words, lower, count, lead) {
            continue;
        }
        let n = lead + count.len();
        let (Some(day), Some(next)) = (words.get(n), words.get(n + 1)) else {
            continue;
        };
        let dotted = lower.get(day.end..next.start) == Some(".");
        let digits = |w: &Word| w.text(lower).chars().all(|c| c.is_ascii_digit());
        if dotted
            && digits(day)
            && digits(next)
            && let Ok(number) = day.text(lower).parse()
        {
            return Some(Heard::Running(Phase::day(number)));
        }
    }
    // "Day 2 has (now) begun", "Day 2 begins (now)", "Night 1 is starting", "D2 begins", …
    let (found, width) = match phase_words(vocab, words, lower, at) {
        Some((phase, width)) => (Some(phase), width),
        None => {
            // "Night has fallen", "Night starts now", "Night is over" (no number).
            let kind = vocab.phase_kind(word(at)?)?;
            let width = if is_in(at + 1, vocab.phase_nouns) {
                2
            } else {
                1
            };
            let mut i = at + width;
            if is_in(i, vocab.announce_auxiliaries) {
                i += 1;
            }
            if word(i) == Some(vocab.announce_now) {
                i += 1;
            }
            let verb = word(i)?;
            let settled = !clause
                || ends_sentence(words, lower, i)
                || word(i + 1) == Some(vocab.announce_now);
            if word(i + 1) == Some(vocab.ended_early[2]) || !settled {
                return None;
            }
            if vocab.announce_verbs.contains(&verb) || vocab.fallen.contains(&verb) {
                return Some(Heard::Kind(kind, true));
            }
            if vocab.over_words.contains(&verb) && i > at + width {
                return Some(Heard::Kind(kind, false));
            }
            return None;
        }
    };
    let phase = found?;
    // "Day 2 ends in …", "Night 1 will end at …", "Day 3 Vote Count 4", "Day 2 deadline":
    // a deadline or a count of the running phase.
    if vocab
        .running_after
        .iter()
        .any(|seq| text::seq_at(words, lower, seq, at + width))
    {
        return Some(Heard::Running(phase));
    }
    let mut i = at + width;
    if is_in(i, vocab.announce_auxiliaries) {
        i += 1;
    }
    if word(i) == Some(vocab.announce_now) || is_in(i, vocab.announce_adverbs) {
        i += 1;
    }
    let verb = word(i)?;
    // "night 2 is over early." (held-out 22136 post 613): "early" after an over word is part
    // of the verb, except after "ended", where "has ended early" is the command (`end_early`).
    let [_, ended, early] = vocab.ended_early;
    let over_early =
        vocab.over_words.contains(&verb) && verb != ended && word(i + 1) == Some(early);
    let last = if over_early { i + 1 } else { i };
    // Inside a sentence the verb must end its clause or be followed by "now": "It is now
    // Night 4, Day 5 begins in 48 hours" announces no Day 5.
    if clause && !ends_sentence(words, lower, last) && word(last + 1) != Some(vocab.announce_now) {
        let gap_ends = words.get(last + 1).is_none_or(|next| {
            lower
                .get(words[last].end..next.start)
                .is_some_and(|gap| gap.contains([',', ';', ':', '&']))
        });
        if !gap_ends {
            return None;
        }
    }
    // In the 2016 dialect "has begun" / "has ended" is a phase change command, read before.
    let (_, changes_2016) = vocab.phase_change_2016;
    if dialect == Dialect::V2016 && changes_2016.iter().any(|&(v, _)| v == verb) {
        return None;
    }
    if vocab.announce_verbs.contains(&verb) {
        // "Day 6 starts in 48 hours": a start to come.
        if is_in(i + 1, vocab.begins_later) {
            return None;
        }
        return Some(Heard::Begins(phase));
    }
    // "Day 2 has ended", "Night 1 is over"; "Day 2 has ended early" is the command
    // (`end_early`), "Day 2 ends in 3 hours" a deadline.
    if vocab.over_words.contains(&verb)
        && i > at + width
        && (over_early || word(i + 1) != Some(early))
    {
        return Some(Heard::Over(phase));
    }
    if vocab
        .over_phrases
        .iter()
        .any(|p| text::seq_at(words, lower, p, i))
    {
        return Some(Heard::Over(phase));
    }
    let at_end = ends_sentence(words, lower, i) || word(i + 1) == Some(vocab.announce_now);
    // "Day 1 start." (MTG Salvation): a bare "start" only when it ends the sentence, so
    // "Day 2 start time is 20:00" is not an announcement; "Day 2 ends now." likewise.
    if vocab.announce_verbs_at_end.contains(&verb) && at_end {
        return Some(Heard::Begins(phase));
    }
    if vocab.over_verbs_at_end.contains(&verb) && at_end {
        return Some(Heard::Over(phase));
    }
    None
}
