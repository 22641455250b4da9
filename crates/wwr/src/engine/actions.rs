//! What players do: `act` lines and using an ability; [`Game::admit`], the one check of
//! whether an ability accepts an answer now (the prompts' legal answers use it too).

use std::sync::Arc;

use mafia_roles::ability::{Ability, Timing};

use crate::error::WwrError;
use crate::eval::Ctx;
use crate::game::{Game, Item, Owner};
use crate::input::{Act, ActKind};
use crate::library::norm;
use crate::state::*;

use super::choices;
use super::interactions::Unqueued;
use super::kinds::{params_of, queued_timing, timing_of};
use super::prompting;

/// An answer one ability accepted ([`Game::admit`]).
pub(super) struct Admitted {
    /// The context to run it with (selections set, a choice's option in `@Chosen`).
    pub(crate) ctx: Ctx,
    /// The phase it runs in (the next one for a `Start` action).
    pub(crate) run_phase: Phase,
    /// The queued action it replaces, taken out of the queue.
    pub(crate) unqueued: Unqueued,
}

/// Why one ability refused an answer.
pub(super) struct Refused {
    /// The reason, for the player.
    pub(crate) text: String,
    /// Whether a restriction refused it (a weaker reason than a wrong phase or target, when
    /// several abilities share a trigger).
    pub(crate) restriction: bool,
}

impl Game {
    /// Runs one `act` line; returns the messages it produced for the acting player.
    pub fn act(&mut self, line: &str, place: &str) -> Result<Vec<String>, WwrError> {
        if self.state.outcome.is_some() {
            return Err(WwrError::GameOver);
        }
        if let Some(r) = self.act_channels(line, place) {
            return r;
        }
        let act = crate::input::parse_act(line, place)?;
        let p = self
            .player_named(&act.player)
            .ok_or_else(|| WwrError::Input {
                place: place.to_string(),
                message: format!(
                    "unknown player `{}`: expected one of {}",
                    act.player,
                    self.player_list()
                ),
            })?;
        let log_start = self.state.log.len();
        match &act.kind {
            ActKind::Vote { poll, choice } => {
                if !self.state.players[p].alive && !self.is_ghost(p) {
                    return Err(WwrError::NotAllowed(format!("{} is dead", self.name(p))));
                }
                self.vote(p, poll, choice.as_deref())?;
            }
            ActKind::Ability { .. } => self.use_ability(p, &act, place)?,
        }
        self.sync();
        Ok(self.state.log[log_start..]
            .iter()
            .filter(|e| e.to == Audience::Player(p))
            .map(|e| e.text.clone())
            .collect())
    }

    pub(crate) fn player_list(&self) -> String {
        self.state
            .players
            .iter()
            .map(|p| p.name.clone())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The abilities of `p` that an `act` line with this trigger (and prompt key) names,
    /// dead players' included: (owner, place on the sheet, ability). With `chosen`, only
    /// `Choice Choose` abilities (`@Chosen` answers a choice).
    pub(super) fn candidates(
        &self,
        p: usize,
        trigger: &str,
        prompt: Option<&str>,
        chosen: bool,
    ) -> Vec<(Owner, usize, Arc<Ability>)> {
        let mut candidates = Vec::new();
        for owner in self.owners(true) {
            if owner.me != Some(p) {
                continue;
            }
            let Some(def) = self.def_of(&owner.source) else {
                continue;
            };
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                let mut t = String::new();
                ab.trigger.write(&mut t);
                if norm(&t) != norm(trigger) {
                    continue;
                }
                if let Some(want) = prompt {
                    let key = params_of(ab).prompt.map(|p| p.key).unwrap_or_default();
                    if norm(&key) != norm(want) {
                        continue;
                    }
                }
                if chosen && !choices::is_choose(ab) {
                    continue; // `@Chosen` answers a `Choice Choose` ability
                }
                candidates.push((owner.clone(), i, ab.clone()));
            }
        }
        candidates
    }

