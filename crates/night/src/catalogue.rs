//! The role catalogue: roles as named lists of abilities, abilities as lists of components.
//!
//! Roles are data. The standard catalogue (`catalogue/standard.toml`) is embedded in the
//! library; a host can load their own with [`Catalogue::from_toml`].

use serde::Deserialize;

use crate::error::{NightError, line_col};

/// The standard catalogue, as shipped.
pub const STANDARD_CATALOGUE: &str = include_str!("../catalogue/standard.toml");

/// One basic component of an ability (the spec's three kinds: end-of-night effects,
/// observable visits, and effects that change other actions).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Component {
    /// Targeting: an observable visit.
    Visit,
    /// Killing: the target dies at the end of the night.
    Kill {
        /// A strong kill ignores every `protect` component.
        #[serde(default)]
        strong: bool,
    },
    /// Protecting: kills on the target fail.
    Protect,
    /// Protecting: the user dies in place of the target when a kill reaches the target.
    Guard,
    /// Protecting by absence: kills on the user fail; the user dies if a kill reaches the target.
    Hide,
    /// Obstructing: every blockable action of the target fails.
    Block,
    /// Obstructing: every other action that targets the target fails.
    Untargetable,
    /// Redirecting: targets `[who, onto]`.
    Redirect,
    /// Redirecting: targets `[a, b]`.
    Swap,
    /// Investigating: alignment.
    Investigate,
    /// Investigating: whom the target visited.
    Track,
    /// Investigating: who visited the target.
    Watch,
    /// Joining: the target joins the user's faction.
    Recruit {
        /// The spec's fix: any reason the target dies is a reason the recruitment fails.
        #[serde(default)]
        fails_if_target_dies: bool,
    },
    /// Triggered kill: whoever visits the user dies (Paranoid Gun Owner).
    Arm,
    /// Immunity: every action on the user fails except kills; the visits are still seen
    /// (Ascetic).
    Ascetic,
    /// Deceiving: alignment investigations of the target read "Mafia" tonight (Framer).
    Frame,
    /// Redirecting: targets `[from, onto]`: every action landing on `from` lands on `onto`
    /// (Deflector).
    Deflect,
    /// Triggered kill: whoever kills the user at night dies too (Bomb).
    Bomb,
    /// Delaying: every blockable action of the target fails tonight, its visit still seen,
    /// and takes effect the next night instead (Delayer; carried by the game state).
    Delay,
}

/// What an investigation learns about its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Learns {
    /// "Mafia" / "Not Mafia" (Cop), subject to sanity, Godfather, Miller and frames.
    #[default]
    Alignment,
    /// The role's name (Role Cop).
    Role,
    /// Whether the target is a Vanilla Townie (Neapolitan).
    Vanilla,
    /// Whether the target's role carries a gun (Gunsmith).
    Gun,
}

/// What a track or watch reports about the visits it sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reports {
    /// Who visited or was visited (Tracker, Watcher).
    #[default]
    Players,
    /// Which abilities were used (Follower, Voyeur).
    Actions,
    /// The visitors' roles (Role Watcher).
    Roles,
    /// Only whether anything was seen (Motion Detector).
    Whether,
}

impl Component {
    /// The WWR ability type this component belongs to.
    pub fn ability_type(&self) -> &'static str {
        match self {
            Component::Visit => "Targeting",
            Component::Kill { .. } | Component::Arm => "Killing",
            Component::Protect | Component::Guard | Component::Hide => "Protecting",
            Component::Block | Component::Untargetable | Component::Ascetic | Component::Delay => {
                "Obstructing"
            }
            Component::Redirect | Component::Swap | Component::Deflect => "Redirecting",
            Component::Frame => "Deceiving",
            Component::Bomb => "Killing",
            Component::Investigate | Component::Track | Component::Watch => "Investigating",
            Component::Recruit { .. } => "Joining",
        }
    }
}

/// Whether an ability may target its user.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SelfTarget {
    /// The spec's default: no self-targeting.
    #[default]
    Forbidden,
    /// Self-targeting is allowed.
    Allowed,
    /// The ability only targets its user (no target is named).
    Only,
}

fn one() -> usize {
    1
}

