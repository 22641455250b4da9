//! From stored rows to what the pages show: the game file is parsed, the GM's stored
//! corrections are read as more of its `[[corrections]]` records, every raw post is
//! normalised, and the tracker replays the thread, applying each correction after its post.
//! Nothing here is stored; it is rebuilt whenever the posts, the game file or the
//! corrections change (a parser fix therefore re-derives every game).
//!
//! A game with a separate vote thread (issue 11, point 5) has its stored posts split into
//! the two threads ([`crate::vote_thread::split`]) and merged by the tracker
//! ([`merge_vote_thread`]): votes from the vote thread, commands from the game thread, in
//! time order; the merged stream is replayed as [`Merged::apply`] does it, and the review
//! items it gives (players' votes cast in the game thread, which do not count) join the
//! GM's review list. Vote-thread posts keep the merged stream's numbers
//! ([`mafia_tracker::merge::VOTE_THREAD_BASE`] + N; pages name them with
//! [`mafia_tracker::merge::post_name`]).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use mafia_posts::{Post, RawPost};
use mafia_store::{GameRow, StoredCorrection};
use mafia_tracker::merge::{GameThreadVote, Merged, is_vote_thread, merge_vote_thread};
use mafia_tracker::phase::Phase;
use mafia_tracker::review::ReviewItem;
use mafia_tracker::state::VoteRecord;
use mafia_tracker::votes::Verdict;
use mafia_tracker::{ConfigError, Game, Status, Tracker, TrackerError};
use serde::{Deserialize, Serialize};

use crate::chart::{DayChart, Recorder};

mod activity;

pub use activity::Activity;
use activity::ActivityLog;

/// Everything the pages of one game show, derived from the stored rows.
#[derive(Debug, Clone)]
pub struct Derived {
    pub slug: String,
    pub thread_url: Option<String>,
    /// The separate vote thread, when the game has one: then `posts` is the merged stream.
    pub vote_thread_url: Option<String>,
    /// The game, with the stored corrections that read after its own, or why its game file
    /// cannot be used (shared: a derivation is cloned).
    pub game: Result<Game, Arc<GameFileError>>,
    /// The posts as the tracker read them (normalised).
    pub posts: Vec<Post>,
    /// The state after the last post.
    pub status: Option<Status>,
    /// Every vote-like mark of the game, in thread order.
    pub history: Vec<HistoryEntry>,
    /// Post and word counts per phase and author.
    pub activity: Vec<Activity>,
    /// The phase each post was made in (parallel to `posts`).
    pub post_phases: Vec<Phase>,
    /// The GM's stored corrections, each with why it cannot be applied, if it cannot.
    pub corrections: Vec<CorrectionRow>,
    /// Each day's wagons post by post, the running day's last.
    pub charts: Vec<DayChart>,
}

/// A stored correction as the GM page lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CorrectionRow {
    pub stored: StoredCorrection,
    /// Why the record does not read against the game file (a name the game no longer has),
    /// so that it is not applied.
    pub error: Option<String>,
}

/// One vote-like mark, with the names resolved for display.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryEntry {
    pub phase: Phase,
    pub post: u64,
    pub voter: String,
    pub raw: String,
    /// What it was read as, in words ("vote for Bob", "unvote", "unknown name `Bobb`").
    pub reading: String,
    pub counted: bool,
}

/// Why a game's file cannot be used: it does not parse, or the tracker cannot start from it.
#[derive(Debug, thiserror::Error)]
pub enum GameFileError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Tracker(#[from] TrackerError),
}

/// The game file of a stored game, parsed.
pub fn game_of(row: &GameRow) -> Result<Game, GameFileError> {
    Ok(Game::parse(&row.config, &format!("game {}", row.slug))?)
}

