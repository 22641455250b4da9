//! Host corrections (issue 11, point 3): a `[[corrections]]` record of the game file is
//! applied right after its post as if the GM had posted the command then. Each scenario is a
//! small thread whose GM line the tracker cannot read, and one record that brings it right.

mod support;

use mafia_posts::{Post, PostSource};
use mafia_tracker::correction::{Correction, CorrectionAction};
use mafia_tracker::phase::Phase;
use mafia_tracker::review::ReviewKind;
use mafia_tracker::{ConfigError, Game, Tracker, report};
use support::{names, post, post_at, wagon_voters};

/// A game of Alice, Bob, Carol and Dave run by GM, in UTC, with `extra` TOML lines after the
/// players (the corrections). `timed`: Day 1 ends 2026-03-03 18:00, days 48h, nights 24h;
/// else the GM announces each phase.
fn game_file(timed: bool, extra: &str) -> String {
    let deadline = if timed {
        "first_deadline = \"2026-03-03 18:00\"\n"
    } else {
        ""
    };
    format!(
        "name = \"Corrected\"\ngms = [\"GM\"]\nzone = \"UTC\"\nfirst_phase = \"Day 1\"\n\
         {deadline}day_length = \"48h\"\nnight_length = \"24h\"\n\
         players = [\"Alice\", \"Bob\", \"Carol\", \"Dave\"]\n{extra}"
    )
}

fn game(timed: bool, extra: &str) -> Game {
    Game::parse(&game_file(timed, extra), "game.toml").expect("game file")
}

/// The thread replayed with and without the corrections of `extra`.
fn replay(timed: bool, extra: &str, posts: &[Post]) -> (Tracker, Tracker) {
    let mut plain = Tracker::new(game(timed, "")).expect("tracker");
    plain.apply_all(posts);
    let mut corrected = Tracker::new(game(timed, extra)).expect("tracker");
    corrected.apply_all(posts);
    (plain, corrected)
}

fn dead(t: &Tracker) -> Vec<String> {
    t.slots()
        .iter()
        .filter(|s| !s.alive)
        .map(|s| s.name.clone())
        .collect()
}

/// The review items that come from the game file, as messages.
fn from_the_game_file(t: &Tracker) -> Vec<String> {
    t.status()
        .review
        .into_iter()
        .filter(|r| r.kind == ReviewKind::IgnoredCommand && r.who.as_deref() == Some("game file"))
        .map(|r| r.message)
        .collect()
}

// --- one scenario per action -----------------------------------------------------------

#[test]
fn phase_a_night_the_host_announced_in_flavour_text_begins_after_the_post() {
    let posts = [
        post(1, "GM", &["Welcome to the village."]),
        post(2, "Alice", &["**Vote: Bob**"]),
        post(
            3,
            "GM",
            &["The sun sinks behind the hills and the village sleeps."],
        ),
        post(4, "Bob", &["quiet night"]),
    ];
    let fix = "[[corrections]]\nat = 3\nphase = \"Night 1\"\ncomment = \"flavour text\"\n";
    let (plain, corrected) = replay(false, fix, &posts);
    assert_eq!(plain.phase(), Phase::day(1));
    assert_eq!(corrected.phase(), Phase::night(1));
    // Day 1 ended after post 3 with Alice's vote on Bob.
    let day1 = &corrected.days()[0];
    assert_eq!(day1.phase, Phase::day(1));
    assert_eq!(day1.tally.wagons[0].candidate, "Bob");
    assert_eq!(day1.tally.wagons[0].voters, names(&["Alice"]));
}

