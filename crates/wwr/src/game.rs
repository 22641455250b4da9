//! The game value (saved state, loaded definitions, live RNG), the types the engine modules
//! share (owners, bucket items, trigger events) and the small lookups every module uses
//! (players, teams, groups, attributes, ghosts, messages; locations in `game/locations.rs`).
//! This is the view of a game that `eval` works on: it reads and adds log lines, never runs
//! abilities, and names no engine module.

pub(crate) mod locations;

use std::sync::Arc;

use mafia_roles::ElementKind;
use mafia_roles::ability::Ability;

use crate::eval::Ctx;
use crate::library::{Def, Library, norm};
use crate::rng::GameRng;
use crate::state::*;

/// The version written into saved games.
pub const FORMAT: u32 = 1;

/// A running game: the saved state plus the loaded definitions and the live RNG.
#[derive(Debug, Clone)]
pub struct Game {
    pub state: GameState,
    pub lib: Arc<Library>,
    pub(crate) rng: GameRng,
    /// Players who died in the current bucket (a second attack on them also succeeds).
    pub(crate) died_now: Vec<usize>,
    /// Nesting depth of triggered abilities (a guard against trigger loops).
    pub(crate) depth: u32,
    /// Evaluate `On <Target> Death` subjects including dead players.
    pub(crate) include_dead: bool,
    /// Set while `Copy … (Suppressed)` changes a role: its `Starting` abilities do not run.
    pub(crate) suppress_starting: bool,
}

/// A pattern naming attributes: `Marker`, `Defense:Active`, `GroupMembership:Bakers`,
/// `Disguise`, an attribute instance…
#[derive(Debug, Clone)]
pub enum AttrPattern {
    Id(u64),
    Name { kind: String, value: Option<String> },
}

/// Which trigger a game event fires.
#[derive(Debug, Clone)]
pub(crate) enum Ev {
    Death {
        dead: usize,
        lynch: bool,
    },
    Visited {
        target: usize,
        visitor: usize,
        ty: (String, String),
    },
    Action {
        actor: usize,
        source: Source,
        ty: (String, String),
    },
    Defense {
        target: usize,
        kind: DefenseKind,
    },
    Emitted {
        value: String,
        targets: Vec<usize>,
    },
    RoleChange {
        player: usize,
    },
    Redirect {
        player: usize,
    },
    PollWin {
        player: usize,
        poll: String,
    },
}

/// Bucket order: (attack?, group first?, class rank, element name, seeded tie-break).
pub(crate) type SortKey = (u8, u8, u8, String, u64);

/// One runnable thing in a bucket: an ability of an owner, possibly with a player's choice.
#[derive(Debug, Clone)]
pub(crate) struct Item {
    pub(crate) owner: Owner,
    pub(crate) index: usize,
    pub(crate) ability: Arc<Ability>,
    pub(crate) selection: Option<Val>,
    pub(crate) secondary: Option<Val>,
    pub(crate) chosen: bool,
}

/// Who owns abilities: a player's role or attribute, a group, a team, a poll.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Owner {
    pub(crate) source: Source,
    pub(crate) me: Option<usize>,
    pub(crate) attr: Option<u64>,
}

/// The team key of a name (the team file's name: `Werewolf` for `Werewolves`).
pub fn team_key(lib: &Library, name: &str) -> String {
    match lib.get(ElementKind::Team, name) {
        Some(d) => d.file.rsplit('/').next().unwrap_or(&d.name).to_string(),
        None => name.to_string(),
    }
}

/// The team a role starts in.
pub fn team_of_def(lib: &Library, def: &Def) -> String {
    let raw = match def.class.as_deref() {
        Some("Townsfolk") => "Townsfolk".to_string(),
        Some("Werewolf") => "Werewolf".to_string(),
        Some("Solo") => def.team.clone().unwrap_or_else(|| "Unaligned".into()),
        _ => "Unaligned".to_string(),
    };
    team_key(lib, &raw)
}

