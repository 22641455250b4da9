//! Rule 2 with rule 4: whether a reason stands given the chain of actions above it, on
//! bitsets with the memo of recorded facts for small groups and on sorted chains for large
//! ones, within the evaluation budget.

use std::rc::Rc;

use super::Rar;
use super::fx::FxMap;
use super::memo::{Cube, FAST_GROUP, FastCounters, FastNode, Set};
use super::reason::{Chain, Node};
use crate::error::NightError;

fn chain_meets(chain: &Chain, acts: &[u32]) -> Option<u32> {
    acts.iter()
        .copied()
        .find(|a| chain.binary_search(a).is_ok())
}

fn chain_with(chain: &Chain, acts: &[u32]) -> Chain {
    let mut c = chain.clone();
    for &a in acts {
        if let Err(i) = c.binary_search(&a) {
            c.insert(i, a);
        }
    }
    c
}

impl Rar<'_> {
    /// Rule 2 with rule 4: does `node` stand, given the actions already in the chain
    /// (which include the node's own)?
    pub fn holds(&mut self, node: Node, chain: &Chain) -> bool {
        match chain.first() {
            Some(&a) if self.group_len[self.group[a as usize] as usize] <= FAST_GROUP => {
                let set = self.bits(chain);
                let id = self.intern(node);
                self.eval(id, set).stands
            }
            _ => self.holds_general(node, chain),
        }
    }

    /// A set of actions of one small group as a bitset.
    fn bits(&self, acts: &[u32]) -> Set {
        acts.iter().fold(0, |b, &a| {
            debug_assert_eq!(self.group[a as usize], self.group[acts[0] as usize]);
            b | (1 << self.index_in_group[a as usize])
        })
    }

    fn intern(&mut self, node: Node) -> u32 {
        if let Some(&id) = self.fast.ids.get(&node) {
            return id;
        }
        let id = self.fast.nodes.len() as u32;
        let own = self.bits(&self.actions(node));
        self.fast.ids.insert(node, id);
        self.fast.nodes.push(FastNode {
            node,
            own,
            counters: None,
            counter_sets: Rc::from([]),
            killer: 0,
            cubes: Vec::new(),
            yes: Vec::new(),
            no: Vec::new(),
            mask: 0,
            points: FxMap::default(),
            seen: Vec::new(),
        });
        id
    }

    fn fast_counters(&mut self, id: u32) -> FastCounters {
        if let Some(c) = &self.fast.nodes[id as usize].counters {
            return c.clone();
        }
        let node = self.fast.nodes[id as usize].node;
        let ids: Rc<[u32]> = self
            .counter_nodes(node)
            .into_iter()
            .map(|c| self.intern(c))
            .collect();
        let sets: Rc<[Set]> = ids
            .iter()
            .map(|&c| self.fast.nodes[c as usize].own)
            .collect();
        let mut distinct: Vec<Set> = sets.to_vec();
        distinct.sort_unstable();
        let mut grouped: Vec<(Set, u32)> = Vec::new();
        for s in distinct {
            match grouped.last_mut() {
                Some((last, n)) if *last == s => *n += 1,
                _ => grouped.push((s, 1)),
            }
        }
        let f = &mut self.fast.nodes[id as usize];
        f.counters = Some((ids.clone(), sets.clone()));
        f.counter_sets = grouped.into();
        (ids, sets)
    }

    /// Rule 2 with rule 4 on bitsets, for a chain `set` that holds the node's own actions.
    /// The answer comes with the facts about the chain it rests on (a [`Cube`]), so it is
    /// reused for every other chain that agrees on those facts.
    fn eval(&mut self, id: u32, set: Set) -> Cube {
        let f = &mut self.fast.nodes[id as usize];
        if let Some(&ci) = f.points.get(&(set & f.mask)) {
            return f.cubes[ci as usize];
        }
        if let Some(ci) = f.find(set) {
            f.points.insert(set & f.mask, ci as u32);
            f.seen.push((set, ci as u32));
            return f.cubes[ci];
        }
        self.evaluations += 1;
        if self.evaluations > self.max_evaluations {
            // Unwind quickly; `check_budget` turns this into an error.
            return Cube::default();
        }
        let (ids, sets) = self.fast_counters(id);
        let f = &self.fast.nodes[id as usize];
        let (own, first) = (f.own, f.killer as usize);
        let mut cube = Cube {
            stands: true,
            ..Cube::default()
        };
        // Rule 4 first: counters with an action already in the chain rest on one fact.
        let mut open: Vec<(u32, usize)> = Vec::new();
        for (i, (&c, &acts)) in ids.iter().zip(sets.iter()).enumerate() {
            let meet = acts & set;
            if meet != 0 {
                if meet & (own | cube.yes) == 0 {
                    cube.yes |= meet & meet.wrapping_neg();
                }
                continue;
            }
            // The counters with fewest open counters of their own are tried first (one
            // with none stands outright, and is tried at once), the one that stood last
            // time before its equals.
            self.fast_counters(c);
            let next = set | acts;
            let left: u32 = self.fast.nodes[c as usize]
                .counter_sets
                .iter()
                .map(|&(a, n)| if a & next == 0 { n } else { 0 })
                .sum();
            open.push((left * 2 + u32::from(i != first), i));
            if left == 0 {
                open.clear();
                open.push((0, i));
                break;
            }
        }
        open.sort_unstable();
        for &(_, i) in &open {
            let (c, acts) = (ids[i], sets[i]);
            let sub = self.eval(c, set | acts);
            if sub.stands {
                cube = Cube {
                    stands: false,
                    yes: sub.yes & !acts,
                    no: acts | sub.no,
                };
                self.fast.nodes[id as usize].killer = i as u32;
                break;
            }
            cube.yes |= sub.yes & !acts;
            cube.no |= sub.no;
        }
        cube.yes &= !own;
        let f = &mut self.fast.nodes[id as usize];
        let ci = f.cubes.len() as u32;
        f.cubes.push(cube);
        f.yes.push(cube.yes);
        f.no.push(cube.no);
        let mask = cube.yes | cube.no;
        if mask & !f.mask != 0 {
            f.mask |= mask;
            let FastNode {
                points, seen, mask, ..
            } = f;
            points.clear();
            for &(s, c) in seen.iter() {
                points.insert(s & *mask, c);
            }
        }
        f.points.insert(set & f.mask, ci);
        f.seen.push((set, ci));
        cube
    }

    /// The same rule on sorted chains, for groups too large for a bitset: memoised on the
    /// whole chain.
    fn holds_general(&mut self, node: Node, chain: &Chain) -> bool {
        if let Some(&v) = self.memo.get(&node).and_then(|m| m.get(chain.as_slice())) {
            return v;
        }
        self.evaluations += 1;
        if self.evaluations > self.max_evaluations {
            // Unwind quickly; `check_budget` turns this into an error.
            return false;
        }
        let counters = self.eval_counters(node);
        let mut stands = true;
        for (c, acts) in counters.iter() {
            if chain_meets(chain, acts).is_some() {
                continue;
            }
            let next = chain_with(chain, acts);
            if self.holds_general(*c, &next) {
                stands = false;
                break;
            }
        }
        self.memo
            .entry(node)
            .or_default()
            .insert(chain.clone().into_boxed_slice(), stands);
        stands
    }

    /// Whether evaluation stayed within the budget.
    pub fn check_budget(&self) -> Result<(), NightError> {
        if self.evaluations > self.max_evaluations {
            return Err(NightError::TooComplex {
                what: "the number of reason evaluations",
                limit: self.max_evaluations,
            });
        }
        Ok(())
    }

    /// Does a root reason stand (its chain is its own actions)?
    pub fn stands(&mut self, node: Node) -> bool {
        let chain = chain_with(&Vec::new(), &self.actions(node));
        self.holds(node, &chain)
    }

    /// Rule 4: the action of `node` already in `chain`, if any.
    pub fn repeated(&self, node: Node, chain: &Chain) -> Option<u32> {
        chain_meets(chain, &self.actions(node))
    }

    pub fn chain_with(&self, chain: &Chain, node: Node) -> Chain {
        chain_with(chain, &self.actions(node))
    }
}

