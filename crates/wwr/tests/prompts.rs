//! Prompts as data (`Game::prompt_specs`): the players a prompt offers are exactly those
//! the engine accepts. A property over random games of the demo setups and random role
//! draws, and hand-worked cases from role sheets of the fixture role book.

mod common;
use common::*;

use std::path::PathBuf;

use mafia_roles::ElementKind;
use mafia_wwr::autoplay::{Driver, play_phase};
use mafia_wwr::engine::{Chosen, PromptSpec, Secondary};
use mafia_wwr::{Game, Setup};
use proptest::prelude::*;

fn demo(file: &str) -> Setup {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../demo/wwr")).join(file);
    Setup::load(&path).expect("the demo setup loads")
}

/// The `act` line answering a prompt, as the chat seam builds it.
fn answer(
    g: &Game,
    p: usize,
    spec: &PromptSpec,
    selection: Option<usize>,
    secondary: Option<usize>,
    chosen: Option<&str>,
) -> String {
    let name = |q: usize| g.state.players[q].name.clone();
    let mut line = format!("{}: {}", name(p), spec.trigger);
    if let Some(k) = &spec.key {
        line.push_str(&format!(" |{k}|"));
    }
    let mut args = Vec::new();
    if let Some(q) = selection {
        args.push(format!("@Selection = {}", name(q)));
    }
    if let Some(q) = secondary {
        args.push(format!("@SecondarySelection = {}", name(q)));
    }
    if let Some(c) = chosen {
        args.push(format!("@Chosen = {c}"));
    }
    if !args.is_empty() {
        line.push_str(": ");
        line.push_str(&args.join(", "));
    }
    line
}

/// Whether the engine accepts the answer (on a copy: the game itself is not touched), with
/// one of the choice's options when the prompt is a choice.
fn accepted(
    g: &Game,
    p: usize,
    spec: &PromptSpec,
    selection: Option<usize>,
    secondary: Option<usize>,
) -> bool {
    let options: Vec<Option<&str>> = match &spec.chosen {
        Some(Chosen::Options(o)) => o.iter().map(|o| Some(o.as_str())).collect(),
        _ => vec![None],
    };
    options.into_iter().any(|c| {
        let line = answer(g, p, spec, selection, secondary, c);
        g.clone().act(&line, "property").is_ok()
    })
}

/// Every prompt of every living player: each player offered is accepted, each other player
/// refused, as `@Selection` and as a player `@SecondarySelection`.
fn offers_exactly_the_accepted(g: &Game) -> Result<(), TestCaseError> {
    if g.state.outcome.is_some() {
        return Ok(());
    }
    let seats = 0..g.state.players.len();
    for p in g.living() {
        let specs = g.prompt_specs(p);
        for spec in &specs {
            // An offered "nobody" is accepted. (Not the converse: an act line names a
            // trigger, and another ability of the same trigger may take no selection.)
            if spec.nobody {
                prop_assert!(
                    accepted(g, p, spec, None, None),
                    "{} at {}: `{}` offers nobody, refused",
                    g.state.players[p].name,
                    g.state.phase.to_string(),
                    spec.text
                );
            }
            if let Some(offered) = &spec.selection {
                for q in seats.clone() {
                    prop_assert_eq!(
                        accepted(g, p, spec, Some(q), None),
                        offered.contains(&q),
                        "{} at {}: `{}` offers {:?}; target {}",
                        g.state.players[p].name,
                        g.state.phase.to_string(),
                        spec.text,
                        offered,
                        g.state.players[q].name
                    );
                }
            }
            if let Some(Secondary::Players(offered)) = &spec.secondary {
                let with: Vec<Option<usize>> = match &spec.selection {
                    Some(s) => s.iter().copied().map(Some).collect(),
                    None => vec![None],
                };
                for q in seats.clone() {
                    let ok = with.iter().any(|&s| accepted(g, p, spec, s, Some(q)));
                    prop_assert_eq!(
                        ok,
                        offered.contains(&q),
                        "`{}`: second target {}",
                        spec.text,
                        g.state.players[q].name
                    );
                }
            }
        }
    }
    Ok(())
}

