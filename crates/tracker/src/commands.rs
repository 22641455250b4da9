//! Recognising GM commands in a normalised post body. CONTRACT (implemented by the commands
//! work; the state fold calls it). Keep these signatures; add to them, do not break them.
//!
//! This module only reads text: it says which commands a GM post contains. Whether a command
//! applies (the phase matches, the deadline is not in the past, the game has not ended…) is
//! decided by the state fold.

use jiff::SignedDuration;
use mafia_posts::Body;
use serde::{Deserialize, Serialize};

use crate::phase::{Phase, PhaseKind};

/// Which GM command language the game uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dialect {
    /// The current command set (`gm-commands.txt`).
    #[default]
    Current,
    /// The 2016 command set (`gm-commands-2016.html`): `DAY|NIGHT … HAS BEGUN|HAS ENDED`
    /// moves the current deadline to the post's time.
    V2016,
}

/// The names the recogniser can match.
#[derive(Debug, Clone, Copy)]
pub struct Names<'a> {
    /// Every player slot holder's name (alive or dead), as spelled in the game file or by a
    /// replacement.
    pub players: &'a [String],
    /// Every user known to the game (players, GMs, anyone who has posted in the thread).
    pub users: &'a [String],
}

/// One GM command.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// `PLAYER … DIED|DEAD|BEEN LYNCHED|BEEN KILLED|BEEN EATEN`, with the death comment
    /// (the text after "He/She was", or the whole line).
    Death { player: String, comment: String },
    /// `##RESURRECT PLAYER`.
    Resurrect { player: String },
    /// `DAY|NIGHT … HAS ENDED EARLY`.
    EndEarly { kind: PhaseKind },
    /// `DEADLINE … MOVED <time> LATER|EARLIER`; negative = earlier.
    MoveDeadline { by: SignedDuration },
    /// `NEW HAS REPLACED OLD`, `NEW IS REPLACING OLD`.
    Replace { new: String, old: String },
    /// `GAME HAS ENDED`, `GAME ENDED`, `GAME IS OVER`.
    EndGame,
    /// `UNEND GAME`, `GAME HAS UNENDED`, `GAME UNENDED`.
    UnendGame,
    /// 2016 dialect: `DAY|NIGHT … HAS BEGUN|HAS ENDED`: the current phase ends now.
    PhaseChange2016 { kind: PhaseKind, begun: bool },
    /// A phase announcement: "It is now Day 2", "Night 1 has begun", "Day 3 begins".
    Announce { phase: Phase },
}

/// A recognised command and where it was found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Recognised {
    pub command: Command,
    /// Index of the line in the post body.
    pub line: usize,
    /// The line's text, for the GM review list.
    pub raw: String,
}

/// A line that looks like a command but could not be read (e.g. `##RESURRECT Bobb`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unrecognised {
    pub line: usize,
    pub raw: String,
    pub reason: String,
}

/// Everything the recogniser found in one GM post, in line order.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Recognition {
    pub commands: Vec<Recognised>,
    pub problems: Vec<Unrecognised>,
}

/// Recognises the GM commands in one GM post body.
pub fn recognise(body: &Body, names: Names<'_>, dialect: Dialect) -> Recognition {
    let _ = (body, names, dialect);
    todo!("commands work")
}
