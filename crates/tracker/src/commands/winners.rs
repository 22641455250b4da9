//! The end of the game told by its winners' names: a sentence that opens with a player's
//! name and ends with the win words, "Natirasha, Mafia Rolecop, has miraculously survived and
//! won the game!" (58383 post 741), "elleheathen, Vanilla Townie, survived and won!" (60083
//! post 1982), "JarJarDrinks, Mafia Goon, AngryPidgeon, Mafia Goon, and Skybird, Mafia
//! Odd-Night Rolecop have won Mini 1728!" (63716 post 1970), "AngryPidgeon, Mafia
//! Roleblocker, mastin2, Mafia Goon, and Ztife, Mafia Goon, have won Mini 1408: Playing with
//! Fire." (24640 post 1543), "GIMLEAR, VANILLA TOWNIE, SURVIVES AND WINS!" (63235 post 949).
//! A grep of the corpus's GM lines for a line opening "NAME, …" and ending with the win words
//! finds 50 lines in 29 games (side-led ones included); each of the 17 checked is in an
//! end-of-game post. Conditions
//! ("X wins if …") are rules text. Methods of the line reader of [`super::Recogniser`].

use mafia_posts::Line;

use super::text::{self, Folded, Word};
use super::{Command, Reader};

impl Reader<'_> {
    /// A sentence opening with a player's name and ending with the win words (and "the
    /// game" or "Mini N"): the game is over, won by the side its words name (else by the
    /// first player named). Returns whether it found one.
    pub(super) fn player_winners(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) -> bool {
        let lower = folded.lower();
        if !lower.contains("won") && !lower.contains("win") {
            return false;
        }
        for at in 1..words.len() {
            if !self.vocab.player_win.contains(&words[at].text(lower)) {
                continue;
            }
            let Some(last) = self.win_object_end(words, lower, at) else {
                continue;
            };
            let mut first = at;
            while !text::opens_sentence(lower, words, first) {
                first -= 1;
            }
            let hits = self.players.find_all(lower);
            let Some(hit) = hits.iter().find(|h| h.start == words[first].start) else {
                continue;
            };
            let condition = words[first..at]
                .iter()
                .any(|w| self.vocab.condition_openers.contains(&w.text(lower)));
            if condition || first == at || last < at {
                continue;
            }
            let side = words[first..at]
                .iter()
                .find_map(|w| {
                    self.vocab
                        .sides
                        .iter()
                        .find(|(word, _)| w.text(lower) == *word)
                        .map(|&(_, side)| side.to_owned())
                })
                .unwrap_or_else(|| self.players.canonical(hit.name).to_owned());
            self.push(Command::Winner { side, alone: true }, index, line);
            return true;
        }
        false
    }

    /// The last word of the win words at `at` and their object ("won the game", "won Mini
    /// 1728", "won Mini Normal 1187"), if the sentence (or a title after a colon) ends there.
    fn win_object_end(&self, words: &[Word], lower: &str, at: usize) -> Option<usize> {
        let word = |i: usize| words.get(i).map_or("", |w| w.text(lower));
        let mut last = at;
        if text::seq_at(words, lower, self.vocab.win_object, last + 1) {
            last += self.vocab.win_object.len();
        } else if word(last + 1) == self.vocab.game_kind[0] {
            last += 1;
            if self.vocab.game_kind[1..].contains(&word(last + 1)) {
                last += 1;
            }
            if word(last + 1).chars().all(|c| c.is_ascii_digit()) && !word(last + 1).is_empty() {
                last += 1;
            }
        }
        let titled = words.get(last + 1).is_some_and(|next| {
            last > at
                && lower
                    .get(words[last].end..next.start)
                    .is_some_and(|gap| gap.contains(':'))
        });
        (text::ends_sentence(words, lower, last) || titled).then_some(last)
    }
}
