//! Live polling: each running game's thread (and its separate vote thread, when it has one:
//! the same way, with a poll state of its own) is read at an interval, starting at the last page
//! read before (new posts appear there first) and following the page's "next" link, with
//! `If-None-Match` / `If-Modified-Since` on that page, a polite `User-Agent`, and a growing
//! pause after errors. Posts are stored by id, so a post read twice is stored once and an
//! edited post updates its row.
//!
//! Every failure (no answer, 429, 5xx, a deleted thread, a page that is not a thread page, an
//! address the poller refuses: see [`crate::fetch`]) becomes a notice on the GM's review list
//! and the poll is tried again later; nothing here stops the service.
//!
//! Several instances of the service on one PostgreSQL database share the work: each thread
//! is polled by one instance at a time and at its pace, whichever instance it is, through a
//! lease in the store (`Store::claim_poll`); an instance that dies leaves its lease to run
//! out, and another takes the thread over. On SQLite (one instance) there is no lease.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::Duration;

use mafia_posts::import::{Engine, NextPage};
pub use mafia_store::Thread;
use mafia_store::{Claim, GameRow, PollState};
use reqwest::StatusCode;
use reqwest::header::{
    ETAG, HeaderMap, HeaderValue, IF_MODIFIED_SINCE, IF_NONE_MATCH, LAST_MODIFIED, RETRY_AFTER,
};
use tokio::time::Instant;

use crate::AppState;
use crate::fetch::{self, FetchError, Policy};

/// The `User-Agent` of every request: who is asking, and why.
pub const USER_AGENT: &str = concat!(
    "mafia-tracker/",
    env!("CARGO_PKG_VERSION"),
    " (vote counter for a forum game; polls one thread at a slow interval)"
);

/// How the poller behaves.
#[derive(Debug, Clone)]
pub struct PollOptions {
    /// Pause between two polls of a thread that answered well.
    pub interval: Duration,
    /// How long to wait for a forum's answer.
    pub timeout: Duration,
    /// The longest pause after repeated errors.
    pub max_backoff: Duration,
    /// At most this many pages per poll (a long backlog is read over several polls).
    pub max_pages: u32,
    /// No further page is asked for once a poll has taken this long (the rest is read by the
    /// next poll); a poll lasts at most this and one more page (`timeout`).
    pub max_poll_time: Duration,
    /// A page larger than this is not read (a forum's thread page is far smaller).
    pub max_page_bytes: usize,
    /// Poll forums on internal addresses too (loopback, private, link-local…):
    /// `mafia serve --allow-private-forums`. Off, only public addresses are asked.
    pub allow_private_forums: bool,
    /// Addresses polled whatever their kind (tests: a fake forum on 127.0.0.1 standing for
    /// a public forum). Empty in the service.
    pub exempt: Vec<IpAddr>,
}

impl Default for PollOptions {
    fn default() -> Self {
        PollOptions {
            interval: Duration::from_secs(120),
            timeout: Duration::from_secs(20),
            max_backoff: Duration::from_secs(3600),
            max_pages: 20,
            max_poll_time: Duration::from_secs(300),
            max_page_bytes: 8 * 1024 * 1024,
            allow_private_forums: false,
            exempt: Vec::new(),
        }
    }
}

impl PollOptions {
    /// The addresses the poller may reach.
    pub fn policy(&self) -> Policy {
        Policy {
            allow_private: self.allow_private_forums,
            exempt: self.exempt.clone(),
        }
    }

    /// How long a poll lease lasts: longer than any poll (then another instance takes the
    /// thread over, its holder presumed dead).
    pub fn lease_time(&self) -> Duration {
        self.max_poll_time + self.timeout + Duration::from_secs(60)
    }
}

/// What one poll of a thread did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PollOutcome {
    /// Pages were read; `new` posts stored, `edited` updated.
    Read {
        pages: u32,
        new: usize,
        edited: usize,
    },
    /// The forum said nothing changed (304).
    NotModified,
    /// The poll failed; the message is on the GM review list.
    Failed {
        message: String,
        retry_after: Option<Duration>,
    },
}

/// The HTTP client of the poller: it reaches only the addresses `options` allow, and follows
/// no redirect by itself (the poller checks each).
pub fn client(options: &PollOptions) -> reqwest::Result<reqwest::Client> {
    fetch::client(USER_AGENT, options.timeout, options.policy())
}

/// The pause before the next poll after `failures` failed polls in a row: the interval,
/// doubled per failure, at most `max_backoff` (and never shorter than a `Retry-After`).
pub fn next_delay(options: &PollOptions, failures: u32, retry_after: Option<Duration>) -> Duration {
    let factor = 2u32.saturating_pow(failures.min(16));
    let backoff = options
        .interval
        .saturating_mul(factor)
        .min(options.max_backoff.max(options.interval));
    retry_after.map_or(backoff, |r| backoff.max(r.min(options.max_backoff)))
}

