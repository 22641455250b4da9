//! Killing the process at any moment of an import loses no committed post and leaves no
//! partial batch: a child process imports batches in a loop and is killed with SIGKILL at
//! random moments; after each kill the database is reopened and checked.
//!
//! The child is this test binary itself, running the ignored test `import_loop_child` with
//! the database named in `MAFIA_STORE_CRASH_CHILD`.

mod common;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{TestDb, post};
use mafia_posts::{Markup, RawPost};
use mafia_store::{NewGame, Store};

const BATCH: u64 = 40;
const CHILD_ENV: &str = "MAFIA_STORE_CRASH_CHILD";

/// Post `i` of batch `b`; each batch also edits the first post of the batch before it.
fn batch(b: u64) -> Vec<RawPost> {
    let mut posts: Vec<RawPost> = (0..BATCH)
        .map(|i| RawPost {
            id: format!("b{b}-{i}"),
            ..post(
                b * BATCH + i + 1,
                "Alice",
                &"Some text of a post. ".repeat(10),
            )
        })
        .collect();
    if b > 0 {
        posts.push(RawPost {
            id: format!("b{}-0", b - 1),
            body: Markup::Html(format!("edited in batch {b}")),
            ..post((b - 1) * BATCH + 1, "Alice", "")
        });
    }
    posts
}

#[test]
#[ignore = "run by kill_9_during_import_* as a child process"]
fn import_loop_child() {
    let url = std::env::var(CHILD_ENV).expect("the child is started with the database to use");
    let store = Store::open(&url).expect("open");
    let game = store
        .game("crash")
        .expect("read")
        .expect("the parent made the game")
        .id;
    let mut next = store.post_count(game).expect("count") / BATCH;
    let mut out = std::io::stdout();
    loop {
        store.import_posts(game, &batch(next)).expect("import");
        writeln!(out, "committed {next}").expect("stdout");
        out.flush().expect("stdout");
        next += 1;
    }
}

/// A small pseudo-random sequence (the moments to kill at), seeded from the clock.
struct Moments(u64);

impl Moments {
    fn next_ms(&mut self, below: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % below
    }
}

fn kill_at_random_moments(db: &TestDb) {
    let store = db.open();
    store
        .create_game(&NewGame::new("crash", "name = \"Crash\"\n"))
        .unwrap();
    drop(store);
    let seed = jiff::Timestamp::now().as_nanosecond() as u64 | 1;
    eprintln!("kill moments seeded with {seed}");
    let mut moments = Moments(seed);
    let mut committed_by_children = 0u64;
    for round in 0..6 {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "import_loop_child",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD_ENV, &db.url)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (first_commit, first_commit_seen) = std::sync::mpsc::channel();
        let reader = std::thread::spawn(move || {
            let mut committed = Vec::new();
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Some(n) = line.strip_prefix("committed ") {
                    committed.push(n.trim().parse::<u64>().unwrap());
                    let _ = first_commit.send(());
                }
            }
            committed
        });
        // Kill it at a random moment. The first round waits (bounded) until its child has
        // committed once, so that on a busy machine, where a child may need long to start,
        // at least one kill lands in the middle of the import loop; later rounds may also
        // kill a child before its first commit.
        if round == 0 {
            let _ = first_commit_seen.recv_timeout(Duration::from_secs(60));
            std::thread::sleep(Duration::from_millis(moments.next_ms(400)));
        } else {
            std::thread::sleep(Duration::from_millis(300 + moments.next_ms(400)));
        }
        child.kill().unwrap();
        child.wait().unwrap();
        let committed = reader.join().unwrap();

        let store = db.open();
        store.integrity_check().unwrap();
        let game = store.game("crash").unwrap().unwrap().id;
        let mut batches: BTreeMap<u64, Vec<RawPost>> = BTreeMap::new();
        for p in store.posts(game).unwrap() {
            let b: u64 = p.id[1..].split('-').next().unwrap().parse().unwrap();
            batches.entry(b).or_default().push(p);
        }
        let stored = batches.len() as u64;
        // Every batch the child reported is there, and nothing after a gap.
        if let Some(&last) = committed.last() {
            assert!(
                stored > last,
                "round {round}: batch {last} was committed but is lost"
            );
        }
        assert_eq!(
            batches.keys().copied().collect::<Vec<_>>(),
            (0..stored).collect::<Vec<_>>()
        );
        for (b, posts) in &batches {
            assert_eq!(
                posts.len() as u64,
                BATCH,
                "round {round}: batch {b} is partial"
            );
            let first = posts.iter().find(|p| p.id == format!("b{b}-0")).unwrap();
            // The edit made by the next batch is there exactly when that batch is.
            let edited = first.body == Markup::Html(format!("edited in batch {}", b + 1));
            assert_eq!(
                edited,
                *b + 1 < stored,
                "round {round}: batch {b}'s edit is inconsistent"
            );
        }
        committed_by_children += committed.len() as u64;
    }
    // The children did import (the kills were not all before the first commit).
    assert!(committed_by_children > 0);
}

#[test]
fn kill_9_during_import_loses_nothing_on_sqlite() {
    let started = Instant::now();
    kill_at_random_moments(&TestDb::sqlite());
    eprintln!("took {:?}", started.elapsed());
}

#[test]
fn kill_9_during_import_loses_nothing_on_postgres() {
    if let Some(db) = TestDb::postgres() {
        kill_at_random_moments(&db);
    }
}
