//! Trigger dispatch: which abilities fire on which timing or event, in which order
//! (owners, bucket sorting, queued and forced actions, `fire` for game events).

use std::sync::Arc;

use mafia_roles::ability::{Ability, Compulsion, Event as TEvent, Step, Timing, Trigger, Value};

use crate::eval::{Ctx, attr_name};
use crate::game::{Ev, Game, Item, Owner, SortKey};
use crate::library::norm;
use crate::state::*;

use super::kinds::{is_attack, params_of, timing_of, uses_selection, with_filter};

impl Game {
    /// Everything that has abilities, in a fixed order: players (by seat) with their role
    /// and attributes, then groups, teams and polls by name.
    pub(crate) fn owners(&self, include_dead: bool) -> Vec<Owner> {
        let mut out = Vec::new();
        for (p, pl) in self.state.players.iter().enumerate() {
            if !pl.alive && !include_dead && !self.is_ghost(p) {
                continue;
            }
            out.push(Owner {
                source: Source::Role(pl.role.clone()),
                me: Some(p),
                attr: None,
            });
            for a in &self.state.attrs {
                if a.holder == Holder::Player(p)
                    && matches!(a.kind, AttrKind::Custom { .. } | AttrKind::Role { .. })
                {
                    out.push(Owner {
                        source: Source::Attr(a.id),
                        me: Some(p),
                        attr: Some(a.id),
                    });
                }
            }
        }
        let mut groups: Vec<String> = self
            .state
            .groups
            .keys()
            .filter(|g| !self.group_members(g).is_empty() && !self.is_disbanded(g))
            .cloned()
            .collect();
        groups.sort();
        for g in groups {
            out.push(Owner {
                source: Source::Group(g),
                me: None,
                attr: None,
            });
        }
        for t in self.team_names() {
            out.push(Owner {
                source: Source::Team(t),
                me: None,
                attr: None,
            });
        }
        let mut polls = self.state.setup.polls.clone();
        polls.sort();
        for p in polls {
            out.push(Owner {
                source: Source::Poll(p),
                me: None,
                attr: None,
            });
        }
        out
    }

    pub(crate) fn ctx_for(&self, owner: &Owner, index: usize) -> Ctx {
        let mut ctx = Ctx::new(owner.me, owner.source.clone());
        ctx.attr = owner.attr;
        ctx.ability = Some(AbilityRef {
            source: owner.source.clone(),
            index,
        });
        if let Source::Group(_) = owner.source {
            // A group's ability is executed by a random living member (set when run).
            ctx.me = None;
        }
        ctx
    }

