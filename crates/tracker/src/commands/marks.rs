//! A lynch marked in the host's vote count: the lynched wagon's line opens with the player's
//! name and a bracketed lynch word, `Creature [LYNCHED] : Grey, Kidamn, …` (71483 post
//! 2215), `BananaCucho (LYNCH): Guyett, …` (63250), `Metal Sonic (LYNCH) - Yates, …`
//! (29423), the final count of a day. The mark is the host's word that the player was
//! lynched, so it is read as a lynch without a phase (the running day's, or the day before
//! the night it is told in). Methods of the line reader of [`super::Recogniser`].

use mafia_posts::Line;

use super::text::{Folded, Word};
use super::{Command, Reader};

impl Reader<'_> {
    /// `PLAYER (LYNCH)` / `PLAYER [LYNCHED]` opening the line; returns whether it was one.
    pub(super) fn marked_lynch(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) -> bool {
        let lower = folded.lower();
        let Some(first) = words.first() else {
            return false;
        };
        // Cheap test first: the line has a bracketed lynch word at all.
        if !lower.contains("lynch") {
            return false;
        }
        let hits = self.dead_names.find_all(lower);
        let Some(hit) = hits.first() else {
            return false;
        };
        let opens =
            hit.start <= first.start && lower[..hit.start].chars().all(|c| !c.is_alphanumeric());
        if !opens {
            return false;
        }
        let rest = lower[hit.end..].trim_start();
        let Some(inner) = rest.strip_prefix(['(', '[']) else {
            return false;
        };
        let word_end = inner
            .find(|c: char| !c.is_alphabetic())
            .unwrap_or(inner.len());
        let (word, after) = inner.split_at(word_end);
        let closed = after.trim_start().starts_with([')', ']', ':']);
        if !closed || !self.vocab.lynch_marks.contains(&word) {
            return false;
        }
        let player = self.dead_names.canonical(hit.name).to_owned();
        self.push(
            Command::Death {
                player,
                comment: line.text.trim().to_owned(),
                phase: None,
                lynch: true,
            },
            index,
            line,
        );
        true
    }
}
