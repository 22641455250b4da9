//! The whole fixture role book: every element parses and checks with no error, or its file
//! is listed in docs/roles-corpus.md with the reason.

use std::collections::BTreeSet;
use std::path::PathBuf;

use mafia_roles::{RoleSet, Severity, check, diag};

fn fixtures() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures/wwr-roles"
    ))
}

fn corpus_doc() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/roles-corpus.md"
    ))
    .expect("docs/roles-corpus.md exists")
}

/// The files listed in the doc: table rows `| `path` | reason |`.
fn listed_files() -> BTreeSet<String> {
    corpus_doc()
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once('`'))
        .map(|(path, _)| path.to_string())
        .collect()
}

#[test]
fn the_files_with_errors_are_exactly_those_listed_in_the_corpus_doc() {
    let set = RoleSet::load_dir(&fixtures()).expect("the fixtures load");
    let findings = check(&set);
    let mut failing = BTreeSet::new();
    let mut report = String::new();
    for (n, file) in set.files.iter().enumerate() {
        let errors: Vec<_> = file
            .diags
            .iter()
            .chain(findings.iter().filter(|f| f.file == n).map(|f| &f.diag))
            .filter(|d| d.severity == Severity::Error)
            .collect();
        if !errors.is_empty() {
            failing.insert(file.display.clone());
            for d in errors {
                report.push_str(&diag::render(&file.display, &file.text, d));
            }
        }
    }
    let listed = listed_files();
    let unlisted: Vec<_> = failing.difference(&listed).collect();
    let fixed: Vec<_> = listed.difference(&failing).collect();
    assert!(
        unlisted.is_empty() && fixed.is_empty(),
        "files with errors but not in docs/roles-corpus.md: {unlisted:#?}\n\
         files in docs/roles-corpus.md that have no error: {fixed:#?}\n{report}"
    );
}

#[test]
fn the_corpus_has_every_kind_of_element() {
    let set = RoleSet::load_dir(&fixtures()).expect("the fixtures load");
    let count = |k| set.files.iter().filter(|f| f.kind == k).count();
    use mafia_roles::ElementKind::*;
    // Counted by hand from `_paths` and the folders: files with formalized text.
    assert_eq!(count(Team), 11);
    assert_eq!(count(Poll), 15);
    assert_eq!(count(AbilitySet), 8);
    assert_eq!(count(Location), 10);
    assert_eq!(count(Attribute), 50);
    assert_eq!(count(Group), 20);
    // 287 element files in all: the other 173 are roles with a `__Formalized__` section.
    assert_eq!(count(Role), 173);
    assert_eq!(set.files.len(), 287);
}
