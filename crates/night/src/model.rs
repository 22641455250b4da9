//! The night: a setup (players, roles, alignments, modifiers, cop sanity) plus the actions
//! submitted, and its validation against a catalogue.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use crate::catalogue::{Ability, Catalogue, Component, SelfTarget};
use crate::error::{NightError, Place};

/// How an investigator's results relate to the truth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Sanity {
    #[default]
    Sane,
    /// Every result is inverted.
    Insane,
    /// Every result is "Mafia".
    Paranoid,
    /// Every result is "Not Mafia".
    Naive,
}

/// A player modifier. Written as its name (`"vest"`, `"2-shot"`) in night files and JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Modifier {
    /// A one-shot bulletproof vest: protects from kills, used up when it stops one.
    Vest,
    /// Permanently protected from kills.
    Bulletproof,
    /// The player's actions cannot be blocked.
    StrongWilled,
    /// Trackers and watchers do not see the player's visits.
    Ninja,
    /// Every action on the player fails except kills (visits to them are still seen).
    Ascetic,
    /// Nothing protects the player from kills (Doctor, Bodyguard, vests are negated).
    Macho,
    /// The player's kills are strong: only the target's commute stops them.
    Strongman,
    /// The player may target themself with any ability.
    SelfTargeting,
    /// The player's actions fail (as if roleblocked) on players of another alignment.
    Loyal,
    /// The player's actions fail (as if roleblocked) on players of their own alignment.
    Disloyal,
    /// The player dies when an action of theirs lands on a player who is not town.
    Weak,
    /// The player must act every night: a night file without their action is refused.
    Compulsive,
    /// The player may act on odd nights only (the night file says `night = N`).
    OddNight,
    /// The player may act on even nights only (the night file says `night = N`).
    EvenNight,
    /// The player's results are announced in the thread.
    Public,
    /// The player's actions resolve the night after they are used; tonight they are only
    /// a visit (kept in the game state: `--state`).
    Delayed,
    /// The player's abilities are day actions (used in a day file, resolved at once).
    Day,
    /// X-Shot: the player's role abilities may be used this many times in the whole game,
    /// all together (`"1-shot"`, `"2-shot"`, ...; counted across nights by `--state`).
    Shots(u32),
    /// Non-Consecutive Night: none of the player's abilities may be used two nights in a
    /// row (each ability counted by itself; needs the state's last uses, `--state`).
    NonConsecutive,
}

/// How many kills one protection stops (a setup rule, issue 13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Protection {
    /// The spec's RAR reading ("the Doctor action prevents kills"): one standing protection
    /// stops every kill on its player that night.
    #[default]
    EveryKill,
    /// The MafiaScum Doctor and Bodyguard pages' Normal reading: each protection stops one
    /// kill, so two kills against one protection kill the player.
    OnePerKill,
}

/// What happens when two redirections would move the same effect to different players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Swaps {
    /// Redirections apply in the order of their users in the setup's player list: of two
    /// that move the same effect from the same player, the one whose user is listed first
    /// wins (when it stands); the effect then travels on by any redirection not yet on its
    /// path. The result does not depend on the order actions were submitted in.
    #[default]
    InOrder,
    /// The spec's RAR example ("both the bus drives effectively block the other"): the two
    /// counter each other and the effect stays where it was.
    Contest,
}

/// Setup rules a host states once for the game (`[rules]` in a night file).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    pub protection: Protection,
    pub swaps: Swaps,
}

