//! The game file: a complete example, defaults, and errors that name line and column.

use jiff::SignedDuration;
use mafia_tracker::commands::Dialect;
use mafia_tracker::config::{Alignment, MajorityProfile, VoteSyntax};
use mafia_tracker::phase::Phase;
use mafia_tracker::{ConfigError, Game};

const COMPLETE: &str = r#"
name = "Demo Mafia"
gms = ["Moderator"]
zone = "Europe/Stockholm"
first_phase = "Day 1"
first_deadline = "2026-03-27 21:00"
day_length = "48h"
night_length = "24h30m"
players = ["Alice", { name = "Bob", aliases = ["Bobby"], alignment = "mafia" }]

[rules]
votes = ["bot", "bold"]
majority = "hammer"
dialect = "v2016"
activity_min_posts = 3
"#;

fn error(text: &str) -> (usize, usize, String) {
    match Game::parse(text, "game.toml") {
        Err(ConfigError::Invalid {
            file,
            line,
            column,
            message,
        }) => {
            assert_eq!(file, "game.toml");
            (line, column, message)
        }
        other => panic!("expected an error, got {other:?}"),
    }
}

#[test]
fn a_complete_game_file_is_read() {
    let g = Game::parse(COMPLETE, "game.toml").expect("valid");
    assert_eq!(g.name, "Demo Mafia");
    assert_eq!(g.gms, vec!["Moderator"]);
    assert_eq!(g.players[0].name, "Alice");
    assert_eq!(g.players[1].aliases, vec!["Bobby"]);
    assert_eq!(g.players[1].alignment, Some(Alignment::Mafia));
    assert_eq!(g.schedule.zone, "Europe/Stockholm");
    assert_eq!(g.schedule.first_phase, Phase::day(1));
    assert_eq!(
        g.schedule.first_deadline,
        Some(jiff::civil::date(2026, 3, 27).at(21, 0, 0, 0))
    );
    assert_eq!(g.schedule.day_length, SignedDuration::from_hours(48));
    assert_eq!(
        g.schedule.night_length,
        SignedDuration::from_mins(24 * 60 + 30)
    );
    assert_eq!(g.rules.votes, vec![VoteSyntax::Bot, VoteSyntax::Bold]);
    assert_eq!(g.rules.majority, MajorityProfile::Hammer);
    assert_eq!(g.rules.dialect, Dialect::V2016);
    assert_eq!(g.rules.activity_min_posts, 3);
}

#[test]
fn rules_default_to_every_vote_syntax_lock_and_the_current_dialect() {
    let text = COMPLETE.split("[rules]").next().unwrap_or_default();
    let g = Game::parse(text, "game.toml").expect("valid");
    assert_eq!(
        g.rules.votes,
        vec![VoteSyntax::Bot, VoteSyntax::Bold, VoteSyntax::Tag]
    );
    assert_eq!(g.rules.majority, MajorityProfile::Lock);
    assert_eq!(g.rules.dialect, Dialect::Current);
    assert_eq!(g.rules.activity_min_posts, 0);
}

#[test]
fn a_toml_local_datetime_is_accepted_and_no_deadline_means_announcements() {
    let g = Game::parse(
        &COMPLETE.replace("\"2026-03-27 21:00\"", "2026-03-27T21:00:00"),
        "game.toml",
    )
    .expect("valid");
    assert_eq!(
        g.schedule.first_deadline,
        Some(jiff::civil::date(2026, 3, 27).at(21, 0, 0, 0))
    );
    let g = Game::parse(
        &COMPLETE.replace("first_deadline = \"2026-03-27 21:00\"\n", ""),
        "g",
    )
    .expect("valid");
    assert_eq!(g.schedule.first_deadline, None);
}

#[test]
fn an_unknown_zone_names_line_and_column() {
    let (line, column, message) = error(&COMPLETE.replace("Europe/Stockholm", "Europe/Atlantis"));
    assert_eq!((line, column), (4, 8));
    assert!(message.contains("Europe/Atlantis"), "{message}");
    assert!(message.contains("IANA"), "{message}");
}

#[test]
fn a_bad_length_says_what_was_expected() {
    let (line, column, message) = error(&COMPLETE.replace("\"48h\"", "\"two days-ish\""));
    assert_eq!((line, column), (7, 14));
    assert!(message.contains("48h"), "{message}");
}

#[test]
fn a_bad_first_phase_and_deadline_are_located() {
    assert_eq!(error(&COMPLETE.replace("\"Day 1\"", "\"Dusk\"")).0, 5);
    assert_eq!(
        error(&COMPLETE.replace("2026-03-27 21:00", "next friday")).0,
        6
    );
}

#[test]
fn a_missing_field_or_a_typo_is_a_toml_error_with_a_place() {
    let (_, _, message) = error(&COMPLETE.replace("gms = [\"Moderator\"]\n", ""));
    assert!(message.contains("gms"), "{message}");
    let (line, _, message) = error(&COMPLETE.replace("majority", "majorty"));
    assert_eq!(line, 13);
    assert!(message.contains("majorty"), "{message}");
}

#[test]
fn duplicate_names_and_a_gm_who_plays_are_refused() {
    let (line, _, message) = error(&COMPLETE.replace("\"Bobby\"", "\"alice\""));
    assert_eq!(line, 9);
    assert!(message.contains("twice"), "{message}");
    assert!(
        error(&COMPLETE.replace("[\"Moderator\"]", "[\"Alice\"]"))
            .2
            .contains("both")
    );
}

#[test]
fn a_game_file_may_name_its_vote_thread_but_not_an_empty_one() {
    let base = "name = \"G\"\ngms = [\"Mod\"]\nzone = \"UTC\"\nfirst_phase = \"Day 1\"\n\
                day_length = \"48h\"\nnight_length = \"24h\"\nplayers = [\"Alice\", \"Bob\"]\n";
    let game =
        Game::parse(&format!("{base}vote_posts = \"votes.jsonl\"\n"), "g.toml").expect("reads");
    assert_eq!(game.vote_posts.as_deref(), Some("votes.jsonl"));
    let err = Game::parse(&format!("{base}vote_posts = \" \"\n"), "g.toml").unwrap_err();
    assert_eq!(
        err.to_string(),
        "g.toml:8:14: vote_posts is empty (expected the vote thread's posts file)"
    );
}
