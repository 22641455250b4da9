//! WWR games played on the web (issue 15, point 1): the setup, the seats with hashed link
//! tokens, the log of inputs that two writers cannot both extend at one number, and the
//! role book stored once for all the games dealt from it.

#[allow(dead_code)] // the post helpers are for the other suites
mod common;

use common::{TestDb, raw_sql};
use mafia_store::{HostRole, NewWwrGame, Store, WwrBook, WwrSeat};

/// Five seats; each token hash is a stand-in (64 hex digits made from the seat's letter).
fn five(store: &Store) -> i64 {
    store.add_account("Mod", "correct horse", false).unwrap();
    let seats = ["Alice", "Bob", "Carol", "Dave", "Eve"]
        .iter()
        .map(|n| (n.to_string(), hash_of(n)))
        .collect();
    store
        .create_wwr_game(&NewWwrGame {
            slug: "five".into(),
            owner: "Mod".into(),
            setup_name: "five.toml".into(),
            setup: "players = [\"Alice\"]\n".into(),
            roles_dir: "/roles".into(),
            seed: u64::MAX - 6,
            seats,
            book_fingerprint: None,
            book: None,
        })
        .unwrap()
}

fn hash_of(name: &str) -> String {
    format!("{:0>64}", name.to_lowercase())
}

fn seat(seat: usize, name: &str) -> WwrSeat {
    WwrSeat {
        seat,
        name: name.into(),
    }
}

on_both_engines!(a_game_comes_back_as_created, |db: &TestDb| {
    let store = db.open();
    let id = five(&store);
    let row = store.wwr_game("five").unwrap().unwrap();
    assert_eq!(row.id, id);
    assert_eq!(row.owner, "Mod");
    assert_eq!(row.setup_name, "five.toml");
    assert_eq!(row.setup, "players = [\"Alice\"]\n");
    assert_eq!(row.roles_dir, "/roles");
    // The whole range of a seed survives the signed column.
    assert_eq!(row.seed, u64::MAX - 6);
    assert_eq!(row.deadline, None);
    assert_eq!(store.wwr_games().unwrap(), vec![row]);
    assert_eq!(store.wwr_seats(id).unwrap()[4], seat(4, "Eve"));
    assert!(store.wwr_game("other").unwrap().is_none());
});

on_both_engines!(a_second_game_of_a_slug_is_refused, |db: &TestDb| {
    let store = db.open();
    five(&store);
    let again = store.create_wwr_game(&NewWwrGame {
        slug: "five".into(),
        owner: "Mod".into(),
        setup_name: "x".into(),
        setup: String::new(),
        roles_dir: String::new(),
        seed: 1,
        seats: Vec::new(),
        book_fingerprint: None,
        book: None,
    });
    assert!(matches!(again, Err(mafia_store::StoreError::GameExists(s)) if s == "five"));
});

on_both_engines!(
    a_seat_is_found_by_its_token_hash_until_its_player_is_replaced,
    |db: &TestDb| {
        let store = db.open();
        let id = five(&store);
        assert_eq!(
            store.wwr_seat_by_token(id, &hash_of("Bob")).unwrap(),
            Some(seat(1, "Bob"))
        );
        assert_eq!(store.wwr_seat_by_token(id, &hash_of("Zed")).unwrap(), None);
        // Bob leaves; Zed takes seat 1 with a new link.
        assert!(
            store
                .replace_wwr_seat(id, 1, "Zed", &hash_of("Zed"))
                .unwrap()
        );
        assert_eq!(store.wwr_seat_by_token(id, &hash_of("Bob")).unwrap(), None);
        assert_eq!(
            store.wwr_seat_by_token(id, &hash_of("Zed")).unwrap(),
            Some(seat(1, "Zed"))
        );
        assert_eq!(store.wwr_seats(id).unwrap()[1], seat(1, "Zed"));
        assert_eq!(store.wwr_seats(id).unwrap().len(), 5);
        assert!(!store.replace_wwr_seat(id, 9, "Nobody", "00").unwrap());
    }
);

