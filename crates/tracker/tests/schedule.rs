//! The deadline schedule: alternating day/night deadlines in the GM's time zone, following
//! DST on the local clock, and the GM's changes (`gm-commands.txt`).

use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp, civil};
use mafia_tracker::phase::{Phase, PhaseKind};
use mafia_tracker::schedule::{Schedule, ScheduleConfig, ScheduleError};
use proptest::prelude::*;

// ---- scenario helpers -------------------------------------------------------------------

/// A game file's time settings; defaults: starts with Day 1, 48 h days, 24 h nights.
struct Game {
    config: ScheduleConfig,
}

fn game_in(zone: &str) -> Game {
    Game {
        config: ScheduleConfig {
            zone: zone.into(),
            first_phase: Phase::day(1),
            first_deadline: None,
            day_length: hours(48),
            night_length: hours(24),
        },
    }
}

impl Game {
    /// The first phase and its deadline on the GM's clock, e.g. "2026-03-27 20:00".
    fn first(mut self, phase: Phase, local: &str) -> Game {
        self.config.first_phase = phase;
        self.config.first_deadline = Some(civil_time(local));
        self
    }

    fn days_of(mut self, length: SignedDuration) -> Game {
        self.config.day_length = length;
        self
    }

    fn nights_of(mut self, length: SignedDuration) -> Game {
        self.config.night_length = length;
        self
    }

    fn start(self) -> Schedule {
        Schedule::new(&self.config).expect("a valid game")
    }
}

fn hours(h: i64) -> SignedDuration {
    SignedDuration::from_hours(h)
}

fn civil_time(local: &str) -> civil::DateTime {
    local.parse().expect("a local date and time")
}

/// An instant given on a zone's clock.
fn at(zone: &str, local: &str) -> Timestamp {
    let tz = TimeZone::get(zone).expect("a known zone");
    tz.to_ambiguous_zoned(civil_time(local))
        .compatible()
        .expect("a valid time")
        .timestamp()
}

/// The next `n` deadlines as hosts read them: phase, local time and UTC offset.
fn deadlines(schedule: &Schedule, n: usize) -> Vec<(Phase, String)> {
    schedule
        .upcoming(n)
        .into_iter()
        .map(|d| (d.phase, shown(&d.at)))
        .collect()
}

fn shown(at: &Option<jiff::Zoned>) -> String {
    at.as_ref().map_or("none".into(), |z| {
        z.strftime("%Y-%m-%d %H:%M %:z").to_string()
    })
}

fn current(schedule: &Schedule) -> (Phase, String) {
    let d = schedule.current();
    (d.phase, shown(&d.at))
}

fn expect(list: &[(Phase, &str)]) -> Vec<(Phase, String)> {
    list.iter().map(|(p, s)| (*p, s.to_string())).collect()
}

/// Real hours between two consecutive deadlines of the upcoming list.
fn real_hours_between(schedule: &Schedule, from: usize) -> f64 {
    let list = schedule.upcoming(from + 2);
    let a = list[from].at.as_ref().expect("a deadline").timestamp();
    let b = list[from + 1].at.as_ref().expect("a deadline").timestamp();
    b.duration_since(a).as_secs_f64() / 3600.0
}

const STOCKHOLM: &str = "Europe/Stockholm";
const NEW_YORK: &str = "America/New_York";
const TOKYO: &str = "Asia/Tokyo";

// ---- the regular schedule and DST -------------------------------------------------------

#[test]
fn europe_spring_forward_keeps_the_deadline_at_eight_pm() {
    // Clocks go from 02:00 CET to 03:00 CEST on Sunday 2026-03-29.
    let game = game_in(STOCKHOLM)
        .first(Phase::day(1), "2026-03-27 20:00")
        .start();
    assert_eq!(
        deadlines(&game, 4),
        expect(&[
            (Phase::day(1), "2026-03-27 20:00 +01:00"),
            (Phase::night(1), "2026-03-28 20:00 +01:00"),
            (Phase::day(2), "2026-03-30 20:00 +02:00"),
            (Phase::night(2), "2026-03-31 20:00 +02:00"),
        ])
    );
    // Day 2 spans the change: 48 h on the clock, 47 real hours.
    assert_eq!(real_hours_between(&game, 1), 47.0);
}

