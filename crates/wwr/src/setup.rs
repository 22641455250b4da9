//! The setup file: who plays, which roles, which polls, where the role set lives.
//!
//! ```toml
//! roles_dir = "../../shared/fixtures/wwr-roles"   # relative to this file
//! polls = ["Lynch"]                               # polls in play (default: Lynch)
//! roles = ["Fortune Teller", "Witch", "Wolf"]     # dealt at random to players without one
//! players = ["Alice", "Bob", "Carol"]
//!
//! locations = ["town_square", "voting_booth"]    # default: every non-haunting location
//!
//! [host]                                          # host information: %Role%, %Player1%…
//! Role = "Citizen"
//! ```
//!
//! Haunting mode: `haunting = true` (the dead become ghosts until banished), with
//! modifiers on top of roles as a table `[modifiers]` of `Alice = ["Haunted"]`.
//!
//! Players may also be tables, `players = [{ name = "Alice", role = "Witch" }]`, to deal
//! roles by hand.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::WwrError;

/// One player entry: a bare name, or a name with a fixed role.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PlayerEntry {
    Name(String),
    Full { name: String, role: Option<String> },
}

impl PlayerEntry {
    pub fn name(&self) -> &str {
        match self {
            PlayerEntry::Name(n) | PlayerEntry::Full { name: n, .. } => n,
        }
    }
    pub fn role(&self) -> Option<&str> {
        match self {
            PlayerEntry::Name(_) => None,
            PlayerEntry::Full { role, .. } => role.as_deref(),
        }
    }
}

fn default_polls() -> Vec<String> {
    vec!["Lynch".to_string()]
}

/// A parsed setup file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The role-set folder, relative to the setup file (absolute once loaded).
    pub roles_dir: PathBuf,
    pub players: Vec<PlayerEntry>,
    /// Roles dealt at random to the players without a fixed role.
    #[serde(default)]
    pub roles: Vec<String>,
    /// Polls in play (their own `Passive …: Create Poll` abilities run).
    #[serde(default = "default_polls")]
    pub polls: Vec<String>,
    /// Host information: values for `%Name%` placeholders.
    #[serde(default)]
    pub host: BTreeMap<String, String>,
    /// Haunting mode: the dead become ghosts until banished (`$haunting`).
    #[serde(default)]
    pub haunting: bool,
    /// Modifiers added on top of a player's role (haunting mode's `Haunted`, `Ghostly`…):
    /// attribute names by player, applied at the start (`~Persistent`).
    #[serde(default)]
    pub modifiers: BTreeMap<String, Vec<String>>,
    /// Locations in play (`town_square`, `tavern`…, by file or title name); empty: every
    /// location of the role set that is not haunting-only.
    #[serde(default)]
    pub locations: Vec<String>,
}

impl Setup {
    /// A setup where each player has a fixed role (`(name, role)` pairs), the Lynch poll in
    /// play and everything else at its default: the usual start of a scripted game. Change
    /// other fields with struct update syntax, `Setup { polls, ..Setup::with_roles(dir, p) }`.
    pub fn with_roles(roles_dir: impl Into<PathBuf>, players: &[(&str, &str)]) -> Setup {
        Setup {
            roles_dir: roles_dir.into(),
            players: players
                .iter()
                .map(|(name, role)| PlayerEntry::Full {
                    name: name.to_string(),
                    role: Some(role.to_string()),
                })
                .collect(),
            roles: Vec::new(),
            polls: default_polls(),
            host: BTreeMap::new(),
            haunting: false,
            modifiers: BTreeMap::new(),
            locations: Vec::new(),
        }
    }

    /// Parses setup text; `roles_dir` is made absolute against `base` (the file's folder).
    pub fn parse(text: &str, path: &str, base: &Path) -> Result<Setup, WwrError> {
        let mut setup: Setup = toml::from_str(text).map_err(|e| {
            let place = match e.span() {
                Some(span) => {
                    let (line, col) = line_col(text, span.start);
                    format!("{path}:{line}:{col}")
                }
                None => path.to_string(),
            };
            WwrError::Setup {
                path: place,
                message: e.message().to_string(),
            }
        })?;
        if setup.roles_dir.is_relative() {
            setup.roles_dir = base.join(&setup.roles_dir);
        }
        setup.validate(path)?;
        Ok(setup)
    }

    /// Reads and parses a setup file.
    pub fn load(path: &Path) -> Result<Setup, WwrError> {
        let text = std::fs::read_to_string(path).map_err(|source| WwrError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let base = path.parent().unwrap_or(Path::new("."));
        Setup::parse(&text, &path.display().to_string(), base)
    }

    fn validate(&self, path: &str) -> Result<(), WwrError> {
        let err = |message: String| WwrError::Setup {
            path: path.to_string(),
            message,
        };
        if self.players.is_empty() {
            return Err(err("expected at least one player in `players`".into()));
        }
        let mut seen = std::collections::BTreeSet::new();
        for p in &self.players {
            let name = p.name().trim();
            if name.is_empty() || name.contains(':') || name.contains(',') || name.contains('@') {
                return Err(err(format!(
                    "player name `{name}`: expected a non-empty name without `:`, `,` or `@`"
                )));
            }
            if !seen.insert(name.to_lowercase()) {
                return Err(err(format!("player `{name}` is listed twice")));
            }
        }
        let unassigned = self.players.iter().filter(|p| p.role().is_none()).count();
        if unassigned != self.roles.len() {
            return Err(err(format!(
                "{unassigned} player(s) without a fixed role but {} role(s) in `roles`: expected as many roles as players to deal them to",
                self.roles.len()
            )));
        }
        Ok(())
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut line = 1;
    let mut col = 1;
    for (i, c) in text.char_indices() {
        if i >= offset {
            break;
        }
        if c == '\n' {
            line += 1;
            col = 1;
        } else {
            col += 1;
        }
    }
    (line, col)
}
