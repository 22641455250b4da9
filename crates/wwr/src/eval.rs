//! Evaluating selectors, values and conditions against the game state.

mod ctx;
mod role_query;

pub use ctx::Ctx;

use mafia_roles::ability::{Base, CompareOp, Condition, Prop, QueryItem, Rounding, Sigil, Value};

use crate::game::{AttrPattern, Game};
use crate::library::{norm, selector_value};
use crate::state::{AttrKind, Holder, Source, Val};

impl Game {
    /// Evaluates a value.
    pub fn eval(&mut self, v: &Value, ctx: &Ctx) -> Val {
        match v {
            Value::Number { text, .. } => text
                .parse::<f64>()
                .map(|n| Val::Num(n as i64))
                .unwrap_or(Val::Text(text.to_string())),
            Value::Word { text, .. } => {
                let t = self.interpolate(text, ctx);
                match self.player_named(&t) {
                    Some(p) => Val::Players(vec![p]),
                    None => Val::Text(t),
                }
            }
            Value::Sum { items, .. } => {
                let mut texts = Vec::new();
                for i in items {
                    let v = self.eval(i, ctx);
                    texts.push(self.text_of(&v));
                }
                Val::Text(texts.join("+"))
            }
            Value::Math {
                rounding,
                value,
                divisor,
                ..
            } => {
                let a = self.real(value, ctx);
                let r = match divisor {
                    Some(d) => {
                        let d = self.real(d, ctx);
                        if d == 0.0 { 0.0 } else { a / d }
                    }
                    None => a,
                };
                let r = match rounding {
                    Some(Rounding::Ceil) => r.ceil(),
                    Some(Rounding::Round) => r.round(),
                    _ => r.floor(),
                };
                Val::Num(r as i64)
            }
            Value::Path { base, props, .. } => {
                let mut val = self.eval_base(base, ctx);
                for p in props {
                    val = self.prop(val, p);
                }
                val
            }
        }
    }

    /// A value as a real number (`1.5` in `ceil $total/1.5` keeps its fraction).
    fn real(&mut self, v: &Value, ctx: &Ctx) -> f64 {
        match v {
            Value::Number { text, .. } => text.parse::<f64>().unwrap_or(0.0),
            other => {
                let v = self.eval(other, ctx);
                self.num_of(&v) as f64
            }
        }
    }

    fn eval_base(&mut self, base: &Base, ctx: &Ctx) -> Val {
        match base {
            Base::Text(t) => Val::Text(self.interpolate(t, ctx)),
            Base::Group(g) => Val::Group(norm(g)),
            Base::Host(h) => {
                let key = h.trim_matches('%').to_string();
                let found = self
                    .state
                    .setup
                    .host
                    .iter()
                    .find(|(k, _)| k.eq_ignore_ascii_case(&key))
                    .map(|(_, v)| v.clone());
                match found {
                    Some(v) => match self.player_named(&v) {
                        Some(p) => Val::Players(vec![p]),
                        None => Val::Text(v),
                    },
                    None => {
                        self.host_log(format!(
                            "host information %{key}% is not in the setup's [host] table"
                        ));
                        Val::Nothing
                    }
                }
            }
            Base::Variable(name) => match name.to_ascii_lowercase().as_str() {
                "total" => Val::Num(self.state.players.len() as i64),
                "living" => Val::Num(self.living().len() as i64),
                "phase" => Val::Text(self.state.phase.to_string()),
                "haunting" => Val::Text(
                    if self.state.setup.haunting {
                        "True"
                    } else {
                        "False"
                    }
                    .into(),
                ),
                _ => Val::Nothing,
            },
            Base::Selector { sigil, name } => self.selector(*sigil, name, ctx),
            Base::Query { sigil, items } => match sigil {
                Sigil::Team => {
                    let teams = self.team_names();
                    let keep = teams
                        .into_iter()
                        .filter(|t| items.iter().all(|i| self.team_matches(t, i)))
                        .collect();
                    Val::Teams(keep)
                }
                _ => Val::Players(self.query(items, ctx, false)),
            },
        }
    }

