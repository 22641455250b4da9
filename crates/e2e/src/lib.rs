//! Test harness for the end-to-end tests of the `mafia` service (the tests are in `tests/`).
//!
//! - [`site`]: the real `mafia` binary run as a child process (`mafia serve --demo` on a
//!   loopback port with a throwaway database), killed when dropped.
//! - [`webdriver`]: chromedriver as a child process and headless Chromium driven through it
//!   with the fantoccini WebDriver client (blocking calls on a runtime of its own), closed
//!   and killed when dropped.
//!
//! Flow: a test finds the browser ([`BrowserTools::find`]), starts the site, starts
//! chromedriver, opens a browser session on the site's URL and asks what a person sees
//! (element texts, table cells, the viewport's scroll width, a screenshot).
//!
//! Every wait is bounded; nothing here prints or exits.

pub mod site;
pub mod webdriver;

use std::path::{Path, PathBuf};
use std::time::Duration;

/// Why the harness could not do what a test asked. Its `Debug` is its message, so that a
/// test's `.expect(…)` prints something readable.
#[derive(thiserror::Error)]
pub enum HarnessError {
    #[error("cannot start {program}: {source}")]
    Spawn {
        program: String,
        source: std::io::Error,
    },
    #[error("{what} was not ready within {}s{detail}", within.as_secs())]
    NotReady {
        what: String,
        within: Duration,
        detail: String,
    },
    #[error("WebDriver `{command}` failed: {source}")]
    WebDriver {
        command: String,
        source: Box<fantoccini::error::CmdError>,
    },
    #[error("chromedriver did not open a browser session: {source}; its log: {log}")]
    NewSession {
        source: Box<fantoccini::error::NewSessionError>,
        log: String,
    },
    #[error("WebDriver `{command}` answered something unexpected: {answer}")]
    Unexpected { command: String, answer: String },
    #[error("HTTP: {0}")]
    Http(#[from] reqwest::Error),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

impl std::fmt::Debug for HarnessError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self, f)
    }
}

/// Where cargo put this test's binaries: the parent of `deps/`, e.g. `target/debug`.
pub fn profile_dir() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?;
    if dir.file_name().is_some_and(|n| n == "deps") {
        dir.parent().map(Path::to_path_buf)
    } else {
        Some(dir.to_path_buf())
    }
}

/// The `mafia` binary built beside this test (`cargo test --workspace` builds it, because the
/// `mafia` package has integration tests), or the one named by `MAFIA_E2E_BIN`.
pub fn mafia_binary() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("MAFIA_E2E_BIN") {
        return Some(PathBuf::from(path));
    }
    let path = profile_dir()?.join(format!("mafia{}", std::env::consts::EXE_SUFFIX));
    path.is_file().then_some(path)
}

/// Where the tests keep their screenshots: `target/e2e/` (kept as a CI artifact).
pub fn artifact_dir() -> PathBuf {
    profile_dir()
        .and_then(|p| p.parent().map(|t| t.join("e2e")))
        .unwrap_or_else(|| std::env::temp_dir().join("mafia-e2e"))
}

/// Headless Chromium and its WebDriver server.
#[derive(Debug, Clone)]
pub struct BrowserTools {
    pub chromium: PathBuf,
    pub chromedriver: PathBuf,
}

impl BrowserTools {
    /// The paths exported by `.ci/browser.sh` (`MAFIA_E2E_CHROMIUM`, `MAFIA_E2E_CHROMEDRIVER`),
    /// else `chromium` and `chromedriver` on the `PATH`; `None` when either is missing.
    pub fn find() -> Option<BrowserTools> {
        let chromium = env_path("MAFIA_E2E_CHROMIUM")
            .or_else(|| on_path("chromium"))
            .or_else(|| on_path("chromium-browser"))?;
        let chromedriver =
            env_path("MAFIA_E2E_CHROMEDRIVER").or_else(|| on_path("chromedriver"))?;
        Some(BrowserTools {
            chromium,
            chromedriver,
        })
    }
}

fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name)
        .map(PathBuf::from)
        .filter(|p| p.is_file())
}

fn on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

/// A port that was free a moment ago on 127.0.0.1 (for programs that cannot pick their own).
pub fn free_port() -> std::io::Result<u16> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    Ok(listener.local_addr()?.port())
}

/// Calls `probe` every 100 ms until it gives `Some`, at most `within`.
pub(crate) fn poll_until<T>(within: Duration, mut probe: impl FnMut() -> Option<T>) -> Option<T> {
    let end = std::time::Instant::now() + within;
    loop {
        if let Some(found) = probe() {
            return Some(found);
        }
        if std::time::Instant::now() >= end {
            return None;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The last `max` characters of a log file, for error messages.
pub(crate) fn log_tail(path: &Path, max: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let chars: Vec<char> = text.chars().collect();
    let start = chars.len().saturating_sub(max);
    chars[start..].iter().collect::<String>().trim().to_owned()
}
