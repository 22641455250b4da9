//! Every worked example of Part 2, Method 2 (Reasonable Action Resolution) of
//! `forum-rules-and-night-resolution.txt`, with the spec's outcome and reason tree.
//!
//! Trees are written as the spec writes them, with two additions the engine always prints so
//! a GM can check the work: each reason's status, and reasons that rule 4 rules out (the spec
//! shows these only in the Jailkeeper examples).

mod common;
use common::*;
use mafia_night::{ActionSpec, Catalogue, Method, Options, STANDARD_CATALOGUE, resolve_spec};

#[test]
fn a_vigilante_shoots_player_a() {
    let night = rar(&[("A", "Vanilla"), ("Vig", "Vigilante")], &["Vig: A"]);
    assert_eq!(night.dead(), ["A"]);
    assert_eq!(
        tree(&night, "Does A die?"),
        lines(&[
            "• Does A die? yes",
            "  • Reason for yes: Vig shot A (Vigilante: shoot) [stands]",
        ])
    );
}

#[test]
fn a_cop_investigates_player_a() {
    let night = rar(&[("A", "Goon"), ("Cop", "Cop")], &["Cop: A"]);
    assert_eq!(night.feedback_of("Cop").as_deref(), Some("A is Mafia."));
    assert_eq!(
        tree(&night, "Does Cop get a result on A?"),
        lines(&[
            "• Does Cop get a result on A? yes",
            "  • Reason for yes: Cop investigated A (Cop: investigate) [stands]",
        ])
    );
}

#[test]
fn a_doctor_protects_player_a_and_a_vigilante_shoots_player_a() {
    let night = rar(
        &[("A", "Vanilla"), ("Doc", "Doctor"), ("Vig", "Vigilante")],
        &["Doc: A", "Vig: A"],
    );
    assert!(night.deaths.is_empty());
    assert_eq!(
        tree(&night, "Does A die?"),
        lines(&[
            "• Does A die? no",
            "  • Reason for yes: Vig shot A (Vigilante: shoot) [counteracted]",
            "    • Reason for no: Doc protected A (Doctor: protect) [stands]",
        ])
    );
}

#[test]
fn the_doctor_is_roleblocked() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("B", "Doctor"),
            ("Vig", "Vigilante"),
            ("RB", "Roleblocker"),
        ],
        &["B: A", "Vig: A", "RB: B"],
    );
    assert_eq!(night.dead(), ["A"]);
    assert_eq!(
        tree(&night, "Does A die?"),
        lines(&[
            "• Does A die? yes",
            "  • Reason for yes: Vig shot A (Vigilante: shoot) [stands]",
            "    • Reason for no: B protected A (Doctor: protect) [counteracted]",
            "      • Reason for yes: B was roleblocked: RB blocked B (Roleblocker: block) [stands]",
        ])
    );
}

#[test]
fn counteracting_reasons_chain_indefinitely() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("B", "Doctor"),
            ("Vig", "Vigilante"),
            ("C", "Roleblocker"),
            ("D", "Roleblocker"),
        ],
        &["B: A", "Vig: A", "C: B", "D: C"],
    );
    assert!(night.deaths.is_empty());
    assert_eq!(
        tree(&night, "Does A die?"),
        lines(&[
            "• Does A die? no",
            "  • Reason for yes: Vig shot A (Vigilante: shoot) [counteracted]",
            "    • Reason for no: B protected A (Doctor: protect) [stands]",
            "      • Reason for yes: B was roleblocked: C blocked B (Roleblocker: block) [counteracted]",
            "        • Reason for no: C was roleblocked: D blocked C (Roleblocker: block) [stands]",
        ])
    );
}

#[test]
fn more_than_one_reason_against_a_kill() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("B", "Doctor"),
            ("Vig", "Vigilante"),
            ("JK", "Jailkeeper"),
            ("RB", "Roleblocker"),
        ],
        &["B: A", "Vig: A", "JK: A", "RB: B"],
    );
    assert!(night.deaths.is_empty());
    assert_eq!(
        tree(&night, "Does A die?"),
        lines(&[
            "• Does A die? no",
            "  • Reason for yes: Vig shot A (Vigilante: shoot) [counteracted]",
            "    • Reason for no: B protected A (Doctor: protect) [counteracted]",
            "      • Reason for yes: B was roleblocked: RB blocked B (Roleblocker: block) [stands]",
            "    • Reason for no: JK protected A (Jailkeeper: jail) [stands]",
        ])
    );
}