    pub(crate) fn selector(&mut self, sigil: Sigil, name: &str, ctx: &Ctx) -> Val {
        let lname = name.to_ascii_lowercase();
        if sigil == Sigil::Team {
            return match lname.as_str() {
                "all" => Val::Teams(self.team_names()),
                "self" => match ctx.me {
                    Some(p) => Val::Teams(vec![self.state.players[p].alignment.clone()]),
                    None => match &ctx.source {
                        Source::Team(t) => Val::Teams(vec![t.clone()]),
                        _ => Val::Nothing,
                    },
                },
                _ => match ctx.vars.get(&lname) {
                    Some(v) => v.clone(),
                    None => Val::Teams(vec![self.team_key(name)]),
                },
            };
        }
        match lname.as_str() {
            "self" => match (&ctx.source, ctx.me) {
                (Source::Group(g), _) => Val::Group(g.clone()),
                (Source::Team(t), None) => Val::Teams(vec![t.clone()]),
                (_, Some(p)) => Val::Players(vec![p]),
                _ => Val::Nothing,
            },
            "selection" => ctx.selection.clone().unwrap_or(Val::Nothing),
            "secondaryselection" => ctx.secondary.clone().unwrap_or(Val::Nothing),
            "target" | "targetdead" => match self.target_of(ctx) {
                Some(Val::Players(ps)) if lname == "target" && !self.including_dead() => {
                    Val::Players(
                        ps.into_iter()
                            .filter(|&p| self.state.players[p].alive)
                            .collect(),
                    )
                }
                Some(v) => v,
                None => Val::Nothing,
            },
            // In a death trigger's subject (`On @All Death`) the player who just died still
            // counts: the guide's `On <Target> Death` fires when any player of the target
            // dies, and only whether the dead one is in the subject is asked.
            "all" | "others" => {
                let pool = if self.including_dead() {
                    (0..self.state.players.len()).collect()
                } else {
                    self.living()
                };
                let others = lname == "others";
                Val::Players(
                    pool.into_iter()
                        .filter(|&p| !others || Some(p) != ctx.me)
                        .collect(),
                )
            }
            "dead" => Val::Players(
                (0..self.state.players.len())
                    .filter(|&p| !self.state.players[p].alive)
                    .collect(),
            ),
            "deadalive" => Val::Players((0..self.state.players.len()).collect()),
            "ghostly" => Val::Players(
                (0..self.state.players.len())
                    .filter(|&p| self.is_ghost(p))
                    .collect(),
            ),
            "members" => match &ctx.source {
                // In `On @Members Death` the member who just died counts too.
                Source::Group(g) if self.including_dead() => {
                    Val::Players(self.group_members_with_dead(g))
                }
                Source::Group(g) => Val::Players(self.group_members(g)),
                Source::Team(t) => Val::Players(self.team_members(std::slice::from_ref(t))),
                _ => Val::Nothing,
            },
            "thisattr" => ctx.attr.map(Val::Attr).unwrap_or(Val::Nothing),
            "othervoters" => match ctx.vars.get("voters") {
                Some(Val::Players(ps)) => {
                    Val::Players(ps.iter().copied().filter(|&p| Some(p) != ctx.me).collect())
                }
                _ => Val::Nothing,
            },
            "attacklocation" => ctx.vars.get("attacker").cloned().unwrap_or(Val::Nothing),
            "result" => ctx
                .vars
                .get("result")
                .or_else(|| ctx.vars.get("result1"))
                .cloned()
                .unwrap_or(Val::Nothing),
            "executor" => match ctx.vars.get("executor") {
                Some(v) => v.clone(),
                None => ctx
                    .me
                    .map(|p| Val::Players(vec![p]))
                    .unwrap_or(Val::Nothing),
            },
            _ => ctx.vars.get(&lname).cloned().unwrap_or(Val::Nothing),
        }
    }

