//! The game-thread tracker: reads normalised posts of a game thread and folds them into game
//! state: phases and deadlines, deaths, replacements, votes and the tally, and a GM review list.
//!
//! Modules:
//! - [`phase`]: day/night phases and their numbering.
//! - [`schedule`]: the deadline schedule in the GM's time zone (DST-aware, with jiff).
//! - [`commands`]: recognising GM commands in a post body (pure text → [`commands::Command`]).

pub mod commands;
pub mod phase;
pub mod schedule;
