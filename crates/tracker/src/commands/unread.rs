//! Lines that look like a death or a phase change but gave no command: a death word with a
//! player's name ("Bob, Vanilla Townie, hung."), or a phase alone on its line without bold
//! ("Day 3", "~~Night Two~~", "N1:"). The fold lists them for the host with the correction
//! that would read them. Methods of the line reader of [`super::Recogniser`].

use mafia_posts::Line;

use super::phases::phase_at;
use super::text::{self, Folded, Word};
use super::{LooksLike, Reader, Unread};

impl Reader<'_> {
    /// Notes the line if it looks like a death or a phase heading (called for lines that
    /// gave no command and no problem).
    pub(super) fn unread(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) {
        let lower = folded.lower();
        let vocab = self.vocab;
        let heading = match words.len() {
            2 => phase_at(vocab, words, lower, 0),
            1 => vocab.phase_abbreviation(words[0].text(lower)),
            _ => None,
        };
        let only_marks = |s: &str| s.chars().all(|c| !c.is_alphanumeric());
        let alone = words.first().is_some_and(|w| only_marks(&lower[..w.start]))
            && words.last().is_some_and(|w| only_marks(&lower[w.end..]));
        if let Some(phase) = heading
            && alone
        {
            self.out.unread.push(Unread {
                line: index,
                raw: line.text.clone(),
                looks_like: LooksLike::Phase { phase },
            });
            return;
        }
        let death_word = words.iter().enumerate().find(|&(i, w)| {
            vocab.unread_death_words.contains(&w.text(lower))
                && (i == 0 || !vocab.death_not_after.contains(&words[i - 1].text(lower)))
        });
        let hits = self.players.find_all(lower);
        // A flip: the line opens with a player's name and "was a" ("Lootifer was a Vanilla
        // Townie", 51535 post 526, the lynch told in a story).
        if let Some(first) = hits.first()
            && lower[..first.start].chars().all(|c| !c.is_alphanumeric())
        {
            let next = words.partition_point(|w| w.start < first.end);
            if vocab
                .flip_words
                .iter()
                .any(|seq| text::seq_at(words, lower, seq, next))
            {
                let player = self.players.canonical(first.name).to_owned();
                self.out.unread.push(Unread {
                    line: index,
                    raw: line.text.clone(),
                    looks_like: LooksLike::Flip { player },
                });
                return;
            }
        }
        let Some((at, word)) = death_word else {
            return;
        };
        // The name nearest before the death word, else a word before it that is the end of
        // one player's name ("Trollie was killed last night … in ADDITION to the AngryPidgeon
        // death", 23438 post 1142: TheTrollie's death), else the first name.
        let before = hits.partition_point(|h| h.end <= word.start);
        let short_name = || {
            words[..at]
                .iter()
                .rev()
                .find_map(|w| self.players.tail_of(w.text(lower)))
        };
        let Some(name) = before
            .checked_sub(1)
            .and_then(|i| hits.get(i))
            .map(|h| h.name)
            .or_else(short_name)
            .or_else(|| hits.first().map(|h| h.name))
        else {
            return;
        };
        let player = self.players.canonical(name).to_owned();
        self.out.unread.push(Unread {
            line: index,
            raw: line.text.clone(),
            looks_like: LooksLike::Death { player },
        });
    }
}
