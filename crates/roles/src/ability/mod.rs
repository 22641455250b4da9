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

use crate::diag::{Diagnostic, Span};

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

/// Classifies one unindented line (without its line break).
pub fn classify_line(_line: &str) -> LineKind {
    LineKind::Other
}

/// One ability: a trigger and what it does.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Ability {
    pub span: Span,
}

/// A reference from an ability to something named elsewhere, or a context-only selector.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reference<'a> {
    Role(&'a str, Span),
    Team(&'a str, Span),
    Group(&'a str, Span),
    Attribute(&'a str, Span),
    Poll(&'a str, Span),
    AbilitySet(&'a str, Span),
    Location(&'a str, Span),
    /// A selector that only has a meaning in some context (`@Visitor`, `@Ind`, `@Result`…);
    /// `allowed` says whether the surrounding trigger / construct provides that context.
    ContextSelector {
        name: &'a str,
        span: Span,
        allowed: bool,
    },
}

/// Parses one ability block (see the module docs).
pub fn parse_ability_block(text: &str, offset: usize, diags: &mut Vec<Diagnostic>) -> Ability {
    let _ = (text, diags);
    Ability {
        span: offset..offset,
    }
}

impl Ability {
    /// Appends the canonical text of this ability (with a trailing newline) to `out`.
    pub fn format(&self, _out: &mut String) {}

    /// Calls `f` for every reference in this ability.
    pub fn visit_refs<'a>(&'a self, _f: &mut dyn FnMut(Reference<'a>)) {}
}
