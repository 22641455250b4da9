//! The host's corrections in the fold: a `[[corrections]]` record at post N is applied right
//! after post N, as if the GM had posted its command then (the same rules, and the same
//! refusals on the review list, marked as coming from the game file). A record at a post
//! number the thread does not have is applied just before the first post with a higher
//! number; while no such post has come, the review list says it is waiting.
//!
//! Names are read as slots (a replaced player's old and new names are one slot). A correction
//! is made at the time of the last post read; `end_phase` in a thread without times begins the
//! next phase, as the GM's announcement of it would.

use mafia_posts::{Body, Post};

use super::Tracker;
use super::gm::Refusal;
use crate::commands::{Command, Recognised};
use crate::config::{is_no_lynch, user_key};
use crate::correction::{Correction, CorrectionAction};
use crate::phase::Phase;
use crate::review::{ReviewItem, ReviewKind};
use crate::vocabulary::CommandWords;
use crate::votes::{Resolution, Target, Verdict, VoteMark};

pub use crate::correction::FROM_THE_GAME_FILE;

/// Why a correction was not applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(super) enum CorrectionRefusal {
    #[error(transparent)]
    Command(#[from] Refusal),
    #[error("{0} is dead")]
    Dead(String),
    #[error("`{name}` already names {holder}")]
    AliasTaken { name: String, holder: String },
    /// A `phase` before the running one would take back the end of a day with votes.
    #[error(
        "{day} ended with votes, so the phase cannot be set back to {to} (a correction sets \
         the phase back only over phases without votes)"
    )]
    VotedDay { to: Phase, day: Phase },
}

impl Tracker {
    /// Before post `number`: the corrections at earlier post numbers that no post has
    /// reached (numbers missing from the thread).
    #[inline]
    pub(super) fn corrections_before(&mut self, number: u64) {
        if self.corrections.due(number, false) {
            self.apply_corrections(number, false);
        }
    }

    /// After post `number`: the corrections at it.
    #[inline]
    pub(super) fn corrections_after(&mut self, number: u64) {
        if self.corrections.due(number, true) {
            self.apply_corrections(number, true);
        }
    }

    #[cold]
    fn apply_corrections(&mut self, number: u64, inclusive: bool) {
        while self.corrections.due(number, inclusive) {
            let Some(c) = self.corrections.take() else {
                break;
            };
            if let Err(reason) = self.correct(&c) {
                self.note(
                    ReviewKind::IgnoredCommand,
                    Some(c.at),
                    Some(FROM_THE_GAME_FILE.to_owned()),
                    format!(
                        "the correction `{}` at post {} was not applied: {reason}",
                        c.action.to_toml(),
                        c.at
                    ),
                );
            }
        }
    }

    /// The review list, with a line for each correction no post has reached yet.
    pub(super) fn review_with_pending(&self) -> Vec<ReviewItem> {
        let mut list = self.review.clone();
        let phase = self.phase();
        for c in self.corrections.pending() {
            let last = self
                .last_post
                .map_or_else(|| "no post yet".to_owned(), |n| format!("post {n}"));
            list.push(ReviewItem {
                kind: ReviewKind::IgnoredCommand,
                post: Some(c.at),
                who: Some(FROM_THE_GAME_FILE.to_owned()),
                phase,
                message: format!(
                    "the correction `{}` at post {} is not applied yet: the thread has reached \
                     {last}, and a correction applies after its post (is `at` right?)",
                    c.action.to_toml(),
                    c.at
                ),
                fix: None,
            });
        }
        list
    }