impl Modifier {
    /// Every modifier, by the name a night file gives it.
    /// X-Shot is `N-shot` for any N (`one-shot` to `four-shot` also read); it is listed
    /// once here, as `1-shot`.
    pub const ALL: [(&'static str, Modifier); 19] = [
        ("vest", Modifier::Vest),
        ("bulletproof", Modifier::Bulletproof),
        ("strong-willed", Modifier::StrongWilled),
        ("ninja", Modifier::Ninja),
        ("ascetic", Modifier::Ascetic),
        ("macho", Modifier::Macho),
        ("strongman", Modifier::Strongman),
        ("self-targeting", Modifier::SelfTargeting),
        ("loyal", Modifier::Loyal),
        ("disloyal", Modifier::Disloyal),
        ("weak", Modifier::Weak),
        ("compulsive", Modifier::Compulsive),
        ("odd-night", Modifier::OddNight),
        ("even-night", Modifier::EvenNight),
        ("public", Modifier::Public),
        ("day", Modifier::Day),
        ("delayed", Modifier::Delayed),
        ("non-consecutive", Modifier::NonConsecutive),
        ("1-shot", Modifier::Shots(1)),
    ];

    /// The modifier a night file names, ignoring case.
    pub fn from_name(name: &str) -> Option<Modifier> {
        let name = name.trim().to_ascii_lowercase();
        if let Some(n) = name
            .strip_suffix("-shot")
            .or_else(|| name.strip_suffix(" shot"))
        {
            let words = ["one", "two", "three", "four"];
            let shots = match words.iter().position(|w| *w == n) {
                Some(i) => i as u32 + 1,
                None => n.parse().ok().filter(|&k| k > 0)?,
            };
            return Some(Modifier::Shots(shots));
        }
        Modifier::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, m)| m)
    }

    /// The modifier's name in a night file.
    pub fn name(self) -> String {
        match self {
            Modifier::Shots(n) => format!("{n}-shot"),
            m => Modifier::ALL
                .iter()
                .find(|(_, x)| *x == m)
                .map(|(n, _)| n.to_string())
                .unwrap_or_default(),
        }
    }
}

impl From<Modifier> for String {
    fn from(m: Modifier) -> String {
        m.name()
    }
}

impl TryFrom<String> for Modifier {
    type Error = String;
    fn try_from(name: String) -> Result<Modifier, String> {
        Modifier::from_name(&name).ok_or_else(|| format!("unknown modifier `{name}`"))
    }
}

/// A player of the setup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSpec {
    pub name: String,
    pub role: String,
    /// Defaults to the role's alignment.
    #[serde(default)]
    pub alignment: Option<String>,
    #[serde(default)]
    pub sanity: Sanity,
    #[serde(default)]
    pub modifiers: Vec<Modifier>,
    #[serde(default = "yes")]
    pub alive: bool,
}

fn yes() -> bool {
    true
}

/// An action as submitted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionSpec {
    pub actor: String,
    /// May be left out when the actor has exactly one ability they can submit.
    #[serde(default)]
    pub ability: Option<String>,
    #[serde(default)]
    pub targets: Vec<String>,
}

/// A night as given by a host: the setup and the actions, in submission order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct NightSpec {
    /// The night's number (Night 1, 2, ...), needed by odd- and even-night players.
    #[serde(default)]
    pub night: Option<u32>,
    /// A day's actions (Day Vigilante), resolved at once with the same engine: only day
    /// abilities may be used, and night abilities may not.
    #[serde(default)]
    pub day: bool,
    #[serde(default)]
    pub rules: Rules,
    /// Uses of X-shot abilities on earlier nights: owner (a player's name, or a faction's
    /// for a factional ability; lowercase) to ability name to count. Filled in from the game
    /// state ([`crate::state::GameState::prepare`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub used: BTreeMap<String, BTreeMap<String, u32>>,
    /// The night each ability was last used on (owner to ability name to night), for
    /// cooldowns and Non-Consecutive Night players; from the game state.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub last_used: BTreeMap<String, BTreeMap<String, u32>>,
    /// Delayed players' actions of the night before, which take effect tonight (from the
    /// game state); one whose actor or target has died since lapses.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub delayed: Vec<ActionSpec>,
    pub players: Vec<PlayerSpec>,
    #[serde(default)]
    pub actions: Vec<ActionSpec>,
}

/// A validated player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    pub role: String,
    pub alignment: String,
    pub appears_as: Option<String>,
    /// The role carries a gun (for Gunsmiths).
    pub gun: bool,
    /// The role has no abilities and is town (for Neapolitans).
    pub vanilla: bool,
    pub sanity: Sanity,
    pub modifiers: Vec<Modifier>,
    pub alive: bool,
}

impl Player {
    pub fn has(&self, m: Modifier) -> bool {
        self.modifiers.contains(&m)
    }
}

/// Where an action came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// The n-th submitted action (0-based).
    Submitted(usize),
    /// A passive ability of the actor's role, working by itself.
    Passive,
    /// The actor's one-shot vest.
    Vest,
    /// The actor's bulletproof modifier.
    BulletproofModifier,
    /// A Delayed player's action of the night before, taking effect tonight.
    Delayed,
}

