//! The fold of what GM posts say about phases beyond the announcement itself: which phase a
//! death belongs to (the one its line names; a lynch announced at night is the day's), the
//! phase a death line implies has begun ("X, Role, killed Night 1" means Night 1 is over),
//! and the review item when the GM's phase skips phases the tracker did not see begin.

use jiff::Timestamp;
use mafia_posts::Post;

use super::Tracker;
use super::gm::{RESERVED_POSTS, Refusal};
use crate::commands::{LooksLike, Unread};
use crate::correction::{Correction, CorrectionAction, FROM_THE_GAME_FILE, fix_at};
use crate::phase::Phase;
use crate::review::ReviewKind;
use crate::status::Death;

impl Tracker {
    /// The phase a death belongs to: the phase its line names ("was killed Night 2"); for a
    /// lynch announced at night (after the deadline, or in the post that opens the night),
    /// the day that just ended, since only a day has a lynch; else the running phase.
    ///
    /// A second lynch told during one night is the next day's: the day before has its
    /// lynch, so the GM's start of the next day was not read (see [`Tracker::after_death`]).
    pub(super) fn phase_of_death(&self, named: Option<Phase>, lynch: bool) -> Phase {
        let running = self.phase();
        match named {
            Some(phase) => phase,
            None if lynch && !running.is_day() => match self.day_before(running) {
                Some(day) if self.lynched_days.contains(&day) => running.next(self.numbering),
                Some(day) => day,
                None => running,
            },
            None => running,
        }
    }

    /// The day just before a night, if the game has one.
    pub(super) fn day_before(&self, night: Phase) -> Option<Phase> {
        let order = self.order(night).checked_sub(1)?;
        [night.number, night.number.saturating_sub(1)]
            .into_iter()
            .map(Phase::day)
            .find(|day| self.order(*day) == order)
    }

    /// After a new death: a lynch ends its day, and a night's death is announced when the
    /// night is over, so a death line naming a later phase than the running one says that
    /// phase has come (and a lynch without a phase said during a day ends that day). The
    /// tracker follows the GM; phases skipped on the way go on the review list.
    pub(super) fn after_death(
        &mut self,
        player: &str,
        named: Option<Phase>,
        lynch: bool,
        post: &Post,
    ) {
        let death_phase = self.phase_of_death(named, lynch);
        if lynch && death_phase.is_day() && !self.lynched_days.contains(&death_phase) {
            self.lynched_days.push(death_phase);
        }
        if self.ending {
            return;
        }
        let running = self.phase();
        let target = match named {
            // "lynched Day 2" ends Day 2; "killed Night 2" was told when Night 2 ended; a
            // day kill ("killed Day 2") leaves its day running.
            Some(phase) if lynch == phase.is_day() => phase.next(self.numbering),
            Some(phase) => phase,
            // A lynch ends its day: the running one, or the one after this night when the
            // day before already had its lynch.
            None if lynch => death_phase.next(self.numbering),
            None => return,
        };
        if self.order(target) <= self.order(running) {
            return;
        }
        let skipped = self.skipped_before(target);
        if self.follow(target, post).is_err() {
            return;
        }
        if !skipped.is_empty() {
            self.began.skipped_from = Some(running);
            let what = match named {
                Some(phase) => format!("{player}'s death in {phase}"),
                None => format!("{player}'s lynch"),
            };
            let message = format!(
                "post {} names {what} during {running}, but no start of {} was read: the \
                 tracker began {target} at this post",
                post.number,
                list(&skipped)
            );
            self.phase_mismatch(target, post, message);
        }
    }

    /// An announced phase later than the running one begins; phases it skips go on the
    /// review list ("It's now Day 4" during Night 1).
    pub(super) fn announced(&mut self, phase: Phase, post: &Post) -> Result<(), Refusal> {
        let running = self.phase();
        let skipped = self.skipped_before(phase);
        let quiet_since = self.quiet_since();
        self.follow(phase, post)?;
        if !skipped.is_empty() {
            self.began.skipped_from = Some(running);
            let off_by_one = skipped.len() <= 2 && skipped.iter().any(|p| p.is_day());
            if let Some(began) = quiet_since.filter(|_| off_by_one) {
                // No host post since the running phase began, and a day is skipped: no day
                // can have been played unannounced, so the announcement is misnumbered (by
                // one: a longer jump more likely means host posts the tracker does not know
                // as the GM's, and stays the host's word below).
                self.misnumbered_here(running, phase, began, post);
                return Ok(());
            }
            let message = format!(
                "post {} announces {phase} during {running}: {} began without a post the \
                 tracker read",
                post.number,
                list(&skipped)
            );
            self.phase_mismatch(phase, post, message);
        }
        Ok(())
    }

