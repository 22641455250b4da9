//! The WWR formalized role language: a typed AST, a parser that reports every error with its
//! place, a checker over a whole role set, and a canonical formatter.
//!
//! Module ownership:
//! - [`diag`]: diagnostics shared by every stage (byte spans into the file's source).
//! - [`ability`]: the ability grammar (triggers, ability types, selectors, conditions,
//!   restrictions, scaling, compulsion, complex actions, durations) and its formatting.
//! - the element modules (files, roles, teams, groups, polls, locations, attributes, ability
//!   sets), the corpus loader and the checker.

pub mod ability;
pub mod diag;
