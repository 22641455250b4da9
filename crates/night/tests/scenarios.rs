//! Hand-worked scenarios covering every role of the standard catalogue, the modifiers, and
//! the open questions decided in docs/decisions.md. Expected outcomes are worked out from
//! the rules of RAR (rules 1-4 and the default rulings), not read off the engine.

mod common;
use common::*;
use mafia_night::{Catalogue, Method, Options, STANDARD_CATALOGUE, resolve_spec};

fn refused(players: &[(&str, &str)], actions: &[&str]) -> String {
    resolve_spec(
        &spec(players, actions),
        &Catalogue::standard().expect("standard catalogue"),
        Method::Rar,
        Options::default(),
    )
    .expect_err("the night should be refused")
    .to_string()
}

/// The standard catalogue plus a role with two separate abilities, to see a blocked
/// player's *other* action.
fn with_blocking_cop(players: &[(&str, &str)], actions: &[&str]) -> mafia_night::Outcome {
    let extra = r#"
[[roles]]
name = "Blocking Cop"
alignment = "town"
[[roles.abilities]]
name = "block"
components = [{ type = "visit" }, { type = "block" }]
[[roles.abilities]]
name = "investigate"
components = [{ type = "visit" }, { type = "investigate" }]
"#;
    let catalogue =
        Catalogue::from_toml(&format!("{STANDARD_CATALOGUE}\n{extra}"), "test").expect("catalogue");
    resolve_spec(
        &spec(players, actions),
        &catalogue,
        Method::Rar,
        Options::default(),
    )
    .expect("valid night")
}

#[test]
fn standard_catalogue_parses_and_has_every_role_of_the_issue_and_the_spec() {
    let cat = Catalogue::from_toml(STANDARD_CATALOGUE, "standard").expect("parses");
    for role in [
        "Vanilla",
        "Goon",
        "Vigilante",
        "Doctor",
        "Bodyguard",
        "Cop",
        "Godfather",
        "Roleblocker",
        "Jailkeeper",
        "Tracker",
        "Watcher",
        "Bus Driver",
        "Redirector",
        "Paranoid Gun Owner",
        "Strongman",
        "Commuter",
        "Rolestopper",
        "Bulletproof",
        "Hider",
        "Cult Recruiter",
        "Hitman",
        "Treestump",
        "Visitor",
        "Mafia Roleblocker",
    ] {
        assert!(cat.role(role).is_some(), "missing {role}");
    }
    assert_eq!(cat, Catalogue::standard().expect("standard catalogue"));
}

// Vanilla, Treestump, Goon, Hitman, Godfather

/// https://wiki.mafiascum.net/index.php?title=Vanilla_Townie — a Vanilla Townie has no power at
/// all, so a night action from one is refused.
#[test]
fn a_vanilla_has_no_night_action() {
    let err = refused(&[("V", "Vanilla"), ("A", "Vanilla")], &["V: A"]);
    assert_eq!(err, "action 1 (by V): V (Vanilla) has no night action");
}

/// https://wiki.mafiascum.net/index.php?title=Treestump — a Treestump has no night action, and
/// the mafia can still kill it.
#[test]
fn a_treestump_has_no_action_and_can_be_killed() {
    let err = refused(&[("T", "Treestump"), ("A", "Vanilla")], &["T: A"]);
    assert!(err.contains("has no night action"), "{err}");
    let night = rar(&[("T", "Treestump"), ("G", "Goon")], &["G: T"]);
    assert_eq!(night.dead(), ["T"]);
}

/// https://wiki.mafiascum.net/index.php?title=Mafia_Goon — a Goon has no power beyond the
/// mafia's kill, which it may carry out, and a Cop finds it Mafia.
#[test]
fn a_goon_carries_out_the_factional_kill_and_investigates_as_mafia() {
    let night = rar(
        &[("A", "Vanilla"), ("G", "Goon"), ("Cop", "Cop")],
        &["G: A", "Cop: G"],
    );
    assert_eq!(night.dead(), ["A"]);
    assert_eq!(night.feedback_of("Cop").as_deref(), Some("G is Mafia."));
}

