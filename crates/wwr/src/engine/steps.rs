//! Running an ability's steps: action chains, evaluation blocks (`Cancel`, `Continue`),
//! visits, redirection and obstruction of one action.

use std::ops::ControlFlow;

use mafia_roles::ElementKind;
use mafia_roles::ability::{Ability, AbilityKind, Compulsion, Guard, Step, Value};

use crate::eval::{Ctx, attr_name};
use crate::game::{Ev, Game};
use crate::state::*;

use super::kinds::{filter_matches, params_of};

impl Game {
    /// Runs an ability's steps; returns its feedback.
    pub fn run_ability(&mut self, ab: &Ability, ctx: &mut Ctx) -> Option<String> {
        let params = params_of(ab);
        for c in &params.compulsion {
            match c {
                Compulsion::Direct { .. } => ctx.direct = true,
                Compulsion::Visitless { .. } => ctx.visitless = true,
                Compulsion::Forced { .. } => ctx.chosen = false,
                _ => {}
            }
        }
        if matches!(ctx.source, Source::Poll(_)) {
            ctx.visitless = true;
        }
        ctx.first_new_attr = Some(self.state.next_id);
        self.run_steps(&ab.steps, ctx)
    }

    pub(crate) fn run_steps(&mut self, steps: &[Step], ctx: &mut Ctx) -> Option<String> {
        let mut fb: Option<String> = None;
        let mut i = 0;
        while i < steps.len() {
            match &steps[i] {
                Step::If { .. } => {
                    let mut j = i;
                    while j < steps.len() && matches!(steps[j], Step::If { .. }) {
                        j += 1;
                    }
                    if let Some(f) = self.run_chain(&steps[i..j], ctx) {
                        fb = Some(f);
                    }
                    i = j;
                    continue;
                }
                Step::Do {
                    ability, params, ..
                } => {
                    if self.step_allowed(params, ctx) {
                        let mut local = ctx.clone();
                        for c in &params.compulsion {
                            match c {
                                Compulsion::Direct { .. } => local.direct = true,
                                Compulsion::Visitless { .. } => local.visitless = true,
                                _ => {}
                            }
                        }
                        let f = self.run_kind(ability, &mut local);
                        ctx.cancel = local.cancel.or(ctx.cancel.take());
                        ctx.cont = local.cont;
                        ctx.vars = local.vars;
                        if matches!(steps.get(i + 1), Some(Step::If { .. })) {
                            // No Process format: the conditions below evaluate this
                            // ability's result (Tanner: `Investigate … Player Count` then
                            // `@Result is 0: …`).
                            let v = f.clone().map(Val::Text).unwrap_or(Val::Nothing);
                            ctx.vars.insert("result".into(), v);
                        }
                        if fb.is_none() {
                            fb = f;
                        }
                    }
                }
                Step::Process { steps, .. } => {
                    let group_action = ctx.group_action;
                    for (n, s) in steps.iter().enumerate() {
                        // A group action is its first step; the rest is bookkeeping.
                        ctx.group_action = group_action && n == 0;
                        let f = self.run_steps(std::slice::from_ref(s), ctx);
                        let v = f.map(Val::Text).unwrap_or(Val::Nothing);
                        ctx.vars.insert(format!("result{}", n + 1), v.clone());
                        if n == 0 {
                            ctx.vars.insert("result".into(), v);
                        }
                    }
                    ctx.group_action = group_action;
                }
                Step::Evaluate { steps, .. } => {
                    let only_success = steps.len() == 1
                        && matches!(&steps[0], Step::If { guard: Guard::When(_), then, .. }
                            if matches!(then.as_slice(), [Step::Do { ability: AbilityKind::Feedback { value }, .. }] if value.to_text().contains("Success")));
                    let evaluating = std::mem::replace(&mut ctx.evaluating, true);
                    let f = self.run_steps(steps, ctx);
                    ctx.evaluating = evaluating;
                    fb = match f {
                        None if only_success => Some("Failure".into()),
                        f => f,
                    };
                }
                Step::Feedback { steps, .. } => fb = self.run_steps(steps, ctx),
                Step::ForEach { target, steps, .. } => {
                    let v = self.eval(target, ctx);
                    let items: Vec<Val> = match v {
                        Val::Players(ps) => ps.into_iter().map(|p| Val::Players(vec![p])).collect(),
                        Val::Teams(ts) => ts.into_iter().map(|t| Val::Teams(vec![t])).collect(),
                        Val::Nothing => Vec::new(),
                        other => vec![other],
                    };
                    for it in items {
                        ctx.vars.insert("ind".into(), it);
                        let f = self.run_steps(steps, ctx);
                        if fb.is_none() {
                            fb = f;
                        }
                    }
                }
                Step::Action { .. } | Step::Invalid { .. } => {}
            }
            i += 1;
        }
        fb
    }