#[test]
fn end_phase_ends_the_running_day_after_the_post() {
    let posts = [
        post_at(1, "GM", "2026-03-02 10:00", &["Welcome."]),
        post_at(2, "Carol", "2026-03-02 11:00", &["**Vote: Dave**"]),
        post_at(
            3,
            "GM",
            "2026-03-02 12:00",
            &["That's enough talk for today, folks."],
        ),
        post_at(4, "Dave", "2026-03-02 13:00", &["**Vote: Carol**"]),
    ];
    let (plain, corrected) = replay(true, "[[corrections]]\nat = 3\nend_phase = true\n", &posts);
    assert_eq!(plain.phase(), Phase::day(1));
    assert_eq!(
        wagon_voters(&plain).len(),
        2,
        "Dave's vote counts in the day"
    );
    assert_eq!(corrected.phase(), Phase::night(1));
    // Dave's vote came at night: it does not count.
    assert_eq!(corrected.days()[0].tally.wagons.len(), 1);
    assert!(corrected.tally_now().wagons.is_empty());
}

#[test]
fn end_phase_in_a_thread_without_times_begins_the_next_phase() {
    let posts = [
        post(1, "GM", &["Welcome."]),
        post(2, "GM", &["Lights out, everyone."]),
        post(3, "GM", &["Morning comes."]),
    ];
    let fix = "[[corrections]]\nat = 2\nend_phase = true\n\n\
               [[corrections]]\nat = 3\nend_phase = true\n";
    let (plain, corrected) = replay(false, fix, &posts);
    assert_eq!(plain.phase(), Phase::day(1));
    assert_eq!(corrected.phase(), Phase::day(2));
    assert_eq!(corrected.days().len(), 1);
}

#[test]
fn dies_kills_the_player_with_the_comment_as_the_death() {
    let posts = [
        post(1, "GM", &["Welcome."]),
        post(2, "GM", &["It is now Night 1."]),
        post(
            3,
            "GM",
            &["Bob was turned into a newt. He got better, but not in time."],
        ),
        post(4, "GM", &["It is now Day 2."]),
    ];
    let fix = "[[corrections]]\nat = 3\ndies = \"Bob\"\ncomment = \"turned into a newt\"\n";
    let (plain, corrected) = replay(false, fix, &posts);
    assert!(dead(&plain).is_empty());
    assert_eq!(dead(&corrected), names(&["Bob"]));
    let death = corrected.slots()[1].death.clone().expect("a death");
    assert_eq!(death.phase, Phase::night(1));
    assert_eq!(death.post, 3);
    assert_eq!(death.comment, "turned into a newt");
    // The text report shows it as any death.
    let text = report::text(&corrected.status());
    assert!(
        text.contains("Bob (Night 1, post 3): turned into a newt"),
        "{text}"
    );
}

/// A death the host told only in the story of the night post: `comment = "lynched Day 1"` marks
/// it as the day's lynch on the dead list, as the host's own "was lynched" would.
#[test]
fn a_dies_comment_that_says_lynched_marks_the_lynch() {
    let posts = [
        post(1, "GM", &["Welcome."]),
        post(
            2,
            "GM",
            &["The crowd dragged Bob to the old oak. It is now Night 1."],
        ),
    ];
    let fix = "[[corrections]]\nat = 2\ndies = \"Bob\"\ncomment = \"lynched Day 1\"\n";
    let (_, corrected) = replay(false, fix, &posts);
    let death = corrected.slots()[1].death.clone().expect("a death");
    assert!(death.lynch, "{death:?}");
    let told = "[[corrections]]\nat = 2\ndies = \"Bob\"\ncomment = \"shot by the vigilante\"\n";
    let (_, corrected) = replay(false, told, &posts);
    assert!(!corrected.slots()[1].death.clone().expect("a death").lynch);
}

#[test]
fn resurrect_brings_back_a_player_the_host_took_back_in_words() {
    let posts = [
        post(1, "GM", &["Welcome."]),
        post(2, "GM", &["Carol has been killed."]),
        post(
            3,
            "GM",
            &["Scratch that, the doctor saved Carol after all!"],
        ),
    ];
    let fix = "[[corrections]]\nat = 3\nresurrect = \"Carol\"\n";
    let (plain, corrected) = replay(false, fix, &posts);
    assert_eq!(dead(&plain), names(&["Carol"]));
    assert!(dead(&corrected).is_empty());
}

