//! [`Memory`]: a chat adapter that keeps everything in memory, for tests and as the
//! smallest example of an adapter.

use std::collections::{BTreeMap, VecDeque};

use super::adapter::{Access, ChatAdapter, Input, Line, Output, PublicView, Room, Waiting};

/// Inputs queued by [`Memory::send`]; outputs kept as a chat would show them.
#[derive(Debug, Clone, Default)]
pub struct Memory {
    inbox: VecDeque<Input>,
    /// Every room's lines, oldest first.
    pub rooms: BTreeMap<Room, Vec<Line>>,
    /// What each player may do now.
    pub waiting: BTreeMap<String, Waiting>,
    /// Who reads and writes each room now.
    pub access: Vec<Access>,
    pub public: PublicView,
    /// The phases that began, in order.
    pub phases: Vec<String>,
    /// The winners once the game is over.
    pub winners: Option<Vec<String>>,
    /// Refused inputs with the reason their sender was given.
    pub refused: Vec<(Input, String)>,
}

impl Memory {
    /// Queues an input, as a player's (or the host's) message would arrive.
    pub fn send(&mut self, input: Input) {
        self.inbox.push_back(input);
    }

    /// The texts of a room's lines (`from: text` for a player's message).
    pub fn texts(&self, room: &Room) -> Vec<String> {
        self.rooms
            .get(room)
            .map(|lines| {
                lines
                    .iter()
                    .map(|l| match &l.from {
                        Some(from) => format!("{from}: {}", l.text),
                        None => l.text.clone(),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Whether a player may read a room now: the public room always, the host's never,
    /// others as the last access list says.
    pub fn reads(&self, player: &str, room: &Room) -> bool {
        match room {
            Room::Public => true,
            Room::Host => false,
            _ => self
                .access
                .iter()
                .any(|a| &a.room == room && a.readers.iter().any(|r| r == player)),
        }
    }
}

impl ChatAdapter for Memory {
    fn take_inputs(&mut self) -> Vec<Input> {
        self.inbox.drain(..).collect()
    }

    fn send(&mut self, output: Output) {
        match output {
            Output::Post { room, lines } => self.rooms.entry(room).or_default().extend(lines),
            Output::Cleared { room } => {
                self.rooms.remove(&room);
            }
            Output::PhaseBegan { phase } => self.phases.push(phase),
            Output::GameOver { winners } => self.winners = Some(winners),
            Output::Waiting { player, waiting } => {
                self.waiting.insert(player, waiting);
            }
            Output::Access { rooms } => self.access = rooms,
            Output::Public(view) => self.public = view,
            Output::Refused { input, reason } => self.refused.push((input, reason)),
        }
    }
}