fn one_u32() -> u32 {
    1
}

/// An ability: a named list of components with parameters.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    pub name: String,
    /// How many players the action names (0 for self-only and passive abilities).
    #[serde(default = "one")]
    pub targets: usize,
    #[serde(default)]
    pub self_target: SelfTarget,
    /// Works by itself every night on its user; cannot be tracked, blocked or redirected.
    #[serde(default)]
    pub passive: bool,
    #[serde(default)]
    pub unblockable: bool,
    /// Trackers, watchers and the like do not see the visit (Ninja).
    #[serde(default)]
    pub unseen: bool,
    /// What an `investigate` component learns.
    #[serde(default)]
    pub learns: Learns,
    /// What a `track` or `watch` component reports.
    #[serde(default)]
    pub reports: Reports,
    /// The host's wording of the ability's result PMs, by key ("mafia", "not-mafia",
    /// "visited", "nowhere", "no-result", ...; see `results.rs`), with `{target}`,
    /// `{players}`, `{actions}`, `{roles}` filled in.
    #[serde(default)]
    pub pm: std::collections::BTreeMap<String, String>,
    #[serde(default = "one_u32")]
    pub per_night: u32,
    /// A day action (Day Vigilante): used in a day file (`day = true`), resolved at once.
    #[serde(default)]
    pub day: bool,
    /// X-Shot: at most this many uses in the whole game (counted across nights by the
    /// game state, [`crate::state::GameState`]).
    #[serde(default)]
    pub shots: Option<u32>,
    /// Cooldown: after a use, this many nights must pass before the next (1: not two
    /// nights in a row, as Non-Consecutive Night; 2: every third night). Read against the
    /// game state's last uses.
    #[serde(default)]
    pub cooldown: Option<u32>,
    pub components: Vec<Component>,
}

impl Ability {
    pub fn has(&self, pred: impl Fn(&Component) -> bool) -> bool {
        self.components.iter().any(pred)
    }

    /// Redirecting abilities act on other actions' effects and are never moved themselves.
    pub fn is_redirecting(&self) -> bool {
        self.has(|c| {
            matches!(
                c,
                Component::Redirect | Component::Swap | Component::Deflect
            )
        })
    }

    /// Whether the ability names its user rather than other players.
    pub fn targets_self_only(&self) -> bool {
        self.passive || self.self_target == SelfTarget::Only
    }
}

/// A role: a name, a default alignment and its abilities.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Role {
    pub name: String,
    pub alignment: String,
    /// What an investigation sees instead of the alignment (Godfather: "town").
    #[serde(default)]
    pub appears_as: Option<String>,
    /// Whether a Gunsmith finds a gun (the wiki's flavour: mafia members but doctors, cops,
    /// vigilantes, gunsmiths, Paranoid Gun Owners).
    #[serde(default)]
    pub gun: bool,
    /// At most this many of the role's abilities in one night (Jack-of-all-Trades).
    #[serde(default)]
    pub actions_per_night: Option<u32>,
    /// The MafiaScum wiki page the entry follows (for docs/night-roles.md).
    #[serde(default)]
    pub page: Option<String>,
    #[serde(default)]
    pub abilities: Vec<Ability>,
}

/// Abilities every member of a faction may use; `per_night` counts for the whole faction.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Faction {
    pub name: String,
    #[serde(default)]
    pub abilities: Vec<Ability>,
}

/// A role catalogue.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Catalogue {
    #[serde(default)]
    pub roles: Vec<Role>,
    #[serde(default)]
    pub factions: Vec<Faction>,
}

impl Catalogue {
    /// The embedded standard catalogue. A broken embedded file is an error, never an empty
    /// catalogue (the test `the_embedded_standard_catalogue_parses` keeps it parsing).
    pub fn standard() -> Result<Catalogue, NightError> {
        Catalogue::from_toml(STANDARD_CATALOGUE, "standard catalogue")
    }

