//! Random legal play, for property tests and benchmarks: every living player votes on each
//! open poll they may vote on and answers each of their prompts ([`Game::prompt_specs`])
//! with a target drawn from those the engine accepts now (and a choice's option at
//! random). All choices come from a caller-owned seed, never from the game's RNG, so
//! the same game seed and driver seed always give the same game.

use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

use crate::engine::{Chosen, Game, Secondary};
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
    // Each prompt, half the time: a target drawn from those the engine accepts, a second
    // player drawn likewise, a choice's option at random.
    for &p in &living {
        for spec in game.prompt_specs(p) {
            if d.below(2) == 0 {
                continue;
            }
            let mut args = Vec::new();
            if let Some(legal) = &spec.selection {
                if legal.is_empty() {
                    continue;
                }
                let q = legal[d.below(legal.len())];
                args.push(format!("@Selection = {}", s.players[q].name));
            }
            if let Some(Secondary::Players(legal)) = &spec.secondary {
                if legal.is_empty() {
                    continue;
                }
                let q = legal[d.below(legal.len())];
                args.push(format!("@SecondarySelection = {}", s.players[q].name));
            }
            if let Some(Chosen::Options(options)) = &spec.chosen {
                if options.is_empty() {
                    continue;
                }
                args.push(format!("@Chosen = {}", options[d.below(options.len())]));
            }
            let mut line = format!("{}: {}", s.players[p].name, spec.trigger);
            if let Some(k) = &spec.key {
                line.push_str(&format!(" |{k}|"));
            }
            if !args.is_empty() {
                line.push_str(": ");
                line.push_str(&args.join(", "));
            }
            lines.push(line);
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
