//! Copying and Switching (guide, "Copying", "Switching").
//!
//! - `Copy <Target>`: the player takes the target's role (a role change, so the new role's
//!   `Starting` abilities run, except with `(Suppressed)`), then the target's alignment,
//!   counter, target and attributes (copies; the role's own attributes come with the role).
//!   A role name as the target copies just that role.
//! - `Switch with <Target>`: the two players exchange roles, each a role change (role loss,
//!   the new role's `Starting` abilities, its team).

use std::ops::ControlFlow;

use mafia_roles::ability::Value;

use crate::eval::Ctx;
use crate::game::Game;
use crate::state::{Attr, Holder, Val};

impl Game {
    /// `Copy <Target> [(Suppressed)]`.
    pub(super) fn copy_player(
        &mut self,
        target: &Value,
        suppressed: bool,
        ty: &(String, String),
        ctx: &mut Ctx,
    ) -> Option<String> {
        let me = ctx.me?;
        let v = self.eval(target, ctx);
        let from = match &v {
            Val::Players(ps) => {
                let ps = self.visit(ps.clone(), ty, ctx);
                if let Some(c) = ctx.cancel.take() {
                    return Some(c);
                }
                match ps.first() {
                    Some(&t) => Some(t),
                    None => return Some("Failure".into()),
                }
            }
            _ => None,
        };
        let role = match from {
            Some(t) => self.state.players[t].role.clone(),
            None => self.text_of(&v),
        };
        self.suppress_starting = suppressed;
        let ok = self.change_role(me, &role, Some(me));
        self.suppress_starting = false;
        if !ok {
            return Some("Failure".into());
        }
        if let Some(t) = from {
            let src = self.state.players[t].clone();
            {
                let mine = &mut self.state.players[me];
                mine.counter = src.counter;
                mine.target = src.target.clone();
            }
            if self.state.players[me].alignment != src.alignment {
                self.state.players[me].alignment = src.alignment.clone();
                self.join_team(me);
            }
            let theirs: Vec<Attr> = self
                .state
                .attrs
                .iter()
                .filter(|a| a.holder == Holder::Player(t) && !a.from_role)
                .cloned()
                .collect();
            for a in theirs {
                let dup = self
                    .state
                    .attrs
                    .iter()
                    .any(|b| b.holder == Holder::Player(me) && b.kind == a.kind);
                if dup {
                    continue;
                }
                let id = self.state.next_id;
                self.state.next_id += 1;
                self.state.attrs.push(Attr {
                    id,
                    holder: Holder::Player(me),
                    ..a
                });
            }
            self.host_log(format!(
                "{} copied {}{}",
                self.name(me),
                self.name(t),
                if suppressed { " (suppressed)" } else { "" }
            ));
        }
        Some("Success".into())
    }

    /// `Switch with <Target>`.
    pub(super) fn switch_with(
        &mut self,
        target: &Value,
        ty: &(String, String),
        ctx: &mut Ctx,
    ) -> Option<String> {
        let me = ctx.me?;
        let ts = match self.visit_target(target, ty, ctx) {
            ControlFlow::Continue(ts) => ts,
            ControlFlow::Break(cancelled) => return cancelled,
        };
        let Some(&t) = ts.first() else {
            return Some("Failure".into());
        };
        if t == me || !self.state.players[t].alive {
            return Some("Failure".into());
        }
        let (mine, theirs) = (
            self.state.players[me].role.clone(),
            self.state.players[t].role.clone(),
        );
        self.host_log(format!(
            "{} ({mine}) switched with {} ({theirs})",
            self.name(me),
            self.name(t)
        ));
        let a = self.change_role(me, &theirs, Some(me));
        let b = self.change_role(t, &mine, Some(me));
        Some(if a && b { "Success" } else { "Failure" }.into())
    }
}
