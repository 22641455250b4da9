//! `mafia serve`: the tracker as a web service. Only wiring: storage is `mafia-store`, the
//! site is `mafia-server`.
//!
//! `mafia serve --demo` imports the bundled demo games (built into the binary; see
//! [`crate::demo`]: one in progress, one finished) into the database and serves them; `mafia serve --add-gm NAME [--admin]` creates a GM account with
//! the password read from standard input (the first account is always an admin).
use std::io::{BufRead, Cursor, Write};
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;

use mafia_posts::{JsonlSource, PostSource};
use std::time::Duration;

use mafia_server::poll::PollOptions;
use mafia_server::{AppState, Options};
use mafia_store::{NewGame, Store};

use crate::demo;
use miette::{IntoDiagnostic, miette};

const DEMO_GAME: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../demo/game.toml"));
const DEMO_THREAD: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../demo/thread.jsonl"
));

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Import the bundled demo games before serving: a game in progress (as `demo`, its
    /// times moved so that the day's deadline lies ahead) and the finished game (as
    /// `demo-finished`).
    #[arg(long)]
    pub demo: bool,
    /// The database: a SQLite file, or a postgres:// URL [default: mafia.db; with --demo,
    /// mafia-demo.db in the system's temporary folder, so a first try writes nothing into
    /// the current folder].
    #[arg(long, value_name = "FILE|URL")]
    pub db: Option<String>,
    /// Address and port to listen on (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR:PORT")]
    pub listen: SocketAddr,
    /// Create a GM account with this name (password from standard input), then exit. The
    /// first account is an admin: it creates the other accounts and may change every game;
    /// every other GM changes only the games they own or co-host.
    #[arg(long, value_name = "NAME")]
    pub add_gm: Option<String>,
    /// With --add-gm: make the account an admin.
    #[arg(long, requires = "add_gm")]
    pub admin: bool,
    /// Mark session cookies Secure (when the site is served over HTTPS by a proxy).
    #[arg(long)]
    pub secure_cookies: bool,
    /// The site is behind a reverse proxy that appends the client's address to
    /// X-Forwarded-For: login throttling counts attempts per that address (without this
    /// flag, per the connection's address; never set it without such a proxy, or a client
    /// could name any address).
    #[arg(long)]
    pub behind_proxy: bool,
    /// Drop every stored snapshot first, so every game is replayed from its posts (after a
    /// fix of the tracker or of a forum importer).
    #[arg(long)]
    pub rederive: bool,
    /// Seconds between two polls of each running game's forum thread (0: no polling).
    #[arg(long, default_value_t = 120, value_name = "SECONDS")]
    pub poll_interval: u64,
    /// Let the poller reach forums on internal addresses: loopback (this machine), private
    /// networks (10/8, 172.16/12, 192.168/16, fc00::/7), link-local, carrier-grade NAT and
    /// the like. Without it only public addresses are polled, checked after each DNS lookup
    /// and redirect, so that a thread URL typed by a GM cannot reach into the network the
    /// service runs in. For a forum on the same machine or network, and for tests.
    #[arg(long)]
    pub allow_private_forums: bool,
    /// A folder of WWR setup files (each with its role book at its `roles_dir`): GMs create
    /// WWR games played on the web from these on the dashboard (`demo/wwr` is an example).
    #[arg(long, value_name = "DIR")]
    pub wwr_dir: Option<std::path::PathBuf>,
}

/// The database `--db` names, else the default: `mafia.db`, or for `--demo` a scratch file
/// in the system's temporary folder.
fn database(args: &ServeArgs) -> String {
    match &args.db {
        Some(db) => db.clone(),
        None if args.demo => std::env::temp_dir()
            .join("mafia-demo.db")
            .to_string_lossy()
            .into_owned(),
        None => "mafia.db".to_owned(),
    }
}

