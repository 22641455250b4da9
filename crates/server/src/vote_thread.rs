//! A game's separate vote thread (issue 11, point 5) as the service keeps it: its posts are
//! stored in the game's posts table under ids and numbers of their own, the ids the store's
//! [`VOTE_POST_PREFIX`] + the forum's id (so a re-import stores each post once, and no vote
//! post takes a game post's row) and the numbers the tracker's [`VOTE_THREAD_BASE`] + the
//! post's number in the vote thread (so every stored number names one post of one thread).
//! [`split`] takes them apart again for [`mafia_tracker::merge::merge_vote_thread`], which
//! gives the vote posts the same ids and numbers in the merged stream.

use mafia_posts::RawPost;
use mafia_store::VOTE_POST_PREFIX;
use mafia_tracker::merge::VOTE_THREAD_BASE;

/// A post read from the vote thread, as it is stored.
pub fn to_stored(mut post: RawPost) -> RawPost {
    post.id = format!("{VOTE_POST_PREFIX}{}", post.id);
    post.number = post.number.saturating_add(VOTE_THREAD_BASE);
    post
}

/// Whether a stored post is a vote thread's.
pub fn is_stored_vote_post(post: &RawPost) -> bool {
    post.id.starts_with(VOTE_POST_PREFIX)
}

/// The stored posts of a game as its two threads: the game thread's as stored, and the vote
/// thread's with the ids and numbers they have in the vote thread, each in thread order.
pub fn split(stored: &[RawPost]) -> (Vec<&RawPost>, Vec<RawPost>) {
    let mut game = Vec::with_capacity(stored.len());
    let mut votes = Vec::new();
    for post in stored {
        match post.id.strip_prefix(VOTE_POST_PREFIX) {
            Some(id) => votes.push(RawPost {
                id: id.to_owned(),
                number: post.number.saturating_sub(VOTE_THREAD_BASE),
                ..post.clone()
            }),
            None => game.push(post),
        }
    }
    (game, votes)
}

#[cfg(test)]
mod tests {
    use mafia_posts::Markup;

    use super::*;

    fn post(id: &str, number: u64) -> RawPost {
        RawPost {
            id: id.into(),
            number,
            author: "Alice".into(),
            time: None,
            edited: None,
            body: Markup::Text("hello".into()),
        }
    }

    #[test]
    fn a_vote_thread_post_is_stored_apart_and_read_back_as_it_was() {
        let stored = to_stored(post("p7", 3));
        assert_eq!(stored.id, "votes:p7");
        assert_eq!(stored.number, 1_000_000_003);
        assert!(is_stored_vote_post(&stored));
        let all = [post("p7", 3), stored];
        let (game, votes) = split(&all);
        assert_eq!(game, [&post("p7", 3)]);
        assert_eq!(votes, [post("p7", 3)]);
    }
}
