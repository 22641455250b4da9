//! Loyalty and betrayal, ascension and descension, disbanding, group change, shuffle and
//! `On <Target> Changed`.
//!
//! - `Loyalty to '<Name>' (<Group|Alignment>)` gives the player a `Loyalty` attribute
//!   (values: subtype, target). A loyal player cannot be affected by any role change or
//!   alignment change (`_rules/ability types/12 loyalty`): those fail.
//! - A player who holds a `Member` membership of a group and whose role changes is
//!   downgraded to `Visitor` (guide, Joining); if they did not join again as a member
//!   through their new role, they betrayed the group and its `On Betrayal` abilities run.
//! - `Ascend` / `Descend` true-kill the player (guide: "Both ascend/descend automatically
//!   also true kill"), announce it with the role and record it in
//!   [`GameState::ascension`](crate::state::GameState).
//! - `Disband` / `Disband <Target>` and the automatic disbandments of the Joining rule (no
//!   living member or owner left; the last owner died) mark the group disbanded, run its
//!   `On Disbandment` abilities, and from then on its abilities no longer run. A group
//!   disbanded for lack of members reopens when a new member joins.
//! - `Group Change <Group> to '<Group>'` renames a group: memberships, attributes, counter,
//!   target and open polls move to the new name; member roles stay.
//! - `Shuffle <Target> …` returns the values of its targets in a seeded random order.
//! - `On <Target> Changed` runs just before a player of `<Target>` changes role.

use std::sync::Arc;

use mafia_roles::ElementKind;
use mafia_roles::ability::{
    Ability, Event as TEvent, KillKind, LoyaltyKind, Timing, Trigger, Value,
};

use crate::eval::Ctx;
use crate::game::{Game, Owner};
use crate::library::norm;
use crate::state::*;

use super::kinds::timing_of;

/// The attack source of an ascension / descension (true kill).
pub(super) const ASCENSION: &str = "Ascension";
pub(super) const DESCENSION: &str = "Descension";

/// The name of the standard loyalty attribute.
const LOYALTY: &str = "Loyalty";

fn tier(m: &str) -> u8 {
    match norm(m).as_str() {
        "owner" => 2,
        "member" => 1,
        _ => 0,
    }
}

impl Game {
    // -----------------------------------------------------------------------------------
    // Loyalty and betrayal

    /// `Loyalty to '<Name>' (<Subtype>)`: a `Loyalty` attribute on the player themself.
    pub(super) fn loyalty(&mut self, to: &Value, kind: LoyaltyKind, ctx: &Ctx) -> Option<String> {
        let Some(p) = ctx.me else {
            return Some("Failure".into());
        };
        if matches!(
            ctx.source,
            Source::Group(_) | Source::Team(_) | Source::Poll(_)
        ) {
            return Some("Failure".into());
        }
        let name = self.text(to, ctx);
        let target = match kind {
            LoyaltyKind::Alignment => self.team_key(&name),
            LoyaltyKind::Group => norm(&name),
        };
        let values = vec![kind.name().to_string(), target.clone()];
        let already = self.state.attrs.iter().any(|a| {
            a.holder == Holder::Player(p)
                && matches!(&a.kind, AttrKind::Custom { name } if name == LOYALTY)
                && a.values == values
        });
        if !already {
            let id = self.new_attr(
                Holder::Player(p),
                AttrKind::Custom {
                    name: LOYALTY.into(),
                },
                Some(p),
                Dur::Permanent,
                ctx.attr,
            );
            if let Some(a) = self.attr_mut(id) {
                a.values = values;
            }
            self.host_log(format!(
                "{} is loyal to {target} ({})",
                self.name(p),
                kind.name()
            ));
        }
        Some("Success".into())
    }

    /// Whether a loyalty protects `p` from a role or alignment change (logged when it does).
    pub(super) fn loyalty_blocks(&mut self, p: usize, what: &str) -> bool {
        let found = self.state.attrs.iter().find_map(|a| match &a.kind {
            AttrKind::Custom { name } if a.holder == Holder::Player(p) && name == LOYALTY => {
                Some(a.values.clone())
            }
            _ => None,
        });
        let Some(values) = found else {
            return false;
        };
        let target = values.get(1).cloned().unwrap_or_default();
        let kind = values.first().cloned().unwrap_or_default();
        self.host_log(format!(
            "{what} of {} failed: loyal to {target} ({kind})",
            self.name(p)
        ));
        true
    }

