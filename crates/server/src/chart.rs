//! How each day's wagons grew: a [`DayChart`] per day, recorded while [`crate::derive`]
//! replays the thread ([`Recorder`]), drawn by [`svg`] (an SVG of our own, no JavaScript) and
//! rasterised by [`png`] (resvg).
//!
//! The x axis counts the day's posts: x = 0 is the start of the day, x = k the moment after
//! the day's k-th post; a wagon's count changes at the post that changed it. A post past the
//! deadline belongs to the next phase and is not on the day's axis; the post that ended the
//! day (a hammer, or the host's post ending it early) is its last.
//!
//! A wagon is a candidate's slot: a replacement renames the line (and the legend names the
//! player who holds the slot at the end), rather than ending one line and starting another.

pub mod png;
pub mod svg;

use jiff::Zoned;
use mafia_posts::Post;
use mafia_tracker::Tracker;
use mafia_tracker::config::MajorityProfile;
use mafia_tracker::phase::Phase;
use mafia_tracker::state::Slot;
use mafia_tracker::tally::Tally;
use serde::{Deserialize, Serialize};

/// One day's wagons, post by post.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DayChart {
    pub phase: Phase,
    /// The day's posts in thread order: x = k is the moment after `posts[k - 1]`.
    pub posts: Vec<u64>,
    /// Every candidate who had a vote during the day, in the order they first had one.
    pub wagons: Vec<WagonLine>,
    /// Majority as it stood: its first step is at x = 0 (it changes when a player dies).
    /// Empty under the plurality profile, where majority means nothing.
    pub majority: Vec<Step>,
    /// The wagon that reached a hammer, and the post that did it.
    pub hammer: Option<(String, u64)>,
    /// The first wagon that locked (lock profile), and the post that locked it.
    #[serde(default)]
    pub locked: Option<(String, u64)>,
    /// Candidates lynched in this day (their deaths say so).
    pub lynched: Vec<String>,
    pub end: DayEnd,
}

/// A value from x on (until the next step).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub x: u32,
    pub votes: u32,
}

/// One candidate's vote count: 0 until its first step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WagonLine {
    pub candidate: String,
    pub steps: Vec<Step>,
}

impl WagonLine {
    /// The count at the end of the day (or now).
    pub fn last(&self) -> u32 {
        self.steps.last().map_or(0, |s| s.votes)
    }

    /// The most votes the wagon had.
    pub fn peak(&self) -> u32 {
        self.steps.iter().map(|s| s.votes).max().unwrap_or(0)
    }
}

/// How the day ended, or that it is running.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum DayEnd {
    /// The deadline passed (the next post was after it).
    Deadline { at: Zoned },
    /// A post ended it before its deadline: a hammer, or the host.
    Ended { post: u64 },
    /// The day is running (as of the last post read); its deadline if it has one.
    Running { deadline: Option<Zoned> },
    /// The day as it stood after this post (a status page's `?at=`), before it ended.
    AsOf { post: u64 },
}

impl DayChart {
    fn new(phase: Phase, majority: Option<u32>) -> DayChart {
        DayChart {
            phase,
            posts: Vec::new(),
            wagons: Vec::new(),
            majority: majority
                .map(|votes| Step { x: 0, votes })
                .into_iter()
                .collect(),
            hammer: None,
            locked: None,
            lynched: Vec::new(),
            end: DayEnd::Running { deadline: None },
        }
    }

    /// The largest count on the chart (votes or majority).
    pub fn top(&self) -> u32 {
        let votes = self.wagons.iter().map(WagonLine::peak).max().unwrap_or(0);
        let majority = self.majority.iter().map(|s| s.votes).max().unwrap_or(0);
        votes.max(majority)
    }

    /// Renames the lines of players replaced out to their slot's new holder.
    fn follow_replacements(&mut self, slots: &[Slot]) {
        for slot in slots.iter().filter(|s| !s.replaced.is_empty()) {
            if self.wagons.iter().any(|w| w.candidate == slot.name) {
                continue;
            }
            if let Some(line) = self
                .wagons
                .iter_mut()
                .find(|w| slot.replaced.contains(&w.candidate))
            {
                line.candidate.clone_from(&slot.name);
            }
        }
    }

    /// Adds the day's next post and the counts after it.
    fn push(&mut self, post: u64, tally: &Tally) {
        self.posts.push(post);
        let x = u32::try_from(self.posts.len()).unwrap_or(u32::MAX);
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        for wagon in &tally.wagons {
            let votes = count(wagon.votes);
            match self
                .wagons
                .iter_mut()
                .find(|w| w.candidate == wagon.candidate)
            {
                Some(line) if line.last() != votes => line.steps.push(Step { x, votes }),
                Some(_) => {}
                None if votes > 0 => self.wagons.push(WagonLine {
                    candidate: wagon.candidate.clone(),
                    steps: vec![Step { x, votes }],
                }),
                None => {}
            }
        }
        for line in &mut self.wagons {
            let standing = tally.wagons.iter().any(|w| w.candidate == line.candidate);
            if !standing && line.last() != 0 {
                line.steps.push(Step { x, votes: 0 });
            }
        }
        if self.locked.is_none() {
            if let Some(w) = tally.wagons.iter().find(|w| w.locked) {
                self.locked = Some((w.candidate.clone(), post));
            }
        }
        let majority = count(tally.majority);
        if self.majority.last().is_some_and(|s| s.votes != majority) {
            self.majority.push(Step { x, votes: majority });
        }
    }

