//! `mafia night`: owned by the night-resolution work (issue 4).
use std::process::ExitCode;

#[derive(Debug, clap::Subcommand)]
pub enum NightCommand {
    /// Resolve a night file.
    Resolve { night: std::path::PathBuf },
}

pub fn run(_cmd: NightCommand) -> miette::Result<ExitCode> {
    Err(miette::miette!("`mafia night` is being built"))
}
