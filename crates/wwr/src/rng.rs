//! The crate's one kind of generator: ChaCha8 seeded from a `u64`. The game's RNG
//! ([`GameRng`], its only source of randomness) is saved as (seed, word position), so a
//! reloaded game draws exactly the same numbers; the autoplay driver uses the same generator
//! with its own seed.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

/// A ChaCha8 generator seeded from `seed`, as the game's RNG and the autoplay driver seed it.
pub(crate) fn seeded(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A uniform number in `0..n` (`n > 0`) drawn from `rng`, without modulo bias.
#[inline]
pub(crate) fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    let n = n.max(1) as u64;
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let v = rng.next_u64();
        if v < zone {
            return (v % n) as usize;
        }
    }
}

/// The saved form of the RNG.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RngState {
    pub seed: u64,
    /// ChaCha word position (a u128), as a decimal string: JSON numbers cannot hold it.
    pub word_pos: String,
}

/// A seeded RNG that can be saved and restored.
#[derive(Debug, Clone)]
pub struct GameRng {
    seed: u64,
    inner: ChaCha8Rng,
}

impl GameRng {
    pub fn new(seed: u64) -> GameRng {
        GameRng {
            seed,
            inner: seeded(seed),
        }
    }

    pub fn restore(state: &RngState) -> Option<GameRng> {
        let pos: u128 = state.word_pos.parse().ok()?;
        let mut rng = GameRng::new(state.seed);
        rng.inner.set_word_pos(pos);
        Some(rng)
    }

    pub fn save(&self) -> RngState {
        RngState {
            seed: self.seed,
            word_pos: self.inner.get_word_pos().to_string(),
        }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// A uniform number in `0..n` (`n > 0`), without modulo bias.
    pub fn below(&mut self, n: usize) -> usize {
        below(&mut self.inner, n)
    }

    /// Shuffles a slice in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}
