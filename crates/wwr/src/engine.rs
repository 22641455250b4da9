//! The phase machine, triggers, abilities, killing order and polls.
//!
//! Ending a phase runs these buckets in order (see ARCHITECTURE.md):
//! 1. Pre-End (`Pre-End <Kind>`, then `Second`, `Third`, `Fourth Pre-End <Kind>`),
//! 2. poll close (open polls, by definition name then creation),
//! 3. End (`End <Kind>`, `End Phase` actions chosen by players, forced defaults,
//!    `Passive End <Kind>`, `Passive End Phase`), then durations expire and wins are checked;
//!
//! then the phase advances and
//! 4. Start (`Start <Kind>`, `Start Phase` actions, `Passive Start <Kind>`,
//!    `Passive Start Phase`; poll and group `Create Poll` abilities live here),
//! 5. Passive (`Passive`), then wins are checked.
//!
//! Immediate abilities run when a player acts. Within a bucket, non-attacks run before
//! attacks; non-attacks in alphabetical order of their element (role, group, …) name;
//! attacks with groups first (by group name), then townsfolk, werewolf and other roles, each
//! alphabetically; remaining ties by a draw from the game's seeded RNG (one player's
//! abilities of one element keep their role-sheet order: `interactions::order_bucket`).
//!
//! This module only declares its parts; each adds an `impl Game` block to
//! [`crate::game::Game`] (the struct and its lookups) and imports that, never this facade:
//! - the machinery: `lifecycle` (new/load), `phase` (the phase machine above), `triggers`
//!   (which abilities fire on which timing or event, bucket order), `restrictions` (may it
//!   run now), `steps` (an ability's steps, visits, redirection, obstruction), `registry`
//!   (one arm per `AbilityKind`, calling the module that owns it), `actions` (`act`, and
//!   `admit`: whether an ability accepts an answer now), `prompting` (the prompts, with the
//!   answers `admit` accepts: [`PromptSpec`]), `kinds` (timings, parameters and type names of an ability);
//! - one module per ability family: `killing`, `investigating`, `targeting`, `disguising`,
//!   `protecting`, `attributes`, `obstruction`, `roles`, `membership`, `groups`,
//!   `messages`, `poll_voting`, `polls`, `choices`, `copying`, `channels` and
//!   `channel_abilities`;
//! - rules that cut across them: `haunting`, `delayed`, `interactions`, `requirements`,
//!   `audit`.

mod actions;
mod attributes;
mod audit;
mod channel_abilities;
mod channels;
mod choices;
mod copying;
mod delayed;
mod disguising;
mod groups;
mod haunting;
mod interactions;
mod investigating;
mod killing;
pub(crate) mod kinds;
mod lifecycle;
mod membership;
mod messages;
mod obstruction;
mod phase;
mod poll_voting;
mod polls;
mod prompting;
mod protecting;
mod registry;
mod requirements;
mod restrictions;
mod roles;
mod steps;
mod targeting;
mod triggers;

pub use crate::game::{AttrPattern, FORMAT, Game, team_key, team_of_def};
pub use kinds::{filter_matches, type_names};
pub use prompting::{Chosen, PromptSpec, Secondary};
