//! The engine side of the seam: a [`Table`] owns a running game and one adapter, applies
//! the adapter's inputs and sends it what they caused.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::adapter::{
    Access, ChatAdapter, Dead, Input, Line, Output, PollView, PublicView, Room, Waiting,
};
use crate::engine::Game;
use crate::error::WwrError;
use crate::library::{Library, norm};
use crate::setup::Setup;
use crate::state::{Audience, ChanRef, Phase, Poll};

/// A game at a chat table. Every input goes through [`Table::pump`]; every output through
/// the adapter's [`ChatAdapter::send`].
#[derive(Debug)]
pub struct Table<A> {
    game: Game,
    adapter: A,
    /// How many event-log lines were posted.
    log_sent: usize,
    /// How many messages of each room were posted, and the channels' reset marks
    /// (`Channels::reset_at`) when they were counted: a `Conversation Reset` takes a
    /// channel's messages out of the engine's list, so they are counted per room, from zero
    /// again after a reset (when the room is sent [`Output::Cleared`]).
    messages_sent: BTreeMap<Room, usize>,
    resets_seen: BTreeMap<String, usize>,
    phase_sent: Option<Phase>,
    over_sent: bool,
    waiting_sent: BTreeMap<String, Waiting>,
    access_sent: Option<Vec<Access>>,
    public_sent: Option<PublicView>,
}

impl<A: ChatAdapter> Table<A> {
    /// Starts a game of `setup` (roles dealt from `seed`) and tells the adapter everything
    /// about its start: D0, each player's role in their room, access, prompts, polls.
    pub fn start(
        setup: Setup,
        lib: Arc<Library>,
        seed: u64,
        adapter: A,
    ) -> Result<Table<A>, WwrError> {
        Ok(Table::resume(Game::new(setup, lib, seed)?, adapter))
    }

    /// A table for a game already under way (a saved game): the adapter is sent every room's
    /// lines from the start and the current snapshots, as a chat that knows nothing needs.
    pub fn resume(game: Game, adapter: A) -> Table<A> {
        let mut table = Table {
            game,
            adapter,
            log_sent: 0,
            messages_sent: BTreeMap::new(),
            resets_seen: BTreeMap::new(),
            phase_sent: None,
            over_sent: false,
            waiting_sent: BTreeMap::new(),
            access_sent: None,
            public_sent: None,
        };
        table.publish();
        table
    }

    /// Applies the adapter's waiting inputs in order; after each one, sends what it caused
    /// (a refusal instead, when the engine refuses it). Returns how many inputs it took.
    pub fn pump(&mut self) -> usize {
        let inputs = self.adapter.take_inputs();
        let n = inputs.len();
        for input in inputs {
            if let Err(reason) = self.apply(&input) {
                self.adapter.send(Output::Refused { input, reason });
            }
            self.publish();
        }
        n
    }

    /// The game (read-only: to save it, or for a host's full view).
    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn adapter(&self) -> &A {
        &self.adapter
    }

    /// The adapter, to hand it inputs (an in-memory or a test adapter).
    pub fn adapter_mut(&mut self) -> &mut A {
        &mut self.adapter
    }

    pub fn into_parts(self) -> (Game, A) {
        (self.game, self.adapter)
    }

    /// Runs one input through the engine's `act` line syntax (its one parser), or ends the
    /// phase. The error is the text for the sender.
    fn apply(&mut self, input: &Input) -> Result<(), String> {
        let line = act_line(input)?;
        let result = match line {
            Some(line) => self.game.act(&line, "chat").map(|_| ()),
            None => self.game.next_phase(),
        };
        result.map_err(|e| match e {
            WwrError::Input { message, .. } => message,
            other => other.to_string(),
        })
    }

