//! The game-thread tracker: reads normalised posts of a game thread and folds them into game
//! state: phases and deadlines, deaths, replacements, votes and the tally, and a GM review list.
//!
//! Modules:
//! - [`audit`]: the vote counts a host posted, checked against the tally (`mafia audit`).
//! - [`phase`]: day/night phases and their numbering.
//! - [`schedule`]: the deadline schedule in the GM's time zone (DST-aware, with jiff).
//! - [`commands`]: recognising GM commands in a post body (pure text → [`commands::Command`]).
//! - [`config`]: the game file (TOML) a host writes.
//! - [`correction`]: a host's `[[corrections]]` record and its TOML text.
//! - [`merge`]: a separate vote thread merged into the game thread's stream.
//! - [`votes`]: recognising votes in a player's post and resolving names.
//! - [`recognise`]: what a post says, as one [`recognise::Event`] (pure: the post and the game
//!   as it stands in, the event out).
//! - [`state`]: the fold: [`Tracker::apply`] one post at a time (recognise, then apply the
//!   event), [`Tracker::status`].
//! - [`status`]: what readers see: slots, the vote log, day results, [`Status`].
//! - [`tally`]: majority, lock and wagons.
//! - [`review`]: the GM review list.
//! - [`report`]: the status as text, JSON or BBCode.
//! - [`vocabulary`]: the recognisers' words as data (command phrasings, vote words).

pub mod audit;
pub mod commands;
pub mod config;
pub mod correction;
mod fold;
pub mod merge;
pub mod phase;
pub mod recognise;
pub mod report;
pub mod review;
pub mod schedule;
pub mod state;
pub mod status;
pub mod tally;
pub mod vocabulary;
pub mod votes;

pub use config::{ConfigError, Game};
pub use state::{Tracker, TrackerError};
pub use status::Status;
