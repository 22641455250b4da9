//! The two demo games `mafia serve --demo` serves, made from the bundled demo thread
//! (`demo/game.toml`, `demo/thread.jsonl`):
//!
//! - the live demo ([`LIVE_SLUG`]): the thread up to post [`LIVE_LAST_POST`], in the middle of
//!   Day 2, with every time moved by whole days so that its last post lies in the last 24
//!   hours and Day 2's deadline (30 hours after that post) lies ahead: a game in progress,
//!   with a running countdown;
//! - the finished demo ([`FINISHED_SLUG`]): the whole thread as it was played.
//!
//! Whole days keep every time's local clock reading in the game's zone, and the deadlines are
//! local clock times, so the shifted game reads exactly as the original (a deadline that
//! crossed a summer-time switch stays right).

use jiff::{Span, Timestamp, Unit, Zoned, civil::DateTime, tz::TimeZone};
use mafia_posts::{Edited, RawPost};
use mafia_tracker::Game;

/// Where the game in progress is served (the README's first command names it).
pub const LIVE_SLUG: &str = "demo";
/// Where the finished game is served.
pub const FINISHED_SLUG: &str = "demo-finished";
/// The live demo's last post: Day 2, before the lynch (post 39).
pub const LIVE_LAST_POST: u64 = 38;
const LIVE_NAME: &str = "Demo Mafia (in progress)";
const FINISHED_NAME: &str = "Demo Mafia (finished)";

/// A demo game as it is stored.
#[derive(Debug, Clone)]
pub struct DemoGame {
    pub slug: &'static str,
    pub config: String,
    pub posts: Vec<RawPost>,
}

/// Why the demo could not be made (the bundled files are wrong).
#[derive(Debug, thiserror::Error)]
pub enum DemoError {
    #[error("the demo game file: {0}")]
    Game(String),
    #[error("the demo thread has no post {0} with a time")]
    NoPost(u64),
    #[error("cannot move the demo's times: {0}")]
    Time(#[from] jiff::Error),
}

/// The whole game, finished, under a name that says so.
pub fn finished(config: &str, posts: &[RawPost]) -> DemoGame {
    DemoGame {
        slug: FINISHED_SLUG,
        config: rewrite(config, FINISHED_NAME, None),
        posts: posts.to_vec(),
    }
}

/// The game in progress as of `now`: the thread up to [`LIVE_LAST_POST`], moved by whole
/// days so that that post was made in the 24 hours before `now`.
pub fn live(config: &str, posts: &[RawPost], now: Timestamp) -> Result<DemoGame, DemoError> {
    let game = Game::parse(config, "demo/game.toml").map_err(|e| DemoError::Game(e.to_string()))?;
    let zone = TimeZone::get(&game.schedule.zone).map_err(DemoError::Time)?;
    let last = posts
        .iter()
        .find(|p| p.number == LIVE_LAST_POST)
        .and_then(|p| p.time)
        .ok_or(DemoError::NoPost(LIVE_LAST_POST))?
        .to_zoned(zone.clone());
    let now_here = now.to_zoned(zone.clone());
    let mut days = i64::from(last.until((Unit::Day, &now_here))?.get_days());
    if shift(&last, days)?.timestamp() > now {
        days -= 1;
    }
    let moved = |t: Timestamp| shift(&t.to_zoned(zone.clone()), days).map(|z| z.timestamp());
    let mut kept = Vec::new();
    for post in posts.iter().filter(|p| p.number <= LIVE_LAST_POST) {
        let mut post = post.clone();
        post.time = post.time.map(moved).transpose()?;
        if let Some(Edited::At(t)) = post.edited {
            post.edited = Some(Edited::At(moved(t)?));
        }
        kept.push(post);
    }
    let first_deadline = match config_value(config, "first_deadline") {
        Some(text) => {
            let local: DateTime = text.replace(' ', "T").parse()?;
            Some(
                local
                    .checked_add(Span::new().days(days))?
                    .strftime("%Y-%m-%d %H:%M")
                    .to_string(),
            )
        }
        None => None,
    };
    Ok(DemoGame {
        slug: LIVE_SLUG,
        config: rewrite(config, LIVE_NAME, first_deadline.as_deref()),
        posts: kept,
    })
}

fn shift(at: &Zoned, days: i64) -> Result<Zoned, jiff::Error> {
    at.checked_add(Span::new().days(days))
}

/// The quoted value of a top-level `key = "value"` line.
fn config_value<'a>(config: &'a str, key: &str) -> Option<&'a str> {
    config.lines().find_map(|line| {
        let rest = line.strip_prefix(key)?.trim_start().strip_prefix('=')?;
        rest.trim().strip_prefix('"')?.split('"').next()
    })
}

