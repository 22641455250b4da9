//! A separate vote thread merged into the game thread (issue 11, point 5): some forums' hosts
//! open a second thread for votes, so the game thread alone holds none.
//!
//! [`merge_vote_thread`] makes one ordered stream for [`crate::Tracker::apply`]: commands come
//! from the game thread only, so the vote thread's posts by GMs are left out (a host's "Day 2
//! begins" or vote count there is not a command); its players' posts keep their text (they
//! can only vote: a player's post never commands). Votes come from the vote thread only (The
//! Void, TeamLiquid, opening post: "Voting is done in the Vote Thread … Votes not done in the
//! correct fashion will not be counted"): a player's vote lines in the game thread are taken
//! out of the stream and listed ([`Merged::game_thread_votes`]); [`Merged::apply`] turns them
//! into review items. They get ids and numbers of their own
//! (`votes:<id>`, [`VOTE_THREAD_BASE`] + their number), so that a replay of the merged stream
//! stays idempotent and a review item names "vote thread post N" ([`post_name`]).
//!
//! The order:
//! - **By timestamps** when every post of both threads has one: the two threads are merged
//!   like two sorted lists, each in its own order; a game post and a vote post made at the
//!   same time take the game post first (a vote at the second the host ends the day is late).
//! - **By the hosts' phase posts** otherwise: each thread is replayed on its own (the vote
//!   thread's GM posts only), which gives the phase each vote post was made in, and the phase
//!   in force after each game post. A vote post made in phase P goes after every game post
//!   that leaves the game in P or earlier, and before the first one that moves past P: the
//!   host's post that ends the day comes after that day's votes.

use mafia_posts::Post;

use crate::config::Game;
use crate::phase::{NightNumbering, Phase, PhaseKind};
use crate::review::{ReviewItem, ReviewKind};
use crate::state::{Tracker, TrackerError};
use crate::votes::{Roster, Verdict, recognise};

/// Vote-thread post N is number `VOTE_THREAD_BASE + N` in the merged stream.
pub const VOTE_THREAD_BASE: u64 = 1_000_000_000;

/// How a merged stream was ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MergeOrder {
    /// Every post had a timestamp.
    Timestamps,
    /// Some post had none: by the phases the hosts' posts announce.
    Phases,
}

/// The game thread and the vote thread as one stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Merged {
    pub posts: Vec<Post>,
    pub order: MergeOrder,
    /// Votes players cast in the game thread, taken out of the stream: they do not count.
    pub game_thread_votes: Vec<GameThreadVote>,
}

/// A vote a player cast in the game thread of a game whose votes are cast in its vote thread.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameThreadVote {
    /// The game thread's post number.
    pub post: u64,
    pub author: String,
    /// The vote as written.
    pub raw: String,
}

impl Merged {
    /// Applies the first `end` posts of the stream (all of them when `end` is larger) and
    /// returns a review item for each game-thread vote among them, in the phase it was cast.
    pub fn apply(&self, tracker: &mut Tracker, end: usize) -> Vec<ReviewItem> {
        let mut items = Vec::new();
        for post in self.posts.iter().take(end) {
            let phase = tracker.phase();
            tracker.apply(post);
            if is_vote_thread(post.number) {
                continue;
            }
            for vote in self
                .game_thread_votes
                .iter()
                .filter(|v| v.post == post.number)
            {
                items.push(ReviewItem {
                    kind: ReviewKind::VoteNotCounted,
                    post: Some(vote.post),
                    who: Some(vote.author.clone()),
                    phase,
                    message: format!(
                        "{} voted in the game thread (`{}`): votes are cast in the vote thread; \
                         not counted",
                        vote.author, vote.raw
                    ),
                    fix: None,
                });
            }
        }
        items
    }
}

/// Whether a merged stream's post number is a vote thread's.
pub fn is_vote_thread(number: u64) -> bool {
    number >= VOTE_THREAD_BASE
}

/// How a report names a post of the merged stream: "post 12" or "vote thread post 12".
pub fn post_name(number: u64) -> String {
    if is_vote_thread(number) {
        format!("vote thread post {}", number - VOTE_THREAD_BASE)
    } else {
        format!("post {number}")
    }
}

/// Merges a game thread and its vote thread (both in thread order) into one stream.
pub fn merge_vote_thread(
    game: &Game,
    game_posts: Vec<Post>,
    vote_posts: Vec<Post>,
) -> Result<Merged, TrackerError> {
    let (game_posts, game_thread_votes) = without_votes(game, game_posts);
    let all_timed = game_posts
        .iter()
        .chain(&vote_posts)
        .all(|p| p.time.is_some());
    // The phase each vote post was made in, from the vote thread's own GM posts.
    let mut made_in = Vec::with_capacity(vote_posts.len());
    if !all_timed {
        let mut alone = Tracker::new(game.clone())?;
        for post in &vote_posts {
            if game.is_gm(&post.author) {
                alone.apply(post);
            } else {
                made_in.push(alone.phase());
            }
        }
    }
    let votes: Vec<Post> = vote_posts
        .into_iter()
        .filter(|p| !game.is_gm(&p.author))
        .map(|mut p| {
            p.id = format!("votes:{}", p.id);
            p.number = p.number.saturating_add(VOTE_THREAD_BASE);
            p
        })
        .collect();
    if all_timed {
        return Ok(Merged {
            posts: by_time(game_posts, votes),
            order: MergeOrder::Timestamps,
            game_thread_votes,
        });
    }
    // The phase in force after each game post.
    let numbering = Phase::numbering_for_first(game.schedule.first_phase);
    let mut replay = Tracker::new(game.clone())?;
    let after: Vec<u64> = game_posts
        .iter()
        .map(|post| {
            replay.apply(post);
            order(replay.phase(), numbering)
        })
        .collect();
    // Each vote post goes before the first game post that leaves its phase behind.
    let mut slots: Vec<(usize, Post)> = votes
        .into_iter()
        .zip(made_in)
        .map(|(post, phase)| {
            let made = order(phase, numbering);
            let at = after.iter().position(|&a| a > made).unwrap_or(after.len());
            (at, post)
        })
        .collect();
    slots.sort_by_key(|(at, _)| *at);
    let mut posts = Vec::with_capacity(game_posts.len() + slots.len());
    let mut pending = slots.into_iter().peekable();
    for (i, post) in game_posts.into_iter().enumerate() {
        while let Some((_, vote)) = pending.next_if(|(at, _)| *at <= i) {
            posts.push(vote);
        }
        posts.push(post);
    }
    posts.extend(pending.map(|(_, vote)| vote));
    Ok(Merged {
        posts,
        order: MergeOrder::Phases,
        game_thread_votes,
    })
}

