//! GM command recognition, following `gm-commands.txt` and `gm-commands-2016.html`.

use jiff::SignedDuration;
use mafia_posts::{Body, Line, Span, SpanKind};
use mafia_tracker::commands::{
    Command, Dialect, Names, Newcomer, Recogniser, parse_duration, recognise,
};
use mafia_tracker::phase::{Phase, PhaseKind};

// ---- scenario helpers -------------------------------------------------------------------

const PLAYERS: &[&str] = &[
    "Alice",
    "GlowingBear",
    "Bob",
    "Bobby",
    "Carol",
    "Artanis[Xp]",
    "Big Al",
    "Al",
    "Mr. X",
    "Player 7",
    "Åsa",
];
/// Users who are not players (yet): possible replacements.
const OTHER_USERS: &[&str] = &["Dave", "Eve the GM"];

fn players() -> Vec<String> {
    PLAYERS.iter().map(|s| s.to_string()).collect()
}

fn users() -> Vec<String> {
    PLAYERS
        .iter()
        .chain(OTHER_USERS)
        .map(|s| s.to_string())
        .collect()
}

fn body(text: &str) -> Body {
    Body {
        lines: text.lines().map(Line::plain).collect(),
    }
}

fn commands_in(body: &Body, dialect: Dialect) -> Vec<Command> {
    let (p, u) = (players(), users());
    let names = Names {
        players: &p,
        users: &u,
    };
    recognise(body, names, dialect)
        .commands
        .into_iter()
        .map(|r| r.command)
        .collect()
}

/// The commands a GM post (one line per `\n`) contains.
fn read(post: &str) -> Vec<Command> {
    commands_in(&body(post), Dialect::Current)
}

/// The same, for a game using the 2016 command set.
fn read_2016(post: &str) -> Vec<Command> {
    commands_in(&body(post), Dialect::V2016)
}

/// The reasons given for lines that look like commands but cannot be read.
fn problems(post: &str) -> Vec<String> {
    let (p, u) = (players(), users());
    let names = Names {
        players: &p,
        users: &u,
    };
    recognise(&body(post), names, Dialect::Current)
        .problems
        .into_iter()
        .map(|p| p.reason)
        .collect()
}

fn death(player: &str, comment: &str) -> Command {
    Command::Death {
        player: player.into(),
        comment: comment.into(),
        phase: None,
        lynch: false,
    }
}

/// A death whose words say a lynch ("has been lynched").
fn lynched(player: &str, comment: &str) -> Command {
    Command::Death {
        player: player.into(),
        comment: comment.into(),
        phase: None,
        lynch: true,
    }
}

/// A winner named in a sentence of its own ("Town wins!").
fn winner(side: &str) -> Command {
    Command::Winner {
        side: side.into(),
        alone: true,
    }
}

fn moved(minutes: i64) -> Command {
    Command::MoveDeadline {
        by: SignedDuration::from_mins(minutes),
    }
}

fn announce(phase: Phase) -> Command {
    Command::Announce { phase }
}

fn hours(h: i64) -> i64 {
    h * 60
}

fn days(d: i64) -> i64 {
    d * 24 * 60
}

/// A line written entirely in bold, as hosts write their day headings.
fn bold(text: &str) -> Line {
    Line {
        text: text.into(),
        spans: vec![Span {
            range: 0..text.len(),
            kind: SpanKind::Bold,
        }],
    }
}

// ---- deaths -----------------------------------------------------------------------------

#[test]
fn a_player_who_died_is_dead_with_the_whole_line_as_comment() {
    // "in the night" also says the night is over (mafiascum 21920 post 1795: "triangle123
    // died last night. She was a Vanilla Townie.", the only word that Day 7 began).
    assert_eq!(
        read("Bob has died in the night."),
        [
            death("Bob", "Bob has died in the night."),
            Command::AnnounceKind {
                kind: PhaseKind::Night,
                begun: false
            }
        ]
    );
    assert_eq!(read("Bob has died."), [death("Bob", "Bob has died.")]);
}

#[test]
fn every_death_word_of_the_spec_is_recognised() {
    for line in [
        "Bob died",
        "Bob is dead",
        "Bob has been lynched",
        "Bob has been killed",
        "Bob has been eaten",
    ] {
        let expected = if line.contains("lynched") {
            lynched("Bob", line)
        } else {
            death("Bob", line)
        };
        assert_eq!(read(line), [expected], "{line}");
    }
}

