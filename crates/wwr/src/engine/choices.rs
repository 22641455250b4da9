//! Choices (guide, "Choices"): `'<Name>' Choice Creation [for <Target>] (<Options>)` opens a
//! choice for a player; their `'<Name>' Choice Choose @Chosen` action answers it
//! (`act "Alice: Immediate Night: @Chosen = Poison, @Selection = Bob"`); the creator's
//! `Choice <Option> Chosen` / `Choice Chosen` abilities then run, executed by the creator,
//! with the chooser's `@Selection`/`@SecondarySelection`, `@Chosen`/`@Option` (the option)
//! and `@Chooser`.
//!
//! A choice stays open until it is answered, replaced by a new creation of the same name by
//! the same creator, or its phase ends; then a `{Forced: <Option>}` on the creation line
//! answers it with that option, otherwise it lapses.

use std::sync::Arc;

use mafia_roles::ability::{Ability, AbilityKind, Compulsion, Step, Timing, Trigger, Value};

use crate::error::Refusal;
use crate::eval::Ctx;
use crate::game::{Game, Owner};
use crate::library::norm;
use crate::state::{AttrKind, Audience, Choice, Holder, Phase, Val};

use super::kinds::params_of;

/// The `Choice Choose` ability an action starts with, if it is one.
fn choose_step(ab: &Ability) -> Option<(&Value, &Value)> {
    match ab.steps.first() {
        Some(Step::Do {
            ability: AbilityKind::ChoiceChoose { name, option },
            ..
        }) => Some((name, option)),
        _ => None,
    }
}

/// Whether an ability is a `Choice Choose` action.
pub(super) fn is_choose(ab: &Ability) -> bool {
    choose_step(ab).is_some()
}

/// Whether a trigger is one a player chooses an action for (`Immediate Night`, `End Day`…).
fn is_action_timing(t: Timing) -> bool {
    use Timing as T;
    matches!(
        t,
        T::Immediate
            | T::ImmediateNight
            | T::ImmediateDay
            | T::EndNight
            | T::EndDay
            | T::EndPhase
            | T::StartNight
            | T::StartDay
            | T::StartPhase
            | T::PreEndNight
            | T::PreEndDay
            | T::SecondPreEndNight
            | T::ThirdPreEndNight
            | T::FourthPreEndNight
            | T::SecondPreEndDay
            | T::ThirdPreEndDay
            | T::FourthPreEndDay
    )
}

/// A `Choice Choose` under an automatic trigger (Souls: `On 'Soul Action' Emitted: 'Soul
/// Action' Choice Choose @Chosen`): the trigger opens the prompt; the player answers it with
/// that trigger in the `act` line, once per open choice.
pub(super) fn is_triggered_choose(ab: &Ability) -> bool {
    is_choose(ab)
        && !matches!(&ab.trigger, Trigger::Timing { timing, .. } if is_action_timing(*timing))
}

fn strip(s: &str) -> String {
    s.trim()
        .trim_matches('`')
        .trim_matches('\'')
        .trim()
        .to_string()
}

impl Game {
    /// `'<Name>' Choice Creation [for <Target>] (<Options>)`.
    pub(super) fn create_choice(
        &mut self,
        name: &Value,
        recipient: &Option<Value>,
        options: &[mafia_roles::ability::CompactString],
        ctx: &Ctx,
    ) -> Option<String> {
        let name = strip(&self.text(name, ctx));
        let options: Vec<String> = options
            .iter()
            .map(|o| strip(o))
            .filter(|o| !o.is_empty())
            .collect();
        let choosers = match recipient {
            None => ctx.me.into_iter().collect(),
            Some(v) => {
                let v = self.eval(v, ctx);
                self.choosers_of(&v)
            }
        };
        if choosers.is_empty() || options.is_empty() {
            self.host_log(format!(
                "the `{name}` choice was not created: nobody to choose"
            ));
            return Some("Failure".into());
        }
        let default = self.forced_choice_default(ctx);
        let (creator_player, creator_attr) = (ctx.me, ctx.attr);
        let creator = ctx.source.clone();
        // A new creation replaces an open choice of the same name by the same creator.
        for c in self.state.choices.iter_mut() {
            if c.open
                && norm(&c.name) == norm(&name)
                && c.creator == creator
                && c.creator_player == creator_player
            {
                c.open = false;
            }
        }
        let id = self.state.next_id;
        self.state.next_id += 1;
        let list = options.join(", ");
        self.state.choices.push(Choice {
            id,
            name: name.clone(),
            options,
            creator,
            creator_player,
            creator_attr,
            choosers: choosers.clone(),
            created: self.state.phase,
            default,
            open: true,
            queued: None,
            answer: None,
        });
        let who: Vec<String> = choosers.iter().map(|&p| self.name(p)).collect();
        self.host_log(format!(
            "the `{name}` choice ({list}) was created for {}",
            who.join(", ")
        ));
        for p in choosers {
            self.say(
                Audience::Player(p),
                format!("Choice `{name}`: choose one of {list}."),
            );
        }
        None
    }

