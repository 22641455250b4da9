//! `mafia track`: replay a game thread (JSON Lines) against a game file and print the status.
//! Only wiring: reading, folding and rendering live in `mafia-posts` and `mafia-tracker`.
//!
//! Errors go to stderr as one `error: <file>:<line>…: <what>` line each (not wrapped, so the
//! place stays readable and greppable). The run goes on past bad lines; it fails only when
//! nothing could be done.
use std::path::PathBuf;
use std::process::ExitCode;

use mafia_posts::{JsonlSource, PostSource};
use mafia_tracker::report::{self, Format};
use mafia_tracker::{Game, Tracker};

#[derive(Debug, clap::Args)]
pub struct TrackArgs {
    /// The game file (TOML).
    pub game: PathBuf,
    /// The thread's posts, one JSON object per line.
    #[arg(long)]
    pub posts: PathBuf,
    /// Show the state as of this post number (default: after the last post).
    #[arg(long, value_name = "N")]
    pub at: Option<u64>,
    /// Output format: text, json or bbcode.
    #[arg(long, default_value = "text")]
    pub format: Format,
}

fn fail(message: impl std::fmt::Display) -> miette::Result<ExitCode> {
    eprintln!("error: {message}");
    Ok(ExitCode::from(2))
}

pub fn run(args: TrackArgs) -> miette::Result<ExitCode> {
    let game = match Game::load(&args.game) {
        Ok(game) => game,
        Err(e) => return fail(e),
    };
    let mut tracker = match Tracker::new(game) {
        Ok(t) => t,
        Err(e) => return fail(format_args!("{}: {e}", args.game.display())),
    };
    let batch = match JsonlSource::open(&args.posts).and_then(|mut s| s.read()) {
        Ok(batch) => batch,
        Err(e) => return fail(e),
    };
    for problem in &batch.problems {
        eprintln!("warning: {problem} (line skipped)");
    }
    if batch.posts.is_empty() && !batch.problems.is_empty() {
        return fail(format_args!(
            "{}: no post could be read",
            args.posts.display()
        ));
    }
    for raw in batch
        .posts
        .iter()
        .filter(|p| args.at.is_none_or(|n| p.number <= n))
    {
        tracker.apply(&raw.normalise());
    }
    for gm in tracker.silent_gms() {
        eprintln!(
            "warning: {}: GM `{gm}` has no post in {} (check the spelling in `gms`)",
            args.game.display(),
            args.posts.display()
        );
    }
    match report::render(&tracker.status(), args.format) {
        Ok(out) => {
            print!("{out}");
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => fail(e),
    }
}
