//! Hosts' habits found in the held-out games (`tests/heldout/`, `heldout.rs`) that the rules
//! did not read, each on a post written as mafiascum.net renders it (bold is `<div
//! style="display:inline;font-weight:bold">`, a host's colour `<div
//! style="display:inline;color:…">`; fixtures README and the held-out posts cited below),
//! normalised by `mafia_posts` and replayed through the tracker.

mod support;

use mafia_tracker::review::ReviewKind;
use support::*;
use support::{mafiascum_bold as bold, mafiascum_bold_vote as bold_vote, mafiascum_post as html};

const FIVE: &[&str] = &["Alice", "Bob", "Carol", "Dave", "Erin"];

/// A host's line in bold and colour, as held-out 48518 post 558 renders it.
fn host(text: &str) -> String {
    bold(&format!(
        "<div style=\"display:inline;color:#004080\">{text}</div>"
    ))
}

/// Slot 1's holder and its earlier names.
fn second_slot(t: &mafia_tracker::Tracker) -> (String, Vec<String>) {
    let slot = &t.slots()[1];
    (slot.name.clone(), slot.replaced.clone())
}

#[test]
fn a_note_in_parentheses_after_the_newcomer_is_not_part_of_the_name() {
    // "Rancid Broderick Drake (a hydra of Natirasha and zMuffinMan) replaces DukeC.  Please
    // welcome them!" (held-out 48518 post 558); "Wake88 (An alt of Quadraxis) has replaced
    // Quadraxis" (33008 post 476); "fferyllt (one head of Street Hassle) replaces Street
    // Hassle." (33008 post 874).
    for line in [
        "Zed Zee (a hydra of Yan and Xu) replaces Bob.  Please welcome them!",
        "Zed Zee (An alt of Bob) has replaced Bob",
        "Empire is replacing out so Zed Zee (one head of Bob) replaces Bob.",
    ] {
        // The newcomer has posted before, or posts first after the host's line (a hydra's
        // account, or one renamed since: Wake88 posts as Wake1 in the saved pages).
        for posted_before in [true, false] {
            let mut t = tracker(FIVE, "");
            if posted_before {
                t.apply(&html(1, "Zed Zee", 1, "Hello, I am in."));
            }
            t.apply(&html(2, "GM", 2, &host(line)));
            t.apply(&html(3, "Zed Zee", 3, &bold_vote("Alice")));
            assert_eq!(
                second_slot(&t),
                ("Zed Zee".into(), vec!["Bob".into()]),
                "{line}"
            );
            assert_eq!(
                wagon_voters(&t),
                vec![("Alice".into(), names(&["Zed Zee"]))],
                "{line}"
            );
            assert!(
                !t.review()
                    .iter()
                    .any(|r| r.kind == ReviewKind::UnreadableCommand),
                "{line}: {:?}",
                t.review()
            );
        }
    }
}

#[test]
fn a_note_before_replaces_is_still_refused_when_too_long_for_a_note() {
    // A parenthesis of more words than an appositive is a remark, not a note on the name: the
    // line stays a problem for the host rather than a guess.
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "Zed Zee", 1, "Hello, I am in."));
    t.apply(&html(
        2,
        "GM",
        2,
        &host("Zed Zee (who asked me in a PM this morning, very kindly) replaces Bob."),
    ));
    assert_eq!(second_slot(&t), ("Bob".into(), vec![]));
}

/// A role in bold and green, as held-out 22136 post 861 renders it.
fn green_role(role: &str) -> String {
    bold(&format!(
        "<div style=\"display:inline;color:green\">{role}</div>"
    ))
}

#[test]
fn a_host_may_leave_out_an_accounts_trailing_digits() {
    // "kondi the [b][color=green]vanila townie[/color][/b] has been shot" for kondi2424,
    // "monkeyman the … has been shot" for MonkeyMan576 (held-out 22136 posts 861 and 910).
    let players = &["kondi2424", "MonkeyMan576", "Carol", "Dave", "Erin"];
    let mut t = tracker(players, "");
    t.apply(&html(
        1,
        "GM",
        1,
        &format!(
            "another night, another pair of corpses. rip<br>\n<br>\nkondi the {} has been shot<br>\n<br>\nmonkeyman the {} has been shot",
            green_role("vanila townie"),
            green_role("2-shot vigilante")
        ),
    ));
    let dead: Vec<String> = t.status().dead.iter().map(|d| d.name.clone()).collect();
    assert_eq!(dead, names(&["kondi2424", "MonkeyMan576"]));
}

