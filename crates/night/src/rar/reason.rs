//! What reasons are made of: landings (where an action's effect arrives, after any
//! redirections), the reason nodes built from them, and the chains of actions rule 4 reads.

/// A counter-reason with the actions it rests on.
pub type Counter = (Node, Box<[u32]>);

/// Index of a landing.
pub type LId = u32;

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
    /// A bodyguard guarded a player shot by a Paranoid Gun Owner's reflex (`shot` indexes
    /// the night's (visit, arm) pairs): a reason the bodyguard dies.
    GuardShot {
        guard: LId,
        shot: u32,
    },
    /// A Bomb was killed by `kill`: a reason the killer dies (the bomb's passive landing).
    Bomb {
        kill: LId,
        bomb: LId,
    },
    /// A Weak player's action landed on a player who is not town: a reason they die.
    WeakDeath(LId),
    /// A framer's frame landed: investigations of the target read "Mafia".
    Framed(LId),
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
