//! The interactions issue 13 found wrong against the MafiaScum wiki's role pages, each on a
//! scenario written for it; every test cites the page it follows. Expected outcomes are
//! worked out from the page's words, not read off the engine.

mod common;
use common::*;

// Strongman: https://wiki.mafiascum.net/index.php?title=Strongman
// "cannot be blocked by any means - neither by Bulletproof, nor by Doctor or other
// protective roles, nor by Roleblocks"; "A Strongman cannot be stopped from performing a
// kill, unless their target has commuted. A Bodyguard would essentially be stopped from
// protecting against a kill and would not die."

/// https://wiki.mafiascum.net/index.php?title=Strongman — a roleblock on the Strongman does
/// not stop the kill: the townie he shoots dies all the same.
#[test]
fn a_roleblocked_strongman_still_kills() {
    let night = rar(
        &[
            ("Ann", "Vanilla"),
            ("Sam", "Strongman"),
            ("Rob", "Roleblocker"),
        ],
        &["Sam: Ann", "Rob: Sam"],
    );
    assert_eq!(night.dead(), ["Ann"]);
}

/// https://wiki.mafiascum.net/index.php?title=Strongman — jailing the Strongman neither
/// blocks his kill nor protects him from anything relevant: his target dies.
#[test]
fn a_jailed_strongman_still_kills() {
    let night = rar(
        &[
            ("Ann", "Vanilla"),
            ("Sam", "Strongman"),
            ("Jo", "Jailkeeper"),
        ],
        &["Sam: Ann", "Jo: Sam"],
    );
    assert_eq!(night.dead(), ["Ann"]);
}

/// https://wiki.mafiascum.net/index.php?title=Rolestopper — "A Rolestopper cannot block a
/// Strongman from committing a kill": the rolestopped target is shot dead.
#[test]
fn a_rolestopper_does_not_save_the_strongmans_target() {
    let night = rar(
        &[
            ("Ann", "Vanilla"),
            ("Sam", "Strongman"),
            ("Rita", "Rolestopper"),
        ],
        &["Rita: Ann", "Sam: Ann"],
    );
    assert_eq!(night.dead(), ["Ann"]);
}

/// https://wiki.mafiascum.net/index.php?title=Strongman — "unless their target has
/// commuted": a commuter is out of the Strongman's reach.
#[test]
fn a_commuting_target_escapes_the_strongman() {
    let night = rar(
        &[("Cal", "Commuter"), ("Sam", "Strongman")],
        &["Cal:", "Sam: Cal"],
    );
    assert!(night.deaths.is_empty());
}

/// https://wiki.mafiascum.net/index.php?title=Strongman — "A Bodyguard would essentially be
/// stopped from protecting against a kill and would not die": the guarded player dies, the
/// bodyguard lives.
#[test]
fn a_bodyguard_against_a_strongman_is_stopped_and_survives() {
    let night = rar(
        &[
            ("Ann", "Vanilla"),
            ("Sam", "Strongman"),
            ("Ben", "Bodyguard"),
        ],
        &["Ben: Ann", "Sam: Ann"],
    );
    assert_eq!(night.dead(), ["Ann"]);
}

// Bodyguard: https://wiki.mafiascum.net/index.php?title=Bodyguard
// "if the protected player is supposed to be killed, the Bodyguard is killed instead".

/// https://wiki.mafiascum.net/index.php?title=Bodyguard — a cop who investigates a Paranoid
/// Gun Owner would be shot by the owner's reflex; the bodyguard guarding the cop takes that
/// bullet: the cop lives and the bodyguard dies.
#[test]
fn a_bodyguard_takes_the_bullet_of_a_paranoid_gun_owners_reflex() {
    let night = rar(
        &[
            ("Cora", "Cop"),
            ("Pat", "Paranoid Gun Owner"),
            ("Ben", "Bodyguard"),
        ],
        &["Cora: Pat", "Ben: Cora"],
    );
    assert_eq!(night.dead(), ["Ben"]);
    assert_eq!(
        tree(&night, "Does Ben die?"),
        lines(&[
            "• Does Ben die? yes",
            "  • Reason for yes: Ben guarded Cora (Bodyguard: guard), and Cora visited Pat (Cop: investigate), and Pat was armed (Paranoid Gun Owner: armed) [stands]",
        ])
    );
}