#[test]
fn a_recogniser_built_once_reads_every_post_like_recognise() {
    // `recognise` itself builds a `Recogniser` per call, so comparing the two proves nothing:
    // one recogniser reads post after post, each checked against what the spec gives.
    let (p, u) = (players(), users());
    let recogniser = Recogniser::new(
        Names {
            players: &p,
            users: &u,
        },
        Dialect::Current,
    );
    let read_with = |post: &str| -> Vec<Command> {
        recogniser
            .recognise(&body(post))
            .commands
            .into_iter()
            .map(|r| r.command)
            .collect()
    };
    assert_eq!(
        read_with("Bob has been lynched. He was the Cop."),
        [lynched("Bob", "the Cop.")]
    );
    assert_eq!(
        read_with("Dave has replaced Carol"),
        [Command::Replace {
            new: "Dave".into(),
            old: "Carol".into()
        }]
    );
    let bobb = recogniser.recognise(&body("##RESURRECT Bobb"));
    assert_eq!(bobb.commands, []);
    assert!(bobb.problems[0].reason.contains("`Bobb` is not a player"));
    assert_eq!(read_with("It is now Night 1"), [announce(Phase::night(1))]);
}

#[test]
fn shot_and_modkilled_are_deaths_as_teamliquid_hosts_write_them() {
    for line in [
        "GlowingBear the VT has been shot!",
        "Effective immediately, GlowingBear the Vanilla Town has been modkilled.",
    ] {
        assert_eq!(read(line), [death("GlowingBear", line)], "{line}");
    }
    // Rules text without a name is no death.
    assert_eq!(read("If you are modkilled, you may be banned."), []);
}

#[test]
fn case_does_not_matter_and_the_name_comes_out_as_spelled_in_the_game() {
    assert_eq!(
        read("BOB HAS BEEN LYNCHED"),
        [lynched("Bob", "BOB HAS BEEN LYNCHED")]
    );
}

#[test]
fn the_comment_is_what_follows_he_was_or_she_was() {
    assert_eq!(
        read("Bob has been lynched. He was a Vanilla Townie."),
        [lynched("Bob", "a Vanilla Townie.")]
    );
    assert_eq!(
        read("Carol died! She was the Mafia Goon"),
        [death("Carol", "the Mafia Goon")]
    );
}

#[test]
fn they_were_also_opens_a_comment() {
    assert_eq!(
        read("Alice is dead. They were the Doctor."),
        [death("Alice", "the Doctor.")]
    );
}

#[test]
fn case_does_not_matter_beyond_ascii_either() {
    assert_eq!(read("ÅSA HAS DIED"), [death("Åsa", "ÅSA HAS DIED")]);
}

#[test]
fn dead_inside_deadline_is_not_a_death() {
    assert_eq!(read("Bob, the deadline is tomorrow at 20:00"), []);
    assert_eq!(read("Bob is undead"), []);
}

#[test]
fn a_name_inside_a_longer_word_is_not_the_player() {
    assert_eq!(read("Bobby died"), [death("Bobby", "Bobby died")]);
    assert_eq!(read("JimBob died"), []);
}

#[test]
fn a_misspelled_name_is_not_a_death() {
    assert_eq!(read("Bobb has died"), []);
}

#[test]
fn the_name_must_come_before_the_death_word() {
    assert_eq!(read("Dead: Bob"), []);
}

#[test]
fn the_name_must_be_in_the_same_sentence() {
    assert_eq!(read("We miss Bob. The cop has died."), []);
}

#[test]
fn names_with_punctuation_and_digits_match_whole() {
    assert_eq!(
        read("Artanis[Xp] has been eaten"),
        [death("Artanis[Xp]", "Artanis[Xp] has been eaten")]
    );
    assert_eq!(
        read("player 7 is dead"),
        [death("Player 7", "player 7 is dead")]
    );
    // The full stop inside "Mr. X" does not end the sentence.
    assert_eq!(read("Mr. X died"), [death("Mr. X", "Mr. X died")]);
}

#[test]
fn the_longest_name_wins_when_one_contains_another() {
    assert_eq!(
        read("Big Al has died"),
        [death("Big Al", "Big Al has died")]
    );
}

#[test]
fn several_deaths_in_one_post_one_per_line() {
    assert_eq!(
        read("Bob has died. He was the Cop.\nCarol has been killed. She was a Goon."),
        [death("Bob", "the Cop."), death("Carol", "a Goon.")]
    );
}

#[test]
fn a_list_of_names_before_one_death_word_all_die() {
    let line = "Alice, Bob and Carol have been killed";
    assert_eq!(
        read(line),
        [
            death("Alice", line),
            death("Bob", line),
            death("Carol", line)
        ]
    );
    assert_eq!(
        read("Alice and Bob are dead"),
        [
            death("Alice", "Alice and Bob are dead"),
            death("Bob", "Alice and Bob are dead")
        ]
    );
}