    /// A GM line that looks like a death of a living player, or like the heading of a phase
    /// still to come, but was not read: a review item with the correction that would read it.
    /// In the host's reserved opening posts, edited all game long (lists of the dead), the
    /// line does not say when it was written: the item names no correction there.
    pub(super) fn unread_line(&mut self, unread: &Unread, post: &Post) {
        let (message, correction) = match &unread.looks_like {
            LooksLike::Death { player } | LooksLike::Flip { player } => {
                let alive = self
                    .slots
                    .iter()
                    .any(|s| s.alive && s.name.eq_ignore_ascii_case(player));
                if !alive {
                    return;
                }
                (
                    format!(
                        "`{}` looks like {player}'s death but was not read: if {player} died \
                         here, add the correction",
                        short(&unread.raw)
                    ),
                    CorrectionAction::Dies(player.clone()),
                )
            }
            LooksLike::Phase { phase } => {
                if self.order(*phase) <= self.order(self.phase()) {
                    return;
                }
                (
                    format!(
                        "`{}` looks like the start of {phase} but was not read (not bold): if \
                         {phase} began here, add the correction",
                        short(&unread.raw)
                    ),
                    CorrectionAction::Phase(*phase),
                )
            }
        };
        // The host's record at this post (applied right after it) reads the line.
        if self.record_at(post.number, |action| self.reads_as(action, &correction)) {
            return;
        }
        if post.number <= RESERVED_POSTS && self.gm_posts_only {
            let message = format!(
                "`{}` in the host's opening post {} (edited during the game) was not read: \
                 the line does not say when; add the correction at the post where it happened",
                short(&unread.raw),
                post.number
            );
            self.note(
                ReviewKind::UnreadLine,
                Some(post.number),
                Some(post.author.clone()),
                message,
            );
            return;
        }
        // Just before the post, so that the line reads as told and is not flagged again.
        let record = Correction {
            at: fix_at(post.number),
            action: correction,
            comment: None,
        };
        self.note_fixed(
            ReviewKind::UnreadLine,
            Some(post.number),
            Some(post.author.clone()),
            message,
            &record,
        );
    }

    /// After `ended`: the deaths of the host's list whose named phase ended before it (the
    /// phase after theirs is over too) and that no announcement killed are applied, each a
    /// review item.
    pub(super) fn listed_deaths_due(&mut self, ended: Phase) {
        let order = self.order(ended);
        let (due, later): (Vec<_>, Vec<_>) = std::mem::take(&mut self.listed)
            .into_iter()
            .partition(|d| self.order(d.phase) < order);
        self.listed = later;
        for death in due {
            let Some(slot) = self
                .slots
                .iter()
                .position(|s| s.name.eq_ignore_ascii_case(&death.player))
            else {
                continue;
            };
            if !self.slots[slot].alive {
                continue;
            }
            let s = &mut self.slots[slot];
            s.alive = false;
            s.death = Some(Death {
                comment: death.comment.clone(),
                phase: death.phase,
                post: death.post,
                lynch: death.lynch,
            });
            self.roster_changed();
            let (player, phase) = (death.player.clone(), death.phase);
            let record = Correction {
                at: fix_at(self.last_post.unwrap_or(death.post)),
                action: CorrectionAction::Dies(player.clone()),
                comment: Some(format!(
                    "{phase}, as the host's list in post {}",
                    death.post
                )),
            };
            self.note(
                ReviewKind::UnreadLine,
                Some(death.post),
                Some(player.clone()),
                format!(
                    "{player}'s death in {phase} is taken from the host's list of the dead in \
                     post {} (edited during the game): no announcement of it was read by the \
                     end of {ended}",
                    death.post
                ),
            );
            if let Some(item) = self.review.last_mut() {
                item.fix = Some(record.to_toml());
            }
        }
    }

    /// The phases strictly between the running one and `target`.
    fn skipped_before(&self, target: Phase) -> Vec<Phase> {
        let mut out = Vec::new();
        let mut phase = self.phase().next(self.numbering);
        while self.order(phase) < self.order(target) && out.len() < 64 {
            out.push(phase);
            phase = phase.next(self.numbering);
        }
        out
    }

    /// `target` begins at this post, as the GM said; the phases it ends are bookkept.
    fn follow(&mut self, target: Phase, post: &Post) -> Result<(), Refusal> {
        // Games without timestamps still follow announcements; the time only matters to a
        // fixed schedule, which such games cannot have.
        let now = post
            .time
            .or(self.last_time)
            .unwrap_or(Timestamp::UNIX_EPOCH);
        let ended = self.schedule.try_begin_phase(target, now)?;
        for phase in ended {
            self.phase_ended(phase);
        }
        Ok(())
    }

    /// A review item for a phase the GM named that skips phases; its fix begins the phase
    /// just before this post (move `at` if it began earlier).
    fn phase_mismatch(&mut self, target: Phase, post: &Post, message: String) {
        // A phase the game file states is the host's word, skipped phases and all; so is a
        // phase the game file sets right after this post.
        if post.author == FROM_THE_GAME_FILE || self.phase_set_after(post.number) {
            return;
        }
        let record = Correction {
            at: fix_at(post.number),
            action: CorrectionAction::Phase(target),
            comment: Some(format!(
                "{target} as post {} says; move `at` to where it began if earlier",
                post.number
            )),
        };
        self.note_fixed(
            ReviewKind::PhaseMismatch,
            Some(post.number),
            Some(post.author.clone()),
            message,
            &record,
        );
    }
}

/// A line as the review list quotes it: trimmed, and cut after 100 characters.
fn short(raw: &str) -> String {
    let raw = raw.trim();
    match raw.char_indices().nth(100) {
        Some((at, _)) => format!("{}…", &raw[..at]),
        None => raw.to_owned(),
    }
}

/// "Day 2", "Day 2 and Night 2", "Night 1, Day 2 and Night 2".
fn list(phases: &[Phase]) -> String {
    let names: Vec<String> = phases.iter().map(Phase::to_string).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