#[test]
fn the_mafia_has_one_kill_a_night_whoever_carries_it() {
    let err = refused(
        &[("A", "Vanilla"), ("G", "Goon"), ("H", "Hitman")],
        &["G: A", "H: A"],
    );
    assert_eq!(
        err,
        "action 2 (by H): `factional kill` can be used 1 time(s) a night by the whole mafia faction, and this is use number 2"
    );
}

/// https://wiki.mafiascum.net/index.php?title=Hitman — the Hitman (a page not in the stored
/// corpus; the catalogue reads it as the member who carries the kill) carries out the mafia's
/// kill.
#[test]
fn a_hitman_carries_out_the_factional_kill() {
    let night = rar(&[("A", "Vanilla"), ("H", "Hitman")], &["H: A"]);
    assert_eq!(night.dead(), ["A"]);
}

/// https://wiki.mafiascum.net/index.php?title=Godfather — a Cop checking the Godfather is told
/// Not Mafia.
#[test]
fn a_godfather_investigates_as_not_mafia() {
    let night = rar(&[("GF", "Godfather"), ("Cop", "Cop")], &["Cop: GF"]);
    assert_eq!(
        night.feedback_of("Cop").as_deref(),
        Some("GF is Not Mafia.")
    );
}

// Visitor

/// https://wiki.mafiascum.net/index.php?title=Visitor — a Visitor's visit does nothing but is a
/// visit: a Watcher on the player sees it.
#[test]
fn a_visitor_is_seen_by_a_watcher() {
    let night = rar(
        &[("A", "Vanilla"), ("V", "Visitor"), ("W", "Watcher")],
        &["V: A", "W: A"],
    );
    assert_eq!(
        night.feedback_of("W").as_deref(),
        Some("A was visited by V.")
    );
    assert!(night.deaths.is_empty());
}

/// https://wiki.mafiascum.net/index.php?title=Paranoid_Gun_Owner — whoever visits a Paranoid
/// Gun Owner is shot, a harmless Visitor too.
#[test]
fn a_visitor_to_a_paranoid_gun_owner_is_shot() {
    let night = rar(&[("P", "Paranoid Gun Owner"), ("V", "Visitor")], &["V: P"]);
    assert_eq!(night.dead(), ["V"]);
}

// Vigilante

#[test]
fn two_shots_on_one_player_both_count_as_causes() {
    let night = rar(
        &[("A", "Vanilla"), ("V1", "Vigilante"), ("V2", "Vigilante")],
        &["V1: A", "V2: A"],
    );
    assert_eq!(night.dead(), ["A"]);
    assert_eq!(
        night.deaths[0].causes,
        [
            "V1 shot A (Vigilante: shoot)",
            "V2 shot A (Vigilante: shoot)"
        ]
    );
}

#[test]
fn one_standing_protection_stops_every_kill_on_the_player() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("V", "Vigilante"),
            ("G", "Goon"),
            ("Doc", "Doctor"),
        ],
        &["V: A", "G: A", "Doc: A"],
    );
    assert!(night.deaths.is_empty());
    assert_eq!(night.saves[0].attacks.len(), 2);
    assert_eq!(
        night.saves[0].saved_by,
        ["Doc protected A (Doctor: protect)"]
    );
}

/// https://wiki.mafiascum.net/index.php?title=Vigilante — the Vigilante's shot kills its
/// target, here a Paranoid Gun Owner, who shoots the visitor back.
#[test]
fn a_vigilante_shooting_a_pgo_kills_and_is_killed() {
    let night = rar(
        &[("P", "Paranoid Gun Owner"), ("V", "Vigilante")],
        &["V: P"],
    );
    assert_eq!(night.dead(), ["P", "V"]);
}

// Strongman

#[test]
fn a_strongman_kills_through_a_doctor() {
    let night = rar(
        &[("A", "Vanilla"), ("S", "Strongman"), ("Doc", "Doctor")],
        &["S: A", "Doc: A"],
    );
    assert_eq!(night.dead(), ["A"]);
    assert!(night.saves.is_empty());
}

