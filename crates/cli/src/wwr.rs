//! `mafia wwr`: run a WWR game from a setup file, phase by phase, saved as JSON; `balance`
//! (in `wwr/balance.rs`) plays many random games of a setup and reports the win rates.

mod balance;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use mafia_wwr::script::{self, Step};
use mafia_wwr::{Game, Library, SaveError, Setup, save};
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
    /// Play many games of random legal moves on all cores and report each team's wins, win
    /// rate and 95 % interval, the mean game length and the unfinished games.
    Balance(balance::BalanceArgs),
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
        WwrCommand::Balance(args) => balance::run(args),
    }
}

fn new(args: NewArgs) -> miette::Result<ExitCode> {
    let setup = Setup::load(&args.setup).map_err(|e| miette!("{e}"))?;
    let lib = Library::load(&setup.roles_dir).map_err(|e| miette!("{e}"))?;
    let game = Game::new(setup, Arc::new(lib), args.seed).map_err(|e| miette!("{e}"))?;
    for u in &game.state.unsupported {
        crate::errors::warn(u);
    }
    print!(
        "{}",
        save::to_text(&game.state).map_err(|e| miette!("{e}"))?
    );
    Ok(ExitCode::SUCCESS)
}

fn load(path: &Path) -> miette::Result<Game> {
    let text = std::fs::read_to_string(path)
        .into_diagnostic()
        .wrap_err_with(|| format!("cannot read the game {}", path.display()))?;
    save::load(&text).map_err(|e| match e {
        SaveError::NotASave { .. } => miette!("{}:{e}", path.display()),
        SaveError::RoleSet(_) => miette!("{e}"),
        _ => miette!("{}: {e}", path.display()),
    })
}

fn write(path: &Path, game: &Game) -> miette::Result<()> {
    let text = save::to_text(&game.state).map_err(|e| miette!("{e}"))?;
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, text)
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
    let result = match (&args.line, &args.script) {
        (Some(line), None) => Step::of(line)
            .run(&mut game, "argument")
            .map_err(|e| miette!("argument: {e}")),
        (None, Some(path)) => {
            let text = std::fs::read_to_string(path)
                .into_diagnostic()
                .wrap_err_with(|| format!("cannot read the script {}", path.display()))?;
            script::run(&mut game, &text, &path.display().to_string())
                .map(|_| ())
                .map_err(|e| miette!("{e}"))
        }
        _ => {
            return Err(miette!(
                "expected an action line or --script <file>, not both"
            ));
        }
    };
    // A refused line or script leaves the saved game as it was (a script applies whole or not
    // at all: `script::run` plays it on a copy).
    result?;
    write(&args.game, &game)?;
    print_new_events(&game, from);
    Ok(ExitCode::SUCCESS)
}

fn next(args: GameArg) -> miette::Result<ExitCode> {
    let mut game = load(&args.game)?;
    let from = game.state.log.len();
    game.next_phase().map_err(|e| miette!("{e}"))?;
    write(&args.game, &game)?;
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