#[test]
fn only_the_name_nearest_the_death_word_dies_when_names_are_not_a_list() {
    let line = "Alice hammered Bob, who is now dead";
    assert_eq!(read(line), [death("Bob", line)]);
}

#[test]
fn two_deaths_on_one_line_each_keep_their_own_comment() {
    assert_eq!(
        read("Bob has died. He was the Cop. Carol is dead. She was a Goon."),
        [death("Bob", "the Cop."), death("Carol", "a Goon.")]
    );
}

#[test]
fn restating_a_death_is_recognised_again_with_the_new_comment() {
    assert_eq!(
        read("Bob died. He was the Cop.\nCorrection: Bob died. He was the Sheriff."),
        [death("Bob", "the Cop."), death("Bob", "the Sheriff.")]
    );
}

// ---- ##RESURRECT ------------------------------------------------------------------------

#[test]
fn resurrect_names_one_player() {
    assert_eq!(
        read("##RESURRECT Bob"),
        [Command::Resurrect {
            player: "Bob".into()
        }]
    );
    assert_eq!(
        read("##resurrect big al"),
        [Command::Resurrect {
            player: "Big Al".into()
        }]
    );
}

#[test]
fn resurrect_with_an_unknown_name_is_a_problem() {
    assert_eq!(read("##RESURRECT Bobb"), []);
    let reasons = problems("##RESURRECT Bobb");
    assert_eq!(reasons.len(), 1);
    assert!(reasons[0].contains("`Bobb` is not a player"), "{reasons:?}");
}

#[test]
fn resurrect_suggests_a_unique_near_name() {
    let reasons = problems("##RESURRECT Carl");
    assert!(reasons[0].contains("did you mean `Carol`?"), "{reasons:?}");
}

#[test]
fn resurrect_without_a_name_or_not_on_its_own_line_is_a_problem() {
    assert_eq!(read("##RESURRECT"), []);
    assert!(problems("##RESURRECT")[0].contains("expected a player name"));
    assert_eq!(read("Oops, ##RESURRECT Bob"), []);
    assert!(problems("Oops, ##RESURRECT Bob")[0].contains("must open its own line"));
}

// ---- ended early ------------------------------------------------------------------------

#[test]
fn day_or_night_has_ended_early_ends_the_phase_of_that_kind() {
    assert_eq!(
        read("Day 2 has ended early."),
        [Command::EndEarly {
            kind: PhaseKind::Day
        }]
    );
    assert_eq!(
        read("NIGHT 1 HAS ENDED EARLY"),
        [Command::EndEarly {
            kind: PhaseKind::Night
        }]
    );
    assert_eq!(
        read("Day has ended early!"),
        [Command::EndEarly {
            kind: PhaseKind::Day
        }]
    );
}

#[test]
fn night_has_ended_early_is_not_an_announcement() {
    assert_eq!(
        read("Night 1 has ended early"),
        [Command::EndEarly {
            kind: PhaseKind::Night
        }]
    );
}

#[test]
fn ended_early_with_other_text_on_the_line_is_a_problem() {
    for line in [
        "Note: Day 2 has ended early",
        "Day 2 has ended early, votecount below",
        "The vote ended early",
    ] {
        assert_eq!(read(line), [], "{line}");
        assert!(
            problems(line)[0].contains("no other text on the line"),
            "{line}"
        );
    }
}

// ---- deadline moves ---------------------------------------------------------------------

#[test]
fn the_spec_headline_moves() {
    assert_eq!(read("DEADLINE IS MOVED 1 DAY LATER"), [moved(days(1))]);
    assert_eq!(read("Deadline moved 24 H EARLIER"), [moved(-hours(24))]);
}

#[test]
fn every_time_expression_of_the_spec() {
    let cases = [
        ("2D", days(2)),
        ("1H", hours(1)),
        ("1 D 12 H", days(1) + hours(12)),
        ("1D12H", days(1) + hours(12)),
        ("1D 23H 30M", days(1) + hours(23) + 30),
        ("2 days", days(2)),
        ("24 hours", hours(24)),
        ("1 day 12 hours 34 minutes", days(1) + hours(12) + 34),
    ];
    for (time, minutes) in cases {
        let later = format!("The deadline has been moved {time} later.");
        let earlier = format!("Deadline moved {time} earlier");
        assert_eq!(read(&later), [moved(minutes)], "{later}");
        assert_eq!(read(&earlier), [moved(-minutes)], "{earlier}");
    }
}

