//! Cross-feature interactions found while the WWR features were built: changing a queued
//! action, the Detective's ascension, the lynched Hexed Wolf's hex, the Angel's lynch by
//! vote, and the Bakers' extra wolfpack poll. Real fixture roles; outcomes worked out by
//! hand from the guide and the `_rules` files.

mod common;
#[path = "common/channels.rs"]
mod haunt;

use common::*;
use haunt::*;

// --- 1. A new answer replaces a queued action -----------------------------------------

const WITCH: &[(&str, &str)] = &[
    ("Bob", "Witch"),
    ("Alice", "Citizen"),
    ("Carol", "Citizen"),
    ("Dave", "Citizen"),
    ("Eve", "Wolf"),
    ("Wes", "Wolf"),
];

#[test]
fn the_witch_changes_her_potion_of_death_before_the_night_ends() {
    // Witch: `End Night: [Quantity: 1] |witch.pod|  • Attack @Selection`. _rules/abilities/
    // 3 delaying abilities: a delayed action "can be cancelled/rerequested"; the new answer
    // replaces the queued one, so the potion is still used once (Quantity: 1) on Eve.
    let mut g = game(WITCH);
    next(&mut g); // N1
    act(&mut g, "Bob: End Night: @Selection = Dave");
    assert_eq!(
        act(&mut g, "Bob: End Night: @Selection = Eve"),
        ["Your `End Night` action is queued (Eve)."]
    );
    next(&mut g); // D1
    assert!(alive(&g, "Dave"));
    assert!(!alive(&g, "Eve"));
    // The one potion of death is spent: the next night she cannot attack again.
    to_phase(&mut g, "N2");
    let e = refused(&mut g, "Bob: End Night: @Selection = Alice");
    assert!(e.contains("Quantity: already used 1 of 1"), "{e}");
}

#[test]
fn a_refused_new_answer_leaves_the_queued_action_in_place() {
    // The Witch changes her mind to a dead player: refused, and Dave's attack still stands.
    let mut g = game(WITCH);
    to_phase(&mut g, "D1");
    act(&mut g, "Alice: Vote Lynch: Carol");
    next(&mut g); // N2: Carol was lynched
    assert!(!alive(&g, "Carol"));
    act(&mut g, "Bob: End Night: @Selection = Dave");
    let e = refused(&mut g, "Bob: End Night: @Selection = Carol");
    assert!(e.contains("Carol is dead"), "{e}");
    next(&mut g); // D2
    assert!(!alive(&g, "Dave"));
}

// --- 2. The Detective's ascension ------------------------------------------------------

/// The players on the Detective's list (`DetectiveList`), with their roles.
fn detective_list(g: &mafia_wwr::Game) -> Vec<(String, String)> {
    g.state
        .players
        .iter()
        .filter(|p| p.role != "Detective")
        .filter(|p| custom(g, &p.name, "DetectiveList").is_some())
        .map(|p| (p.name.clone(), p.role.clone()))
        .collect()
}

const DETECTIVE: &[(&str, &str)] = &[
    ("Det", "Detective"),
    ("Alice", "Citizen"),
    ("Bob", "Fortune Teller"),
    ("Carol", "Citizen"),
    ("Eve", "Wolf"),
];