/// The game file with another `name` (and `first_deadline`, when given).
fn rewrite(config: &str, name: &str, first_deadline: Option<&str>) -> String {
    let mut out = String::with_capacity(config.len() + 32);
    for line in config.lines() {
        if line.starts_with("name =") || line.starts_with("name=") {
            out.push_str(&format!("name = \"{name}\""));
        } else if let (Some(at), true) = (first_deadline, line.starts_with("first_deadline")) {
            out.push_str(&format!("first_deadline = \"{at}\""));
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use mafia_posts::{JsonlSource, PostSource};
    use mafia_tracker::Tracker;

    use super::*;

    const GAME: &str = include_str!("../../../demo/game.toml");
    const THREAD: &str = include_str!("../../../demo/thread.jsonl");

    fn thread() -> Vec<RawPost> {
        JsonlSource::new(Cursor::new(THREAD), "demo/thread.jsonl")
            .read()
            .expect("the demo thread")
            .posts
    }

    fn replay(demo: &DemoGame) -> mafia_tracker::Status {
        let game = Game::parse(&demo.config, "live").expect("the live game file");
        let mut tracker = Tracker::new(game).expect("tracker");
        for post in &demo.posts {
            tracker.apply(&post.normalise());
        }
        tracker.status()
    }

    /// Whatever the time of day, the live demo is in Day 2 with its deadline ahead: the
    /// last post (post 38, Monday 17:00 in the original) was made at most a day before now,
    /// and Day 2 ends Tuesday 23:00 local time (moved one day later in post 28), 30 hours
    /// after it.
    #[test]
    fn the_live_demo_is_in_day_2_with_its_deadline_ahead_at_any_time() {
        for now in [
            "2026-11-25T18:49:00Z",
            "2026-11-26T15:59:00Z",
            "2026-11-26T16:01:00Z",
            "2027-06-30T23:30:00Z",
            "2026-03-30T15:00:00Z",
        ] {
            let now: Timestamp = now.parse().unwrap();
            let demo = live(GAME, &thread(), now).expect("the live demo");
            assert_eq!(demo.posts.len(), 38, "{now}");
            let last = demo.posts.last().unwrap().time.unwrap();
            assert!(last <= now, "{now}: the last post is at {last}");
            assert!(now.duration_since(last).as_secs() < 86_400, "{now}");
            let status = replay(&demo);
            assert_eq!(status.game, "Demo Mafia (in progress)");
            assert_eq!(status.phase.to_string(), "Day 2", "{now}");
            assert!(!status.game_over);
            let deadline = status.deadline.at.expect("a deadline").timestamp();
            assert!(deadline > now, "{now}: Day 2 ends at {deadline}");
            assert_eq!(
                deadline.duration_since(last).as_secs(),
                30 * 3600,
                "{now}: Monday 17:00 to Tuesday 23:00"
            );
            // Six alive (Bob lynched, Carol back, Grace dead): Ivan's wagon of Dave, Erin and
            // Hank leads, Alice votes No Lynch (post 32).
            let tally = status.tally.expect("a day");
            assert_eq!(tally.living, 6);
            assert_eq!(tally.wagons[0].candidate, "Ivan");
            assert_eq!(tally.wagons[0].voters, ["Dave", "Erin", "Hank"]);
        }
    }

    #[test]
    fn the_finished_demo_is_the_whole_game_under_a_name_that_says_so() {
        let demo = finished(GAME, &thread());
        assert_eq!(demo.posts.len(), 46);
        let status = replay(&demo);
        assert_eq!(status.game, "Demo Mafia (finished)");
        assert!(status.game_over);
        assert_eq!(status.winner.as_deref(), Some("Mafia"));
    }
}
