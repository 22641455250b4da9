//! How mafiascum hosts and co-hosts tell phases and deaths, on posts written as mafiascum.net
//! renders them (phpBB: colour and bold as `<div style="display:inline;…">`, a quote as
//! `<blockquote><div><cite>… wrote:</cite>…</div></blockquote>`; the fixtures README and the
//! thread posts cited below), replayed through the tracker: a death naming its phase belongs
//! to it and says that phase has come, a lynch is its day's death, and phases the GM skips
//! go on the review list with the correction that pins them.

mod support;

use mafia_posts::Post;
use mafia_tracker::Tracker;
use mafia_tracker::phase::Phase;
use mafia_tracker::review::ReviewKind;
use support::*;
use support::{
    dead_in_phases as dead, mafiascum_bold as bold, mafiascum_post_at as numbered_as_is,
    mafiascum_quote as quote, mafiascum_vote_tag as vote,
};

const FIVE: &[&str] = &["Alice", "Bob", "Carol", "Dave", "Erin"];

/// A post as the forum renders it, normalised, made on 2026-03-02 (Day 1 of the test game
/// ends 2026-03-03 18:00) unless `at` says otherwise; numbered from 10 on, so that no test
/// post is the thread's opening post (`numbered_as_is` keeps the number given: for the
/// thread's opening and reserved posts, 0 to 3).
fn html_at(number: u64, author: &str, at: &str, body: &str) -> Post {
    numbered_as_is(number + 10, author, at, body)
}

fn html(number: u64, author: &str, body: &str) -> Post {
    mafiascum_post(number, author, number, body)
}

/// A role in colour, as hosts write it (29844 post 1502:
/// `<div style="display:inline;color:#FF0000">Mafia Goon</div>`).
fn role(text: &str) -> String {
    format!("<div style=\"display:inline;color:#FF0000\">{text}</div>")
}

fn review(t: &Tracker, kind: ReviewKind) -> Vec<(String, Option<String>)> {
    t.review()
        .iter()
        .filter(|r| r.kind == kind)
        .map(|r| (r.message.clone(), r.fix.clone()))
        .collect()
}

#[test]
fn a_co_host_who_names_the_phase_of_each_death_moves_the_game_on() {
    // 29844 posts 1502-1503: no "It is now …" post at all, only
    // "<b>Zaicon, <red>Mafia Goon</red>, has been lynched Day 1.</b>" and, the next morning,
    // "<b>Robbnva, <green>Vanilla Town</green>, killed Night 1.</b>".
    let mut t = tracker(FIVE, "");
    let lynch = bold(&format!(
        "Bob, {}, has been lynched Day 1.",
        role("Mafia Goon")
    ));
    t.apply(&html(1, "GM", &lynch));
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1))]);
    // The lynch ended Day 1.
    assert_eq!(t.phase(), Phase::night(1));
    let kill = bold(&format!("Carol, {}, killed Night 1.", role("Vanilla Town")));
    t.apply(&html(2, "GM", &kill));
    assert_eq!(
        dead(&t),
        [
            ("Bob".to_string(), Phase::day(1)),
            ("Carol".to_string(), Phase::night(1))
        ]
    );
    // Night 1's kill is told when Night 1 is over: Day 2 has begun.
    assert_eq!(t.phase(), Phase::day(2));
    assert!(review(&t, ReviewKind::PhaseMismatch).is_empty());
}

#[test]
fn a_lynch_written_as_a_list_entry_names_its_day_in_words() {
    // "Starbuckles - Vanilla Townie - Lynched Day One" (23262 post 398).
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        &bold("Bob - Vanilla Townie - Lynched Day One"),
    ));
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1))]);
    assert_eq!(t.phase(), Phase::night(1));
}

#[test]
fn hanged_and_found_dead_are_deaths() {
    for line in ["Bob has been hanged.", "Bob was found dead in the morning."] {
        let mut t = tracker(FIVE, "");
        t.apply(&html(1, "GM", line));
        assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1))], "{line}");
    }
}

#[test]
fn a_vote_counts_forecast_is_no_death() {
    // Vote counts say who would die: "Currently, GlowingBear is set to be lynched. Day 1 ends
    // in …" (TeamLiquid, Student Mafia V); "X will be lynched at deadline" (17289 post 316).
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        "Bob is set to be lynched Day 1 if nothing changes.",
    ));
    assert!(dead(&t).is_empty());
    assert_eq!(t.phase(), Phase::day(1));
}

#[test]
fn a_death_line_inside_a_quote_does_nothing() {
    let mut t = tracker(FIVE, "");
    let quoted = quote("GM", &bold("Carol, Vanilla Town, killed Night 1."));
    t.apply(&html(1, "GM", &format!("{quoted}Yes, that was the flip.")));
    assert!(dead(&t).is_empty());
    assert_eq!(t.phase(), Phase::day(1));
}

#[test]
fn a_lynch_announced_after_the_deadline_is_the_days_death() {
    // Day 1 ends 2026-03-03 18:00; the host posts the lynch at 18:20, in Night 1 (the
    // demo game's Bob, issue 11 point 8).
    let mut t = tracker(FIVE, "");
    t.apply(&html_at(
        1,
        "GM",
        "2026-03-03 18:20",
        "Bob has been lynched. He was a Goon.",
    ));
    assert_eq!(t.phase(), Phase::night(1));
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1))]);
    // A night kill told during the night stays the night's.
    t.apply(&html_at(
        2,
        "GM",
        "2026-03-03 19:00",
        "Carol has been killed.",
    ));
    assert_eq!(dead(&t)[1], ("Carol".to_string(), Phase::night(1)));
}

#[test]
fn a_death_of_a_later_phase_skips_phases_with_a_review_item_and_its_correction() {
    // "mastin2 was killed Night 3. He was a Town Bodyguard." while the tracker had not seen
    // Day 2 begin (17289 post 734, read during Night 1).
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", "It is now Night 1."));
    t.apply(&html(
        2,
        "GM",
        "Dave was killed Night 3. He was a Town Bodyguard.",
    ));
    assert_eq!(dead(&t), [("Dave".to_string(), Phase::night(3))]);
    assert_eq!(t.phase(), Phase::day(4));
    let items = review(&t, ReviewKind::PhaseMismatch);
    assert_eq!(items.len(), 1);
    let (message, fix) = &items[0];
    assert!(
        message.contains("Day 2, Night 2, Day 3 and Night 3"),
        "{message}"
    );
    let fix = fix.as_deref().expect("a correction");
    assert!(
        fix.starts_with("[[corrections]]\nat = 11\nphase = \"Day 4\"\n"),
        "{fix}"
    );
}

