//! `mafia roles check | fmt | show` on small role sets written to a temporary folder.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A throw-away role set: `_paths` lists `roles` and `sets`; files are written on demand.
struct RoleSet {
    dir: PathBuf,
}

impl RoleSet {
    fn new(test: &str) -> RoleSet {
        let dir =
            std::env::temp_dir().join(format!("mafia-roles-cli-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("_paths")).unwrap();
        std::fs::write(dir.join("_paths/roles"), "roles\n").unwrap();
        std::fs::write(dir.join("_paths/sets"), "sets\n").unwrap();
        RoleSet { dir }
    }

    fn file(self, path: &str, text: &str) -> RoleSet {
        let full = self.dir.join(path);
        std::fs::create_dir_all(full.parent().unwrap()).unwrap();
        std::fs::write(full, text).unwrap();
        self
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.dir.join(rel)
    }
}

impl Drop for RoleSet {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn mafia(args: &[&str], cwd: &Path) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_mafia"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("the binary runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

const PACK: &str = "**Pack** | Ability Set\nRole Attribute: `Lycan`\n";
const LYCAN_ATTR: &str = "**Lycan** | Attribute\n__Formalized__\nNo Abilities\n";

fn wolf(inherit: &str) -> String {
    format!(
        "**Wolf** | Werewolf Miscellaneous\n__Basics__\nA wolf.\n\n__Formalized__\nUnique Role\nInherit: `{inherit}`\n\n__Card__\nHowls.\n"
    )
}

#[test]
fn check_a_clean_role_set_exits_0() {
    let set = RoleSet::new("clean")
        .file("roles/wolf", &wolf("Pack"))
        .file("sets/pack", PACK);
    // `Lycan` is not defined: add the attributes folder to `_paths`.
    let set = set
        .file("_paths/attributes", "attributes\n")
        .file("attributes/lycan", LYCAN_ATTR);
    let run = mafia(&["roles", "check", "."], &set.dir);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("3 files checked: 0 errors, 0 warnings"),
        "{}",
        run.stdout
    );
}

#[test]
fn check_reports_every_error_with_file_line_and_column_and_exits_1() {
    let set = RoleSet::new("errors")
        .file("roles/wolf", &wolf("Packk"))
        .file(
            "sets/pack",
            "**Pack** | Ability Set\nRole Attribute: `Lycan`\nShow Voters: Maybe\n",
        );
    let run = mafia(&["roles", "check", "."], &set.dir);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    // line 7, column 11: the name inside the backticks of `Inherit: `Packk``
    assert!(
        run.stdout
            .contains("roles/wolf:7:11: no ability set called `Packk`"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("sets/pack:2:18: no attribute called `Lycan`"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("sets/pack:3:1: `Show Voters:` does not belong in an ability set"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("errors, 0 warnings"), "{}", run.stdout);
}

#[test]
fn check_one_file_checks_its_references_against_its_role_set() {
    let set = RoleSet::new("onefile")
        .file("roles/wolf", &wolf("Pack"))
        .file("roles/cub", &wolf("Den"))
        .file("sets/pack", PACK);
    let run = mafia(&["roles", "check", "roles/wolf"], &set.dir);
    // wolf's own references resolve; `sets/pack`'s missing attribute is not wolf's problem
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let run = mafia(&["roles", "check", "roles/cub"], &set.dir);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout
            .contains("roles/cub:7:11: no ability set called `Den`"),
        "{}",
        run.stdout
    );
}

#[test]
fn fmt_check_lists_non_canonical_files_and_fmt_rewrites_them() {
    let messy = "**Wolf** | Werewolf Miscellaneous\n__Formalized__\nUnique Role   \nInherit:    `Pack`\n\n\n__Card__\nHowls.\n";
    let set = RoleSet::new("fmt")
        .file("roles/wolf", messy)
        .file("sets/pack", PACK);
    let run = mafia(&["roles", "fmt", "--check", "."], &set.dir);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("not canonical: roles/wolf"),
        "{}",
        run.stdout
    );
    assert_eq!(
        std::fs::read_to_string(set.path("roles/wolf")).unwrap(),
        messy
    );

    let run = mafia(&["roles", "fmt", "."], &set.dir);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert_eq!(
        std::fs::read_to_string(set.path("roles/wolf")).unwrap(),
        "**Wolf** | Werewolf Miscellaneous\n__Formalized__\nUnique Role\nInherit: `Pack`\n\n\n__Card__\nHowls.\n"
    );
    assert_eq!(mafia(&["roles", "fmt", "--check", "."], &set.dir).code, 0);
}

#[test]
fn fmt_leaves_files_with_errors_alone() {
    let broken = "**Pack** | Ability Set\nRole Attribute:   Lycan\n";
    let set = RoleSet::new("fmterr").file("sets/pack", broken);
    let run = mafia(&["roles", "fmt", "."], &set.dir);
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("skipped (has errors"), "{}", run.stdout);
    assert_eq!(
        std::fs::read_to_string(set.path("sets/pack")).unwrap(),
        broken
    );
}

#[test]
fn show_prints_the_ast_as_json() {
    let set = RoleSet::new("show")
        .file("roles/wolf", &wolf("Pack"))
        .file("sets/pack", PACK);
    let run = mafia(&["roles", "show", "wolf", "--json", "--dir", "."], &set.dir);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(json["kind"], "role");
    assert_eq!(json["name"], "Wolf");
    assert_eq!(json["heading"]["role"]["group"], "Werewolf");
    assert_eq!(json["items"][0]["flag"]["value"], "UniqueRole");
    assert_eq!(json["items"][1]["inherit"]["value"], "Pack");
}

#[test]
fn show_needs_a_role_set_and_a_known_name() {
    let set = RoleSet::new("shownone").file("sets/pack", PACK);
    assert_eq!(
        mafia(&["roles", "show", "pack", "--json"], &set.dir).code,
        2
    );
    let run = mafia(&["roles", "show", "seer", "--dir", "."], &set.dir);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("no element called `seer`"),
        "{}",
        run.stderr
    );
}

#[test]
fn check_a_file_outside_any_role_set_says_references_were_not_checked() {
    let dir = std::env::temp_dir().join(format!("mafia-roles-cli-{}-loose", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("wolf"), wolf("Pack")).unwrap();
    let run = mafia(&["roles", "check", "wolf"], &dir);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("references were not checked"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("1 files checked: 0 errors, 0 warnings"),
        "{}",
        run.stdout
    );
}