/// The game with the stored corrections added after its own records (those that read
/// against it), and each stored correction with its error if it does not.
pub fn with_corrections(
    game: Result<Game, Arc<GameFileError>>,
    stored: Vec<StoredCorrection>,
) -> (Result<Game, Arc<GameFileError>>, Vec<CorrectionRow>) {
    let Ok(mut game) = game else {
        let rows = stored
            .into_iter()
            .map(|stored| CorrectionRow {
                stored,
                error: Some("the game file has an error".into()),
            })
            .collect();
        return (game, rows);
    };
    let mut rows = Vec::with_capacity(stored.len());
    let mut added = Vec::new();
    for stored in stored {
        let name = format!("correction {}", stored.id);
        let error = match game.parse_corrections(&stored.record, &name) {
            Ok(records) => {
                added.extend(records);
                None
            }
            Err(e) => Some(e.to_string()),
        };
        rows.push(CorrectionRow { stored, error });
    }
    game.corrections.extend(added);
    (Ok(game), rows)
}

/// Replays a game from its stored rows.
pub fn derive(row: &GameRow, raw: &[RawPost], stored: Vec<StoredCorrection>) -> Derived {
    let (game, corrections) = with_corrections(game_of(row).map_err(Arc::new), stored);
    let mut derived = Derived {
        slug: row.slug.clone(),
        thread_url: row.thread_url.clone(),
        vote_thread_url: row.vote_thread_url.clone(),
        game: game.clone(),
        posts: Vec::new(),
        status: None,
        history: Vec::new(),
        activity: Vec::new(),
        post_phases: Vec::new(),
        corrections,
        charts: Vec::new(),
    };
    let Ok(game) = game else {
        derived.posts = raw.iter().map(RawPost::normalise).collect();
        return derived;
    };
    let merged = match &row.vote_thread_url {
        None => {
            derived.posts = raw.iter().map(RawPost::normalise).collect();
            None
        }
        Some(_) => {
            let (game_thread, vote_thread) = crate::vote_thread::split(raw);
            let game_posts = game_thread.into_iter().map(RawPost::normalise).collect();
            let vote_posts = vote_thread.iter().map(RawPost::normalise).collect();
            match merge_vote_thread(&game, game_posts, vote_posts) {
                Ok(mut merged) => {
                    derived.posts = std::mem::take(&mut merged.posts);
                    Some(merged)
                }
                Err(e) => {
                    derived.game = Err(Arc::new(GameFileError::from(e)));
                    return derived;
                }
            }
        }
    };
    let tracker = match Tracker::new(game) {
        Ok(t) => t,
        Err(e) => {
            derived.game = Err(Arc::new(GameFileError::from(e)));
            return derived;
        }
    };
    let replay = replay(tracker, &derived.posts, merged.as_ref());
    derived.status = Some(replay.status);
    derived.history = replay.history;
    derived.activity = replay.activity;
    derived.post_phases = replay.phases;
    derived.charts = replay.charts;
    derived
}

struct Replay {
    status: Status,
    history: Vec<HistoryEntry>,
    activity: Vec<Activity>,
    phases: Vec<Phase>,
    charts: Vec<DayChart>,
}

/// The vote history as it is read, each mark once, its names resolved when it is read.
#[derive(Default)]
struct History {
    entries: Vec<HistoryEntry>,
    seen: HashSet<(u64, String, String)>,
}

impl History {
    fn add(&mut self, tracker: &Tracker, phase: Phase, records: &[VoteRecord]) {
        for record in records {
            let key = (record.post, record.voter.clone(), record.raw.clone());
            if self.seen.insert(key) {
                self.entries.push(entry(tracker, phase, record));
            }
        }
    }

    /// The running phase's vote log.
    fn add_current(&mut self, tracker: &Tracker) {
        let status = tracker.status();
        self.add(tracker, status.phase, &status.votes);
    }
}

