//! The BBCode vote count as hosts paste it: its number within the day, "as of post N", each
//! vote linked to its post, the forum's countdown tag (or the deadline in the host's zone with
//! UTC), and after a hammer the final count with who hammered.

mod support;

use mafia_tracker::Game;
use mafia_tracker::report::{self, CountStyle, CountdownTag};
use support::*;

const FIVE: &[&str] = &["Alice", "Bob", "Carol", "Dave", "Erin"];

/// Day 1 of a five-player game: Alice and Carol on Bob, Dave on Alice.
fn day_one(extra: &str) -> mafia_tracker::Tracker {
    let mut t = tracker(FIVE, extra);
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

/// mafiascum.net post addresses (phpBB: `viewtopic.php?p=ID#pID`); in this made-up thread
/// post N has the forum id 1000 + N.
fn mafiascum_post(n: u64) -> Option<String> {
    let id = 1000 + n;
    Some(format!(
        "https://forum.mafiascum.net/viewtopic.php?p={id}#p{id}"
    ))
}

#[test]
fn a_mafiascum_count_links_each_vote_and_counts_down_to_the_deadline() {
    let url: &dyn Fn(u64) -> Option<String> = &mafiascum_post;
    let style = CountStyle {
        countdown: CountdownTag::Mafiascum,
        post_url: Some(url),
    };
    let out = report::bbcode_with(&day_one("").status(), &style);
    let p = "https://forum.mafiascum.net/viewtopic.php?p=";
    assert_eq!(
        out,
        format!(
            "[b]Test — Vote Count 1.3[/b] (Day 1, as of post [url={p}1003#p1003]3[/url])\n\
             \n\
             [b]Bob (2, L-1):[/b] [url={p}1001#p1001]Alice[/url], [url={p}1002#p1002]Carol[/url]\n\
             [b]Alice (1, L-2):[/b] [url={p}1003#p1003]Dave[/url]\n\
             \n\
             [b]Not voting (2):[/b] Bob, Erin\n\
             \n\
             With 5 alive, it takes 3 votes to lynch. A wagon with 4 votes is locked and its votes cannot be removed.\n\
             Deadline (Day 1): [countdown]2026-03-03 18:00:00 UTC[/countdown] (Tue 2026-03-03 18:00 UTC)\n"
        )
    );
}

#[test]
fn the_countdown_tag_is_mafiascums_only() {
    for (url, tag) in [
        (
            "https://forum.mafiascum.net/viewtopic.php?t=26373",
            CountdownTag::Mafiascum,
        ),
        (
            "https://mafiascum.net/viewtopic.php?t=1",
            CountdownTag::Mafiascum,
        ),
        (
            "https://www.teamliquid.net/forum/mafia/123",
            CountdownTag::None,
        ),
        // a look-alike host is not mafiascum
        (
            "https://evilmafiascum.net/viewtopic.php?t=1",
            CountdownTag::None,
        ),
        (
            "https://example.org/mafiascum.net/viewtopic.php?t=1",
            CountdownTag::None,
        ),
    ] {
        assert_eq!(CountdownTag::for_thread(url), tag, "{url}");
    }
}

#[test]
fn without_a_countdown_tag_the_deadline_is_in_the_hosts_zone_with_utc() {
    let game = Game::parse(
        "name = \"Test\"\ngms = [\"GM\"]\nzone = \"Europe/Stockholm\"\nfirst_phase = \"Day 1\"\n\
         first_deadline = \"2026-03-03 18:00\"\nday_length = \"48h\"\nnight_length = \"24h\"\n\
         players = [\"Alice\", \"Bob\", \"Carol\"]\n",
        "zone.toml",
    )
    .expect("game");
    let mut t = mafia_tracker::Tracker::new(game).expect("tracker");
    t.apply(&post_at(1, "Alice", "2026-03-02 12:00", &["##vote Bob"]));
    let out = report::bbcode(&t.status());
    // 18:00 in Stockholm on 3 March is CET (UTC+1), before summer time starts on 29 March.
    assert!(
        out.contains("Deadline (Day 1): [b]Tue 2026-03-03 18:00 CET[/b] (Tue 17:00 UTC)\n"),
        "{out}"
    );
    assert!(out.contains("[b]Bob (1, L-1):[/b] Alice (#1)\n"), "{out}");
}

#[test]
fn after_a_hammer_the_final_count_names_who_hammered() {
    let mut t = day_one("[rules]\nmajority = \"hammer\"\n");
    t.apply(&post_at(4, "Erin", "2026-03-02 12:20", &["##vote Bob"]));
    t.apply(&post_at(
        5,
        "GM",
        "2026-03-02 12:30",
        &["Bob has been lynched. He was a Townie."],
    ));
    let out = report::bbcode(&t.status());
    assert!(
        out.starts_with(
            "[b]Test — Final Vote Count 1.4[/b] (Day 1, as of post 4)\n\
             \n\
             [b]Bob (3, majority):[/b] Alice (#1), Carol (#2), Erin (#4)\n\
             [b]Alice (1, L-2):[/b] Dave (#3)\n\
             \n\
             [b]Not voting (1):[/b] Bob\n\
             \n\
             [b]Bob[/b] was hammered by Erin in post 4.\n"
        ),
        "{out}"
    );
    assert!(out.contains("[s]Bob[/s] — a Townie."), "{out}");
}

#[test]
fn an_unvote_changes_the_count_number_and_drops_the_link() {
    let mut t = day_one("");
    t.apply(&post_at(4, "Alice", "2026-03-02 12:30", &["##unvote"]));
    let out = report::bbcode(&t.status());
    assert!(
        out.starts_with("[b]Test — Vote Count 1.4[/b] (Day 1, as of post 4)\n"),
        "{out}"
    );
    assert!(out.contains("[b]Bob (1, L-2):[/b] Carol (#2)\n"), "{out}");
    assert!(
        out.contains("[b]Not voting (3):[/b] Alice, Bob, Erin\n"),
        "{out}"
    );
}

/// Under the hammer profile reaching majority ends the day at that post (config.rs:
/// "Reaching majority ends the day at that post"): the count right after it is already the
/// final one, and the deadline is the night's.
#[test]
fn right_after_the_hammer_the_final_count_says_who_hammered() {
    let mut t = day_one("[rules]\nmajority = \"hammer\"\n");
    t.apply(&post_at(4, "Erin", "2026-03-02 12:20", &["##vote Bob"]));
    let out = report::bbcode(&t.status());
    assert_eq!(
        out,
        "[b]Test — Final Vote Count 1.4[/b] (Day 1, as of post 4)\n\
         \n\
         [b]Bob (3, majority):[/b] Alice (#1), Carol (#2), Erin (#4)\n\
         [b]Alice (1, L-2):[/b] Dave (#3)\n\
         \n\
         [b]Not voting (1):[/b] Bob\n\
         \n\
         [b]Bob[/b] was hammered by Erin in post 4.\n\
         Deadline (Night 1): [b]Wed 2026-03-04 18:00 UTC[/b]\n"
    );
}