    /// Players matching an advanced selector `@(Key:Value,…)`.
    pub fn query(&mut self, items: &[QueryItem], ctx: &Ctx, include_dead: bool) -> Vec<usize> {
        let mut alive_only = !include_dead;
        let mut select_all = true;
        let mut shuffle = false;
        for i in items {
            match i.key.to_ascii_lowercase().as_str() {
                "aliveonly" => alive_only = i.value.eq_ignore_ascii_case("true") != i.negated,
                "selectall" => select_all = i.value.eq_ignore_ascii_case("true") != i.negated,
                "ghostly" if i.value.eq_ignore_ascii_case("true") != i.negated => {
                    alive_only = false
                }
                "random" => shuffle = i.value.eq_ignore_ascii_case("true") != i.negated,
                _ => {}
            }
        }
        let mut out: Vec<usize> = (0..self.state.players.len())
            .filter(|&p| !alive_only || self.state.players[p].alive)
            .filter(|&p| items.iter().all(|i| self.player_matches(p, i, ctx)))
            .collect();
        if shuffle {
            self.rng.shuffle(&mut out);
        }
        if !select_all && out.len() > 1 {
            let k = self.rng.below(out.len());
            out = vec![out[k]];
        }
        out
    }

    fn player_matches(&self, p: usize, item: &QueryItem, ctx: &Ctx) -> bool {
        let v = norm(&item.value);
        let pl = &self.state.players[p];
        let def = self.lib.role(&pl.role);
        let class = def.and_then(|d| d.class.clone()).unwrap_or_default();
        let cat = def.and_then(|d| d.category.clone()).unwrap_or_default();
        let m = match item.key.to_ascii_lowercase().as_str() {
            "aliveonly" | "selectall" | "random" => return true,
            "ghostly" => self.is_ghost(p) == (v == "true"),
            "attr" | "attribute" => self.has_custom(&Holder::Player(p), &v, None),
            "attrself" => self.has_custom(&Holder::Player(p), &v, Some(ctx.me)),
            "attrrole" => self.holds_extra_role(p, &v),
            "attrdisguise" => {
                // `@(AttrDisguise:Self)`: disguises applied by that player (guide, Advanced
                // Target Types); other values: any disguise.
                let by: Option<Vec<usize>> = match v.as_str() {
                    "self" => Some(ctx.me.into_iter().collect()),
                    "target" => Some(self.target_of(ctx).map(|t| t.players()).unwrap_or_default()),
                    _ => None,
                };
                self.state.attrs.iter().any(|a| {
                    a.holder == Holder::Player(p)
                        && matches!(a.kind, AttrKind::Disguise { .. })
                        && by
                            .as_ref()
                            .is_none_or(|b| a.source_player.is_some_and(|s| b.contains(&s)))
                })
            }
            "group" => self.in_group(p, &v),
            "align" | "alignment" => norm(&pl.alignment) == norm(&self.team_key(&v)),
            "role" => norm(&pl.role) == v,
            "cat" | "category" => norm(&cat) == v,
            "class" => norm(&class) == v,
            "fullcat" => norm(&format!("{class} {cat}")) == v,
            "origrole" => norm(&pl.original_role) == v,
            "origalign" => norm(&pl.original_alignment) == norm(&self.team_key(&v)),
            "origfullcat" => {
                let d = self.lib.role(&pl.original_role);
                let c = d.and_then(|d| d.class.clone()).unwrap_or_default();
                let k = d.and_then(|d| d.category.clone()).unwrap_or_default();
                norm(&format!("{c} {k}")) == v
            }
            _ => false,
        };
        m != item.negated
    }

    fn team_matches(&self, team: &str, item: &QueryItem) -> bool {
        let v = norm(&item.value);
        let m = match item.key.to_ascii_lowercase().as_str() {
            "attr" => self.has_custom(&Holder::Team(team.to_string()), &v, None),
            "align" | "alignment" => norm(team) == norm(&self.team_key(&v)),
            _ => false,
        };
        m != item.negated
    }

