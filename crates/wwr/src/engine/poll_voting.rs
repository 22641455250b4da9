//! Creating polls, casting votes and closing polls (the poll bucket of a phase end), and the
//! ability types `Create Poll`, `Cancel`/`Delete '<Poll>' Poll` and vote manipulation.

use mafia_roles::ElementKind;
use mafia_roles::ability::{Duration, PollAction, Timing, Value};

use crate::error::WwrError;
use crate::eval::Ctx;
use crate::game::{Ev, Game, Owner};
use crate::library::{list_value, norm, selector_value};
use crate::state::*;

use super::kinds::timing_of;
use super::registry::Outcome;
use std::ops::ControlFlow::{Break, Continue};

impl Game {
    pub(crate) fn create_poll(
        &mut self,
        def_name: &str,
        loc: &str,
        shown: Option<String>,
        ctx: &Ctx,
    ) -> bool {
        let Some(def) = self.lib.get(ElementKind::Poll, def_name).cloned() else {
            self.host_log(format!("Create Poll: unknown poll `{def_name}`"));
            return false;
        };
        if let Some(pos) = self
            .state
            .deleted_polls
            .iter()
            .position(|d| *d == norm(&def.name))
        {
            self.state.deleted_polls.remove(pos);
            self.host_log(format!("the {} poll was deleted", def.name));
            self.deleted_poll_skipped(&def.name, loc, ctx);
            return false;
        }
        let private = self.lib.get(ElementKind::Group, loc).is_some();
        let mut options = Vec::new();
        for item in &def.options {
            let v = list_value(item);
            match self.eval(&v, ctx) {
                Val::Players(ps) => options.extend(ps.into_iter().map(Opt::Player)),
                Val::Nothing => {}
                other => options.push(Opt::Text(self.text_of(&other))),
            }
        }
        let mut voters = Vec::new();
        for item in &def.voters {
            let v = list_value(item);
            voters.extend(self.eval(&v, ctx).players());
        }
        if private {
            // The group's members still in the game: the living and its ghosts.
            voters.retain(|&v| {
                self.in_group(v, loc) && (self.state.players[v].alive || self.is_ghost(v))
            });
        }
        voters.sort_unstable();
        voters.dedup();
        let id = self.state.next_id;
        self.state.next_id += 1;
        let name = shown.unwrap_or_else(|| def.name.clone());
        let (creator, creator_player) = self.poll_creator(ctx);
        self.state.polls.push(Poll {
            id,
            def: def.name.clone(),
            name: name.clone(),
            location: loc.to_string(),
            private,
            creator,
            creator_player,
            options,
            voters,
            votes: Default::default(),
            opened: self.state.phase,
            open: true,
            winner: None,
        });
        let aud = if private || self.hidden_from_living(loc) {
            Audience::Channel(loc.to_string())
        } else {
            Audience::Public
        };
        self.say(aud, format!("The {name} poll is open."));
        self.open_added_polls(id);
        true
    }

    /// Casts (or with `None` withdraws) a vote.
    pub fn vote(&mut self, voter: usize, poll: &str, choice: Option<&str>) -> Result<(), WwrError> {
        let want = norm(poll);
        let idx = self
            .state
            .polls
            .iter()
            .position(|p| {
                p.open
                    && (norm(&p.name) == want || norm(&p.def) == want)
                    && p.voters.contains(&voter)
            })
            .ok_or_else(|| {
                WwrError::NotAllowed(format!(
                    "{} has no open `{poll}` poll to vote on",
                    self.name(voter)
                ))
            })?;
        let opt = match choice {
            None => None,
            Some(c) => {
                let poll = &self.state.polls[idx];
                let o = poll.options.iter().find(|o| match o {
                    Opt::Player(p) => self.state.players[*p].name.eq_ignore_ascii_case(c.trim()),
                    Opt::Text(t) => t.eq_ignore_ascii_case(c.trim()),
                });
                match o {
                    Some(o) => {
                        self.check_votable(poll, o)
                            .map_err(|e| WwrError::NotAllowed(e.to_string()))?;
                        Some(o.clone())
                    }
                    None => {
                        let names: Vec<String> =
                            poll.options.iter().map(|o| self.opt_text(o)).collect();
                        return Err(WwrError::NotAllowed(format!(
                            "`{c}` is not an option of the {} poll (options: {})",
                            poll.name,
                            names.join(", ")
                        )));
                    }
                }
            }
        };
        let name = self.state.polls[idx].name.clone();
        let text = match &opt {
            Some(o) => format!(
                "{} votes {} on the {name} poll.",
                self.name(voter),
                self.opt_text(o)
            ),
            None => format!(
                "{} withdraws their vote on the {name} poll.",
                self.name(voter)
            ),
        };
        let poll = &mut self.state.polls[idx];
        match opt {
            Some(o) => {
                poll.votes.insert(voter, o);
            }
            None => {
                poll.votes.remove(&voter);
            }
        }
        let (private, loc) = (poll.private, poll.location.clone());
        let aud = if private || self.hidden_from_living(&loc) {
            Audience::Channel(loc)
        } else {
            Audience::Public
        };
        self.say(aud, text);
        Ok(())
    }

