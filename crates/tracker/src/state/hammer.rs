//! Lynches told only in a story: taken from the hammer, or from a flip.
//!
//! The hammer. In a hammer game (`majority = "hammer"`, as mafiascum's Mini
//! Normals) the vote that reaches majority lynches at once and ends the day; many hosts then
//! tell the lynch only in a story ("TEST SUBJECT CIARA24 HAS BEEN EUTHANISED", 63235 post
//! 461; "toolenduso hung Skybird.", 63716 post 1239). When the first GM post after the
//! hammer that moves the game on (a phase statement, the end of the game, or a line that
//! looks like the hammered player's death or flip) reads no lynch, the hammered player is
//! the day's lynch: applied at that post, as a review item with the correction that states
//! it. A vote count of that day decides nothing (the final count, or a day that runs on
//! after a vote the tracker misread). A lynch read in the host's words (of anyone) or "There
//! has been No Lynch" wins over the hammer, and so does a flip of another player; a new day
//! begun before any such post drops it.
//!
//! A flip ("grayfoxxxx was a Town Follower", 63716 post 665): in the post that ends a day
//! (or restates the night after it) with no lynch of that day read, the one flipped living
//! player is the day's lynch, as a review item with its correction. A flip in the post that
//! opens a day is a night kill told in a story: the flipped player dies in the night that
//! ended, as a review item with its correction.

use mafia_posts::Post;

