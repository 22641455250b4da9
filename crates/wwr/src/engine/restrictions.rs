//! Whether an ability may run now: restrictions, uses, scaling and step conditions.

use mafia_roles::ability::{
    Ability, Compulsion, Event as TEvent, Params, Restriction, ScaleCount, Scaling, Timing, Trigger,
};

use crate::error::Refusal;
use crate::eval::Ctx;
use crate::game::Game;
use crate::state::*;

use super::kinds::params_of;

impl Game {
    /// Whether an ability may be used now; the error says which restriction refused it.
    pub(crate) fn allowed(&mut self, ab: &Ability, ctx: &Ctx, chosen: bool) -> Result<(), Refusal> {
        let params = params_of(ab);
        let Some(r) = ctx.ability.clone() else {
            return Ok(());
        };
        let mut status_seen = false;
        for res in &params.restrictions {
            match res {
                Restriction::Status { status, .. } => {
                    status_seen = true;
                    if let Some(p) = ctx.me {
                        if !self.status_holds(p, *status) {
                            return Err(Refusal::Status(status.name().to_string()));
                        }
                    }
                }
                other => self.restriction_ok(other, ctx, &r)?,
            }
        }
        let haunt = if status_seen {
            None
        } else {
            self.haunt_status(ab, ctx)
        };
        if let Some(Err(e)) = haunt {
            return Err(e);
        }
        if haunt.is_none() && !status_seen && matches!(ctx.source, Source::Role(_)) {
            if let Some(p) = ctx.me {
                if !self.state.players[p].alive && !self.is_death_trigger(ab) {
                    return Err(Refusal::Dead);
                }
            }
        }
        if chosen || params.scaling.is_some() {
            let per_phase = match &params.scaling {
                Some(s) => self.scale(s, ctx),
                None => 1,
            };
            let repeating = params
                .compulsion
                .iter()
                .any(|c| matches!(c, Compulsion::Repeating { .. }));
            let used = self.uses_in(ctx.me, &r, Some(self.state.phase));
            if !repeating && used >= per_phase {
                return Err(Refusal::UsedThisPhase {
                    used,
                    allowed: per_phase,
                });
            }
        }
        Ok(())
    }

    pub(crate) fn is_death_trigger(&self, ab: &Ability) -> bool {
        match &ab.trigger {
            Trigger::On { event, .. } => matches!(
                event,
                TEvent::Death | TEvent::Killed | TEvent::Banished | TEvent::Banishment
            ),
            Trigger::Timing { timing, .. } => {
                matches!(timing, Timing::OnLynch | Timing::OnRemoval | Timing::OnEnd)
            }
            _ => self.runs_for_the_dead(ab),
        }
    }

    pub(crate) fn uses_in(&self, me: Option<usize>, r: &AbilityRef, phase: Option<Phase>) -> usize {
        self.state
            .uses
            .iter()
            .filter(|u| u.player == me && u.ability == *r && phase.is_none_or(|p| u.phase == p))
            .count()
    }

