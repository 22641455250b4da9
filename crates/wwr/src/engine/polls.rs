//! Poll manipulation beyond cancel/delete (guide, "Poll Manipulating"): `Add '<Poll>' Poll`
//! (duplicate polls), `Manipulate '<Poll>' Poll (<Target> is 'Unvotable'|'Disqualified')` and
//! `(<Target> has '<N>' [hidden] votes)`; and the `On Poll Skipped` trigger.
//!
//! - Add: if a poll of that definition is open, a copy (`Lynch 2`) opens at once; otherwise
//!   the next creation of that poll opens an extra copy ("Poll Manipulations can affect
//!   polls that do not yet exist").
//! - Candidate manipulations last until the next poll of their type closes; with `(~Phase)`
//!   they apply to every poll of the type closing in the phase they were made.
//! - A poll is skipped when it closes without running its `On Poll Closed` ability (no votes,
//!   a tie, `Abstain`, a disqualified or dead winner, a text result, a cancelled result) or
//!   when a deleted poll would have opened; the creator's `On Poll Skipped` abilities run then,
//!   with `@Winner` (and `@Winner2` for a tie) where there is one.

use std::ops::ControlFlow;

use mafia_roles::ability::{Duration, PollManipulation, Timing, Value};

use crate::error::Refusal;
use crate::eval::Ctx;
use crate::game::{Game, Owner};
use crate::library::norm;
use crate::state::{
    Audience, CandidateEffect, CandidateManipulation, Opt, Phase, Poll, Source, Val,
};

use super::kinds::timing_of;

impl Game {
    /// `Add '<Poll>' Poll`.
    pub(super) fn add_poll(&mut self, poll: &Value, ctx: &Ctx) -> Option<String> {
        let def = norm(&self.text(poll, ctx));
        let open = self
            .state
            .polls
            .iter()
            .filter(|p| p.open && norm(&p.def) == def)
            .map(|p| p.id)
            .next();
        match open {
            Some(id) => self.duplicate_poll(id),
            None => {
                self.host_log(format!(
                    "an extra `{def}` poll will open the next time it is created"
                ));
                self.state.added_polls.push(def);
            }
        }
        Some("Success".into())
    }

    /// Opens the extra copies of a just-created poll that `Add` asked for.
    pub(super) fn open_added_polls(&mut self, id: u64) {
        let Some(def) = self
            .state
            .polls
            .iter()
            .find(|p| p.id == id)
            .map(|p| norm(&p.def))
        else {
            return;
        };
        while let Some(pos) = self.state.added_polls.iter().position(|d| *d == def) {
            self.state.added_polls.remove(pos);
            self.duplicate_poll(id);
        }
    }

    /// A copy of poll `id` (same options, voters and creator), named `<Name> <n>`.
    fn duplicate_poll(&mut self, id: u64) {
        let Some(orig) = self.state.polls.iter().find(|p| p.id == id).cloned() else {
            return;
        };
        let same = self
            .state
            .polls
            .iter()
            .filter(|p| p.open && p.def == orig.def && p.location == orig.location)
            .count();
        let new_id = self.state.next_id;
        self.state.next_id += 1;
        let name = format!("{} {}", orig.name, same + 1);
        let aud = if orig.private {
            Audience::Channel(orig.location.clone())
        } else {
            Audience::Public
        };
        self.state.polls.push(Poll {
            id: new_id,
            name: name.clone(),
            votes: Default::default(),
            opened: self.state.phase,
            open: true,
            winner: None,
            ..orig
        });
        self.say(aud, format!("The {name} poll is open."));
    }

    /// `Manipulate '<Poll>' Poll (<Target> is '<Type>')` / `(<Target> has '<N>' [hidden] votes)`.
    pub(super) fn manipulate_candidates(
        &mut self,
        poll: &Value,
        m: &PollManipulation,
        duration: &Option<Duration>,
        ty: &(String, String),
        ctx: &mut Ctx,
    ) -> Option<String> {
        let poll = norm(&self.text(poll, ctx));
        let (target, effect) = match m {
            PollManipulation::Is { target, kind } => {
                let k = norm(&self.text(kind, ctx));
                let effect = match k.as_str() {
                    "unvotable" => CandidateEffect::Unvotable,
                    "disqualified" => CandidateEffect::Disqualified,
                    other => {
                        self.host_log(format!(
                            "Manipulate `{poll}` Poll: unknown manipulation `{other}` (expected Unvotable or Disqualified)"
                        ));
                        return Some("Failure".into());
                    }
                };
                (target, effect)
            }
            PollManipulation::Votes {
                target,
                count,
                hidden,
            } => {
                let n = {
                    let v = self.eval(count, ctx);
                    self.num_of(&v)
                };
                (
                    target,
                    CandidateEffect::Votes {
                        count: n,
                        hidden: *hidden,
                    },
                )
            }
        };
        let ts = match self.visit_target(target, ty, ctx) {
            ControlFlow::Continue(ts) => ts,
            ControlFlow::Break(cancelled) => return cancelled,
        };
        let phase_only = duration
            .as_ref()
            .is_some_and(|d| norm(d.name.trim_start_matches('~')) == "phase");
        for &t in &ts {
            self.host_log(format!(
                "{} on the {poll} poll: {}",
                self.name(t),
                match &effect {
                    CandidateEffect::Unvotable => "unvotable".to_string(),
                    CandidateEffect::Disqualified => "disqualified".to_string(),
                    CandidateEffect::Votes { count, hidden } =>
                        format!("{count} {}votes", if *hidden { "hidden " } else { "" }),
                }
            ));
            self.state
                .candidate_manipulations
                .push(CandidateManipulation {
                    poll: poll.clone(),
                    player: t,
                    effect: effect.clone(),
                    set_in: self.state.phase,
                    phase_only,
                });
        }
        Some(if ts.is_empty() { "Failure" } else { "Success" }.into())
    }

