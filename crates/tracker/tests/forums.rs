//! Each forum family's conventions replayed through the tracker: the hand-written thread of
//! `crates/posts/tests/forums/<family>.html` (rendered as that forum renders it; the sources in
//! its first comment) against the small game file `tests/forums/<family>.toml`.
//!
//! The same story on every forum: Alice votes Bob; Bob quotes her vote (which must not count);
//! Carol strikes her old vote for Dave and votes Bob; Dave votes Alice, then unvotes; the host
//! replaces Erin with Zed, who votes Bob; Bob is lynched and Night 1 begins; Gus dies in the
//! night and Day 2 begins.

mod support;

use mafia_posts::{Markup, Post, RawPost};
use mafia_tracker::phase::Phase;
use mafia_tracker::votes::{Target, Verdict, recognise};
use mafia_tracker::{Game, Tracker};
use support::*;

const FAMILIES: &[&str] = &[
    "mafiascum",
    "phpbb",
    "webdiplomacy",
    "mafiauniverse",
    "teamliquid",
    "mtgsalvation",
    "xenforo",
    "discourse",
];

fn game(family: &str) -> Game {
    let path = format!("{}/tests/forums/{family}.toml", env!("CARGO_MANIFEST_DIR"));
    Game::load(std::path::Path::new(&path)).expect("game file")
}

