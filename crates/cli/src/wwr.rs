//! `mafia wwr`: run a WWR game from a setup file, phase by phase, saved as JSON.
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use mafia_wwr::{Game, GameState, Library, Setup};
use miette::{IntoDiagnostic, WrapErr, miette};

#[derive(Debug, clap::Subcommand)]
pub enum WwrCommand {
    /// Start a game from a setup file; prints the saved game (JSON) to stdout.
    New(NewArgs),
    /// Answer a prompt or vote: `"Alice: Immediate Night: @Selection = Bob"`; answer a choice
    /// with `@Chosen`: `"Ana: Immediate Night: @Chosen = Poison, @Selection = Bob"`; write in
    /// a channel, `"Alice: Say #tavern: hi"`, or through a whispering connection,
    /// `"Bob: Whisper Bartender: hi"`.
    Act(ActArgs),
    /// End the current phase and start the next one.
    Next(GameArg),
    /// Show the game: phase, players, polls; `--player` for one player's view.
    Show(ShowArgs),
}

#[derive(Debug, clap::Args)]
pub struct NewArgs {
    /// The setup file (TOML: players, roles, polls, roles_dir, [host]).
    pub setup: PathBuf,
    /// Seed of the game's random number generator.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

#[derive(Debug, clap::Args)]
pub struct ActArgs {
    /// The saved game (rewritten in place).
    pub game: PathBuf,
    /// One action line: `<Player>: <Trigger> [|prompt|]: @Selection = <X>[, @SecondarySelection
    /// = <Y>][, @Chosen = <Option>]` or `<Player>: Vote <Poll>: <Option>|none`.
    pub line: Option<String>,
    /// A file of action lines (one per line; `next` advances the phase; `#` comments).
    #[arg(long)]
    pub script: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct GameArg {
    /// The saved game (rewritten in place).
    pub game: PathBuf,
}

#[derive(Debug, clap::Args)]
pub struct ShowArgs {
    pub game: PathBuf,
    /// Show only what this player can see.
    #[arg(long)]
    pub player: Option<String>,
    /// Include the event log.
    #[arg(long)]
    pub log: bool,
}

/// Runs one `mafia wwr` command; its error is printed by `errors::report` in `main`.
pub fn run(cmd: WwrCommand) -> miette::Result<ExitCode> {
    match cmd {
        WwrCommand::New(args) => new(args),
        WwrCommand::Act(args) => act(args),
        WwrCommand::Next(args) => next(args),
        WwrCommand::Show(args) => show(args),
    }
}

fn new(args: NewArgs) -> miette::Result<ExitCode> {
    let setup = Setup::load(&args.setup).map_err(|e| miette!("{e}"))?;
    let lib = Library::load(&setup.roles_dir).map_err(|e| miette!("{e}"))?;
    let game = Game::new(setup, Arc::new(lib), args.seed).map_err(|e| miette!("{e}"))?;
    for u in &game.state.unsupported {
        eprintln!("{u}");
    }
    let json = serde_json::to_string_pretty(&game.state).into_diagnostic()?;
    println!("{json}");
    Ok(ExitCode::SUCCESS)
}

fn load(path: &Path) -> miette::Result<Game> {
    let text = std::fs::read_to_string(path)
        .into_diagnostic()
        .wrap_err_with(|| format!("cannot read the game {}", path.display()))?;
    let state: GameState = serde_json::from_str(&text).map_err(|e| {
        miette!(
            "{}:{}:{}: not a saved WWR game: {e}",
            path.display(),
            e.line(),
            e.column()
        )
    })?;
    let lib = Library::load(&state.setup.roles_dir).map_err(|e| miette!("{e}"))?;
    Game::load(state, Arc::new(lib)).map_err(|e| miette!("{}: {e}", path.display()))
}

fn save(path: &Path, game: &Game) -> miette::Result<()> {
    let json = serde_json::to_string_pretty(&game.state).into_diagnostic()?;
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, json + "\n")
        .into_diagnostic()
        .wrap_err_with(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path)
        .into_diagnostic()
        .wrap_err_with(|| format!("cannot replace {}", path.display()))
}

fn print_new_events(game: &Game, from: usize) {
    let s = &game.state;
    for e in &s.log[from..] {
        let to = match &e.to {
            mafia_wwr::state::Audience::Host => "host".to_string(),
            mafia_wwr::state::Audience::Public => "public".to_string(),
            mafia_wwr::state::Audience::Player(p) => format!("to {}", s.players[*p].name),
            mafia_wwr::state::Audience::Channel(c) => format!("#{c}"),
        };
        println!("[{}] {to}: {}", e.phase, e.text);
    }
}

fn act(args: ActArgs) -> miette::Result<ExitCode> {
    let mut game = load(&args.game)?;
    let from = game.state.log.len();
    let lines: Vec<(String, String)> = match (&args.line, &args.script) {
        (Some(l), None) => vec![("argument".to_string(), l.clone())],
        (None, Some(path)) => {
            let text = std::fs::read_to_string(path)
                .into_diagnostic()
                .wrap_err_with(|| format!("cannot read the script {}", path.display()))?;
            text.lines()
                .enumerate()
                .map(|(i, l)| {
                    (
                        format!("{}:{}", path.display(), i + 1),
                        l.trim().to_string(),
                    )
                })
                .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
                .collect()
        }
        _ => {
            return Err(miette!(
                "expected an action line or --script <file>, not both"
            ));
        }
    };
    let mut result = Ok(ExitCode::SUCCESS);
    for (place, line) in lines {
        let r = if line.eq_ignore_ascii_case("next") {
            game.next_phase().map(|_| ())
        } else {
            game.act(&line, &place).map(|_| ())
        };
        if let Err(e) = r {
            result = Err(miette!("{place}: {e}"));
            break;
        }
    }
    // Everything accepted before an error is kept.
    save(&args.game, &game)?;
    print_new_events(&game, from);
    result
}

fn next(args: GameArg) -> miette::Result<ExitCode> {
    let mut game = load(&args.game)?;
    let from = game.state.log.len();
    game.next_phase().map_err(|e| miette!("{e}"))?;
    save(&args.game, &game)?;
    print_new_events(&game, from);
    Ok(ExitCode::SUCCESS)
}

fn show(args: ShowArgs) -> miette::Result<ExitCode> {
    let game = load(&args.game)?;
    let player = match &args.player {
        Some(name) => Some(
            game.player_named(name)
                .ok_or_else(|| miette!("unknown player `{name}`"))?,
        ),
        None => None,
    };
    print!("{}", mafia_wwr::render::show(&game, player, args.log));
    Ok(ExitCode::SUCCESS)
}