    fn manipulations_for(&self, poll: &Poll) -> Vec<CandidateManipulation> {
        let def = norm(&poll.def);
        self.state
            .candidate_manipulations
            .iter()
            .filter(|m| m.poll == def)
            .cloned()
            .collect()
    }

    /// Refuses a vote for an unvotable candidate.
    pub(super) fn check_votable(&self, poll: &Poll, opt: &Opt) -> Result<(), Refusal> {
        let Opt::Player(p) = opt else { return Ok(()) };
        if self
            .manipulations_for(poll)
            .iter()
            .any(|m| m.player == *p && m.effect == CandidateEffect::Unvotable)
        {
            return Err(Refusal::Unvotable {
                player: self.name(*p),
                poll: poll.name.clone(),
            });
        }
        Ok(())
    }

    /// Adds manipulated votes to a poll's tally; returns the hidden part per option (not
    /// shown in the count).
    pub(super) fn manipulate_tally(
        &self,
        poll: &Poll,
        tally: &mut Vec<(Opt, i64)>,
    ) -> Vec<(Opt, i64)> {
        let mut hidden: Vec<(Opt, i64)> = Vec::new();
        for m in self.manipulations_for(poll) {
            let CandidateEffect::Votes { count, hidden: h } = m.effect else {
                continue;
            };
            let o = Opt::Player(m.player);
            match tally.iter_mut().find(|(x, _)| *x == o) {
                Some(e) => e.1 += count,
                None => tally.push((o.clone(), count)),
            }
            if h {
                match hidden.iter_mut().find(|(x, _)| *x == o) {
                    Some(e) => e.1 += count,
                    None => hidden.push((o, count)),
                }
            }
        }
        hidden
    }

    /// Whether the winner of a poll is disqualified.
    pub(super) fn is_disqualified(&self, poll: &Poll, winner: &Option<Opt>) -> bool {
        let Some(Opt::Player(w)) = winner else {
            return false;
        };
        self.manipulations_for(poll)
            .iter()
            .any(|m| m.player == *w && m.effect == CandidateEffect::Disqualified)
    }

    /// After a poll closed: its type's manipulations without `~Phase` are used up.
    pub(super) fn spend_candidate_manipulations(&mut self, poll: &Poll) {
        let def = norm(&poll.def);
        self.state
            .candidate_manipulations
            .retain(|m| m.poll != def || m.phase_only);
    }

    /// At the end of `phase`: `~Phase` manipulations made in it end.
    pub(super) fn expire_candidate_manipulations(&mut self, phase: Phase) {
        self.state
            .candidate_manipulations
            .retain(|m| !(m.phase_only && m.set_in <= phase));
    }

    /// Runs the `On Poll Skipped` abilities of a poll's creator.
    pub(super) fn poll_skipped(&mut self, poll: &Poll, winner: Option<Opt>, tied: &[Opt]) {
        self.host_log(format!("the {} poll was skipped", poll.name));
        let opt_val = |o: &Opt| match o {
            Opt::Player(p) => Val::Players(vec![*p]),
            Opt::Text(t) => Val::Text(t.clone()),
        };
        let (w1, w2) = match (&winner, tied) {
            (Some(w), _) => (opt_val(w), Val::Nothing),
            (None, [a, b, ..]) => (opt_val(a), opt_val(b)),
            _ => (Val::Nothing, Val::Nothing),
        };
        let owner = Owner {
            source: poll.creator.clone(),
            me: match &poll.creator {
                Source::Role(_) | Source::Attr(_) => poll.creator_player,
                _ => None,
            },
            attr: None,
        };
        let Some(def) = self.def_of(&owner.source) else {
            return;
        };
        for (i, (ab, _)) in def.abilities.iter().enumerate() {
            if timing_of(ab) == Some(Timing::OnPollSkipped) {
                let mut ctx = self
                    .ctx_for(&owner, i)
                    .var("winner", w1.clone())
                    .var("winner2", w2.clone());
                if owner.me.is_some() {
                    ctx.me = owner.me;
                }
                self.run_triggered(&owner, i, ab.clone(), ctx);
            }
        }
    }

    /// Who creates a poll (its `On Poll Skipped` and result abilities run for them): a
    /// player's role (also for an ability of their attribute) and that player, else the
    /// group, team or poll itself.
    pub(super) fn poll_creator(&self, ctx: &Ctx) -> (Source, Option<usize>) {
        match &ctx.source {
            Source::Attr(_) | Source::Role(_) => (
                ctx.me
                    .map(|p| Source::Role(self.state.players[p].role.clone()))
                    .unwrap_or(ctx.source.clone()),
                ctx.me,
            ),
            other => (other.clone(), None),
        }
    }

    /// A deleted poll that would have opened is skipped (for its creator's triggers).
    pub(super) fn deleted_poll_skipped(&mut self, def: &str, loc: &str, ctx: &Ctx) {
        let (creator, creator_player) = self.poll_creator(ctx);
        let poll = Poll {
            id: 0,
            def: def.to_string(),
            name: def.to_string(),
            location: loc.to_string(),
            private: false,
            creator,
            creator_player,
            options: Vec::new(),
            voters: Vec::new(),
            votes: Default::default(),
            opened: self.state.phase,
            open: false,
            winner: None,
        };
        self.poll_skipped(&poll, None, &[]);
    }
}
