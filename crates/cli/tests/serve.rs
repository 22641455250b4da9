//! `mafia serve`: the README's first command starts the site on the demo game and prints
//! its URL; `--add-gm` creates a GM account from a password on standard input.
//!
//! What a person sees of the demo game in a real browser is tested in `crates/e2e`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

fn mafia() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mafia"))
}

/// Kills the server when the test ends, however it ends (and keeps reading its output).
struct Server {
    child: Child,
    _output: BufReader<std::process::ChildStdout>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A plain HTTP/1.1 GET; returns the status line and the body.
fn get(addr: &str, path: &str) -> (String, String) {
    let mut stream = TcpStream::connect(addr).expect("connect to the server");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response.lines().next().unwrap_or_default().to_owned();
    let body = response
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

#[test]
fn serve_demo_prints_the_url_of_the_demo_game_and_serves_it() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, first) = start_demo(&dir.path().join("demo.db"));
    let url = first
        .trim()
        .strip_prefix("Serving the demo game at ")
        .unwrap_or_else(|| panic!("unexpected first line: {first}"));
    let rest = url.strip_prefix("http://").unwrap();
    let (addr, path) = rest.split_once('/').unwrap();
    assert_eq!(path, "g/demo");

    let (status, page) = get(addr, "/g/demo");
    assert!(status.contains("200"), "{status}");
    assert!(page.contains("<h1>Demo Mafia</h1>"), "{page}");
    assert!(page.contains("Alive ("), "{page}");
    let (_, json) = get(addr, "/api/games");
    assert!(json.contains("\"slug\":\"demo\""), "{json}");
}

#[test]
fn serve_demo_twice_imports_the_posts_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("demo.db");
    let lines = include_str!("../../../demo/thread.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .count();
    for _ in 0..2 {
        let (_server, addr) = serve_demo(&db);
        let (_, json) = get(&addr, "/api/games");
        assert!(json.contains(&format!("\"posts\":{lines}")), "{json}");
    }
}

#[test]
fn add_gm_reads_the_password_from_standard_input() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("gm.db");
    let add = |password: &str| {
        let mut child = mafia()
            .args(["serve", "--add-gm", "Moderator", "--db"])
            .arg(&db)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(password.as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    };
    let made = add("s3cret\n");
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&made.stdout),
        "GM account `Moderator` created\n"
    );
    let again = add("other\n");
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    let empty = add("");
    assert!(!empty.status.success());
    assert!(String::from_utf8_lossy(&empty.stderr).contains("no password"));
}

/// Issue 14, point 3: the poller reaches only public forums unless told otherwise, and
/// `serve --help` says so.
#[test]
fn serve_help_explains_the_private_forums_flag() {
    let help = mafia().args(["serve", "--help"]).output().unwrap();
    assert!(help.status.success());
    let help = String::from_utf8_lossy(&help.stdout);
    let at = help
        .find("--allow-private-forums")
        .unwrap_or_else(|| panic!("{help}"));
    let text = help[at..].split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains("loopback") && text.contains("only public addresses are polled"),
        "{text}"
    );
}

/// Starts `mafia serve --demo` on a free port; returns the server and the first line it
/// printed (the URL of the demo game).
fn start_demo(db: &std::path::Path) -> (Server, String) {
    let mut child = mafia()
        .args([
            "serve",
            "--demo",
            "--listen",
            "127.0.0.1:0",
            "--poll-interval",
            "0",
            "--db",
        ])
        .arg(db)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    let server = Server {
        child,
        _output: stdout,
    };
    (server, first)
}

/// Starts `mafia serve --demo` on a free port; returns the server and its address.
fn serve_demo(db: &std::path::Path) -> (Server, String) {
    let (server, first) = start_demo(db);
    let addr = first
        .trim()
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("unexpected first line: {first}"))
        .to_owned();
    (server, addr)
}