/// Replays the posts (a game thread, or with `merged` the merged stream whose posts were
/// taken out of it as `posts`) and reads what the pages show along the way.
fn replay(mut tracker: Tracker, posts: &[Post], merged: Option<&Merged>) -> Replay {
    let mut history = History::default();
    let mut activity = ActivityLog::default();
    let mut phases = Vec::with_capacity(posts.len());
    // The game posts with players' votes cast in the game thread, which `Merged::apply`
    // reviews as it applies them; every other post is applied as it is.
    let mut reviewed: HashMap<u64, Vec<GameThreadVote>> = HashMap::new();
    for vote in merged.map_or(&[][..], |m| &m.game_thread_votes) {
        reviewed.entry(vote.post).or_default().push(vote.clone());
    }
    let mut merge_review: Vec<ReviewItem> = Vec::new();
    let mut charts = Recorder::default();
    for post in posts {
        charts.before(&tracker, post);
        // A day's vote log is cleared when the day ends: read it before any post that may
        // end it (the tracker says which: a GM post, or the first post past the deadline),
        // and from the day's result when a post ended it all the same (a hammer).
        if tracker.may_end_phase(post) {
            history.add_current(&tracker);
        }
        let days = tracker.days().len();
        match (merged, reviewed.remove(&post.number)) {
            (Some(m), Some(votes)) if !is_vote_thread(post.number) => {
                let one = Merged {
                    posts: vec![post.clone()],
                    order: m.order,
                    game_thread_votes: votes,
                };
                merge_review.extend(one.apply(&mut tracker, 1));
            }
            _ => tracker.apply(post),
        }
        charts.after(&tracker, post);
        for day in &tracker.days()[days..] {
            history.add(&tracker, day.phase, &day.votes);
        }
        let phase = tracker.phase();
        phases.push(phase);
        activity.add(&tracker, phase, post);
    }
    history.add_current(&tracker);
    let mut history = history.entries;
    if merged.is_some() {
        // The merged stream's order: vote-thread numbers are not in time order with the
        // game thread's.
        let at: HashMap<u64, usize> = posts
            .iter()
            .enumerate()
            .map(|(i, p)| (p.number, i))
            .collect();
        history.sort_by_key(|h| at.get(&h.post).copied().unwrap_or(usize::MAX));
    } else {
        history.sort_by_key(|h| h.post);
    }
    let charts = charts.finish(&tracker);
    let mut status = tracker.status();
    status.review.extend(merge_review);
    Replay {
        status,
        history,
        activity: activity.finish(),
        phases,
        charts,
    }
}

fn entry(tracker: &Tracker, phase: Phase, record: &VoteRecord) -> HistoryEntry {
    let name = |t| tracker.target_name(t);
    let reading = match &record.verdict {
        Verdict::Vote { target } => format!("vote for {}", name(target)),
        Verdict::NearMiss { target, written } => {
            format!("vote for {} (written `{written}`)", name(target))
        }
        Verdict::Unvote => "unvote".to_owned(),
        Verdict::Ambiguous { written, .. } => format!("ambiguous name `{written}`"),
        Verdict::Unknown { written } => format!("unknown name `{written}`"),
        Verdict::NotCounted { reason } => format!("not counted: {reason}"),
    };
    HistoryEntry {
        phase,
        post: record.post,
        voter: record.voter.clone(),
        raw: record.raw.clone(),
        reading,
        counted: record.counted,
    }
}

/// Names the code that made a snapshot: a snapshot of another version is re-derived. Bump
/// the number when a change of this crate or of the tracker changes what is derived
/// (derive-2: new death words, `End Game` headings, plurality and night-talk rules; derive-3: a
/// hammered day keeps its votes, the hammer included; `display` styles decide line breaks,
/// vote tag labels, hosts' replacement and death phrasings; derive-4: the game file's and
/// the GM's stored corrections are applied by the tracker, no vote lines are laid over
/// posts; derive-5: a game's separate vote thread is merged into the game thread, struck
/// votes, forum families' quotes, hosts' phase and death phrasings, a lynch's day, the
/// winner; derive-6: each day's chart; derive-7: whether an author held a living slot in each
/// phase of the activity page; derive-8: the activity page counts by slot); a
/// release changes the package version (and `mafia serve --rederive` drops every snapshot by
/// hand).
pub const DERIVE_VERSION: &str = concat!("derive-8/", env!("CARGO_PKG_VERSION"));

