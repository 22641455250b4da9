//! The language server driven as an editor drives it, over an in-memory connection: a small
//! hand-written role book (a seer, a wolf, the wolves' team and an attribute), files opened
//! and edited, and every request answered.

use std::path::{Path, PathBuf};
use std::thread::JoinHandle;
use std::time::Duration;

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use mafia_lsp::LspError;
use serde_json::{Value, json};

const SEER: &str = "**Seer** | Townsfolk Investigative\n__Basics__\nEach night, the Seer learns a player’s role.\n__Formalized__\nImmediate Night: Role Investigate @Selection (SD)\n";
const WOLF: &str = "**Wolf** | Werewolf Killing\n__Formalized__\nStarting: Join #Wolfpack\nImmediate Night: Attack @Selection\n";
const TEAM: &str =
    "**Werewolves**\n__Formalized__\nWin Condition: @(Alignment:Werewolf), @(Class:Unaligned)\n";
const WOLFPACK: &str = "**Wolfpack** | Werewolf Team Group\n__Formalized__\nUnique Group\n";

/// A role book in a temporary folder: `_paths` lists `roles`, `teams` and `groups`; the
/// group `Wolfpack` is not written yet.
fn book() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let write = |path: &str, text: &str| {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("_paths/roles", "roles\n");
    write("_paths/teams", "teams\n");
    write("_paths/groups", "groups\n");
    write("_paths/info", "info\n");
    write("roles/seer", SEER);
    write("roles/wolf", WOLF);
    write("teams/Werewolf", TEAM);
    write(
        "README.md",
        "# A role book\n**Not** a role: Imediate Night: nothing\n",
    );
    std::fs::create_dir_all(dir.path().join("groups")).unwrap();
    dir
}

struct Client {
    conn: Connection,
    server: JoinHandle<Result<(), LspError>>,
    next_id: i32,
    /// Notifications received while waiting for responses.
    notes: Vec<Notification>,
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display()).replace(' ', "%20")
}

impl Client {
    fn start(root: &Path) -> Client {
        let (server_side, conn) = Connection::memory();
        let server = std::thread::spawn(move || mafia_lsp::run(&server_side));
        let mut client = Client {
            conn,
            server,
            next_id: 0,
            notes: Vec::new(),
        };
        let result = client.request(
            "initialize",
            json!({"processId": null, "rootUri": uri(root), "capabilities": {}}),
        );
        assert_eq!(result["capabilities"]["hoverProvider"], json!(true));
        client.notify("initialized", json!({}));
        client
    }

    fn notify(&self, method: &str, params: Value) {
        let note = Notification::new(method.into(), params);
        self.conn.sender.send(note.into()).unwrap();
    }

    fn send(&mut self, method: &str, params: Value) -> RequestId {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        let req = Request::new(id.clone(), method.into(), params);
        self.conn.sender.send(req.into()).unwrap();
        id
    }

    fn recv(&mut self) -> Message {
        self.conn
            .receiver
            .recv_timeout(Duration::from_secs(20))
            .expect("the server answers")
    }

    /// The whole response (`result` or `error`) to a request.
    fn response(&mut self, method: &str, params: Value) -> lsp_server::Response {
        let id = self.send(method, params);
        loop {
            match self.recv() {
                Message::Response(r) if r.id == id => return r,
                Message::Notification(n) => self.notes.push(n),
                _ => {}
            }
        }
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let r = self.response(method, params);
        match r.response_result {
            Ok(value) => value,
            Err(e) => panic!("{method}: {e:?}"),
        }
    }

    /// The next diagnostics published for `path`.
    fn diagnostics(&mut self, path: &Path) -> Vec<Value> {
        let want = uri(path);
        let published = |n: &Notification| {
            n.method == "textDocument/publishDiagnostics" && n.params["uri"] == want
        };
        if let Some(at) = self.notes.iter().position(published) {
            let n = self.notes.remove(at);
            return n.params["diagnostics"].as_array().unwrap().clone();
        }
        loop {
            if let Message::Notification(n) = self.recv() {
                if published(&n) {
                    return n.params["diagnostics"].as_array().unwrap().clone();
                }
                self.notes.push(n);
            }
        }
    }

