//! Ability types: the part of a line that says what happens (`Attack @Selection`,
//! `Protect @Self from `Attacks` through Passive Defense (~UntilUse)`…).
//!
//! This module holds the vocabularies, the dispatcher that tries each family of types in a
//! fixed order, the value-led forms (`*Nothing*`, choices, feedback) and shared helpers; the
//! families themselves are in `actions` (night actions on players), `communication` (polls,
//! votes, whispers, groups, information) and `state` (attributes, roles, counters, displays…).

use super::ast::{AbilityKind, CompactString, Duration, Loc, Value};
use super::lex::{Cursor, PErr, PResult, split_top_commas, suggest};

mod actions;
mod communication;
mod state;

/// Attribute durations (guide, 2025-05 revision and draft).
pub const DURATIONS: &[&str] = &[
    "Permanent",
    "Persistent",
    "Phase",
    "NextPhase",
    "NextDay",
    "NextNight",
    "UntilUse",
    "UntilSecondUse",
    "Attribute",
    "UntilUseAttribute",
    "DelayedPhase",
    "PhaseAttribute",
    "NextPhaseAttribute",
    "NextDayAttribute",
    "NextNightAttribute",
];

/// Types accepted by `Target <Target> (<Type>)`.
pub const TARGET_TYPES: &[&str] = &[
    "Player",
    "Dead",
    "Ghost",
    "Role",
    "Attribute",
    "Category",
    "Full Category",
    "Boolean",
    "Option",
    "Player Optional",
];

/// The leading words of every ability type (for "did you mean" and the expected list).
pub const ABILITY_KEYWORDS: &[&str] = &[
    "Kill",
    "Attack",
    "Lynch",
    "True Kill",
    "Banish",
    "True Banish",
    "Role Investigate",
    "Alignment Investigate",
    "Category Investigate",
    "Class Investigate",
    "Attribute Investigate",
    "Investigate",
    "Target",
    "Untarget",
    "Weakly Disguise",
    "Strongly Disguise",
    "Protect",
    "Apply",
    "Remove",
    "Change",
    "Redirect",
    "Manipulate",
    "Add",
    "Create",
    "Cancel",
    "Delete",
    "Whisper",
    "Join",
    "Leave",
    "Grant",
    "Revoke",
    "Transfer",
    "Loyalty",
    "Obstruct",
    "Reveal",
    "Announce",
    "Learn",
    "Know",
    "Role Change",
    "Alignment Change",
    "Group Change",
    "Copy",
    "Ascend",
    "Descend",
    "Win",
    "Disband",
    "Increment Counter",
    "Decrement Counter",
    "Set Counter",
    "Conversation Reset",
    "Switch",
    "Shuffle",
    "Emit",
    "End Emit",
    "Display",
    "Update",
    "Format",
    "Resurrect",
    "Lock",
    "Unlock",
    "Execute",
    "Activate",
    "Continue",
    "Store",
    "Log",
    "Success",
    "Failure",
];

/// One family of ability types: its parser (`None` when its leading keyword is not there)
/// and the first letters of its leading keywords (see [`letters`]).
type Family<'a> = (fn(&mut Cursor<'a>) -> PResult<Option<AbilityKind>>, u32);

/// The bit of an ASCII letter (either case) in a [`letters`] mask; 0 for any other character.
const fn first_letter_bit(c: char) -> u32 {
    if c.is_ascii_alphabetic() {
        1 << (c.to_ascii_lowercase() as u32 - 'a' as u32)
    } else {
        0
    }
}

/// The mask of the first letters of `keywords`.
const fn letters(keywords: &[&str]) -> u32 {
    let mut mask = 0;
    let mut i = 0;
    while i < keywords.len() {
        mask |= first_letter_bit(keywords[i].as_bytes()[0] as char);
        i += 1;
    }
    mask
}

