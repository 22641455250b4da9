//! Choices, duplicate polls, poll candidate manipulation and `On Poll Skipped`, on real
//! fixture roles. Expected outcomes are worked out by hand from the formalization guide
//! ("Choices", "Poll Manipulating", "Trigger Types") and the roles' own descriptions.

mod common;
use common::*;

use mafia_wwr::state::Holder;
use mafia_wwr::{Game, Setup};

/// A game with the given polls in play (the `common::game` helper has only the Lynch poll).
fn game_with_polls(players: &[(&str, &str)], polls: &[&str]) -> Game {
    let setup = Setup {
        polls: polls.iter().map(|p| p.to_string()).collect(),
        ..Setup::with_roles(roles_dir(), players)
    };
    Game::new(setup, lib(), 7).expect("game starts")
}

fn prompts(g: &Game, name: &str) -> Vec<String> {
    g.prompts(g.player_named(name).unwrap())
}

/// Everything a player was told (`common::told` under another name, for readability).
fn told_all(g: &Game, name: &str) -> Vec<String> {
    told(g, name)
}

fn alignment(g: &Game, name: &str) -> String {
    let p = g.player_named(name).unwrap();
    g.state.players[p].alignment.clone()
}

fn has_attr(g: &Game, name: &str, attr: &str) -> bool {
    let p = g.player_named(name).unwrap();
    g.has_custom(&Holder::Player(p), attr, None)
}

const APOTHECARY: &[(&str, &str)] = &[
    ("Ana", "Apothecary"),
    ("Dave", "Citizen"),
    ("Cid", "Citizen"),
    ("Fay", "Citizen"),
    ("Eve", "Wolf"),
];

// --- Choice Creation / Choice Choose / Choice <Option> Chosen ---------------------------

#[test]
fn apothecary_is_offered_poison_and_cure_each_night_and_only_then() {
    // `Passive Start Night: (@Self->Counter > 0) and (@Self has CureAvailable): Choice
    // Creation (Poison, Cure)`; the `Immediate Night: Choice Choose @Chosen` prompt lists
    // the open choice's options.
    let mut g = game(APOTHECARY);
    assert!(
        !has(&prompts(&g, "Ana"), "Choice Choose"),
        "no choice is open on D0"
    );
    next(&mut g); // N1
    let p = prompts(&g, "Ana");
    assert!(
        has(
            &p,
            "`Apothecary` Choice Choose @Chosen (@Chosen = one of Poison, Cure)"
        ),
        "{p:?}"
    );
    assert!(has(
        &told(&g, "Ana"),
        "Choice `Apothecary`: choose one of Poison, Cure."
    ));
}

#[test]
fn apothecary_poison_kills_at_the_end_of_the_next_night() {
    // Choice `Poison` Chosen: Target @Selection, Apply Marker, Decrement Counter.
    // Passive End Night (N1): Poisoned (Inactive) on the target; Passive Start Night (N2):
    // it becomes Active; Passive End Night (N2): Kill @Self.
    let mut g = game(APOTHECARY);
    next(&mut g); // N1
    let told = act(
        &mut g,
        "Ana: Immediate Night: @Chosen = Poison, @Selection = Eve",
    );
    assert!(has(&told, "Your target is now Eve."), "{told:?}");
    assert_eq!(g.state.players[0].counter, 2, "three flasks, one used");
    assert!(has(
        &host(&g),
        "Ana chose Poison on the `Apothecary` choice"
    ));
    next(&mut g); // D1
    assert!(alive(&g, "Eve"));
    assert!(has_attr(&g, "Eve", "Poisoned"));
    next(&mut g); // N2
    assert!(alive(&g, "Eve"));
    next(&mut g); // D2: killed at the end of N2
    assert!(!alive(&g, "Eve"));
    assert_eq!(g.state.outcome.as_ref().unwrap().winners, ["Townsfolk"]);
}