    fn prop(&mut self, val: Val, p: &Prop) -> Val {
        let first = val.players().first().copied();
        let lname = p.name.to_ascii_lowercase();
        match lname.as_str() {
            "role" => match (first, &val) {
                (Some(pl), _) => Val::Text(self.state.players[pl].role.clone()),
                // A role's role is itself (`@Result2->Role` after a role investigation).
                (None, Val::Text(t)) if self.lib.role(t).is_some() => val.clone(),
                _ => Val::Nothing,
            },
            "originalrole" => match first {
                Some(pl) => Val::Text(self.state.players[pl].original_role.clone()),
                None => Val::Nothing,
            },
            "alignment" => match first {
                Some(pl) => Val::Text(self.state.players[pl].alignment.clone()),
                None => Val::Nothing,
            },
            "category" | "class" => {
                let role = match (&val, first) {
                    (_, Some(pl)) => self.state.players[pl].role.clone(),
                    (Val::Text(t), None) => t.clone(),
                    _ => return Val::Nothing,
                };
                let d = self.lib.role(&role);
                let v = if lname == "category" {
                    d.and_then(|d| d.category.clone())
                } else {
                    d.and_then(|d| d.class.clone())
                };
                v.map(Val::Text).unwrap_or(Val::Nothing)
            }
            "count" => Val::Num(match &val {
                Val::Players(ps) => ps.len() as i64,
                Val::Teams(t) => t.len() as i64,
                Val::Nothing => 0,
                _ => 1,
            }),
            "number" => val,
            "randomplayer" => {
                let ps = val.players();
                if ps.is_empty() {
                    Val::Nothing
                } else {
                    let k = self.rng.below(ps.len());
                    Val::Players(vec![ps[k]])
                }
            }
            "players" => match &val {
                Val::Text(role) => Val::Players(self.role_players(role)),
                other => other.clone(),
            },
            "members" => match &val {
                // A team's members: its living players (`&Ind->Members` in For Each &All).
                Val::Teams(ts) => Val::Players(self.team_members(ts)),
                Val::Group(g) if self.lib.get(mafia_roles::ElementKind::Group, g).is_none() => {
                    Val::Players(self.location_members(g))
                }
                Val::Group(g) => Val::Players(self.group_members(g)),
                _ => Val::Nothing,
            },
            "counter" => match &val {
                Val::Attr(id) => Val::Num(self.attr(*id).map(|a| a.counter).unwrap_or(0)),
                Val::Group(g) => Val::Num(self.state.groups.get(g).map(|s| s.counter).unwrap_or(0)),
                Val::Players(ps) if !ps.is_empty() => Val::Num(self.state.players[ps[0]].counter),
                _ => Val::Num(0),
            },
            "target" => match first {
                Some(pl) => self.state.players[pl]
                    .target
                    .clone()
                    .unwrap_or(Val::Nothing),
                None => match &val {
                    Val::Group(g) => self
                        .state
                        .groups
                        .get(g)
                        .and_then(|s| s.target.clone())
                        .unwrap_or(Val::Nothing),
                    _ => Val::Nothing,
                },
            },
            "source" => match &val {
                Val::Attr(id) => self
                    .attr(*id)
                    .and_then(|a| a.source_player)
                    .map(|p| Val::Players(vec![p]))
                    .unwrap_or(Val::Nothing),
                _ => Val::Nothing,
            },
            "value1" | "value2" | "value3" => {
                let idx = match lname.as_str() {
                    "value1" => 0,
                    "value2" => 1,
                    _ => 2,
                };
                match &val {
                    Val::Attr(id) => self
                        .attr(*id)
                        .and_then(|a| a.values.get(idx).cloned())
                        .map(Val::Text)
                        .unwrap_or(Val::Nothing),
                    _ => Val::Nothing,
                }
            }
            "attr" | "attribute" => match &p.arg {
                Some(name) => self.attr_of(&val, name),
                None => Val::Nothing,
            },
            "publicvotingpower" | "privatevotingpower" => match first {
                Some(pl) => Val::Num(self.voting_power(pl, lname.starts_with("private"))),
                None => Val::Nothing,
            },
            _ => Val::Nothing,
        }
    }

