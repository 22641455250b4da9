//! Disguising abilities: `Disguise` (weak and strong disguises).

use mafia_roles::ability::{DisguiseStrength, Duration, Value};

use crate::eval::Ctx;
use crate::game::Game;
use crate::state::*;

impl Game {
    pub(crate) fn run_disguise(
        &mut self,
        strength: &DisguiseStrength,
        target: &Value,
        role: &Value,
        duration: &Option<Duration>,
        ty: &(String, String),
        ctx: &mut Ctx,
    ) -> Option<String> {
        let v = self.eval(target, ctx);
        let role = self.text(role, ctx);
        let ts = self.visit(v.players(), ty, ctx);
        for t in ts {
            self.new_attr(
                Holder::Player(t),
                AttrKind::Disguise {
                    role: role.clone(),
                    strong: *strength == DisguiseStrength::Strongly,
                },
                ctx.me,
                Self::duration(duration, Dur::Permanent),
                ctx.attr,
            );
        }
        Some("Success".into())
    }
}
