//! `mafia audit`: check every vote count the hosts posted in a thread against the tracker's
//! tally at that post. Only wiring: reading the posts is `track::read_posts`, the audit is
//! `mafia_tracker::audit`.
use std::path::PathBuf;
use std::process::ExitCode;

use mafia_tracker::Game;
use mafia_tracker::audit::audit;

use crate::track::thread;

/// Shown after the options of `mafia audit --help`.
const AUDIT_HELP: &str = "\
What is read as a host's vote count (in GM posts, outside quotes):
  Bob (3): Alice, Carol, [s]Dave[/s], Erin      struck voters do not count
  Bob [L-2] - Alice, Carol
  table rows: <td>Bob</td><th>3</th><td>Alice</td>...
  the tracker's own BBCode count (mafia track --format bbcode)

Each count is compared, voter for voter and by slot (a replaced player's names are one
voter), with the tally as of its post (a count in the post that ends the day: the tally
before it). Where they differ, the report names the post where ours and the host's parted.

Example:
  mafia audit crates/tracker/tests/games/student-mafia-v.toml \\
    --posts ../shared/fixtures/threads/teamliquid/student-mafia-v.jsonl";

#[derive(Debug, clap::Args)]
#[command(after_help = AUDIT_HELP)]
pub struct AuditArgs {
    /// The game file (TOML).
    pub game: PathBuf,
    /// The thread's posts, one JSON object per line, or a saved forum page (`.html`).
    #[arg(long)]
    pub posts: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = AuditFormat::Text)]
    pub format: AuditFormat,
}

/// How the audit is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum AuditFormat {
    /// One line per vote count: agrees, or the differences.
    Text,
    /// `{"found", "agreed", "vote_counts": [...]}`.
    Json,
}

fn fail(message: impl std::fmt::Display) -> miette::Result<ExitCode> {
    Err(miette::miette!("{message}"))
}

pub fn run(args: AuditArgs) -> miette::Result<ExitCode> {
    let game = match Game::load(&args.game) {
        Ok(game) => game,
        Err(e) => return fail(e),
    };
    let posts = thread(&args.posts)?;
    let report = match audit(game, &posts) {
        Ok(report) => report,
        Err(e) => return fail(format_args!("{}: {e}", args.game.display())),
    };
    let out = match args.format {
        AuditFormat::Text => report.text(),
        AuditFormat::Json => match report.json() {
            Ok(json) => json + "\n",
            Err(e) => return fail(e),
        },
    };
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}
