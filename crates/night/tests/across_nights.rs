//! State from night to night (issue 13 point 3): X-shot uses and the night's number for
//! odd- and even-night players, kept in a [`GameState`] between nights.

mod common;
use common::*;
use mafia_night::{
    Catalogue, GameState, Method, NightSpec, Options, SelfTargets, resolve, validate,
};

/// Resolves one night against the state, as `mafia night resolve --state` does, and records
/// it; the error's text when the night is refused.
fn next_night(state: &mut GameState, mut spec: NightSpec) -> Result<mafia_night::Outcome, String> {
    let catalogue = Catalogue::standard().expect("standard");
    state.prepare(&mut spec);
    let night = validate(&spec, &catalogue, SelfTargets::RoleDecides).map_err(|e| e.to_string())?;
    let out = resolve(&night, Method::Rar, Options::default()).map_err(|e| e.to_string())?;
    state.record(&spec, &night);
    Ok(out)
}

const JOAT: [(&str, &str); 4] = [
    ("Jo", "Jack-of-all-Trades"),
    ("Ann", "Vanilla"),
    ("Bea", "Vanilla"),
    ("Gus", "Goon"),
];

/// https://wiki.mafiascum.net/index.php?title=Jack-of-all-trades — each of the
/// Jack-of-all-Trades' abilities is one-shot: the shot of night 1 cannot be fired again on
/// night 2, but another ability can be used.
#[test]
fn a_one_shot_ability_used_on_night_one_is_gone_on_night_two() {
    let mut state = GameState::default();
    let n1 = next_night(&mut state, spec(&JOAT, &["Jo[shoot]: Ann"])).expect("night 1");
    assert_eq!(n1.dead(), ["Ann"]);
    assert_eq!(state.night, 1);
    let err = next_night(&mut state, spec(&JOAT, &["Jo[shoot]: Bea"])).expect_err("no shot left");
    assert_eq!(
        err,
        "action 1 (by Jo): `shoot` has 1 shot(s) in the game and 1 were used on earlier nights"
    );
    let n2 = next_night(&mut state, spec(&JOAT, &["Jo[investigate]: Gus"])).expect("night 2");
    assert_eq!(n2.feedback_of("Jo").as_deref(), Some("Gus is Mafia."));
}

/// A blocked X-shot action is used up all the same (a mafiascum host's rule set: "Should an
/// X-Shot ability be used, and that player is roleblocked, he or she will have used up that
/// shot").
#[test]
fn a_blocked_one_shot_is_used_up() {
    let mut players = JOAT.to_vec();
    players.push(("Rob", "Roleblocker"));
    let mut state = GameState::default();
    let n1 = next_night(&mut state, spec(&players, &["Jo[shoot]: Ann", "Rob: Jo"])).expect("n1");
    assert!(n1.deaths.is_empty());
    let refused = next_night(&mut state, spec(&players, &["Jo[shoot]: Ann"])).expect_err("n2");
    assert!(refused.contains("were used on earlier nights"), "{refused}");
}

/// https://wiki.mafiascum.net/index.php?title=Even/Odd_Night — the state numbers the nights:
/// an odd-night vigilante shoots on night 1, not on night 2, and again on night 3.
#[test]
fn the_state_numbers_the_nights_for_odd_night_players() {
    let players = [
        ("Vic", "Vigilante+odd-night"),
        ("Ann", "Vanilla"),
        ("Bea", "Vanilla"),
    ];
    let mut state = GameState::default();
    assert!(next_night(&mut state, spec(&players, &["Vic: Ann"])).is_ok());
    let err = next_night(&mut state, spec(&players, &["Vic: Bea"])).expect_err("night 2");
    assert!(err.contains("this is night 2"), "{err}");
    // The host resolves night 2 without the vigilante, then night 3.
    assert!(next_night(&mut state, spec(&players, &[])).is_ok());
    assert_eq!(state.night, 2);
    assert!(next_night(&mut state, spec(&players, &["Vic: Bea"])).is_ok());
    assert_eq!(state.night, 3);
}

// Days (issue 13 point 3: "day actions (Day Vigilante) resolve immediately with the same
// engine").

const DAY: [(&str, &str); 4] = [
    ("Dana", "Day Vigilante"),
    ("Vic", "Vigilante"),
    ("Ann", "Vanilla"),
    ("Gus", "Goon"),
];

fn day(players: &[(&str, &str)], actions: &[&str]) -> NightSpec {
    let mut s = spec(players, actions);
    s.day = true;
    s
}

