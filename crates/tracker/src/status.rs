//! The state as readers see it: slots and deaths, the vote log of a day, how each day ended,
//! and the [`Status`] a report or page shows. The fold ([`crate::state`]) builds these.

use serde::{Deserialize, Serialize};

use crate::config::{Alignment, MajorityProfile};
use crate::phase::Phase;
use crate::review::ReviewItem;
use crate::schedule::Deadline;
use crate::tally::Tally;
use crate::votes::Verdict;

/// One player slot: whoever holds it now, and who held it before.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    pub name: String,
    /// Earlier holders, oldest first (replaced out).
    pub replaced: Vec<String>,
    pub alive: bool,
    pub death: Option<Death>,
    pub alignment: Option<Alignment>,
}

/// A death as the GM announced it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Death {
    pub comment: String,
    pub phase: Phase,
    pub post: u64,
    /// The GM's words said a lynch ("has been lynched", "hanged").
    #[serde(default)]
    pub lynch: bool,
}

/// One vote-like mark of the current day, as the GM sees it in the vote log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoteRecord {
    pub post: u64,
    pub voter: String,
    pub raw: String,
    pub verdict: Verdict,
    /// Whether this mark is the one that set the voter's vote (the last counting mark of
    /// its post, and not refused).
    pub counted: bool,
}

/// How a day ended, kept for the status page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayResult {
    pub phase: Phase,
    pub tally: Tally,
    /// The candidate who reached majority under the hammer profile, and the post.
    pub hammer: Option<(String, u64)>,
    /// The day's vote log: every vote-like mark with its raw text, post and verdict.
    #[serde(default)]
    pub votes: Vec<VoteRecord>,
}

/// A living player on the status page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerLine {
    pub name: String,
    /// Earlier holders of the slot.
    pub replaced: Vec<String>,
}

/// A dead player on the status page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeadLine {
    pub name: String,
    pub replaced: Vec<String>,
    pub comment: String,
    pub phase: Phase,
    pub post: u64,
    /// The GM's words said a lynch.
    #[serde(default)]
    pub lynch: bool,
}

/// Everything a report shows, as of the last applied post.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Status {
    pub game: String,
    pub posts_applied: usize,
    /// Number of the last post applied.
    pub last_post: Option<u64>,
    pub phase: Phase,
    pub deadline: Deadline,
    /// The next deadlines, starting with the current one (empty once the game is over).
    pub upcoming: Vec<Deadline>,
    pub game_over: bool,
    /// The side the host named as the winner at the end of the game ("Town wins").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    pub alive: Vec<PlayerLine>,
    /// The dead, in the order of the player list.
    pub dead: Vec<DeadLine>,
    /// The running day's tally (`None` at night or after the game).
    pub tally: Option<Tally>,
    pub majority_profile: MajorityProfile,
    /// Under the hammer profile: who was hammered, at which post (until the day ends).
    pub hammer: Option<(String, u64)>,
    /// Today's vote log.
    pub votes: Vec<VoteRecord>,
    pub previous_days: Vec<DayResult>,
    pub review: Vec<ReviewItem>,
}
