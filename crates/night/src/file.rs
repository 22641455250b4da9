//! Reading a night file (TOML) with spans, so that every problem names a line and column.

use serde::Deserialize;
use toml::Spanned;

use crate::catalogue::Catalogue;
use crate::error::{NightError, Place, line_col};
use crate::model::{
    ActionSpec, Modifier, Night, NightSpec, PlayerSpec, Rules, Sanity, SelfTargets, validate,
};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileNight {
    #[serde(default)]
    night: Option<u32>,
    #[serde(default)]
    day: bool,
    #[serde(default)]
    rules: Rules,
    #[serde(default)]
    players: Vec<FilePlayer>,
    #[serde(default)]
    actions: Vec<FileAction>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FilePlayer {
    name: Spanned<String>,
    role: Spanned<String>,
    #[serde(default)]
    alignment: Option<String>,
    #[serde(default)]
    sanity: Sanity,
    #[serde(default)]
    modifiers: Vec<Spanned<String>>,
    #[serde(default)]
    alive: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileAction {
    actor: Spanned<String>,
    #[serde(default)]
    ability: Option<String>,
    #[serde(default)]
    target: Option<String>,
    #[serde(default)]
    targets: Vec<String>,
}

/// A night file read from text: the plain night plus where each entry is.
#[derive(Debug, Clone)]
pub struct NightFile {
    pub spec: NightSpec,
    source_name: String,
    text_positions: Positions,
}

#[derive(Debug, Clone, Default)]
struct Positions {
    /// (line, column) of each player's name and role.
    players: Vec<((usize, usize), (usize, usize))>,
    /// (line, column) of each action's actor.
    actions: Vec<(usize, usize)>,
}

impl NightFile {
    /// Parses a night file; `source_name` is used in error messages.
    pub fn parse(text: &str, source_name: &str) -> Result<NightFile, NightError> {
        let raw: FileNight = toml::from_str(text).map_err(|e| {
            let (line, column) = e.span().map(|s| line_col(text, s.start)).unwrap_or((1, 1));
            NightError::Syntax {
                source_name: source_name.to_string(),
                line,
                column,
                message: e.message().trim().to_string(),
            }
        })?;
        let mut positions = Positions::default();
        let mut spec = NightSpec {
            night: raw.night,
            day: raw.day,
            rules: raw.rules,
            ..NightSpec::default()
        };
        for p in raw.players {
            positions.players.push((
                line_col(text, p.name.span().start),
                line_col(text, p.role.span().start),
            ));
            let mut modifiers = Vec::new();
            for m in &p.modifiers {
                let Some(modifier) = Modifier::from_name(m.get_ref()) else {
                    let (line, column) = line_col(text, m.span().start);
                    let names = Modifier::ALL.iter().map(|(n, _)| *n);
                    let hint = match crate::suggest::closest(m.get_ref(), names) {
                        Some(near) => format!("did you mean `{near}`?"),
                        None => format!(
                            "expected one of: {}",
                            Modifier::ALL
                                .iter()
                                .map(|(n, _)| *n)
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    };
                    return Err(NightError::Syntax {
                        source_name: source_name.to_string(),
                        line,
                        column,
                        message: format!("unknown modifier `{}` ({hint})", m.get_ref()),
                    });
                };
                modifiers.push(modifier);
            }
            spec.players.push(PlayerSpec {
                name: p.name.into_inner(),
                role: p.role.into_inner(),
                alignment: p.alignment,
                sanity: p.sanity,
                modifiers,
                alive: p.alive.unwrap_or(true),
            });
        }
        for (i, a) in raw.actions.into_iter().enumerate() {
            let pos = line_col(text, a.actor.span().start);
            positions.actions.push(pos);
            let mut targets = a.targets;
            if let Some(t) = a.target {
                if !targets.is_empty() {
                    let (line, column) = pos;
                    return Err(NightError::Syntax {
                        source_name: source_name.to_string(),
                        line,
                        column,
                        message: format!(
                            "action {} gives both `target` and `targets`; use one",
                            i + 1
                        ),
                    });
                }
                targets.push(t);
            }
            spec.actions.push(ActionSpec {
                actor: a.actor.into_inner(),
                ability: a.ability,
                targets,
            });
        }
        Ok(NightFile {
            spec,
            source_name: source_name.to_string(),
            text_positions: positions,
        })
    }

    /// Validates against a catalogue, turning places into file positions.
    pub fn validate(
        &self,
        catalogue: &Catalogue,
        self_targets: SelfTargets,
    ) -> Result<Night, NightError> {
        validate(&self.spec, catalogue, self_targets).map_err(|e| self.locate(e))
    }

    fn locate(&self, e: NightError) -> NightError {
        let NightError::Invalid { place, message } = e else {
            return e;
        };
        let pos = match &place {
            Place::Action { index, .. } => index
                .checked_sub(1)
                .and_then(|i| self.text_positions.actions.get(i)),
            Place::Player { name } => self
                .spec
                .players
                .iter()
                .position(|p| &p.name == name)
                .and_then(|i| self.text_positions.players.get(i))
                .map(|(name_pos, role_pos)| {
                    if message.starts_with("unknown role") {
                        role_pos
                    } else {
                        name_pos
                    }
                }),
            Place::Text { .. } => None,
        };
        match pos {
            Some(&(line, column)) => NightError::Invalid {
                place: Place::Text {
                    source_name: self.source_name.clone(),
                    line,
                    column,
                },
                message: format!("{place}: {message}"),
            },
            None => NightError::Invalid { place, message },
        }
    }
}