/// A roleblock on the Strongman no longer stops the kill (issue 13): "any kills performed by
/// this player cannot be blocked by any means - ... nor by Roleblocks"
/// (https://wiki.mafiascum.net/index.php?title=Strongman).
#[test]
fn a_strongman_kills_a_jailed_player_and_cannot_be_roleblocked() {
    let night = rar(
        &[("A", "Vanilla"), ("S", "Strongman"), ("JK", "Jailkeeper")],
        &["S: A", "JK: A"],
    );
    assert_eq!(night.dead(), ["A"]);
    let night = rar(
        &[("A", "Vanilla"), ("S", "Strongman"), ("RB", "Roleblocker")],
        &["S: A", "RB: S"],
    );
    assert_eq!(night.dead(), ["A"]);
}

#[test]
fn a_strongman_kills_through_a_vest_without_using_it_up() {
    let night = rar(&[("A", "Vanilla+vest"), ("S", "Strongman")], &["S: A"]);
    assert_eq!(night.dead(), ["A"]);
    assert!(night.vests_used.is_empty());
}

// Doctor

#[test]
fn a_doctor_does_not_stop_a_recruitment() {
    let night = rar(
        &[("A", "Vanilla"), ("Doc", "Doctor"), ("R", "Cult Recruiter")],
        &["Doc: A", "R: A"],
    );
    assert_eq!(night.recruited.len(), 1);
    assert_eq!(night.recruited[0].into, "cult");
}

/// https://wiki.mafiascum.net/index.php?title=Doctor — the Doctor saves only the player the
/// protection lands on: moved away by a Redirector, it saves no one, and the shot player dies.
#[test]
fn a_doctor_redirected_away_saves_no_one() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("B", "Vanilla"),
            ("V", "Vigilante"),
            ("Doc", "Doctor"),
            ("R", "Redirector"),
        ],
        &["V: A", "Doc: A", "R: Doc B"],
    );
    assert_eq!(night.dead(), ["A"]);
}

// Bodyguard

#[test]
fn a_bodyguard_dies_in_place_of_the_guarded_player() {
    let night = rar(
        &[("A", "Vanilla"), ("BG", "Bodyguard"), ("V", "Vigilante")],
        &["BG: A", "V: A"],
    );
    assert_eq!(night.dead(), ["BG"]);
    assert_eq!(
        tree(&night, "Does BG die?"),
        lines(&[
            "• Does BG die? yes",
            "  • Reason for yes: BG guarded A (Bodyguard: guard), and V shot A (Vigilante: shoot) [stands]",
        ])
    );
}

#[test]
fn a_protected_bodyguard_survives_guarding() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("BG", "Bodyguard"),
            ("V", "Vigilante"),
            ("Doc", "Doctor"),
        ],
        &["BG: A", "V: A", "Doc: BG"],
    );
    assert!(night.deaths.is_empty());
}

#[test]
fn a_roleblocked_bodyguard_neither_guards_nor_dies() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("BG", "Bodyguard"),
            ("V", "Vigilante"),
            ("RB", "Roleblocker"),
        ],
        &["BG: A", "V: A", "RB: BG"],
    );
    assert_eq!(night.dead(), ["A"]);
}

// Jailkeeper

/// https://wiki.mafiascum.net/index.php?title=Jailkeeper — the jailed player is both protected
/// from the kill and blocked: the jailed Cop survives and gets no result.
#[test]
fn a_jailed_cop_is_protected_and_gets_no_result() {
    let night = rar(
        &[("Cop", "Cop"), ("G", "Goon"), ("JK", "Jailkeeper")],
        &["Cop: G", "G: Cop", "JK: Cop"],
    );
    assert!(night.deaths.is_empty());
    assert_eq!(night.feedback_of("Cop").as_deref(), Some("No result."));
    assert_eq!(night.saves[0].player, "Cop");
}

