//! The balance report (`mafia wwr balance`): many games of random legal play of one setup
//! (the [`autoplay`](crate::autoplay) driver) on all cores, and for each team its wins, its
//! win rate with a 95 % Wilson interval, the mean game length in phases, and the games no
//! team won (draws and games cut at the phase limit).
//!
//! Determinism: game `i` of a run with seed `S` is played from two seeds that depend on
//! `(S, i)` only ([`seeds`]), and the [`Tally`] adds up whole numbers, so the order in which
//! games finish (and so the number of threads) does not change the report.
//!
//! Parts: `play` (seeds, one game, a whole run on rayon's pool), `tally` (a game's result, the counts, the
//! Wilson interval, the [`Report`] as JSON), `render` (the text table and the SVG chart).

mod play;
mod render;
mod tally;

pub use play::{Balance, BalanceError, Options, seeds};
pub use render::{svg, text};
pub use tally::{GameResult, Report, Tally, TeamRate, wilson};
