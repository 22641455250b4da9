//! `mafia roles`: owned by the role-language work (issue 3).
use std::process::ExitCode;

#[derive(Debug, clap::Subcommand)]
pub enum RolesCommand {
    /// Check role files for errors.
    Check { path: std::path::PathBuf },
}

pub fn run(_cmd: RolesCommand) -> miette::Result<ExitCode> {
    Err(miette::miette!("`mafia roles` is being built"))
}
