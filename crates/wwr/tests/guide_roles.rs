//! Ability forms no role of the fixture role set uses, on a small role set written here in
//! the guide's format: Copying (`Copy <Target>` / `Copy <Target> (Suppressed)`), Switching
//! (`Switch with <Target>`), an `Unvotable` poll candidate, and a choice answered by an
//! `End Day` action (queued until the end of the day).

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use mafia_wwr::state::{AttrKind, Holder};
use mafia_wwr::{Game, Library, Setup};

const FILES: &[(&str, &str)] = &[
    (
        "teams/Townsfolk",
        "**Townsfolk**\n__Formalized__\nWin Condition: @(Alignment:Townsfolk)\n",
    ),
    (
        "teams/Werewolf",
        "**Werewolves**\n__Formalized__\nWin Condition: @(Alignment:Werewolf)\n",
    ),
    (
        "groups/Pack",
        "**Pack** | Werewolf Group\n__Formalized__\nNo Abilities\n",
    ),
    (
        "roles/Citizen",
        "**Citizen** | Townsfolk Miscellaneous\n__Formalized__\nNo Abilities\n",
    ),
    (
        "roles/Keeper",
        "**Keeper** | Townsfolk Power\n__Formalized__\nStarting:\n  • Set Counter to 3\n  • Learn `You keep the keys`\nImmediate Night: Decrement Counter\nImmediate Day: Target @Selection\n",
    ),
    (
        "roles/Mimic",
        "**Mimic** | Townsfolk Miscellaneous\n__Formalized__\nImmediate Night: Copy @Selection\n",
    ),
    (
        "roles/Quiet Mimic",
        "**Quiet Mimic** | Townsfolk Miscellaneous\n__Formalized__\nImmediate Night: Copy @Selection (Suppressed)\n",
    ),
    (
        "roles/Thief",
        "**Thief** | Townsfolk Miscellaneous\n__Formalized__\nImmediate Night: Switch with @Selection\n",
    ),
    (
        "roles/Warden",
        "**Warden** | Townsfolk Power\n__Formalized__\nImmediate Day: Manipulate `Lynch` Poll (@Selection is `Unvotable`) (~Phase)\n",
    ),
    (
        "roles/Diner",
        "**Diner** | Townsfolk Miscellaneous\n__Formalized__\nPassive Start Day: `Meal` Choice Creation (Eat, Skip)\nEnd Day: `Meal` Choice Choose @Chosen\nChoice `Eat` Chosen: Apply `Fed` to @Self\n",
    ),
    (
        "locations/voting_booth",
        "**Voting Booth**\n__Formalized__\nSort Index: 5\nMembers: *None*\nViewers: *All*\n",
    ),
    (
        "polls/Lynch",
        "**Lynch** | Poll\nAvailable Options: @All, Abstain\nAllowed Voters: @All\nPassive Start Day: Create Poll in #voting_booth [Temporal: Day 1+]\nOn Poll Closed: Lynch @Winner\n",
    ),
    (
        "roles/Wolf",
        "**Wolf** | Werewolf Killing\n__Formalized__\nStarting: Join #Pack\n",
    ),
];

/// The role set, written once per test binary (tests run in parallel).
fn role_set() -> &'static (PathBuf, Arc<Library>) {
    static SET: OnceLock<(PathBuf, Arc<Library>)> = OnceLock::new();
    SET.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("wwr-copying-roles");
        for (path, text) in FILES {
            let p = dir.join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, text).unwrap();
        }
        let lib = Library::load(&dir).expect("the role set loads");
        (dir, Arc::new(lib))
    })
}

fn game(players: &[(&str, &str)]) -> Game {
    let (dir, lib) = role_set().clone();
    let setup = Setup::with_roles(dir, players);
    let g = Game::new(setup, lib, 7).expect("game starts");
    assert!(g.state.unsupported.is_empty(), "{:?}", g.state.unsupported);
    g
}

fn act(g: &mut Game, line: &str) -> Vec<String> {
    g.act(line, "test")
        .unwrap_or_else(|e| panic!("`{line}` refused: {e}"))
}

fn player<'a>(g: &'a Game, name: &str) -> &'a mafia_wwr::state::Player {
    &g.state.players[g.player_named(name).unwrap()]
}

fn told(g: &Game, name: &str) -> Vec<String> {
    let p = g.player_named(name).unwrap();
    g.state
        .log
        .iter()
        .filter(|e| e.to == mafia_wwr::state::Audience::Player(p))
        .map(|e| e.text.clone())
        .collect()
}

fn membership(g: &Game, name: &str, group: &str) -> Option<String> {
    let p = g.player_named(name).unwrap();
    g.state.attrs.iter().find_map(|a| match &a.kind {
        AttrKind::GroupMembership {
            group: gname,
            membership,
        } if a.holder == Holder::Player(p) && gname == group => Some(membership.clone()),
        _ => None,
    })
}

fn refused(g: &mut Game, line: &str) -> String {
    match g.act(line, "test") {
        Ok(m) => panic!("`{line}` was accepted: {m:?}"),
        Err(e) => e.to_string(),
    }
}

fn has_attr(g: &Game, name: &str, attr: &str) -> bool {
    g.has_custom(&Holder::Player(g.player_named(name).unwrap()), attr, None)
}

