//! The deadline schedule. CONTRACT (implemented by the schedule work; the state fold calls it).
//! Keep these signatures; add to them, do not break them.
//!
//! Deadlines alternate day and night from the first deadline, in the GM's IANA time zone.
//! What a length means (`gm-commands.txt`: the bot follows the schedule "taking DST changes
//! into consideration"):
//!
//! - A phase length is a **civil** duration: it is added to the previous deadline's local
//!   clock reading, not to the instant. A 48 h day keeps the deadline at 20:00 local time even
//!   when a DST change falls inside it (the real day is then 47 h or 49 h). A length that is
//!   not a whole number of days is also read on the local clock: a 36 h night from Saturday
//!   08:00 ends Sunday 20:00 local time, whatever the clocks did in between.
//! - A deadline whose local time does not exist (inside the spring-forward gap) moves forward
//!   by the length of the gap (02:30 becomes 03:30); a local time that occurs twice (in the
//!   fall-back hour) is the first of the two. This is jiff's "compatible" disambiguation. The
//!   cadence itself stays on the local clock, so the next deadline is back at 02:30.
//! - `DEADLINE … MOVED <by>` also shifts the local clock reading of the current and every
//!   later deadline: "moved 1 day later" keeps 20:00 across a DST change.
//! - `… HAS ENDED EARLY` ends the current phase now; the next phase keeps the deadline it
//!   already had (the previous local deadline plus its length).

use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp, Zoned, civil};
use serde::{Deserialize, Serialize};

use crate::phase::{NightNumbering, Phase, PhaseKind};

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

/// The longest phase length accepted: a year.
const MAX_LENGTH: SignedDuration = SignedDuration::from_hours(24 * 366);

/// How many phases an announcement may skip ahead in a scheduled game.
const MAX_ANNOUNCED_STEPS: usize = 8;

/// The running schedule of one game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Schedule {
    numbering: NightNumbering,
    current: Deadline,
    /// The GM's time zone.
    #[serde(with = "jiff::fmt::serde::tz::required")]
    zone: TimeZone,
    /// The current deadline on the local clock (`None`: no fixed schedule). The cadence runs
    /// on this reading, so a deadline pushed out of a DST gap does not drag later ones along.
    local: Option<civil::DateTime>,
    day_length: SignedDuration,
    night_length: SignedDuration,
}

impl Schedule {
    /// Builds the schedule from a game file's settings.
    pub fn new(config: &ScheduleConfig) -> Result<Schedule, ScheduleError> {
        let zone = TimeZone::get(&config.zone)
            .map_err(|_| ScheduleError::UnknownZone(config.zone.clone()))?;
        for (what, length) in [("day", config.day_length), ("night", config.night_length)] {
            if length <= SignedDuration::ZERO || length > MAX_LENGTH {
                return Err(ScheduleError::Invalid(format!(
                    "the {what} length must be more than zero and at most a year, not {length:#}"
                )));
            }
        }
        let mut schedule = Schedule {
            numbering: Phase::numbering_for_first(config.first_phase),
            current: Deadline {
                phase: config.first_phase,
                at: None,
            },
            zone,
            local: config.first_deadline,
            day_length: config.day_length,
            night_length: config.night_length,
        };
        schedule.current.at = match config.first_deadline {
            Some(local) => Some(schedule.zoned(local)?),
            None => None,
        };
        Ok(schedule)
    }

    /// The phase now running and its deadline.
    pub fn current(&self) -> &Deadline {
        &self.current
    }

    /// Whether `now` is at or past the current deadline (so [`Schedule::advance`] would end
    /// the current phase).
    pub fn is_past_deadline(&self, now: Timestamp) -> bool {
        self.current
            .at
            .as_ref()
            .is_some_and(|at| at.timestamp() <= now)
    }

    /// Whether the game has a fixed schedule (deadlines), rather than announcements only.
    pub fn is_scheduled(&self) -> bool {
        self.local.is_some()
    }