const TRACKING: [(&str, &str); 4] = [
    ("A", "Vanilla"),
    ("B", "Vigilante"),
    ("C", "Tracker"),
    ("RB", "Roleblocker"),
];

#[test]
fn a_tracker_sees_the_vigilante_visit() {
    let night = rar(&TRACKING, &["B: A", "C: B"]);
    assert_eq!(night.feedback_of("C").as_deref(), Some("B visited A."));
    assert_eq!(
        tree(&night, "Does C see B visit A?"),
        lines(&[
            "• Does C see B visit A? yes",
            "  • Reason for yes: C tracked B (Tracker: track), and B visited A (Vigilante: shoot) [stands]",
        ])
    );
}

#[test]
fn a_roleblocked_tracker_gets_no_result() {
    let night = rar(&TRACKING, &["B: A", "C: B", "RB: C"]);
    assert_eq!(night.feedback_of("C").as_deref(), Some("No result."));
    assert_eq!(night.dead(), ["A"]);
    assert_eq!(
        tree(&night, "Does C see B visit A?"),
        lines(&[
            "• Does C see B visit A? no",
            "  • Reason for yes: C tracked B (Tracker: track), and B visited A (Vigilante: shoot) [counteracted]",
            "    • Reason for no: C was roleblocked: RB blocked C (Roleblocker: block) [stands]",
        ])
    );
    // The spec says "no reasons for yes"; the engine shows the one reason and its counter.
    assert_eq!(
        tree(&night, "Does C see B take no action?"),
        lines(&[
            "• Does C see B take no action? no",
            "  • Reason for yes: C tracked B (Tracker: track) [counteracted]",
            "    • Reason for no: C was roleblocked: RB blocked C (Roleblocker: block) [stands]",
            "    • Reason for no: B visited A (Vigilante: shoot) [stands]",
        ])
    );
}

#[test]
fn a_tracker_on_a_roleblocked_player_sees_them_go_nowhere() {
    let night = rar(&TRACKING, &["B: A", "C: B", "RB: B"]);
    assert_eq!(night.feedback_of("C").as_deref(), Some("B went nowhere."));
    assert!(night.deaths.is_empty());
    assert_eq!(
        tree(&night, "Does C see B visit A?"),
        lines(&[
            "• Does C see B visit A? no",
            "  • Reason for yes: C tracked B (Tracker: track), and B visited A (Vigilante: shoot) [counteracted]",
            "    • Reason for no: B was roleblocked: RB blocked B (Roleblocker: block) [stands]",
        ])
    );
    assert_eq!(
        tree(&night, "Does C see B take no action?"),
        lines(&[
            "• Does C see B take no action? yes",
            "  • Reason for yes: C tracked B (Tracker: track) [stands]",
            "    • Reason for no: B visited A (Vigilante: shoot) [counteracted]",
            "      • Reason for yes: B was roleblocked: RB blocked B (Roleblocker: block) [stands]",
        ])
    );
}

#[test]
fn a_redirector_sends_the_vigilante_onto_player_c() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("B", "Vigilante"),
            ("C", "Vanilla"),
            ("R", "Redirector"),
        ],
        &["B: A", "R: B C"],
    );
    assert_eq!(night.dead(), ["C"]);
    assert_eq!(
        tree(&night, "Does A die?"),
        lines(&[
            "• Does A die? no",
            "  • Reason for yes: B shot A (Vigilante: shoot) [counteracted]",
            "    • Reason for no: the effect on A was redirected onto C by R (Redirector: redirect) [stands]",
        ])
    );
    assert_eq!(
        tree(&night, "Does C die?"),
        lines(&[
            "• Does C die? yes",
            "  • Reason for yes: B shot A (Vigilante: shoot), and the effect on A was redirected onto C by R (Redirector: redirect) [stands]",
        ])
    );
}