#[test]
fn other_spellings_of_units() {
    for (time, minutes) in [
        ("24H", hours(24)),
        ("24 H", hours(24)),
        ("1 hour", hours(1)),
        ("3 hrs", hours(3)),
        ("30 min", 30),
        ("45 mins", 45),
        ("1 minute", 1),
        ("1 day and 6 hours", days(1) + hours(6)),
        ("by 12 hours", hours(12)),
        ("a day", days(1)),
    ] {
        assert_eq!(
            parse_duration(time),
            Ok(SignedDuration::from_mins(minutes)),
            "{time}"
        );
    }
}

#[test]
fn a_move_without_a_readable_time_is_a_problem() {
    for (line, expected) in [
        ("Deadline moved later", "no time given"),
        ("Deadline moved 1.5 days later", "`1.5` is a fraction"),
        ("Deadline moved 2 weeks later", "unknown unit `weeks`"),
        ("Deadline moved 24 later", "`24` has no unit"),
        ("Deadline moved 1 day 1 day later", "days are given twice"),
        ("Deadline moved 0 hours later", "by no time at all"),
    ] {
        assert_eq!(read(line), [], "{line}");
        let reasons = problems(line);
        assert!(reasons[0].contains(expected), "{line}: {reasons:?}");
    }
}

#[test]
fn a_move_without_later_or_earlier_is_a_problem() {
    assert_eq!(read("Deadline moved to Friday"), []);
    assert!(problems("Deadline moved to Friday")[0].contains("LATER or EARLIER is missing"));
}

#[test]
fn the_words_must_come_in_order() {
    assert_eq!(read("I moved the deadline 24 hours later"), []);
    assert_eq!(
        problems("I moved the deadline 24 hours later"),
        Vec::<String>::new()
    );
}

#[test]
fn the_2016_form_gives_hours_before_later() {
    assert_eq!(read_2016("DEADLINE MOVED 24H LATER"), [moved(hours(24))]);
    assert_eq!(
        read_2016("Deadline is 12 hours earlier"),
        [moved(-hours(12))]
    );
    // The 2016 bot looked for a number of hours.
    assert_eq!(read_2016("Deadline is pushed 24 later"), [moved(hours(24))]);
}

// ---- replacements -----------------------------------------------------------------------

#[test]
fn a_known_user_replaces_a_player() {
    let replace = || Command::Replace {
        new: "Dave".into(),
        old: "Bob".into(),
    };
    assert_eq!(read("Dave has replaced Bob"), [replace()]);
    assert_eq!(read("dave IS REPLACING bob."), [replace()]);
}

#[test]
fn replacement_names_with_spaces_match_whole() {
    assert_eq!(
        read("Eve the GM is replacing Big Al"),
        [Command::Replace {
            new: "Eve the GM".into(),
            old: "Big Al".into()
        }]
    );
}

#[test]
fn an_unknown_replacement_or_a_shortened_old_name_is_kept_as_written() {
    // mafiascum hosts name the replacement before their first post (thread 16214 post 298,
    // "Fugitive replaces ConfidAnon."): the name is kept as written for the fold.
    assert_eq!(
        read("Frank has replaced Bob"),
        [Command::Fill {
            new: Newcomer::Written("Frank".into()),
            old: Some("Bob".into())
        }]
    );
    assert!(problems("Frank has replaced Bob").is_empty());
    // A name that is no player's is kept as written, for the fold to read as a near miss
    // ("Xvart replaces TWIE", thread 17645 post 1328) or refuse.
    assert_eq!(
        read("Dave has replaced Bobb"),
        [Command::Fill {
            new: Newcomer::Known("Dave".into()),
            old: Some("Bobb".into())
        }]
    );
    let long = "Dave has replaced one of the players who left us";
    assert_eq!(read(long), []);
    assert!(problems(long)[0].contains("not a player"));
}

fn fill(new: Newcomer, old: Option<&str>) -> Command {
    Command::Fill {
        new,
        old: old.map(str::to_string),
    }
}

fn vacancy(player: &str) -> Command {
    Command::Vacancy {
        player: player.into(),
    }
}

#[test]
fn hosts_replacement_phrasings_name_new_and_old() {
    let replace = || Command::Replace {
        new: "Dave".into(),
        old: "Bob".into(),
    };
    // mafiascum hosts (thread 16214 post 527, 17230 post 176, 17401 post 128, 28540 post
    // 663, 63042 post 595).
    for line in [
        "Dave replaces Bob.",
        "Dave replaces Bob, effective immediately.",
        "Bob is replaced by Dave!",
        "Bob has been replaced by Dave",
        "Bob was replaced by Dave.",
        "Bob has been replaced with Dave.",
        "Dave is in for Bob.",
        "Dave subs in for Bob",
        "Dave is subbing in for Bob",
        "Dave has subbed in for Bob",
        "Dave replaces in for Bob.",
        "Dave replaced Bob.",
        "Dave will be replacing Bob.",
    ] {
        assert_eq!(read(line), [replace()], "{line}");
    }
    // The longest name wins: Bobby, not Bob.
    assert_eq!(
        read("Dave replaces Bobby."),
        [Command::Replace {
            new: "Dave".into(),
            old: "Bobby".into()
        }]
    );
}