    pub(crate) fn restriction_ok(
        &mut self,
        res: &Restriction,
        ctx: &Ctx,
        r: &AbilityRef,
    ) -> Result<(), Refusal> {
        let phase = self.state.phase;
        match res {
            Restriction::Temporal {
                phase: kind,
                number,
                or_later,
                ..
            } => {
                let want = match kind {
                    mafia_roles::ability::PhaseKind::Day => PhaseKind::Day,
                    mafia_roles::ability::PhaseKind::Night => PhaseKind::Night,
                };
                let ok = phase.kind == want
                    && match number {
                        None => true,
                        Some(n) if *or_later => phase.number >= *n,
                        Some(n) => phase.number == *n,
                    };
                if ok {
                    Ok(())
                } else {
                    Err(Refusal::Temporal(phase.to_string()))
                }
            }
            Restriction::Attribute {
                target,
                has,
                attribute,
                ..
            } => {
                let holders = match target {
                    Some(t) => {
                        let v = self.eval(t, ctx);
                        self.holders_of(&v)
                    }
                    None => match (ctx.me, &ctx.source) {
                        (_, Source::Group(g)) => vec![Holder::Group(g.clone())],
                        (Some(p), _) => vec![Holder::Player(p)],
                        _ => Vec::new(),
                    },
                };
                let pat = self.attr_pattern(attribute, ctx);
                let present = holders.iter().any(|h| self.has_attr(h, &pat));
                if present == *has {
                    Ok(())
                } else {
                    Err(Refusal::Attribute(format!(
                        "{} {}",
                        if *has { "has" } else { "lacks" },
                        attribute.to_text()
                    )))
                }
            }
            Restriction::Succession { per_target, .. } => {
                let prev = Phase {
                    kind: phase.kind,
                    number: phase.number.saturating_sub(1),
                };
                if prev == phase {
                    return Ok(());
                }
                let last: Vec<Option<usize>> = self
                    .state
                    .uses
                    .iter()
                    .filter(|u| u.player == ctx.me && u.ability == *r && u.phase == prev)
                    .map(|u| u.target)
                    .collect();
                if last.is_empty() {
                    return Ok(());
                }
                if !per_target {
                    return Err(Refusal::SuccessionUsed);
                }
                let now = ctx
                    .selection
                    .as_ref()
                    .and_then(|s| s.players().first().copied());
                if now.is_some() && last.contains(&now) {
                    Err(Refusal::SuccessionTarget)
                } else {
                    Ok(())
                }
            }
            Restriction::Quantity { value, .. } => {
                let n = self.eval(value, ctx);
                let n = self.num_of(&n).max(0) as usize;
                let used = self.uses_in(ctx.me, r, None);
                if used < n {
                    Ok(())
                } else {
                    Err(Refusal::Quantity { used, allowed: n })
                }
            }
            Restriction::Condition { condition, .. } => {
                if self.check(condition, ctx) {
                    Ok(())
                } else {
                    let mut s = String::new();
                    condition.write(&mut s);
                    Err(Refusal::Condition(s))
                }
            }
            Restriction::Status { .. } => Ok(()),
        }
    }

    /// How many times per phase an ability may be used.
    pub(crate) fn scale(&mut self, s: &Scaling, ctx: &Ctx) -> usize {
        match s {
            Scaling::Static { times, .. } => *times as usize,
            Scaling::Value { value, .. } => {
                let v = self.eval(value, ctx);
                self.num_of(&v).max(0) as usize
            }
            Scaling::Cases { cases, .. } => {
                let mut default = None;
                for c in cases {
                    let count = match &c.count {
                        ScaleCount::Times(n) => *n as usize,
                        ScaleCount::Value(v) => {
                            let v = self.eval(v, ctx);
                            self.num_of(&v).max(0) as usize
                        }
                    };
                    match &c.when {
                        None => {
                            default.get_or_insert(count);
                        }
                        Some((l, op, r)) => {
                            let cond = mafia_roles::ability::Condition::Compare {
                                lhs: l.clone(),
                                op: *op,
                                rhs: r.clone(),
                                loc: Default::default(),
                            };
                            if self.check(&cond, ctx) {
                                return count;
                            }
                        }
                    }
                }
                default.unwrap_or(0)
            }
            Scaling::Phase { odd, even, .. } => {
                let part = if self.state.phase.number % 2 == 1 {
                    odd
                } else {
                    even
                };
                match part {
                    Some(s) => self.scale(s, ctx),
                    None => 0,
                }
            }
        }
    }

    pub(crate) fn step_allowed(&mut self, params: &Params, ctx: &Ctx) -> bool {
        let Some(r) = ctx.ability.clone() else {
            return true;
        };
        params
            .restrictions
            .iter()
            .all(|res| self.restriction_ok(res, ctx, &r).is_ok())
    }
}
