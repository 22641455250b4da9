//! A host's reserved post edited into the game's record: mafiascum hosts keep the post right
//! after the opening post (post 1, before any player posts) up to date all game long, with
//! the dead, the replacements and a list of links to each phase's posts. As saved, it names
//! every phase of the game; none of those is an announcement made when it was posted. Posts
//! are written as mafiascum.net renders them (phpBB: a link as `<a … class="postlink">`, a
//! list as `<ul><li>`, bold as `<div style="display:inline;font-weight:bold">`).

mod support;

use mafia_posts::Post;
use mafia_tracker::phase::Phase;
use support::mafiascum_vote_tag as vote;
use support::*;

const FIVE: &[&str] = &["Alice", "Bob", "Carol", "Dave", "Erin"];

/// A post as the forum renders it, normalised, with the thread's own number (0 is the
/// opening post).
fn post(number: u64, author: &str, body: &str) -> Post {
    Post {
        id: format!("r{number}"),
        ..mafiascum_post_at(
            number,
            author,
            &format!("2026-03-02 12:{:02}", number % 60),
            body,
        )
    }
}

fn link(text: &str) -> String {
    format!(
        "<a href=\"https://forum.mafiascum.net/viewtopic.php?p=4141511#p4141511\" \
         class=\"postlink\">{text}</a><br>"
    )
}

#[test]
fn a_reserved_post_that_links_every_phase_begins_none() {
    // 22466 post 1 (the host's, edited to the end of the game): under a bold "Links" heading,
    // `<li>` links "Day 1 - Beginning", "Night 1 - Beginning", "Day 2 - Beginning", …,
    // "Night 5 - Beginning". The players then vote on Day 1, and the host counts them
    // ("Day 1 - VoteCount 1", post 166).
    let mut t = tracker(FIVE, "");
    t.apply(&post(0, "GM", "Welcome to Mini 1347!"));
    let links: String = [
        "Day 1 - Beginning",
        "Day 1 - VoteCount 1",
        "Night 1 - Beginning",
        "Day 2 - Beginning",
        "Night 2 - Beginning",
        "Night 5 - Beginning",
    ]
    .iter()
    .map(|l| format!("<li> {}</li>", link(l)))
    .collect();
    t.apply(&post(
        1,
        "GM",
        &format!("<div style=\"display:inline;font-weight:bold\">Links</div><br><ul>{links}</ul>"),
    ));
    assert_eq!(t.phase(), Phase::day(1));
    t.apply(&post(2, "Alice", &vote("Bob")));
    t.apply(&post(3, "Carol", &vote("Bob")));
    assert_eq!(
        wagon_voters(&t),
        [("Bob".to_string(), names(&["Alice", "Carol"]))]
    );
}

#[test]
fn a_reserved_post_that_names_a_phase_far_ahead_begins_it_not() {
    // 18910 post 1 (edited after the game): the dead list ("Hayker, Mafia Rolecop, was
    // lynched Day 7"), then a bold "Game Events" heading over links "Day 1 Ends | Day 2
    // Begins" … "Day 7 Ends"; here a game of three days. The game is on Day 1 when it is
    // posted.
    let mut t = tracker(FIVE, "");
    t.apply(&post(0, "GM", "Welcome to Mini 1227!"));
    t.apply(&post(
        1,
        "GM",
        &format!(
            "Erin, Mafia Rolecop, was lynched Day 3<br><br>\
             <div style=\"display:inline;font-weight:bold\">Game Events</div><br>{}{}{}",
            link("Day 1 Ends | Day 2 Begins"),
            link("Day 2 Ends | Day 3 Begins"),
            link("Day 3 Ends"),
        ),
    ));
    assert_eq!(t.phase(), Phase::day(1));
    assert!(t.status().dead.is_empty());
    t.apply(&post(2, "Alice", &vote("Bob")));
    assert_eq!(wagon_voters(&t), [("Bob".to_string(), names(&["Alice"]))]);
}

#[test]
fn a_death_in_the_record_whose_phase_is_not_read_is_not_applied_either() {
    // 18910 post 1 again: "9. Verity, Town Vanilla Neutral Survivor, was modkilled and
    // autolossed on Day 3" in the dead list above "Day 7 Ends"; Verity plays on Day 1 (her
    // posts from 29, counted by the host). Here Dave's line.
    let mut t = tracker(FIVE, "");
    t.apply(&post(0, "GM", "Welcome to Mini 1227!"));
    t.apply(&post(
        1,
        "GM",
        &format!(
            "9. Dave, Town Vanilla Neutral Survivor, was modkilled and autolossed on Day 2<br><br>\
             <div style=\"display:inline;font-weight:bold\">Game Events</div><br>{}{}{}",
            link("Day 1 Ends | Day 2 Begins"),
            link("Day 2 Ends | Day 3 Begins"),
            link("Day 3 Ends"),
        ),
    ));
    assert!(t.status().dead.is_empty());
    t.apply(&post(2, "Dave", &vote("Bob")));
    assert_eq!(wagon_voters(&t), [("Bob".to_string(), names(&["Dave"]))]);
}

#[test]
fn a_reserved_post_that_announces_the_next_phase_begins_it() {
    // The host's second post, before any player posts, that opens the game's first night
    // ("It is now Night 1."; hosts who start with a night post the rules first): one phase,
    // the next one, is an announcement as any other post's.
    let mut t = tracker(FIVE, "");
    t.apply(&post(0, "GM", "Welcome!"));
    t.apply(&post(1, "GM", "It is now Night 1."));
    assert_eq!(t.phase(), Phase::night(1));
}

#[test]
fn a_quoted_index_does_nothing_either() {
    // Quotes never count: the links list quoted by a player changes no phase.
    let mut t = tracker(FIVE, "");
    t.apply(&post(0, "GM", "Welcome!"));
    t.apply(&post(1, "Alice", "Hello"));
    t.apply(&post(
        2,
        "Alice",
        &format!(
            "<blockquote><div><cite>GM wrote:</cite>{}{}</div></blockquote>",
            link("Night 1 - Beginning"),
            link("Day 2 - Beginning")
        ),
    ));
    assert_eq!(t.phase(), Phase::day(1));
}
