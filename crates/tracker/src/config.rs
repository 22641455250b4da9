//! The game file: a host's description of one game, in TOML.
//!
//! ```toml
//! name = "Demo Mafia"
//! gms = ["Moderator"]
//! zone = "Europe/Stockholm"
//! first_phase = "Day 1"
//! first_deadline = "2026-03-27 21:00"   # local time in `zone`; omit for announcement-driven games
//! day_length = "48h"
//! night_length = "24h"
//! players = ["Alice", { name = "Bob", aliases = ["Bobby"], alignment = "mafia" }]
//! vote_posts = "votes.jsonl"       # optional: a separate vote thread (read beside this file)
//!
//! [rules]
//! votes = ["bot", "bold", "tag"]   # `##VOTE name`, bold `Vote: name`, phpBB vote tags
//! majority = "lock"                # lock | hammer | plurality | none
//! dialect = "current"              # current | v2016
//! activity_min_posts = 3
//! night_talk = false               # true: living players may post at night
//!
//! [[corrections]]                  # what the tracker could not read, fixed by the host
//! at = 410                         # applies right after post 410, as if the GM posted it
//! dies = "Bob"                     # or phase = "Day 4", end_phase = true, resurrect = "Bob",
//! comment = "lynched Day 3"        # replace = { new = "X", old = "Bob" }, unvote = "Alice",
//!                                  # vote = { voter = "Alice", target = "Bob" },
//!                                  # move_deadline = "24h later", alias = { name = "B", slot = "Bob" }
//! ```
//!
//! Each `[[corrections]]` record has one action ([`crate::correction`]); its names are
//! players' names or aliases of this file, or names a `replace` or `alias` record brings in.

use std::ops::Range;
use std::path::{Path, PathBuf};

use jiff::{SignedDuration, civil, tz::TimeZone};
use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::commands::{Dialect, parse_duration};
use crate::correction::{Correction, CorrectionAction};
use crate::phase::{Phase, PhaseKind};
use crate::schedule::ScheduleConfig;

/// A vote syntax a game accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VoteSyntax {
    /// The tracker bot's: `##VOTE name`, `##UNVOTE`, `##VOTE NO LYNCH`.
    Bot,
    /// The rule set's: bolded `Vote: name`, `Unvote: name`, `Unvote`.
    Bold,
    /// A forum's vote tag markup (phpBB `[vote]name[/vote]`).
    Tag,
}

/// What a majority of votes does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MajorityProfile {
    /// The rule set: majority plus one more vote locks the wagon; locked votes stay.
    #[default]
    Lock,
    /// Reaching majority ends the day at that post.
    Hammer,
    /// Majority is shown but changes nothing.
    None,
    /// Whoever has the most votes at the deadline is lynched; a tie goes to the candidate who
    /// reached that number of votes first. Majority changes nothing.
    Plurality,
}

/// A player's alignment, for the 50 % rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Alignment {
    Town,
    #[serde(alias = "scum")]
    Mafia,
    /// Anyone neither town nor mafia (serial killers, survivors…).
    Other,
}

/// One player slot as the game file declares it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSpec {
    pub name: String,
    pub aliases: Vec<String>,
    pub alignment: Option<Alignment>,
}

/// The rules profile of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    pub votes: Vec<VoteSyntax>,
    pub majority: MajorityProfile,
    pub dialect: Dialect,
    /// Minimum posts per day phase for a player to count as active (0: no minimum).
    pub activity_min_posts: u32,
    /// Living players may post at night ("You may speak at night"): their night posts are not
    /// listed for the GM, unless they try to vote.
    #[serde(default)]
    pub night_talk: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            votes: vec![VoteSyntax::Bot, VoteSyntax::Bold, VoteSyntax::Tag],
            majority: MajorityProfile::Lock,
            dialect: Dialect::Current,
            activity_min_posts: 0,
            night_talk: false,
        }
    }
}