#[test]
fn a_cop_investigates_a_paranoid_gun_owner() {
    let night = rar(&[("A", "Cop"), ("B", "Paranoid Gun Owner")], &["A: B"]);
    assert_eq!(night.dead(), ["A"]);
    assert_eq!(night.feedback_of("A").as_deref(), Some("B is Not Mafia."));
    assert_eq!(
        tree(&night, "Does A die?"),
        lines(&[
            "• Does A die? yes",
            "  • Reason for yes: A visited B (Cop: investigate), and B was armed (Paranoid Gun Owner: armed) [stands]",
        ])
    );
}

#[test]
fn a_doctor_interferes_with_the_pgo_shot() {
    let night = rar(
        &[("A", "Cop"), ("B", "Paranoid Gun Owner"), ("Doc", "Doctor")],
        &["A: B", "Doc: A"],
    );
    assert!(night.deaths.is_empty());
    assert_eq!(
        tree(&night, "Does A die?"),
        lines(&[
            "• Does A die? no",
            "  • Reason for yes: A visited B (Cop: investigate), and B was armed (Paranoid Gun Owner: armed) [counteracted]",
            "    • Reason for no: Doc protected A (Doctor: protect) [stands]",
        ])
    );
}

#[test]
fn interfering_with_the_visit_to_the_pgo_works_as_well() {
    let night = rar(
        &[
            ("A", "Cop"),
            ("B", "Paranoid Gun Owner"),
            ("RB", "Roleblocker"),
        ],
        &["A: B", "RB: A"],
    );
    assert!(night.deaths.is_empty());
    assert_eq!(night.feedback_of("A").as_deref(), Some("No result."));
}

const BUSES: [(&str, &str); 6] = [
    ("A", "Vanilla"),
    ("B", "Vanilla"),
    ("C", "Vanilla"),
    ("Vig", "Vigilante"),
    ("BD1", "Bus Driver"),
    ("BD2", "Bus Driver"),
];

/// The spec's reading ("both the bus drives effectively block the other") is the setup rule
/// `swaps = "contest"`; the default since issue 13 is `"in-order"`, under which the swap of
/// the bus driver listed first in the setup (BD1's) moves the shot onto A, as the MafiaScum
/// Bus Driver page and the other engines have it (docs/decisions.md).
#[test]
fn two_bus_drivers_swapping_the_shot_player_block_each_other() {
    let night = rar(&BUSES, &["Vig: B", "BD1: A B", "BD2: B C"]);
    assert_eq!(night.dead(), ["A"]);
    let night = rar_rules(
        r#"swaps = "contest""#,
        &BUSES,
        &["Vig: B", "BD1: A B", "BD2: B C"],
    );
    assert_eq!(night.dead(), ["B"]);
    assert_eq!(
        tree(&night, "Does A die?"),
        lines(&[
            "• Does A die? no",
            "  • Reason for yes: Vig shot B (Vigilante: shoot), and the effect on B was swapped onto A by BD1 (Bus Driver: swap) [counteracted]",
            "    • Reason for no: the effect on B was swapped onto C by BD2 (Bus Driver: swap) [stands]",
            "      • Reason for yes: the effect on B was swapped onto A by BD1 (Bus Driver: swap) [no effect: rule 4, BD1's action (Bus Driver: swap) is already in this chain]",
        ])
    );
    assert_eq!(
        tree(&night, "Does B die?"),
        lines(&[
            "• Does B die? yes",
            "  • Reason for yes: Vig shot B (Vigilante: shoot) [stands]",
            "    • Reason for no: the effect on B was swapped onto A by BD1 (Bus Driver: swap) [counteracted]",
            "      • Reason for yes: the effect on B was swapped onto C by BD2 (Bus Driver: swap) [stands]",
            "        • Reason for no: the effect on B was swapped onto A by BD1 (Bus Driver: swap) [no effect: rule 4, BD1's action (Bus Driver: swap) is already in this chain]",
            "    • Reason for no: the effect on B was swapped onto C by BD2 (Bus Driver: swap) [counteracted]",
            "      • Reason for yes: the effect on B was swapped onto A by BD1 (Bus Driver: swap) [stands]",
            "        • Reason for no: the effect on B was swapped onto C by BD2 (Bus Driver: swap) [no effect: rule 4, BD2's action (Bus Driver: swap) is already in this chain]",
        ])
    );
}