#[test]
fn a_jailed_vigilante_does_not_shoot() {
    let night = rar(
        &[("A", "Vanilla"), ("V", "Vigilante"), ("JK", "Jailkeeper")],
        &["V: A", "JK: V"],
    );
    assert!(night.deaths.is_empty());
}

// Roleblocker

/// https://wiki.mafiascum.net/index.php?title=Roleblocker — the roleblocked Vigilante's shot
/// does not happen.
#[test]
fn a_blocked_vigilante_is_told_nothing() {
    let night = rar(
        &[("A", "Vanilla"), ("V", "Vigilante"), ("RB", "Roleblocker")],
        &["V: A", "RB: V"],
    );
    assert!(night.deaths.is_empty());
    assert!(night.feedback.is_empty());
}

#[test]
fn a_blocked_cop_is_told_no_result() {
    let night = rar(
        &[("A", "Goon"), ("Cop", "Cop"), ("RB", "Roleblocker")],
        &["Cop: A", "RB: Cop"],
    );
    assert_eq!(night.feedback_of("Cop").as_deref(), Some("No result."));
}

#[test]
fn two_players_blocking_each_other_both_act_even_cycle() {
    // A blocks B, B blocks A. Asking about A's investigation: B's block on A is countered by
    // A's block on B, whose own counter (B's block) is already in the chain (rule 4).
    let night = with_blocking_cop(
        &[("A", "Blocking Cop"), ("B", "Blocking Cop"), ("G", "Goon")],
        &[
            "A[block]: B",
            "B[block]: A",
            "A[investigate]: G",
            "B[investigate]: G",
        ],
    );
    assert_eq!(night.feedback_of("A").as_deref(), Some("G is Mafia."));
    assert_eq!(night.feedback_of("B").as_deref(), Some("G is Mafia."));
}

#[test]
fn three_players_blocking_round_a_cycle_are_all_blocked_odd_cycle() {
    // A→B→C→A. For A's investigation: C blocks A; B blocks C; A blocks B; C's block would
    // counter A's but is already in the chain, so A's block stands, B's fails, C's stands.
    let night = with_blocking_cop(
        &[
            ("A", "Blocking Cop"),
            ("B", "Blocking Cop"),
            ("C", "Blocking Cop"),
            ("G", "Goon"),
        ],
        &[
            "A[block]: B",
            "B[block]: C",
            "C[block]: A",
            "A[investigate]: G",
            "B[investigate]: G",
            "C[investigate]: G",
        ],
    );
    for p in ["A", "B", "C"] {
        assert_eq!(night.feedback_of(p).as_deref(), Some("No result."), "{p}");
    }
}

/// https://wiki.mafiascum.net/index.php?title=Roleblocker — a mafia Roleblocker blocks the
/// Doctor, so the mafia's kill on the Doctor's target lands.
#[test]
fn a_mafia_roleblocker_blocks_the_doctor_and_the_kill_lands() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("M", "Mafia Roleblocker"),
            ("Doc", "Doctor"),
        ],
        &["M[factional kill]: A", "M[block]: Doc", "Doc: A"],
    );
    assert_eq!(night.dead(), ["A"]);
}

// Cop sanities

/// https://wiki.mafiascum.net/index.php?title=Cop — an Insane Cop (the page's sanities) gets
/// every result inverted: a Goon reads Not Mafia, a townie Mafia.
#[test]
fn an_insane_cop_reads_everything_inverted() {
    let night = rar(
        &[
            ("G", "Goon"),
            ("T", "Vanilla"),
            ("C1", "Cop/insane"),
            ("C2", "Cop/insane"),
        ],
        &["C1: G", "C2: T"],
    );
    assert_eq!(night.feedback_of("C1").as_deref(), Some("G is Not Mafia."));
    assert_eq!(night.feedback_of("C2").as_deref(), Some("T is Mafia."));
}