const TOWN: &[(&str, &str)] = &[
    ("Kim", "Keeper"),
    ("Max", "Mimic"),
    ("Quin", "Quiet Mimic"),
    ("Tia", "Thief"),
    ("Cid", "Citizen"),
    ("Dot", "Citizen"),
    ("Wes", "Wolf"),
    ("Wil", "Warden"),
    ("Dina", "Diner"),
];

#[test]
fn copy_takes_role_counter_and_target_and_runs_starting_abilities() {
    // "Copies all values of one player to yourself, including role, attributes, targets,
    // counters": the Keeper has used one of three keys (counter 2) and targets Cid.
    let mut g = game(TOWN);
    act(&mut g, "Kim: Immediate Day: @Selection = Cid");
    g.next_phase().unwrap(); // N1
    act(&mut g, "Kim: Immediate Night");
    assert_eq!(player(&g, "Kim").counter, 2);
    act(&mut g, "Max: Immediate Night: @Selection = Kim");
    let max = player(&g, "Max");
    assert_eq!(max.role, "Keeper");
    assert_eq!(
        max.counter, 2,
        "the counter is copied, not reset by Starting"
    );
    assert_eq!(max.target, player(&g, "Kim").target);
    assert!(told(&g, "Max").contains(&"You keep the keys".to_string()));
}

#[test]
fn a_suppressed_copy_does_not_run_starting_abilities() {
    let mut g = game(TOWN);
    g.next_phase().unwrap(); // N1
    act(&mut g, "Quin: Immediate Night: @Selection = Kim");
    let quin = player(&g, "Quin");
    assert_eq!(quin.role, "Keeper");
    assert_eq!(quin.counter, 3, "copied from the Keeper");
    assert!(!told(&g, "Quin").contains(&"You keep the keys".to_string()));
}

#[test]
fn copying_a_wolf_joins_its_team_and_its_group_once() {
    let mut g = game(TOWN);
    g.next_phase().unwrap();
    act(&mut g, "Max: Immediate Night: @Selection = Wes");
    assert_eq!(player(&g, "Max").role, "Wolf");
    assert_eq!(player(&g, "Max").alignment, "Werewolf");
    let max = g.player_named("Max").unwrap();
    let memberships = g
        .state
        .attrs
        .iter()
        .filter(|a| {
            a.holder == Holder::Player(max) && matches!(a.kind, AttrKind::GroupMembership { .. })
        })
        .count();
    assert_eq!(memberships, 1);
}

#[test]
fn the_thief_switches_roles_with_the_wolf() {
    // "Does a thief switch with another player": each takes the other's role (a role
    // change: the new role's Starting abilities run; "Changing roles automatically leads to
    // a downgrade of all group memberships of member type to memberships of visitor type").
    let mut g = game(TOWN);
    g.next_phase().unwrap();
    act(&mut g, "Tia: Immediate Night: @Selection = Wes");
    assert_eq!(player(&g, "Tia").role, "Wolf");
    assert_eq!(player(&g, "Tia").alignment, "Werewolf");
    assert_eq!(membership(&g, "Tia", "pack").as_deref(), Some("Member"));
    assert_eq!(player(&g, "Wes").role, "Thief");
    assert_eq!(player(&g, "Wes").alignment, "Townsfolk");
    assert_eq!(membership(&g, "Wes", "pack").as_deref(), Some("Visitor"));
    assert!(told(&g, "Wes").contains(&"Your role is now Thief.".to_string()));
}

#[test]
fn nobody_switches_with_themself() {
    let mut g = game(TOWN);
    g.next_phase().unwrap();
    let told = act(&mut g, "Tia: Immediate Night: @Selection = Tia");
    assert_eq!(told, ["Switch with Tia: Failure"]);
    assert_eq!(player(&g, "Tia").role, "Thief");
}

#[test]
fn an_unvotable_candidate_cannot_be_voted_for_that_day() {
    // Guide, Poll Manipulating: "`Unvotable`: The player cannot be voted for on the poll".
    let mut g = game(TOWN);
    g.next_phase().unwrap();
    g.next_phase().unwrap(); // D1: the Lynch poll opens
    act(&mut g, "Wil: Immediate Day: @Selection = Cid");
    let e = refused(&mut g, "Dot: Vote Lynch: Cid");
    assert!(
        e.contains("Cid cannot be voted for on the Lynch poll"),
        "{e}"
    );
    act(&mut g, "Dot: Vote Lynch: Dina");
    g.next_phase().unwrap();
    g.next_phase().unwrap(); // D2: (~Phase) is over
    act(&mut g, "Dot: Vote Lynch: Cid");
}

#[test]
fn a_choice_answered_by_an_end_day_action_resolves_at_the_end_of_the_day() {
    let mut g = game(TOWN);
    g.next_phase().unwrap();
    g.next_phase().unwrap(); // D1: the Meal choice is open
    let told = act(&mut g, "Dina: End Day: @Chosen = Eat");
    assert_eq!(told, ["Your `End Day` action is queued (no selection)."]);
    assert!(
        !has_attr(&g, "Dina", "Fed"),
        "End Day actions wait for the end of the day"
    );
    g.next_phase().unwrap(); // N2
    assert!(has_attr(&g, "Dina", "Fed"));
    assert!(g.open_choices(g.player_named("Dina").unwrap()).is_empty());
}
