//! How mafiascum hosts end a day, a night and the game in words the tracker did not read
//! before: "Official Vote Count 2.0", "Nobody died Night 3.", the end of the game told by its
//! winners, on posts written as mafiascum.net renders them (phpBB: bold and colour as
//! `<div style="display:inline;…">`, a quote as `<blockquote><div><cite>… wrote:</cite>…`;
//! the fixtures README and the thread posts cited in each test).

mod support;

use mafia_posts::Post;
use mafia_tracker::Tracker;
use mafia_tracker::phase::Phase;
use mafia_tracker::review::ReviewKind;
use support::*;
use support::{mafiascum_bold as bold, mafiascum_quote as quote, mafiascum_vote_tag as vote};

const FIVE: &[&str] = &["Alice", "Bob", "Carol", "Dave", "Erin"];

/// A post as the forum renders it, normalised, made on 2026-03-02 (Day 1 of the test game
/// ends 2026-03-03 18:00); numbered from 10 on, so that no test post is the opening post.
fn html(number: u64, author: &str, body: &str) -> Post {
    mafiascum_post(number, author, number + 10, body)
}

fn dead(t: &Tracker) -> Vec<(String, Phase, bool)> {
    t.status()
        .dead
        .iter()
        .map(|d| (d.name.clone(), d.phase, d.lynch))
        .collect()
}

fn fixes(t: &Tracker, kind: ReviewKind) -> Vec<String> {
    t.review()
        .iter()
        .filter(|r| r.kind == kind)
        .filter_map(|r| r.fix.clone())
        .collect()
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

#[test]
fn nobody_died_says_the_night_is_over() {
    // 16959 post 1028 "Nobody died Night 3.", 59806 post 1388 "No one was killed.", 68714
    // post 1076 "Nobody died last night.", 67506 post 2553 "Nobody died in the night, will
    // edit vote later" (the only word that Day 5 began): 25 posts of the corpus, each the
    // one that opens a day.
    for told in [
        "Nobody died Night 1.",
        "No one was killed.",
        "Good morning! Nobody died last night!",
        "Nobody died in the night, will edit vote later",
        &bold("No one has died on Night 1."),
    ] {
        assert_eq!(
            phases_after(&["It is now Night 1.", told]),
            [Phase::night(1), Phase::day(2)],
            "{told}"
        );
    }
    // During a day it restates the night before; "nobody died to the vigilante" is no
    // night's result; quoted, it says nothing.
    for not_told in ["Nobody died last night.", "Nobody died Night 1."] {
        assert_eq!(phases_after(&[told_day_two(), not_told])[1], Phase::day(2));
    }
    for not_told in [
        "Nobody died to the vigilante's shot",
        &quote("Erin", "Nobody died Night 1."),
        "Aka no one died Night 1, so the cop is lying",
    ] {
        assert_eq!(
            phases_after(&["It is now Night 1.", not_told]),
            [Phase::night(1), Phase::night(1)],
            "{not_told}"
        );
    }
}

fn told_day_two() -> &'static str {
    "It is now Day 2."
}

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
fn the_end_post_that_flips_everyone_confirms_the_hammer_on_one_of_them() {
    // 67506 post 2773, after the hammer on Nero Cain: "Votecount 5.1 FINAL / Nero cain-
    // ironavp, MichelSableheart, gerryoat, MariaR [L-0] / … / Mafia wins! / MariaR was a
    // mafia goon / Gerryoat was a mafia goon / … / Nero Cain was a nonconsecutive JK".
    let mut t = hammered_bob();
    t.apply(&html(
        4,
        "GM",
        &format!(
            "{}<br>Bob - Alice, Carol, Dave [L-0]<br>Mafia wins!<br>Alice was a mafia goon<br>\
             Carol was a vanilla town<br>Bob was a nonconsecutive JK",
            bold("Votecount 1.4 FINAL")
        ),
    ));
    assert!(t.status().game_over);
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1), true)]);
    assert!(
        fixes(&t, ReviewKind::UnreadLine)
            .iter()
            .any(|f| f.contains("dies = \"Bob\"")),
        "{:?}",
        t.review()
    );
}

#[test]
fn another_players_flip_after_the_hammer_before_the_end_is_no_lynch_of_the_hammered() {
    // Not the end of the game: the flip of another player says the tracker's hammer was a
    // misread vote (as before), even beside the hammered player's.
    let mut t = hammered_bob();
    t.apply(&html(
        4,
        "GM",
        "Carol was a vanilla town<br>Bob was a vanilla town<br>It is now Night 1.",
    ));
    assert!(dead(&t).is_empty(), "{:?}", dead(&t));
    assert!(!t.status().game_over);
}

// --- the lynch in the host's count -------------------------------------------------------