    /// The groups in which `p` holds a `Member` membership.
    pub(super) fn member_groups(&self, p: usize) -> Vec<String> {
        self.memberships(p)
            .into_iter()
            .filter(|(_, m)| tier(m) == 1)
            .map(|(g, _)| g)
            .collect()
    }

    /// `(group, membership type)` of every membership `p` holds.
    fn memberships(&self, p: usize) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = self
            .state
            .attrs
            .iter()
            .filter(|a| a.holder == Holder::Player(p))
            .filter_map(|a| match &a.kind {
                AttrKind::GroupMembership { group, membership } => {
                    Some((norm(group), membership.clone()))
                }
                _ => None,
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// After `p` changed role: every group they were a member of and are no longer a member
    /// or owner of was betrayed (`On Betrayal`); a group left without a living member or
    /// owner is disbanded.
    pub(super) fn after_role_change(
        &mut self,
        p: usize,
        was_member: Vec<String>,
        changer: Option<usize>,
    ) {
        for g in was_member {
            let still = self
                .memberships(p)
                .iter()
                .any(|(h, m)| *h == g && tier(m) >= 1);
            if still || self.is_disbanded(&g) {
                continue;
            }
            self.host_log(format!(
                "{} betrayed {} (now a visitor)",
                self.name(p),
                self.group_title(&g)
            ));
            let changer = changer
                .map(|c| Val::Players(vec![c]))
                .unwrap_or(Val::Nothing);
            self.run_group_timing(
                &g,
                Timing::OnBetrayal,
                &[("this", Val::Players(vec![p])), ("rolechanger", changer)],
            );
            if !self.is_disbanded(&g) && self.known_group(&g) && !self.has_living(&g, 1) {
                self.disband(&g, true, "no members are left");
            }
        }
    }

    // -----------------------------------------------------------------------------------
    // Disbanding

    pub(super) fn is_disbanded(&self, g: &str) -> bool {
        let g = norm(g);
        self.state.disbanded.iter().any(|d| d.group == g)
    }

    /// Whether the group still exists under this name (state or memberships).
    fn known_group(&self, g: &str) -> bool {
        self.state.groups.contains_key(g)
            || self.state.attrs.iter().any(
                |a| matches!(&a.kind, AttrKind::GroupMembership { group, .. } if norm(group) == g),
            )
    }

    /// Whether a living player holds a membership of at least `min` tier (1 member, 2 owner).
    fn has_living(&self, g: &str, min: u8) -> bool {
        self.state.attrs.iter().any(|a| match (&a.holder, &a.kind) {
            (Holder::Player(p), AttrKind::GroupMembership { group, membership }) => {
                norm(group) == g && tier(membership) >= min && self.state.players[*p].alive
            }
            _ => false,
        })
    }

    /// After `p` died: a group whose last owner died, or that has no living member or owner
    /// left, is disbanded (`_rules/ability types/10 joining`).
    pub(super) fn disband_after_death(&mut self, p: usize) {
        for (g, m) in self.memberships(p) {
            if self.is_disbanded(&g) {
                continue;
            }
            if tier(&m) == 2 && !self.has_living(&g, 2) {
                self.disband(&g, false, "its last owner died");
            } else if !self.has_living(&g, 1) {
                self.disband(&g, true, "no members are left");
            }
        }
    }

    /// `Disband` (the current group) / `Disband <Target>`.
    pub(super) fn disband_ability(&mut self, target: Option<&Value>, ctx: &Ctx) -> Option<String> {
        let g = match target {
            Some(t) => match self.eval(t, ctx) {
                Val::Group(g) => g,
                Val::Nothing => return Some("Failure".into()),
                other => norm(&self.text_of(&other)),
            },
            None => match &ctx.source {
                Source::Group(g) => g.clone(),
                _ => return Some("Failure".into()),
            },
        };
        if g.is_empty() || self.is_disbanded(&g) || !self.known_group(&g) {
            return Some("Failure".into());
        }
        self.disband(&g, false, "disbanded by an ability");
        Some("Success".into())
    }

    /// Marks a group disbanded, tells its channel, and runs its `On Disbandment` abilities.
    fn disband(&mut self, g: &str, reopenable: bool, why: &str) {
        let g = norm(g);
        if self.is_disbanded(&g) {
            return;
        }
        self.state.disbanded.push(Disbanded {
            group: g.clone(),
            phase: self.state.phase,
            reopenable,
        });
        let title = self.group_title(&g);
        self.host_log(format!("{title} was disbanded ({why})"));
        self.say(
            Audience::Channel(g.clone()),
            format!("{title} has been disbanded. This channel is now locked."),
        );
        self.run_group_timing(&g, Timing::OnDisbandment, &[]);
    }

    /// A member (or owner) joining a group disbanded for lack of members reopens it.
    pub(super) fn reopen(&mut self, g: &str, membership: &str) {
        let g = norm(g);
        if tier(membership) == 0 {
            return;
        }
        let Some(pos) = self
            .state
            .disbanded
            .iter()
            .position(|d| d.group == g && d.reopenable)
        else {
            return;
        };
        self.state.disbanded.remove(pos);
        let title = self.group_title(&g);
        self.host_log(format!("{title} was reopened by a new member"));
    }

    /// Whether a poll's creator is a disbanded group: its `On Poll Closed` no longer runs
    /// (`_rules/ability types/19`: "all abilities that come from the group … will no longer
    /// activate").
    pub(super) fn disbanded_owner(&mut self, source: &Source, poll: &str) -> bool {
        let Source::Group(g) = source else {
            return false;
        };
        if !self.is_disbanded(g) {
            return false;
        }
        let title = self.group_title(g);
        self.host_log(format!(
            "the {poll} poll has no effect: {title} is disbanded"
        ));
        true
    }

    /// Runs a group's abilities with this trigger (a random living member executes them).
    fn run_group_timing(&mut self, g: &str, timing: Timing, vars: &[(&str, Val)]) {
        let Some(def) = self.lib.get(ElementKind::Group, g).cloned() else {
            return;
        };
        let owner = Owner {
            source: Source::Group(g.to_string()),
            me: None,
            attr: None,
        };
        let abilities: Vec<(usize, Arc<Ability>)> = def
            .abilities
            .iter()
            .enumerate()
            .filter(|(_, (ab, _))| timing_of(ab) == Some(timing))
            .map(|(i, (ab, _))| (i, ab.clone()))
            .collect();
        for (i, ab) in abilities {
            let mut ctx = self.ctx_for(&owner, i);
            for (k, v) in vars {
                ctx.vars.insert(k.to_string(), v.clone());
            }
            self.run_triggered(&owner, i, ab, ctx);
        }
    }

    // -----------------------------------------------------------------------------------
    // Group change

    /// `Group Change <Group> to '<Group>'`: the group continues under the new name.
    pub(super) fn group_change(&mut self, target: &Val, to: &Val) -> Option<String> {
        let old = match target {
            Val::Group(g) => g.clone(),
            Val::Text(t) => norm(t),
            _ => return Some("Failure".into()),
        };
        let new = match to {
            Val::Group(g) => g.clone(),
            other => norm(&self.text_of(other)),
        };
        if old.is_empty() || new.is_empty() || old == new || !self.known_group(&old) {
            return Some("Failure".into());
        }
        // Memberships move; a player already in the new group keeps the higher tier.
        let moving: Vec<(u64, Holder, String)> = self
            .state
            .attrs
            .iter()
            .filter_map(|a| match &a.kind {
                AttrKind::GroupMembership { group, membership } if norm(group) == old => {
                    Some((a.id, a.holder.clone(), membership.clone()))
                }
                _ => None,
            })
            .collect();
        for (id, holder, m) in moving {
            let there: Vec<(u64, String)> = self
                .state
                .attrs
                .iter()
                .filter(|a| a.holder == holder)
                .filter_map(|a| match &a.kind {
                    AttrKind::GroupMembership { group, membership } if norm(group) == new => {
                        Some((a.id, membership.clone()))
                    }
                    _ => None,
                })
                .collect();
            if there.iter().any(|(_, t)| tier(t) >= tier(&m)) {
                self.remove_attr(id);
                continue;
            }
            for (other, _) in there {
                self.remove_attr(other);
            }
            if let Some(a) = self.attr_mut(id) {
                if let AttrKind::GroupMembership { group, .. } = &mut a.kind {
                    *group = new.clone();
                }
            }
        }
        for a in self.state.attrs.iter_mut() {
            if a.holder == Holder::Group(old.clone()) {
                a.holder = Holder::Group(new.clone());
            }
        }
        if let Some(st) = self.state.groups.remove(&old) {
            self.state.groups.insert(new.clone(), st);
        }
        for d in self.state.disbanded.iter_mut() {
            if d.group == old {
                d.group = new.clone();
            }
        }
        for poll in self.state.polls.iter_mut() {
            if poll.open && norm(&poll.location) == old {
                poll.location = new.clone();
            }
        }
        let (from, into) = (self.group_title(&old), self.group_title(&new));
        self.host_log(format!("Group Change: {from} → {into}"));
        self.say(
            Audience::Channel(new.clone()),
            format!("{from} is now {into}."),
        );
        Some("Success".into())
    }

    // -----------------------------------------------------------------------------------
    // Ascension and descension

    /// `Ascend` / `Descend`: the player leaves the game (a true kill) with a win / a loss.
    pub(super) fn ascend(&mut self, ctx: &Ctx, up: bool) -> Option<String> {
        let Some(p) = ctx.me else {
            return Some("Failure".into());
        };
        if !matches!(ctx.source, Source::Role(_) | Source::Attr(_)) {
            return Some("Failure".into());
        }
        let done = &self.state.ascension;
        if done.ascended.contains(&p) || done.descended.contains(&p) {
            return Some("Failure".into());
        }
        let (list, word, source) = if up {
            (&mut self.state.ascension.ascended, "ascended", ASCENSION)
        } else {
            (&mut self.state.ascension.descended, "descended", DESCENSION)
        };
        list.push(p);
        let role = self.state.players[p].role.clone();
        // At the end of the game (`On End: Ascend`) nobody dies any more.
        let at_end = ctx
            .ability
            .as_ref()
            .and_then(|r| self.ability(r))
            .is_some_and(|a| timing_of(&a) == Some(Timing::OnEnd));
        if self.state.players[p].alive && !at_end {
            self.die(p, KillKind::TrueKill, None, source);
        } else {
            let name = self.name(p);
            self.say(
                Audience::Public,
                format!("{name} {word}. Their role was {role}."),
            );
            self.host_log(format!("{name} {word} ({role})"));
        }
        Some("Success".into())
    }

    // -----------------------------------------------------------------------------------
    // Shuffle

    /// `Shuffle <Target> <Target> …`: all the targets' values in a seeded random order.
    pub(super) fn shuffle(&mut self, targets: &[Value], ctx: &Ctx) -> Option<String> {
        let mut items = Vec::new();
        for t in targets {
            items.extend(self.shuffle_items(t, ctx));
        }
        self.rng.shuffle(&mut items);
        Some(items.join(", "))
    }

    fn shuffle_items(&mut self, v: &Value, ctx: &Ctx) -> Vec<String> {
        // `@(…)->Role` names the role of every player of the selector, not only the first.
        if let Value::Path {
            base,
            annotation,
            props,
            loc,
        } = v
        {
            if let Some((last, rest)) = props.split_last() {
                let prop = last.name.to_ascii_lowercase();
                if last.arg.is_none() && matches!(prop.as_str(), "role" | "alignment") {
                    let head = Value::Path {
                        base: base.clone(),
                        annotation: annotation.clone(),
                        props: rest.to_vec(),
                        loc: loc.clone(),
                    };
                    if let Val::Players(ps) = self.eval(&head, ctx) {
                        return ps
                            .into_iter()
                            .map(|p| {
                                let pl = &self.state.players[p];
                                if prop == "role" {
                                    pl.role.clone()
                                } else {
                                    pl.alignment.clone()
                                }
                            })
                            .collect();
                    }
                }
            }
        }
        match self.eval(v, ctx) {
            Val::Players(ps) => ps.into_iter().map(|p| self.name(p)).collect(),
            Val::Teams(ts) => ts,
            Val::Nothing => Vec::new(),
            other => vec![self.text_of(&other)],
        }
    }

    // -----------------------------------------------------------------------------------
    // On <Target> Changed

    /// Runs `On <Target> Changed` abilities of living owners whose target contains `p`,
    /// just before `p`'s role changes (so the subject and `@This->Role` see the old role).
    pub(super) fn fire_changed(&mut self, p: usize) {
        if self.depth > 12 {
            return;
        }
        for owner in self.owners(false) {
            let Some(def) = self.def_of(&owner.source) else {
                continue;
            };
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                let Trigger::On {
                    subject,
                    event: TEvent::Changed,
                    ..
                } = &ab.trigger
                else {
                    continue;
                };
                let mut ctx = self.ctx_for(&owner, i);
                ctx.vars.insert("this".into(), Val::Players(vec![p]));
                let hit = match subject {
                    None => owner.me == Some(p),
                    Some(s) => self.eval_subject(s, &ctx).contains(&p),
                };
                if hit {
                    self.run_triggered(&owner, i, ab.clone(), ctx);
                }
            }
        }
    }
}
