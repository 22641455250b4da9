//! The real `mafia` binary serving the bundled demo games (`mafia serve --demo`: the game in
//! progress at `/g/demo`, the finished one at `/g/demo-finished`).

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::{HarnessError, log_tail, poll_until};

/// What `mafia serve --demo` prints when it is listening.
const READY_LINE: &str = "Serving the demo game at ";

/// `mafia serve --demo --db <tempdir>/demo.db --listen 127.0.0.1:0`, stopped when dropped.
pub struct DemoSite {
    child: Child,
    url: String,
    _dir: tempfile::TempDir,
}

/// A page or picture as plain HTTP gives it.
#[derive(Debug, Clone)]
pub struct Fetched {
    pub status: u16,
    pub content_type: String,
    pub body: Vec<u8>,
}

impl Fetched {
    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

impl DemoSite {
    /// Starts the binary on a throwaway database and waits (at most `within`) until it has
    /// printed its URL and the demo game's status page answers 200.
    pub fn start(binary: &Path, within: Duration) -> Result<DemoSite, HarnessError> {
        let dir = tempfile::tempdir()?;
        let db = dir.path().join("demo.db");
        DemoSite::start_in(binary, &db, dir, within)
    }

    /// The same on the database `db` (kept after the site stops: a second start finds what
    /// the first stored).
    pub fn start_on(binary: &Path, db: &Path, within: Duration) -> Result<DemoSite, HarnessError> {
        DemoSite::start_in(binary, db, tempfile::tempdir()?, within)
    }

    /// The same with a GM account made first (`mafia serve --add-gm NAME`, the password on
    /// standard input) and more arguments for `mafia serve` (e.g. `--wwr-dir DIR`).
    pub fn start_with(
        binary: &Path,
        gm: (&str, &str),
        args: &[&std::ffi::OsStr],
        within: Duration,
    ) -> Result<DemoSite, HarnessError> {
        let dir = tempfile::tempdir()?;
        let db = dir.path().join("demo.db");
        let mut add = Command::new(binary)
            .arg("serve")
            .arg("--db")
            .arg(&db)
            .args(["--add-gm", gm.0])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| HarnessError::Spawn {
                program: binary.display().to_string(),
                source,
            })?;
        if let Some(mut stdin) = add.stdin.take() {
            use std::io::Write;
            writeln!(stdin, "{}", gm.1)?;
        }
        let status = add.wait()?;
        if !status.success() {
            return Err(HarnessError::Io(std::io::Error::other(format!(
                "`mafia serve --add-gm {}` failed: {status}",
                gm.0
            ))));
        }
        DemoSite::start_args(binary, &db, dir, args, within)
    }

    fn start_in(
        binary: &Path,
        db: &Path,
        dir: tempfile::TempDir,
        within: Duration,
    ) -> Result<DemoSite, HarnessError> {
        DemoSite::start_args(binary, db, dir, &[], within)
    }

    fn start_args(
        binary: &Path,
        db: &Path,
        dir: tempfile::TempDir,
        args: &[&std::ffi::OsStr],
        within: Duration,
    ) -> Result<DemoSite, HarnessError> {
        let log_path = dir.path().join("server.log");
        let log = std::fs::File::create(&log_path)?;
        let child = Command::new(binary)
            .arg("serve")
            .arg("--demo")
            .arg("--db")
            .arg(db)
            .args(args)
            .args(["--poll-interval", "0"])
            // Port 0: the server takes a free port and prints it (no race with other tests).
            .args(["--listen", "127.0.0.1:0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .map_err(|source| HarnessError::Spawn {
                program: binary.display().to_string(),
                source,
            })?;
        // Dropped (and so killed) on any early return below.
        let mut site = DemoSite {
            child,
            url: String::new(),
            _dir: dir,
        };
        let not_ready = |what: &str, detail: String| HarnessError::NotReady {
            what: what.to_owned(),
            within,
            detail: format!(
                "{detail}; its standard error: {}",
                log_tail(&log_path, 2000)
            ),
        };

        let (tx, rx) = mpsc::channel();
        if let Some(stdout) = site.child.stdout.take() {
            // Reads every line (so the server never blocks on a full pipe) until it exits.
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                    if let Some(url) = line.strip_prefix(READY_LINE) {
                        let _ = tx.send(url.trim().to_owned());
                    }
                }
            });
        }
        site.url = rx
            .recv_timeout(within)
            .map_err(|_| not_ready("`mafia serve --demo`", format!("no `{READY_LINE}…` line")))?;

        let client = reqwest::blocking::Client::builder()
            .timeout(Duration::from_secs(5))
            .build()?;
        poll_until(within, || {
            client
                .get(&site.url)
                .send()
                .ok()
                .filter(|r| r.status().is_success())
        })
        .ok_or_else(|| not_ready(&site.url, "the status page did not answer 200".into()))?;
        Ok(site)
    }

    /// What the server printed as the demo game's address, e.g.
    /// `http://127.0.0.1:41234/g/demo`.
    pub fn status_url(&self) -> &str {
        &self.url
    }

    /// The address of a path on the site, e.g. `site.url_of("/g/demo/votes")`.
    pub fn url_of(&self, path: &str) -> String {
        let origin = self
            .url
            .strip_suffix("/g/demo")
            .unwrap_or(self.url.as_str());
        format!("{origin}{path}")
    }
}

impl DemoSite {
    /// A plain GET of a path on the site (no browser).
    pub fn get(&self, path: &str) -> Result<Fetched, HarnessError> {
        let client = reqwest::blocking::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()?;
        let response = client.get(self.url_of(path)).send()?;
        let status = response.status().as_u16();
        let content_type = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let body = response.bytes()?.to_vec();
        Ok(Fetched {
            status,
            content_type,
            body,
        })
    }
}

impl Drop for DemoSite {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
