//! Cutting a night's actions into landings (one per redirection path), grouping the actions
//! into independent groups, and the questions asked of landings: which actions a reason
//! rests on, who visits whom, and each player's reasons to die.

use super::fx::FxMap;
use super::memo::Fast;
use super::reason::{LId, Landing, Node};
use super::{MAX_EVALUATIONS, MAX_LANDINGS, Rar, has, strong_kill};
use crate::catalogue::{Component, SelfTarget};
use crate::error::NightError;
use crate::model::{Modifier, Night, Origin};

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
            reflexes: Vec::new(),
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
            // A failing action (a Loyal or Disloyal player's on the wrong alignment) moves
            // nothing, as it lands nowhere.
            if action.passive() || action.fails || !action.ability.is_redirecting() {
                continue;
            }
            if action.ability.has(|c| matches!(c, Component::Swap)) {
                for &t in &action.targets {
                    rar.swaps_at[t].push(ai);
                }
            }
            if action.ability.has(|c| matches!(c, Component::Deflect)) {
                rar.swaps_at[action.targets[0]].push(ai);
            }
            if action.ability.has(|c| matches!(c, Component::Redirect)) {
                rar.redirects_of[action.targets[0]].push(ai);
            }
        }
        for (ai, action) in night.actions.iter().enumerate() {
            if action.fails {
                // Fails outright, as if roleblocked: no effect lands anywhere.
                continue;
            }
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
            if has(night, l.action, |c| {
                matches!(c, Component::Block | Component::Delay)
            }) {
                rar.blocks_at[l.loc].push(id as LId);
            }
            if has(night, l.action, |c| {
                matches!(c, Component::Untargetable | Component::Ascetic)
            }) {
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
        if red.ability.has(|c| matches!(c, Component::Deflect)) && loc == a {
            return Some(b);
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
                // A Bodyguard against a Strongman is stopped and does not die
                // (https://wiki.mafiascum.net/index.php?title=Strongman).
                // Nor can a Macho player be guarded (https://wiki.mafiascum.net/index.php?title=Macho).
                let strong = strong_kill(night, l.action);
                let macho = night.players[l.loc].has(Modifier::Macho);
                for &g in &self.at[l.loc] {
                    let ga = self.landings[g as usize].action;
                    if has(night, ga, |c| matches!(c, Component::Guard))
                        && ga != l.action
                        && !strong
                        && !macho
                    {
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
            // A Bomb kills whoever kills it at night
            // (https://wiki.mafiascum.net/index.php?title=Bomb).
            if action.ability.has(|c| matches!(c, Component::Bomb)) {
                for &k in &self.at[l.loc] {
                    let ka = self.landings[k as usize].action;
                    let killer = night.actions[ka].actor;
                    if killer != l.loc && has(night, ka, |c| matches!(c, Component::Kill { .. })) {
                        self.death_reasons[killer].push(Node::Bomb { kill: k, bomb: lid });
                    }
                }
            }
            // A Weak player dies when their action lands on a player who is not town
            // (https://wiki.mafiascum.net/index.php?title=Weak).
            if night.players[action.actor].has(Modifier::Weak)
                && !action.passive()
                && l.loc != action.actor
                && !night.players[l.loc].alignment.eq_ignore_ascii_case("town")
            {
                self.death_reasons[action.actor].push(Node::WeakDeath(lid));
            }
            if action.ability.has(|c| matches!(c, Component::Arm)) {
                for &v in &self.at[l.loc] {
                    let va = self.landings[v as usize].action;
                    let visitor = night.actions[va].actor;
                    if visitor != l.loc && has(night, va, |c| matches!(c, Component::Visit)) {
                        self.death_reasons[visitor].push(Node::Pgo { visit: v, arm: lid });
                        // A Bodyguard guarding the visitor takes the reflex's bullet as
                        // any other (https://wiki.mafiascum.net/index.php?title=Bodyguard).
                        let shot = self.reflexes.len() as u32;
                        let mut guarded = false;
                        for &g in &self.at[visitor] {
                            let ga = self.landings[g as usize].action;
                            if has(night, ga, |c| matches!(c, Component::Guard))
                                && ga != va
                                && night.actions[ga].actor != visitor
                            {
                                let guard = night.actions[ga].actor;
                                self.death_reasons[guard].push(Node::GuardShot { guard: g, shot });
                                guarded = true;
                            }
                        }
                        if guarded {
                            self.reflexes.push((v, lid));
                        }
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
            Node::GuardShot { guard, shot } => {
                let (visit, arm) = self.reflexes[shot as usize];
                self.landing_actions(guard, &mut out);
                self.landing_actions(visit, &mut out);
                self.landing_actions(arm, &mut out);
            }
            Node::Moved(c) => {
                if let Some((_, r)) = self.landing(c).parent {
                    out.push(r as u32);
                }
            }
            Node::Bomb { kill, bomb } => {
                self.landing_actions(kill, &mut out);
                self.landing_actions(bomb, &mut out);
            }
            Node::WeakDeath(l) | Node::Framed(l) => self.landing_actions(l, &mut out),
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

    /// Visit landings of actions by `player` (other than `except`).
    pub fn visits_by(&self, player: usize, except: usize) -> Vec<LId> {
        let mut out = Vec::new();
        for &ai in &self.by_actor[player] {
            if ai != except && self.seen_visit(ai) {
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
                va != except && self.seen_visit(va)
            })
            .collect()
    }

    /// Whether an action is a visit that trackers and watchers can see: a Ninja's is not
    /// (https://wiki.mafiascum.net/index.php?title=Ninja: "all these roles return results as
    /// though the Ninja kill had not occurred at all").
    fn seen_visit(&self, action: usize) -> bool {
        let a = &self.night.actions[action];
        a.ability.has(|c| matches!(c, Component::Visit))
            && !a.ability.unseen
            && !self.night.players[a.actor]
                .modifiers
                .contains(&Modifier::Ninja)
    }

    /// A Paranoid Gun Owner shot a bodyguard may take: (the visit, the arm).
    pub fn reflex(&self, shot: u32) -> (LId, LId) {
        self.reflexes[shot as usize]
    }

    pub fn death_reasons(&self, player: usize) -> &[Node] {
        &self.death_reasons[player]
    }

    /// Whether an action is a vest (for "vest used" reports).
    pub fn is_vest(&self, action: usize) -> bool {
        self.night.actions[action].origin == Origin::Vest
    }
}
