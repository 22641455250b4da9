//! `mafia track`: owned by the tracker work (issue 2).
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct TrackArgs {
    /// The game file (TOML).
    pub game: std::path::PathBuf,
}

pub fn run(_args: TrackArgs) -> miette::Result<ExitCode> {
    Err(miette::miette!("`mafia track` is being built"))
}
