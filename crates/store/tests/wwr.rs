//! WWR games played on the web (issue 15, point 1): the setup, the seats with hashed link
//! tokens, and the log of inputs that two writers cannot both extend at one number.

#[allow(dead_code)] // the post helpers are for the other suites
mod common;

use common::TestDb;
use mafia_store::{HostRole, NewWwrGame, Store, WwrSeat};

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
