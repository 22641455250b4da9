//! Replacements said as taking a place: `NEW takes OLD's spot` (or slot, place), and
//! `OLD has been replaced. NEW takes his spot!` (63130 post 41), where the old player is
//! the subject of the sentence before. Methods of the line reader of [`super::Recogniser`].

use mafia_posts::Line;

use super::text::{Folded, Word, ends_sentence, opens_sentence, seq_at};
use super::{Command, Newcomer, Reader};

impl Reader<'_> {
    /// `NEW takes OLD's spot` and `OLD has been replaced. NEW takes his spot`: a fill of
    /// OLD's slot (resolved by the fold through the name tiers, as a shortened old name of
    /// `NEW replaces OLD` is) by NEW, who takes it at their first post if not yet known.
    pub(super) fn takes_spot(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) -> bool {
        let lower = folded.lower();
        for at in 1..words.len() {
            if !words[at].is(lower, "takes") {
                continue;
            }
            // The place closes the sentence: "takes his place in history" is no replacement.
            let last = (at + 2..words.len().min(at + 3 + self.vocab.written_name_words))
                .find(|&k| self.vocab.places.contains(&words[k].text(lower)));
            let Some(place) = last.filter(|&k| ends_sentence(words, lower, k)) else {
                continue;
            };
            let pronoun = place == at + 2
                && self
                    .vocab
                    .place_pronouns
                    .contains(&words[at + 1].text(lower));
            let fill = if pronoun {
                self.replaced_before(folded, words, at)
            } else {
                self.possessive(folded, words, at, place)
            };
            if let Some((new, old)) = fill {
                let old = Some(old);
                self.push(Command::Fill { new, old }, index, line);
                return true;
            }
        }
        false
    }

    /// `NEW takes OLD's spot`: NEW opens its clause right before `takes`, OLD's words end
    /// with `'s` right before the place.
    fn possessive(
        &self,
        folded: &Folded<'_>,
        words: &[Word],
        at: usize,
        place: usize,
    ) -> Option<(Newcomer, String)> {
        let object = folded.original(words[at].end, words[place].start).trim();
        let old = object
            .strip_suffix("'s")
            .or_else(|| object.strip_suffix("\u{2019}s"))?
            .trim();
        if old.is_empty() || old.contains(|c: char| ".,;:!?".contains(c)) {
            return None;
        }
        let left = folded.lower().get(..words[at].start)?;
        let new = match self.known_suffix(left.trim_end()) {
            Some(name) if left.ends_with(' ') => Newcomer::Known(name.to_owned()),
            _ => {
                let (written, whole) = self.written_before(folded, words, at, None)?;
                if !whole {
                    return None;
                }
                Newcomer::Written(written)
            }
        };
        Some((new, old.to_owned()))
    }

    /// `OLD has been replaced. NEW takes his spot`: the sentence before NEW's is OLD's
    /// replacement, with no other words; NEW is the whole of its sentence's subject.
    fn replaced_before(
        &self,
        folded: &Folded<'_>,
        words: &[Word],
        at: usize,
    ) -> Option<(Newcomer, String)> {
        let lower = folded.lower();
        let first = (at.saturating_sub(self.vocab.written_name_words)..at)
            .rev()
            .find(|&k| opens_sentence(lower, words, k))?;
        let verb = self.vocab.replaced_sentence.iter().find_map(|phrase| {
            let verb = first.checked_sub(phrase.len())?;
            seq_at(words, lower, phrase, verb).then_some(verb)
        })?;
        if !ends_sentence(words, lower, first - 1) {
            return None;
        }
        let (old, whole) = self.written_before(folded, words, verb, None)?;
        if !whole {
            return None;
        }
        let new = folded
            .original(words[first].start, words[at - 1].end)
            .trim();
        let gap = lower.get(words[at - 1].end..words[at].start)?;
        if new.is_empty() || !gap.trim().is_empty() {
            return None;
        }
        let new = match self.users.prefix_of(lower.get(words[first].start..)?) {
            Some(name) if name.len() == words[at - 1].end - words[first].start => {
                Newcomer::Known(name.to_owned())
            }
            _ => Newcomer::Written(new.to_owned()),
        };
        Some((new, old))
    }
}
