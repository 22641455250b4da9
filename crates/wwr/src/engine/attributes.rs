//! Attributes: creating, using up and removing them (removal runs `On Removal`), and the
//! ability types `Apply`, `Remove`, attribute `Change` and the counter operations.

use mafia_roles::ElementKind;
use mafia_roles::ability::{CounterOp, Duration, Timing, Value};

use crate::eval::Ctx;
use crate::game::{AttrPattern, Game, Owner};
use crate::library::norm;
use crate::state::*;

use super::kinds::timing_of;

impl Game {
    pub(crate) fn run_apply(
        &mut self,
        attribute: &Value,
        target: &Value,
        duration: &Option<Duration>,
        data: &Vec<Value>,
        ty: &(String, String),
        ctx: &mut Ctx,
    ) -> Option<String> {
        let name = self.text(attribute, ctx);
        let v = self.eval(target, ctx);
        let holders = match &v {
            Val::Players(ps) => {
                let ps = self.visit(ps.clone(), ty, ctx);
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

    pub(crate) fn run_remove_attribute(
        &mut self,
        attribute: &Value,
        target: &Value,
        ctx: &mut Ctx,
    ) -> Option<String> {
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

    pub(crate) fn run_change_attribute(
        &mut self,
        attribute: &Value,
        index: &Value,
        value: &Value,
        target: &Option<Value>,
        ctx: &mut Ctx,
    ) -> Option<String> {
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

    pub(crate) fn run_counter(
        &mut self,
        op: &CounterOp,
        value: &Option<Value>,
        target: &Option<Value>,
        ctx: &mut Ctx,
    ) -> Option<String> {
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
                match op {
                    CounterOp::Increment => *c += n,
                    CounterOp::Decrement => *c -= n,
                    CounterOp::Set => *c = n,
                }
            }
        }
        None
    }

    pub(crate) fn new_attr(
        &mut self,
        holder: Holder,
        kind: AttrKind,
        source_player: Option<usize>,
        duration: Dur,
        parent: Option<u64>,
    ) -> u64 {
        let id = self.state.next_id;
        self.state.next_id += 1;
        let source_role = self.source_role_of(source_player, parent);
        if let Holder::Group(g) = &holder {
            self.state.groups.entry(g.clone()).or_default();
        }
        self.state.attrs.push(Attr {
            id,
            holder,
            kind,
            source_player,
            source_role,
            duration,
            set_in: self.state.phase,
            uses: 0,
            values: Vec::new(),
            counter: 0,
            parent,
            from_role: false,
            target: None,
        });
        id
    }

    /// Removes an attribute, runs its `On Removal` abilities, and removes the attributes
    /// that last only as long as it (`~Attribute`, `~UntilUseAttribute`).
    pub fn remove_attr(&mut self, id: u64) {
        let Some(pos) = self.state.attrs.iter().position(|a| a.id == id) else {
            return;
        };
        let attr = self.state.attrs.remove(pos);
        if let (AttrKind::Custom { name }, Holder::Player(p)) = (&attr.kind, &attr.holder) {
            if let Some(def) = self.lib.get(ElementKind::Attribute, name).cloned() {
                for (i, (ab, _)) in def.abilities.iter().enumerate() {
                    if timing_of(ab) == Some(Timing::OnRemoval) {
                        let owner = Owner {
                            source: Source::Attr(id),
                            me: Some(*p),
                            attr: Some(id),
                        };
                        let ctx = self.ctx_for(&owner, i);
                        self.run_triggered(&owner, i, ab.clone(), ctx);
                    }
                }
            }
        }
        let children: Vec<u64> = self
            .state
            .attrs
            .iter()
            .filter(|a| {
                a.parent == Some(id)
                    && matches!(a.duration, Dur::Attribute | Dur::UntilUseAttribute)
                    || a.holder == Holder::Attr(id)
            })
            .map(|a| a.id)
            .collect();
        for c in children {
            self.remove_attr(c);
        }
    }

    /// Counts one use of an attribute and removes it when its duration says so.
    pub(crate) fn use_attr(&mut self, id: u64) {
        let Some(a) = self.attr_mut(id) else { return };
        a.uses += 1;
        let done = match a.duration {
            Dur::UntilUse | Dur::UntilUseAttribute => true,
            Dur::UntilSecondUse => a.uses >= 2,
            _ => false,
        };
        if done {
            self.remove_attr(id);
        }
    }
}