    pub fn opt_text(&self, o: &Opt) -> String {
        match o {
            Opt::Player(p) => self.name(*p),
            Opt::Text(t) => t.clone(),
        }
    }

    pub(crate) fn close_polls(&mut self) {
        let mut order: Vec<(String, u64)> = self
            .state
            .polls
            .iter()
            .filter(|p| p.open)
            .map(|p| (norm(&p.def), p.id))
            .collect();
        order.sort();
        for (_, id) in order {
            if self.state.outcome.is_some() {
                return;
            }
            self.close_poll(id);
        }
    }

    pub(crate) fn close_poll(&mut self, id: u64) {
        let Some(idx) = self.state.polls.iter().position(|p| p.id == id) else {
            return;
        };
        let poll = self.state.polls[idx].clone();
        let mut tally: Vec<(Opt, i64)> = Vec::new();
        for (voter, o) in &poll.votes {
            let w = self.voting_power(*voter, poll.private);
            match tally.iter_mut().find(|(x, _)| x == o) {
                Some(e) => e.1 += w,
                None => tally.push((o.clone(), w)),
            }
        }
        let hidden = self.manipulate_tally(&poll, &mut tally);
        tally.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let top = tally.first().map(|t| t.1).unwrap_or(0);
        let leaders: Vec<Opt> = tally
            .iter()
            .filter(|t| t.1 == top && top > 0)
            .map(|t| t.0.clone())
            .collect();
        let counts: Vec<String> = tally
            .iter()
            .map(|(o, n)| {
                let h = hidden.iter().find(|(x, _)| x == o).map_or(0, |x| x.1);
                (o, n - h)
            })
            .filter(|(o, n)| *n != 0 || !hidden.iter().any(|(x, _)| x == *o))
            .map(|(o, n)| format!("{} {n}", self.opt_text(o)))
            .collect();
        let mut winner = if leaders.len() == 1 {
            leaders.first().cloned()
        } else {
            None
        };
        let mut voters_for: Vec<usize> = match &winner {
            Some(w) => poll
                .votes
                .iter()
                .filter(|(_, o)| *o == w)
                .map(|(v, _)| *v)
                .collect(),
            None => Vec::new(),
        };
        if let Some(Opt::Text(t)) = &winner {
            if t.eq_ignore_ascii_case("random") {
                let def = self.lib.get(ElementKind::Poll, &poll.def).cloned();
                let sel = def
                    .and_then(|d| d.random.clone())
                    .map(|r| selector_value(&r))
                    .unwrap_or_else(|| selector_value("@All"));
                let ctx = Ctx::new(None, poll.creator.clone());
                let pool = self.eval(&sel, &ctx).players();
                winner = if pool.is_empty() {
                    None
                } else {
                    let k = self.rng.below(pool.len());
                    Some(Opt::Player(pool[k]))
                };
            } else if t.eq_ignore_ascii_case("abstain") {
                winner = None;
            }
        }
        let disqualified = self.is_disqualified(&poll, &winner);
        if disqualified {
            winner = None;
        }
        let result = match &winner {
            Some(w) => self.opt_text(w),
            None if disqualified => "no result (the winner is disqualified)".into(),
            None if leaders.len() > 1 => "no result (tie)".into(),
            None => "no result".into(),
        };
        let aud = if poll.private {
            Audience::Channel(poll.location.clone())
        } else {
            Audience::Public
        };
        let shown = if counts.is_empty() {
            "no votes".to_string()
        } else {
            counts.join(", ")
        };
        self.say(
            aud,
            format!("The {} poll closed: {shown}. Result: {result}.", poll.name),
        );
        self.state.polls[idx].open = false;
        self.state.polls[idx].winner = winner.clone();
        self.spend_candidate_manipulations(&poll);
        let cancelled = match self
            .state
            .cancelled_polls
            .iter()
            .position(|c| *c == norm(&poll.def))
        {
            Some(pos) => {
                self.state.cancelled_polls.remove(pos);
                true
            }
            None => false,
        };
        if cancelled {
            self.say(
                Audience::Public,
                format!("The {} poll's result was cancelled.", poll.name),
            );
            self.poll_skipped(&poll, winner, &leaders);
            return;
        }
        let Some(Opt::Player(w)) = winner else {
            self.poll_skipped(&poll, winner, &leaders);
            return;
        };
        if !self.state.players[w].alive && !self.is_ghost(w) {
            self.poll_skipped(&poll, winner, &leaders);
            return;
        }
        if voters_for.is_empty() {
            voters_for = poll.creator_player.into_iter().collect();
        }
        let executor = if voters_for.is_empty() {
            None
        } else {
            let k = self.rng.below(voters_for.len());
            Some(voters_for[k])
        };
        let base_vars = |ctx: Ctx| {
            ctx.var("winner", Val::Players(vec![w]))
                .var("voters", Val::Players(voters_for.clone()))
                .var(
                    "executor",
                    executor
                        .map(|e| Val::Players(vec![e]))
                        .unwrap_or(Val::Nothing),
                )
        };
        let owner = Owner {
            source: poll.creator.clone(),
            me: match &poll.creator {
                Source::Role(_) => poll.creator_player,
                _ => executor,
            },
            attr: None,
        };
        let disbanded = self.disbanded_owner(&owner.source, &poll.name);
        if let Some(def) = self.def_of(&owner.source).filter(|_| !disbanded) {
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                if timing_of(ab) == Some(Timing::OnPollClosed) {
                    let mut ctx = base_vars(self.ctx_for(&owner, i));
                    ctx.me = owner.me;
                    ctx.group_action = matches!(owner.source, Source::Group(_));
                    self.run_triggered(&owner, i, ab.clone(), ctx);
                }
            }
        }
        let base = base_vars(Ctx::new(Some(w), Source::Poll(poll.def.clone())));
        self.fire(
            Ev::PollWin {
                player: w,
                poll: poll.def.clone(),
            },
            &base,
        );
    }

    #[allow(clippy::too_many_arguments)] // the fields of `AbilityKind::ManipulateVotes`
    pub(crate) fn run_manipulate_votes(
        &mut self,
        target: &Value,
        subtype: &Value,
        relative: &bool,
        value: &Value,
        duration: &Option<Duration>,
        ty: &(String, String),
        ctx: &mut Ctx,
    ) -> Option<String> {
        let v = self.eval(target, ctx);
        let subtype = self.text(subtype, ctx);
        let n = {
            let v = self.eval(value, ctx);
            self.num_of(&v)
        };
        let ts = self.visit(v.players(), ty, ctx);
        for t in &ts {
            self.new_attr(
                Holder::Player(*t),
                AttrKind::Manipulation {
                    subtype: subtype.clone(),
                    relative: *relative,
                    value: n,
                },
                ctx.me,
                Self::duration(duration, Dur::Permanent),
                ctx.attr,
            );
        }
        Some("Success".into())
    }

    pub(crate) fn run_poll_action(
        &mut self,
        action: &PollAction,
        poll: &Value,
        ctx: &mut Ctx,
    ) -> Option<String> {
        let name = norm(&self.text(poll, ctx));
        match action {
            PollAction::Cancel => self.state.cancelled_polls.push(name),
            PollAction::Add | PollAction::Delete => self.state.deleted_polls.push(name),
        }
        Some("Success".into())
    }

    pub(crate) fn run_create_poll(
        &mut self,
        poll: &Option<Value>,
        location: &Value,
        name: &Option<Value>,
        ctx: &mut Ctx,
    ) -> Outcome {
        let def = match poll {
            Some(p) => self.text(p, ctx),
            None => match &ctx.source {
                Source::Poll(p) => p.clone(),
                _ => return Break(Some("Failure".into())),
            },
        };
        let loc = match self.eval(location, ctx) {
            Val::Group(g) => g,
            other => norm(&self.text_of(&other)),
        };
        let shown = name.as_ref().map(|n| self.text(n, ctx));
        if !self.place_exists(&loc) {
            self.host_log(format!(
                "Create Poll: #{loc} is neither a group nor a location in play"
            ));
            return Break(Some("Failure".into()));
        }
        Continue(Some(
            if self.create_poll(&def, &loc, shown, ctx) {
                "Success"
            } else {
                "Failure"
            }
            .into(),
        ))
    }
}
