//! The ability grammar. CONTRACT between the ability grammar and the element parser (keep the
//! signatures below; add to them, do not break them):
//!
//! - An *ability block* is one unindented line that starts with a trigger type followed by
//!   `:` (e.g. `Immediate Night: ...`), plus every following line that is indented or starts
//!   with a bullet glyph, up to the next unindented line.
//! - [`classify_line`] tells the element parser whether an unindented line starts an ability
//!   block (or looks like a misspelled one).
//! - [`parse_ability_block`] parses one block. `offset` is the byte offset of `text` in the
//!   file, so every span it reports points into the whole file. It never panics; it reports
//!   every problem it can find into `diags` and still returns the best AST it could build.
//! - [`Ability::format`] prints canonical text; parsing that text gives the same AST.
//! - [`Ability::visit_refs`] reports every reference to a named element (role, team, group,
//!   attribute, poll, ability set, location) and every context-only selector, so the
//!   checker can validate them.
//!
//! Modules: [`ast`] (the typed AST, [`Ability`] at its top; `==` ignores spans), `lex` (cursor, bracket matching),
//! `value` (selectors and constants), `condition`, `params` (restrictions, compulsion,
//! scaling, prompts), `trigger`, `types` (ability types), `block` (lines, bullets, heads),
//! `format` (canonical text), `refs` (reference walk and [`Reference`]). The parser is a hand-written recursive
//! descent over one line at a time: every line is parsed independently, so one bad line never
//! hides errors in the next one.
//!
//! ```
//! use mafia_roles::ability::parse_ability_block;
//!
//! let mut diags = Vec::new();
//! let text = "Immediate Night: Role Investigate @Selection (SD, WD) [Temporal: Night 2+]";
//! let ability = parse_ability_block(text, 0, &mut diags);
//! assert!(diags.is_empty());
//! assert_eq!(ability.to_text(), format!("{text}\n")); // canonical text round-trips
//!
//! parse_ability_block("Imediate Night: Atack @Selection", 0, &mut diags);
//! assert_eq!(diags[0].help.as_deref(), Some("did you mean `Immediate Night`?"));
//! ```

pub mod ast;
mod block;
mod condition;
mod format;
mod lex;
mod params;
mod refs;
mod trigger;
mod types;
mod value;

pub use ast::*;
pub use block::GLYPHS;
pub use refs::Reference;
pub use trigger::trigger_names;
pub use types::{ABILITY_KEYWORDS, DURATIONS, TARGET_TYPES};
pub use value::{PLAYER_SELECTORS, PROPERTIES, QUERY_KEYS, VARIABLES};

use crate::diag::Diagnostic;

/// What an unindented line of a formalized section is, as far as abilities are concerned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineKind {
    /// The line starts an ability block.
    Ability,
    /// The line is not an ability (a header such as `Inherit:`), or unknown.
    Other,
    /// The line looks like an ability whose trigger is misspelled; the suggestion is the
    /// closest known trigger type.
    MisspelledTrigger { found: String, suggestion: String },
}

/// Header keys of the element level that are never triggers (not reported as misspellings).
pub const HEADER_KEYS: &[&str] = &[
    "Inherit",
    "Require",
    "Role Attribute",
    "Identity",
    "Include",
    "Win Condition",
    "Available Options",
    "Allowed Voters",
    "Show Voters",
    "Random",
    "Sort Index",
    "Members",
    "Viewers",
    "Haunting",
];

/// Classifies one unindented line (without its line break).
///
/// A line is an ability when the text before its first top-level `: ` (or final `:`) parses as
/// a trigger type, or when a line without such a colon starts with a trigger type (so that the
/// parser can report the missing colon). Otherwise, when the text before the colon is not an
/// element header and is close to a known trigger type (Jaro-Winkler ≥ 0.85), it is a
/// misspelled trigger.
pub fn classify_line(line: &str) -> LineKind {
    classify_line_at(line, 0).0
}