#[test]
fn apothecary_cures_the_poisoned_player_before_the_poison_acts() {
    // Choice `Cure` Chosen: [Condition: @Selection has Poisoned] Remove Poisoned from
    // @Selection; Remove CureAvailable from @Self.
    let mut g = game(APOTHECARY);
    next(&mut g); // N1
    act(
        &mut g,
        "Ana: Immediate Night: @Chosen = Poison, @Selection = Dave",
    );
    next(&mut g); // D1
    next(&mut g); // N2
    let told = act(
        &mut g,
        "Ana: Immediate Night: @Chosen = Cure, @Selection = Dave",
    );
    assert!(has(&told, "Choice Choose Cure: Success"), "{told:?}");
    assert!(!has_attr(&g, "Dave", "Poisoned"));
    assert!(!has_attr(&g, "Ana", "CureAvailable"));
    next(&mut g); // D2
    assert!(alive(&g, "Dave"));
    next(&mut g); // N3: the antidote is gone, only Poison is offered
    assert!(has(&prompts(&g, "Ana"), "(@Chosen = one of Poison)"));
}

#[test]
fn apothecary_cure_on_a_healthy_player_fails_and_keeps_the_antidote() {
    let mut g = game(APOTHECARY);
    next(&mut g); // N1
    let told = act(
        &mut g,
        "Ana: Immediate Night: @Chosen = Cure, @Selection = Fay",
    );
    assert!(has(&told, "Choice Choose Cure: Failure"), "{told:?}");
    assert!(has_attr(&g, "Ana", "CureAvailable"));
}

#[test]
fn answers_that_do_not_fit_the_choice_are_refused_with_the_options() {
    let mut g = game(APOTHECARY);
    next(&mut g); // N1
    let e = refused(
        &mut g,
        "Ana: Immediate Night: @Chosen = Burn, @Selection = Eve",
    );
    assert!(
        e.contains("`Burn` is not an option of the `Apothecary` choice (options: Poison, Cure)"),
        "{e}"
    );
    let e = refused(&mut g, "Ana: Immediate Night: @Selection = Eve");
    assert!(e.contains("needs `@Chosen = <option>`"), "{e}");
    let e = refused(&mut g, "Ana: Immediate Night: @Chosen = Poison");
    assert!(e.contains("needs `@Selection = <target>`"), "{e}");
    // A refused answer uses nothing: the choice is still open.
    act(
        &mut g,
        "Ana: Immediate Night: @Chosen = poison, @Selection = Eve",
    );
    // Answered: the choice is closed.
    let e = refused(
        &mut g,
        "Ana: Immediate Night: @Chosen = Cure, @Selection = Eve",
    );
    assert!(e.contains("already used") || e.contains("no open"), "{e}");
}

