//! One scenario per supported trigger and ability type, on real fixture roles. Expected
//! outcomes are worked out by hand from the formalization guide and the `_rules` files.

mod common;
use common::*;

const FIVE: &[(&str, &str)] = &[
    ("Alice", "Fortune Teller"),
    ("Bob", "Witch"),
    ("Carol", "Huntress"),
    ("Dave", "Citizen"),
    ("Eve", "Wolf"),
];

// --- Investigating, disguises ---------------------------------------------------------

#[test]
fn fortune_teller_sees_the_true_role_at_night() {
    let mut g = game(FIVE);
    next(&mut g); // N1
    let told = act(&mut g, "Alice: Immediate Night: @Selection = Eve");
    assert_eq!(told, ["Role Investigate Eve (SD, WD): Wolf"]);
}

#[test]
fn fortune_teller_acts_once_per_night_and_never_by_day() {
    let mut g = game(FIVE);
    let e = refused(&mut g, "Alice: Immediate Night: @Selection = Eve");
    assert!(e.contains("only be used at night"), "{e}");
    next(&mut g);
    act(&mut g, "Alice: Immediate Night: @Selection = Eve");
    let e = refused(&mut g, "Alice: Immediate Night: @Selection = Bob");
    assert!(e.contains("already used 1 time(s) this phase"), "{e}");
}