    /// The GM's time zone.
    pub fn zone(&self) -> &TimeZone {
        &self.zone
    }

    /// The next `n` deadlines, starting with the current one.
    pub fn upcoming(&self, n: usize) -> Vec<Deadline> {
        let mut out = Vec::with_capacity(n.min(64));
        let mut cursor = self.clone();
        for _ in 0..n {
            out.push(cursor.current.clone());
            if cursor.step().is_err() {
                break;
            }
        }
        out
    }

    /// Passes every deadline at or before `now`; returns the phases that ended, in order.
    pub fn advance(&mut self, now: Timestamp) -> Vec<Phase> {
        let mut ended = Vec::new();
        while let Some(at) = &self.current.at {
            if at.timestamp() > now {
                break;
            }
            let phase = self.current.phase;
            if self.step().is_err() {
                break;
            }
            ended.push(phase);
        }
        ended
    }

    /// `DAY|NIGHT … HAS ENDED EARLY`: the current phase ends at `now` and the next begins;
    /// the deadlines of later phases stay where they were.
    ///
    /// Call [`Schedule::advance`] with the same `now` first, so that the phase ending is the
    /// one running at `now`.
    pub fn end_early(&mut self, now: Timestamp) {
        let _ = now;
        // A failure here means the next deadline is out of jiff's range: keep the phase.
        let _ = self.step();
    }

    /// `DEADLINE … MOVED <by> LATER|EARLIER` (negative `by` = earlier): moves the current
    /// deadline and every later one. Refused if the current deadline would be at or before `now`.
    pub fn move_deadline(
        &mut self,
        by: SignedDuration,
        now: Timestamp,
    ) -> Result<(), ScheduleError> {
        let Some(local) = self.local else {
            return Err(ScheduleError::Invalid(
                "this game has no fixed schedule, so there is no deadline to move".into(),
            ));
        };
        let moved = local.checked_add(by).map_err(|_| {
            ScheduleError::Invalid(format!("the deadline cannot be moved by {by:#}"))
        })?;
        let at = self.zoned(moved)?;
        if at.timestamp() <= now {
            return Err(ScheduleError::IntoThePast(at));
        }
        self.local = Some(moved);
        self.current.at = Some(at);
        Ok(())
    }

    /// `UNEND GAME`: rebuilds the schedule from the last deadline before `now`.
    ///
    /// The regular cadence (day and night lengths on the local clock, including every move
    /// the GM made before the game ended) continues from the last deadline at or before
    /// `now`: the phase after it is the current one, with its regular deadline.
    pub fn rebuild_from_last_past(&mut self, now: Timestamp) {
        let _ = self.advance(now);
    }

    /// A GM's phase announcement ("It is now Day 2"): `phase` begins at `now`. In games with a
    /// fixed schedule its deadline is the scheduled one; without, it has none.
    ///
    /// In a scheduled game an announcement of the phase already running changes nothing; an
    /// announcement of a later phase (at most eight phases ahead) ends the
    /// phases before it now, as `… HAS ENDED EARLY` would, and the announced phase keeps its
    /// scheduled deadline; any other announcement is ignored (see
    /// [`Schedule::try_begin_phase`] for the reason).
    pub fn begin_phase(&mut self, phase: Phase, now: Timestamp) {
        let _ = self.try_begin_phase(phase, now);
    }