/// The phase after each GM post of `lines`, one post each, from Day 1.
fn phases_after(lines: &[&str]) -> Vec<Phase> {
    let mut t = tracker(FIVE, "");
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            t.apply(&html(i as u64 + 1, "GM", line));
            t.phase()
        })
        .collect()
}

#[test]
fn an_end_and_a_start_in_one_sentence() {
    // "Night 1 is over, Day 2 starts" (17289 post 317, read during Night 1).
    assert_eq!(
        phases_after(&["It's now Night 1.", &bold("Night 1 is over, Day 2 starts")]),
        [Phase::night(1), Phase::day(2)]
    );
    // "It is now Night 4, Day 5 begins in (expired on …)" (29423 post 2127): a deadline,
    // not Day 5.
    assert_eq!(
        phases_after(&[
            "It is now Night 1, Day 2 begins in <span class=\"countdown\">(expired on 2013-08-09 23:59:59)</span>"
        ]),
        [Phase::night(1)]
    );
    // "It is now Night 5. Day 6 starts in (expired on …)" (29423 post 2170, the day's last
    // count above it; "It is now D6." is post 2171): the next day's start to come, in a
    // sentence of its own.
    assert_eq!(
        phases_after(&[
            "It is now Night 1. Day 2 starts in <span class=\"countdown\">(expired on 2013-08-13 23:59:59)</span>. (DL can be extended back to 72 hours upon request.)",
            "It is now Day 2.",
        ]),
        [Phase::night(1), Phase::day(2)]
    );
    // "It is now D6." (29423 post 2171, below the night's death), the day abbreviated.
    assert_eq!(
        phases_after(&[
            "It's now Night 1.",
            "Carol has been killed N1 (gasp!).<br>\nIt is now D2."
        ]),
        [Phase::night(1), Phase::day(2)]
    );
    // "Day 3 dawns with 9 alive, 5 to lynch." (33249 post 1922, below the night's death).
    assert_eq!(
        phases_after(&[
            "It's now Night 1.",
            "Carol, Town Roleblocker, was killed Night 1.<br>\n<br>\nDay 2 dawns with 4 alive, 3 to lynch. The deadline is set 12 days from now."
        ]),
        [Phase::night(1), Phase::day(2)]
    );
    // "And with that, Night 1 begins." (58899 post 515).
    assert_eq!(
        phases_after(&["And with that, Night 1 begins.  All actions to be submitted by …"]),
        [Phase::night(1)]
    );
}

#[test]
fn a_phase_that_is_over_begins_the_next() {
    // "Day 2 has ended." (58383 post 354), "Night Two has come to a close." (66752 post 452).
    assert_eq!(
        phases_after(&[
            "Day 1 has ended.",
            "Night One has come to a close. Two bodies were found."
        ]),
        [Phase::night(1), Phase::day(2)]
    );
    // A deadline is no end: "Day 1 ends in 3 days".
    assert_eq!(phases_after(&["Day 1 ends in 3 days."]), [Phase::day(1)]);
}

#[test]
fn one_word_phases_d1_and_n1() {
    // 64916 post 870: "D1 has ended. … N1 begins now."; post 871: "N1 has ended. … D2 begins
    // now."
    assert_eq!(
        phases_after(&[
            "D1 has ended.<br>Bob (Mafia Neapolitan)<br>was lynched.<br>N1 begins now.",
            "N1 has ended.<br>Carol (Town JOAT)<br>was found dead.<br>D2 begins now."
        ]),
        [Phase::night(1), Phase::day(2)]
    );
}

#[test]
fn a_phase_without_a_number_is_the_next_of_its_kind() {
    // "It is now night.  Please submit your actions to me via PM." (18365 post 821), "Night
    // has begun!" (18365 post 595), "Night starts now." (17864 post 1140), "Night is over."
    // (16769 post 316).
    assert_eq!(
        phases_after(&[
            "It is now night.  Please submit your actions to me via PM.",
            "Night is over. You all wake up and find a single body.",
            "Night has begun!",
            "It is now night.",
            &bold("Night starts now."),
        ]),
        [
            Phase::night(1),
            Phase::day(2),
            Phase::night(2),
            Phase::night(2),
            Phase::night(2)
        ]
    );
    // Story text is no announcement: "it is night and the wolves howl" has no "now".
    assert_eq!(
        phases_after(&["In the village it is night and the wolves howl."]),
        [Phase::day(1)]
    );
}

#[test]
fn an_announcement_that_skips_phases_is_followed_and_reviewed() {
    // "It's now Day 4" (17289 post 734, read during Night 1).
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", "It's now Night 1."));
    t.apply(&html(2, "GM", "It's now Day 4"));
    assert_eq!(t.phase(), Phase::day(4));
    let items = review(&t, ReviewKind::PhaseMismatch);
    assert_eq!(items.len(), 1);
    assert!(
        items[0].0.contains("Day 2, Night 2, Day 3 and Night 3"),
        "{}",
        items[0].0
    );
    assert!(
        items[0]
            .1
            .as_deref()
            .is_some_and(|fix| fix.contains("at = 11\nphase = \"Day 4\"")),
        "{:?}",
        items[0].1
    );
}

#[test]
fn an_announcement_inside_a_quote_does_nothing() {
    let quoted = quote("GM", &bold("Night 1 is over, Day 2 starts"));
    assert_eq!(
        phases_after(&[
            "It is now Night 1.",
            &format!("{}{}", quote("GM", "It is now night."), "thanks"),
            &format!("{quoted}I wrote that too early, sorry."),
        ]),
        [Phase::night(1), Phase::night(1), Phase::night(1)]
    );
}

