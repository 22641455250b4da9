//! The phase machine: ending a phase (Pre-End, poll close, End, durations, win check) and
//! starting the next one (Start, Passive).

use mafia_roles::ElementKind;
use mafia_roles::ability::Timing;

use crate::error::WwrError;
use crate::eval::Ctx;
use crate::game::Game;
use crate::library::list_value;
use crate::state::*;

impl Game {
    /// Removes the attributes whose duration ends with `phase`.
    pub(crate) fn expire(&mut self, phase: Phase) {
        let ending: Vec<u64> = self
            .state
            .attrs
            .iter()
            .filter(|a| match a.duration {
                Dur::Phase => a.set_in == phase,
                Dur::DelayedPhase => phase > a.set_in,
                Dur::NextDay => phase.kind == PhaseKind::Day && phase > a.set_in,
                Dur::NextNight => phase.kind == PhaseKind::Night && phase > a.set_in,
                _ => false,
            })
            .map(|a| a.id)
            .collect();
        for id in ending {
            self.remove_attr(id);
        }
    }

    /// Ends the game when a team's win condition holds: every living player matches one of
    /// its selectors and the team still has a living member; nobody alive is a draw.
    pub(crate) fn check_win(&mut self) {
        if self.state.outcome.is_some() {
            return;
        }
        let living = self.living();
        let phase = self.state.phase;
        if living.is_empty() {
            self.state.outcome = Some(Outcome {
                winners: Vec::new(),
                phase,
            });
            self.say(
                Audience::Public,
                "Everybody is dead: the game is a draw.".into(),
            );
            self.game_over();
            return;
        }
        let mut winners = Vec::new();
        for team in self.team_names() {
            let Some(def) = self.lib.get(ElementKind::Team, &team).cloned() else {
                continue;
            };
            if def.win_condition.is_empty() {
                continue;
            }
            let has_member = living
                .iter()
                .any(|&p| self.state.players[p].alignment == team);
            if !has_member {
                continue;
            }
            let ctx = Ctx::new(None, Source::Team(team.clone()));
            let mut ok: Vec<usize> = Vec::new();
            for item in &def.win_condition {
                let v = list_value(item);
                ok.extend(self.eval(&v, &ctx).players());
            }
            if living.iter().all(|p| ok.contains(p)) {
                winners.push(team);
            }
        }
        if !winners.is_empty() {
            self.say(
                Audience::Public,
                format!("The game is over. Winner: {}.", winners.join(", ")),
            );
            self.state.outcome = Some(Outcome { winners, phase });
            self.game_over();
        }
    }

    pub(crate) fn game_over(&mut self) {
        let items = self.collect_passive(&[Timing::OnEnd]);
        let saved = self.state.outcome.take();
        for it in items {
            let ctx = self.ctx_for(&it.owner, it.index);
            self.run_triggered(&it.owner, it.index, it.ability.clone(), ctx);
        }
        self.state.outcome = saved;
    }

    /// Ends the current phase and starts the next one (see the module docs for the order).
    pub fn next_phase(&mut self) -> Result<(), WwrError> {
        if self.state.outcome.is_some() {
            return Err(WwrError::GameOver);
        }
        let phase = self.state.phase;
        let day = phase.kind == PhaseKind::Day;
        self.died_now.clear();
        let pre: [Timing; 4] = if day {
            [
                Timing::PreEndDay,
                Timing::SecondPreEndDay,
                Timing::ThirdPreEndDay,
                Timing::FourthPreEndDay,
            ]
        } else {
            [
                Timing::PreEndNight,
                Timing::SecondPreEndNight,
                Timing::ThirdPreEndNight,
                Timing::FourthPreEndNight,
            ]
        };
        for t in pre {
            let items = self.take_pending(&[t]);
            self.run_items(items);
        }
        self.close_polls();
        let (end, pend) = if day {
            (Timing::EndDay, Timing::PassiveEndDay)
        } else {
            (Timing::EndNight, Timing::PassiveEndNight)
        };
        let mut items = self.take_pending(&[end, Timing::EndPhase]);
        // Forced actions not used by the end of the phase run now (`5 action`: "If a forced
        // Action is not used voluntarily, it is instead automatically executed"), immediate
        // ones included.
        let imm = if day {
            Timing::ImmediateDay
        } else {
            Timing::ImmediateNight
        };
        items.extend(self.forced(&[end, Timing::EndPhase, imm, Timing::Immediate], &items));
        items.extend(self.collect_passive(&[pend, Timing::PassiveEndPhase]));
        self.run_items(items);
        self.close_choices(phase);
        self.expire_candidate_manipulations(phase);
        self.expire(phase);
        self.state.pending.retain(|p| p.phase > phase);
        self.check_win();
        if self.state.outcome.is_some() {
            self.sync();
            return Ok(());
        }
        self.state.phase = phase.next();
        self.died_now.clear();
        let new = self.state.phase;
        self.say(Audience::Public, format!("{new} begins."));
        self.activate_delayed();
        let (start, pstart) = if new.kind == PhaseKind::Day {
            (Timing::StartDay, Timing::PassiveStartDay)
        } else {
            (Timing::StartNight, Timing::PassiveStartNight)
        };
        let mut items = self.take_pending(&[start, Timing::StartPhase]);
        items.extend(self.collect_passive(&[pstart, Timing::PassiveStartPhase]));
        self.run_items(items);
        let items = self.collect_passive(&[Timing::Passive]);
        self.run_items(items);
        self.check_win();
        self.sync();
        Ok(())
    }
}