/// The families of ability types in the order they are tried, each with the leading keywords
/// its parser looks for first (a family whose keywords do not start with the clause's first
/// letter cannot match it). Changing before investigating: both start with Role/Alignment.
fn families<'a>() -> [Family<'a>; 21] {
    [
        (
            Cursor::killing,
            letters(&[
                "Kill",
                "Attack",
                "Lynch",
                "True Kill",
                "Banish",
                "True Banish",
            ]),
        ),
        (
            Cursor::role_changing,
            letters(&["Role", "Alignment", "Group"]),
        ),
        (
            Cursor::investigating,
            letters(&[
                "Role",
                "Alignment",
                "Category",
                "Class",
                "Attribute",
                "Investigate",
            ]),
        ),
        (Cursor::targeting, letters(&["Untarget", "Target"])),
        (Cursor::disguising, letters(&["Weakly", "Strongly"])),
        (Cursor::protecting, letters(&["Protect"])),
        (Cursor::attributes, letters(&["Apply", "Remove", "Change"])),
        (Cursor::redirecting, letters(&["Redirect"])),
        (Cursor::manipulating, letters(&["Manipulate"])),
        (
            Cursor::polls,
            letters(&["Add", "Cancel", "Delete", "Create"]),
        ),
        (Cursor::cancelling, letters(&["Cancel"])),
        (Cursor::whispering, letters(&["Whisper"])),
        (Cursor::group_membership, letters(&["Join", "Leave", "Add"])),
        (
            Cursor::extra_roles,
            letters(&["Grant", "Revoke", "Transfer", "Loyalty"]),
        ),
        (Cursor::obstructing, letters(&["Obstruct"])),
        (
            Cursor::informing,
            letters(&["Reveal", "Announce", "Learn", "Know"]),
        ),
        (
            Cursor::copy_and_ascension,
            letters(&["Copy", "Ascend", "Descend", "Win", "Disband"]),
        ),
        (
            Cursor::counters_and_resets,
            letters(&["Increment", "Decrement", "Set", "Conversation Reset"]),
        ),
        (Cursor::swapping_players, letters(&["Switch", "Shuffle"])),
        (
            Cursor::display,
            letters(&["End", "Emit", "Display", "Update", "Format"]),
        ),
        (
            Cursor::real_file_abilities,
            letters(&[
                "Resurrect",
                "Unlock",
                "Lock",
                "Execute",
                "Activate",
                "Continue",
                "Store",
                "Log",
            ]),
        ),
    ]
}

