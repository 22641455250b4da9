//! `mafia track`: replay a game thread (JSON Lines) against a game file and print the status.
//! Only wiring: reading, folding and rendering live in `mafia-posts` and `mafia-tracker`.
//!
//! Errors go to stderr as one `error: <file>:<line>…: <what>` line each (printed by
//! `errors::report`). The run goes on past bad lines (each a `warning:`); it fails only when
//! nothing could be done.
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use mafia_posts::import::{Engine, PageSource};
use mafia_posts::{Batch, JsonlSource, PostSource, SourceError, SourceProblem};
use mafia_tracker::report::{self, Format};
use mafia_tracker::{Game, Tracker};

use crate::errors;

#[derive(Debug, clap::Args)]
pub struct TrackArgs {
    /// The game file (TOML).
    pub game: PathBuf,
    /// The thread's posts, one JSON object per line, or a saved forum page (`.html`: phpBB,
    /// XenForo or MTG Salvation).
    #[arg(long)]
    pub posts: PathBuf,
    /// Show the state as of this post number (default: after the last post).
    #[arg(long, value_name = "N")]
    pub at: Option<u64>,
    /// Output format: text, json or bbcode.
    #[arg(long, default_value = "text")]
    pub format: Format,
}

/// A failure of the run: its message alone (the place first, as the libraries write it).
fn fail(message: impl std::fmt::Display) -> miette::Result<ExitCode> {
    Err(miette::miette!("{message}"))
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
    let batch = match read_posts(&args.posts) {
        Ok(Some(batch)) => batch,
        Ok(None) => {
            return fail(format_args!(
                "{}: not a page of a known forum (expected phpBB, XenForo or MTG Salvation posts)",
                args.posts.display()
            ));
        }
        Err(e) => return fail(e),
    };
    for problem in &batch.problems {
        let what = match problem {
            SourceProblem::Jsonl(_) => "line",
            SourceProblem::Page { .. } => "post",
        };
        errors::warn(format_args!("{problem} ({what} skipped)"));
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
        errors::warn(format_args!(
            "{}: GM `{gm}` has no post in {} (check the spelling in `gms`)",
            args.game.display(),
            args.posts.display()
        ));
    }
    match report::render(&tracker.status(), args.format) {
        Ok(out) => {
            print!("{out}");
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => fail(e),
    }
}

/// The posts of a JSON Lines file, or of a saved `.html` page of a forum the importers read
/// (`None` when the page is of no known forum).
pub(crate) fn read_posts(path: &Path) -> Result<Option<Batch>, SourceError> {
    let is_page = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"));
    if !is_page {
        return JsonlSource::open(path).and_then(|mut s| s.read()).map(Some);
    }
    let text = std::fs::read_to_string(path).map_err(|source| SourceError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let Some(engine) = Engine::detect(&text) else {
        return Ok(None);
    };
    let mut source = PageSource::new(engine);
    source.push(path.display().to_string(), text);
    source.read().map(Some)
}
