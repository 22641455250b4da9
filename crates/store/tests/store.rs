//! The storage contract, run on SQLite and on PostgreSQL.

mod common;

use common::{TestDb, edited, post, raw_sql};
use mafia_posts::{Edited, Markup, RawPost};
use mafia_store::{
    Account, HostRole, Hosts, ImportSummary, NewGame, PollState, Store, StoreError, Thread,
    VOTE_POST_PREFIX,
};

const CONFIG: &str = "name = \"Test Game\"\n";

fn with_game(db: &TestDb) -> (Store, i64) {
    let store = db.open();
    let game = store.create_game(&NewGame::new("test", CONFIG)).unwrap();
    (store, game)
}

fn summary(inserted: usize, updated: usize, unchanged: usize) -> ImportSummary {
    ImportSummary {
        inserted,
        updated,
        unchanged,
    }
}

on_both_engines!(
    posts_come_back_exactly_as_imported_in_thread_order,
    |db: &TestDb| {
        let (store, game) = with_game(db);
        let bbcode = RawPost {
            id: "xyz-77".into(),
            number: 2,
            author: "Bob".into(),
            time: None,
            edited: Some(Edited::At(
                jiff::Timestamp::from_second(1_774_100_000).unwrap(),
            )),
            body: Markup::BbCode("[b]Vote: Alice[/b]".into()),
        };
        let text = RawPost {
            body: Markup::Text("##vote Bob\nsecond line".into()),
            ..post(3, "Carol", "")
        };
        let first = post(1, "Alice", "<p>Hello <b>Vote: Bob</b></p>");
        // Imported out of order; read back by post number.
        store
            .import_posts(game, &[text.clone(), first.clone(), bbcode.clone()])
            .unwrap();
        assert_eq!(store.posts(game).unwrap(), vec![first, bbcode, text]);
        assert_eq!(store.post_count(game).unwrap(), 3);
    }
);

on_both_engines!(
    importing_a_post_twice_stores_it_once_and_an_edit_updates_it,
    |db: &TestDb| {
        let (store, game) = with_game(db);
        let thread = [post(1, "Alice", "Vote: Bob"), post(2, "Bob", "hi")];
        assert_eq!(store.import_posts(game, &thread).unwrap(), summary(2, 0, 0));
        assert_eq!(store.import_posts(game, &thread).unwrap(), summary(0, 0, 2));

        let fixed = edited(post(1, "Alice", ""), "<b>Vote: Carol</b>");
        assert_eq!(
            store
                .import_posts(game, &[fixed.clone(), post(3, "Carol", "new")])
                .unwrap(),
            summary(1, 1, 0)
        );
        let stored = store.posts(game).unwrap();
        assert_eq!(stored.len(), 3);
        assert_eq!(stored[0], fixed);
    }
);

on_both_engines!(
    games_are_listed_by_slug_and_slugs_are_unique,
    |db: &TestDb| {
        let store = db.open();
        let zeta = store
            .create_game(&NewGame {
                thread_url: Some("https://forum.example/viewtopic.php?t=9".into()),
                forum: Some("phpbb".into()),
                ..NewGame::new("zeta", CONFIG)
            })
            .unwrap();
        store.create_game(&NewGame::new("alpha", CONFIG)).unwrap();
        assert!(matches!(
            store.create_game(&NewGame::new("zeta", CONFIG)),
            Err(StoreError::GameExists(slug)) if slug == "zeta"
        ));
        let slugs: Vec<String> = store.games().unwrap().into_iter().map(|g| g.slug).collect();
        assert_eq!(slugs, ["alpha", "zeta"]);

        store.set_config(zeta, "name = \"Renamed\"\n").unwrap();
        store.set_thread(zeta, None, None, false).unwrap();
        let row = store.game("zeta").unwrap().unwrap();
        assert_eq!(row.config, "name = \"Renamed\"\n");
        assert_eq!(row.thread_url, None);
        assert!(!row.running);
        assert_eq!(store.game("nope").unwrap(), None);
    }
);

on_both_engines!(posts_of_one_game_never_mix_with_another, |db: &TestDb| {
    let (store, one) = with_game(db);
    let two = store.create_game(&NewGame::new("two", CONFIG)).unwrap();
    // The same forum post id in two games is two posts.
    store.import_posts(one, &[post(1, "Alice", "one")]).unwrap();
    store.import_posts(two, &[post(1, "Zed", "two")]).unwrap();
    assert_eq!(store.posts(one).unwrap()[0].author, "Alice");
    assert_eq!(store.posts(two).unwrap()[0].author, "Zed");
});