#[test]
fn the_end_of_the_game_names_the_winner() {
    // "Mafia Wins! Congratulations to AGar, pappums rat and mozamis!" (16769 post 491), "GAME
    // OVER: MAFIA WIN!" (21622 post 1442), "The Town Wins!" (18910 post 946), "mafia victory!"
    // (17830 post 706).
    for (line, side) in [
        ("Mafia Wins! Congratulations to Alice and Bob!", "Mafia"),
        ("GAME OVER: MAFIA WIN!", "Mafia"),
        ("The Town Wins!", "Town"),
        ("mafia victory!", "Mafia"),
        ("The game is over. The Mafia has won.", "Mafia"),
    ] {
        let mut t = tracker(FIVE, "");
        t.apply(&html(1, "GM", &bold(line)));
        let s = t.status();
        assert!(s.game_over, "{line}");
        assert_eq!(s.winner.as_deref(), Some(side), "{line}");
        assert!(
            mafia_tracker::report::text(&s).contains(&format!("The game is over: {side} won.")),
            "{line}"
        );
        let json = mafia_tracker::report::json(&s).expect("json");
        assert!(json.contains(&format!("\"winner\": \"{side}\"")), "{line}");
    }
}

#[test]
fn a_winner_in_rules_text_or_a_quote_is_no_end() {
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        "Remember: town wins when all the mafia are dead.",
    ));
    t.apply(&html(2, "GM", &quote("Alice", "Town wins!")));
    t.apply(&html(3, "GM", "Scum win this one if you are not careful."));
    let s = t.status();
    assert!(!s.game_over);
    assert_eq!(s.winner, None);
}

#[test]
fn a_line_that_looks_like_a_death_but_is_not_read_is_reviewed_with_its_correction() {
    // "Prolapsed Brain, Vanilla Townie, hung." (21622 post 534: "hung" alone is not a death
    // word, "hung out" being common).
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        &format!("Bob, {}, hung.", bold("Vanilla Townie")),
    ));
    assert!(dead(&t).is_empty());
    let items = review(&t, ReviewKind::UnreadLine);
    assert_eq!(items.len(), 1, "{items:?}");
    assert!(
        items[0].0.contains("looks like Bob's death"),
        "{}",
        items[0].0
    );
    assert_eq!(
        items[0].1.as_deref(),
        Some("[[corrections]]\nat = 10\ndies = \"Bob\"\n")
    );
    // The same line in a quote is no GM line; a dead player's line is no news.
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", &quote("GM", "Bob, Vanilla Townie, hung.")));
    t.apply(&html(2, "GM", "Carol has been lynched."));
    t.apply(&html(
        3,
        "GM",
        "Carol, the one we lynched, hung around too long.",
    ));
    assert!(review(&t, ReviewKind::UnreadLine).is_empty());
}

#[test]
fn a_lone_phase_heading_without_bold_is_read_and_a_recap_is_not() {
    // "~~Day 2~~"-style headings in plain text. This test held them unread (recaps list
    // phases the same way) and reviewed; a post's only phase line is now read whatever its
    // style (63842 post 1039: "Night 4 <br>Please have you night action to me…"; +4 lynches
    // over the corpus, none lost), and several phase lines in one post are a recap.
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", "~~Day 2~~<br>The town wakes up."));
    assert_eq!(t.phase(), Phase::day(2));
    // A recap lists several phases: nothing new, nothing to review.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        2,
        "GM",
        "Day 1<br>Bob lynched<br>Day 2<br>Carol lynched",
    ));
    assert_eq!(t.phase(), Phase::day(1));
}

#[test]
fn night_killed_in_two_words_is_a_death() {
    // "CryMeARiver, Vanilla Townie, has been night killed." (21622 post 535).
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", "It is now Night 1."));
    t.apply(&html(
        2,
        "GM",
        &bold("Bob, Vanilla Townie, has been night killed."),
    ));
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::night(1))]);
}

#[test]
fn one_word_phases_in_death_lines() {
    // "Thomith Mafia goon - Lynched D3" (17792 post 1093), "C-Worl, Vanilla Townie, shot to
    // death on Night 1." (17401 post 257).
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", &bold("Bob Mafia goon - Lynched D1")));
    t.apply(&html(
        2,
        "GM",
        "Carol, Vanilla Townie, shot to death on Night 1.",
    ));
    assert_eq!(
        dead(&t),
        [
            ("Bob".to_string(), Phase::day(1)),
            ("Carol".to_string(), Phase::night(1))
        ]
    );
    assert_eq!(t.phase(), Phase::day(2));
}

#[test]
fn an_unread_death_told_by_a_short_name_names_that_player() {
    // 23438 post 1142: "I made a mod error! I apologize everyone.<br>\n<br>\nTrollie was
    // killed last night and he was a Vanilla Townie. I greatly apologize for the error. This
    // is in ADDITION to the AngryPidgeon death." The dead is TheTrollie, not AngryPidgeon.
    let players = &["Alice", "TheTrollie", "AngryPidgeon", "Dave", "Erin"];
    let mut t = tracker(players, "");
    t.apply(&html(
        1,
        "GM",
        "I made a mod error! I apologize everyone.<br>\n<br>\nTrollie was killed last night \
         and he was a Vanilla Townie. I greatly apologize for the error. This is in ADDITION \
         to the AngryPidgeon death.",
    ));
    let items = review(&t, ReviewKind::UnreadLine);
    assert_eq!(items.len(), 1, "{items:?}");
    assert!(
        items[0].0.contains("looks like TheTrollie's death"),
        "{}",
        items[0].0
    );
    assert!(
        items[0]
            .1
            .as_deref()
            .is_some_and(|fix| fix.contains("dies = \"TheTrollie\"")),
        "{:?}",
        items[0].1
    );
    // A word that ends two names names neither: the first name on the line is kept.
    let mut t = tracker(&["Alice", "TheTrollie", "MiniTrollie", "Dave"], "");
    t.apply(&html(1, "GM", "Trollie was killed last night, said Dave."));
    let items = review(&t, ReviewKind::UnreadLine);
    assert!(
        items.iter().all(|i| !i.0.contains("Trollie's death")),
        "{items:?}"
    );
}

