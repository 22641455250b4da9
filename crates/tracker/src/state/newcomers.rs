//! Whose slot an unknown poster says they take. A host may never announce a replacement; the
//! newcomer's own first post often says it ("Hey all! I am replacing mattblackguy.", mafiascum
//! 70912 post 767). Their "not in the game and posted" review item then carries the `replace`
//! record that would make it so; the tracker does not apply it by itself (a player's word is
//! not the host's).
//!
//! Two accounts may also play one slot (a hydra's heads, mafiascum 34780: EspeciallyTheLies
//! posting for Taylor's slot while Taylor's account posts too). When the two accounts take
//! turns (the slot's own account posts after the unknown poster's first post, the poster posts
//! on, and the slot's account posts again after that), both play the slot: the poster's items
//! offer the `alias` record instead (`alias = { name, slot }` lets the account post and vote
//! for the slot), the items already listed included. A slot's account that posts once more
//! after its replacement's first post (a goodbye), whatever the newcomer posts afterwards,
//! leaves the offer `replace`.

use std::sync::LazyLock;

use aho_corasick::AhoCorasick;
use mafia_posts::Post;

use super::{SlotOffer, Tracker};
use crate::commands::{NameSet, fold};
use crate::config::user_key;
use crate::correction::{Correction, CorrectionAction, fix_at};
use crate::review::ReviewKind;
use crate::vocabulary::SELF_REPLACEMENT;

impl Tracker {
    /// After the review item of an unknown poster's post, with no slot open for replacement:
    /// the slot the post's own words say its author takes, else the one living slot the game
    /// file lists the author under as an alias (a replacement the thread did not announce in
    /// words the tracker reads: shannon, listed in mafiascum 69351's opening post, in
    /// PsychoticDave's slot; Revenus, who replaced Deltabacon before the game in 26373). The
    /// item names the slot and carries the `replace` record.
    #[cold]
    pub(super) fn suggest_slot(&mut self, post: &Post) {
        let who = post.author.trim().to_string();
        let (slot, says) = if let Some(slot) = self.slot_taken_in_words(post) {
            (slot, true)
        } else if let Some(slot) = self.slot_listed_for(&post.author) {
            (slot, false)
        } else {
            return;
        };
        let old = self.game.players[slot].name.clone();
        if let Some(item) = self.review.last_mut() {
            if says {
                item.message
                    .push_str(&format!("; the post says {who} replaces {old}"));
            } else {
                item.message = format!(
                    "{who} is not in the game and posted; the game file names {who} as an \
                     alias of {old}: if {who} replaced {old}, add the replacement"
                );
            }
        }
        self.offer_slot(post, slot);
    }

    /// Gives the review item just noted the record that lets `post`'s author post for `slot`:
    /// `replace`, or `alias` once both accounts are seen taking turns (see the module's
    /// doc). The offer is remembered so that [`Tracker::slot_posted`] can turn it.
    fn offer_slot(&mut self, post: &Post, slot: usize) {
        let Some(item) = self.review.len().checked_sub(1) else {
            return;
        };
        let who = user_key(&post.author);
        let at = match self
            .slot_offers
            .iter()
            .position(|o| o.who == who && o.slot == slot)
        {
            Some(at) => at,
            None => {
                self.slot_offers.push(SlotOffer {
                    who,
                    name: post.author.trim().to_string(),
                    holder: self.slots[slot].name.clone(),
                    slot,
                    first: post.number,
                    last: post.number,
                    items: Vec::new(),
                    since: None,
                    hydra: false,
                });
                self.slot_offers.len() - 1
            }
        };
        let offer = &mut self.slot_offers[at];
        offer.items.push(item);
        offer.last = post.number;
        match offer.since.clone() {
            Some(since) if offer.hydra => self.offer_alias(at, item, since),
            _ => self.offer_replace(post, slot),
        }
    }

    /// A post of `slot`'s account: the offers of the slot to other posters, made while the
    /// slot's holder was the one it is now, note it (see [`Tracker::offer_slot`]): the first
    /// such post after the poster's first is `since`; one after a later post of the poster
    /// turns the offer to `alias`, with every item already listed. A later holder (a
    /// replacement the host announced) says nothing of an earlier offer.
    pub(super) fn slot_posted(&mut self, slot: usize, post: &Post) {
        let mut turned = Vec::new();
        let holder = &self.slots[slot].name;
        for (at, offer) in self.slot_offers.iter_mut().enumerate() {
            if offer.slot != slot || offer.hydra || offer.holder != *holder {
                continue;
            }
            match &offer.since {
                None if offer.first < post.number => {
                    offer.since = Some((post.number, post.author.trim().to_string()));
                }
                Some((since, _)) if offer.last > *since && post.number > offer.last => {
                    offer.hydra = true;
                    turned.push(at);
                }
                _ => {}
            }
        }
        for at in turned {
            let offer = &self.slot_offers[at];
            let since = offer.since.clone().unwrap_or_default();
            for item in offer.items.clone() {
                self.offer_alias(at, item, since.clone());
            }
        }
    }