#[test]
fn europe_fall_back_keeps_the_deadline_at_six_pm() {
    // Clocks go from 03:00 CEST back to 02:00 CET on Sunday 2026-10-25.
    let game = game_in(STOCKHOLM)
        .first(Phase::day(1), "2026-10-24 18:00")
        .start();
    assert_eq!(
        deadlines(&game, 3),
        expect(&[
            (Phase::day(1), "2026-10-24 18:00 +02:00"),
            (Phase::night(1), "2026-10-25 18:00 +01:00"),
            (Phase::day(2), "2026-10-27 18:00 +01:00"),
        ])
    );
    // Night 1 is 24 h on the clock, 25 real hours.
    assert_eq!(real_hours_between(&game, 0), 25.0);
}

#[test]
fn usa_spring_forward_keeps_the_deadline_at_nine_pm() {
    // New York: 02:00 EST becomes 03:00 EDT on Sunday 2026-03-08.
    let game = game_in(NEW_YORK)
        .first(Phase::day(1), "2026-03-07 21:00")
        .start();
    assert_eq!(
        deadlines(&game, 3),
        expect(&[
            (Phase::day(1), "2026-03-07 21:00 -05:00"),
            (Phase::night(1), "2026-03-08 21:00 -04:00"),
            (Phase::day(2), "2026-03-10 21:00 -04:00"),
        ])
    );
    assert_eq!(real_hours_between(&game, 0), 23.0);
}

#[test]
fn usa_fall_back_keeps_the_deadline_at_nine_pm() {
    // New York: 02:00 EDT becomes 01:00 EST on Sunday 2026-11-01.
    let game = game_in(NEW_YORK)
        .first(Phase::day(1), "2026-10-31 21:00")
        .start();
    assert_eq!(
        deadlines(&game, 3),
        expect(&[
            (Phase::day(1), "2026-10-31 21:00 -04:00"),
            (Phase::night(1), "2026-11-01 21:00 -05:00"),
            (Phase::day(2), "2026-11-03 21:00 -05:00"),
        ])
    );
    assert_eq!(real_hours_between(&game, 0), 25.0);
}

#[test]
fn a_zone_without_dst_has_no_surprises() {
    // Tokyo, with 36 h days and 12 h nights: deadlines alternate 20:00 and 08:00.
    let game = game_in(TOKYO)
        .first(Phase::day(1), "2026-03-27 20:00")
        .days_of(hours(36))
        .nights_of(hours(12))
        .start();
    assert_eq!(
        deadlines(&game, 4),
        expect(&[
            (Phase::day(1), "2026-03-27 20:00 +09:00"),
            (Phase::night(1), "2026-03-28 08:00 +09:00"),
            (Phase::day(2), "2026-03-29 20:00 +09:00"),
            (Phase::night(2), "2026-03-30 08:00 +09:00"),
        ])
    );
}

#[test]
fn a_length_that_is_not_whole_days_is_read_on_the_local_clock() {
    // A 36 h night from Saturday 08:00 ends Sunday 20:00 local time, across the spring
    // change: 35 real hours.
    let game = game_in(STOCKHOLM)
        .first(Phase::day(1), "2026-03-28 08:00")
        .nights_of(hours(36))
        .start();
    assert_eq!(
        deadlines(&game, 2),
        expect(&[
            (Phase::day(1), "2026-03-28 08:00 +01:00"),
            (Phase::night(1), "2026-03-29 20:00 +02:00"),
        ])
    );
    assert_eq!(real_hours_between(&game, 0), 35.0);
}

#[test]
fn a_deadline_in_the_spring_gap_moves_forward_by_the_gap_only_that_day() {
    // 02:30 does not exist on 2026-03-29 in Stockholm: it is 03:30 CEST that day.
    let game = game_in(STOCKHOLM)
        .first(Phase::day(1), "2026-03-28 02:30")
        .start();
    assert_eq!(
        deadlines(&game, 3),
        expect(&[
            (Phase::day(1), "2026-03-28 02:30 +01:00"),
            (Phase::night(1), "2026-03-29 03:30 +02:00"),
            (Phase::day(2), "2026-03-31 02:30 +02:00"),
        ])
    );
}

