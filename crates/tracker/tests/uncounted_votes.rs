//! A vote the tracker does not count, and the host who counts it anyway (issue 11, point 3:
//! "the review list says which line to add"). The item of a mark that does not count carries
//! the `vote` (or `unvote`) record at its post when the mark names one player or no lynch
//! exactly, and says why it offers none otherwise; pasted into the game file, the record
//! counts the vote and the item is gone. Posts are written as mafiascum.net renders them
//! (fixtures README: bold as `<div style="display:inline;font-weight:bold">`, quotes as
//! `<blockquote><div><cite>…</cite>…</div></blockquote>`), after mafiascum 58383 posts 205
//! and 206: TheNoggyOne's unbolded "Vote: Espressojet", and the host's "I'll count the
//! vote, but in the future, please try to bold all votes when possible."

mod support;

use mafia_posts::Post;
use mafia_tracker::review::{ReviewItem, ReviewKind};
use mafia_tracker::{Game, Tracker};
use support::{mafiascum_bold as bold, mafiascum_post_in_hour, wagon, wagon_voters as wagons};

/// Posts on Day 1 (its deadline 2014-07-20 18:00): 13 July 2014 from 08:00, each at the
/// minute of its number.
const DAY_1: &str = "2014-07-13 08";

/// A mafiascum game: bold votes and vote tags count, majority hammers.
const GAME: &str = "name = \"Train\"\ngms = [\"Aronis\"]\nzone = \"UTC\"\nfirst_phase = \"Day 1\"\n\
first_deadline = \"2014-07-20 18:00\"\nday_length = \"168h\"\nnight_length = \"48h\"\n\
players = [\"Espressojet\", \"TheNoggyOne\", \"Konowa\", \"Wolfy\", \"Natirasha\", \"Fusion\", \"bjc\"]\n\
[rules]\nvotes = [\"bold\", \"tag\"]\nmajority = \"hammer\"\n";

/// Post 205's shape: talk, then the vote on a line of its own, unbolded.
fn noggy_205() -> Post {
    mafiascum_post_in_hour(
        DAY_1,
        205,
        "TheNoggyOne",
        "Since espressojet voted me first I feel it only natural for me to try and lynch him \
         first.<br>\nVote: Espressojet",
    )
}

fn replay(extra: &str, posts: &[Post]) -> Tracker {
    let game = Game::parse(&format!("{GAME}\n{extra}"), "train.toml").expect("game file");
    let mut t = Tracker::new(game).expect("tracker");
    t.apply_all(posts);
    t
}

fn uncounted(t: &Tracker) -> Vec<ReviewItem> {
    t.review()
        .iter()
        .filter(|r| r.kind == ReviewKind::VoteNotCounted)
        .cloned()
        .collect()
}

#[test]
fn an_unbolded_vote_carries_the_record_that_counts_it_and_the_record_removes_the_item() {
    let posts = [noggy_205()];
    let plain = replay("", &posts);
    assert!(wagons(&plain).is_empty());
    let items = uncounted(&plain);
    assert_eq!(items.len(), 1, "{items:?}");
    assert_eq!(items[0].post, Some(205));
    assert_eq!(items[0].who.as_deref(), Some("TheNoggyOne"));
    assert!(
        items[0].message.contains("if the host counts it"),
        "{}",
        items[0].message
    );
    // The vote was cast by post 205: the record applies right after it.
    let fix = items[0].fix.clone().expect("a fix");
    assert_eq!(
        fix,
        "[[corrections]]\nat = 205\nvote = { voter = \"TheNoggyOne\", target = \"Espressojet\" }\n"
    );
    // Post 206: the host counts it. With the record, so does the tracker, and the item goes.
    let ruling = mafiascum_post_in_hour(
        DAY_1,
        206,
        "Aronis",
        &bold(
            "I'll count the vote, but in the future, please try to bold all votes when possible. Thanks.",
        ),
    );
    let fixed = replay(&fix, &[noggy_205(), ruling]);
    assert_eq!(wagons(&fixed), [wagon("Espressojet", &["TheNoggyOne"])]);
    assert!(uncounted(&fixed).is_empty(), "{:?}", fixed.review());
    assert!(
        !fixed
            .review()
            .iter()
            .any(|r| r.kind == ReviewKind::IgnoredCommand),
        "{:?}",
        fixed.review()
    );
}

#[test]
fn a_hosts_own_vote_record_at_the_post_covers_its_item_whatever_it_says() {
    // The host reads post 205 as a vote for Konowa (a record need not be the one offered):
    // the host has ruled on TheNoggyOne's vote in that post, so the post's mark is not listed.
    let record =
        "[[corrections]]\nat = 205\nvote = { voter = \"TheNoggyOne\", target = \"Konowa\" }\n";
    let fixed = replay(record, &[noggy_205()]);
    assert!(uncounted(&fixed).is_empty(), "{:?}", fixed.review());
    assert_eq!(wagons(&fixed), [wagon("Konowa", &["TheNoggyOne"])]);
    // A record for another voter, or at another post, rules on nothing of post 205.
    for other in [
        "[[corrections]]\nat = 205\nvote = { voter = \"Wolfy\", target = \"Konowa\" }\n",
        "[[corrections]]\nat = 204\nvote = { voter = \"TheNoggyOne\", target = \"Konowa\" }\n",
    ] {
        let t = replay(other, &[noggy_205()]);
        assert_eq!(uncounted(&t).len(), 1, "{other}: {:?}", t.review());
    }
}