#[test]
fn dog_chooses_the_werewolves_on_night_one() {
    // `Choice Chosen: Alignment Change @Self to @Option`.
    let mut g = game(&[
        ("Rex", "Dog"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    assert_eq!(alignment(&g, "Rex"), "Unaligned");
    next(&mut g); // N1
    act(&mut g, "Rex: Immediate Night: @Chosen = Werewolf");
    assert_eq!(alignment(&g, "Rex"), "Werewolf");
}

#[test]
fn dog_that_does_not_choose_is_forced_to_the_townsfolk() {
    // `Choice Creation (Townsfolk, Werewolf) [Temporal: Night 1] {Forced: Townsfolk}`; the
    // Dog's text: "If the Dog hasn't chosen before the night ends, they will align with the
    // townsfolk."
    let mut g = game(&[
        ("Rex", "Dog"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    next(&mut g); // D1
    assert_eq!(alignment(&g, "Rex"), "Townsfolk");
    assert!(has(&host(&g), "it is forced to Townsfolk"));
    next(&mut g); // N2: no new choice (Temporal: Night 1)
    assert!(g.open_choices(0).is_empty());
}

#[test]
fn an_unanswered_choice_lapses_at_the_end_of_its_phase() {
    let mut g = game(APOTHECARY);
    next(&mut g); // N1
    assert_eq!(g.open_choices(0).len(), 1);
    next(&mut g); // D1
    assert!(g.open_choices(0).is_empty());
    assert!(has(&host(&g), "the `Apothecary` choice lapsed unanswered"));
    assert!(!has(&prompts(&g, "Ana"), "Choice Choose"));
}

#[test]
fn gallant_fox_joins_the_pack_as_a_wolf() {
    // `Choice `Join Pack` Chosen: Role Change @Self to `Wolf``.
    let mut g = game(&[
        ("Gil", "Gallant Fox"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    next(&mut g); // D1: Passive Start Day creates the Fox choice
    act(&mut g, "Gil: Immediate Day: @Chosen = Join Pack");
    assert_eq!(role(&g, "Gil"), "Wolf");
    assert!(g.in_group(0, "wolfpack"), "a Wolf joins the wolfpack");
}

#[test]
fn clairvoyant_fox_learns_a_role_and_tells_the_pack_at_night() {
    // Choice `Investigate` Chosen: Process: Role Investigate @Selection (SD, WD); Evaluate:
    // Target @Result (Role), Apply Marker, Feedback: @Result. Passive Start Night: Reveal
    // `Clairvoyant Fox investigated a @Target[role]` to #wolfpack.
    let mut g = game(&[
        ("Cleo", "Clairvoyant Fox"),
        ("Ana", "Apothecary"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g);
    next(&mut g); // D1
    let told = act(
        &mut g,
        "Cleo: Immediate Day: @Chosen = Investigate, @Selection = Ana",
    );
    assert!(
        has(&told, "`Fox` Choice Choose Investigate: Apothecary"),
        "{told:?}"
    );
    next(&mut g); // N2
    assert!(has(
        &channel(&g, "wolfpack"),
        "Clairvoyant Fox investigated a Apothecary"
    ));
}

#[test]
fn pyromancer_powders_then_ignites_and_a_second_powder_fails() {
    // Choice `Powder` Chosen: @Selection has Powdered: Failure / Otherwise: Apply Powdered.
    // Choice `Ignite` Chosen: Apply Marker; Passive End Night: Attack @(Attr:Powdered,
    // Align:!Pyro).
    let mut g = game(&[
        ("Pia", "Pyromancer"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    act(
        &mut g,
        "Pia: Immediate Night: @Chosen = Powder, @Selection = Dave",
    );
    assert!(has_attr(&g, "Dave", "Powdered"));
    next(&mut g);
    next(&mut g); // N2
    let told = act(
        &mut g,
        "Pia: Immediate Night: @Chosen = Powder, @Selection = Dave",
    );
    assert!(has(&told, "Choice Choose Powder: Failure"), "{told:?}");
    next(&mut g);
    next(&mut g); // N3
    act(&mut g, "Pia: Immediate Night: @Chosen = Ignite");
    assert!(alive(&g, "Dave"), "ignition is an end-night ability");
    next(&mut g); // D3
    assert!(!alive(&g, "Dave"));
}

// --- Add Poll ----------------------------------------------------------------------------

const CHILD: &[(&str, &str)] = &[
    ("Kid", "Child"),
    ("Dave", "Citizen"),
    ("Cid", "Citizen"),
    ("Fay", "Citizen"),
    ("Gus", "Citizen"),
    ("Eve", "Wolf"),
    ("Wes", "Wolf"),
];

#[test]
fn the_day_after_the_child_dies_there_are_two_lynches() {
    // Child: `On Death: Add `Lynch` Poll`; "there is an additional lynch the next day".
    let mut g = game(CHILD);
    next(&mut g); // N1
    act(&mut g, "Eve: Vote Wolfpack: Kid");
    act(&mut g, "Wes: Vote Wolfpack: Kid");
    next(&mut g); // D1
    assert!(!alive(&g, "Kid"));
    let open: Vec<&str> = g
        .state
        .polls
        .iter()
        .filter(|p| p.open)
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(open, ["Lynch", "Lynch 2"]);
    for v in ["Dave", "Cid", "Fay", "Gus"] {
        act(&mut g, &format!("{v}: Vote Lynch: Eve"));
        act(&mut g, &format!("{v}: Vote Lynch 2: Wes"));
    }
    next(&mut g); // N2
    assert!(!alive(&g, "Eve") && !alive(&g, "Wes"));
    assert_eq!(g.state.outcome.as_ref().unwrap().winners, ["Townsfolk"]);
}

#[test]
fn the_night_after_the_wolf_cub_is_lynched_the_pack_attacks_twice() {
    // Wolf Cub: `On Death: Add `Wolfpack` Poll`.
    let mut g = game(&[
        ("Cub", "Wolf Cub"),
        ("Eve", "Wolf"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Gus", "Citizen"),
        ("Hal", "Citizen"),
    ]);
    next(&mut g);
    next(&mut g); // D1
    for v in ["Dave", "Cid", "Fay", "Gus"] {
        act(&mut g, &format!("{v}: Vote Lynch: Cub"));
    }
    next(&mut g); // N2
    assert!(!alive(&g, "Cub"));
    act(&mut g, "Eve: Vote Wolfpack: Dave");
    act(&mut g, "Eve: Vote Wolfpack 2: Cid");
    next(&mut g); // D2
    assert!(!alive(&g, "Dave") && !alive(&g, "Cid"));
}

// --- Poll Manipulation (candidates) -------------------------------------------------------

#[test]
fn stalker_hidden_votes_win_the_lynch_without_showing() {
    // Stalker: `Immediate Day: Manipulate `Lynch` Poll (@Selection has `2` hidden votes)
    // (~Phase) [Temporal: Day 2+]`: "the threatened player may win the lynch even if they
    // dont have the most votes"; the votes are not revealed.
    let mut g = game(&[
        ("Sid", "Stalker"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Gus", "Citizen"),
        ("Hal", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g);
    next(&mut g); // D1
    let e = refused(&mut g, "Sid: Immediate Day: @Selection = Eve");
    assert!(e.contains("Temporal"), "{e}");
    next(&mut g);
    next(&mut g); // D2
    act(&mut g, "Sid: Immediate Day: @Selection = Eve");
    act(&mut g, "Dave: Vote Lynch: Cid");
    next(&mut g); // N3: Eve 2 (hidden) beats Cid 1
    assert!(!alive(&g, "Eve"));
    assert!(has(
        &public(&g),
        "The Lynch poll closed: Cid 1. Result: Eve."
    ));
}

#[test]
fn stalker_votes_last_only_for_the_day_they_are_given() {
    let mut g = game(&[
        ("Sid", "Stalker"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
        ("Wes", "Wolf"),
    ]);
    to_phase(&mut g, "D2");
    act(&mut g, "Sid: Immediate Day: @Selection = Eve");
    act(&mut g, "Dave: Vote Lynch: Eve");
    act(&mut g, "Cid: Vote Lynch: Fay");
    act(&mut g, "Fay: Vote Lynch: Fay");
    act(&mut g, "Wes: Vote Lynch: Fay");
    next(&mut g); // Eve 1 + 2 hidden = 3 ties Fay 3: no lynch
    assert!(alive(&g, "Eve") && alive(&g, "Fay"));
    assert!(g.state.candidate_manipulations.is_empty(), "(~Phase) ended");
}

#[test]
fn a_sabotaged_candidate_who_wins_the_election_is_not_elected() {
    // Saboteur Wolf: `Immediate Night: Manipulate `Election` Poll (@Selection is
    // `Disqualified`)`: "should they win, nobody is elected".
    let players = &[
        ("Sab", "Saboteur Wolf"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Gus", "Citizen"),
    ];
    let mut g = game_with_polls(players, &["Lynch", "Election"]);
    next(&mut g); // N1
    act(&mut g, "Sab: Immediate Night: @Selection = Dave");
    next(&mut g); // D1: the Mayor Election opens
    for v in ["Dave", "Cid", "Fay"] {
        act(&mut g, &format!("{v}: Vote Mayor Election: Dave"));
    }
    next(&mut g);
    assert!(has(
        &public(&g),
        "The Mayor Election poll closed: Dave 3. Result: no result (the winner is disqualified)."
    ));
    let dave = g.player_named("Dave").unwrap();
    assert!(
        !g.state
            .attrs
            .iter()
            .any(|a| a.holder == Holder::Player(dave)
                && matches!(&a.kind, mafia_wwr::state::AttrKind::Role { .. })),
        "Dave is not granted the Mayor role"
    );
    // Used up: the next day's election elects Dave.
    next(&mut g); // D2
    for v in ["Dave", "Cid", "Fay"] {
        act(&mut g, &format!("{v}: Vote Mayor Election: Dave"));
    }
    next(&mut g);
    assert!(has(&public(&g), "Dave was elected as Mayor"));
}

// --- On Poll Skipped ------------------------------------------------------------------

fn coyote(g: &Game) -> bool {
    g.has_custom(&Holder::Team("Werewolf".into()), "CoyoteTrigger", None)
}

#[test]
fn a_wolfpack_poll_without_votes_is_skipped_and_sets_the_coyote_trigger() {
    // Wolfpack: `On Poll Skipped: Apply `CoyoteTrigger` to &Werewolf`; the pack's attack on a
    // townsfolk removes it again (`Remove CoyoteTrigger from &Werewolf` in On Poll Closed).
    let mut g = game(&[
        ("Eve", "Wolf"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Gus", "Citizen"),
    ]);
    next(&mut g); // N1: nobody votes
    next(&mut g); // D1
    assert!(has(&host(&g), "the Wolfpack poll was skipped"));
    assert!(coyote(&g));
    next(&mut g); // N2
    act(&mut g, "Eve: Vote Wolfpack: Dave");
    next(&mut g);
    assert!(!alive(&g, "Dave"));
    assert!(!coyote(&g), "a successful attack on a townsfolk is no skip");
}

// --- Choices for another player, choices opened by automatic triggers -------------------

const HELL: &[(&str, &str)] = &[
    ("Dev", "Devil"),
    ("Bob", "Citizen"),
    ("Cid", "Citizen"),
    ("Fay", "Citizen"),
    ("Gus", "Citizen"),
    ("Eve", "Wolf"),
];

#[test]
fn the_wager_recipient_chooses_and_the_devil_executes_the_attack() {
    // Devil: `Start Night: … Grant 'Wager Recipient' to @Selection; 'Wager' Choice Creation
    // for 'Wager Recipient' (Attack, Protect, Investigate, Ignore)`; the Wager Recipient:
    // `Immediate Night: 'Wager' Choice Choose @Chosen`; `Choice 'Attack' Chosen:` (run by the
    // Devil, "the role who created the choice") `Apply Soulless to @Chooser; Increment
    // Counter for #hell; Target @Selection; Apply Marker to @Self; Reveal 'Attacking
    // @Selection' to @Self`; Passive End Night: Attack @Target.
    let mut g = game(HELL);
    act(&mut g, "Dev: Start Night: @Selection = Bob");
    next(&mut g); // N1: the wager goes to Bob
    let bob = g.player_named("Bob").unwrap();
    assert_eq!(
        g.open_choices(bob),
        [(
            "Wager".to_string(),
            vec![
                "Attack".to_string(),
                "Protect".into(),
                "Investigate".into(),
                "Ignore".into()
            ]
        )]
    );
    assert!(has(
        &prompts(&g, "Bob"),
        "Immediate Night |wager.1|: `Wager` Choice Choose @Chosen (@Chosen = one of Attack, Protect, Investigate, Ignore)"
    ));
    assert!(
        refused(
            &mut g,
            "Cid: Immediate Night: @Chosen = Attack, @Selection = Eve"
        )
        .contains("has no `Immediate Night` ability that answers a choice (`@Chosen`)"),
        "only the recipient answers"
    );
    act(
        &mut g,
        "Bob: Immediate Night: @Chosen = Attack, @Selection = Eve",
    );
    assert!(has_attr(&g, "Bob", "Soulless"), "@Chooser sold their soul");
    assert!(has(&told(&g, "Dev"), "Attacking Eve"));
    next(&mut g); // D1
    assert!(!alive(&g, "Eve"));
}

#[test]
fn the_devil_spends_a_soul_through_the_soul_action_choice() {
    // Souls: `Passive Start Phase: Emit 'Soul Action' [Condition: #Hell->Counter > 0]`;
    // `On 'Soul Action' Emitted: 'Soul Action' Choice Creation for @Self (Soul Attack, Soul
    // Protect)` and `… Choice Choose @Chosen` (a prompt opened by the trigger); `Choice 'Soul
    // Attack' Chosen: Attack @Selection; Decrement Counter for #Hell`. The Devil's own soul is
    // the first one in the pool (Hell team, On Join).
    let mut g = game(HELL);
    assert_eq!(g.state.groups["hell"].counter, 1);
    next(&mut g); // N1: Passive Start Phase emits
    let p = prompts(&g, "Dev");
    assert!(
        p.contains(&"On `Soul Action` Emitted |souls.1|: `Soul Action` Choice Choose @Chosen (@Chosen = one of Soul Attack, Soul Protect)".to_string()),
        "{p:?}"
    );
    act(
        &mut g,
        "Dev: On `Soul Action` Emitted: @Chosen = Soul Attack, @Selection = Eve",
    );
    assert!(!alive(&g, "Eve"), "the soul attack is immediate");
    assert_eq!(g.state.groups["hell"].counter, 0);
    assert!(g.open_choices(0).is_empty(), "no soul left: no new choice");
}

#[test]
fn detective_guesses_a_current_role_and_reads_a_dead_players_final_role() {
    // Detective: `Choice 'Current Role' Chosen: Process: Role Investigate @Selection;
    // Evaluate: @Result is @SecondarySelection[role]: '@Selection as
    // @SecondarySelection[role]: Correct'`; `Choice 'Final Role' Chosen: Process: Role
    // Investigate @Selection[Dead]; Evaluate: Learn '@Selection final role: @Result->Role'`.
    let mut g = game(&[
        ("Dee", "Detective"),
        ("Ana", "Apothecary"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Gus", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g);
    next(&mut g); // D1
    let told = act(
        &mut g,
        "Dee: Immediate Day: @Chosen = Current Role, @Selection = Eve, @SecondarySelection = Wolf",
    );
    assert!(has(&told, "Eve as Wolf: Correct"), "{told:?}");
    for v in ["Dee", "Ana", "Cid"] {
        act(&mut g, &format!("{v}: Vote Lynch: Gus"));
    }
    next(&mut g);
    next(&mut g); // D2: Gus is dead
    assert!(!alive(&g, "Gus"));
    act(
        &mut g,
        "Dee: Immediate Day: @Chosen = Final Role, @Selection = Gus",
    );
    let t = told_all(&g, "Dee");
    assert!(has(&t, "Gus final role: Citizen"), "{t:?}");
}

#[test]
fn psychopath_disguises_a_player_with_the_secondary_selection() {
    // Psychopath: `Choice 'Disguise' Chosen: Weakly Disguise @Selection as
    // @SecondarySelection (~NextNight)`; the Fortune Teller is affected by weak disguises.
    let mut g = game(&[
        ("Pat", "Psychopath"),
        ("Fio", "Fortune Teller"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Gus", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g);
    next(&mut g); // D1
    act(
        &mut g,
        "Pat: Immediate Day: @Chosen = Disguise, @Selection = Eve, @SecondarySelection = Citizen",
    );
    next(&mut g); // N2
    assert_eq!(
        act(&mut g, "Fio: Immediate Night: Eve"),
        ["Role Investigate Eve (SD, WD): Citizen"]
    );
}

#[test]
fn a_wager_investigation_runs_both_of_the_devils_investigate_abilities() {
    // Devil: two `Choice 'Investigate' Chosen` abilities, both run by the Devil: the
    // recipient's selection is investigated and revealed to the Devil, and so is the
    // recipient's own role ("at the cost of the devil learning the wager recipient's own
    // role").
    let mut g = game(HELL);
    act(&mut g, "Dev: Start Night: @Selection = Bob");
    next(&mut g); // N1
    act(
        &mut g,
        "Bob: Immediate Night: @Chosen = Investigate, @Selection = Eve",
    );
    let dev = told(&g, "Dev");
    assert!(has(&dev, "Eve is Wolf"), "{dev:?}");
    assert!(has(&dev, "Bob is Citizen"), "{dev:?}");
    assert!(
        !has_attr(&g, "Bob", "Soulless"),
        "investigating sells no soul"
    );
}

#[test]
fn the_mayor_decrees_a_second_lynch_for_the_next_day() {
    // Mayor (extra role, elected): `Immediate Night: Add 'Lynch' Poll ⟨$living >
    // @ThisAttr->Counter ⇒ x1⟩`; Counter = ceil $total/1.5 = 4 with 5 players, 5 alive.
    let players = &[
        ("May", "Citizen"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ];
    let mut g = game_with_polls(players, &["Lynch", "Election"]);
    next(&mut g);
    next(&mut g); // D1: Mayor Election
    for v in ["May", "Dave", "Cid"] {
        act(&mut g, &format!("{v}: Vote Mayor Election: May"));
    }
    next(&mut g); // N2
    assert!(has(&public(&g), "May was elected as Mayor"));
    act(&mut g, "May: Immediate Night");
    next(&mut g); // D2
    let open: Vec<&str> = g
        .state
        .polls
        .iter()
        .filter(|p| p.open && p.def == "Lynch")
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(open, ["Lynch", "Lynch 2"]);
}

#[test]
fn firebug_wards_a_player_against_the_wolfpack() {
    // Firebug: `Choice 'Ward' Chosen: Protect @Selection from 'Attacks' through Active
    // Defense (~Phase)`. (Without a Pyromancer in play the Firebug becomes one: `Passive:
    // Role Change @Self to 'Pyromancer' [Condition: not (@(Role:Pyromancer) exists)]`.)
    let mut g = game(&[
        ("Fib", "Firebug"),
        ("Pia", "Pyromancer"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    act(
        &mut g,
        "Fib: Immediate Night: @Chosen = Ward, @Selection = Dave",
    );
    act(&mut g, "Eve: Vote Wolfpack: Dave");
    next(&mut g); // D1
    assert!(alive(&g, "Dave"));
    assert!(has(
        &host(&g),
        "Attack on Dave failed: active defense (Firebug)"
    ));
}

#[test]
fn disguised_fox_takes_a_strong_disguise_of_the_chosen_role() {
    // Disguised Fox: `Choice 'Disguise Self' Chosen: Strongly Disguise @Self as @Selection
    // (~NextNight)`; the Fortune Teller (SD, WD) sees the disguise during the next night.
    let mut g = game(&[
        ("Dax", "Disguised Fox"),
        ("Fio", "Fortune Teller"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g);
    next(&mut g); // D1
    act(
        &mut g,
        "Dax: Immediate Day: @Chosen = Disguise Self, @Selection = Baker",
    );
    next(&mut g); // N2
    assert_eq!(
        act(&mut g, "Fio: Immediate Night: Dax"),
        ["Role Investigate Dax (SD, WD): Baker"]
    );
    assert!(has(
        &channel(&g, "wolfpack"),
        "A Disguised Fox has disguised themselves as Baker"
    ));
}
