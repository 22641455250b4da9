//! The VS Code extension's files are valid JSON, and its TextMate grammar highlights every
//! trigger type, ability type, header key and flag of the roles crate's own tables (so a word
//! added to the language is not forgotten in the editor).

use std::collections::BTreeSet;

use mafia_roles::ability::{ABILITY_KEYWORDS, HEADER_KEYS, trigger_names};
use mafia_roles::element::Flag;
use serde_json::Value;

const VSCODE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../editors/vscode");

fn read_json(rel: &str) -> Value {
    let path = format!("{VSCODE}/{rel}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path} is not JSON: {e}"))
}

/// The words of a regex's alternations: the pieces between `|`, `(` and `)`, without the
/// group openers (`?:`, `?=`) and anchors.
fn alternatives(regex: &str) -> BTreeSet<String> {
    regex
        .split(['|', '(', ')'])
        .map(|w| w.trim_start_matches(['?', ':', '=', '^']).to_string())
        .collect()
}

fn rule(grammar: &Value, name: &str, key: &str) -> BTreeSet<String> {
    let regex = grammar["repository"][name][key]
        .as_str()
        .unwrap_or_else(|| panic!("the grammar has no {name}.{key}"));
    alternatives(regex)
}

#[test]
fn the_extension_files_are_json() {
    let package = read_json("package.json");
    assert_eq!(package["contributes"]["languages"][0]["id"], "wwr-role");
    assert_eq!(
        package["contributes"]["grammars"][0]["path"],
        "./syntaxes/wwr-role.tmLanguage.json"
    );
    read_json("language-configuration.json");
}

#[test]
fn the_grammar_knows_every_word_of_the_language() {
    let grammar = read_json("syntaxes/wwr-role.tmLanguage.json");
    let triggers = rule(&grammar, "trigger", "begin");
    let abilities = rule(&grammar, "ability-type", "match");
    let headers = rule(&grammar, "header", "match");
    let flags = rule(&grammar, "flag", "match");
    let missing: Vec<String> = trigger_names()
        .into_iter()
        .filter(|t| !triggers.contains(*t))
        .map(|t| format!("trigger type `{t}`"))
        .chain(
            ABILITY_KEYWORDS
                .iter()
                .filter(|a| !abilities.contains(**a))
                .map(|a| format!("ability type `{a}`")),
        )
        .chain(
            HEADER_KEYS
                .iter()
                .filter(|h| !headers.contains(**h))
                .map(|h| format!("header `{h}:`")),
        )
        .chain(
            Flag::ALL
                .iter()
                .filter(|f| !flags.contains(f.text()))
                .map(|f| format!("flag `{}`", f.text())),
        )
        .collect();
    assert!(
        missing.is_empty(),
        "not in editors/vscode/syntaxes: {missing:?}"
    );
}