    /// [`Schedule::begin_phase`], saying why an announcement was ignored. Returns the phases
    /// that ended, in order.
    pub fn try_begin_phase(
        &mut self,
        phase: Phase,
        now: Timestamp,
    ) -> Result<Vec<Phase>, ScheduleError> {
        let _ = now;
        if self.current.phase == phase {
            return Ok(Vec::new());
        }
        if !self.is_scheduled() {
            let ended = self.current.phase;
            self.current = Deadline { phase, at: None };
            return Ok(vec![ended]);
        }
        let mut cursor = self.clone();
        let mut ended = Vec::new();
        for _ in 0..MAX_ANNOUNCED_STEPS {
            ended.push(cursor.current.phase);
            cursor.step()?;
            if cursor.current.phase == phase {
                *self = cursor;
                return Ok(ended);
            }
        }
        Err(ScheduleError::Invalid(format!(
            "{phase} was announced during {}, but it is not one of the next {MAX_ANNOUNCED_STEPS} \
             phases of the schedule",
            self.current.phase
        )))
    }

    /// A host's correction that the running phase is really an earlier one (a misnumbered
    /// "Night 5 has begun" that was Night 4): the schedule steps back to `phase`, each step
    /// taking the later phase's length off the local deadline, so the phase has the deadline
    /// the cadence gives it. Refused if `phase` is not among the eight phases before the
    /// running one.
    pub fn go_back_to(&mut self, phase: Phase) -> Result<(), ScheduleError> {
        let mut cursor = self.clone();
        for _ in 0..MAX_ANNOUNCED_STEPS {
            let Some(before) = cursor.current.phase.prev(cursor.numbering) else {
                break;
            };
            let (local, at) = match cursor.local {
                Some(local) => {
                    let back = local
                        .checked_sub(cursor.length(cursor.current.phase.kind))
                        .map_err(|_| {
                            ScheduleError::Invalid(format!(
                                "the deadline of {before} is out of range"
                            ))
                        })?;
                    (Some(back), Some(cursor.zoned(back)?))
                }
                None => (None, None),
            };
            cursor.local = local;
            cursor.current = Deadline { phase: before, at };
            if before == phase {
                *self = cursor;
                return Ok(());
            }
        }
        Err(ScheduleError::Invalid(format!(
            "{phase} is not one of the {MAX_ANNOUNCED_STEPS} phases before {}",
            self.current.phase
        )))
    }

    /// 2016 dialect, `DAY|NIGHT … HAS BEGUN|HAS ENDED`: the current phase's deadline moves to
    /// `now`, so the next phase begins; later deadlines stay. "Day 2 has begun" while it is
    /// already day, or "Day 1 has ended" while it is already night, restates what the
    /// schedule did and changes nothing. Returns whether a phase ended.
    pub fn phase_change_2016(&mut self, kind: PhaseKind, begun: bool, now: Timestamp) -> bool {
        let running = self.current.phase.kind;
        let already = if begun {
            running == kind
        } else {
            running != kind
        };
        if already {
            return false;
        }
        let before = self.current.phase;
        self.end_early(now);
        self.current.phase != before
    }

    /// The length of a phase of this kind.
    pub fn length(&self, kind: PhaseKind) -> SignedDuration {
        match kind {
            PhaseKind::Day => self.day_length,
            PhaseKind::Night => self.night_length,
        }
    }

    /// Moves to the next phase, whose deadline is the current local deadline plus its length.
    fn step(&mut self) -> Result<(), ScheduleError> {
        let phase = self.current.phase.next(self.numbering);
        let (local, at) = match self.local {
            Some(local) => {
                let next = local.checked_add(self.length(phase.kind)).map_err(|_| {
                    ScheduleError::Invalid(format!("the deadline of {phase} is out of range"))
                })?;
                (Some(next), Some(self.zoned(next)?))
            }
            None => (None, None),
        };
        self.local = local;
        self.current = Deadline { phase, at };
        Ok(())
    }

    /// A local clock reading in the game's zone: a time in the spring-forward gap moves
    /// forward by the gap; a time in the fall-back hour is its first occurrence.
    fn zoned(&self, local: civil::DateTime) -> Result<Zoned, ScheduleError> {
        self.zone
            .to_ambiguous_zoned(local)
            .compatible()
            .map_err(|e| {
                ScheduleError::Invalid(format!("the deadline {local} is out of range: {e}"))
            })
    }
}