fn engine_of(row: &GameRow) -> Option<Engine> {
    row.forum.as_deref().and_then(|f| f.parse().ok())
}

/// Polls one game's thread once.
pub async fn poll_game(
    state: &AppState,
    client: &reqwest::Client,
    options: &PollOptions,
    row: &GameRow,
) -> PollOutcome {
    poll_thread(state, client, options, row, Thread::Game).await
}

/// The URL of one of a game's threads, when it has that thread.
pub fn thread_url(row: &GameRow, which: Thread) -> Option<&str> {
    match which {
        Thread::Game => row.thread_url.as_deref(),
        Thread::Votes => row.vote_thread_url.as_deref(),
    }
}

/// Polls one of a game's threads once (nothing to do when the game has no such thread).
/// Notices about the vote thread name it: "polling the vote thread URL: …".
pub async fn poll_thread(
    state: &AppState,
    client: &reqwest::Client,
    options: &PollOptions,
    row: &GameRow,
    which: Thread,
) -> PollOutcome {
    poll_and_record(state, client, options, row, which).await.0
}

/// [`poll_thread`], with the failures in a row of the poll state it stored (0 when it could
/// not read the state), which the pause before the next poll depends on.
async fn poll_and_record(
    state: &AppState,
    client: &reqwest::Client,
    options: &PollOptions,
    row: &GameRow,
    which: Thread,
) -> (PollOutcome, u32) {
    let Some(url) = thread_url(row, which) else {
        return (PollOutcome::NotModified, 0);
    };
    let thread = match which {
        Thread::Game => url.to_owned(),
        Thread::Votes => format!("the vote thread {url}"),
    };
    let url = url.to_owned();
    let id = row.id;
    let previous = match state
        .blocking(move |s| s.thread_poll_state(id, which))
        .await
    {
        Ok(p) => p,
        Err(e) => {
            let failed = PollOutcome::Failed {
                message: e.to_string(),
                retry_after: None,
            };
            return (failed, 0);
        }
    };
    let outcome = read_pages(state, client, options, row, (&url, which), &previous).await;
    let (mut next_state, outcome) = match outcome {
        Ok((next_state, outcome)) => (next_state, outcome),
        Err(failure) => (
            PollState {
                failures: previous.failures.saturating_add(1),
                ..previous.clone()
            },
            failure,
        ),
    };
    if let PollOutcome::Failed { message, .. } = &outcome {
        // A long outage is noted when it starts and then ever more rarely (1, 2, 4, 8…).
        if next_state.failures.is_power_of_two() {
            let note = format!(
                "polling {thread}: {message} (failed {} time{} in a row; will retry)",
                next_state.failures,
                if next_state.failures == 1 { "" } else { "s" }
            );
            let _ = state.blocking(move |s| s.add_notice(id, &note)).await;
        }
    } else {
        if previous.failures > 0 {
            let note = format!(
                "polling {thread}: the forum answers again after {} failed polls",
                previous.failures
            );
            let _ = state.blocking(move |s| s.add_notice(id, &note)).await;
        }
        next_state.failures = 0;
    }
    let failures = next_state.failures;
    let _ = state
        .blocking(move |s| s.set_thread_poll_state(id, which, &next_state))
        .await;
    (outcome, failures)
}

type PageResult = Result<(PollState, PollOutcome), PollOutcome>;