/// https://wiki.mafiascum.net/index.php?title=Vigilante — "instead of killing during the
/// night, the vigilante will be able to kill during the Day": the Day Vigilante's shot in a
/// day file kills at once.
#[test]
fn a_day_vigilante_shoots_by_day() {
    let out = try_rar(&day(&DAY, &["Dana: Gus"])).expect("a day shot");
    assert_eq!(out.dead(), ["Gus"]);
}

/// A day action is refused in a night file, and a night action in a day file.
#[test]
fn day_and_night_actions_keep_to_their_phase() {
    let err = try_rar(&spec(&DAY, &["Dana: Gus"])).expect_err("day shot at night");
    assert_eq!(
        err,
        "action 1 (by Dana): `day shot` is a day action, and this is a night file"
    );
    let err = try_rar(&day(&DAY, &["Vic: Gus"])).expect_err("night shot by day");
    assert_eq!(
        err,
        "action 1 (by Vic): `shoot` is a night action, and this is a day file"
    );
}

/// The Day modifier turns a role's abilities into day actions: a Day Cop investigates by
/// day.
#[test]
fn a_day_cop_investigates_by_day() {
    let out = try_rar(&day(
        &[("Cora", "Cop+day"), ("Gus", "Goon")],
        &["Cora: Gus"],
    ))
    .expect("a day investigation");
    assert_eq!(out.feedback_of("Cora").as_deref(), Some("Gus is Mafia."));
}

/// A day between two nights leaves the nights' count alone.
#[test]
fn a_day_does_not_advance_the_night_count() {
    let mut state = GameState::default();
    next_night(&mut state, spec(&DAY, &["Vic: Ann"])).expect("night 1");
    next_night(&mut state, day(&DAY, &["Dana: Gus"])).expect("day 1");
    assert_eq!(state.night, 1);
    next_night(&mut state, spec(&DAY, &[])).expect("night 2");
    assert_eq!(state.night, 2);
}

// Delayed: https://wiki.mafiascum.net/index.php?title=Delayed — "causes ... its action to
// resolve, on a Night after it is used"; "Trackers, Watchers, and similar roles would see the
// action having been performed on Night 1".

const DELAYED: [(&str, &str); 5] = [
    ("Doc", "Doctor+delayed"),
    ("Ann", "Vanilla"),
    ("Gus", "Goon"),
    ("Tom", "Tracker"),
    ("Bea", "Vanilla"),
];

/// https://wiki.mafiascum.net/index.php?title=Delayed — "a Delayed Doctor submitting a
/// target the first Night but only being able to save them the next Night": the protection
/// of night 1 does not save Ann that night, and saves her on night 2; the tracker sees the
/// doctor's visit on night 1 only.
#[test]
fn a_delayed_doctor_protects_the_night_after() {
    let mut state = GameState::default();
    let n1 = next_night(
        &mut state,
        spec(&DELAYED, &["Doc: Bea", "Gus: Bea", "Tom: Doc"]),
    )
    .expect("night 1");
    assert_eq!(n1.dead(), ["Bea"]);
    assert_eq!(n1.feedback_of("Tom").as_deref(), Some("Doc visited Bea."));

    let mut state = GameState::default();
    let n1 = next_night(&mut state, spec(&DELAYED, &["Doc: Ann"])).expect("night 1");
    assert!(n1.deaths.is_empty());
    assert_eq!(state.delayed.len(), 1);
    let n2 = next_night(&mut state, spec(&DELAYED, &["Gus: Ann", "Tom: Doc"])).expect("night 2");
    assert!(n2.deaths.is_empty());
    assert_eq!(n2.saves[0].player, "Ann");
    assert_eq!(n2.feedback_of("Tom").as_deref(), Some("Doc went nowhere."));
    assert!(state.delayed.is_empty());
}

/// https://wiki.mafiascum.net/index.php?title=Delayed — "a Delayed Vigilante is called a
/// Poisoner": the shot of night 1 kills on night 2; a delayed action whose target has died
/// in between lapses.
#[test]
fn a_delayed_vigilantes_shot_kills_the_night_after() {
    let players = [
        ("Pia", "Vigilante+delayed"),
        ("Ann", "Vanilla"),
        ("Gus", "Goon"),
    ];
    let mut state = GameState::default();
    let n1 = next_night(&mut state, spec(&players, &["Pia: Ann"])).expect("night 1");
    assert!(n1.deaths.is_empty());
    let n2 = next_night(&mut state, spec(&players, &[])).expect("night 2");
    assert_eq!(n2.dead(), ["Ann"]);

    let mut state = GameState::default();
    next_night(&mut state, spec(&players, &["Pia: Ann"])).expect("night 1");
    let mut dead_ann = spec(&players, &[]);
    dead_ann.players[1].alive = false;
    let n2 = next_night(&mut state, dead_ann).expect("night 2");
    assert!(n2.deaths.is_empty());
}
