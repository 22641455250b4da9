//! A game saved by an older build still loads and replays to the same state.
//!
//! The three files under `tests/saved/` were written by the `mafia` binary built from main at
//! commit e78a2fb (before the save format and act scripts moved into this crate, and before
//! autoplay shared the game's generator), run from `demo/wwr` so that the saved `roles_dir`
//! stays relative (`../../../shared/fixtures/wwr-roles`, which resolves from `crates/wwr`,
//! the folder cargo runs tests in, as well):
//!
//! ```text
//! mafia wwr new random.toml --seed 7 > g.json
//! mafia wwr act g.json "Bob: Immediate: @Selection = Gus"
//! mafia wwr act g.json "Gus: Say #wolfpack: tonight Dave"
//! mafia wwr next g.json
//! mafia wwr act g.json "Carol: Immediate Night: @Selection = Eve"
//! mafia wwr act g.json "Eve: Vote Wolfpack: Dave"
//! mafia wwr act g.json "Gus: Vote Wolfpack: Fay"
//! cp g.json random7.before.json
//! mafia wwr act g.json --script random7.further.script
//! cp g.json random7.after.json
//! ```
//!
//! The further steps draw from the game's RNG (the order of the night's actions, the
//! Wolfpack's executor), so the saved RNG position must be restored exactly.

use std::path::Path;
use std::sync::Arc;

use mafia_wwr::{Game, GameState, Library};

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/saved")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The saved text of a game, as `mafia wwr` writes it.
fn saved_text(game: &Game) -> String {
    serde_json::to_string_pretty(&game.state).expect("the state serializes") + "\n"
}

fn load(text: &str) -> Game {
    let state: GameState = serde_json::from_str(text).expect("the old save parses");
    let roles = Path::new(env!("CARGO_MANIFEST_DIR")).join(&state.setup.roles_dir);
    let lib = Library::load(&roles).expect("the role set loads");
    Game::load(state, Arc::new(lib)).expect("the old save loads")
}

#[test]
fn an_old_save_round_trips_unchanged() {
    let before = fixture("random7.before.json");
    assert_eq!(saved_text(&load(&before)), before);
}

#[test]
fn an_old_save_replays_to_the_state_the_old_build_reached() {
    let mut game = load(&fixture("random7.before.json"));
    let script = fixture("random7.further.script");
    for (i, line) in script.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let place = format!("random7.further.script:{}", i + 1);
        let r = if line == "next" {
            game.next_phase().map(|_| ())
        } else {
            game.act(line, &place).map(|_| ())
        };
        r.unwrap_or_else(|e| panic!("{place}: {e}"));
    }
    let expected = fixture("random7.after.json");
    let got = saved_text(&game);
    if got != expected {
        let first = got
            .lines()
            .zip(expected.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "the replayed state differs from random7.after.json from line {}:\n got: {}\nwant: {}",
            first + 1,
            got.lines().nth(first).unwrap_or(""),
            expected.lines().nth(first).unwrap_or("")
        );
    }
}

#[test]
fn the_save_and_script_modules_replay_the_old_save_as_the_old_cli_did() {
    // `save::load` reloads the role set from the saved (relative) `roles_dir`, as `mafia wwr`
    // does: cargo runs tests from `crates/wwr`, where it resolves.
    let mut game = mafia_wwr::save::load(&fixture("random7.before.json")).expect("loads");
    let played = mafia_wwr::script::run(
        &mut game,
        &fixture("random7.further.script"),
        "random7.further.script",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(played, 12);
    let got = mafia_wwr::save::to_text(&game.state).expect("saves");
    assert!(
        got == fixture("random7.after.json"),
        "the replayed state differs from random7.after.json"
    );
}
