//! A host's correction: one `[[corrections]]` record of the game file (or of the service's
//! store), applied by the replay right after post `at` as if the GM had posted it then
//! (`state/corrections.rs`). [`Correction::to_toml`] writes a record back as the game file
//! holds it; review items carry such text in their `fix`.
//!
//! ```toml
//! [[corrections]]
//! at = 410                 # a post number: the correction applies right after that post
//! phase = "Day 4"          # this phase begins after post 410
//! comment = "host forgot"  # optional on every record
//! ```
//!
//! A `phase` before the running one renumbers the running phase (the host misnumbered it).
//! The other actions, one per record: `end_phase = true`, `dies = "Name"` (its `comment` is
//! the death's), `resurrect = "Name"`, `replace = { new = "X", old = "Y" }`,
//! `vote = { voter = "A", target = "B" }` (target `"no lynch"` for a no-lynch vote),
//! `unvote = "A"`, `move_deadline = "24h later"`, `alias = { name = "X", slot = "Y" }`.
//! Names are players' names or aliases (a slot: a replaced player's old and new names are
//! the same slot).

use std::fmt::Write as _;

use jiff::SignedDuration;
use serde::{Deserialize, Serialize};

use crate::phase::Phase;

/// Who a correction's review items name, and the author of the post a correction stands
/// for: the game file, not a poster.
pub const FROM_THE_GAME_FILE: &str = "game file";

/// Where a review item's fix applies: just before the post that shows what the tracker did
/// not read or guessed (a record applies after its post), so that with the record in the game
/// file the post reads as told and the item is not listed again. A record at a number the
/// thread lacks applies before the next post, so post 1's is `at = 0`.
pub(crate) fn fix_at(post: u64) -> u64 {
    post.saturating_sub(1)
}

/// One correction record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Correction {
    /// The post number after which it applies.
    pub at: u64,
    pub action: CorrectionAction,
    /// The host's note; for `dies`, the death's comment ("lynched Day 3").
    pub comment: Option<String>,
}

/// What a correction does: the GM command it stands for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CorrectionAction {
    /// `phase = "Day 4"`: this phase begins (as "It is now Day 4"). A phase before the
    /// running one says the running phase is really that one, misnumbered (a host's "Night
    /// 5 has begun" that was Night 4): it is renumbered, nothing ends, and the tracker's
    /// results of the phases in between are dropped; refused if a day among them had votes.
    Phase(Phase),
    /// `end_phase = true`: the running phase ends now (as "Day 2 has ended early").
    EndPhase,
    /// `dies = "Name"`.
    Dies(String),
    /// `resurrect = "Name"`.
    Resurrect(String),
    /// `replace = { new = "X", old = "Y" }`: user `new` takes over `old`'s slot.
    Replace { new: String, old: String },
    /// `vote = { voter = "A", target = "B" }`: A's slot votes for B (or `no lynch`).
    Vote { voter: String, target: String },
    /// `unvote = "A"`.
    Unvote(String),
    /// `move_deadline = "24h later"` (negative: earlier).
    MoveDeadline(SignedDuration),
    /// `alias = { name = "X", slot = "Y" }`: votes for X count for Y's slot from then on.
    Alias { name: String, slot: String },
}

impl Correction {
    /// The record as the game file holds it: a `[[corrections]]` header, `at`, the action
    /// and the comment, one per line, ending with a newline. `Game::parse` reads it back to
    /// the same record.
    pub fn to_toml(&self) -> String {
        let mut out = format!("[[corrections]]\nat = {}\n", self.at);
        out.push_str(&self.action.to_toml());
        out.push('\n');
        if let Some(comment) = &self.comment {
            let _ = writeln!(out, "comment = {}", quote(comment));
        }
        out
    }
}

/// Several records as one text (a review item's `fix`): each record as
/// [`Correction::to_toml`] writes it, a blank line between them.
pub fn records_to_toml(records: &[Correction]) -> String {
    records
        .iter()
        .map(Correction::to_toml)
        .collect::<Vec<_>>()
        .join("\n")
}