#[test]
fn a_stem_that_is_a_word_never_outweighs_a_name_written_out() {
    // TOWNIE247 (65380) has the stem "townie": "Carol, Vanilla Townie, has been killed." is
    // Carol's death alone, and "Icher, Vanilla Townie, has been Lynched Day 04!" (65380 post
    // 1288, Ircher misspelt) is no death of TOWNIE247's.
    let players = &["TOWNIE247", "Bob", "Carol", "Dave", "Ircher"];
    let mut t = tracker(players, "");
    t.apply(&html(
        1,
        "GM",
        1,
        &bold("Carol, Vanilla Townie, has been killed."),
    ));
    t.apply(&html(
        2,
        "GM",
        2,
        "Icher, Vanilla Townie, has been Lynched Day 01!",
    ));
    let dead: Vec<String> = t.status().dead.iter().map(|d| d.name.clone()).collect();
    assert_eq!(dead, names(&["Carol"]));
}

#[test]
fn a_stem_two_accounts_share_names_neither() {
    // player1988 and player2001 both read "player": the host's "player has been shot" names
    // no one, and the line goes to the host's review list rather than killing a guess.
    let players = &["player1988", "player2001", "Carol", "Dave", "Erin"];
    let mut t = tracker(players, "");
    t.apply(&html(
        1,
        "GM",
        1,
        &format!("player the {} has been shot", green_role("vanila townie")),
    ));
    assert!(t.status().dead.is_empty());
}

#[test]
fn a_night_that_is_over_early_ends() {
    // "hey guess what a short day deserves a short night, night 2 is over early. oh also, i
    // have a little bit of bad news about this night:" (held-out 22136 post 613, which then
    // names the night's two kills): the night is over, the next day begins.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        "Bob has been lynched. It is now night 1.",
    ));
    assert_eq!(t.phase(), mafia_tracker::phase::Phase::night(1));
    t.apply(&html(
        2,
        "GM",
        2,
        &format!(
            "hey guess what a short day deserves a short night, night 1 is over early. oh also, i have a little bit of bad news about this night:<br>\n<br>\ncarol the {} has been shot",
            green_role("mason")
        ),
    ));
    assert_eq!(t.phase(), mafia_tracker::phase::Phase::day(2));
    assert_eq!(
        dead_in_phases(&t),
        vec![
            ("Bob".to_string(), mafia_tracker::phase::Phase::day(1)),
            // A night kill told in the post that opens the day is dated by that post, as
            // the other night kills (real_threads.rs, Student Mafia V).
            ("Carol".to_string(), mafia_tracker::phase::Phase::day(2)),
        ]
    );
}

#[test]
fn a_day_that_has_ended_early_inside_a_sentence_is_still_the_commands_problem() {
    // "has ended early" stays the `Day … has ended early` command, which must stand alone on
    // its line: inside a sentence it is a problem for the host, not a phase change.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        "well, since everyone agreed, day 1 has ended early today.",
    ));
    assert_eq!(t.phase(), mafia_tracker::phase::Phase::day(1));
    assert!(
        t.review()
            .iter()
            .any(|r| r.kind == ReviewKind::UnreadableCommand)
    );
}

/// The count's column in the host's purple, as held-out 68870 post 775 renders it.
fn purple(text: &str) -> String {
    format!("<div style=\"display:inline;color:#BF00FF\">{text}</div>")
}