impl Cursor<'_> {
    /// Parses one ability occupying the whole cursor range.
    pub(crate) fn ability(&mut self) -> PResult<AbilityKind> {
        self.ws();
        let start = self.pos;
        // The result is returned as the dispatcher built it (an ability is large: not moved).
        let a = self.ability_inner();
        if a.is_ok() && !self.at_end() {
            let mut e = self.err_here(
                "unexpected text after the ability",
                &[
                    "`[<Restriction>]`",
                    "`{<Compulsion>}`",
                    "`⟨<Scaling>⟩`",
                    "`|<Prompt>|`",
                    "end of line",
                ],
            );
            if e.span.start < self.base + start {
                e.span = self.span(start, self.end);
            }
            return Err(e);
        }
        a
    }

    /// Tries each family of ability types in a fixed order; the first whose leading keyword
    /// matches parses the rest. A family that does not match leaves the cursor where it was.
    ///
    /// Every family starts with one of its leading keywords ([`families`]), so only those
    /// whose keywords begin with the clause's first letter are tried (the cursor stands on
    /// that letter: `ability` skipped the whitespace); the order among them is kept.
    fn ability_inner(&mut self) -> PResult<AbilityKind> {
        let bit = self.peek().map_or(0, first_letter_bit);
        if bit != 0 {
            for (family, letters) in families() {
                if letters & bit != 0
                    && let Some(a) = family(self)?
                {
                    return Ok(a);
                }
            }
        }
        self.nothing_choice_or_feedback()
    }

    /// The forms that start with a value: `*Nothing*`, choices and plain feedback; anything
    /// else is an unknown ability.
    fn nothing_choice_or_feedback(&mut self) -> PResult<AbilityKind> {
        use AbilityKind as A;
        self.ws();
        if crate::source::trim(self.rest()) == "*Nothing*" {
            self.pos = self.end;
            return Ok(A::Nothing);
        }
        // Choices and plain feedback start with a value.
        let start = self.pos;
        let first_word = self.rest().split_whitespace().next().unwrap_or("");
        let value = match self.value() {
            Ok(v) => v,
            Err(_) => return Err(self.unknown_ability(start, first_word)),
        };
        if self.kw("Choice") {
            if self.kw("Creation") {
                let recipient = if self.kw("for") {
                    Some(self.value()?)
                } else {
                    None
                };
                let (a, b) = self.group("the option list `(A, B)`")?;
                let options: Vec<CompactString> = split_top_commas(self.src, a, b)
                    .map(|(x, y)| CompactString::from(&self.src[x..y]))
                    .collect();
                if options.iter().any(|o| o.is_empty()) {
                    return Err(PErr::new(self.span(a, b), "empty choice option")
                        .expected(&["`(Option1, Option2)`"]));
                }
                return Ok(A::ChoiceCreation {
                    name: value,
                    recipient,
                    options,
                });
            }
            self.expect_kw("Choose", "or `Creation` after `Choice`")?;
            return Ok(A::ChoiceChoose {
                name: value,
                option: self.value()?,
            });
        }
        let is_feedback = match &value {
            Value::Word { text, .. } => {
                text.eq_ignore_ascii_case("Success") || text.eq_ignore_ascii_case("Failure")
            }
            Value::Path { .. } => true,
            _ => false,
        };
        if is_feedback && self.at_end() {
            return Ok(A::Feedback { value });
        }
        Err(self.unknown_ability(start, first_word))
    }

    fn unknown_ability(&self, start: usize, first_word: &str) -> PErr {
        let text = self.src[start..self.end].trim_end();
        let shown: String = text.chars().take(40).collect();
        let mut e = PErr::new(
            self.span(start, start + first_word.len().min(text.len())),
            format!("unknown ability type in `{shown}`"),
        )
        .expected(&[
            "an ability type (`Attack <Target>`, `Role Investigate <Target>`, `Apply <Attribute> to <Target>`…)",
            "feedback (`` `Text` ``, `Success`, `Failure`, `@Result`)",
            "`<Condition>: <Ability>`",
        ]);
        // Compare one and two leading words against the ability keywords.
        let words: Vec<&str> = text.split_whitespace().take(2).collect();
        let one = words.first().copied().unwrap_or("");
        let two = words.join(" ");
        let cand = suggest(&two, ABILITY_KEYWORDS.iter().copied())
            .or_else(|| suggest(one, ABILITY_KEYWORDS.iter().copied()));
        if let Some(s) = cand {
            e = e.help(format!("did you mean `{s}`?"));
        }
        e
    }

    /// Optional additional attribute data `(<Value>, …)`.
    fn attribute_data(&mut self) -> PResult<Vec<Value>> {
        let mut data = Vec::new();
        self.ws();
        if self.peek() == Some('(') {
            let (a, b) = self.group("additional attribute data")?;
            for (x, y) in split_top_commas(self.src, a, b) {
                let mut c = Cursor::new(self.src, x, y, self.base);
                let v = c.value()?;
                if !c.at_end() {
                    return Err(c.err_here("unexpected text in attribute data", &["`,`", "`)`"]));
                }
                data.push(v);
            }
        }
        Ok(data)
    }

    /// An optional `(~Duration)`.
    fn opt_duration(&mut self) -> PResult<Option<Duration>> {
        let save = self.pos;
        self.ws();
        if self.peek() != Some('(')
            || !crate::source::trim_start(&self.rest()[1..]).starts_with('~')
        {
            self.pos = save;
            return Ok(None);
        }
        let (a, b) = self.group("a duration")?;
        let inner = crate::source::trim(&self.src[a..b]);
        let name = inner.trim_start_matches('~').trim();
        let Some(known) = DURATIONS.iter().find(|d| d.eq_ignore_ascii_case(name)) else {
            let mut e =
                PErr::new(self.span(a, b), format!("unknown duration `{inner}`")).expected(&[
                    "`~Permanent`",
                    "`~Persistent`",
                    "`~Phase`",
                    "`~NextDay`",
                    "`~UntilUse`",
                    "…",
                ]);
            if let Some(s) = suggest(name, DURATIONS.iter().copied()) {
                e = e.help(format!("did you mean `~{s}`?"));
            }
            return Err(e);
        };
        Ok(Some(Duration {
            name: (*known).into(),
            loc: Loc::new(self.span(a - 1, b + 1)),
        }))
    }

    /// Optional `(SD, WD)` disguise levels.
    fn disguise_levels(&mut self) -> PResult<Vec<CompactString>> {
        self.ws();
        if self.peek() != Some('(') {
            return Ok(Vec::new());
        }
        let (a, b) = self.group("disguise levels `(SD, WD)`")?;
        let mut out = Vec::new();
        for (x, y) in split_top_commas(self.src, a, b) {
            let t = &self.src[x..y];
            if t.eq_ignore_ascii_case("SD") || t.eq_ignore_ascii_case("WD") {
                out.push(t.to_ascii_uppercase().into());
            } else {
                return Err(
                    PErr::new(self.span(x, y), format!("unknown disguise level `{t}`"))
                        .expected(&["`SD`", "`WD`"]),
                );
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The dispatcher tries only the families gated on the clause's first letter: every
    /// ability type's leading keyword must start with a letter some family is gated on, or a
    /// new keyword with a new first letter would fall silently to the value forms.
    #[test]
    fn every_leading_keyword_starts_with_a_gated_letter() {
        let gated = families()
            .iter()
            .fold(0, |mask, (_, letters)| mask | letters);
        for keyword in ABILITY_KEYWORDS {
            let bit = keyword.chars().next().map_or(0, first_letter_bit);
            assert_ne!(bit & gated, 0, "no family is tried for {keyword:?}");
        }
    }
}