on_both_engines!(corrections_are_kept_apart_from_posts, |db: &TestDb| {
    let (store, game) = with_game(db);
    store
        .import_posts(game, &[post(4, "Alice", "<b>Vote: Bobb</b>")])
        .unwrap();
    let vote = "[[corrections]]\nat = 4\nvote = { voter = \"Alice\", target = \"Bob\" }\n";
    let first = store.add_correction(game, 4, vote, "Moderator").unwrap();
    store
        .add_correction(
            game,
            2,
            "[[corrections]]\nat = 2\nend_phase = true\n",
            "Co-host",
        )
        .unwrap();
    let all = store.corrections(game).unwrap();
    // In the order they were made (the tracker orders them by post).
    assert_eq!(
        all.iter()
            .map(|c| (c.at, c.record.as_str(), c.by.as_str()))
            .collect::<Vec<_>>(),
        [
            (4, vote, "Moderator"),
            (2, "[[corrections]]\nat = 2\nend_phase = true\n", "Co-host")
        ]
    );
    // The post itself is untouched.
    assert_eq!(
        store.posts(game).unwrap()[0].body,
        Markup::Html("<b>Vote: Bobb</b>".into())
    );

    assert!(store.remove_correction(game, first).unwrap());
    assert!(!store.remove_correction(game, first).unwrap());
    assert_eq!(store.corrections(game).unwrap().len(), 1);
});

// A host action that stands for two records (an end of the day and a death) is stored in
// one transaction: both records, in order, and the game's version raised once.
on_both_engines!(corrections_added_together_are_one_change, |db: &TestDb| {
    let (store, game) = with_game(db);
    let (_, before) = store.game_version("test").unwrap().unwrap();
    let end = "[[corrections]]\nat = 3\nend_phase = true\n";
    let death = "[[corrections]]\nat = 3\ndies = \"Bob\"\n";
    let ids = store
        .add_corrections(
            game,
            &[(3, end.to_owned()), (3, death.to_owned())],
            "Moderator",
        )
        .unwrap();
    let all = store.corrections(game).unwrap();
    assert_eq!(
        all.iter()
            .map(|c| (c.id, c.at, c.record.as_str(), c.by.as_str()))
            .collect::<Vec<_>>(),
        [
            (ids[0], 3, end, "Moderator"),
            (ids[1], 3, death, "Moderator")
        ]
    );
    let (_, after) = store.game_version("test").unwrap().unwrap();
    assert_eq!(after, before + 1);
});

// A database of schema 1 kept its GM's vote corrections as `vote_overrides` rows; opened by
// this release, each becomes the correction record it stood for, nothing lost.
on_both_engines!(
    vote_overrides_of_an_older_database_become_corrections,
    |db: &TestDb| {
        let store = Store::open_at_schema(&db.url, 1).unwrap();
        let game = store.create_game(&NewGame::new("old", CONFIG)).unwrap();
        store
            .import_posts(
                game,
                &[post(4, "Alice", "<b>Vote: Bobb</b>"), post(6, "Bob", "hmm")],
            )
            .unwrap();
        drop(store);
        raw_sql(
            db,
            &format!(
                "INSERT INTO vote_overrides (game, post_number, vote, note, author, created) VALUES \
                 ({game}, 4, 'Bob', 'typo of \"Bob\"', 'Moderator', '2026-03-01T10:00:00Z'); \
                 INSERT INTO vote_overrides (game, post_number, vote, note, author, created) VALUES \
                 ({game}, 6, NULL, '', 'Co-host', '2026-03-01T11:00:00Z');"
            ),
        );
        let store = db.open();
        let all = store.corrections(game).unwrap();
        let shape: Vec<(u64, &str, &str)> = all
            .iter()
            .map(|c| (c.at, c.record.as_str(), c.by.as_str()))
            .collect();
        assert_eq!(
            shape,
            [
                (
                    4,
                    "[[corrections]]\nat = 4\nvote = { voter = \"Alice\", target = \"Bob\" }\n\
                     comment = \"typo of \\\"Bob\\\"\"\n",
                    "Moderator"
                ),
                (6, "[[corrections]]\nat = 6\nunvote = \"Bob\"\n", "Co-host"),
            ]
        );
        // Opening again migrates nothing twice.
        drop(store);
        assert_eq!(db.open().corrections(game).unwrap().len(), 2);
    }
);

