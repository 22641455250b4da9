//! The dead listed under a heading: a line that is only `Dead during Night 1:`, and the
//! lines after it that open with a player's name and give only the role (held-out 25357
//! posts 603 and 682: "Dead during Night 1:", then "AJ the Epic, Town Macho Seer" and
//! "Hiraki, Werewolf Goon" written with a dash, each on a line of its own). Each such line is
//! that player's death in the heading's phase; the list ends at the first other line.
//! Methods of the line reader of [`super::Recogniser`].

use mafia_posts::Line;

use super::phases::phase_at;
use super::text::{Folded, Word};
use super::{Command, Reader};

impl Reader<'_> {
    /// A heading that opens a list of the dead: `Dead during Night 1:`, `Killed Night 2:`
    /// (a word of [`crate::vocabulary::CommandWords::dead_list_words`], an optional link
    /// word, a phase, a colon, nothing else). Returns whether the line is one; the list's
    /// phase is kept for the lines after it.
    pub(super) fn dead_list_heading(&mut self, folded: &Folded<'_>, words: &[Word]) -> bool {
        let lower = folded.lower();
        let vocab = self.vocab;
        let Some(first) = words.first() else {
            return false;
        };
        if !vocab.dead_list_words.contains(&first.text(lower))
            || !lower[..first.start].trim().is_empty()
        {
            return false;
        }
        let at = match words.get(1) {
            Some(w) if vocab.phase_links.contains(&w.text(lower)) => 2,
            _ => 1,
        };
        let Some(phase) = phase_at(vocab, words, lower, at) else {
            return false;
        };
        let after = words.get(at + 1).map_or("", |w| &lower[w.end..]);
        if words.len() != at + 2 || after.trim() != ":" {
            return false;
        }
        self.dead_list = Some(phase);
        true
    }

    /// A line of the list under a [`Reader::dead_list_heading`]: a player's name opening the
    /// line, then `-`, `,` or `:` and the role, with no other name. Returns whether it was
    /// one; any other line ends the list.
    pub(super) fn dead_list_entry(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
    ) -> bool {
        let Some(phase) = self.dead_list else {
            return false;
        };
        let lower = folded.lower();
        let hits = self.dead_names.find_all(lower);
        let entry = match hits.as_slice() {
            [hit] => {
                let before = lower[..hit.start].trim();
                let after = lower[hit.end..].trim_start();
                before.is_empty()
                    && after.starts_with(['-', ',', ':'])
                    && after[1..].chars().any(char::is_alphabetic)
            }
            _ => false,
        };
        if !entry {
            self.dead_list = None;
            return false;
        }
        let player = self.dead_names.canonical(hits[0].name).to_owned();
        let comment = line.text.trim().to_owned();
        self.push(
            Command::Death {
                player,
                comment,
                phase: Some(phase),
                lynch: false,
            },
            index,
            line,
        );
        true
    }
}
