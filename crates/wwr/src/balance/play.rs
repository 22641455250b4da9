//! Playing the games of a balance run: the seeds of game `i`, one game of random legal
//! play, and a whole run spread over rayon's thread pool (all cores unless the caller
//! installs a smaller pool).

use std::sync::Arc;

use rayon::prelude::*;

use super::tally::{GameResult, Report, Tally};
use crate::autoplay::{Driver, play_to_end};
use crate::engine::Game;
use crate::error::WwrError;
use crate::library::Library;
use crate::setup::Setup;

/// What a balance run plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// How many games (at least one).
    pub games: u64,
    /// The run's seed: with the game's index, it gives each game its seeds ([`seeds`]).
    pub seed: u64,
    /// A game still running after this many phases is cut (counted as unfinished).
    pub max_phases: usize,
}

impl Options {
    /// The phase limit when none is given: far above the length of a real game of the
    /// fixture setups (a five-player game takes a handful of phases), low enough that a
    /// setup where nobody can win costs little.
    pub const DEFAULT_MAX_PHASES: usize = 100;
}

/// Why a balance run cannot start.
#[derive(Debug, thiserror::Error)]
pub enum BalanceError {
    #[error("expected at least one game to play, not 0")]
    NoGames,
    #[error("expected a phase limit of at least one phase, not 0")]
    NoPhases,
    #[error("the setup cannot start a game: {0}")]
    Setup(#[source] WwrError),
}

/// The splitmix64 output function: a bijection of `u64` that spreads nearby inputs.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The golden-ratio increment of splitmix64 (odd, so its multiples are distinct mod 2^64).
const STEP: u64 = 0x9E37_79B9_7F4A_7C15;

/// The (game, driver) seeds of game `index` of a run with seed `seed`: splitmix64 states
/// `seed + (2i+1)·STEP` and `seed + (2i+2)·STEP`. They depend on `(seed, index)` only, and
/// within one run no two of them are equal (`STEP` is odd and `mix` a bijection).
pub fn seeds(seed: u64, index: u64) -> (u64, u64) {
    let k = index.wrapping_mul(2);
    let game = mix(seed.wrapping_add(k.wrapping_add(1).wrapping_mul(STEP)));
    let driver = mix(seed.wrapping_add(k.wrapping_add(2).wrapping_mul(STEP)));
    (game, driver)
}

/// A setup ready to be played many times.
#[derive(Debug, Clone)]
pub struct Balance {
    setup: Setup,
    lib: Arc<Library>,
}

impl Balance {
    /// Checks that the setup starts a game (roles known, requirements met) by starting one.
    pub fn new(setup: Setup, lib: Arc<Library>) -> Result<Balance, BalanceError> {
        Game::new(setup.clone(), lib.clone(), 0).map_err(BalanceError::Setup)?;
        Ok(Balance { setup, lib })
    }

    /// Plays game `index` of a run with seed `seed` to its end or to `max_phases`.
    pub fn play_one(
        &self,
        seed: u64,
        index: u64,
        max_phases: usize,
    ) -> Result<GameResult, WwrError> {
        let (game_seed, driver_seed) = seeds(seed, index);
        let mut game = Game::new(self.setup.clone(), self.lib.clone(), game_seed)?;
        let phases = play_to_end(&mut game, &mut Driver::new(driver_seed), max_phases);
        let s = &game.state;
        let mut teams: Vec<String> = s.teams.keys().cloned().collect();
        let (winners, finished) = match &s.outcome {
            Some(o) => (o.winners.clone(), true),
            None => (Vec::new(), false),
        };
        teams.extend(winners.iter().cloned());
        teams.sort();
        teams.dedup();
        Ok(GameResult {
            winners,
            teams,
            phases,
            finished,
        })
    }

    /// Plays every game of a run on the current rayon pool and adds them up; `on_game` is
    /// called once after each game (from any thread), for a progress bar.
    pub fn tally(
        &self,
        opts: &Options,
        on_game: &(dyn Fn() + Sync),
    ) -> Result<Tally, BalanceError> {
        if opts.games == 0 {
            return Err(BalanceError::NoGames);
        }
        if opts.max_phases == 0 {
            return Err(BalanceError::NoPhases);
        }
        (0..opts.games)
            .into_par_iter()
            .map(|i| self.play_one(opts.seed, i, opts.max_phases))
            .try_fold(Tally::default, |mut tally, result| {
                tally.add(&result?);
                on_game();
                Ok(tally)
            })
            .try_reduce(Tally::default, |a, b| Ok(a.merge(b)))
            .map_err(BalanceError::Setup)
    }

    /// [`Balance::tally`], then the report.
    pub fn run(&self, opts: &Options, on_game: &(dyn Fn() + Sync)) -> Result<Report, BalanceError> {
        Ok(self.tally(opts, on_game)?.report())
    }
}