#[test]
fn a_paranoid_cop_sees_mafia_and_a_naive_cop_sees_town_everywhere() {
    let night = rar(
        &[
            ("G", "Goon"),
            ("T", "Vanilla"),
            ("P", "Cop/paranoid"),
            ("N", "Cop/naive"),
        ],
        &["P: T", "N: G"],
    );
    assert_eq!(night.feedback_of("P").as_deref(), Some("T is Mafia."));
    assert_eq!(night.feedback_of("N").as_deref(), Some("G is Not Mafia."));
}

#[test]
fn a_bus_driven_cop_gets_the_result_of_whom_they_landed_on() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("G", "Goon"),
            ("Cop", "Cop"),
            ("BD", "Bus Driver"),
        ],
        &["Cop: A", "BD: A G"],
    );
    assert_eq!(night.feedback_of("Cop").as_deref(), Some("A is Mafia."));
}

// Tracker

#[test]
fn a_tracker_sees_the_doctor_visit() {
    let night = rar(
        &[("A", "Vanilla"), ("Doc", "Doctor"), ("T", "Tracker")],
        &["Doc: A", "T: Doc"],
    );
    assert_eq!(night.feedback_of("T").as_deref(), Some("Doc visited A."));
}

#[test]
fn a_tracker_on_a_vanilla_sees_them_go_nowhere() {
    let night = rar(&[("A", "Vanilla"), ("T", "Tracker")], &["T: A"]);
    assert_eq!(night.feedback_of("T").as_deref(), Some("A went nowhere."));
}

#[test]
fn a_tracker_sees_where_a_bus_driven_shot_actually_went() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("B", "Vanilla"),
            ("V", "Vigilante"),
            ("BD", "Bus Driver"),
            ("T", "Tracker"),
        ],
        &["V: A", "BD: A B", "T: V"],
    );
    assert_eq!(night.dead(), ["B"]);
    assert_eq!(night.feedback_of("T").as_deref(), Some("V visited B."));
}

#[test]
fn passives_are_not_tracked() {
    let night = rar(&[("P", "Paranoid Gun Owner"), ("T", "Tracker")], &["T: P"]);
    // The tracker visits the PGO and is shot, and sees the PGO go nowhere.
    assert_eq!(night.dead(), ["T"]);
    assert_eq!(night.feedback_of("T").as_deref(), Some("P went nowhere."));
}

// Watcher

#[test]
fn a_watcher_on_an_unvisited_player_sees_no_one() {
    let night = rar(&[("A", "Vanilla"), ("W", "Watcher")], &["W: A"]);
    assert_eq!(night.feedback_of("W").as_deref(), Some("No one visited A."));
}

/// https://wiki.mafiascum.net/index.php?title=Watcher — a Watcher learns everyone who visited
/// the watched player.
#[test]
fn a_watcher_sees_every_visitor_in_setup_order() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("W", "Watcher"),
            ("Doc", "Doctor"),
            ("Cop", "Cop"),
        ],
        &["Cop: A", "Doc: A", "W: A"],
    );
    assert_eq!(
        night.feedback_of("W").as_deref(),
        Some("A was visited by Doc, Cop.")
    );
}

#[test]
fn a_blocked_watcher_gets_no_result() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("W", "Watcher"),
            ("Doc", "Doctor"),
            ("RB", "Roleblocker"),
        ],
        &["Doc: A", "W: A", "RB: W"],
    );
    assert_eq!(night.feedback_of("W").as_deref(), Some("No result."));
}

// Bus Driver

#[test]
fn a_bus_driver_swaps_a_shot_onto_the_other_player() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("B", "Vanilla"),
            ("V", "Vigilante"),
            ("BD", "Bus Driver"),
        ],
        &["V: A", "BD: A B"],
    );
    assert_eq!(night.dead(), ["B"]);
}

#[test]
fn two_bus_drivers_swapping_the_same_pair_cancel_out() {
    // A→B by one and B→A by the other: the shot's only uncontested path ends on A.
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("B", "Vanilla"),
            ("V", "Vigilante"),
            ("BD1", "Bus Driver"),
            ("BD2", "Bus Driver"),
        ],
        &["V: A", "BD1: A B", "BD2: A B"],
    );
    assert_eq!(night.dead(), ["A"]);
}

