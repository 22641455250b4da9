//! Small builders so a scenario reads like the guide: who plays what, who does what, what
//! happens.
#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use mafia_wwr::state::{Audience, Opt};
use mafia_wwr::{Game, Library, Setup};

pub fn roles_dir() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures/wwr-roles"
    ))
}

/// The fixture role set, loaded once per test binary.
pub fn lib() -> Arc<Library> {
    static LIB: OnceLock<Arc<Library>> = OnceLock::new();
    LIB.get_or_init(|| Arc::new(Library::load(&roles_dir()).expect("fixture role set loads")))
        .clone()
}

/// A game where each player has the given role (and the Lynch poll is in play).
pub fn game(players: &[(&str, &str)]) -> Game {
    game_seeded(players, 7)
}

pub fn game_seeded(players: &[(&str, &str)], seed: u64) -> Game {
    let setup = Setup::with_roles(roles_dir(), players);
    Game::new(setup, lib(), seed).expect("game starts")
}

/// Runs an `act` line that must be accepted; returns what the player was told.
pub fn act(g: &mut Game, line: &str) -> Vec<String> {
    g.act(line, "test")
        .unwrap_or_else(|e| panic!("`{line}` refused: {e}"))
}

/// Runs an `act` line that must be refused; returns the error text.
pub fn refused(g: &mut Game, line: &str) -> String {
    match g.act(line, "test") {
        Ok(m) => panic!("`{line}` was accepted: {m:?}"),
        Err(e) => e.to_string(),
    }
}

pub fn next(g: &mut Game) {
    g.next_phase().expect("phase advances");
}

/// Advances until the given phase (`"N1"`, `"D1"`…).
pub fn to_phase(g: &mut Game, phase: &str) {
    while g.state.phase.to_string() != phase {
        next(g);
    }
}

pub fn alive(g: &Game, name: &str) -> bool {
    g.state
        .players
        .iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("no player {name}"))
        .alive
}

pub fn role(g: &Game, name: &str) -> String {
    g.state
        .players
        .iter()
        .find(|p| p.name == name)
        .unwrap()
        .role
        .clone()
}

/// Messages sent privately to a player.
pub fn told(g: &Game, name: &str) -> Vec<String> {
    let p = g.player_named(name).unwrap();
    g.state
        .log
        .iter()
        .filter(|e| e.to == Audience::Player(p))
        .map(|e| e.text.clone())
        .collect()
}

/// Public messages.
pub fn public(g: &Game) -> Vec<String> {
    g.state
        .log
        .iter()
        .filter(|e| e.to == Audience::Public)
        .map(|e| e.text.clone())
        .collect()
}

pub fn channel(g: &Game, c: &str) -> Vec<String> {
    g.state
        .log
        .iter()
        .filter(|e| e.to == Audience::Channel(c.to_string()))
        .map(|e| e.text.clone())
        .collect()
}

pub fn host(g: &Game) -> Vec<String> {
    g.state
        .log
        .iter()
        .filter(|e| e.to == Audience::Host)
        .map(|e| e.text.clone())
        .collect()
}

/// The winner of the last closed poll with this definition name.
pub fn poll_winner(g: &Game, def: &str) -> Option<String> {
    g.state
        .polls
        .iter()
        .rev()
        .find(|p| p.def == def && !p.open)
        .and_then(|p| p.winner.clone())
        .map(|o| match o {
            Opt::Player(i) => g.state.players[i].name.clone(),
            Opt::Text(t) => t,
        })
}

pub fn has(lines: &[String], needle: &str) -> bool {
    lines.iter().any(|l| l.contains(needle))
}

/// Asserts that some line contains `needle`; on failure prints the needle and every line
/// searched.
#[track_caller]
pub fn assert_has(lines: &[String], needle: &str) {
    if !has(lines, needle) {
        let searched: Vec<String> = lines.iter().map(|l| format!("  {l}")).collect();
        panic!(
            "no line contains `{needle}`; the {} line(s) searched:\n{}",
            lines.len(),
            searched.join("\n")
        );
    }
}

/// Ten players whose roles answer choices (the Apothecary's potions, the Dog's side, the
/// Pyromancer's powder, …), with a pack to end the game.
pub const CHOOSERS: &[(&str, &str)] = &[
    ("Ana", "Apothecary"),
    ("Rex", "Dog"),
    ("Pia", "Pyromancer"),
    ("Cleo", "Clairvoyant Fox"),
    ("Dev", "Devil"),
    ("Kid", "Child"),
    ("Sid", "Stalker"),
    ("Cub", "Wolf Cub"),
    ("Sab", "Saboteur Wolf"),
    ("Eve", "Wolf"),
];
