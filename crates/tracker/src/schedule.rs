//! The deadline schedule. CONTRACT (implemented by the schedule work; the state fold calls it).
//! Keep these signatures; add to them, do not break them.

use jiff::{SignedDuration, Timestamp, Zoned, civil};
use serde::{Deserialize, Serialize};

use crate::phase::{NightNumbering, Phase};

/// What a game file says about time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScheduleConfig {
    /// IANA time zone of the (main) GM, e.g. "Europe/Stockholm".
    pub zone: String,
    /// The phase whose deadline is `first_deadline` (Day 1, Night 0 or Night 1).
    pub first_phase: Phase,
    /// The first deadline, in local time of `zone`. `None`: no fixed schedule; phases are
    /// driven by the GM's announcements.
    pub first_deadline: Option<civil::DateTime>,
    /// Length of a day phase.
    pub day_length: SignedDuration,
    /// Length of a night phase.
    pub night_length: SignedDuration,
}

/// A phase and when it ends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deadline {
    pub phase: Phase,
    /// `None` in games without a fixed schedule.
    pub at: Option<Zoned>,
}

/// Why a schedule change was refused or a schedule could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScheduleError {
    #[error("unknown time zone `{0}` (expected an IANA name such as Europe/Stockholm)")]
    UnknownZone(String),
    #[error("the deadline would move into the past ({0})")]
    IntoThePast(Zoned),
    #[error("{0}")]
    Invalid(String),
}

/// The running schedule of one game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Schedule {
    numbering: NightNumbering,
    current: Deadline,
}

impl Schedule {
    /// Builds the schedule from a game file's settings.
    pub fn new(config: &ScheduleConfig) -> Result<Schedule, ScheduleError> {
        let _ = config;
        todo!("schedule work")
    }

    /// The phase now running and its deadline.
    pub fn current(&self) -> &Deadline {
        &self.current
    }

    /// The next `n` deadlines, starting with the current one.
    pub fn upcoming(&self, n: usize) -> Vec<Deadline> {
        let _ = n;
        todo!("schedule work")
    }

    /// Passes every deadline at or before `now`; returns the phases that ended, in order.
    pub fn advance(&mut self, now: Timestamp) -> Vec<Phase> {
        let _ = now;
        todo!("schedule work")
    }

    /// `DAY|NIGHT … HAS ENDED EARLY`: the current phase ends at `now` and the next begins;
    /// the deadlines of later phases stay where they were.
    pub fn end_early(&mut self, now: Timestamp) {
        let _ = now;
        todo!("schedule work")
    }

    /// `DEADLINE … MOVED <by> LATER|EARLIER` (negative `by` = earlier): moves the current
    /// deadline and every later one. Refused if the current deadline would be at or before `now`.
    pub fn move_deadline(
        &mut self,
        by: SignedDuration,
        now: Timestamp,
    ) -> Result<(), ScheduleError> {
        let _ = (by, now);
        todo!("schedule work")
    }

    /// `UNEND GAME`: rebuilds the schedule from the last deadline before `now`.
    pub fn rebuild_from_last_past(&mut self, now: Timestamp) {
        let _ = now;
        todo!("schedule work")
    }

    /// A GM's phase announcement ("It is now Day 2"): `phase` begins at `now`. In games with a
    /// fixed schedule its deadline is the scheduled one; without, it has none.
    pub fn begin_phase(&mut self, phase: Phase, now: Timestamp) {
        let _ = (phase, now);
        todo!("schedule work")
    }
}
