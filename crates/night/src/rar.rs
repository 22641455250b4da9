//! Reasonable Action Resolution.
//!
//! Every action is cut into *landings*: where its effect arrives, after any redirections
//! (a landing remembers the path of redirecting actions that moved it). Reasons are nodes
//! built from landings; each node has counter-reasons. Rule 2: a node stands iff none of its
//! counters stands. Rule 3: a node made of several landings (a track, a redirected kill, a
//! PGO shot) is countered by whatever counters any of them. Rule 4: a counter whose actions
//! already appear in the dependency chain has no effect. Evaluation is lazy from each
//! question (only actions that interact with it are visited) and memoised on
//! (node, set of actions in the chain).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use crate::catalogue::{Component, SelfTarget};
use crate::error::NightError;
use crate::model::{Night, Origin};

/// A small multiplicative hasher (FxHash's scheme): the keys are small integers and short
/// integer slices, for which SipHash's protection against hostile keys is not needed.
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut buf = [0u8; 8];
            buf[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(buf));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// A counter-reason with the actions it rests on.
pub type Counter = (Node, Box<[u32]>);

/// Index of a landing.
pub type LId = u32;

/// Landings enumerated beyond this are refused (each redirection path is one landing).
pub const MAX_LANDINGS: usize = 200_000;

/// The default limit on (reason, chain) evaluations, beyond which a night is refused: RAR
/// with rule 4 is a game over sets of actions, exponential on dense webs of blocks and swaps.
pub const MAX_EVALUATIONS: usize = 300_000;

#[derive(Debug, Clone)]
pub struct Landing {
    pub action: usize,
    pub loc: usize,
    /// The landing this one was moved from, and the redirecting action that moved it.
    pub parent: Option<(LId, usize)>,
}

/// A reason (for or against) in a reason tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Node {
    /// A kill landed on its victim: a reason the victim dies.
    Kill(LId),
    /// The victim visited an armed Paranoid Gun Owner.
    Pgo {
        visit: LId,
        arm: LId,
    },
    /// A bodyguard guarded a player a kill reached: a reason the bodyguard dies.
    Guard {
        guard: LId,
        kill: LId,
    },
    /// A hider hid behind a player a kill reached: a reason the hider dies.
    HideDeath {
        hide: LId,
        kill: LId,
    },
    Protected(LId),
    Hidden(LId),
    Blocked(LId),
    /// The effect was moved from the parent landing to this one.
    Moved(LId),
    Untargetable(LId),
    Visited(LId),
    Investigate(LId),
    TrackSaw {
        track: LId,
        visit: LId,
    },
    TrackNothing(LId),
    WatchSaw {
        watch: LId,
        visit: LId,
    },
    WatchNobody(LId),
    Recruit(LId),
}

/// A set of actions, kept sorted.
pub type Chain = Vec<u32>;

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

/// The resolution state of one night.
pub struct Rar<'n> {
    pub night: &'n Night,
    pub landings: Vec<Landing>,
    pub by_action: Vec<Vec<LId>>,
    /// Landings at each player.
    pub at: Vec<Vec<LId>>,
    children: Vec<Vec<LId>>,
    /// Swaps naming each player; redirections of each player's actions.
    swaps_at: Vec<Vec<usize>>,
    redirects_of: Vec<Vec<usize>>,
    death_reasons: Vec<Vec<Node>>,
    by_actor: Vec<Vec<usize>>,
    counters: FxMap<Node, Rc<[Counter]>>,
    /// The same counters, those with fewest counters of their own first: a counter that
    /// stands outright ends the search soonest.
    eval_counters: FxMap<Node, Rc<[Counter]>>,
    memo: FxMap<Node, FxMap<Box<[u32]>, bool>>,
    evaluations: usize,
    /// The evaluation budget (see [`MAX_EVALUATIONS`]).
    pub max_evaluations: usize,
}

fn has(night: &Night, action: usize, pred: impl Fn(&Component) -> bool) -> bool {
    night.actions[action].ability.has(pred)
}

fn strong_kill(night: &Night, action: usize) -> bool {
    has(night, action, |c| {
        matches!(c, Component::Kill { strong: true })
    })
}