#[test]
fn an_unread_death_told_by_a_short_name_is_noted_with_its_own_line_number() {
    // 23438 post 1142's death line ("Trollie was killed last night and he was a Vanilla
    // Townie.", TheTrollie told by the end of the name), as the fourth paragraph of a host's
    // post. Mafiascum parts paragraphs with `<br>\n<br>\n`, and a blank line is no line of
    // the post: the lines are 0 "I made a mod error! …", 1 "The night's results …", 2
    // "Here is what happened:", 3 "Trollie was killed …". The unread line is line 3 (not
    // TheTrollie's place in the list of names, which the line number once was).
    use mafia_tracker::commands::{Dialect, LooksLike, Names, recognise};
    let players = names(&["Alice", "TheTrollie", "AngryPidgeon", "Dave", "Erin"]);
    let mut users = players.clone();
    users.push("GM".to_string());
    let names = Names {
        players: &players,
        users: &users,
    };
    let text = "I made a mod error! I apologize everyone.<br>\n<br>\nThe night's results went \
                out wrong.<br>\n<br>\nHere is what happened:<br>\n<br>\nTrollie was killed \
                last night and he was a Vanilla Townie.";
    let post = html(1, "GM", text);
    let found = recognise(&post.body, names, Dialect::Current);
    assert!(
        found.commands.is_empty() && found.problems.is_empty(),
        "{found:?}"
    );
    assert_eq!(found.unread.len(), 1, "{found:?}");
    assert_eq!(found.unread[0].line, 3);
    assert_eq!(
        found.unread[0].raw,
        "Trollie was killed last night and he was a Vanilla Townie."
    );
    assert_eq!(
        found.unread[0].looks_like,
        LooksLike::Death {
            player: "TheTrollie".to_string()
        }
    );
    // Quoted, the lines are no lines of the host's.
    let quoted = html(2, "GM", &quote("Host", text));
    assert!(
        recognise(&quoted.body, names, Dialect::Current)
            .unread
            .is_empty()
    );
}

#[test]
fn dies_before_a_phase_is_a_death() {
    // 23438 post 1139: "Night Two Results:<br>\n<br>\nAngryPidgeon dies Night 2. He was a
    // 1-Shot Hider.<br>\n<br>\nIt is now Day 3." (the opening post's list: "was killed Night 2").
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", "It is now Night 1."));
    t.apply(&html(
        2,
        "GM",
        "Night One Results:<br>\n<br>\nCarol dies Night 1. She was a 1-Shot Hider.<br>\n<br>\nIt is now Day 2.",
    ));
    assert_eq!(dead(&t), [("Carol".to_string(), Phase::night(1))]);
    assert_eq!(t.phase(), Phase::day(2));
    // A player's guess is no death.
    t.apply(&html(3, "Bob", "If Dave dies Night 2 we know he was town."));
    assert_eq!(dead(&t).len(), 1);
    // Nor a line without a phase after the word.
    t.apply(&html(4, "GM", "Whoever hammers dies."));
    assert_eq!(dead(&t).len(), 1);
}

#[test]
fn a_second_lynch_told_in_one_night_is_the_next_days() {
    // 66752: the host posts "X has been lynched" after each hammer and never "It is now Day
    // N"; the tracker, in Night 1 since the first hammer, hears a second lynch.
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", "It is now Night 1."));
    t.apply(&html(2, "GM", "Bob has been lynched. He was a Mafia Goon."));
    t.apply(&html(
        3,
        "GM",
        "Carol has been lynched. She was a Mafia Goon.",
    ));
    assert_eq!(
        dead(&t),
        [
            ("Bob".to_string(), Phase::day(1)),
            ("Carol".to_string(), Phase::day(2))
        ]
    );
    assert_eq!(t.phase(), Phase::night(2));
    let items = review(&t, ReviewKind::PhaseMismatch);
    assert_eq!(items.len(), 1, "{items:?}");
    assert!(items[0].0.contains("no start of Day 2"), "{}", items[0].0);
}

#[test]
fn the_hosts_reserved_posts_list_the_dead_but_do_not_kill() {
    // 24200 post 1 (before any player's post, edited all game): "5. TheConman17 - Mafia
    // 1xBulletProof Goon, Lynched D1", "7. Huntress - Town Mason, Killed N1".
    let post = |number: u64, author: &str, body: &str| {
        numbered_as_is(number, author, "2026-03-02 12:00", body)
    };
    let mut t = tracker(FIVE, "");
    t.apply(&post(0, "GM", "Welcome to the game!"));
    t.apply(&post(
        1,
        "GM",
        "5. Bob - Mafia Goon, Lynched D1<br>7. Carol - Town Mason, Killed N1",
    ));
    assert!(dead(&t).is_empty());
    assert_eq!(t.phase(), Phase::day(1));
    // Once a player has posted, the host's posts are read as they come.
    t.apply(&post(2, "Alice", "Hello"));
    t.apply(&post(3, "GM", "Bob - Mafia Goon, Lynched D1"));
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1))]);
}

#[test]
fn a_post_that_is_only_a_phase_announces_it() {
    // 39665 post 736: the whole post is "Day 3!" (plain text); a recap's plain phase lines
    // among others announce nothing. (This test held a post's one plain "Day 2" line above
    // others as no heading; a post's only phase line is now one, see
    // `a_lone_phase_heading_without_bold_is_read_and_a_recap_is_not`.)
    assert_eq!(
        phases_after(&["It is now Night 1.", "Day 2!"]),
        [Phase::night(1), Phase::day(2)]
    );
    assert_eq!(
        phases_after(&["Day 2<br>Bob: Town<br>Night 2<br>Carol: Mafia"]),
        [Phase::day(1)]
    );
    assert_eq!(phases_after(&[&quote("GM", "Day 2!")]), [Phase::day(1)]);
}

#[test]
fn more_co_host_death_words() {
    // "Mirhawk, Vanilla Townie, has been unscrupulously murdered!" reads as "been murdered"
    // only without the adverb (51535 post 726, here without it); "7. Slandaar – Vanilla
    // Townie – got killed at Night1" (62339 post 2).
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", "It is now Night 1."));
    t.apply(&html(2, "GM", "Bob, Vanilla Townie, has been murdered!"));
    t.apply(&html(
        3,
        "GM",
        "Carol – Vanilla Townie – got killed at Night1",
    ));
    assert_eq!(
        dead(&t),
        [
            ("Bob".to_string(), Phase::night(1)),
            ("Carol".to_string(), Phase::night(1))
        ]
    );
}

#[test]
fn the_dead_list_says_which_deaths_were_lynches() {
    // "Espressojet, Mafia Goon, has been hanged Day 1." (58383 post 285).
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", "Bob, Mafia Goon, has been hanged Day 1."));
    t.apply(&html(2, "GM", "Carol, Vanilla Townie, killed Night 1."));
    let lynches: Vec<_> = t
        .status()
        .dead
        .iter()
        .map(|d| (d.name.clone(), d.lynch))
        .collect();
    assert_eq!(
        lynches,
        [("Bob".to_string(), true), ("Carol".to_string(), false)]
    );
}

