//! Day and night phases.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Day or night.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PhaseKind {
    Day,
    Night,
}

/// A numbered phase, such as Day 1 or Night 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Phase {
    pub kind: PhaseKind,
    pub number: u32,
}

/// How nights are numbered relative to days.
///
/// Games that start with Day 1 or Night 0 number each night after the day before it
/// (D1, N1, D2, N2…; N0, D1, N1…). Games that start with Night 1 number each night after the
/// day that follows it (N1, D1, N2, D2…).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NightNumbering {
    /// Night n follows Day n (the game starts with Day 1 or Night 0).
    NightFollowsDay,
    /// Night n precedes Day n (the game starts with Night 1).
    NightPrecedesDay,
}

impl Phase {
    pub const fn day(number: u32) -> Phase {
        Phase {
            kind: PhaseKind::Day,
            number,
        }
    }

    pub const fn night(number: u32) -> Phase {
        Phase {
            kind: PhaseKind::Night,
            number,
        }
    }

    /// The numbering convention implied by a game's first phase.
    pub fn numbering_for_first(first: Phase) -> NightNumbering {
        match first {
            Phase {
                kind: PhaseKind::Night,
                number,
            } if number >= 1 => NightNumbering::NightPrecedesDay,
            _ => NightNumbering::NightFollowsDay,
        }
    }

    /// The phase that comes after this one.
    pub fn next(self, numbering: NightNumbering) -> Phase {
        match (self.kind, numbering) {
            (PhaseKind::Day, NightNumbering::NightFollowsDay) => Phase::night(self.number),
            (PhaseKind::Day, NightNumbering::NightPrecedesDay) => Phase::night(self.number + 1),
            (PhaseKind::Night, NightNumbering::NightFollowsDay) => Phase::day(self.number + 1),
            (PhaseKind::Night, NightNumbering::NightPrecedesDay) => Phase::day(self.number),
        }
    }

    /// The phase that comes before this one (`None` only before Day 0, which no numbering
    /// reaches: a game's first phase has no phase before it in the game, whatever this says).
    pub fn prev(self, numbering: NightNumbering) -> Option<Phase> {
        match (self.kind, numbering) {
            (PhaseKind::Night, NightNumbering::NightFollowsDay) => Some(Phase::day(self.number)),
            (PhaseKind::Night, NightNumbering::NightPrecedesDay) => {
                self.number.checked_sub(1).map(Phase::day)
            }
            (PhaseKind::Day, NightNumbering::NightFollowsDay) => {
                self.number.checked_sub(1).map(Phase::night)
            }
            (PhaseKind::Day, NightNumbering::NightPrecedesDay) => Some(Phase::night(self.number)),
        }
    }

    pub fn is_day(self) -> bool {
        self.kind == PhaseKind::Day
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            PhaseKind::Day => write!(f, "Day {}", self.number),
            PhaseKind::Night => write!(f, "Night {}", self.number),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_starting_on_day_one_alternates_d1_n1_d2() {
        let n = Phase::numbering_for_first(Phase::day(1));
        assert_eq!(Phase::day(1).next(n), Phase::night(1));
        assert_eq!(Phase::night(1).next(n), Phase::day(2));
    }

    #[test]
    fn a_game_starting_on_night_zero_goes_n0_d1_n1() {
        let n = Phase::numbering_for_first(Phase::night(0));
        assert_eq!(Phase::night(0).next(n), Phase::day(1));
        assert_eq!(Phase::day(1).next(n), Phase::night(1));
    }

    #[test]
    fn a_game_starting_on_night_one_goes_n1_d1_n2() {
        let n = Phase::numbering_for_first(Phase::night(1));
        assert_eq!(Phase::night(1).next(n), Phase::day(1));
        assert_eq!(Phase::day(1).next(n), Phase::night(2));
    }

    #[test]
    fn the_phase_before_undoes_the_phase_after() {
        for first in [Phase::day(1), Phase::night(0), Phase::night(1)] {
            let n = Phase::numbering_for_first(first);
            let mut phase = first;
            for _ in 0..6 {
                let next = phase.next(n);
                assert_eq!(next.prev(n), Some(phase), "{first}: before {next}");
                phase = next;
            }
        }
        assert_eq!(Phase::day(0).prev(NightNumbering::NightFollowsDay), None);
    }

    #[test]
    fn phases_print_as_hosts_write_them() {
        assert_eq!(Phase::day(3).to_string(), "Day 3");
        assert_eq!(Phase::night(0).to_string(), "Night 0");
    }
}