#[test]
fn a_deadline_in_the_repeated_autumn_hour_is_the_first_of_the_two() {
    // 02:30 happens twice on 2026-10-25 in Stockholm: first at +02:00, then at +01:00.
    let game = game_in(STOCKHOLM)
        .first(Phase::day(1), "2026-10-24 02:30")
        .start();
    assert_eq!(
        deadlines(&game, 3),
        expect(&[
            (Phase::day(1), "2026-10-24 02:30 +02:00"),
            (Phase::night(1), "2026-10-25 02:30 +02:00"),
            (Phase::day(2), "2026-10-27 02:30 +01:00"),
        ])
    );
}

#[test]
fn a_game_starting_with_night_zero() {
    let game = game_in(STOCKHOLM)
        .first(Phase::night(0), "2026-05-01 20:00")
        .start();
    assert_eq!(
        deadlines(&game, 4),
        expect(&[
            (Phase::night(0), "2026-05-01 20:00 +02:00"),
            (Phase::day(1), "2026-05-03 20:00 +02:00"),
            (Phase::night(1), "2026-05-04 20:00 +02:00"),
            (Phase::day(2), "2026-05-06 20:00 +02:00"),
        ])
    );
}

#[test]
fn a_game_starting_with_night_one() {
    let game = game_in(STOCKHOLM)
        .first(Phase::night(1), "2026-05-01 20:00")
        .start();
    assert_eq!(
        deadlines(&game, 4),
        expect(&[
            (Phase::night(1), "2026-05-01 20:00 +02:00"),
            (Phase::day(1), "2026-05-03 20:00 +02:00"),
            (Phase::night(2), "2026-05-04 20:00 +02:00"),
            (Phase::day(2), "2026-05-06 20:00 +02:00"),
        ])
    );
}

// ---- passing deadlines ------------------------------------------------------------------

/// Day 1 ends Friday 2026-05-15 20:00 in Stockholm; 48 h days, 24 h nights.
fn may_game() -> Schedule {
    game_in(STOCKHOLM)
        .first(Phase::day(1), "2026-05-15 20:00")
        .start()
}

fn sthlm(local: &str) -> Timestamp {
    at(STOCKHOLM, local)
}

#[test]
fn a_deadline_passes_at_its_minute() {
    let mut game = may_game();
    assert_eq!(game.advance(sthlm("2026-05-15 19:59")), []);
    assert_eq!(game.advance(sthlm("2026-05-15 20:00")), [Phase::day(1)]);
    assert_eq!(
        current(&game),
        (Phase::night(1), "2026-05-16 20:00 +02:00".into())
    );
}

#[test]
fn several_deadlines_can_pass_at_once() {
    let mut game = may_game();
    assert_eq!(
        game.advance(sthlm("2026-05-17 09:00")),
        [Phase::day(1), Phase::night(1)]
    );
    assert_eq!(
        current(&game),
        (Phase::day(2), "2026-05-18 20:00 +02:00".into())
    );
}

#[test]
fn the_status_page_shows_the_next_three_deadlines() {
    let game = may_game();
    assert_eq!(
        deadlines(&game, 3),
        expect(&[
            (Phase::day(1), "2026-05-15 20:00 +02:00"),
            (Phase::night(1), "2026-05-16 20:00 +02:00"),
            (Phase::day(2), "2026-05-18 20:00 +02:00"),
        ])
    );
}

// ---- GM changes -------------------------------------------------------------------------

#[test]
fn ending_early_keeps_the_later_deadlines() {
    let mut game = may_game();
    game.end_early(sthlm("2026-05-14 12:00"));
    assert_eq!(
        deadlines(&game, 2),
        expect(&[
            (Phase::night(1), "2026-05-16 20:00 +02:00"),
            (Phase::day(2), "2026-05-18 20:00 +02:00"),
        ])
    );
}