/// What a stored snapshot keeps: everything derived that is costly to rebuild (normalising
/// the posts, the replay).
#[derive(Debug, Serialize, Deserialize)]
pub struct Snapshot {
    posts: Vec<Post>,
    status: Option<Status>,
    history: Vec<HistoryEntry>,
    activity: Vec<Activity>,
    post_phases: Vec<Phase>,
    #[serde(default)]
    charts: Vec<DayChart>,
}

impl Derived {
    /// The part of this derivation a snapshot keeps.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            posts: self.posts.clone(),
            status: self.status.clone(),
            history: self.history.clone(),
            activity: self.activity.clone(),
            post_phases: self.post_phases.clone(),
            charts: self.charts.clone(),
        }
    }

    /// A derivation restored from a snapshot (the game file is parsed again: it is cheap).
    pub fn from_snapshot(
        row: &GameRow,
        snapshot: Snapshot,
        stored: Vec<StoredCorrection>,
    ) -> Derived {
        let (game, corrections) = with_corrections(game_of(row).map_err(Arc::new), stored);
        Derived {
            slug: row.slug.clone(),
            thread_url: row.thread_url.clone(),
            vote_thread_url: row.vote_thread_url.clone(),
            game,
            posts: snapshot.posts,
            status: snapshot.status,
            history: snapshot.history,
            activity: snapshot.activity,
            post_phases: snapshot.post_phases,
            corrections,
            charts: snapshot.charts,
        }
    }
}

/// The state as of post `at` (posts numbered above it are left out). With a vote thread,
/// as of game post `at` (or vote-thread post `at - VOTE_THREAD_BASE`), with the posts of
/// the other thread merged before it, as `mafia track --votes --at` counts.
pub fn status_at(derived: &Derived, at: u64) -> Option<Status> {
    let game = derived.game.as_ref().ok()?;
    let mut tracker = Tracker::new(game.clone()).ok()?;
    let end = if derived.vote_thread_url.is_some() {
        derived
            .posts
            .iter()
            .rposition(|p| p.number <= at && is_vote_thread(p.number) == is_vote_thread(at))
            .map_or(0, |i| i + 1)
    } else {
        derived.posts.iter().take_while(|p| p.number <= at).count()
    };
    for post in &derived.posts[..end] {
        tracker.apply(post);
    }
    Some(tracker.status())
}

#[cfg(test)]
mod tests {
    use mafia_posts::Markup;

    use super::*;

    fn row(config: &str) -> GameRow {
        GameRow {
            id: 1,
            slug: "spaces".into(),
            config: config.into(),
            thread_url: None,
            forum: None,
            running: false,
            vote_thread_url: None,
        }
    }

    fn post(number: u64, author: &str, minute: i64, text: &str) -> RawPost {
        RawPost {
            id: number.to_string(),
            number,
            author: author.into(),
            time: Some(jiff::Timestamp::from_second(1_774_800_000 + minute * 60).unwrap()),
            edited: None,
            body: Markup::Text(text.into()),
        }
    }

    /// Before the server asked the tracker, it lower-cased the author without trimming it, so
    /// a GM written with spaces around the name (here both in the game file and as the
    /// author) was a GM to the tracker but not to the server: the day's votes were not read
    /// before the GM's post ended the day, and the vote history lost them.
    #[test]
    fn a_gm_written_with_spaces_is_a_gm_to_the_server_as_to_the_tracker() {
        let config = r#"
name = "Spaces"
gms = [" Mod "]
zone = "UTC"
first_phase = "Day 1"
day_length = "48h"
night_length = "24h"
players = ["Alice", "Bob", "Carol"]
"#;
        let raw = [
            post(1, "Mod", 0, "Welcome."),
            post(2, "Alice", 1, "##VOTE Bob"),
            post(3, " mod ", 2, "Day 1 has ended early."),
        ];
        let d = derive(&row(config), &raw, Vec::new());
        let game = d.game.as_ref().expect("game file");
        let tracker = Tracker::new(game.clone()).expect("tracker");
        assert!(game.is_gm(" mod "));
        assert!(tracker.is_gm(" mod "));
        let status = d.status.as_ref().expect("status");
        assert!(
            !status.phase.is_day(),
            "the GM ended the day: {}",
            status.phase
        );
        let history: Vec<(&str, &str, bool)> = d
            .history
            .iter()
            .map(|h| (h.voter.as_str(), h.reading.as_str(), h.counted))
            .collect();
        assert_eq!(history, [("Alice", "vote for Bob", true)]);
    }

