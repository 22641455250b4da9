//! Replacements said with a note after the old name or as taking a place, on posts written as
//! mafiascum.net renders them (a host's coloured text is `<div style="display:inline;color:…">`,
//! bold is `<div style="display:inline;font-weight:bold">`, a quote is
//! `<blockquote><div><cite>… wrote:</cite>…</div></blockquote>`; fixtures README and the thread
//! posts cited below), normalised by `mafia_posts` and replayed through the tracker.

mod support;

use support::*;
use support::{mafiascum_bold_vote as bold_vote, mafiascum_post as html};

const FIVE: &[&str] = &["Alice", "Bob", "Carol", "Dave", "Erin"];

/// A host's line in colour, as 65286 post 1360 renders it
/// (`<div style="display:inline;color:#0000BF">…</div>`).
fn host(text: &str) -> String {
    format!("<div style=\"display:inline;color:#0000BF\">{text}</div>")
}

/// Slot 1's holder and its earlier names.
fn second_slot(t: &mafia_tracker::Tracker) -> (String, Vec<String>) {
    let slot = &t.slots()[1];
    (slot.name.clone(), slot.replaced.clone())
}

#[test]
fn a_note_after_the_old_name_is_not_part_of_it() {
    // "Ink (slot #3) has been replaced by GuyInFreezer." (65286 post 1360).
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "Zed", 1, "I can replace in."));
    t.apply(&html(
        2,
        "GM",
        2,
        &host("Bob (slot #2) has been replaced by Zed."),
    ));
    assert_eq!(second_slot(&t), ("Zed".into(), vec!["Bob".into()]));
    t.apply(&html(3, "Zed", 3, &bold_vote("Alice")));
    assert_eq!(wagon_voters(&t), vec![("Alice".into(), names(&["Zed"]))]);
}

#[test]
fn a_newcomer_who_takes_a_players_spot_replaces_them() {
    // "X takes over for Y" and "X takes Y's spot" (issue 11's list of mafiascum phrasings).
    for line in [
        "Zed takes over for Bob.",
        "Zed takes Bob's spot.",
        "Zed takes Bob\u{2019}s place!",
        "Zed takes Bob's slot. Welcome!",
    ] {
        let mut t = tracker(FIVE, "");
        t.apply(&html(1, "GM", 1, &host(line)));
        t.apply(&html(2, "Zed", 2, &bold_vote("Alice")));
        assert_eq!(
            second_slot(&t),
            ("Zed".into(), vec!["Bob".into()]),
            "{line}"
        );
        assert_eq!(wagon_voters(&t), vec![("Alice".into(), names(&["Zed"]))]);
    }
}

#[test]
fn a_replaced_player_whose_spot_a_newcomer_takes_with_both_names_shortened() {
    // "Sleepy has been replaced. Scorpius takes his spot! Welcome him to the game guys!"
    // (63130 post 41): the player is SleepyKrew, and the account that posts next is
    // Scorpious (post 44).
    let players = &["Alice", "SleepyKrew", "Carol", "Dave", "Erin"];
    let mut t = tracker(players, "");
    t.apply(&html(
        1,
        "GM",
        1,
        &host("Sleepy has been replaced. Scorpius takes his spot! Welcome him to the game guys!"),
    ));
    assert_eq!(t.slots()[1].name, "SleepyKrew");
    t.apply(&html(2, "Scorpious", 2, &bold_vote("Alice")));
    assert_eq!(
        second_slot(&t),
        ("Scorpious".into(), vec!["SleepyKrew".into()])
    );
    assert_eq!(
        wagon_voters(&t),
        vec![("Alice".into(), names(&["Scorpious"]))]
    );
}

#[test]
fn a_player_who_was_replaced_and_whose_spot_a_newcomer_takes() {
    // The same announcement in the past tense, as hosts also write it: "Bob was replaced.
    // Zed takes his spot." Zed's first post then holds Bob's slot.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        &host("Bob was replaced. Zed takes his spot."),
    ));
    assert_eq!(t.slots()[1].name, "Bob");
    t.apply(&html(2, "Zed", 2, &bold_vote("Alice")));
    assert_eq!(second_slot(&t), ("Zed".into(), vec!["Bob".into()]));
}

#[test]
fn taking_a_place_that_is_no_slot_or_is_quoted_replaces_nobody() {
    for body in [
        host("Alice takes her place in history."),
        host("Bob has been replaced. Everyone takes his time."),
        "<blockquote><div><cite>GM wrote:</cite>Zed takes Bob's spot.</div></blockquote>Did he?"
            .to_string(),
    ] {
        let mut t = tracker(FIVE, "");
        t.apply(&html(1, "GM", 1, &body));
        t.apply(&html(2, "Zed", 2, &bold_vote("Alice")));
        assert_eq!(second_slot(&t), ("Bob".into(), vec![]), "{body}");
        assert!(wagon_voters(&t).is_empty(), "{body}");
    }
}
