//! Act scripts apply whole or not at all (issue 14, point 7): a script whose third step is
//! refused leaves the game exactly as it was, and the error names the refused line.

mod common;

use common::game;
use mafia_wwr::{save, script};

#[test]
fn a_refused_line_leaves_the_game_as_it_was() {
    let mut g = game(&[
        ("Alice", "Fortune Teller"),
        ("Bob", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    let before = save::to_text(&g.state).expect("saves");
    // Line 1 is a comment, line 2 ends D0 (played), line 3 is blank, line 4 names a player who
    // is not in the game.
    let text = "# a good step, then a bad one\nnext\n\nZed: Immediate Night: @Selection = Bob\n";
    let err = script::run(&mut g, text, "bad.script").expect_err("Zed is refused");
    assert_eq!(err.line, 4);
    assert!(err.to_string().starts_with("bad.script:4: "), "{err}");
    assert!(err.to_string().contains("unknown player `Zed`"), "{err}");
    assert_eq!(
        save::to_text(&g.state).expect("saves"),
        before,
        "the `next` on line 2 was not kept"
    );
    assert_eq!(g.state.phase.to_string(), "D0");
}

#[test]
fn a_whole_script_is_played() {
    let mut g = game(&[
        ("Alice", "Fortune Teller"),
        ("Bob", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    let played = script::run(
        &mut g,
        "next\nAlice: Immediate Night: @Selection = Eve\n",
        "ok",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(played, 2);
    assert_eq!(g.state.phase.to_string(), "N1");
}