#[test]
fn moving_later_shifts_the_current_and_every_later_deadline() {
    let mut game = may_game();
    game.move_deadline(hours(24), sthlm("2026-05-14 12:00"))
        .expect("a move into the future");
    assert_eq!(
        deadlines(&game, 3),
        expect(&[
            (Phase::day(1), "2026-05-16 20:00 +02:00"),
            (Phase::night(1), "2026-05-17 20:00 +02:00"),
            (Phase::day(2), "2026-05-19 20:00 +02:00"),
        ])
    );
}

#[test]
fn moving_a_day_later_across_dst_keeps_the_clock_time() {
    let mut game = game_in(STOCKHOLM)
        .first(Phase::day(1), "2026-03-28 20:00")
        .start();
    game.move_deadline(hours(24), at(STOCKHOLM, "2026-03-28 12:00"))
        .expect("a move into the future");
    assert_eq!(
        deadlines(&game, 2),
        expect(&[
            (Phase::day(1), "2026-03-29 20:00 +02:00"),
            (Phase::night(1), "2026-03-30 20:00 +02:00"),
        ])
    );
}

#[test]
fn moving_into_the_past_is_refused_and_changes_nothing() {
    let mut game = may_game();
    let before = game.clone();
    let refused = game.move_deadline(hours(-48), sthlm("2026-05-14 12:00"));
    match refused {
        Err(ScheduleError::IntoThePast(at)) => {
            assert_eq!(
                at.strftime("%Y-%m-%d %H:%M").to_string(),
                "2026-05-13 20:00"
            );
        }
        other => panic!("expected IntoThePast, got {other:?}"),
    }
    assert_eq!(game, before);
}

#[test]
fn moving_the_deadline_to_exactly_now_is_refused() {
    let mut game = may_game();
    let refused = game.move_deadline(hours(-12), sthlm("2026-05-15 08:00"));
    assert!(matches!(refused, Err(ScheduleError::IntoThePast(_))));
    // One minute less is fine.
    game.move_deadline(
        hours(-12) + SignedDuration::from_mins(1),
        sthlm("2026-05-15 08:00"),
    )
    .expect("a deadline one minute ahead");
    assert_eq!(
        current(&game),
        (Phase::day(1), "2026-05-15 08:01 +02:00".into())
    );
}

// The spec's "Important" note: the order of ending early and moving the deadline gives
// different schedules. Thursday 12:00 the GM wants the night to end Thursday 20:00.

#[test]
fn end_early_then_move_two_days_earlier() {
    let mut game = may_game();
    let now = sthlm("2026-05-14 12:00");
    game.end_early(now);
    // Night 1 was to end Saturday 20:00; two days earlier is Thursday 20:00, still ahead.
    game.move_deadline(hours(-48), now).expect("still ahead");
    assert_eq!(
        deadlines(&game, 3),
        expect(&[
            (Phase::night(1), "2026-05-14 20:00 +02:00"),
            (Phase::day(2), "2026-05-16 20:00 +02:00"),
            (Phase::night(2), "2026-05-17 20:00 +02:00"),
        ])
    );
}

#[test]
fn move_two_days_earlier_then_end_early() {
    let mut game = may_game();
    let now = sthlm("2026-05-14 12:00");
    // Day 1 ends Friday 20:00: two days earlier is Wednesday 20:00, in the past: refused.
    assert!(matches!(
        game.move_deadline(hours(-48), now),
        Err(ScheduleError::IntoThePast(_))
    ));
    game.end_early(now);
    // So the night keeps its regular deadline.
    assert_eq!(
        deadlines(&game, 3),
        expect(&[
            (Phase::night(1), "2026-05-16 20:00 +02:00"),
            (Phase::day(2), "2026-05-18 20:00 +02:00"),
            (Phase::night(2), "2026-05-19 20:00 +02:00"),
        ])
    );
}