impl Game {
    pub fn player_named(&self, name: &str) -> Option<usize> {
        let n = name.trim();
        self.state
            .players
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(n))
    }

    pub fn living(&self) -> Vec<usize> {
        (0..self.state.players.len())
            .filter(|&p| self.state.players[p].alive)
            .collect()
    }

    /// The canonical key of a team (its file name, e.g. `Werewolf` for `Werewolves`).
    pub fn team_key(&self, name: &str) -> String {
        team_key(&self.lib, name)
    }

    pub fn team_names(&self) -> Vec<String> {
        let mut t: Vec<String> = self.state.teams.keys().cloned().collect();
        t.sort();
        t
    }

    pub fn attr(&self, id: u64) -> Option<&Attr> {
        self.state.attrs.iter().find(|a| a.id == id)
    }

    pub(crate) fn attr_mut(&mut self, id: u64) -> Option<&mut Attr> {
        self.state.attrs.iter_mut().find(|a| a.id == id)
    }

    pub fn group_members(&self, g: &str) -> Vec<usize> {
        self.living()
            .into_iter()
            .filter(|&p| self.in_group(p, g))
            .collect()
    }

    /// The living players whose role is `role` (`` `Seer`->Players ``, `Investigate … Player
    /// Count`, a choice sent to a role nobody holds as an extra role).
    pub fn role_players(&self, role: &str) -> Vec<usize> {
        let role = norm(role);
        self.living()
            .into_iter()
            .filter(|&p| norm(&self.state.players[p].role) == role)
            .collect()
    }

    /// The living players of any of these teams (`@Members` of a team, `&Ind->Members`, a
    /// choice sent to a team).
    pub fn team_members(&self, teams: &[String]) -> Vec<usize> {
        self.living()
            .into_iter()
            .filter(|&p| {
                let own = norm(&self.state.players[p].alignment);
                teams.iter().any(|t| norm(t) == own)
            })
            .collect()
    }

    pub fn in_group(&self, p: usize, g: &str) -> bool {
        let g = norm(g);
        self.state.attrs.iter().any(|a| {
            a.holder == Holder::Player(p)
                && matches!(&a.kind, AttrKind::GroupMembership { group, .. } if norm(group) == g)
        })
    }

    /// Whether a holder has a custom attribute `name` (applied by `by`, when given).
    pub fn has_custom(&self, h: &Holder, name: &str, by: Option<Option<usize>>) -> bool {
        let name = norm(name);
        self.state.attrs.iter().any(|a| {
            a.holder == *h
                && matches!(&a.kind, AttrKind::Custom { name: n } if norm(n) == name)
                && by.is_none_or(|b| a.source_player == b)
        })
    }

    pub fn voting_power(&self, p: usize, private: bool) -> i64 {
        let want = if private { "private" } else { "public" };
        // `special public voting power` is added on top of the (possibly manipulated)
        // public voting power (the Mayor's extra vote); it is 0 unless manipulated.
        let mut power = 1;
        let mut special = 0;
        let mine: Vec<&Attr> = self
            .state
            .attrs
            .iter()
            .filter(|a| a.holder == Holder::Player(p))
            .collect();
        for rel in [false, true] {
            for a in &mine {
                if let AttrKind::Manipulation {
                    subtype,
                    relative,
                    value,
                } = &a.kind
                {
                    let sub = norm(subtype);
                    if *relative == rel && sub.contains(want) {
                        let slot = if sub.contains("special") {
                            &mut special
                        } else {
                            &mut power
                        };
                        *slot = if rel { *slot + value } else { *value };
                    }
                }
            }
        }
        (power.max(0) + special).max(0)
    }

    pub(crate) fn target_of(&self, ctx: &Ctx) -> Option<Val> {
        match &ctx.source {
            Source::Group(g) => self.state.groups.get(g).and_then(|s| s.target.clone()),
            Source::Poll(p) => self.state.poll_targets.get(&norm(p)).cloned(),
            Source::Team(t) => self.state.teams.get(t).and_then(|s| s.target.clone()),
            Source::Attr(id) if self.custom_attr(*id) => {
                self.attr(*id).and_then(|a| a.target.clone())
            }
            _ => ctx.me.and_then(|p| self.state.players[p].target.clone()),
        }
    }

    pub(crate) fn holders_of(&self, v: &Val) -> Vec<Holder> {
        match v {
            Val::Players(ps) => ps.iter().map(|&p| Holder::Player(p)).collect(),
            Val::Teams(t) => t.iter().map(|t| Holder::Team(t.clone())).collect(),
            Val::Group(g) => vec![Holder::Group(g.clone())],
            Val::Attr(id) => vec![Holder::Attr(*id)],
            // `@X->Alignment` is a team's name: the team holds the attribute (Coven's
            // `Apply `Wronger` to @RoleChanger->Alignment`).
            Val::Text(t) if self.lib.get(ElementKind::Team, t).is_some() => {
                vec![Holder::Team(self.team_key(t))]
            }
            _ => Vec::new(),
        }
    }

    pub(crate) fn attr_matches(&self, a: &Attr, pat: &AttrPattern) -> bool {
        match pat {
            AttrPattern::Id(id) => a.id == *id,
            AttrPattern::Name { kind, value } => {
                let (k, v): (String, Option<String>) = match &a.kind {
                    AttrKind::Custom { name } => (norm(name), a.values.first().map(|v| norm(v))),
                    AttrKind::Disguise { role, .. } => ("disguise".into(), Some(norm(role))),
                    AttrKind::Defense { kind, .. } => ("defense".into(), Some(norm(kind.name()))),
                    AttrKind::Manipulation { .. } => ("manipulation".into(), None),
                    AttrKind::GroupMembership { group, .. } => {
                        ("groupmembership".into(), Some(norm(group)))
                    }
                    AttrKind::Obstruction { .. } => ("obstruction".into(), None),
                    AttrKind::Role { role } => ("role".into(), Some(norm(role))),
                    AttrKind::Redirection { .. } => ("redirection".into(), None),
                    AttrKind::Whisper { name, .. } => ("whispering".into(), Some(norm(name))),
                };
                let kind_ok = *kind == k
                    || (kind == "obstructed" && k == "obstruction")
                    || (kind == "group membership" && k == "groupmembership");
                let value_ok = match value {
                    None => true,
                    Some(want) => {
                        v.as_deref() == Some(want.as_str())
                            || a.source_role.as_deref().map(norm).as_deref() == Some(want)
                            || a.source_player
                                .map(|p| norm(&self.state.players[p].name))
                                .as_deref()
                                == Some(want)
                    }
                };
                kind_ok && value_ok
            }
        }
    }

    pub(crate) fn has_attr(&self, h: &Holder, pat: &AttrPattern) -> bool {
        self.state
            .attrs
            .iter()
            .any(|a| a.holder == *h && self.attr_matches(a, pat))
    }

    pub(crate) fn say(&mut self, to: Audience, text: String) {
        self.state.log.push(Event {
            phase: self.state.phase,
            to,
            text,
        });
    }

    pub(crate) fn host_log(&mut self, text: String) {
        self.say(Audience::Host, text);
    }

    pub(crate) fn name(&self, p: usize) -> String {
        self.state.players[p].name.clone()
    }

    pub(crate) fn def_of(&self, source: &Source) -> Option<Arc<Def>> {
        match source {
            Source::Role(r) => self.lib.role(r).cloned(),
            Source::Group(g) => self.lib.get(ElementKind::Group, g).cloned(),
            Source::Team(t) => self.lib.get(ElementKind::Team, t).cloned(),
            Source::Poll(p) => self.lib.get(ElementKind::Poll, p).cloned(),
            Source::Attr(id) => match &self.attr(*id)?.kind {
                AttrKind::Custom { name } => self.lib.get(ElementKind::Attribute, name).cloned(),
                AttrKind::Role { role } => self.lib.role(role).cloned(),
                _ => None,
            },
        }
    }

    /// `<Target>->Attr(<Attribute>)`: the first matching attribute of the holder(s), as an
    /// attribute value (guide, Property Access: "to get a certain attribute of a
    /// player/team/group").
    pub(crate) fn attr_of(&self, holders: &Val, name: &str) -> Val {
        let (kind, value) = match name.split_once(':') {
            Some((k, v)) => (k, Some(norm(v.trim_start_matches(':')))),
            None => (name, None),
        };
        let pat = AttrPattern::Name {
            kind: norm(kind),
            value,
        };
        let holders = self.holders_of(holders);
        self.state
            .attrs
            .iter()
            .find(|a| holders.contains(&a.holder) && self.attr_matches(a, &pat))
            .map(|a| Val::Attr(a.id))
            .unwrap_or(Val::Nothing)
    }

    /// Whether a player is a ghost: dead, in a haunting game, and not banished.
    pub fn is_ghost(&self, p: usize) -> bool {
        !self.state.players[p].alive && self.state.ghosts.contains(&p)
    }

    /// Whether selectors are being evaluated for a death trigger's subject.
    pub(crate) fn including_dead(&self) -> bool {
        self.include_dead
    }

    /// Members of a group, dead ones included (`On @Members Death`).
    pub(crate) fn group_members_with_dead(&self, g: &str) -> Vec<usize> {
        (0..self.state.players.len())
            .filter(|&p| self.in_group(p, g))
            .collect()
    }

    /// Whether `p` holds the extra role `role` (normalised), whose channel they share.
    pub(crate) fn holds_extra_role(&self, p: usize, role: &str) -> bool {
        self.state.attrs.iter().any(|a| {
            a.holder == Holder::Player(p)
                && matches!(&a.kind, AttrKind::Role { role: r } if norm(r) == role)
        })
    }

    /// Whether an attribute is a custom one (it keeps its own target), not an extra role.
    pub(crate) fn custom_attr(&self, id: u64) -> bool {
        self.attr(id)
            .is_some_and(|a| matches!(a.kind, AttrKind::Custom { .. }))
    }

    /// The role an attribute is applied by: the extra role when the applying ability
    /// belongs to one (Guardian's protection is `Defense:Guardian`, not the holder's
    /// primary role), else the source player's role.
    pub(crate) fn source_role_of(
        &self,
        source_player: Option<usize>,
        parent: Option<u64>,
    ) -> Option<String> {
        if let Some(AttrKind::Role { role }) = parent.and_then(|id| self.attr(id)).map(|a| &a.kind)
        {
            if parent
                .and_then(|id| self.attr(id))
                .is_some_and(|a| source_player.is_some_and(|p| a.holder == Holder::Player(p)))
            {
                return Some(role.clone());
            }
        }
        source_player.map(|p| self.state.players[p].role.clone())
    }
}