    /// Players a choice is sent to: players, an attribute's (extra role's) holder, the
    /// holders of a named extra role (or players of that role), a group's members.
    fn choosers_of(&self, v: &Val) -> Vec<usize> {
        match v {
            Val::Players(ps) => ps.clone(),
            Val::Attr(id) => match self.attr(*id).map(|a| &a.holder) {
                Some(Holder::Player(p)) => vec![*p],
                _ => Vec::new(),
            },
            Val::Group(g) => self.group_members(g),
            Val::Teams(ts) => self.team_members(ts),
            Val::Text(t) => {
                let r = norm(t);
                let mut ps: Vec<usize> = self
                    .state
                    .attrs
                    .iter()
                    .filter_map(|a| match (&a.holder, &a.kind) {
                        (Holder::Player(p), AttrKind::Role { role }) if norm(role) == r => Some(*p),
                        _ => None,
                    })
                    .collect();
                if ps.is_empty() {
                    ps = self.role_players(&r);
                }
                ps.sort_unstable();
                ps.dedup();
                ps
            }
            _ => Vec::new(),
        }
    }

    /// The `{Forced: <Option>}` default of the ability that is creating a choice.
    fn forced_choice_default(&mut self, ctx: &Ctx) -> Option<String> {
        let ab = ctx.ability.as_ref().and_then(|r| self.ability(r))?;
        let mut comps: Vec<Compulsion> = params_of(&ab).compulsion;
        for s in &ab.steps {
            if let Step::Do {
                ability: AbilityKind::ChoiceCreation { .. },
                params,
                ..
            } = s
            {
                comps.extend(params.compulsion.iter().cloned());
            }
        }
        let d = comps.into_iter().find_map(|c| match c {
            Compulsion::Forced {
                default: Some(d), ..
            } => Some(d),
            _ => None,
        })?;
        Some(strip(&self.text(&d, ctx)))
    }

    /// The open choice `name` that `p` may answer.
    fn open_choice(&self, name: &str, p: usize) -> Option<usize> {
        let n = norm(name);
        self.state
            .choices
            .iter()
            .rposition(|c| c.open && norm(&c.name) == n && c.choosers.contains(&p))
    }

    /// The open choices a player may answer: (name, options).
    pub fn open_choices(&self, p: usize) -> Vec<(String, Vec<String>)> {
        self.state
            .choices
            .iter()
            .filter(|c| c.open && c.choosers.contains(&p))
            .map(|c| (c.name.clone(), c.options.clone()))
            .collect()
    }

    /// For the prompt list: `None` if `ab` is not a `Choice Choose` action, `Some(None)` if
    /// it has no open choice to answer now, else the options of the open choice.
    pub(super) fn choice_prompt(&mut self, ab: &Ability, ctx: &Ctx) -> Option<Option<Vec<String>>> {
        let (name, _) = choose_step(ab)?;
        let me = ctx.me?;
        let name = strip(&self.text(name, ctx));
        Some(
            self.open_choice(&name, me)
                .map(|i| self.state.choices[i].options.clone()),
        )
    }