    /// The chart as it stood after post `n` (for a status page `?at=n`): `None` when the day
    /// had not started by then.
    pub fn as_of(&self, n: u64) -> Option<DayChart> {
        let k = self.posts.iter().take_while(|p| **p <= n).count();
        if k == 0 {
            return None;
        }
        let over = match &self.end {
            DayEnd::Ended { post } => *post <= n,
            DayEnd::Deadline { .. } => k == self.posts.len() && self.posts[k - 1] < n,
            DayEnd::Running { .. } | DayEnd::AsOf { .. } => false,
        };
        if over || k == self.posts.len() && matches!(self.end, DayEnd::Running { .. }) {
            return Some(self.clone());
        }
        let x = u32::try_from(k).unwrap_or(u32::MAX);
        let keep = |steps: &[Step]| steps.iter().copied().filter(|s| s.x <= x).collect();
        Some(DayChart {
            phase: self.phase,
            posts: self.posts[..k].to_vec(),
            wagons: self
                .wagons
                .iter()
                .map(|w| WagonLine {
                    candidate: w.candidate.clone(),
                    steps: keep(&w.steps),
                })
                .filter(|w| !w.steps.is_empty())
                .collect(),
            majority: keep(&self.majority),
            hammer: self.hammer.clone().filter(|(_, p)| *p <= n),
            locked: self.locked.clone().filter(|(_, p)| *p <= n),
            lynched: Vec::new(),
            end: DayEnd::AsOf {
                post: self.posts[k - 1],
            },
        })
    }
}

/// Watches a replay, post by post, and keeps each day's chart. Call [`Recorder::before`]
/// and [`Recorder::after`] around each applied post, then [`Recorder::finish`].
#[derive(Debug, Default)]
pub struct Recorder {
    done: Vec<DayChart>,
    open: Option<DayChart>,
    days_before: usize,
    past_deadline: bool,
    deadline: Option<Zoned>,
}

impl Recorder {
    /// Before `post` is applied: opens the running day's chart.
    pub fn before(&mut self, tracker: &Tracker, post: &Post) {
        let phase = tracker.phase();
        if phase.is_day()
            && !tracker.is_over()
            && self.open.as_ref().is_none_or(|c| c.phase != phase)
        {
            if let Some(mut stale) = self.open.take() {
                // Only reached if a day ends without a result; keep what was read.
                stale.end = DayEnd::Running { deadline: None };
                self.done.push(stale);
            }
            let majority = (tracker.game().rules.majority != MajorityProfile::Plurality)
                .then(|| u32::try_from(tracker.tally_now().majority).unwrap_or(u32::MAX));
            self.open = Some(DayChart::new(phase, majority));
        }
        self.days_before = tracker.days().len();
        self.past_deadline = post
            .time
            .is_some_and(|t| tracker.schedule().is_past_deadline(t));
        self.deadline = tracker.schedule().current().at.clone();
    }

    /// After `post` was applied: its counts, or the end of the day it ended.
    pub fn after(&mut self, tracker: &Tracker, post: &Post) {
        let ended = &tracker.days()[self.days_before.min(tracker.days().len())..];
        if ended.is_empty() {
            if let Some(chart) = &mut self.open {
                if tracker.phase() == chart.phase && !tracker.is_over() {
                    chart.follow_replacements(tracker.slots());
                    chart.push(post.number, &tracker.tally_now());
                }
            }
            return;
        }
        for day in ended.iter().filter(|d| d.phase.is_day()) {
            let Some(mut chart) = self.open.take_if(|c| c.phase == day.phase) else {
                continue;
            };
            chart.hammer = day.hammer.clone();
            if self.past_deadline {
                chart.end = match self.deadline.take() {
                    Some(at) => DayEnd::Deadline { at },
                    None => DayEnd::Ended { post: post.number },
                };
            } else {
                chart.follow_replacements(tracker.slots());
                chart.push(post.number, &day.tally);
                chart.end = DayEnd::Ended { post: post.number };
            }
            self.done.push(chart);
        }
    }

    /// The charts of every day, the running day's last.
    pub fn finish(mut self, tracker: &Tracker) -> Vec<DayChart> {
        if let Some(mut chart) = self.open.take() {
            if !chart.posts.is_empty() {
                chart.end = DayEnd::Running {
                    deadline: tracker.schedule().current().at.clone(),
                };
                chart.hammer = tracker.status().hammer;
                self.done.push(chart);
            }
        }
        for chart in &mut self.done {
            chart.lynched = tracker
                .slots()
                .iter()
                .filter(|s| {
                    s.death
                        .as_ref()
                        .is_some_and(|d| d.lynch && d.phase == chart.phase)
                })
                .map(|s| s.name.clone())
                .collect();
        }
        self.done
    }
}