#[test]
fn a_death_only_the_hosts_list_tells_is_applied_once_the_next_phase_is_over() {
    // 17940: Day 1's lynch is told only in flavour; post 2, the host's reserved post, lists
    // "malpascp - Vanilla Town Lynched Day 1" (edited later).
    let post = |number: u64, author: &str, body: &str| {
        numbered_as_is(number, author, "2026-03-02 12:00", body)
    };
    let mut t = tracker(FIVE, "");
    t.apply(&post(0, "GM", "Welcome to the game!"));
    t.apply(&post(
        2,
        "GM",
        "Dead:<br>Bob - Vanilla Town Lynched Day 1<br>Carol - Vanilla Town Shot Night 1",
    ));
    t.apply(&post(3, "Alice", "Hello"));
    // Carol's death is announced as it happens; Bob's never is.
    t.apply(&post(
        4,
        "GM",
        "The town hangs its first suspect. It is now Night 1.",
    ));
    assert!(dead(&t).is_empty());
    t.apply(&post(5, "GM", "Carol has been killed. It is now Day 2."));
    assert_eq!(
        dead(&t),
        [
            ("Bob".to_string(), Phase::day(1)),
            // Told before the day's start, in the post that ends the night.
            ("Carol".to_string(), Phase::night(1))
        ]
    );
    let items = review(&t, ReviewKind::UnreadLine);
    assert_eq!(items.len(), 1, "{items:?}");
    assert!(
        items[0].0.contains("host's list of the dead in post 2"),
        "{}",
        items[0].0
    );
    assert!(
        items[0]
            .1
            .as_deref()
            .is_some_and(|f| f.contains("dies = \"Bob\"")),
        "{:?}",
        items[0].1
    );
}

#[test]
fn a_deadline_or_a_vote_count_of_a_later_phase_says_it_has_begun() {
    // 70230 post 1746: "Night 2 ends in (expired on 2017-02-15 18:20:00)" after a lynch the
    // tracker did not see end Day 2; 18910 post 195: "First Votecount of Day 2".
    assert_eq!(
        phases_after(&[
            "It is now Night 1.",
            "First Votecount of Day 2<br>1. Alice (0):",
            "Night 2 ends in <span class=\"countdown\">(expired on 2017-02-15 18:20:00)</span>",
            // A count of a day that is over changes nothing.
            "Final Votecount of Day 1",
        ]),
        [
            Phase::night(1),
            Phase::day(2),
            Phase::night(2),
            Phase::night(2)
        ]
    );
    // "Day 1 ends in 3 days." during Day 1 restates it.
    assert_eq!(phases_after(&["Day 1 ends in 3 days."]), [Phase::day(1)]);
}

#[test]
fn a_flip_told_in_a_story_is_reviewed() {
    // 51535 post 526: the lynch is told in a story ("Up high upon the gallows, Lootifer
    // proclaimed …"), then "Lootifer was a Vanilla Townie". The tracker does not invent the
    // death; the host is asked.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        "Up high upon the gallows, Bob proclaimed his innocence.<br>*SNAP!*<br>Bob was a Vanilla Townie<br>.",
    ));
    assert!(dead(&t).is_empty());
    let items = review(&t, ReviewKind::UnreadLine);
    assert_eq!(items.len(), 1, "{items:?}");
    assert_eq!(
        items[0].1.as_deref(),
        Some("[[corrections]]\nat = 10\ndies = \"Bob\"\n")
    );
}

#[test]
fn a_vote_count_numbered_day_dot_count_names_its_day() {
    // mafiascum hosts number counts "Votecount 2.0", "Vote Count 3.11" (day 2, count 0; 50
    // of the corpus's games). 67506 post 1072: "Blackstar has died he was a VT / Votecount
    // 2.0" in the post that opens Day 2.
    assert_eq!(
        phases_after(&[
            "It is now Night 1.",
            &bold("Votecount 2.0"),
            // The last count of a day told after it ended changes nothing.
            "Vote Count 1.18",
            // Not numbered day.count: no day.
            "Vote count 3",
        ]),
        [Phase::night(1), Phase::day(2), Phase::day(2), Phase::day(2)]
    );
}

#[test]
fn a_death_restated_with_its_phase_in_the_same_post_takes_it() {
    // 63842 post 558, during Night 1: "Firebringer is found dead." then "Firebringer- vanilla
    // town - killed night 1": Night 1's kill, told when it was over.
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", "It is now Night 1."));
    t.apply(&html(
        2,
        "GM",
        "Rise and shine!<br>Bob is found dead.<br>Bob- vanilla town - killed night 1",
    ));
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::night(1))]);
    assert_eq!(t.phase(), Phase::day(2));
}

#[test]
fn a_schedule_of_deadlines_is_not_the_running_phase() {
    // A rules post with the deadlines of several days says nothing of the running one.
    assert_eq!(
        phases_after(&[
            "Day 1 ends on Friday.<br>Night 1 ends on Saturday.<br>Day 2 ends on Monday."
        ]),
        [Phase::day(1)]
    );
}

// --- a lynch taken from the hammer (state/hammer.rs) -----------------------------------

/// Five players in a hammer game (majority 3): Alice, Carol and Dave vote Bob; Dave's vote
/// (post 13) hammers and ends Day 1.
fn hammered_bob() -> Tracker {
    let mut t = tracker(FIVE, "[rules]\nmajority = \"hammer\"\n");
    t.apply(&html(1, "Alice", &vote("Bob")));
    t.apply(&html(2, "Carol", &vote("Bob")));
    t.apply(&html(3, "Dave", &vote("Bob")));
    assert_eq!(t.phase(), Phase::night(1));
    t
}

#[test]
fn a_lynch_told_only_in_a_story_after_the_hammer_is_the_hammered_player() {
    // 63235 post 461, after the hammer on Ciara24 in post 451: "TEST SUBJECT CIARA24 HAS BEEN
    // EUTHANISED / CIARA24 WAS A MAFIA ROLEBLOCKER / … PHASE 1B OF THE EXPERIMENT HAS BEGUN".
    let mut t = hammered_bob();
    t.apply(&html(
        4,
        "GM",
        "PHASE TERMINATION PROTOCOL HAS BEEN INITIATED<br><br>TEST SUBJECT BOB HAS BEEN \
         EUTHANISED<br>BOB WAS A MAFIA ROLEBLOCKER<br><br>PHASE 1B OF THE EXPERIMENT HAS BEGUN",
    ));
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1))]);
    let items = review(&t, ReviewKind::UnreadLine);
    assert_eq!(items.len(), 1, "{items:?}");
    let (message, fix) = &items[0];
    assert!(
        message.contains("taken from the hammer at post 13")
            && message.contains("post 14 told no death"),
        "{message}"
    );
    let fix = fix.as_deref().expect("a correction");
    assert!(
        fix.contains("at = 13") && fix.contains("dies = \"Bob\"") && fix.contains("Day 1"),
        "{fix}"
    );
}

