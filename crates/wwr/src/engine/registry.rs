//! The ability-type registry: maps a parsed `AbilityKind` to the module that executes it,
//! then fires the `On Action` triggers of the action.

use std::ops::ControlFlow::{self, Break, Continue};

use mafia_roles::ability::AbilityKind;

use crate::eval::Ctx;
use crate::game::{Ev, Game};
use crate::state::*;

use super::kinds::type_names;

/// What running one ability type gives: `Continue(feedback)` when the action took place (its
/// `On Action` triggers fire next), `Break(feedback)` when it stopped early (cancelled by an
/// `On Visited` trigger, no target, a refused place), which ends the ability type there.
pub(crate) type Outcome = ControlFlow<Option<String>, Option<String>>;

impl Game {
    /// Runs one ability type; returns its feedback.
    pub(crate) fn run_kind(&mut self, kind: &AbilityKind, ctx: &mut Ctx) -> Option<String> {
        use AbilityKind as A;
        let ty = type_names(kind);
        if let Some(fake) = self.obstructed(ctx, &ty) {
            return fake;
        }
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
            } => Continue(self.run_investigate_count(target, players, ctx)),
            A::Target { target, .. } => self.run_target(target, &ty, ctx),
            A::Untarget => Continue(self.run_untarget(ctx)),
            A::Disguise {
                strength,
                target,
                role,
                duration,
            } => Continue(self.run_disguise(strength, target, role, duration, &ty, ctx)),
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
            } => Continue(self.run_apply(attribute, target, duration, data, &ty, ctx)),
            A::RemoveAttribute { attribute, target } => {
                Continue(self.run_remove_attribute(attribute, target, ctx))
            }
            A::ChangeAttribute {
                attribute,
                index,
                value,
                target,
            } => Continue(self.run_change_attribute(attribute, index, value, target, ctx)),
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
            } => Continue(
                self.run_manipulate_votes(target, subtype, relative, value, duration, &ty, ctx),
            ),
            A::Poll {
                action: mafia_roles::ability::PollAction::Add,
                poll,
                ..
            } => Continue(self.add_poll(poll, ctx)),
            A::ManipulatePoll {
                poll,
                manipulation,
                duration,
            } => Continue(self.manipulate_candidates(poll, manipulation, duration, &ty, ctx)),
            A::ChoiceCreation {
                name,
                recipient,
                options,
            } => Continue(self.create_choice(name, recipient, options, ctx)),
            A::ChoiceChoose { name, option } => Continue(self.choose(name, option, ctx)),
            A::Copy { target, suppressed } => {
                Continue(self.copy_player(target, *suppressed, &ty, ctx))
            }
            A::Switch { target } => Continue(self.switch_with(target, &ty, ctx)),
            A::Poll { action, poll, .. } => Continue(self.run_poll_action(action, poll, ctx)),
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
            } => Continue(self.run_add_to_group(target, group, membership, duration, ctx)),
            A::Leave { group } => self.run_leave(group, ctx),
            A::RemoveFromGroup { target, group } => {
                Continue(self.run_remove_from_group(target, group, ctx))
            }
            A::Grant { role, target } => self.run_grant(role, target, ctx),
            A::Revoke { role, target } => Continue(self.run_revoke(role, target, ctx)),
            A::Obstruct {
                abilities,
                target,
                feedback,
                duration,
            } => Continue(self.run_obstruct(abilities, target, feedback, duration, &ty, ctx)),
            A::Reveal { what, to } => Continue(self.run_reveal(what, to, ctx)),
            A::Announce { info } => Continue(self.run_announce(info, ctx)),
            A::Learn { info } | A::Know { info } => Continue(self.run_learn(info, ctx)),
            A::Change {
                kind: ck,
                target,
                to,
            } => Continue(self.run_change(ck, target, to, ctx)),
            A::Counter { op, value, target } => Continue(self.run_counter(op, value, target, ctx)),
            A::Cancel { feedback } => Continue(self.run_cancel(feedback, ctx)),
            A::Emit { value, target, .. } => Continue(self.run_emit(value, target, ctx)),
            A::Display { name, values } => Continue(self.run_display(name, values, ctx)),
            A::UpdateDisplay { name, index, value } => {
                Continue(self.run_update_display(name, index, value, ctx))
            }
            A::Loyalty { to, kind } => Continue(self.loyalty(to, *kind, ctx)),
            A::Ascend => Continue(self.ascend(ctx, true)),
            A::Descend => Continue(self.ascend(ctx, false)),
            // `Win` parses since issue 12 (the bot's parser accepts it); the engine does not
            // play it yet: a team's win is still decided by its `Win Condition`.
            A::Win => Continue(None),
            A::Disband { target } => Continue(self.disband_ability(target.as_ref(), ctx)),
            A::Shuffle { targets } => Continue(self.shuffle(targets, ctx)),
            A::Whisper {
                from,
                to,
                disguise,
                duration,
            } => Continue(self.run_whisper(from, to, disguise, duration, ctx)),
            A::ConversationReset { target } => Continue(self.run_reset(target, ctx)),
            A::Lock { location, unlock } => Continue(self.run_lock(location, *unlock, ctx)),
            A::Transfer { role, from, to } => Continue(self.run_transfer(role, from, to, ctx)),
            A::Execute { name, location } => Continue(self.run_execute(name, location, ctx)),
            A::Format {
                target,
                template,
                split,
            } => Continue(self.run_format(target, template, split, ctx)),
            A::Resurrect { target } => Continue(self.run_resurrect(target, ctx)),
            // Read from the attribute's definition by `haunt_status`.
            A::Activate { .. } => Continue(None),
            A::Feedback { value } => Continue(Some(self.text(value, ctx))),
            A::Continue => Continue(self.run_continue(ctx)),
            // `Store <Value>` gives the value as the result, as feedback does; `Log` is the
            // bot's debugging aid and does nothing in a game.
            A::Store { value } => Continue(Some(self.text(value, ctx))),
            A::Log { .. } => Continue(None),
            A::Nothing => Continue(None),
        };
        let fb = match fb {
            Continue(fb) => fb,
            Break(stop) => return stop,
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
        fb
    }
}
