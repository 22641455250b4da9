//! Random legal play, for property tests and benchmarks: every living player votes on each
//! open poll they may vote on and tries each of their chosen-action abilities on a random
//! living player. All choices come from a caller-owned seed, never from the game's RNG, so
//! the same game seed and driver seed always give the same game.

use mafia_roles::ability::{Timing, Trigger};
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

use crate::engine::Game;
use crate::rng;
use crate::state::Opt;

/// The driver's own generator: the same ChaCha8 as the game's RNG, seeded the same way from
/// the driver seed, and separate from the game's.
#[derive(Debug, Clone)]
pub struct Driver(ChaCha8Rng);

impl Driver {
    pub fn new(seed: u64) -> Driver {
        Driver(rng::seeded(seed))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        rng::below(&mut self.0, n)
    }
}

/// The `act` lines a random driver sends this phase (votes and abilities), in order.
pub fn random_lines(game: &Game, d: &mut Driver) -> Vec<String> {
    let s = &game.state;
    let mut lines = Vec::new();
    let living = game.living();
    if living.is_empty() {
        return lines;
    }
    for poll in s.polls.iter().filter(|p| p.open) {
        for &v in &poll.voters {
            if !s.players[v].alive || poll.options.is_empty() || d.below(4) == 0 {
                continue;
            }
            let o = &poll.options[d.below(poll.options.len())];
            let choice = match o {
                Opt::Player(p) => s.players[*p].name.clone(),
                Opt::Text(t) => t.clone(),
            };
            lines.push(format!(
                "{}: Vote {}: {choice}",
                s.players[v].name, poll.name
            ));
        }
    }
    for &p in &living {
        let Some(def) = game.lib.role(&s.players[p].role) else {
            continue;
        };
        for (ab, _) in &def.abilities {
            let Trigger::Timing { timing, .. } = &ab.trigger else {
                continue;
            };
            let chosen = matches!(
                timing,
                Timing::Immediate
                    | Timing::ImmediateNight
                    | Timing::ImmediateDay
                    | Timing::EndNight
                    | Timing::EndDay
            );
            if !chosen || d.below(2) == 0 {
                continue;
            }
            let target = &s.players[living[d.below(living.len())]].name;
            lines.push(format!(
                "{}: {}: @Selection = {target}",
                s.players[p].name,
                timing.name()
            ));
        }
    }
    // Open choices: a random option (with a random target, in case it takes one).
    for &p in &living {
        for (trigger, options) in game.choice_answers(p) {
            if options.is_empty() || d.below(2) == 0 {
                continue;
            }
            let opt = &options[d.below(options.len())];
            let target = &s.players[living[d.below(living.len())]].name;
            lines.push(format!(
                "{}: {trigger}: @Chosen = {opt}, @Selection = {target}",
                s.players[p].name
            ));
        }
    }
    lines
}

/// Plays one phase at random (refused actions are simply skipped) and advances.
pub fn play_phase(game: &mut Game, d: &mut Driver) {
    for line in random_lines(game, d) {
        let _ = game.act(&line, "autoplay");
    }
    let _ = game.next_phase();
}

/// Plays until the game ends or `max_phases` phases have passed; returns the phases played.
pub fn play_to_end(game: &mut Game, d: &mut Driver, max_phases: usize) -> usize {
    let mut n = 0;
    while game.state.outcome.is_none() && n < max_phases {
        play_phase(game, d);
        n += 1;
    }
    n
}