#[test]
fn move_later_then_end_early_keeps_the_move_for_the_next_phases() {
    let mut game = may_game();
    let now = sthlm("2026-05-15 12:00");
    game.move_deadline(hours(12), now).expect("later");
    game.end_early(now);
    // Day 1 moved to Saturday 08:00; Night 1 follows it by 24 h.
    assert_eq!(
        deadlines(&game, 2),
        expect(&[
            (Phase::night(1), "2026-05-17 08:00 +02:00"),
            (Phase::day(2), "2026-05-19 08:00 +02:00"),
        ])
    );
}

// ---- the end of the game and UNEND ------------------------------------------------------

#[test]
fn unend_continues_the_cadence_from_the_last_past_deadline() {
    // The game ended on Thursday; the schedule was not followed while it was over.
    let mut game = may_game();
    // Unended on Monday noon: Day 1 (Fri 20:00) and Night 1 (Sat 20:00) are past.
    game.rebuild_from_last_past(sthlm("2026-05-18 12:00"));
    assert_eq!(
        deadlines(&game, 2),
        expect(&[
            (Phase::day(2), "2026-05-18 20:00 +02:00"),
            (Phase::night(2), "2026-05-19 20:00 +02:00"),
        ])
    );
}

#[test]
fn unend_before_the_next_deadline_keeps_the_schedule() {
    let mut game = may_game();
    let before = game.clone();
    game.rebuild_from_last_past(sthlm("2026-05-15 19:00"));
    assert_eq!(game, before);
}

// ---- announcements ----------------------------------------------------------------------

#[test]
fn a_game_without_a_schedule_has_no_deadlines() {
    let game = game_in(STOCKHOLM).start();
    assert_eq!(
        deadlines(&game, 3),
        expect(&[
            (Phase::day(1), "none"),
            (Phase::night(1), "none"),
            (Phase::day(2), "none"),
        ])
    );
}

#[test]
fn announcements_drive_a_game_without_a_schedule() {
    let mut game = game_in(STOCKHOLM).start();
    let now = sthlm("2026-05-15 20:00");
    assert_eq!(game.advance(sthlm("2027-01-01 00:00")), []);
    game.begin_phase(Phase::night(1), now);
    assert_eq!(current(&game), (Phase::night(1), "none".into()));
    game.begin_phase(Phase::day(2), now);
    assert_eq!(current(&game), (Phase::day(2), "none".into()));
    game.end_early(now);
    assert_eq!(current(&game), (Phase::night(2), "none".into()));
}

#[test]
fn a_game_without_a_schedule_has_no_deadline_to_move() {
    let mut game = game_in(STOCKHOLM).start();
    assert!(matches!(
        game.move_deadline(hours(24), sthlm("2026-05-15 20:00")),
        Err(ScheduleError::Invalid(_))
    ));
}

#[test]
fn in_a_scheduled_game_announcing_the_next_phase_ends_the_current_one_early() {
    let mut game = may_game();
    game.begin_phase(Phase::night(1), sthlm("2026-05-15 10:00"));
    assert_eq!(
        current(&game),
        (Phase::night(1), "2026-05-16 20:00 +02:00".into())
    );
}

#[test]
fn in_a_scheduled_game_announcing_the_running_phase_changes_nothing() {
    // The usual day post, written just after the deadline passed.
    let mut game = may_game();
    game.advance(sthlm("2026-05-16 20:00"));
    let before = game.clone();
    game.begin_phase(Phase::day(2), sthlm("2026-05-16 20:05"));
    assert_eq!(game, before);
}

#[test]
fn in_a_scheduled_game_an_announcement_may_skip_ahead_but_not_back() {
    let mut game = may_game();
    let now = sthlm("2026-05-15 10:00");
    assert_eq!(
        game.try_begin_phase(Phase::day(2), now).expect("ahead"),
        [Phase::day(1), Phase::night(1)]
    );
    assert_eq!(
        current(&game),
        (Phase::day(2), "2026-05-18 20:00 +02:00".into())
    );
    let before = game.clone();
    assert!(game.try_begin_phase(Phase::day(1), now).is_err());
    game.begin_phase(Phase::night(0), now);
    assert_eq!(game, before);
}