on_both_engines!(
    inputs_append_in_order_and_a_taken_number_is_refused,
    |db: &TestDb| {
        let store = db.open();
        let id = five(&store);
        assert!(store.append_wwr_input(id, 1, "\"first\"", false).unwrap());
        // A second writer that also saw an empty log loses.
        assert!(!store.append_wwr_input(id, 1, "\"other\"", false).unwrap());
        // A gap is refused too.
        assert!(!store.append_wwr_input(id, 3, "\"third\"", false).unwrap());
        assert!(store.append_wwr_input(id, 2, "\"second\"", false).unwrap());
        assert_eq!(
            store.wwr_inputs(id, 0).unwrap(),
            vec![(1, "\"first\"".to_owned()), (2, "\"second\"".to_owned())]
        );
        assert_eq!(
            store.wwr_inputs(id, 1).unwrap(),
            vec![(2, "\"second\"".to_owned())]
        );
    }
);

on_both_engines!(
    ending_a_phase_clears_the_deadline_and_restarts_the_phase_clock,
    |db: &TestDb| {
        let store = db.open();
        let id = five(&store);
        let deadline = jiff::Timestamp::from_second(1_900_000_000).unwrap();
        store.set_wwr_deadline(id, Some(deadline)).unwrap();
        let before = store.wwr_game("five").unwrap().unwrap();
        assert_eq!(before.deadline, Some(deadline));
        assert!(store.append_wwr_input(id, 1, "\"vote\"", false).unwrap());
        assert_eq!(
            store.wwr_game("five").unwrap().unwrap().deadline,
            Some(deadline)
        );
        assert!(store.append_wwr_input(id, 2, "\"EndPhase\"", true).unwrap());
        let after = store.wwr_game("five").unwrap().unwrap();
        assert_eq!(after.deadline, None);
        assert!(after.phase_started >= before.phase_started);
    }
);

on_both_engines!(the_owner_cohosts_and_admins_run_a_game, |db: &TestDb| {
    let store = db.open();
    // The first account is the admin.
    store.add_account("Admin", "admin pass", true).unwrap();
    let id = five(&store);
    store.add_account("Helper", "helper pass", false).unwrap();
    store.add_account("Other", "other pass", false).unwrap();
    store.add_wwr_cohost(id, "Helper").unwrap();
    assert_eq!(
        store.wwr_host_role(id, "Mod").unwrap(),
        Some(HostRole::Owner)
    );
    assert_eq!(
        store.wwr_host_role(id, "Helper").unwrap(),
        Some(HostRole::Cohost)
    );
    assert_eq!(
        store.wwr_host_role(id, "Admin").unwrap(),
        Some(HostRole::Admin)
    );
    assert_eq!(store.wwr_host_role(id, "Other").unwrap(), None);
});

/// A game of a one-seat setup dealt from `book`: the store keeps whatever key and text the
/// service gives it (here a stand-in key, 64 hex digits).
fn game_of_book(store: &Store, slug: &str, book: Option<WwrBook>) -> i64 {
    store
        .create_wwr_game(&NewWwrGame {
            slug: slug.into(),
            owner: "Mod".into(),
            setup_name: "one.toml".into(),
            setup: "players = [\"Alice\"]\n".into(),
            roles_dir: "/roles".into(),
            seed: 3,
            seats: vec![("Alice".into(), hash_of(slug))],
            book_fingerprint: None,
            book,
        })
        .unwrap()
}

fn book(letter: char, files: &str) -> WwrBook {
    WwrBook {
        hash: letter.to_string().repeat(64),
        files: files.into(),
    }
}

const WOLF_BOOK: &str = r#"[{"path":"roles/Wolf","kind":"role","text":"Wolf"}]"#;

on_both_engines!(two_games_of_one_book_share_its_row, |db: &TestDb| {
    let store = db.open();
    store.add_account("Mod", "correct horse", false).unwrap();
    game_of_book(&store, "first", Some(book('a', WOLF_BOOK)));
    game_of_book(&store, "second", Some(book('a', WOLF_BOOK)));
    game_of_book(&store, "older", None);
    assert_eq!(store.wwr_book_keys().unwrap(), ["a".repeat(64)]);
    for slug in ["first", "second"] {
        let row = store.wwr_game(slug).unwrap().unwrap();
        assert_eq!(row.book, Some("a".repeat(64)));
    }
    assert_eq!(store.wwr_game("older").unwrap().unwrap().book, None);
    assert_eq!(
        store.wwr_book(&"a".repeat(64)).unwrap().as_deref(),
        Some(WOLF_BOOK)
    );
    assert_eq!(store.wwr_book(&"b".repeat(64)).unwrap(), None);
    // Another book is another row.
    game_of_book(&store, "third", Some(book('b', "[]")));
    assert_eq!(store.wwr_book_keys().unwrap().len(), 2);
});

