//! Reports: the BBCode vote count a host pastes, the terminal text, and JSON.

mod support;

use mafia_tracker::report::{self, Format};
use support::*;

const FIVE: &[&str] = &["Alice", "Bob", "Carol", "Dave", "Erin"];

fn day_one() -> mafia_tracker::Tracker {
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(1, "Alice", "2026-03-02 12:00", &["##vote Bob"]));
    t.apply(&post_at(2, "Carol", "2026-03-02 12:05", &["**Vote: Bob**"]));
    t.apply(&post_at(
        3,
        "Dave",
        "2026-03-02 12:10",
        &["**Vote: Alice**"],
    ));
    t
}

#[test]
fn the_bbcode_vote_count_lists_wagons_not_voting_majority_and_deadline() {
    let out = report::bbcode(&day_one().status());
    assert_eq!(
        out,
        "[b]Test — Vote Count 1.3[/b] (Day 1, as of post 3)\n\
         \n\
         [b]Bob (2, L-1):[/b] Alice (#1), Carol (#2)\n\
         [b]Alice (1, L-2):[/b] Dave (#3)\n\
         \n\
         [b]Not voting (2):[/b] Bob, Erin\n\
         \n\
         With 5 alive, it takes 3 votes to lynch. A wagon with 4 votes is locked and its votes cannot be removed.\n\
         Deadline (Day 1): [b]Tue 2026-03-03 18:00 UTC[/b]\n"
    );
}

#[test]
fn the_bbcode_at_night_gives_the_days_result_and_the_dead() {
    let mut t = day_one();
    t.apply(&post_at(
        4,
        "GM",
        "2026-03-03 18:30",
        &["Bob has been lynched. He was a Townie."],
    ));
    let out = report::bbcode(&t.status());
    assert!(out.contains("Day 1 ended with Bob on 2 votes."), "{out}");
    assert!(out.contains("[s]Bob[/s] — a Townie."), "{out}");
    assert!(
        out.contains("Deadline (Night 1): [b]Wed 2026-03-04 18:00 UTC[/b]"),
        "{out}"
    );
}

#[test]
fn a_plurality_vote_count_names_who_is_set_to_be_lynched() {
    let mut t = tracker(FIVE, "[rules]\nmajority = \"plurality\"\n");
    t.apply(&post_at(1, "Alice", "2026-03-02 12:00", &["##vote Bob"]));
    t.apply(&post_at(2, "Dave", "2026-03-02 12:05", &["##vote Alice"]));
    let out = report::bbcode(&t.status());
    assert!(
        out.contains("[b]Bob (1):[/b] Alice (#1)\n[b]Alice (1):[/b] Dave (#2)"),
        "{out}"
    );
    assert!(
        out.contains(
            "With 5 alive, whoever has the most votes at the deadline is lynched (a tie goes to \
             whoever reached that many votes first). Currently, Bob is set to be lynched."
        ),
        "{out}"
    );
    let text = report::text(&t.status());
    assert!(
        text.contains("Votes (5 alive, the most votes at the deadline lynch):"),
        "{text}"
    );
    assert!(text.contains("  Set to be lynched: Bob"), "{text}");
}

#[test]
fn the_dead_are_listed_in_the_order_they_died() {
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(1, "Alice", "2026-03-02 11:00", &["Hi all"]));
    t.apply(&post_at(2, "GM", "2026-03-02 12:00", &["Dave has died."]));
    t.apply(&post_at(
        3,
        "GM",
        "2026-03-02 12:05",
        &["Erin is dead.", "Bob has been shot!"],
    ));
    let text = report::text(&t.status());
    let dave = text.find("  Dave (").expect("Dave listed");
    let bob = text.find("  Bob (").expect("Bob listed");
    let erin = text.find("  Erin (").expect("Erin listed");
    // Dave died first; Bob and Erin in one post, in the order of the player list.
    assert!(dave < bob && bob < erin, "{text}");
    let bbcode = report::bbcode(&t.status());
    assert!(
        bbcode.contains("[s]Dave[/s] — Dave has died.\n[s]Bob[/s]"),
        "{bbcode}"
    );
}

