//! The chat adapter seam: everything a game says and hears passes through one trait,
//! [`ChatAdapter`], so a web page, a Discord or a Matrix bot is a thin layer over the engine.
//!
//! The engine side is a [`Table`]: it owns the running [`Game`](crate::Game) and one
//! adapter. [`Table::pump`] takes the adapter's waiting [`Input`]s (a player's answer to a
//! prompt, a poll vote, a channel message, the host ending the phase), applies each to the
//! game in order, and after each one sends the adapter the [`Output`]s it caused: the new
//! lines of each [`Room`] (public story, a player's private room, a group's or a
//! location's channel, the host's log), a channel emptied by a `Conversation Reset`
//! ([`Output::Cleared`]: its earlier lines are no longer shown), a phase that began, the end of the game, what each
//! player may do now ([`Waiting`]: prompts and polls), who reads and writes which channel
//! ([`Access`]), the public state ([`PublicView`]) and refusals. Waiting, access and the
//! public view are whole snapshots, sent only when they changed, so an adapter never
//! tracks differences itself (a prompt's legal targets are part of it: a death resends
//! the waiting of everyone who could target the dead). [`Memory`] is the in-memory adapter the tests play through.
//!
//! An adapter's duties: set `player` on an input from the authenticated sender (a web
//! session's token, a Discord user id mapped to a seat), never from what they typed; let
//! only the host send [`Input::EndPhase`] (or send it at a deadline); show each room only
//! to the readers [`Output::Access`] names. Inputs are plain serde values, so a service can
//! store the log of inputs beside the engine's save and replay it to the same state.
//!
//! A Discord bot on this seam is a mapping, not a second engine:
//! - rooms are text channels: [`Room::Public`] a town-square channel, [`Room::Player`] a
//!   private channel per player, [`Room::Channel`] one private channel per group, location
//!   or extra role, [`Room::Host`] a host-only channel; [`Output::Access`] becomes each
//!   channel's permission overwrites (read, send) for the players' Discord users;
//! - [`Output::Post`] sends the lines (a writer's name in bold before a player's message);
//! - [`Output::Cleared`] deletes the channel's older messages (or hides them: a bot that
//!   keeps them for the host archives the channel and opens a fresh one with the same
//!   permission overwrites);
//! - [`Output::Waiting`] edits one message in the player's channel holding, per prompt, a
//!   select menu of exactly the legal targets ([`Prompt::selection`], with a "nobody"
//!   entry when [`Prompt::nobody`] says the answer may name no one, and
//!   [`Secondary::Players`] for a second target; an empty list, "nobody" not offered, is
//!   a line "no one can be chosen now", not a menu), a select menu of a choice's options ([`Chosen::Options`])
//!   or a text input ([`Secondary::Free`], [`Chosen::Free`]), and a select menu per poll.
//!   The prompt's `text` is the engine's wording, to show, never to parse;
//! - a menu selection, a button or a slash command becomes an [`Input`] pushed on a queue
//!   that [`ChatAdapter::take_inputs`] drains; the bot's event loop calls
//!   [`Table::pump`] after each event (or after a batch), holding the table in a mutex;
//! - [`Output::PhaseBegan`] posts an announcement; a scheduler sends `EndPhase` at the
//!   deadline; [`Output::Refused`] is an ephemeral reply to the sender.
//!
//! Rooms only grow, except on [`Output::Cleared`]: a `Conversation Reset` of a named
//! channel (a group's, a location's, an extra role's) empties its room. (A reset of a
//! player's own channel is not carried: the engine keeps no reset mark for it.)

mod adapter;
mod memory;
mod table;

pub use crate::engine::{Chosen, Secondary};
pub use adapter::{
    Access, ChatAdapter, Dead, Input, Line, Output, PollView, Prompt, PublicView, Room, Waiting,
};
pub use memory::Memory;
pub use table::Table;
