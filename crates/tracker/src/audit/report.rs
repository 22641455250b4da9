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
