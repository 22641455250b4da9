//! chromedriver and a small blocking client of the W3C WebDriver protocol
//! (<https://www.w3.org/TR/webdriver2/>): only the commands the tests use.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use base64::Engine as _;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{BrowserTools, HarnessError, free_port, log_tail, poll_until};

/// The key under which WebDriver names an element.
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

/// How long one WebDriver command may take (a page load included).
const COMMAND_TIMEOUT: Duration = Duration::from_secs(30);

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
    endpoint: Endpoint,
    tools: BrowserTools,
    dir: tempfile::TempDir,
}

/// Where chromedriver listens, and the HTTP client that talks to it.
#[derive(Clone)]
struct Endpoint {
    base: String,
    http: reqwest::blocking::Client,
}

impl Driver {
    /// Starts chromedriver on a free loopback port and waits (at most `within`) until its
    /// `/status` says it is ready.
    pub fn start(tools: &BrowserTools, within: Duration) -> Result<Driver, HarnessError> {
        let dir = tempfile::tempdir()?;
        let log_path = dir.path().join("chromedriver.log");
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
            endpoint: Endpoint {
                base: format!("http://127.0.0.1:{port}"),
                http: reqwest::blocking::Client::builder()
                    .timeout(COMMAND_TIMEOUT)
                    .build()?,
            },
            tools: tools.clone(),
            dir,
        };
        let status = format!("{}/status", driver.endpoint.base);
        poll_until(within, || {
            let answer: Value = driver.endpoint.http.get(&status).send().ok()?.json().ok()?;
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
            "capabilities": {
                "alwaysMatch": {
                    "browserName": "chrome",
                    "pageLoadStrategy": "normal",
                    "timeouts": { "implicit": 0, "pageLoad": 20_000, "script": 10_000 },
                    "goog:chromeOptions": {
                        "binary": real_binary(&self.tools.chromium),
                        "args": args,
                    }
                }
            }
        });
        let answer = self
            .endpoint
            .call(Method::POST, "/session", Some(capabilities))?;
        let id = answer["sessionId"]
            .as_str()
            .ok_or_else(|| HarnessError::Unexpected {
                command: "new session".into(),
                answer: answer.to_string(),
            })?;
        Ok(Browser {
            endpoint: self.endpoint.clone(),
            session: format!("/session/{id}"),
        })
    }
}