/// Plays a game at random, checking the prompts at the start of every phase.
fn check_game(mut g: Game, driver: u64, phases: usize) -> Result<(), TestCaseError> {
    let mut d = Driver::new(driver);
    for _ in 0..phases {
        if g.state.outcome.is_some() {
            break;
        }
        offers_exactly_the_accepted(&g)?;
        play_phase(&mut g, &mut d);
    }
    offers_exactly_the_accepted(&g)
}

/// The roles of the book whose sheet types a target `(Player Optional)` (the Scarecrow and
/// the Fletcher's Customer are extra roles, the Flute Apprentice needs its team: left out).
const OPTIONAL_TARGETS: &[(&str, &str)] = &[
    ("Hana", "Huntress"),
    ("Ang", "Angel"),
    ("Fay", "Farming Wolf"),
    ("Ron", "Ranger"),
    ("Asa", "Assistant"),
    ("Fra", "Farmer"),
    ("Exe", "Executioner"),
    ("Eve", "Wolf"),
];

/// Six roles drawn from the whole role book (a Wolf always among them, so the game runs).
fn drawn(picks: &[usize], seed: u64) -> Option<Game> {
    let lib = lib();
    let roles: Vec<String> = lib
        .all(ElementKind::Role)
        .iter()
        .map(|d| d.name.clone())
        .collect();
    let mut chosen: Vec<String> = picks
        .iter()
        .map(|&i| roles[i % roles.len()].clone())
        .collect();
    chosen.push("Wolf".into());
    let names = ["Ada", "Ben", "Cy", "Dee", "Eli", "Flo", "Gil"];
    let players: Vec<(&str, &str)> = names
        .iter()
        .zip(&chosen)
        .map(|(n, r)| (*n, r.as_str()))
        .collect();
    Game::new(Setup::with_roles(roles_dir(), &players), lib, seed).ok()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn the_demo_setups_offer_exactly_the_targets_the_engine_accepts(
        which in 0usize..3,
        seed in any::<u64>(),
        driver in any::<u64>(),
    ) {
        let file = ["five.toml", "random.toml", "haunting.toml"][which];
        let g = Game::new(demo(file), lib(), seed).expect("the demo game starts");
        check_game(g, driver, 8)?;
    }

    #[test]
    fn random_role_draws_offer_exactly_the_targets_the_engine_accepts(
        picks in proptest::collection::vec(any::<usize>(), 6),
        seed in any::<u64>(),
        driver in any::<u64>(),
    ) {
        // A draw the engine cannot start (a role requiring another) is no game.
        if let Some(g) = drawn(&picks, seed) {
            check_game(g, driver, 6)?;
        }
    }
}

proptest! {
    // Ten players with many prompts each: fewer cases.
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn optional_targets_offer_nobody_and_the_engine_accepts_it(
        seed in any::<u64>(),
        driver in any::<u64>(),
    ) {
        let g = game_seeded(OPTIONAL_TARGETS, seed);
        check_game(g, driver, 8)?;
    }

    #[test]
    fn a_setup_full_of_choices_offers_exactly_the_targets_the_engine_accepts(
        seed in any::<u64>(),
        driver in any::<u64>(),
    ) {
        // The choosers of choices_properties.rs: choices, added polls, manipulations.
        let setup = Setup {
            polls: vec!["Lynch".into(), "Election".into()],
            ..Setup::with_roles(roles_dir(), CHOOSERS)
        };
        check_game(Game::new(setup, lib(), seed).expect("game starts"), driver, 8)?;
    }
}

fn seat(g: &Game, name: &str) -> usize {
    g.player_named(name).unwrap()
}

