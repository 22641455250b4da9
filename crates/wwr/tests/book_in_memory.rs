//! A role book held in memory (the files `Library::load` read: path, kind, text) builds the
//! same library as the folder, so a stored game needs no role book on disk (issue 15,
//! point 1: "the game is the engine's save plus the log of inputs in the database").

mod common;
use common::*;

use std::sync::Arc;

use mafia_roles::ElementKind;
use mafia_wwr::autoplay::{Driver, play_to_end};
use mafia_wwr::{BookFile, Game, Library, Setup};

const SEVEN: &[(&str, &str)] = &[
    ("Alice", "Fortune Teller"),
    ("Bob", "Witch"),
    ("Carol", "Huntress"),
    ("Gus", "Runner"),
    ("Hana", "Hooker"),
    ("Eve", "Wolf"),
    ("Sam", "Scared Wolf"),
];

const KINDS: [ElementKind; 7] = [
    ElementKind::Role,
    ElementKind::Team,
    ElementKind::Group,
    ElementKind::Poll,
    ElementKind::Location,
    ElementKind::Attribute,
    ElementKind::AbilitySet,
];

/// Every definition of a library, by kind, as its debug text (`Def` holds the parsed
/// abilities, which have no equality of their own).
fn defs(lib: &Library) -> Vec<String> {
    (KINDS.iter())
        .flat_map(|k| lib.all(*k))
        .map(|d| format!("{d:?}"))
        .collect()
}

#[test]
fn the_fixture_book_from_its_files_is_the_book_from_its_folder() {
    let (from_disk, files) = Library::load_with_files(&roles_dir()).unwrap();
    let in_memory = Library::from_files(&roles_dir(), &files);
    let (a, b) = (defs(&from_disk), defs(&in_memory));
    assert!(a.len() > 100, "the fixture book has its roles");
    assert_eq!(a, b);
    // Lookups by name and by file name (a later duplicate's alias) agree too.
    for name in ["Wolf", "Fortune Teller", "Scared Wolf", "Witch"] {
        let (x, y) = (from_disk.role(name).unwrap(), in_memory.role(name).unwrap());
        assert_eq!(format!("{x:?}"), format!("{y:?}"));
    }
    assert_eq!(from_disk.unsupported_all(), in_memory.unsupported_all());
    // And `load` is the folder's library.
    assert_eq!(defs(&Library::load(&roles_dir()).unwrap()), a);
}

#[test]
fn a_role_file_is_kept_as_written_with_its_path_from_the_books_root() {
    let (lib, files) = Library::load_with_files(&roles_dir()).unwrap();
    let wolf = lib.role("Wolf").unwrap();
    let file: &BookFile = files.iter().find(|f| f.path == wolf.file).unwrap();
    assert_eq!(file.kind, ElementKind::Role);
    let on_disk = std::fs::read_to_string(roles_dir().join(&wolf.file)).unwrap();
    assert_eq!(file.text, on_disk);
}

#[test]
fn a_game_dealt_and_autoplayed_on_either_library_is_the_same_game() {
    let (from_disk, files) = Library::load_with_files(&roles_dir()).unwrap();
    let in_memory = Library::from_files(&roles_dir(), &files);
    let play = |lib: Library| {
        let setup = Setup::with_roles(roles_dir(), SEVEN);
        let mut game = Game::new(setup, Arc::new(lib), 41).unwrap();
        play_to_end(&mut game, &mut Driver::new(5), 30);
        mafia_wwr::save::to_text(&game.state).unwrap()
    };
    assert_eq!(play(from_disk), play(in_memory));
}