#[test]
fn the_detective_ascends_after_pairing_the_whole_list_correctly() {
    // Detective: `End Night: [Attribute: @Selection has `DetectiveList`]
    // ⟨@(AttrSelf:DetectiveList,AliveOnly:False)->Count⟩` increments Counter per correct
    // pair; `Passive End Night: Ascend [Condition: @Self->Counter is …->Count]`.
    // Scaling: one guess per listed player, each guess a separate use (a guess for another
    // player does not replace the first). _rules/events/2 order: conflicts between
    // non-attacks are resolved alphabetically, then by a random PLAYER; one role's own
    // abilities in one bucket are no conflict between players, so they run in sheet
    // order: the guesses first, then `You guessed … correctly`, then the Ascend check.
    // Hand-worked: $total 5 → Counter ceil(5/3) = 2; the Townsfolk (3 players) is the only
    // team with more than one player → one of its members, then one more random player:
    // two listed players; two correct guesses → Counter 2 = 2 → Ascend. Any seed.
    for seed in 1..=8 {
        let mut g = game_seeded(DETECTIVE, seed);
        let list = detective_list(&g);
        assert_eq!(list.len(), 2, "seed {seed}: {list:?}");
        next(&mut g); // N1 (Passive Start Night sets Counter to 0)
        for (name, role) in &list {
            act(
                &mut g,
                &format!("Det: End Night: @Selection = {name}, @SecondarySelection = {role}"),
            );
        }
        next(&mut g); // D1
        assert!(
            has(&told(&g, "Det"), "You guessed 2 players correctly"),
            "seed {seed}: {:?}",
            told(&g, "Det")
        );
        assert!(
            has(&public(&g), "Det ascended. Their role was Detective."),
            "seed {seed}: {:?}",
            public(&g)
        );
    }
}

#[test]
fn the_detective_corrects_one_pairing_before_the_night_ends() {
    // ⟨count⟩ scaling gives two guesses; a new guess for an already guessed player
    // replaces that guess (a different player adds one), so a wrong pair corrected before
    // the night ends still leaves two correct pairs of two: Counter 2 → Ascend.
    let mut g = game_seeded(DETECTIVE, 5);
    let list = detective_list(&g);
    next(&mut g);
    let (first, role) = &list[0];
    let wrong = if role == "Wolf" { "Citizen" } else { "Wolf" };
    act(
        &mut g,
        &format!("Det: End Night: @Selection = {first}, @SecondarySelection = {wrong}"),
    );
    for (name, role) in &list {
        act(
            &mut g,
            &format!("Det: End Night: @Selection = {name}, @SecondarySelection = {role}"),
        );
    }
    assert_eq!(g.state.pending.len(), 2);
    next(&mut g);
    assert!(has(&told(&g, "Det"), "You guessed 2 players correctly"));
    assert!(has(&public(&g), "Det ascended"));
}

#[test]
fn the_detective_does_not_ascend_with_half_the_list() {
    // One correct pair of two: Counter 1 ≠ 2, no ascension; told the count.
    let mut g = game_seeded(DETECTIVE, 3);
    let list = detective_list(&g);
    next(&mut g);
    let (name, role) = &list[0];
    act(
        &mut g,
        &format!("Det: End Night: @Selection = {name}, @SecondarySelection = {role}"),
    );
    next(&mut g);
    assert!(has(&told(&g, "Det"), "You guessed 1 players correctly"));
    assert!(alive(&g, "Det"));
    assert!(!has(&public(&g), "Det ascended"));
}

// --- 3. The lynched Hexed Wolf hexes its lynchers --------------------------------------

