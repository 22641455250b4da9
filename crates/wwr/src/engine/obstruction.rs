//! The `Obstruct` ability type, and obstructed executors of group actions (`_rules/ability types/13 obstructions`: "For
//! group abilities (e.g. wolfpack attack), an obstructed player being chosen to execute the
//! action causes it to fail").
//!
//! A group's poll result (the Wolfpack's `On Poll Closed: Process: Attack @Winner …`) is
//! the group's chosen action, run by a random voter, its executor. When that player holds an
//! obstruction covering the action's ability type, it fails as a chosen action of theirs
//! would, with the obstruction's fake feedback or `Failure` (so the group's `Evaluate:` sees
//! `@Result is Failure`, "indistinguishable from other types of failure" for attacks). The
//! action is the ability's steps, or only the first step of its `Process:` (the Wolfpack's
//! `Attack @Winner`; its `Remove `CoyoteTrigger`` is bookkeeping); the `Evaluate:` block is
//! the group's reaction to the result, not the action, and runs.

use mafia_roles::ability::{AbilityFilter, Duration, ObstructFeedback, Value};

use crate::eval::Ctx;
use crate::game::Game;
use crate::state::*;

impl Game {
    /// Whether `ctx` runs a group action through its executor (`ctx.me`), outside its
    /// `Evaluate:` block.
    pub(super) fn runs_group_action(ctx: &Ctx) -> bool {
        ctx.group_action && !ctx.evaluating && ctx.me.is_some()
    }

    /// The result of an obstructed step of a group action: the fake feedback, else failure.
    pub(super) fn group_action_failure(fake: Option<String>) -> String {
        fake.unwrap_or_else(|| "Failure".to_string())
    }

    pub(crate) fn run_obstruct(
        &mut self,
        abilities: &Option<AbilityFilter>,
        target: &Value,
        feedback: &Option<ObstructFeedback>,
        duration: &Option<Duration>,
        ty: &(String, String),
        ctx: &mut Ctx,
    ) -> Option<String> {
        let v = self.eval(target, ctx);
        let feedback = match feedback {
            None => None,
            Some(ObstructFeedback::Single(v)) => Some(self.text(v, ctx)),
            // Rolled each time the obstruction is used (`Game::fake_feedback`).
            Some(ObstructFeedback::Chances(cs)) => Some(self.encode_chances(cs, ctx)),
        };
        let ts = self.visit(v.players(), ty, ctx);
        for t in &ts {
            self.new_attr(
                Holder::Player(*t),
                AttrKind::Obstruction {
                    filter: abilities.as_ref().map(|f| (f.negated, f.name.to_string())),
                    feedback: feedback.clone(),
                },
                ctx.me,
                Self::duration(duration, Dur::Permanent),
                ctx.attr,
            );
        }
        Some("Success".into())
    }
}
