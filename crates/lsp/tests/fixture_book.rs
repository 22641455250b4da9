//! On the fixture role book (Werewolves Revamped's own, see the fixture README), the editor
//! reports for each file exactly what `mafia roles check` reports for the whole book, and
//! the files the book's `_paths` does not list as elements (rules, info, README) are no role
//! files.

use std::path::PathBuf;

use mafia_lsp::Book;
use mafia_roles::Diagnostic;
use mafia_roles::check::check_path;

fn root() -> PathBuf {
    std::path::absolute(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures/wwr-roles"
    ))
    .expect("an absolute path")
}

fn key(d: &Diagnostic) -> (usize, usize, String) {
    (d.span.start, d.span.end, d.message.clone())
}

#[test]
fn every_file_gets_what_roles_check_reports() {
    let root = root();
    let book = Book::load(&root).expect("the fixture book loads");
    let report = check_path(&root).expect("the fixture book checks");
    assert_eq!(book.files().len(), report.files.len());
    for (i, file) in report.files.iter().enumerate() {
        let n = book.index_of(&file.path).expect("the file is in the book");
        let mut ours: Vec<_> = book.diagnostics(&[n])[0].iter().map(key).collect();
        let mut theirs: Vec<_> = report
            .diags
            .iter()
            .filter(|f| f.file == i)
            .map(|f| key(&f.diag))
            .collect();
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs, "{}", file.display);
    }
}

#[test]
fn rules_info_and_readme_are_no_role_files() {
    let root = root();
    let book = Book::load(&root).expect("the fixture book loads");
    for rel in [
        "README.md",
        "_rules/roles/1 role",
        "_info/general/Bot Help",
        "_paths/roles",
    ] {
        let path = root.join(rel);
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        assert_eq!(book.kind_of(&path, &text), None, "{rel}");
    }
}