#[cfg(test)]
mod tests {
    //! The bitset evaluator against a straightforward reading of rules 2 and 4, on dense
    //! generated nights where every action meets most others.

    use super::*;
    use crate::catalogue::{Catalogue, Component, STANDARD_CATALOGUE};
    use crate::model::{ActionSpec, Night, NightSpec, PlayerSpec, SelfTargets, validate};
    use crate::rar::LId;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// Rules 2 and 4 read literally: a reason stands iff no counter-reason whose actions
    /// are all new to the chain stands with them added (memoised on the whole chain).
    fn reference(
        rar: &mut Rar<'_>,
        memo: &mut HashMap<(Node, Chain), bool>,
        node: Node,
        chain: &Chain,
    ) -> bool {
        if let Some(&v) = memo.get(&(node, chain.clone())) {
            return v;
        }
        let mut stands = true;
        for (c, acts) in rar.counters(node).iter() {
            if acts.iter().any(|a| chain.contains(a)) {
                continue;
            }
            let mut next = chain.clone();
            next.extend(acts.iter().copied());
            next.sort_unstable();
            next.dedup();
            if reference(rar, memo, *c, &next) {
                stands = false;
                break;
            }
        }
        memo.insert((node, chain.clone()), stands);
        stands
    }

    /// Abilities a dense night draws from: everything that changes other actions, and the
    /// effects they change.
    const ABILITIES: &[(&str, usize)] = &[
        ("block", 1),
        ("swap", 2),
        ("redirect", 2),
        ("shoot", 1),
        ("protect", 1),
        ("jail", 1),
        ("guard", 1),
        ("investigate", 1),
        ("track", 1),
        ("watch", 1),
        ("recruit", 1),
    ];

