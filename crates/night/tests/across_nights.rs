//! State from night to night (issue 13 point 3): X-shot uses and the night's number for
//! odd- and even-night players, kept in a [`GameState`] between nights.

mod common;
use common::*;
use mafia_night::{
    Catalogue, GameState, Method, NightSpec, Options, SelfTargets, resolve, validate,
};

/// Resolves one night against the state, as `mafia night resolve --state` does, and records
/// it; the error's text when the night is refused.
fn next_night(state: &mut GameState, spec: NightSpec) -> Result<mafia_night::Outcome, String> {
    next_night_with(&Catalogue::standard().expect("standard"), state, spec)
}

/// [`next_night`] with a host's catalogue.
fn next_night_with(
    catalogue: &Catalogue,
    state: &mut GameState,
    mut spec: NightSpec,
) -> Result<mafia_night::Outcome, String> {
    state.prepare(&mut spec);
    let night = validate(&spec, catalogue, SelfTargets::RoleDecides).map_err(|e| e.to_string())?;
    let out = resolve(&night, Method::Rar, Options::default()).map_err(|e| e.to_string())?;
    state.record(&spec, &night, &out);
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

/// https://wiki.mafiascum.net/index.php?title=Day_(modifier) — "Very rarely, DayCops may
/// appear": the Day modifier makes a role act by
/// day: a Day Cop investigates in a day file.
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

// X-Shot as a player modifier: https://wiki.mafiascum.net/index.php?title=X-Shot — "restricts
// the number of times that a power role can be used for the duration of the game".

/// https://wiki.mafiascum.net/index.php?title=X-Shot — a Two-Shot Doctor: Doc protects Ann
/// on night 1 and Bea on night 2; on night 3 the doctor has no use left and the night is
/// refused until the host takes the action out.
#[test]
fn a_two_shot_doctor_protects_twice_and_no_more() {
    let players = [
        ("Doc", "Doctor+2-shot"),
        ("Ann", "Vanilla"),
        ("Bea", "Vanilla"),
    ];
    let mut state = GameState::default();
    next_night(&mut state, spec(&players, &["Doc: Ann"])).expect("night 1");
    next_night(&mut state, spec(&players, &["Doc: Bea"])).expect("night 2");
    let err = next_night(&mut state, spec(&players, &["Doc: Ann"])).expect_err("night 3");
    assert_eq!(
        err,
        "action 1 (by Doc): Doc is 2-shot: 2 use(s) of their abilities in the whole game, 2 on earlier nights"
    );
    assert!(next_night(&mut state, spec(&players, &[])).is_ok());
}

/// https://wiki.mafiascum.net/index.php?title=X-Shot — "when a roleblocker targets a person
/// using a limited-shot power, that shot is considered used" (the page's earlier revision;
/// the rule set quoted in docs/decisions.md says the same): a One-Shot Vigilante who is
/// roleblocked on night 1 has no shot on night 2.
#[test]
fn a_roleblocked_one_shot_vigilante_has_used_the_shot() {
    let players = [
        ("Vic", "Vigilante+1-shot"),
        ("Rob", "Roleblocker"),
        ("Gus", "Goon"),
    ];
    let mut state = GameState::default();
    let n1 = next_night(&mut state, spec(&players, &["Vic: Gus", "Rob: Vic"])).expect("night 1");
    assert!(n1.deaths.is_empty());
    let err = next_night(&mut state, spec(&players, &["Vic: Gus"])).expect_err("night 2");
    assert!(err.contains("Vic is 1-shot"), "{err}");
}

/// https://wiki.mafiascum.net/index.php?title=X-Shot — the modifier limits the power role,
/// not the faction: a One-Shot Mafia Roleblocker who has used the block may still carry the
/// mafia's factional kill, which is the faction's and not the role's.
#[test]
fn a_one_shot_mafia_roleblocker_still_carries_the_factional_kill() {
    let players = [
        ("Mo", "Mafia Roleblocker+1-shot"),
        ("Cora", "Cop"),
        ("Ann", "Vanilla"),
    ];
    let mut state = GameState::default();
    let n1 = next_night(&mut state, spec(&players, &["Mo[block]: Cora"])).expect("night 1");
    assert!(n1.deaths.is_empty());
    let err = next_night(&mut state, spec(&players, &["Mo[block]: Cora"])).expect_err("n2");
    assert!(err.contains("Mo is 1-shot"), "{err}");
    let n2 = next_night(&mut state, spec(&players, &["Mo[factional kill]: Ann"])).expect("n2");
    assert_eq!(n2.dead(), ["Ann"]);
}

// Cooldowns: https://wiki.mafiascum.net/index.php?title=Non-Consecutive_Night — "restricts a
// power role from using its ability two nights in a row"; "If a Non-Consecutive Night role is
// blocked, it still cannot be used the following night".

/// https://wiki.mafiascum.net/index.php?title=Non-Consecutive_Night — a Non-Consecutive Night
/// Doctor protects on night 1, may not on night 2, and may again on night 3.
#[test]
fn a_non_consecutive_doctor_rests_every_other_night() {
    let players = [
        ("Doc", "Doctor+non-consecutive"),
        ("Ann", "Vanilla"),
        ("Gus", "Goon"),
    ];
    let mut state = GameState::default();
    next_night(&mut state, spec(&players, &["Doc: Ann"])).expect("night 1");
    let err = next_night(&mut state, spec(&players, &["Doc: Ann"])).expect_err("night 2");
    assert_eq!(
        err,
        "action 1 (by Doc): `protect` was used on night 1 and may be used again on night 3 at the earliest (this is night 2)"
    );
    let n2 = next_night(&mut state, spec(&players, &["Gus: Ann"])).expect("night 2");
    assert_eq!(n2.dead(), ["Ann"]);
    let mut n3 = spec(&players, &["Doc: Gus"]);
    n3.players[1].alive = false;
    assert!(next_night(&mut state, n3).is_ok());
}

/// https://wiki.mafiascum.net/index.php?title=Non-Consecutive_Night — a blocked use still
/// counts: a Non-Consecutive Night Doctor roleblocked on night 1 (Ann, whom the doctor
/// protected, is shot) still may not protect on night 2.
#[test]
fn a_blocked_non_consecutive_doctor_still_rests_the_next_night() {
    let players = [
        ("Doc", "Doctor+non-consecutive"),
        ("Rob", "Roleblocker"),
        ("Gus", "Goon"),
        ("Ann", "Vanilla"),
        ("Bea", "Vanilla"),
    ];
    let mut state = GameState::default();
    let n1 = next_night(
        &mut state,
        spec(&players, &["Doc: Ann", "Rob: Doc", "Gus: Ann"]),
    )
    .expect("night 1");
    assert_eq!(n1.dead(), ["Ann"]);
    let mut n2 = spec(&players, &["Doc: Bea"]);
    n2.players[3].alive = false;
    let err = next_night(&mut state, n2).expect_err("night 2");
    assert!(err.contains("used on night 1"), "{err}");
}

/// A cooldown is catalogue data: a host's "every third night" Cop (`cooldown = 2`, the
/// Non-Consecutive Night rule stretched by one night,
/// https://wiki.mafiascum.net/index.php?title=Non-Consecutive_Night) investigates on nights 1
/// and 4, not 2 or 3, with no Rust change.
#[test]
fn a_hosts_every_third_night_cop_waits_two_nights() {
    let mut catalogue = Catalogue::standard().expect("standard");
    catalogue
        .add_extra(
            r#"
[[roles]]
name = "Patient Cop"
alignment = "town"
[[roles.abilities]]
name = "investigate"
cooldown = 2
components = [{ type = "visit" }, { type = "investigate" }]
"#,
            "mine.toml",
        )
        .expect("extra roles");
    let players = [("Pat", "Patient Cop"), ("Gus", "Goon")];
    let mut state = GameState::default();
    let n1 = next_night_with(&catalogue, &mut state, spec(&players, &["Pat: Gus"])).expect("n1");
    assert_eq!(n1.feedback_of("Pat").as_deref(), Some("Gus is Mafia."));
    for night in [2, 3] {
        let err = next_night_with(&catalogue, &mut state, spec(&players, &["Pat: Gus"]))
            .expect_err("resting");
        assert!(err.ends_with(&format!("(this is night {night})")), "{err}");
        next_night_with(&catalogue, &mut state, spec(&players, &[])).expect("quiet night");
    }
    assert!(next_night_with(&catalogue, &mut state, spec(&players, &["Pat: Gus"])).is_ok());
}

// The Delayer: no Delayer page was found in the stored corpus; the role gives its target's
// actions of one night the Delayed modifier
// (https://wiki.mafiascum.net/index.php?title=Delayed: "its action to resolve, on a Night after
// it is used"; "Trackers, Watchers, and similar roles would see the action having been
// performed on Night 1").

const DELAYER: [(&str, &str); 6] = [
    ("Del", "Delayer"),
    ("Vic", "Vigilante"),
    ("Ann", "Vanilla"),
    ("Tom", "Tracker"),
    ("Rob", "Roleblocker"),
    ("Bea", "Vanilla"),
];

/// https://wiki.mafiascum.net/index.php?title=Delayed — the Delayer delays Vic's shot at Ann
/// on night 1: Ann lives through night 1, the tracker on Vic still sees the visit to Ann, and
/// the shot kills Ann on night 2.
#[test]
fn a_delayed_shot_kills_the_night_after_and_is_seen_the_night_it_was_fired() {
    let mut state = GameState::default();
    let n1 = next_night(
        &mut state,
        spec(&DELAYER, &["Vic: Ann", "Del[delay]: Vic", "Tom: Vic"]),
    )
    .expect("night 1");
    assert!(n1.deaths.is_empty());
    assert_eq!(n1.feedback_of("Tom").as_deref(), Some("Vic visited Ann."));
    assert_eq!(n1.delayed.len(), 1);
    assert_eq!(n1.delayed[0].action, 1);
    assert!(n1.render_text().contains(
        "Delayed to the next night: Vic (Vigilante: shoot) on Ann, delayed by Del (Delayer: delay)."
    ));
    assert_eq!(state.delayed.len(), 1);
    let n2 = next_night(&mut state, spec(&DELAYER, &[])).expect("night 2");
    assert_eq!(n2.dead(), ["Ann"]);
    assert!(state.delayed.is_empty());
}

/// https://wiki.mafiascum.net/index.php?title=Roleblocker — a roleblocked Delayer delays
/// nothing: Vic's shot kills Ann on night 1 and nothing waits for night 2.
#[test]
fn a_roleblocked_delayer_delays_nothing() {
    let mut state = GameState::default();
    let n1 = next_night(
        &mut state,
        spec(&DELAYER, &["Vic: Ann", "Del[delay]: Vic", "Rob: Del"]),
    )
    .expect("night 1");
    assert_eq!(n1.dead(), ["Ann"]);
    assert!(n1.delayed.is_empty());
    assert!(state.delayed.is_empty());
}

/// https://wiki.mafiascum.net/index.php?title=Delayed — a delayed action meets the next
/// night's interference: the shot delayed on night 1 is stopped on night 2 by a roleblock on
/// Vic, and is not carried again.
#[test]
fn a_delayed_shot_is_stopped_by_the_next_nights_roleblock() {
    let mut state = GameState::default();
    next_night(&mut state, spec(&DELAYER, &["Vic: Ann", "Del[delay]: Vic"])).expect("night 1");
    let n2 = next_night(&mut state, spec(&DELAYER, &["Rob: Vic"])).expect("night 2");
    assert!(n2.deaths.is_empty());
    assert!(state.delayed.is_empty());
}

/// The state file round-trips through JSON with every field across-nights rules use (uses,
/// last uses, waiting actions), and a state file written before last uses existed still
/// loads.
#[test]
fn the_game_state_round_trips_through_json() {
    let players = [
        ("Doc", "Doctor+non-consecutive"),
        ("Vic", "Vigilante+1-shot"),
        ("Del", "Delayer"),
        ("Ann", "Vanilla"),
    ];
    let mut state = GameState::default();
    next_night(
        &mut state,
        spec(&players, &["Doc: Ann", "Vic: Ann", "Del[delay]: Vic"]),
    )
    .expect("n1");
    assert_eq!(state.last_used["doc"]["protect"], 1);
    assert_eq!(state.used["vic"]["shoot"], 1);
    assert_eq!(state.delayed.len(), 1);
    let json = serde_json::to_string_pretty(&state).expect("json");
    let back: GameState = serde_json::from_str(&json).expect("reads back");
    assert_eq!(back, state);
    let old = r#"{ "night": 2, "used": { "vic": { "shoot": 1 } }, "delayed": [] }"#;
    let old: GameState = serde_json::from_str(old).expect("an older state file");
    assert_eq!(old.night, 2);
    assert!(old.last_used.is_empty());
}
