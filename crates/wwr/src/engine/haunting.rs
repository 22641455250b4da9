//! Haunting mode (`haunting = true` in the setup; fixture folder `haunting/`): the dead
//! become ghosts, who keep playing until they are banished.
//!
//! - `die` makes a dead player a ghost (`GameState::ghosts`); `@Ghostly` selects ghosts,
//!   `@(…,Ghostly:True)` includes them, `Status: Ghostly|Any` restricts by it.
//! - `Banish` / `True Banish` remove a ghost from the game (a living player or a banished
//!   one cannot be banished). Only defenses from `Banishments` stop a `Banish` (`_rules`
//!   haunting `banishment`: "Defenses against attacks do not apply to banishments"), in the
//!   usual defense order; `True Banish` ignores them. `On Banished`, `On <Target> Banished`
//!   and `On Banishment` fire.
//! - Who may use abilities: ghosts only where something says so (`Haunted Role`: alive and
//!   ghostly; `Ghostly Role`: only ghostly; the modifiers `Haunted`/`Ghostly`, attributes
//!   with `Activate @Self always|while Ghostly`; custom attributes marked
//!   `Haunted Attribute`); an explicit `Status:` restriction wins over all of these.
//! - `Resurrect` brings a ghost back to life.

use mafia_roles::ability::{
    Ability, AbilityKind, Activation, Event as TEvent, KillKind, LivingStatus, Restriction, Trigger,
};
use mafia_roles::element::Flag;

use crate::error::Refusal;
use crate::eval::Ctx;
use crate::game::{Ev, Game};
use crate::library::{norm, walk_steps};
use crate::state::*;

/// When an owner's abilities may be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Active {
    Always,
    GhostlyOnly,
}

impl Game {
    /// `die` calls this: in haunting mode the dead become ghosts.
    pub(crate) fn haunt_on_death(&mut self, p: usize) {
        if !self.state.setup.haunting || self.state.ghosts.contains(&p) {
            return;
        }
        self.state.ghosts.push(p);
        self.state.ghosts.sort_unstable();
        let name = self.name(p);
        self.say(Audience::Public, format!("{name} is now a ghost."));
    }

    /// The modifiers of the setup (`[modifiers] Alice = ["Haunted"]`) as attributes.
    pub(crate) fn apply_modifiers(&mut self) {
        let mods = self.state.setup.modifiers.clone();
        for (player, names) in mods {
            let Some(p) = self.player_named(&player) else {
                self.host_log(format!("modifiers: no player `{player}`"));
                continue;
            };
            for name in names {
                self.new_attr(
                    Holder::Player(p),
                    AttrKind::Custom { name },
                    None,
                    Dur::Persistent,
                    None,
                );
            }
        }
    }

