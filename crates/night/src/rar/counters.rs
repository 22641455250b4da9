//! The counter-reasons of each reason: what can block, stop, move or prevent it (rules 2
//! and 3), cached per reason.

use std::hash::BuildHasherDefault;
use std::rc::Rc;

use super::fx::FxHasher;
use super::reason::{Counter, LId, Node};
use super::{Rar, has, strong_kill};
use crate::catalogue::{Component, SelfTarget};
use crate::model::{Modifier, Swaps};

impl Rar<'_> {
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
        // A Strongman's kill is stopped by nothing but its target's own commute
        // (https://wiki.mafiascum.net/index.php?title=Strongman: "cannot be stopped from
        // performing a kill, unless their target has commuted").
        let strong = strong_kill(night, land.action);
        if action.blockable(night) && !strong {
            for &b in &self.blocks_at[action.actor] {
                if self.landing(b).action != land.action {
                    out.push(Node::Blocked(b));
                }
            }
        }
        if action.ability.self_target != SelfTarget::Only && action.actor != land.loc {
            let kills = action.ability.has(|c| matches!(c, Component::Kill { .. }));
            for &u in &self.untargetable_at[land.loc] {
                let ua = &night.actions[self.landing(u).action];
                if self.landing(u).action == land.action
                    || (strong && !ua.ability.targets_self_only())
                    || (kills && ua.ability.has(|c| matches!(c, Component::Ascetic)))
                {
                    continue;
                }
                out.push(Node::Untargetable(u));
            }
        }
    }

    /// Counters of a visit as trackers and watchers see it: everything that stops the
    /// landing except its target's immunity (a rolestop or Ascetic on the target), which
    /// stops the action but not the visit
    /// (https://wiki.mafiascum.net/index.php?title=Tracker: actions "blocked because their
    /// target was immune to actions (e.g. because the target was rolestopped or Ascetic)
    /// can be seen on a Tracker report"), and a Delayer's delay, which moves the effect to
    /// the next night but not the visit
    /// (https://wiki.mafiascum.net/index.php?title=Delayed: trackers "would see the action
    /// having been performed" the night it was used).
    fn visit_counters(&self, l: LId, out: &mut Vec<Node>) {
        let start = out.len();
        self.landing_counters(l, out);
        let night = self.night;
        let seen_anyway = |n: &Node| match *n {
            Node::Untargetable(u) => {
                let ua = &night.actions[self.landing(u).action];
                !ua.ability.targets_self_only()
                    || ua.ability.has(|c| matches!(c, Component::Ascetic))
            }
            Node::Blocked(b) => has(night, self.landing(b).action, |c| {
                matches!(c, Component::Delay)
            }),
            _ => false,
        };
        // The counters found before this visit's are kept as they are.
        let mut i = 0;
        out.retain(|n| {
            i += 1;
            i <= start || !seen_anyway(n)
        });
    }

    /// Whether redirection `r2` contests redirection `r` moving the same effect elsewhere:
    /// always under the spec's `swaps = "contest"`; under `"in-order"` only one that comes
    /// first, in the order of the players in the setup (then of the night's actions), so
    /// the result does not depend on the order actions were submitted in.
    fn contests(&self, r2: usize, r: usize) -> bool {
        match self.night.rules.swaps {
            Swaps::Contest => true,
            Swaps::InOrder => {
                let key = |a: usize| (self.night.actions[a].actor, a);
                key(r2) < key(r)
            }
        }
    }

    /// The moves contesting redirection `r`'s move of landing `p` to `here`: a sibling move
    /// of the same effect elsewhere, by another redirection not already on the effect's
    /// `path`, that [`Self::contests`] it.
    fn contesting_moves(&self, p: LId, r: usize, here: usize, path: &[u32], out: &mut Vec<Node>) {
        for &sib in &self.children[p as usize] {
            let Some((_, r2)) = self.landing(sib).parent else {
                continue;
            };
            if r2 != r
                && self.landing(sib).loc != here
                && !path.contains(&(r2 as u32))
                && self.contests(r2, r)
            {
                out.push(Node::Moved(sib));
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
            self.contesting_moves(p, r, self.landing(cur).loc, &path, out);
            cur = p;
        }
        for &c in &self.children[l as usize] {
            out.push(Node::Moved(c));
        }
    }

    /// Protections standing against a kill on `victim`: none for a strong kill or a Macho
    /// victim (https://wiki.mafiascum.net/index.php?title=Macho: "negates the effects of
    /// any roles that would prevent it from death").
    fn protections(&self, victim: usize, strong: bool, out: &mut Vec<Node>) {
        if strong || self.night.players[victim].has(Modifier::Macho) {
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
    pub(super) fn counter_nodes(&self, node: Node) -> Vec<Node> {
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
            Node::GuardShot { guard, shot } => {
                let (visit, arm) = self.reflexes[shot as usize];
                self.landing_counters(guard, &mut out);
                self.landing_counters(visit, &mut out);
                self.landing_counters(arm, &mut out);
                let victim = night.actions[self.landing(guard).action].actor;
                self.protections(victim, false, &mut out);
            }
            Node::Bomb { kill, bomb } => {
                // The bomb must die of this kill, and the killer may be protected.
                out.extend(self.counter_nodes(Node::Kill(kill)));
                self.landing_counters(bomb, &mut out);
                let killer = night.actions[self.landing(kill).action].actor;
                self.protections(killer, false, &mut out);
            }
            Node::WeakDeath(l) => {
                self.landing_counters(l, &mut out);
                let weak = night.actions[self.landing(l).action].actor;
                self.protections(weak, false, &mut out);
            }
            Node::Framed(l) => self.landing_counters(l, &mut out),
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
                    self.contesting_moves(p, r, self.landing(c).loc, &path, &mut out);
                }
            }
            Node::Protected(l)
            | Node::Hidden(l)
            | Node::Blocked(l)
            | Node::Untargetable(l)
            | Node::Investigate(l) => self.landing_counters(l, &mut out),
            Node::Visited(l) => self.visit_counters(l, &mut out),
            Node::TrackSaw { track: a, visit: b } | Node::WatchSaw { watch: a, visit: b } => {
                self.landing_counters(a, &mut out);
                self.visit_counters(b, &mut out);
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

    pub(super) fn eval_counters(&mut self, node: Node) -> Rc<[Counter]> {
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
}