#[test]
fn replace_hands_the_slot_to_a_user_who_has_not_posted_yet() {
    let posts = [
        post(1, "GM", &["Welcome."]),
        post(2, "GM", &["Erin kindly takes over Dave's seat."]),
        post(3, "Erin", &["Hi all. **Vote: Alice**"]),
    ];
    let fix = "[[corrections]]\nat = 2\nreplace = { new = \"Erin\", old = \"Dave\" }\n";
    let (plain, corrected) = replay(false, fix, &posts);
    assert!(wagon_voters(&plain).is_empty(), "Erin is not in the game");
    assert_eq!(corrected.slots()[3].name, "Erin");
    assert_eq!(corrected.slots()[3].replaced, names(&["Dave"]));
    assert_eq!(
        wagon_voters(&corrected),
        [("Alice".to_string(), names(&["Erin"]))]
    );
}

#[test]
fn vote_casts_a_vote_the_tracker_could_not_read() {
    let posts = [
        post(1, "GM", &["Welcome."]),
        post(
            2,
            "Alice",
            &["I'm voting for the one in the hat, you know who."],
        ),
        post(3, "Carol", &["**Vote: Bob**"]),
    ];
    let fix = "[[corrections]]\nat = 2\nvote = { voter = \"Alice\", target = \"Bob\" }\n";
    let (plain, corrected) = replay(false, fix, &posts);
    assert_eq!(
        wagon_voters(&plain),
        [("Bob".to_string(), names(&["Carol"]))]
    );
    // Alice's vote came first (post 2), then Carol's.
    assert_eq!(
        wagon_voters(&corrected),
        [("Bob".to_string(), names(&["Alice", "Carol"]))]
    );
    // The day's vote log says where it came from.
    let log = corrected.status().votes;
    assert_eq!(log[0].post, 2);
    assert_eq!(log[0].voter, "Alice");
    assert!(log[0].raw.contains("game file"), "{}", log[0].raw);
}

#[test]
fn vote_for_no_lynch() {
    let posts = [
        post(1, "GM", &["Welcome."]),
        post(2, "Dave", &["nobody today"]),
    ];
    let fix = "[[corrections]]\nat = 2\nvote = { voter = \"Dave\", target = \"no lynch\" }\n";
    let (_, corrected) = replay(false, fix, &posts);
    assert_eq!(
        wagon_voters(&corrected),
        [("No Lynch".to_string(), names(&["Dave"]))]
    );
}

#[test]
fn unvote_takes_back_a_vote_withdrawn_in_words() {
    let posts = [
        post(1, "GM", &["Welcome."]),
        post(2, "Alice", &["**Vote: Bob**"]),
        post(3, "Alice", &["Actually I take my vote off Bob for now."]),
    ];
    let fix = "[[corrections]]\nat = 3\nunvote = \"Alice\"\n";
    let (plain, corrected) = replay(false, fix, &posts);
    assert_eq!(wagon_voters(&plain).len(), 1);
    assert!(wagon_voters(&corrected).is_empty());
}

#[test]
fn move_deadline_moves_the_deadline_from_the_post_on() {
    let posts = [
        post_at(1, "GM", "2026-03-02 10:00", &["Welcome."]),
        post_at(
            2,
            "GM",
            "2026-03-02 12:00",
            &["Holiday tomorrow, so you get an extra day."],
        ),
        post_at(3, "Alice", "2026-03-03 19:00", &["**Vote: Bob**"]),
    ];
    let fix = "[[corrections]]\nat = 2\nmove_deadline = \"24h later\"\n";
    let (plain, corrected) = replay(true, fix, &posts);
    // Day 1 would have ended 2026-03-03 18:00; moved, it ends 2026-03-04 18:00, so Alice's
    // vote of 2026-03-03 19:00 counts.
    assert_eq!(plain.phase(), Phase::night(1));
    assert_eq!(corrected.phase(), Phase::day(1));
    let at = corrected
        .schedule()
        .current()
        .at
        .clone()
        .expect("a deadline");
    assert_eq!(at.to_string(), "2026-03-04T18:00:00+00:00[UTC]");
    assert_eq!(
        wagon_voters(&corrected),
        [("Bob".to_string(), names(&["Alice"]))]
    );
}