    /// Sends everything new since the last call: room lines, a phase that began, the end
    /// of the game, and the snapshots that changed.
    fn publish(&mut self) {
        let s = &self.game.state;
        let name = |p: usize| s.players[p].name.clone();
        // The channels reset since the last call, with the log's length at their reset:
        // their rooms are cleared before any new line, and their log lines older than the
        // reset are not sent (the engine no longer shows them to the channel's readers).
        let reset: BTreeMap<&String, usize> = s
            .channels
            .reset_at
            .iter()
            .filter(|(n, at)| self.resets_seen.get(*n) != Some(*at))
            .map(|(n, at)| (n, *at))
            .collect();
        let mut posts: Vec<(Room, Line)> = Vec::new();
        for (i, e) in s.log.iter().enumerate().skip(self.log_sent) {
            let room = match &e.to {
                Audience::Host => Room::Host,
                Audience::Public => Room::Public,
                Audience::Player(p) => Room::Player(name(*p)),
                Audience::Channel(c) => {
                    let n = norm(c);
                    if reset.get(&n).is_some_and(|at| i < *at) {
                        continue;
                    }
                    Room::Channel(n)
                }
            };
            let line = Line {
                phase: e.phase.to_string(),
                from: None,
                text: e.text.clone(),
            };
            posts.push((room, line));
        }
        let cleared: Vec<Room> = reset.keys().map(|n| Room::Channel((*n).clone())).collect();
        for room in &cleared {
            self.messages_sent.remove(room);
        }
        let mut counted: BTreeMap<Room, usize> = BTreeMap::new();
        for m in &s.channels.messages {
            let room = self.room_of(&m.channel);
            let n = counted.entry(room.clone()).or_default();
            *n += 1;
            if *n <= self.messages_sent.get(&room).copied().unwrap_or(0) {
                continue;
            }
            let line = Line {
                phase: m.phase.to_string(),
                from: Some(m.from.clone()),
                text: m.text.clone(),
            };
            posts.push((room, line));
        }
        self.log_sent = s.log.len();
        self.messages_sent = counted;
        self.resets_seen = s.channels.reset_at.clone();
        for room in cleared {
            self.adapter.send(Output::Cleared { room });
        }
        // Consecutive lines of one room go in one post.
        let mut batch: Option<(Room, Vec<Line>)> = None;
        for (room, line) in posts {
            match &mut batch {
                Some((r, lines)) if *r == room => lines.push(line),
                _ => {
                    if let Some((room, lines)) = batch.take() {
                        self.adapter.send(Output::Post { room, lines });
                    }
                    batch = Some((room, vec![line]));
                }
            }
        }
        if let Some((room, lines)) = batch {
            self.adapter.send(Output::Post { room, lines });
        }
        let phase = self.game.state.phase;
        if self.phase_sent != Some(phase) {
            self.phase_sent = Some(phase);
            let phase = phase.to_string();
            self.adapter.send(Output::PhaseBegan { phase });
        }
        if let (Some(o), false) = (&self.game.state.outcome, self.over_sent) {
            self.over_sent = true;
            let winners = o.winners.clone();
            self.adapter.send(Output::GameOver { winners });
        }
        let public = self.public_view();
        if self.public_sent.as_ref() != Some(&public) {
            self.public_sent = Some(public.clone());
            self.adapter.send(Output::Public(public));
        }
        let rooms = self.access();
        if self.access_sent.as_ref() != Some(&rooms) {
            self.access_sent = Some(rooms.clone());
            self.adapter.send(Output::Access { rooms });
        }
        for p in 0..self.game.state.players.len() {
            let player = self.game.state.players[p].name.clone();
            let waiting = self.waiting(p);
            // Sent for every seat the first time, so a new chat learns each player.
            if self.waiting_sent.get(&player) != Some(&waiting) {
                self.waiting_sent.insert(player.clone(), waiting.clone());
                self.adapter.send(Output::Waiting { player, waiting });
            }
        }
    }

    fn room_of(&self, c: &ChanRef) -> Room {
        match c {
            ChanRef::Player(p) => Room::Player(self.game.state.players[*p].name.clone()),
            ChanRef::Named(n) => Room::Channel(n.clone()),
        }
    }

    fn poll_view(&self, poll: &Poll) -> PollView {
        let s = &self.game.state;
        PollView {
            name: poll.name.clone(),
            channel: poll.location.clone(),
            options: poll.options.iter().map(|o| self.game.opt_text(o)).collect(),
            votes: poll
                .votes
                .iter()
                .map(|(v, o)| (s.players[*v].name.clone(), self.game.opt_text(o)))
                .collect(),
        }
    }

    fn public_view(&self) -> PublicView {
        let s = &self.game.state;
        PublicView {
            phase: s.phase.to_string(),
            living: s
                .players
                .iter()
                .filter(|p| p.alive)
                .map(|p| p.name.clone())
                .collect(),
            dead: s
                .players
                .iter()
                .filter(|p| !p.alive)
                .map(|p| Dead {
                    name: p.name.clone(),
                    role: p.role.clone(),
                })
                .collect(),
            polls: s
                .polls
                .iter()
                .filter(|p| p.open && !p.private && !self.game.hidden_from_living(&p.location))
                .map(|p| self.poll_view(p))
                .collect(),
            winners: s.outcome.as_ref().map(|o| o.winners.clone()),
        }
    }

    fn access(&self) -> Vec<Access> {
        let g = &self.game;
        let seats = 0..g.state.players.len();
        g.all_channels()
            .into_iter()
            .map(|c| {
                let locked = matches!(&c, ChanRef::Named(n) if g.state.channels.locked.contains(n));
                Access {
                    room: self.room_of(&c),
                    title: g.chan_title(&c),
                    readers: seats
                        .clone()
                        .filter(|&p| g.can_read(p, &c))
                        .map(|p| g.state.players[p].name.clone())
                        .collect(),
                    writers: seats
                        .clone()
                        .filter(|&p| !locked && g.can_write(p, &c))
                        .map(|p| g.state.players[p].name.clone())
                        .collect(),
                    locked,
                }
            })
            .collect()
    }