async fn read_pages(
    state: &AppState,
    client: &reqwest::Client,
    options: &PollOptions,
    row: &GameRow,
    (thread, which): (&str, Thread),
    previous: &PollState,
) -> PageResult {
    let failed = |message: String| PollOutcome::Failed {
        message,
        retry_after: None,
    };
    let mut url = previous
        .page_url
        .clone()
        .unwrap_or_else(|| thread.to_owned());
    let mut pages = 0;
    let (mut new, mut edited) = (0, 0);
    let mut conditional = previous.page_url.is_some();
    let policy = options.policy();
    let started = Instant::now();
    loop {
        let mut headers = HeaderMap::new();
        if conditional {
            let value =
                |v: &Option<String>| v.as_deref().and_then(|v| HeaderValue::from_str(v).ok());
            if let Some(etag) = value(&previous.etag) {
                headers.insert(IF_NONE_MATCH, etag);
            }
            if let Some(since) = value(&previous.last_modified) {
                headers.insert(IF_MODIFIED_SINCE, since);
            }
        }
        // One bound for the page, its redirects and its body.
        let fetching = fetch::get(client, &policy, &url, &headers, options.max_page_bytes);
        let response = match tokio::time::timeout(options.timeout, fetching).await {
            Ok(Ok(response)) => response,
            Ok(Err(FetchError::Timeout { .. })) | Err(_) => {
                return Err(failed(format!(
                    "no answer from {url} within {:?}",
                    options.timeout
                )));
            }
            Ok(Err(e)) => return Err(failed(e.to_string())),
        };
        let status = response.status;
        if status == StatusCode::NOT_MODIFIED {
            return Ok((previous.clone(), PollOutcome::NotModified));
        }
        if !status.is_success() {
            let retry_after = response
                .headers
                .get(RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<u64>().ok())
                .map(Duration::from_secs);
            let message = match status {
                StatusCode::NOT_FOUND | StatusCode::GONE => format!(
                    "the thread is gone ({status}) at {url}: deleted or moved? Check the thread URL"
                ),
                StatusCode::TOO_MANY_REQUESTS => {
                    format!("the forum asks us to slow down ({status}) at {url}")
                }
                s if s.is_server_error() => format!("the forum has an error ({status}) at {url}"),
                _ => format!("the forum refused the page ({status}) at {url}"),
            };
            return Err(PollOutcome::Failed {
                message,
                retry_after,
            });
        }
        let header = |name| {
            response
                .headers
                .get(name)
                .and_then(|v: &reqwest::header::HeaderValue| v.to_str().ok())
                .map(str::to_owned)
        };
        let (etag, last_modified) = (header(ETAG), header(LAST_MODIFIED));
        // Relative links of the page are relative to where it was found.
        let found_at = response.url.to_string();
        let text = response.body.unwrap_or_default();
        // Parsing a long page takes a while: keep it off the threads that serve the pages.
        let known = engine_of(row);
        let parsed = tokio::task::spawn_blocking(move || {
            known
                .or_else(|| Engine::detect(&text))
                .map(|engine| engine.parse_page(&text))
        })
        .await
        .map_err(|e| failed(format!("reading {url}: {e}")))?;
        let page = parsed
            .ok_or_else(|| {
                failed(format!(
                    "{url} is not a thread page of a known forum engine"
                ))
            })?
            .map_err(|e| failed(format!("{url}: {e}")))?;
        pages += 1;
        let id = row.id;
        let posts: Vec<_> = match which {
            Thread::Game => page.posts,
            Thread::Votes => page
                .posts
                .into_iter()
                .map(crate::vote_thread::to_stored)
                .collect(),
        };
        let summary = state
            .blocking(move |s| s.import_posts(id, &posts))
            .await
            .map_err(|e| failed(format!("storing the posts of {url}: {e}")))?;
        new += summary.inserted;
        edited += summary.updated;
        if summary.inserted + summary.updated > 0 {
            state.invalidate(&row.slug);
        }
        let next = page.next.and_then(|n| next_url(&found_at, &n));
        let in_time = started.elapsed() < options.max_poll_time;
        match next {
            Some(next) if pages < options.max_pages && in_time && next != url => {
                url = next;
                conditional = false;
            }
            // Stopped by a limit with pages still unread: the next poll starts at the first
            // of them, unconditionally (the page just read is full and stays as it is, so a
            // conditional request for it would be answered "not modified" forever).
            Some(next) if next != url => {
                let state = PollState {
                    etag: None,
                    last_modified: None,
                    page_url: Some(next),
                    failures: previous.failures,
                };
                return Ok((state, PollOutcome::Read { pages, new, edited }));
            }
            _ => {
                let state = PollState {
                    etag,
                    last_modified,
                    page_url: Some(url),
                    failures: previous.failures,
                };
                return Ok((state, PollOutcome::Read { pages, new, edited }));
            }
        }
    }
}

/// The address of the next page: a link resolved against the page, or a page number.
fn next_url(current: &str, next: &NextPage) -> Option<String> {
    let base = reqwest::Url::parse(current).ok()?;
    match next {
        NextPage::Url(link) => base.join(link).ok().map(String::from),
        NextPage::Number(n) => {
            let mut url = base.clone();
            let others: Vec<(String, String)> = base
                .query_pairs()
                .filter(|(k, _)| k != "page")
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect();
            url.query_pairs_mut()
                .clear()
                .extend_pairs(others)
                .append_pair("page", &n.to_string());
            Some(url.into())
        }
    }
}