#[test]
fn alias_makes_a_nickname_count_from_that_post_on() {
    let posts = [
        post(1, "GM", &["Welcome."]),
        post(2, "Carol", &["**Vote: Hatman**"]),
        post(3, "Alice", &["**Vote: Hatman**"]),
    ];
    // The alias is added after post 2: Carol's vote stays unread, Alice's counts.
    let fix = "[[corrections]]\nat = 2\nalias = { name = \"Hatman\", slot = \"Bob\" }\n";
    let (plain, corrected) = replay(false, fix, &posts);
    assert!(wagon_voters(&plain).is_empty());
    assert_eq!(
        wagon_voters(&corrected),
        [("Bob".to_string(), names(&["Alice"]))]
    );
}

// --- slots, refusals, missing posts ------------------------------------------------------

#[test]
fn a_replaced_players_old_and_new_names_are_one_voter() {
    let posts = [
        post(1, "GM", &["Welcome."]),
        post(2, "Erin", &["hello"]),
        post(3, "GM", &["Erin has replaced Dave."]),
        post(4, "Erin", &["my vote is for the quiet one"]),
    ];
    // Written with the old name (the game file knows only it), cast as the slot: Erin.
    let fix = "[[corrections]]\nat = 4\nvote = { voter = \"Dave\", target = \"Carol\" }\n";
    let (_, corrected) = replay(false, fix, &posts);
    assert_eq!(
        wagon_voters(&corrected),
        [("Carol".to_string(), names(&["Erin"]))]
    );
}

#[test]
fn a_correction_the_rules_refuse_is_on_the_review_list_as_the_game_files() {
    let posts = [
        post(1, "GM", &["Welcome."]),
        post(2, "GM", &["It is now Night 1."]),
        post(3, "Alice", &["I'd vote Bob if I could."]),
    ];
    let fix = "[[corrections]]\nat = 3\nvote = { voter = \"Alice\", target = \"Bob\" }\n\n\
               [[corrections]]\nat = 3\nresurrect = \"Carol\"\n";
    let (_, corrected) = replay(false, fix, &posts);
    assert!(wagon_voters(&corrected).is_empty());
    assert_eq!(
        from_the_game_file(&corrected),
        [
            "the correction `vote = { voter = \"Alice\", target = \"Bob\" }` at post 3 was not \
             applied: it is night 1, not day",
            "the correction `resurrect = \"Carol\"` at post 3 was not applied: Carol is alive",
        ]
    );
}

#[test]
fn a_correction_at_a_post_number_the_thread_lacks_applies_before_the_next_post() {
    // Post 3 was deleted: the host wrote the correction against the forum's numbering.
    let posts = [
        post(1, "GM", &["Welcome."]),
        post(2, "Alice", &["**Vote: Bob**"]),
        post(4, "Bob", &["**Vote: Alice**"]),
    ];
    let fix = "[[corrections]]\nat = 3\nunvote = \"Alice\"\n";
    let (_, corrected) = replay(false, fix, &posts);
    assert_eq!(
        wagon_voters(&corrected),
        [("Alice".to_string(), names(&["Bob"]))]
    );
    assert!(from_the_game_file(&corrected).is_empty());
}

