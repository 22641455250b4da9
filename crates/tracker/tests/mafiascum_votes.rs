//! Players' votes as mafiascum.net renders them, read as the games' hosts read them (issue 11,
//! points 6 and 7: the forms `mafia audit` found the tracker reading otherwise than the host
//! in the fixture threads, `../shared/fixtures/threads/mafiascum/`). Each post is written in
//! the forum's rendering (fixture README: bold as `<div style="display:inline;font-weight:bold">`,
//! the vote tag as `<span class="bbvote" …>VOTE: Name</span>`, quotes as
//! `<blockquote><div><cite>…</cite>…</div></blockquote>`), with the real post it follows in a
//! comment; and each form quoted does not count.

use mafia_posts::{Markup, RawPost};
use mafia_tracker::config::VoteSyntax;
use mafia_tracker::votes::{Roster, Target, Verdict, recognise};

/// The vote syntaxes of the mafiascum games' files.
const MAFIASCUM: &[VoteSyntax] = &[VoteSyntax::Bold, VoteSyntax::Tag];

const PLAYERS: &[&str] = &[
    "Alduskkel",
    "Akira",
    "DemonHybrid",
    "Heliman",
    "Masenko",
    "Tommy",
    "WormyKrew",
    "Robbnva",
    "psychoanalysis",
];

fn slot(name: &str) -> usize {
    PLAYERS.iter().position(|p| *p == name).expect("a player")
}

fn roster() -> Roster {
    let mut r = Roster::new();
    for (i, name) in PLAYERS.iter().enumerate() {
        r.add(i, name);
    }
    r
}

/// A post's HTML as mafiascum serves it, normalised as every post is.
fn verdicts(html: &str) -> Vec<Verdict> {
    let post = RawPost {
        id: "p1".into(),
        number: 1,
        author: "Someone".into(),
        time: None,
        edited: None,
        body: Markup::Html(html.into()),
    }
    .normalise();
    recognise(&post.body, MAFIASCUM, &roster())
        .into_iter()
        .map(|m| m.verdict)
        .collect()
}

/// The vote the post leaves: its last counting mark.
fn last_counting(html: &str) -> Option<Verdict> {
    verdicts(html).into_iter().rev().find(Verdict::counts)
}

fn vote(name: &str) -> Option<Verdict> {
    Some(Verdict::Vote {
        target: Target::Slot(slot(name)),
    })
}

fn bold(text: &str) -> String {
    format!(r#"<div style="display:inline;font-weight:bold">{text}</div>"#)
}

fn quoted(who: &str, html: &str) -> String {
    format!("<blockquote><div><cite>{who} wrote:</cite>{html}</div></blockquote><br>\nAgreed.")
}

#[test]
fn an_unvote_and_a_vote_in_one_bold_run_vote() {
    for (run, target) in [
        // 17645 post 739 (DarthYoshi): `Unvote.  Vote: Alduskkel.`
        ("Unvote.  Vote: Alduskkel.", "Alduskkel"),
        // 17645 post 920: `Unvote. Vote TWIE.`, here with a full name.
        ("Unvote. Vote WormyKrew.", "WormyKrew"),
        // 16769 post 147: `UNVOTE VOTE MAEMUKI`.
        ("UNVOTE VOTE AKIRA", "Akira"),
        // 17584 post 125: `Unvote: Vote: Akira`.
        ("Unvote: Vote: Akira", "Akira"),
        // 17764 post 49: `Unvote: DemonHybrid, Vote: Heliman`.
        ("Unvote: DemonHybrid, Vote: Heliman", "Heliman"),
        // 35882 post 269: `Unvote Tommy, vote Masenko`.
        ("Unvote Tommy, vote Masenko", "Masenko"),
        // The brief's `unvote, vote: X` and `Unvote; Vote X`.
        ("unvote, vote: Masenko", "Masenko"),
        ("Unvote; Vote Tommy", "Tommy"),
    ] {
        let html = format!(
            "Also,<br>\n<br>\n{}<br>\n<br>\nLet's lynch them.",
            bold(run)
        );
        assert_eq!(
            verdicts(&html).first(),
            Some(&Verdict::Unvote),
            "{run}: the unvote first"
        );
        assert_eq!(last_counting(&html), vote(target), "{run}");
        // Quoted, it is nobody's vote.
        assert_eq!(verdicts(&quoted("DarthYoshi", &bold(run))), [], "{run}");
    }
}

#[test]
fn adjacent_bold_runs_unvote_then_vote() {
    // 29844 post 66 (Target1): two bold runs side by side, read as one line.
    let html = format!(
        "Anyways I'm changing my vote <br>\n<br>\n{} {}",
        bold(" UNVOTE: psychoanalysis "),
        bold(" VOTE: Robbnva ")
    );
    assert_eq!(last_counting(&html), vote("Robbnva"));
    assert_eq!(verdicts(&quoted("Target1", &html)), []);
}

#[test]
fn an_unvote_with_talk_after_it_only_unvotes() {
    // 33249 post 483: `Unvote Espeonage, he's obviously town. Come on, now.`
    assert_eq!(
        verdicts(&bold("Unvote Tommy, he's obviously town. Come on, now.")),
        [Verdict::Unvote]
    );
    // The vote word far from the unvote is talk, not a vote.
    assert_eq!(
        verdicts(&bold("Unvote, I am not sure whom to vote for yet")),
        [Verdict::Unvote]
    );
}