    /// Abilities of all owners whose trigger is one of `timings` (passive, automatic ones).
    pub(crate) fn collect_passive(&self, timings: &[Timing]) -> Vec<Item> {
        let mut items = Vec::new();
        for owner in self.owners(false) {
            let Some(def) = self.def_of(&owner.source) else {
                continue;
            };
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                if let Some(t) = timing_of(ab) {
                    if timings.contains(&t) {
                        items.push(Item {
                            owner: owner.clone(),
                            index: i,
                            ability: ab.clone(),
                            selection: None,
                            secondary: None,
                            chosen: false,
                        });
                    }
                }
            }
        }
        items
    }

    /// The element name and class used to order a bucket.
    pub(crate) fn sort_key(&mut self, item: &Item) -> SortKey {
        let attack = is_attack(&item.ability);
        let (group, name, class) = match &item.owner.source {
            Source::Group(g) => (0, g.clone(), 0),
            Source::Role(r) => {
                let class = self
                    .lib
                    .role(r)
                    .and_then(|d| d.class.clone())
                    .unwrap_or_default();
                let rank = match class.as_str() {
                    "Townsfolk" => 0,
                    "Werewolf" => 1,
                    _ => 2,
                };
                (1, r.clone(), rank)
            }
            Source::Attr(id) => (
                1,
                self.attr(*id)
                    .map(|a| attr_name(&a.kind))
                    .unwrap_or_default(),
                2,
            ),
            Source::Team(t) => (1, t.clone(), 2),
            Source::Poll(p) => (1, p.clone(), 2),
        };
        let tie = self.rng.next_u64();
        if attack {
            (1, group, class, norm(&name), tie)
        } else {
            (0, 0, 0, norm(&name), tie)
        }
    }

    pub(crate) fn run_items(&mut self, items: Vec<Item>) {
        for it in self.order_bucket(items) {
            if self.state.outcome.is_some() {
                return;
            }
            let mut ctx = self.ctx_for(&it.owner, it.index);
            ctx.selection = it.selection.clone();
            ctx.secondary = it.secondary.clone();
            if it.chosen {
                ctx.chosen = true;
                let fb = self.run_ability(&it.ability, &mut ctx);
                self.feedback(&it, &ctx, fb);
            } else {
                self.run_triggered(&it.owner, it.index, it.ability.clone(), ctx);
            }
        }
    }

    pub(crate) fn feedback(&mut self, it: &Item, ctx: &Ctx, fb: Option<String>) {
        if let (Some(p), Some(fb)) = (ctx.me, fb) {
            let mut what = String::new();
            if let Some(Step::Do { ability, .. }) = it.ability.steps.first() {
                ability.write(&mut what);
                what = self.interpolate(&what, ctx);
            } else {
                it.ability.trigger.write(&mut what);
            }
            self.say(Audience::Player(p), format!("{what}: {fb}"));
        }
    }

    /// Runs an automatically triggered ability when its restrictions allow it.
    pub(crate) fn run_triggered(
        &mut self,
        owner: &Owner,
        index: usize,
        ab: Arc<Ability>,
        mut ctx: Ctx,
    ) {
        if self.depth > 12 {
            self.host_log("trigger chain deeper than 12 stopped".into());
            return;
        }
        if let Source::Group(g) = &owner.source {
            if ctx.me.is_none() {
                let members = self.group_members(g);
                if !members.is_empty() {
                    let k = self.rng.below(members.len());
                    ctx.me = Some(members[k]);
                    ctx.vars
                        .entry("executor".into())
                        .or_insert(Val::Players(vec![members[k]]));
                }
            }
        }
        self.run_triggered_capture(owner, index, ab, &mut ctx);
    }

    pub(crate) fn record_use(
        &mut self,
        me: Option<usize>,
        index: usize,
        source: &Source,
        target: Option<usize>,
    ) {
        self.state.uses.push(Use {
            player: me,
            ability: AbilityRef {
                source: source.clone(),
                index,
            },
            phase: self.state.phase,
            target,
        });
    }

    pub(crate) fn fire_timing_for(&mut self, p: usize, timing: Timing, base: &Ctx) {
        let owners: Vec<Owner> = self
            .owners(true)
            .into_iter()
            .filter(|o| o.me == Some(p) && !matches!(o.source, Source::Group(_)))
            .collect();
        for owner in owners {
            let Some(def) = self.def_of(&owner.source) else {
                continue;
            };
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                if timing_of(ab) == Some(timing) {
                    let ctx = self.merge(&owner, i, base);
                    self.run_triggered(&owner, i, ab.clone(), ctx);
                }
            }
        }
    }

    pub(crate) fn merge(&self, owner: &Owner, i: usize, base: &Ctx) -> Ctx {
        let mut ctx = self.ctx_for(owner, i);
        for (k, v) in &base.vars {
            ctx.vars.entry(k.clone()).or_insert(v.clone());
        }
        ctx
    }

    /// Fires every trigger that listens to `ev`. Trigger values come from `base.vars`.
    /// Returns the feedback of a `Cancel` run by one of them.
    pub(crate) fn fire(&mut self, ev: Ev, base: &Ctx) -> Option<String> {
        let mut cancel = None;
        if self.depth > 12 {
            return None;
        }
        let owners = self.owners(true);
        for owner in owners {
            let Some(def) = self.def_of(&owner.source) else {
                continue;
            };
            let owner_alive = owner.me.is_none_or(|p| self.state.players[p].alive);
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                let mut extra: Vec<(&str, Val)> = Vec::new();
                let hit = match (&ev, &ab.trigger) {
                    (Ev::Death { dead, lynch }, Trigger::On { subject, event, .. }) => {
                        match (subject, event) {
                            (None, TEvent::Death) => owner.me == Some(*dead),
                            (None, TEvent::Killed) => owner.me == Some(*dead) && !lynch,
                            (Some(s), TEvent::Death) if owner_alive => {
                                let c = self.merge(&owner, i, base);
                                self.include_dead = true;
                                let hit = self.eval_subject(s, &c).contains(dead);
                                self.include_dead = false;
                                hit
                            }
                            _ => false,
                        }
                    }
                    (
                        Ev::Visited {
                            target,
                            visitor,
                            ty,
                        },
                        Trigger::On {
                            subject,
                            event: TEvent::Visited,
                            filter,
                            ..
                        },
                    ) if owner_alive => {
                        extra.push(("visitor", Val::Players(vec![*visitor])));
                        extra.push(("visittype", Val::Text(ty.0.clone())));
                        extra.push(("this", Val::Players(vec![*target])));
                        with_filter(filter, ty)
                            && match subject {
                                None => owner.me == Some(*target),
                                Some(s) => {
                                    let c = self.merge(&owner, i, base);
                                    self.eval_subject(s, &c).contains(target)
                                }
                            }
                    }
                    (
                        Ev::Action { actor, source, ty },
                        Trigger::On {
                            subject,
                            event,
                            filter,
                            ..
                        },
                    ) if owner_alive => {
                        with_filter(filter, ty)
                            && match (subject, event) {
                                (None, TEvent::Action) => {
                                    owner.me == Some(*actor) && owner.source == *source
                                }
                                (None, TEvent::AnyAction) => owner.me == Some(*actor),
                                (Some(s), TEvent::Action | TEvent::AnyAction) => {
                                    let c = self.merge(&owner, i, base);
                                    self.eval_subject(s, &c).contains(actor)
                                }
                                _ => false,
                            }
                    }
                    (Ev::Defense { target, kind }, Trigger::Timing { timing, .. }) => {
                        owner.me == Some(*target)
                            && match timing {
                                Timing::OnDefense => true,
                                Timing::OnActiveDefense => *kind == DefenseKind::Active,
                                Timing::OnPassiveDefense => *kind == DefenseKind::Passive,
                                Timing::OnPartialDefense => *kind == DefenseKind::Partial,
                                Timing::OnRecruitmentDefense => *kind == DefenseKind::Recruitment,
                                Timing::OnAbsenceDefense => *kind == DefenseKind::Absence,
                                _ => false,
                            }
                    }
                    (Ev::Emitted { value, targets }, Trigger::Emitted { value: want, .. }) => {
                        owner.me.is_some_and(|p| targets.contains(&p))
                            && match want {
                                None => true,
                                Some(w) => {
                                    let c = self.merge(&owner, i, base);
                                    let w = self.text(w, &c);
                                    norm(&w) == norm(value)
                                }
                            }
                    }
                    (
                        Ev::RoleChange { player },
                        Trigger::Timing {
                            timing: Timing::OnRoleChange,
                            ..
                        },
                    ) => owner.me == Some(*player),
                    (
                        Ev::Redirect { player },
                        Trigger::Timing {
                            timing: Timing::OnRedirect,
                            ..
                        },
                    ) => owner.me == Some(*player),
                    (Ev::PollWin { player, poll }, Trigger::PollWin { poll: want, .. }) => {
                        owner.me == Some(*player)
                            && match want {
                                None => true,
                                Some(w) => {
                                    let c = self.merge(&owner, i, base);
                                    norm(&self.text(w, &c)) == norm(poll)
                                }
                            }
                    }
                    _ => false,
                };
                if hit {
                    let mut ctx = self.merge(&owner, i, base);
                    for (k, v) in extra {
                        ctx.vars.insert(k.to_string(), v);
                    }
                    ctx.cancel = None;
                    self.run_triggered_capture(&owner, i, ab.clone(), &mut ctx);
                    if ctx.cancel.is_some() {
                        cancel = ctx.cancel.take();
                    }
                }
            }
        }
        cancel
    }

    pub(crate) fn eval_subject(&mut self, s: &Value, ctx: &Ctx) -> Vec<usize> {
        if let Value::Path {
            base: mafia_roles::ability::Base::Query { items, .. },
            props,
            ..
        } = s
        {
            if props.is_empty() {
                let dead = self.include_dead;
                return self.query(items, ctx, dead);
            }
        }
        self.eval(s, ctx).players()
    }

    /// Runs an automatic ability in the caller's context, so that variables it sets stay
    /// visible to the caller (`run_triggered` calls this with its own context).
    pub(crate) fn run_triggered_capture(
        &mut self,
        owner: &Owner,
        index: usize,
        ab: Arc<Ability>,
        ctx: &mut Ctx,
    ) {
        if uses_selection(&ab) && ctx.selection.is_none() {
            return; // a prompt: it runs when the player answers it (`act`)
        }
        if self.allowed(&ab, ctx, false).is_err() {
            return;
        }
        self.record_use(owner.me, index, &owner.source, None);
        self.depth += 1;
        // Automatic abilities give no action feedback, except a text the role wrote
        // for a condition (Tanner's `None of your living disguised players are in the
        // wolfpack`).
        let fb = self.run_ability(&ab, ctx);
        self.depth -= 1;
        self.written_feedback(&ab, ctx, fb);
    }

    pub(crate) fn take_pending(&mut self, timings: &[Timing]) -> Vec<Item> {
        let phase = self.state.phase;
        let mut out = Vec::new();
        let mut keep = Vec::new();
        for p in std::mem::take(&mut self.state.pending) {
            let ab = self.ability(&p.ability);
            match ab {
                Some(ab)
                    if p.phase == phase && timing_of(&ab).is_some_and(|t| timings.contains(&t)) =>
                {
                    if self.state.players[p.player].alive
                        || self.ghost_may_use(p.player, &p.ability.source, &ab)
                    {
                        out.push(Item {
                            owner: Owner {
                                source: p.ability.source.clone(),
                                me: Some(p.player),
                                attr: match p.ability.source {
                                    Source::Attr(id) => Some(id),
                                    _ => None,
                                },
                            },
                            index: p.ability.index,
                            ability: ab,
                            selection: p.selection.clone(),
                            secondary: p.secondary.clone(),
                            chosen: true,
                        });
                    }
                }
                _ => keep.push(p),
            }
        }
        self.state.pending = keep;
        out
    }

    /// `{Forced}` end-of-phase actions nobody chose: their default target, else a random
    /// other living player.
    pub(crate) fn forced(&mut self, timings: &[Timing], chosen: &[Item]) -> Vec<Item> {
        let mut out = Vec::new();
        for owner in self.owners(false) {
            let Some(me) = owner.me else { continue };
            let Some(def) = self.def_of(&owner.source) else {
                continue;
            };
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                if !timing_of(ab).is_some_and(|t| timings.contains(&t)) {
                    continue;
                }
                let params = params_of(ab);
                let Some(default) = params.compulsion.iter().find_map(|c| match c {
                    Compulsion::Forced { default, .. } => Some(default.clone()),
                    _ => None,
                }) else {
                    continue;
                };
                if chosen.iter().any(|c| c.owner == owner && c.index == i) {
                    continue;
                }
                let ctx = self.ctx_for(&owner, i);
                if self.allowed(ab, &ctx, true).is_err() {
                    continue;
                }
                let selection = match default {
                    Some(d) => self.eval(&d, &ctx),
                    None => {
                        let others: Vec<usize> =
                            self.living().into_iter().filter(|&p| p != me).collect();
                        if others.is_empty() {
                            continue;
                        }
                        let k = self.rng.below(others.len());
                        Val::Players(vec![others[k]])
                    }
                };
                self.host_log(format!(
                    "{}'s forced action uses {}",
                    self.name(me),
                    self.text_of(&selection)
                ));
                self.record_use(
                    Some(me),
                    i,
                    &owner.source,
                    selection.players().first().copied(),
                );
                out.push(Item {
                    owner: owner.clone(),
                    index: i,
                    ability: ab.clone(),
                    selection: Some(selection),
                    secondary: None,
                    chosen: true,
                });
            }
        }
        out
    }

    pub(crate) fn ability(&self, r: &AbilityRef) -> Option<Arc<Ability>> {
        self.def_of(&r.source)?
            .abilities
            .get(r.index)
            .map(|a| a.0.clone())
    }
}
