//! Builders for channel and haunting scenarios.
#![allow(dead_code)]

use mafia_wwr::state::{AttrKind, ChanRef, Holder};
use mafia_wwr::{Game, Setup};

use crate::common::{lib, roles_dir};

/// A game with the given polls, in haunting mode or not, with modifiers by player.
pub fn game_with(
    players: &[(&str, &str)],
    polls: &[&str],
    haunting: bool,
    modifiers: &[(&str, &str)],
) -> Game {
    game_seeded_with(players, polls, haunting, modifiers, 7)
}

pub fn game_seeded_with(
    players: &[(&str, &str)],
    polls: &[&str],
    haunting: bool,
    modifiers: &[(&str, &str)],
    seed: u64,
) -> Game {
    let mut mods = std::collections::BTreeMap::<String, Vec<String>>::new();
    for (p, m) in modifiers {
        mods.entry(p.to_string()).or_default().push(m.to_string());
    }
    let setup = Setup {
        polls: polls.iter().map(|p| p.to_string()).collect(),
        haunting,
        modifiers: mods,
        ..Setup::with_roles(roles_dir(), players)
    };
    Game::new(setup, lib(), seed).expect("game starts")
}

/// A haunting game with the Lynch poll only.
pub fn haunting(players: &[(&str, &str)]) -> Game {
    game_with(players, &["Lynch"], true, &[])
}

pub fn ghost(g: &Game, name: &str) -> bool {
    g.is_ghost(g.player_named(name).unwrap())
}

/// The conversation of a named channel (`tavern`, `corrupted`): `from: text` lines.
pub fn conversation(g: &Game, channel: &str) -> Vec<String> {
    let c = ChanRef::Named(channel.to_string());
    g.state
        .channels
        .messages
        .iter()
        .filter(|m| m.channel == c)
        .map(|m| format!("{}: {}", m.from, m.text))
        .collect()
}

/// The extra roles a player holds.
pub fn extra_roles(g: &Game, name: &str) -> Vec<String> {
    let p = g.player_named(name).unwrap();
    g.state
        .attrs
        .iter()
        .filter(|a| a.holder == Holder::Player(p))
        .filter_map(|a| match &a.kind {
            AttrKind::Role { role } => Some(role.clone()),
            _ => None,
        })
        .collect()
}

/// Custom attributes a player holds, with their values.
pub fn custom(g: &Game, name: &str, attr: &str) -> Option<Vec<String>> {
    let p = g.player_named(name).unwrap();
    g.state
        .attrs
        .iter()
        .find(|a| {
            a.holder == Holder::Player(p)
                && matches!(&a.kind, AttrKind::Custom { name } if name == attr)
        })
        .map(|a| a.values.clone())
}
