//! Phases: announcements ("It is now Day 2", "Night 1 has begun", a bold "Day 2" heading),
//! `DAY … HAS ENDED EARLY` and the 2016 dialect's `DAY|NIGHT … HAS BEGUN|HAS ENDED`. Methods
//! of the line reader of [`super::Recogniser`].

use mafia_posts::Line;

use super::text::{self, Folded, Word, ends_sentence, is_bold_alone, only_punctuation};
use super::{Command, Dialect, Reader};
use crate::phase::Phase;
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

    /// Phase announcements: "It is now Day 2", "Night 1 has begun", a bold "Day 2" heading.
    pub(super) fn announce(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) {
        let lower = folded.lower();
        let mut phase = None;
        if is_bold_heading(self.vocab, line, folded, words) {
            phase = phase_at(self.vocab, words, lower, 0);
        }
        if phase.is_none() {
            let breaks = text::sentence_breaks(lower, &[]);
            let mut starts = vec![0];
            starts.extend(breaks);
            for start in starts {
                let first = words.partition_point(|w| w.start < start);
                if first >= words.len() {
                    break;
                }
                if let Some(p) = announcement_at(self.vocab, words, lower, first, self.dialect) {
                    phase = Some(p);
                    break;
                }
            }
        }
        if let Some(phase) = phase
            && !self.announced.contains(&phase)
        {
            self.announced.push(phase);
            self.push(Command::Announce { phase }, index, line);
        }
    }
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

/// A sentence announcing a phase, starting at word `at`.
fn announcement_at(
    vocab: &CommandWords,
    words: &[Word],
    lower: &str,
    at: usize,
    dialect: Dialect,
) -> Option<Phase> {
    let word = |i: usize| words.get(i).map(|w| w.text(lower));
    let is_in = |i: usize, list: &[&str]| word(i).is_some_and(|w| list.contains(&w));
    // "It is (now) Day 2", "It's (now) Day 2", "It is currently day 1" (MTG Salvation).
    let (it, is) = vocab.it_is;
    if word(at) == Some(it) && is_in(at + 1, is) {
        let mut i = at + 2;
        if is_in(i, vocab.it_is_now) {
            i += 1;
        }
        return phase_at(vocab, words, lower, i);
    }
    // "Day 2 has (now) begun", "Day 2 begins (now)", "Night 1 is starting", …
    let phase = phase_at(vocab, words, lower, at)?;
    let mut i = at + 2;
    if is_in(i, vocab.announce_auxiliaries) {
        i += 1;
    }
    if word(i) == Some(vocab.announce_now) {
        i += 1;
    }
    let verb = word(i)?;
    // In the 2016 dialect "has begun" is a phase change command, read before.
    let (_, changes_2016) = vocab.phase_change_2016;
    if dialect == Dialect::V2016 && changes_2016.iter().any(|&(v, begun)| begun && v == verb) {
        return None;
    }
    if vocab.announce_verbs.contains(&verb) {
        return Some(phase);
    }
    // "Day 1 start." (MTG Salvation): a bare "start" only when it ends the sentence, so
    // "Day 2 start time is 20:00" is not an announcement.
    if vocab.announce_verbs_at_end.contains(&verb) && ends_sentence(words, lower, i) {
        return Some(phase);
    }
    None
}

/// A line that is only `Day N` / `Night N` (punctuation around it allowed), all in bold.
fn is_bold_heading(vocab: &CommandWords, line: &Line, folded: &Folded<'_>, words: &[Word]) -> bool {
    words.len() == 2
        && phase_at(vocab, words, folded.lower(), 0).is_some()
        && is_bold_alone(line, folded, words)
}
