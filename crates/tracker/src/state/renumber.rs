//! A phase the host misnumbered: "Night 5 has begun" after Day 4's lynch (mafiascum 28480
//! post 883), then "It is now Day 5" (post 884). The tracker follows the first post to Night
//! 5 and must refuse the second (Day 5 comes before Night 5), so a host's correction may set
//! the phase back: a `phase` record naming a phase before the running one says the running
//! phase is really that one (the phase keeps running, renumbered; nothing ends). It may pass
//! back over phases only while none of them is a day with votes on record: the end of a
//! voted day is not taken back.
//!
//! The review list suggests that record where the numbering shows the slip: a GM post that
//! announces a phase skipping a day although the host has not posted since the running phase
//! began (no day can have been played unannounced), and a refused announcement of a phase the
//! tracker skipped when the running phase began.

use mafia_posts::Post;

use super::Tracker;
use super::corrections::CorrectionRefusal;
use super::gm::Refusal;
use crate::correction::{Correction, CorrectionAction, FROM_THE_GAME_FILE};
use crate::phase::Phase;
use crate::review::ReviewKind;

impl Tracker {
    /// `phase = "Night 4"` while Night 5 runs: the running phase is Night 4. Day results the
    /// tracker kept for phases from Night 4 on are dropped (they never were); a day renumbered
    /// as a night loses its votes (a night has none). The schedule steps back to the phase's
    /// place in the cadence.
    pub(super) fn go_back(&mut self, to: Phase) -> Result<(), CorrectionRefusal> {
        self.may_go_back(to)?;
        // `go_back_to` changes the schedule only when it succeeds.
        self.schedule.go_back_to(to).map_err(Refusal::from)?;
        let limit = self.order(to);
        let kept = self
            .days
            .iter()
            .position(|d| self.order(d.phase) >= limit)
            .unwrap_or(self.days.len());
        self.days.truncate(kept);
        let lynched: Vec<Phase> = self
            .lynched_days
            .iter()
            .copied()
            .filter(|day| self.order(*day) < limit)
            .collect();
        self.lynched_days = lynched;
        if !to.is_day() {
            self.clear_votes();
            self.today.clear();
            self.reached.clear();
            self.hammer = None;
            self.standing = None;
            self.day_posts.iter_mut().for_each(|n| *n = 0);
        }
        self.began.skipped_from = None;
        Ok(())
    }

    /// Whether the phase may be set back to `to`: the game is on, and no day from `to` on
    /// ended with votes.
    fn may_go_back(&self, to: Phase) -> Result<(), CorrectionRefusal> {
        if self.game_over {
            return Err(Refusal::GameOver.into());
        }
        let limit = self.order(to);
        match self
            .days
            .iter()
            .find(|d| self.order(d.phase) >= limit && !d.votes.is_empty())
        {
            Some(day) => Err(CorrectionRefusal::VotedDay { to, day: day.phase }),
            None => Ok(()),
        }
    }

    /// Whether the game file sets the phase right after post `number` (a `phase` record at
    /// it): the host has said what the phase is there.
    pub(super) fn phase_set_after(&self, number: u64) -> bool {
        self.corrections
            .pending()
            .iter()
            .take_while(|c| c.at <= number)
            .any(|c| c.at == number && matches!(c.action, CorrectionAction::Phase(_)))
    }

    /// The post where the running phase began, if no GM post came after it (before the one
    /// being read): the host has said nothing since.
    pub(super) fn quiet_since(&self) -> Option<u64> {
        let began = self.began.post?;
        self.last_gm_post
            .is_none_or(|gm| gm <= began)
            .then_some(began)
    }

    /// A GM post that announces `announced` while `running` runs, one number off (skipping a
    /// day, and at most one night), with no host
    /// post since `running` began at post `began` (28480: RadiantCowbells's hammer ends Day 4
    /// at post 881; the host's post 883 tells the lynch and "Night 5 has begun"). A day is
    /// played in the thread and begun by the host, so none went unread: the announcement is
    /// misnumbered. The review item's fix, right after the post, keeps the first phase of the
    /// announced kind from the running one on (Night 4 there).
    pub(super) fn misnumbered_here(
        &mut self,
        running: Phase,
        announced: Phase,
        began: u64,
        post: &Post,
    ) {
        // The game file's phase is the host's word; so is one it sets right after the post.
        if post.author == FROM_THE_GAME_FILE || self.phase_set_after(post.number) {
            return;
        }
        let meant = if running.kind == announced.kind {
            running
        } else {
            running.next(self.numbering)
        };
        let since = if began == post.number {
            "in this post".to_owned()
        } else {
            format!("at post {began}, and the host has not posted since")
        };
        let message = format!(
            "post {} announces {announced} during {running}, which began {since}: no day can \
             have been played in between, so the number is likely wrong; the tracker began \
             {announced} (if it is {meant}, add the correction)",
            post.number
        );
        let record = Correction {
            at: post.number,
            action: CorrectionAction::Phase(meant),
            comment: Some(format!(
                "post {} announces {announced}, but {meant} began at post {began}",
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

    /// After the review item of a refused announcement of `refused`, a phase already over:
    /// if the tracker skipped it when the running phase began (a GM post named a later
    /// phase), the host's word now says the skipped phase is still to come, so the post that
    /// began the running phase misnumbered it (28480: "Night 5 has begun", post 883, then
    /// "It is now Day 5", post 884). The item gets the record that renumbers the running
    /// phase to the one before `refused`, at the post where it began.
    pub(super) fn misnumbered_before(&mut self, refused: Phase) {
        let running = self.phase();
        let (Some(began), Some(from)) = (self.began.post, self.began.skipped_from) else {
            return;
        };
        let between =
            self.order(from) < self.order(refused) && self.order(refused) < self.order(running);
        let Some(meant) = refused.prev(self.numbering) else {
            return;
        };
        if !between || self.may_go_back(meant).is_err() {
            return;
        }
        let record = Correction {
            at: began,
            action: CorrectionAction::Phase(meant),
            comment: Some(format!(
                "post {began} announced {running}, skipping {refused}, which the host began \
                 later: it was {meant}"
            )),
        };
        if let Some(item) = self.review.last_mut() {
            item.message.push_str(&format!(
                "; {running} began at post {began}, skipping {refused}: if {running} was \
                 {meant} misnumbered, add the correction"
            ));
            item.fix = Some(record.to_toml());
        }
    }
}
