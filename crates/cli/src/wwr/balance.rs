//! `mafia wwr balance`: plays many games of a setup at random (`mafia_wwr::balance`) and
//! prints each team's win rate; this module only wires the library, prints, and draws the
//! progress bar on stderr.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use indicatif::{ProgressBar, ProgressStyle};
use mafia_wwr::balance::{self, Balance, BalanceError, Options};
use mafia_wwr::{Library, Setup};
use miette::{IntoDiagnostic, WrapErr, miette};

#[derive(Debug, clap::Args)]
pub struct BalanceArgs {
    /// The setup file (TOML), as for `mafia wwr new`.
    pub setup: PathBuf,
    /// How many games to play (random legal moves, on all cores).
    #[arg(long)]
    pub games: u64,
    /// The run's seed: the same seed gives the same report, whatever the number of cores.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = BalanceFormat::Text)]
    pub format: BalanceFormat,
    /// Also draw the report as an SVG chart into this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Cut a game still running after this many phases (counted as unfinished).
    #[arg(long, value_name = "K", default_value_t = Options::DEFAULT_MAX_PHASES)]
    pub max_phases: usize,
}

/// How the report is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum BalanceFormat {
    /// A small table: wins, rate and 95 % interval per team.
    Text,
    /// `{"games", "teams": {"<team>": {"wins", "rate", "ci95"}}, "mean_phases", "unfinished"}`.
    Json,
}

/// A progress bar on stderr, or a hidden one when stderr is not a terminal.
fn progress(games: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} (eta {eta})")
    {
        bar.set_style(style);
    }
    bar
}

pub fn run(args: BalanceArgs) -> miette::Result<ExitCode> {
    let opts = Options {
        games: args.games,
        seed: args.seed,
        max_phases: args.max_phases,
    };
    let refused = |e: BalanceError| match e {
        BalanceError::NoGames => miette!(help = "`--games 400` plays 400 games", "--games 0: {e}"),
        BalanceError::NoPhases => miette!(
            help = format!(
                "leave --max-phases out for its default, {}",
                Options::DEFAULT_MAX_PHASES
            ),
            "--max-phases 0: {e}"
        ),
        BalanceError::Setup(_) => miette!("{}: {e}", args.setup.display()),
    };
    // Refuse a run that cannot start before reading the role set.
    if opts.games == 0 {
        return Err(refused(BalanceError::NoGames));
    }
    if opts.max_phases == 0 {
        return Err(refused(BalanceError::NoPhases));
    }
    let setup = Setup::load(&args.setup).map_err(|e| miette!("{e}"))?;
    let lib = Library::load(&setup.roles_dir).map_err(|e| miette!("{e}"))?;
    let balance = Balance::new(setup, Arc::new(lib)).map_err(refused)?;
    let bar = progress(opts.games);
    let report = balance.run(&opts, &|| bar.inc(1)).map_err(refused);
    bar.finish_and_clear();
    let report = report?;
    if let Some(path) = &args.svg {
        std::fs::write(path, balance::svg(&report))
            .into_diagnostic()
            .wrap_err_with(|| format!("cannot write the chart {}", path.display()))?;
    }
    match args.format {
        BalanceFormat::Text => print!("{}", balance::text(&report)),
        BalanceFormat::Json => {
            let json = serde_json::to_string(&report).into_diagnostic()?;
            println!("{json}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
