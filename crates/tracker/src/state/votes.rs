//! The fold of players' posts: their vote-like marks become votes (or review items and
//! refusals), and the tally as it stands.

use mafia_posts::Post;

use super::{CastVote, Tracker};
use crate::config::MajorityProfile;
use crate::review::ReviewKind;
use crate::status::VoteRecord;
use crate::tally::{self, Tally, Wagon};
use crate::votes::{Target, Verdict, VoteMark, own_vote};

impl Tracker {
    /// A living player's day post: each mark goes to the vote log (and, when it is doubtful,
    /// to the review list); the last counting one sets the slot's vote.
    pub(super) fn cast_marks(&mut self, slot: usize, marks: &[VoteMark], post: &Post) {
        if marks.is_empty() {
            return;
        }
        // `VOTE: Me`: a vote for the voter's own slot (marks are copied only when one is).
        let owned: Option<Vec<VoteMark>> = marks
            .iter()
            .any(|m| own_vote(&m.verdict, slot).is_some())
            .then(|| {
                marks
                    .iter()
                    .map(|m| VoteMark {
                        verdict: own_vote(&m.verdict, slot).unwrap_or_else(|| m.verdict.clone()),
                        ..m.clone()
                    })
                    .collect()
            });
        let marks = owned.as_deref().unwrap_or(marks);
        let name = self.slots[slot].name.clone();
        let last_counting = marks.iter().rposition(|m| m.verdict.counts());
        for (i, mark) in marks.iter().enumerate() {
            match &mark.verdict {
                // The host's record at this post says what the voter's vote is.
                Verdict::NearMiss { .. } | Verdict::Ambiguous { .. } | Verdict::Unknown { .. }
                    if self.vote_corrected_at(post.number, slot) => {}
                Verdict::NearMiss { target, written } => {
                    let meant = self.target_name(target);
                    self.note(
                        ReviewKind::NearMissVote,
                        Some(post.number),
                        Some(name.clone()),
                        format!(
                            "{name} voted `{written}`, counted as {meant}: `{}`",
                            mark.raw
                        ),
                    );
                }
                Verdict::Ambiguous {
                    written,
                    candidates,
                } => {
                    let list: Vec<&str> = candidates
                        .iter()
                        .filter_map(|c| self.slots.get(*c).map(|s| s.name.as_str()))
                        .collect();
                    self.note(
                        ReviewKind::RejectedVote,
                        Some(post.number),
                        Some(name.clone()),
                        format!(
                            "{name}'s vote `{written}` could mean {}; not counted: `{}`",
                            list.join(" or "),
                            mark.raw
                        ),
                    );
                }
                Verdict::Unknown { written } => self.note(
                    ReviewKind::RejectedVote,
                    Some(post.number),
                    Some(name.clone()),
                    format!(
                        "{name}'s vote `{written}` names no player; not counted: `{}`",
                        mark.raw
                    ),
                ),
                Verdict::NotCounted { reason } => {
                    self.note_uncounted(slot, marks, i, post.number, reason);
                }
                Verdict::Vote { .. } | Verdict::Unvote => {}
            }
            let mut counted = false;
            if Some(i) == last_counting {
                counted = self.cast(slot, &mark.verdict, post);
            }
            self.today.push(VoteRecord {
                post: post.number,
                voter: name.clone(),
                raw: mark.raw.clone(),
                verdict: mark.verdict.clone(),
                counted,
            });
        }
        // A hammer ends the day at this post, once the post's marks are in the day's log.
        if self
            .hammer
            .as_ref()
            .is_some_and(|(_, at)| *at == post.number)
        {
            if let Some(now) = post.time {
                self.end_phase_early(now);
            }
        }
    }

