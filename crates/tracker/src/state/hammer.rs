//! A lynch taken from the hammer. In a hammer game (`majority = "hammer"`, as mafiascum's Mini
//! Normals) the vote that reaches majority lynches at once and ends the day; many hosts then
//! tell the lynch only in a story ("TEST SUBJECT CIARA24 HAS BEEN EUTHANISED", 63235 post
//! 461; "toolenduso hung Skybird.", 63716 post 1239). When the first GM post after the
//! hammer that moves the game on (a phase statement, the end of the game, or a line that
//! looks like the hammered player's death or flip) reads no lynch, the hammered player is
//! the day's lynch: applied at that post, as a review item with the correction that states
//! it. A vote count of that day decides nothing (the final count, or a day that runs on
//! after a vote the tracker misread). A lynch read in the host's words (of anyone) or "There
//! has been No Lynch" wins over the hammer; a new day begun before any such post drops it.

use mafia_posts::Post;

use super::{PendingHammer, Tracker};
use crate::commands::{Command, LooksLike, Recognition, Unread};
use crate::correction::{Correction, CorrectionAction};
use crate::phase::Phase;
use crate::review::ReviewKind;
use crate::status::Death;
use crate::vocabulary::CommandWords;
use crate::votes::Target;

/// What a GM post says that bears on a pending hammer, taken before its commands are applied.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct HammerWitness {
    /// The post states a phase, or ends the game.
    moves_on: bool,
    /// The post reads a lynch of someone, or says there was none.
    tells_lynch: bool,
    /// The (last) phase the post says is running ("Votecount 1.3"): a day that runs on
    /// after the tracker's hammer was not hammered (a vote the tracker misread).
    running: Option<Phase>,
}

impl HammerWitness {
    pub(super) fn of(recognition: &Recognition, post: &Post) -> Self {
        let no_lynch = CommandWords::STANDARD.no_lynch_told;
        let mut w = HammerWitness {
            tells_lynch: post.body.lines.iter().any(|l| {
                let lower = l.text.to_lowercase();
                no_lynch.iter().any(|p| lower.contains(p))
            }),
            ..HammerWitness::default()
        };
        for c in &recognition.commands {
            match &c.command {
                Command::Death { lynch: true, .. } => w.tells_lynch = true,
                Command::PhaseRunning { phase } => {
                    w.running = Some(*phase);
                }
                Command::Announce { .. }
                | Command::PhaseOver { .. }
                | Command::AnnounceKind { .. }
                | Command::PhaseChange2016 { .. }
                | Command::EndEarly { .. }
                | Command::EndGame
                | Command::Winner { alone: true, .. } => w.moves_on = true,
                _ => {}
            }
        }
        w
    }
}

impl Tracker {
    /// When a day ends: a hammer on a living player with no lynch told yet waits for the
    /// host's next post; any other day end clears what waited.
    pub(super) fn day_ended_at_hammer(&mut self, day: Phase) {
        self.pending_hammer = match &self.hammer {
            Some((Target::Slot(slot), post))
                if self.slots[*slot].alive && !self.lynched_days.contains(&day) =>
            {
                Some(PendingHammer {
                    slot: *slot,
                    day,
                    post: *post,
                })
            }
            _ => None,
        };
    }

    /// After a GM post's commands: the hammered player is lynched if the post moves the game
    /// on (or looks like their death) without telling a lynch. `before` is the phase that
    /// was running when the post was made.
    pub(super) fn hammer_lynch(
        &mut self,
        witness: HammerWitness,
        unread: &[Unread],
        before: Phase,
        post: &Post,
    ) {
        let Some(pending) = self.pending_hammer.clone() else {
            return;
        };
        // Dropped: a day begun since, a lynch (or no lynch) told in the host's words, the
        // player dead by them.
        let names = |player: &str| self.slot_of_name(player) == Some(pending.slot);
        let looks_dead = unread.iter().any(|u| match &u.looks_like {
            LooksLike::Death { player } => names(player),
            LooksLike::Phase { .. } => false,
        });
        // A vote count of the hammered day is no word either way: the final count ("Vote
        // Count 1.12 … (Hammered!)", 68345 post 1071) or a day that runs on after a vote the
        // tracker misread ("Votecount 1.3", 70912 post 509); the host's next words decide.
        let confirms = witness.moves_on || looks_dead;
        let runs_on = witness
            .running
            .is_some_and(|p| self.order(p) <= self.order(pending.day));
        let later_day = before.is_day() && self.order(before) > self.order(pending.day);
        if later_day || witness.tells_lynch || !self.slots[pending.slot].alive {
            self.pending_hammer = None;
            return;
        }
        if !confirms && (runs_on || witness.running.is_none()) {
            return;
        }
        self.pending_hammer = None;
        let name = self.slots[pending.slot].name.clone();
        let day = pending.day;
        let s = &mut self.slots[pending.slot];
        s.alive = false;
        s.death = Some(Death {
            comment: format!("lynched {day} (the hammer, post {})", pending.post),
            phase: day,
            post: post.number,
            lynch: true,
        });
        self.openings.retain(|o| o.slot != pending.slot);
        if !self.lynched_days.contains(&day) {
            self.lynched_days.push(day);
        }
        self.roster_changed();
        let record = Correction {
            at: post.number,
            action: CorrectionAction::Dies(name.clone()),
            comment: Some(format!("lynched {day}")),
        };
        self.note(
            ReviewKind::UnreadLine,
            Some(post.number),
            Some(name.clone()),
            format!(
                "{name}'s lynch in {day} was taken from the hammer at post {}; the host's post \
                 {} told no death. If the host told another lynch, resurrect {name} and add \
                 that death; add this correction to make it the host's word",
                pending.post, post.number
            ),
        );
        if let Some(item) = self.review.last_mut() {
            item.fix = Some(record.to_toml());
        }
    }

    /// The slot a name in a GM line belongs to: its holder's or a former holder's name.
    fn slot_of_name(&self, name: &str) -> Option<usize> {
        self.slots.iter().position(|s| {
            s.name.eq_ignore_ascii_case(name)
                || s.replaced.iter().any(|r| r.eq_ignore_ascii_case(name))
        })
    }
}