/// A checked game file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Game {
    pub name: String,
    pub gms: Vec<String>,
    pub players: Vec<PlayerSpec>,
    pub schedule: ScheduleConfig,
    pub rules: Rules,
    /// The host's corrections, in record order (`[[corrections]]`).
    #[serde(default)]
    pub corrections: Vec<Correction>,
    /// A separate vote thread's posts file, as written (`vote_posts = "votes.jsonl"`; a
    /// relative path is read from the game file's folder by the CLI).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vote_posts: Option<String>,
}

/// Why a game file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read game file {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{file}:{line}:{column}: {message}")]
    Invalid {
        file: String,
        line: usize,
        column: usize,
        message: String,
    },
}

// --- the raw TOML shape -------------------------------------------------------------------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGame {
    name: String,
    gms: Vec<Spanned<String>>,
    players: Vec<Spanned<RawPlayer>>,
    zone: Spanned<String>,
    first_phase: Spanned<String>,
    #[serde(default)]
    first_deadline: Option<Spanned<toml::Value>>,
    day_length: Spanned<String>,
    night_length: Spanned<String>,
    #[serde(default)]
    rules: RawRules,
    #[serde(default)]
    corrections: Vec<Spanned<RawCorrection>>,
    #[serde(default)]
    vote_posts: Option<Spanned<String>>,
}