#[test]
fn a_replacement_who_has_not_posted_is_kept_as_written() {
    // "Richard is not able to replace in. Fugitive replaces ConfidAnon." (16214 post 298).
    assert_eq!(
        read("Richard is not able to replace in. Fugitive replaces Bob."),
        [fill(Newcomer::Written("Fugitive".into()), Some("Bob"))]
    );
    // "Quilford is replaced by the wonderful Empking!" (17230 post 176).
    assert_eq!(
        read("Bob is replaced by the wonderful Empking!"),
        [fill(
            Newcomer::Written("the wonderful Empking".into()),
            Some("Bob")
        )]
    );
    // The name must stand next to the words, or before an appositive between commas:
    // "Jabberwock, a hydra of Empire and Tierce, replaces Dire_Drenz" (thread 24075 post
    // 190; the archive has "Jabberwock replaced Dire_Drenz", and Jabberwock posts) is read
    // as Jabberwock, not Tierce.
    let hydra = "Jabberwock, a hydra of Zoe and Quinn, replaces Bob";
    assert_eq!(
        read(hydra),
        [fill(Newcomer::Written("Jabberwock".into()), Some("Bob"))]
    );
    // A longer clause between the commas is no appositive: nobody is named.
    let long = "Jabberwock, a hydra of Zoe and Quinn and Ann, replaces Bob";
    assert_eq!(read(long), []);
    assert!(problems(long)[0].contains("not named"));
    // A bare "replaced" needs the name to open its clause within four words.
    assert_eq!(read("During the night the mod replaced Bob"), []);
    // "is in for" between a user and no player is no replacement, and no problem.
    assert_eq!(read("Dave is in for a surprise."), []);
    assert!(problems("Dave is in for a surprise.").is_empty());
}

#[test]
fn requests_for_a_replacement_open_the_slots_they_name() {
    // "Searching for a replacement for TheLonging." (16214 post 511), "Fatso has requested
    // replacement." (16769 post 201), "Otolia is being force replaced" (16959 post 977),
    // "Now seeking replacements for iamausername and Rhinox." (17401 post 410).
    for line in [
        "Bob is flaking, please help me find a replacement.",
        "Bob needs a replacement.",
        "Replacement needed for Bob!",
        "Searching for a replacement for Bob.",
        "Currently looking for a replacement for Bob... *sigh*",
        "Bob has requested replacement.",
        "Bob has now requested to be replaced",
        "Bob is being force-replaced for failing to pick up his prod.",
    ] {
        assert_eq!(read(line), [vacancy("Bob")], "{line}");
    }
    assert_eq!(
        read("Now seeking replacements for Bob and Carol."),
        [vacancy("Bob"), vacancy("Carol")]
    );
    // The rest of the line is still read.
    assert_eq!(
        read("Searching for a replacement for Bob. Alice has died."),
        [
            vacancy("Bob"),
            death(
                "Alice",
                "Searching for a replacement for Bob. Alice has died."
            )
        ]
    );
}

#[test]
fn filled_by_opens_its_sentence() {
    assert_eq!(
        read("Filled by Dave — thanks!"),
        [fill(Newcomer::Known("Dave".into()), None)]
    );
    assert_eq!(
        read("Thanks! Replaced by Zed."),
        [fill(Newcomer::Written("Zed".into()), None)]
    );
    assert_eq!(
        read("Dave is in!"),
        [fill(Newcomer::Known("Dave".into()), None)]
    );
    // Rules text (Student Mafia V's opening post) and descriptions are not fills.
    assert_eq!(
        read("Players who are inactive may be replaced by other players."),
        []
    );
    assert_eq!(read("Filled by a player who was on the list before"), []);
    assert_eq!(read("Deadline is in 48 hours."), []);
}

// ---- game end ---------------------------------------------------------------------------

#[test]
fn the_game_end_phrases() {
    for line in ["GAME HAS ENDED", "The game is over"] {
        assert_eq!(read(line), [Command::EndGame], "{line}");
    }
    // The winner the host names is read too (issue 11 point 8).
    assert_eq!(
        read("The game ended! Town wins."),
        [Command::EndGame, winner("Town")]
    );
}

