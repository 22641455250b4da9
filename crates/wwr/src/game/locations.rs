//! Locations (guide, Locations; `_game/locations/`): the channels a setup has in play,
//! sorted by their `Sort Index`, with the players who may write in them (`Members`) and
//! those who may only read them (`Viewers`).
//!
//! Which locations are in play is part of the setup (`locations = [...]`, default: every
//! location that is not haunting-only, and in haunting mode the haunting ones too), so it is saved with the game. Who is a member or
//! viewer is derived from the players at the moment it is asked (alive, dead, the roles
//! they hold), so it never goes stale. `#name` selectors name a location or a group;
//! `Create Poll in #name`, `Protect … through Absence at #name` and `Reveal … to #name` use
//! them, and a location not in play makes them fail with a host-log line.

use std::sync::Arc;

use mafia_roles::ElementKind;
use mafia_roles::element::{Access, PlayerType};

use crate::error::WwrError;
use crate::game::Game;
use crate::library::{Def, Library, norm};
use crate::setup::Setup;

/// The locations a setup puts in play, in sort order (sort index, then name).
pub fn locations_in_play(lib: &Library, setup: &Setup) -> Result<Vec<Arc<Def>>, WwrError> {
    let mut out: Vec<Arc<Def>> = Vec::new();
    if setup.locations.is_empty() {
        for d in lib.all(ElementKind::Location) {
            if d.location
                .as_ref()
                .is_some_and(|l| !l.haunting || setup.haunting)
            {
                out.push(d.clone());
            }
        }
    } else {
        for name in &setup.locations {
            let name = name.trim().trim_start_matches('#');
            match lib.get(ElementKind::Location, name) {
                Some(d) => {
                    if !out.iter().any(|o| o.file == d.file) {
                        out.push(d.clone());
                    }
                }
                None => {
                    let known: Vec<String> = lib
                        .all(ElementKind::Location)
                        .iter()
                        .map(|d| location_key(d))
                        .collect();
                    return Err(WwrError::Unknown {
                        kind: "location",
                        name: name.to_string(),
                        hint: format!(" (the role set has: {})", known.join(", ")),
                    });
                }
            }
        }
    }
    out.sort_by(|a, b| {
        let ia = a.location.as_ref().map(|l| l.sort_index).unwrap_or(0);
        let ib = b.location.as_ref().map(|l| l.sort_index).unwrap_or(0);
        ia.cmp(&ib).then_with(|| a.name.cmp(&b.name))
    });
    Ok(out)
}

/// The name a location is referred to by in `#name` selectors: its file name
/// (`town_square`), which is also how the role files write it (`#town_square`).
pub fn location_key(d: &Def) -> String {
    d.file.rsplit('/').next().unwrap_or(&d.name).to_string()
}

impl Game {
    /// The locations in play, in sort order.
    pub fn locations(&self) -> Vec<Arc<Def>> {
        locations_in_play(&self.lib, &self.state.setup).unwrap_or_default()
    }

    /// The location in play that a `#name` (normalised: `town square`) refers to, by file
    /// name or title (`#story_time`, `#Story-Time`).
    pub fn location(&self, name: &str) -> Option<Arc<Def>> {
        let n = norm(name.trim_start_matches('#'));
        self.locations()
            .into_iter()
            .find(|d| norm(&location_key(d)) == n || norm(&d.name) == n)
    }

    /// Whether `#name` names a group or a location in play (where a poll may be created,
    /// an absence may be spent, something may be revealed).
    pub fn place_exists(&self, name: &str) -> bool {
        let n = norm(name.trim_start_matches('#'));
        self.lib.get(ElementKind::Group, &n).is_some()
            || self.state.groups.contains_key(&n)
            || self.location(&n).is_some()
    }

    /// Whether a player is covered by a location's `Members:` or `Viewers:` list (none:
    /// nobody). Channels ask this for writing and reading; the selectors below for lists.
    pub(crate) fn access_matches(&self, p: usize, access: Option<&Access>) -> bool {
        match access {
            None | Some(Access::Nobody) => false,
            Some(Access::Everybody) => true,
            Some(Access::Players(types)) => types.iter().any(|t| self.is_player_type(p, &t.value)),
        }
    }

    fn access_players(&self, access: Option<&Access>) -> Vec<usize> {
        (0..self.state.players.len())
            .filter(|&p| self.access_matches(p, access))
            .collect()
    }

    /// Whether a player is of a location's player type. `Dead` are the dead who are not
    /// ghosts (the files list `Dead` and `Ghost` apart: Graveyard is `Members: Ghost`,
    /// `Viewers: Dead`); ghosts are the dead of a haunting game who are not banished;
    /// substitutes, spectators and mentors are not players of the game: none of the
    /// players is of those types. A role name (`Mayor` in Story Time) is a living player
    /// holding that role, as their role or as an extra role.
    fn is_player_type(&self, p: usize, t: &PlayerType) -> bool {
        let pl = &self.state.players[p];
        match t {
            PlayerType::Alive => pl.alive,
            PlayerType::Dead => !pl.alive && !self.is_ghost(p),
            PlayerType::Role(r) => {
                let r = norm(r);
                pl.alive && (norm(&pl.role) == r || self.holds_extra_role(p, &r))
            }
            PlayerType::Ghost => self.is_ghost(p),
            PlayerType::Substitute
            | PlayerType::Spectator
            | PlayerType::Mentor
            | PlayerType::GhostMentor => false,
        }
    }

    /// Players who may write in a location (its `Members`); nobody if it is not in play.
    pub fn location_members(&self, name: &str) -> Vec<usize> {
        match self.location(name) {
            Some(d) => self.access_players(d.location.as_ref().and_then(|l| l.members.as_ref())),
            None => Vec::new(),
        }
    }

    /// Players who may read a location: its `Members` and its `Viewers`.
    pub fn location_viewers(&self, name: &str) -> Vec<usize> {
        let Some(d) = self.location(name) else {
            return Vec::new();
        };
        let l = d.location.clone().unwrap_or_default();
        let mut out = self.access_players(l.members.as_ref());
        out.extend(self.access_players(l.viewers.as_ref()));
        out.sort_unstable();
        out.dedup();
        out
    }
}