    fn catalogue() -> Catalogue {
        let extra = r#"
[[roles]]
name = "Dense"
alignment = "town"
[[roles.abilities]]
name = "block"
per_night = 100
components = [{ type = "visit" }, { type = "block" }]
[[roles.abilities]]
name = "swap"
targets = 2
per_night = 100
components = [{ type = "visit" }, { type = "swap" }]
[[roles.abilities]]
name = "redirect"
targets = 2
per_night = 100
components = [{ type = "visit" }, { type = "redirect" }]
[[roles.abilities]]
name = "shoot"
per_night = 100
components = [{ type = "visit" }, { type = "kill" }]
[[roles.abilities]]
name = "protect"
per_night = 100
components = [{ type = "visit" }, { type = "protect" }]
[[roles.abilities]]
name = "jail"
per_night = 100
components = [{ type = "visit" }, { type = "protect" }, { type = "block" }]
[[roles.abilities]]
name = "guard"
per_night = 100
components = [{ type = "visit" }, { type = "protect" }, { type = "guard" }]
[[roles.abilities]]
name = "investigate"
per_night = 100
components = [{ type = "visit" }, { type = "investigate" }]
[[roles.abilities]]
name = "track"
per_night = 100
components = [{ type = "visit" }, { type = "track" }]
[[roles.abilities]]
name = "watch"
per_night = 100
components = [{ type = "visit" }, { type = "watch" }]
[[roles.abilities]]
name = "recruit"
per_night = 100
components = [{ type = "visit" }, { type = "recruit", fails_if_target_dies = true }]
"#;
        Catalogue::from_toml(&format!("{STANDARD_CATALOGUE}\n{extra}"), "dense")
            .expect("dense catalogue")
    }

    /// `players` players who all hold every ability; each action is (actor, ability,
    /// first target, second target), targets counted past the actor so none is himself.
    fn dense_night(players: usize, actions: &[(usize, usize, usize, usize)]) -> NightSpec {
        let mut spec = NightSpec::default();
        for i in 0..players {
            spec.players.push(PlayerSpec {
                name: format!("P{i}"),
                role: "Dense".into(),
                alignment: None,
                sanity: Default::default(),
                modifiers: vec![],
                alive: true,
            });
        }
        for &(actor, ability, t1, t2) in actions {
            let actor = actor % players;
            let (name, targets) = ABILITIES[ability % ABILITIES.len()];
            let pick = |x: usize| (actor + 1 + x % (players - 1)) % players;
            let first = pick(t1);
            let mut chosen = vec![first];
            if targets == 2 {
                let mut second = pick(t2);
                if second == first {
                    second = pick(t2 + 1);
                }
                chosen.push(second);
            }
            spec.actions.push(ActionSpec {
                actor: format!("P{actor}"),
                ability: Some(name.into()),
                targets: chosen.into_iter().map(|t| format!("P{t}")).collect(),
            });
        }
        spec
    }