/// A validated action: who, with what ability (copied from the catalogue), on whom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Action {
    pub actor: usize,
    /// "Doctor: protect", "mafia: factional kill", "vest".
    pub label: String,
    pub ability: Ability,
    /// Players named; for self-only and passive abilities, the actor.
    pub targets: Vec<usize>,
    pub origin: Origin,
    /// The action fails outright, as if roleblocked (a Loyal or Disloyal player's action on
    /// the wrong alignment).
    pub fails: bool,
    /// Whose use it counts as (lowercase): the actor's name, or the faction's for a
    /// factional ability; empty for passives.
    pub owner: String,
}

impl Action {
    pub fn passive(&self) -> bool {
        self.ability.passive
    }
    pub fn blockable(&self, night: &Night) -> bool {
        !self.ability.passive
            && !self.ability.unblockable
            && !night.players[self.actor]
                .modifiers
                .contains(&Modifier::StrongWilled)
    }
}

/// A validated night, ready to resolve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Night {
    pub rules: Rules,
    pub players: Vec<Player>,
    /// Submitted actions in submission order, then passive ones.
    pub actions: Vec<Action>,
}

impl Night {
    pub fn player(&self, name: &str) -> Option<usize> {
        self.players
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name))
    }
    pub fn name(&self, p: usize) -> &str {
        &self.players[p].name
    }
}

/// Which rule the validation applies for self-targets: RAR's default forbids them; the
/// simple method's worked example lets a cop investigate himself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SelfTargets {
    RoleDecides,
    AlwaysAllowed,
}