    /// A chain of `<Condition>:` / `Otherwise:` lines: the first that holds runs (and then
    /// the chain stops unless it ends with `Continue`).
    pub(crate) fn run_chain(&mut self, chain: &[Step], ctx: &mut Ctx) -> Option<String> {
        let mut matched = false;
        let mut fb = None;
        for s in chain {
            let Step::If {
                guard,
                params,
                then,
                ..
            } = s
            else {
                continue;
            };
            let hit = match guard {
                Guard::When(c) => self.check(c, ctx),
                Guard::Otherwise { .. } => !matched,
                Guard::Always { .. } => true,
            };
            if hit && self.step_allowed(params, ctx) {
                matched = true;
                ctx.cont = false;
                let f = self.run_steps(then, ctx);
                if f.is_some() {
                    fb = f;
                }
                if !ctx.cont {
                    break;
                }
                ctx.cont = false;
            }
        }
        fb
    }

    /// Evaluates `target` and visits the players it names (see [`Game::visit`]); a visit
    /// that an `On Visited` trigger cancelled stops the ability with the cancel's feedback.
    pub(crate) fn visit_target(
        &mut self,
        target: &Value,
        ty: &(String, String),
        ctx: &mut Ctx,
    ) -> ControlFlow<Option<String>, Vec<usize>> {
        let v = self.eval(target, ctx);
        let reached = self.visit(v.players(), ty, ctx);
        match ctx.cancel.take() {
            Some(c) => ControlFlow::Break(Some(c)),
            None => ControlFlow::Continue(reached),
        }
    }

    /// The players an ability actually reaches: redirections (unless `{Direct}` or
    /// `{Visitless}`) and `On Visited` triggers (which may cancel the visit).
    pub(crate) fn visit(
        &mut self,
        targets: Vec<usize>,
        ty: &(String, String),
        ctx: &mut Ctx,
    ) -> Vec<usize> {
        let mut out = Vec::new();
        let Some(me) = ctx.me else {
            return targets;
        };
        for t in targets {
            if t == me || ctx.visitless {
                out.push(t);
                continue;
            }
            let mut t = t;
            if !ctx.direct {
                for _ in 0..5 {
                    match self.redirected(t, me, ty) {
                        Some(n) if n != t => t = n,
                        _ => break,
                    }
                }
            }
            let base = ctx.clone();
            if let Some(c) = self.fire_visit(me, t, ty, &base) {
                self.host_log(format!(
                    "{}'s visit to {} was cancelled",
                    self.name(me),
                    self.name(t)
                ));
                ctx.cancel = Some(c);
                continue;
            }
            if let Some(c) = self.fire(
                Ev::Visited {
                    target: t,
                    visitor: me,
                    ty: ty.clone(),
                },
                &base,
            ) {
                self.host_log(format!(
                    "{}'s visit to {} was cancelled",
                    self.name(me),
                    self.name(t)
                ));
                ctx.cancel = Some(c);
                continue;
            }
            out.push(t);
        }
        out
    }