#[test]
fn the_unend_phrases_are_not_read_as_end() {
    for line in ["UNEND GAME", "The game has unended", "Game unended, sorry"] {
        assert_eq!(read(line), [Command::UnendGame], "{line}");
    }
}

// ---- the 2016 dialect ---------------------------------------------------------------------

#[test]
fn the_2016_phase_change_commands() {
    assert_eq!(
        read_2016("Day 2 has begun!"),
        [Command::PhaseChange2016 {
            kind: PhaseKind::Day,
            begun: true
        }]
    );
    assert_eq!(
        read_2016("Night 1 has ended"),
        [Command::PhaseChange2016 {
            kind: PhaseKind::Night,
            begun: false
        }]
    );
    assert_eq!(read_2016("The game has ended"), [Command::EndGame]);
}

#[test]
fn in_the_current_dialect_has_begun_is_an_announcement() {
    assert_eq!(read("Night 1 has begun"), [announce(Phase::night(1))]);
}

// ---- phase announcements ----------------------------------------------------------------

#[test]
fn the_ways_hosts_announce_a_phase() {
    for (line, phase) in [
        ("It is now Day 2.", Phase::day(2)),
        ("It's Night 3", Phase::night(3)),
        ("Night 1 has begun", Phase::night(1)),
        ("Day 3 begins now!", Phase::day(3)),
        ("Day 2 has started", Phase::day(2)),
        ("Night 1 is starting", Phase::night(1)),
        ("Day Two has begun", Phase::day(2)),
        ("Night 0 starts", Phase::night(0)),
    ] {
        assert_eq!(read(line), [announce(phase)], "{line}");
    }
}

/// tomsloger's Unreliable Cops Mafia (MTG Salvation): the opening post's "It is currently day
/// 1" and post 8's bold "Day 1 start."
#[test]
fn mtg_salvation_hosts_say_day_n_start_and_it_is_currently_day_n() {
    assert_eq!(read("Day 1 start."), [announce(Phase::day(1))]);
    assert_eq!(read("It is currently day 1"), [announce(Phase::day(1))]);
    assert_eq!(
        read("Night 1 is over. Day 2 start! You may post."),
        [announce(Phase::day(2))]
    );
    // A bare "start" that does not end its sentence announces nothing.
    assert_eq!(read("Day 2 start time is 20:00 UTC."), []);
    assert_eq!(read("Day 2 start and end times are in the OP"), []);
}

#[test]
fn an_announcement_may_follow_another_sentence() {
    assert_eq!(
        read("Night 1 has ended. Day 2 has begun."),
        [announce(Phase::day(2))]
    );
    assert_eq!(
        read("It is now Day 2. With 7 alive it takes 4 to lynch."),
        [announce(Phase::day(2))]
    );
}

#[test]
fn a_death_and_an_announcement_on_one_line() {
    assert_eq!(
        read("Bob has died. Day 2 begins now."),
        [
            death("Bob", "Bob has died. Day 2 begins now."),
            announce(Phase::day(2))
        ]
    );
}

#[test]
fn a_bold_day_heading_alone_on_its_line_announces_the_day() {
    let post = Body {
        lines: vec![bold("Day 2"), Line::plain("Eden1892 dropped the hammer.")],
    };
    assert_eq!(
        commands_in(&post, Dialect::Current),
        [announce(Phase::day(2))]
    );
}

#[test]
fn a_heading_that_says_more_is_not_an_announcement() {
    // (This test also held a plain "Day 1" line as no heading; a lone phase line in any
    // style now is one: mafiascum 63842 post 1039 writes "Night 4 <br>" unstyled, and 4
    // more lynches of the corpus land on their days; see the tests below.)
    let post = Body {
        lines: vec![
            bold("Day 2 Votecount"),
            Line::plain("Night 1 will be short"),
        ],
    };
    // "Day 2 Votecount" announces nothing, but says Day 2 is running (a catch-up for a
    // tracker that missed the day's start; 70230, 18910).
    assert_eq!(
        commands_in(&post, Dialect::Current),
        [Command::PhaseRunning {
            phase: Phase::day(2)
        }]
    );
}

#[test]
fn a_lone_phase_line_in_any_style_is_a_heading() {
    // 63842 post 1039: "Alchemist - Universal Backup town - lynched day 4<br><br>Night 4
    // <br>Please have you night action to me in 48 hours".
    let post = Body {
        lines: vec![
            Line::plain("Night 4 "),
            Line::plain("Please have your night action to me in 48 hours"),
        ],
    };
    assert_eq!(
        commands_in(&post, Dialect::Current),
        [announce(Phase::night(4))]
    );
}