/// The trigger of a line that [`classify_line_at`] found to be an ability, parsed with file
/// spans, and its colon: [`parse_ability_block_with`] takes it instead of parsing it again.
pub(crate) struct Head {
    colon: usize,
    trigger: Trigger,
}

/// [`classify_line`] for a line at file offset `offset`; for an ability whose trigger it
/// parsed, that trigger too.
pub(crate) fn classify_line_at(line: &str, offset: usize) -> (LineKind, Option<Head>) {
    let line = line.trim_end_matches(['\r', '\n']);
    if line.starts_with(char::is_whitespace) {
        return (LineKind::Other, None);
    }
    let Some(colon) = block::head_colon(line, 0, line.len()) else {
        // A trigger type without its colon is still an ability (the parser reports the colon).
        let starts_with_trigger = trigger::trigger_names().iter().any(|n| {
            line.len() >= n.len()
                && line.is_char_boundary(n.len())
                && line[..n.len()].eq_ignore_ascii_case(n)
                && line[n.len()..]
                    .chars()
                    .next()
                    .is_none_or(char::is_whitespace)
        });
        let kind = if starts_with_trigger {
            LineKind::Ability
        } else {
            LineKind::Other
        };
        return (kind, None);
    };
    let head = crate::source::trim(&line[..colon]);
    if head.is_empty() {
        return (LineKind::Other, None);
    }
    let mut c = lex::Cursor::new(line, 0, colon, offset);
    if let Ok(trigger) = c.trigger() {
        return (LineKind::Ability, Some(Head { colon, trigger }));
    }
    let collapsed = trigger::collapse_ws(head);
    if HEADER_KEYS
        .iter()
        .any(|k| k.eq_ignore_ascii_case(&collapsed))
    {
        return (LineKind::Other, None);
    }
    let kind = match trigger::suggest_trigger(&collapsed) {
        Some(suggestion) => LineKind::MisspelledTrigger {
            found: collapsed,
            suggestion,
        },
        None => LineKind::Other,
    };
    (kind, None)
}

/// Parses one ability block (see the module docs).
pub fn parse_ability_block(text: &str, offset: usize, diags: &mut Vec<Diagnostic>) -> Ability {
    let lines = 1 + text.bytes().filter(|&b| b == b'\n').count();
    parse_ability_block_with(text, offset, diags, None, lines)
}

/// [`parse_ability_block`] with the first line's trigger already parsed by
/// [`classify_line_at`] (on that first line, at the same `offset`). `lines` is the number of
/// lines of `text` (the caller has walked them).
pub(crate) fn parse_ability_block_with(
    text: &str,
    offset: usize,
    diags: &mut Vec<Diagnostic>,
    head: Option<Head>,
    lines: usize,
) -> Ability {
    let mut p = block::BlockParser {
        src: text,
        base: offset,
        errs: Vec::new(),
        depth: 0,
    };
    let (trigger, params, steps) = p.block(head.map(|h| (h.colon, h.trigger)), lines);
    diags.extend(p.errs.into_iter().map(lex::PErr::into_diag));
    Ability {
        span: offset..offset + text.len(),
        trigger,
        params,
        steps,
    }
}

impl Ability {
    /// Appends the canonical text of this ability (with a trailing newline) to `out`.
    pub fn format(&self, out: &mut String) {
        self.trigger.write(out);
        out.push(':');
        match self.steps.as_slice() {
            [
                Step::Do {
                    ability, params, ..
                },
            ] if params.is_empty() => {
                out.push(' ');
                ability.write(out);
                self.params.write(out);
                out.push('\n');
            }
            steps => {
                self.params.write(out);
                out.push('\n');
                format::write_steps(out, steps, 1);
            }
        }
    }

    /// The canonical text as a new string.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        self.format(&mut s);
        s
    }

    /// Calls `f` for every reference in this ability.
    pub fn visit_refs<'a>(&'a self, f: &mut dyn FnMut(Reference<'a>)) {
        refs::visit(self, f);
    }
}
