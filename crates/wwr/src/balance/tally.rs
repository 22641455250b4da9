//! How one game ended ([`GameResult`]), the counts of a balance run ([`Tally`]), the Wilson score interval, and the [`Report`]
//! with its JSON form, exactly the issue's: `{"games": N, "teams": {"<team>": {"wins": k,
//! "rate": r, "ci95": [lo, hi]}}, "mean_phases": x, "unfinished": u}`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The normal quantile of a two-sided 95 % interval, rounded as usual to 1.96.
pub const Z95: f64 = 1.96;

/// The 95 % Wilson score interval of `k` successes out of `n` trials (`n > 0`):
/// `(p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n)` with `p = k/n`, `z = 1.96`,
/// clamped to `[0, 1]` (exactly 0 when `k = 0`, exactly 1 when `k = n`).
/// `n = 0` gives `[0, 1]`: nothing is known.
pub fn wilson(k: u64, n: u64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let nf = n as f64;
    let p = k as f64 / nf;
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / nf;
    let centre = (p + z2 / (2.0 * nf)) / denom;
    let half = Z95 * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt() / denom;
    let lo = if k == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let hi = if k == n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    [lo, hi]
}

/// How one game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    /// The teams that won (empty: a draw, or a game cut at the phase limit).
    pub winners: Vec<String>,
    /// Every team that had a member during the game (its key, e.g. `Werewolf`).
    pub teams: Vec<String>,
    /// Phases played (`next_phase` calls): D0, N1, D1 is three.
    pub phases: usize,
    /// Whether the game ended by itself rather than at the phase limit.
    pub finished: bool,
}

/// What a run has counted so far. Only whole numbers and sets, so adding games in any order
/// and merging partial tallies in any grouping give the same tally.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: u64,
    /// Wins by team; every team that had a member in some game is here, with 0 wins if none.
    pub wins: BTreeMap<String, u64>,
    /// Phases played, summed over all games (a cut game counts the phase limit).
    pub phases: u64,
    /// Games that ended with nobody alive.
    pub draws: u64,
    /// Games still running at the phase limit.
    pub cut: u64,
}

impl Tally {
    /// Counts one game.
    pub fn add(&mut self, game: &GameResult) {
        self.games += 1;
        self.phases += game.phases as u64;
        for team in &game.teams {
            self.wins.entry(team.clone()).or_insert(0);
        }
        for team in &game.winners {
            *self.wins.entry(team.clone()).or_insert(0) += 1;
        }
        if !game.finished {
            self.cut += 1;
        } else if game.winners.is_empty() {
            self.draws += 1;
        }
    }

    /// The tally of both runs' games.
    pub fn merge(mut self, other: Tally) -> Tally {
        self.games += other.games;
        self.phases += other.phases;
        self.draws += other.draws;
        self.cut += other.cut;
        for (team, wins) in other.wins {
            *self.wins.entry(team).or_insert(0) += wins;
        }
        self
    }

    /// The report of these games (`games > 0`; with no game, rates are 0 and intervals
    /// `[0, 1]`).
    pub fn report(&self) -> Report {
        let n = self.games;
        let rate = |k: u64| if n == 0 { 0.0 } else { k as f64 / n as f64 };
        Report {
            games: n,
            teams: self
                .wins
                .iter()
                .map(|(team, &wins)| {
                    let t = TeamRate {
                        wins,
                        rate: rate(wins),
                        ci95: wilson(wins, n),
                    };
                    (team.clone(), t)
                })
                .collect(),
            mean_phases: rate(self.phases),
            unfinished: self.draws + self.cut,
            draws: self.draws,
        }
    }
}

/// One team's line of the report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TeamRate {
    pub wins: u64,
    /// `wins / games`. Several teams may win one game, so rates may add up past 1.
    pub rate: f64,
    /// The 95 % Wilson interval of the rate.
    pub ci95: [f64; 2],
}

/// The balance report of a setup.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub games: u64,
    /// By team key (`Townsfolk`, `Werewolf`), in name order.
    pub teams: BTreeMap<String, TeamRate>,
    /// Phases per game, over all games (a cut game counts the phase limit).
    pub mean_phases: f64,
    /// Games no team won: draws (nobody left alive) and games cut at the phase limit.
    pub unfinished: u64,
    /// The draws among the unfinished games, for the text table. Not in the JSON, whose
    /// keys the issue fixes; 0 in a report read back from JSON.
    #[serde(skip)]
    pub draws: u64,
}

impl Report {
    /// The games cut at the phase limit.
    pub fn cut(&self) -> u64 {
        self.unfinished - self.draws
    }
}