on_both_engines!(a_gm_logs_in_only_with_the_right_password, |db: &TestDb| {
    let store = db.open();
    assert_eq!(store.user_count().unwrap(), 0);
    store.add_user("Moderator", "s3cret pass").unwrap();
    assert!(matches!(
        store.add_user("Moderator", "other"),
        Err(StoreError::UserExists(_))
    ));
    assert_eq!(store.login("Moderator", "wrong").unwrap(), None);
    assert_eq!(store.login("Nobody", "s3cret pass").unwrap(), None);

    let session = store.login("Moderator", "s3cret pass").unwrap().unwrap();
    assert_ne!(session.token, session.csrf);
    assert_eq!(
        store.session(&session.token).unwrap(),
        Some(session.clone())
    );
    assert_eq!(store.session("forged-token").unwrap(), None);
    store.logout(&session.token).unwrap();
    assert_eq!(store.session(&session.token).unwrap(), None);
});

on_both_engines!(
    snapshots_are_dropped_whenever_the_posts_change,
    |db: &TestDb| {
        let (store, game) = with_game(db);
        store.import_posts(game, &[post(1, "Alice", "a")]).unwrap();
        store.put_snapshot(game, "v1", 1, "{\"state\":1}").unwrap();
        assert_eq!(
            store.snapshot(game, "v1").unwrap(),
            Some((1, "{\"state\":1}".into()))
        );
        // A snapshot of another deriving version is stale.
        assert_eq!(store.snapshot(game, "v2").unwrap(), None);
        // Re-importing an unchanged post keeps it; a new post drops it.
        store.import_posts(game, &[post(1, "Alice", "a")]).unwrap();
        assert!(store.snapshot(game, "v1").unwrap().is_some());
        store.import_posts(game, &[post(2, "Bob", "b")]).unwrap();
        assert_eq!(store.snapshot(game, "v1").unwrap(), None);

        store.put_snapshot(game, "v1", 2, "{}").unwrap();
        store.drop_snapshots().unwrap();
        assert_eq!(store.snapshot(game, "v1").unwrap(), None);
    }
);

on_both_engines!(
    the_poller_state_and_gm_notices_are_remembered,
    |db: &TestDb| {
        let (store, game) = with_game(db);
        assert_eq!(store.poll_state(game).unwrap(), PollState::default());
        let state = PollState {
            etag: Some("\"abc\"".into()),
            last_modified: Some("Sun, 22 Nov 2026 13:00:00 GMT".into()),
            page_url: Some("http://127.0.0.1:1/t/1?page=3".into()),
            failures: 2,
        };
        store.set_poll_state(game, &state).unwrap();
        assert_eq!(store.poll_state(game).unwrap(), state);
        store.add_notice(game, "the forum answered 500").unwrap();
        store.add_notice(game, "the thread is gone (404)").unwrap();
        let notices: Vec<String> = store
            .notices(game, 10)
            .unwrap()
            .into_iter()
            .map(|n| n.message)
            .collect();
        assert_eq!(
            notices,
            ["the thread is gone (404)", "the forum answered 500"]
        );
    }
);

on_both_engines!(
    reopening_keeps_everything_and_migrates_once,
    |db: &TestDb| {
        {
            let (store, game) = with_game(db);
            store.import_posts(game, &[post(1, "Alice", "a")]).unwrap();
        }
        let store = db.open();
        let game = store.game("test").unwrap().unwrap();
        assert_eq!(store.post_count(game.id).unwrap(), 1);
        store.integrity_check().unwrap();
    }
);

#[test]
fn a_missing_directory_is_an_error_naming_the_file() {
    let err = match Store::open("/nonexistent-dir/deeper/mafia.db") {
        Err(e) => e.to_string(),
        Ok(_) => panic!("opened a database in a missing directory"),
    };
    assert!(err.contains("/nonexistent-dir/deeper/mafia.db"), "{err}");
}

