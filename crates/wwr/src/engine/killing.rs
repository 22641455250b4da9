//! Killing abilities: attacks, lynches, banishments, defenses and deaths; `Resurrect`.

use mafia_roles::ability::{KillKind, Timing, Value};

use crate::eval::Ctx;
use crate::game::{Ev, Game};
use crate::library::norm;
use crate::state::*;

use super::groups;
use super::registry::Outcome;
use std::ops::ControlFlow::Continue;

impl Game {
    /// The context of an attack on `t` as its defense triggers see it: the attacked player's
    /// role, `@Attacker`, `$AttackSource` and `$KillingType`.
    pub(crate) fn attack_ctx(
        &self,
        t: usize,
        kind: KillKind,
        attacker: Option<usize>,
        source: &str,
    ) -> Ctx {
        self.attacked_ctx(t, attacker, source)
            .var("killingtype", Val::Text(kind.name().to_string()))
    }

    /// What every trigger of an attack on `t` sees: its role, `@Attacker` and `$AttackSource`.
    fn attacked_ctx(&self, t: usize, attacker: Option<usize>, source: &str) -> Ctx {
        Ctx::new(Some(t), Source::Role(self.state.players[t].role.clone()))
            .var(
                "attacker",
                attacker
                    .map(|a| Val::Players(vec![a]))
                    .unwrap_or(Val::Nothing),
            )
            .var("attacksource", Val::Text(source.to_string()))
    }

    /// One killing against the target's defenses in the documented order (absence, active,
    /// passive, partial, recruitment). Returns whether the killing succeeded.
    pub(crate) fn attack(
        &mut self,
        t: usize,
        kind: KillKind,
        attacker: Option<usize>,
        source: &str,
        skip_absence: bool,
    ) -> bool {
        if !self.state.players[t].alive {
            return self.died_now.contains(&t);
        }
        let base = self
            .attack_ctx(t, kind, attacker, source)
            .var("attacked", Val::Players(vec![t]));
        if kind == KillKind::Lynch {
            self.fire_timing_for(t, Timing::OnLynch, &base);
            if !self.state.players[t].alive {
                return true; // an `On Lynch` ability (e.g. Ascend) already removed them
            }
        }
        if !matches!(kind, KillKind::TrueKill | KillKind::TrueBanish) {
            for dk in DefenseKind::ORDER {
                if skip_absence && dk == DefenseKind::Absence {
                    continue;
                }
                let ids: Vec<u64> = self
                    .state
                    .attrs
                    .iter()
                    .filter(|a| {
                        a.holder == Holder::Player(t)
                            && matches!(&a.kind, AttrKind::Defense { kind, .. } if *kind == dk)
                    })
                    .map(|a| a.id)
                    .collect();
                for id in ids {
                    if self.defends(id, kind, attacker, t) {
                        let by = self
                            .attr(id)
                            .and_then(|a| a.source_role.clone())
                            .unwrap_or_default();
                        self.host_log(format!(
                            "{source} {} on {} failed: {} defense{}",
                            kind.name(),
                            self.name(t),
                            dk.name().to_lowercase(),
                            if by.is_empty() {
                                String::new()
                            } else {
                                format!(" ({by})")
                            }
                        ));
                        self.use_attr(id);
                        self.fire(
                            Ev::Defense {
                                target: t,
                                kind: dk,
                            },
                            &base,
                        );
                        return false;
                    }
                }
            }
        }
        self.die(t, kind, attacker, source);
        // Players staying at the victim's house (absence at a player) share the attack.
        let guests: Vec<usize> = self
            .state
            .attrs
            .iter()
            .filter_map(|a| match (&a.holder, &a.kind) {
                (
                    Holder::Player(q),
                    AttrKind::Defense {
                        kind: DefenseKind::Absence,
                        at: Some(h),
                        ..
                    },
                ) if *h == t && *q != t => Some(*q),
                _ => None,
            })
            .collect();
        for q in guests {
            if self.state.players[q].alive {
                self.host_log(format!("{} was at {}'s house", self.name(q), self.name(t)));
                self.attack(q, kind, attacker, source, true);
            }
        }
        true
    }

    pub(crate) fn defends(
        &mut self,
        id: u64,
        kind: KillKind,
        attacker: Option<usize>,
        t: usize,
    ) -> bool {
        let Some(a) = self.attr(id).cloned() else {
            return false;
        };
        let AttrKind::Defense {
            from, by, during, ..
        } = &a.kind
        else {
            return false;
        };
        let f = norm(from);
        let covers = match kind {
            KillKind::Attack => f.contains("attack") || f.contains("kill") || f == "all",
            KillKind::Kill => f.contains("kills") || f == "kill" || f == "all",
            KillKind::Lynch => f.contains("lynch") || f == "all",
            _ => false,
        };
        if !covers {
            return false;
        }
        if let Some(d) = during {
            if *d != self.state.phase.kind {
                return false;
            }
        }
        if let Some(by) = by {
            let Some(att) = attacker else { return false };
            let ctx = Ctx::new(Some(t), Source::Attr(id));
            if !self.eval(by, &ctx).players().contains(&att) {
                return false;
            }
        }
        true
    }

    pub(crate) fn die(&mut self, p: usize, kind: KillKind, attacker: Option<usize>, source: &str) {
        self.state.players[p].alive = false;
        self.died_now.push(p);
        let (name, role) = (self.name(p), &self.state.players[p].role);
        let how = match kind {
            KillKind::Lynch => "was lynched",
            _ if source == groups::ASCENSION => "ascended",
            _ if source == groups::DESCENSION => "descended",
            _ => "died",
        };
        self.say(
            Audience::Public,
            format!("{name} {how}. Their role was {role}."),
        );
        self.host_log(format!(
            "{name} died: {} by {source}{}",
            kind.name(),
            attacker
                .map(|a| format!(" ({})", self.name(a)))
                .unwrap_or_default()
        ));
        self.haunt_on_death(p);
        let base = self
            .attacked_ctx(p, attacker, source)
            .var("deathtype", Val::Text(kind.name().to_string()))
            .var("this", Val::Players(vec![p]));
        self.fire(
            Ev::Death {
                dead: p,
                lynch: kind == KillKind::Lynch,
            },
            &base,
        );
        self.disband_after_death(p);
        self.check_win();
    }

    pub(crate) fn run_killing(
        &mut self,
        k: &KillKind,
        target: &Value,
        ty: &(String, String),
        ctx: &mut Ctx,
    ) -> Outcome {
        let ts = self.visit_target(target, ty, ctx)?;
        let source = self.attack_source(ctx);
        let attacker = self.attacker_of(ctx);
        let mut ok = false;
        for t in ts {
            ok |= match k {
                KillKind::Banish | KillKind::TrueBanish => self.banish(t, *k, attacker, &source),
                _ => self.attack(t, *k, attacker, &source, false),
            };
        }
        Continue(Some(if ok { "Success" } else { "Failure" }.to_string()))
    }

    pub(crate) fn run_resurrect(&mut self, target: &Value, ctx: &mut Ctx) -> Option<String> {
        let v = self.eval(target, ctx);
        self.resurrect(v.players())
    }
}
