//! `mafia night resolve` on the example nights and on broken night files.

use std::path::PathBuf;
use std::process::{Command, Output};

fn example(name: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../night/examples")).join(name)
}

fn mafia(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mafia"))
        .args(args)
        .output()
        .expect("the mafia binary runs")
}

fn night_file(test: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "mafia-night-cli-{}-{test}.toml",
        std::process::id()
    ));
    std::fs::write(&path, text).expect("temp file");
    path
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn the_jailkeeper_loop_explained() {
    let path = example("jailkeeper-loop.toml");
    let out = mafia(&["night", "resolve", path.to_str().unwrap(), "--explain"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("Alice dies: Vic shot Alice (Vigilante: shoot)"),
        "{text}"
    );
    assert!(text.contains(
        "        • Reason for no: Alice was roleblocked: Bob blocked Alice (Jailkeeper: jail) [no effect: rule 4, Bob's action (Jailkeeper: jail) is already in this chain]"
    ), "{text}");
}

#[test]
fn the_simple_method_example_as_json() {
    let path = example("simple-method.toml");
    let out = mafia(&[
        "night",
        "resolve",
        path.to_str().unwrap(),
        "--method",
        "simple",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON output");
    assert_eq!(json["method"], "simple");
    assert_eq!(json["deaths"], serde_json::json!([]));
    assert_eq!(json["vests_used"], serde_json::json!(["Gorny"]));
    assert_eq!(
        json["feedback"],
        serde_json::json!([{ "player": "Noodle", "text": "Noodle is Not Mafia." }])
    );
}

#[test]
fn the_simple_method_example_refused_by_rar_names_the_line() {
    let path = example("simple-method.toml");
    let out = mafia(&["night", "resolve", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("simple-method.toml:47:9"), "{err}");
    assert!(err.contains("Noodle cannot target themself"), "{err}");
}

#[test]
fn an_unknown_role_is_reported_at_its_line_and_column() {
    let path = night_file(
        "unknown-role",
        "[[players]]\nname = \"A\"\nrole = \"Wizard\"\n",
    );
    let out = mafia(&["night", "resolve", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains(":3:8: player A: unknown role `Wizard`"),
        "{err}"
    );
}

#[test]
fn an_action_by_a_dead_player_is_reported() {
    let path = night_file(
        "dead-actor",
        "[[players]]\nname = \"A\"\nrole = \"Cop\"\n[[players]]\nname = \"B\"\nrole = \"Cop\"\nalive = false\n[[actions]]\nactor = \"B\"\ntarget = \"A\"\n",
    );
    let out = mafia(&["night", "resolve", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(":9:9: action 1 (by B): B is dead and cannot act"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_target_not_in_the_game_and_a_second_use_are_reported() {
    let path = night_file(
        "bad-target",
        "[[players]]\nname = \"A\"\nrole = \"Cop\"\n[[actions]]\nactor = \"A\"\ntarget = \"Zed\"\n",
    );
    let out = mafia(&["night", "resolve", path.to_str().unwrap()]);
    assert!(
        stderr(&out).contains("action 1 (by A): target `Zed` is not a player of this game"),
        "{}",
        stderr(&out)
    );
    let path = night_file(
        "twice",
        "[[players]]\nname = \"A\"\nrole = \"Cop\"\n[[players]]\nname = \"B\"\nrole = \"Goon\"\n[[actions]]\nactor = \"A\"\ntarget = \"B\"\n[[actions]]\nactor = \"A\"\ntarget = \"B\"\n",
    );
    let out = mafia(&["night", "resolve", path.to_str().unwrap()]);
    assert!(stderr(&out).contains(":11:9: action 2 (by A): `investigate` can be used 1 time(s) a night, and this is use number 2"), "{}", stderr(&out));
}

#[test]
fn broken_toml_is_reported_at_its_line() {
    let path = night_file("syntax", "[[players]\nname = \"A\"\n");
    let out = mafia(&["night", "resolve", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(":1:10: invalid table header"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_custom_catalogue_replaces_the_standard_one() {
    let catalogue = night_file(
        "catalogue",
        "[[roles]]\nname = \"Sniper\"\nalignment = \"town\"\n[[roles.abilities]]\nname = \"snipe\"\ncomponents = [{ type = \"kill\", strong = true }]\n[[roles]]\nname = \"Vanilla\"\nalignment = \"town\"\nabilities = []\n",
    );
    let night = night_file(
        "sniper-night",
        "[[players]]\nname = \"S\"\nrole = \"Sniper\"\n[[players]]\nname = \"T\"\nrole = \"Vanilla\"\nmodifiers = [\"bulletproof\"]\n[[actions]]\nactor = \"S\"\ntarget = \"T\"\n",
    );
    let out = mafia(&[
        "night",
        "resolve",
        night.to_str().unwrap(),
        "--catalogue",
        catalogue.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("T dies: S shot T (Sniper: snipe)"),
        "{}",
        stdout(&out)
    );
}

/// Issue 13: a host adds a role of their own beside the standard catalogue with
/// `--extra-roles`; it resolves with no change to the program.
#[test]
fn a_custom_role_from_extra_roles_resolves() {
    let extra = night_file(
        "extra-roles",
        r#"
[[roles]]
name = "Nightwatch"
alignment = "town"
[[roles.abilities]]
name = "guard and watch"
components = [{ type = "visit" }, { type = "protect" }, { type = "watch" }]
"#,
    );
    let night = night_file(
        "extra-night",
        r#"
[[players]]
name = "Nia"
role = "Nightwatch"
[[players]]
name = "Ann"
role = "Vanilla"
[[players]]
name = "Gus"
role = "Goon"

[[actions]]
actor = "Nia"
target = "Ann"
[[actions]]
actor = "Gus"
target = "Ann"
"#,
    );
    let out = mafia(&[
        "night",
        "resolve",
        night.to_str().unwrap(),
        "--extra-roles",
        extra.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(json["deaths"], serde_json::json!([]));
    assert_eq!(json["saves"][0]["player"], "Ann");
    // A watcher does not report their own visit.
    assert_eq!(json["feedback"][0]["text"], "Ann was visited by Gus.");
}

/// Issue 13: a custom role named like a standard one is refused, naming the file and line.
#[test]
fn an_extra_role_clashing_with_a_standard_one_names_file_and_line() {
    let extra = night_file(
        "extra-clash",
        "[[roles]]\nname = \"Cop\"\nalignment = \"town\"\n",
    );
    let night = example("jailkeeper-loop.toml");
    let out = mafia(&[
        "night",
        "resolve",
        night.to_str().unwrap(),
        "--extra-roles",
        extra.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains(&format!(
            "{}:2:8: role `Cop` is already in the standard catalogue",
            extra.display()
        )),
        "{err}"
    );
}

/// Issue 13: a misspelt modifier gets "did you mean", at its line and column.
#[test]
fn a_misspelt_modifier_gets_did_you_mean() {
    let night = night_file(
        "bad-modifier",
        "[[players]]\nname = \"A\"\nrole = \"Cop\"\nmodifiers = [\"nnja\"]\n",
    );
    let out = mafia(&["night", "resolve", night.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains(":4:14: unknown modifier `nnja` (did you mean `ninja`?)"),
        "{err}"
    );
}

/// Issue 13: a misspelt role gets "did you mean", at the role's line and column.
#[test]
fn a_misspelt_role_gets_did_you_mean() {
    let night = night_file(
        "bad-role",
        "[[players]]\nname = \"A\"\nrole = \"Bodygaurd\"\n",
    );
    let out = mafia(&["night", "resolve", night.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains(":3:8: player A: unknown role `Bodygaurd` (did you mean `Bodyguard`?)"),
        "{err}"
    );
}

/// Issue 13 point 3: `--state` keeps X-shot uses from night to night: the
/// Jack-of-all-Trades' one shot of night 1 is refused on night 2.
#[test]
fn the_state_file_keeps_one_shot_uses_across_nights() {
    let state =
        std::env::temp_dir().join(format!("mafia-night-cli-{}-state.json", std::process::id()));
    let _ = std::fs::remove_file(&state);
    let night = night_file(
        "joat",
        "[[players]]\nname = \"Jo\"\nrole = \"Jack-of-all-Trades\"\n[[players]]\nname = \"Ann\"\nrole = \"Vanilla\"\n[[actions]]\nactor = \"Jo\"\nability = \"shoot\"\ntarget = \"Ann\"\n",
    );
    let args = [
        "night",
        "resolve",
        night.to_str().unwrap(),
        "--state",
        state.to_str().unwrap(),
    ];
    let first = mafia(&args);
    assert!(first.status.success(), "{}", stderr(&first));
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&state).expect("state written"))
            .expect("json");
    assert_eq!(saved["night"], 1);
    assert_eq!(saved["used"]["jo"]["shoot"], 1);
    let second = mafia(&args);
    assert!(!second.status.success());
    assert!(
        stderr(&second)
            .contains("`shoot` has 1 shot(s) in the game and 1 were used on earlier nights"),
        "{}",
        stderr(&second)
    );
}