#[test]
fn several_plain_phase_lines_are_a_recap_not_a_heading() {
    // TeamLiquid Hammertime Mafia post 0 and mafiascum end-of-game recaps list the phases
    // as plain lines, one under another.
    let post = Body {
        lines: vec![
            Line::plain("Day 1"),
            Line::plain("Toadesstern lynched"),
            Line::plain("Night 1"),
            Line::plain("Eden1892 shot"),
        ],
    };
    assert!(
        !commands_in(&post, Dialect::Current)
            .iter()
            .any(|c| matches!(c, Command::Announce { .. }))
    );
}

#[test]
fn the_same_phase_announced_twice_in_a_post_counts_once() {
    let post = Body {
        lines: vec![bold("Day 2"), Line::plain("It is now Day 2.")],
    };
    assert_eq!(
        commands_in(&post, Dialect::Current),
        [announce(Phase::day(2))]
    );
}

// ---- whole posts ------------------------------------------------------------------------

#[test]
fn a_day_post_with_a_death_a_move_and_an_announcement() {
    let post = "Night 1 has ended. Day 2 has begun.\n\
                Bob has been killed. He was the Cop.\n\
                Deadline moved 1D 12H later";
    assert_eq!(
        read(post),
        [
            announce(Phase::day(2)),
            death("Bob", "the Cop."),
            moved(days(1) + hours(12))
        ]
    );
}

#[test]
fn commands_report_their_line() {
    let (p, u) = (players(), users());
    let names = Names {
        players: &p,
        users: &u,
    };
    let found = recognise(&body("Flavour text.\n\nBob died"), names, Dialect::Current);
    assert_eq!(found.commands.len(), 1);
    assert_eq!(found.commands[0].line, 2);
    assert_eq!(found.commands[0].raw, "Bob died");
}

#[test]
fn hostile_text_is_read_without_panicking() {
    let nasty =
        "İİİ Bob ß died ﬃ. 🎲 \u{0}\u{202e} Deadline moved 9999999999999999999999 days later";
    assert_eq!(read(nasty), [death("Bob", nasty)]);
    assert!(problems(nasty)[0].contains("longer than a year"));
    assert_eq!(read_2016(nasty), [death("Bob", nasty)]);
    // A misplaced ##RESURRECT makes the whole line a problem for the GM to look at.
    let misplaced = format!("{nasty} ##RESURRECT İ");
    assert_eq!(read(&misplaced), []);
    assert!(problems(&misplaced)[0].contains("must open its own line"));
}

#[test]
fn a_huge_line_is_read_once_per_player() {
    // A quarter megabyte of deaths: each player dies once (and the line is read in linear time).
    let line = "Bob died. Carol is dead. ".repeat(10_000);
    let found = read(&line);
    assert_eq!(found.len(), 2);
    assert!(matches!(&found[0], Command::Death { player, .. } if player == "Bob"));
    assert!(matches!(&found[1], Command::Death { player, .. } if player == "Carol"));

    let list = format!(
        "{}died {}",
        "Bob and ".repeat(12_000),
        "dead ".repeat(12_000)
    );
    assert_eq!(read(&list).len(), 1);
    assert_eq!(
        read(&"It is now Day 2. ".repeat(12_000)),
        [announce(Phase::day(2))]
    );
}

// ---- real threads -----------------------------------------------------------------------