#[test]
fn the_text_report_shows_phase_deadlines_players_tally_and_review() {
    let mut t = day_one();
    t.apply(&post_at(4, "Erin", "2026-03-02 12:20", &["Vote: Dave"]));
    let out = report::text(&t.status());
    for expected in [
        "Test — Day 1 (after post 4)",
        "Deadline: Tue 2026-03-03 18:00 UTC",
        "Next deadlines: Day 1: Tue 2026-03-03 18:00 UTC; Night 1: Wed 2026-03-04 18:00 UTC; Day 2: Fri 2026-03-06 18:00 UTC",
        "Alive (5): Alice, Bob, Carol, Dave, Erin",
        "Votes (5 alive, majority 3, a wagon locks at 4):",
        "  Bob (2, L-1): Alice, Carol",
        "  Not voting (2): Bob, Erin",
        "GM review (1):",
        "  [post 4, Day 1] Erin: `Vote: Dave` does not count: it is not bolded",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in\n{out}");
    }
}

#[test]
fn json_is_the_status_structure() {
    let out = report::render(&day_one().status(), Format::Json).expect("json");
    let v: serde_json::Value = serde_json::from_str(&out).expect("valid json");
    assert_eq!(v["phase"]["kind"], "day");
    assert_eq!(v["tally"]["majority"], 3);
    assert_eq!(v["tally"]["wagons"][0]["candidate"], "Bob");
    assert_eq!(v["tally"]["wagons"][0]["voters"][1], "Carol");
    assert_eq!(v["upcoming"].as_array().map(Vec::len), Some(3));
}

#[test]
fn formats_are_named_text_json_bbcode() {
    assert_eq!("BBCode".parse::<Format>(), Ok(Format::Bbcode));
    assert_eq!("json".parse::<Format>(), Ok(Format::Json));
    assert!(
        "html"
            .parse::<Format>()
            .is_err_and(|e| e.to_string().contains("text, json or bbcode"))
    );
}

#[test]
fn when_everyone_votes_nobody_is_not_voting() {
    let mut t = tracker(&["Alice", "Bob"], "");
    t.apply(&post_at(1, "Alice", "2026-03-02 12:00", &["##vote Bob"]));
    t.apply(&post_at(2, "Bob", "2026-03-02 12:05", &["##vote Alice"]));
    let status = t.status();
    assert!(report::text(&status).contains("  Not voting (0): nobody\n"));
    assert!(report::bbcode(&status).contains("[b]Not voting (0):[/b] nobody\n"));
}

/// A review item's fix (the `[[corrections]]` record to paste) is in the text report under
/// its item and in JSON as `fix`.
#[test]
fn a_review_items_fix_is_in_the_text_and_the_json() {
    let mut t = tracker(FIVE, "");
    t.apply(&post(1, "GM", &["Welcome."]));
    t.apply(&post(2, "GM", &["Bob needs a replacement."]));
    t.apply(&post(3, "Zed", &["Hello, I am here for Bob."]));
    let status = t.status();
    let text = report::text(&status);
    assert!(
        text.contains(
            "    to fix, add to the game file:\n      [[corrections]]\n      at = 2\n      \
             replace = { new = \"Zed\", old = \"Bob\" }\n"
        ),
        "{text}"
    );
    let json = report::render(&status, Format::Json).expect("json");
    let v: serde_json::Value = serde_json::from_str(&json).expect("valid json");
    let items = v["review"].as_array().expect("review list");
    let fixes: Vec<&str> = items.iter().filter_map(|i| i["fix"].as_str()).collect();
    assert_eq!(
        fixes,
        ["[[corrections]]\nat = 2\nreplace = { new = \"Zed\", old = \"Bob\" }\n"]
    );
}
