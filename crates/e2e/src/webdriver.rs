//! chromedriver as a child process, and headless Chromium driven through it with the
//! fantoccini WebDriver client: only the commands the tests use, as blocking calls.
//!
//! fantoccini is async; each [`Browser`] owns a small tokio runtime and runs every command
//! on it, each bounded by [`COMMAND_TIMEOUT`].

use std::future::Future;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use base64::Engine as _;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use crate::{BrowserTools, HarnessError, free_port, log_tail, poll_until};

/// How long one WebDriver command may take (a page load included).
const COMMAND_TIMEOUT: Duration = Duration::from_secs(30);

/// chromedriver's log, in the driver's temporary directory.
const LOG_FILE: &str = "chromedriver.log";

/// Chromium's flags: headless, quiet (no network of its own), a fresh profile.
const CHROMIUM_FLAGS: [&str; 9] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
];

/// A running chromedriver, killed when dropped.
pub struct Driver {
    child: Child,
    base: String,
    tools: BrowserTools,
    dir: tempfile::TempDir,
}

impl Driver {
    /// Starts chromedriver on a free loopback port and waits (at most `within`) until its
    /// `/status` says it is ready.
    pub fn start(tools: &BrowserTools, within: Duration) -> Result<Driver, HarnessError> {
        let dir = tempfile::tempdir()?;
        let log_path = dir.path().join(LOG_FILE);
        let port = free_port()?;
        let child = Command::new(&tools.chromedriver)
            .arg(format!("--port={port}"))
            .arg(format!("--log-path={}", log_path.display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| HarnessError::Spawn {
                program: tools.chromedriver.display().to_string(),
                source,
            })?;
        // Built before the checks below, so that an early return kills chromedriver.
        let driver = Driver {
            child,
            base: format!("http://127.0.0.1:{port}"),
            tools: tools.clone(),
            dir,
        };
        let http = reqwest::blocking::Client::builder()
            .timeout(Duration::from_secs(5))
            .build()?;
        let status = format!("{}/status", driver.base);
        poll_until(within, || {
            let answer: Value = http.get(&status).send().ok()?.json().ok()?;
            (answer["value"]["ready"] == true).then_some(())
        })
        .ok_or_else(|| HarnessError::NotReady {
            what: "chromedriver".into(),
            within,
            detail: format!("; its log: {}", log_tail(&log_path, 2000)),
        })?;
        Ok(driver)
    }

    /// Opens headless Chromium (a fresh profile, a `width`×`height` window). Close the
    /// browser (drop it) before the driver.
    pub fn open(&self, width: u32, height: u32) -> Result<Browser, HarnessError> {
        let profile = self.dir.path().join(format!("profile-{}", free_port()?));
        let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|f| f.to_string()).collect();
        args.push(format!("--user-data-dir={}", profile.display()));
        args.push(format!("--window-size={width},{height}"));
        let capabilities = json!({
            "browserName": "chrome",
            "pageLoadStrategy": "normal",
            "timeouts": { "implicit": 0, "pageLoad": 20_000, "script": 10_000 },
            "goog:chromeOptions": {
                "binary": real_binary(&self.tools.chromium),
                "args": args,
            }
        });
        let Value::Object(capabilities) = capabilities else {
            unreachable!("a JSON object")
        };
        // One thread is enough: fantoccini's connection task runs while a command is awaited.
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let connect = fantoccini::ClientBuilder::new(connector)
            .capabilities(capabilities)
            .connect(&self.base)
            .await_within("new session", &runtime)?;
        let client = connect.map_err(|e| HarnessError::NewSession {
            source: Box::new(e),
            log: log_tail(&self.dir.path().join(LOG_FILE), 2000),
        })?;
        Ok(Browser { runtime, client })
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Debian's `/usr/bin/chromium` is a shell wrapper; chromedriver wants the browser itself.
fn real_binary(chromium: &Path) -> PathBuf {
    let debian = Path::new("/usr/lib/chromium/chromium");
    if chromium == Path::new("/usr/bin/chromium") && debian.is_file() {
        debian.to_path_buf()
    } else {
        chromium.to_path_buf()
    }
}

/// Runs a future on a runtime, at most [`COMMAND_TIMEOUT`].
trait AwaitWithin: Future + Sized {
    fn await_within(
        self,
        command: &str,
        runtime: &tokio::runtime::Runtime,
    ) -> Result<Self::Output, HarnessError> {
        runtime
            .block_on(async { tokio::time::timeout(COMMAND_TIMEOUT, self).await })
            .map_err(|_| HarnessError::NotReady {
                what: format!("WebDriver `{command}`"),
                within: COMMAND_TIMEOUT,
                detail: String::new(),
            })
    }
}

impl<F: Future> AwaitWithin for F {}

/// One browser session (one Chromium), closed when dropped.
pub struct Browser {
    runtime: tokio::runtime::Runtime,
    client: Client,
}

/// An element of the current page.
#[derive(Debug, Clone)]
pub struct Element(fantoccini::elements::Element);

/// How to find elements.
#[derive(Debug, Clone, Copy)]
pub enum By<'a> {
    Css(&'a str),
    XPath(&'a str),
}

impl<'a> By<'a> {
    fn locator(self) -> Locator<'a> {
        match self {
            By::Css(s) => Locator::Css(s),
            By::XPath(s) => Locator::XPath(s),
        }
    }
}

impl Browser {
    /// Runs one fantoccini command, bounded by [`COMMAND_TIMEOUT`].
    fn run<T>(
        &self,
        command: &str,
        call: impl Future<Output = Result<T, fantoccini::error::CmdError>>,
    ) -> Result<T, HarnessError> {
        call.await_within(command, &self.runtime)?
            .map_err(|source| HarnessError::WebDriver {
                command: command.to_owned(),
                source: Box::new(source),
            })
    }

    /// Loads a page and waits until it has loaded.
    pub fn goto(&self, url: &str) -> Result<(), HarnessError> {
        self.run("go to", self.client.goto(url))
    }

    /// The address of the current page.
    pub fn current_url(&self) -> Result<String, HarnessError> {
        Ok(self
            .run("current url", self.client.current_url())?
            .to_string())
    }

    /// The page's `<title>`.
    pub fn title(&self) -> Result<String, HarnessError> {
        self.run("title", self.client.title())
    }

    /// The first element that matches.
    pub fn find(&self, by: By<'_>) -> Result<Element, HarnessError> {
        self.run("find element", self.client.find(by.locator()))
            .map(Element)
    }

    /// Every element that matches, in document order.
    pub fn find_all(&self, by: By<'_>) -> Result<Vec<Element>, HarnessError> {
        let all = self.run("find elements", self.client.find_all(by.locator()))?;
        Ok(all.into_iter().map(Element).collect())
    }

    /// The text a person sees in an element (WebDriver's rendered text).
    pub fn text(&self, e: &Element) -> Result<String, HarnessError> {
        self.run("element text", e.0.text())
    }

    /// The visible text of the first element that matches.
    pub fn text_of(&self, by: By<'_>) -> Result<String, HarnessError> {
        let e = self.find(by)?;
        self.text(&e)
    }

    /// The visible texts of every element that matches.
    pub fn texts_of(&self, by: By<'_>) -> Result<Vec<String>, HarnessError> {
        self.find_all(by)?.iter().map(|e| self.text(e)).collect()
    }

    /// Clicks an element (a link click waits for the new page to load).
    pub fn click(&self, e: &Element) -> Result<(), HarnessError> {
        self.run("element click", e.0.click())
    }

    /// Types into a form field.
    pub fn type_into(&self, e: &Element, text: &str) -> Result<(), HarnessError> {
        self.run("element send keys", e.0.send_keys(text))
    }

    /// Runs a script in the page and gives its return value.
    pub fn execute(&self, script: &str, args: Vec<Value>) -> Result<Value, HarnessError> {
        self.run("execute script", self.client.execute(script, args))
    }

    /// The rows of the table that `by` finds, as the cell texts a person reads
    /// (header cells included).
    pub fn table(&self, by: By<'_>) -> Result<Vec<Vec<String>>, HarnessError> {
        let table = self.find(by)?;
        let table = serde_json::to_value(&table.0).map_err(|e| HarnessError::Unexpected {
            command: "table".into(),
            answer: e.to_string(),
        })?;
        let rows = self.execute(
            "return Array.from(arguments[0].rows, r => Array.from(r.cells, c => c.innerText.trim()));",
            vec![table],
        )?;
        Ok(rows
            .as_array()
            .map(|rows| {
                rows.iter()
                    .map(|r| {
                        r.as_array()
                            .map(|cells| {
                                cells
                                    .iter()
                                    .map(|c| c.as_str().unwrap_or_default().to_owned())
                                    .collect()
                            })
                            .unwrap_or_default()
                    })
                    .collect()
            })
            .unwrap_or_default())
    }

    /// Resizes the window (in headless Chromium, the viewport).
    pub fn set_window_size(&self, width: u32, height: u32) -> Result<(), HarnessError> {
        self.run(
            "set window size",
            self.client.set_window_size(width, height),
        )
    }

    /// The viewport's width and the page's full scroll width, in CSS pixels: a page with
    /// no horizontal scrollbar has `scroll_width <= viewport_width`.
    pub fn widths(&self) -> Result<Widths, HarnessError> {
        let v = self.execute(
            "const d = document.documentElement; return [d.clientWidth, d.scrollWidth, document.body.scrollWidth];",
            Vec::new(),
        )?;
        let n = |i: usize| v[i].as_u64().unwrap_or(u64::MAX);
        Ok(Widths {
            viewport_width: n(0),
            scroll_width: n(1).max(n(2)),
        })
    }

    /// A PNG of the whole page, as tall as its content (Chromium's DevTools screenshot
    /// through chromedriver, sent as a raw command; the window keeps its size).
    pub fn screenshot(&self, path: &Path) -> Result<(), HarnessError> {
        let size = self.execute(
            "return [window.innerWidth, document.documentElement.scrollHeight];",
            Vec::new(),
        )?;
        let width = size[0].as_u64().unwrap_or(1024).clamp(100, 4000);
        let height = size[1].as_u64().unwrap_or(900).clamp(100, 8000);
        let command = DevTools {
            cmd: "Page.captureScreenshot",
            params: json!({
                "format": "png",
                "captureBeyondViewport": true,
                "clip": { "x": 0, "y": 0, "width": width, "height": height, "scale": 1 },
            }),
        };
        let shot = self.run("screenshot", self.client.issue_cmd(command))?;
        let png = base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().unwrap_or_default())
            .map_err(|e| HarnessError::Unexpected {
                command: "screenshot".into(),
                answer: e.to_string(),
            })?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(path, png)?;
        Ok(())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let client = self.client.clone();
        let _ = client.close().await_within("delete session", &self.runtime);
    }
}

/// A Chrome DevTools command through chromedriver's `goog/cdp/execute` endpoint.
#[derive(Debug)]
struct DevTools {
    cmd: &'static str,
    params: Value,
}

impl WebDriverCompatibleCommand for DevTools {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/goog/cdp/execute",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        let body = json!({ "cmd": self.cmd, "params": self.params });
        (http::Method::POST, Some(body.to_string()))
    }
}

/// See [`Browser::widths`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Widths {
    pub viewport_width: u64,
    pub scroll_width: u64,
}