#[test]
fn a_lynch_mark_in_the_counts_column_before_the_name_is_the_days_lynch() {
    // 68980 post 3189 (and 68714 post 1424): the count column says LYNCH for the lynched
    // wagon, a number for the others: "[0] ArcAngel9 - / [LYNCH] Nero Cain - Shadow_step,
    // Naomi-Tan, ChaosOmega, ArcAngel9, rb, / [0] rb - / [1] No Lynch - Lil Uzi Vert,".
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        &format!(
            "{}<br>[0] Alice - <br>[LYNCH] Bob - Alice, Carol, Dave,<br>[1] No Lynch - Erin,<br>\
             Not Voting - Bob",
            bold("VOTE COUNT 1.04")
        ),
    ));
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1), true)]);
    // No mark, a mark on no wagon, or a quoted count: no death.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        2,
        "GM",
        &format!(
            "[3] Bob - Alice, Carol, Dave<br>[LYNCH] is what the wagon says at majority<br>{}",
            quote("Erin", "[LYNCH] Carol - Alice, Bob, Dave")
        ),
    ));
    assert!(dead(&t).is_empty(), "{:?}", dead(&t));
}

// --- the end of the game ---------------------------------------------------------------

#[test]
fn winners_named_by_their_names_end_the_game() {
    // 58383 post 741 "Natirasha, Mafia Rolecop, has miraculously survived and won the
    // game!"; 60083 post 1982 "elleheathen, Vanilla Townie, survived and won!"; 63716 post
    // 1970 "JarJarDrinks, Mafia Goon, AngryPidgeon, Mafia Goon, and Skybird, Mafia Odd-Night
    // Rolecop have won Mini 1728!"; 24640 post 1543 "…, and Ztife, Mafia Goon, have won Mini
    // 1408: Playing with Fire."
    for (told, side) in [
        (
            "Alice, Mafia Rolecop, has miraculously survived and won the game!",
            "Mafia",
        ),
        ("Erin, Vanilla Townie, survived and won!", "Erin"),
        (
            "Alice, Mafia Goon, Bob, Mafia Goon, and Carol, Mafia Odd-Night Rolecop have won \
             Mini 1728!",
            "Mafia",
        ),
        (
            "Alice, Mafia Roleblocker, and Bob, Mafia Goon, have won Mini 1408: Playing with \
             Fire.",
            "Mafia",
        ),
    ] {
        let mut t = tracker(FIVE, "");
        t.apply(&html(1, "GM", &format!("Some story.<br>{told}")));
        let status = t.status();
        assert!(status.game_over, "{told}");
        assert_eq!(status.winner.as_deref(), Some(side), "{told}");
    }
}

#[test]
fn a_players_win_in_a_condition_a_question_or_a_quote_is_no_end() {
    for not_told in [
        "Alice, Mafia Goon, wins if the mafia outnumbers the town.",
        "Bob wins when all threats to the town are gone.",
        "Who won?",
        "Carol won the argument about the claim",
        &quote("Erin", "Alice, Mafia Goon, has won the game!"),
    ] {
        let mut t = tracker(FIVE, "");
        t.apply(&html(1, "GM", not_told));
        assert!(!t.status().game_over, "{not_told}");
    }
}

#[test]
fn a_side_after_that_has_won_ends_the_game_and_its_lone_flip_is_the_days_lynch() {
    // 17378 post 411, Day 3: the lynch told in a story, "Pappums rat was a bulletproof
    // townie", then "This means that the mafia, consisting of Midnight's Sorrow and Spadille
    // have won! Congratulations!"
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        "Midnight's sorrow's answer was simple: \"we'll lynch you\"<br><br>Erin was a \
         bulletproof townie<br><br>This means that the mafia, consisting of Alice and Bob \
         have won! Congratulations!",
    ));
    let status = t.status();
    assert!(status.game_over);
    assert_eq!(status.winner.as_deref(), Some("Mafia"));
    assert_eq!(dead(&t), [("Erin".to_string(), Phase::day(1), true)]);
    // "It means that if the town …, it has won" is a condition.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        2,
        "GM",
        "This means that the town, if it lynches both, has won.",
    ));
    assert!(!t.status().game_over);
}

// --- the announcement frame with a theme's verb phrase -----------------------------------

