//! Votes the tracker did not count, and the host's word on them. A mark that looks like a
//! vote but does not count (unbolded, `V:`) may be one the host rules counts ("I'll count the
//! vote, but in the future, please try to bold all votes", mafiascum 58383 post 206 on post
//! 205's unbolded `Vote: Espressojet`): its review item carries the `vote` (or `unvote`)
//! record at its post that counts it, when the mark names one player (or no lynch) exactly
//! and the record would be applied; otherwise the item says why it offers none.
//!
//! A host's `vote` or `unvote` record at a post rules on that voter's vote in it: their
//! review items about the post's marks (not counted, naming nobody or several players, a near
//! miss) are not listed, since the record, applied right after the post, says what counts.
//! So does a `dies` or `phase` record at a GM post for the death or phase a line of it looks
//! like but that was not read (`state/phases.rs`): the host has said what the line means.

use std::fmt::Write as _;

use super::Tracker;
use crate::config::is_no_lynch;
use crate::correction::{Correction, CorrectionAction};
use crate::review::ReviewKind;
use crate::votes::{Resolution, Target, Verdict, VoteMark, as_if_counted, own_vote};

/// The record that counts a mark, or why none is offered.
type Offer = Result<Correction, NoRecord>;

/// Why a mark that does not count gets no record, as its review item says.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum NoRecord {
    #[error("it names no player")]
    NamesNobody,
    #[error("the line says more than a vote")]
    MoreThanAVote,
    #[error("a later vote in the post replaces it")]
    LaterVote,
    #[error("`{written}` is only a near miss of {meant}")]
    NearMiss { written: String, meant: String },
    #[error("it could mean {0}")]
    Ambiguous(String),
    #[error("`{0}` names no player")]
    Unknown(String),
    #[error("the name {0} does not read back as one player")]
    NameUnread(String),
    #[error("{0} is dead")]
    Dead(String),
    #[error("the day was hammered ({target}, post {at})")]
    Hammered { target: String, at: u64 },
    #[error("there is no vote to take back")]
    NothingToTakeBack,
    #[error("the vote on {0} stands")]
    Stands(String),
    #[error("the vote on {0} is locked")]
    Locked(String),
}

impl Tracker {
    /// Whether a `vote` or `unvote` record of the game file at post `post` is for `slot`'s
    /// vote: the host has ruled on what the slot's marks in that post cast.
    #[cold]
    pub(super) fn vote_corrected_at(&self, post: u64, slot: usize) -> bool {
        self.record_at(post, |action| match action {
            CorrectionAction::Vote { voter, .. } | CorrectionAction::Unvote(voter) => {
                self.roster.resolve(voter) == Resolution::Exact(slot)
            }
            _ => false,
        })
    }

    /// Whether the game file has a record at post `post`, not applied yet (it applies right
    /// after the post), whose action passes `covers`.
    pub(super) fn record_at(&self, post: u64, covers: impl Fn(&CorrectionAction) -> bool) -> bool {
        self.corrections
            .pending()
            .iter()
            .take_while(|c| c.at <= post)
            .any(|c| c.at == post && covers(&c.action))
    }

    /// Whether a record's action is `line`'s reading: the same death (names as slots) or
    /// the same phase.
    pub(super) fn reads_as(&self, record: &CorrectionAction, line: &CorrectionAction) -> bool {
        match (record, line) {
            (CorrectionAction::Dies(a), CorrectionAction::Dies(b)) => {
                let slot = self.roster.resolve(a);
                matches!(slot, Resolution::Exact(_)) && self.roster.resolve(b) == slot
            }
            (a, b) => a == b,
        }
    }

