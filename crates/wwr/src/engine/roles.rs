//! Changing roles and alignments: `Grant`, `Revoke`, role and alignment `Change`.

use mafia_roles::ability::{ChangeKind, Timing, Value};

use crate::eval::Ctx;
use crate::game::{Ev, Game, Owner, team_of_def};
use crate::library::norm;
use crate::state::*;

use super::kinds::timing_of;
use super::registry::Outcome;
use std::ops::ControlFlow::{Break, Continue};

impl Game {
    pub(crate) fn change_role(&mut self, p: usize, role: &str, changer: Option<usize>) -> bool {
        let Some(def) = self.lib.role(role).cloned() else {
            self.host_log(format!("Role Change: unknown role `{role}`"));
            return false;
        };
        if self.loyalty_blocks(p, "Role Change") {
            return false;
        }
        self.fire_changed(p);
        let was_member = self.member_groups(p);
        let old = self.state.players[p].role.clone();
        // Role loss: permanent attributes and role attributes go, memberships downgrade.
        let lost: Vec<u64> = self
            .state
            .attrs
            .iter()
            .filter(|a| {
                a.holder == Holder::Player(p)
                    && (a.from_role || a.duration == Dur::Permanent)
                    && !matches!(a.kind, AttrKind::GroupMembership { .. })
            })
            .map(|a| a.id)
            .collect();
        for id in lost {
            self.remove_attr(id);
        }
        for a in self.state.attrs.iter_mut() {
            if a.holder == Holder::Player(p) {
                if let AttrKind::GroupMembership { membership, .. } = &mut a.kind {
                    if norm(membership) == "member" {
                        *membership = "Visitor".into();
                    }
                }
            }
        }
        let team = team_of_def(&self.lib, &def);
        self.state.players[p].role = def.name.clone();
        let old_team = self.state.players[p].alignment.clone();
        if def.class.as_deref() != Some("Unaligned") {
            self.state.players[p].alignment = team;
        }
        self.add_role_attributes(p, &def.name);
        // The new role's starting abilities run (Copy (Suppressed) is the exception).
        for (i, (ab, _)) in def.abilities.iter().enumerate() {
            if timing_of(ab) == Some(Timing::Starting) && !self.suppress_starting {
                let owner = Owner {
                    source: Source::Role(def.name.clone()),
                    me: Some(p),
                    attr: None,
                };
                let ctx = self.ctx_for(&owner, i);
                self.run_triggered(&owner, i, ab.clone(), ctx);
            }
        }
        self.host_log(format!(
            "{} changed role: {old} → {}",
            self.name(p),
            def.name
        ));
        self.say(
            Audience::Player(p),
            format!("Your role is now {}.", def.name),
        );
        if self.state.players[p].alignment != old_team {
            self.join_team(p);
        }
        let base = Ctx::new(Some(p), Source::Role(def.name.clone())).var(
            "rolechanger",
            changer
                .map(|c| Val::Players(vec![c]))
                .unwrap_or(Val::Nothing),
        );
        self.fire(Ev::RoleChange { player: p }, &base);
        self.old_role_changed(p, &old, &base);
        self.after_role_change(p, was_member, changer);
        true
    }

    pub(crate) fn run_grant(&mut self, role: &Value, target: &Value, ctx: &mut Ctx) -> Outcome {
        let role = self.text(role, ctx);
        let v = self.eval(target, ctx);
        let Some(def) = self.lib.role(&role).cloned() else {
            self.host_log(format!("Grant: unknown role `{role}`"));
            return Break(Some("Failure".into()));
        };
        for p in v.players() {
            let id = self.new_attr(
                Holder::Player(p),
                AttrKind::Role {
                    role: def.name.clone(),
                },
                ctx.me,
                Dur::Persistent,
                None,
            );
            self.say(
                Audience::Player(p),
                format!("You are now also {}.", def.name),
            );
            self.run_attr_starting(id);
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                if timing_of(ab) == Some(Timing::OnAssigned) {
                    let owner = Owner {
                        source: Source::Attr(id),
                        me: Some(p),
                        attr: Some(id),
                    };
                    let c = self.ctx_for(&owner, i);
                    self.run_triggered(&owner, i, ab.clone(), c);
                }
            }
        }
        Continue(Some("Success".into()))
    }

    pub(crate) fn run_revoke(
        &mut self,
        role: &Value,
        target: &Value,
        ctx: &mut Ctx,
    ) -> Option<String> {
        let ids: Vec<u64> = match self.eval(role, ctx) {
            Val::Attr(id) => vec![id],
            other => {
                let r = norm(&self.text_of(&other));
                let holders = {
                    let v = self.eval(target, ctx);
                    self.holders_of(&v)
                };
                self.state
                    .attrs
                    .iter()
                    .filter(|a| {
                        holders.contains(&a.holder)
                            && matches!(&a.kind, AttrKind::Role { role } if norm(role) == r)
                    })
                    .map(|a| a.id)
                    .collect()
            }
        };
        for id in &ids {
            self.remove_attr(*id);
        }
        Some("Success".into())
    }

    pub(crate) fn run_change(
        &mut self,
        ck: &ChangeKind,
        target: &Value,
        to: &Value,
        ctx: &mut Ctx,
    ) -> Option<String> {
        let v = self.eval(target, ctx);
        let to = self.eval(to, ctx);
        match ck {
            ChangeKind::Role => {
                let role = match &to {
                    Val::Players(ps) if !ps.is_empty() => self.state.players[ps[0]].role.clone(),
                    other => self.text_of(other),
                };
                let mut ok = false;
                for p in v.players() {
                    ok |= self.change_role(p, &role, ctx.me);
                }
                Some(if ok { "Success" } else { "Failure" }.into())
            }
            ChangeKind::Group => self.group_change(&v, &to),
            ChangeKind::Alignment => {
                let team = self.team_key(&self.text_of(&to));
                for p in v.players() {
                    if self.loyalty_blocks(p, "Alignment Change") {
                        continue;
                    }
                    self.state.players[p].alignment = team.clone();
                    self.join_team(p);
                }
                Some("Success".into())
            }
        }
    }
}