/// Every command the recogniser finds in the host's posts of a real TeamLiquid thread
/// (players: everyone else who posted), as (post number, command).
fn host_commands(thread: &str) -> Vec<(u64, Command)> {
    let path = format!(
        "{}/../../../shared/fixtures/threads/teamliquid/{thread}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).expect("the fixture thread");
    let posts: Vec<_> = text
        .lines()
        .map(|l| {
            mafia_posts::parse_jsonl_line(l)
                .expect("a post")
                .normalise()
        })
        .collect();
    let host = posts[0].author.clone();
    let mut others: Vec<String> = posts
        .iter()
        .map(|p| p.author.clone())
        .filter(|a| *a != host)
        .collect();
    others.sort();
    others.dedup();
    let names = Names {
        players: &others,
        users: &others,
    };
    posts
        .iter()
        .filter(|p| p.author == host)
        .flat_map(|p| {
            recognise(&p.body, names, Dialect::Current)
                .commands
                .into_iter()
                .map(move |r| (p.number, r.command))
        })
        .collect()
}

/// The host's commands after their reserved posts (numbers 1 and 2, which list the dead as
/// the game goes: "8) LoneMeow (filter) VT Lynched D3"), and the player and phase of each
/// death the reserved posts list (the fold does not apply them: the posts are edited).
type Listed = (Vec<(u64, Command)>, Vec<(String, Option<Phase>)>);

/// Also leaves out the `PhaseRunning` of every vote count ("Day 2 Vote Count 3"), which
/// `mafiascum_phases.rs` tests.
fn after_reserved(commands: Vec<(u64, Command)>) -> Listed {
    let (reserved, rest): (Vec<_>, Vec<_>) = commands
        .into_iter()
        .filter(|(_, c)| !matches!(c, Command::PhaseRunning { .. }))
        .partition(|(n, c)| (1..=2).contains(n) && matches!(c, Command::Death { .. }));
    let listed = reserved
        .into_iter()
        .filter_map(|(_, c)| match c {
            Command::Death { player, phase, .. } => Some((player, phase)),
            _ => None,
        })
        .collect();
    (rest, listed)
}

#[test]
fn student_mafia_v_day_posts_deaths_and_headings() {
    let (commands, listed) = after_reserved(host_commands("student-mafia-v.jsonl"));
    // Post 2's list of the dead names each death's phase ("Lynched D2", "Shot N3").
    assert!(
        listed.contains(&("Trfel".into(), Some(Phase::day(2)))),
        "{listed:?}"
    );
    assert!(
        listed.contains(&("LoneMeow".into(), Some(Phase::day(3)))),
        "{listed:?}"
    );
    assert!(
        listed.contains(&("jarjarbinks".into(), Some(Phase::night(3)))),
        "{listed:?}"
    );
    assert_eq!(
        commands,
        [
            (130, announce(Phase::day(1))),
            (
                328,
                death(
                    "coolTLname",
                    "Effective Immediately, coolTLname the Vanilla Town has been modkilled. \
                     Please leave all discussion of modkills and punishments until the post-game."
                )
            ),
            (858, announce(Phase::night(1))),
            (
                858,
                lynched(
                    "TheWarWaffle",
                    "TheWarWaffle the Town Vanilla has been lynched!"
                )
            ),
            (977, announce(Phase::day(2))),
            (
                977,
                death("GlowingBear", "GlowingBear the VT has been shot!")
            ),
            (1220, announce(Phase::night(2))),
            (1220, death("Trfel", "Trfel the Scum Goon is dead!")),
            (1273, announce(Phase::day(3))),
            (
                1273,
                death(
                    "LightningStrike",
                    "LightningStrike the Town Cop has been shot!!"
                )
            ),
            // The bold "End Game" heading, then the day's lynch.
            (2373, Command::EndGame),
            (
                2373,
                lynched("rsoultin", "rsoultin the VT has been lynched!")
            ),
        ]
    );
}

#[test]
fn hammertime_mafia_headings_and_the_edited_opening_post() {
    // The opening post's rules ("until this game is over") are not commands, but the line
    // the host added when the game was over is.
    let (commands, listed) = after_reserved(host_commands("hammertime-mafia.jsonl"));
    // Post 1 lists the dead: "4. Eden1892 (Shot N1)", "8. Toadesstern (Lynched D1)".
    assert_eq!(
        listed,
        [
            ("Eden1892".into(), Some(Phase::night(1))),
            ("Toadesstern".into(), Some(Phase::day(1)))
        ]
    );
    assert_eq!(
        commands,
        [
            (0, Command::EndGame),
            // "Game has ended. Mafia victory!"
            (0, winner("Mafia")),
            (92, announce(Phase::day(1))),
            (982, announce(Phase::day(2))),
            (1172, announce(Phase::day(3))),
        ]
    );
}

#[test]
fn a_bold_end_game_heading_alone_on_its_line_ends_the_game() {
    let post = Body {
        lines: vec![
            bold("End Game"),
            Line::plain("Bob the VT has been lynched!"),
        ],
    };
    assert_eq!(
        commands_in(&post, Dialect::Current),
        [
            Command::EndGame,
            lynched("Bob", "Bob the VT has been lynched!")
        ]
    );
    assert_eq!(
        commands_in(
            &Body {
                lines: vec![bold("Game over!")]
            },
            Dialect::Current
        ),
        [Command::EndGame]
    );
    // Not bold, or more than the heading: talk about the end game, not the end of it.
    let talk = Body {
        lines: vec![
            Line::plain("End Game"),
            bold("End game discussion goes in the QT"),
        ],
    };
    assert_eq!(commands_in(&talk, Dialect::Current), []);
}

#[test]
fn rules_text_about_the_end_of_the_game_is_not_a_command() {
    assert_eq!(
        read("Please wait until this game is over to talk about it."),
        []
    );
    assert_eq!(read("When the game has ended, the QT opens."), []);
    assert_eq!(
        read("The game is over. Town wins!"),
        [Command::EndGame, winner("Town")]
    );
}