#[test]
fn an_unvote_record_covers_a_post_with_a_vote_naming_nobody() {
    // A vote naming nobody is a rejected vote; the host's `unvote` at the post rules on it.
    let posts = [
        mafiascum_post_in_hour(DAY_1, 10, "Wolfy", &bold("Vote: Konowa")),
        mafiascum_post_in_hour(DAY_1, 11, "Wolfy", &bold("Vote: Mr Nobody")),
    ];
    let plain = replay("", &posts);
    assert!(
        plain
            .review()
            .iter()
            .any(|r| r.kind == ReviewKind::RejectedVote && r.post == Some(11)),
        "{:?}",
        plain.review()
    );
    let fixed = replay("[[corrections]]\nat = 11\nunvote = \"Wolfy\"\n", &posts);
    assert!(fixed.review().is_empty(), "{:?}", fixed.review());
    assert!(wagons(&fixed).is_empty());
}

#[test]
fn short_forms_an_unbolded_unvote_and_no_lynch_are_offered_as_written() {
    // `V: name` is not enough to count (the rule set), but a host may rule otherwise.
    let t = replay("", &[mafiascum_post_in_hour(DAY_1, 12, "bjc", "V: Fusion")]);
    let fix = uncounted(&t)[0].fix.clone().expect("a fix");
    assert!(
        fix.contains("vote = { voter = \"bjc\", target = \"Fusion\" }"),
        "{fix}"
    );
    let t = replay(
        "",
        &[mafiascum_post_in_hour(DAY_1, 12, "bjc", "Vote: no lynch")],
    );
    let fix = uncounted(&t)[0].fix.clone().expect("a fix");
    assert!(
        fix.contains("vote = { voter = \"bjc\", target = \"no lynch\" }"),
        "{fix}"
    );
    // An unbolded unvote takes back the vote that stands.
    let posts = [
        mafiascum_post_in_hour(DAY_1, 12, "bjc", &bold("Vote: Fusion")),
        mafiascum_post_in_hour(DAY_1, 13, "bjc", "Unvote"),
    ];
    let t = replay("", &posts);
    let fix = uncounted(&t)[0].fix.clone().expect("a fix");
    assert_eq!(fix, "[[corrections]]\nat = 13\nunvote = \"bjc\"\n");
    let fixed = replay(&fix, &posts);
    assert!(wagons(&fixed).is_empty());
    assert!(uncounted(&fixed).is_empty(), "{:?}", fixed.review());
}

#[test]
fn no_record_is_offered_where_the_mark_names_no_one_player_and_the_item_says_why() {
    let cases = [
        // Naming nobody.
        (
            mafiascum_post_in_hour(DAY_1, 20, "bjc", "Vote: Mr Nobody"),
            "names no player",
        ),
        // Talk that starts like a vote: the line goes on after the name (mafiascum 22083
        // post 946, "Vote Peabody with me, then.").
        (
            mafiascum_post_in_hour(DAY_1, 20, "bjc", "Vote Konowa with me, then."),
            "the line says more than a vote",
        ),
        // A near miss is a guess, not the host's word.
        (
            mafiascum_post_in_hour(DAY_1, 20, "bjc", "Vote: Espresojet"),
            "near miss of Espressojet",
        ),
        // A later bold vote in the post is the post's vote.
        (
            mafiascum_post_in_hour(
                DAY_1,
                20,
                "bjc",
                &format!("Vote: Konowa<br>\n{}", bold("Vote: Wolfy")),
            ),
            "a later vote in the post replaces it",
        ),
        // Nothing to take back.
        (
            mafiascum_post_in_hour(DAY_1, 20, "bjc", "Unvote"),
            "no vote to take back",
        ),
    ];
    for (p, why) in cases {
        let t = replay("", std::slice::from_ref(&p));
        let items = uncounted(&t);
        assert_eq!(items.len(), 1, "{why}: {:?}", t.review());
        assert_eq!(items[0].fix, None, "{why}");
        assert!(
            items[0].message.contains("no correction is offered") && items[0].message.contains(why),
            "{}",
            items[0].message
        );
    }
}

#[test]
fn a_quoted_unbolded_vote_is_no_mark_and_gets_no_item() {
    // Post 206 quotes post 205 whole; the quote's vote is not the host's, nor anyone's.
    let quoting = mafiascum_post_in_hour(
        DAY_1,
        206,
        "Konowa",
        "<blockquote cite=\"./viewtopic.php?p=6013896#p6013896\"><div><cite>TheNoggyOne wrote:</cite>\
         Vote: Espressojet</div></blockquote><br>\nI agree.",
    );
    let t = replay("", &[quoting]);
    assert!(uncounted(&t).is_empty(), "{:?}", t.review());
    assert!(wagons(&t).is_empty());
}

#[test]
fn a_vote_record_at_the_post_covers_a_near_miss_counted_with_a_warning() {
    // `Vote: Espresojet` in bold is counted for Espressojet with a warning; the host's record
    // at the post says whom the vote is for, so the warning is not listed.
    let posts = [mafiascum_post_in_hour(
        DAY_1,
        30,
        "Wolfy",
        &bold("Vote: Espresojet"),
    )];
    let plain = replay("", &posts);
    assert!(
        plain
            .review()
            .iter()
            .any(|r| r.kind == ReviewKind::NearMissVote),
        "{:?}",
        plain.review()
    );
    let record =
        "[[corrections]]\nat = 30\nvote = { voter = \"Wolfy\", target = \"Espressojet\" }\n";
    let fixed = replay(record, &posts);
    assert!(fixed.review().is_empty(), "{:?}", fixed.review());
    assert_eq!(wagons(&fixed), [wagon("Espressojet", &["Wolfy"])]);
}
