//! Channels and whispering connections: who may read and write where, the `say` and
//! `whisper` act lines, the `On <Name> Whisper` trigger and the `On Visit` trigger. The
//! channel ability types (`Whisper`, `Conversation Reset`, `Lock`, `Transfer`, `Execute`,
//! `Format`) are in `channel_abilities.rs`.
//!
//! Channels are not stored as a list: they follow from the game. A player's own secret
//! channel; a group's channel (its members; ghosts write only in `Ghostly Group`s); an
//! extra role's channel, named after the role and reused by every holder (`Grant` after a
//! `Conversation Reset` gives a clean one, `Transfer` hands the same one on); a location of
//! `_game/locations` in play (its `Members:` write, its `Viewers:` read; one the setup
//! leaves out is no channel). A whispering connection is a `Whisper` attribute of the
//! player who whispered (so it expires with its duration): the writers of its source
//! channel may write into its target channel under its name, and may read the target
//! channel. `GameState::channels` holds what cannot be derived: locks and
//! the conversations since each channel's last reset.

use std::fmt::Write;

use mafia_roles::ElementKind;
use mafia_roles::ability::{Event as TEvent, Trigger, Value};
use mafia_roles::element::{Access, Flag, PlayerType};

use crate::error::WwrError;
use crate::eval::Ctx;
use crate::game::Game;
use crate::library::norm;
use crate::state::*;

use super::kinds::with_filter;

/// A writing act line: `Alice: Say #tavern: hello` or `Eve: Whisper Corrupted: hi`.
struct WriteLine {
    player: usize,
    whisper: bool,
    channel: String,
    text: String,
}

impl Game {
    // -----------------------------------------------------------------------------------
    // Naming channels

    /// The channel a value names: `#tavern` (a location or a group), `` `Corrupted` `` (an
    /// extra role), an extra-role attribute (`@ThisAttr`), or a player (their own channel).
    pub(crate) fn chan_of(&mut self, v: &Value, ctx: &Ctx) -> Option<ChanRef> {
        match self.eval(v, ctx) {
            Val::Group(g) => Some(ChanRef::Named(norm(&g))),
            Val::Players(ps) => ps.first().map(|&p| ChanRef::Player(p)),
            Val::Attr(id) => match &self.attr(id)?.kind {
                AttrKind::Role { role } => Some(ChanRef::Named(norm(role))),
                _ => None,
            },
            Val::Nothing => None,
            other => {
                let t = norm(&self.text_of(&other));
                (!t.is_empty()).then_some(ChanRef::Named(t))
            }
        }
    }

    /// The channel an ability speaks from: its group's, its extra role's, else its player's.
    pub(super) fn own_chan(&self, ctx: &Ctx) -> Option<ChanRef> {
        match &ctx.source {
            Source::Group(g) => Some(ChanRef::Named(norm(g))),
            Source::Attr(id) => match self.attr(*id).map(|a| &a.kind) {
                Some(AttrKind::Role { role }) => Some(ChanRef::Named(norm(role))),
                _ => ctx.me.map(ChanRef::Player),
            },
            _ => ctx.me.map(ChanRef::Player),
        }
    }

    /// How a channel is shown: `#Tavern`, `#Corrupted`, `Alice's channel`.
    pub fn chan_title(&self, c: &ChanRef) -> String {
        match c {
            ChanRef::Player(p) => format!("{}'s channel", self.state.players[*p].name),
            ChanRef::Named(n) => {
                let name = [ElementKind::Group, ElementKind::Location, ElementKind::Role]
                    .iter()
                    .find_map(|k| self.lib.get(*k, n))
                    .map(|d| d.name.clone())
                    .unwrap_or_else(|| n.clone());
                format!("#{name}")
            }
        }
    }

    // -----------------------------------------------------------------------------------
    // Who may read and write

    /// Whether a player may write in a channel themself (locks aside). The dead write only
    /// in their own secret channels (guide's haunting rules: "except for their own personal
    /// secret channel") and in locations or ghostly groups open to them.
    pub fn can_write(&self, p: usize, c: &ChanRef) -> bool {
        let alive = self.state.players[p].alive;
        let ghost = self.is_ghost(p);
        match c {
            ChanRef::Player(q) => *q == p && (alive || ghost),
            ChanRef::Named(n) => {
                if let Some(g) = self.lib.get(ElementKind::Group, n) {
                    let ghostly = g.flags.contains(&Flag::GhostlyGroup);
                    return self.in_group(p, n) && (alive || (ghost && ghostly));
                }
                if let Some(l) = self.location(n) {
                    let members = l.location.as_ref().and_then(|x| x.members.as_ref());
                    return self.access_matches(p, members);
                }
                self.holds_extra_role(p, n) && (alive || ghost)
            }
        }
    }

