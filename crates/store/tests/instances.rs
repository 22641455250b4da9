//! Several instances of the service on one database (issue 14, point 4): each opens its own
//! `Store` on it. A game's version tells every instance that the game changed; a poll lease
//! lets one instance at a time poll a thread, at the thread's pace. Run on SQLite and on
//! PostgreSQL.

mod common;

use std::time::Duration;

use common::{TestDb, post};
use mafia_store::{Claim, NewGame, Store, Thread};

const CONFIG: &str = "name = \"Test Game\"\n";

fn version(store: &Store) -> i64 {
    store.game_version("test").unwrap().unwrap().1
}

on_both_engines!(
    every_change_of_what_the_pages_show_raises_the_version_seen_by_all,
    |db: &TestDb| {
        let (one, other) = (db.open(), db.open());
        let game = one.create_game(&NewGame::new("test", CONFIG)).unwrap();
        assert_eq!(other.game_version("test").unwrap(), Some((game, 0)));
        assert_eq!(other.game_version("nope").unwrap(), None);

        let mut seen = 0;
        let mut step = |what: &str, changes: bool| {
            let now = version(&other);
            assert_eq!(now > seen, changes, "{what}: {seen} then {now}");
            seen = now;
        };
        one.import_posts(game, &[post(1, "Alice", "hi")]).unwrap();
        step("a new post", true);
        one.import_posts(game, &[post(1, "Alice", "hi")]).unwrap();
        step("the same post again", false);
        one.import_posts(game, &[post(1, "Alice", "hi, edited")])
            .unwrap();
        step("an edit", true);
        one.set_config(game, "name = \"Renamed\"\n").unwrap();
        step("the game file", true);
        let id = one
            .add_correction(
                game,
                1,
                "[[corrections]]\nat = 1\nunvote = \"Alice\"\n",
                "Mod",
            )
            .unwrap();
        step("a correction", true);
        one.remove_correction(game, id).unwrap();
        step("its removal", true);
        one.set_thread(game, Some("https://forum.example/t/1"), Some("phpbb"), true)
            .unwrap();
        step("the thread", true);
        one.set_vote_thread(game, Some("https://forum.example/t/2"))
            .unwrap();
        step("a vote thread", true);
        one.set_vote_thread(game, Some("https://forum.example/t/2"))
            .unwrap();
        step("the same vote thread", false);
        one.add_notice(game, "polling: the forum has an error")
            .unwrap();
        step("a notice (GM page only)", false);
    }
);

on_both_engines!(
    a_snapshot_is_kept_only_while_the_game_is_at_its_version,
    |db: &TestDb| {
        let (one, other) = (db.open(), db.open());
        let game = one.create_game(&NewGame::new("test", CONFIG)).unwrap();
        one.import_posts(game, &[post(1, "Alice", "hi")]).unwrap();
        let derived_at = version(&one);
        // Meanwhile another instance adds a post: the derivation made before is stale.
        other
            .import_posts(game, &[post(2, "Bob", "hello")])
            .unwrap();
        assert!(
            !one.put_snapshot_at(game, "code-1", derived_at, 1, "{stale}")
                .unwrap()
        );
        assert_eq!(one.snapshot(game, "code-1").unwrap(), None);
        assert!(
            one.put_snapshot_at(game, "code-1", version(&one), 2, "{fresh}")
                .unwrap()
        );
        assert_eq!(
            other.snapshot(game, "code-1").unwrap(),
            Some((2, "{fresh}".to_owned()))
        );
    }
);

const LEASE: Duration = Duration::from_secs(600);

