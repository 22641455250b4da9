//! The ability-type registry: maps a parsed `AbilityKind` to the module that executes it,
//! then fires the `On Action` triggers of the action.

use mafia_roles::ability::{
    AbilityKind, DisguiseStrength, KillKind, ObstructFeedback, Protection, Timing,
};

use crate::eval::Ctx;
use crate::library::norm;
use crate::state::*;

use super::game::{AttrPattern, Ev, Game, Owner, team_of_def};
use super::kinds::*;

impl Game {
    /// Runs one ability type; returns its feedback.
    pub(crate) fn run_kind(&mut self, kind: &AbilityKind, ctx: &mut Ctx) -> Option<String> {
        use AbilityKind as A;
        let ty = type_names(kind);
        if let Some(fake) = self.obstructed(ctx, &ty) {
            return fake;
        }
        let phase = self.state.phase;
        let fb = match kind {
            A::Killing { kind: k, target } => {
                let v = self.eval(target, ctx);
                let ts = self.visit(v.players(), &ty, ctx);
                if let Some(c) = ctx.cancel.take() {
                    return Some(c);
                }
                let source = self.attack_source(ctx);
                let attacker = self.attacker_of(ctx);
                let mut ok = false;
                for t in ts {
                    ok |= match k {
                        KillKind::Banish | KillKind::TrueBanish => {
                            self.banish(t, *k, attacker, &source)
                        }
                        _ => self.attack(t, *k, attacker, &source, false),
                    };
                }
                Some(if ok { "Success" } else { "Failure" }.to_string())
            }
            A::Investigate {
                kind: ik,
                target,
                disguises,
            } => {
                let v = self.eval(target, ctx);
                let ts = self.visit(v.players(), &ty, ctx);
                if let Some(c) = ctx.cancel.take() {
                    return Some(c);
                }
                let t = *ts.first()?;
                let role = self.seen_role(t, disguises);
                let def = self.lib.role(&role).cloned();
                Some(match ik.name() {
                    "Role" => role,
                    "Alignment" => {
                        if role == self.state.players[t].role {
                            self.state.players[t].alignment.clone()
                        } else {
                            def.map(|d| team_of_def(&self.lib, &d)).unwrap_or_default()
                        }
                    }
                    "Category" => def.and_then(|d| d.category.clone()).unwrap_or_default(),
                    _ => def.and_then(|d| d.class.clone()).unwrap_or_default(),
                })
            }
            A::AttributeInvestigate {
                target, attribute, ..
            } => {
                let v = self.eval(target, ctx);
                let ts = self.visit(v.players(), &ty, ctx);
                if let Some(c) = ctx.cancel.take() {
                    return Some(c);
                }
                let pat = self.attr_pattern(attribute, ctx);
                let t = *ts.first()?;
                Some(
                    if self.has_attr(&Holder::Player(t), &pat) {
                        "Success"
                    } else {
                        "Failure"
                    }
                    .into(),
                )
            }
            A::InvestigateCount {
                target, players, ..
            } => {
                let v = self.eval(target, ctx);
                let n = if *players {
                    v.players().len()
                } else {
                    self.role_players(&self.text_of(&v)).len()
                };
                Some(n.to_string())
            }
            A::Target { target, .. } => {
                let mut v = self.eval(target, ctx);
                if let Val::Players(ps) = &v {
                    let ps = self.visit(ps.clone(), &ty, ctx);
                    if let Some(c) = ctx.cancel.take() {
                        return Some(c);
                    }
                    v = Val::Players(ps);
                }
                let shown = self.text_of(&v);
                self.set_target(ctx, Some(v));
                if let Some(p) = ctx.me {
                    // An attribute's own target is not its holder's news (the Baroness's
                    // spying attribute targets the Baroness: telling would expose her).
                    if matches!(ctx.source, Source::Role(_)) {
                        self.say(Audience::Player(p), format!("Your target is now {shown}."));
                    }
                }
                None
            }
            A::Untarget => {
                self.set_target(ctx, None);
                None
            }
            A::Disguise {
                strength,
                target,
                role,
                duration,
            } => {
                let v = self.eval(target, ctx);
                let role = self.text(role, ctx);
                let ts = self.visit(v.players(), &ty, ctx);
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
            A::Protect {
                target,
                from,
                by,
                through,
                during,
                duration,
            } => {
                let v = self.eval(target, ctx);
                let from = self.text(from, ctx);
                let (kind, at) = match through {
                    Protection::Defense(d) => (
                        match d.name() {
                            "Active Defense" => DefenseKind::Active,
                            "Passive Defense" => DefenseKind::Passive,
                            "Partial Defense" => DefenseKind::Partial,
                            _ => DefenseKind::Recruitment,
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
                                return Some("Failure".into());
                            }
                        }
                        let l = match l {
                            Val::Players(ps) => {
                                let ps = self.visit(ps, &ty, ctx);
                                ps.first().copied()
                            }
                            _ => None,
                        };
                        (DefenseKind::Absence, l)
                    }
                };
                let during = during.map(|d| match d.name() {
                    "Day" => PhaseKind::Day,
                    _ => PhaseKind::Night,
                });
                let ts = self.visit(v.players(), &ty, ctx);
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
                Some(if ts.is_empty() { "Failure" } else { "Success" }.into())
            }
            A::Apply {
                attribute,
                target,
                duration,
                data,
            } => {
                let name = self.text(attribute, ctx);
                let v = self.eval(target, ctx);
                let holders = match &v {
                    Val::Players(ps) => {
                        let ps = self.visit(ps.clone(), &ty, ctx);
                        ps.into_iter().map(Holder::Player).collect()
                    }
                    other => self.holders_of(other),
                };
                let mut values = Vec::new();
                for d in data {
                    values.push(self.text(d, ctx));
                }
                for h in &holders {
                    let id = self.new_attr(
                        h.clone(),
                        AttrKind::Custom { name: name.clone() },
                        ctx.me,
                        Self::duration(duration, Dur::Permanent),
                        ctx.attr,
                    );
                    if let Some(a) = self.attr_mut(id) {
                        a.values = values.clone();
                    }
                    self.run_attr_starting(id);
                }
                Some(
                    if holders.is_empty() {
                        "Failure"
                    } else {
                        "Success"
                    }
                    .into(),
                )
            }
            A::RemoveAttribute { attribute, target } => {
                let pat = self.attr_pattern(attribute, ctx);
                let v = self.eval(target, ctx);
                let holders = self.holders_of(&v);
                let ids: Vec<u64> = self
                    .state
                    .attrs
                    .iter()
                    .filter(|a| {
                        (holders.contains(&a.holder) || matches!(pat, AttrPattern::Id(_)))
                            && self.attr_matches(a, &pat)
                    })
                    .map(|a| a.id)
                    .collect();
                for id in &ids {
                    self.remove_attr(*id);
                }
                Some(if ids.is_empty() { "Failure" } else { "Success" }.into())
            }
            A::ChangeAttribute {
                attribute,
                index,
                value,
                target,
            } => {
                let idx = {
                    let v = self.eval(index, ctx);
                    (self.num_of(&v).max(1) - 1) as usize
                };
                let new = self.text(value, ctx);
                let ids: Vec<u64> = match self.eval(attribute, ctx) {
                    Val::Attr(id) => vec![id],
                    other => {
                        let t = self.text_of(&other);
                        let pat = AttrPattern::Name {
                            kind: norm(&t),
                            value: None,
                        };
                        let holders = match target {
                            Some(t) => {
                                let v = self.eval(t, ctx);
                                self.holders_of(&v)
                            }
                            None => ctx.me.map(Holder::Player).into_iter().collect(),
                        };
                        self.state
                            .attrs
                            .iter()
                            .filter(|a| holders.contains(&a.holder) && self.attr_matches(a, &pat))
                            .map(|a| a.id)
                            .collect()
                    }
                };
                for id in &ids {
                    if let Some(a) = self.attr_mut(*id) {
                        if a.values.len() <= idx {
                            a.values.resize(idx + 1, String::new());
                        }
                        a.values[idx] = new.clone();
                    }
                }
                Some(if ids.is_empty() { "Failure" } else { "Success" }.into())
            }
            A::Redirect {
                subtype,
                source,
                target,
                duration,
            } => {
                let subtype = self.text(subtype, ctx);
                let me = ctx.me?;
                self.new_attr(
                    Holder::Player(me),
                    AttrKind::Redirection {
                        subtype,
                        source: source.clone(),
                        target: target.clone(),
                    },
                    Some(me),
                    Self::duration(duration, Dur::Permanent),
                    ctx.attr,
                );
                Some("Success".into())
            }
            A::ManipulateVotes {
                target,
                subtype,
                relative,
                value,
                duration,
            } => {
                let v = self.eval(target, ctx);
                let subtype = self.text(subtype, ctx);
                let n = {
                    let v = self.eval(value, ctx);
                    self.num_of(&v)
                };
                let ts = self.visit(v.players(), &ty, ctx);
                for t in &ts {
                    self.new_attr(
                        Holder::Player(*t),
                        AttrKind::Manipulation {
                            subtype: subtype.clone(),
                            relative: *relative,
                            value: n,
                        },
                        ctx.me,
                        Self::duration(duration, Dur::Permanent),
                        ctx.attr,
                    );
                }
                Some("Success".into())
            }
            A::Poll {
                action: mafia_roles::ability::PollAction::Add,
                poll,
            } => self.add_poll(poll, ctx),
            A::ManipulatePoll {
                poll,
                manipulation,
                duration,
            } => self.manipulate_candidates(poll, manipulation, duration, &ty, ctx),
            A::ChoiceCreation {
                name,
                recipient,
                options,
            } => self.create_choice(name, recipient, options, ctx),
            A::ChoiceChoose { name, option } => self.choose(name, option, ctx),
            A::Copy { target, suppressed } => self.copy_player(target, *suppressed, &ty, ctx),
            A::Switch { target } => self.switch_with(target, &ty, ctx),
            A::Poll { action, poll } => {
                let name = norm(&self.text(poll, ctx));
                match action.name() {
                    "Cancel" => self.state.cancelled_polls.push(name),
                    _ => self.state.deleted_polls.push(name),
                }
                Some("Success".into())
            }
            A::CreatePoll {
                poll,
                location,
                name,
            } => {
                let def = match poll {
                    Some(p) => self.text(p, ctx),
                    None => match &ctx.source {
                        Source::Poll(p) => p.clone(),
                        _ => return Some("Failure".into()),
                    },
                };
                let loc = match self.eval(location, ctx) {
                    Val::Group(g) => g,
                    other => norm(&self.text_of(&other)),
                };
                let shown = name.as_ref().map(|n| self.text(n, ctx));
                if !self.place_exists(&loc) {
                    self.host_log(format!(
                        "Create Poll: #{loc} is neither a group nor a location in play"
                    ));
                    return Some("Failure".into());
                }
                Some(
                    if self.create_poll(&def, &loc, shown, ctx) {
                        "Success"
                    } else {
                        "Failure"
                    }
                    .into(),
                )
            }
            A::Join {
                group,
                membership,
                duration,
            } => {
                let g = self.group_name(group, ctx);
                let m = match membership {
                    Some(m) => self.text(m, ctx),
                    None => "Member".into(),
                };
                let me = ctx.me?;
                let ok = self.join(me, &g, &m, Self::duration(duration, Dur::Persistent), ctx);
                Some(if ok { "Success" } else { "Failure" }.into())
            }
            A::AddToGroup {
                target,
                group,
                membership,
                duration,
            } => {
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
            A::Leave { group } => {
                let g = self.group_name(group, ctx);
                let me = ctx.me?;
                self.leave(me, &g);
                Some("Success".into())
            }
            A::RemoveFromGroup { target, group } => {
                let g = self.group_name(group, ctx);
                let v = self.eval(target, ctx);
                for p in v.players() {
                    self.leave(p, &g);
                }
                Some("Success".into())
            }
            A::Grant { role, target } => {
                let role = self.text(role, ctx);
                let v = self.eval(target, ctx);
                let Some(def) = self.lib.role(&role).cloned() else {
                    self.host_log(format!("Grant: unknown role `{role}`"));
                    return Some("Failure".into());
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
                Some("Success".into())
            }
            A::Revoke { role, target } => {
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
            A::Obstruct {
                abilities,
                target,
                feedback,
                duration,
            } => {
                let v = self.eval(target, ctx);
                let feedback = match feedback {
                    None => None,
                    Some(ObstructFeedback::Single(v)) => Some(self.text(v, ctx)),
                    // Rolled each time the obstruction is used (`Game::fake_feedback`).
                    Some(ObstructFeedback::Chances(cs)) => Some(self.encode_chances(cs, ctx)),
                };
                let ts = self.visit(v.players(), &ty, ctx);
                for t in &ts {
                    self.new_attr(
                        Holder::Player(*t),
                        AttrKind::Obstruction {
                            filter: abilities.as_ref().map(|f| (f.negated, f.name.clone())),
                            feedback: feedback.clone(),
                        },
                        ctx.me,
                        Self::duration(duration, Dur::Permanent),
                        ctx.attr,
                    );
                }
                Some("Success".into())
            }
            A::Reveal { what, to } => {
                let text = self.text(what, ctx);
                let to = self.eval(to, ctx);
                self.send(&to, text);
                None
            }
            A::Announce { info } => {
                let text = self.text(info, ctx);
                self.say(Audience::Public, text);
                None
            }
            A::Learn { info } | A::Know { info } => {
                let text = self.text(info, ctx);
                match (&ctx.source, ctx.me) {
                    (Source::Group(g), _) => {
                        let g = g.clone();
                        self.say(Audience::Channel(g), text)
                    }
                    (_, Some(p)) => self.say(Audience::Player(p), text),
                    _ => self.host_log(text),
                }
                None
            }
            A::Change {
                kind: ck,
                target,
                to,
            } => {
                let v = self.eval(target, ctx);
                let to = self.eval(to, ctx);
                match ck.name() {
                    "Role" => {
                        let role = match &to {
                            Val::Players(ps) if !ps.is_empty() => {
                                self.state.players[ps[0]].role.clone()
                            }
                            other => self.text_of(other),
                        };
                        let mut ok = false;
                        for p in v.players() {
                            ok |= self.change_role(p, &role, ctx.me);
                        }
                        Some(if ok { "Success" } else { "Failure" }.into())
                    }
                    "Group" => self.group_change(&v, &to),
                    _ => {
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
            A::Counter { op, value, target } => {
                let n = match value {
                    Some(v) => {
                        let v = self.eval(v, ctx);
                        self.num_of(&v)
                    }
                    None => 1,
                };
                let holders = match target {
                    Some(t) => {
                        let v = self.eval(t, ctx);
                        self.holders_of(&v)
                    }
                    None => match (&ctx.source, ctx.me) {
                        (Source::Group(g), _) => vec![Holder::Group(g.clone())],
                        (Source::Team(t), _) => vec![Holder::Team(t.clone())],
                        (_, Some(p)) => vec![Holder::Player(p)],
                        _ => Vec::new(),
                    },
                };
                for h in holders {
                    let slot: Option<&mut i64> = match &h {
                        Holder::Player(p) => Some(&mut self.state.players[*p].counter),
                        Holder::Group(g) => {
                            Some(&mut self.state.groups.entry(g.clone()).or_default().counter)
                        }
                        Holder::Team(t) => {
                            Some(&mut self.state.teams.entry(t.clone()).or_default().counter)
                        }
                        Holder::Attr(id) => self
                            .state
                            .attrs
                            .iter_mut()
                            .find(|a| a.id == *id)
                            .map(|a| &mut a.counter),
                    };
                    if let Some(c) = slot {
                        match op.name() {
                            "Increment" => *c += n,
                            "Decrement" => *c -= n,
                            _ => *c = n,
                        }
                    }
                }
                None
            }
            A::Cancel { feedback } => {
                let f = match feedback {
                    Some(f) => self.text(f, ctx),
                    None => "Failure".into(),
                };
                ctx.cancel = Some(f);
                None
            }
            A::Emit { value, target, .. } => {
                let value = self.text(value, ctx);
                let targets = match target {
                    Some(t) => self.eval(t, ctx).players(),
                    None => ctx.me.into_iter().collect(),
                };
                let base = ctx.clone();
                self.fire(Ev::Emitted { value, targets }, &base);
                None
            }
            A::Display { name, values } => {
                let name = self.text(name, ctx);
                let values: Vec<String> = values.iter().map(|v| v.trim().to_string()).collect();
                let player = ctx.me;
                self.state
                    .displays
                    .retain(|d| !(d.player == player && d.name == name));
                self.state.displays.push(Display {
                    player,
                    name: name.clone(),
                    values: values.clone(),
                });
                if let Some(p) = player {
                    self.say(
                        Audience::Player(p),
                        format!("[{name}] {}", values.join(", ")),
                    );
                }
                None
            }
            A::UpdateDisplay { name, index, value } => {
                let name = self.text(name, ctx);
                let idx = {
                    let v = self.eval(index, ctx);
                    (self.num_of(&v).max(1) - 1) as usize
                };
                let value = self.text(value, ctx);
                let player = ctx.me;
                if let Some(d) = self
                    .state
                    .displays
                    .iter_mut()
                    .find(|d| d.player == player && norm(&d.name) == norm(&name))
                {
                    if d.values.len() <= idx {
                        d.values.resize(idx + 1, String::new());
                    }
                    d.values[idx] = value;
                }
                None
            }
            A::Loyalty { to, kind } => self.loyalty(to, *kind, ctx),
            A::Ascend => self.ascend(ctx, true),
            A::Descend => self.ascend(ctx, false),
            A::Disband { target } => self.disband_ability(target.as_ref(), ctx),
            A::Shuffle { targets } => self.shuffle(targets, ctx),
            A::Whisper {
                from,
                to,
                disguise,
                duration,
            } => self.run_whisper(from, to, disguise, duration, ctx),
            A::ConversationReset { target } => self.run_reset(target, ctx),
            A::Lock { location, unlock } => self.run_lock(location, *unlock, ctx),
            A::Transfer { role, from, to } => self.run_transfer(role, from, to, ctx),
            A::Execute { name, location } => self.run_execute(name, location, ctx),
            A::Format {
                target,
                template,
                split,
            } => self.run_format(target, template, split, ctx),
            A::Resurrect { target } => {
                let v = self.eval(target, ctx);
                self.resurrect(v.players())
            }
            // Read from the attribute's definition by `haunt_status`.
            A::Activate { .. } => None,
            A::Feedback { value } => Some(self.text(value, ctx)),
            A::Continue => {
                ctx.cont = true;
                None
            }
            A::Nothing => None,
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