impl<'n> Rar<'n> {
    pub fn new(night: &'n Night) -> Result<Rar<'n>, NightError> {
        let n_players = night.players.len();
        let mut rar = Rar {
            night,
            landings: Vec::new(),
            by_action: vec![Vec::new(); night.actions.len()],
            at: vec![Vec::new(); n_players],
            children: Vec::new(),
            swaps_at: vec![Vec::new(); n_players],
            redirects_of: vec![Vec::new(); n_players],
            death_reasons: vec![Vec::new(); n_players],
            by_actor: vec![Vec::new(); n_players],
            counters: FxMap::default(),
            eval_counters: FxMap::default(),
            memo: FxMap::default(),
            evaluations: 0,
            max_evaluations: MAX_EVALUATIONS,
        };
        for (ai, action) in night.actions.iter().enumerate() {
            rar.by_actor[action.actor].push(ai);
            if action.passive() || !action.ability.is_redirecting() {
                continue;
            }
            if action.ability.has(|c| matches!(c, Component::Swap)) {
                for &t in &action.targets {
                    rar.swaps_at[t].push(ai);
                }
            }
            if action.ability.has(|c| matches!(c, Component::Redirect)) {
                rar.redirects_of[action.targets[0]].push(ai);
            }
        }
        for (ai, action) in night.actions.iter().enumerate() {
            let movable = !action.passive()
                && !action.ability.is_redirecting()
                && action.ability.self_target != SelfTarget::Only
                && action.targets.len() == 1;
            if movable {
                rar.enumerate(ai, action.targets[0], None, &mut Vec::new())?;
            } else {
                for &t in &action.targets {
                    rar.push(ai, t, None)?;
                }
            }
        }
        rar.collect_death_reasons();
        Ok(rar)
    }

    fn push(
        &mut self,
        action: usize,
        loc: usize,
        parent: Option<(LId, usize)>,
    ) -> Result<LId, NightError> {
        if self.landings.len() >= MAX_LANDINGS {
            return Err(NightError::TooComplex {
                what: "the number of redirection paths",
                limit: MAX_LANDINGS,
            });
        }
        let id = self.landings.len() as LId;
        self.landings.push(Landing {
            action,
            loc,
            parent,
        });
        self.children.push(Vec::new());
        self.by_action[action].push(id);
        self.at[loc].push(id);
        if let Some((p, _)) = parent {
            self.children[p as usize].push(id);
        }
        Ok(id)
    }

    /// Where redirecting action `r` moves an effect of `action` that is at `loc`.
    fn moves(&self, r: usize, action: usize, loc: usize) -> Option<usize> {
        let red = &self.night.actions[r];
        let actor = self.night.actions[action].actor;
        let (a, b) = (red.targets[0], red.targets[1]);
        if red.ability.has(|c| matches!(c, Component::Swap)) {
            if loc == a {
                return Some(b);
            }
            if loc == b {
                return Some(a);
            }
        }
        if red.ability.has(|c| matches!(c, Component::Redirect)) && actor == a && loc != b {
            return Some(b);
        }
        None
    }

    fn enumerate(
        &mut self,
        action: usize,
        loc: usize,
        parent: Option<(LId, usize)>,
        path: &mut Vec<usize>,
    ) -> Result<(), NightError> {
        let id = self.push(action, loc, parent)?;
        let actor = self.night.actions[action].actor;
        let mut candidates: Vec<usize> = self.swaps_at[loc]
            .iter()
            .chain(&self.redirects_of[actor])
            .copied()
            .collect();
        candidates.sort_unstable();
        candidates.dedup();
        for r in candidates {
            if r == action || path.contains(&r) {
                continue;
            }
            if let Some(dest) = self.moves(r, action, loc) {
                path.push(r);
                self.enumerate(action, dest, Some((id, r)), path)?;
                path.pop();
            }
        }
        Ok(())
    }

    fn collect_death_reasons(&mut self) {
        let night = self.night;
        for (lid, l) in self.landings.iter().enumerate() {
            let lid = lid as LId;
            let action = &night.actions[l.action];
            if action.ability.has(|c| matches!(c, Component::Kill { .. })) {
                self.death_reasons[l.loc].push(Node::Kill(lid));
                for &g in &self.at[l.loc] {
                    let ga = self.landings[g as usize].action;
                    if has(night, ga, |c| matches!(c, Component::Guard)) && ga != l.action {
                        let victim = night.actions[ga].actor;
                        self.death_reasons[victim].push(Node::Guard {
                            guard: g,
                            kill: lid,
                        });
                    }
                    if has(night, ga, |c| matches!(c, Component::Hide)) && ga != l.action {
                        let victim = night.actions[ga].actor;
                        self.death_reasons[victim].push(Node::HideDeath { hide: g, kill: lid });
                    }
                }
            }
            if action.ability.has(|c| matches!(c, Component::Arm)) {
                for &v in &self.at[l.loc] {
                    let va = self.landings[v as usize].action;
                    let visitor = night.actions[va].actor;
                    if visitor != l.loc && has(night, va, |c| matches!(c, Component::Visit)) {
                        self.death_reasons[visitor].push(Node::Pgo { visit: v, arm: lid });
                    }
                }
            }
        }
    }

    pub fn landing(&self, l: LId) -> &Landing {
        &self.landings[l as usize]
    }

    /// The actions a landing rests on: its own and every redirection on its path.
    pub fn landing_actions(&self, l: LId, out: &mut Vec<u32>) {
        let mut cur = Some(l);
        while let Some(c) = cur {
            let land = self.landing(c);
            match land.parent {
                Some((p, r)) => {
                    out.push(r as u32);
                    cur = Some(p);
                }
                None => {
                    out.push(land.action as u32);
                    cur = None;
                }
            }
        }
    }

    /// The actions a reason rests on (rule 4 works on these).
    pub fn actions(&self, node: Node) -> Vec<u32> {
        let mut out = Vec::new();
        match node {
            Node::Pgo { visit: a, arm: b }
            | Node::Guard { guard: a, kill: b }
            | Node::HideDeath { hide: a, kill: b }
            | Node::TrackSaw { track: a, visit: b }
            | Node::WatchSaw { watch: a, visit: b } => {
                self.landing_actions(a, &mut out);
                self.landing_actions(b, &mut out);
            }
            Node::Moved(c) => {
                if let Some((_, r)) = self.landing(c).parent {
                    out.push(r as u32);
                }
            }
            Node::Kill(l)
            | Node::Protected(l)
            | Node::Hidden(l)
            | Node::Blocked(l)
            | Node::Untargetable(l)
            | Node::Visited(l)
            | Node::Investigate(l)
            | Node::TrackNothing(l)
            | Node::WatchNobody(l)
            | Node::Recruit(l) => self.landing_actions(l, &mut out),
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    fn fixed_landing_counters(&self, action: usize, out: &mut Vec<Node>) {
        for &l in &self.by_action[action] {
            self.own_counters(l, out);
        }
    }

    /// Counters of a landing that are about the action itself: blocked, or its target
    /// cannot be targeted.
    fn own_counters(&self, l: LId, out: &mut Vec<Node>) {
        let night = self.night;
        let land = self.landing(l);
        let action = &night.actions[land.action];
        if action.passive() {
            return;
        }
        if action.blockable(night) {
            for &b in &self.at[action.actor] {
                let ba = self.landing(b).action;
                if ba != land.action && has(night, ba, |c| matches!(c, Component::Block)) {
                    out.push(Node::Blocked(b));
                }
            }
        }
        if action.ability.self_target != SelfTarget::Only && action.actor != land.loc {
            for &u in &self.at[land.loc] {
                let ua = self.landing(u).action;
                if ua != land.action && has(night, ua, |c| matches!(c, Component::Untargetable)) {
                    out.push(Node::Untargetable(u));
                }
            }
        }
    }

    /// Everything that can stop a landing: its action blocked, its target untargetable, a
    /// redirection on its path failing or contested, or the effect moved away.
    fn landing_counters(&self, l: LId, out: &mut Vec<Node>) {
        self.own_counters(l, out);
        // The path: each step needs its redirector to work and to be uncontested.
        let mut path = Vec::new();
        self.landing_actions(l, &mut path);
        let mut cur = l;
        while let Some((p, r)) = self.landing(cur).parent {
            self.fixed_landing_counters(r, out);
            let here = self.landing(cur).loc;
            for &sib in &self.children[p as usize] {
                let Some((_, r2)) = self.landing(sib).parent else {
                    continue;
                };
                if r2 != r && self.landing(sib).loc != here && !path.contains(&(r2 as u32)) {
                    out.push(Node::Moved(sib));
                }
            }
            cur = p;
        }
        for &c in &self.children[l as usize] {
            out.push(Node::Moved(c));
        }
    }

    fn protections(&self, victim: usize, strong: bool, out: &mut Vec<Node>) {
        if strong {
            return;
        }
        for &p in &self.at[victim] {
            if has(self.night, self.landing(p).action, |c| {
                matches!(c, Component::Protect)
            }) {
                out.push(Node::Protected(p));
            }
        }
    }

    fn hidings(&self, victim: usize, out: &mut Vec<Node>) {
        for &ai in &self.by_actor[victim] {
            if self.night.actions[ai]
                .ability
                .has(|c| matches!(c, Component::Hide))
            {
                for &h in &self.by_action[ai] {
                    out.push(Node::Hidden(h));
                }
            }
        }
    }

    /// The counter-reasons of a reason.
    pub fn counters(&mut self, node: Node) -> Rc<[Counter]> {
        if let Some(c) = self.counters.get(&node) {
            return c.clone();
        }
        let night = self.night;
        let mut out = Vec::new();
        match node {
            Node::Kill(l) => {
                self.landing_counters(l, &mut out);
                let victim = self.landing(l).loc;
                self.protections(victim, strong_kill(night, self.landing(l).action), &mut out);
                self.hidings(victim, &mut out);
            }
            Node::Pgo { visit, arm } => {
                self.landing_counters(visit, &mut out);
                self.landing_counters(arm, &mut out);
                let victim = night.actions[self.landing(visit).action].actor;
                self.protections(victim, false, &mut out);
            }
            Node::Guard { guard, kill } => {
                self.landing_counters(guard, &mut out);
                self.landing_counters(kill, &mut out);
                let victim = night.actions[self.landing(guard).action].actor;
                let strong = strong_kill(night, self.landing(kill).action);
                self.protections(victim, strong, &mut out);
            }
            Node::HideDeath { hide, kill } => {
                self.landing_counters(hide, &mut out);
                self.landing_counters(kill, &mut out);
                let strong = strong_kill(night, self.landing(kill).action);
                self.protections(self.landing(kill).loc, strong, &mut out);
            }
            Node::Moved(c) => {
                if let Some((p, r)) = self.landing(c).parent {
                    self.fixed_landing_counters(r, &mut out);
                    let mut path = Vec::new();
                    self.landing_actions(p, &mut path);
                    let here = self.landing(c).loc;
                    for &sib in &self.children[p as usize] {
                        let Some((_, r2)) = self.landing(sib).parent else {
                            continue;
                        };
                        if r2 != r && self.landing(sib).loc != here && !path.contains(&(r2 as u32))
                        {
                            out.push(Node::Moved(sib));
                        }
                    }
                }
            }
            Node::Protected(l)
            | Node::Hidden(l)
            | Node::Blocked(l)
            | Node::Untargetable(l)
            | Node::Visited(l)
            | Node::Investigate(l) => self.landing_counters(l, &mut out),
            Node::TrackSaw { track: a, visit: b } | Node::WatchSaw { watch: a, visit: b } => {
                self.landing_counters(a, &mut out);
                self.landing_counters(b, &mut out);
            }
            Node::TrackNothing(t) => {
                self.landing_counters(t, &mut out);
                let tracked = self.landing(t).loc;
                for v in self.visits_by(tracked, self.landing(t).action) {
                    out.push(Node::Visited(v));
                }
            }
            Node::WatchNobody(w) => {
                self.landing_counters(w, &mut out);
                for v in self.visits_at(self.landing(w).loc, self.landing(w).action) {
                    out.push(Node::Visited(v));
                }
            }
            Node::Recruit(l) => {
                self.landing_counters(l, &mut out);
                let caveat = has(night, self.landing(l).action, |c| {
                    matches!(
                        c,
                        Component::Recruit {
                            fails_if_target_dies: true
                        }
                    )
                });
                if caveat {
                    out.extend(self.death_reasons[self.landing(l).loc].iter().copied());
                }
            }
        }
        let mut seen = std::collections::HashSet::new();
        out.retain(|n| seen.insert(*n));
        let rc: Rc<[Counter]> = out
            .into_iter()
            .map(|n| (n, self.actions(n).into_boxed_slice()))
            .collect();
        self.counters.insert(node, rc.clone());
        rc
    }

    fn eval_counters(&mut self, node: Node) -> Rc<[Counter]> {
        if let Some(c) = self.eval_counters.get(&node) {
            return c.clone();
        }
        let counters = self.counters(node);
        let mut keyed: Vec<(usize, Counter)> = counters
            .iter()
            .map(|c| (self.counters(c.0).len(), c.clone()))
            .collect();
        keyed.sort_by_key(|(k, _)| *k);
        let rc: Rc<[Counter]> = keyed.into_iter().map(|(_, c)| c).collect();
        self.eval_counters.insert(node, rc.clone());
        rc
    }

    /// Visit landings of actions by `player` (other than `except`).
    pub fn visits_by(&self, player: usize, except: usize) -> Vec<LId> {
        let mut out = Vec::new();
        for &ai in &self.by_actor[player] {
            let a = &self.night.actions[ai];
            if ai != except && a.ability.has(|c| matches!(c, Component::Visit)) {
                out.extend(self.by_action[ai].iter().copied());
            }
        }
        out
    }

    /// Visit landings at `player` (other than by action `except`).
    pub fn visits_at(&self, player: usize, except: usize) -> Vec<LId> {
        self.at[player]
            .iter()
            .copied()
            .filter(|&v| {
                let va = self.landing(v).action;
                va != except && has(self.night, va, |c| matches!(c, Component::Visit))
            })
            .collect()
    }

    pub fn death_reasons(&self, player: usize) -> &[Node] {
        &self.death_reasons[player]
    }

    /// Rule 2 with rule 4: does `node` stand, given the actions already in the chain
    /// (which include the node's own)?
    pub fn holds(&mut self, node: Node, chain: &Chain) -> bool {
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
            if self.holds(*c, &next) {
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

    /// Whether an action is a vest (for "vest used" reports).
    pub fn is_vest(&self, action: usize) -> bool {
        self.night.actions[action].origin == Origin::Vest
    }
}
