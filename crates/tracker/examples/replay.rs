//! The pipeline of `mafia track` without the rest of the CLI (for timing and peak memory in
//! a build of this crate alone): read a JSON Lines thread, normalise, fold, print the status.
//!
//! `cargo run --release -p mafia-tracker --example replay -- /tmp/synthetic.toml /tmp/synthetic.jsonl`

use mafia_posts::{JsonlSource, PostSource};
use mafia_tracker::{Game, Tracker, report};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (Some(game), Some(posts)) = (args.next(), args.next()) else {
        return Err("usage: replay GAME.toml THREAD.jsonl".into());
    };
    let mut tracker = Tracker::new(Game::load(game.as_ref())?)?;
    let batch = JsonlSource::open(&posts)?.read()?;
    for problem in &batch.problems {
        eprintln!("warning: {problem}");
    }
    for raw in &batch.posts {
        tracker.apply(&raw.normalise());
    }
    print!("{}", report::text(&tracker.status()));
    Ok(())
}
