//! The ability-type registry: maps a parsed `AbilityKind` to the module that executes it,
//! then fires the `On Action` triggers of the action.

use mafia_roles::ability::AbilityKind;

use crate::eval::Ctx;
use crate::game::{Ev, Game};
use crate::state::*;

use super::kinds::type_names;

/// What running one ability type gives: `Ok(feedback)` when the action took place (its
/// `On Action` triggers fire next), `Err(feedback)` when it stopped early (cancelled by an
/// `On Visited` trigger, no target, a refused place), which ends the ability type there.
pub(crate) type Outcome = Result<Option<String>, Option<String>>;

impl Game {
    /// Runs one ability type; returns its feedback.; returns its feedback.
    pub(crate) fn run_kind(&mut self, kind: &AbilityKind, ctx: &mut Ctx) -> Option<String> {
        use AbilityKind as A;
        let ty = type_names(kind);
        if let Some(fake) = self.obstructed(ctx, &ty) {
            return fake;
        }
        let phase = self.state.phase;
        let fb = match kind {
            A::Killing { kind: k, target } => self.run_killing(k, target, &ty, ctx),
            A::Investigate {
                kind: ik,
                target,
                disguises,
            } => self.run_investigate(ik, target, disguises, &ty, ctx),
            A::AttributeInvestigate {
                target, attribute, ..
            } => self.run_attribute_investigate(target, attribute, &ty, ctx),
            A::InvestigateCount {
                target, players, ..
            } => Ok(self.run_investigate_count(target, players, ctx)),
            A::Target { target, .. } => self.run_target(target, &ty, ctx),
            A::Untarget => Ok(self.run_untarget(ctx)),
            A::Disguise {
                strength,
                target,
                role,
                duration,
            } => Ok(self.run_disguise(strength, target, role, duration, &ty, ctx)),
            A::Protect {
                target,
                from,
                by,
                through,
                during,
                duration,
            } => self.run_protect(target, from, by, through, during, duration, &ty, ctx),
            A::Apply {
                attribute,
                target,
                duration,
                data,
            } => Ok(self.run_apply(attribute, target, duration, data, &ty, ctx)),
            A::RemoveAttribute { attribute, target } => {
                Ok(self.run_remove_attribute(attribute, target, ctx))
            }
            A::ChangeAttribute {
                attribute,
                index,
                value,
                target,
            } => Ok(self.run_change_attribute(attribute, index, value, target, ctx)),
            A::Redirect {
                subtype,
                source,
                target,
                duration,
            } => self.run_redirect(subtype, source, target, duration, ctx),
            A::ManipulateVotes {
                target,
                subtype,
                relative,
                value,
                duration,
            } => {
                Ok(self.run_manipulate_votes(target, subtype, relative, value, duration, &ty, ctx))
            }
            A::Poll {
                action: mafia_roles::ability::PollAction::Add,
                poll,
            } => Ok(self.add_poll(poll, ctx)),
            A::ManipulatePoll {
                poll,
                manipulation,
                duration,
            } => Ok(self.manipulate_candidates(poll, manipulation, duration, &ty, ctx)),
            A::ChoiceCreation {
                name,
                recipient,
                options,
            } => Ok(self.create_choice(name, recipient, options, ctx)),
            A::ChoiceChoose { name, option } => Ok(self.choose(name, option, ctx)),
            A::Copy { target, suppressed } => Ok(self.copy_player(target, *suppressed, &ty, ctx)),
            A::Switch { target } => Ok(self.switch_with(target, &ty, ctx)),
            A::Poll { action, poll } => Ok(self.run_poll_action(action, poll, ctx)),
            A::CreatePoll {
                poll,
                location,
                name,
            } => self.run_create_poll(poll, location, name, ctx),
            A::Join {
                group,
                membership,
                duration,
            } => self.run_join(group, membership, duration, ctx),
            A::AddToGroup {
                target,
                group,
                membership,
                duration,
            } => Ok(self.run_add_to_group(target, group, membership, duration, ctx)),
            A::Leave { group } => self.run_leave(group, ctx),
            A::RemoveFromGroup { target, group } => {
                Ok(self.run_remove_from_group(target, group, ctx))
            }
            A::Grant { role, target } => self.run_grant(role, target, ctx),
            A::Revoke { role, target } => Ok(self.run_revoke(role, target, ctx)),
            A::Obstruct {
                abilities,
                target,
                feedback,
                duration,
            } => Ok(self.run_obstruct(abilities, target, feedback, duration, &ty, ctx)),
            A::Reveal { what, to } => Ok(self.run_reveal(what, to, ctx)),
            A::Announce { info } => Ok(self.run_announce(info, ctx)),
            A::Learn { info } | A::Know { info } => Ok(self.run_learn(info, ctx)),
            A::Change {
                kind: ck,
                target,
                to,
            } => Ok(self.run_change(ck, target, to, ctx)),
            A::Counter { op, value, target } => Ok(self.run_counter(op, value, target, ctx)),
            A::Cancel { feedback } => Ok(self.run_cancel(feedback, ctx)),
            A::Emit { value, target, .. } => Ok(self.run_emit(value, target, ctx)),
            A::Display { name, values } => Ok(self.run_display(name, values, ctx)),
            A::UpdateDisplay { name, index, value } => {
                Ok(self.run_update_display(name, index, value, ctx))
            }
            A::Loyalty { to, kind } => Ok(self.loyalty(to, *kind, ctx)),
            A::Ascend => Ok(self.ascend(ctx, true)),
            A::Descend => Ok(self.ascend(ctx, false)),
            A::Disband { target } => Ok(self.disband_ability(target.as_ref(), ctx)),
            A::Shuffle { targets } => Ok(self.shuffle(targets, ctx)),
            A::Whisper {
                from,
                to,
                disguise,
                duration,
            } => Ok(self.run_whisper(from, to, disguise, duration, ctx)),
            A::ConversationReset { target } => Ok(self.run_reset(target, ctx)),
            A::Lock { location, unlock } => Ok(self.run_lock(location, *unlock, ctx)),
            A::Transfer { role, from, to } => Ok(self.run_transfer(role, from, to, ctx)),
            A::Execute { name, location } => Ok(self.run_execute(name, location, ctx)),
            A::Format {
                target,
                template,
                split,
            } => Ok(self.run_format(target, template, split, ctx)),
            A::Resurrect { target } => Ok(self.run_resurrect(target, ctx)),
            // Read from the attribute's definition by `haunt_status`.
            A::Activate { .. } => Ok(None),
            A::Feedback { value } => Ok(Some(self.text(value, ctx))),
            A::Continue => Ok(self.run_continue(ctx)),
            A::Nothing => Ok(None),
        };
        let fb = match fb {
            Ok(fb) => fb,
            Err(stop) => return stop,
        };
        if let (Some(me), Source::Role(_) | Source::Attr(_)) = (ctx.me, &ctx.source) {
            if self.depth < 12 && ty.0 != "Other" {
                let base = ctx
                    .clone()
                    .var(
                        "actionresult",
                        fb.clone().map(Val::Text).unwrap_or(Val::Nothing),
                    )
                    .var(
                        "actionfeedback",
                        fb.clone().map(Val::Text).unwrap_or(Val::Nothing),
                    )
                    .var("triggersource", Val::Text(self.attack_source(ctx)));
                self.depth += 1;
                self.fire(
                    Ev::Action {
                        actor: me,
                        source: ctx.source.clone(),
                        ty,
                    },
                    &base,
                );
                self.depth -= 1;
            }
        }
        self.park_delayed();
        let _ = phase;
        fb
    }
}
