//! Locations (guide, Locations; `_game/locations/`): which are in play, who may write and
//! who may read, and the abilities that use them (`Create Poll in #voting_booth`,
//! `Protect … through Absence at #tavern`).

mod common;
use common::*;

use mafia_wwr::state::ChanRef;
use mafia_wwr::{Game, Setup, WwrError};

fn setup_with(players: &[(&str, &str)], locations: &[&str]) -> Setup {
    Setup {
        locations: locations.iter().map(|l| l.to_string()).collect(),
        ..Setup::with_roles(roles_dir(), players)
    }
}

const FOUR: &[(&str, &str)] = &[
    ("Dave", "Citizen"),
    ("Cid", "Citizen"),
    ("Fay", "Citizen"),
    ("Eve", "Wolf"),
];

fn names(g: &Game, ps: &[usize]) -> Vec<String> {
    ps.iter()
        .map(|&p| g.state.players[p].name.clone())
        .collect()
}

/// Without a `locations` list every location that is not haunting-only is in play, sorted
/// by `Sort Index` (Information 0, Story Time 1, Town Square 2, Tavern 3, Out of Character
/// 4, Voting Booth 5, Dead & Spectators 8, Substitutes 9); Graveyard (6) and Graveyard Votes
/// (7) say `Haunting: Yes`.
#[test]
fn every_non_haunting_location_is_in_play_by_default_in_sort_order() {
    let g = game(FOUR);
    let shown: Vec<String> = g.locations().iter().map(|d| d.name.clone()).collect();
    assert_eq!(
        shown,
        [
            "Information",
            "Story Time",
            "Town Square",
            "Tavern",
            "Out of Character",
            "Voting Booth",
            "Dead & Spectators",
            "Substitutes",
        ]
    );
}

/// A setup that names its locations has only those; a name the role set lacks is an
/// error naming it.
#[test]
fn a_setup_names_its_locations_and_an_unknown_one_is_an_error() {
    let g = Game::new(setup_with(FOUR, &["#tavern", "town_square"]), lib(), 1).unwrap();
    let shown: Vec<String> = g.locations().iter().map(|d| d.name.clone()).collect();
    assert_eq!(shown, ["Town Square", "Tavern"]);
    match Game::new(setup_with(FOUR, &["Dungeon"]), lib(), 1) {
        Err(WwrError::Unknown { kind, name, hint }) => {
            assert_eq!((kind, name.as_str()), ("location", "Dungeon"));
            assert!(hint.contains("town_square"), "{hint}");
        }
        other => panic!("expected an unknown location, got {:?}", other.map(|_| ())),
    }
}

/// Town Square: `Members: Alive`, `Viewers: Dead, Ghost, …`. A lynched player stops being
/// a member and becomes a viewer. Story Time: `Members: Mayor`, `Viewers: *All*`.
/// Information: `Members: *None*`.
#[test]
fn members_and_viewers_follow_the_players_state() {
    let mut g = game(FOUR);
    g.state.setup.polls.push("Election".into());
    assert_eq!(
        names(&g, &g.location_members("town_square")),
        ["Dave", "Cid", "Fay", "Eve"]
    );
    assert!(g.location_members("#information").is_empty());
    assert_eq!(g.location_viewers("information").len(), 4);
    assert!(g.location_members("story_time").is_empty(), "no Mayor yet");
    to_phase(&mut g, "D1");
    for v in ["Dave", "Cid", "Fay"] {
        act(&mut g, &format!("{v}: Vote Lynch: Eve"));
        act(&mut g, &format!("{v}: Vote Mayor Election: Dave"));
    }
    next(&mut g);
    assert!(!alive(&g, "Eve"));
    assert_eq!(
        names(&g, &g.location_members("town_square")),
        ["Dave", "Cid", "Fay"]
    );
    let eve = g.player_named("Eve").unwrap();
    assert!(g.location_viewers("town_square").contains(&eve));
    assert!(g.reads_named(eve, "town square"));
    assert_eq!(names(&g, &g.location_members("Story-Time")), ["Dave"]);
    // `#town_square->Members` as a selector (guide, Property Access: `->Members`).
    use mafia_roles::ability::{Base, Prop, Value};
    let members = Value::Path {
        base: Base::Group("town_square".into()),
        annotation: None,
        props: vec![Prop {
            name: "Members".into(),
            arg: None,
            annotation: None,
        }],
        loc: Default::default(),
    };
    let ctx = mafia_wwr::eval::Ctx::new(None, mafia_wwr::state::Source::Poll("Lynch".into()));
    let v = g.eval(&members, &ctx);
    assert_eq!(names(&g, &v.players()), ["Dave", "Cid", "Fay"]);
}

/// Dead & Spectators: `Members: Dead, Spectator`. A dead player reads (and writes) there;
/// living ones do not.
#[test]
fn the_dead_channel_is_for_dead_players() {
    let mut g = game(FOUR);
    assert!(g.location_members("dead_spectator").is_empty());
    to_phase(&mut g, "D1");
    for v in ["Dave", "Cid", "Fay"] {
        act(&mut g, &format!("{v}: Vote Lynch: Fay"));
    }
    next(&mut g);
    let fay = g.player_named("Fay").unwrap();
    let dave = g.player_named("Dave").unwrap();
    assert!(g.reads_named(fay, "dead_spectator"));
    assert!(!g.reads_named(dave, "dead_spectator"));
}