#[test]
fn a_correction_past_the_last_post_waits_on_the_review_list() {
    let posts = [post(1, "GM", &["Welcome."]), post(2, "Alice", &["hi"])];
    let fix = "[[corrections]]\nat = 20\ndies = \"Bob\"\n";
    let (_, corrected) = replay(false, fix, &posts);
    assert!(dead(&corrected).is_empty());
    let items = from_the_game_file(&corrected);
    assert_eq!(items.len(), 1);
    assert!(
        items[0].starts_with("the correction `dies = \"Bob\"` at post 20 is not applied yet"),
        "{}",
        items[0]
    );
    // When post 21 comes, it applies.
    let mut t = corrected.clone();
    t.apply(&post(21, "Carol", &["late"]));
    assert_eq!(dead(&t), names(&["Bob"]));
    assert!(from_the_game_file(&t).is_empty());
}

#[test]
fn the_fold_stays_a_fold_a_replayed_post_does_not_apply_its_correction_twice() {
    let posts = [
        post(1, "GM", &["Welcome."]),
        post(2, "Alice", &["the hat one"]),
    ];
    let fix = "[[corrections]]\nat = 2\nvote = { voter = \"Alice\", target = \"Bob\" }\n";
    let (_, once) = replay(false, fix, &posts);
    let mut twice = Tracker::new(game(false, fix)).expect("tracker");
    twice.apply_all(&posts);
    twice.apply_all(&posts);
    assert_eq!(once, twice);
    assert_eq!(once.status().votes.len(), 1);
}

// --- the records in the game file ------------------------------------------------------

fn parse_error(extra: &str) -> String {
    match Game::parse(&game_file(false, extra), "game.toml") {
        Err(e @ ConfigError::Invalid { .. }) => e.to_string(),
        other => panic!("expected an error, got {other:?}"),
    }
}

#[test]
fn every_action_reads_back_from_the_toml_it_writes() {
    let records = [
        CorrectionAction::Phase(Phase::day(4)),
        CorrectionAction::EndPhase,
        CorrectionAction::Dies("Bob".into()),
        CorrectionAction::Resurrect("Bob".into()),
        CorrectionAction::Replace {
            new: "Erin \"the quiet\"".into(),
            old: "Dave".into(),
        },
        CorrectionAction::Vote {
            voter: "Alice".into(),
            target: "Carol".into(),
        },
        CorrectionAction::Vote {
            voter: "Alice".into(),
            target: "no lynch".into(),
        },
        CorrectionAction::Unvote("Alice".into()),
        CorrectionAction::MoveDeadline(jiff::SignedDuration::from_hours(24)),
        CorrectionAction::MoveDeadline(jiff::SignedDuration::from_mins(-90)),
        CorrectionAction::Alias {
            name: "Hatman".into(),
            slot: "Bob".into(),
        },
    ];
    let written: Vec<Correction> = records
        .iter()
        .enumerate()
        .map(|(i, action)| Correction {
            at: 100 + i as u64,
            action: action.clone(),
            comment: (i % 2 == 0).then(|| format!("note {i}: \"quoted\" \\ backslash")),
        })
        .collect();
    let text: String = written.iter().map(|c| c.to_toml() + "\n").collect();
    let game = game(false, &text);
    assert_eq!(game.corrections, written);
    // One record alone, as the service's form takes it, reads the same.
    for c in &written {
        assert_eq!(
            game.parse_corrections(&c.to_toml(), "form")
                .expect("one record"),
            std::slice::from_ref(c)
        );
    }
}

#[test]
fn the_example_of_the_brief_reads() {
    let game = game(
        false,
        "[[corrections]]\nat = 410\nphase = \"Day 4\"\ncomment = \"host forgot\"\n",
    );
    assert_eq!(
        game.corrections,
        [Correction {
            at: 410,
            action: CorrectionAction::Phase(Phase::day(4)),
            comment: Some("host forgot".into()),
        }]
    );
}

