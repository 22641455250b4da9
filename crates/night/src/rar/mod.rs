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
//!
//! This module holds the resolution state [`Rar`]; `reason` the landings and reason nodes,
//! `landings` how actions are cut into landings and grouped, `counters` the counter-reasons
//! of each reason, `eval` the rules applied to a chain (with the budget), `memo` the
//! bitset evaluator's memo and `fx` the hasher of their maps.

mod counters;
mod eval;
mod fx;
mod landings;
mod memo;
mod reason;

use std::rc::Rc;

use crate::catalogue::Component;
use crate::model::{Modifier, Night};

pub use fx::FxHasher;
use fx::FxMap;
pub use memo::FAST_GROUP;
use memo::Fast;
pub use reason::{Chain, Counter, LId, Landing, Node};

/// Landings enumerated beyond this are refused (each redirection path is one landing).
pub const MAX_LANDINGS: usize = 200_000;

/// The default limit on (reason, chain) evaluations, beyond which a night is refused: RAR
/// with rule 4 is a game over sets of actions, exponential on dense webs of blocks and swaps.
pub const MAX_EVALUATIONS: usize = 300_000;

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
    /// Each Paranoid Gun Owner shot: (the visit to the armed player, the arm).
    reflexes: Vec<(LId, LId)>,
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

/// A strong kill: the ability's (Strongman) or any kill of a Strongman-modified player.
pub(crate) fn strong_kill(night: &Night, action: usize) -> bool {
    let a = &night.actions[action];
    a.ability
        .has(|c| matches!(c, Component::Kill { strong: true }))
        || (a.ability.has(|c| matches!(c, Component::Kill { .. }))
            && night.players[a.actor].has(Modifier::Strongman))
}