#[test]
fn a_night_begun_after_the_hammer_without_a_death_lynches_the_hammered_player() {
    // 63716 post 1239 after the hammer on Skybird (post 1229): "After ten choruses of
    // "Singing in the Rain" toolenduso hung Skybird." and a night start.
    let mut t = hammered_bob();
    t.apply(&html(
        4,
        "GM",
        &format!(
            "After ten choruses the town hung their friend.<br><br>{}",
            bold("Night 1 has begun")
        ),
    ));
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1))]);
}

#[test]
fn a_lynch_the_host_tells_wins_over_the_hammer() {
    let mut t = hammered_bob();
    t.apply(&html(
        4,
        "GM",
        &bold("Carol, Vanilla Townie, has been lynched!"),
    ));
    assert_eq!(dead(&t), [("Carol".to_string(), Phase::day(1))]);
    assert!(review(&t, ReviewKind::UnreadLine).is_empty());
}

#[test]
fn no_lynch_told_after_the_hammer_kills_nobody() {
    // 16214 post 604, after the tracker's hammer on Substrike22 (post 599): "There has been
    // No Lynch. It is now Night 3."
    let mut t = hammered_bob();
    t.apply(&html(
        4,
        "GM",
        "There has been No Lynch. It is now Night 1. The deadline for all night actions is in \
         96 hours.",
    ));
    assert!(dead(&t).is_empty());
}

#[test]
fn a_hammer_after_the_deadline_with_no_lynch_today_kills_nobody() {
    // 24640 post 1261, after a hammering vote the host did not count (post 1257): "Discussion
    // in twilight is permitted, but no votes will be counted. There will be no lynch today.
    // Night 3 begins now and lasts for 48 hours".
    let mut t = hammered_bob();
    t.apply(&html(
        4,
        "GM",
        "Discussion in twilight is permitted, but no votes will be counted. There will be no \
         lynch today. Night 1 begins now and lasts for 48 hours.",
    ));
    assert!(dead(&t).is_empty());
}

#[test]
fn a_vote_count_of_the_hammered_day_waits_for_the_hosts_word() {
    // 70912: a vote the tracker read as the hammer (post 188), then the host's "Votecount
    // 1.3" (post 509): the day went on, and the host told another lynch (post 1483).
    let mut t = hammered_bob();
    t.apply(&html(
        4,
        "GM",
        "Votecount 1.3<br><br>Bob: Alice, Carol<br>Erin: Dave",
    ));
    assert!(dead(&t).is_empty());
    t.apply(&html(
        5,
        "GM",
        &bold("Erin, Vanilla Townie, has been lynched!"),
    ));
    t.apply(&html(6, "GM", &bold("Night 1 has begun")));
    assert_eq!(dead(&t), [("Erin".to_string(), Phase::day(1))]);
}

#[test]
fn the_final_vote_count_and_the_story_lynch_the_hammered_player() {
    // 68345 post 1071, "Vote Count 1.12 … eagerSnake: House, Huntress, … (Hammered!)", then
    // post 1072, a story ending "eagerSnake was a Mafia Goon."
    let mut t = hammered_bob();
    t.apply(&html(
        4,
        "GM",
        &format!(
            "{}<br>Bob: Alice, Carol, Dave {}",
            bold("Vote Count 1.12"),
            bold("(Hammered!)")
        ),
    ));
    assert!(dead(&t).is_empty());
    t.apply(&html(
        5,
        "GM",
        "They stepped up and hurled a snake onto the podium.<br>Bob was a Mafia Goon.",
    ));
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1))]);
}

#[test]
fn a_quoted_flip_after_the_hammer_is_not_the_hosts_word() {
    let mut t = hammered_bob();
    t.apply(&html(
        4,
        "GM",
        &format!(
            "{}Patience, the flip comes soon.",
            quote("Erin", "Bob was a Mafia Goon. It is now Night 1.")
        ),
    ));
    assert!(dead(&t).is_empty());
}

// --- a lynch told by a flip in the post that ends the day (state/hammer.rs) ------------

#[test]
fn a_flip_in_the_post_that_ends_the_day_is_its_lynch() {
    // 63716 post 665: "… and with that, grayfoxxxx was fired. But they had been wrong. /
    // grayfoxxxx was a Town Follower / Night one begins now, and will end in …" (no hammer
    // the tracker saw: Day 1's count stood at 5 of 7).
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        "Everyone ganged up on bob, who was cornered. \"Nope.\" Carol said, and with that, bob \
         was fired. But they had been wrong.<br><br>bob was a Town Follower<br><br>Night one \
         begins now, and will end in 48 hours",
    ));
    assert_eq!(t.phase(), Phase::night(1));
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1))]);
    let items = review(&t, ReviewKind::UnreadLine);
    assert_eq!(items.len(), 1, "{items:?}");
    assert!(items[0].0.contains("taken from the flip"), "{}", items[0].0);
    assert!(
        items[0]
            .1
            .as_deref()
            .is_some_and(|f| f.contains("dies = \"Bob\"")),
        "{:?}",
        items[0].1
    );
}

#[test]
fn two_flips_in_the_post_that_ends_the_day_are_no_lynch_the_tracker_can_tell() {
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        "Bob was a Town Follower<br>Carol was a Mafia Goon<br>Night one begins now",
    ));
    assert_eq!(t.phase(), Phase::night(1));
    assert!(dead(&t).is_empty());
    assert_eq!(review(&t, ReviewKind::UnreadLine).len(), 2);
}