    /// Whether a player is shown an event-log line of a channel (`show --player --log`):
    /// they read the channel and the line is not older than its last Conversation Reset.
    pub fn channel_line_visible(&self, p: usize, channel: &str, log_index: usize) -> bool {
        let n = norm(channel);
        self.reads_named(p, &n)
            && log_index >= self.state.channels.reset_at.get(&n).copied().unwrap_or(0)
    }

    /// Whether a player reads a channel named in the log or by a poll's location: as
    /// `can_read`, or as a member of a group of that name the role set does not define (a
    /// group renamed by `Group Change`).
    pub fn reads_named(&self, p: usize, channel: &str) -> bool {
        let n = norm(channel);
        self.in_group(p, &n) || self.can_read(p, &ChanRef::Named(n))
    }

    /// Whether a location is out of the living's sight (its members and viewers name no
    /// `Alive`, e.g. `#graveyard_votes`): its polls' opening and votes stay in the channel,
    /// their results are public (haunting `_rules`: ghosts' polls "are invisible to the
    /// living, however their results are announced to everyone").
    pub fn hidden_from_living(&self, loc: &str) -> bool {
        let Some(l) = self.lib.get(ElementKind::Location, loc) else {
            return false;
        };
        let alive = |a: Option<&Access>| match a {
            Some(Access::Everybody) => true,
            Some(Access::Players(ts)) => ts.iter().any(|t| t.value == PlayerType::Alive),
            _ => false,
        };
        let Some(l) = l.location.as_ref() else {
            return false;
        };
        !alive(l.members.as_ref()) && !alive(l.viewers.as_ref())
    }

    /// Whether a player may read a channel: its writers, a group's past members, a
    /// location's viewers, and whoever may write into it through a whispering connection.
    pub fn can_read(&self, p: usize, c: &ChanRef) -> bool {
        if self.can_write(p, c) {
            return true;
        }
        let direct = match c {
            ChanRef::Player(q) => *q == p,
            ChanRef::Named(n) => {
                if self.lib.get(ElementKind::Group, n).is_some() {
                    self.in_group(p, n)
                } else if let Some(l) = self.location(n) {
                    let viewers = l.location.as_ref().and_then(|x| x.viewers.as_ref());
                    self.access_matches(p, viewers)
                } else {
                    self.holds_extra_role(p, n)
                }
            }
        };
        direct || !self.connections_for(p, Some(c)).is_empty()
    }

    /// The whispering connections a player may write through (into `to`, when given).
    pub fn connections_for(&self, p: usize, to: Option<&ChanRef>) -> Vec<(String, ChanRef)> {
        let mut out = Vec::new();
        for a in &self.state.attrs {
            if let AttrKind::Whisper { name, from, to: t } = &a.kind {
                if to.is_some_and(|w| w != t) {
                    continue;
                }
                if self.can_write(p, from) && !out.iter().any(|(n, c)| n == name && c == t) {
                    out.push((name.clone(), t.clone()));
                }
            }
        }
        out
    }

    /// Every channel that exists now: players' own, groups in play, held extra roles,
    /// locations in play, and whispering targets; sorted.
    pub fn all_channels(&self) -> Vec<ChanRef> {
        let mut out: Vec<ChanRef> = (0..self.state.players.len()).map(ChanRef::Player).collect();
        let mut named: Vec<String> = self.state.groups.keys().map(|g| norm(g)).collect();
        for a in &self.state.attrs {
            match &a.kind {
                AttrKind::Role { role } => named.push(norm(role)),
                AttrKind::GroupMembership { group, .. } => named.push(norm(group)),
                AttrKind::Whisper { from, to, .. } => {
                    for c in [from, to] {
                        if let ChanRef::Named(n) = c {
                            named.push(n.clone());
                        }
                    }
                }
                _ => {}
            }
        }
        for d in self.locations() {
            named.push(norm(&d.name));
        }
        named.sort();
        named.dedup();
        out.extend(named.into_iter().map(ChanRef::Named));
        out
    }

    // -----------------------------------------------------------------------------------
    // Writing

