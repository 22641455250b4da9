//! The formatter on the whole fixture role book: parse(format(ast)) == ast (spans aside) and
//! format is idempotent, on every file.

use std::path::PathBuf;

use mafia_roles::{ParsedFile, RoleSet, format};

fn fixtures() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures/wwr-roles"
    ))
}

#[test]
fn formatting_every_fixture_file_round_trips_and_is_idempotent() {
    let set = RoleSet::load_dir(&fixtures()).expect("the fixtures load");
    for file in &set.files {
        let element = file.element.as_ref().expect("loaded files have elements");
        let once = format::format_file(&file.text, element);
        let reparsed = ParsedFile::parse(
            file.path.clone(),
            file.display.clone(),
            once.clone(),
            file.kind,
        );
        let element2 = reparsed.element.as_ref().expect("formatted text parses");
        let (before, after) = (
            format::without_spans(element),
            format::without_spans(element2),
        );
        if before != after {
            let first_difference = before["items"]
                .as_array()
                .into_iter()
                .flatten()
                .zip(after["items"].as_array().into_iter().flatten())
                .find(|(a, b)| a != b);
            panic!(
                "parse(format(ast)) != ast for {}: first different item {first_difference:#?}",
                file.display
            );
        }
        assert_eq!(
            format::format_file(&once, element2),
            once,
            "format is not idempotent on {}",
            file.display
        );
    }
}
