//! Where the PostgreSQL tests find their server; shared by the store's and the service's tests
//! (`crates/server/tests/postgres.rs` includes this file by path).

use std::io::Write;

/// `MAFIA_TEST_POSTGRES_URL`; when it is not set, a panic in CI (`CI=true`), else `None`
/// after a `skipped:` line written straight to the standard error, so that it is seen.
pub fn postgres_admin_url() -> Option<String> {
    match std::env::var("MAFIA_TEST_POSTGRES_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var("CI").is_ok_and(|v| v == "true") => panic!(
            "CI=true but MAFIA_TEST_POSTGRES_URL is not set: .ci/postgres.sh starts PostgreSQL and sets it"
        ),
        _ => {
            let test = std::thread::current().name().unwrap_or("a test").to_owned();
            let _ = writeln!(
                std::io::stderr(),
                "skipped: {test} needs MAFIA_TEST_POSTGRES_URL (bash .ci/postgres.sh starts PostgreSQL)"
            );
            None
        }
    }
}