#[test]
fn a_roleblocked_bus_driver_swaps_nothing() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("B", "Vanilla"),
            ("V", "Vigilante"),
            ("BD", "Bus Driver"),
            ("RB", "Roleblocker"),
        ],
        &["V: A", "BD: A B", "RB: BD"],
    );
    assert_eq!(night.dead(), ["A"]);
}

#[test]
fn a_bus_driver_cannot_name_the_same_player_twice() {
    let err = refused(&[("A", "Vanilla"), ("BD", "Bus Driver")], &["BD: A A"]);
    assert_eq!(err, "action 1 (by BD): `swap` needs two different players");
}

// Redirector

/// https://wiki.mafiascum.net/index.php?title=Redirector — a roleblocked Redirector moves
/// nothing: the shot lands where it was aimed.
#[test]
fn a_roleblocked_redirector_redirects_nothing() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("C", "Vanilla"),
            ("V", "Vigilante"),
            ("R", "Redirector"),
            ("RB", "Roleblocker"),
        ],
        &["V: A", "R: V C", "RB: R"],
    );
    assert_eq!(night.dead(), ["A"]);
}

#[test]
fn a_loop_through_redirection_a_redirector_turns_its_blocker_onto_the_vigilante() {
    // RB blocks R; R redirects RB onto V. The block that would stop R reaches V only through
    // R's redirection, so it cannot counter that redirection (rule 4): V is blocked.
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("V", "Vigilante"),
            ("R", "Redirector"),
            ("RB", "Roleblocker"),
        ],
        &["V: A", "RB: R", "R: RB V"],
    );
    assert!(night.deaths.is_empty());
    assert_eq!(
        tree(&night, "Does A die?"),
        lines(&[
            "• Does A die? no",
            "  • Reason for yes: V shot A (Vigilante: shoot) [counteracted]",
            "    • Reason for no: V was roleblocked: RB blocked R (Roleblocker: block), and the effect on R was redirected onto V by R (Redirector: redirect) [stands]",
            "      • Reason for yes: R was roleblocked: RB blocked R (Roleblocker: block) [no effect: rule 4, RB's action (Roleblocker: block) is already in this chain]",
        ])
    );
}

#[test]
fn a_redirection_naming_a_commuter_fails_and_the_shot_stays() {
    // Naming the commuter as the destination is targeting them: the redirection fails.
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("C", "Commuter"),
            ("V", "Vigilante"),
            ("R", "Redirector"),
        ],
        &["V: A", "R: V C", "C:"],
    );
    assert_eq!(night.dead(), ["A"]);
}

// Paranoid Gun Owner, Bulletproof, vests

#[test]
fn a_roleblocker_visiting_a_pgo_is_shot_unless_protected() {
    let night = rar(
        &[("P", "Paranoid Gun Owner"), ("RB", "Roleblocker")],
        &["RB: P"],
    );
    assert_eq!(night.dead(), ["RB"]);
    let night = rar(
        &[
            ("P", "Paranoid Gun Owner"),
            ("RB", "Roleblocker+bulletproof"),
        ],
        &["RB: P"],
    );
    assert!(night.deaths.is_empty());
}

/// https://wiki.mafiascum.net/index.php?title=Bulletproof — a Bulletproof player survives the
/// mafia's kill, and nothing is used up.
#[test]
fn a_bulletproof_player_survives_the_mafia_kill() {
    let night = rar(&[("B", "Bulletproof"), ("G", "Goon")], &["G: B"]);
    assert!(night.deaths.is_empty());
    assert_eq!(
        night.saves[0].saved_by,
        ["B is protected (Bulletproof: bulletproof)"]
    );
    assert!(night.vests_used.is_empty());
}

