//! `mafia night`: resolve a night file by Reasonable Action Resolution or the simple method.
use std::path::PathBuf;
use std::process::ExitCode;

use mafia_night::{Catalogue, GameState, Method, NightFile, resolve_file, resolve_file_with_state};
use miette::{IntoDiagnostic, WrapErr};

#[derive(Debug, clap::Subcommand)]
pub enum NightCommand {
    /// Resolve a night file: who dies, who saved whom, each player's result PM.
    Resolve(ResolveArgs),
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum MethodArg {
    /// Reasonable Action Resolution (Method 2).
    Rar,
    /// The simple method (Method 1): a fixed order.
    Simple,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum FormatArg {
    Text,
    Json,
}

#[derive(Debug, clap::Args)]
pub struct ResolveArgs {
    /// The night file (TOML: [[players]] and [[actions]]).
    pub night: PathBuf,
    #[arg(long, value_enum, default_value = "rar")]
    pub method: MethodArg,
    /// Show the reason tree of every effect (RAR) or every step (simple method).
    #[arg(long)]
    pub explain: bool,
    #[arg(long, value_enum, default_value = "text")]
    pub format: FormatArg,
    /// A role catalogue to use instead of the standard one.
    #[arg(long)]
    pub catalogue: Option<PathBuf>,
    /// A file of the host's own roles, added beside the catalogue (a name already taken is
    /// an error).
    #[arg(long)]
    pub extra_roles: Option<PathBuf>,
    /// The game state kept from night to night (JSON: the last night's number, X-shot
    /// uses); read if it exists, and written back after the night resolves.
    #[arg(long)]
    pub state: Option<PathBuf>,
}

pub fn run(cmd: NightCommand) -> miette::Result<ExitCode> {
    match cmd {
        NightCommand::Resolve(args) => resolve(args),
    }
}

fn resolve(args: ResolveArgs) -> miette::Result<ExitCode> {
    let mut catalogue = match &args.catalogue {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .into_diagnostic()
                .wrap_err_with(|| format!("cannot read the catalogue {}", path.display()))?;
            Catalogue::from_toml(&text, &path.display().to_string()).map_err(invalid)?
        }
        None => Catalogue::standard().map_err(invalid)?,
    };
    if let Some(path) = &args.extra_roles {
        let text = std::fs::read_to_string(path)
            .into_diagnostic()
            .wrap_err_with(|| format!("cannot read the extra roles {}", path.display()))?;
        catalogue
            .add_extra(&text, &path.display().to_string())
            .map_err(invalid)?;
    }
    let text = std::fs::read_to_string(&args.night)
        .into_diagnostic()
        .wrap_err_with(|| format!("cannot read the night file {}", args.night.display()))?;
    let file = NightFile::parse(&text, &args.night.display().to_string()).map_err(invalid)?;
    let method = match args.method {
        MethodArg::Rar => Method::Rar,
        MethodArg::Simple => Method::Simple,
    };
    let outcome = match &args.state {
        None => resolve_file(&file, &catalogue, method, args.explain).map_err(invalid)?,
        Some(path) => {
            let mut state: GameState = if path.exists() {
                let text = std::fs::read_to_string(path)
                    .into_diagnostic()
                    .wrap_err_with(|| format!("cannot read the game state {}", path.display()))?;
                serde_json::from_str(&text)
                    .into_diagnostic()
                    .wrap_err_with(|| format!("the game state {} is not valid", path.display()))?
            } else {
                GameState::default()
            };
            let outcome =
                resolve_file_with_state(&file, &catalogue, method, args.explain, &mut state)
                    .map_err(invalid)?;
            let json = serde_json::to_string_pretty(&state).into_diagnostic()?;
            std::fs::write(path, json + "\n")
                .into_diagnostic()
                .wrap_err_with(|| format!("cannot write the game state {}", path.display()))?;
            outcome
        }
    };
    match args.format {
        FormatArg::Text => print!("{}", outcome.render_text()),
        FormatArg::Json => println!(
            "{}",
            serde_json::to_string_pretty(&outcome).into_diagnostic()?
        ),
    }
    Ok(ExitCode::SUCCESS)
}

/// An invalid night is the user's input problem: its message alone, file:line:column first
/// (printed as one `error:` line by `errors::report`).
fn invalid(e: mafia_night::NightError) -> miette::Report {
    miette::miette!("{e}")
}