pub fn run(args: ServeArgs) -> miette::Result<ExitCode> {
    let db = database(&args);
    let store = Store::open(&db).map_err(|e| miette!("{e}"))?;
    if let Some(name) = &args.add_gm {
        return add_gm(&store, name, args.admin);
    }
    if args.rederive {
        store.drop_snapshots().map_err(|e| miette!("{e}"))?;
    }
    let live = if args.demo {
        Some(import_demo(&store)?)
    } else {
        None
    };
    // The store's PostgreSQL client blocks: use it here, before the async runtime starts
    // (the server calls it from its blocking pool).
    let no_gm = store.user_count().map_err(|e| miette!("{e}"))? == 0;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .into_diagnostic()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.listen)
            .await
            .map_err(|e| miette!("cannot listen on {}: {e}", args.listen))?;
        let addr = listener.local_addr().into_diagnostic()?;
        // Whoever started us may stop reading our output: never fail on it.
        let mut out = std::io::stdout();
        let _ = match live {
            Some(slug) => writeln!(out, "Serving the demo game at http://{addr}/g/{slug}")
                .and_then(|()| {
                    writeln!(
                        out,
                        "The finished demo game: http://{addr}/g/{}",
                        demo::FINISHED_SLUG
                    )
                }),
            None => writeln!(out, "Serving at http://{addr}/"),
        };
        if no_gm {
            let _ = writeln!(
                out,
                "No GM account yet: create one with `mafia serve --db {db} --add-gm NAME`"
            );
        }
        let _ = out.flush();
        let options = Options {
            secure_cookies: args.secure_cookies,
            behind_proxy: args.behind_proxy,
            wwr_dir: args.wwr_dir.clone(),
            ..Options::default()
        };
        let state = AppState::new(Arc::new(store), options);
        tokio::spawn(mafia_server::wwr_play::deadlines_forever(
            state.clone(),
            Duration::from_secs(5),
        ));
        if args.poll_interval > 0 {
            let polling = PollOptions {
                interval: Duration::from_secs(args.poll_interval),
                allow_private_forums: args.allow_private_forums,
                ..PollOptions::default()
            };
            tokio::spawn(mafia_server::poll::poll_forever(state.clone(), polling));
        }
        mafia_server::run(listener, state)
            .await
            .map_err(|e| miette!("the server stopped: {e}"))
    })?;
    Ok(ExitCode::SUCCESS)
}

fn add_gm(store: &Store, name: &str, admin: bool) -> miette::Result<ExitCode> {
    let mut password = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut password)
        .into_diagnostic()?;
    let password = password.trim_end_matches(['\r', '\n']);
    if password.is_empty() {
        return Err(miette!(
            "no password on standard input (write it as the first line)"
        ));
    }
    store
        .add_account(name, password, admin)
        .map_err(|e| miette!("{e}"))?;
    if admin {
        println!("GM account `{name}` created (admin)");
    } else {
        println!("GM account `{name}` created");
    }
    Ok(ExitCode::SUCCESS)
}

/// Stores the two demo games (idempotent: a rerun adds nothing, and moves the live demo's
/// times to now). Returns where the live demo is: `demo`, unless an older version stored the
/// finished game there (more posts than the live demo has), then `demo-live`.
fn import_demo(store: &Store) -> miette::Result<&'static str> {
    let batch = JsonlSource::new(Cursor::new(DEMO_THREAD), "demo/thread.jsonl")
        .read()
        .map_err(|e| miette!("{e}"))?;
    for problem in &batch.problems {
        crate::errors::warn(format_args!("{problem} (line skipped)"));
    }
    let finished = demo::finished(DEMO_GAME, &batch.posts);
    let mut live =
        demo::live(DEMO_GAME, &batch.posts, jiff::Timestamp::now()).map_err(|e| miette!("{e}"))?;
    if let Some(old) = store.game(live.slug).map_err(|e| miette!("{e}"))? {
        let stored = store.post_count(old.id).map_err(|e| miette!("{e}"))?;
        if stored > live.posts.len() as u64 {
            live.slug = "demo-live";
            crate::errors::warn(format_args!(
                "the game `demo` in this database is the finished demo of an older version; \
                 the demo in progress is served as `demo-live`"
            ));
        }
    }
    for game in [&live, &finished] {
        store_demo(store, game)?;
    }
    Ok(live.slug)
}

/// Creates a demo game or brings its game file and posts up to date.
fn store_demo(store: &Store, game: &demo::DemoGame) -> miette::Result<()> {
    let id = match store.game(game.slug).map_err(|e| miette!("{e}"))? {
        Some(g) => {
            if g.config != game.config {
                store
                    .set_config(g.id, &game.config)
                    .map_err(|e| miette!("{e}"))?;
            }
            g.id
        }
        None => store
            .create_game(&NewGame {
                forum: Some("jsonl".into()),
                ..NewGame::new(game.slug, game.config.as_str())
            })
            .map_err(|e| miette!("{e}"))?,
    };
    store
        .import_posts(id, &game.posts)
        .map_err(|e| miette!("{e}"))?;
    Ok(())
}