#[test]
fn the_2016_phase_change_moves_the_current_deadline_to_now() {
    let mut game = may_game();
    let now = sthlm("2026-05-15 10:00");
    // "Day 1 has begun" during Day 1 restates the phase.
    assert!(!game.phase_change_2016(PhaseKind::Day, true, now));
    // "Day 1 has ended": Night 1 begins, with its regular deadline.
    assert!(game.phase_change_2016(PhaseKind::Day, false, now));
    assert_eq!(
        current(&game),
        (Phase::night(1), "2026-05-16 20:00 +02:00".into())
    );
    // "Day 1 has ended" again, now that it is night, changes nothing.
    assert!(!game.phase_change_2016(PhaseKind::Day, false, now));
    // "Day 2 has begun" ends the night.
    assert!(game.phase_change_2016(PhaseKind::Day, true, now));
    assert_eq!(current(&game).0, Phase::day(2));
}

// ---- bad settings -----------------------------------------------------------------------

#[test]
fn an_unknown_zone_is_named_in_the_error() {
    let err = Schedule::new(&game_in("Europe/Atlantis").config).expect_err("unknown zone");
    assert_eq!(err, ScheduleError::UnknownZone("Europe/Atlantis".into()));
    assert!(err.to_string().contains("Europe/Atlantis"));
}

#[test]
fn a_phase_must_last_some_time() {
    let config = game_in(STOCKHOLM).nights_of(SignedDuration::ZERO).config;
    let err = Schedule::new(&config).expect_err("zero night");
    assert!(err.to_string().contains("night length"), "{err}");
}

#[test]
fn the_schedule_survives_a_round_trip_through_json() {
    let mut game = may_game();
    game.end_early(sthlm("2026-05-14 12:00"));
    let json = serde_json::to_string(&game).expect("serialise");
    let back: Schedule = serde_json::from_str(&json).expect("deserialise");
    assert_eq!(back, game);
}

// ---- property: the regular schedule ------------------------------------------------------

const ZONES: &[&str] = &[
    "Europe/Stockholm",
    "Europe/London",
    "America/New_York",
    "America/Sao_Paulo",
    "Australia/Lord_Howe",
    "Pacific/Auckland",
    "Asia/Tokyo",
    "UTC",
];

proptest! {
    /// Without GM changes deadlines strictly increase, and each is the first one's clock
    /// reading plus the lengths so far (unless that reading does not exist that day, when it
    /// is moved forward out of the DST gap).
    #[test]
    fn regular_deadlines_increase_and_keep_their_clock_time(
        zone in prop::sample::select(ZONES),
        day in 0i32..(365 * 6),
        minute_of_day in 0i32..(24 * 60),
        day_hours in prop::sample::select(&[24i64, 36, 48, 72][..]),
        night_hours in prop::sample::select(&[12i64, 24, 36][..]),
        night_first in any::<bool>(),
    ) {
        let first = civil::date(2024, 1, 1)
            .checked_add(jiff::Span::new().days(day))
            .expect("date")
            .at((minute_of_day / 60) as i8, (minute_of_day % 60) as i8, 0, 0);
        let config = ScheduleConfig {
            zone: zone.into(),
            first_phase: if night_first { Phase::night(0) } else { Phase::day(1) },
            first_deadline: Some(first),
            day_length: hours(day_hours),
            night_length: hours(night_hours),
        };
        let game = Schedule::new(&config).expect("valid");
        let tz = TimeZone::get(zone).expect("zone");
        let list = game.upcoming(12);
        prop_assert_eq!(list.len(), 12);
        let mut expected_local = first;
        for (k, d) in list.iter().enumerate() {
            if k > 0 {
                let length = if d.phase.is_day() { day_hours } else { night_hours };
                expected_local = expected_local.checked_add(hours(length)).expect("in range");
                let previous = list[k - 1].at.as_ref().expect("deadline").timestamp();
                prop_assert!(d.at.as_ref().expect("deadline").timestamp() > previous);
            }
            let zoned = d.at.as_ref().expect("deadline");
            let in_gap = matches!(
                tz.to_ambiguous_zoned(expected_local).offset(),
                jiff::tz::AmbiguousOffset::Gap { .. }
            );
            if !in_gap {
                prop_assert_eq!(zoned.datetime(), expected_local);
            } else {
                prop_assert!(zoned.datetime() > expected_local);
            }
        }
    }
}