    fn waiting(&self, p: usize) -> Waiting {
        let g = &self.game;
        let s = &g.state;
        if s.outcome.is_some() {
            return Waiting::default();
        }
        let may_vote = s.players[p].alive || g.is_ghost(p);
        Waiting {
            prompts: g
                .prompt_specs(p)
                .into_iter()
                .map(|spec| spec.map_players(|q| s.players[q].name.clone()))
                .collect(),
            polls: s
                .polls
                .iter()
                .filter(|poll| may_vote && poll.open && poll.voters.contains(&p))
                .map(|poll| self.poll_view(poll))
                .collect(),
        }
    }
}

/// Refuses a name that would change the meaning of the act line it goes into.
fn plain<'a>(what: &str, value: &'a str, forbidden: &[char]) -> Result<&'a str, String> {
    let value = value.trim();
    if value.is_empty() || value.contains(forbidden) || value.contains(['\n', '\r']) {
        let shown: Vec<String> = forbidden.iter().map(|c| format!("`{c}`")).collect();
        return Err(format!(
            "{what} `{value}`: expected a name without {} or a line break",
            shown.join(", ")
        ));
    }
    Ok(value)
}

/// Refuses a message with nothing but spaces in it (a chat may let one through: an HTML
/// form's `required` takes spaces, Discord a blank attachment's caption).
fn message(text: &str) -> Result<&str, String> {
    if text.trim().is_empty() {
        return Err("a message needs some text: it was empty".into());
    }
    Ok(text)
}

/// Characters with a meaning in an act line's names and values.
const SEPARATORS: &[char] = &[':', '|', ',', '='];

/// The act line an input stands for; `None` for the host's `EndPhase`.
fn act_line(input: &Input) -> Result<Option<String>, String> {
    let line = match input {
        Input::Use {
            player,
            trigger,
            key,
            selection,
            secondary,
            chosen,
        } => {
            let mut line = format!(
                "{}: {}",
                plain("player", player, SEPARATORS)?,
                plain("trigger", trigger, SEPARATORS)?
            );
            if let Some(k) = key {
                line.push_str(&format!(" |{}|", plain("prompt key", k, &['|'])?));
            }
            let mut args = Vec::new();
            for (what, value) in [
                ("@Selection", selection),
                ("@SecondarySelection", secondary),
                ("@Chosen", chosen),
            ] {
                if let Some(v) = value {
                    args.push(format!("{what} = {}", plain(what, v, SEPARATORS)?));
                }
            }
            if !args.is_empty() {
                line.push_str(": ");
                line.push_str(&args.join(", "));
            }
            line
        }
        Input::Vote {
            player,
            poll,
            choice,
        } => format!(
            "{}: Vote {}: {}",
            plain("player", player, SEPARATORS)?,
            plain("poll", poll, SEPARATORS)?,
            match choice {
                Some(c) => plain("option", c, &['|'])?,
                None => "none",
            }
        ),
        Input::Say {
            player,
            channel,
            text,
        } => format!(
            "{}: Say {}: {}",
            plain("player", player, SEPARATORS)?,
            plain("channel", channel, SEPARATORS)?,
            message(text)?
        ),
        Input::Whisper {
            player,
            connection,
            text,
        } => format!(
            "{}: Whisper {}: {}",
            plain("player", player, SEPARATORS)?,
            plain("connection", connection, SEPARATORS)?,
            message(text)?
        ),
        Input::EndPhase => return Ok(None),
    };
    Ok(Some(line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_become_act_lines_and_separators_in_names_are_refused() {
        let vote = Input::Vote {
            player: "Bob".into(),
            poll: "Lynch".into(),
            choice: None,
        };
        assert_eq!(act_line(&vote).unwrap().unwrap(), "Bob: Vote Lynch: none");
        let sneaky = Input::Use {
            player: "Eve: Vote Lynch".into(),
            trigger: "Immediate".into(),
            key: None,
            selection: Some("Bob".into()),
            secondary: None,
            chosen: None,
        };
        let e = act_line(&sneaky).unwrap_err();
        assert!(
            e.starts_with("player `Eve: Vote Lynch`: expected a name"),
            "{e}"
        );
        let say = Input::Say {
            player: "Eve".into(),
            channel: "wolfpack".into(),
            text: "a: b, c = d".into(),
        };
        assert_eq!(
            act_line(&say).unwrap().unwrap(),
            "Eve: Say wolfpack: a: b, c = d"
        );
    }

    #[test]
    fn a_message_of_only_spaces_is_refused() {
        for text in ["", "   ", " \t\n "] {
            let say = Input::Say {
                player: "Eve".into(),
                channel: "wolfpack".into(),
                text: text.into(),
            };
            let whisper = Input::Whisper {
                player: "Bob".into(),
                connection: "Bartender".into(),
                text: text.into(),
            };
            for input in [say, whisper] {
                let e = act_line(&input).unwrap_err();
                assert_eq!(e, "a message needs some text: it was empty");
            }
        }
    }
}