use super::{PendingHammer, Tracker};
use crate::commands::{Command, LooksLike, Recognition, Unread};
use crate::correction::{Correction, CorrectionAction, fix_at};
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
            LooksLike::Death { player } | LooksLike::Flip { player } => names(player),
            LooksLike::Phase { .. } => false,
        });
        // The flip of another living player says the hammer the tracker saw was not the
        // lynch (a vote misread): `flip_lynch` reads the post instead. The post that ends the
        // game flips everyone left ("Mafia wins! / MariaR was a mafia goon / … / Nero Cain
        // was a nonconsecutive JK", 67506 post 2773, after the hammer on Nero Cain): there
        // the hammered player's own flip confirms the hammer, whatever other flips follow.
        let end_roles = self.ending && looks_dead;
        let other_flip = !end_roles
            && unread.iter().any(|u| match &u.looks_like {
                LooksLike::Flip { player } => self
                    .slot_of_name(player)
                    .is_some_and(|s| s != pending.slot && self.slots[s].alive),
                _ => false,
            });
        // A vote count of the hammered day is no word either way: the final count ("Vote
        // Count 1.12 … (Hammered!)", 68345 post 1071) or a day that runs on after a vote the
        // tracker misread ("Votecount 1.3", 70912 post 509); the host's next words decide.
        let confirms = witness.moves_on || looks_dead;
        let runs_on = witness
            .running
            .is_some_and(|p| self.order(p) <= self.order(pending.day));
        // The host's own words killed the hammered player on the hammered day without a
        // lynch word ("don_johnson, vanilla townie, was exposed day 5", 17830 post 706, after
        // the hammer at post 660): that death is the day's lynch.
        let slot = &mut self.slots[pending.slot];
        if !witness.tells_lynch
            && let Some(death) = slot.death.as_mut()
            && death.post == post.number
            && death.phase == pending.day
            && !death.lynch
        {
            death.lynch = true;
            if !self.lynched_days.contains(&pending.day) {
                self.lynched_days.push(pending.day);
            }
            self.pending_hammer = None;
            return;
        }
        let later_day = before.is_day() && self.order(before) > self.order(pending.day);
        if later_day || other_flip || witness.tells_lynch || !self.slots[pending.slot].alive {
            self.pending_hammer = None;
            return;
        }
        if !confirms && (runs_on || witness.running.is_none()) {
            return;
        }
        self.pending_hammer = None;
        let name = self.slots[pending.slot].name.clone();
        let message = format!(
            "{name}'s lynch in {} was taken from the hammer at post {}; the host's post {} \
             told no death. If the host told another lynch, resurrect {name} and add that \
             death; add this correction to make it the host's word",
            pending.day, pending.post, post.number
        );
        let comment = format!(
            "lynched {} (the hammer, post {})",
            pending.day, pending.post
        );
        self.story_lynch(pending.slot, pending.day, post, comment, message);
    }

    /// After a GM post's commands (and [`Tracker::hammer_lynch`]): a flip in the post that
    /// ends a day, or that restates the night after it ("It is now Night 1"), with no lynch
    /// of that day read, is that day's lynch: "grayfoxxxx was a Town Follower" in the post
    /// that ends Day 1 (63716 post 665), the lynch told in a story. Only one flip of a living
    /// player: two are no lynch the tracker can tell.
    pub(super) fn flip_lynch(
        &mut self,
        witness: HammerWitness,
        unread: &[Unread],
        before: Phase,
        post: &Post,
    ) {
        if witness.tells_lynch {
            return;
        }
        let after = self.phase();
        let day = if before.is_day() {
            let ends_day = !after.is_day() && self.order(after) > self.order(before);
            // The post that ends the game during a day: the day's lynch ended it ("malpascp
            // was a Vanilla Townie. … The Mafia, consisting of …, has won the game!", 68345
            // post 2229).
            let ends_game = self.ending && after == before;
            (ends_day || ends_game).then_some(before)
        } else if after == before && witness.moves_on {
            self.day_before(before)
        } else {
            None
        };
        let Some(day) = day.filter(|d| !self.lynched_days.contains(d)) else {
            return;
        };
        let mut flipped = unread.iter().filter_map(|u| match &u.looks_like {
            LooksLike::Flip { player } => self
                .slot_of_name(player)
                .filter(|s| self.slots[*s].alive)
                .map(|s| (s, u.raw.clone())),
            _ => None,
        });
        let (Some((slot, raw)), None) = (flipped.next(), flipped.next()) else {
            return;
        };
        let name = self.slots[slot].name.clone();
        let message = format!(
            "{name}'s lynch in {day} was taken from the flip `{}` in post {}, which ends \
             {day} and told no death. If the host told another lynch, resurrect {name} and \
             add that death; add this correction to make it the host's word",
            raw.trim(),
            post.number
        );
        let comment = format!("lynched {day} (the flip in post {})", post.number);
        self.story_lynch(slot, day, post, comment, message);
    }

    /// After a GM post's commands: the flips in the post that opens a day ("Trivium was a
    /// Town 2-Shot Cop", 63716 post 666, after a story of the night) are the night's kills:
    /// each flipped living player dies in the night that just ended, as a review item with
    /// its correction. Without them the living count, and so the majority and the hammer,
    /// stay wrong for the rest of the game.
    pub(super) fn night_flips(&mut self, unread: &[Unread], before: Phase, post: &Post) {
        let after = self.phase();
        let opens_day =
            !before.is_day() && after.is_day() && self.order(after) > self.order(before);
        if !opens_day || self.ending {
            return;
        }
        let flipped: Vec<(usize, String)> = unread
            .iter()
            .filter_map(|u| match &u.looks_like {
                LooksLike::Flip { player } => self
                    .slot_of_name(player)
                    .filter(|s| self.slots[*s].alive)
                    .map(|s| (s, u.raw.trim().to_owned())),
                _ => None,
            })
            .collect();
        for (slot, raw) in flipped {
            if !self.slots[slot].alive {
                continue;
            }
            let name = self.slots[slot].name.clone();
            let s = &mut self.slots[slot];
            s.alive = false;
            s.death = Some(Death {
                comment: format!("killed {before} (the flip in post {})", post.number),
                phase: before,
                post: post.number,
                lynch: false,
            });
            self.openings.retain(|o| o.slot != slot);
            self.roster_changed();
            let record = Correction {
                at: fix_at(post.number),
                action: CorrectionAction::Dies(name.clone()),
                comment: Some(format!("killed {before}")),
            };
            self.note(
                ReviewKind::UnreadLine,
                Some(post.number),
                Some(name.clone()),
                format!(
                    "{name}'s death in {before} was taken from the flip `{raw}` in post {}, \
                     which opens {after} and told no death. If {name} did not die, resurrect \
                     {name}; add this correction to make it the host's word",
                    post.number
                ),
            );
            if let Some(item) = self.review.last_mut() {
                item.fix = Some(record.to_toml());
            }
        }
    }

    /// A lynch the host told in a story: `slot` dies, lynched on `day`, at this post, with a
    /// review item whose correction states it.
    fn story_lynch(
        &mut self,
        slot: usize,
        day: Phase,
        post: &Post,
        comment: String,
        message: String,
    ) {
        let name = self.slots[slot].name.clone();
        let s = &mut self.slots[slot];
        s.alive = false;
        s.death = Some(Death {
            comment,
            phase: day,
            post: post.number,
            lynch: true,
        });
        self.openings.retain(|o| o.slot != slot);
        if !self.lynched_days.contains(&day) {
            self.lynched_days.push(day);
        }
        self.roster_changed();
        let record = Correction {
            at: fix_at(post.number),
            action: CorrectionAction::Dies(name.clone()),
            comment: Some(format!("lynched {day}")),
        };
        self.note_fixed(
            ReviewKind::UnreadLine,
            Some(post.number),
            Some(name),
            message,
            &record,
        );
    }

    /// The slot a name in a GM line belongs to: its holder's or a former holder's name.
    fn slot_of_name(&self, name: &str) -> Option<usize> {
        self.slots.iter().position(|s| {
            s.name.eq_ignore_ascii_case(name)
                || s.replaced.iter().any(|r| r.eq_ignore_ascii_case(name))
        })
    }
}
