//! The README's "Running WWR games" walkthrough, run in order (issue 14, point 7): every `sh`
//! block of that section is read out of README.md and each line run by `sh` from the
//! checkout, with `cargo run -p mafia --` meaning the built binary and the README's scratch
//! folder `/tmp/mafia-demo` a fresh temporary folder. So the README stays true.

use std::path::{Path, PathBuf};
use std::process::Command;

fn checkout() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// The lines of the `sh` code blocks of the README section titled `title`.
fn sh_lines(readme: &str, title: &str) -> Vec<String> {
    let section: Vec<&str> = readme
        .lines()
        .skip_while(|l| l.trim() != format!("## {title}"))
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .collect();
    let mut lines = Vec::new();
    let mut in_sh = false;
    for l in section {
        match l.trim() {
            "```sh" => in_sh = true,
            "```" => in_sh = false,
            code if in_sh && !code.is_empty() => lines.push(code.to_string()),
            _ => {}
        }
    }
    lines
}

/// Runs one README line; returns its stdout, failing the test if it failed.
fn run(line: &str, scratch: &Path) -> String {
    let bin = env!("CARGO_BIN_EXE_mafia");
    let cmd = line
        .replace("cargo run -p mafia --", bin)
        .replace("/tmp/mafia-demo", scratch.to_str().unwrap());
    let o = Command::new("sh")
        .arg("-c")
        .arg(&cmd)
        .current_dir(checkout())
        .output()
        .expect("sh runs");
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        o.status.success(),
        "README line failed: {line}\nstdout: {out}\nstderr: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    out
}

#[test]
fn the_readme_wwr_walkthrough_runs_in_order() {
    let readme = std::fs::read_to_string(checkout().join("README.md")).unwrap();
    let lines = sh_lines(&readme, "Running WWR games");
    // The five-player game (new, act, next, the script, show) and the haunting game (new,
    // act, show), after the `mkdir` of the scratch folder.
    assert!(lines.len() >= 9, "{lines:#?}");
    let dir = tempfile::tempdir().unwrap();
    let scratch = dir.path().join("mafia-demo");
    let outputs: Vec<(String, String)> = lines
        .iter()
        .map(|l| (l.clone(), run(l, &scratch)))
        .collect();
    for (line, out) in &outputs {
        assert!(
            !line.contains("> game.json") && !line.contains(" game.json "),
            "a README example writes into the checkout: {line}"
        );
        // The script ends the demo game: Eve, the wolf, is lynched on D1.
        if line.contains("--script demo/wwr/five.script") {
            assert!(
                out.contains("The game is over. Winner: Townsfolk."),
                "{out}"
            );
        }
    }
    let last_show_of_alice = outputs
        .iter()
        .find(|(l, _)| l.contains("--player Alice"))
        .map(|(_, o)| o.as_str())
        .expect("the walkthrough shows Alice's view");
    assert!(
        last_show_of_alice.contains("Game over"),
        "{last_show_of_alice}"
    );
    let dave = outputs
        .iter()
        .find(|(l, _)| l.contains("--player Dave"))
        .map(|(_, o)| o.as_str())
        .expect("the haunting example shows Dave's view");
    assert!(dave.contains("#Tavern"), "{dave}");
}