    /// A selection as an `act` line gives it: a player's name is that player, `none`,
    /// `nobody` (the guide's word for a `(Player Optional)` answer) or nothing is no
    /// selection, other text is text (a role name, a number).
    pub(super) fn answer_val(&self, s: Option<&str>) -> Option<Val> {
        let s = s?;
        if let Some(q) = self.player_named(s) {
            return Some(Val::Players(vec![q]));
        }
        if s.is_empty() || s.eq_ignore_ascii_case("none") || s.eq_ignore_ascii_case("nobody") {
            return None;
        }
        Some(Val::Text(s.to_string()))
    }

    /// Whether one candidate ability accepts this answer now: its timing fits the phase, it
    /// names a `@Selection` when one is required, a dead or ghostly selection is one it may
    /// take, its restrictions pass (in the phase it runs in), and a choice's option is valid.
    /// The one check behind both `act` and the prompts' lists of legal answers. Accepted,
    /// the queued action the answer replaces is out of the queue (in
    /// [`Admitted::unqueued`]) and a choice remembers the option; refused, nothing has
    /// changed.
    pub(super) fn admit(
        &mut self,
        p: usize,
        trigger: &str,
        (owner, i, ab): (&Owner, usize, &Ability),
        selection: &Option<Val>,
        secondary: &Option<Val>,
        chosen: Option<&str>,
    ) -> Result<Admitted, Refused> {
        let phase = self.state.phase;
        let timing = timing_of(ab);
        let firm = |text: String| Refused {
            text,
            restriction: false,
        };
        // When does this run?
        let run_phase = match timing {
            Some(
                Timing::ImmediateNight
                | Timing::EndNight
                | Timing::PreEndNight
                | Timing::SecondPreEndNight
                | Timing::ThirdPreEndNight
                | Timing::FourthPreEndNight,
            ) => {
                if phase.kind != PhaseKind::Night {
                    return Err(firm(format!("`{trigger}` can only be used at night")));
                }
                phase
            }
            Some(
                Timing::ImmediateDay
                | Timing::EndDay
                | Timing::PreEndDay
                | Timing::SecondPreEndDay
                | Timing::ThirdPreEndDay
                | Timing::FourthPreEndDay,
            ) => {
                if phase.kind != PhaseKind::Day {
                    return Err(firm(format!("`{trigger}` can only be used during the day")));
                }
                phase
            }
            Some(Timing::StartNight) | Some(Timing::StartDay) | Some(Timing::StartPhase) => {
                let next = phase.next();
                let want = match timing {
                    Some(Timing::StartNight) => Some(PhaseKind::Night),
                    Some(Timing::StartDay) => Some(PhaseKind::Day),
                    _ => None,
                };
                if want.is_some_and(|k| k != next.kind) {
                    return Err(firm(format!(
                        "`{trigger}` is chosen the phase before a {}",
                        if want == Some(PhaseKind::Night) {
                            "night"
                        } else {
                            "day"
                        }
                    )));
                }
                next
            }
            _ => phase,
        };
        if selection.is_none() && prompting::selection_required(ab) {
            return Err(firm(format!(
                "`{trigger}` needs a target: name one as `@Selection`"
            )));
        }
        let mut ctx = self.ctx_for(owner, i);
        ctx.selection = selection.clone();
        ctx.secondary = secondary.clone();
        if let Some(Val::Players(ps)) = selection {
            if ps.iter().any(|&q| !self.state.players[q].alive)
                && !ab.to_text().contains("Dead")
                && !self.choice_takes_dead(ab, &ctx)
                && !self.ghost_selection_ok(ab, ps)
            {
                return Err(firm(format!(
                    "{} is dead",
                    self.text_of(&Val::Players(ps.clone()))
                )));
            }
            if let Some(r) = self.not_a_ghost(ab, ps) {
                return Err(firm(r));
            }
        }
        // A new answer replaces a queued one: take it out before counting uses.
        let r = AbilityRef {
            source: owner.source.clone(),
            index: i,
        };
        let unqueued = if queued_timing(timing) {
            self.unqueue(p, &r, run_phase, selection, ab)
        } else {
            Default::default()
        };
        // Restrictions are checked against the phase the ability runs in, except a
        // temporal restriction naming the phase it is chosen in (the Chef's `Start Day:
        // [Temporal: Night 1+]`).
        let saved = self.state.phase;
        self.state.phase = self.restriction_phase(ab, phase, run_phase);
        let ok = self.allowed(ab, &ctx, !choices::is_triggered_choose(ab));
        self.state.phase = saved;
        if let Err(e) = ok {
            self.requeue(unqueued);
            return Err(Refused {
                text: e.to_string(),
                restriction: true,
            });
        }
        if let Err(e) = self.prepare_choice_answer(ab, &mut ctx, chosen) {
            self.requeue(unqueued);
            return Err(firm(e.to_string()));
        }
        Ok(Admitted {
            ctx,
            run_phase,
            unqueued,
        })
    }