#[test]
fn a_weak_disguise_fools_the_fortune_teller_until_the_next_night_ends() {
    // Tanner: `Immediate Day: Weakly Disguise @Selection as @SecondarySelection (~NextNight)`
    let mut g = game(&[
        ("Alice", "Fortune Teller"),
        ("Tom", "Tanner"),
        ("Dave", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    act(
        &mut g,
        "Tom: Immediate Day: @Selection = Eve, @SecondarySelection = Citizen",
    );
    next(&mut g); // N1: the disguise lasts until the end of N1
    assert_eq!(
        act(&mut g, "Alice: Immediate Night: Eve"),
        ["Role Investigate Eve (SD, WD): Citizen"]
    );
    next(&mut g);
    next(&mut g); // N2: expired at the end of N1
    assert_eq!(
        act(&mut g, "Alice: Immediate Night: Eve"),
        ["Role Investigate Eve (SD, WD): Wolf"]
    );
}

// --- Protecting, killing order --------------------------------------------------------

#[test]
fn witch_potion_of_life_blocks_the_wolfpack_attack_with_an_active_defense() {
    let mut g = game(FIVE);
    next(&mut g);
    act(&mut g, "Bob: Immediate Night: @Selection = Dave");
    act(&mut g, "Eve: Vote Wolfpack: Dave");
    next(&mut g); // D1
    assert!(alive(&g, "Dave"));
    assert_has(&channel(&g, "wolfpack"), "Eve is attacking: Failure");
    assert_has(
        &host(&g),
        "Group:Wolfpack Attack on Dave failed: active defense (Witch)",
    );
    // The potion is spent: Update `Potions` value `1` to `no`.
    let potions = g
        .state
        .displays
        .iter()
        .find(|d| d.name == "Potions")
        .unwrap();
    assert_eq!(potions.values, ["no", "yes"]);
}

#[test]
fn witch_protects_three_players_in_one_night_and_herself_once() {
    // [Quantity: 3] ⟨x3⟩; the first use also protects the Witch (Marker).
    let mut g = game(FIVE);
    next(&mut g);
    act(&mut g, "Bob: Immediate Night: Alice");
    act(&mut g, "Bob: Immediate Night: Carol");
    act(&mut g, "Bob: Immediate Night: Dave");
    let e = refused(&mut g, "Bob: Immediate Night: Eve");
    assert!(e.contains("already used 3"), "{e}");
    act(&mut g, "Eve: Vote Wolfpack: Bob");
    next(&mut g);
    assert!(
        alive(&g, "Bob"),
        "the Witch protected herself with the first potion"
    );
}

#[test]
fn witch_potion_of_death_kills_at_the_end_of_the_night() {
    let mut g = game(FIVE);
    next(&mut g);
    act(&mut g, "Bob: End Night: @Selection = Eve");
    assert!(
        alive(&g, "Eve"),
        "End Night actions wait for the end of the night"
    );
    next(&mut g);
    assert!(!alive(&g, "Eve"));
    assert_has(&told(&g, "Bob"), "Attack Eve: Success");
    // Only townsfolk remain: the Townsfolk team wins.
    assert_eq!(g.state.outcome.as_ref().unwrap().winners, ["Townsfolk"]);
}

#[test]
fn runner_escapes_the_first_wolfish_attack_only() {
    // Passive defense by @(Attr:Wolfish) during Night (~UntilUse).
    let mut g = game(&[
        ("Rita", "Runner"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g);
    act(&mut g, "Eve: Vote Wolfpack: Rita");
    next(&mut g);
    assert!(alive(&g, "Rita"));
    assert_has(&told(&g, "Rita"), "You got attacked and ran away");
    next(&mut g); // N2
    act(&mut g, "Eve: Vote Wolfpack: Rita");
    next(&mut g);
    assert!(!alive(&g, "Rita"));
}

#[test]
fn killing_order_example_one_wolfpack_is_blocked_lone_wolf_succeeds() {
    // `01 killing order examples`, example 1: groups come first, so the Runner's passive
    // defense is used up by the wolfpack and the Lone Wolf's attack kills.
    let mut g = game(&[
        ("Rita", "Runner"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Lou", "Lone Wolf"),
        ("Eve", "Wolf"),
        ("Fay", "Citizen"),
    ]);
    next(&mut g);
    act(&mut g, "Eve: Vote Wolfpack: Rita");
    act(&mut g, "Lou: End Night: Rita");
    next(&mut g);
    assert!(!alive(&g, "Rita"));
    assert_has(&channel(&g, "wolfpack"), "Eve is attacking: Failure");
    assert_has(&told(&g, "Lou"), "Success");
}

#[test]
fn scared_wolf_survives_one_night_attack_and_learns_it() {
    let mut g = game(&[
        ("Bob", "Witch"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Sam", "Scared Wolf"),
    ]);
    next(&mut g);
    act(&mut g, "Bob: End Night: Sam");
    next(&mut g);
    assert!(alive(&g, "Sam"));
    assert_has(&told(&g, "Sam"), "Defense Used");
    assert_has(&told(&g, "Bob"), "Attack Sam: Failure");
}

#[test]
fn hooker_is_absent_from_home_but_shares_the_attack_at_the_host() {
    let mut g = game(&[
        ("Hana", "Hooker"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g);
    act(&mut g, "Hana: Immediate Night: Dave");
    act(&mut g, "Eve: Vote Wolfpack: Hana");
    next(&mut g);
    assert!(alive(&g, "Hana"), "absent: the attack on her home fails");
    assert_has(&host(&g), "failed: absence defense");
    next(&mut g); // N2: no target succession, so she visits Cid
    act(&mut g, "Hana: Immediate Night: Cid");
    act(&mut g, "Eve: Vote Wolfpack: Cid");
    next(&mut g);
    assert!(!alive(&g, "Cid"));
    assert!(!alive(&g, "Hana"), "she was at Cid's house");
}

#[test]
fn hooker_may_not_visit_the_same_player_two_nights_in_a_row() {
    let mut g = game(&[("Hana", "Hooker"), ("Dave", "Citizen"), ("Eve", "Wolf")]);
    next(&mut g);
    act(&mut g, "Hana: Immediate Night: Dave");
    next(&mut g);
    next(&mut g);
    let e = refused(&mut g, "Hana: Immediate Night: Dave");
    assert!(e.contains("Succession"), "{e}");
}

#[test]
fn cursed_civilian_turns_into_a_wolf_when_the_wolves_attack() {
    // Partial defense by wolfish players; On Partial Defense: Role Change @Self to `Wolf`.
    let mut g = game(&[
        ("Cora", "Cursed Civilian"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g);
    act(&mut g, "Eve: Vote Wolfpack: Cora");
    next(&mut g);
    assert!(alive(&g, "Cora"));
    assert_eq!(role(&g, "Cora"), "Wolf");
    let cora = g.player_named("Cora").unwrap();
    assert_eq!(g.state.players[cora].alignment, "Werewolf");
    assert!(
        g.in_group(cora, "wolfpack"),
        "the new role's Starting: Join #Wolfpack ran"
    );
}

#[test]
fn idiot_survives_the_lynch_and_loses_his_vote() {
    // Partial defense against `All` (~UntilUse); voting power set to 0.
    let mut g = game(&[
        ("Ian", "Idiot"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    to_phase(&mut g, "D1");
    act(&mut g, "Dave: Vote Lynch: Ian");
    act(&mut g, "Cid: Vote Lynch: Ian");
    next(&mut g);
    assert!(alive(&g, "Ian"));
    assert_has(&told(&g, "Ian"), "Defense was used!");
    let ian = g.player_named("Ian").unwrap();
    assert_eq!(g.voting_power(ian, false), 0);
}

// --- Targeting and death triggers -----------------------------------------------------

#[test]
fn huntress_shoots_her_target_when_the_wolves_kill_her() {
    let mut g = game(FIVE);
    act(&mut g, "Carol: Immediate: @Selection = Eve");
    assert_has(&told(&g, "Carol"), "Your target is now Eve.");
    next(&mut g);
    act(&mut g, "Eve: Vote Wolfpack: Carol");
    next(&mut g);
    assert!(!alive(&g, "Carol"));
    assert!(!alive(&g, "Eve"));
    assert_has(&public(&g), "Huntress Carol killed Eve");
}

#[test]
fn huntress_changes_her_target_with_the_second_immediate_ability() {
    let mut g = game(FIVE);
    act(&mut g, "Carol: Immediate: Dave");
    // The first ability requires `not (@Target exists)`; the second one takes over.
    act(&mut g, "Carol: Immediate: Eve");
    let carol = g.player_named("Carol").unwrap();
    let eve = g.player_named("Eve").unwrap();
    assert_eq!(
        g.state.players[carol].target,
        Some(mafia_wwr::state::Val::Players(vec![eve]))
    );
}

#[test]
fn a_lynched_huntress_does_not_shoot() {
    // `On Killed` does not trigger on a lynch.
    let mut g = game(FIVE);
    act(&mut g, "Carol: Immediate: Eve");
    to_phase(&mut g, "D1");
    for v in ["Alice", "Bob", "Dave"] {
        act(&mut g, &format!("{v}: Vote Lynch: Carol"));
    }
    next(&mut g);
    assert!(!alive(&g, "Carol"));
    assert!(alive(&g, "Eve"));
}

#[test]
fn lone_wolf_becomes_a_wolf_when_a_pack_member_dies() {
    // `On @(Group:Wolfpack) Death: Role Change @Self to `Wolf``
    let mut g = game(&[
        ("Lou", "Lone Wolf"),
        ("Eve", "Wolf"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Gus", "Citizen"),
    ]);
    to_phase(&mut g, "D1");
    for v in ["Dave", "Cid", "Fay"] {
        act(&mut g, &format!("{v}: Vote Lynch: Eve"));
    }
    next(&mut g);
    assert!(!alive(&g, "Eve"));
    assert_eq!(role(&g, "Lou"), "Wolf");
}

// --- Polls ----------------------------------------------------------------------------

#[test]
fn lynch_poll_opens_on_day_one_and_kills_the_top_voted_player() {
    let mut g = game(FIVE);
    assert!(g.state.polls.is_empty(), "Day 0 has no lynch");
    to_phase(&mut g, "D1");
    act(&mut g, "Alice: Vote Lynch: Eve");
    act(&mut g, "Bob: Vote Lynch: Eve");
    act(&mut g, "Eve: Vote Lynch: Dave");
    next(&mut g);
    assert_eq!(poll_winner(&g, "Lynch").as_deref(), Some("Eve"));
    assert_has(
        &public(&g),
        "The Lynch poll closed: Eve 2, Dave 1. Result: Eve.",
    );
    assert_has(&public(&g), "Eve was lynched.");
    assert_eq!(g.state.outcome.as_ref().unwrap().winners, ["Townsfolk"]);
}

#[test]
fn a_tied_lynch_kills_nobody() {
    let mut g = game(FIVE);
    to_phase(&mut g, "D1");
    act(&mut g, "Alice: Vote Lynch: Eve");
    act(&mut g, "Eve: Vote Lynch: Alice");
    next(&mut g);
    assert_eq!(poll_winner(&g, "Lynch"), None);
    assert!(alive(&g, "Alice") && alive(&g, "Eve"));
    assert_has(&public(&g), "Result: no result (tie).");
}

#[test]
fn abstain_wins_nothing_and_votes_can_be_withdrawn() {
    let mut g = game(FIVE);
    to_phase(&mut g, "D1");
    act(&mut g, "Alice: Vote Lynch: Abstain");
    act(&mut g, "Bob: Vote Lynch: Eve");
    act(&mut g, "Bob: Vote Lynch: none");
    next(&mut g);
    assert_eq!(poll_winner(&g, "Lynch"), None);
    assert!(alive(&g, "Eve"));
}

#[test]
fn only_pack_members_vote_in_the_wolfpack_poll() {
    let mut g = game(FIVE);
    next(&mut g);
    let e = refused(&mut g, "Alice: Vote Wolfpack: Dave");
    assert!(e.contains("no open `Wolfpack` poll"), "{e}");
    let e = refused(&mut g, "Eve: Vote Wolfpack: Nobody");
    assert!(e.contains("not an option"), "{e}");
}

#[test]
fn the_wolfpack_random_option_picks_a_non_member() {
    // `Random: @(Group:!Wolfpack)`
    for seed in 0..5 {
        let mut g = game_seeded(FIVE, seed);
        next(&mut g);
        act(&mut g, "Eve: Vote Wolfpack: Random");
        next(&mut g);
        let w = poll_winner(&g, "Wolfpack").expect("random picks somebody");
        assert_ne!(w, "Eve");
        assert!(!alive(&g, &w));
    }
}

#[test]
fn wolves_get_wolfish_when_they_join_their_team() {
    // Werewolf team: `On Join: Apply `Wolfish` to @Joiner {Visitless}`; Pack Lycan: `Lycan`.
    let g = game(FIVE);
    let eve = g.player_named("Eve").unwrap();
    let h = mafia_wwr::state::Holder::Player(eve);
    assert!(g.has_custom(&h, "Wolfish", None));
    assert!(g.has_custom(&h, "Lycan", None));
    let dave = g.player_named("Dave").unwrap();
    assert!(!g.has_custom(&mafia_wwr::state::Holder::Player(dave), "Wolfish", None));
}

// --- Attributes with durations, passive triggers -------------------------------------

#[test]
fn phase_attributes_expire_when_the_phase_ends() {
    let mut g = game(FIVE);
    next(&mut g);
    act(&mut g, "Bob: Immediate Night: Dave");
    let dave = g.player_named("Dave").unwrap();
    let defended = |g: &mafia_wwr::Game| {
        g.state.attrs.iter().any(|a| {
            a.holder == mafia_wwr::state::Holder::Player(dave)
                && matches!(a.kind, mafia_wwr::state::AttrKind::Defense { .. })
        })
    };
    assert!(defended(&g));
    next(&mut g);
    assert!(!defended(&g), "(~Phase) ends with N1");
}

// --- Errors ---------------------------------------------------------------------------

#[test]
fn unknown_players_and_abilities_are_reported() {
    let mut g = game(FIVE);
    let e = refused(&mut g, "Zed: Immediate: Bob");
    assert!(e.contains("unknown player `Zed`"), "{e}");
    let e = refused(&mut g, "Dave: Immediate Night: Bob");
    assert!(
        e.contains("Dave (Citizen) has no `Immediate Night` ability"),
        "{e}"
    );
}

#[test]
fn dead_players_cannot_act_or_be_selected() {
    let mut g = game(FIVE);
    to_phase(&mut g, "D1");
    for v in ["Alice", "Bob", "Carol"] {
        act(&mut g, &format!("{v}: Vote Lynch: Dave"));
    }
    next(&mut g);
    let e = refused(&mut g, "Alice: Immediate Night: Dave");
    assert!(e.contains("Dave is dead"), "{e}");
}

#[test]
fn two_attacks_on_one_player_in_one_night_both_succeed() {
    // `01 killing`: "If the target of an attack is killed by another attack occuring at
    // the same time, both attacks are considered successes." The wolfpack poll closes
    // first and kills Dave; the Witch's End Night attack on Dave also succeeds.
    let mut g = game(FIVE);
    next(&mut g);
    act(&mut g, "Eve: Vote Wolfpack: Dave");
    act(&mut g, "Bob: End Night: Dave");
    next(&mut g);
    assert!(!alive(&g, "Dave"));
    assert_has(&channel(&g, "wolfpack"), "Eve is attacking: Success");
    assert_has(&told(&g, "Bob"), "Attack Dave: Success");
}

// --- Visits: On Visited, Cancel, redirection, emitting --------------------------------

#[test]
fn recluse_learns_who_visited_and_cancels_wolfish_attacks() {
    // On Visited: learns the visitor's role; On Visited [Attack Killing]: a wolfish
    // attacker's visit is cancelled with Failure.
    let mut g = game(&[
        ("Alice", "Fortune Teller"),
        ("Rex", "Recluse"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g);
    act(&mut g, "Alice: Immediate Night: Rex");
    assert_has(&told(&g, "Rex"), "Fortune Teller used Investigating on you");
    act(&mut g, "Eve: Vote Wolfpack: Rex");
    next(&mut g);
    assert!(alive(&g, "Rex"));
    assert_has(&told(&g, "Rex"), "Wolf Eve used Killing on you");
    assert_has(&channel(&g, "wolfpack"), "Eve is attacking: Failure");
    assert_has(&host(&g), "Eve's visit to Rex was cancelled");
}

#[test]
fn assistant_redirects_a_wolfish_non_killing_ability_to_her_target() {
    // Starting: Redirect `non-killing abilities` from @(Attr:Wolfish) to @Target (~UntilUse)
    let mut g = game(&[
        ("Ann", "Assistant"),
        ("Alice", "Fortune Teller"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Tom", "Tanner"),
        ("Eve", "Wolf"),
    ]);
    act(&mut g, "Ann: Immediate: Dave");
    act(
        &mut g,
        "Tom: Immediate Day: @Selection = Ann, @SecondarySelection = Wolf",
    );
    assert_has(&told(&g, "Ann"), "Redirect was used");
    next(&mut g);
    assert_eq!(
        act(&mut g, "Alice: Immediate Night: Dave"),
        ["Role Investigate Dave (SD, WD): Wolf"]
    );
    // The redirection was used up (~UntilUse): the next disguise lands on Ann.
    next(&mut g);
    act(
        &mut g,
        "Tom: Immediate Day: @Selection = Ann, @SecondarySelection = Citizen",
    );
    next(&mut g);
    assert_eq!(
        act(&mut g, "Alice: Immediate Night: Ann"),
        ["Role Investigate Ann (SD, WD): Citizen"]
    );
}

#[test]
fn a_failed_pack_attack_emits_attack_and_the_ferocious_wolf_strikes_its_target() {
    // Wolfpack On Poll Closed: on Failure, `Emit `Attack` for @(Role:Ferocious-Wolf)`;
    // Ferocious Wolf: On `Attack` Emitted: Attack @Target.
    let mut g = game(&[
        ("Bob", "Witch"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Fred", "Ferocious Wolf"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g);
    act(&mut g, "Fred: Immediate Night: Dave");
    act(&mut g, "Bob: Immediate Night: Bob");
    act(&mut g, "Eve: Vote Wolfpack: Bob");
    act(&mut g, "Fred: Vote Wolfpack: Bob");
    next(&mut g);
    assert!(alive(&g, "Bob"));
    assert!(!alive(&g, "Dave"));
    assert_has(&host(&g), "Dave died: Attack by Role:Ferocious Wolf (Fred)");
}

// --- Complex actions, obstruction, poll deletion, elections and granting ---------------

#[test]
fn tracking_wolf_evaluates_class_and_category_into_a_threat_level() {
    // Process: Class and Category Investigate; Evaluate: @Result1/@Result2 chains.
    let mut g = game(&[
        ("Tia", "Tracking Wolf"),
        ("Alice", "Fortune Teller"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
    ]);
    next(&mut g);
    assert_eq!(
        act(&mut g, "Tia: Immediate Night: Alice"),
        ["Immediate Night: Alice is a Major Threat"]
    );
    next(&mut g);
    next(&mut g);
    assert_eq!(
        act(&mut g, "Tia: Immediate Night: Dave"),
        ["Immediate Night: Dave is a Slight Threat"]
    );
}

#[test]
fn riding_hood_killed_by_the_pack_obstructs_the_attacker_and_deletes_the_next_pack_poll() {
    // On Killed, @AttackSource is `Group:Wolfpack`: Obstruct @Attacker (~NextNight),
    // Delete `Wolfpack` Poll, Ascend (she is already dead: the ascension is announced).
    let mut g = game(&[
        ("Tia", "Tracking Wolf"),
        ("Rhoda", "Riding Hood"),
        ("Alice", "Fortune Teller"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
    ]);
    next(&mut g);
    act(&mut g, "Tia: Vote Wolfpack: Rhoda");
    next(&mut g);
    assert!(!alive(&g, "Rhoda"));
    assert_has(&public(&g), "Rhoda ascended. Their role was Riding Hood.");
    next(&mut g); // N2: no pack poll, and Tia's investigation is obstructed
    assert_has(&host(&g), "the Wolfpack poll was deleted");
    assert!(
        g.state
            .polls
            .iter()
            .all(|p| !(p.open && p.def == "Wolfpack"))
    );
    assert_eq!(
        act(&mut g, "Tia: Immediate Night: Alice"),
        Vec::<String>::new()
    );
    assert_has(&host(&g), "Tia's Investigating was obstructed");
    next(&mut g);
    next(&mut g); // N3: the obstruction ended with N2
    assert_eq!(
        act(&mut g, "Tia: Immediate Night: Alice"),
        ["Immediate Night: Alice is a Major Threat"]
    );
}

#[test]
fn the_election_grants_mayor_then_reporter() {
    // Election poll: no Mayor → `Target `Mayor` (Role)`, `Create Poll … as `Mayor Election``;
    // On Poll Closed: Grant @Target to @Winner. Mayor's On Assigned sets its counter to
    // ceil $total/1.5 = ceil(5/1.5) = 4.
    let mut g = game(FIVE);
    g.state.setup.polls.push("Election".into());
    to_phase(&mut g, "D1");
    assert!(
        g.state
            .polls
            .iter()
            .any(|p| p.open && p.name == "Mayor Election")
    );
    for v in ["Alice", "Carol", "Dave"] {
        act(&mut g, &format!("{v}: Vote Mayor Election: Bob"));
    }
    next(&mut g);
    assert_has(&public(&g), "Bob was elected as Mayor");
    assert_has(&told(&g, "Bob"), "You are now also Mayor.");
    let mayor = g
        .state
        .attrs
        .iter()
        .find(|a| matches!(&a.kind, mafia_wwr::state::AttrKind::Role { role } if role == "Mayor"))
        .expect("Bob holds the Mayor role");
    assert_eq!(mayor.counter, 4);
    to_phase(&mut g, "D2");
    assert!(
        g.state
            .polls
            .iter()
            .any(|p| p.open && p.name == "Reporter Election")
    );
}

#[test]
fn a_lynched_farmer_passes_the_farm_to_her_target() {
    // On Death (a lynch is a death): `@Target->Alignment is `Townsfolk``: Role Change.
    let mut g = game(&[
        ("Flo", "Farmer"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    act(&mut g, "Flo: Immediate: Dave");
    to_phase(&mut g, "D1");
    for v in ["Cid", "Fay", "Eve"] {
        act(&mut g, &format!("{v}: Vote Lynch: Flo"));
    }
    next(&mut g);
    assert!(!alive(&g, "Flo"));
    assert_eq!(role(&g, "Dave"), "Farmer");
}

#[test]
fn a_farmer_without_a_target_picks_one_at_random_and_continues() {
    // `not (@Target exists)`: Target @Others->RandomPlayer, then `Continue` to the
    // alignment lines: a townsperson becomes a Farmer, a wolf a Farming Wolf.
    for seed in 0..6 {
        let mut g = game_seeded(
            &[
                ("Flo", "Farmer"),
                ("Dave", "Citizen"),
                ("Cid", "Citizen"),
                ("Eve", "Wolf"),
            ],
            seed,
        );
        to_phase(&mut g, "D1");
        for v in ["Dave", "Cid", "Eve"] {
            act(&mut g, &format!("{v}: Vote Lynch: Flo"));
        }
        next(&mut g);
        let heirs: Vec<(String, String)> = g
            .state
            .players
            .iter()
            .filter(|p| p.name != "Flo" && p.role != p.original_role)
            .map(|p| (p.name.clone(), p.role.clone()))
            .collect();
        assert_eq!(heirs.len(), 1, "seed {seed}: {heirs:?}");
        let (who, role) = &heirs[0];
        let expected = if who == "Eve" {
            "Farming Wolf"
        } else {
            "Farmer"
        };
        assert_eq!(role, expected, "seed {seed}");
    }
}

#[test]
fn a_player_is_shown_the_prompts_open_to_them() {
    let mut g = game(FIVE);
    let bob = g.player_named("Bob").unwrap();
    assert!(
        g.prompts(bob).is_empty(),
        "the Witch has nothing to do by day"
    );
    next(&mut g);
    assert_eq!(
        g.prompts(bob),
        [
            "End Night |witch.pod|: Attack @Selection",
            "Immediate Night |witch.pol|: Protect @Selection from `Attacks` through Active Defense (~Phase)",
        ]
    );
    act(&mut g, "Bob: End Night: Eve");
    let view = mafia_wwr::render::show(&g, Some(bob), false);
    assert!(view.contains("Queued for N1: Eve"), "{view}");
    assert!(
        !view.contains("End Night |witch.pod|"),
        "used this night: {view}"
    );
    assert!(view.contains("Immediate Night |witch.pol|"), "{view}");
}