on_both_engines!(
    two_instances_creating_games_of_one_book_at_once_store_it_once,
    |db: &TestDb| {
        let setup = db.open();
        setup.add_account("Mod", "correct horse", false).unwrap();
        // Two instances (two stores on one database, two pools on PostgreSQL), each creating
        // games of the same book at the same moment.
        let instances = [db.open(), db.open()];
        std::thread::scope(|s| {
            for (i, store) in instances.iter().enumerate() {
                s.spawn(move || {
                    for n in 0..6 {
                        game_of_book(store, &format!("g{i}-{n}"), Some(book('c', WOLF_BOOK)));
                    }
                });
            }
        });
        assert_eq!(setup.wwr_games().unwrap().len(), 12);
        assert_eq!(setup.wwr_book_keys().unwrap(), ["c".repeat(64)]);
    }
);

on_both_engines!(
    two_instances_creating_one_short_name_at_once_get_one_game_and_one_refusal,
    |db: &TestDb| {
        let setup = db.open();
        setup.add_account("Mod", "correct horse", false).unwrap();
        // Two instances take the same short name at the same moment, many times over: each
        // time one game is made and the other instance is told the name is taken (on
        // PostgreSQL the second insert waits for the first and then finds the name taken).
        let instances = [db.open(), db.open()];
        let results = std::thread::scope(|s| {
            let runs: Vec<_> = (instances.iter())
                .map(|store| {
                    s.spawn(move || {
                        (0..8)
                            .map(|n| {
                                store.create_wwr_game(&NewWwrGame {
                                    slug: format!("same-{n}"),
                                    owner: "Mod".into(),
                                    setup_name: "one.toml".into(),
                                    setup: "players = [\"Alice\"]\n".into(),
                                    roles_dir: "/roles".into(),
                                    seed: 3,
                                    seats: vec![("Alice".into(), hash_of(&format!("same-{n}")))],
                                    book_fingerprint: None,
                                    book: None,
                                })
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            runs.into_iter()
                .map(|r| r.join().unwrap())
                .collect::<Vec<_>>()
        });
        for n in 0..8 {
            let made = results.iter().filter(|r| r[n].is_ok()).count();
            let taken = (results.iter())
                .filter(|r| matches!(&r[n], Err(mafia_store::StoreError::GameExists(s)) if *s == format!("same-{n}")))
                .count();
            assert_eq!((made, taken), (1, 1), "same-{n}: {results:?}");
        }
        assert_eq!(setup.wwr_games().unwrap().len(), 8);
    }
);

// A database of schema 7 kept a WWR game without its role book (the book's folder and the
// dealt roles' fingerprint); opened by this release, the game is as it was and names no
// book, so the service reads its folder as before; a new game stores its book.
on_both_engines!(
    a_wwr_game_of_schema_7_keeps_its_folder_and_no_book,
    |db: &TestDb| {
        let old = Store::open_at_schema(&db.url, 7).unwrap();
        old.add_account("Mod", "correct horse", false).unwrap();
        drop(old);
        raw_sql(
            db,
            "INSERT INTO wwr_games (slug, owner, setup_name, setup, roles_dir, seed, \
         phase_started, created, book_fingerprint) VALUES ('old', 'Mod', 'five.toml', \
         'players = []', '/roles', 7, '2026-03-01T10:00:00Z', '2026-03-01T10:00:00Z', 'f00d')",
        );
        let store = db.open();
        let row = store.wwr_game("old").unwrap().unwrap();
        assert_eq!(row.roles_dir, "/roles");
        assert_eq!(row.book_fingerprint.as_deref(), Some("f00d"));
        assert_eq!(row.book, None);
        assert!(store.wwr_book_keys().unwrap().is_empty());
        game_of_book(&store, "new", Some(book('d', WOLF_BOOK)));
        let new = store.wwr_game("new").unwrap().unwrap();
        assert_eq!(new.book, Some("d".repeat(64)));
    }
);