    fn open(&self, path: &Path, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri(path), "languageId": "wwr-role", "version": 1, "text": text}}),
        );
    }

    fn change(&self, path: &Path, version: i32, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri(path), "version": version}, "contentChanges": [{"text": text}]}),
        );
    }

    fn at(path: &Path, line: u32, character: u32) -> Value {
        json!({"textDocument": {"uri": uri(path)}, "position": {"line": line, "character": character}})
    }

    fn stop(mut self) {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        self.server.join().unwrap().expect("a clean exit");
    }
}

fn path(dir: &tempfile::TempDir, rel: &str) -> PathBuf {
    dir.path().join(rel)
}

#[test]
fn a_misspelt_trigger_is_reported_on_its_line_and_a_fix_clears_it() {
    let dir = book();
    let mut client = Client::start(dir.path());
    let seer = path(&dir, "roles/seer");
    let typo = SEER.replace("Immediate Night:", "Imediate Night:");
    client.open(&seer, &typo);
    let diags = client.diagnostics(&seer);
    assert_eq!(diags.len(), 1, "{diags:?}");
    // Line 4 (0-based) is the formalized line; `Imediate Night` spans its first 14 columns.
    assert_eq!(
        diags[0]["range"],
        json!({"start": {"line": 4, "character": 0}, "end": {"line": 4, "character": 14}})
    );
    let message = diags[0]["message"].as_str().unwrap();
    assert!(
        message.contains("did you mean `Immediate Night`?"),
        "{message}"
    );
    client.change(&seer, 2, SEER);
    assert_eq!(client.diagnostics(&seer), Vec::<Value>::new());
    client.stop();
}

#[test]
fn columns_are_utf16_code_units() {
    let dir = book();
    let mut client = Client::start(dir.path());
    let seer = path(&dir, "roles/seer");
    // `•` is three bytes and one UTF-16 unit: the constant `` `Citizn` `` (the checker points
    // at the whole constant, backticks included) takes columns 31 to 39; in bytes, 33 to 41.
    let text = SEER.replace(
        "Immediate Night: Role Investigate @Selection (SD)\n",
        "Starting:\n  • Strongly Disguise @Self as `Citizn`\n",
    );
    client.open(&seer, &text);
    let diags = client.diagnostics(&seer);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(
        diags[0]["range"],
        json!({"start": {"line": 5, "character": 31}, "end": {"line": 5, "character": 39}})
    );
    client.stop();
}

#[test]
fn a_name_defined_in_another_open_file_clears_the_reference() {
    let dir = book();
    let mut client = Client::start(dir.path());
    let wolf = path(&dir, "roles/wolf");
    client.open(&wolf, WOLF);
    let diags = client.diagnostics(&wolf);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert!(diags[0]["message"].as_str().unwrap().contains("`Wolfpack`"));
    // `#Wolfpack`, sign included, from column 15 of `Starting: Join #Wolfpack`.
    assert_eq!(
        diags[0]["range"]["start"],
        json!({"line": 2, "character": 15})
    );
    // The group's file exists only in the editor.
    let pack = path(&dir, "groups/wolfpack");
    client.open(&pack, WOLFPACK);
    assert_eq!(client.diagnostics(&wolf), Vec::<Value>::new());
    // Hover and definition find it too.
    let hover = client.request("textDocument/hover", Client::at(&wolf, 2, 18));
    let shown = hover["contents"]["value"].as_str().unwrap();
    assert!(
        shown.contains("**Wolfpack** | Werewolf Team Group"),
        "{shown}"
    );
    let def = client.request("textDocument/definition", Client::at(&wolf, 2, 18));
    assert_eq!(def["uri"], json!(uri(&pack)));
    assert_eq!(def["range"]["start"], json!({"line": 0, "character": 2}));
    client.stop();
}

#[test]
fn a_file_outside_the_role_folders_gets_no_diagnostics() {
    let dir = book();
    let mut client = Client::start(dir.path());
    let readme = path(&dir, "README.md");
    client.open(&readme, "# A role book\nImediate Night: nothing\n");
    let seer = path(&dir, "roles/seer");
    client.open(&seer, SEER);
    assert_eq!(client.diagnostics(&seer), Vec::<Value>::new());
    let hover = client.request("textDocument/hover", Client::at(&readme, 1, 2));
    assert_eq!(hover, Value::Null);
    assert!(
        client
            .notes
            .iter()
            .all(|n| n.params["uri"] != json!(uri(&readme))),
        "{:?}",
        client.notes
    );
    client.stop();
}