    /// Every reason a resolution asks about, and then every (reason, chain) of their
    /// trees, up to `limit` of them: the evaluator's answer must be the reference's.
    fn compare(night: &Night, limit: usize) -> Result<usize, TestCaseError> {
        let mut rar = Rar::new(night).map_err(|e| TestCaseError::fail(e.to_string()))?;
        rar.max_evaluations = usize::MAX;
        let mut roots: Vec<Node> = Vec::new();
        for p in 0..night.players.len() {
            roots.extend(rar.death_reasons(p).iter().copied());
        }
        for (l, landing) in rar.landings.iter().enumerate() {
            let l = l as LId;
            let ability = &night.actions[landing.action].ability;
            roots.push(Node::Visited(l));
            if landing.parent.is_some() {
                roots.push(Node::Moved(l));
            }
            if ability.has(|c| matches!(c, Component::Investigate)) {
                roots.push(Node::Investigate(l));
            }
            if ability.has(|c| matches!(c, Component::Track)) {
                roots.push(Node::TrackNothing(l));
            }
            if ability.has(|c| matches!(c, Component::Watch)) {
                roots.push(Node::WatchNobody(l));
            }
            if ability.has(|c| matches!(c, Component::Recruit { .. })) {
                roots.push(Node::Recruit(l));
            }
        }
        let mut memo = HashMap::new();
        let mut stack: Vec<(Node, Chain)> = roots
            .iter()
            .map(|&r| (r, chain_with(&Vec::new(), &rar.actions(r))))
            .collect();
        stack.reverse();
        let mut checked = 0;
        while let Some((node, chain)) = stack.pop() {
            if checked == limit {
                break;
            }
            checked += 1;
            let expected = reference(&mut rar, &mut memo, node, &chain);
            prop_assert_eq!(
                rar.holds(node, &chain),
                expected,
                "{:?} with chain {:?}",
                node,
                chain
            );
            prop_assert_eq!(rar.holds_general(node, &chain), expected, "{:?}", node);
            for (c, acts) in rar.counters(node).iter() {
                if chain_meets(&chain, acts).is_none() {
                    stack.push((*c, chain_with(&chain, acts)));
                }
            }
        }
        Ok(checked)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        #[test]
        fn the_bitset_evaluator_agrees_with_the_plain_rules_on_dense_nights(
            players in 3usize..6,
            actions in proptest::collection::vec(
                (0usize..8, 0usize..ABILITIES.len(), 0usize..8, 0usize..8),
                2..11,
            ),
        ) {
            let spec = dense_night(players, &actions);
            let night = validate(&spec, &catalogue(), SelfTargets::RoleDecides)
                .map_err(|e| TestCaseError::fail(format!("{e}\n{spec:#?}")))?;
            prop_assert!(compare(&night, 3_000)? > 0);
        }
    }

    #[test]
    fn a_clique_of_blocks_and_swaps_agrees_with_the_plain_rules() {
        // Five players, ten actions each blocking or swapping the others, five
        // investigations: the shape of the benchmark's clique.
        let mut actions = Vec::new();
        for t in 0..10 {
            let ability = if t % 3 == 2 { 1 } else { 0 };
            actions.push((t % 5, ability, t / 5, t / 5 + 1));
        }
        for i in 0..5 {
            actions.push((i, 7, 0, 0));
        }
        let night = validate(
            &dense_night(5, &actions),
            &catalogue(),
            SelfTargets::RoleDecides,
        )
        .expect("valid");
        assert_eq!(compare(&night, 20_000).expect("agrees"), 20_000);
    }
}