    /// Gives review item `item` the `alias` record of offer `at`, at the item's post, and says
    /// why in its message: `since` is the post of the slot's account after the poster's first
    /// and that account's name.
    fn offer_alias(&mut self, at: usize, item: usize, since: (u64, String)) {
        let offer = &self.slot_offers[at];
        let (who, first) = (offer.name.clone(), offer.first);
        let slot_name = self.game.players[offer.slot].name.clone();
        let Some(review) = self.review.get_mut(item) else {
            return;
        };
        let Some(post) = review.post else {
            return;
        };
        let (posted, account) = since;
        let record = Correction {
            at: fix_at(post),
            action: CorrectionAction::Alias {
                name: who.clone(),
                slot: slot_name.clone(),
            },
            comment: None,
        };
        review.fix = Some(record.to_toml());
        review.message.push_str(&format!(
            "; but {account} posted for the slot after {who}'s post {first} (post {posted}), \
             and the two accounts take turns: if both play {slot_name}'s slot (a hydra), add \
             {who} as its alias"
        ));
    }

    /// Gives the review item just noted the `replace` record that makes `post`'s author the
    /// holder of `slot` just before that post (so that the post counts), naming the slot as
    /// the game file does (a record's names are the file's).
    pub(super) fn offer_replace(&mut self, post: &Post, slot: usize) {
        let record = Correction {
            at: fix_at(post.number),
            action: CorrectionAction::Replace {
                new: post.author.trim().to_string(),
                old: self.game.players[slot].name.clone(),
            },
            comment: None,
        };
        if let Some(item) = self.review.last_mut() {
            item.fix = Some(record.to_toml());
        }
    }

    /// The one living slot the game file lists `author` under as an alias.
    fn slot_listed_for(&self, author: &str) -> Option<usize> {
        let key = user_key(author);
        let mut slots = self
            .game
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.aliases.iter().any(|a| user_key(a) == key))
            .map(|(slot, _)| slot);
        match (slots.next(), slots.next()) {
            (Some(slot), None) if self.slots[slot].alive => Some(slot),
            _ => None,
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
        self.offer_slot(post, slot);
        true
    }

    /// The living slot a post's own words say its author takes: a phrase of
    /// [`SELF_REPLACEMENT`] followed by one of the slot's names (its holder, earlier holders,
    /// the game file's name and aliases), the longest name that fits, matched as the
    /// recogniser matches names ([`NameSet::prefix_of`]).
    fn slot_taken_in_words(&self, post: &Post) -> Option<usize> {
        // What follows each phrase, on the lines read as the phrases are written.
        let mut after: Vec<String> = Vec::new();
        for line in &post.body.lines {
            let plain = straight_apostrophes(&fold(&line.text));
            for m in self_replacement().find_overlapping_iter(&plain) {
                let rest = plain[m.end()..].trim_start_matches('@');
                after.push(rest.to_string());
            }
        }
        if after.is_empty() {
            return None;
        }
        let named: Vec<(String, usize)> = self
            .slots
            .iter()
            .enumerate()
            .filter(|(_, s)| s.alive)
            .flat_map(|(slot, state)| {
                let spec = &self.game.players[slot];
                std::iter::once(&state.name)
                    .chain(&state.replaced)
                    .chain(std::iter::once(&spec.name))
                    .chain(&spec.aliases)
                    .map(move |name| (straight_apostrophes(name.trim()), slot))
            })
            .collect();
        let names = NameSet::new(&named.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>());
        // The longest name; of two as long, the first written.
        let mut best: Option<&str> = None;
        for name in after.iter().filter_map(|rest| names.prefix_of(rest)) {
            if best.is_none_or(|b| name.len() > b.len()) {
                best = Some(name);
            }
        }
        named
            .iter()
            .find(|(n, _)| Some(n.as_str()) == best)
            .map(|(_, slot)| *slot)
    }
}

/// Each of [`SELF_REPLACEMENT`]'s phrases as written and without its apostrophe, in one
/// automaton built on first use (this runs for every post of an unknown poster).
fn self_replacement() -> &'static AhoCorasick {
    static PHRASES: LazyLock<AhoCorasick> = LazyLock::new(|| {
        let mut phrases: Vec<String> = SELF_REPLACEMENT
            .iter()
            .flat_map(|p| [p.to_string(), p.replace('\'', "")])
            .collect();
        phrases.sort();
        phrases.dedup();
        AhoCorasick::new(phrases).expect("the self-replacement phrases are plain text")
    });
    &PHRASES
}

/// `text` with its curly apostrophes (U+2019, U+2018) written straight, as
/// [`SELF_REPLACEMENT`] writes them.
fn straight_apostrophes(text: &str) -> String {
    text.replace(['\u{2019}', '\u{2018}'], "'")
}
