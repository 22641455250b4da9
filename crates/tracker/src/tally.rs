//! The vote tally: wagons, majority, lock and L-n.

use serde::{Deserialize, Serialize};

/// Votes needed to lynch: half of the living players plus one, rounded down
/// (`floor(living / 2) + 1`).
pub fn majority(living: usize) -> usize {
    living / 2 + 1
}

/// Votes at which a wagon locks under the lock profile: majority plus one more vote.
pub fn lock_at(living: usize) -> usize {
    majority(living) + 1
}

/// Votes on one candidate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wagon {
    /// The candidate's current name, or "No Lynch".
    pub candidate: String,
    /// Voters in the order their current votes were cast.
    pub voters: Vec<String>,
    pub votes: usize,
    /// Votes still missing for majority (`L-n`); 0 at or above majority.
    pub short_of_majority: usize,
    /// Whether the wagon is locked (lock profile).
    pub locked: bool,
}

/// The tally of the current day.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Wagons, most votes first; ties by who got their first current vote earlier (under the
    /// plurality profile: by who reached that number of votes first).
    pub wagons: Vec<Wagon>,
    /// Living players without a vote.
    pub not_voting: Vec<String>,
    pub living: usize,
    pub majority: usize,
    /// Votes that lock a wagon, under the lock profile.
    pub lock_at: Option<usize>,
    /// Under the plurality profile: who is set to be lynched (the first wagon).
    #[serde(default)]
    pub leader: Option<String>,
}
