//! Part 2, Method 1 (the simple method): the worked example, outcome for outcome.

mod common;
use common::*;

const PLAYERS: [(&str, &str); 10] = [
    ("Noodle", "Cop"),
    ("Bad Ash", "Bus Driver"),
    ("Leopold Stotch", "Goon"),
    ("Gorny", "Vanilla+vest"),
    ("Pyrotechnician", "Hitman"),
    ("Caluin Grey", "Doctor"),
    ("Zarniwoop", "Vanilla"),
    ("Dredd", "Vanilla"),
    ("Ankeli", "Treestump"),
    ("Orphan", "Goon"),
];

fn actions(doc_target: &str) -> Vec<String> {
    vec![
        "Noodle: Noodle".to_string(),
        "Bad Ash: Pyrotechnician Leopold_Stotch".to_string(),
        "Pyrotechnician[factional kill]: Gorny".to_string(),
        format!("Caluin_Grey: {doc_target}"),
    ]
}

fn players() -> Vec<(&'static str, &'static str)> {
    PLAYERS.to_vec()
}

/// Player names with spaces are written with underscores in the action lines.
fn run(doc_target: &str) -> mafia_night::Outcome {
    let mut spec = spec(&players(), &[]);
    let acts = actions(doc_target);
    let refs: Vec<&str> = acts.iter().map(String::as_str).collect();
    let parsed = common::spec(&[], &refs);
    for mut a in parsed.actions {
        a.actor = a.actor.replace('_', " ");
        a.targets = a.targets.iter().map(|t| t.replace('_', " ")).collect();
        spec.actions.push(a);
    }
    mafia_night::resolve_spec(
        &spec,
        &mafia_night::Catalogue::standard().expect("standard catalogue"),
        mafia_night::Method::Simple,
        mafia_night::Options {
            explain: true,
            ..Default::default()
        },
    )
    .expect("the spec's example is a valid night")
}

#[test]
fn noodle_investigates_himself_and_is_told_not_mafia() {
    let night = run("Orphan");
    assert_eq!(
        night.feedback_of("Noodle").as_deref(),
        Some("Noodle is Not Mafia.")
    );
}

#[test]
fn the_bus_driver_swapping_pyro_and_leo_changes_nothing_and_no_one_else_gets_a_pm() {
    let night = run("Orphan");
    assert_eq!(night.feedback.len(), 1, "only Noodle gets a result PM");
}

#[test]
fn the_mafia_kill_on_gorny_is_stopped_by_the_one_shot_vest() {
    let night = run("Orphan");
    assert!(night.deaths.is_empty(), "no one dies: {:?}", night.deaths);
    assert_eq!(night.vests_used, ["Gorny"]);
    assert_eq!(night.saves.len(), 1);
    assert_eq!(night.saves[0].player, "Gorny");
}

#[test]
fn the_doctor_save_on_orphan_does_nothing() {
    let night = run("Orphan");
    assert!(night.feedback_of("Caluin Grey").is_none());
    assert!(night.feedback_of("Orphan").is_none());
    assert!(night.saves.iter().all(|s| s.player != "Orphan"));
}

#[test]
fn a_doctor_save_on_leo_lands_on_pyro_instead() {
    let night = run("Leopold_Stotch");
    let steps = night.steps.join("\n");
    assert!(
        steps.contains(
            "Caluin Grey (Doctor: protect) on Leopold Stotch now lands on Pyrotechnician"
        ),
        "{steps}"
    );
}

#[test]
fn the_same_night_by_rar_refuses_the_self_investigation() {
    let mut s = spec(&players(), &[]);
    s.actions.push(mafia_night::ActionSpec {
        actor: "Noodle".into(),
        ability: None,
        targets: vec!["Noodle".into()],
    });
    let err = mafia_night::resolve_spec(
        &s,
        &mafia_night::Catalogue::standard().expect("standard catalogue"),
        mafia_night::Method::Rar,
        mafia_night::Options::default(),
    )
    .expect_err("RAR's default: no self-targeting");
    assert!(err.to_string().contains("cannot target themself"), "{err}");
}

#[test]
fn simple_method_order_blocks_before_redirections_before_kills() {
    // The roleblocker stops the bus driver, so the vigilante's shot stays on A.
    let night = simple(
        &[
            ("A", "Vanilla"),
            ("B", "Vanilla"),
            ("Vig", "Vigilante"),
            ("BD", "Bus Driver"),
            ("RB", "Roleblocker"),
        ],
        &["Vig: A", "BD: A B", "RB: BD"],
    );
    assert_eq!(night.dead(), ["A"]);
}

#[test]
fn simple_method_the_first_block_in_submission_order_wins_a_loop() {
    // A blocks B, B jails A: A's block comes first, so the jail fails and A dies.
    let night = simple(
        &[
            ("A", "Roleblocker"),
            ("B", "Jailkeeper"),
            ("Vig", "Vigilante"),
        ],
        &["A: B", "B: A", "Vig: A"],
    );
    assert_eq!(night.dead(), ["A"]);
    // Submitted the other way round, the jail comes first and A survives.
    let night = simple(
        &[
            ("A", "Roleblocker"),
            ("B", "Jailkeeper"),
            ("Vig", "Vigilante"),
        ],
        &["B: A", "A: B", "Vig: A"],
    );
    assert!(night.deaths.is_empty());
}
