//! `mafia roles lsp` driven as an editor drives it: the built binary, a small hand-written
//! role book in a temporary folder, and real JSON-RPC messages framed with `Content-Length`
//! headers on its standard input and output (the base protocol of the Language Server
//! Protocol specification).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use serde_json::{Value, json};

/// A seer whose trigger is misspelt (`Imediate Night`, line 4), a wolf that joins the
/// wolfpack, and the wolfpack group.
const SEER_TYPO: &str = "**Seer** | Townsfolk Investigative\n__Basics__\nEach night, the Seer learns a player’s role.\n__Formalized__\nImediate Night: Role Investigate @Selection (SD)\n";
const WOLF: &str = "**Wolf** | Werewolf Killing\n__Formalized__\nStarting:   Join #Wolfpack\nImmediate Night: Attack @Selection\n";
const WOLFPACK: &str = "**Wolfpack** | Werewolf Team Group\n__Basics__\nThe wolves talk here at night.\n__Formalized__\nUnique Group\n";

fn book() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let write = |path: &str, text: &str| {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("_paths/roles", "roles\n");
    write("_paths/groups", "groups\n");
    write("roles/seer", SEER_TYPO);
    write("roles/wolf", WOLF);
    write("groups/wolfpack", WOLFPACK);
    dir
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// The editor's side: the server's stdin, and its messages read by a thread.
struct Editor {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    next_id: i64,
}

impl Editor {
    fn start() -> Editor {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mafia"))
            .args(["roles", "lsp"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the mafia binary starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, messages) = channel();
        std::thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            while let Some(message) = read_frame(&mut out) {
                if send.send(message).is_err() {
                    break;
                }
            }
        });
        Editor {
            child,
            stdin,
            messages,
            next_id: 0,
        }
    }

    fn write(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.write(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn next(&self) -> Value {
        self.messages
            .recv_timeout(Duration::from_secs(30))
            .expect("the server answers within 30 s")
    }

    /// Sends a request and returns its response (skipping notifications).
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.write(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let message = self.next();
            if message["id"] == json!(id) {
                return message;
            }
        }
    }

    /// The next `publishDiagnostics` for `uri`.
    fn diagnostics(&self, uri: &str) -> Vec<Value> {
        loop {
            let message = self.next();
            if message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["uri"] == uri
            {
                return message["params"]["diagnostics"].as_array().unwrap().clone();
            }
        }
    }
}

/// One message of the base protocol: headers, a blank line, `Content-Length` bytes of JSON.
fn read_frame(out: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if out.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    out.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

#[test]
fn an_editor_session_over_stdio() {
    let dir = book();
    let mut editor = Editor::start();
    let init = editor.request(
        "initialize",
        json!({"processId": null, "rootUri": uri(dir.path()), "capabilities": {}}),
    );
    assert_eq!(init["result"]["capabilities"]["definitionProvider"], true);
    editor.notify("initialized", json!({}));

    // The misspelt trigger is reported on line 4 (0-based), the first 14 columns.
    let seer = uri(&dir.path().join("roles/seer"));
    editor.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": seer, "languageId": "wwr-role", "version": 1, "text": SEER_TYPO}}),
    );
    let diags = editor.diagnostics(&seer);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(
        diags[0]["range"]["start"],
        json!({"line": 4, "character": 0})
    );
    assert_eq!(
        diags[0]["range"]["end"],
        json!({"line": 4, "character": 14})
    );
    assert_eq!(diags[0]["severity"], 1);
    assert!(
        diags[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("unknown trigger type `Imediate Night`")
    );

    // Hover and definition on `#Wolfpack` (line 2, `Starting:   Join #Wolfpack`).
    let wolf = uri(&dir.path().join("roles/wolf"));
    editor.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": wolf, "languageId": "wwr-role", "version": 1, "text": WOLF}}),
    );
    let hover = editor.request("textDocument/hover", at(&wolf, 2, 20));
    let shown = hover["result"]["contents"]["value"].as_str().unwrap();
    assert!(shown.contains("The wolves talk here at night."), "{shown}");
    let def = editor.request("textDocument/definition", at(&wolf, 2, 20));
    assert_eq!(
        def["result"]["uri"],
        uri(&dir.path().join("groups/wolfpack"))
    );
    assert_eq!(def["result"]["range"]["start"]["line"], 0);

    // Completion in `@Selection` after `@Sel` (line 3, column 28).
    let completion = editor.request("textDocument/completion", at(&wolf, 3, 28));
    let labels: Vec<&str> = completion["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"@Selection"), "{labels:?}");

    // Formatting: the extra spaces after `Starting:` go; one edit over the whole file.
    let edits = editor.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": wolf}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert_eq!(
        edits["result"],
        json!([{
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 4, "character": 0}},
            "newText": WOLF.replace("Starting:   Join", "Starting: Join"),
        }])
    );

    // A method the server does not have.
    let unknown = editor.request("textDocument/rename", json!({}));
    assert_eq!(unknown["error"]["code"], -32601);

    let shutdown = editor.request("shutdown", Value::Null);
    assert_eq!(shutdown["result"], Value::Null);
    editor.notify("exit", Value::Null);
    let status = editor.child.wait().expect("the server exits");
    assert!(status.success(), "{status:?}");
}