#[test]
fn hover_on_a_team_name_shows_the_team() {
    let dir = book();
    let mut client = Client::start(dir.path());
    let seer = path(&dir, "roles/seer");
    let text = "**Seer** | Unaligned Investigative - Werewolf Team\n__Formalized__\nImmediate Night: Role Investigate @Selection (SD)\n";
    client.open(&seer, text);
    assert_eq!(client.diagnostics(&seer), Vec::<Value>::new());
    let hover = client.request("textDocument/hover", Client::at(&seer, 0, 40));
    let shown = hover["contents"]["value"].as_str().unwrap();
    assert!(
        shown.contains("Win Condition: @(Alignment:Werewolf)"),
        "{shown}"
    );
    assert_eq!(
        hover["range"],
        json!({"start": {"line": 0, "character": 37}, "end": {"line": 0, "character": 45}})
    );
    client.stop();
}

#[test]
fn completion_offers_selectors_after_an_at_sign_and_triggers_at_a_line_start() {
    let dir = book();
    let mut client = Client::start(dir.path());
    let seer = path(&dir, "roles/seer");
    let text = "**Seer** | Townsfolk Investigative\n__Formalized__\nImmediate Night: Role Investigate @Sel\nImm";
    client.open(&seer, text);
    let items = client.request("textDocument/completion", Client::at(&seer, 2, 38));
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"@Selection"), "{labels:?}");
    assert!(labels.iter().all(|l| l.starts_with('@')));
    let items = client.request("textDocument/completion", Client::at(&seer, 3, 3));
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"Immediate Night"), "{labels:?}");
    assert!(labels.contains(&"On Death"), "{labels:?}");
    client.stop();
}

#[test]
fn completion_inside_a_hash_offers_groups() {
    let dir = book();
    let mut client = Client::start(dir.path());
    let pack = path(&dir, "groups/wolfpack");
    client.open(&pack, WOLFPACK);
    let wolf = path(&dir, "roles/wolf");
    client.open(
        &wolf,
        "**Wolf** | Werewolf Killing\n__Formalized__\nStarting: Join #Wo",
    );
    let items = client.request("textDocument/completion", Client::at(&wolf, 2, 18));
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["Wolfpack"]);
    client.stop();
}

#[test]
fn formatting_returns_the_canonical_text_as_one_edit() {
    let dir = book();
    let mut client = Client::start(dir.path());
    let wolf = path(&dir, "roles/wolf");
    let loose = "**Wolf** | Werewolf Killing\n__Formalized__\nStarting:   Join #Wolfpack\nImmediate Night:  Attack @Selection\n";
    client.open(&wolf, loose);
    let edits = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri(&wolf)}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert_eq!(
        edits,
        json!([{
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 4, "character": 0}},
            "newText": WOLF,
        }])
    );
    client.change(&wolf, 2, WOLF);
    let edits = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri(&wolf)}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert_eq!(edits, json!([]));
    client.stop();
}

#[test]
fn an_unknown_method_is_method_not_found() {
    let dir = book();
    let mut client = Client::start(dir.path());
    let r = client.response(
        "textDocument/codeLens",
        json!({"textDocument": {"uri": "file:///x"}}),
    );
    assert_eq!(r.response_result.unwrap_err().code, -32601);
    client.stop();
}

#[test]
fn a_file_written_on_disk_defines_its_name() {
    let dir = book();
    let mut client = Client::start(dir.path());
    let wolf = path(&dir, "roles/wolf");
    client.open(&wolf, WOLF);
    assert_eq!(client.diagnostics(&wolf).len(), 1);
    // Another program writes the group's file; the editor's file watcher reports it.
    let pack = path(&dir, "groups/wolfpack");
    std::fs::write(&pack, WOLFPACK).unwrap();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri(&pack), "type": 1}]}),
    );
    assert_eq!(client.diagnostics(&wolf), Vec::<Value>::new());
    // And deleting it brings the error back.
    std::fs::remove_file(&pack).unwrap();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri(&pack), "type": 3}]}),
    );
    assert_eq!(client.diagnostics(&wolf).len(), 1);
    client.stop();
}