    /// The record at post `post` that casts what `marks[index]` (a mark that does not count)
    /// says for `slot`, if the host counted it; or why none is offered. Called as the mark is
    /// read, after the post's earlier marks.
    #[cold]
    fn offer_for_uncounted(
        &self,
        slot: usize,
        marks: &[VoteMark],
        index: usize,
        post: u64,
    ) -> Offer {
        let mark = &marks[index];
        let read = as_if_counted(&mark.raw, &self.roster).ok_or(NoRecord::NamesNobody)?;
        if !read.alone {
            // `Vote Peabody with me, then.`: talk that starts like a vote, more often than not.
            return Err(NoRecord::MoreThanAVote);
        }
        let meant = own_vote(&read.verdict, slot).unwrap_or(read.verdict);
        // The post's last vote wins: a later mark that counts, or would, is the one to rule on.
        let later = marks[index + 1..].iter().any(|m| {
            m.verdict.counts()
                || matches!(m.verdict, Verdict::NotCounted { .. })
                    && as_if_counted(&m.raw, &self.roster).is_some()
        });
        if later {
            return Err(NoRecord::LaterVote);
        }
        let voter = self.record_name(slot)?;
        let action = match meant {
            Verdict::Unvote => CorrectionAction::Unvote(voter),
            Verdict::Vote { target } => CorrectionAction::Vote {
                voter,
                target: self.record_target(&target)?,
            },
            Verdict::NearMiss { target, written } => {
                return Err(NoRecord::NearMiss {
                    written,
                    meant: self.target_name(&target),
                });
            }
            Verdict::Ambiguous { candidates, .. } => {
                let names: Vec<&str> = candidates
                    .iter()
                    .filter_map(|c| self.slots.get(*c).map(|s| s.name.as_str()))
                    .collect();
                return Err(NoRecord::Ambiguous(names.join(" or ")));
            }
            Verdict::Unknown { written } => return Err(NoRecord::Unknown(written)),
            Verdict::NotCounted { .. } => return Err(NoRecord::NamesNobody),
        };
        self.vote_would_change(slot, &action)?;
        Ok(Correction {
            at: post,
            action,
            comment: None,
        })
    }

    /// The name a record gives `slot`: its holder's, when that name reads back as the slot.
    fn record_name(&self, slot: usize) -> Result<String, NoRecord> {
        let name = self.slots[slot].name.clone();
        match self.roster.resolve(&name) {
            Resolution::Exact(s) if s == slot => Ok(name),
            _ => Err(NoRecord::NameUnread(name)),
        }
    }

    fn record_target(&self, target: &Target) -> Result<String, NoRecord> {
        match target {
            Target::NoLynch => {
                let text = "no lynch";
                debug_assert!(is_no_lynch(text));
                Ok(text.to_owned())
            }
            Target::Slot(t) if !self.slots[*t].alive => {
                Err(NoRecord::Dead(self.slots[*t].name.clone()))
            }
            Target::Slot(t) => self.record_name(*t),
        }
    }

    /// Why a vote record for `slot` would be refused now (the rules of a player's vote: a
    /// hammered day, a locked wagon).
    fn vote_would_change(&self, slot: usize, action: &CorrectionAction) -> Result<(), NoRecord> {
        if let Some((target, at)) = &self.hammer {
            return Err(NoRecord::Hammered {
                target: self.target_name(target),
                at: *at,
            });
        }
        let current = self.votes[slot].as_ref();
        if current.is_none() && matches!(action, CorrectionAction::Unvote(_)) {
            return Err(NoRecord::NothingToTakeBack);
        }
        if let Some(current) = current {
            let same = matches!(action, CorrectionAction::Vote { target, .. }
                if self.target_name(&current.target).eq_ignore_ascii_case(target)
                    || current.target == Target::NoLynch && is_no_lynch(target));
            if same {
                return Err(NoRecord::Stands(self.target_name(&current.target)));
            }
            if self.locked.contains(&current.target) {
                return Err(NoRecord::Locked(self.target_name(&current.target)));
            }
        }
        Ok(())
    }

    /// The review item of a mark that does not count (`marks[index]`, `reason`), with the
    /// record that counts it, or why none is offered; none when the host's record at the post
    /// has ruled on the voter's vote.
    #[cold]
    pub(super) fn note_uncounted(
        &mut self,
        slot: usize,
        marks: &[VoteMark],
        index: usize,
        post: u64,
        reason: &str,
    ) {
        if self.vote_corrected_at(post, slot) {
            return;
        }
        let name = self.slots[slot].name.clone();
        let offer = self.offer_for_uncounted(slot, marks, index, post);
        let mut message = format!("{name}: `{}` does not count: {reason}", marks[index].raw);
        match &offer {
            Ok(_) => message.push_str("; if the host counts it, add the correction"),
            Err(why) => {
                let _ = write!(message, "; no correction is offered: {why}");
            }
        }
        match offer {
            Ok(record) => self.note_fixed(
                ReviewKind::VoteNotCounted,
                Some(post),
                Some(name),
                message,
                &record,
            ),
            Err(_) => self.note(ReviewKind::VoteNotCounted, Some(post), Some(name), message),
        }
    }
}