on_both_engines!(
    one_instance_at_a_time_polls_a_thread_and_at_its_pace,
    |db: &TestDb| {
        let (a, b) = (db.open(), db.open());
        let game = a.create_game(&NewGame::new("test", CONFIG)).unwrap();
        assert_eq!(
            a.claim_poll(game, Thread::Game, "a", LEASE).unwrap(),
            Claim::Taken
        );
        // While A polls, B may not; A's lease runs for at most the lease time.
        let Claim::Held { expires_in } = b.claim_poll(game, Thread::Game, "b", LEASE).unwrap()
        else {
            panic!("A holds the lease")
        };
        assert!(expires_in <= LEASE && expires_in > LEASE - Duration::from_secs(60));
        // The vote thread is another lease.
        assert_eq!(
            b.claim_poll(game, Thread::Votes, "b", LEASE).unwrap(),
            Claim::Taken
        );

        // A is done: the thread is next due in two minutes, for every instance.
        let pace = Duration::from_secs(120);
        assert!(a.release_poll(game, Thread::Game, "a", pace).unwrap());
        for (store, who) in [(&a, "a"), (&b, "b")] {
            let Claim::NotDue { due_in } =
                store.claim_poll(game, Thread::Game, who, LEASE).unwrap()
            else {
                panic!("polled a moment ago")
            };
            assert!(
                due_in <= pace && due_in > pace - Duration::from_secs(60),
                "{due_in:?}"
            );
        }
        // Once due, whoever asks first takes it.
        assert!(
            a.release_poll(game, Thread::Game, "a", Duration::ZERO)
                .unwrap()
        );
        assert_eq!(
            b.claim_poll(game, Thread::Game, "b", LEASE).unwrap(),
            Claim::Taken
        );
        assert!(matches!(
            a.claim_poll(game, Thread::Game, "a", LEASE).unwrap(),
            Claim::Held { .. }
        ));
    }
);

on_both_engines!(
    the_lease_of_an_instance_that_died_is_taken_over_when_it_runs_out,
    |db: &TestDb| {
        let (a, b) = (db.open(), db.open());
        let game = a.create_game(&NewGame::new("test", CONFIG)).unwrap();
        let short = Duration::from_millis(50);
        assert_eq!(
            a.claim_poll(game, Thread::Game, "a", short).unwrap(),
            Claim::Taken
        );
        // A dies in the middle of its poll (it never releases).
        std::thread::sleep(Duration::from_millis(150));
        assert_eq!(
            b.claim_poll(game, Thread::Game, "b", LEASE).unwrap(),
            Claim::Taken
        );
        // Had A only hung, its late release changes nothing.
        assert!(
            !a.release_poll(game, Thread::Game, "a", Duration::ZERO)
                .unwrap()
        );
        assert!(matches!(
            a.claim_poll(game, Thread::Game, "a", LEASE).unwrap(),
            Claim::Held { .. }
        ));
    }
);

on_both_engines!(
    instances_asking_at_once_get_the_lease_once,
    |db: &TestDb| {
        let game = db
            .open()
            .create_game(&NewGame::new("test", CONFIG))
            .unwrap();
        let taken: Vec<Claim> = std::thread::scope(|scope| {
            let askers: Vec<_> = (0..6)
                .map(|i| {
                    let store = db.open();
                    scope.spawn(move || {
                        store
                            .claim_poll(game, Thread::Game, &format!("instance-{i}"), LEASE)
                            .unwrap()
                    })
                })
                .collect();
            askers.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert_eq!(
            taken.iter().filter(|c| **c == Claim::Taken).count(),
            1,
            "{taken:?}"
        );
    }
);

on_both_engines!(
    a_database_of_schema_4_gets_versions_and_leases,
    |db: &TestDb| {
        let old = Store::open_at_schema(&db.url, 4).unwrap();
        let game = old.create_game(&NewGame::new("test", CONFIG)).unwrap();
        old.import_posts(game, &[post(1, "Alice", "hi")]).unwrap();
        drop(old);
        let store = db.open();
        assert_eq!(store.game_version("test").unwrap(), Some((game, 0)));
        store.import_posts(game, &[post(2, "Bob", "hi")]).unwrap();
        assert_eq!(version(&store), 1);
        assert_eq!(
            store.claim_poll(game, Thread::Game, "a", LEASE).unwrap(),
            Claim::Taken
        );
    }
);