#[test]
fn a_lynch_mark_after_the_wagons_voters_lynches_the_candidate() {
    // `(L-0) [b]Lil Uzi Vert[/b] - mhmsmith0, Transcend, …, gerryoat -LYNCHED` (held-out
    // 68870 post 775, the count's other wagons `(L-6) [b]gerryoat[/b] - Lil Uzi Vert`);
    // `[b]Burgerking[/b](L-0) Smith VWXYZ Transcend  Hermie Io Burger-LYNCHED` (post 1183);
    // `(L-0) [b]Cloudkicker[/b]-JaeReed VWXXZ Smith Io Transcend-LYNCHED` (post 1555).
    for wagon in [
        format!(
            "{} {} - Carol, Dave, Erin {}",
            purple("(L-0)"),
            bold("Bob"),
            purple("-LYNCHED ")
        ),
        format!(
            "{}{} Carol Dave  Erin Bo-{}",
            bold("Bob"),
            purple("(L-0)"),
            purple("LYNCHED")
        ),
        format!(
            "{}{}-Carol Dave Erin-{}",
            purple("(L-0) "),
            bold("bob"),
            purple("LYNCHED")
        ),
    ] {
        let mut t = tracker(FIVE, "");
        t.apply(&html(
            1,
            "GM",
            1,
            &format!("{wagon}<br>\n{} {} - Bob", purple("(L-2)"), bold("Carol")),
        ));
        let dead: Vec<String> = t.status().dead.iter().map(|d| d.name.clone()).collect();
        assert_eq!(dead, names(&["Bob"]), "{wagon}");
        assert!(t.status().dead[0].lynch, "{wagon}");
    }
}

#[test]
fn a_wagon_that_is_to_be_lynched_is_no_lynch() {
    // "LYNCH" without the past tense closes no wagon: `Bob - Carol, Dave -LYNCH?` asks.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        &format!("{} - Carol, Dave -LYNCH?", bold("Bob")),
    ));
    assert!(t.status().dead.is_empty());
}

#[test]
fn a_name_the_host_misspells_by_one_letter_opening_the_death_line_dies() {
    // "XnarojX was lynched, but what was his role? He was..." for XnadrojX (held-out 70568
    // post 1498, under the heading "Day 1 has ended").
    let players = &["XnadrojX", "Bob", "Carol", "Dave", "Erin"];
    let mut t = tracker(players, "");
    t.apply(&html(
        1,
        "GM",
        1,
        "XnarojX was lynched, but what was his role? He was...",
    ));
    let dead: Vec<String> = t.status().dead.iter().map(|d| d.name.clone()).collect();
    assert_eq!(dead, names(&["XnadrojX"]));
    // Two letters off, or a short word, is no one's: "Daves" is one letter from Dave but
    // the rule wants six letters; "Xnarojj" is two from XnadrojX.
    for line in ["Daves was lynched.", "Xnarojj was lynched."] {
        let mut t = tracker(players, "");
        t.apply(&html(1, "GM", 1, line));
        assert!(t.status().dead.is_empty(), "{line}");
    }
}

#[test]
fn the_dead_listed_under_a_heading_die_in_its_phase() {
    // "Dead during Night 1:", then "AJ the Epic - Town Macho Seer" and "Hiraki - Werewolf
    // Goon" on lines of their own (held-out 25357 post 603, and 682 for Night 2), posted
    // after "It is now Night 1."
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        "Bob - Vanilla Townie has been lynched Day 1.<br>\n<br>\nIt is now Night 1.",
    ));
    t.apply(&html(
        2,
        "GM",
        2,
        "Dead during Night 1: <br>\n<br>\n<br>\n<br>\nCarol - Town Macho Seer <br>\n<br>\n<br>\n<br>\nDave - Werewolf Goon",
    ));
    assert_eq!(
        dead_in_phases(&t),
        vec![
            ("Bob".to_string(), mafia_tracker::phase::Phase::day(1)),
            ("Carol".to_string(), mafia_tracker::phase::Phase::night(1)),
            ("Dave".to_string(), mafia_tracker::phase::Phase::night(1)),
        ]
    );
}

#[test]
fn a_list_of_the_dead_ends_at_its_first_other_line() {
    // After the list, a line that opens with a name is no death ("Erin - please send your
    // action", a host's remark), nor is a line with two names.
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", 1, "It is now Night 1."));
    t.apply(&html(
        2,
        "GM",
        2,
        "Dead during Night 1:<br>\nCarol - Town Cop<br>\nThe rest of you: wake up.<br>\nErin - please send your action",
    ));
    let dead: Vec<String> = t.status().dead.iter().map(|d| d.name.clone()).collect();
    assert_eq!(dead, names(&["Carol"]));
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        "Dead during Night 1:<br>\nCarol - voted by Dave",
    ));
    assert!(t.status().dead.is_empty());
}