/// https://wiki.mafiascum.net/index.php?title=Bulletproof — a one-shot vest (the page's "1-Shot
/// Bulletproof") keeps its wearer alive through the night it is used, and is then used up.
#[test]
fn a_one_shot_vest_stops_every_kill_of_the_night_it_is_used() {
    let night = rar(
        &[("A", "Vanilla+vest"), ("G", "Goon"), ("V", "Vigilante")],
        &["G: A", "V: A"],
    );
    assert!(night.deaths.is_empty());
    assert_eq!(night.vests_used, ["A"]);
}

#[test]
fn a_vest_is_used_even_when_a_doctor_also_protected() {
    let night = rar(
        &[("A", "Vanilla+vest"), ("G", "Goon"), ("Doc", "Doctor")],
        &["G: A", "Doc: A"],
    );
    assert!(night.deaths.is_empty());
    assert_eq!(night.vests_used, ["A"]);
}

#[test]
fn a_vest_is_not_used_when_the_kill_was_blocked() {
    let night = rar(
        &[
            ("A", "Vanilla+vest"),
            ("V", "Vigilante"),
            ("RB", "Roleblocker"),
        ],
        &["V: A", "RB: V"],
    );
    assert!(night.vests_used.is_empty());
    assert!(night.saves.is_empty());
}

// Commuter, Rolestopper

/// https://wiki.mafiascum.net/index.php?title=Commuter — a commuting player cannot be targeted
/// that night: the kill, the investigation and the block on them all fail.
#[test]
fn a_commuter_cannot_be_killed_investigated_or_blocked() {
    let night = rar(
        &[
            ("C", "Commuter"),
            ("G", "Goon"),
            ("Cop", "Cop"),
            ("RB", "Roleblocker"),
        ],
        &["C:", "G: C", "Cop: C", "RB: C"],
    );
    assert!(night.deaths.is_empty());
    assert_eq!(night.feedback_of("Cop").as_deref(), Some("No result."));
}

#[test]
fn a_rolestopped_player_cannot_be_shot() {
    let night = rar(
        &[("A", "Vanilla"), ("RS", "Rolestopper"), ("V", "Vigilante")],
        &["RS: A", "V: A"],
    );
    assert!(night.deaths.is_empty());
}

#[test]
fn a_blocked_rolestopper_stops_nothing() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("RS", "Rolestopper"),
            ("V", "Vigilante"),
            ("RB", "Roleblocker"),
        ],
        &["RS: A", "V: A", "RB: RS"],
    );
    assert_eq!(night.dead(), ["A"]);
}

// Hider

/// https://wiki.mafiascum.net/index.php?title=Hider — a Hider is away from home, so a shot at
/// the Hider misses.
#[test]
fn a_hider_is_not_home_when_shot() {
    let night = rar(
        &[("A", "Vanilla"), ("H", "Hider"), ("V", "Vigilante")],
        &["H: A", "V: H"],
    );
    assert!(night.deaths.is_empty());
}

#[test]
fn a_hider_dies_with_the_player_they_hid_behind() {
    let night = rar(
        &[("A", "Vanilla"), ("H", "Hider"), ("G", "Goon")],
        &["H: A", "G: A"],
    );
    assert_eq!(night.dead(), ["A", "H"]);
}

#[test]
fn a_hider_behind_a_protected_player_lives() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("H", "Hider"),
            ("G", "Goon"),
            ("Doc", "Doctor"),
        ],
        &["H: A", "G: A", "Doc: A"],
    );
    assert!(night.deaths.is_empty());
}

// Cult Recruiter

/// https://wiki.mafiascum.net/index.php?title=Cult_Leader — the recruiter's target joins the
/// cult and is told so.
#[test]
fn a_cult_recruiter_recruits_and_the_recruit_is_told() {
    let night = rar(&[("A", "Vanilla"), ("R", "Cult Recruiter")], &["R: A"]);
    assert_eq!(night.recruited[0].player, "A");
    assert_eq!(
        night.feedback_of("A").as_deref(),
        Some("You have been recruited into the cult.")
    );
}

#[test]
fn a_blocked_cult_recruiter_recruits_no_one() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("R", "Cult Recruiter"),
            ("RB", "Roleblocker"),
        ],
        &["R: A", "RB: R"],
    );
    assert!(night.recruited.is_empty());
}

