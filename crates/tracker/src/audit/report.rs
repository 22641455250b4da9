//! What `mafia audit` reports: each vote count a host posted beside the tracker's tally at
//! that post, voter for voter, as JSON (serde) or as text, one line per count.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::phase::Phase;

/// Every host vote count found in a thread, checked against the tracker's tally.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// How many vote counts were found.
    pub found: usize,
    /// How many of them agree with the tracker voter for voter.
    pub agreed: usize,
    pub vote_counts: Vec<CountCheck>,
}

/// One host vote count beside the tracker's tally as of its post.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountCheck {
    /// The post that holds the count.
    pub post: u64,
    /// The tracker's day the count was compared with.
    pub phase: Phase,
    pub agrees: bool,
    /// The host's wagons: candidate → voters (slots' current names; "No Lynch").
    pub host: BTreeMap<String, Vec<String>>,
    /// The tracker's wagons, named the same way.
    pub ours: BTreeMap<String, Vec<String>>,
    /// Each voter on whom the two differ.
    pub differences: Vec<Difference>,
    /// The earliest post after which the tracker's tally differed from the host's count for
    /// the differing voters (the smallest [`Difference::since`]).
    pub first_diverged: Option<u64>,
    /// Names in the host's count that match no player.
    pub unread: Vec<String>,
    /// Wagons whose number of votes is not the number of voters the host listed (a host's
    /// slip, or a list the reader could not split).
    #[serde(default)]
    pub miscounted: Vec<Miscount>,
    /// Voters the host listed more than once (on one wagon or on two); the first counts.
    #[serde(default)]
    pub listed_twice: Vec<String>,
    /// Whose reading the differences most likely come from, when the replay can tell (every
    /// difference has a [`Cause`] of one side, or the tally compared is plainly of another
    /// day): so a report separates the tracker's misreadings from the host's slips.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explained_by: Option<Explained>,
}

/// Whose reading a differing count's differences come from (see [`CountCheck::explained_by`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Explained {
    /// The host's: every difference is a vote the host kept after the voter unvoted.
    Host,
    /// The tracker's phases or deaths: the voters' posts were read as night posts or a dead
    /// player's, or the count is compared with another day's tally (the host's heading names
    /// another day, `Vote Count 2.3` against the tracker's Day 1; or the host lists nobody
    /// where the tracker has three voters or more, or two voters or more where it has none).
    Phase,
    /// The tracker's replacements: the voters posted under names it does not know for their
    /// slots.
    Replacement,
}

/// Why one voter's vote differs, when the replay can tell: what the tracker noted about the
/// voter's posts between the difference's `since` and the count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// The host still counts a vote the voter's last mark withdrew (an unvote with no vote
    /// after it). Hosts of the fixture threads drop the vote in 541 of 578 such cases, so
    /// this is most likely the host's slip.
    HostKeptUnvoted,
    /// The tracker read a post of the voter's as a night post: its day ended before the
    /// host's did.
    NightPost,
    /// The tracker read the voter as dead.
    DeadPlayerPost,
    /// The voter posted under a name the tracker does not know for the slot (a replacement
    /// not announced or not read).
    UnknownPoster,
    /// The tracker refused a vote of the voter's (a name no player matches, not bold, …).
    VoteRefused,
}

impl Cause {
    /// Whose reading the cause is, as a count's [`Explained`] (a refused vote may be either
    /// side's).
    pub fn side(self) -> Option<Explained> {
        match self {
            Cause::HostKeptUnvoted => Some(Explained::Host),
            Cause::NightPost | Cause::DeadPlayerPost => Some(Explained::Phase),
            Cause::UnknownPoster => Some(Explained::Replacement),
            Cause::VoteRefused => None,
        }
    }
}

/// A wagon whose written number of votes differs from its list of voters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Miscount {
    pub candidate: String,
    /// The number the host wrote.
    pub says: u32,
    /// The voters the host listed (struck-out ones left out).
    pub lists: usize,
}

/// One voter whose vote differs: where the host counts it and where the tracker does
/// (`None`: not voting).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Difference {
    pub voter: String,
    pub host: Option<String>,
    pub ours: Option<String>,
    /// The post after which the two differ for this voter: the voter's last vote-like post
    /// of the day at or before the count (the tracker's vote log), or, when the tracker saw
    /// none, the post that began the day.
    pub since: u64,
    /// That mark as written (`VOTE: pk`), when there is one: what the tracker read last.
    #[serde(default)]
    pub last_mark: Option<String>,
    /// Why the two differ, when the replay can tell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cause: Option<Cause>,
}

impl Report {
    /// One line per count: `post 412 (Day 2): agrees`, or the differences and the first
    /// post where the two diverged.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} vote counts found, {} agree with the tracker",
            self.found, self.agreed
        );
        for c in &self.vote_counts {
            let _ = write!(out, "post {} ({}): ", c.post, c.phase);
            if c.agrees {
                out.push_str("agrees");
            } else {
                out.push_str("differs — ");
                let parts: Vec<String> = c
                    .differences
                    .iter()
                    .map(|d| {
                        format!(
                            "host has {} {}, ours {}",
                            d.voter,
                            on(d.host.as_deref()),
                            on(d.ours.as_deref())
                        )
                    })
                    .collect();
                out.push_str(&parts.join("; "));
                if let Some(p) = c.first_diverged {
                    let _ = write!(out, "; first diverged at post {p}");
                }
                match c.explained_by {
                    Some(Explained::Host) => out.push_str(" (likely the host's slip)"),
                    Some(Explained::Phase) => out.push_str(" (the tracker's phase or death)"),
                    Some(Explained::Replacement) => out.push_str(" (the tracker's replacement)"),
                    None => {}
                }
            }
            if !c.unread.is_empty() {
                let _ = write!(out, " (names not read: {})", c.unread.join(", "));
            }
            if !c.listed_twice.is_empty() {
                let _ = write!(out, " (listed twice: {})", c.listed_twice.join(", "));
            }
            for m in &c.miscounted {
                let _ = write!(
                    out,
                    " (the host's {} has {} votes but lists {})",
                    m.candidate, m.says, m.lists
                );
            }
            out.push('\n');
        }
        out
    }

    /// As JSON (`{"found", "agreed", "vote_counts": [...]}`).
    pub fn json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string_pretty(self)
    }
}

fn on(target: Option<&str>) -> String {
    match target {
        Some(t) => format!("on {t}"),
        None => "not voting".to_string(),
    }
}
