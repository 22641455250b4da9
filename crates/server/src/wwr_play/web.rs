//! [`Web`]: the chat adapter of the web pages. Inputs come from HTTP forms (the service sets
//! `player` from the link's seat, never from the form) and are numbered by their place in
//! the stored log; outputs are kept as the pages show them: every room's lines (a room
//! emptied by a `Conversation Reset` starts again from its next line), what each
//! player may do, who reads and writes which room, the public view, and each player's last
//! input with the engine's refusal when it refused it.

use std::collections::{BTreeMap, VecDeque};

use mafia_wwr::chat::{Access, ChatAdapter, Input, Line, Output, PublicView, Room, Waiting};

/// What the pages of one game show, as the table told it.
#[derive(Debug, Clone, Default)]
pub struct Web {
    inbox: VecDeque<Input>,
    /// The number of the input being applied (its place in the log).
    current: i64,
    /// Every room's lines, oldest first.
    pub rooms: BTreeMap<Room, Vec<Line>>,
    /// What each player may do now.
    pub waiting: BTreeMap<String, Waiting>,
    /// Who reads and writes each room now.
    pub access: Vec<Access>,
    pub public: PublicView,
    /// The winners once the game is over.
    pub winners: Option<Vec<String>>,
    /// Why the engine refused each player's last input (`None`: it did not).
    pub last: BTreeMap<String, Option<String>>,
    /// Every refused input: its number, its sender (`host` for the host) and the reason.
    pub refused: Vec<(i64, String, String)>,
}

impl Web {
    /// The number of the last input queued (0: none), its place in the log.
    pub fn applied(&self) -> i64 {
        self.current
    }

    /// Queues input number `seq` of the log.
    pub fn push(&mut self, seq: i64, input: Input) {
        if let Some(p) = input.player() {
            self.last.insert(p.to_owned(), None);
        }
        self.current = seq;
        self.inbox.push_back(input);
    }

    /// Whether a player reads a room now: the public room always, the host's never, their
    /// own room always, others as the access list says.
    pub fn reads(&self, player: &str, room: &Room) -> bool {
        match room {
            Room::Public => true,
            Room::Host => false,
            Room::Player(p) if p == player => true,
            _ => self
                .access
                .iter()
                .any(|a| &a.room == room && a.readers.iter().any(|r| r == player)),
        }
    }

    /// Whether a player may write in a room now (not locked, and a writer of it).
    pub fn writes(&self, player: &str, room: &Room) -> bool {
        self.access
            .iter()
            .any(|a| &a.room == room && !a.locked && a.writers.iter().any(|w| w == player))
    }

    /// The rooms a player reads other than the public one, each with its title: their own
    /// room first, then the channels in the access list's order.
    pub fn rooms_of(&self, player: &str) -> Vec<(Room, String)> {
        let own = Room::Player(player.to_owned());
        let mut out = vec![(own.clone(), "Your channel".to_owned())];
        for a in &self.access {
            if a.room != own && self.reads(player, &a.room) {
                out.push((a.room.clone(), a.title.clone()));
            }
        }
        out
    }

    /// A room's lines (none yet: empty).
    pub fn lines(&self, room: &Room) -> &[Line] {
        self.rooms.get(room).map_or(&[], Vec::as_slice)
    }
}

impl ChatAdapter for Web {
    fn take_inputs(&mut self) -> Vec<Input> {
        self.inbox.drain(..).collect()
    }

    fn send(&mut self, output: Output) {
        match output {
            Output::Post { room, lines } => self.rooms.entry(room).or_default().extend(lines),
            // A Conversation Reset: the channel's page shows only the lines written since.
            Output::Cleared { room } => {
                self.rooms.remove(&room);
            }
            Output::PhaseBegan { .. } => {}
            Output::GameOver { winners } => self.winners = Some(winners),
            Output::Waiting { player, waiting } => {
                self.waiting.insert(player, waiting);
            }
            Output::Access { rooms } => self.access = rooms,
            Output::Public(view) => self.public = view,
            Output::Refused { input, reason } => {
                let who = input.player().unwrap_or("host").to_owned();
                if input.player().is_some() {
                    self.last.insert(who.clone(), Some(reason.clone()));
                }
                self.refused.push((self.current, who, reason));
            }
        }
    }
}
