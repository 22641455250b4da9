//! Investigating abilities: role, alignment, category, class, attribute and count
//! investigations, and what a disguised player is seen as.

use mafia_roles::ability::{InvestigateKind, Value};

use crate::eval::Ctx;
use crate::game::{Game, team_of_def};
use crate::state::*;

use super::registry::Outcome;
use std::ops::ControlFlow::{Break, Continue};

impl Game {
    pub(crate) fn seen_role(
        &mut self,
        t: usize,
        disguises: &[mafia_roles::ability::CompactString],
    ) -> String {
        let weak = disguises
            .iter()
            .any(|d| d.trim().eq_ignore_ascii_case("WD"));
        let strong = disguises
            .iter()
            .any(|d| d.trim().eq_ignore_ascii_case("SD"));
        let found = self
            .state
            .attrs
            .iter()
            .rev()
            .find(|a| {
                a.holder == Holder::Player(t)
                    && matches!(a.kind, AttrKind::Disguise { strong: s, .. } if (s && strong) || (!s && weak))
            })
            .map(|a| (a.id, a.kind.clone()));
        match found {
            Some((id, AttrKind::Disguise { role, .. })) => {
                self.use_attr(id);
                role
            }
            _ => self.state.players[t].role.clone(),
        }
    }

    pub(crate) fn run_investigate(
        &mut self,
        ik: &InvestigateKind,
        target: &Value,
        disguises: &[mafia_roles::ability::CompactString],
        ty: &(String, String),
        ctx: &mut Ctx,
    ) -> Outcome {
        let ts = self.visit_target(target, ty, ctx)?;
        let Some(&t) = ts.first() else {
            return Break(None);
        };
        let role = self.seen_role(t, disguises);
        let def = self.lib.role(&role).cloned();
        Continue(Some(match ik {
            InvestigateKind::Role => role,
            InvestigateKind::Alignment => {
                if role == self.state.players[t].role {
                    self.state.players[t].alignment.clone()
                } else {
                    def.map(|d| team_of_def(&self.lib, &d)).unwrap_or_default()
                }
            }
            InvestigateKind::Category => def.and_then(|d| d.category.clone()).unwrap_or_default(),
            InvestigateKind::Class => def.and_then(|d| d.class.clone()).unwrap_or_default(),
        }))
    }

    pub(crate) fn run_attribute_investigate(
        &mut self,
        target: &Value,
        attribute: &Value,
        ty: &(String, String),
        ctx: &mut Ctx,
    ) -> Outcome {
        let ts = self.visit_target(target, ty, ctx)?;
        let pat = self.attr_pattern(attribute, ctx);
        let Some(&t) = ts.first() else {
            return Break(None);
        };
        Continue(Some(
            if self.has_attr(&Holder::Player(t), &pat) {
                "Success"
            } else {
                "Failure"
            }
            .into(),
        ))
    }

    pub(crate) fn run_investigate_count(
        &mut self,
        target: &Value,
        players: &bool,
        ctx: &mut Ctx,
    ) -> Option<String> {
        let v = self.eval(target, ctx);
        let n = if *players {
            v.players().len()
        } else {
            self.role_players(&self.text_of(&v)).len()
        };
        Some(n.to_string())
    }
}