    /// Evaluates a condition.
    pub fn check(&mut self, c: &Condition, ctx: &Ctx) -> bool {
        match c {
            Condition::Not(c) => !self.check(c, ctx),
            Condition::And(cs) => cs.iter().all(|c| self.check(c, ctx)),
            Condition::Or(cs) => cs.iter().any(|c| self.check(c, ctx)),
            Condition::Exists { value, .. } => {
                let v = self.eval(value, ctx);
                !self.is_empty(&v)
            }
            Condition::Compare { lhs, op, rhs, .. } => {
                let l = self.eval(lhs, ctx);
                match op {
                    CompareOp::Has => {
                        let pattern = self.attr_pattern(rhs, ctx);
                        let holders = self.holders_of(&l);
                        !holders.is_empty() && holders.iter().all(|h| self.has_attr(h, &pattern))
                    }
                    CompareOp::IsIn => {
                        let g = match self.eval(rhs, ctx) {
                            Val::Group(g) => g,
                            other => norm(&self.text_of(&other)),
                        };
                        let ps = l.players();
                        !ps.is_empty() && ps.iter().all(|&p| self.in_group(p, &g))
                    }
                    CompareOp::IsPartOf => {
                        if let (Val::Text(lt), Some(items)) = (&l, role_query::role_query(rhs)) {
                            return self.role_matches_query(lt, items);
                        }
                        let r = self.eval(rhs, ctx);
                        if let (Val::Text(lt), Val::Text(rt)) = (&l, &r) {
                            // `@Result->Role is part of 'Baker'+'Butcher'`: one of the texts.
                            return rt.split('+').any(|part| bare(part) == bare(lt));
                        }
                        let rs = r.players();
                        let ls = l.players();
                        !ls.is_empty() && ls.iter().all(|p| rs.contains(p))
                    }
                    CompareOp::Is | CompareOp::Equal => {
                        let r = self.eval(rhs, ctx);
                        self.same(&l, &r)
                    }
                    CompareOp::IsNot => {
                        let r = self.eval(rhs, ctx);
                        !self.same(&l, &r)
                    }
                    CompareOp::Greater
                    | CompareOp::Less
                    | CompareOp::GreaterEq
                    | CompareOp::LessEq => {
                        let r = self.eval(rhs, ctx);
                        let (a, b) = (self.num_of(&l), self.num_of(&r));
                        match op {
                            CompareOp::Greater => a > b,
                            CompareOp::Less => a < b,
                            CompareOp::GreaterEq => a >= b,
                            _ => a <= b,
                        }
                    }
                }
            }
        }
    }

    pub fn is_empty(&self, v: &Val) -> bool {
        match v {
            Val::Players(p) => p.is_empty(),
            Val::Teams(t) => t.is_empty(),
            Val::Text(t) => t.is_empty(),
            Val::Nothing => true,
            Val::Attr(id) => self.attr(*id).is_none(),
            Val::Num(_) | Val::Group(_) => false,
        }
    }

    fn same(&self, a: &Val, b: &Val) -> bool {
        match (a, b) {
            (Val::Players(x), Val::Players(y)) => {
                let mut x = x.clone();
                let mut y = y.clone();
                x.sort_unstable();
                y.sort_unstable();
                x == y
            }
            (Val::Num(x), Val::Num(y)) => x == y,
            _ => bare(&self.text_of(a)) == bare(&self.text_of(b)),
        }
    }

    /// The text of a value (player names joined with `, `).
    pub fn text_of(&self, v: &Val) -> String {
        match v {
            Val::Players(ps) => ps
                .iter()
                .map(|&p| self.state.players[p].name.clone())
                .collect::<Vec<_>>()
                .join(", "),
            Val::Text(t) => t.clone(),
            Val::Num(n) => n.to_string(),
            Val::Attr(id) => self
                .attr(*id)
                .map(|a| attr_name(&a.kind))
                .unwrap_or_default(),
            Val::Teams(t) => t.join(", "),
            Val::Group(g) => g.clone(),
            Val::Nothing => String::new(),
        }
    }

    pub fn num_of(&self, v: &Val) -> i64 {
        match v {
            Val::Num(n) => *n,
            Val::Text(t) => t.trim().parse::<f64>().map(|f| f as i64).unwrap_or(0),
            Val::Players(p) => p.len() as i64,
            _ => 0,
        }
    }