#[test]
fn a_record_with_two_actions_is_refused_at_the_second() {
    // Lines 8-11 of the file: the header, at, dies, resurrect.
    let e = parse_error("[[corrections]]\nat = 3\ndies = \"Bob\"\nresurrect = \"Carol\"\n");
    assert!(
        e.starts_with(
            "game.toml:11:13: the correction at post 3 has 2 actions (expected exactly one"
        ),
        "{e}"
    );
}

#[test]
fn a_record_without_an_action_is_refused() {
    let e = parse_error("[[corrections]]\nat = 3\ncomment = \"oops\"\n");
    assert!(
        e.contains("has no action (expected one of phase, end_phase, dies"),
        "{e}"
    );
}

#[test]
fn a_name_not_in_the_game_is_refused_where_it_is_written() {
    let e = parse_error("[[corrections]]\nat = 3\ndies = \"Bobb\"\n");
    assert!(
        e.starts_with("game.toml:10:8: dies `Bobb` is not a player of this game"),
        "{e}"
    );
    // A name a replacement brings in is known.
    let g = game(
        false,
        "[[corrections]]\nat = 3\nreplace = { new = \"Erin\", old = \"Dave\" }\n\n\
         [[corrections]]\nat = 5\nunvote = \"Erin\"\n",
    );
    assert_eq!(g.corrections.len(), 2);
}

#[test]
fn an_unknown_key_a_bad_phase_and_a_bad_move_are_refused() {
    let e = parse_error("[[corrections]]\nat = 3\nkills = \"Bob\"\n");
    assert!(
        e.starts_with("game.toml:10:1: unknown field `kills`"),
        "{e}"
    );
    let e = parse_error("[[corrections]]\nat = 3\nphase = \"Dusk 2\"\n");
    assert!(
        e.starts_with("game.toml:10:9: cannot read phase `Dusk 2` (expected a phase such as"),
        "{e}"
    );
    let e = parse_error("[[corrections]]\nat = 3\nmove_deadline = \"24h\"\n");
    assert!(
        e.contains("(expected a time and `later` or `earlier`"),
        "{e}"
    );
    let e = parse_error("[[corrections]]\nat = 3\nend_phase = false\n");
    assert!(e.contains("end_phase = false does nothing"), "{e}");
}

#[test]
fn a_record_on_its_own_names_its_line_when_it_does_not_parse() {
    let game = game(false, "");
    let e = game
        .parse_corrections("at = 3\nvote = { voter = \"Alice\" }\n", "correction")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("correction:2:"), "{e}");
    assert!(e.contains("missing field `target`"), "{e}");
}

// --- a real thread ---------------------------------------------------------------------