    /// A hammer ends the day inside the tracker, at a player's post the server cannot know
    /// will end it: the day's votes are read from the day's result, the hammer included.
    #[test]
    fn a_hammered_day_keeps_its_votes_in_the_history() {
        let config = r#"
name = "Hammer"
gms = ["Mod"]
zone = "UTC"
first_phase = "Day 1"
day_length = "48h"
night_length = "24h"
players = ["Alice", "Bob", "Carol", "Dave"]
[rules]
majority = "hammer"
"#;
        let raw = [
            post(1, "Alice", 1, "##VOTE Dave"),
            post(2, "Bob", 2, "##VOTE Dave"),
            post(3, "Carol", 3, "##VOTE Dave"),
            post(4, "Alice", 4, "Night talk."),
        ];
        let d = derive(&row(config), &raw, Vec::new());
        let status = d.status.as_ref().expect("status");
        assert!(
            !status.phase.is_day(),
            "the hammer ended Day 1: {}",
            status.phase
        );
        let history: Vec<(u64, String, &str, &str)> = d
            .history
            .iter()
            .map(|h| {
                (
                    h.post,
                    h.phase.to_string(),
                    h.voter.as_str(),
                    h.reading.as_str(),
                )
            })
            .collect();
        let day1 = Phase::day(1).to_string();
        assert_eq!(
            history,
            [
                (1, day1.clone(), "Alice", "vote for Dave"),
                (2, day1.clone(), "Bob", "vote for Dave"),
                (3, day1, "Carol", "vote for Dave"),
            ]
        );
    }

    fn stored(id: i64, at: u64, record: &str) -> StoredCorrection {
        StoredCorrection {
            id,
            at,
            record: record.into(),
            by: "Mod".into(),
        }
    }

    /// The GM's stored corrections are read as more records of the game file: one that no
    /// longer reads (the game file lost the name) is listed with its error and not applied.
    #[test]
    fn stored_corrections_are_applied_and_one_that_does_not_read_is_listed_with_why() {
        let config = r#"
name = "Stored"
gms = ["Mod"]
zone = "UTC"
first_phase = "Day 1"
day_length = "48h"
night_length = "24h"
players = ["Alice", "Bob", "Carol"]
"#;
        let raw = [
            post(1, "Mod", 0, "Welcome."),
            post(2, "Alice", 1, "I vote the quiet one"),
        ];
        let corrections = vec![
            stored(
                7,
                2,
                "[[corrections]]\nat = 2\nvote = { voter = \"Alice\", target = \"Carol\" }\n",
            ),
            stored(8, 2, "[[corrections]]\nat = 2\ndies = \"Dave\"\n"),
        ];
        let d = derive(&row(config), &raw, corrections);
        let status = d.status.as_ref().expect("status");
        let tally = status.tally.as_ref().expect("a day");
        assert_eq!(tally.wagons[0].candidate, "Carol");
        assert_eq!(tally.wagons[0].voters, ["Alice"]);
        assert_eq!(d.corrections[0].error, None);
        let error = d.corrections[1].error.as_deref().expect("an error");
        assert!(
            error.starts_with("correction 8:3:8: dies `Dave` is not a player"),
            "{error}"
        );
        // The state as of post 1 knows nothing of the vote at post 2.
        let before = status_at(&d, 1).expect("status");
        assert!(before.tally.expect("a day").wagons.is_empty());
    }
}
