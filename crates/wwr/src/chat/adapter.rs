//! The [`ChatAdapter`] trait and the values it carries: inputs from players and the host,
//! outputs to rooms and players.

use serde::{Deserialize, Serialize};

use crate::engine::PromptSpec;

/// Where lines are posted.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Room {
    /// Everybody: the story, phase announcements, public poll results.
    Public,
    /// One player's private room (their role's messages, their own secret channel).
    Player(String),
    /// A named channel (a group, a location, an extra role): its name normalised as the
    /// engine keys it (`wolfpack`, `tavern`); [`Access`] gives its title and readers.
    Channel(String),
    /// The host's log: every action and what the engine decided.
    Host,
}

/// One line of a room.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// The phase it was written in (`D0`, `N1`).
    pub phase: String,
    /// Who wrote it (a player, or a whispering connection's name); `None` for the
    /// narrator (the engine).
    pub from: Option<String>,
    /// As written (a player's message may hold any text, markup included): an adapter
    /// escapes it for its medium (HTML on the web pages, Discord's markdown).
    pub text: String,
}

/// Something a player may do now: the trigger and key to answer with ([`Input::Use`]), the
/// prompt as the engine words it, and what the answer takes, players by name: the players
/// the engine accepts now as `selection` and `secondary` (so a menu offers exactly the
/// legal targets), a choice's options as `chosen`. See [`PromptSpec`].
pub type Prompt = PromptSpec<String>;

/// An open poll as one player (or the public) sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PollView {
    /// The poll's name, as [`Input::Vote`] names it (`Lynch`, `Wolfpack`).
    pub name: String,
    /// The channel it runs in (`voting booth`, `wolfpack`).
    pub channel: String,
    pub options: Vec<String>,
    /// `(voter, option)` in seat order.
    pub votes: Vec<(String, String)>,
}

/// What one player may do now: the prompts they may answer and the polls they may vote
/// in. Sent whole whenever it changes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    pub prompts: Vec<Prompt>,
    pub polls: Vec<PollView>,
}

/// Who may read and write a room other than [`Room::Public`] and [`Room::Host`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Access {
    pub room: Room,
    /// How it is shown: `#Wolfpack`, `Alice's channel`.
    pub title: String,
    pub readers: Vec<String>,
    /// Who may write in it themself (not locked); whisperers write through connections.
    pub writers: Vec<String>,
    pub locked: bool,
}

/// A dead player and the role they had.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dead {
    pub name: String,
    pub role: String,
}

/// What everybody sees: the phase, the living and the dead, the public polls.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicView {
    pub phase: String,
    pub living: Vec<String>,
    pub dead: Vec<Dead>,
    /// Open polls whose votes are public (not in a group's or a hidden channel).
    pub polls: Vec<PollView>,
    /// The winning teams once the game is over (empty: a draw).
    pub winners: Option<Vec<String>>,
}

/// What a player or the host sends. `player` is the sender's seat name, set by the
/// adapter from who is authenticated, never from the message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Input {
    /// Answer a prompt: use an ability with a selection (and a secondary selection, or
    /// the option of a choice).
    Use {
        player: String,
        trigger: String,
        key: Option<String>,
        selection: Option<String>,
        secondary: Option<String>,
        chosen: Option<String>,
    },
    /// Vote in an open poll; `None` withdraws the vote.
    Vote {
        player: String,
        poll: String,
        choice: Option<String>,
    },
    /// Write in a channel (`wolfpack`, `tavern`, `me` for one's own).
    Say {
        player: String,
        channel: String,
        text: String,
    },
    /// Write through a whispering connection (its name or its target channel).
    Whisper {
        player: String,
        connection: String,
        text: String,
    },
    /// The host ends the phase (by hand, or at its deadline).
    EndPhase,
}

impl Input {
    /// The sender's seat, `None` for the host.
    pub fn player(&self) -> Option<&str> {
        match self {
            Input::Use { player, .. }
            | Input::Vote { player, .. }
            | Input::Say { player, .. }
            | Input::Whisper { player, .. } => Some(player),
            Input::EndPhase => None,
        }
    }
}

/// What the table tells the chat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Output {
    /// New lines of a room, oldest first.
    Post { room: Room, lines: Vec<Line> },
    /// A `Conversation Reset` emptied a channel: the room's earlier lines are no longer
    /// shown to its readers. Sent before the room's lines written after the reset (a
    /// resumed table sends it for every channel reset so far, perhaps for a room it never
    /// posted to).
    Cleared { room: Room },
    /// A phase began (`D0` when the game starts).
    PhaseBegan { phase: String },
    /// The game is over: the winning teams (none: a draw).
    GameOver { winners: Vec<String> },
    /// What a player may do now (replaces the last one sent for them).
    Waiting { player: String, waiting: Waiting },
    /// Who reads and writes each room now (replaces the last list sent).
    Access { rooms: Vec<Access> },
    /// The public state (replaces the last one sent).
    Public(PublicView),
    /// An input was refused; `reason` is for its sender.
    Refused { input: Input, reason: String },
}

/// A chat platform as the engine sees it: where inputs come from and outputs go. The
/// [`Table`](super::Table) calls it; an implementation only translates (see the module doc
/// of [`chat`](super) for a Discord bot).
pub trait ChatAdapter {
    /// The inputs sent since the last call, oldest first.
    fn take_inputs(&mut self) -> Vec<Input>;
    /// Delivers one output (in the order the game produced them).
    fn send(&mut self, output: Output);
}