    /// The open choices `p` answers through an automatic trigger's `Choice Choose` (Souls:
    /// `On 'Soul Action' Emitted`): each ability's owner, place and the choice's options.
    pub(super) fn triggered_choice_prompts(
        &mut self,
        p: usize,
    ) -> Vec<(Owner, usize, Arc<Ability>, Vec<String>)> {
        let mut out = Vec::new();
        for owner in self.owners(false) {
            if owner.me != Some(p) {
                continue;
            }
            let Some(def) = self.def_of(&owner.source) else {
                continue;
            };
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                if !is_triggered_choose(ab) {
                    continue;
                }
                let ctx = self.ctx_for(&owner, i);
                if let Some(Some(options)) = self.choice_prompt(ab, &ctx) {
                    out.push((owner.clone(), i, ab.clone(), options));
                }
            }
        }
        out
    }

    /// The text of what answers a `Choice Choose` action runs: the creator's `Choice …
    /// Chosen` abilities of the open choice (empty when `ab` is no `Choice Choose` or has no
    /// open choice). Where an answer's `@Selection` goes.
    pub(super) fn choice_results_text(&mut self, ab: &Ability, ctx: &Ctx) -> String {
        let Some((name, _)) = choose_step(ab) else {
            return String::new();
        };
        let Some(me) = ctx.me else {
            return String::new();
        };
        let name = strip(&self.text(name, ctx));
        let Some(i) = self.open_choice(&name, me) else {
            return String::new();
        };
        let creator = self.state.choices[i].creator.clone();
        let Some(def) = self.def_of(&creator) else {
            return String::new();
        };
        def.abilities
            .iter()
            .filter(|(a, _)| matches!(&a.trigger, Trigger::ChoiceChosen { .. }))
            .map(|(a, _)| a.to_text())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Whether the creator's resulting abilities of a `Choice Choose` action take a dead
    /// player (`@Selection[Dead]`).
    pub(super) fn choice_takes_dead(&mut self, ab: &Ability, ctx: &Ctx) -> bool {
        let Some((name, _)) = choose_step(ab) else {
            return false;
        };
        let Some(me) = ctx.me else { return false };
        let name = strip(&self.text(name, ctx));
        let Some(i) = self.open_choice(&name, me) else {
            return false;
        };
        let creator = self.state.choices[i].creator.clone();
        self.def_of(&creator).is_some_and(|d| {
            d.abilities.iter().any(|(a, _)| {
                matches!(&a.trigger, Trigger::ChoiceChosen { .. }) && a.to_text().contains("Dead")
            })
        })
    }

    /// Checks a player's answer to a `Choice Choose` action before it is accepted: an open
    /// choice exists, the option is one of it, a selection is given where the resulting
    /// abilities use one. Puts the option into `@Chosen` and remembers it for a queued
    /// (End/Start) action.
    pub(super) fn prepare_choice_answer(
        &mut self,
        ab: &Ability,
        ctx: &mut Ctx,
        chosen: Option<&str>,
    ) -> Result<(), Refusal> {
        let Some((name, option)) = choose_step(ab) else {
            return Ok(());
        };
        let Some(me) = ctx.me else { return Ok(()) };
        let name = strip(&self.text(name, ctx));
        let Some(i) = self.open_choice(&name, me) else {
            return Err(Refusal::NoOpenChoice(name));
        };
        let options = self.state.choices[i].options.clone();
        let list = options.join(", ");
        let wanted = match chosen {
            Some(c) => c.to_string(),
            None => match self.eval(option, ctx) {
                Val::Nothing => {
                    return Err(Refusal::ChoiceNeedsOption {
                        name,
                        options: list,
                    });
                }
                v => self.text_of(&v),
            },
        };
        let Some(opt) = options.iter().find(|o| norm(o) == norm(&strip(&wanted))) else {
            return Err(Refusal::NotAnOption {
                wanted,
                name,
                options: list,
            });
        };
        let opt = opt.clone();
        if ctx.selection.is_none() {
            let creator = self.state.choices[i].creator.clone();
            let needs = self.def_of(&creator).is_some_and(|d| {
                d.abilities.iter().any(|(a, _)| {
                    self.chosen_matches(a, &opt) && a.to_text().contains("@Selection")
                })
            });
            if needs {
                return Err(Refusal::OptionNeedsSelection { option: opt, name });
            }
        }
        ctx.vars.insert("chosen".into(), Val::Text(opt.clone()));
        self.state.choices[i].queued = Some((me, opt));
        Ok(())
    }

    /// Whether `ab` is a `Choice <opt> Chosen` (or option-less `Choice Chosen`) ability.
    fn chosen_matches(&self, ab: &Ability, opt: &str) -> bool {
        match &ab.trigger {
            Trigger::ChoiceChosen { option: None, .. } => true,
            Trigger::ChoiceChosen {
                option: Some(v), ..
            } => {
                let t = match v {
                    Value::Path {
                        base: mafia_roles::ability::Base::Text(t),
                        ..
                    } => t.to_string(),
                    Value::Word { text, .. } => text.to_string(),
                    other => other.to_text(),
                };
                norm(&strip(&t)) == norm(opt)
            }
            _ => false,
        }
    }

    /// `'<Name>' Choice Choose <Option>` run by the chooser (`ctx.me`).
    pub(super) fn choose(&mut self, name: &Value, option: &Value, ctx: &mut Ctx) -> Option<String> {
        let me = ctx.me?;
        let name = strip(&self.text(name, ctx));
        let Some(i) = self.open_choice(&name, me) else {
            self.host_log(format!(
                "{} has no open `{name}` choice to answer",
                self.name(me)
            ));
            return Some("Failure".into());
        };
        let wanted = match self.eval(option, ctx) {
            Val::Nothing => match &self.state.choices[i].queued {
                Some((q, o)) if *q == me => o.clone(),
                _ => String::new(),
            },
            v => self.text_of(&v),
        };
        if wanted.is_empty() {
            // An automatic `Choice Choose` with nobody's answer: the choice stays open.
            return None;
        }
        let Some(opt) = self.state.choices[i]
            .options
            .iter()
            .find(|o| norm(o) == norm(&strip(&wanted)))
            .cloned()
        else {
            self.host_log(format!(
                "{}: `{wanted}` is not an option of the `{name}` choice",
                self.name(me)
            ));
            return Some("Failure".into());
        };
        ctx.vars.insert("chosen".into(), Val::Text(opt.clone()));
        let (sel, sec) = (ctx.selection.clone(), ctx.secondary.clone());
        Some(
            self.answer_choice(i, me, &opt, sel, sec)
                .unwrap_or_else(|| "Success".into()),
        )
    }

    /// Closes choice `i` with `opt` chosen by `chooser` and runs the creator's resulting
    /// abilities; returns their feedback (the first one given).
    fn answer_choice(
        &mut self,
        i: usize,
        chooser: usize,
        opt: &str,
        selection: Option<Val>,
        secondary: Option<Val>,
    ) -> Option<String> {
        let choice = {
            let c = &mut self.state.choices[i];
            c.open = false;
            c.queued = None;
            c.answer = Some((chooser, opt.to_string()));
            c.clone()
        };
        self.host_log(format!(
            "{} chose {opt} on the `{}` choice",
            self.name(chooser),
            choice.name
        ));
        let def = self.def_of(&choice.creator)?;
        let owner = Owner {
            source: choice.creator.clone(),
            // A group's choice is executed by the member who chose.
            me: choice.creator_player.or(Some(chooser)),
            attr: choice.creator_attr,
        };
        let mut fb = None;
        let abilities: Vec<(usize, Arc<Ability>)> = def
            .abilities
            .iter()
            .enumerate()
            .filter(|(_, (a, _))| self.chosen_matches(a, opt))
            .map(|(k, (a, _))| (k, a.clone()))
            .collect();
        for (k, ab) in abilities {
            let mut ctx = self.ctx_for(&owner, k);
            ctx.me = owner.me;
            ctx.selection = selection.clone();
            ctx.secondary = secondary.clone();
            ctx.vars.insert("chosen".into(), Val::Text(opt.to_string()));
            ctx.vars.insert("option".into(), Val::Text(opt.to_string()));
            ctx.vars
                .insert("chooser".into(), Val::Players(vec![chooser]));
            if let Err(e) = self.allowed(&ab, &ctx, false) {
                self.host_log(format!(
                    "`{}` choice {opt}: a resulting ability did not run ({e})",
                    choice.name
                ));
                fb.get_or_insert_with(|| "Failure".to_string());
                continue;
            }
            let target = selection
                .as_ref()
                .and_then(|s| s.players().first().copied());
            self.record_use(owner.me, k, &owner.source, target);
            self.depth += 1;
            let f = self.run_ability(&ab, &mut ctx);
            self.depth -= 1;
            if fb.is_none() {
                fb = f;
            }
        }
        fb
    }

    /// At the end of `phase`: open choices created in it (or earlier) are answered with
    /// their `{Forced}` default, or lapse.
    pub(super) fn close_choices(&mut self, phase: Phase) {
        let due: Vec<usize> = (0..self.state.choices.len())
            .filter(|&i| self.state.choices[i].open && self.state.choices[i].created <= phase)
            .collect();
        for i in due {
            let c = self.state.choices[i].clone();
            let chooser = c
                .choosers
                .iter()
                .copied()
                .find(|&p| self.state.players[p].alive);
            match (&c.default, chooser) {
                (Some(d), Some(p)) => {
                    let opt = c
                        .options
                        .iter()
                        .find(|o| norm(o) == norm(d))
                        .cloned()
                        .unwrap_or_else(|| d.clone());
                    self.host_log(format!(
                        "{} did not answer the `{}` choice: it is forced to {opt}",
                        self.name(p),
                        c.name
                    ));
                    self.answer_choice(i, p, &opt, None, None);
                }
                _ => {
                    self.state.choices[i].open = false;
                    self.state.choices[i].queued = None;
                    self.host_log(format!("the `{}` choice lapsed unanswered", c.name));
                }
            }
        }
    }
}