/// Checks a night against a catalogue.
pub fn validate(
    spec: &NightSpec,
    catalogue: &Catalogue,
    self_targets: SelfTargets,
) -> Result<Night, NightError> {
    let mut players = Vec::new();
    let mut names: HashMap<String, usize> = HashMap::new();
    for p in &spec.players {
        let place = Place::Player {
            name: p.name.clone(),
        };
        if p.name.trim().is_empty() {
            return Err(NightError::Invalid {
                place,
                message: "a player needs a name".into(),
            });
        }
        let Some(role) = catalogue.role(&p.role) else {
            return Err(NightError::Invalid {
                place,
                message: match crate::suggest::closest(
                    &p.role,
                    catalogue.roles.iter().map(|r| r.name.as_str()),
                ) {
                    Some(near) => format!("unknown role `{}` (did you mean `{near}`?)", p.role),
                    None => format!("unknown role `{}` (not in the role catalogue)", p.role),
                },
            });
        };
        if names.insert(p.name.to_lowercase(), players.len()).is_some() {
            return Err(NightError::Invalid {
                place,
                message: "this player is listed twice".into(),
            });
        }
        players.push(Player {
            name: p.name.clone(),
            role: role.name.clone(),
            alignment: p
                .alignment
                .clone()
                .unwrap_or_else(|| role.alignment.clone()),
            appears_as: role.appears_as.clone(),
            gun: role.gun,
            vanilla: role.abilities.is_empty()
                && p.alignment
                    .as_deref()
                    .unwrap_or(&role.alignment)
                    .eq_ignore_ascii_case("town")
                && role.appears_as.is_none(),
            sanity: p.sanity,
            modifiers: p.modifiers.clone(),
            alive: p.alive,
        });
    }
    let mut actions = Vec::new();
    let mut uses: HashMap<(String, String), u32> = HashMap::new();
    let mut role_uses: HashMap<usize, u32> = HashMap::new();
    if spec.night.is_none()
        && let Some(p) = players
            .iter()
            .find(|p| p.has(Modifier::OddNight) || p.has(Modifier::EvenNight))
    {
        return Err(NightError::Invalid {
            place: Place::Player {
                name: p.name.clone(),
            },
            message: "an odd- or even-night player needs the night's number (`night = N`)".into(),
        });
    }
    for (i, a) in spec.actions.iter().enumerate() {
        let place = Place::Action {
            index: i + 1,
            actor: a.actor.clone(),
        };
        let invalid = |message: String| NightError::Invalid {
            place: place.clone(),
            message,
        };
        let Some(&actor) = names.get(&a.actor.to_lowercase()) else {
            return Err(invalid(format!(
                "`{}` is not a player of this game",
                a.actor
            )));
        };
        let player = &players[actor];
        if !player.alive {
            return Err(invalid(format!("{} is dead and cannot act", player.name)));
        }
        let role = catalogue
            .role(&player.role)
            .ok_or_else(|| invalid("the actor's role is not in the catalogue".into()))?;
        let faction = catalogue.faction_abilities(&player.alignment);
        let candidates: Vec<(&Ability, bool)> = role
            .abilities
            .iter()
            .map(|ab| (ab, false))
            .map(|(ab, _)| {
                let shared = faction
                    .iter()
                    .any(|f| f.name.eq_ignore_ascii_case(&ab.name));
                (ab, shared)
            })
            .chain(
                faction
                    .iter()
                    .filter(|f| {
                        !role
                            .abilities
                            .iter()
                            .any(|ab| ab.name.eq_ignore_ascii_case(&f.name))
                    })
                    .map(|ab| (ab, true)),
            )
            .filter(|(ab, _)| !ab.passive)
            .collect();
        let (ability, factional) = match &a.ability {
            Some(name) => {
                let found = candidates
                    .iter()
                    .find(|(ab, _)| ab.name.eq_ignore_ascii_case(name.trim()));
                match found {
                    Some(&(ab, f)) => (ab, f),
                    None => {
                        let known: Vec<&str> =
                            candidates.iter().map(|(ab, _)| ab.name.as_str()).collect();
                        return Err(invalid(format!(
                            "{} ({}) has no ability `{}`; expected one of: {}",
                            player.name,
                            player.role,
                            name,
                            if known.is_empty() {
                                "(none)".to_string()
                            } else {
                                known.join(", ")
                            }
                        )));
                    }
                }
            }
            None => match candidates.as_slice() {
                [(ab, f)] => (*ab, *f),
                [] => {
                    return Err(invalid(format!(
                        "{} ({}) has no night action",
                        player.name, player.role
                    )));
                }
                many => {
                    let known: Vec<&str> = many.iter().map(|(ab, _)| ab.name.as_str()).collect();
                    return Err(invalid(format!(
                        "say which ability {} uses: one of {}",
                        player.name,
                        known.join(", ")
                    )));
                }
            },
        };
        let owner = if factional {
            player.alignment.to_lowercase()
        } else {
            player.name.to_lowercase()
        };
        if let Some(limit) = role.actions_per_night
            && !factional
        {
            let n = role_uses.entry(actor).or_insert(0);
            *n += 1;
            if *n > limit {
                return Err(invalid(format!(
                    "{} ({}) may use {} of their abilities a night, and this is number {}",
                    player.name, player.role, limit, n
                )));
            }
        }
        let day_ability = ability.day || player.has(Modifier::Day);
        if day_ability != spec.day {
            return Err(invalid(format!(
                "`{}` is a {} action, and this is a {} file",
                ability.name,
                if day_ability { "day" } else { "night" },
                if spec.day { "day" } else { "night" }
            )));
        }
        if let Some(n) = spec.night.filter(|_| !spec.day) {
            let odd = n % 2 == 1;
            if (player.has(Modifier::OddNight) && !odd) || (player.has(Modifier::EvenNight) && odd)
            {
                return Err(invalid(format!(
                    "{} acts on {} nights only, and this is night {n}",
                    player.name,
                    if odd { "even" } else { "odd" }
                )));
            }
        }
        if let Some(shots) = ability.shots {
            let before = spec
                .used
                .get(&owner)
                .and_then(|m| m.get(&ability.name))
                .copied()
                .unwrap_or(0);
            let tonight = uses.get(&(owner.clone(), ability.name.clone())).copied();
            if before + tonight.unwrap_or(0) + 1 > shots {
                return Err(invalid(format!(
                    "`{}` has {shots} shot(s) in the game and {before} were used on earlier nights",
                    ability.name
                )));
            }
        }
        limits_across_nights(spec, player, ability, factional, &owner, &uses).map_err(invalid)?;
        let used = uses
            .entry((owner.clone(), ability.name.clone()))
            .or_insert(0);
        *used += 1;
        if *used > ability.per_night {
            return Err(invalid(format!(
                "`{}` can be used {} time(s) a night{}, and this is use number {}",
                ability.name,
                ability.per_night,
                if factional {
                    format!(" by the whole {} faction", player.alignment)
                } else {
                    String::new()
                },
                used
            )));
        }
        let mut targets = Vec::new();
        for t in &a.targets {
            let Some(&tp) = names.get(&t.to_lowercase()) else {
                return Err(invalid(format!(
                    "target `{t}` is not a player of this game"
                )));
            };
            if !players[tp].alive {
                return Err(invalid(format!("target {} is dead", players[tp].name)));
            }
            targets.push(tp);
        }
        if ability.self_target == SelfTarget::Only {
            if !(targets.is_empty() || targets == [actor]) {
                return Err(invalid(format!(
                    "`{}` only targets its user; name no target",
                    ability.name
                )));
            }
            targets = vec![actor];
        } else {
            if targets.len() != ability.targets {
                return Err(invalid(format!(
                    "`{}` takes {} target(s), but {} were given",
                    ability.name,
                    ability.targets,
                    targets.len()
                )));
            }
            if ability.self_target == SelfTarget::Forbidden
                && self_targets == SelfTargets::RoleDecides
                && !player.has(Modifier::SelfTargeting)
                && targets.contains(&actor)
            {
                return Err(invalid(format!(
                    "{} cannot target themself with `{}` (no self-targeting unless the role says so)",
                    player.name, ability.name
                )));
            }
            if ability.is_redirecting() && targets.first() == targets.get(1) {
                return Err(invalid(format!(
                    "`{}` needs two different players",
                    ability.name
                )));
            }
        }
        let from_role = role.abilities.iter().any(|ab| std::ptr::eq(ab, ability));
        let mut label = if !from_role {
            format!("{}: {}", player.alignment, ability.name)
        } else {
            format!("{}: {}", role.name, ability.name)
        };
        // A Delayed player's action is only a visit tonight; its effect comes next night
        // (https://wiki.mafiascum.net/index.php?title=Delayed).
        let mut ability = ability.clone();
        if player.has(Modifier::Delayed) {
            ability.components.retain(|c| matches!(c, Component::Visit));
            label.push_str(" (delayed)");
        }
        let same = |t: &usize| {
            players[*t]
                .alignment
                .eq_ignore_ascii_case(&players[actor].alignment)
        };
        let fails = (players[actor].has(Modifier::Loyal) && !targets.iter().all(same))
            || (players[actor].has(Modifier::Disloyal) && targets.iter().any(same));
        actions.push(Action {
            actor,
            label,
            ability,
            targets,
            origin: Origin::Submitted(i),
            fails,
            owner,
        });
    }
    delayed_actions(spec, catalogue, &players, &names, &mut actions)?;
    for (pi, p) in players.iter().enumerate() {
        let acted = actions.iter().any(|a| a.actor == pi);
        if p.alive && p.has(Modifier::Compulsive) && !acted && !spec.day {
            return Err(NightError::Invalid {
                place: Place::Player {
                    name: p.name.clone(),
                },
                message: format!("{} is compulsive and must act every night", p.name),
            });
        }
    }
    // Passive abilities: untrackable, unblockable actions on the user, every night.
    for (pi, player) in players.iter().enumerate() {
        if !player.alive {
            continue;
        }
        if let Some(role) = catalogue.role(&player.role) {
            for ab in role.abilities.iter().filter(|ab| ab.passive) {
                actions.push(Action {
                    actor: pi,
                    label: format!("{}: {}", role.name, ab.name),
                    ability: ab.clone(),
                    targets: vec![pi],
                    origin: Origin::Passive,
                    fails: false,
                    owner: String::new(),
                });
            }
        }
        for m in &player.modifiers {
            let (label, origin) = match m {
                Modifier::Vest => ("one-shot vest", Origin::Vest),
                Modifier::Bulletproof => ("bulletproof", Origin::BulletproofModifier),
                Modifier::Ascetic => ("ascetic", Origin::Passive),
                _ => continue,
            };
            let component = match m {
                Modifier::Ascetic => crate::catalogue::Component::Ascetic,
                _ => crate::catalogue::Component::Protect,
            };
            actions.push(Action {
                actor: pi,
                label: label.into(),
                ability: Ability {
                    name: label.into(),
                    targets: 0,
                    self_target: SelfTarget::Only,
                    passive: true,
                    unblockable: true,
                    unseen: false,
                    learns: Default::default(),
                    reports: Default::default(),
                    per_night: 1,
                    shots: None,
                    cooldown: None,
                    day: false,
                    pm: Default::default(),
                    components: vec![component],
                },
                targets: vec![pi],
                origin,
                fails: false,
                owner: String::new(),
            });
        }
    }
    Ok(Night {
        rules: spec.rules,
        players,
        actions,
    })
}