/// The game thread without its players' vote lines, and the votes taken out. Any line the
/// game's vote syntaxes read as a vote goes (names are not resolved: any vote there is out of
/// place); those that would have voted or unvoted are listed.
fn without_votes(game: &Game, mut posts: Vec<Post>) -> (Vec<Post>, Vec<GameThreadVote>) {
    let nobody = Roster::new();
    let mut taken = Vec::new();
    for post in posts.iter_mut().filter(|p| !game.is_gm(&p.author)) {
        let marks = recognise(&post.body, &game.rules.votes, &nobody);
        if marks.is_empty() {
            continue;
        }
        for mark in &marks {
            if !matches!(mark.verdict, Verdict::NotCounted { .. }) {
                taken.push(GameThreadVote {
                    post: post.number,
                    author: post.author.clone(),
                    raw: mark.raw.clone(),
                });
            }
        }
        let mut index = 0;
        post.body.lines.retain(|_| {
            let keep = !marks.iter().any(|m| m.line == index);
            index += 1;
            keep
        });
    }
    (posts, taken)
}

/// Two threads in their own orders, merged by time; a tie takes the game post first.
fn by_time(game: Vec<Post>, votes: Vec<Post>) -> Vec<Post> {
    let mut out = Vec::with_capacity(game.len() + votes.len());
    let mut game = game.into_iter().peekable();
    let mut votes = votes.into_iter().peekable();
    loop {
        let take_game = match (game.peek(), votes.peek()) {
            (Some(g), Some(v)) => g.time <= v.time,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => break,
        };
        let next = if take_game { game.next() } else { votes.next() };
        out.extend(next);
    }
    out
}

/// A phase's place in the game: Day 1 < Night 1 < Day 2… (or Night 1 < Day 1 < Night 2…).
fn order(phase: Phase, numbering: NightNumbering) -> u64 {
    let n = u64::from(phase.number) * 2;
    match (phase.kind, numbering) {
        (PhaseKind::Day, NightNumbering::NightFollowsDay)
        | (PhaseKind::Night, NightNumbering::NightPrecedesDay) => n,
        (PhaseKind::Night, NightNumbering::NightFollowsDay)
        | (PhaseKind::Day, NightNumbering::NightPrecedesDay) => n + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_follow_each_other_in_both_numberings() {
        let follows = NightNumbering::NightFollowsDay;
        assert!(order(Phase::day(1), follows) < order(Phase::night(1), follows));
        assert!(order(Phase::night(1), follows) < order(Phase::day(2), follows));
        let precedes = NightNumbering::NightPrecedesDay;
        assert!(order(Phase::night(1), precedes) < order(Phase::day(1), precedes));
        assert!(order(Phase::day(1), precedes) < order(Phase::night(2), precedes));
    }

    #[test]
    fn a_vote_thread_without_phase_posts_votes_in_the_first_phase() {
        let game = Game::parse(
            "name = \"T\"\ngms = [\"Host\"]\nzone = \"UTC\"\nfirst_phase = \"Day 1\"\n\
             day_length = \"48h\"\nnight_length = \"24h\"\nplayers = [\"Alice\", \"Bob\"]\n\
             [rules]\nvotes = [\"bot\"]\n",
            "t.toml",
        )
        .expect("game");
        let post = |id: &str, number: u64, author: &str, text: &str| Post {
            id: id.to_string(),
            number,
            author: author.to_string(),
            time: None,
            edited: None,
            body: mafia_posts::normalise_text(text),
        };
        let game_thread = vec![
            post("g1", 1, "Host", "Welcome."),
            post("g2", 2, "Alice", "Hello."),
            post("g3", 3, "Host", "Night 1 begins."),
        ];
        let vote_thread = vec![post("v1", 1, "Bob", "##vote Alice")];
        let merged = merge_vote_thread(&game, game_thread, vote_thread).expect("merge");
        assert_eq!(merged.order, MergeOrder::Phases);
        let numbers: Vec<u64> = merged.posts.iter().map(|p| p.number).collect();
        assert_eq!(numbers, [1, 2, VOTE_THREAD_BASE + 1, 3]);
        assert_eq!(merged.posts[2].id, "votes:v1");
    }
}
