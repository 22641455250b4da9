//! Rendering diagnostics: every error of a file is reported, each with file:line:column, a
//! caret excerpt of the line, what was expected and a suggestion where there is one.

use mafia_roles::diag::{line_col, render};
use mafia_roles::element::parse_element;
use mafia_roles::{Diagnostic, ElementKind};

/// Parses `text` as a role called `path` and renders every diagnostic.
fn check(path: &str, text: &str) -> (Vec<Diagnostic>, String) {
    let mut diags = Vec::new();
    parse_element(text, ElementKind::Role, path, &mut diags);
    let rendered = diags.iter().map(|d| render(path, text, d)).collect();
    (diags, rendered)
}

const SEER: &str = "**Seer** | Townsfolk Investigative
__Basics__
Sees roles.
__Formalized__
Unique Role
Imediate Night: Role Investigate @Selection
Inherit: Pack
Show Voters: Yes
  • Kill @Self
";

#[test]
fn a_file_with_several_errors_reports_all_of_them_in_order() {
    let (diags, _) = check("roles/seer", SEER);
    let places: Vec<(usize, usize, &str)> = diags
        .iter()
        .map(|d| {
            let (line, col) = line_col(SEER, d.span.start);
            (line, col, d.message.as_str())
        })
        .collect();
    assert_eq!(
        places,
        [
            (6, 1, "unknown trigger type `Imediate Night`"),
            (7, 10, "`Inherit:` expects a name in backticks"),
            (8, 1, "`Show Voters:` does not belong in a role"),
            (9, 3, "indented line does not belong to an ability"),
        ]
    );
}

#[test]
fn a_misspelled_trigger_gets_did_you_mean() {
    let (diags, rendered) = check("roles/seer", SEER);
    assert_eq!(
        diags[0].help.as_deref(),
        Some("did you mean `Immediate Night`?")
    );
    assert!(
        rendered.contains("did you mean `Immediate Night`?"),
        "{rendered}"
    );
}

#[test]
fn each_rendered_error_names_file_line_column_and_shows_a_caret_excerpt() {
    let (_, rendered) = check("roles/seer", SEER);
    for place in [
        "roles/seer:6:1",
        "roles/seer:7:10",
        "roles/seer:8:1",
        "roles/seer:9:3",
    ] {
        assert!(
            rendered.contains(&format!("error: {place}: ")),
            "{place} missing in\n{rendered}"
        );
    }
    // The excerpt of the `Inherit: Pack` error shows its line and underlines `Pack`.
    let (diags, _) = check("roles/seer", SEER);
    let one = render("roles/seer", SEER, &diags[1]);
    let lines: Vec<&str> = one.lines().collect();
    let code = lines
        .iter()
        .position(|l| l.ends_with(" 7 │ Inherit: Pack"))
        .expect("the excerpt shows line 7");
    let pack_column = lines[code].chars().count() - "Pack".len();
    let underline_column = lines[code + 1]
        .chars()
        .position(|c| c == '─')
        .expect("an underline below the line");
    assert_eq!(underline_column, pack_column, "{one}");
    // What was expected and how to fix it.
    assert!(rendered.contains("write `Inherit: `Pack``"), "{rendered}");
}

#[test]
fn line_and_column_count_characters_not_bytes() {
    let text = "‣ é\nab";
    assert_eq!(line_col(text, 0), (1, 1));
    assert_eq!(line_col(text, "‣ ".len()), (1, 3));
    assert_eq!(line_col(text, text.len() - 1), (2, 2));
    // An offset inside a character is moved back to its start; past the end is clamped.
    assert_eq!(line_col(text, 1), (1, 1));
    assert_eq!(line_col(text, 999), (2, 3));
}

#[test]
fn an_unknown_line_is_quoted_shortened_in_the_message_and_a_near_miss_key_is_suggested() {
    let long = format!("{}\n", "Lorem ipsum ".repeat(20));
    let text = format!("**Pack** | Ability Set\nInherrit: `Wolf`\n{long}");
    let mut diags = Vec::new();
    parse_element(&text, ElementKind::AbilitySet, "pack", &mut diags);
    assert_eq!(diags.len(), 2, "{diags:#?}");
    assert_eq!(diags[0].help.as_deref(), Some("did you mean `Inherit:`?"));
    assert_eq!(
        diags[1].message,
        format!("`{}…` is neither a header line nor an ability", &long[..60])
    );
}