#[test]
fn the_lynched_hexed_wolf_hexes_its_lynchers_in_a_normal_game() {
    // Hexed Wolf: `On Poll `Lynch` Win: Apply `Hexed` to @Voters`. The guide's `On Poll
    // '<Name>' Win` "triggers when the current player wins a poll with name <Name>": the
    // lynch poll's winner is dead by the time its consequences ran, and the trigger is
    // part of those consequences, so it runs for the dead winner (haunting or not).
    let mut g = game(&[
        ("Hex", "Hexed Wolf"),
        ("Alice", "Citizen"),
        ("Bob", "Citizen"),
        ("Cid", "Citizen"),
        ("Dave", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    to_phase(&mut g, "D1");
    act(&mut g, "Alice: Vote Lynch: Hex");
    act(&mut g, "Bob: Vote Lynch: Hex");
    act(&mut g, "Cid: Vote Lynch: Dave");
    next(&mut g); // N2
    assert!(!alive(&g, "Hex"));
    assert!(custom(&g, "Alice", "Hexed").is_some());
    assert!(custom(&g, "Bob", "Hexed").is_some());
    assert!(custom(&g, "Cid", "Hexed").is_none());
}

// --- 4. The Angel lynched by vote ------------------------------------------------------

#[test]
fn the_angel_lynched_by_vote_takes_her_targeted_voter_with_her() {
    // Angel: `On Lynch` needs `@Attacker exists`; `On Poll `Lynch` Win` kills @Target when
    // it is one of @OtherVoters. The guide's @Attacker is "the player (if existing)
    // responsible for the lynch"; a lynch by vote is the poll's result (`@AttackSource`
    // "specifies the creator of the poll"), not a player's: no @Attacker, so the
    // poll-win branch runs and kills Carol, the targeted voter, whichever voter executes.
    for seed in 1..=6 {
        let mut g = game_seeded(
            &[
                ("Ann", "Angel"),
                ("Bob", "Citizen"),
                ("Carol", "Citizen"),
                ("Dave", "Citizen"),
                ("Fay", "Citizen"),
                ("Eve", "Wolf"),
            ],
            seed,
        );
        act(&mut g, "Ann: Immediate: @Selection = Carol");
        to_phase(&mut g, "D1");
        for v in ["Bob", "Carol", "Dave"] {
            act(&mut g, &format!("{v}: Vote Lynch: Ann"));
        }
        next(&mut g); // N2
        assert!(!alive(&g, "Ann"), "seed {seed}");
        assert!(!alive(&g, "Carol"), "seed {seed}");
        assert!(alive(&g, "Bob") && alive(&g, "Dave"), "seed {seed}");
        assert!(has(&public(&g), "Angel Ann killed Carol"), "seed {seed}");
        assert!(
            has(&public(&g), "Ann ascended"),
            "seed {seed}: {:?}",
            public(&g)
        );
    }
}

#[test]
fn the_angel_lynched_by_the_executioner_takes_the_executioner() {
    // Executioner: `Lynch @Target` (the lynching player is the @Attacker): the Angel's
    // `On Lynch` branch targets and kills the Executioner. Hand-worked: the town lynches
    // Exe; Exe's passive defense against lynches holds (`~UntilUse`), and `On Passive
    // Defense: Lynch @Target` lynches Ann with Exe as @Attacker.
    let mut g = game(&[
        ("Ann", "Angel"),
        ("Exe", "Executioner"),
        ("Bob", "Citizen"),
        ("Carol", "Citizen"),
        ("Dave", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    act(&mut g, "Ann: Immediate: @Selection = Carol");
    act(&mut g, "Exe: Immediate: @Selection = Ann");
    to_phase(&mut g, "D1");
    for v in ["Bob", "Carol", "Dave"] {
        act(&mut g, &format!("{v}: Vote Lynch: Exe"));
    }
    next(&mut g); // N2
    assert!(alive(&g, "Carol"));
    assert!(!alive(&g, "Exe"));
    assert!(has(&public(&g), "Angel Ann killed Exe"), "{:?}", public(&g));
    assert!(has(&public(&g), "Ann ascended"), "{:?}", public(&g));
}

// --- 5. A group entering play runs its Starting abilities ------------------------------

/// The names of the open polls.
fn open_polls(g: &mafia_wwr::Game) -> Vec<String> {
    g.state
        .polls
        .iter()
        .filter(|p| p.open)
        .map(|p| p.name.clone())
        .collect()
}

#[test]
fn the_wolfpack_attacks_twice_after_killing_the_first_baker() {
    // Bakers (group): `Starting: Set Counter to 1`; `On @(Group:Bakers,Role:Baker) Death:
    // [Condition: @Self->Counter > 0, Condition: @Attacker is in #Wolfpack] • Add
    // 'Wolfpack' Poll • Decrement Counter`. The group forms when the Bakers' own `Starting:
    // Join #Bakers` run; it enters play then and its `Starting` sets its counter to 1.
    // Guide (Poll Manipulating): an Add "may affect polls that do not yet exist", so the
    // N1 kill of Alice gives the wolfpack two polls in N2; the counter is then 0, so Bob's
    // death in N2 adds none for N3.
    let mut g = game(&[
        ("Alice", "Baker"),
        ("Bob", "Baker"),
        ("Carol", "Citizen"),
        ("Dave", "Citizen"),
        ("Fay", "Citizen"),
        ("Gil", "Citizen"),
        ("Hal", "Citizen"),
        ("Eve", "Wolf"),
        ("Wes", "Wolf"),
    ]);
    assert_eq!(g.state.groups["bakers"].counter, 1);
    next(&mut g); // N1
    assert_eq!(open_polls(&g), ["Wolfpack"]);
    act(&mut g, "Eve: Vote Wolfpack: Alice");
    next(&mut g); // D1
    assert!(!alive(&g, "Alice"));
    assert_eq!(g.state.groups["bakers"].counter, 0);
    next(&mut g); // N2
    assert_eq!(open_polls(&g), ["Wolfpack", "Wolfpack 2"]);
    act(&mut g, "Eve: Vote Wolfpack: Bob");
    act(&mut g, "Wes: Vote Wolfpack 2: Carol");
    next(&mut g); // D2
    assert!(!alive(&g, "Bob") && !alive(&g, "Carol"));
    next(&mut g); // N3: the counter was spent, one poll again
    assert_eq!(open_polls(&g), ["Wolfpack"]);
}

// --- Saved games ------------------------------------------------------------------------

const MIXED: &[(&str, &str)] = &[
    ("Alice", "Baker"),
    ("Bob", "Baker"),
    ("Det", "Detective"),
    ("Ann", "Angel"),
    ("Hex", "Hexed Wolf"),
    ("Carol", "Witch"),
    ("Dave", "Citizen"),
    ("Eve", "Wolf"),
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 12, ..Default::default() })]

    /// A group's `started` mark and the queued answers are saved state: a game with the
    /// Bakers, the Detective, the Angel and the Hexed Wolf, saved and reloaded at any
    /// phase, continues exactly as the game played straight through.
    #[test]
    fn save_and_reload_with_these_roles_continues_identically(
        seed in proptest::prelude::any::<u64>(),
        driver in proptest::prelude::any::<u64>(),
        cut in 0usize..10,
    ) {
        use mafia_wwr::autoplay::{Driver, play_phase, play_to_end};
        let json = |g: &mafia_wwr::Game| serde_json::to_string(&g.state).unwrap();
        let mut straight = game_seeded(MIXED, seed);
        play_to_end(&mut straight, &mut Driver::new(driver), 24);
        let mut first = game_seeded(MIXED, seed);
        let mut d = Driver::new(driver);
        for _ in 0..cut {
            if first.state.outcome.is_some() {
                break;
            }
            play_phase(&mut first, &mut d);
        }
        let state: mafia_wwr::GameState = serde_json::from_str(&json(&first)).unwrap();
        let mut reloaded = mafia_wwr::Game::load(state, lib()).unwrap();
        play_to_end(&mut reloaded, &mut d, 24usize.saturating_sub(cut));
        proptest::prop_assert_eq!(json(&straight), json(&reloaded));
    }
}

#[test]
fn a_game_saved_before_groups_had_a_started_mark_still_loads() {
    let g = game(MIXED);
    let mut v = serde_json::to_value(&g.state).unwrap();
    for (_, st) in v["groups"].as_object_mut().unwrap().iter_mut() {
        st.as_object_mut().unwrap().remove("started");
    }
    let state: mafia_wwr::GameState = serde_json::from_value(v).unwrap();
    assert!(!state.groups["bakers"].started);
    assert_eq!(state.groups["bakers"].counter, 1);
}
