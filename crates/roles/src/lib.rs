//! The WWR formalized role language: a typed AST, a parser that reports every error with its
//! place, a checker over a whole role set, and a canonical formatter.
//!
//! Module ownership:
//! - [`diag`]: diagnostics shared by every stage (byte spans into the file's source) and
//!   their rendering (file:line:column, caret excerpt, expected forms, help).
//! - [`ability`]: the ability grammar (triggers, ability types, selectors, conditions,
//!   restrictions, scaling, compulsion, complex actions, durations) and its formatting.
//! - [`source`]: Discord-markdown extraction (title line, `__Formalized__` section).
//! - [`element`]: element kinds and their ASTs; splits a formalized section into header
//!   lines and ability blocks.
//! - [`corpus`]: loads a whole role set (kinds from `_paths`), or one file.
//! - [`check`]: cross-file checks over a role set.
//! - [`format`]: canonical text for whole files.

pub mod ability;
pub mod check;
pub mod corpus;
pub mod diag;
pub mod element;
pub mod format;
pub mod source;

pub use check::{Finding, check};
pub use corpus::{LoadError, ParsedFile, RoleSet};
pub use diag::{Diagnostic, Severity, Span};
pub use element::{Element, ElementKind, Item};
