//! `mafia wwr balance` on the demo setup: the same seed gives the same JSON, the table and
//! the chart, and the errors a host meets first.

use std::path::PathBuf;
use std::process::{Command, Output};

fn demo(name: &str) -> String {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../demo/wwr"))
        .join(name)
        .display()
        .to_string()
}

fn mafia(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mafia"))
        .args(args)
        .output()
        .expect("the mafia binary runs")
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The acceptance line, run twice: the same JSON, of the shape.
#[test]
fn four_hundred_games_of_the_demo_give_the_same_json_twice() {
    let args = [
        "wwr",
        "balance",
        &demo("five.toml"),
        "--games",
        "400",
        "--seed",
        "11",
        "--format",
        "json",
    ];
    let first = mafia(&args);
    assert!(first.status.success(), "{}", err(&first));
    let second = mafia(&args);
    assert_eq!(out(&first), out(&second));
    // Not a terminal: no progress bar, nothing on stderr.
    assert_eq!(err(&first), "");

    let json: serde_json::Value = serde_json::from_str(&out(&first)).expect("JSON");
    assert_eq!(json["games"], 400);
    let teams = json["teams"].as_object().unwrap();
    assert_eq!(
        teams.keys().collect::<Vec<_>>(),
        ["Townsfolk", "Werewolf"],
        "{json}"
    );
    let wins: u64 = teams.values().map(|t| t["wins"].as_u64().unwrap()).sum();
    let unfinished = json["unfinished"].as_u64().unwrap();
    assert!(wins + unfinished >= 400, "{json}");
    for t in teams.values() {
        let (rate, lo, hi) = (
            t["rate"].as_f64().unwrap(),
            t["ci95"][0].as_f64().unwrap(),
            t["ci95"][1].as_f64().unwrap(),
        );
        assert!(lo <= rate && rate <= hi, "{json}");
    }
    assert!(json["mean_phases"].as_f64().unwrap() >= 1.0, "{json}");
}

#[test]
fn the_text_table_and_the_chart() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("five.svg");
    let o = mafia(&[
        "wwr",
        "balance",
        &demo("five.toml"),
        "--games",
        "20",
        "--seed",
        "3",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    assert!(text.starts_with("20 games, "), "{text}");
    assert!(
        text.contains("team         wins     rate  95 % interval"),
        "{text}"
    );
    assert!(text.contains("\nTownsfolk  "), "{text}");
    assert!(text.contains("\nWerewolf   "), "{text}");
    let chart = std::fs::read_to_string(&svg).expect("the chart is written");
    assert!(chart.starts_with("<svg "), "{chart}");
    assert_eq!(chart.matches("<rect").count(), 2, "{chart}");
}

#[test]
fn a_missing_setup_and_no_games_are_reported_plainly() {
    let o = mafia(&["wwr", "balance", "no/such/setup.toml", "--games", "10"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).starts_with("error: cannot read no/such/setup.toml: "),
        "{}",
        err(&o)
    );

    let o = mafia(&["wwr", "balance", &demo("five.toml"), "--games", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        err(&o),
        "error: --games 0: expected at least one game to play, not 0\n\
         help: `--games 400` plays 400 games\n"
    );
}