    /// Handles `say` and `whisper` act lines; `None` when the line is neither.
    pub(crate) fn act_channels(
        &mut self,
        line: &str,
        place: &str,
    ) -> Option<Result<Vec<String>, WwrError>> {
        let (player, rest) = line.trim().split_once(':')?;
        let rest = rest.trim_start();
        let lower = rest.to_ascii_lowercase();
        let whisper = if lower.starts_with("say ") {
            false
        } else if lower.starts_with("whisper ") {
            true
        } else {
            return None;
        };
        let rest = &rest[if whisper { 8 } else { 4 }..];
        let err = |message: String| WwrError::Input {
            place: place.to_string(),
            message,
        };
        let Some((channel, text)) = rest.split_once(':') else {
            return Some(Err(err(format!(
                "`{}`: expected `<Player>: {} <Channel>: <text>`",
                line.trim(),
                if whisper { "Whisper" } else { "Say" }
            ))));
        };
        let Some(p) = self.player_named(player) else {
            return Some(Err(err(format!("unknown player `{}`", player.trim()))));
        };
        let w = WriteLine {
            player: p,
            whisper,
            channel: channel.trim().trim_start_matches('#').to_string(),
            text: text.trim().to_string(),
        };
        if w.text.is_empty() {
            return Some(Err(err("expected a message after the channel".into())));
        }
        let log_start = self.state.log.len();
        let r = self.write_line(w).map(|()| {
            self.state.log[log_start..]
                .iter()
                .filter(|e| e.to == Audience::Player(p))
                .map(|e| e.text.clone())
                .collect()
        });
        self.sync();
        Some(r)
    }

    /// The channel a player names in `say`: `tavern`, `Corrupted`, `me` (their own).
    fn named_chan(&self, p: usize, name: &str) -> ChanRef {
        let n = norm(name);
        if n == "me" || n == "self" || n == norm(&self.state.players[p].name) {
            ChanRef::Player(p)
        } else {
            ChanRef::Named(n)
        }
    }

    fn write_line(&mut self, w: WriteLine) -> Result<(), WwrError> {
        let p = w.player;
        let who = self.name(p);
        if !w.whisper {
            let c = self.named_chan(p, &w.channel);
            let title = self.chan_title(&c);
            if !self.can_write(p, &c) {
                return Err(WwrError::NotAllowed(format!(
                    "{who} cannot write in {title}"
                )));
            }
            if let ChanRef::Named(n) = &c {
                if self.state.channels.locked.contains(n) {
                    return Err(WwrError::NotAllowed(format!("{title} is locked")));
                }
            }
            self.post(c, who.clone(), p, w.text.clone());
            self.host_log(format!("{who} in {title}: {}", w.text));
            return Ok(());
        }
        // Through a connection, by its name or its target channel.
        let want = norm(&w.channel);
        let conns = self.connections_for(p, None);
        let Some((name, to)) = conns
            .iter()
            .find(|(n, c)| {
                norm(n) == want
                    || matches!(c, ChanRef::Named(t) if *t == want)
                    || matches!(c, ChanRef::Player(q) if norm(&self.state.players[*q].name) == want)
            })
            .cloned()
        else {
            let names: Vec<String> = conns.iter().map(|(n, _)| n.clone()).collect();
            return Err(WwrError::NotAllowed(format!(
                "{who} has no whispering connection `{}`{}",
                w.channel,
                if names.is_empty() {
                    String::new()
                } else {
                    format!(" (connections: {})", names.join(", "))
                }
            )));
        };
        let title = self.chan_title(&to);
        self.post(to, name.clone(), p, w.text.clone());
        self.host_log(format!("{who} whispered in {title} as {name}: {}", w.text));
        self.fire_whisper(p, &name);
        self.check_win();
        Ok(())
    }

    fn post(&mut self, channel: ChanRef, from: String, author: usize, text: String) {
        self.state.channels.messages.push(Message {
            phase: self.state.phase,
            channel,
            from,
            author,
            text,
        });
    }

