//! The GM review list: everything the tracker saw but did not (or not silently) act on.

use serde::{Deserialize, Serialize};

use crate::phase::Phase;

/// What a review item is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReviewKind {
    /// A vote naming nobody, or several players.
    RejectedVote,
    /// A vote counted for a near miss of a name.
    NearMissVote,
    /// Looks like a vote but does not count (unbolded, `V:`/`UV:`, no name).
    VoteNotCounted,
    /// A vote that could not change: at night, after a hammer, a locked wagon, a dead target.
    VoteRefused,
    /// A post by a dead player.
    DeadPlayerPosted,
    /// A post by someone who is not in the game (or was replaced out).
    NonPlayerPosted,
    /// A living player posted during a night phase.
    NightPost,
    /// An edited post.
    EditedPost,
    /// A living player under the activity minimum for a day.
    Inactive,
    /// The 50 % rule: the town can no longer outvote the mafia.
    FiftyPercentRule,
    /// A replacement: one the host announced for someone who has not posted yet (and
    /// applied at their first post), a `Filled by` that had to choose among open slots, or a
    /// post by someone not in the game while a slot is open for replacement.
    Replacement,
    /// A GM command that was recognised but not applied, with the reason.
    IgnoredCommand,
    /// A GM line that looks like a command but could not be read.
    UnreadableCommand,
    /// A GM post names a phase that does not follow the running one: a death of a later
    /// phase ("killed Night 3" during Night 1), or an announcement that skips phases ("It's
    /// now Day 4" during Night 1). The tracker follows the GM; the item says which phases
    /// were skipped, and its fix pins where the named phase began.
    PhaseMismatch,
    /// A GM line that looks like a death or a phase change (a death word or a phase word
    /// with a player's name or a number) but was not read as one.
    UnreadLine,
}

/// One entry of the GM review list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewItem {
    pub kind: ReviewKind,
    /// The post's number in the thread, when the item is about a post.
    pub post: Option<u64>,
    /// The post's author or the player concerned.
    pub who: Option<String>,
    /// The phase when it happened.
    pub phase: Phase,
    /// What happened, for the GM.
    pub message: String,
    /// The game-file lines that would fix it, when the tracker can say: one or more
    /// `[[corrections]]` records (TOML), ready to paste into the game file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fix: Option<String>,
}