// A game whose votes are cast in a separate thread (issue 11, point 5): the vote thread's
// URL is kept with the game, its poll state apart from the game thread's, and its posts in
// the posts table under ids of their own (`votes:<forum id>`), so a re-import of either
// thread stores each post once, even where both threads have a post of the same forum id.
on_both_engines!(
    a_vote_thread_is_kept_apart_from_the_game_thread,
    |db: &TestDb| {
        let store = db.open();
        let url = "https://forum.example/viewtopic.php?t=10";
        let game = store
            .create_game(&NewGame {
                thread_url: Some("https://forum.example/viewtopic.php?t=9".into()),
                forum: Some("phpbb".into()),
                vote_thread_url: Some(url.into()),
                ..NewGame::new("voted", CONFIG)
            })
            .unwrap();
        assert_eq!(
            store
                .game("voted")
                .unwrap()
                .unwrap()
                .vote_thread_url
                .as_deref(),
            Some(url)
        );

        let game_page = PollState {
            page_url: Some("https://forum.example/viewtopic.php?t=9&start=25".into()),
            etag: Some("\"g\"".into()),
            ..PollState::default()
        };
        store.set_poll_state(game, &game_page).unwrap();
        assert_eq!(
            store.thread_poll_state(game, Thread::Votes).unwrap(),
            PollState::default()
        );
        let vote_page = PollState {
            page_url: Some(format!("{url}&start=50")),
            failures: 3,
            ..PollState::default()
        };
        store
            .set_thread_poll_state(game, Thread::Votes, &vote_page)
            .unwrap();
        assert_eq!(store.poll_state(game).unwrap(), game_page);
        assert_eq!(
            store.thread_poll_state(game, Thread::Votes).unwrap(),
            vote_page
        );

        // Forum post p1 of the game thread, and p1 of the vote thread stored as
        // `votes:p1`: two posts; importing both again changes nothing.
        let vote = RawPost {
            id: format!("{VOTE_POST_PREFIX}p1"),
            number: 1_000_000_001,
            ..post(1, "Bob", "<b>Vote: Alice</b>")
        };
        let both = [post(1, "Alice", "hello"), vote.clone()];
        assert_eq!(store.import_posts(game, &both).unwrap(), summary(2, 0, 0));
        assert_eq!(store.import_posts(game, &both).unwrap(), summary(0, 0, 2));
        assert_eq!(store.posts(game).unwrap()[1], vote);

        // Another vote thread: the old one's posts and poll state are dropped.
        store
            .set_vote_thread(game, Some("https://forum.example/viewtopic.php?t=11"))
            .unwrap();
        let ids: Vec<String> = store
            .posts(game)
            .unwrap()
            .into_iter()
            .map(|p| p.id)
            .collect();
        assert_eq!(ids, ["p1"]);
        assert_eq!(
            store.thread_poll_state(game, Thread::Votes).unwrap(),
            PollState::default()
        );
        assert_eq!(store.poll_state(game).unwrap(), game_page);
        store.set_vote_thread(game, None).unwrap();
        assert_eq!(store.game("voted").unwrap().unwrap().vote_thread_url, None);
    }
);

// A database of schema 2 (before vote threads) gains the column and keeps its games.
on_both_engines!(
    a_database_of_schema_2_gains_the_vote_thread,
    |db: &TestDb| {
        let store = Store::open_at_schema(&db.url, 2).unwrap();
        store.create_game(&NewGame::new("old", CONFIG)).unwrap();
        drop(store);
        let store = db.open();
        let row = store.game("old").unwrap().unwrap();
        assert_eq!(row.vote_thread_url, None);
        store
            .set_vote_thread(row.id, Some("https://forum.example/t/5"))
            .unwrap();
        assert_eq!(
            store
                .game("old")
                .unwrap()
                .unwrap()
                .vote_thread_url
                .as_deref(),
            Some("https://forum.example/t/5")
        );
    }
);