#[test]
fn swapping_from_b_to_c_does_not_interfere_with_a_shot_on_a() {
    let night = rar(&BUSES, &["Vig: A", "BD1: A B", "BD2: B C"]);
    assert_eq!(
        tree(&night, "Does A die?"),
        lines(&[
            "• Does A die? no",
            "  • Reason for yes: Vig shot A (Vigilante: shoot) [counteracted]",
            "    • Reason for no: the effect on A was swapped onto B by BD1 (Bus Driver: swap) [stands]",
        ])
    );
    assert_eq!(
        tree(&night, "Does B die?"),
        lines(&[
            "• Does B die? no",
            "  • Reason for yes: Vig shot A (Vigilante: shoot), and the effect on A was swapped onto B by BD1 (Bus Driver: swap) [counteracted]",
            "    • Reason for no: the effect on B was swapped onto C by BD2 (Bus Driver: swap) [stands]",
        ])
    );
    // The spec stops at B; the shot travels on (docs/decisions.md: redirections chain).
    assert_eq!(night.dead(), ["C"]);
}

#[test]
fn the_most_famous_loop_roleblocker_against_jailkeeper() {
    let night = rar(
        &[
            ("A", "Roleblocker"),
            ("B", "Jailkeeper"),
            ("Vig", "Vigilante"),
        ],
        &["Vig: A", "A: B", "B: A"],
    );
    assert_eq!(night.dead(), ["A"]);
    assert_eq!(
        tree(&night, "Does A die?"),
        lines(&[
            "• Does A die? yes",
            "  • Reason for yes: Vig shot A (Vigilante: shoot) [stands]",
            "    • Reason for no: B protected A (Jailkeeper: jail) [counteracted]",
            "      • Reason for yes: B was roleblocked: A blocked B (Roleblocker: block) [stands]",
            "        • Reason for no: A was roleblocked: B blocked A (Jailkeeper: jail) [no effect: rule 4, B's action (Jailkeeper: jail) is already in this chain]",
        ])
    );
}

#[test]
fn a_mafia_roleblocker_shoots_and_blocks_a_jailkeeper() {
    let night = rar(
        &[("A", "Jailkeeper"), ("B", "Mafia Roleblocker")],
        &["B[factional kill]: A", "B[block]: A", "A: B"],
    );
    assert_eq!(night.dead(), ["A"]);
    assert_eq!(
        tree(&night, "Does A die?"),
        lines(&[
            "• Does A die? yes",
            "  • Reason for yes: B shot A (mafia: factional kill) [stands]",
            "    • Reason for no: B was roleblocked: A blocked B (Jailkeeper: jail) [counteracted]",
            "      • Reason for yes: A was roleblocked: B blocked A (Mafia Roleblocker: block) [stands]",
            "        • Reason for no: B was roleblocked: A blocked B (Jailkeeper: jail) [no effect: rule 4, A's action (Jailkeeper: jail) is already in this chain]",
        ])
    );
}

/// The spec's caveat: by the plain rules, a player killed and recruited the same night
/// changes alignment.
#[test]
fn killed_and_recruited_by_the_plain_rules_the_player_is_recruited() {
    let extra = r#"
[[roles]]
name = "Plain Recruiter"
alignment = "cult"
[[roles.abilities]]
name = "recruit"
components = [{ type = "visit" }, { type = "recruit" }]
"#;
    let catalogue =
        Catalogue::from_toml(&format!("{STANDARD_CATALOGUE}\n{extra}"), "test catalogue")
            .expect("catalogue with an extra role");
    let spec = spec(
        &[
            ("A", "Vanilla"),
            ("Vig", "Vigilante"),
            ("R", "Plain Recruiter"),
        ],
        &["Vig: A", "R: A"],
    );
    let night = resolve_spec(&spec, &catalogue, Method::Rar, Options::default()).expect("valid");
    assert_eq!(night.dead(), ["A"]);
    assert_eq!(night.recruited.len(), 1);
    assert_eq!(night.recruited[0].player, "A");
}