impl CorrectionAction {
    /// The action's line of a record (`dies = "Bob"`), without a newline.
    pub fn to_toml(&self) -> String {
        match self {
            CorrectionAction::Phase(phase) => format!("phase = {}", quote(&phase.to_string())),
            CorrectionAction::EndPhase => "end_phase = true".to_owned(),
            CorrectionAction::Dies(name) => format!("dies = {}", quote(name)),
            CorrectionAction::Resurrect(name) => format!("resurrect = {}", quote(name)),
            CorrectionAction::Replace { new, old } => {
                format!("replace = {{ new = {}, old = {} }}", quote(new), quote(old))
            }
            CorrectionAction::Vote { voter, target } => format!(
                "vote = {{ voter = {}, target = {} }}",
                quote(voter),
                quote(target)
            ),
            CorrectionAction::Unvote(name) => format!("unvote = {}", quote(name)),
            CorrectionAction::MoveDeadline(by) => {
                format!("move_deadline = {}", quote(&move_text(*by)))
            }
            CorrectionAction::Alias { name, slot } => {
                format!(
                    "alias = {{ name = {}, slot = {} }}",
                    quote(name),
                    quote(slot)
                )
            }
        }
    }
}

/// The corrections a replay applies, in the order it applies them (by post number; record
/// order within a post), and how many it has applied.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct CorrectionQueue {
    list: Vec<Correction>,
    next: usize,
}

impl CorrectionQueue {
    pub(crate) fn new(corrections: &[Correction]) -> CorrectionQueue {
        let mut list = corrections.to_vec();
        list.sort_by_key(|c| c.at); // stable: record order within a post
        CorrectionQueue { list, next: 0 }
    }

    /// Whether the next correction is at a post before `number` (inclusive: at `number` or
    /// before).
    #[inline]
    pub(crate) fn due(&self, number: u64, inclusive: bool) -> bool {
        self.list.get(self.next).is_some_and(|c| {
            if inclusive {
                c.at <= number
            } else {
                c.at < number
            }
        })
    }

    /// Takes the next correction.
    pub(crate) fn take(&mut self) -> Option<Correction> {
        let c = self.list.get(self.next).cloned()?;
        self.next += 1;
        Some(c)
    }

    /// The corrections not applied yet.
    pub(crate) fn pending(&self) -> &[Correction] {
        &self.list[self.next.min(self.list.len())..]
    }
}

/// A deadline move in the words the game file reads: "24h later", "1h 30m earlier".
fn move_text(by: SignedDuration) -> String {
    let minutes = by.as_mins().unsigned_abs();
    let (hours, minutes) = (minutes / 60, minutes % 60);
    let amount = match (hours, minutes) {
        (h, 0) => format!("{h}h"),
        (0, m) => format!("{m}m"),
        (h, m) => format!("{h}h {m}m"),
    };
    let way = if by.is_negative() { "earlier" } else { "later" };
    format!("{amount} {way}")
}

/// A TOML basic string: quotes, backslashes and control characters escaped.
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_written_as_the_game_file_holds_it() {
        let c = Correction {
            at: 410,
            action: CorrectionAction::Dies("Bob".into()),
            comment: Some("lynched Day 3".into()),
        };
        assert_eq!(
            c.to_toml(),
            "[[corrections]]\nat = 410\ndies = \"Bob\"\ncomment = \"lynched Day 3\"\n"
        );
    }

    #[test]
    fn several_records_are_separated_by_a_blank_line() {
        let at = |at, action| Correction {
            at,
            action,
            comment: None,
        };
        let text = records_to_toml(&[
            at(409, CorrectionAction::EndPhase),
            at(410, CorrectionAction::Dies("Bob".into())),
        ]);
        assert_eq!(
            text,
            "[[corrections]]\nat = 409\nend_phase = true\n\n[[corrections]]\nat = 410\ndies = \"Bob\"\n"
        );
    }

    #[test]
    fn moves_are_written_in_hours_and_minutes() {
        assert_eq!(move_text(SignedDuration::from_hours(24)), "24h later");
        assert_eq!(move_text(SignedDuration::from_mins(-90)), "1h 30m earlier");
        assert_eq!(move_text(SignedDuration::from_mins(30)), "30m later");
    }

    #[test]
    fn quotes_and_backslashes_are_escaped() {
        assert_eq!(quote(r#"a "b" \c"#), r#""a \"b\" \\c""#);
        assert_eq!(quote("x\ny"), r#""x\ny""#);
    }
}
