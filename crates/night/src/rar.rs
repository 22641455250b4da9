//! Reasonable Action Resolution.
//!
//! Every action is cut into *landings*: where its effect arrives, after any redirections
//! (a landing remembers the path of redirecting actions that moved it). Reasons are nodes
//! built from landings; each node has counter-reasons. Rule 2: a node stands iff none of its
//! counters stands. Rule 3: a node made of several landings (a track, a redirected kill, a
//! PGO shot) is countered by whatever counters any of them. Rule 4: a counter whose actions
//! already appear in the dependency chain has no effect. Evaluation is lazy from each
//! question (only actions that interact with it are visited).
//!
//! The night splits into independent groups (players linked by any action between them);
//! a chain never leaves its group. In groups of at most 64 actions a chain is a bitset and
//! every answer is memoised with the facts about the chain it rests on (which actions were
//! in it, which were not), so it serves every chain that agrees on those facts; counters
//! with fewest open counters of their own are tried first. Larger groups (big realistic
//! nights, where chains are short) memoise on (node, whole chain).

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

/// Groups of at most this many actions are evaluated on bitsets.
pub const FAST_GROUP: usize = Set::BITS as usize;

/// A set of actions of one group, by their index in the group.
type Set = u64;

/// An answer with the facts about the chain it rests on: every action of `yes` is in the
/// chain and none of `no`. Every chain meeting these facts gets the same answer.
#[derive(Debug, Clone, Copy, Default)]
struct Cube {
    stands: bool,
    yes: Set,
    no: Set,
}

/// A node's counters by id, and side by side their actions.
type FastCounters = (Rc<[u32]>, Rc<[Set]>);

struct FastNode {
    node: Node,
    /// The node's own actions (always in its chain, so never a fact of its answers).
    own: Set,
    /// The counters (by id) and, side by side, their actions.
    counters: Option<FastCounters>,
    /// The distinct action sets of the counters, with how many counters have each.
    counter_sets: Rc<[(Set, u32)]>,
    /// The counter that stood last time; tried first among counters as open as it.
    killer: u32,
    /// Every answer found for this node, and their facts again side by side for scanning.
    cubes: Vec<Cube>,
    yes: Vec<Set>,
    no: Vec<Set>,
    /// The actions any answer rests on; `points` maps a chain cut down to them to its
    /// answer, `seen` keeps the whole chains to rebuild `points` when `mask` grows.
    mask: Set,
    points: FxMap<Set, u32>,
    seen: Vec<(Set, u32)>,
}

impl FastNode {
    /// The first answer whose facts a chain meets (sixteen at a time, without branches).
    fn find(&self, set: Set) -> Option<usize> {
        const CHUNK: usize = 16;
        for (k, (ys, ns)) in self
            .yes
            .chunks(CHUNK)
            .zip(self.no.chunks(CHUNK))
            .enumerate()
        {
            let hit = ys
                .iter()
                .zip(ns)
                .fold(false, |h, (y, n)| h | ((y & !set) | (n & set) == 0));
            if hit {
                let j = ys
                    .iter()
                    .zip(ns)
                    .position(|(y, n)| (y & !set) | (n & set) == 0)?;
                return Some(k * CHUNK + j);
            }
        }
        None
    }
}

#[derive(Default)]
struct Fast {
    ids: FxMap<Node, u32>,
    nodes: Vec<FastNode>,
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
    /// Landings of blocks, and of making untargetable, at each player.
    blocks_at: Vec<Vec<LId>>,
    untargetable_at: Vec<Vec<LId>>,
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
    /// Each action's group (players linked by any action between them) and its index
    /// within the group; groups of at most [`FAST_GROUP`] actions use the bitset evaluator.
    group: Vec<u32>,
    index_in_group: Vec<u8>,
    group_len: Vec<usize>,
    fast: Fast,
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
            blocks_at: vec![Vec::new(); n_players],
            untargetable_at: vec![Vec::new(); n_players],
            swaps_at: vec![Vec::new(); n_players],
            redirects_of: vec![Vec::new(); n_players],
            death_reasons: vec![Vec::new(); n_players],
            by_actor: vec![Vec::new(); n_players],
            counters: FxMap::default(),
            eval_counters: FxMap::default(),
            memo: FxMap::default(),
            group: Vec::new(),
            index_in_group: Vec::new(),
            group_len: Vec::new(),
            fast: Fast::default(),
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
        for (id, l) in rar.landings.iter().enumerate() {
            if has(night, l.action, |c| matches!(c, Component::Block)) {
                rar.blocks_at[l.loc].push(id as LId);
            }
            if has(night, l.action, |c| matches!(c, Component::Untargetable)) {
                rar.untargetable_at[l.loc].push(id as LId);
            }
        }
        rar.group_actions();
        Ok(rar)
    }

    /// Splits the actions into independent groups: players are linked by every action
    /// between an actor and a place one of its effects lands, and every counter-reason of
    /// a reason lies in the reason's group, so a chain never leaves it.
    fn group_actions(&mut self) {
        let n = self.night.players.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        for l in &self.landings {
            let a = find(&mut parent, self.night.actions[l.action].actor);
            let b = find(&mut parent, l.loc);
            parent[a] = b;
        }
        let mut group_of_root: FxMap<usize, u32> = FxMap::default();
        for action in &self.night.actions {
            let root = find(&mut parent, action.actor);
            let next = group_of_root.len() as u32;
            let g = *group_of_root.entry(root).or_insert(next);
            if g as usize == self.group_len.len() {
                self.group_len.push(0);
            }
            self.group.push(g);
            let i = self.group_len[g as usize];
            self.index_in_group.push(i.min(u8::MAX as usize) as u8);
            self.group_len[g as usize] += 1;
        }
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
            for &b in &self.blocks_at[action.actor] {
                if self.landing(b).action != land.action {
                    out.push(Node::Blocked(b));
                }
            }
        }
        if action.ability.self_target != SelfTarget::Only && action.actor != land.loc {
            for &u in &self.untargetable_at[land.loc] {
                if self.landing(u).action != land.action {
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
        let rc: Rc<[Counter]> = self
            .counter_nodes(node)
            .into_iter()
            .map(|n| (n, self.actions(n).into_boxed_slice()))
            .collect();
        self.counters.insert(node, rc.clone());
        rc
    }

    /// The counter-reasons of a reason, each once, in the order they are found.
    fn counter_nodes(&self, node: Node) -> Vec<Node> {
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
        let mut seen: std::collections::HashSet<Node, BuildHasherDefault<FxHasher>> =
            std::collections::HashSet::with_capacity_and_hasher(out.len(), Default::default());
        out.retain(|n| seen.insert(*n));
        out
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

    /// Whether an action is a vest (for "vest used" reports).
    pub fn is_vest(&self, action: usize) -> bool {
        self.night.actions[action].origin == Origin::Vest
    }
}

#[cfg(test)]
mod tests {
    //! The bitset evaluator against a straightforward reading of rules 2 and 4, on dense
    //! generated nights where every action meets most others.

    use super::*;
    use crate::catalogue::{Catalogue, STANDARD_CATALOGUE};
    use crate::model::{ActionSpec, NightSpec, PlayerSpec, SelfTargets, validate};
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
