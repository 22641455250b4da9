//! Whole games from the fixture roles, scripted phase by phase to a win. Every outcome
//! below was worked out by hand from the role sheets before running.

mod common;
use common::*;

/// Runs a script: `act` lines, and `next` to end the phase.
fn play(g: &mut mafia_wwr::Game, script: &str) {
    for line in script
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        if line == "next" {
            next(g);
        } else {
            act(g, line);
        }
    }
}

#[test]
fn five_players_town_finds_and_lynches_the_wolf() {
    let mut g = game(&[
        ("Alice", "Fortune Teller"),
        ("Bob", "Witch"),
        ("Carol", "Huntress"),
        ("Dave", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    play(
        &mut g,
        "
        Carol: Immediate: @Selection = Eve
        next
        # N1: the Fortune Teller checks Eve, the Witch saves Dave from the wolf.
        Alice: Immediate Night: @Selection = Eve
        Bob: Immediate Night: @Selection = Dave
        Eve: Vote Wolfpack: Dave
        next
        # D1: the town lynches Eve, 3 votes to 1.
        Alice: Vote Lynch: Eve
        Bob: Vote Lynch: Eve
        Dave: Vote Lynch: Eve
        Eve: Vote Lynch: Alice
        next
        ",
    );
    assert!(has(
        &told(&g, "Alice"),
        "Role Investigate Eve (SD, WD): Wolf"
    ));
    assert!(alive(&g, "Dave"));
    assert!(!alive(&g, "Eve"));
    let o = g.state.outcome.as_ref().expect("the game is over");
    assert_eq!(o.winners, ["Townsfolk"]);
    assert_eq!(o.phase.to_string(), "D1");
    assert!(has(&public(&g), "The game is over. Winner: Townsfolk."));
    assert_eq!(g.next_phase().unwrap_err().to_string(), "the game is over");
}

#[test]
fn ten_players_the_wolves_win_on_night_four() {
    let mut g = game(&[
        ("Alice", "Fortune Teller"),
        ("Bob", "Witch"),
        ("Carol", "Huntress"),
        ("Dave", "Citizen"),
        ("Fay", "Citizen"),
        ("Gus", "Runner"),
        ("Hana", "Hooker"),
        ("Eve", "Wolf"),
        ("Sam", "Scared Wolf"),
        ("Walt", "Wolf"),
    ]);
    play(
        &mut g,
        "
        next
        # N1: the pack kills Dave.
        Eve: Vote Wolfpack: Dave
        Sam: Vote Wolfpack: Dave
        Walt: Vote Wolfpack: Dave
        next
        # D1: Alice (Fortune Teller) is lynched 5 to 0.
        Eve: Vote Lynch: Alice
        Sam: Vote Lynch: Alice
        Walt: Vote Lynch: Alice
        Fay: Vote Lynch: Alice
        Gus: Vote Lynch: Alice
        next
        # N2: Fay dies.
        Eve: Vote Wolfpack: Fay
        Walt: Vote Wolfpack: Fay
        next
        # D2: Bob (Witch) is lynched.
        Eve: Vote Lynch: Bob
        Sam: Vote Lynch: Bob
        Walt: Vote Lynch: Bob
        Gus: Vote Lynch: Bob
        next
        # N3: the Runner escapes; the Hooker spends the night at the Runner's.
        Hana: Immediate Night: Gus
        Eve: Vote Wolfpack: Gus
        next
        # D3: Gus is lynched 3 to 1.
        Eve: Vote Lynch: Gus
        Sam: Vote Lynch: Gus
        Walt: Vote Lynch: Gus
        Carol: Vote Lynch: Eve
        next
        # N4: the Hooker sleeps at Carol's; the pack attacks Carol and both die.
        Hana: Immediate Night: Carol
        Sam: Vote Wolfpack: Carol
        next
        ",
    );
    for dead in ["Dave", "Alice", "Fay", "Bob", "Gus", "Carol", "Hana"] {
        assert!(!alive(&g, dead), "{dead} should be dead");
    }
    assert!(has(&told(&g, "Gus"), "You got attacked and ran away"));
    let o = g.state.outcome.as_ref().expect("the game is over");
    assert_eq!(o.winners, ["Werewolf"]);
    assert_eq!(o.phase.to_string(), "N4");
}

#[test]
fn sixteen_players_the_huntress_takes_a_wolf_with_her_and_town_wins_on_day_two() {
    let mut g = game(&[
        ("Alice", "Fortune Teller"),
        ("Bob", "Witch"),
        ("Carol", "Huntress"),
        ("Gus", "Runner"),
        ("Hana", "Hooker"),
        ("Ian", "Idiot"),
        ("Dave", "Citizen"),
        ("Fay", "Citizen"),
        ("Kim", "Citizen"),
        ("Lee", "Citizen"),
        ("Max", "Citizen"),
        ("Ned", "Citizen"),
        ("Oli", "Citizen"),
        ("Eve", "Wolf"),
        ("Walt", "Wolf"),
        ("Will", "Wolf"),
    ]);
    play(
        &mut g,
        "
        Carol: Immediate: @Selection = Will
        next
        # N1: the pack kills Dave; the Fortune Teller finds Eve.
        Alice: Immediate Night: Eve
        Eve: Vote Wolfpack: Dave
        Walt: Vote Wolfpack: Dave
        Will: Vote Wolfpack: Dave
        next
        # D1: Eve is lynched 8 to 3.
        Alice: Vote Lynch: Eve
        Bob: Vote Lynch: Eve
        Fay: Vote Lynch: Eve
        Kim: Vote Lynch: Eve
        Lee: Vote Lynch: Eve
        Max: Vote Lynch: Eve
        Ned: Vote Lynch: Eve
        Oli: Vote Lynch: Eve
        Eve: Vote Lynch: Alice
        Walt: Vote Lynch: Alice
        Will: Vote Lynch: Alice
        next
        # N2: the pack kills the Huntress, whose dying shot kills Will.
        Walt: Vote Wolfpack: Carol
        Will: Vote Wolfpack: Carol
        next
        # D2: Walt is lynched 6 to 1.
        Alice: Vote Lynch: Walt
        Bob: Vote Lynch: Walt
        Gus: Vote Lynch: Walt
        Hana: Vote Lynch: Walt
        Ian: Vote Lynch: Walt
        Fay: Vote Lynch: Walt
        Walt: Vote Lynch: Alice
        next
        ",
    );
    assert!(has(
        &told(&g, "Alice"),
        "Role Investigate Eve (SD, WD): Wolf"
    ));
    assert!(has(&public(&g), "Huntress Carol killed Will"));
    for dead in ["Dave", "Eve", "Carol", "Will", "Walt"] {
        assert!(!alive(&g, dead), "{dead} should be dead");
    }
    assert_eq!(g.living().len(), 11);
    let o = g.state.outcome.as_ref().expect("the game is over");
    assert_eq!(o.winners, ["Townsfolk"]);
    assert_eq!(o.phase.to_string(), "D2");
}