#[test]
fn a_flip_in_the_post_that_opens_the_day_is_no_lynch() {
    // 63716 post 666, the morning after: "Trivium was a Town 2-Shot Cop" with Day 2's start:
    // a night kill told in a story: Night 1's death, no lynch, with an UnreadLine item and
    // its correction (before branch s5-lynch it was left to the host alone, and the living
    // count stayed wrong: 63716's Day 6 majority was 5 with 3 alive).
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", &bold("Night 1 has begun")));
    t.apply(&html(
        2,
        "GM",
        &format!("Carol was a Town 2-Shot Cop<br>{}", bold("Day 2 has begun")),
    ));
    assert_eq!(t.phase(), Phase::day(2));
    assert_eq!(dead(&t), [("Carol".to_string(), Phase::night(1))]);
    assert!(t.status().dead.iter().all(|d| !d.lynch));
    let items = review(&t, ReviewKind::UnreadLine);
    assert_eq!(items.len(), 1, "{items:?}");
    assert!(
        items[0]
            .1
            .as_deref()
            .is_some_and(|f| f.contains("at = 11\ndies = \"Carol\"")),
        "{items:?}"
    );
}

#[test]
fn a_quoted_flip_in_the_post_that_ends_the_day_is_no_lynch() {
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        &format!(
            "{}Night one begins now",
            quote("Erin", "Bob was a Town Follower")
        ),
    ));
    assert_eq!(t.phase(), Phase::night(1));
    assert!(dead(&t).is_empty());
}

// --- a lynch marked in the host's vote count (commands/marks.rs) ------------------------

#[test]
fn a_wagon_marked_lynched_in_the_hosts_count_is_the_days_lynch() {
    // 71483 post 2215: "Creature [LYNCHED] : Grey, Kidamn, WhyMafia, LaLight, Creature".
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        &format!(
            "{}<br>Bob [LYNCHED] : Alice, Carol, Dave<br>Erin (1): Bob",
            bold("Vote Count 1.9")
        ),
    ));
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1))]);
    assert_eq!(t.phase(), Phase::night(1));
}

#[test]
fn a_bold_lynch_mark_after_the_name_is_the_days_lynch() {
    // 63250: `<b>BananaCucho (LYNCH):</b> Guyett, Kyubey The Kid, …`.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        &format!(
            "{} Alice, Carol, Dave<br>Erin (1): Bob",
            bold("Bob (LYNCH):")
        ),
    ));
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1))]);
}

#[test]
fn no_lynch_marked_and_other_wagon_marks_are_no_death() {
    // 22083: "No Lynch (Lynch) | 5 votes: …"; "(L-1)" is a wagon's distance from majority.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        "No Lynch (Lynch) | 3 votes: Alice, Carol, Dave<br>Bob (L-1): Erin<br>Carol (lynched \
         next?): Bob",
    ));
    assert!(dead(&t).is_empty());
}

#[test]
fn a_quoted_count_with_a_lynch_mark_is_no_death() {
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        &format!(
            "{}That count was wrong.",
            quote("GM", "Bob [LYNCHED] : Alice, Carol, Dave")
        ),
    ));
    assert!(dead(&t).is_empty());
}

// --- the announcement frame with a theme's verb (commands/marks.rs) ---------------------

#[test]
fn the_announcement_frame_with_a_themes_verb_is_a_death_in_its_phase() {
    // 17830 post 166: "Beck, One shot vigilante, was Exposed day 1." and the night's start.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        &format!(
            "Bob, {}, was Exposed day 1.<br><br>{}",
            role("One shot vigilante"),
            bold("Night 1 has begun")
        ),
    ));
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1))]);
    assert_eq!(t.phase(), Phase::night(1));
}

#[test]
fn the_frame_inside_a_sentence_or_a_quote_is_no_death() {
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        &format!(
            "Bob, my old friend, was seen on Night 2 near the lake.<br>{}",
            quote("Erin", "Carol, Vanilla Townie, was Exposed day 1.")
        ),
    ));
    assert!(dead(&t).is_empty());
}

// --- "PLAYER is lynched." as a sentence of its own (commands/marks.rs) ------------------

#[test]
fn a_sentence_that_says_a_player_is_lynched_is_a_lynch() {
    // 17378 post 334: "Nobody listens, and SleepyKrew is lynched. He was the Doctor".
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        "The town argued all day.<br>Nobody listens, and Bob is lynched. He was the Doctor",
    ));
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1))]);
    assert_eq!(t.phase(), Phase::night(1));
}

#[test]
fn a_condition_that_someone_is_lynched_is_no_death() {
    // Rules text: "If Bob is lynched, …"; "Alice and Bob is lynched" names no one alone.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        "If Bob is lynched, the mafia wins.<br>Whoever is lynched.<br>Alice and Carol is \
         lynched.",
    ));
    assert!(dead(&t).is_empty());
    t.apply(&html(
        2,
        "GM",
        &quote("Erin", "Nobody listens, and Bob is lynched."),
    ));
    assert!(dead(&t).is_empty());
}

#[test]
fn a_lynch_restated_with_a_night_in_the_end_post_stays_the_days() {
    // 66752 post 1020: "Nahdia is lynched. She was a serial killer. / Game is over. Town
    // completes a perfect victory. / … nahdia was 1 shot bp and ate a shot n1."
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        "Bob is lynched. He was a serial killer.<br><br>Game is over. Town completes a perfect \
         victory.<br><br>bob was 1 shot bp and ate a shot n1.",
    ));
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1))]);
}

// --- an account's underscores written as spaces (commands/text.rs) ---------------------

#[test]
fn a_host_who_writes_an_accounts_underscores_as_spaces_names_it() {
    // 65380 post 1311: "Not Mafia, Town Citizen, has been Lynched Day 05!" for Not_Mafia.
    let players = &["Alice", "Not_Mafia", "Carol", "Dave", "Erin"];
    let mut t = tracker(players, "");
    t.apply(&html(
        1,
        "GM",
        &quote("Erin", "Not Mafia, Town Citizen, has been Lynched Day 01!"),
    ));
    assert!(dead(&t).is_empty());
    t.apply(&html(
        2,
        "GM",
        &bold("Not Mafia, Town Citizen, has been Lynched Day 01!"),
    ));
    assert_eq!(dead(&t), [("Not_Mafia".to_string(), Phase::day(1))]);
}

// --- the end of the game (commands.rs `named_winners`, state/hammer.rs) ----------------