    /// Applies one correction as the GM command it stands for.
    fn correct(&mut self, c: &Correction) -> Result<(), CorrectionRefusal> {
        // The correction is made at the time of the last post read: it belongs after it.
        let post = Post {
            id: String::new(),
            number: c.at,
            author: FROM_THE_GAME_FILE.to_owned(),
            time: self.last_time,
            edited: None,
            body: Body::default(),
        };
        let command = match &c.action {
            // A phase before the running one: the running phase was misnumbered.
            CorrectionAction::Phase(phase) if self.order(*phase) < self.order(self.phase()) => {
                return self.go_back(*phase);
            }
            CorrectionAction::Phase(phase) => Command::Announce { phase: *phase },
            // A thread without times cannot end a phase "now": the next phase begins, as
            // the GM's announcement of it would begin it.
            CorrectionAction::EndPhase if self.last_time.is_none() => {
                match self.schedule.upcoming(2).get(1) {
                    Some(next) => Command::Announce { phase: next.phase },
                    None => Command::EndEarly {
                        kind: self.phase().kind,
                    },
                }
            }
            CorrectionAction::EndPhase => Command::EndEarly {
                kind: self.phase().kind,
            },
            CorrectionAction::Dies(name) => Command::Death {
                player: self.holder_of(name)?,
                comment: c
                    .comment
                    .clone()
                    .unwrap_or_else(|| "a correction in the game file".to_owned()),
                phase: None,
                // `comment = "lynched Day 3"` marks a lynch on the dead list, as the host's
                // own words would.
                lynch: c.comment.as_deref().is_some_and(says_lynch),
            },
            CorrectionAction::Resurrect(name) => Command::Resurrect {
                player: self.holder_of(name)?,
            },
            CorrectionAction::Replace { new, old } => {
                let old = self.holder_of(old)?;
                // The host names the user: known from now on, whether or not they posted.
                self.know_user(new);
                Command::Replace {
                    new: new.clone(),
                    old,
                }
            }
            CorrectionAction::MoveDeadline(by) => Command::MoveDeadline { by: *by },
            CorrectionAction::Vote { voter, target } => {
                let target = if is_no_lynch(target) {
                    Target::NoLynch
                } else {
                    Target::Slot(self.slot_of(target)?)
                };
                return self.correct_vote(c, voter, Verdict::Vote { target }, &post);
            }
            CorrectionAction::Unvote(voter) => {
                return self.correct_vote(c, voter, Verdict::Unvote, &post);
            }
            CorrectionAction::Alias { name, slot } => return self.add_alias(name, slot),
        };
        let recognised = Recognised {
            command,
            line: 0,
            raw: c.action.to_toml(),
        };
        Ok(self.command(&recognised, &post)?)
    }

    /// The slot a name of a correction means: a player's name or alias, current or replaced.
    fn slot_of(&self, name: &str) -> Result<usize, Refusal> {
        match self.roster.resolve(name) {
            Resolution::Exact(slot) => Ok(slot),
            _ => Err(Refusal::NotAPlayer(name.to_owned())),
        }
    }

    /// The current holder of the slot a name means (the name GM commands go by).
    fn holder_of(&self, name: &str) -> Result<String, Refusal> {
        Ok(self.slots[self.slot_of(name)?].name.clone())
    }

    /// A vote or unvote cast for a slot, by the rules of a player's vote (a living voter,
    /// during a day; a locked wagon, a hammered day or a dead target refuse it), in the
    /// day's vote log as the game file's.
    fn correct_vote(
        &mut self,
        c: &Correction,
        voter: &str,
        verdict: Verdict,
        post: &Post,
    ) -> Result<(), CorrectionRefusal> {
        if self.game_over {
            return Err(Refusal::GameOver.into());
        }
        let slot = self.slot_of(voter)?;
        if !self.slots[slot].alive {
            return Err(CorrectionRefusal::Dead(self.slots[slot].name.clone()));
        }
        let phase = self.phase();
        if !phase.is_day() {
            return Err(Refusal::WrongPhase {
                running: phase.to_string().to_lowercase(),
                asked: "day".to_owned(),
            }
            .into());
        }
        let mark = VoteMark {
            line: 0,
            raw: format!("{} (game file)", c.action.to_toml()),
            verdict,
        };
        self.cast_marks(slot, std::slice::from_ref(&mark), post);
        Ok(())
    }

    /// `name` is `slot`'s from now on: votes for it count for the slot, and a user of that
    /// name posts and votes as the slot (a hydra's second head, a co-player's own account:
    /// mafiascum 34780's EspeciallyTheLies for Taylor, 16214's TwoHeadedBoy for Fugitive),
    /// until the slot is replaced. A GM's name stays the GM's as a poster.
    fn add_alias(&mut self, name: &str, slot: &str) -> Result<(), CorrectionRefusal> {
        let slot = self.slot_of(slot)?;
        match self.roster.resolve(name) {
            Resolution::Exact(s) if s == slot => {}
            Resolution::Exact(other) => {
                return Err(CorrectionRefusal::AliasTaken {
                    name: name.to_owned(),
                    holder: self.slots[other].name.clone(),
                });
            }
            _ => self.roster.add(slot, name),
        }
        let key = user_key(name);
        if !self.gms.contains(&key) && !self.holders.contains_key(&key) {
            self.holders.insert(key, slot);
            // The account's earlier posts were read as an outsider's.
            self.authors.clear();
            self.know_user(name);
        }
        Ok(())
    }
}

/// Whether a comment names a lynch in the words of [`CommandWords::lynch_words`].
fn says_lynch(comment: &str) -> bool {
    comment.split(|c: char| !c.is_alphanumeric()).any(|w| {
        CommandWords::STANDARD
            .lynch_words
            .iter()
            .any(|l| l.eq_ignore_ascii_case(w))
    })
}
