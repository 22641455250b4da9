//! How mafiascum hosts end a day, a night and the game in words the tracker did not read
//! before: "Official Vote Count 2.0", "Nobody died Night 3.", the end of the game told by its
//! winners, on posts written as mafiascum.net renders them (phpBB: bold and colour as
//! `<div style="display:inline;…">`, a quote as `<blockquote><div><cite>… wrote:</cite>…`;
//! the fixtures README and the thread posts cited in each test).

mod support;

use mafia_posts::{Markup, Post, RawPost};
use mafia_tracker::phase::Phase;
use support::*;

const FIVE: &[&str] = &["Alice", "Bob", "Carol", "Dave", "Erin"];

/// A post as the forum renders it, normalised, made on 2026-03-02 (Day 1 of the test game
/// ends 2026-03-03 18:00); numbered from 10 on, so that no test post is the opening post.
fn html(number: u64, author: &str, body: &str) -> Post {
    let number = number + 10;
    RawPost {
        id: format!("p{number}"),
        number,
        author: author.to_string(),
        time: Some(utc(&format!("2026-03-02 12:{:02}", number % 60))),
        edited: None,
        body: Markup::Html(body.to_string()),
    }
    .normalise()
}

/// Bold, as mafiascum renders `[b]…[/b]`.
fn bold(text: &str) -> String {
    format!("<div style=\"display:inline;font-weight:bold\">{text}</div>")
}

fn quote(who: &str, text: &str) -> String {
    format!("<blockquote><div><cite>{who} wrote:</cite>{text}</div></blockquote>")
}

/// The phase after each GM post of `posts`, one post each, from Day 1.
fn phases_after(posts: &[&str]) -> Vec<Phase> {
    let mut t = tracker(FIVE, "");
    posts
        .iter()
        .enumerate()
        .map(|(i, body)| {
            t.apply(&html(i as u64 + 1, "GM", body));
            t.phase()
        })
        .collect()
}

// --- phases ------------------------------------------------------------------------------

#[test]
fn an_official_vote_count_numbered_day_dot_count_names_its_day() {
    // 34780 post 405, the post that opens Day 2 in a story: "Benmage has been killed, he was
    // a Vanilla Towne" then the bold "Official Vote Count 2.0" (145 counts of 29423, 34780,
    // 63443 and 67354 are headed so).
    assert_eq!(
        phases_after(&[
            "It is now Night 1.",
            &format!(
                "Bob has been killed, he was a Vanilla Towne<br>{}<br>Not Voting (4) Alice, \
                 Carol, Dave, Erin",
                bold("Official Vote Count 2.0")
            ),
            &bold("Official Vote Count 1.9"),
        ]),
        [Phase::night(1), Phase::day(2), Phase::day(2)]
    );
    // Quoted, it says nothing.
    assert_eq!(
        phases_after(&[
            "It is now Night 1.",
            &quote("Erin", "Official Vote Count 2.0")
        ]),
        [Phase::night(1), Phase::night(1)]
    );
}