#[test]
fn the_announcement_frame_with_a_themes_verb_phrase_is_a_death_in_its_phase() {
    // 28540 post 1033 "notscience, Mafia Goon, jumped to his death Day 3." (the post that
    // ends Day 3), post 1179 "jon_h61, Town Jack-of-all-Trades, is struck by lightning Night
    // 4."; 24640 post 538 "Ztife, Mafia Goon, KABOOM Day 1."; 29135 post 760 "Nachomamma8,
    // Townperson, killed and dumped in the river Night 1." All 242 lines of the corpus in
    // the shape "NAME, ROLE, VERB PHRASE PHASE." are deaths.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        "Backed into a corner, he had nowhere to go but down.<br>Bob, Mafia Goon, jumped to \
         his death Day 1.<br>Night 1 begins.",
    ));
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1), false)]);
    assert_eq!(t.phase(), Phase::night(1));
    t.apply(&html(
        2,
        "GM",
        "ZAP!<br>Carol, Town Jack-of-all-Trades, is struck by lightning Night 1.<br>Day 2 has \
         begun.",
    ));
    t.apply(&html(3, "GM", &bold("Dave, Mafia Goon, KABOOM Day 2.")));
    assert_eq!(
        dead(&t),
        [
            ("Bob".to_string(), Phase::day(1), false),
            ("Carol".to_string(), Phase::night(1), false),
            ("Dave".to_string(), Phase::day(2), false),
        ]
    );
}

#[test]
fn the_frame_with_a_name_in_its_verb_or_words_after_the_phase_is_no_death() {
    // An action summary ("Alice, Town Cop, investigated Bob Night 1") names a player; a
    // sentence that goes on after the phase is something else; a quote is no host's word.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        &format!(
            "Alice, Town Cop, investigated Bob Night 1.<br>Carol, Town Doctor, was busy on Day \
             1 and Night 1.<br>{}",
            quote("Erin", "Dave, Mafia Goon, jumped to his death Day 1.")
        ),
    ));
    assert!(dead(&t).is_empty(), "{:?}", dead(&t));
}

#[test]
fn no_lynch_told_as_the_days_result_ends_the_day() {
    // 17864 post 1506 "No Lynch has been Lynched." (then "No Lynch, Game Mechanic, Lynched
    // Day Five"); 22466 post 1893 "No lynch occurred Day 4."; 23262 post 1049 "No Lynch has
    // occured." Nothing said of the night until the next post.
    for told in [
        "No Lynch (3)- Alice, Bob, Carol<br>No Lynch has been Lynched.<br>Any objections if i \
         make this night 24 hours long?",
        "No lynch occurred Day 1.",
        &bold("No Lynch has occured."),
    ] {
        assert_eq!(phases_after(&[told]), [Phase::night(1)], "{told}");
    }
    // A wish, a condition, a quote, or a restatement during the night: no change.
    for not_told in [
        "No lynch has occurred yet, and the deadline is in two days.",
        "If no lynch occurred, the day would end at the deadline.",
        &quote("Erin", "No lynch occurred Day 1."),
    ] {
        assert_eq!(phases_after(&[not_told]), [Phase::day(1)], "{not_told}");
    }
    assert_eq!(
        phases_after(&["It is now Night 1.", "No lynch occurred Day 1."]),
        [Phase::night(1), Phase::night(1)]
    );
}

#[test]
fn a_death_told_as_last_nights_says_the_night_is_over() {
    // 21920 post 1795 "triangle123 died last night. She was a Vanilla Townie." (the only
    // word that Day 7 began); 21340 post 1056 "You wake up to find that Haze has been killed
    // during the night."; 65286 post 1334 "I Am innocent the [Vanilla Townie] was killed last
    // night!"
    for told in [
        "Then there was an explosion.<br>Bob died last night. She was a Vanilla Townie.",
        "You wake up to find that Bob has been killed during the night. He was a Vanilla \
         Townie!",
        "Bob the [Vanilla Townie] was killed last night!",
    ] {
        let mut t = tracker(FIVE, "");
        t.apply(&html(1, "GM", "It is now Night 1."));
        t.apply(&html(2, "GM", told));
        assert_eq!(t.phase(), Phase::day(2), "{told}");
        assert_eq!(
            dead(&t),
            [("Bob".to_string(), Phase::night(1), false)],
            "{told}"
        );
    }
    // During a day it restates the night; "who killed last night's victim" is no death
    // told; a quote says nothing.
    for not_told in [
        "Who killed last night's victim is the question.",
        &quote("Erin", "Bob died last night."),
    ] {
        assert_eq!(
            phases_after(&["It is now Night 1.", not_told]),
            [Phase::night(1), Phase::night(1)],
            "{not_told}"
        );
    }
    assert_eq!(
        phases_after(&["It is now Day 2.", "Bob died last night."]),
        [Phase::day(2), Phase::day(2)]
    );
}

// --- night kills told by a flip ----------------------------------------------------------