    /// Parses a catalogue; `source` names the file in errors.
    pub fn from_toml(text: &str, source: &str) -> Result<Catalogue, NightError> {
        let cat: Catalogue = toml::from_str(text).map_err(|e| {
            let (line, column) = e.span().map(|s| line_col(text, s.start)).unwrap_or((0, 0));
            NightError::Syntax {
                source_name: source.to_string(),
                line,
                column,
                message: e.message().to_string(),
            }
        })?;
        let mut seen = std::collections::HashSet::new();
        for role in &cat.roles {
            if !seen.insert(role.name.to_lowercase()) {
                return Err(NightError::Catalogue {
                    source_name: source.to_string(),
                    message: format!("role `{}` is defined twice", role.name),
                });
            }
            for ability in &role.abilities {
                check_ability(ability, &role.name, source)?;
            }
        }
        for faction in &cat.factions {
            for ability in &faction.abilities {
                check_ability(ability, &faction.name, source)?;
            }
        }
        Ok(cat)
    }

    /// Adds a host's own roles (and factions) beside these, read from `text` (`source`
    /// names the file in errors). A role whose name is already taken is an error naming the
    /// file and the line of its `name`.
    pub fn add_extra(&mut self, text: &str, source: &str) -> Result<(), NightError> {
        let extra = Catalogue::from_toml(text, source)?;
        if let Some(taken) = extra.roles.iter().find(|r| self.role(&r.name).is_some()) {
            return Err(name_taken(text, source, &taken.name));
        }
        self.roles.extend(extra.roles);
        for faction in extra.factions {
            match self
                .factions
                .iter_mut()
                .find(|f| f.name.eq_ignore_ascii_case(&faction.name))
            {
                Some(f) => f.abilities.extend(faction.abilities),
                None => self.factions.push(faction),
            }
        }
        Ok(())
    }

    /// Finds a role by name, ignoring case.
    pub fn role(&self, name: &str) -> Option<&Role> {
        self.roles
            .iter()
            .find(|r| r.name.eq_ignore_ascii_case(name))
    }

    /// The abilities shared by a faction.
    pub fn faction_abilities(&self, alignment: &str) -> &[Ability] {
        self.factions
            .iter()
            .find(|f| f.name.eq_ignore_ascii_case(alignment))
            .map(|f| f.abilities.as_slice())
            .unwrap_or(&[])
    }
}

/// The error for an extra role whose name the catalogue already has, at the line of its
/// `name` (the text is read again for the spans only on this error path).
fn name_taken(text: &str, source: &str, name: &str) -> NightError {
    #[derive(Deserialize)]
    struct Names {
        #[serde(default)]
        roles: Vec<Named>,
    }
    #[derive(Deserialize)]
    struct Named {
        name: toml::Spanned<String>,
    }
    let at = toml::from_str::<Names>(text).ok().and_then(|names| {
        names
            .roles
            .into_iter()
            .find(|r| r.name.get_ref() == name)
            .map(|r| line_col(text, r.name.span().start))
    });
    let message =
        format!("role `{name}` is already in the standard catalogue (give it another name)");
    match at {
        Some((line, column)) => NightError::Syntax {
            source_name: source.to_string(),
            line,
            column,
            message,
        },
        None => NightError::Catalogue {
            source_name: source.to_string(),
            message,
        },
    }
}

fn check_ability(ability: &Ability, owner: &str, source: &str) -> Result<(), NightError> {
    let bad = |message: String| NightError::Catalogue {
        source_name: source.to_string(),
        message: format!("{owner}, ability `{}`: {message}", ability.name),
    };
    if ability.is_redirecting() && (ability.targets_self_only() || ability.targets != 2) {
        return Err(bad("a redirect or swap needs exactly 2 targets".into()));
    }
    if !ability.is_redirecting() && ability.targets > 1 {
        return Err(bad("only redirect and swap abilities take 2 targets".into()));
    }
    if ability.targets_self_only() && ability.targets != 0 && ability.targets != 1 {
        return Err(bad("a self-only ability names no other player".into()));
    }
    if ability.passive && ability.has(|c| matches!(c, Component::Visit)) {
        return Err(bad("a passive ability cannot visit".into()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_standard_catalogue_parses() {
        let cat = Catalogue::standard().expect("the embedded standard catalogue parses");
        assert!(!cat.roles.is_empty());
        assert!(cat.role("Vanilla").is_some());
    }
}