/// https://wiki.mafiascum.net/index.php?title=Bodyguard — a blocked bodyguard guards no one:
/// the cop visiting the gun owner is shot, the bodyguard lives.
#[test]
fn a_blocked_bodyguard_does_not_take_the_reflex_bullet() {
    let night = rar(
        &[
            ("Cora", "Cop"),
            ("Pat", "Paranoid Gun Owner"),
            ("Ben", "Bodyguard"),
            ("Rob", "Roleblocker"),
        ],
        &["Cora: Pat", "Ben: Cora", "Rob: Ben"],
    );
    assert_eq!(night.dead(), ["Cora"]);
}

// Tracker: https://wiki.mafiascum.net/index.php?title=Tracker
// "actions were blocked because their target was immune to actions (e.g. because the
// target was rolestopped or Ascetic) can be seen on a Tracker report".

/// https://wiki.mafiascum.net/index.php?title=Tracker — the vigilante's shot at a
/// rolestopped player fails, but the tracker following the vigilante still sees him go
/// there.
#[test]
fn a_tracker_sees_a_visit_to_a_rolestopped_player() {
    let night = rar(
        &[
            ("Ann", "Vanilla"),
            ("Vic", "Vigilante"),
            ("Rita", "Rolestopper"),
            ("Tom", "Tracker"),
        ],
        &["Vic: Ann", "Rita: Ann", "Tom: Vic"],
    );
    assert!(night.deaths.is_empty());
    assert_eq!(
        night.feedback_of("Tom").as_deref(),
        Some("Vic visited Ann.")
    );
}

/// https://wiki.mafiascum.net/index.php?title=Ascetic — "A role attempting to target an
/// Ascetic should be seen doing so by Trackers"; the cop's investigation of the Ascetic
/// gets "no result".
#[test]
fn a_tracker_sees_a_cop_visit_an_ascetic_who_gets_no_result() {
    let night = rar(
        &[
            ("Asa", "Vanilla+ascetic"),
            ("Cora", "Cop"),
            ("Tom", "Tracker"),
        ],
        &["Cora: Asa", "Tom: Cora"],
    );
    assert_eq!(night.feedback_of("Cora").as_deref(), Some("No result."));
    assert_eq!(
        night.feedback_of("Tom").as_deref(),
        Some("Cora visited Asa.")
    );
}

/// https://wiki.mafiascum.net/index.php?title=Tracker — a roleblocked player's action "is
/// considered to not have happened for tracking purposes": the tracker sees them go
/// nowhere (the contrast to the rolestopped target above).
#[test]
fn a_tracker_does_not_see_the_visit_of_a_roleblocked_player() {
    let night = rar(
        &[
            ("Ann", "Vanilla"),
            ("Vic", "Vigilante"),
            ("Rob", "Roleblocker"),
            ("Tom", "Tracker"),
        ],
        &["Vic: Ann", "Rob: Vic", "Tom: Vic"],
    );
    assert_eq!(
        night.feedback_of("Tom").as_deref(),
        Some("Vic went nowhere.")
    );
}

// Bus Driver: https://wiki.mafiascum.net/index.php?title=Bus_Driver
// A Bus Driver swaps two players: every action on one lands on the other. Two Bus Drivers
// both naming Ann apply in the order their users are listed in the setup
// (`swaps = "in-order"`, the default), whatever order the actions were sent in.

const TWO_BUSES: [(&str, &str); 6] = [
    ("Ann", "Vanilla"),
    ("Bea", "Vanilla"),
    ("Cid", "Vanilla"),
    ("Vic", "Vigilante"),
    ("Dan", "Bus Driver"),
    ("Eve", "Bus Driver"),
];

/// https://wiki.mafiascum.net/index.php?title=Bus_Driver — Dan swaps Ann and Bea, Eve swaps
/// Ann and Cid, and Vic shoots Ann: the shot leaves Ann. Dan is listed before Eve, so his
/// swap moves the shot onto Bea, where Eve's swap (Ann and Cid) does not touch it; the
/// order the actions were sent in does not matter, the setup's order does.
#[test]
fn two_bus_drivers_both_swapping_the_target_move_the_kill_by_setup_order() {
    let night = rar(&TWO_BUSES, &["Vic: Ann", "Dan: Ann Bea", "Eve: Ann Cid"]);
    assert_eq!(night.dead(), ["Bea"]);
    let night = rar(&TWO_BUSES, &["Vic: Ann", "Eve: Ann Cid", "Dan: Ann Bea"]);
    assert_eq!(night.dead(), ["Bea"]);
    let mut eve_first = TWO_BUSES.to_vec();
    eve_first.swap(4, 5);
    let night = rar(&eve_first, &["Vic: Ann", "Dan: Ann Bea", "Eve: Ann Cid"]);
    assert_eq!(night.dead(), ["Cid"]);
}