#[test]
fn the_flips_in_the_post_that_opens_a_day_are_the_nights_kills() {
    // 63716 post 1743, the morning of Day 5: "Zulfy fell...straight to the ground...
    // murdered in retaliation." then "Zulfy was a Town Motion Detector"; a night may have
    // two kills. A quoted flip is nobody's death.
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", &bold("Night 1 has begun")));
    t.apply(&html(
        2,
        "GM",
        &format!(
            "Carol fell straight to the ground.<br>Carol was a Town Motion Detector<br>Dave was \
             a Vanilla Townie<br>{}<br>{}",
            quote("Erin", "Bob was a Mafia Goon"),
            bold("Day 2 has begun")
        ),
    ));
    assert_eq!(
        dead(&t),
        [
            ("Carol".to_string(), Phase::night(1), false),
            ("Dave".to_string(), Phase::night(1), false),
        ]
    );
    assert_eq!(fixes(&t, ReviewKind::UnreadLine).len(), 2);
    // A flip in a post that opens no day (a recap during the day) kills nobody.
    t.apply(&html(
        3,
        "GM",
        "Alice was a Vanilla Townie, as her role PM said.",
    ));
    assert_eq!(dead(&t).len(), 2);
}

#[test]
fn a_sentence_ending_in_a_sides_victory_ends_the_game_and_confirms_the_hammer() {
    // 60920 post 1903, after the hammer on Bellaphant (post 1895): "That's a lynch! / Eektor,
    // Elyse, Aquanim, metalcyanide, toolenduso[Lynch!] / The game ends in a scum victory!(3
    // scum, 3 town after nightkill)".
    let mut t = hammered_bob();
    t.apply(&html(
        4,
        "GM",
        "That's a lynch!<br>Alice, Carol, Dave[Lynch!]<br>The game ends in a scum victory!(3 \
         scum, 3 town after nightkill)",
    ));
    let status = t.status();
    assert!(status.game_over);
    assert_eq!(status.winner.as_deref(), Some("Mafia"));
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1), true)]);
    // A condition anywhere before it is rules text.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        "If the last two players are mafia, the game ends in a scum victory.",
    ));
    assert!(!t.status().game_over);
}

#[test]
fn a_hosts_good_game_ends_the_game_and_confirms_the_hammer() {
    // 22540 post 1718: the co-host's only word after the hammer on evilpacman18 (post 1685)
    // is "good game troll"; 68345 post 2230 "Good game, everyone!", 63716 post 1971 "Good
    // game to all!" (4 hosts of the corpus, each at the end of the game).
    let mut t = hammered_bob();
    t.apply(&html(4, "GM", "good game troll"));
    assert!(t.status().game_over);
    assert_eq!(dead(&t), [("Bob".to_string(), Phase::day(1), true)]);
    for told in ["Good game, everyone!", &bold("Good game to all!")] {
        let mut t = tracker(FIVE, "");
        t.apply(&html(1, "GM", told));
        assert!(t.status().game_over, "{told}");
    }
    // Inside a longer sentence, after other words, or quoted: no end.
    for not_told in [
        "Good game so far, keep the discussion going and vote.",
        "It has been a good game.",
        &quote("Erin", "good game"),
    ] {
        let mut t = tracker(FIVE, "");
        t.apply(&html(1, "GM", not_told));
        assert!(!t.status().game_over, "{not_told}");
    }
}

// --- a fill that reads like a replacement --------------------------------------------------

#[test]
fn new_replaces_in_ending_its_sentence_fills_the_open_slot() {
    // 17864 post 1498 "Have to find a replacement for Giitah...", post 1499 "Sotty7 replaces
    // in. Game will start Day 5 at noon tomorrow.": Sotty7 takes Giitah's slot (before, "in"
    // was taken for the old player's name and the fill was refused).
    // Frank may have posted before, or post only after the host's word.
    for frank_first in [true, false] {
        let mut t = tracker(FIVE, "");
        t.apply(&html(1, "GM", "Have to find a replacement for Carol..."));
        if frank_first {
            t.apply(&html(2, "Frank", "Hello!"));
        }
        t.apply(&html(
            3,
            "GM",
            "Frank replaces in. Game will start Day 2 at noon tomorrow.",
        ));
        t.apply(&html(4, "Frank", "Hello again!"));
        let names: Vec<String> = t.status().alive.iter().map(|p| p.name.clone()).collect();
        assert!(names.contains(&"Frank".to_string()), "{names:?}");
        assert!(!names.contains(&"Carol".to_string()), "{names:?}");
    }
    // "The vote is in." fills nothing.
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", "Have to find a replacement for Carol..."));
    t.apply(&html(2, "GM", "The vote is in."));
    t.apply(&html(3, "Frank", "Hello!"));
    let names: Vec<String> = t.status().alive.iter().map(|p| p.name.clone()).collect();
    assert!(names.contains(&"Carol".to_string()), "{names:?}");
}
