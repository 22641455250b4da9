//! The same tests run on SQLite (always) and PostgreSQL (when `MAFIA_TEST_POSTGRES_URL`
//! names a server whose user may create databases; `.ci/run` starts one).
//!
//! Without that variable the PostgreSQL tests say they were skipped (on the real standard
//! error, past the test harness's capture) and pass, except in CI (`CI=true`), where a
//! missing database is a failure.

use std::sync::atomic::{AtomicU32, Ordering};

use mafia_posts::{Edited, Markup, RawPost};
use mafia_store::Store;

/// A fresh database of an engine, kept alive as long as the value.
pub struct TestDb {
    pub url: String,
    _dir: Option<tempfile::TempDir>,
}

impl TestDb {
    pub fn sqlite() -> TestDb {
        let dir = tempfile::tempdir().expect("temporary directory");
        let url = dir.path().join("mafia.db").display().to_string();
        TestDb {
            url,
            _dir: Some(dir),
        }
    }

    /// A new empty PostgreSQL database, or `None` (after saying the test was skipped) when no
    /// server is configured outside CI.
    pub fn postgres() -> Option<TestDb> {
        let admin = postgres_admin_url()?;
        static N: AtomicU32 = AtomicU32::new(0);
        let name = format!(
            "mafia_test_{}_{}_{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed),
            jiff::Timestamp::now().as_nanosecond() % 1_000_000_000
        );
        let mut client = postgres::Client::connect(&admin, postgres::NoTls)
            .expect("MAFIA_TEST_POSTGRES_URL must name a reachable server");
        client
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .expect("create a test database");
        let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b);
        Some(TestDb {
            url: format!("{base}/{name}"),
            _dir: None,
        })
    }

    pub fn open(&self) -> Store {
        Store::open(&self.url).expect("open the store")
    }
}

mod postgres_url;
pub use postgres_url::postgres_admin_url;

/// Defines one test per engine: `mod $name { fn sqlite(); fn postgres() }`.
#[macro_export]
macro_rules! on_both_engines {
    ($name:ident, $body:expr) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            #[test]
            fn sqlite() {
                let db = $crate::common::TestDb::sqlite();
                ($body)(&db);
            }

            #[test]
            fn postgres() {
                if let Some(db) = $crate::common::TestDb::postgres() {
                    ($body)(&db);
                }
            }
        }
    };
}

/// A post by `author` with an HTML body, numbered `number`, id `p<number>`.
pub fn post(number: u64, author: &str, html: &str) -> RawPost {
    RawPost {
        id: format!("p{number}"),
        number,
        author: author.to_owned(),
        time: Some(
            jiff::Timestamp::from_second(1_774_000_000 + number as i64 * 60).expect("a time"),
        ),
        edited: None,
        body: Markup::Html(html.to_owned()),
    }
}

#[allow(dead_code)]
pub fn edited(mut p: RawPost, body: &str) -> RawPost {
    p.body = Markup::Html(body.to_owned());
    p.edited = Some(Edited::Yes);
    p
}

/// Runs SQL on the test database outside the store (rows an older release wrote).
#[allow(dead_code)] // not every test file uses it
pub fn raw_sql(db: &TestDb, sql: &str) {
    if db.url.starts_with("postgres") {
        let mut client = postgres::Client::connect(&db.url, postgres::NoTls).unwrap();
        client.batch_execute(sql).unwrap();
    } else {
        let conn = rusqlite::Connection::open(&db.url).unwrap();
        conn.execute_batch(sql).unwrap();
    }
}