    /// `On <Name> Whisper`: the writer's own abilities whose value names the connection.
    fn fire_whisper(&mut self, p: usize, connection: &str) {
        for owner in self.owners(true) {
            if owner.me != Some(p) || matches!(owner.source, Source::Group(_)) {
                continue;
            }
            let Some(def) = self.def_of(&owner.source) else {
                continue;
            };
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                let Trigger::Whisper { value, .. } = &ab.trigger else {
                    continue;
                };
                let mut ctx = self.ctx_for(&owner, i);
                let want = self.text(value, &ctx);
                if norm(&want) == norm(connection) {
                    self.run_triggered_capture(&owner, i, ab.clone(), &mut ctx);
                }
            }
        }
    }

    // -----------------------------------------------------------------------------------
    // On Visit

    /// `On Visit [<Type>]` / `On <Target> Visit [<Type>]`: the visitor's side of a visit,
    /// except for visits made by reactions to a visit (`On Visited` / `On Visit` abilities,
    /// whose context has `@VisitType`), which would visit back in a loop. `@ActionTarget`
    /// is the visited player, `@VisitType` the ability type. Returns the feedback of a
    /// `Cancel`, which cancels the visit.
    pub(crate) fn fire_visit(
        &mut self,
        visitor: usize,
        target: usize,
        ty: &(String, String),
        base: &Ctx,
    ) -> Option<String> {
        if base.vars.contains_key("visittype") {
            return None;
        }
        let mut cancel = None;
        for owner in self.owners(true) {
            if matches!(owner.source, Source::Group(_)) {
                continue;
            }
            let Some(def) = self.def_of(&owner.source) else {
                continue;
            };
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                let Trigger::On {
                    subject,
                    event: TEvent::Visit,
                    filter,
                    ..
                } = &ab.trigger
                else {
                    continue;
                };
                if !with_filter(filter, ty) {
                    continue;
                }
                let mut ctx = self.merge(&owner, i, base);
                ctx.vars
                    .insert("actiontarget".into(), Val::Players(vec![target]));
                ctx.vars.insert("visittype".into(), Val::Text(ty.0.clone()));
                ctx.vars.insert("this".into(), Val::Players(vec![visitor]));
                let hit = match subject {
                    None => owner.me == Some(visitor),
                    Some(s) => {
                        owner.me.is_some_and(|p| self.state.players[p].alive)
                            && self.eval_subject(s, &ctx).contains(&visitor)
                    }
                };
                if !hit {
                    continue;
                }
                ctx.cancel = None;
                self.run_triggered_capture(&owner, i, ab.clone(), &mut ctx);
                if let Some(c) = ctx.cancel.take() {
                    cancel = Some(c);
                }
            }
        }
        cancel
    }

    // -----------------------------------------------------------------------------------
    // Showing

    /// The `Channels:` part of `wwr show`: for the host every channel with its writers,
    /// locks, connections and conversation; for a player the channels they can read.
    pub fn channels_summary(&self, player: Option<usize>) -> String {
        let mut out = String::new();
        let mut lines = Vec::new();
        for c in self.all_channels() {
            let visible = match player {
                None => true,
                Some(p) => self.can_read(p, &c),
            };
            if !visible {
                continue;
            }
            let msgs: Vec<&Message> = self
                .state
                .channels
                .messages
                .iter()
                .filter(|m| m.channel == c)
                .collect();
            let locked = matches!(&c, ChanRef::Named(n) if self.state.channels.locked.contains(n));
            let conns: Vec<String> = self
                .state
                .attrs
                .iter()
                .filter_map(|a| match &a.kind {
                    AttrKind::Whisper { name, from, to } if *to == c => {
                        Some(format!("{name} (from {})", self.chan_title(from)))
                    }
                    _ => None,
                })
                .collect();
            let writers: Vec<String> = (0..self.state.players.len())
                .filter(|&q| self.can_write(q, &c))
                .map(|q| self.name(q))
                .collect();
            // Quiet channels (a player's own, an empty location) are listed for the host
            // only when something happens in them.
            let interesting = locked || !msgs.is_empty() || !conns.is_empty();
            let shown_to_host = match &c {
                ChanRef::Player(_) => interesting,
                ChanRef::Named(n) => {
                    interesting
                        || (self.lib.get(ElementKind::Location, n).is_none() && !writers.is_empty())
                }
            };
            if player.is_none() && !shown_to_host {
                continue;
            }
            if let Some(p) = player {
                if c == ChanRef::Player(p) && !interesting {
                    continue;
                }
                if matches!(&c, ChanRef::Named(n) if self.lib.get(ElementKind::Location, n).is_some())
                    && !interesting
                {
                    continue;
                }
            }
            let mut line = format!("  {}", self.chan_title(&c));
            if locked {
                line.push_str(" [locked]");
            }
            match player {
                None => {
                    let _ = write!(
                        line,
                        ": writers {}",
                        if writers.is_empty() {
                            "none".to_string()
                        } else {
                            writers.join(", ")
                        }
                    );
                }
                Some(p) => {
                    let how = if self.can_write(p, &c) && !locked {
                        "read, write"
                    } else if !self.connections_for(p, Some(&c)).is_empty() {
                        "read, whisper"
                    } else {
                        "read"
                    };
                    let _ = write!(line, " ({how})");
                }
            }
            if !conns.is_empty() {
                let _ = write!(line, "; whispers: {}", conns.join(", "));
            }
            lines.push(line);
            for m in msgs {
                lines.push(format!("    [{}] {}: {}", m.phase, m.from, m.text));
            }
        }
        if !lines.is_empty() {
            out.push_str("Channels:\n");
            for l in lines {
                out.push_str(&l);
                out.push('\n');
            }
        }
        out
    }
}