// Modifiers and validation

/// https://wiki.mafiascum.net/index.php?title=Strong-Willed — a Strong-Willed player's action
/// cannot be roleblocked: the shot lands.
#[test]
fn a_strong_willed_vigilante_cannot_be_blocked() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("V", "Vigilante+strong-willed"),
            ("RB", "Roleblocker"),
        ],
        &["V: A", "RB: V"],
    );
    assert_eq!(night.dead(), ["A"]);
}

#[test]
fn invalid_actions_name_the_action_and_the_reason() {
    let players = [("A", "Cop"), ("B", "Bus Driver"), ("C", "Vanilla")];
    assert_eq!(
        refused(&players, &["Zed: A"]),
        "action 1 (by Zed): `Zed` is not a player of this game"
    );
    assert_eq!(
        refused(&players, &["A: C", "B: A"]),
        "action 2 (by B): `swap` takes 2 target(s), but 1 were given"
    );
    assert_eq!(
        refused(&players, &["A[shoot]: C"]),
        "action 1 (by A): A (Cop) has no ability `shoot`; expected one of: investigate"
    );
    assert_eq!(
        refused(&[("A", "Wizard")], &[]),
        "player A: unknown role `Wizard` (not in the role catalogue)"
    );
    assert_eq!(
        refused(&[("M", "Mafia Roleblocker"), ("A", "Cop")], &["M: A"]),
        "action 1 (by M): say which ability M uses: one of block, factional kill"
    );
}

#[test]
fn a_dead_player_can_be_neither_actor_nor_target() {
    let mut s = spec(&[("A", "Cop"), ("B", "Goon")], &["A: B"]);
    s.players[1].alive = false;
    let err = resolve_spec(
        &s,
        &Catalogue::standard().expect("standard catalogue"),
        Method::Rar,
        Options::default(),
    )
    .expect_err("dead target");
    assert_eq!(err.to_string(), "action 1 (by A): target B is dead");
}

#[test]
fn a_night_past_the_evaluation_budget_is_refused_not_left_running() {
    let loop_night = spec(
        &[
            ("A", "Roleblocker"),
            ("B", "Jailkeeper"),
            ("V", "Vigilante"),
        ],
        &["V: A", "A: B", "B: A"],
    );
    let tight = Options {
        max_evaluations: 2,
        ..Options::default()
    };
    let err = resolve_spec(
        &loop_night,
        &Catalogue::standard().expect("standard catalogue"),
        Method::Rar,
        tight,
    )
    .expect_err("three evaluations are needed");
    assert!(
        matches!(err, mafia_night::NightError::TooComplex { limit: 2, .. }),
        "{err}"
    );
    let ok = resolve_spec(
        &loop_night,
        &Catalogue::standard().expect("standard catalogue"),
        Method::Rar,
        Options::default(),
    )
    .expect("within the default budget");
    assert_eq!(ok.dead(), ["A"]);
}

#[test]
fn a_catalogue_is_checked_when_loaded() {
    let bad_swap = r#"
[[roles]]
name = "Self Driver"
alignment = "town"
[[roles.abilities]]
name = "swap"
targets = 2
self_target = "only"
components = [{ type = "swap" }]
"#;
    let err = Catalogue::from_toml(bad_swap, "roles.toml").expect_err("refused");
    assert_eq!(
        err.to_string(),
        "roles.toml: Self Driver, ability `swap`: a redirect or swap needs exactly 2 targets"
    );
    let unknown_component = "[[roles]]\nname = \"X\"\nalignment = \"town\"\n[[roles.abilities]]\nname = \"zap\"\ncomponents = [{ type = \"zap\" }]\n";
    let err = Catalogue::from_toml(unknown_component, "roles.toml").expect_err("refused");
    assert!(err.to_string().starts_with("roles.toml:6:"), "{err}");
    assert!(err.to_string().contains("zap"), "{err}");
}
