//! Runs WWR (Werewolves Revamped) games from parsed role sheets.
//!
//! Data flow: a [`Setup`] (TOML) names the players, the role list and the role-set folder;
//! [`Library::load`] reads that folder through `mafia-roles` (the typed ability AST) and
//! indexes roles, teams, groups, polls, attributes and ability sets by name; [`Game::new`]
//! builds the [`GameState`] (a plain serde value, RNG state included) and runs the starting
//! abilities; [`Game::act`] answers a prompt or casts a vote; [`Game::next_phase`] ends the phase
//! and starts the next one, running every trigger bucket in the documented order.
//!
//! Modules: [`setup`] (setup file), [`library`] (definitions, inheritance, the list of
//! unsupported ability types), [`state`] (the saved game), [`eval`] (selectors, values,
//! conditions), [`engine`] (phase machine, triggers, abilities, killing order, polls),
//! [`input`] (the `act` line syntax), [`script`] (act scripts: `act` lines and `next`),
//! [`save`] (the saved game file), [`render`] (what a player or the host is shown),
//! [`rng`] (the seeded generator), [`autoplay`] (random legal play for tests and benchmarks),
//! [`balance`] (many autoplayed games of a setup: win rates per team), [`chat`] (the chat
//! adapter seam: a game's inputs and outputs through one trait, for web pages and bots).

pub mod autoplay;
pub mod balance;
pub mod chat;
pub mod engine;
pub mod error;
pub mod eval;
mod game;
pub mod input;
pub mod library;
pub mod render;
pub mod rng;
pub mod save;
pub mod script;
pub mod setup;
pub mod state;

pub use engine::Game;
pub use error::WwrError;
pub use library::{BookFile, Library, Unsupported};
pub use save::SaveError;
pub use script::ScriptError;
pub use setup::Setup;
pub use state::GameState;
