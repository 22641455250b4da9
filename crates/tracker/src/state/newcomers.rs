//! Whose slot an unknown poster says they take. A host may never announce a replacement; the
//! newcomer's own first post often says it ("Hey all! I am replacing mattblackguy.", mafiascum
//! 70912 post 767). Their "not in the game and posted" review item then carries the `replace`
//! record that would make it so; the tracker does not apply it by itself (a player's word is
//! not the host's).

use mafia_posts::Post;

use super::Tracker;
use crate::correction::{Correction, CorrectionAction};
use crate::review::ReviewKind;
use crate::vocabulary::SELF_REPLACEMENT;

impl Tracker {
    /// After the review item of an unknown poster's post: when the post says whom its
    /// author replaces, the item names that player and carries the `replace` record.
    #[cold]
    pub(super) fn newcomer_says_whom(&mut self, post: &Post) {
        let Some(slot) = self.slot_taken_in_words(post) else {
            return;
        };
        let old = self.game.players[slot].name.clone();
        let new = post.author.trim().to_string();
        let record = Correction {
            // Just before the post, so that the post counts.
            at: post.number.saturating_sub(1),
            action: CorrectionAction::Replace {
                new: new.clone(),
                old: old.clone(),
            },
            comment: None,
        };
        if let Some(item) = self.review.last_mut() {
            item.message
                .push_str(&format!("; the post says {new} replaces {old}"));
            item.fix = Some(record.to_toml());
        }
    }

    /// While `open` is open for replacement: when an unknown poster's post says they take
    /// another slot ("I'm replacing Jaack.", 70912 post 1087, while mattblackguy's slot was
    /// open), the review item names that slot and carries its record instead of the open
    /// one's. True if it did.
    #[cold]
    pub(super) fn newcomer_names_another_slot(&mut self, post: &Post, open: usize) -> bool {
        let Some(slot) = self.slot_taken_in_words(post).filter(|s| *s != open) else {
            return false;
        };
        let who = post.author.trim().to_string();
        let old = self.game.players[slot].name.clone();
        self.note(
            ReviewKind::Replacement,
            Some(post.number),
            Some(who.clone()),
            format!(
                "{who} is not in the game and posted, saying they replace {old} (while {}'s \
                 slot is open for replacement): if {who} replaced {old}, add {who} as a \
                 replacement for {old}",
                self.slots[open].name
            ),
        );
        let record = Correction {
            at: post.number.saturating_sub(1),
            action: CorrectionAction::Replace { new: who, old },
            comment: None,
        };
        if let Some(item) = self.review.last_mut() {
            item.fix = Some(record.to_toml());
        }
        true
    }

    /// The living slot a post's own words say its author takes: a phrase of
    /// [`SELF_REPLACEMENT`] followed by one of the slot's names (its holder, earlier holders,
    /// the game file's name and aliases), the longest name that fits.
    fn slot_taken_in_words(&self, post: &Post) -> Option<usize> {
        let mut best: Option<(usize, usize)> = None;
        for line in &post.body.lines {
            let lower = line.text.to_lowercase();
            for phrase in SELF_REPLACEMENT {
                for (at, _) in lower.match_indices(phrase) {
                    let rest = lower[at + phrase.len()..].trim_start_matches('@');
                    for (slot, state) in self.slots.iter().enumerate().filter(|(_, s)| s.alive) {
                        let spec = &self.game.players[slot];
                        let names = std::iter::once(&state.name)
                            .chain(&state.replaced)
                            .chain(std::iter::once(&spec.name))
                            .chain(&spec.aliases);
                        for name in names {
                            let name = name.trim().to_lowercase();
                            let fits = !name.is_empty()
                                && rest.strip_prefix(name.as_str()).is_some_and(|after| {
                                    !after.starts_with(|c: char| c.is_alphanumeric())
                                });
                            if fits && best.is_none_or(|(_, len)| name.len() > len) {
                                best = Some((slot, name.len()));
                            }
                        }
                    }
                }
            }
        }
        best.map(|(slot, _)| slot)
    }
}
