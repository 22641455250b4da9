//! `mafia audit` as a host runs it: a small hand-made game whose host posts two vote counts
//! (mafiascum-style HTML: `Name (n) - voters`, a struck-out earlier vote), one right and one
//! that misses a vote, read as text and as JSON.

use std::path::PathBuf;
use std::process::{Command, Output};

fn mafia(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mafia"))
        .args(args)
        .output()
        .expect("the mafia binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn scratch(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mafia-audit-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("scratch file");
    path
}

const GAME: &str = r#"
name = "Audit Mafia"
gms = ["Host"]
zone = "UTC"
first_phase = "Day 1"
first_deadline = "2026-03-09 21:00"
day_length = "48h"
night_length = "24h"
players = ["Alice", "Bob", "Carol", "Dave", "Erin"]
"#;

/// Carol moves her vote from Bob to Alice (post 6), Frank replaces Dave (post 7) and votes
/// Bob. The host's second count names the slot by its old name (Dave), strikes Carol's old
/// vote out of Bob's wagon, and forgets her new one on Alice.
const THREAD: &str = r#"{"id": "1", "number": 1, "author": "Host", "time": "2026-03-02T10:00:00Z", "html": "It is now Day 1."}
{"id": "2", "number": 2, "author": "Alice", "time": "2026-03-02T11:00:00Z", "html": "<b>Vote: Bob</b>"}
{"id": "3", "number": 3, "author": "Bob", "time": "2026-03-02T12:00:00Z", "html": "<b>Vote: Alice</b>"}
{"id": "4", "number": 4, "author": "Carol", "time": "2026-03-02T13:00:00Z", "html": "<b>Vote: Bob</b>"}
{"id": "5", "number": 5, "author": "Host", "time": "2026-03-02T14:00:00Z", "html": "<div style=\"display:inline;font-weight:bold\">Vote Count 1.1</div><br>Bob (2) - Alice, Carol<br>Alice (1) - Bob<br><br>Not voting (2): Dave, Erin"}
{"id": "6", "number": 6, "author": "Carol", "time": "2026-03-02T15:00:00Z", "html": "<b>Vote: Alice</b>"}
{"id": "7", "number": 7, "author": "Host", "time": "2026-03-02T16:00:00Z", "html": "Frank replaces Dave."}
{"id": "8", "number": 8, "author": "Frank", "time": "2026-03-02T17:00:00Z", "html": "<b>Vote: Bob</b>"}
{"id": "9", "number": 9, "author": "Host", "time": "2026-03-02T18:00:00Z", "html": "Vote Count 1.2<br>Bob (2) - Alice, <div style=\"display:inline;text-decoration:line-through\">Carol</div>, Dave<br>Alice (1) - Bob<br>Not voting (2): Carol, Erin"}
"#;

fn run(format: &str) -> String {
    let game = scratch("game.toml", GAME);
    let posts = scratch("thread.jsonl", THREAD);
    let o = mafia(&[
        "audit",
        game.to_str().expect("path"),
        "--posts",
        posts.to_str().expect("path"),
        "--format",
        format,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    stdout(&o)
}

#[test]
fn text_says_which_counts_agree_and_where_the_other_differs() {
    let out = run("text");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "2 vote counts found, 1 agree with the tracker",
            "post 5 (Day 1): agrees",
            "post 9 (Day 1): differs — host has Carol not voting, ours on Alice; first diverged at post 6",
        ],
        "{out}"
    );
}

#[test]
fn json_lists_each_count_with_both_tallies_by_slot() {
    let out = run("json");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["found"], 2);
    assert_eq!(v["agreed"], 1);
    let second = &v["vote_counts"][1];
    assert_eq!(second["post"], 9);
    assert_eq!(second["agrees"], false);
    // Dave's slot is Frank's now: the host's "Dave" is Frank's vote.
    assert_eq!(
        second["host"],
        serde_json::json!({"Bob": ["Alice", "Frank"], "Alice": ["Bob"]})
    );
    assert_eq!(
        second["ours"],
        serde_json::json!({"Bob": ["Alice", "Frank"], "Alice": ["Bob", "Carol"]})
    );
    assert_eq!(
        second["differences"],
        serde_json::json!([{"voter": "Carol", "host": null, "ours": "Alice", "since": 6, "last_mark": "Vote: Alice"}])
    );
    assert_eq!(second["first_diverged"], 6);
}

/// The forms `mafia audit --help` lists are read: `Name (n): voters` with a struck voter,
/// and `Name [L-n] - voters` (BBCode posts; seven players, so majority is 4).
#[test]
fn the_forms_the_help_shows_are_read() {
    let help = stdout(&mafia(&["audit", "--help"]));
    assert!(
        help.contains("Bob (3): Alice, Carol, [s]Dave[/s], Erin"),
        "{help}"
    );
    assert!(help.contains("Bob [L-2] - Alice, Carol"), "{help}");
    let game = scratch(
        "help-game.toml",
        &GAME.replace(
            r#"players = ["Alice", "Bob", "Carol", "Dave", "Erin"]"#,
            r#"players = ["Alice", "Bob", "Carol", "Dave", "Erin", "Gina", "Hal"]"#,
        ),
    );
    let thread = scratch(
        "help-thread.jsonl",
        r#"{"number": 1, "author": "Host", "bbcode": "It is now Day 1."}
{"number": 2, "author": "Alice", "bbcode": "[b]Vote: Bob[/b]"}
{"number": 3, "author": "Carol", "bbcode": "[b]Vote: Bob[/b]"}
{"number": 4, "author": "Host", "bbcode": "[b]Vote count[/b]\nBob [L-2] - Alice, Carol"}
{"number": 5, "author": "Dave", "bbcode": "[b]Vote: Bob[/b]"}
{"number": 6, "author": "Dave", "bbcode": "[b]Unvote[/b]"}
{"number": 7, "author": "Erin", "bbcode": "[b]Vote: Bob[/b]"}
{"number": 8, "author": "Host", "bbcode": "[b]Vote count[/b]\nBob (3): Alice, Carol, [s]Dave[/s], Erin"}
"#,
    );
    let o = mafia(&[
        "audit",
        game.to_str().expect("path"),
        "--posts",
        thread.to_str().expect("path"),
    ]);
    let out = stdout(&o);
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            "2 vote counts found, 2 agree with the tracker",
            "post 4 (Day 1): agrees",
            "post 8 (Day 1): agrees",
        ],
        "{out}"
    );
}