/// The limits that span nights, beyond the ability's own `shots`: the player's X-Shot
/// modifier (all their role abilities together), and cooldowns (the ability's `cooldown`,
/// or 1 for a Non-Consecutive Night player), read against the state's uses and last uses.
fn limits_across_nights(
    spec: &NightSpec,
    player: &Player,
    ability: &Ability,
    factional: bool,
    owner: &str,
    tonight: &HashMap<(String, String), u32>,
) -> Result<(), String> {
    let shots = player.modifiers.iter().find_map(|m| match m {
        Modifier::Shots(n) => Some(*n),
        _ => None,
    });
    if let Some(shots) = shots
        && !factional
    {
        let before: u32 = spec.used.get(owner).map_or(0, |m| m.values().sum());
        let now: u32 = tonight
            .iter()
            .filter(|((o, _), _)| o == owner)
            .map(|(_, n)| n)
            .sum();
        if before + now + 1 > shots {
            return Err(format!(
                "{} is {shots}-shot: {} use(s) of their abilities in the whole game, {before} on earlier nights{}",
                player.name,
                shots,
                if now > 0 {
                    format!(" and {now} tonight")
                } else {
                    String::new()
                }
            ));
        }
    }
    let cooldown = match (ability.cooldown, player.has(Modifier::NonConsecutive)) {
        (Some(c), true) => Some(c.max(1)),
        (c, true) => c.or(Some(1)),
        (c, false) => c,
    };
    if let (Some(cooldown), Some(night), false) = (cooldown, spec.night, spec.day)
        && let Some(&last) = spec.last_used.get(owner).and_then(|m| m.get(&ability.name))
        && night > last
        && night - last <= cooldown
    {
        return Err(format!(
            "`{}` was used on night {last} and may be used again on night {} at the earliest (this is night {night})",
            ability.name,
            last + cooldown + 1
        ));
    }
    Ok(())
}