    /// Banishes a ghost (see the module docs); returns whether it was banished.
    pub(crate) fn banish(
        &mut self,
        t: usize,
        kind: KillKind,
        attacker: Option<usize>,
        source: &str,
    ) -> bool {
        let name = self.name(t);
        if !self.is_ghost(t) {
            self.host_log(format!(
                "{source} {} on {name} failed: not a ghost",
                kind.name()
            ));
            return false;
        }
        let base = self
            .attack_ctx(t, kind, attacker, source)
            .var("deathtype", Val::Text(kind.name().to_string()))
            .var("this", Val::Players(vec![t]));
        if kind == KillKind::Banish {
            for dk in DefenseKind::ORDER {
                let ids: Vec<u64> = self
                    .state
                    .attrs
                    .iter()
                    .filter(|a| a.holder == Holder::Player(t))
                    .filter(|a| match &a.kind {
                        AttrKind::Defense {
                            kind, from, during, ..
                        } => {
                            *kind == dk
                                && norm(from).contains("banish")
                                && during.is_none_or(|d| d == self.state.phase.kind)
                        }
                        _ => false,
                    })
                    .map(|a| a.id)
                    .collect();
                for id in ids {
                    let by_ok = match self.attr(id).map(|a| a.kind.clone()) {
                        Some(AttrKind::Defense { by: Some(by), .. }) => {
                            let ctx = Ctx::new(Some(t), Source::Attr(id));
                            attacker.is_some_and(|a| self.eval(&by, &ctx).players().contains(&a))
                        }
                        _ => true,
                    };
                    if !by_ok {
                        continue;
                    }
                    self.host_log(format!(
                        "{source} Banish on {name} failed: {} defense",
                        dk.name().to_lowercase()
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
        self.state.ghosts.retain(|&g| g != t);
        self.say(Audience::Public, format!("{name} was banished."));
        self.host_log(format!(
            "{name} was banished: {} by {source}{}",
            kind.name(),
            attacker
                .map(|a| format!(" ({})", self.name(a)))
                .unwrap_or_default()
        ));
        self.fire_banished(t, &base);
        true
    }

    /// `On Banished`, `On Banishment` (the banished player's own abilities) and
    /// `On <Target> Banished` (anyone's, while they can act).
    fn fire_banished(&mut self, t: usize, base: &Ctx) {
        for owner in self.owners(true) {
            let Some(def) = self.def_of(&owner.source) else {
                continue;
            };
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                let Trigger::On { subject, event, .. } = &ab.trigger else {
                    continue;
                };
                if !matches!(event, TEvent::Banished | TEvent::Banishment) {
                    continue;
                }
                let mut ctx = self.merge(&owner, i, base);
                let hit = match subject {
                    None => owner.me == Some(t),
                    Some(s) => {
                        owner
                            .me
                            .is_none_or(|p| self.state.players[p].alive || self.is_ghost(p))
                            && {
                                self.include_dead = true;
                                let hit = self.eval_subject(s, &ctx).contains(&t);
                                self.include_dead = false;
                                hit
                            }
                    }
                };
                if hit {
                    self.run_triggered_capture(&owner, i, ab.clone(), &mut ctx);
                }
            }
        }
    }

    /// `Resurrect <Target>`: ghosts among the target live again.
    pub(crate) fn resurrect(&mut self, targets: Vec<usize>) -> Option<String> {
        let mut ok = false;
        for t in targets {
            if !self.is_ghost(t) {
                continue;
            }
            self.state.ghosts.retain(|&g| g != t);
            self.state.players[t].alive = true;
            ok = true;
            let name = self.name(t);
            self.say(Audience::Public, format!("{name} was resurrected."));
        }
        Some(if ok { "Success" } else { "Failure" }.into())
    }

    /// How an `Activate` ability of an element makes its holder's abilities usable.
    fn activation_of(abilities: &[(std::sync::Arc<Ability>, usize)]) -> Option<Active> {
        let mut found = None;
        for (ab, _) in abilities {
            walk_steps(&ab.steps, &mut |k| {
                if let AbilityKind::Activate { activation, .. } = k {
                    found = Some(match activation {
                        Activation::Always => Active::Always,
                        Activation::While(v) => {
                            if norm(&v.to_text()) == "ghostly" {
                                Active::GhostlyOnly
                            } else {
                                Active::Always
                            }
                        }
                    });
                }
            });
        }
        found
    }

    /// Whether a player's abilities are switched by a modifier (`Haunted`, `Ghostly`).
    fn modifier_of(&self, p: usize) -> Option<Active> {
        self.state
            .attrs
            .iter()
            .filter(|a| a.holder == Holder::Player(p))
            .filter_map(|a| match &a.kind {
                AttrKind::Custom { name } => self
                    .lib
                    .get(mafia_roles::ElementKind::Attribute, name)
                    .and_then(|d| Self::activation_of(&d.abilities)),
                _ => None,
            })
            .next()
    }

    /// The haunting rules for an ability without a `Status:` restriction: `Some(Err)` when
    /// it may not be used now, `Some(Ok)` when the rules allow a ghost to use it, `None`
    /// when they say nothing (the usual "alive only" rule applies).
    pub(crate) fn haunt_status(&self, ab: &Ability, ctx: &Ctx) -> Option<Result<(), Refusal>> {
        let p = ctx.me?;
        if self.is_death_trigger(ab) {
            return None;
        }
        let ghost = self.is_ghost(p);
        let alive = self.state.players[p].alive;
        let role_flags = |role: &str| -> Option<Active> {
            let d = self.lib.role(role)?;
            if d.flags.contains(&Flag::HauntedRole) {
                Some(Active::Always)
            } else if d.flags.contains(&Flag::GhostlyRole) {
                Some(Active::GhostlyOnly)
            } else {
                None
            }
        };
        // Modifiers come from the setup only: skip the scan when there are none.
        let modifier = if self.state.setup.modifiers.is_empty() {
            None
        } else {
            self.modifier_of(p)
        };
        let rule = match &ctx.source {
            Source::Role(r) => modifier.or_else(|| role_flags(r)),
            Source::Attr(id) => match self.attr(*id).map(|a| &a.kind) {
                Some(AttrKind::Role { role }) => modifier.or_else(|| role_flags(role)),
                Some(AttrKind::Custom { name }) => {
                    let haunted = self
                        .lib
                        .get(mafia_roles::ElementKind::Attribute, name)
                        .is_some_and(|d| d.flags.contains(&Flag::HauntedAttribute));
                    if ghost && !haunted {
                        return Some(Err(Refusal::GhostAttribute));
                    }
                    return None;
                }
                _ => return None,
            },
            _ => return None,
        };
        match rule {
            Some(Active::Always) if alive || ghost => Some(Ok(())),
            Some(Active::GhostlyOnly) if ghost => Some(Ok(())),
            Some(Active::GhostlyOnly) => {
                Some(Err(Refusal::Status("Ghostly (only while a ghost)".into())))
            }
            _ if ghost => Some(Err(Refusal::GhostRole)),
            _ => None,
        }
    }

    /// Whether a ghost may still use a (queued) ability of this source: an explicit
    /// `Status:` restriction, else the haunting rules above.
    pub(crate) fn ghost_may_use(&self, p: usize, source: &Source, ab: &Ability) -> bool {
        if !self.is_ghost(p) {
            return false;
        }
        let status = super::kinds::params_of(ab)
            .restrictions
            .iter()
            .find_map(|r| match r {
                Restriction::Status { status, .. } => Some(*status),
                _ => None,
            });
        if let Some(st) = status {
            return self.status_holds(p, st);
        }
        let mut ctx = Ctx::new(Some(p), source.clone());
        if let Source::Attr(id) = source {
            ctx.attr = Some(*id);
        }
        matches!(self.haunt_status(ab, &ctx), Some(Ok(())))
    }

    /// Whether a `Status:` restriction holds for a player.
    pub(crate) fn status_holds(&self, p: usize, status: LivingStatus) -> bool {
        let alive = self.state.players[p].alive;
        match status {
            LivingStatus::Alive => alive,
            LivingStatus::Ghostly => self.is_ghost(p),
            LivingStatus::Any => alive || self.is_ghost(p),
        }
    }

    /// The refusal of a selection that names a player who is not a ghost for an ability
    /// that selects ghosts (`@Selection[ghost]`).
    pub(crate) fn not_a_ghost(&self, ab: &Ability, players: &[usize]) -> Option<String> {
        if !selects_ghosts(ab) {
            return None;
        }
        let q = players.iter().find(|&&q| !self.is_ghost(q))?;
        Some(format!("{} is not a ghost", self.name(*q)))
    }

    /// Whether an ability's selection may name these dead players: only ghosts, and only
    /// for abilities that select ghosts (`@Selection[ghost]`).
    pub(crate) fn ghost_selection_ok(&self, ab: &Ability, players: &[usize]) -> bool {
        selects_ghosts(ab)
            && players
                .iter()
                .all(|&q| self.state.players[q].alive || self.is_ghost(q))
    }
}

/// Whether an ability selects ghosts: its selection is annotated `@Selection[ghost]`.
fn selects_ghosts(ab: &Ability) -> bool {
    ab.to_text()
        .to_ascii_lowercase()
        .contains("@selection[ghost]")
}