/// In haunting mode a lynched player is a ghost, not `Dead`: Graveyard (`Members: Ghost`)
/// lists them and Dead & Spectators (`Members: Dead, Spectator`) does not, exactly as the
/// channels let them write.
#[test]
fn a_ghost_is_a_graveyard_member_not_a_dead_one() {
    let setup = Setup {
        haunting: true,
        ..Setup::with_roles(roles_dir(), FOUR)
    };
    let mut g = Game::new(setup, lib(), 1).unwrap();
    to_phase(&mut g, "D1");
    for v in ["Dave", "Cid", "Fay"] {
        act(&mut g, &format!("{v}: Vote Lynch: Fay"));
    }
    next(&mut g);
    let fay = g.player_named("Fay").unwrap();
    assert!(g.is_ghost(fay));
    assert_eq!(names(&g, &g.location_members("graveyard")), ["Fay"]);
    assert!(g.location_members("dead_spectator").is_empty());
    let dead_channel = ChanRef::Named("dead_spectator".into());
    assert!(!g.can_write(fay, &dead_channel));
}

/// The Lynch poll is `Create Poll in #voting_booth`: without the Voting Booth in play it
/// cannot open (host log), with it it opens as usual.
#[test]
fn the_lynch_poll_needs_the_voting_booth_in_play() {
    let mut g = Game::new(setup_with(FOUR, &["town_square"]), lib(), 1).unwrap();
    to_phase(&mut g, "D1");
    assert!(g.state.polls.iter().all(|p| p.def != "Lynch"));
    assert!(has(
        &host(&g),
        "Create Poll: #voting booth is neither a group nor a location in play"
    ));
    let mut g = Game::new(setup_with(FOUR, &["voting_booth"]), lib(), 1).unwrap();
    to_phase(&mut g, "D1");
    assert!(
        g.state
            .polls
            .iter()
            .any(|p| p.def == "Lynch" && p.location == "voting booth" && p.open)
    );
}

/// Alcoholic: `Starting: Protect @Self from `Attacks` through Absence at #tavern during
/// Night`. With the Tavern in play (and a Bartender, which the Alcoholic requires) he is
/// away at night and the wolves' attack fails on the absence; without the Tavern there is
/// nowhere to be absent at, so the protection is not given and the attack kills.
#[test]
fn the_alcoholic_is_absent_at_the_tavern_only_if_the_tavern_is_in_play() {
    let players = &[
        ("Al", "Alcoholic"),
        ("Bart", "Bartender"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ];
    let mut g = Game::new(setup_with(players, &["tavern", "voting_booth"]), lib(), 1).unwrap();
    next(&mut g);
    act(&mut g, "Eve: Vote Wolfpack: Al");
    next(&mut g);
    assert!(alive(&g, "Al"));
    assert!(has(
        &host(&g),
        "Attack on Al failed: absence defense (Alcoholic)"
    ));

    let mut g = Game::new(setup_with(players, &["voting_booth"]), lib(), 1).unwrap();
    assert!(has(&host(&g), "absence at #tavern, which is neither"));
    next(&mut g);
    act(&mut g, "Eve: Vote Wolfpack: Al");
    next(&mut g);
    assert!(!alive(&g, "Al"));
}

/// A player's view of the log shows a location's messages to those who may read it: the
/// Voting Booth (`Viewers: *All*`) is read by everybody, the Dead & Spectators channel
/// only by the dead.
#[test]
fn a_player_sees_the_channels_they_may_read() {
    let mut g = game(FOUR);
    to_phase(&mut g, "D1");
    for v in ["Dave", "Cid", "Fay"] {
        act(&mut g, &format!("{v}: Vote Lynch: Fay"));
    }
    next(&mut g);
    g.state.log.push(mafia_wwr::state::Event {
        phase: g.state.phase,
        to: mafia_wwr::state::Audience::Channel("dead spectator".into()),
        text: "boo from the other side".into(),
    });
    let fay = g.player_named("Fay").unwrap();
    let dave = g.player_named("Dave").unwrap();
    assert!(mafia_wwr::render::show(&g, Some(fay), true).contains("boo from the other side"));
    assert!(!mafia_wwr::render::show(&g, Some(dave), true).contains("boo from the other side"));
}

/// A location the setup leaves out is no channel: nobody writes or reads there (the
/// Tavern of a game with the Town Square only).
#[test]
fn a_location_not_in_play_is_no_channel() {
    let mut g = Game::new(setup_with(FOUR, &["town_square"]), lib(), 1).unwrap();
    to_phase(&mut g, "D1");
    act(&mut g, "Dave: Say #town_square: hello");
    let e = refused(&mut g, "Dave: Say #tavern: hello");
    assert!(e.contains("Dave cannot write in #Tavern"), "{e}");
    let dave = g.player_named("Dave").unwrap();
    assert!(!g.reads_named(dave, "tavern"));
    assert!(g.reads_named(dave, "town_square"));
}