/// mafiascum thread 16214 (Game 1117: Manhattan Special, fixtures/threads/mafiascum): the
/// generated game file names the account `sapovirus`, which posts as `saporovirus` (so the
/// Day 5 lynch was not read and four players stayed alive); the host announced "LynchMePls,
/// Vanilla Townie, has died." by the replacement's account name in the post that opens Day 6
/// (682), so the record that kills him in Night 5 is at 681, the post that opened the night
/// (a record applies after its whole post); and no host post announces the Day 7 lynch after
/// Klazam's hammer (718). Three records bring the thread to the archive's truth: Day 7
/// lynched Substrike22, Erratus Apathos and Klazam left.
#[test]
fn three_records_bring_a_real_thread_to_the_archives_truth() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures/threads/mafiascum"
    );
    let file = std::fs::read_to_string(format!("{dir}/games/16214.toml")).expect("game file");
    let fix = "\n[[corrections]]\nat = 0\nreplace = { new = \"saporovirus\", old = \"sapovirus\" }\n\n\
               [[corrections]]\nat = 681\ndies = \"LynchMePls\"\ncomment = \"Vanilla Townie\"\n\n\
               [[corrections]]\nat = 718\ndies = \"Substrike22\"\ncomment = \"lynched Day 7\"\n";
    let replay = |text: &str| {
        let game = Game::parse(text, "16214.toml").expect("game file");
        let mut tracker = Tracker::new(game).expect("tracker");
        let mut source =
            mafia_posts::JsonlSource::open(format!("{dir}/posts/16214.jsonl")).expect("posts");
        let batch = source.read().expect("posts");
        for raw in &batch.posts {
            tracker.apply(&raw.normalise());
        }
        tracker
    };
    let plain = replay(&file);
    let corrected = replay(&(file.clone() + fix));
    let alive = |t: &Tracker| -> Vec<String> {
        t.slots()
            .iter()
            .filter(|s| s.alive)
            .map(|s| s.name.clone())
            .collect()
    };
    assert!(alive(&plain).contains(&"sapovirus".to_string()));
    assert!(alive(&plain).contains(&"Substrike22".to_string()));
    // The host's "LynchMePls, Vanilla Townie, has died." (post 682) names the newcomer of
    // "AGar replaces el simo. LynchMePls replaces CrazyQuestions." (post 605), whose account
    // the thread does not show posting under that name: since branch s9-fresh the reader
    // knows a newcomer's name from the replacement on, so the line is the slot's death (it
    // had been left alive, which the record at 681 mended).
    assert!(!alive(&plain).contains(&"CrazyQuestions".to_string()));
    assert!(!alive(&plain).contains(&"LynchMePls".to_string()));
    // The archive: Erratus Apathos (mafia) and Klazam are left.
    assert_eq!(alive(&corrected), names(&["Klazam", "Erratus Apathos"]));
    let death = |name: &str| {
        let slot = corrected
            .slots()
            .iter()
            .find(|s| s.name == name)
            .expect(name);
        let d = slot.death.as_ref().expect("dead");
        (d.phase, d.post, d.comment.clone())
    };
    // The record's death at 681; the host's own line at 682, now read (see above), restates
    // it in the host's words.
    assert_eq!(
        death("CrazyQuestions"),
        (
            Phase::night(5),
            681,
            "LynchMePls, Vanilla Townie, has died.".to_string()
        )
    );
    assert_eq!(death("Substrike22").1, 718);
    // With three alive, two votes hammer: Erratus Apathos's (post 710) and Klazam's bold
    // `vote substrike` (718) end Day 7.
    let day7 = corrected.days().last().expect("Day 7 ended");
    assert_eq!(day7.phase, Phase::day(7));
    assert_eq!(day7.hammer, Some(("Substrike22".to_string(), 718)));
    assert_eq!(
        day7.tally.wagons[0].voters,
        names(&["Erratus Apathos", "Klazam"])
    );
    assert_eq!(from_the_game_file(&corrected), Vec::<String>::new());
}

// --- the review list's fixes, pasted back ---------------------------------------------

/// The host asks for a replacement for Bob and never says who came; Zed posts and votes. The
/// review item names the record to add; pasted into the game file, Zed holds Bob's slot from
/// that post on and the vote counts.
#[test]
fn an_unknown_posters_fix_pasted_into_the_game_file_seats_the_replacement() {
    let posts = [
        post(1, "GM", &["Welcome."]),
        post(
            2,
            "GM",
            &["Bob has requested replacement. I will find someone asap."],
        ),
        post(3, "Zed", &["Hi all, sorry I am late.", "**Vote: Carol**"]),
    ];
    let mut t = Tracker::new(game(false, "")).expect("tracker");
    t.apply_all(&posts);
    let item = t
        .review()
        .iter()
        .find(|r| r.kind == ReviewKind::Replacement)
        .expect("a replacement item");
    let fix = item.fix.clone().expect("a fix");
    assert_eq!(
        fix,
        "[[corrections]]\nat = 2\nreplace = { new = \"Zed\", old = \"Bob\" }\n"
    );
    let (_, corrected) = replay(false, &fix, &posts);
    assert_eq!(corrected.slots()[1].name, "Zed");
    assert_eq!(
        wagon_voters(&corrected),
        vec![("Carol".into(), names(&["Zed"]))]
    );
}
