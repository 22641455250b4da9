//! `mafia serve --add-gm` creates a GM account from a password on standard input.
//!
//! What `mafia serve --demo` serves (its printed address, the pages, a second start on the
//! same database) is tested with the browser tests, in one suite: `crates/e2e/tests/site.rs`.

use std::io::Write;
use std::process::{Command, Stdio};

fn mafia() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mafia"))
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