/// One `[[corrections]]` record as written: `at`, exactly one action, an optional comment.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCorrection {
    at: Spanned<u64>,
    #[serde(default)]
    phase: Option<Spanned<String>>,
    #[serde(default)]
    end_phase: Option<Spanned<bool>>,
    #[serde(default)]
    dies: Option<Spanned<String>>,
    #[serde(default)]
    resurrect: Option<Spanned<String>>,
    #[serde(default)]
    replace: Option<Spanned<RawReplace>>,
    #[serde(default)]
    vote: Option<Spanned<RawVote>>,
    #[serde(default)]
    unvote: Option<Spanned<String>>,
    #[serde(default)]
    move_deadline: Option<Spanned<String>>,
    #[serde(default)]
    alias: Option<Spanned<RawAlias>>,
    #[serde(default)]
    comment: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReplace {
    new: Spanned<String>,
    old: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVote {
    voter: Spanned<String>,
    target: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAlias {
    name: Spanned<String>,
    slot: Spanned<String>,
}

/// Corrections alone (the service's form): one or more `[[corrections]]` records.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCorrections {
    corrections: Vec<Spanned<RawCorrection>>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawPlayer {
    Name(String),
    Full {
        name: String,
        #[serde(default)]
        aliases: Vec<String>,
        #[serde(default)]
        alignment: Option<Alignment>,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRules {
    #[serde(default = "default_votes")]
    votes: Vec<VoteSyntax>,
    #[serde(default)]
    majority: MajorityProfile,
    #[serde(default)]
    dialect: Dialect,
    #[serde(default)]
    activity_min_posts: u32,
    #[serde(default)]
    night_talk: bool,
}

impl Default for RawRules {
    fn default() -> Self {
        let r = Rules::default();
        RawRules {
            votes: r.votes,
            majority: r.majority,
            dialect: r.dialect,
            activity_min_posts: r.activity_min_posts,
            night_talk: r.night_talk,
        }
    }
}

fn default_votes() -> Vec<VoteSyntax> {
    Rules::default().votes
}

/// The key two spellings of a user name are compared by: surrounding spaces dropped, a run of
/// spaces inside read as one, lower case (`" Moderator "` and `moderator` are the same user;
/// so are `Terminal  Apathy` and `Terminal Apathy`: phpBB keeps a username's repeated spaces
/// in what it shows but compares names with them collapsed, and mafiascum thread 38659 shows
/// the account with two where its host writes one). Every comparison of user names in the
/// tracker, and in anything that asks it, goes through this.
pub fn user_key(name: &str) -> String {
    let name = name.trim();
    if !has_whitespace_run(name) {
        return name.to_lowercase();
    }
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Whether a name holds two whitespace characters in a row, or one that is not a space.
fn has_whitespace_run(name: &str) -> bool {
    let mut last_space = false;
    for c in name.chars() {
        let space = c.is_whitespace();
        if space && (last_space || c != ' ') {
            return true;
        }
        last_space = space;
    }
    false
}

impl Game {
    /// Whether `name` is one of the game's GMs (compared by [`user_key`]).
    pub fn is_gm(&self, name: &str) -> bool {
        let key = user_key(name);
        self.gms.iter().any(|g| user_key(g) == key)
    }

    /// Reads and checks a game file.
    pub fn load(path: &Path) -> Result<Game, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Game::parse(&text, &path.display().to_string())
    }

    /// Parses and checks the text of a game file; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<Game, ConfigError> {
        let at = |span: Option<Range<usize>>, message: String| {
            let (line, column) = line_column(text, span.map_or(0, |s| s.start));
            ConfigError::Invalid {
                file: file.to_string(),
                line,
                column,
                message,
            }
        };
        let raw: RawGame = toml::from_str(text).map_err(|e| {
            let message = e.message().trim().to_string();
            at(e.span(), message)
        })?;

        let zone = raw.zone.get_ref().trim().to_string();
        if TimeZone::get(&zone).is_err() {
            return Err(at(
                Some(raw.zone.span()),
                format!(
                    "unknown time zone `{zone}` (expected an IANA name such as Europe/Stockholm)"
                ),
            ));
        }
        let first_phase = parse_phase(raw.first_phase.get_ref()).ok_or_else(|| {
            at(
                Some(raw.first_phase.span()),
                format!(
                    "cannot read first_phase `{}` (expected \"Day 1\", \"Night 0\" or \"Night 1\")",
                    raw.first_phase.get_ref()
                ),
            )
        })?;
        let first_deadline = match &raw.first_deadline {
            None => None,
            Some(value) => Some(parse_local(value.get_ref()).ok_or_else(|| {
                at(
                    Some(value.span()),
                    "cannot read first_deadline (expected a local date and time such as \
                     \"2026-03-27 21:00\")"
                        .to_string(),
                )
            })?),
        };
        let length = |s: &Spanned<String>, what: &str| {
            parse_length(s.get_ref()).ok_or_else(|| {
                at(
                    Some(s.span()),
                    format!(
                        "cannot read {what} `{}` (expected a positive length such as \"48h\" or \"24h30m\")",
                        s.get_ref()
                    ),
                )
            })
        };
        let day_length = length(&raw.day_length, "day_length")?;
        let night_length = length(&raw.night_length, "night_length")?;

        let gms: Vec<String> = raw
            .gms
            .iter()
            .map(|g| g.get_ref().trim().to_string())
            .collect();
        if gms.is_empty() {
            return Err(at(
                None,
                "gms is empty (expected at least one GM user name)".into(),
            ));
        }
        let mut players: Vec<PlayerSpec> = Vec::new();
        let mut seen: Vec<(String, Range<usize>)> = Vec::new();
        for p in &raw.players {
            let spec = match p.get_ref() {
                RawPlayer::Name(name) => PlayerSpec {
                    name: name.trim().to_string(),
                    aliases: Vec::new(),
                    alignment: None,
                },
                RawPlayer::Full {
                    name,
                    aliases,
                    alignment,
                } => PlayerSpec {
                    name: name.trim().to_string(),
                    aliases: aliases.iter().map(|a| a.trim().to_string()).collect(),
                    alignment: *alignment,
                },
            };
            if spec.name.is_empty() {
                return Err(at(Some(p.span()), "a player has an empty name".into()));
            }
            for n in std::iter::once(&spec.name).chain(&spec.aliases) {
                let key = n.to_lowercase();
                if seen.iter().any(|(k, _)| *k == key) {
                    return Err(at(
                        Some(p.span()),
                        format!(
                            "the name or alias `{n}` is used twice (every name must be unique)"
                        ),
                    ));
                }
                seen.push((key, p.span()));
            }
            players.push(spec);
        }
        if players.is_empty() {
            return Err(at(
                None,
                "players is empty (expected the player list)".into(),
            ));
        }
        for g in &raw.gms {
            let key = g.get_ref().trim().to_lowercase();
            if players.iter().any(|p| p.name.to_lowercase() == key) {
                return Err(at(
                    Some(g.span()),
                    format!("`{}` is both a GM and a player", g.get_ref().trim()),
                ));
            }
        }

        let mut game = Game {
            name: raw.name,
            gms,
            players,
            schedule: ScheduleConfig {
                zone,
                first_phase,
                first_deadline,
                day_length,
                night_length,
            },
            rules: Rules {
                votes: raw.rules.votes,
                majority: raw.rules.majority,
                dialect: raw.rules.dialect,
                activity_min_posts: raw.rules.activity_min_posts,
                night_talk: raw.rules.night_talk,
            },
            corrections: Vec::new(),
            vote_posts: None,
        };
        if let Some(v) = &raw.vote_posts {
            if v.get_ref().trim().is_empty() {
                return Err(at(
                    Some(v.span()),
                    "vote_posts is empty (expected the vote thread's posts file)".into(),
                ));
            }
            game.vote_posts = Some(v.get_ref().trim().to_owned());
        }
        game.corrections = game.read_corrections(&raw.corrections, &at)?;
        Ok(game)
    }

    /// Reads correction records on their own (the text of one record, with or without its
    /// `[[corrections]]` header, or several records), checked against this game's names as
    /// the game file's own records are; `file` names the text in errors.
    pub fn parse_corrections(
        &self,
        text: &str,
        file: &str,
    ) -> Result<Vec<Correction>, ConfigError> {
        let at = |span: Option<Range<usize>>, message: String| {
            let (line, column) = line_column(text, span.map_or(0, |s| s.start));
            ConfigError::Invalid {
                file: file.to_string(),
                line,
                column,
                message,
            }
        };
        let toml_error = |e: toml::de::Error| at(e.span(), e.message().trim().to_string());
        let headed = text
            .lines()
            .any(|l| l.trim_start().starts_with("[[corrections]]"));
        let raw = if headed {
            toml::from_str::<RawCorrections>(text)
                .map_err(toml_error)?
                .corrections
        } else {
            let one: RawCorrection = toml::from_str(text).map_err(toml_error)?;
            vec![Spanned::new(0..text.len(), one)]
        };
        if raw.is_empty() {
            return Err(at(
                None,
                "no correction (expected `at = <post number>` and one action)".into(),
            ));
        }
        self.read_corrections(&raw, &at)
    }

    /// Checks raw records: exactly one action each, names this game knows (its players and
    /// aliases, names its own records and these bring in), phases and moves readable.
    fn read_corrections(
        &self,
        raw: &[Spanned<RawCorrection>],
        at: &dyn Fn(Option<Range<usize>>, String) -> ConfigError,
    ) -> Result<Vec<Correction>, ConfigError> {
        let mut known: Vec<String> = Vec::new();
        for p in &self.players {
            known.extend(
                std::iter::once(&p.name)
                    .chain(&p.aliases)
                    .map(|n| user_key(n)),
            );
        }
        for c in self.corrections.iter().map(|c| &c.action) {
            match c {
                CorrectionAction::Replace { new: name, .. }
                | CorrectionAction::Alias { name, .. } => known.push(user_key(name)),
                _ => {}
            }
        }
        for r in raw {
            let r = r.get_ref();
            if let Some(rep) = &r.replace {
                known.push(user_key(rep.get_ref().new.get_ref()));
            }
            if let Some(alias) = &r.alias {
                known.push(user_key(alias.get_ref().name.get_ref()));
            }
        }
        let name = |s: &Spanned<String>, role: &str| -> Result<String, ConfigError> {
            let n = s.get_ref().trim();
            if known.contains(&user_key(n)) {
                return Ok(n.to_string());
            }
            Err(at(
                Some(s.span()),
                format!(
                    "{role} `{n}` is not a player of this game (expected a name or alias from \
                     `players`, or a name a `replace` or `alias` correction brings in; a \
                     replacement read from the thread: write the slot's name from `players`)"
                ),
            ))
        };
        let fresh = |s: &Spanned<String>, role: &str| -> Result<String, ConfigError> {
            let n = s.get_ref().trim();
            if n.is_empty() {
                return Err(at(
                    Some(s.span()),
                    format!("{role} is empty (expected a user name)"),
                ));
            }
            Ok(n.to_string())
        };
        let mut out = Vec::with_capacity(raw.len());
        for spanned in raw {
            let r = spanned.get_ref();
            let mut actions: Vec<(Range<usize>, CorrectionAction)> = Vec::new();
            if let Some(p) = &r.phase {
                let phase = parse_phase(p.get_ref()).ok_or_else(|| {
                    at(
                        Some(p.span()),
                        format!("cannot read phase `{}` (expected a phase such as \"Day 4\" or \"Night 3\")", p.get_ref()),
                    )
                })?;
                actions.push((p.span(), CorrectionAction::Phase(phase)));
            }
            if let Some(e) = &r.end_phase {
                if !e.get_ref() {
                    return Err(at(
                        Some(e.span()),
                        "end_phase = false does nothing (expected end_phase = true)".into(),
                    ));
                }
                actions.push((e.span(), CorrectionAction::EndPhase));
            }
            if let Some(d) = &r.dies {
                actions.push((d.span(), CorrectionAction::Dies(name(d, "dies")?)));
            }
            if let Some(d) = &r.resurrect {
                actions.push((d.span(), CorrectionAction::Resurrect(name(d, "resurrect")?)));
            }
            if let Some(rep) = &r.replace {
                let v = rep.get_ref();
                let action = CorrectionAction::Replace {
                    new: fresh(&v.new, "replace's new")?,
                    old: name(&v.old, "replace's old")?,
                };
                actions.push((rep.span(), action));
            }
            if let Some(vote) = &r.vote {
                let v = vote.get_ref();
                let target = if is_no_lynch(v.target.get_ref()) {
                    v.target.get_ref().trim().to_string()
                } else {
                    name(&v.target, "vote's target")?
                };
                let action = CorrectionAction::Vote {
                    voter: name(&v.voter, "vote's voter")?,
                    target,
                };
                actions.push((vote.span(), action));
            }
            if let Some(u) = &r.unvote {
                actions.push((u.span(), CorrectionAction::Unvote(name(u, "unvote")?)));
            }
            if let Some(m) = &r.move_deadline {
                let by = parse_move(m.get_ref()).map_err(|why| at(Some(m.span()), why))?;
                actions.push((m.span(), CorrectionAction::MoveDeadline(by)));
            }
            if let Some(a) = &r.alias {
                let v = a.get_ref();
                let action = CorrectionAction::Alias {
                    name: fresh(&v.name, "alias's name")?,
                    slot: name(&v.slot, "alias's slot")?,
                };
                actions.push((a.span(), action));
            }
            // The second action as written is the one too many.
            actions.sort_by_key(|(span, _)| span.start);
            let action = match actions.len() {
                1 => actions.remove(0).1,
                0 => {
                    return Err(at(
                        Some(spanned.span()),
                        format!(
                            "the correction at post {} has no action (expected one of {ACTIONS})",
                            r.at.get_ref()
                        ),
                    ));
                }
                _ => {
                    return Err(at(
                        Some(actions[1].0.clone()),
                        format!(
                            "the correction at post {} has {} actions (expected exactly one; \
                             write one [[corrections]] record per action)",
                            r.at.get_ref(),
                            actions.len()
                        ),
                    ));
                }
            };
            out.push(Correction {
                at: *r.at.get_ref(),
                action,
                comment: r.comment.clone(),
            });
        }
        Ok(out)
    }
}

/// The actions a correction may have, for errors.
const ACTIONS: &str =
    "phase, end_phase, dies, resurrect, replace, vote, unvote, move_deadline, alias";

/// Whether a vote target is a no-lynch vote ("no lynch", "nolynch", "no-lynch").
pub fn is_no_lynch(target: &str) -> bool {
    let lower = target.trim().to_lowercase();
    crate::vocabulary::VoteWords::STANDARD
        .no_lynch
        .contains(&lower.as_str())
}

/// "24h later", "1 day earlier": a deadline move in the GM command's words.
fn parse_move(text: &str) -> Result<SignedDuration, String> {
    let lower = text.trim().trim_end_matches(['.', '!']).to_lowercase();
    let expected = "(expected a time and `later` or `earlier`, such as \"24h later\")";
    let (amount, sign) = if let Some(a) = lower.strip_suffix("later") {
        (a, 1)
    } else if let Some(a) = lower.strip_suffix("earlier") {
        (a, -1)
    } else {
        return Err(format!("cannot read move_deadline `{text}` {expected}"));
    };
    let by = parse_duration(amount)
        .map_err(|e| format!("cannot read move_deadline `{text}`: {e} {expected}"))?;
    if by.is_zero() {
        return Err(format!("move_deadline `{text}` moves nothing {expected}"));
    }
    Ok(if sign < 0 { -by } else { by })
}

/// 1-based line and column (in characters) of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut line = 1;
    let mut column = 1;
    for (i, c) in text.char_indices() {
        if i >= offset {
            break;
        }
        if c == '\n' {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
    }
    (line, column)
}

/// "Day 1", "night 0", "D1", "N1".
pub fn parse_phase(s: &str) -> Option<Phase> {
    let s = s.trim().to_lowercase();
    let (kind, rest) = if let Some(r) = s.strip_prefix("day") {
        (PhaseKind::Day, r)
    } else if let Some(r) = s.strip_prefix("night") {
        (PhaseKind::Night, r)
    } else if let Some(r) = s.strip_prefix('d') {
        (PhaseKind::Day, r)
    } else if let Some(r) = s.strip_prefix('n') {
        (PhaseKind::Night, r)
    } else {
        return None;
    };
    let number: u32 = rest.trim().parse().ok()?;
    Some(Phase { kind, number })
}

fn parse_local(value: &toml::Value) -> Option<civil::DateTime> {
    let text = match value {
        toml::Value::String(s) => s.trim().to_string(),
        toml::Value::Datetime(d) if d.offset.is_none() && d.date.is_some() => d.to_string(),
        _ => return None,
    };
    text.parse::<civil::DateTime>().ok()
}

/// "48h", "24h30m", "1 day 12 hours", "PT48H": a positive length.
pub fn parse_length(s: &str) -> Option<SignedDuration> {
    let t = s.trim();
    let d: SignedDuration = t
        .parse()
        .ok()
        .or_else(|| t.parse::<jiff::Span>().ok().and_then(span_to_duration))?;
    d.is_positive().then_some(d)
}

fn span_to_duration(span: jiff::Span) -> Option<SignedDuration> {
    // Days in a game length are 24 hours; the schedule keeps local clock times across DST.
    let days = i64::from(span.get_days()) + 7 * i64::from(span.get_weeks());
    let rest = span.days(0).weeks(0);
    let rest = SignedDuration::try_from(rest).ok()?;
    rest.checked_add(SignedDuration::from_hours(days.checked_mul(24)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_in_the_forms_hosts_write() {
        assert_eq!(parse_length("48h"), Some(SignedDuration::from_hours(48)));
        assert_eq!(
            parse_length("24h30m"),
            Some(SignedDuration::from_mins(24 * 60 + 30))
        );
        assert_eq!(parse_length("2 days"), Some(SignedDuration::from_hours(48)));
        assert_eq!(parse_length("1d 12h"), Some(SignedDuration::from_hours(36)));
        assert_eq!(parse_length("0h"), None);
        assert_eq!(parse_length("soon"), None);
    }

    #[test]
    fn phases_in_the_forms_hosts_write() {
        assert_eq!(parse_phase("Day 1"), Some(Phase::day(1)));
        assert_eq!(parse_phase("night 0"), Some(Phase::night(0)));
        assert_eq!(parse_phase("N1"), Some(Phase::night(1)));
        assert_eq!(parse_phase("Dusk 1"), None);
    }

    #[test]
    fn line_and_column_count_characters() {
        assert_eq!(line_column("ab\ncé\nx", 7), (3, 1));
        assert_eq!(line_column("ab\ncéx", 6), (2, 3));
    }
}