#[test]
fn day_breaks_begins_the_next_day() {
    // "Day breaks!" opening the host's post, then "Slandaar has died. He was a CultWatch
    // Administrator." (held-out 30779 post 928, after "Viera Assassin has been lynched." and
    // "Dawn will come in …", post 923).
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        "Bob has been lynched. He was a Mafia Traitor.<br>\nDawn will come in 24 hours. Please submit all night actions before then!",
    ));
    t.apply(&html(2, "GM", 2, "It is now Night 1."));
    t.apply(&html(
        3,
        "GM",
        3,
        "Day breaks!<br>\nCarol has died. He was a CultWatch Administrator. (Named Townie)",
    ));
    assert_eq!(t.phase(), mafia_tracker::phase::Phase::day(2));
    // In a story it is no announcement: "as day breaks over the village" opens nothing.
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", 1, "It is now Night 1."));
    t.apply(&html(
        2,
        "GM",
        2,
        "The wolves howled as day breaks over the village, but nobody came.",
    ));
    assert_eq!(t.phase(), mafia_tracker::phase::Phase::night(1));
}

#[test]
fn an_account_of_words_may_be_written_as_one() {
    // "Stubbs is being replaced by TSO." for the account `T S O`, whose first post comes
    // after (held-out 30779 post 759, T S O posting from post 806).
    let players = &["StubbsKVM", "Bob", "Carol", "Dave", "Erin"];
    let mut t = tracker(players, "");
    t.apply(&html(1, "GM", 1, "Stubbs is being replaced by TSO."));
    t.apply(&html(2, "T S O", 2, &bold_vote("Bob")));
    assert_eq!(t.slots()[0].name.as_str(), "T S O", "{:?}", t.review());
    assert_eq!(wagon_voters(&t), vec![("Bob".into(), names(&["T S O"]))]);
}

#[test]
fn a_death_naming_a_newcomer_before_their_first_post_is_the_slots() {
    // "Wake88 (An alt of Quadraxis) has replaced Quadraxis" (held-out 33008 post 476), then
    // "Wake88, Town Shield, lynched Day 4." (post 1831), Wake88 never posting under that name
    // in the saved pages; "GreyICE replaces Otolia" then "GreyICE, 1-shot Dayvig, slapped in
    // the face with a fish, then shot Night 2" (16959 posts 981 and 982, GreyICE's first post
    // 984).
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        &host("Zed (An alt of Bob) has replaced Bob"),
    ));
    t.apply(&html(2, "GM", 2, "Zed, Town Shield, lynched Day 1."));
    let dead: Vec<(String, Vec<String>)> = t
        .slots()
        .iter()
        .filter(|s| !s.alive)
        .map(|s| (s.name.clone(), s.replaced.clone()))
        .collect();
    assert_eq!(dead, vec![("Zed".to_string(), names(&["Bob"]))]);
    // Said again before the first post, the replacement still waits for it.
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", 1, "Zed replaces Bob"));
    t.apply(&html(2, "GM", 2, "Zed replaces Bob"));
    assert_eq!(second_slot(&t), ("Bob".into(), vec![]));
    t.apply(&html(3, "Zed", 3, &bold_vote("Alice")));
    assert_eq!(second_slot(&t), ("Zed".into(), vec!["Bob".into()]));
}

#[test]
fn a_flip_without_an_article_goes_to_the_review_list_with_its_record() {
    // "froot loop was Vanilla Town." in the end post's story (held-out 48518 post 1144): the
    // lynch is told only by the flip, which the tracker does not read as a death, so the
    // host gets the line and the record that would read it.
    let players = &["Froot Loop", "Bob", "Carol", "Dave", "Erin"];
    let mut t = tracker(players, "");
    t.apply(&html(
        1,
        "GM",
        1,
        "The day dragged on. Surely this one is a killer in your midst.<br>\n<br>\nfroot loop was Vanilla Town.",
    ));
    assert!(t.status().dead.is_empty());
    let item = t
        .review()
        .iter()
        .find(|r| r.kind == ReviewKind::UnreadLine)
        .expect("an unread line");
    assert!(item.message.contains("Froot Loop"), "{}", item.message);
    assert!(
        item.fix
            .as_deref()
            .is_some_and(|f| f.contains("dies = \"Froot Loop\"")),
        "{:?}",
        item.fix
    );
}