    pub(crate) fn redirected(
        &mut self,
        t: usize,
        visitor: usize,
        ty: &(String, String),
    ) -> Option<usize> {
        let attrs: Vec<Attr> = self
            .state
            .attrs
            .iter()
            .filter(|a| {
                a.holder == Holder::Player(t) && matches!(a.kind, AttrKind::Redirection { .. })
            })
            .cloned()
            .collect();
        for a in attrs {
            let AttrKind::Redirection {
                subtype,
                source,
                target,
            } = &a.kind
            else {
                continue;
            };
            if !filter_matches(subtype, ty) {
                continue;
            }
            let ctx = Ctx::new(Some(t), Source::Attr(a.id));
            if let Some(src) = source {
                self.include_dead = false;
                let from = self.eval(src, &ctx).players();
                if !from.contains(&visitor) {
                    continue;
                }
            }
            let to = self.eval(target, &ctx).players();
            let Some(&n) = to.iter().find(|&&n| n != t && self.state.players[n].alive) else {
                continue;
            };
            self.host_log(format!(
                "{}'s {} on {} was redirected to {}",
                self.name(visitor),
                ty.0,
                self.name(t),
                self.name(n)
            ));
            self.use_attr(a.id);
            let base = Ctx::new(Some(t), Source::Role(String::new()))
                .var("visitor", Val::Players(vec![visitor]));
            self.fire(Ev::Redirect { player: t }, &base);
            return Some(n);
        }
        None
    }

    /// If the acting player is obstructed for this ability type: the fake feedback.
    pub(crate) fn obstructed(
        &mut self,
        ctx: &Ctx,
        ty: &(String, String),
    ) -> Option<Option<String>> {
        // A group's action is obstructed through the player executing it.
        let group = Self::runs_group_action(ctx);
        if !group && !ctx.chosen {
            return None;
        }
        let me = ctx.me?;
        if !group && !matches!(ctx.source, Source::Role(_) | Source::Attr(_)) {
            return None;
        }
        let found = self.state.attrs.iter().find(|a| {
            a.holder == Holder::Player(me)
                && a.id < ctx.first_new_attr.unwrap_or(u64::MAX)
                && match &a.kind {
                    AttrKind::Obstruction { filter, .. } => match filter {
                        None => true,
                        Some((neg, f)) => filter_matches(f, ty) != *neg,
                    },
                    _ => false,
                }
        })?;
        let (id, fb) = match &found.kind {
            AttrKind::Obstruction { feedback, .. } => (found.id, feedback.clone()),
            _ => return None,
        };
        let fb = match fb {
            Some(stored) => match self.fake_feedback(&stored) {
                Some(f) => Some(f),
                // `@Result`: the real feedback this time (the ability runs).
                None => return None,
            },
            None => None,
        };
        self.host_log(format!("{}'s {} was obstructed", self.name(me), ty.0));
        self.use_attr(id);
        if group {
            return Some(Some(Self::group_action_failure(fb)));
        }
        Some(fb)
    }

    pub(crate) fn duration(d: &Option<mafia_roles::ability::Duration>, default: Dur) -> Dur {
        d.as_ref()
            .and_then(|d| Dur::parse(&d.name))
            .unwrap_or(default)
    }

    pub(crate) fn text(&mut self, v: &Value, ctx: &Ctx) -> String {
        let v = self.eval(v, ctx);
        self.text_of(&v)
    }

    pub(crate) fn attack_source(&self, ctx: &Ctx) -> String {
        match &ctx.source {
            Source::Group(g) => format!("Group:{}", self.group_title(g)),
            Source::Role(r) => format!("Role:{r}"),
            Source::Poll(p) => format!("Poll:{p}"),
            Source::Team(t) => format!("Team:{t}"),
            Source::Attr(id) => format!(
                "Attribute:{}",
                self.attr(*id)
                    .map(|a| attr_name(&a.kind))
                    .unwrap_or_default()
            ),
        }
    }

    pub(crate) fn group_title(&self, g: &str) -> String {
        self.lib
            .get(ElementKind::Group, g)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| g.to_string())
    }

    pub(crate) fn run_cancel(&mut self, feedback: &Option<Value>, ctx: &mut Ctx) -> Option<String> {
        let f = match feedback {
            Some(f) => self.text(f, ctx),
            None => "Failure".into(),
        };
        ctx.cancel = Some(f);
        None
    }

    pub(crate) fn run_continue(&mut self, ctx: &mut Ctx) -> Option<String> {
        ctx.cont = true;
        None
    }
}
