//! `mafia`: the command line. This crate only wires the libraries together; all behaviour
//! lives in the library crates. Each subcommand family has its own module; every error and
//! warning is printed by [`errors`].

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod audit;
mod demo;
mod errors;
mod night;
mod roles;
mod serve;
mod track;
mod wwr;

/// The game host's engine for forum Mafia and Werewolf.
///
/// Track a game thread (votes, deaths, deadlines), check and format WWR role sheets, and
/// resolve night actions with a reason tree a host can check by hand.
#[derive(Debug, Parser)]
#[command(name = "mafia", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Replay a game thread and print the game state: phase, deadlines, votes, GM review.
    Track(track::TrackArgs),
    /// Check every vote count the hosts posted in a thread against the tracker's tally.
    Audit(audit::AuditArgs),
    /// Work with WWR formalized role sheets: check, format, show, and the language server (lsp).
    #[command(subcommand)]
    Roles(roles::RolesCommand),
    /// Resolve night actions.
    #[command(subcommand)]
    Night(night::NightCommand),
    /// Serve status pages, a JSON API and the GM dashboard (`--demo`: the bundled demo game).
    Serve(serve::ServeArgs),
    /// Run a WWR game from parsed role sheets: new, act, next, show.
    #[command(subcommand)]
    Wwr(wwr::WwrCommand),
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Track(args) => track::run(args),
        Command::Audit(args) => audit::run(args),
        Command::Roles(cmd) => roles::run(cmd),
        Command::Night(cmd) => night::run(cmd),
        Command::Serve(args) => serve::run(args),
        Command::Wwr(cmd) => wwr::run(cmd),
    };
    result.unwrap_or_else(|error| errors::report(&error))
}