/// Polls every running game's threads (its thread URL, and its vote thread URL when it has
/// one), each thread at its own pace, until the process ends. On PostgreSQL, where other
/// instances may share the database, a thread is polled only under its lease
/// ([`mafia_store::Store::claim_poll`]), so that among all instances one polls it at a time
/// and at its pace.
pub async fn poll_forever(state: AppState, options: PollOptions) {
    let client = match client(&options) {
        Ok(c) => c,
        Err(e) => {
            tracing::error!("the poller cannot start: {e}");
            return;
        }
    };
    let shared = state.store.engine() == mafia_store::Engine::Postgres;
    let holder = instance_id();
    let mut due: HashMap<(i64, Thread), Instant> = HashMap::new();
    loop {
        let games = state.blocking(|s| s.games()).await.unwrap_or_default();
        for row in games.iter().filter(|g| g.running) {
            for which in [Thread::Game, Thread::Votes] {
                if thread_url(row, which).is_none() {
                    continue;
                }
                let now = Instant::now();
                if due.get(&(row.id, which)).is_some_and(|t| *t > now) {
                    continue;
                }
                let id = row.id;
                if shared {
                    let (me, ttl) = (holder.clone(), options.lease_time());
                    let claim = state
                        .blocking(move |s| s.claim_poll(id, which, &me, ttl))
                        .await;
                    let wait = match claim {
                        Ok(Claim::Taken) => None,
                        // Another instance is polling it: it will be due an interval after
                        // that poll at the earliest.
                        Ok(Claim::Held { expires_in }) => Some(expires_in.min(options.interval)),
                        Ok(Claim::NotDue { due_in }) => Some(due_in),
                        Err(e) => {
                            tracing::warn!(game = %row.slug, "cannot take the poll lease: {e}");
                            Some(options.interval)
                        }
                    };
                    if let Some(wait) = wait {
                        due.insert((id, which), now + wait);
                        continue;
                    }
                }
                let (outcome, failures) =
                    poll_and_record(&state, &client, &options, row, which).await;
                let retry_after = match &outcome {
                    PollOutcome::Failed { retry_after, .. } => *retry_after,
                    _ => None,
                };
                tracing::info!(game = %row.slug, thread = ?which, ?outcome, "polled");
                let delay = next_delay(&options, failures, retry_after);
                if shared {
                    let me = holder.clone();
                    let released = state
                        .blocking(move |s| s.release_poll(id, which, &me, delay))
                        .await;
                    if let Err(e) = released {
                        tracing::warn!(game = %row.slug, "cannot release the poll lease: {e}");
                    }
                }
                due.insert((row.id, which), Instant::now() + delay);
            }
        }
        tokio::time::sleep(Duration::from_secs(1).min(options.interval)).await;
    }
}

/// This instance's name in the poll leases: the process and a random part (two instances on
/// one machine differ, and a restarted one is a new holder).
fn instance_id() -> String {
    let random = mafia_store::random_token().unwrap_or_default();
    format!(
        "{}-{}",
        std::process::id(),
        random.get(..12).unwrap_or(&random)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> PollOptions {
        PollOptions {
            interval: Duration::from_secs(60),
            max_backoff: Duration::from_secs(3600),
            ..PollOptions::default()
        }
    }

    #[test]
    fn the_pause_doubles_per_failure_up_to_the_cap() {
        let o = options();
        assert_eq!(next_delay(&o, 0, None), Duration::from_secs(60));
        assert_eq!(next_delay(&o, 1, None), Duration::from_secs(120));
        assert_eq!(next_delay(&o, 3, None), Duration::from_secs(480));
        assert_eq!(next_delay(&o, 10, None), Duration::from_secs(3600));
        assert_eq!(next_delay(&o, u32::MAX, None), Duration::from_secs(3600));
    }

    #[test]
    fn a_retry_after_is_respected_within_the_cap() {
        let o = options();
        assert_eq!(
            next_delay(&o, 1, Some(Duration::from_secs(900))),
            Duration::from_secs(900)
        );
        assert_eq!(
            next_delay(&o, 1, Some(Duration::from_secs(10))),
            Duration::from_secs(120)
        );
        assert_eq!(
            next_delay(&o, 1, Some(Duration::from_secs(99_999))),
            Duration::from_secs(3600)
        );
    }

    #[test]
    fn next_pages_resolve_against_the_page() {
        let here = "http://127.0.0.1:8/viewtopic.php?t=5&start=0";
        assert_eq!(
            next_url(here, &NextPage::Url("./viewtopic.php?t=5&start=25".into())).as_deref(),
            Some("http://127.0.0.1:8/viewtopic.php?t=5&start=25")
        );
        assert_eq!(
            next_url("http://h/t/9/posts.json?page=2&x=1", &NextPage::Number(3)).as_deref(),
            Some("http://h/t/9/posts.json?x=1&page=3")
        );
        assert_eq!(next_url("not a url", &NextPage::Number(3)), None);
    }
}
