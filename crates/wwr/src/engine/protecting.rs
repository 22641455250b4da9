//! Protecting abilities: `Protect` from attacks, by defenses, through absence.

use mafia_roles::ability::{self, Duration, Protection, Value};

use crate::eval::Ctx;
use crate::game::Game;
use crate::state::*;

use super::registry::Outcome;
use std::ops::ControlFlow::{Break, Continue};

impl Game {
    #[allow(clippy::too_many_arguments)] // the fields of `AbilityKind::Protect`
    pub(crate) fn run_protect(
        &mut self,
        target: &Value,
        from: &Value,
        by: &Option<Value>,
        through: &Protection,
        during: &Option<ability::PhaseKind>,
        duration: &Option<Duration>,
        ty: &(String, String),
        ctx: &mut Ctx,
    ) -> Outcome {
        let v = self.eval(target, ctx);
        let from = self.text(from, ctx);
        let (kind, at) = match through {
            Protection::Defense(d) => (
                match d {
                    ability::DefenseKind::Active => DefenseKind::Active,
                    ability::DefenseKind::Passive => DefenseKind::Passive,
                    ability::DefenseKind::Partial => DefenseKind::Partial,
                    ability::DefenseKind::Recruitment => DefenseKind::Recruitment,
                },
                None,
            ),
            Protection::Absence(loc) => {
                let l = self.eval(loc, ctx);
                if let Val::Group(g) = &l {
                    if !self.place_exists(g) {
                        self.host_log(format!(
                            "Protect: absence at #{g}, which is neither a group nor a location in play"
                        ));
                        return Break(Some("Failure".into()));
                    }
                }
                let l = match l {
                    Val::Players(ps) => {
                        let ps = self.visit(ps, ty, ctx);
                        ps.first().copied()
                    }
                    _ => None,
                };
                (DefenseKind::Absence, l)
            }
        };
        let during = during.map(|d| match d {
            ability::PhaseKind::Day => PhaseKind::Day,
            ability::PhaseKind::Night => PhaseKind::Night,
        });
        let ts = self.visit(v.players(), ty, ctx);
        for t in &ts {
            self.new_attr(
                Holder::Player(*t),
                AttrKind::Defense {
                    kind,
                    from: from.clone(),
                    by: by.clone(),
                    during,
                    at,
                },
                ctx.me,
                Self::duration(duration, Dur::Permanent),
                ctx.attr,
            );
        }
        if let Some(me) = ctx.me {
            if !ts.is_empty() && matches!(ctx.source, Source::Role(_)) && ts != [me] {
                self.host_log(format!(
                    "{} protected {} ({} defense from {})",
                    self.name(me),
                    self.text_of(&Val::Players(ts.clone())),
                    kind.name(),
                    from
                ));
            }
        }
        Continue(Some(
            if ts.is_empty() { "Failure" } else { "Success" }.into(),
        ))
    }
}
