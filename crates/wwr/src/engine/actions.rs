//! What players do: `act` lines, prompts and using an ability.

use mafia_roles::ability::{Step, Timing};

use crate::error::WwrError;
use crate::game::{Game, Item};
use crate::input::{Act, ActKind};
use crate::library::norm;
use crate::state::*;

use super::choices;
use super::kinds::{params_of, queued_timing, timing_of};

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

    /// What a player may do now: `<Trigger> [|prompt|]: <first step>` for each chosen-action
    /// ability whose timing fits this phase and whose restrictions pass.
    pub fn prompts(&self, p: usize) -> Vec<String> {
        let mut g = self.clone(); // restrictions may draw from the RNG; never from the real one
        let phase = g.state.phase;
        let mut out = Vec::new();
        for owner in g.owners(false) {
            if owner.me != Some(p) {
                continue;
            }
            let Some(def) = g.def_of(&owner.source) else {
                continue;
            };
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                let Some(t) = timing_of(ab) else { continue };
                let fits = match t {
                    Timing::Immediate | Timing::EndPhase => true,
                    Timing::ImmediateNight | Timing::EndNight | Timing::PreEndNight => {
                        phase.kind == PhaseKind::Night
                    }
                    Timing::ImmediateDay | Timing::EndDay | Timing::PreEndDay => {
                        phase.kind == PhaseKind::Day
                    }
                    _ => false,
                };
                if !fits || g.allowed(ab, &g.ctx_for(&owner, i), true).is_err() {
                    continue;
                }
                let mut line = t.name().to_string();
                if let Some(pr) = params_of(ab).prompt {
                    line.push_str(&format!(" |{}|", pr.key));
                }
                if let Some(Step::Do { ability, .. }) = ab.steps.first() {
                    line.push_str(": ");
                    ability.write(&mut line);
                }
                match g.choice_prompt(ab, &g.ctx_for(&owner, i)) {
                    Some(None) => continue, // a `Choice Choose` with no open choice
                    Some(Some(options)) => line.push_str(&options),
                    None => {}
                }
                out.push(line);
            }
        }
        out.extend(g.triggered_choice_prompts(p));
        out
    }

    pub(crate) fn player_list(&self) -> String {
        self.state
            .players
            .iter()
            .map(|p| p.name.clone())
            .collect::<Vec<_>>()
            .join(", ")
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
        let phase = self.state.phase;
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
                if chosen.is_some() && !choices::is_choose(ab) {
                    continue; // `@Chosen` answers a `Choice Choose` ability
                }
                candidates.push((owner.clone(), i, ab.clone()));
            }
        }
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
        let sel = |g: &Game, s: &Option<String>| -> Option<Val> {
            let s = s.as_ref()?;
            if s.eq_ignore_ascii_case("none") || s.is_empty() {
                return None;
            }
            Some(match g.player_named(s) {
                Some(q) => Val::Players(vec![q]),
                None => Val::Text(s.clone()),
            })
        };
        let selection = sel(self, selection);
        let secondary = sel(self, secondary);
        let mut refusal = String::new();
        for (owner, i, ab) in candidates {
            let timing = timing_of(&ab);
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
                        refusal = format!("`{trigger}` can only be used at night");
                        continue;
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
                        refusal = format!("`{trigger}` can only be used during the day");
                        continue;
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
                        refusal = format!(
                            "`{trigger}` is chosen the phase before a {}",
                            if want == Some(PhaseKind::Night) {
                                "night"
                            } else {
                                "day"
                            }
                        );
                        continue;
                    }
                    next
                }
                _ => phase,
            };
            let mut ctx = self.ctx_for(&owner, i);
            ctx.selection = selection.clone();
            ctx.secondary = secondary.clone();
            if let Some(Val::Players(ps)) = &selection {
                if ps.iter().any(|&q| !self.state.players[q].alive)
                    && !ab.to_text().contains("Dead")
                    && !self.choice_takes_dead(&ab, &ctx)
                    && !self.ghost_selection_ok(&ab, ps)
                {
                    refusal = format!("{} is dead", self.text_of(&Val::Players(ps.clone())));
                    continue;
                }
                if let Some(r) = self.not_a_ghost(&ab, ps) {
                    refusal = r;
                    continue;
                }
            }
            // A new answer replaces a queued one: take it out before counting uses.
            let r = AbilityRef {
                source: owner.source.clone(),
                index: i,
            };
            let unqueued = if queued_timing(timing) {
                self.unqueue(p, &r, run_phase, &selection, &ab)
            } else {
                Default::default()
            };
            // Restrictions are checked against the phase the ability runs in, except a
            // temporal restriction naming the phase it is chosen in (the Chef's `Start Day:
            // [Temporal: Night 1+]`).
            let saved = self.state.phase;
            self.state.phase = self.restriction_phase(&ab, phase, run_phase);
            let ok = self.allowed(&ab, &ctx, !choices::is_triggered_choose(&ab));
            self.state.phase = saved;
            if let Err(e) = ok {
                self.requeue(unqueued);
                // Among abilities sharing a trigger, a condition that picks the other one
                // is the least telling reason (Flute Player's two `Immediate Night` lines).
                if refusal.is_empty() || refusal.starts_with("Condition:") {
                    refusal = e.to_string();
                }
                continue;
            }
            if let Err(e) = self.prepare_choice_answer(&ab, &mut ctx, chosen.as_deref()) {
                self.requeue(unqueued);
                refusal = e.to_string();
                continue;
            }
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