// Issue 14, point 1: a database of schema 3 (any account could change any game) gains owners;
// the first account becomes the admin and owns every game stored before, so no game is lost.
on_both_engines!(
    a_database_of_schema_3_gives_its_games_to_the_first_account,
    |db: &TestDb| {
        let store = Store::open_at_schema(&db.url, 3).unwrap();
        store.create_game(&NewGame::new("old", CONFIG)).unwrap();
        drop(store);
        raw_sql(
            db,
            "INSERT INTO users (name, password_hash, created) VALUES \
             ('First', 'x', '2026-01-01T00:00:00Z'), ('Second', 'y', '2026-01-02T00:00:00Z')",
        );
        let store = db.open();
        let old = store.game("old").unwrap().unwrap().id;
        assert_eq!(
            store.hosts(old).unwrap(),
            Hosts {
                owner: Some("First".into()),
                cohosts: vec![]
            }
        );
        assert_eq!(
            store.accounts().unwrap(),
            [
                Account {
                    name: "First".into(),
                    admin: true
                },
                Account {
                    name: "Second".into(),
                    admin: false
                }
            ]
        );
        assert!(store.may_host(old, "First").unwrap());
        assert!(!store.may_host(old, "Second").unwrap());
    }
);

on_both_engines!(
    an_owner_co_hosts_and_admins_may_change_a_game_and_nobody_else,
    |db: &TestDb| {
        let store = db.open();
        // The first account is the admin whatever it asks; later ones only when asked.
        store.add_account("Admin", "pw", false).unwrap();
        store.add_account("Owner", "pw", false).unwrap();
        store.add_account("Helper", "pw", false).unwrap();
        store.add_account("Stranger", "pw", false).unwrap();
        store.add_account("Boss", "pw", true).unwrap();
        let game = store
            .create_game(&NewGame {
                owner: Some("Owner".into()),
                ..NewGame::new("owned", CONFIG)
            })
            .unwrap();
        store.add_cohost(game, "Helper").unwrap();
        store.add_cohost(game, "Helper").unwrap();
        assert!(matches!(
            store.add_cohost(game, "Ghost"),
            Err(StoreError::NoUser(_))
        ));
        assert_eq!(
            store.hosts(game).unwrap(),
            Hosts {
                owner: Some("Owner".into()),
                cohosts: vec!["Helper".into()]
            }
        );
        let may = |name: &str| store.may_host(game, name).unwrap();
        assert!(may("Admin") && may("Boss") && may("Owner") && may("Helper"));
        assert!(!may("Stranger") && !may("Ghost"));
        let role = |name: &str| store.host_role(game, name).unwrap();
        assert_eq!(role("Owner"), Some(HostRole::Owner));
        assert_eq!(role("Helper"), Some(HostRole::Cohost));
        assert_eq!(role("Boss"), Some(HostRole::Admin));
        assert_eq!(role("Stranger"), None);
        assert!(HostRole::Admin.chooses_cohosts() && !HostRole::Cohost.chooses_cohosts());
        assert!(store.remove_cohost(game, "Helper").unwrap());
        assert!(!store.remove_cohost(game, "Helper").unwrap());
        assert!(!store.may_host(game, "Helper").unwrap());
        // A game made outside the dashboard has no owner: only admins.
        let demo = store.create_game(&NewGame::new("demo", CONFIG)).unwrap();
        assert!(store.may_host(demo, "Admin").unwrap());
        assert!(!store.may_host(demo, "Owner").unwrap());
    }
);

// The dashboard's list: the games an account may change, each once, by slug (what
// `may_host` says game by game, in one query).
on_both_engines!(an_account_lists_the_games_it_may_change, |db: &TestDb| {
    let store = db.open();
    for name in ["Admin", "Owner", "Helper", "Stranger"] {
        store.add_account(name, "pw", false).unwrap();
    }
    let owned = |slug: &str, owner: &str| {
        store
            .create_game(&NewGame {
                owner: Some(owner.into()),
                ..NewGame::new(slug, CONFIG)
            })
            .unwrap()
    };
    let by_owner = owned("b-owned", "Owner");
    let by_helper = owned("a-helped", "Helper");
    store.create_game(&NewGame::new("c-demo", CONFIG)).unwrap();
    store.add_cohost(by_owner, "Helper").unwrap();
    // Its owner and a co-host at once: listed once.
    store.add_cohost(by_helper, "Helper").unwrap();
    let slugs = |name: &str| {
        store
            .hosted_games(name)
            .unwrap()
            .into_iter()
            .map(|g| g.slug)
            .collect::<Vec<_>>()
    };
    assert_eq!(slugs("Admin"), ["a-helped", "b-owned", "c-demo"]);
    assert_eq!(slugs("Owner"), ["b-owned"]);
    assert_eq!(slugs("Helper"), ["a-helped", "b-owned"]);
    assert!(slugs("Stranger").is_empty());
    assert!(slugs("Ghost").is_empty());
});