/// The posts of the family's thread: each `<!-- post N Author -->` comment opens a post, whose
/// body is the HTML up to the next one.
fn thread(family: &str) -> Vec<Post> {
    let path = format!(
        "{}/../posts/tests/forums/{family}.html",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("fixture thread");
    text.split("<!-- post ")
        .skip(1)
        .map(|chunk| {
            let (head, body) = chunk.split_once("-->").expect("post marker");
            let mut words = head.split_whitespace();
            let number = words.next().and_then(|n| n.parse().ok()).expect("number");
            RawPost {
                id: format!("p{number}"),
                number,
                author: words.next().expect("author").to_string(),
                time: None,
                edited: None,
                body: Markup::Html(body.to_string()),
            }
            .normalise()
        })
        .collect()
}

/// The tracker after the thread's posts up to `last`.
fn replay(family: &str, last: u64) -> Tracker {
    let mut t = Tracker::new(game(family)).expect("tracker");
    for post in thread(family).iter().filter(|p| p.number <= last) {
        t.apply(post);
    }
    t
}

#[test]
fn votes_unvotes_quotes_and_replacements_on_every_forum() {
    for family in FAMILIES {
        // Post 3 quotes Alice's vote: still one vote on Bob.
        assert_eq!(
            wagon_voters(&replay(family, 3)),
            [("Bob".to_string(), names(&["Alice"]))],
            "{family}"
        );
        // Dave's vote for Alice (post 5), then his unvote (post 6).
        assert_eq!(
            wagon_voters(&replay(family, 5)),
            [
                ("Bob".to_string(), names(&["Alice", "Carol"])),
                ("Alice".to_string(), names(&["Dave"]))
            ],
            "{family}"
        );
        let t = replay(family, 8);
        assert_eq!(
            wagon_voters(&t),
            [("Bob".to_string(), names(&["Alice", "Carol", "Zed"]))],
            "{family}"
        );
        let erin = &t.slots()[4];
        assert_eq!(
            (erin.name.as_str(), erin.replaced.as_slice()),
            ("Zed", &["Erin".to_string()][..]),
            "{family}"
        );
    }
}

#[test]
fn a_struck_vote_does_not_count_on_any_forum() {
    for family in FAMILIES {
        let game = game(family);
        let t = Tracker::new(game.clone()).expect("tracker");
        let mut roster = mafia_tracker::votes::Roster::new();
        for (i, slot) in t.slots().iter().enumerate() {
            roster.add(i, &slot.name);
        }
        let carol = thread(family).into_iter().find(|p| p.number == 4).unwrap();
        let verdicts: Vec<Verdict> = recognise(&carol.body, &game.rules.votes, &roster)
            .into_iter()
            .map(|m| m.verdict)
            .collect();
        assert_eq!(
            verdicts,
            [Verdict::Vote {
                target: Target::Slot(1)
            }],
            "{family}"
        );
    }
}

#[test]
fn hosts_lynch_night_kill_and_new_day_on_every_forum() {
    for family in FAMILIES {
        let t = replay(family, 9);
        assert_eq!(t.phase(), Phase::night(1), "{family}");
        assert!(!t.slots()[1].alive, "{family}: Bob lynched");
        let t = replay(family, 10);
        assert_eq!(t.phase(), Phase::day(2), "{family}");
        assert!(!t.slots()[6].alive, "{family}: Gus killed");
        assert_eq!(t.slots().iter().filter(|s| s.alive).count(), 5, "{family}");
    }
}

#[test]
fn a_vote_in_a_xenforo_1_quote_does_not_count() {
    let t = replay("xenforo", 11);
    assert_eq!(wagon_voters(&t), []);
}

#[test]
fn mafia_universe_vote_tags_in_bbcode_count_and_unvote() {
    // Mafia Universe's guide: `[V]USERNAME[/V]`, `[UNV]USERNAME[/UNV]`.
    let mut g = game("mafiauniverse");
    g.rules.votes = vec![mafia_tracker::config::VoteSyntax::Tag];
    let mut t = Tracker::new(g).expect("tracker");
    let bb = |number: u64, author: &str, text: &str| {
        RawPost {
            id: format!("p{number}"),
            number,
            author: author.to_string(),
            time: None,
            edited: None,
            body: Markup::BbCode(text.to_string()),
        }
        .normalise()
    };
    t.apply(&bb(2, "Alice", "[V]Bob[/V]"));
    t.apply(&bb(3, "Carol", "[s][V]Dave[/V][/s] [V]Bob[/V]"));
    t.apply(&bb(
        4,
        "Dave",
        "[QUOTE=Alice;2][V]Bob[/V][/QUOTE]\n[V]Alice[/V]",
    ));
    assert_eq!(
        wagon_voters(&t),
        [
            ("Bob".to_string(), names(&["Alice", "Carol"])),
            ("Alice".to_string(), names(&["Dave"]))
        ]
    );
    // An unvote tag naming the player unvotes; it is not a vote for them.
    t.apply(&bb(5, "Dave", "[UNV]Alice[/UNV]"));
    t.apply(&bb(6, "Carol", "[UNV][/UNV]"));
    assert_eq!(wagon_voters(&t), [("Bob".to_string(), names(&["Alice"]))]);
}

/// A post of `family`'s game as its forum renders it, numbered past the fixture thread.
fn html_post(number: u64, author: &str, html: &str) -> Post {
    RawPost {
        id: format!("extra{number}"),
        number,
        author: author.to_string(),
        time: None,
        edited: None,
        body: Markup::Html(html.to_string()),
    }
    .normalise()
}

#[test]
fn a_mafiascum_vote_tags_label_is_the_verb_in_any_case() {
    // mafiascum renders `[vote]` with its label inside the tag ("VOTE: Name", issue 11);
    // players also write the label themselves inside it.
    let tag = |text: &str| {
        format!("<span class=\"bbvote\" title=\"This is an official vote.\">{text}</span>")
    };
    let mut t = replay("mafiascum", 1);
    t.apply(&html_post(20, "Alice", &tag("Vote: Bob")));
    t.apply(&html_post(21, "Carol", &tag("vote: bob")));
    t.apply(&html_post(22, "Dave", &tag("VOTE: Bob")));
    assert_eq!(
        wagon_voters(&t),
        [("Bob".to_string(), names(&["Alice", "Carol", "Dave"]))]
    );
    t.apply(&html_post(23, "Carol", &tag("unvote")));
    t.apply(&html_post(24, "Dave", &tag("UNVOTE: Bob")));
    assert_eq!(wagon_voters(&t), [("Bob".to_string(), names(&["Alice"]))]);
}

#[test]
fn a_struck_name_inside_a_vote_is_left_out() {
    // Discourse's cooked HTML: `**Vote: ~~Dave~~ Bob**`.
    let mut t = replay("discourse", 1);
    t.apply(&html_post(
        20,
        "Alice",
        "<p><strong>Vote: <s>Dave</s> Bob</strong></p>",
    ));
    // TeamLiquid: a struck bot vote, then the new one on the same line.
    let mut tl = replay("teamliquid", 1);
    tl.apply(&html_post(20, "Alice", "<s>##vote Dave</s> ##vote Bob"));
    for t in [t, tl] {
        assert_eq!(wagon_voters(&t), [("Bob".to_string(), names(&["Alice"]))]);
    }
}
