//! Group membership abilities: `Join`, `Leave`, `Add … to`, `Remove … from`.

use mafia_roles::ability::{Duration, Value};

use crate::eval::Ctx;
use crate::game::Game;
use crate::library::norm;
use crate::state::*;

use super::registry::Outcome;
use std::ops::ControlFlow::{Break, Continue};

impl Game {
    pub(crate) fn group_name(&mut self, v: &Value, ctx: &Ctx) -> String {
        match self.eval(v, ctx) {
            Val::Group(g) => g,
            other => norm(&self.text_of(&other)),
        }
    }

    pub(crate) fn join(
        &mut self,
        p: usize,
        g: &str,
        membership: &str,
        dur: Dur,
        ctx: &Ctx,
    ) -> bool {
        let tier = |m: &str| match norm(m).as_str() {
            "owner" => 2,
            "member" => 1,
            _ => 0,
        };
        let existing: Vec<(u64, String)> = self
            .state
            .attrs
            .iter()
            .filter_map(|a| match &a.kind {
                AttrKind::GroupMembership { group, membership }
                    if a.holder == Holder::Player(p) && norm(group) == norm(g) =>
                {
                    Some((a.id, membership.clone()))
                }
                _ => None,
            })
            .collect();
        if existing.iter().any(|(_, m)| tier(m) >= tier(membership)) {
            return false;
        }
        for (id, _) in existing {
            self.remove_attr(id);
        }
        self.state.groups.entry(norm(g)).or_default();
        self.reopen(g, membership);
        self.new_attr(
            Holder::Player(p),
            AttrKind::GroupMembership {
                group: norm(g),
                membership: membership.to_string(),
            },
            ctx.me,
            dur,
            ctx.attr,
        );
        let title = self.group_title(g);
        self.say(Audience::Player(p), format!("You joined {title}."));
        self.group_entered_play(&norm(g));
        true
    }

    pub(crate) fn leave(&mut self, p: usize, g: &str) {
        let ids: Vec<u64> = self
            .state
            .attrs
            .iter()
            .filter(|a| {
                a.holder == Holder::Player(p)
                    && matches!(&a.kind, AttrKind::GroupMembership { group, .. } if norm(group) == norm(g))
            })
            .map(|a| a.id)
            .collect();
        for id in ids {
            self.remove_attr(id);
        }
    }

    pub(crate) fn run_join(
        &mut self,
        group: &Value,
        membership: &Option<Value>,
        duration: &Option<Duration>,
        ctx: &mut Ctx,
    ) -> Outcome {
        let g = self.group_name(group, ctx);
        let m = match membership {
            Some(m) => self.text(m, ctx),
            None => "Member".into(),
        };
        let Some(me) = ctx.me else {
            return Break(None);
        };
        let ok = self.join(me, &g, &m, Self::duration(duration, Dur::Persistent), ctx);
        Continue(Some(if ok { "Success" } else { "Failure" }.into()))
    }

    pub(crate) fn run_add_to_group(
        &mut self,
        target: &Value,
        group: &Value,
        membership: &Option<Value>,
        duration: &Option<Duration>,
        ctx: &mut Ctx,
    ) -> Option<String> {
        let g = self.group_name(group, ctx);
        let m = match membership {
            Some(m) => self.text(m, ctx),
            None => "Member".into(),
        };
        let v = self.eval(target, ctx);
        let mut ok = false;
        for p in v.players() {
            ok |= self.join(p, &g, &m, Self::duration(duration, Dur::Persistent), ctx);
        }
        Some(if ok { "Success" } else { "Failure" }.into())
    }

    pub(crate) fn run_leave(&mut self, group: &Value, ctx: &mut Ctx) -> Outcome {
        let g = self.group_name(group, ctx);
        let Some(me) = ctx.me else {
            return Break(None);
        };
        self.leave(me, &g);
        Continue(Some("Success".into()))
    }

    pub(crate) fn run_remove_from_group(
        &mut self,
        target: &Value,
        group: &Value,
        ctx: &mut Ctx,
    ) -> Option<String> {
        let g = self.group_name(group, ctx);
        let v = self.eval(target, ctx);
        for p in v.players() {
            self.leave(p, &g);
        }
        Some("Success".into())
    }
}