    pub(crate) fn use_ability(&mut self, p: usize, act: &Act, place: &str) -> Result<(), WwrError> {
        let ActKind::Ability {
            trigger,
            prompt,
            selection,
            secondary,
            chosen,
        } = &act.kind
        else {
            return Ok(());
        };
        let candidates = self.candidates(p, trigger, prompt.as_deref(), chosen.is_some());
        if candidates.is_empty() {
            return Err(WwrError::Input {
                place: place.to_string(),
                message: format!(
                    "{} ({}) has no `{trigger}` ability{}",
                    self.name(p),
                    self.state.players[p].role,
                    prompt
                        .as_ref()
                        .map(|k| format!(" with prompt |{k}|"))
                        .unwrap_or_default()
                ) + if chosen.is_some() {
                    " that answers a choice (`@Chosen`)"
                } else {
                    ""
                },
            });
        }
        let selection = self.answer_val(selection.as_deref());
        let secondary = self.answer_val(secondary.as_deref());
        let mut refusal = String::new();
        for (owner, i, ab) in candidates {
            let timing = timing_of(&ab);
            let admitted = self.admit(
                p,
                trigger,
                (&owner, i, &ab),
                &selection,
                &secondary,
                chosen.as_deref(),
            );
            let Admitted {
                mut ctx, run_phase, ..
            } = match admitted {
                Ok(a) => a,
                Err(e) => {
                    // Among abilities sharing a trigger, a condition that picks the other
                    // one is the least telling reason (Flute Player's two `Immediate
                    // Night` lines).
                    if !e.restriction || refusal.is_empty() || refusal.starts_with("Condition:") {
                        refusal = e.text;
                    }
                    continue;
                }
            };
            let r = AbilityRef {
                source: owner.source.clone(),
                index: i,
            };
            let target = selection
                .as_ref()
                .and_then(|s| s.players().first().copied());
            if queued_timing(timing) {
                // A new choice replaced the previous one above (`unqueue`).
                self.state.uses.push(Use {
                    player: Some(p),
                    ability: r.clone(),
                    phase: run_phase,
                    target,
                });
                self.state.pending.push(Pending {
                    player: p,
                    ability: r,
                    selection: selection.clone(),
                    secondary: secondary.clone(),
                    phase: run_phase,
                });
                self.say(
                    Audience::Player(p),
                    format!(
                        "Your `{trigger}` action is queued ({}).",
                        selection
                            .as_ref()
                            .map(|s| self.text_of(s))
                            .unwrap_or_else(|| "no selection".into())
                    ),
                );
            } else {
                self.record_use(Some(p), i, &owner.source, target);
                ctx.chosen = true;
                let fb = self.run_ability(&ab, &mut ctx);
                let it = Item {
                    owner,
                    index: i,
                    ability: ab,
                    selection: None,
                    secondary: None,
                    chosen: true,
                };
                self.feedback(&it, &ctx, fb);
                self.check_win();
            }
            return Ok(());
        }
        Err(WwrError::NotAllowed(format!(
            "{}'s `{trigger}`: {refusal}",
            self.name(p)
        )))
    }
}