#[test]
fn a_side_that_names_its_members_before_it_has_won_ends_the_game() {
    // 68345 post 2229: "The Mafia, consisting of gerryoat, Manuel87, and eagerSnake, has won
    // the game!"; 71483 post 2597: "The mafia team of LaLight, Creature, and Kidamn have won!"
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        "The Mafia, consisting of Alice, Bob, and Carol, has won the game!",
    ));
    let status = t.status();
    assert!(status.game_over);
    assert_eq!(status.winner.as_deref(), Some("Mafia"));
}

#[test]
fn a_side_with_a_condition_before_it_wins_is_rules_text() {
    // Rules text in an opening-post style: the side, a condition, the win words.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        "The Town, if it lynches every member of the mafia, wins.<br>\
         The Mafia, consisting of three goons, wins when it outnumbers the town.",
    ));
    assert!(!t.status().game_over);
    // Quoted, the end of the game is no end.
    t.apply(&html(
        2,
        "GM",
        &quote(
            "Erin",
            "The Mafia, consisting of Alice and Bob, has won the game!",
        ),
    ));
    assert!(!t.status().game_over);
}

#[test]
fn a_lone_flip_in_the_post_that_ends_the_game_in_a_day_is_the_days_lynch() {
    // 68345 post 2229, Day 4: the lynch told in a story, then "malpascp was a Vanilla
    // Townie." and "The Mafia, consisting of gerryoat, Manuel87, and eagerSnake, has won the
    // game!"
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        "A villager was gently nudged forward, and tossed into the sky.<br><br>Erin was a \
         Vanilla Townie.<br><br>The Mafia, consisting of Alice and Bob, has won the game!",
    ));
    assert_eq!(dead(&t), [("Erin".to_string(), Phase::day(1))]);
    let items = review(&t, ReviewKind::UnreadLine);
    assert!(
        items.iter().any(|(_, fix)| fix
            .as_deref()
            .is_some_and(|f| f.contains("dies = \"Erin\""))),
        "{items:?}"
    );
}

#[test]
fn an_end_post_that_flips_every_role_is_no_lynch() {
    // 63842 post 1122 and others: the end post lists every slot's role; no one flip can be
    // picked.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        "Dave was a Vanilla Townie.<br>Erin was a Vanilla Townie.<br>The Mafia, consisting of \
         Alice and Bob, has won the game!",
    ));
    assert!(t.status().game_over);
    assert!(dead(&t).is_empty());
}

// --- a phase line in any style (commands/phases.rs) ------------------------------------

#[test]
fn a_phase_alone_on_its_line_in_colour_or_size_or_plain_is_a_heading() {
    // mafiascum renders `[color=#0000FF]Night 1[/color]` and `[size=150]Day 2[/size]` as
    // inline divs (fixtures README); 63842 post 1039 writes "Night 4 " unstyled.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        "Bob, Vanilla Townie, was lynched Day 1.<br><br>\
         <div style=\"display:inline;color:#0000FF\">Night 1</div><br>Send your actions.",
    ));
    assert_eq!(t.phase(), Phase::night(1));
    t.apply(&html(
        2,
        "GM",
        "<div style=\"display:inline;font-size:150%;line-height:116%\">Day 2</div><br>\
         Nobody died.",
    ));
    assert_eq!(t.phase(), Phase::day(2));
    t.apply(&html(
        3,
        "GM",
        "Night 2 <br>Please send your actions in 48 hours",
    ));
    assert_eq!(t.phase(), Phase::night(2));
}

#[test]
fn a_quoted_phase_line_or_a_count_heading_is_no_heading() {
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", &quote("Erin", "Night 1")));
    assert_eq!(t.phase(), Phase::day(1));
    // "Day 1 vote count" is a count of the running day, not a new phase.
    t.apply(&html(2, "GM", "Day 1 vote count<br>Bob (1): Alice"));
    assert_eq!(t.phase(), Phase::day(1));
}

#[test]
fn the_hammered_players_death_told_with_a_themes_verb_on_the_day_is_the_lynch() {
    // 17830 post 706, after the hammer on don_johnson at post 660: "don_johnson, vanilla
    // townie, was exposed day 5" (the theme's verb for a lynch) in the end post.
    let mut t = hammered_bob();
    t.apply(&html(4, "GM", "Bob, vanilla townie, was exposed day 1"));
    let lynched: Vec<_> = t
        .status()
        .dead
        .iter()
        .map(|d| (d.name.clone(), d.phase, d.lynch))
        .collect();
    assert_eq!(lynched, [("Bob".to_string(), Phase::day(1), true)]);
}

#[test]
fn a_death_with_a_themes_verb_without_a_hammer_is_no_lynch() {
    // The same frame with no hammer seen stays a death in its phase (17830 post 166).
    let mut t = tracker(FIVE, "");
    t.apply(&html(4, "GM", "Bob, vanilla townie, was exposed day 1"));
    let lynched: Vec<_> = t
        .status()
        .dead
        .iter()
        .map(|d| (d.name.clone(), d.phase, d.lynch))
        .collect();
    assert_eq!(lynched, [("Bob".to_string(), Phase::day(1), false)]);
}

#[test]
fn a_name_written_without_its_accent_is_the_players() {
    // 63716 post 1240: the player is `Keyser Söze`; the host's flip of his night death writes
    // "Keyser Soze was a Vanilla Townie", and players vote "Keyser Soze" too.
    let players = &["Alice", "Bob", "Keyser Söze", "Dave", "Renée"];
    let mut t = tracker(players, "");
    t.apply(&html(
        1,
        "Alice",
        "<div style=\"display:inline;font-weight:bold\">VOTE: Keyser Soze</div>",
    ));
    t.apply(&html(
        2,
        "Bob",
        "<div style=\"display:inline;font-weight:bold\">VOTE: Renee</div>",
    ));
    assert_eq!(
        wagons(&t),
        [("Keyser Söze".to_string(), 1), ("Renée".to_string(), 1)]
    );
    t.apply(&html(3, "GM", "It is now Night 1."));
    t.apply(&html(
        4,
        "GM",
        "He got his last glance of one who had been corrupting his circus, and then laid there. Dead.<br>\n<br>\n\
         <div style=\"display:inline;font-weight:bold\">Keyser Soze was a <div style=\"display:inline;color:#008000\">Vanilla Townie</div></div><br>\n<br>\n\
         Day 2 begins now.",
    ));
    assert_eq!(dead(&t), [("Keyser Söze".to_string(), Phase::night(1))]);
    assert_eq!(t.phase(), Phase::day(2));
}