/// The spec's fix, which the standard Cult Recruiter carries: any reason the player dies is
/// a reason the recruitment fails, counteracted by the same things.
#[test]
fn killed_and_recruited_with_the_fix_the_player_just_dies() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("Vig", "Vigilante"),
            ("R", "Cult Recruiter"),
        ],
        &["Vig: A", "R: A"],
    );
    assert_eq!(night.dead(), ["A"]);
    assert!(night.recruited.is_empty());
    assert_eq!(
        tree(&night, "Is A recruited?"),
        lines(&[
            "• Is A recruited? no",
            "  • Reason for yes: R recruited A (Cult Recruiter: recruit) [counteracted]",
            "    • Reason for no: Vig shot A (Vigilante: shoot) [stands]",
        ])
    );
}

#[test]
fn killed_protected_and_recruited_with_the_fix_the_player_survives_and_is_recruited() {
    let night = rar(
        &[
            ("A", "Vanilla"),
            ("Vig", "Vigilante"),
            ("Doc", "Doctor"),
            ("R", "Cult Recruiter"),
        ],
        &["Vig: A", "Doc: A", "R: A"],
    );
    assert!(night.deaths.is_empty());
    assert_eq!(night.recruited.len(), 1);
    assert_eq!(
        night.feedback_of("A").as_deref(),
        Some("You have been recruited into the cult.")
    );
}

#[test]
fn default_rulings_no_self_targeting() {
    let spec = spec(&[("Doc", "Doctor")], &["Doc: Doc"]);
    let err = resolve_spec(
        &spec,
        &Catalogue::standard().expect("standard catalogue"),
        Method::Rar,
        Options::default(),
    )
    .expect_err("self-targeting is refused");
    assert_eq!(
        err.to_string(),
        "action 1 (by Doc): Doc cannot target themself with `protect` (no self-targeting unless the role says so)"
    );
}

#[test]
fn default_rulings_passives_cannot_be_blocked_or_redirected() {
    // A Roleblocker on the PGO and a bus driver swapping the PGO change nothing.
    let night = rar(
        &[
            ("A", "Cop"),
            ("B", "Paranoid Gun Owner"),
            ("C", "Vanilla"),
            ("RB", "Roleblocker"),
            ("BD", "Bus Driver"),
        ],
        &["A: B", "RB: B", "BD: B C"],
    );
    // The cop's visit is swapped onto C, so the cop does not visit B. The PGO's passive is
    // neither blocked nor moved: it stays on B, and the bus driver, who visited B, is shot.
    assert_eq!(night.dead(), ["BD"]);
    assert_eq!(night.feedback_of("A").as_deref(), Some("B is Not Mafia."));
    let night = rar(
        &[
            ("A", "Cop"),
            ("B", "Paranoid Gun Owner"),
            ("RB", "Roleblocker"),
        ],
        &["A: B", "RB: B"],
    );
    // Blocking the PGO does not disarm them: both visitors are shot.
    assert_eq!(night.dead(), ["A", "RB"]);
    let spec_passive = ActionSpec {
        actor: "B".into(),
        ability: Some("armed".into()),
        targets: vec![],
    };
    let mut s = spec(&[("B", "Paranoid Gun Owner")], &[]);
    s.actions.push(spec_passive);
    let err = resolve_spec(
        &s,
        &Catalogue::standard().expect("standard catalogue"),
        Method::Rar,
        Options::default(),
    )
    .expect_err("passives cannot be submitted");
    assert!(err.to_string().contains("has no ability `armed`"), "{err}");
}

#[test]
fn default_rulings_killing_a_player_does_not_stop_their_actions() {
    let night = rar(
        &[
            ("A", "Doctor"),
            ("B", "Vanilla"),
            ("Vig", "Vigilante"),
            ("Goon", "Goon"),
        ],
        &["A: B", "Vig: A", "Goon[factional kill]: B"],
    );
    assert_eq!(night.dead(), ["A"]);
}

#[test]
fn default_rulings_no_implicit_one_action_limit() {
    // The Mafia Roleblocker both kills (factional) and blocks on the same night.
    let night = rar(
        &[("A", "Cop"), ("B", "Mafia Roleblocker"), ("C", "Vanilla")],
        &["B[factional kill]: C", "B[block]: A", "A: B"],
    );
    assert_eq!(night.dead(), ["C"]);
    assert_eq!(night.feedback_of("A").as_deref(), Some("No result."));
}