impl Endpoint {
    /// One WebDriver command; its `value`, or the WebDriver error it answered.
    fn call(&self, method: Method, path: &str, body: Option<Value>) -> Result<Value, HarnessError> {
        let command = format!("{method} {path}");
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send()?;
        let ok = response.status().is_success();
        let answer: Value = response.json()?;
        let value = answer.get("value").cloned().unwrap_or(Value::Null);
        if ok {
            Ok(value)
        } else {
            Err(HarnessError::WebDriver {
                command,
                error: value["error"]
                    .as_str()
                    .unwrap_or("unknown error")
                    .to_owned(),
                message: value["message"]
                    .as_str()
                    .unwrap_or_default()
                    .lines()
                    .next()
                    .unwrap_or_default()
                    .to_owned(),
            })
        }
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

/// One browser session (one Chromium), closed when dropped.
pub struct Browser {
    endpoint: Endpoint,
    session: String,
}

/// An element of the current page.
#[derive(Debug, Clone)]
pub struct Element(String);

/// How to find elements.
#[derive(Debug, Clone, Copy)]
pub enum By<'a> {
    Css(&'a str),
    XPath(&'a str),
}

impl By<'_> {
    fn to_json(self) -> Value {
        match self {
            By::Css(s) => json!({ "using": "css selector", "value": s }),
            By::XPath(s) => json!({ "using": "xpath", "value": s }),
        }
    }
}

impl Browser {
    fn call(&self, method: Method, path: &str, body: Option<Value>) -> Result<Value, HarnessError> {
        self.endpoint
            .call(method, &format!("{}{path}", self.session), body)
    }

    /// Loads a page and waits until it has loaded.
    pub fn goto(&self, url: &str) -> Result<(), HarnessError> {
        self.call(Method::POST, "/url", Some(json!({ "url": url })))
            .map(drop)
    }

    /// The address of the current page.
    pub fn current_url(&self) -> Result<String, HarnessError> {
        let v = self.call(Method::GET, "/url", None)?;
        Ok(v.as_str().unwrap_or_default().to_owned())
    }

    /// The page's `<title>`.
    pub fn title(&self) -> Result<String, HarnessError> {
        let v = self.call(Method::GET, "/title", None)?;
        Ok(v.as_str().unwrap_or_default().to_owned())
    }

    /// The first element that matches.
    pub fn find(&self, by: By<'_>) -> Result<Element, HarnessError> {
        let v = self.call(Method::POST, "/element", Some(by.to_json()))?;
        element(&v, "find element")
    }

    /// Every element that matches, in document order.
    pub fn find_all(&self, by: By<'_>) -> Result<Vec<Element>, HarnessError> {
        let v = self.call(Method::POST, "/elements", Some(by.to_json()))?;
        v.as_array()
            .map(|items| items.iter().map(|e| element(e, "find elements")).collect())
            .unwrap_or_else(|| Ok(Vec::new()))
    }

    /// The text a person sees in an element (WebDriver's rendered text).
    pub fn text(&self, e: &Element) -> Result<String, HarnessError> {
        let v = self.call(Method::GET, &format!("/element/{}/text", e.0), None)?;
        Ok(v.as_str().unwrap_or_default().to_owned())
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
        self.call(
            Method::POST,
            &format!("/element/{}/click", e.0),
            Some(json!({})),
        )
        .map(drop)
    }

    /// Types into a form field.
    pub fn type_into(&self, e: &Element, text: &str) -> Result<(), HarnessError> {
        self.call(
            Method::POST,
            &format!("/element/{}/value", e.0),
            Some(json!({ "text": text })),
        )
        .map(drop)
    }

    /// Runs a script in the page and gives its return value.
    pub fn execute(&self, script: &str, args: Value) -> Result<Value, HarnessError> {
        self.call(
            Method::POST,
            "/execute/sync",
            Some(json!({ "script": script, "args": args })),
        )
    }

    /// The rows of the table that `by` finds, as the cell texts a person reads
    /// (header cells included).
    pub fn table(&self, by: By<'_>) -> Result<Vec<Vec<String>>, HarnessError> {
        let table = self.find(by)?;
        let rows = self.execute(
            "return Array.from(arguments[0].rows, r => Array.from(r.cells, c => c.innerText.trim()));",
            json!([{ ELEMENT_KEY: table.0 }]),
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
        self.call(
            Method::POST,
            "/window/rect",
            Some(json!({ "width": width, "height": height })),
        )
        .map(drop)
    }

    /// The viewport's width and the page's full scroll width, in CSS pixels: a page with
    /// no horizontal scrollbar has `scroll_width <= viewport_width`.
    pub fn widths(&self) -> Result<Widths, HarnessError> {
        let v = self.execute(
            "const d = document.documentElement; return [d.clientWidth, d.scrollWidth, document.body.scrollWidth];",
            json!([]),
        )?;
        let n = |i: usize| v[i].as_u64().unwrap_or(u64::MAX);
        Ok(Widths {
            viewport_width: n(0),
            scroll_width: n(1).max(n(2)),
        })
    }

    /// A PNG of the whole page, as tall as its content (Chromium's DevTools screenshot
    /// through chromedriver; the window keeps its size).
    pub fn screenshot(&self, path: &Path) -> Result<(), HarnessError> {
        let size = self.execute(
            "return [window.innerWidth, document.documentElement.scrollHeight];",
            json!([]),
        )?;
        let width = size[0].as_u64().unwrap_or(1024).clamp(100, 4000);
        let height = size[1].as_u64().unwrap_or(900).clamp(100, 8000);
        let shot = self.call(
            Method::POST,
            "/goog/cdp/execute",
            Some(json!({
                "cmd": "Page.captureScreenshot",
                "params": {
                    "format": "png",
                    "captureBeyondViewport": true,
                    "clip": { "x": 0, "y": 0, "width": width, "height": height, "scale": 1 },
                },
            })),
        )?;
        let v = &shot["data"];
        let png = base64::engine::general_purpose::STANDARD
            .decode(v.as_str().unwrap_or_default())
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
        let _ = self.endpoint.call(Method::DELETE, &self.session, None);
    }
}

/// See [`Browser::widths`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Widths {
    pub viewport_width: u64,
    pub scroll_width: u64,
}

fn element(v: &Value, command: &str) -> Result<Element, HarnessError> {
    v[ELEMENT_KEY]
        .as_str()
        .map(|id| Element(id.to_owned()))
        .ok_or_else(|| HarnessError::Unexpected {
            command: command.into(),
            answer: v.to_string(),
        })
}