    /// Sets a slot's vote from a counting verdict; returns whether it changed the vote.
    fn cast(&mut self, slot: usize, verdict: &Verdict, post: &Post) -> bool {
        let name = self.slots[slot].name.clone();
        let refuse = |t: &mut Tracker, why: String| {
            t.note(
                ReviewKind::VoteRefused,
                Some(post.number),
                Some(name.clone()),
                why,
            );
            false
        };
        if let Some((target, at)) = &self.hammer {
            let who = self.target_name(target);
            return refuse(
                self,
                format!("{name} voted after the day was hammered ({who}, post {at}); not counted"),
            );
        }
        let new_target = match verdict {
            Verdict::Vote { target } | Verdict::NearMiss { target, .. } => Some(target.clone()),
            _ => None,
        };
        if let Some(current) = &self.votes[slot] {
            if self.locked.contains(&current.target) && Some(&current.target) != new_target.as_ref()
            {
                let who = self.target_name(&current.target);
                return refuse(
                    self,
                    format!("{name}'s vote on {who} is locked and cannot change"),
                );
            }
        }
        match new_target {
            None => {
                self.votes[slot] = None;
                self.standing = None;
                true
            }
            Some(target) => {
                if let Target::Slot(t) = target {
                    if !self.slots[t].alive {
                        let who = self.slots[t].name.clone();
                        return refuse(self, format!("{name} voted for {who}, who is dead"));
                    }
                }
                if self.votes[slot].as_ref().map(|v| &v.target) == Some(&target) {
                    return true;
                }
                self.vote_seq += 1;
                self.standing = None;
                self.votes[slot] = Some(CastVote {
                    target: target.clone(),
                    seq: self.vote_seq,
                });
                self.after_vote(&target, post);
                true
            }
        }
    }

    fn after_vote(&mut self, target: &Target, post: &Post) {
        let count = self
            .votes
            .iter()
            .flatten()
            .filter(|v| &v.target == target)
            .count();
        let living = self.living();
        match self.game.rules.majority {
            MajorityProfile::Lock => {
                if count >= tally::lock_at(living) && !self.locked.contains(target) {
                    self.locked.push(target.clone());
                }
            }
            MajorityProfile::Hammer => {
                // The day ends when the whole post is read (`cast_marks`).
                if count >= tally::majority(living) {
                    self.hammer = Some((target.clone(), post.number));
                }
            }
            MajorityProfile::Plurality => {
                self.reached
                    .entry((target.clone(), count))
                    .or_insert(self.vote_seq);
            }
            MajorityProfile::None => {}
        }
    }

    pub(super) fn living(&self) -> usize {
        self.slots.iter().filter(|s| s.alive).count()
    }

    /// The name a vote target shows: the slot's current holder, or `No Lynch`.
    pub fn target_name(&self, target: &Target) -> String {
        match target {
            Target::Slot(s) => self
                .slots
                .get(*s)
                .map_or_else(|| "?".to_string(), |s| s.name.clone()),
            Target::NoLynch => "No Lynch".to_string(),
        }
    }
    // --- the tally ---------------------------------------------------------------------

    /// The tally as it stands (of the running day; empty at night).
    pub fn tally_now(&self) -> Tally {
        let living = self.living();
        let majority = tally::majority(living);
        let mut wagons: Vec<(u64, Target, Vec<Voter>)> = Vec::new();
        for (slot, vote) in self.votes.iter().enumerate() {
            let Some(vote) = vote else { continue };
            let voter = (vote.seq, self.slots[slot].name.clone());
            match wagons.iter_mut().find(|(_, t, _)| *t == vote.target) {
                Some(w) => w.2.push(voter),
                None => wagons.push((0, vote.target.clone(), vec![voter])),
            }
        }
        let plurality = self.game.rules.majority == MajorityProfile::Plurality;
        for w in &mut wagons {
            w.2.sort();
            w.0 = if plurality {
                // A tie goes to whoever reached that many votes first.
                self.reached
                    .get(&(w.1.clone(), w.2.len()))
                    .copied()
                    .unwrap_or(u64::MAX)
            } else {
                w.2.first().map_or(0, |v| v.0)
            };
        }
        wagons.sort_by(|a, b| b.2.len().cmp(&a.2.len()).then(a.0.cmp(&b.0)));
        let leader = if plurality {
            wagons.first().map(|w| self.target_name(&w.1))
        } else {
            None
        };
        let not_voting = self
            .slots
            .iter()
            .zip(&self.votes)
            .filter(|(s, v)| s.alive && v.is_none())
            .map(|(s, _)| s.name.clone())
            .collect();
        Tally {
            wagons: wagons
                .into_iter()
                .map(|(_, target, voters)| Wagon {
                    candidate: self.target_name(&target),
                    locked: self.locked.contains(&target),
                    votes: voters.len(),
                    short_of_majority: majority.saturating_sub(voters.len()),
                    voters: voters.into_iter().map(|(_, n)| n).collect(),
                })
                .collect(),
            not_voting,
            living,
            majority,
            lock_at: (self.game.rules.majority == MajorityProfile::Lock)
                .then(|| tally::lock_at(living)),
            leader,
        }
    }
}

/// A voter on a wagon: when their vote was cast, and their name.
type Voter = (u64, String);
