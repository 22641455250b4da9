//! Coverage scenarios: one test per trigger type, ability type, defense kind, restriction,
//! scaling, compulsion and duration the engine supports that `scenarios.rs` did not cover yet,
//! on real fixture roles. Expected outcomes are worked out by hand from the formalization
//! guide (`wwr-formalization-guide.md`) and the role's own text, quoted above each test.
//! `docs/wwr-coverage.md` maps every guide item to its test; `coverage_table_names_real_tests`
//! checks that map.

mod common;
use common::*;

use mafia_wwr::state::{AttrKind, Holder};

fn id(g: &mafia_wwr::Game, name: &str) -> usize {
    g.player_named(name).unwrap()
}

fn has_attr(g: &mafia_wwr::Game, name: &str, attr: &str) -> bool {
    g.has_custom(&Holder::Player(id(g, name)), attr, None)
}

fn lynch(g: &mut mafia_wwr::Game, target: &str, voters: &[&str]) {
    for v in voters {
        act(g, &format!("{v}: Vote Lynch: {target}"));
    }
}

// --- Guardian (Extra Elected): elected by the Election poll -------------------------------

/// Guardian: `On Assigned: Set Counter to ceil $total/1.5 for @ThisAttr`;
/// `Immediate Night: Protect @Selection from `Attacks` through Active Defense (~Phase)
/// [Succession: No Target Succession] ⟨x1, $living>@ThisAttr->Counter ⇒ x2⟩`.
/// Six players: the counter is ceil(6/1.5) = 4, 6 living > 4 so two protections a night
/// ("When there are more player than that, they may choose up to two"); the wolfpack
/// attack on a protected player fails on the active defense; the next night neither
/// protected player may be chosen again (No Target Succession), and the protection of the
/// previous night is gone (~Phase).
#[test]
fn guardian_protects_two_players_a_night_and_never_the_same_one_twice_in_a_row() {
    let mut g = game(&[
        ("Gus", "Citizen"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Hal", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    // Election order (Election poll): Mayor Gus on D1, Reporter Dave on D2, Guardian Cid on D3.
    elect_guardian(&mut g, "Cid", &["Gus", "Dave", "Cid"]);
    next(&mut g);
    assert!(has(&public(&g), "Cid was elected as Guardian"));
    let guardian = g
        .state
        .attrs
        .iter()
        .find(|a| matches!(&a.kind, AttrKind::Role { role } if role == "Guardian"))
        .expect("Cid holds the Guardian role");
    assert_eq!(guardian.holder, Holder::Player(id(&g, "Cid")));
    assert_eq!(guardian.counter, 4);

    // N4: two protections (6 living > 4), a third is refused.
    act(&mut g, "Cid: Immediate Night: Dave");
    act(&mut g, "Cid: Immediate Night: Fay");
    let e = refused(&mut g, "Cid: Immediate Night: Hal");
    assert!(e.contains("already used 2"), "{e}");
    act(&mut g, "Eve: Vote Wolfpack: Dave");
    next(&mut g);
    assert!(alive(&g, "Dave"));
    assert!(has(
        &host(&g),
        "Group:Wolfpack Attack on Dave failed: active defense (Guardian)"
    ));

    // N5: Dave and Fay were protected last night; Hal is fine; Fay is attacked unprotected.
    to_phase(&mut g, "N5");
    let e = refused(&mut g, "Cid: Immediate Night: Dave");
    assert!(e.contains("Succession"), "{e}");
    let e = refused(&mut g, "Cid: Immediate Night: Fay");
    assert!(e.contains("Succession"), "{e}");
    act(&mut g, "Cid: Immediate Night: Hal");
    act(&mut g, "Eve: Vote Wolfpack: Fay");
    next(&mut g);
    assert!(!alive(&g, "Fay"), "last night's protection ended (~Phase)");
}

/// Guardian at two thirds: `Passive End Phase: [Attribute: @ThisAttr lacks `Marker`,
/// Condition: not ($living > @ThisAttr->Counter)]` announces `Guardian may only protect 1
/// person now` once, and from then on the scaling gives x1. Five players: counter
/// ceil(5/1.5) = 4; after one lynch 4 are alive, 4 > 4 is false.
#[test]
fn guardian_protects_only_one_player_once_two_thirds_remain() {
    let mut g = game(&[
        ("Gus", "Citizen"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    elect_guardian(&mut g, "Cid", &["Gus", "Dave", "Cid"]);
    // The same day Fay is lynched: 4 living, not more than the counter 4.
    lynch(&mut g, "Fay", &["Gus", "Dave", "Cid"]);
    next(&mut g);
    assert!(!alive(&g, "Fay"));
    assert_eq!(
        public(&g)
            .iter()
            .filter(|l| l.contains("Guardian may only protect 1 person now"))
            .count(),
        1
    );
    act(&mut g, "Cid: Immediate Night: Dave");
    let e = refused(&mut g, "Cid: Immediate Night: Gus");
    assert!(e.contains("already used 1"), "{e}");
}

// --- Investigating ---------------------------------------------------------------------

/// Oracle: Process `Alignment Investigate` twice and `Apply `OracleSelected``; Evaluate
/// `@Result1[alignment] is @Result2[alignment]` → Same, Otherwise → Different. The action
/// restriction `Attribute: @Selection lacks `OracleSelected:Self`` refuses a player the
/// Oracle already chose.
#[test]
fn oracle_compares_two_alignments_and_never_chooses_a_player_twice() {
    let mut g = game(&[
        ("Olga", "Oracle"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g);
    assert_eq!(
        act(
            &mut g,
            "Olga: Immediate Night: @Selection = Dave, @SecondarySelection = Eve"
        ),
        ["Immediate Night: Dave and Eve are a Different Alignment"]
    );
    assert!(has_attr(&g, "Dave", "OracleSelected"));
    to_phase(&mut g, "N2");
    let e = refused(
        &mut g,
        "Olga: Immediate Night: @Selection = Dave, @SecondarySelection = Cid",
    );
    assert!(e.contains("lacks"), "{e}");
    assert_eq!(
        act(
            &mut g,
            "Olga: Immediate Night: @Selection = Cid, @SecondarySelection = Fay"
        ),
        ["Immediate Night: Cid and Fay are the Same Alignment"]
    );
}

/// Innkeeper: `Immediate Night: Investigate @Selection Count (SD)` — "the amount of times
/// a certain role exists": two living Citizens.
#[test]
fn innkeeper_counts_how_many_players_have_a_role() {
    let mut g = game(&[
        ("Inna", "Innkeeper"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g);
    let told = act(&mut g, "Inna: Immediate Night: Citizen");
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(told[0].ends_with(": 2"), "{told:?}");
}

/// Sneaking Wolf: `Starting: Strongly Disguise @Self as `Citizen`` (~Permanent). The
/// Fortune Teller's `Role Investigate … (SD, WD)` sees the disguise, every night (a
/// permanent disguise is not used up).
#[test]
fn a_strong_disguise_fools_the_fortune_teller_every_night() {
    let mut g = game(&[
        ("Alice", "Fortune Teller"),
        ("Sid", "Sneaking Wolf"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
    ]);
    next(&mut g);
    assert_eq!(
        act(&mut g, "Alice: Immediate Night: Sid"),
        ["Role Investigate Sid (SD, WD): Citizen"]
    );
    to_phase(&mut g, "N2");
    assert_eq!(
        act(&mut g, "Alice: Immediate Night: Sid"),
        ["Role Investigate Sid (SD, WD): Citizen"]
    );
}

// --- Killing subtypes and defenses ------------------------------------------------------

/// Priest: `End Night: @Selection->Attr(Lycan) exists: Attack @Selection;
/// @Selection->Alignment is `Townsfolk`: True Kill @Self`. A true kill ignores every
/// defense (guide, Killing subtypes; `01 killing`): the Witch's active defense on the
/// Priest does not save him.
#[test]
fn a_priest_who_chooses_a_townsperson_true_kills_himself_through_a_protection() {
    let mut g = game(&[
        ("Pete", "Priest"),
        ("Bob", "Witch"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g);
    act(&mut g, "Bob: Immediate Night: Pete");
    act(&mut g, "Pete: End Night: Dave");
    next(&mut g);
    assert!(!alive(&g, "Pete"));
    assert!(alive(&g, "Dave"));
    assert!(has(&host(&g), "Pete died: True Kill by Role:Priest (Pete)"));
}

/// Priest on a wolf: `Attack @Selection` (Eve has the `Lycan` role attribute).
#[test]
fn a_priest_attacks_a_lycan() {
    let mut g = game(&[
        ("Pete", "Priest"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
        ("Wes", "Wolf"),
    ]);
    next(&mut g);
    act(&mut g, "Pete: End Night: Eve");
    next(&mut g);
    assert!(!alive(&g, "Eve"));
    assert!(alive(&g, "Pete"));
    assert!(has(&host(&g), "Eve died: Attack by Role:Priest (Pete)"));
}

/// Macho: `Starting: Protect @Self from `Attacks` through Partial Defense during Night`;
/// `On Partial Defense: Learn `Attacked by @Attacker`, Protect @Self from `All` through
/// Passive Defense, Apply `Marker``; `Passive End Day: True Kill @Self [Attribute: has
/// `Marker`]`. He survives the night attack, learns the attacker, and dies at the end of
/// the next day.
#[test]
fn macho_survives_the_night_attack_and_dies_at_the_end_of_the_day() {
    let mut g = game(&[
        ("Mac", "Macho"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g);
    act(&mut g, "Eve: Vote Wolfpack: Mac");
    next(&mut g); // D1
    assert!(alive(&g, "Mac"));
    assert!(has(&told(&g, "Mac"), "Attacked by Eve"));
    assert!(has(&host(&g), "failed: partial defense (Macho)"));
    assert!(has_attr(&g, "Mac", "Marker"));
    next(&mut g); // end of D1: Passive End Day
    assert!(!alive(&g, "Mac"));
    assert!(has(&host(&g), "Mac died: True Kill by Role:Macho (Mac)"));
}

/// Macho's partial defense is limited `during Night`: a day lynch is not covered (and it
/// defends against `Attacks` only anyway), so the lynch kills him.
#[test]
fn macho_night_defense_does_not_stop_a_day_lynch() {
    let mut g = game(&[
        ("Mac", "Macho"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    to_phase(&mut g, "D1");
    lynch(&mut g, "Mac", &["Dave", "Cid", "Eve"]);
    next(&mut g);
    assert!(!alive(&g, "Mac"));
}

/// Royal Knight: `Immediate: Protect @Self from `Lynches` through Passive Defense (~NextDay)
/// [Quantity: 1, Temporal: Night 2+]`. Refused on N1 (Temporal), used on N2; the lynch on
/// D2 fails on the passive defense; a second use is refused (Quantity: 1).
#[test]
fn royal_knight_survives_the_next_days_lynch_once() {
    let mut g = game(&[
        ("Kay", "Royal Knight"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    let e = refused(&mut g, "Kay: Immediate: Kay");
    assert!(e.contains("Temporal"), "{e}");
    to_phase(&mut g, "N2");
    act(&mut g, "Kay: Immediate: Kay");
    next(&mut g); // D2
    lynch(&mut g, "Kay", &["Dave", "Cid", "Fay"]);
    next(&mut g);
    assert!(alive(&g, "Kay"));
    assert!(has(&host(&g), "Lynch on Kay failed: passive defense"));
    let e = refused(&mut g, "Kay: Immediate: Kay");
    assert!(e.contains("Quantity"), "{e}");
    // ~NextDay, applied on night 2, ended with day 2: the next lynch kills him.
    to_phase(&mut g, "D3");
    lynch(&mut g, "Kay", &["Dave", "Cid", "Fay"]);
    next(&mut g);
    assert!(!alive(&g, "Kay"));
}

/// Phases are ordered in game time: D0 < N1 < D1 < N2 (durations and queued actions compare
/// phases).
#[test]
fn phases_are_ordered_in_game_time() {
    use mafia_wwr::state::Phase;
    let d0 = Phase::START;
    let n1 = d0.next();
    let d1 = n1.next();
    let n2 = d1.next();
    assert!(d0 < n1 && n1 < d1 && d1 < n2);
    assert_eq!(d1.to_string(), "D1");
}

/// Cleric: `Immediate Night: [Quantity: 1, …, Temporal: Night 2+]` protects the selection
/// and the Cleric through Active Defense (~Phase); `On Active Defense: Reveal `@Attacked
/// survived because they were blessed` to @AttackLocation`.
#[test]
fn cleric_blesses_a_player_and_the_attack_fails() {
    let mut g = game(&[
        ("Cleo", "Cleric"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    to_phase(&mut g, "N2");
    act(&mut g, "Cleo: Immediate Night: Dave");
    act(&mut g, "Eve: Vote Wolfpack: Cleo");
    next(&mut g);
    assert!(alive(&g, "Cleo"), "the Cleric protects herself too");
    // `@Attacked` (not in the guide's list; the Cleric's text) is the defended player, and
    // `@AttackLocation` the attacker who executed the pack's attack.
    assert!(has(
        &told(&g, "Eve"),
        "Cleo survived because they were blessed"
    ));
    assert!(has(
        &host(&g),
        "Attack on Cleo failed: active defense (Cleric)"
    ));
    to_phase(&mut g, "N3");
    let e = refused(&mut g, "Cleo: Immediate Night: Dave");
    assert!(e.contains("Quantity"), "{e}");
}

// --- Counting, displaying, On Action ------------------------------------------------------

/// Assassin: `Starting: Set Counter to 3, Display `Knives` (Counter)`; `End Night: Attack
/// @Selection [Temporal: Night 2+, Quantity: 3]`; `On Action [Killing]: Process: Decrement
/// Counter`. One attack on N2 kills and leaves 2 knives.
#[test]
fn assassin_spends_a_knife_on_each_attack() {
    let mut g = game(&[
        ("Asa", "Assassin"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
        ("Wes", "Wolf"),
    ]);
    let asa = id(&g, "Asa");
    assert_eq!(g.state.players[asa].counter, 3);
    assert!(g.state.displays.iter().any(|d| d.name == "Knives"));
    next(&mut g); // N1
    let e = refused(&mut g, "Asa: End Night: Eve");
    assert!(e.contains("Temporal"), "{e}");
    to_phase(&mut g, "N2");
    act(&mut g, "Asa: End Night: Eve");
    next(&mut g);
    assert!(!alive(&g, "Eve"));
    assert_eq!(g.state.players[asa].counter, 2);
}

// --- Compulsion, host information, passive timings ----------------------------------------

/// Fletcher: `Immediate Day: [Quantity: 1, Temporal: Day 0, Condition: @Selection is not
/// @Self] {Forced}` — Grant `Fletcher's Customer` to @Selection, Target @Selection. Not used
/// on Day 0, it runs at the end of the day on a random other player (guide, Action
/// Compulsion: "By default a forced action randomly selects a target"; `5 action`: "If a
/// forced Action is not used voluntarily, it is instead automatically executed").
#[test]
fn an_unused_forced_immediate_action_runs_at_the_end_of_the_phase_on_a_random_player() {
    for seed in 0..4 {
        let mut g = game_seeded(
            &[
                ("Flet", "Fletcher"),
                ("Dave", "Citizen"),
                ("Cid", "Citizen"),
                ("Eve", "Wolf"),
            ],
            seed,
        );
        next(&mut g); // end of D0
        let customers: Vec<usize> = g
            .state
            .attrs
            .iter()
            .filter(|a| matches!(&a.kind, AttrKind::Role { role } if role == "Fletcher's Customer"))
            .filter_map(|a| match a.holder {
                Holder::Player(p) => Some(p),
                _ => None,
            })
            .collect();
        assert_eq!(customers.len(), 1, "seed {seed}");
        let c = customers[0];
        assert_ne!(c, id(&g, "Flet"), "seed {seed}");
        assert_eq!(
            g.state.players[id(&g, "Flet")].target,
            Some(mafia_wwr::state::Val::Players(vec![c])),
            "seed {seed}"
        );
        assert!(has(&host(&g), "Flet's forced action uses"), "seed {seed}");
    }
}

/// A forced action the player used is not run again.
#[test]
fn a_used_forced_action_is_not_repeated() {
    let mut g = game(&[
        ("Flet", "Fletcher"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    act(&mut g, "Flet: Immediate Day: Dave");
    next(&mut g);
    let n = g
        .state
        .attrs
        .iter()
        .filter(|a| matches!(&a.kind, AttrKind::Role { role } if role == "Fletcher's Customer"))
        .count();
    assert_eq!(n, 1);
    assert!(!has(&host(&g), "forced action"));
}

fn game_with_host(players: &[(&str, &str)], host: &[(&str, &str)]) -> mafia_wwr::Game {
    let setup = mafia_wwr::Setup {
        host: host
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        ..mafia_wwr::Setup::with_roles(roles_dir(), players)
    };
    mafia_wwr::Game::new(setup, lib(), 7).expect("game starts")
}

/// Town Crier: `Starting: Target %Player% (Player)` (host information), `Passive Start
/// Night: Learn `@Target is @Target->Role` [Temporal: Night 1]`: told once, at the start
/// of night 1.
#[test]
fn town_crier_learns_the_host_chosen_players_role_on_night_one() {
    let mut g = game_with_host(
        &[
            ("Tia", "Town Crier"),
            ("Dave", "Citizen"),
            ("Cid", "Citizen"),
            ("Eve", "Wolf"),
        ],
        &[("Player", "Eve")],
    );
    assert!(!has(&told(&g, "Tia"), "Eve is Wolf"));
    next(&mut g);
    assert!(has(&told(&g, "Tia"), "Eve is Wolf"));
    to_phase(&mut g, "N2");
    let n = told(&g, "Tia")
        .iter()
        .filter(|l| l.contains("Eve is Wolf"))
        .count();
    assert_eq!(n, 1, "Temporal: Night 1");
}

/// Alcoholic (his Bartender lynched on day 1; he `Require`s one, so the game starts with
/// one): `Passive End Night: Kill @Self [Condition: not (@(Role:Bartender) exists)]`. A
/// `Kill` is not stopped by a defense from `Attacks` (guide, Protecting: `Kills`
/// "automatically contains attacks", not the other way round): the Witch's potion does not
/// save him.
#[test]
fn a_kill_goes_through_a_protection_from_attacks() {
    let mut g = game(&[
        ("Al", "Alcoholic"),
        ("Bart", "Bartender"),
        ("Bob", "Witch"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    lynch_the_bartender_on_day_one(&mut g);
    act(&mut g, "Bob: Immediate Night: Al");
    next(&mut g);
    assert!(!alive(&g, "Al"));
    assert!(has(&host(&g), "Al died: Kill by Role:Alcoholic (Al)"));
}

/// Ravenkeeper: `Starting: Set Counter to floor $total/5, Display `Ravens` (Counter)`;
/// `Immediate Night: [Condition: @Self->Counter > 0, …, Attribute: @Selection lacks `Raven`]
/// Apply `Raven` (~Persistent), Decrement Counter`; `Immediate Day: [Condition: @Selection
/// has `Raven`, Temporal: Day 1+] Remove `Raven`, Increment Counter`;
/// `On @(AttrSelf:Raven) Death: Increment Counter`. Five players: floor(5/5) = 1 raven.
#[test]
fn ravenkeeper_sends_and_recalls_ravens_and_gets_one_back_when_its_holder_dies() {
    let mut g = game(&[
        ("Rae", "Ravenkeeper"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    let rae = id(&g, "Rae");
    assert_eq!(g.state.players[rae].counter, 1);
    next(&mut g); // N1
    act(&mut g, "Rae: Immediate Night: Dave");
    assert!(has_attr(&g, "Dave", "Raven"));
    assert_eq!(g.state.players[rae].counter, 0);
    next(&mut g); // D1
    let e = refused(&mut g, "Rae: Immediate Day: Cid");
    assert!(e.contains("Condition"), "Cid has no raven: {e}");
    act(&mut g, "Rae: Immediate Day: Dave");
    assert!(!has_attr(&g, "Dave", "Raven"));
    assert_eq!(g.state.players[rae].counter, 1);
    next(&mut g); // N2
    act(&mut g, "Rae: Immediate Night: Cid");
    assert_eq!(g.state.players[rae].counter, 0);
    act(&mut g, "Eve: Vote Wolfpack: Cid");
    next(&mut g);
    assert!(!alive(&g, "Cid"));
    assert_eq!(
        g.state.players[rae].counter, 1,
        "On @(AttrSelf:Raven) Death"
    );
}

/// Alpha Wolf: `Starting: Manipulate @Self's `private voting power` to `2``; in the
/// wolfpack's private poll his vote counts twice (`_rules/polls`: private polls use private
/// voting power). `Pre-End Night: [Quantity: 1] Cancel `Wolfpack` Poll, Attack @Selection,
/// Reveal `Alpha Wolf attacked @Selection instead` to #wolfpack`: Pre-End runs before the
/// polls close, so the pack's result is cancelled and only his attack happens.
#[test]
fn alpha_wolf_votes_twice_in_the_pack_and_replaces_the_pack_attack_once() {
    let mut g = game(&[
        ("Al", "Alpha Wolf"),
        ("Eve", "Wolf"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Gus", "Citizen"),
        ("Hal", "Citizen"),
    ]);
    next(&mut g); // N1
    act(&mut g, "Eve: Vote Wolfpack: Dave");
    act(&mut g, "Al: Vote Wolfpack: Cid");
    next(&mut g);
    assert!(has(
        &channel(&g, "wolfpack"),
        "The Wolfpack poll closed: Cid 2, Dave 1. Result: Cid."
    ));
    assert!(!alive(&g, "Cid") && alive(&g, "Dave"));
    to_phase(&mut g, "N2");
    act(&mut g, "Eve: Vote Wolfpack: Dave");
    act(&mut g, "Al: Vote Wolfpack: Dave");
    act(
        &mut g,
        "Al: Pre-End Night: @Selection = Fay, @SecondarySelection = False",
    );
    next(&mut g);
    assert!(alive(&g, "Dave"), "the pack's result was cancelled");
    assert!(!alive(&g, "Fay"));
    assert!(has(
        &channel(&g, "wolfpack"),
        "Alpha Wolf attacked Fay instead"
    ));
    assert!(has(
        &public(&g),
        "The Wolfpack poll's result was cancelled."
    ));
    to_phase(&mut g, "N3");
    let e = refused(&mut g, "Al: Pre-End Night: Gus");
    assert!(e.contains("Quantity"), "{e}");
}

// --- Ordering within a bucket (`_rules/events/2 order`, `01 killing order`) ---------------

fn log_position(g: &mafia_wwr::Game, needle: &str) -> usize {
    g.state
        .log
        .iter()
        .position(|e| e.text.contains(needle))
        .unwrap_or_else(|| panic!("`{needle}` is not in the log"))
}

/// `01 killing order`: "roles are prioritised alphabetically within their team". Priest
/// and Witch (both Townsfolk) attack the Scared Wolf at the end of the night; his passive
/// defense (~UntilUse) stops the first attack: the Priest's (P < W), though the Witch sits
/// first in the player list (never storage order).
#[test]
fn attacks_of_one_team_run_in_alphabetical_order_of_their_roles() {
    let mut g = game(&[
        ("Bob", "Witch"),
        ("Pete", "Priest"),
        ("Sam", "Scared Wolf"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
    ]);
    next(&mut g);
    act(&mut g, "Bob: End Night: Sam");
    act(&mut g, "Pete: End Night: Sam");
    next(&mut g);
    assert!(!alive(&g, "Sam"));
    assert!(has(&told(&g, "Pete"), "End Night: Failure"));
    assert!(has(&told(&g, "Bob"), "Attack Sam: Success"));
}

/// `01 killing order`: "Townsfolk roles are considered first, then werewolf, then all other
/// roles". The White Werewolf (Solo) sorts before the Witch alphabetically, but the Witch
/// (Townsfolk) attacks first and spends the Scared Wolf's defense; the White Werewolf's
/// attack (`End Night: Attack @Selection [Condition: @Selection is in #Wolfpack, …,
/// Temporal: Night 2+]`) kills.
#[test]
fn townsfolk_attacks_run_before_other_teams_attacks() {
    let mut g = game_with_host(
        &[
            ("Wil", "White Werewolf"),
            ("Bob", "Witch"),
            ("Sam", "Scared Wolf"),
            ("Dave", "Citizen"),
            ("Cid", "Citizen"),
            ("Fay", "Citizen"),
        ],
        &[("Role", "Citizen")],
    );
    to_phase(&mut g, "N2");
    act(&mut g, "Wil: End Night: Sam");
    act(&mut g, "Bob: End Night: Sam");
    next(&mut g);
    assert!(!alive(&g, "Sam"));
    assert!(has(&told(&g, "Bob"), "Attack Sam: Failure"));
    assert!(has(&told(&g, "Sam"), "Defense Used"));
    assert!(has(
        &host(&g),
        "Sam died: Attack by Role:White Werewolf (Wil)"
    ));
}

/// `2 order`: "Non-attack abilities are prioritized according to alphabetical sorting."
/// At the start of night 1 the Amulet Crafter's `Passive Start Night: Grant `Amulet of
/// Protection`` runs before the Town Crier's `Passive Start Night: Learn`, although the
/// Town Crier sits first.
#[test]
fn non_attacks_run_in_alphabetical_order_of_their_element() {
    let mut g = game_with_host(
        &[
            ("Tia", "Town Crier"),
            ("Amy", "Amulet Crafter"),
            ("Dave", "Citizen"),
            ("Eve", "Wolf"),
        ],
        &[("Player", "Eve")],
    );
    next(&mut g);
    assert!(
        log_position(&g, "You are now also Amulet of Protection.")
            < log_position(&g, "Eve is Wolf")
    );
}

/// `2 order`: "If a conflict still exists a random player is chosen to be prioritized":
/// two Town Criers learn at the same moment; the order is drawn from the game's seeded RNG,
/// so one seed always gives the same order and both orders occur over seeds.
#[test]
fn ties_within_a_bucket_are_broken_by_the_seeded_rng() {
    let order = |seed: u64| {
        let setup = mafia_wwr::Setup {
            host: [("Player".to_string(), "Eve".to_string())].into(),
            ..mafia_wwr::Setup::with_roles(
                roles_dir(),
                &[
                    ("Tia", "Town Crier"),
                    ("Tom", "Town Crier"),
                    ("Dave", "Citizen"),
                    ("Eve", "Wolf"),
                ],
            )
        };
        let mut g = mafia_wwr::Game::new(setup, lib(), seed).unwrap();
        next(&mut g);
        let tia = id(&g, "Tia");
        let first = g
            .state
            .log
            .iter()
            .find(|e| e.text == "Eve is Wolf")
            .map(|e| e.to.clone())
            .unwrap();
        first == mafia_wwr::state::Audience::Player(tia)
    };
    let orders: Vec<bool> = (0..16).map(order).collect();
    assert!(
        orders.contains(&true) && orders.contains(&false),
        "{orders:?}"
    );
    for seed in 0..4 {
        assert_eq!(order(seed), order(seed), "seed {seed} replays");
    }
}

/// Tanner: `Passive Start Night: Investigate @(AttrDisguise:Self,Group:Wolfpack) Player
/// Count`, then `@Result is 0: `None of your living disguised players are in the wolfpack``,
/// `Otherwise: `At least one …``. The conditions evaluate the first line's result (guide,
/// Complex Actions: "In some cases Process can be left out"), and the text goes to the
/// Tanner. Only disguises the Tanner applied count (`AttrDisguise:Self`).
#[test]
fn tanner_learns_at_night_whether_a_player_he_disguised_is_in_the_pack() {
    let mut g = game(&[
        ("Tom", "Tanner"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    act(
        &mut g,
        "Tom: Immediate Day: @Selection = Dave, @SecondarySelection = Wolf",
    );
    next(&mut g); // N1
    assert!(has(
        &told(&g, "Tom"),
        "Passive Start Night: None of your living disguised players are in the wolfpack"
    ));
    to_phase(&mut g, "D1");
    act(
        &mut g,
        "Tom: Immediate Day: @Selection = Eve, @SecondarySelection = Citizen",
    );
    next(&mut g); // N2
    assert!(has(
        &told(&g, "Tom"),
        "Passive Start Night: At least one of your living disguised players are in the wolfpack"
    ));
}

// --- End Day actions, passive phase triggers, role-created polls ---------------------------

/// Howling Wolf: `End Day: [Quantity: 1] |howling_wolf.2|` — Update `Cries` value `1` to
/// `no`, Apply `Marker` (~Phase), Set Counter to 1; `Passive End Day: [Attribute: has
/// `Marker`] Announce `A Howling Wolf has cried``; `Passive Start Night: [Condition:
/// @Self->Counter is 1]` — Set Counter to 0, Obstruct !Killing for the pack, Create `Strike`
/// Poll in #wolfpack; `On Poll Closed: Process: Attack @Winner, Evaluate: Reveal `@Self is
/// attacking: @Result` to #Wolfpack`. The action and the passive of one player run in the
/// order of the role text; the obstruction does not stop the rest of the ability that
/// applies it (`5 action`: abilities of one action "occur independently").
#[test]
fn howling_wolf_cries_at_the_end_of_the_day_and_the_pack_gets_a_second_strike() {
    let mut g = game(&[
        ("Hw", "Howling Wolf"),
        ("Eve", "Wolf"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Gus", "Citizen"),
        ("Hal", "Citizen"),
    ]);
    act(&mut g, "Hw: End Day |howling_wolf.2|: none");
    next(&mut g); // end of D0 → N1
    assert!(has(&public(&g), "A Howling Wolf has cried"));
    let cries = g.state.displays.iter().find(|d| d.name == "Cries").unwrap();
    assert_eq!(cries.values, ["no", "yes"]);
    let eve = id(&g, "Eve");
    assert!(g.state.attrs.iter().any(|a| a.holder == Holder::Player(eve)
        && matches!(&a.kind, AttrKind::Obstruction { filter: Some((true, f)), .. } if f == "Killing")));
    assert!(
        g.state
            .polls
            .iter()
            .any(|p| p.open && p.def == "Strike" && p.location == "wolfpack")
    );
    act(&mut g, "Eve: Vote Wolfpack: Dave");
    act(&mut g, "Hw: Vote Wolfpack: Dave");
    act(&mut g, "Eve: Vote Strike: Cid");
    act(&mut g, "Hw: Vote Strike: Cid");
    next(&mut g);
    assert!(!alive(&g, "Dave") && !alive(&g, "Cid"));
    // The pack's obstruction (`!Killing`) does not touch this automatic ability
    // (`13 obstructions`: "Passive, starting and forced abilities cannot be obstructed").
    assert!(has(&channel(&g, "wolfpack"), "Hw is attacking: Success"));
    assert_eq!(g.state.players[id(&g, "Hw")].counter, 0);
    // Quantity: 1.
    let e = refused(&mut g, "Hw: End Day |howling_wolf.2|: none");
    assert!(e.contains("Quantity"), "{e}");
}

/// Barber: `End Day: Attack @Selection [Temporal: Day 2+, Quantity: 1]` — an end-of-day
/// action waits for the end of the day, and only from day 2.
#[test]
fn barber_attacks_at_the_end_of_the_day_from_day_two() {
    let mut g = game(&[
        ("Bea", "Barber"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
        ("Wes", "Wolf"),
    ]);
    to_phase(&mut g, "D1");
    let e = refused(&mut g, "Bea: End Day: Eve");
    assert!(e.contains("Temporal"), "{e}");
    to_phase(&mut g, "D2");
    act(&mut g, "Bea: End Day: Eve");
    assert!(alive(&g, "Eve"));
    next(&mut g);
    assert!(!alive(&g, "Eve"));
    assert!(has(&told(&g, "Bea"), "Attack Eve: Success"));
}

/// Reporter (elected after the Mayor): `Passive Start Night: For Each @Dead: {Visitless} •
/// not (@Ind has `Reported`): Apply `Reported` to @Ind (~Persistent), Learn `@Ind -
/// @Ind->OriginalRole``; `On @All Death: … Learn `@This - @This->OriginalRole``. A player
/// dead before the Reporter's election is reported at the next night's start, a later death
/// at once, each exactly once.
#[test]
fn reporter_reports_each_dead_players_original_role_once() {
    let mut g = game(&[
        ("Gus", "Citizen"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Hal", "Citizen"),
        ("Ida", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    g.state.setup.polls.push("Election".into());
    to_phase(&mut g, "D1");
    for v in ["Gus", "Dave", "Cid", "Fay"] {
        act(&mut g, &format!("{v}: Vote Mayor Election: Gus"));
        act(&mut g, &format!("{v}: Vote Lynch: Hal"));
    }
    to_phase(&mut g, "D2");
    for v in ["Gus", "Dave", "Cid"] {
        act(&mut g, &format!("{v}: Vote Reporter Election: Dave"));
    }
    next(&mut g); // N3 begins: the For Each reports Hal
    assert!(has(&told(&g, "Dave"), "Hal - Citizen"));
    to_phase(&mut g, "D3");
    for v in ["Gus", "Dave", "Cid"] {
        act(&mut g, &format!("{v}: Vote Lynch: Fay"));
    }
    next(&mut g); // Fay's death is reported at once
    assert!(has(&told(&g, "Dave"), "Fay - Citizen"));
    to_phase(&mut g, "N5");
    for who in ["Hal - Citizen", "Fay - Citizen"] {
        let n = told(&g, "Dave").iter().filter(|l| l.contains(who)).count();
        assert_eq!(n, 1, "{who}");
    }
}

// --- More triggers and types on real roles ------------------------------------------------

/// Devil: `Immediate Day: Weakly Disguise @Self as @Selection [Temporal: Day 0] {Forced:
/// `Citizen`}` — unused on Day 0, it runs with its default target (guide, Action
/// Compulsion: "use `Forced: <Default Target>`"), so the Fortune Teller sees a Citizen;
/// `Start Night: [Attribute: @Selection lacks `Soulless`] {Direct} |devil.1|` is chosen the
/// day before and runs when night 1 starts: Grant `Wager Recipient` (its whisper and choice
/// are not looked at here).
#[test]
fn devil_chooses_on_day_zero_whom_to_wager_with_at_the_start_of_night_one() {
    let mut g = game(&[
        ("Dev", "Devil"),
        ("Alice", "Fortune Teller"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    let queued = act(&mut g, "Dev: Start Night |devil.1|: Dave");
    assert!(has(&queued, "queued (Dave)"), "{queued:?}");
    assert!(!has(&told(&g, "Dave"), "Wager Recipient"));
    next(&mut g); // end of D0, N1 starts
    assert!(has(&host(&g), "Dev's forced action uses Citizen"));
    assert!(has(&told(&g, "Dave"), "You are now also Wager Recipient."));
    assert_eq!(
        act(&mut g, "Alice: Immediate Night: Dev"),
        ["Role Investigate Dev (SD, WD): Citizen"]
    );
}

/// Puts the Election poll in play and elects, with the same voters, `voters[0]` Mayor on
/// D1, `voters[1]` Reporter on D2 and `guardian` Guardian on D3 (the Election's order);
/// the game is left on D3, before the result.
fn elect_guardian(g: &mut mafia_wwr::Game, guardian: &str, voters: &[&str]) {
    g.state.setup.polls.push("Election".into());
    for (phase, poll, who) in [
        ("D1", "Mayor Election", voters[0]),
        ("D2", "Reporter Election", voters[1]),
        ("D3", "Guardian Election", guardian),
    ] {
        to_phase(g, phase);
        for v in voters {
            act(g, &format!("{v}: Vote {poll}: {who}"));
        }
    }
}

/// Guardian: `End Phase: {Vanishing} |silent:granting.resign|` — `Announce `@Self resigned
/// as Guardian``, `Revoke @ThisAttr from @Self`. Chosen during a phase, it runs at its end.
#[test]
fn guardian_resigns_at_the_end_of_a_phase() {
    let mut g = game(&[
        ("Gus", "Citizen"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Hal", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    elect_guardian(&mut g, "Cid", &["Gus", "Dave", "Fay"]);
    next(&mut g); // N4: Cid is Guardian
    let guardian = |g: &mafia_wwr::Game| {
        g.state
            .attrs
            .iter()
            .any(|a| matches!(&a.kind, AttrKind::Role { role } if role == "Guardian"))
    };
    assert!(guardian(&g));
    act(&mut g, "Cid: End Phase |granting.resign|: none");
    assert!(guardian(&g), "End Phase waits for the end of the phase");
    next(&mut g);
    assert!(has(&public(&g), "Cid resigned as Guardian"));
    assert!(!guardian(&g));
}

/// Amulet Crafter: `Passive Start Night: Grant `Amulet of Protection` to @All->RandomPlayer
/// [Temporal: Night 1]`; Amulet of Protection: `Passive: [Condition: not
/// (@(Role:Amulet-Crafter) exists)] Revoke @ThisAttr from @Self`. Once the crafter is
/// lynched, the next phase's passive check revokes the amulet.
#[test]
fn the_amulet_is_revoked_once_its_crafter_is_dead() {
    let amulets = |g: &mafia_wwr::Game| {
        g.state
            .attrs
            .iter()
            .filter(
                |a| matches!(&a.kind, AttrKind::Role { role } if role == "Amulet of Protection"),
            )
            .count()
    };
    let mut checked = 0;
    for seed in 0..6 {
        let mut g = game_seeded(
            &[
                ("Amy", "Amulet Crafter"),
                ("Dave", "Citizen"),
                ("Cid", "Citizen"),
                ("Fay", "Citizen"),
                ("Eve", "Wolf"),
            ],
            seed,
        );
        next(&mut g); // N1: the amulet is granted
        assert_eq!(amulets(&g), 1, "seed {seed}");
        let holder = g
            .state
            .attrs
            .iter()
            .find(|a| matches!(&a.kind, AttrKind::Role { role } if role == "Amulet of Protection"))
            .map(|a| a.holder.clone())
            .unwrap();
        if holder == Holder::Player(id(&g, "Amy")) {
            continue;
        }
        checked += 1;
        next(&mut g); // D1
        lynch(&mut g, "Amy", &["Dave", "Cid", "Fay"]);
        next(&mut g); // N2: Passive
        assert!(!alive(&g, "Amy"));
        assert_eq!(amulets(&g), 0, "seed {seed}");
    }
    assert!(checked > 0);
}

/// Raven (applied by the Ravenkeeper): `Starting: Set Counter to 1 for @ThisAttr`, `Starting:
/// Target @ThisAttr->Source`; `On Visited [!Targeting]: [Condition: @ThisAttr->Counter is 1]
/// Decrement Counter for @ThisAttr, Change @ThisAttr value `1` to @VisitType`; `Passive End
/// Phase: [Condition: @ThisAttr->Counter is 0] Reveal `Someone used @ThisAttr->Value1 on
/// @Self` to @Target, Increment Counter for @Target, Remove `Raven` from @Self`. The
/// Fortune Teller investigates the raven's holder: at the end of the night the Ravenkeeper
/// learns it and gets the raven back. The raven's target is its own, not its holder's.
#[test]
fn a_raven_reports_the_ability_used_on_its_holder() {
    let mut g = game(&[
        ("Rae", "Ravenkeeper"),
        ("Alice", "Fortune Teller"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    act(&mut g, "Rae: Immediate Night: Dave");
    assert_eq!(g.state.players[id(&g, "Dave")].target, None);
    act(&mut g, "Alice: Immediate Night: Dave");
    next(&mut g);
    assert!(has(&told(&g, "Rae"), "Someone used Investigating on Dave"));
    assert!(!has_attr(&g, "Dave", "Raven"));
    assert_eq!(g.state.players[id(&g, "Rae")].counter, 1);
}

/// Angel: `On Lynch: [Attribute: lacks `Marker`] (@Attacker exists) and (@Attacker is part
/// of @All): Apply `Marker`, Target @Attacker, Kill @Target, Announce `Angel @Self killed
/// @Target`, Delete `Lynch` Poll, Ascend`. `On Lynch` fires when the lynch is attempted; the
/// lynch's attacker is the voter who executes it (guide, Groups: "a random voting member is
/// selected to execute the resulting ability"). The Ascend is tested in
/// `the_lynched_angel_ascends_instead_of_dying_twice` (groups).
#[test]
fn a_lynched_angel_kills_a_voter_and_cancels_the_next_lynch() {
    let mut g = game(&[
        ("Ann", "Angel"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Gus", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    to_phase(&mut g, "D1");
    lynch(&mut g, "Ann", &["Dave", "Cid", "Fay"]);
    next(&mut g);
    assert!(!alive(&g, "Ann"));
    let dead: Vec<&str> = ["Dave", "Cid", "Fay"]
        .into_iter()
        .filter(|v| !alive(&g, v))
        .collect();
    assert_eq!(dead.len(), 1, "{dead:?}");
    assert!(has(&public(&g), &format!("Angel Ann killed {}", dead[0])));
    to_phase(&mut g, "D2");
    assert!(has(&host(&g), "the Lynch poll was deleted"));
    assert!(g.state.polls.iter().all(|p| !(p.open && p.def == "Lynch")));
}

/// Despot: `On Poll Win: @Self is part of @(AttrRole:Mayor): Ascend, Delete `Election`
/// Poll`. Elected Mayor, the Despot wins the poll: he ascends and the next election is
/// deleted.
#[test]
fn a_despot_elected_mayor_deletes_the_next_election() {
    let mut g = game(&[
        ("Des", "Despot"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    g.state.setup.polls.push("Election".into());
    to_phase(&mut g, "D1");
    for v in ["Dave", "Cid", "Fay"] {
        act(&mut g, &format!("{v}: Vote Mayor Election: Des"));
    }
    next(&mut g);
    assert!(has(&public(&g), "Des was elected as Mayor"));
    assert!(has(&public(&g), "Des ascended"));
    to_phase(&mut g, "D2");
    assert!(has(&host(&g), "the Election poll was deleted"));
    assert!(
        g.state
            .polls
            .iter()
            .all(|p| !(p.open && p.def == "Election"))
    );
}

/// Aura Teller: Process `Attribute Investigate @Selection for `Lycan` (SD)` and `Category
/// Investigate`; Evaluate: `@Result1 is `Success`: `@Selection is a Threat``, a Killing
/// category is a threat too, Otherwise `Not a Threat`.
#[test]
fn aura_teller_sees_a_lycan_as_a_threat() {
    let mut g = game(&[
        ("Aura", "Aura Teller"),
        ("Pete", "Priest"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g);
    let told = act(&mut g, "Aura: Immediate Night: Eve");
    assert!(told[0].ends_with(": Eve is a Threat"), "{told:?}");
    to_phase(&mut g, "N2");
    let told = act(&mut g, "Aura: Immediate Night: Pete");
    assert!(
        told[0].ends_with(": Pete is a Threat"),
        "Killing category: {told:?}"
    );
    to_phase(&mut g, "N3");
    let told = act(&mut g, "Aura: Immediate Night: Dave");
    assert!(told[0].ends_with(": Dave is Not a Threat"), "{told:?}");
}

/// White Werewolf: `End Night: Attack @Selection [Condition: @Selection is in #Wolfpack,
/// Succession: No Succession, Temporal: Night 2+]` — never two nights in a row, whatever the
/// target.
#[test]
fn the_white_werewolf_may_not_attack_two_nights_in_a_row() {
    let mut g = game_with_host(
        &[
            ("Wil", "White Werewolf"),
            ("Eve", "Wolf"),
            ("Wes", "Wolf"),
            ("Dave", "Citizen"),
            ("Cid", "Citizen"),
            ("Fay", "Citizen"),
            ("Gus", "Citizen"),
        ],
        &[("Role", "Citizen")],
    );
    let e = refused(&mut g, "Wil: End Night: Dave");
    assert!(e.contains("only be used at night"), "{e}");
    to_phase(&mut g, "N2");
    let e = refused(&mut g, "Wil: End Night: Dave");
    assert!(e.contains("Condition"), "Dave is not in the pack: {e}");
    act(&mut g, "Wil: End Night: Eve");
    next(&mut g);
    assert!(!alive(&g, "Eve"));
    to_phase(&mut g, "N3");
    let e = refused(&mut g, "Wil: End Night: Wes");
    assert!(e.contains("Succession"), "{e}");
    to_phase(&mut g, "N4");
    act(&mut g, "Wil: End Night: Wes");
}

/// Vampire: `Immediate Night: Apply `Demonized` to @Selection (~Persistent) […] ⟨Odd: x1,
/// Even: x2⟩` — once on odd nights, twice on even ones (guide, Phase Specific Scaling).
#[test]
fn the_vampire_demonizes_once_on_odd_nights_and_twice_on_even_nights() {
    let mut g = game(&[
        ("Vic", "Vampire"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Gus", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    act(&mut g, "Vic: Immediate Night: Dave");
    let e = refused(&mut g, "Vic: Immediate Night: Cid");
    assert!(e.contains("already used 1"), "{e}");
    to_phase(&mut g, "N2");
    act(&mut g, "Vic: Immediate Night: Cid");
    act(&mut g, "Vic: Immediate Night: Fay");
    let e = refused(&mut g, "Vic: Immediate Night: Gus");
    assert!(e.contains("already used 2"), "{e}");
    for p in ["Dave", "Cid", "Fay"] {
        assert!(has_attr(&g, p, "Demonized"), "{p}");
    }
}

/// Demonized (applied by the Vampire): `Starting: Protect @Self from `Kills` through
/// Recruitment Defense during Night (~UntilUseAttribute)`, `On Recruitment Defense: Role
/// Change @Self to `Undead``. The Alcoholic's own night `Kill` (his Bartender lynched on
/// day 1) meets the recruitment defense: he becomes Undead instead of dying, and the
/// defense is used up.
#[test]
fn a_demonized_player_is_recruited_instead_of_killed_at_night() {
    let mut g = game(&[
        ("Vic", "Vampire"),
        ("Al", "Alcoholic"),
        ("Bart", "Bartender"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    lynch_the_bartender_on_day_one(&mut g);
    act(&mut g, "Vic: Immediate Night: Al");
    next(&mut g);
    assert!(alive(&g, "Al"));
    assert_eq!(role(&g, "Al"), "Undead");
    assert!(has(&host(&g), "Kill on Al failed: recruitment defense"));
    let al = id(&g, "Al");
    assert!(!g.state.attrs.iter().any(|a| a.holder == Holder::Player(al)
        && matches!(
            a.kind,
            AttrKind::Defense {
                kind: mafia_wwr::state::DefenseKind::Recruitment,
                ..
            }
        )));
}

/// From day 0 to night 2, the town lynching the Bartender on day 1 (the Alcoholic
/// requires a Bartender in the game, guide: Requirements).
fn lynch_the_bartender_on_day_one(g: &mut mafia_wwr::Game) {
    to_phase(g, "D1");
    for v in ["Al", "Dave", "Cid"] {
        act(g, &format!("{v}: Vote Lynch: Bart"));
    }
    next(g); // N2
    assert!(!alive(g, "Bart"));
}

// --- The coverage table -------------------------------------------------------------------

/// `docs/wwr-coverage.md`: every test it names exists in `crates/wwr/tests/*.rs`, and every
/// row marked tested names at least one.
#[test]
fn coverage_table_names_real_tests() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let table = std::fs::read_to_string(root.join("../../docs/wwr-coverage.md"))
        .expect("docs/wwr-coverage.md exists");
    let mut sources = String::new();
    for entry in std::fs::read_dir(root.join("tests")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            sources.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
    let statuses = [
        "tested",
        "tested (guide-format role)",
        "unsupported",
        "no fixture role",
        "not tested",
    ];
    let mut rows = 0;
    let mut missing = Vec::new();
    for line in table.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // `| item | status | tests |` splits into ["", item, status, tests, ""].
        if cells.len() != 5 || cells[2] == "Status" || cells[2].starts_with("---") {
            continue;
        }
        rows += 1;
        let (item, status, tests) = (cells[1], cells[2], cells[3]);
        assert!(
            statuses.contains(&status),
            "{item}: unknown status `{status}`"
        );
        let names: Vec<&str> = tests
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|n| {
                n.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            })
            .collect();
        if status.starts_with("tested") {
            assert!(!names.is_empty(), "{item}: tested but no test named");
        } else if status != "no fixture role" {
            assert!(!tests.is_empty(), "{item}: {status} needs a reason");
        }
        for n in names {
            if !sources.contains(&format!("fn {n}(")) {
                missing.push(format!("{item}: `{n}`"));
            }
        }
    }
    assert!(rows > 100, "only {rows} rows");
    assert!(
        missing.is_empty(),
        "tests named in docs/wwr-coverage.md do not exist: {missing:#?}"
    );
}

/// Ferocious Wolf: `Immediate Night: Target @Selection (Player)`, `Passive End Day: Process:
/// Untarget` — the target is cleared at the end of the next day.
#[test]
fn ferocious_wolf_forgets_its_target_at_the_end_of_the_day() {
    let mut g = game(&[
        ("Fred", "Ferocious Wolf"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
    ]);
    next(&mut g); // N1
    act(&mut g, "Fred: Immediate Night: Dave");
    let fred = id(&g, "Fred");
    assert!(g.state.players[fred].target.is_some());
    next(&mut g); // D1: still set
    assert!(g.state.players[fred].target.is_some());
    next(&mut g); // end of D1: Passive End Day
    assert_eq!(g.state.players[fred].target, None);
}

/// Corrupt Wolf: `Immediate Night: […] {Direct}` — Grant `Corrupted` to @Selection, … A
/// direct action is "unaffected by redirections" (guide, Action Compulsion): the
/// Assistant's `Redirect `non-killing abilities` from @(Attr:Wolfish) to @Target (~UntilUse)`
/// does not move it, and stays unused (the Tanner's next wolfish action is still moved).
#[test]
fn a_direct_action_is_not_redirected() {
    let mut g = game(&[
        ("Ann", "Assistant"),
        ("Cw", "Corrupt Wolf"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
    ]);
    act(&mut g, "Ann: Immediate: Dave");
    next(&mut g); // N1
    act(
        &mut g,
        "Cw: Immediate Night: @Selection = Ann, @SecondarySelection = 1",
    );
    let holds = |g: &mafia_wwr::Game, who: &str| {
        let p = id(g, who);
        g.state.attrs.iter().any(|a| {
            a.holder == Holder::Player(p)
                && matches!(&a.kind, AttrKind::Role { role } if role == "Corrupted")
        })
    };
    assert!(holds(&g, "Ann"), "granted to the selection itself");
    assert!(!holds(&g, "Dave"));
    assert!(!has(&host(&g), "was redirected"));
}

/// Howling Wolf: `End Day: [Quantity: 1] {Visitless} |howling_wolf.1|` — For Each @All:
/// Strongly Disguise @Ind as a wolf role. A visitless action "does not count as a visit"
/// (guide, Action Compulsion): the Recluse's `On Visited` does not fire, though the
/// disguise reaches him.
#[test]
fn a_visitless_action_does_not_trigger_on_visited() {
    let mut g = game(&[
        ("Hw", "Howling Wolf"),
        ("Rex", "Recluse"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
    ]);
    act(&mut g, "Hw: End Day |howling_wolf.1|: none");
    next(&mut g);
    let rex = id(&g, "Rex");
    assert!(
        g.state
            .attrs
            .iter()
            .any(|a| a.holder == Holder::Player(rex) && matches!(a.kind, AttrKind::Disguise { .. }))
    );
    assert!(!has(&told(&g, "Rex"), "on you"), "{:?}", told(&g, "Rex"));
}

/// Exorcist: `Immediate Day: [Attribute: @Selection lacks `Exorcised:Self`] {Visitless}` —
/// Apply `Exorcised`, Process six `Remove` lines, Evaluate `@Result4 is `Success`: Learn
/// `@Selection was cured of Demonized`, Continue`. The Vampire's Demonized carries a
/// recruitment defense lasting `~UntilUseAttribute` ("until used … or until the originating
/// attribute disappears"): curing removes both.
#[test]
fn exorcist_cures_a_demonized_player_and_the_defense_it_gave_goes_too() {
    let mut g = game(&[
        ("Ex", "Exorcist"),
        ("Vic", "Vampire"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    act(&mut g, "Vic: Immediate Night: Dave");
    let dave = id(&g, "Dave");
    let defended = |g: &mafia_wwr::Game| {
        g.state
            .attrs
            .iter()
            .any(|a| a.holder == Holder::Player(dave) && matches!(a.kind, AttrKind::Defense { .. }))
    };
    assert!(defended(&g));
    next(&mut g); // D1
    let told = act(&mut g, "Ex: Immediate Day: Dave");
    assert!(has(&told, "Dave was cured of Demonized"), "{told:?}");
    assert!(!has_attr(&g, "Dave", "Demonized"));
    assert!(!defended(&g), "~UntilUseAttribute ends with its attribute");
    assert!(has_attr(&g, "Dave", "Exorcised"));
    let e = refused(&mut g, "Ex: Immediate Day: Dave");
    assert!(e.contains("lacks"), "{e}");
}

/// Horrifying Wolf: `On Visited [Investigating]: Process: Apply `Horrified` to @Visitor
/// (~NextNight)`; Horrified: `Passive Start Day: Obstruct Investigating for @Self
/// (~NextNight)`. The Fortune Teller who looked at him on night 1 is obstructed on night 2
/// (no feedback) and free again on night 3.
#[test]
fn an_investigator_of_the_horrifying_wolf_is_obstructed_the_next_night() {
    let mut g = game(&[
        ("Alice", "Fortune Teller"),
        ("Hwo", "Horrifying Wolf"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
    ]);
    next(&mut g); // N1
    assert_eq!(
        act(&mut g, "Alice: Immediate Night: Hwo"),
        ["Role Investigate Hwo (SD, WD): Horrifying Wolf"]
    );
    assert!(has_attr(&g, "Alice", "Horrified"));
    to_phase(&mut g, "N2");
    assert_eq!(
        act(&mut g, "Alice: Immediate Night: Dave"),
        Vec::<String>::new()
    );
    assert!(has(&host(&g), "Alice's Investigating was obstructed"));
    to_phase(&mut g, "N3");
    assert_eq!(
        act(&mut g, "Alice: Immediate Night: Dave"),
        ["Role Investigate Dave (SD, WD): Citizen"]
    );
}

/// Chef: `Start Day: [Attribute: @Selection lacks `Eaten`, Condition: @Selection is not
/// @Self, Temporal: Night 1+] {Direct} |chef.1|` — chosen during a night, it runs when the
/// next day starts: Grant `Restaurant Customer` to @Selection and, with a `True` secondary
/// selection, Apply `FoodType` (~NextNight) (Poisoned). Its whisper and choice are not
/// looked at here. The temporal restriction names the night it is chosen in.
#[test]
fn chef_serves_a_customer_at_the_start_of_the_day_chosen_the_night_before() {
    let mut g = game(&[
        ("Chef", "Chef"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    let e = refused(&mut g, "Chef: Start Day |chef.1|: Dave");
    assert!(e.contains("phase before a day"), "{e}");
    next(&mut g); // N1
    act(
        &mut g,
        "Chef: Start Day |chef.1|: @Selection = Dave, @SecondarySelection = True",
    );
    assert!(!has(&told(&g, "Dave"), "Restaurant Customer"));
    next(&mut g); // D1 starts
    assert!(has(
        &told(&g, "Dave"),
        "You are now also Restaurant Customer."
    ));
    let dave = id(&g, "Dave");
    let food = g
        .state
        .attrs
        .iter()
        .find(|a| {
            a.holder == Holder::Player(dave)
                && matches!(&a.kind, AttrKind::Custom { name } if name == "FoodType")
        })
        .expect("FoodType applied");
    assert_eq!(food.values, ["Poisoned"]);
    // `Starting: For Each &All: Apply `Waiter` to &Ind->Members->RandomPlayer`: one waiter
    // in each team with living members (Townsfolk, Werewolf, Unaligned: the Chef).
    let waiters = g
        .state
        .attrs
        .iter()
        .filter(|a| matches!(&a.kind, AttrKind::Custom { name } if name == "Waiter"))
        .count();
    assert_eq!(waiters, 3);
}

// --- Vote manipulation ---------------------------------------------------------------------

/// Mayor: `Passive Start Day: Manipulate @Self's `special public voting power` to `1` (~Phase)
/// ⟨$living≤@ThisAttr->Counter ⇒ x1⟩`. Five players: counter ceil(5/1.5) = 4. After a lynch
/// 4 are alive, so on day 2 the Mayor's special voting power 1 adds to his public 1: his
/// vote counts twice.
#[test]
fn the_mayor_votes_twice_once_few_players_remain() {
    let mut g = game(&[
        ("Gus", "Citizen"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    g.state.setup.polls.push("Election".into());
    to_phase(&mut g, "D1");
    for v in ["Gus", "Dave", "Cid"] {
        act(&mut g, &format!("{v}: Vote Mayor Election: Gus"));
        act(&mut g, &format!("{v}: Vote Lynch: Fay"));
    }
    next(&mut g);
    assert!(!alive(&g, "Fay"));
    to_phase(&mut g, "D2");
    act(&mut g, "Gus: Vote Lynch: Eve");
    act(&mut g, "Dave: Vote Lynch: Cid");
    next(&mut g);
    assert!(has(
        &public(&g),
        "The Lynch poll closed: Eve 2, Cid 1. Result: Eve."
    ));
}

/// Grandma: `Immediate Night: Manipulate @Self's `hidden public voting power` to `2`
/// (~NextDay)`, and for each selected player with voting power above 0 `Manipulate
/// @Selection's `hidden public voting power` by `-1` (~NextDay)` (relative manipulation).
/// On the next day her vote counts 2 and her two guests' votes count 0.
#[test]
fn grandma_takes_her_guests_votes_for_a_day() {
    let mut g = game(&[
        ("Gran", "Grandma"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    act(
        &mut g,
        "Gran: Immediate Night: @Selection = Dave, @SecondarySelection = Cid",
    );
    next(&mut g); // D1
    let power = |g: &mafia_wwr::Game, who: &str| g.voting_power(id(g, who), false);
    assert_eq!(
        (power(&g, "Gran"), power(&g, "Dave"), power(&g, "Cid")),
        (2, 0, 0)
    );
    act(&mut g, "Gran: Vote Lynch: Eve");
    act(&mut g, "Dave: Vote Lynch: Fay");
    act(&mut g, "Cid: Vote Lynch: Fay");
    next(&mut g);
    assert!(!alive(&g, "Eve") && alive(&g, "Fay"));
    // ~NextDay: gone after day 1.
    assert_eq!((power(&g, "Gran"), power(&g, "Dave")), (0, 1));
}

/// Plague Bearer: `Starting: Increment Counter by round $total/5 for #Plague-Pit` (5 players:
/// 1 use); `Immediate Night: [Condition: #Plague-Pit->Counter > 0] … Otherwise: Apply
/// `Contaminated` to @Selection (~Persistent) (EarlyStage, $phase), Decrement Counter for
/// #Plague-Pit`. Plague team: `Passive Start Phase: Process: Investigate @(Attr:Contaminated)
/// Player Count; Evaluate: @Result is 0: Reveal `No one has the Plague` …, @Result is 1:
/// Reveal `@Result->Number player has the Plague``. Contaminated: each `Passive Start Night`
/// moves the stage on (Early → Middle → Late), at `LateStage` it reveals `You have the
/// plague` and `Passive End Night: Kill @Self`.
#[test]
fn the_plague_spreads_through_its_stages_and_kills_on_the_third_night() {
    let mut g = game(&[
        ("Pb", "Plague Bearer"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    assert!(has(&channel(&g, "plague pit"), "No one has the Plague"));
    act(&mut g, "Pb: Immediate Night: Dave");
    let stage = |g: &mafia_wwr::Game| {
        let dave = id(g, "Dave");
        g.state
            .attrs
            .iter()
            .find(|a| {
                a.holder == Holder::Player(dave)
                    && matches!(&a.kind, AttrKind::Custom { name } if name == "Contaminated")
            })
            .map(|a| a.values.clone())
    };
    assert_eq!(
        stage(&g),
        Some(vec!["EarlyStage".to_string(), "N1".to_string()])
    );
    let e = refused(&mut g, "Pb: Immediate Night: Cid");
    assert!(e.contains("already used") || e.contains("Condition"), "{e}");
    next(&mut g); // D1: Passive Start Phase
    assert!(has(&channel(&g, "plague pit"), "1 player has the Plague"));
    next(&mut g); // N2
    assert_eq!(stage(&g).unwrap()[0], "MiddleStage");
    to_phase(&mut g, "N3");
    assert_eq!(stage(&g).unwrap()[0], "LateStage");
    assert!(has(&told(&g, "Dave"), "You have the plague"));
    assert!(alive(&g, "Dave"));
    next(&mut g);
    assert!(!alive(&g, "Dave"));
    assert!(has(&host(&g), "Dave died: Kill by Attribute:Contaminated"));
}

/// Cupid: `Immediate Night: [Condition: @Selection is not @Self, Temporal: Night 1] {Forced}`
/// — Target @Selection, Grant `Lover`, Add @Target to #Couple, Learn `@Target is
/// @Target->Role`, Alignment Change @Self to @Target->Alignment. Cupid set: `On @Target
/// Death: True Kill @Self, Announce `Lover @Target died, killing Cupid @Self``. Cupid falls
/// for the wolf, takes the wolves' side, and dies with her lover.
#[test]
fn cupid_takes_the_lovers_side_and_dies_with_the_lover() {
    let mut g = game(&[
        ("Cu", "Cupid"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
        ("Wes", "Wolf"),
    ]);
    next(&mut g); // N1
    let cupid_told = act(&mut g, "Cu: Immediate Night: Eve");
    assert!(has(&cupid_told, "Eve is Wolf"), "{cupid_told:?}");
    let cu = id(&g, "Cu");
    assert_eq!(g.state.players[cu].alignment, "Werewolf");
    assert!(has(&told(&g, "Eve"), "You are now also Lover."));
    assert!(
        g.in_group(id(&g, "Eve"), "couple"),
        "Add @Target to #Couple"
    );
    to_phase(&mut g, "D1");
    lynch(&mut g, "Eve", &["Dave", "Cid", "Fay"]);
    next(&mut g);
    assert!(!alive(&g, "Eve"));
    assert!(!alive(&g, "Cu"));
    assert!(has(&public(&g), "Lover Eve died, killing Cupid Cu"));
}

// --- Fake feedback, ~Attribute, dynamic scaling ---------------------------------------------

const FLUTE_TEN: &[(&str, &str)] = &[
    ("Fp", "Flute Player"),
    ("Alice", "Fortune Teller"),
    ("Ex", "Exorcist"),
    ("Dave", "Citizen"),
    ("Cid", "Citizen"),
    ("Fay", "Citizen"),
    ("Gus", "Citizen"),
    ("Hal", "Citizen"),
    ("Eve", "Wolf"),
    ("Wes", "Wolf"),
];

/// Flute Player: `Immediate Night: Apply `Enchanted` to @Selection (~Persistent)
/// ⟨$total/10⟩ [Condition: @(Attribute:Flutist)->Count is 1]` — ten players: one a night
/// (guide, Dynamic Scaling: "the player count divided by the specified Value, rounded
/// down"). Enchanted: `Starting: Obstruct Role Investigating for @Self ⇒ (0.6:`Flute
/// Player`,0.4:`@Result`) (~Attribute)`: each investigation of an enchanted Fortune Teller
/// returns `Flute Player` or, by chance, the real role (guide, Obstructing: "use `@Result`
/// to refer to the default feedback"); over seeds both happen.
#[test]
fn an_enchanted_fortune_teller_sometimes_sees_the_flute_player() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let mut g = game_seeded(FLUTE_TEN, seed);
        next(&mut g); // N1
        act(&mut g, "Fp: Immediate Night |flute_player.1|: Alice");
        let e = refused(&mut g, "Fp: Immediate Night |flute_player.1|: Dave");
        assert!(e.contains("already used 1"), "{e}");
        to_phase(&mut g, "N2");
        let told = act(&mut g, "Alice: Immediate Night: Dave");
        assert_eq!(told.len(), 1, "{told:?}");
        seen.insert(told[0].clone());
    }
    assert_eq!(
        seen.into_iter().collect::<Vec<_>>(),
        [
            "Role Investigate Dave (SD, WD): Citizen",
            "Role Investigate Dave (SD, WD): Flute Player",
        ]
    );
}

/// Enchanted's obstruction and its `Join #Enchanted` last `~Attribute` ("as long as the
/// originating attribute is applied"): when the Exorcist removes Enchanted, both go.
#[test]
fn attributes_lasting_as_long_as_their_origin_go_with_it() {
    let mut g = game(FLUTE_TEN);
    next(&mut g); // N1
    act(&mut g, "Fp: Immediate Night |flute_player.1|: Alice");
    let alice = id(&g, "Alice");
    let obstructed = |g: &mafia_wwr::Game| {
        g.state.attrs.iter().any(|a| {
            a.holder == Holder::Player(alice) && matches!(a.kind, AttrKind::Obstruction { .. })
        })
    };
    assert!(obstructed(&g));
    assert!(g.in_group(alice, "enchanted"));
    next(&mut g); // D1
    let told = act(&mut g, "Ex: Immediate Day: Alice");
    assert!(has(&told, "Alice was cured of Enchanted"), "{told:?}");
    assert!(!obstructed(&g));
    assert!(!g.in_group(alice, "enchanted"));
}

/// ⟨$total/10⟩ with five players gives no use at all.
#[test]
fn dynamic_scaling_rounds_down_to_no_use_in_a_small_game() {
    let mut g = game(&[
        ("Fp", "Flute Player"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g);
    let e = refused(&mut g, "Fp: Immediate Night |flute_player.1|: Dave");
    assert!(e.contains("allowed: 0"), "{e}");
}

/// Raccoon: `Immediate Day: Strongly Disguise @Selection as @SecondarySelection (~NextDay)
/// ⟨x2⟩`; `On @(AttrDisguise:Self) Visited [Investigating]: Increment Counter, Learn `One
/// of your disguised players has been investigated``. The trigger watches the players the
/// Raccoon disguised (guide, `On <Target> Visited`), not the Raccoon.
#[test]
fn raccoon_learns_when_a_player_it_disguised_is_investigated() {
    let mut g = game(&[
        ("Rac", "Raccoon"),
        ("Alice", "Fortune Teller"),
        ("Aura", "Aura Teller"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    act(
        &mut g,
        "Rac: Immediate Day: @Selection = Dave, @SecondarySelection = Wolf",
    );
    next(&mut g); // N1
    act(&mut g, "Aura: Immediate Night: Cid");
    assert!(
        !has(&told(&g, "Rac"), "has been investigated"),
        "Cid is not disguised"
    );
    assert_eq!(
        act(&mut g, "Alice: Immediate Night: Dave"),
        ["Role Investigate Dave (SD, WD): Wolf"]
    );
    assert!(has(
        &told(&g, "Rac"),
        "One of your disguised players has been investigated"
    ));
    assert_eq!(g.state.players[id(&g, "Rac")].counter, 1);
}

/// Medium: `Passive Start Night: Join #Medium-Question [Condition: $haunting is False]`;
/// `Passive Start Day: [Temporal: Day 1+, …] Leave #Medium-Question, Create `Medium` Poll in
/// #Medium-Question`. In the group by night, out of it by day.
#[test]
fn medium_joins_her_question_channel_at_night_and_leaves_it_by_day() {
    let mut g = game(&[
        ("Meg", "Medium"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    let meg = id(&g, "Meg");
    assert!(!g.in_group(meg, "medium question"));
    next(&mut g); // N1
    assert!(g.in_group(meg, "medium question"));
    next(&mut g); // D1
    assert!(!g.in_group(meg, "medium question"));
}

/// Vicious Hag (archived, Coven set): `On Role Change: (@RoleChanger->Class is not
/// `Unaligned`) and (not (@RoleChanger->Alignment has `Wronger`)): …, Apply `Wronger` to
/// @RoleChanger->Alignment, Increment Counter`. The Infecting Wolf (`Immediate Night:
/// [Temporal: Night 1] {Forced}` … `Otherwise: Role Change @Selection to `Wolf``) turns the
/// hag into a Wolf; the trigger of the role she lost fires with the wolf as @RoleChanger,
/// and the Werewolf team is marked as a wronger.
#[test]
fn a_hag_turned_into_a_wolf_marks_the_wolves_as_wrongers() {
    let mut g = game(&[
        ("Hag", "Vicious Hag"),
        ("Iw", "Infecting Wolf"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
    ]);
    next(&mut g); // N1
    act(&mut g, "Iw: Immediate Night: Hag");
    assert_eq!(role(&g, "Hag"), "Wolf");
    assert!(g.has_custom(&Holder::Team("Werewolf".into()), "Wronger", None));
    assert!(has(&public(&g), "Hags were wronged by"));
}
