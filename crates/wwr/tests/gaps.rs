//! The last rows of `docs/wwr-coverage.md`: requirements, the Cat's `On <Target> Action`,
//! `Remove … from` a group, an obstructed group executor, and the guide items no fixture
//! role uses (on small roles written in the guide's format).

mod common;
#[path = "common/channels.rs"]
mod haunt;

use common::*;
use haunt::*;

use mafia_wwr::state::{AttrKind, Holder};
use mafia_wwr::{Game, Setup, WwrError};

fn setup(players: &[(&str, &str)]) -> Setup {
    Setup::with_roles(roles_dir(), players)
}

// --- Requirements --------------------------------------------------------------------------

/// Guide, Requirements: "A role can require another role to exist", `Require:
/// '<RoleName>'`. The Cat says `Require: `Dog`` ("For each Cat in the game, there must be a
/// corresponding dog"), the Alcoholic `Require: `Bartender`` ("The Alcoholic cannot exist
/// without a bartender"): a setup dealing one without the other is refused, naming both.
#[test]
fn a_role_whose_required_role_is_not_dealt_is_refused_naming_both() {
    let e = Game::new(
        setup(&[
            ("Kit", "Cat"),
            ("Dave", "Citizen"),
            ("Cid", "Citizen"),
            ("Eve", "Wolf"),
        ]),
        lib(),
        7,
    )
    .map(|_| ())
    .expect_err("a Cat without a Dog is refused");
    assert!(matches!(e, WwrError::MissingRequiredRole { .. }), "{e:?}");
    let msg = e.to_string();
    assert!(msg.contains("`Cat` requires `Dog`"), "{msg}");

    let e = Game::new(
        setup(&[("Al", "Alcoholic"), ("Dave", "Citizen"), ("Eve", "Wolf")]),
        lib(),
        7,
    )
    .map(|_| ())
    .expect_err("an Alcoholic without a Bartender is refused");
    assert!(
        e.to_string().contains("`Alcoholic` requires `Bartender`"),
        "{e}"
    );
}

/// The same roles with their required roles dealt start normally; the requirement is on
/// the setup only (a Bartender who dies later does not end the game: the Alcoholic's own
/// `[Condition: not (@(Role:Bartender) exists)]` lines handle that).
#[test]
fn a_role_whose_required_role_is_dealt_starts() {
    let g = game(&[
        ("Kit", "Cat"),
        ("Dot", "Dog"),
        ("Al", "Alcoholic"),
        ("Bart", "Bartender"),
        ("Eve", "Wolf"),
    ]);
    assert_eq!(role(&g, "Kit"), "Cat");
    assert_eq!(role(&g, "Al"), "Alcoholic");
}

fn alignment(g: &Game, name: &str) -> String {
    g.state.players[g.player_named(name).unwrap()]
        .alignment
        .clone()
}

// --- On <Target> Action: the Cat ------------------------------------------------------------