/// The actions Delayed players used the night before, taking effect tonight without a visit
/// (they were seen the night they were used); one whose actor or target has died lapses.
fn delayed_actions(
    spec: &NightSpec,
    catalogue: &Catalogue,
    players: &[Player],
    names: &HashMap<String, usize>,
    actions: &mut Vec<Action>,
) -> Result<(), NightError> {
    for a in &spec.delayed {
        let invalid = |message: String| NightError::Invalid {
            place: Place::Player {
                name: a.actor.clone(),
            },
            message,
        };
        let Some(&actor) = names.get(&a.actor.to_lowercase()) else {
            return Err(invalid(
                "a delayed action's actor is not in this game".into(),
            ));
        };
        let targets: Option<Vec<usize>> = a
            .targets
            .iter()
            .map(|t| names.get(&t.to_lowercase()).copied())
            .collect();
        let Some(targets) = targets else {
            return Err(invalid(
                "a delayed action's target is not in this game".into(),
            ));
        };
        if !players[actor].alive || targets.iter().any(|&t| !players[t].alive) {
            continue;
        }
        let player = &players[actor];
        let name = a.ability.as_deref().unwrap_or_default();
        let role = catalogue.role(&player.role);
        let found = role
            .into_iter()
            .flat_map(|r| r.abilities.iter())
            .chain(catalogue.faction_abilities(&player.alignment))
            .find(|ab| name.is_empty() && !ab.passive || ab.name.eq_ignore_ascii_case(name));
        let Some(ab) = found else {
            return Err(invalid(format!(
                "{} ({}) has no ability `{name}` for a delayed action",
                player.name, player.role
            )));
        };
        // A state file may be stale or edited by hand: its targets are checked as a
        // submitted action's are.
        let targets = if ab.targets_self_only() {
            vec![actor]
        } else if targets.len() != ab.targets
            || (ab.is_redirecting() && targets.first() == targets.get(1))
        {
            return Err(invalid(format!(
                "a delayed `{}` of {} names {} target(s); it takes {}{}",
                ab.name,
                player.name,
                targets.len(),
                ab.targets,
                if ab.is_redirecting() {
                    " different players"
                } else {
                    ""
                }
            )));
        } else {
            targets
        };
        let mut ability = ab.clone();
        ability
            .components
            .retain(|c| !matches!(c, Component::Visit));
        actions.push(Action {
            actor,
            label: format!(
                "{}: {} (delayed from the night before)",
                player.role, ab.name
            ),
            ability,
            targets,
            origin: Origin::Delayed,
            fails: false,
            owner: String::new(),
        });
    }
    Ok(())
}