// ---- a host's correction of a misnumbered phase ------------------------------------------

#[test]
fn going_back_to_an_earlier_phase_gives_it_its_deadline_across_a_dst_change() {
    // Day 1 ends Friday 2026-03-27 20:00 CET; Night 1 Saturday 20:00 CET; Day 2 Monday
    // 2026-03-30 20:00 CEST (clocks went forward on Sunday); Night 2 Tuesday 20:00 CEST.
    let mut game = game_in(STOCKHOLM)
        .first(Phase::day(1), "2026-03-27 20:00")
        .start();
    let now = at(STOCKHOLM, "2026-03-27 12:00");
    game.begin_phase(Phase::night(2), now);
    assert_eq!(
        current(&game),
        (Phase::night(2), "2026-03-31 20:00 +02:00".into())
    );
    // The host meant Night 1: back two steps on the local clock, still 20:00.
    game.go_back_to(Phase::night(1)).expect("two phases back");
    assert_eq!(
        current(&game),
        (Phase::night(1), "2026-03-28 20:00 +01:00".into())
    );
    assert_eq!(
        deadlines(&game, 2),
        expect(&[
            (Phase::night(1), "2026-03-28 20:00 +01:00"),
            (Phase::day(2), "2026-03-30 20:00 +02:00"),
        ])
    );
}

#[test]
fn going_back_is_refused_past_eight_phases() {
    let mut game = game_in(STOCKHOLM).start();
    for n in 2..=7 {
        game.begin_phase(Phase::day(n), at(STOCKHOLM, "2026-05-15 10:00"));
    }
    assert_eq!(game.current().phase, Phase::day(7));
    let before = game.clone();
    assert!(matches!(
        game.go_back_to(Phase::day(1)),
        Err(ScheduleError::Invalid(_))
    ));
    assert_eq!(game, before);
    // A game without deadlines steps back without any.
    game.go_back_to(Phase::night(5)).expect("three phases back");
    assert_eq!(current(&game), (Phase::night(5), "none".into()));
}

#[test]
fn going_back_reaches_exactly_the_eight_phases_before_the_running_one() {
    // `go_back_to`'s rule: refused if the phase "is not among the eight phases before the
    // running one". From Day 7 (nights follow days) the eight before are Night 6, Day 6,
    // Night 5, Day 5, Night 4, Day 4, Night 3 and Day 3; Night 2 is the ninth.
    // Day 1 ends Monday 2026-05-04 20:00 CEST, then 24 h nights and 48 h days: Day 3 ends
    // 05-10, Night 3 05-11, ..., Day 7 05-22 (no clock change in May).
    let mut game = game_in(STOCKHOLM)
        .first(Phase::day(1), "2026-05-04 20:00")
        .start();
    let now = at(STOCKHOLM, "2026-05-04 12:00");
    // An announcement reaches at most eight phases ahead: Day 4, then Day 7.
    game.begin_phase(Phase::day(4), now);
    game.begin_phase(Phase::day(7), now);
    assert_eq!(
        current(&game),
        (Phase::day(7), "2026-05-22 20:00 +02:00".into())
    );
    let before = game.clone();
    // Nine phases back: refused, the schedule as it was.
    assert!(matches!(
        game.go_back_to(Phase::night(2)),
        Err(ScheduleError::Invalid(_))
    ));
    assert_eq!(game, before);
    // Eight phases back: Day 3, with the deadline the cadence gives it.
    game.go_back_to(Phase::day(3)).expect("eight phases back");
    assert_eq!(
        deadlines(&game, 2),
        expect(&[
            (Phase::day(3), "2026-05-10 20:00 +02:00"),
            (Phase::night(3), "2026-05-11 20:00 +02:00"),
        ])
    );
}
