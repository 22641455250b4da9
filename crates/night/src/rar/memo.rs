//! The memo of the bitset evaluator: for each reason of a small group, every answer found
//! with the facts about the chain it rests on (which actions were in it, which were not).

use std::rc::Rc;

use super::fx::FxMap;
use super::reason::Node;

/// Groups of at most this many actions are evaluated on bitsets.
pub const FAST_GROUP: usize = Set::BITS as usize;

/// A set of actions of one group, by their index in the group.
pub(super) type Set = u64;

/// An answer with the facts about the chain it rests on: every action of `yes` is in the
/// chain and none of `no`. Every chain meeting these facts gets the same answer.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Cube {
    pub(super) stands: bool,
    pub(super) yes: Set,
    pub(super) no: Set,
}

/// A node's counters by id, and side by side their actions.
pub(super) type FastCounters = (Rc<[u32]>, Rc<[Set]>);

pub(super) struct FastNode {
    pub(super) node: Node,
    /// The node's own actions (always in its chain, so never a fact of its answers).
    pub(super) own: Set,
    /// The counters (by id) and, side by side, their actions.
    pub(super) counters: Option<FastCounters>,
    /// The distinct action sets of the counters, with how many counters have each.
    pub(super) counter_sets: Rc<[(Set, u32)]>,
    /// The counter that stood last time; tried first among counters as open as it.
    pub(super) killer: u32,
    /// Every answer found for this node, and their facts again side by side for scanning.
    pub(super) cubes: Vec<Cube>,
    pub(super) yes: Vec<Set>,
    pub(super) no: Vec<Set>,
    /// The actions any answer rests on; `points` maps a chain cut down to them to its
    /// answer, `seen` keeps the whole chains to rebuild `points` when `mask` grows.
    pub(super) mask: Set,
    pub(super) points: FxMap<Set, u32>,
    pub(super) seen: Vec<(Set, u32)>,
}

impl FastNode {
    /// The first answer whose facts a chain meets (sixteen at a time, without branches).
    #[inline]
    pub(super) fn find(&self, set: Set) -> Option<usize> {
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
pub(super) struct Fast {
    pub(super) ids: FxMap<Node, u32>,
    pub(super) nodes: Vec<FastNode>,
}