/// https://wiki.mafiascum.net/index.php?title=Bus_Driver — when the first Bus Driver is
/// roleblocked, only the second one's swap happens: the shot goes to Cid.
#[test]
fn when_the_first_bus_driver_is_blocked_the_second_moves_the_kill() {
    let mut players = TWO_BUSES.to_vec();
    players.push(("Rob", "Roleblocker"));
    let night = rar(
        &players,
        &["Vic: Ann", "Dan: Ann Bea", "Eve: Ann Cid", "Rob: Dan"],
    );
    assert_eq!(night.dead(), ["Cid"]);
}

/// The spec's RAR reading, kept as a setup rule: under `swaps = "contest"` the two swaps
/// counter each other and the shot stays on Ann.
#[test]
fn under_the_contest_rule_two_bus_drivers_leave_the_kill_in_place() {
    let night = rar_rules(
        r#"swaps = "contest""#,
        &TWO_BUSES,
        &["Vic: Ann", "Dan: Ann Bea", "Eve: Ann Cid"],
    );
    assert_eq!(night.dead(), ["Ann"]);
}

// Doctor: https://wiki.mafiascum.net/index.php?title=Doctor
// The setup rule `protection`: "every-kill" (the default, the spec's "the Doctor action
// prevents kills") or "one-per-kill" (one protection per kill).

const TWO_KILLS: [(&str, &str); 5] = [
    ("Ann", "Vanilla"),
    ("Gus", "Goon"),
    ("Vic", "Vigilante"),
    ("Doc", "Doctor"),
    ("Dee", "Doctor"),
];

/// https://wiki.mafiascum.net/index.php?title=Doctor — the mafia and the vigilante both
/// shoot Ann and one doctor protects her: by default the one protection stops both.
#[test]
fn by_default_one_protection_stops_every_kill() {
    let night = rar(&TWO_KILLS, &["Gus: Ann", "Vic: Ann", "Doc: Ann"]);
    assert!(night.deaths.is_empty());
}

/// https://wiki.mafiascum.net/index.php?title=Doctor — under `protection = "one-per-kill"`
/// one doctor stops one of the two shots, and Ann dies of the other.
#[test]
fn one_per_kill_one_protection_against_two_kills_is_not_enough() {
    let night = rar_rules(
        r#"protection = "one-per-kill""#,
        &TWO_KILLS,
        &["Gus: Ann", "Vic: Ann", "Doc: Ann"],
    );
    assert_eq!(night.dead(), ["Ann"]);
    assert!(night.saves.is_empty());
}

/// https://wiki.mafiascum.net/index.php?title=Doctor — under `protection = "one-per-kill"`
/// two doctors stop the two shots.
#[test]
fn one_per_kill_two_protections_stop_two_kills() {
    let night = rar_rules(
        r#"protection = "one-per-kill""#,
        &TWO_KILLS,
        &["Gus: Ann", "Vic: Ann", "Doc: Ann", "Dee: Ann"],
    );
    assert!(night.deaths.is_empty());
    assert_eq!(night.saves[0].player, "Ann");
}

/// https://wiki.mafiascum.net/index.php?title=Bodyguard — "If multiple people try to kill
/// the Bodyguard's target, both the Bodyguard and the protected player will die" (under
/// `protection = "one-per-kill"`).
#[test]
fn one_per_kill_a_bodyguard_against_two_kills_dies_with_the_target() {
    let night = rar_rules(
        r#"protection = "one-per-kill""#,
        &[
            ("Ann", "Vanilla"),
            ("Gus", "Goon"),
            ("Vic", "Vigilante"),
            ("Ben", "Bodyguard"),
        ],
        &["Gus: Ann", "Vic: Ann", "Ben: Ann"],
    );
    assert_eq!(night.dead(), ["Ann", "Ben"]);
}
