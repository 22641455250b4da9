//! The real `mafia` binary serving the bundled demo game.

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

impl DemoSite {
    /// Starts the binary and waits (at most `within`) until it has printed its URL and the
    /// demo game's status page answers 200.
    pub fn start(binary: &Path, within: Duration) -> Result<DemoSite, HarnessError> {
        let dir = tempfile::tempdir()?;
        let log_path = dir.path().join("server.log");
        let log = std::fs::File::create(&log_path)?;
        let child = Command::new(binary)
            .arg("serve")
            .arg("--demo")
            .arg("--db")
            .arg(dir.path().join("demo.db"))
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

    /// The demo game's status page, e.g. `http://127.0.0.1:41234/g/demo`.
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

impl Drop for DemoSite {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