fn spec_of(g: &Game, name: &str, trigger: &str) -> PromptSpec {
    let specs = g.prompt_specs(seat(g, name));
    specs
        .iter()
        .find(|s| s.trigger == trigger)
        .unwrap_or_else(|| panic!("{name} has no `{trigger}` prompt: {specs:#?}"))
        .clone()
}

fn names(g: &Game, seats: &[usize]) -> Vec<String> {
    seats
        .iter()
        .map(|&q| g.state.players[q].name.clone())
        .collect()
}

#[test]
fn the_fletcher_is_not_offered_themself() {
    // townsfolk/power/fletcher: "The Fletcher cannot target themself." Formalized:
    // `Immediate Day: [Quantity: 1, Temporal: Day 0, Condition: @Selection is not @Self]`.
    let g = game(&[
        ("Alice", "Citizen"),
        ("Fay", "Fletcher"),
        ("Bob", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    assert_eq!(g.state.phase.to_string(), "D0");
    let spec = spec_of(&g, "Fay", "Immediate Day");
    let offered = names(&g, spec.selection.as_deref().expect("takes a selection"));
    assert_eq!(offered, ["Alice", "Bob", "Eve"]);
    assert_eq!((spec.secondary, spec.chosen), (None, None));
}

#[test]
fn the_reaper_is_offered_only_the_ghosts() {
    // haunting/roles/reaper: "They may also learn the original role of one ghost."
    // Formalized: `Immediate Night: Learn `@Selection[ghost] - @Selection->OriginalRole[role]``
    // and `End Night: [Succession: No Succession] • Banish @Selection[ghost]`. In a haunting
    // game the dead become ghosts until banished.
    let setup = Setup {
        haunting: true,
        ..Setup::with_roles(
            roles_dir(),
            &[
                ("Rex", "Reaper"),
                ("Alice", "Citizen"),
                ("Bob", "Citizen"),
                ("Carol", "Citizen"),
                ("Eve", "Wolf"),
            ],
        )
    };
    let mut g = Game::new(setup, lib(), 7).expect("game starts");
    to_phase(&mut g, "N1");
    // Nobody has died: no ghost to name.
    let spec = spec_of(&g, "Rex", "Immediate Night");
    assert_eq!(spec.selection, Some(Vec::new()));
    to_phase(&mut g, "D1");
    for voter in ["Rex", "Alice", "Carol", "Eve"] {
        act(&mut g, &format!("{voter}: Vote Lynch: Bob"));
    }
    next(&mut g);
    assert!(!alive(&g, "Bob"), "Bob is lynched");
    for trigger in ["Immediate Night", "End Night"] {
        let spec = spec_of(&g, "Rex", trigger);
        assert_eq!(
            names(&g, spec.selection.as_deref().unwrap()),
            ["Bob"],
            "{trigger}"
        );
    }
    // The same check `act` makes: a living player is refused, the ghost Bob accepted.
    refused(&mut g.clone(), "Rex: Immediate Night: @Selection = Alice");
    act(&mut g, "Rex: Immediate Night: @Selection = Bob");
}

#[test]
fn the_detectives_choice_lists_its_options() {
    // limited/detective: `Passive Start Day: `Detective` Choice Creation (Current Role,
    // Final Role)`, `Immediate Day: `Detective` Choice Choose @Chosen`; `Current Role`
    // investigates `@Selection` against `@SecondarySelection[role]`, `Final Role` a dead
    // `@Selection[Dead]`.
    let mut g = game(&[
        ("Dee", "Detective"),
        ("Alice", "Citizen"),
        ("Bob", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    to_phase(&mut g, "D1");
    let spec = spec_of(&g, "Dee", "Immediate Day");
    assert_eq!(
        spec.chosen,
        Some(Chosen::Options(vec![
            "Current Role".into(),
            "Final Role".into()
        ]))
    );
    assert_eq!(
        spec.secondary,
        Some(Secondary::Free {
            kind: "role".into()
        })
    );
    // Nobody has died: every player may be named (the role investigation takes anyone).
    assert_eq!(
        names(&g, spec.selection.as_deref().unwrap()),
        ["Dee", "Alice", "Bob", "Eve"]
    );
}

#[test]
fn the_huntress_may_answer_nobody_and_then_shoots_no_one() {
    // townsfolk/killing/huntress: `Immediate: Target @Selection (Player Optional) [Condition:
    // @Target exists] |silent:targeting.change.player|` and `On Killed: [Condition: @Target
    // exists] • Process: Attack @Target`. Guide draft, Target: Player Optional "is a special
    // variant of Player in which 'nobody' is accepted as an input and leads to resetting the
    // target/untargetting". Carol aims at Eve, then takes it back: killed by the pack on N1,
    // she shoots no one.
    let mut g = game(&[
        ("Alice", "Citizen"),
        ("Carol", "Huntress"),
        ("Dave", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    let first = spec_of(&g, "Carol", "Immediate");
    assert_eq!(first.key.as_deref(), Some("targeting.target.player"));
    assert!(first.nobody, "{first:#?}");
    act(
        &mut g,
        "Carol: Immediate |targeting.target.player|: @Selection = Eve",
    );

    let change = spec_of(&g, "Carol", "Immediate");
    assert_eq!(change.key.as_deref(), Some("targeting.change.player"));
    assert!(change.nobody, "{change:#?}");
    assert_eq!(
        act(&mut g, "Carol: Immediate |targeting.change.player|"),
        ["You have no target now."]
    );
    let carol = seat(&g, "Carol");
    assert_eq!(g.state.players[carol].target, None);

    next(&mut g); // N1
    act(&mut g, "Eve: Vote Wolfpack: Carol");
    next(&mut g);
    assert!(!alive(&g, "Carol"));
    assert!(alive(&g, "Eve"));
}

#[test]
fn the_word_nobody_in_an_act_line_untargets_like_no_selection() {
    // The guide's word for a `(Player Optional)` answer is "nobody": typed in an act line (a
    // script, the CLI), it resets the Huntress's target, as an answer without a selection does.
    let mut g = game(&[
        ("Alice", "Citizen"),
        ("Carol", "Huntress"),
        ("Dave", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    act(
        &mut g,
        "Carol: Immediate |targeting.target.player|: @Selection = Eve",
    );
    assert_eq!(
        act(
            &mut g,
            "Carol: Immediate |targeting.change.player|: @Selection = nobody"
        ),
        ["You have no target now."]
    );
    let carol = seat(&g, "Carol");
    assert_eq!(g.state.players[carol].target, None);
}

#[test]
fn a_target_of_the_player_type_offers_no_nobody() {
    // townsfolk/investigative/fortune teller: `Immediate Night: Role Investigate
    // @Selection (SD, WD)`: a plain player selection.
    let mut g = game(&[
        ("Alice", "Fortune Teller"),
        ("Dave", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    assert!(!spec_of(&g, "Alice", "Immediate Night").nobody);
}

#[test]
fn a_plain_player_target_needs_a_player() {
    // Guide draft, Player Optional Pseudo-Type: "prompts for player type restrict the input
    // to living players". The Witch's potion of life (`Immediate Night |witch.pol|: Protect
    // @Selection …`, before: protected nobody and marked the potion used) and the Fortune
    // Teller's `Immediate Night: Role Investigate @Selection` take no "nobody".
    let mut g = game(&[
        ("Alice", "Fortune Teller"),
        ("Bob", "Witch"),
        ("Dave", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    let e = refused(&mut g, "Alice: Immediate Night");
    assert!(e.contains("needs a target"), "{e}");
    let e = refused(&mut g, "Bob: Immediate Night: none");
    assert!(e.contains("needs a target"), "{e}");
    // Refused, nothing was used: both still act this night.
    act(&mut g, "Alice: Immediate Night: Eve");
    act(&mut g, "Bob: Immediate Night: Dave");
}