    /// Replaces `@Name` references inside constant text (`@Winner was lynched.`).
    pub fn interpolate(&mut self, text: &str, ctx: &Ctx) -> String {
        if !text.contains('@') {
            return text.to_string();
        }
        let mut out = String::new();
        let mut rest = text;
        while let Some(at) = rest.find('@') {
            out.push_str(&rest[..at]);
            let after = &rest[at + 1..];
            // `@(AttrRole:Wager-Recipient)`: an advanced selector inside text.
            if let Some(close) = after.strip_prefix('(').and_then(|a| a.find(')')) {
                let sel = crate::library::selector_value(&format!("@{}", &after[..close + 2]));
                let v = self.eval(&sel, ctx);
                out.push_str(&self.text_of(&v));
                rest = &after[close + 2..];
                continue;
            }
            let end = after
                .find(|c: char| !c.is_ascii_alphanumeric())
                .unwrap_or(after.len());
            let name = &after[..end];
            if name.is_empty() {
                out.push('@');
                rest = after;
                continue;
            }
            // In text, `@Target` names the target even once it is dead ("… killed @Target").
            let lookup = if name.eq_ignore_ascii_case("target") {
                "TargetDead"
            } else {
                name
            };
            let mut v = self.selector(Sigil::Player, lookup, ctx);
            let mut tail = &after[end..];
            // Property access inside text: `@Visitor->Role`.
            while let Some(t) = tail.strip_prefix("->") {
                let end = t
                    .find(|c: char| !c.is_ascii_alphanumeric())
                    .unwrap_or(t.len());
                if end == 0 {
                    break;
                }
                let prop = Prop {
                    name: t[..end].into(),
                    arg: None,
                    annotation: None,
                };
                v = self.prop(v, &prop);
                tail = &t[end..];
            }
            // `@Target[role]`: keep the value, drop the annotation.
            if tail.starts_with('[') {
                if let Some(close) = tail.find(']') {
                    tail = &tail[close + 1..];
                }
            }
            out.push_str(&self.text_of(&v));
            rest = tail;
        }
        out.push_str(rest);
        out
    }

    /// The attribute pattern a value names.
    pub(crate) fn attr_pattern(&mut self, v: &Value, ctx: &Ctx) -> AttrPattern {
        match self.eval(v, ctx) {
            Val::Attr(id) => AttrPattern::Id(id),
            other => {
                let t = self.text_of(&other);
                let (kind, value) = match t.split_once(':') {
                    Some((k, v)) => (k.to_string(), Some(v.trim_start_matches(':').to_string())),
                    None => (t, None),
                };
                let value = value.map(|v| self.source_player_value(&v, ctx).unwrap_or(norm(&v)));
                AttrPattern::Name {
                    kind: norm(&kind),
                    value,
                }
            }
        }
    }

    /// The value part of `<AttributeType>:<SourcePlayer>` written as a selector without
    /// the `@` (guide, Attributes: "`Defense:Target`, a defense applied by the player's
    /// current target. The @ symbol is skipped."): the name of the one player it selects,
    /// or `None` when it is not a selector of one player (`Wolfpack`, `Poisoned`, `Active`).
    pub(crate) fn source_player_value(&mut self, value: &str, ctx: &Ctx) -> Option<String> {
        let word = value.trim();
        if word.is_empty() || !word.chars().all(|c| c.is_ascii_alphanumeric()) {
            return None;
        }
        let known = matches!(
            word.to_ascii_lowercase().as_str(),
            "self"
                | "target"
                | "targetdead"
                | "selection"
                | "secondaryselection"
                | "attacker"
                | "visitor"
                | "this"
                | "ind"
                | "chooser"
                | "executor"
                | "winner"
                | "rolechanger"
                | "actiontarget"
        );
        if !known {
            return None;
        }
        match self.eval(&selector_value(&format!("@{word}")), ctx) {
            Val::Players(ps) if ps.len() == 1 => Some(norm(&self.state.players[ps[0]].name)),
            _ => None,
        }
    }
}

/// A text for comparison: normalised, without a type annotation (`Townsfolk[class]`).
fn bare(t: &str) -> String {
    let t = t.trim();
    let t = match (t.ends_with(']'), t.rfind('[')) {
        (true, Some(i)) if i > 0 => &t[..i],
        _ => t,
    };
    norm(t)
}

/// The display name of an attribute kind.
pub fn attr_name(k: &AttrKind) -> String {
    match k {
        AttrKind::Custom { name } => name.clone(),
        AttrKind::Disguise { .. } => "Disguise".into(),
        AttrKind::Defense { kind, .. } => format!("Defense:{}", kind.name()),
        AttrKind::Manipulation { .. } => "Manipulation".into(),
        AttrKind::GroupMembership { group, .. } => format!("GroupMembership:{group}"),
        AttrKind::Obstruction { .. } => "Obstruction".into(),
        AttrKind::Role { role } => format!("Role:{role}"),
        AttrKind::Redirection { .. } => "Redirection".into(),
        AttrKind::Whisper { name, .. } => format!("Whispering:{name}"),
    }
}