/// Cat: `Starting: Target @(Role:Dog,SelectAll:False) (Player)`; `On @Target Action
/// [Alignment Changing]: [Temporal: Night 1, Quantity: 1]` • `@Target->Alignment is
/// `Townsfolk`: Alignment Change @Self to `Werewolf`` • `… `Werewolf`: … to `Townsfolk``.
/// Dog: `Choice Chosen: Alignment Change @Self to @Option`. Guide, Trigger Types: `On
/// <Target> Action` fires when the target performs an action (of that type). The Dog
/// choosing the wolves is an Alignment Changing action of the Cat's target, so the Cat
/// takes the other side at once ("Changing alignment is an immediate consequence of the
/// dog choosing").
#[test]
fn the_cat_takes_the_side_opposite_to_the_dogs_choice_at_once() {
    let mut g = game(&[
        ("Kit", "Cat"),
        ("Rex", "Dog"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    assert_eq!(alignment(&g, "Kit"), "Unaligned");
    next(&mut g); // N1
    act(&mut g, "Rex: Immediate Night: @Chosen = Werewolf");
    assert_eq!(alignment(&g, "Rex"), "Werewolf");
    assert_eq!(alignment(&g, "Kit"), "Townsfolk");
    next(&mut g); // D1: the Dog is still a Dog, so the End Night line changes nothing
    assert_eq!(alignment(&g, "Kit"), "Townsfolk");
}

/// The other branch: the Dog choosing the townsfolk makes the Cat a werewolf.
#[test]
fn the_cat_joins_the_werewolves_when_the_dog_chooses_the_townsfolk() {
    let mut g = game(&[
        ("Kit", "Cat"),
        ("Rex", "Dog"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    act(&mut g, "Rex: Immediate Night: @Chosen = Townsfolk");
    assert_eq!(alignment(&g, "Rex"), "Townsfolk");
    assert_eq!(alignment(&g, "Kit"), "Werewolf");
}

// --- Joining: Remove … from (TavernHaunting) ---------------------------------------------

/// The groups a player is in, with the membership kind.
fn memberships(g: &Game, name: &str) -> Vec<(String, String)> {
    let p = g.player_named(name).unwrap();
    let mut out: Vec<(String, String)> = g
        .state
        .attrs
        .iter()
        .filter(|a| a.holder == Holder::Player(p))
        .filter_map(|a| match &a.kind {
            AttrKind::GroupMembership { group, membership } => {
                Some((group.clone(), membership.clone()))
            }
            _ => None,
        })
        .collect();
    out.sort();
    out
}

/// Haunting mode, nine players: the wolf kills Alice and the Witch poisons Carol on N1; the
/// ghosts elect Alice Revenant (D1) and Carol Poltergeist (D2). The game at N3.
fn poltergeist_at_night_three() -> Game {
    let mut g = game_with(
        &[
            ("Alice", "Citizen"),
            ("Bob", "Witch"),
            ("Carol", "Citizen"),
            ("Dave", "Citizen"),
            ("Fay", "Citizen"),
            ("Gus", "Citizen"),
            ("Hal", "Citizen"),
            ("Ivy", "Citizen"),
            ("Eve", "Wolf"),
        ],
        &["Lynch", "Ghost Election", "Banishment"],
        true,
        &[],
    );
    next(&mut g); // N1
    act(&mut g, "Eve: Vote Wolfpack: Alice");
    act(&mut g, "Bob: End Night |witch.pod|: @Selection = Carol");
    next(&mut g); // D1
    act(&mut g, "Alice: Vote Revenant Election: Alice");
    act(&mut g, "Carol: Vote Revenant Election: Alice");
    next(&mut g); // N2
    next(&mut g); // D2
    act(&mut g, "Alice: Vote Poltergeist Election: Carol");
    next(&mut g); // N3
    assert_eq!(extra_roles(&g, "Carol"), ["Poltergeist"]);
    g
}

/// Poltergeist: `Apply `TavernHaunting` to @Ghostly (~Phase)`; TavernHaunting: `Starting:
/// Add @Self to #Tavern-Haunting (~Phase)`, `On `Ghosts` Whisper: Remove @Self from
/// #Tavern-Haunting`. Guide, Joining: `Remove <Target> from #<Group>` takes a player out of
/// a group. Each ghost is in the group once the haunting starts; the one who whispers
/// leaves it at once (and so cannot whisper again), the other stays in.
#[test]
fn a_ghost_who_whispers_in_the_haunted_tavern_is_removed_from_the_tavern_haunting() {
    let mut g = poltergeist_at_night_three();
    assert!(
        memberships(&g, "Alice").is_empty(),
        "{:?}",
        memberships(&g, "Alice")
    );
    act(&mut g, "Carol: Immediate Night");
    let haunting = |g: &Game, who: &str| {
        memberships(g, who)
            .iter()
            .any(|(group, _)| group.to_lowercase().contains("haunting"))
    };
    assert!(haunting(&g, "Alice"), "{:?}", memberships(&g, "Alice"));
    assert!(haunting(&g, "Carol"), "{:?}", memberships(&g, "Carol"));
    act(&mut g, "Alice: Whisper Ghosts: the wolf is Eve");
    assert!(!haunting(&g, "Alice"), "{:?}", memberships(&g, "Alice"));
    assert!(haunting(&g, "Carol"));
    let e = refused(&mut g, "Alice: Whisper Ghosts: really!");
    assert!(e.contains("no whispering connection"), "{e}");
}

// --- Obstructions: a group action's executor ----------------------------------------------

/// `_rules/ability types/13 obstructions`: "For group abilities (e.g. wolfpack attack), an
/// obstructed player being chosen to execute the action causes it to fail." Amulet of
/// Protection: `Passive Start Night: … Obstruct @Self (~Phase)`; its holder passes it on at
/// the end of the day (`Transfer @ThisAttr from @Self to @Selection`). Handed to the only
/// wolf on day 1, it obstructs her on night 2, so the Wolfpack's `On Poll Closed: Process:
/// Attack @Winner` executed by her fails: Dave lives and the pack reads `Eve is attacking:
/// Failure` (its `Evaluate:` still runs).
#[test]
fn an_obstructed_wolf_executing_the_pack_attack_makes_it_fail() {
    let mut g = game(&[
        ("Ada", "Amulet Crafter"),
        ("Alice", "Citizen"),
        ("Bob", "Citizen"),
        ("Dave", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1: the amulet goes to a random player
    let holder = *["Ada", "Alice", "Bob", "Dave"]
        .iter()
        .find(|n| extra_roles(&g, n) == ["Amulet of Protection"])
        .expect("with seed 7 a townsperson holds the amulet");
    next(&mut g); // D1
    act(
        &mut g,
        &format!("{holder}: End Day |amulet.1|: @Selection = Eve"),
    );
    next(&mut g); // N2: Eve holds it and is obstructed for the night
    assert_eq!(extra_roles(&g, "Eve"), ["Amulet of Protection"]);
    act(&mut g, "Eve: Vote Wolfpack: Dave");
    next(&mut g); // D2
    assert!(alive(&g, "Dave"));
    assert!(
        has(&host(&g), "Eve's Killing was obstructed"),
        "{:?}",
        host(&g)
    );
    assert!(has(&channel(&g, "wolfpack"), "Eve is attacking: Failure"));
}

/// The same night without the amulet on the wolf: the pack attack kills (the obstruction,
/// not anything else, made it fail above).
#[test]
fn an_unobstructed_wolf_executing_the_pack_attack_kills() {
    let mut g = game(&[
        ("Ada", "Amulet Crafter"),
        ("Alice", "Citizen"),
        ("Bob", "Citizen"),
        ("Dave", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    next(&mut g); // D1
    let holder = *["Ada", "Alice", "Bob", "Dave"]
        .iter()
        .find(|n| extra_roles(&g, n) == ["Amulet of Protection"])
        .unwrap();
    let heir = if holder == "Alice" { "Bob" } else { "Alice" };
    act(
        &mut g,
        &format!("{holder}: End Day |amulet.1|: @Selection = {heir}"),
    );
    next(&mut g); // N2
    act(&mut g, "Eve: Vote Wolfpack: Dave");
    next(&mut g); // D2
    assert!(!alive(&g, "Dave"));
    assert!(has(&channel(&g, "wolfpack"), "Eve is attacking: Success"));
}

// --- Guide items no fixture role uses: small roles in the guide's format -----------------

mod guide {
    //! A role set written here in the guide's format, for the trigger types, restrictions
    //! and durations no fixture role uses.

    use std::path::PathBuf;
    use std::sync::{Arc, OnceLock};

    use mafia_wwr::state::{Audience, Holder};
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
            "roles/Citizen",
            "**Citizen** | Townsfolk Miscellaneous\n__Formalized__\nNo Abilities\n",
        ),
        (
            "roles/Biter",
            "**Biter** | Werewolf Killing\n__Formalized__\nImmediate Night: Attack @Selection\n",
        ),
        (
            "roles/Lamplighter",
            "**Lamplighter** | Townsfolk Power\n__Formalized__\nStart Phase: Apply `Lit` to @Selection (~Phase)\n",
        ),
        (
            "roles/Pardoner",
            "**Pardoner** | Townsfolk Power\n__Formalized__\nPre-End Day: Protect @Selection from `Lynches` through Active Defense (~Phase)\n",
        ),
        (
            "roles/Late Pardoner",
            "**Late Pardoner** | Townsfolk Power\n__Formalized__\nEnd Day: Protect @Selection from `Lynches` through Active Defense (~Phase)\n",
        ),
        (
            "roles/Wanderer",
            "**Wanderer** | Townsfolk Miscellaneous\n__Formalized__\nStarting: Protect @Self from `Attacks` through Absence at #tavern during Night (~UntilUse)\nOn Absence Defense: Learn `Someone called while you were out`\n",
        ),
        (
            "roles/Survivor",
            "**Survivor** | Townsfolk Miscellaneous\n__Formalized__\nStarting: Protect @Self from `Attacks` through Passive Defense (~UntilSecondUse)\nOn Defense: Learn `You survived an attack`\n",
        ),
        (
            "roles/Charmer",
            "**Charmer** | Townsfolk Power\n__Formalized__\nImmediate Night: Apply `Charm` to @Selection (~Phase)\n",
        ),
        (
            "attributes/Charm",
            "**Charm** | Attribute\n__Formalized__\nOn Removal: Learn `The charm on you faded`\n",
        ),
        (
            "roles/Sage",
            "**Sage** | Townsfolk Miscellaneous\n__Formalized__\nStarting: Know `The moon is red`\n",
        ),
        (
            "roles/Seer of Spirits",
            "**Seer of Spirits** | Townsfolk Miscellaneous\n__Formalized__\nImmediate Night: Learn `The spirits answer` [Status: Ghostly] |spirits.ghostly|\nImmediate Night: Learn `You pray` [Status: Any] |spirits.any|\nImmediate Night: Learn `You sleep` |spirits.alive|\n",
        ),
        (
            "roles/Spellcaster",
            "**Spellcaster** | Townsfolk Power\n__Formalized__\nStarting: Set Counter to 2\nImmediate Night: [Condition: @Self->Counter > 0] {Repeating}\n  • Decrement Counter\n  • Apply `Hexed` to @Selection (~Phase)\n",
        ),
        (
            "roles/Hexer",
            "**Hexer** | Townsfolk Power\n__Formalized__\nStarting: Set Counter to 2\nImmediate Night: [Condition: @Self->Counter > 0]\n  • Decrement Counter\n  • Apply `Hexed` to @Selection (~Phase)\n",
        ),
        (
            "roles/Watchman",
            "**Watchman** | Townsfolk Power\n__Formalized__\nImmediate Day: Protect @Selection from `Attacks` through Active Defense (~DelayedPhase)\n",
        ),
        (
            "roles/Curser",
            "**Curser** | Townsfolk Power\n__Formalized__\nImmediate Day: Apply `Cursed` to @Selection (~DelayedPhase)\n",
        ),
        (
            "locations/voting_booth",
            "**Voting Booth**\n__Formalized__\nSort Index: 5\nMembers: *None*\nViewers: *All*\n",
        ),
        (
            "locations/tavern",
            "**Tavern**\n__Formalized__\nSort Index: 6\nMembers: *None*\nViewers: *All*\n",
        ),
        (
            "polls/Lynch",
            "**Lynch** | Poll\nAvailable Options: @All, Abstain\nAllowed Voters: @All\nPassive Start Day: Create Poll in #voting_booth [Temporal: Day 1+]\nOn Poll Closed: Lynch @Winner\n",
        ),
    ];

    /// The role set, written once per test binary (tests run in parallel).
    fn role_set() -> &'static (PathBuf, Arc<Library>) {
        static SET: OnceLock<(PathBuf, Arc<Library>)> = OnceLock::new();
        SET.get_or_init(|| {
            let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("wwr-gaps-roles");
            for (path, text) in FILES {
                let p = dir.join(path);
                std::fs::create_dir_all(p.parent().unwrap()).unwrap();
                std::fs::write(&p, text).unwrap();
            }
            let lib = Library::load(&dir).expect("the role set loads");
            (dir, Arc::new(lib))
        })
    }

    pub fn game(players: &[(&str, &str)], haunting: bool) -> Game {
        let (dir, lib) = role_set().clone();
        let setup = Setup {
            haunting,
            ..Setup::with_roles(dir, players)
        };
        let g = Game::new(setup, lib, 7).expect("game starts");
        assert!(g.state.unsupported.is_empty(), "{:?}", g.state.unsupported);
        g
    }

    pub fn told(g: &Game, name: &str) -> Vec<String> {
        let p = g.player_named(name).unwrap();
        g.state
            .log
            .iter()
            .filter(|e| e.to == Audience::Player(p))
            .map(|e| e.text.clone())
            .collect()
    }

    pub fn has_attr(g: &Game, name: &str, attr: &str) -> bool {
        g.has_custom(&Holder::Player(g.player_named(name).unwrap()), attr, None)
    }
}

const GUIDE_TOWN: &[(&str, &str)] = &[
    ("Lara", "Lamplighter"),
    ("Pia", "Pardoner"),
    ("Lou", "Late Pardoner"),
    ("Wen", "Wanderer"),
    ("Sue", "Survivor"),
    ("Cha", "Charmer"),
    ("Sal", "Sage"),
    ("Cid", "Citizen"),
    ("Dot", "Citizen"),
    ("Ben", "Biter"),
];

/// Guide, Trigger Types: `Start Phase` is an action timing ("always connected to an
/// action"): chosen in one phase, it runs at the start of the next one, whichever it is.
/// Lamplighter: `Start Phase: Apply `Lit` to @Selection (~Phase)`. Chosen on day 0, Cid is
/// lit for night 1 only; chosen on night 1, Dot is lit for day 1.
#[test]
fn a_start_phase_action_runs_at_the_start_of_the_next_phase_of_either_kind() {
    let mut g = guide::game(GUIDE_TOWN, false);
    act(&mut g, "Lara: Start Phase: Cid");
    assert!(
        !guide::has_attr(&g, "Cid", "Lit"),
        "not before the next phase"
    );
    next(&mut g); // N1
    assert!(guide::has_attr(&g, "Cid", "Lit"));
    act(&mut g, "Lara: Start Phase: Dot");
    next(&mut g); // D1
    assert!(!guide::has_attr(&g, "Cid", "Lit"), "~Phase: gone with N1");
    assert!(guide::has_attr(&g, "Dot", "Lit"));
}

/// Guide, Trigger Types: `Pre-End Day` is an action timing that runs before the day ends,
/// and the day's polls close at the end of the day after the pre-end bucket (`_rules`
/// phase order: pre-end, poll close, end). Pardoner: `Pre-End Day: Protect @Selection from
/// `Lynches` through Active Defense (~Phase)`: Cid, voted out, survives the lynch. The Late
/// Pardoner's same protection at `End Day` comes after the lynch poll closed: Dot dies.
#[test]
fn a_pre_end_day_protection_comes_before_the_lynch_and_an_end_day_one_after_it() {
    let mut g = guide::game(GUIDE_TOWN, false);
    to_phase(&mut g, "D1");
    act(&mut g, "Pia: Pre-End Day: Cid");
    for v in ["Lara", "Lou", "Wen", "Sue"] {
        act(&mut g, &format!("{v}: Vote Lynch: Cid"));
    }
    next(&mut g); // N2
    assert!(alive(&g, "Cid"));
    assert!(
        has(&host(&g), "on Cid failed: active defense"),
        "{:?}",
        host(&g)
    );
    to_phase(&mut g, "D2");
    act(&mut g, "Lou: End Day: Dot");
    for v in ["Lara", "Pia", "Wen", "Sue"] {
        act(&mut g, &format!("{v}: Vote Lynch: Dot"));
    }
    next(&mut g); // N3
    assert!(!alive(&g, "Dot"));
}

/// Guide, Trigger Types: `On [Active|Passive|Partial|Recruitment|Absence] Defense` "triggers
/// when an … absence defense is used". Wanderer: `Starting: Protect @Self from `Attacks`
/// through Absence at #tavern during Night (~UntilUse)`, `On Absence Defense: Learn
/// `Someone called while you were out``. The Biter's attack finds him out and he learns it;
/// the absence is used up, so the next night's attack kills.
#[test]
fn on_absence_defense_runs_when_the_absence_stops_an_attack() {
    let mut g = guide::game(GUIDE_TOWN, false);
    next(&mut g); // N1
    assert!(!guide::told(&g, "Wen").contains(&"Someone called while you were out".into()));
    act(&mut g, "Ben: Immediate Night: Wen");
    next(&mut g); // D1
    assert!(alive(&g, "Wen"));
    assert!(guide::told(&g, "Wen").contains(&"Someone called while you were out".into()));
    next(&mut g); // N2
    act(&mut g, "Ben: Immediate Night: Wen");
    next(&mut g); // D2
    assert!(!alive(&g, "Wen"), "~UntilUse: the absence was used up");
}

/// `On Defense` (any kind) and `~UntilSecondUse` ("Lasts until the attribute is used
/// twice"). Survivor: `Starting: Protect @Self from `Attacks` through Passive Defense
/// (~UntilSecondUse)`, `On Defense: Learn `You survived an attack``. Attacked three nights
/// in a row, she survives two, learning it each time, and dies on the third.
#[test]
fn on_defense_runs_each_time_and_an_until_second_use_defense_stops_two_attacks() {
    let mut g = guide::game(GUIDE_TOWN, false);
    let survived = |g: &Game| {
        guide::told(g, "Sue")
            .iter()
            .filter(|l| *l == "You survived an attack")
            .count()
    };
    for (night, day) in [("N1", "D1"), ("N2", "D2")] {
        to_phase(&mut g, night);
        act(&mut g, "Ben: Immediate Night: Sue");
        to_phase(&mut g, day);
        assert!(alive(&g, "Sue"));
    }
    assert_eq!(survived(&g), 2);
    to_phase(&mut g, "N3");
    act(&mut g, "Ben: Immediate Night: Sue");
    next(&mut g); // D3
    assert!(!alive(&g, "Sue"));
    assert_eq!(survived(&g), 2);
}

/// Guide, Trigger Types: `On Removal` "triggers when the current attribute is removed. Can
/// only be used inside attributes." Charm: `On Removal: Learn `The charm on you faded``;
/// Charmer: `Immediate Night: Apply `Charm` to @Selection (~Phase)`. The charm expires at
/// the end of the night and its holder (the attribute's `@Self`) is told.
#[test]
fn on_removal_runs_when_an_attribute_expires() {
    let mut g = guide::game(GUIDE_TOWN, false);
    next(&mut g); // N1
    act(&mut g, "Cha: Immediate Night: Dot");
    assert!(guide::has_attr(&g, "Dot", "Charm"));
    assert!(!guide::told(&g, "Dot").contains(&"The charm on you faded".into()));
    next(&mut g); // D1
    assert!(!guide::has_attr(&g, "Dot", "Charm"));
    assert!(guide::told(&g, "Dot").contains(&"The charm on you faded".into()));
}

/// Guide, Announcements: `Know '<Information>'` (Private Knowledge): the player receives
/// the text. Sage: `Starting: Know `The moon is red``; nobody else is told.
#[test]
fn know_gives_the_player_private_knowledge() {
    let g = guide::game(GUIDE_TOWN, false);
    assert!(guide::told(&g, "Sal").contains(&"The moon is red".into()));
    assert!(!guide::told(&g, "Cid").contains(&"The moon is red".into()));
    assert!(!public(&g).contains(&"The moon is red".into()));
}

/// Guide, Action Restrictions: `Status: Ghostly` "may only be used while ghostly",
/// `Status: Any` "while alive or ghostly", `Status: Alive` "while alive only (default!)".
/// Seer of Spirits, in a haunting game: alive on night 1 she may pray or sleep but not
/// hear the spirits; killed that night, on night 2 (a ghost) she may hear the spirits or
/// pray but no longer sleep.
#[test]
fn status_restrictions_follow_whether_the_player_is_alive_or_a_ghost() {
    let mut g = guide::game(
        &[
            ("Sia", "Seer of Spirits"),
            ("Cid", "Citizen"),
            ("Dot", "Citizen"),
            ("Lara", "Citizen"),
            ("Ben", "Biter"),
        ],
        true,
    );
    next(&mut g); // N1
    let e = refused(&mut g, "Sia: Immediate Night |spirits.ghostly|");
    assert!(e.contains("Status"), "{e}");
    act(&mut g, "Sia: Immediate Night |spirits.any|");
    act(&mut g, "Sia: Immediate Night |spirits.alive|");
    act(&mut g, "Ben: Immediate Night: Sia");
    to_phase(&mut g, "N2");
    assert!(!alive(&g, "Sia"));
    act(&mut g, "Sia: Immediate Night |spirits.ghostly|");
    act(&mut g, "Sia: Immediate Night |spirits.any|");
    refused(&mut g, "Sia: Immediate Night |spirits.alive|");
    let told = guide::told(&g, "Sia");
    assert!(
        told.iter().any(|l| l.contains("The spirits answer")),
        "{told:?}"
    );
    assert_eq!(
        told.iter().filter(|l| l.contains("You pray")).count(),
        2,
        "{told:?}"
    );
}

// --- On Any Action: the Baroness ----------------------------------------------------------

/// Baroness: `End Day: Target @Selection (Role) [Condition: @Selection is part of
/// ^(Cat:Investigative,Class:!Unaligned,Class:!Extra), …]`, `Passive Start Night: Apply
/// `BaronessSpying` to @Target->Players (~NextDay)`. Baroness Spying: `Starting: Target
/// @ThisAttr->Source (Player)`, `On Any Action [Investigating]: Reveal `@Self->Role
/// Information: @ActionFeedback` to @Target [Condition: @TriggerSource is part of `Role:Fortune
/// Teller`+…]`. Guide, Trigger Types: `On Any Action` triggers "for absolutely any action
/// taken by a player" (not only the attribute's own). The Baroness names the Fortune Teller
/// role on day 0; on night 1 the Fortune Teller's investigation of Eve is revealed to her.
#[test]
fn the_baroness_spies_on_the_fortune_tellers_investigation() {
    let mut g = game(&[
        ("Bea", "Baroness"),
        ("Fay", "Fortune Teller"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    // `^(Cat:Investigative,Class:!Unaligned,Class:!Extra)`: the Wolf (Werewolf Killing) and
    // the Cat (Unaligned) are not part of it.
    for other in ["Wolf", "Cat"] {
        let e = refused(&mut g, &format!("Bea: End Day: {other}"));
        assert!(e.contains("Condition"), "{e}");
    }
    act(&mut g, "Bea: End Day: Fortune Teller");
    next(&mut g); // N1
    act(&mut g, "Fay: Immediate Night: Eve");
    assert!(
        has(&told(&g, "Bea"), "Fortune Teller Information: Wolf"),
        "{:?}",
        told(&g, "Bea")
    );
    // The spying attribute's own target (the Baroness) is not news for its holder.
    assert!(!has(&told(&g, "Fay"), "Bea"), "{:?}", told(&g, "Fay"));
}

/// Baroness Spying's other line: `On Any Action [Feedback]: Reveal `@Self->Role Information:
/// @ActionFeedback` to @Target [Condition: @TriggerSource is part of …+`Role:Aura Teller`+…]`.
/// Aura Teller: `Process: Attribute Investigate @Selection for `Lycan`, Category Investigate
/// @Selection; Evaluate: … @Result2 is `Killing`[category]: `@Selection is a Threat``. The
/// evaluated feedback line is the `[Feedback]` action: the Baroness reads what the Aura
/// Teller reads (and not the two investigations' raw results, the `[Investigating]` line's
/// condition leaves the Aura Teller out).
#[test]
fn the_baroness_spies_on_the_aura_tellers_evaluated_feedback() {
    let mut g = game(&[
        ("Bea", "Baroness"),
        ("Ava", "Aura Teller"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    act(&mut g, "Bea: End Day: Aura Teller");
    next(&mut g); // N1
    let fb = act(&mut g, "Ava: Immediate Night: Eve");
    assert!(has(&fb, "Eve is a Threat"), "{fb:?}");
    let bea = told(&g, "Bea");
    let spied: Vec<&String> = bea.iter().filter(|l| l.contains("Information")).collect();
    assert_eq!(
        spied,
        ["Aura Teller Information: Eve is a Threat"],
        "{bea:?}"
    );
}

/// Guide, Action Compulsion: "An action may also be marked as `{Repeating}` in which case
/// it can be repeated, assuming the restrictions allow it." Spellcaster (two spells):
/// `Immediate Night: [Condition: @Self->Counter > 0] {Repeating}` • Decrement Counter •
/// Apply `Hexed` to @Selection (~Phase)`: she casts both spells on night 1, and a third is
/// refused by her condition. The Hexer, the same without `{Repeating}`, casts once a night.
#[test]
fn a_repeating_action_is_used_again_in_the_same_phase_while_its_restrictions_allow() {
    let mut g = guide::game(
        &[
            ("Sam", "Spellcaster"),
            ("Hex", "Hexer"),
            ("Cid", "Citizen"),
            ("Dot", "Citizen"),
            ("Lara", "Citizen"),
            ("Ben", "Biter"),
        ],
        false,
    );
    next(&mut g); // N1
    act(&mut g, "Sam: Immediate Night: Cid");
    act(&mut g, "Sam: Immediate Night: Dot");
    assert!(guide::has_attr(&g, "Cid", "Hexed") && guide::has_attr(&g, "Dot", "Hexed"));
    let e = refused(&mut g, "Sam: Immediate Night: Lara");
    assert!(e.contains("Condition"), "{e}");
    assert!(!guide::has_attr(&g, "Lara", "Hexed"));
    act(&mut g, "Hex: Immediate Night: Lara");
    let e = refused(&mut g, "Hex: Immediate Night: Ben");
    assert!(e.contains("already used"), "{e}");
    to_phase(&mut g, "N2");
    act(&mut g, "Hex: Immediate Night: Ben");
    assert!(guide::has_attr(&g, "Ben", "Hexed"));
}

/// Guide, Duration Types: `~DelayedPhase` "Starts at the start of the phase and lasts until
/// the end of that phase". Curser: `Immediate Day: Apply `Cursed` to @Selection
/// (~DelayedPhase)`: applied on day 1, Cid is not cursed during day 1, is cursed for night 2,
/// and no longer on day 2.
#[test]
fn a_delayed_phase_attribute_starts_with_the_next_phase_and_ends_with_it() {
    let mut g = guide::game(
        &[
            ("Cur", "Curser"),
            ("Wat", "Watchman"),
            ("Cid", "Citizen"),
            ("Dot", "Citizen"),
            ("Lara", "Citizen"),
            ("Ben", "Biter"),
        ],
        false,
    );
    to_phase(&mut g, "D1");
    act(&mut g, "Cur: Immediate Day: Cid");
    assert!(!guide::has_attr(&g, "Cid", "Cursed"), "not during day 1");
    // The waiting attribute is part of the saved game.
    let saved = serde_json::to_string(&g.state).unwrap();
    let state: mafia_wwr::GameState = serde_json::from_str(&saved).unwrap();
    let mut g = Game::load(state, g.lib.clone()).unwrap();
    next(&mut g); // N2
    assert!(guide::has_attr(&g, "Cid", "Cursed"));
    next(&mut g); // D2
    assert!(!guide::has_attr(&g, "Cid", "Cursed"));
}

/// The Watchman's `Immediate Day: Protect @Selection from `Attacks` through Active Defense
/// (~DelayedPhase)`, chosen by day, guards the night that follows: the Biter's attack on Dot
/// fails on night 2; on night 3 it kills.
#[test]
fn a_delayed_phase_protection_chosen_by_day_guards_the_next_night() {
    let mut g = guide::game(
        &[
            ("Cur", "Curser"),
            ("Wat", "Watchman"),
            ("Cid", "Citizen"),
            ("Dot", "Citizen"),
            ("Lara", "Citizen"),
            ("Ben", "Biter"),
        ],
        false,
    );
    to_phase(&mut g, "D1");
    act(&mut g, "Wat: Immediate Day: Dot");
    next(&mut g); // N2
    act(&mut g, "Ben: Immediate Night: Dot");
    next(&mut g); // D2
    assert!(alive(&g, "Dot"));
    assert!(
        has(&host(&g), "on Dot failed: active defense"),
        "{:?}",
        host(&g)
    );
    next(&mut g); // N3
    act(&mut g, "Ben: Immediate Night: Dot");
    next(&mut g); // D3
    assert!(!alive(&g, "Dot"));
}
