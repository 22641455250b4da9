//! The state fold: votes, deaths, replacements, majority/lock/hammer, phases and the GM review
//! list. The test game runs in UTC: Day 1 ends 2026-03-03 18:00, nights are 24h, days 48h.

mod support;

use mafia_tracker::phase::Phase;
use mafia_tracker::review::ReviewKind;
use mafia_tracker::tally;
use support::*;
use support::{mafiascum_post_at as html_post, mafiascum_vote_tag as vote_tag};

const FIVE: &[&str] = &["Alice", "Bob", "Carol", "Dave", "Erin"];
const DAY1: &str = "2026-03-02 12:00";
const NIGHT1: &str = "2026-03-03 19:00";
const DAY2: &str = "2026-03-04 19:00";

fn at(minute: u64) -> String {
    format!("2026-03-02 12:{:02}", minute % 60)
}

#[test]
fn majority_is_half_the_living_plus_one_rounded_down() {
    assert_eq!(tally::majority(7), 4);
    assert_eq!(tally::majority(6), 4);
    assert_eq!(tally::majority(5), 3);
    assert_eq!(tally::majority(2), 2);
    assert_eq!(tally::lock_at(5), 4);
}

#[test]
fn living_players_vote_during_the_day() {
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(1, "Alice", DAY1, &["##vote Bob"]));
    t.apply(&post_at(2, "Carol", DAY1, &["I agree.", "**Vote: Bob**"]));
    t.apply(&post_at(3, "Dave", DAY1, &["[vote]Alice[/vote]"]));
    assert_eq!(
        wagon_voters(&t),
        vec![
            ("Bob".into(), names(&["Alice", "Carol"])),
            ("Alice".into(), names(&["Dave"]))
        ]
    );
    let tally = t.tally_now();
    assert_eq!(tally.not_voting, names(&["Bob", "Erin"]));
    assert_eq!(
        (tally.living, tally.majority, tally.lock_at),
        (5, 3, Some(4))
    );
    // L-1 for Bob, L-2 for Alice.
    assert_eq!(tally.wagons[0].short_of_majority, 1);
    assert_eq!(tally.wagons[1].short_of_majority, 2);
}

#[test]
fn the_last_vote_or_unvote_in_a_post_wins() {
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(
        1,
        "Alice",
        DAY1,
        &["##vote Bob", "actually...", "##vote Carol"],
    ));
    assert_eq!(wagons(&t), vec![("Carol".into(), 1)]);
    t.apply(&post_at(2, "Alice", DAY1, &["##vote Dave", "##unvote"]));
    assert_eq!(wagons(&t), vec![]);
    assert_eq!(t.status().votes.iter().filter(|v| v.counted).count(), 2);
}

#[test]
fn a_changed_vote_moves_the_voter() {
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(1, "Alice", &at(1), &["##vote Bob"]));
    t.apply(&post_at(2, "Carol", &at(2), &["##vote Bob"]));
    t.apply(&post_at(3, "Alice", &at(3), &["##vote Erin"]));
    assert_eq!(
        wagon_voters(&t),
        vec![
            ("Bob".into(), names(&["Carol"])),
            ("Erin".into(), names(&["Alice"]))
        ]
    );
}

#[test]
fn at_night_votes_do_not_count_and_posting_is_flagged() {
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(1, "Alice", DAY1, &["##vote Bob"]));
    t.apply(&post_at(2, "Carol", NIGHT1, &["##vote Bob"]));
    assert_eq!(t.status().phase, Phase::night(1));
    assert_eq!(t.status().tally, None);
    assert!(flagged(&t, ReviewKind::NightPost, "Carol"));
    // Day 1's result is kept; Day 2 starts with an empty tally.
    t.apply(&post_at(3, "Dave", DAY2, &["hello"]));
    let status = t.status();
    assert_eq!(status.phase, Phase::day(2));
    assert_eq!(status.previous_days[0].phase, Phase::day(1));
    assert_eq!(
        status.previous_days[0].tally.wagons[0].voters,
        names(&["Alice"])
    );
    assert_eq!(wagons(&t), vec![]);
}

#[test]
fn when_the_game_allows_night_talk_only_night_votes_are_flagged() {
    let mut t = tracker(FIVE, "[rules]\nnight_talk = true\n");
    t.apply(&post_at(1, "Alice", NIGHT1, &["I think Bob is scum."]));
    assert!(!flagged(&t, ReviewKind::NightPost, "Alice"));
    t.apply(&post_at(2, "Carol", NIGHT1, &["##vote Bob"]));
    assert!(flagged(&t, ReviewKind::NightPost, "Carol"));
    assert_eq!(t.status().tally, None);
}

#[test]
fn a_death_removes_the_dead_players_vote_and_the_votes_on_them() {
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(1, "Alice", &at(1), &["##vote Bob"]));
    t.apply(&post_at(2, "Bob", &at(2), &["##vote Carol"]));
    t.apply(&post_at(
        3,
        "GM",
        &at(3),
        &["Bob has been modkilled for inactivity, so he is dead. He was a Vanilla Townie."],
    ));
    assert_eq!(wagons(&t), vec![]);
    let status = t.status();
    assert_eq!(status.dead[0].name, "Bob");
    assert_eq!(status.dead[0].comment, "a Vanilla Townie.");
    // Four living: majority stays 3.
    assert_eq!(t.tally_now().majority, 3);
    t.apply(&post_at(4, "Bob", &at(4), &["##vote Carol"]));
    assert!(flagged(&t, ReviewKind::DeadPlayerPosted, "Bob"));
    assert_eq!(wagons(&t), vec![]);
    t.apply(&post_at(5, "Carol", &at(5), &["##vote Bob"]));
    assert!(flagged(&t, ReviewKind::VoteRefused, "Carol"));
    assert_eq!(wagons(&t), vec![]);
}

#[test]
fn majority_is_recomputed_when_players_die_mid_day() {
    let mut t = tracker(&["A1", "B2", "C3", "D4", "E5", "F6"], "");
    assert_eq!(t.tally_now().majority, 4);
    t.apply(&post_at(2, "GM", &at(1), &["F6 died. He was mafia."]));
    assert_eq!(t.tally_now().majority, 3);
}

#[test]
fn restating_a_death_updates_its_comment_and_resurrect_reverts_it() {
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(2, "GM", &at(1), &["Erin is dead."]));
    assert_eq!(t.status().dead[0].comment, "Erin is dead.");
    t.apply(&post_at(
        3,
        "GM",
        &at(2),
        &["Erin is dead. She was the Doctor."],
    ));
    assert_eq!(t.status().dead[0].comment, "the Doctor.");
    assert_eq!(t.status().dead[0].post, 2);
    t.apply(&post_at(4, "GM", &at(3), &["##RESURRECT Erin"]));
    assert!(t.status().dead.is_empty());
    assert_eq!(t.status().alive.len(), 5);
}

#[test]
fn lock_majority_plus_one_locks_the_wagon() {
    let mut t = tracker(FIVE, "");
    for (n, who) in ["Alice", "Bob", "Carol"].iter().enumerate() {
        t.apply(&post_at(
            n as u64 + 1,
            who,
            &at(n as u64),
            &["**Vote: Erin**"],
        ));
    }
    // Majority (3) is not a lock; Alice may still unvote.
    assert!(!t.tally_now().wagons[0].locked);
    t.apply(&post_at(4, "Alice", &at(4), &["**Unvote**"]));
    t.apply(&post_at(5, "Alice", &at(5), &["**Vote: Erin**"]));
    t.apply(&post_at(6, "Dave", &at(6), &["**Vote: Erin**"]));
    assert!(t.tally_now().wagons[0].locked);
    t.apply(&post_at(7, "Bob", &at(7), &["**Unvote: Erin**"]));
    t.apply(&post_at(8, "Carol", &at(8), &["**Vote: Dave**"]));
    assert_eq!(wagons(&t), vec![("Erin".into(), 4)]);
    assert!(flagged(&t, ReviewKind::VoteRefused, "Bob"));
    assert!(flagged(&t, ReviewKind::VoteRefused, "Carol"));
}

#[test]
fn hammer_majority_ends_the_day_at_that_post() {
    let mut t = tracker(FIVE, "[rules]\nmajority = \"hammer\"\n");
    t.apply(&post_at(1, "Alice", &at(1), &["##vote Erin"]));
    t.apply(&post_at(2, "Bob", &at(2), &["##vote Erin"]));
    assert_eq!(t.status().phase, Phase::day(1));
    t.apply(&post_at(3, "Carol", &at(3), &["##vote Erin"]));
    let status = t.status();
    assert_eq!(status.phase, Phase::night(1));
    assert_eq!(status.previous_days[0].hammer, Some(("Erin".into(), 3)));
    assert_eq!(status.previous_days[0].tally.wagons[0].votes, 3);
    // Later deadlines stay: Night 1 still ends at its scheduled time.
    let deadline = status.deadline.at.expect("scheduled");
    assert_eq!(deadline.timestamp(), utc("2026-03-04 18:00"));
}

#[test]
fn the_hammering_vote_is_in_the_days_vote_log() {
    let mut t = tracker(FIVE, "[rules]\nmajority = \"hammer\"\n");
    t.apply(&post_at(1, "Alice", &at(1), &["##vote Erin"]));
    t.apply(&post_at(2, "Bob", &at(2), &["##vote Erin"]));
    t.apply(&post_at(3, "Carol", &at(3), &["##vote Erin"]));
    let status = t.status();
    assert_eq!(status.phase, Phase::night(1));
    // Day 1's log holds the three votes, the hammer (post 3) included.
    let log: Vec<(u64, &str, bool)> = status.previous_days[0]
        .votes
        .iter()
        .map(|r| (r.post, r.voter.as_str(), r.counted))
        .collect();
    assert_eq!(
        log,
        vec![(1, "Alice", true), (2, "Bob", true), (3, "Carol", true)]
    );
    // Night 1's log starts empty.
    assert!(status.votes.is_empty(), "{:?}", status.votes);
}

#[test]
fn no_majority_profile_changes_nothing() {
    let mut t = tracker(FIVE, "[rules]\nmajority = \"none\"\n");
    for (n, who) in FIVE.iter().take(4).enumerate() {
        t.apply(&post_at(n as u64 + 1, who, &at(n as u64), &["##vote Erin"]));
    }
    assert_eq!(t.status().phase, Phase::day(1));
    assert!(!t.tally_now().wagons[0].locked);
    assert_eq!(t.tally_now().lock_at, None);
}

#[test]
fn under_plurality_a_tie_goes_to_whoever_reached_the_count_first() {
    let mut t = tracker(FIVE, "[rules]\nmajority = \"plurality\"\n");
    t.apply(&post_at(1, "Alice", &at(1), &["##vote Bob"]));
    t.apply(&post_at(2, "Carol", &at(2), &["##vote Bob"]));
    t.apply(&post_at(3, "Dave", &at(3), &["##vote Alice"]));
    t.apply(&post_at(4, "Erin", &at(4), &["##vote Alice"]));
    // Bob reached two votes first, although Alice's wagon is as big.
    assert_eq!(t.tally_now().leader.as_deref(), Some("Bob"));
    // Carol leaves and comes back: Bob still reached two first. Majority (3) ends nothing.
    t.apply(&post_at(5, "Carol", &at(5), &["##unvote"]));
    assert_eq!(t.tally_now().leader.as_deref(), Some("Alice"));
    t.apply(&post_at(6, "Carol", &at(6), &["##vote Bob"]));
    assert_eq!(wagons(&t), vec![("Bob".into(), 2), ("Alice".into(), 2)]);
    t.apply(&post_at(7, "Bob", &at(7), &["##vote Alice"]));
    assert_eq!(t.tally_now().leader.as_deref(), Some("Alice"));
    assert_eq!(t.status().phase, Phase::day(1));
    // The day's result keeps who was set to be lynched.
    t.apply(&post_at(
        8,
        "GM",
        "2026-03-03 19:00",
        &["Alice has been lynched."],
    ));
    let day = &t.status().previous_days[0];
    assert_eq!(day.tally.leader.as_deref(), Some("Alice"));
    assert_eq!(day.tally.wagons[0].votes, 3);
}

#[test]
fn a_replacement_waits_for_the_new_users_first_post_and_carries_votes_both_ways() {
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(1, "Bob", &at(1), &["##vote Alice"]));
    t.apply(&post_at(2, "Carol", &at(2), &["##vote Bob"]));
    // mafiascum hosts announce a replacement before the new player's first post (thread
    // 16214: "Fugitive replaces ConfidAnon." in post 298, Fugitive's first post is 299), so
    // the replacement waits for Zed's first post instead of being refused.
    t.apply(&post_at(3, "GM", &at(3), &["Zed has replaced Bob"]));
    assert!(flagged(&t, ReviewKind::Replacement, "Bob"));
    assert_eq!(t.status().alive[1].name, "Bob");
    t.apply(&post_at(
        4,
        "Zed",
        &at(4),
        &["Hi, I am here to replace in."],
    ));
    assert!(!flagged(&t, ReviewKind::NonPlayerPosted, "Zed"));
    assert!(flagged(&t, ReviewKind::Replacement, "Zed"));
    assert_eq!(t.status().alive[1].name, "Zed");
    // Restating it changes nothing.
    t.apply(&post_at(5, "GM", &at(5), &["Zed has replaced Bob"]));
    assert_eq!(
        wagon_voters(&t),
        vec![
            ("Alice".into(), names(&["Zed"])),
            ("Zed".into(), names(&["Carol"]))
        ]
    );
    t.apply(&post_at(6, "Zed", &at(6), &["##vote Dave"]));
    t.apply(&post_at(7, "Erin", &at(7), &["##vote Zed"]));
    t.apply(&post_at(8, "Bob", &at(8), &["##vote Erin"]));
    assert_eq!(
        wagon_voters(&t),
        vec![
            ("Zed".into(), names(&["Carol", "Erin"])),
            ("Dave".into(), names(&["Zed"]))
        ]
    );
    assert!(
        t.review()
            .iter()
            .any(|r| r.kind == ReviewKind::NonPlayerPosted && r.message.contains("replaced out"))
    );
    assert_eq!(t.status().alive[1].replaced, names(&["Bob"]));
}

#[test]
fn after_a_replacement_gm_commands_name_the_new_player() {
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(1, "Alice", &at(1), &["Hello"]));
    t.apply(&post_at(2, "GM", &at(2), &["Vote count soon."]));
    t.apply(&post_at(3, "Zed", &at(3), &["Here to replace in."]));
    t.apply(&post_at(4, "GM", &at(4), &["Zed is replacing Bob"]));
    // Zed's name kills the slot.
    t.apply(&post_at(5, "GM", &at(5), &["Zed has died."]));
    let dead: Vec<_> = t.status().dead.into_iter().map(|d| d.name).collect();
    assert_eq!(dead, names(&["Zed"]));
}

#[test]
fn a_death_naming_the_former_holder_kills_the_slot() {
    // Hosts name the slot by the player they knew: "Friend replaces LobsterCatapult,
    // effective immediately." (mafiascum 18365 post 327), then "LobsterCatapult, Vanilla
    // Townie, was lynched!" (post 821).
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(1, "Alice", &at(1), &["Hello"]));
    t.apply(&post_at(3, "Zed", &at(3), &["Here to replace in."]));
    t.apply(&post_at(4, "GM", &at(4), &["Zed is replacing Bob"]));
    t.apply(&post_at(5, "GM", &at(5), &["Bob has died."]));
    let dead: Vec<_> = t.status().dead.into_iter().map(|d| d.name).collect();
    assert_eq!(dead, names(&["Zed"]));
    // A user who holds no slot is nobody's death.
    t.apply(&post_at(6, "Yan", &at(6), &["hi"]));
    t.apply(&post_at(7, "GM", &at(7), &["Yan is dead to me."]));
    assert_eq!(t.status().dead.len(), 1);
}

#[test]
fn after_game_end_only_unend_counts() {
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(1, "Alice", &at(1), &["##vote Bob"]));
    t.apply(&post_at(2, "GM", &at(2), &["The game is over! Town wins."]));
    assert!(t.status().game_over);
    t.apply(&post_at(3, "GM", &at(3), &["Carol died."]));
    assert!(t.status().dead.is_empty());
    assert!(
        t.review()
            .iter()
            .any(|r| r.kind == ReviewKind::IgnoredCommand && r.message.contains("ended"))
    );
    t.apply(&post_at(4, "Carol", &at(4), &["##vote Dave"]));
    assert_eq!(t.status().tally, None);
    t.apply(&post_at(5, "GM", &at(5), &["Unend game"]));
    assert!(!t.status().game_over);
    assert_eq!(t.status().phase, Phase::day(1));
}

#[test]
fn the_post_that_ends_the_game_keeps_the_days_count_and_its_deaths() {
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(1, "Alice", &at(1), &["**##vote Bob**"]));
    t.apply(&post_at(2, "Carol", &at(2), &["**##vote Bob**"]));
    t.apply(&post_at(3, "Bob", &at(3), &["**##vote Alice**"]));
    t.apply(&post_at(
        4,
        "GM",
        &at(4),
        &[
            "**End Game**",
            "Bob the VT has been lynched!",
            "Mafia wins.",
        ],
    ));
    let s = t.status();
    assert!(s.game_over);
    // The lynch in the same post counts, and Day 1's count is kept as it stood.
    assert_eq!(s.dead[0].name, "Bob");
    assert_eq!(s.dead[0].phase, Phase::day(1));
    assert_eq!(s.previous_days.len(), 1);
    let wagons: Vec<_> = s.previous_days[0]
        .tally
        .wagons
        .iter()
        .map(|w| (w.candidate.as_str(), w.voters.clone()))
        .collect();
    assert_eq!(
        wagons,
        [
            ("Bob", names(&["Alice", "Carol"])),
            ("Alice", names(&["Bob"]))
        ]
    );
    // UNEND takes the count back: the day goes on.
    t.apply(&post_at(5, "GM", &at(5), &["Unend game"]));
    assert!(!t.status().game_over);
    assert!(t.status().previous_days.is_empty());
}

#[test]
fn ending_early_must_match_the_current_phase() {
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(2, "GM", &at(1), &["Night 1 has ended early"]));
    assert_eq!(t.status().phase, Phase::day(1));
    assert!(
        t.review()[0].message.contains("not night"),
        "{:?}",
        t.review()
    );
    t.apply(&post_at(3, "GM", &at(2), &["Day 1 has ended early"]));
    assert_eq!(t.status().phase, Phase::night(1));
}

#[test]
fn a_deadline_moved_into_the_past_is_refused() {
    let mut t = tracker(FIVE, "");
    // At 2026-03-03 17:00 Day 1 ends in one hour; two hours earlier is in the past.
    t.apply(&post_at(
        1,
        "GM",
        "2026-03-03 17:00",
        &["Deadline is moved 2 hours earlier"],
    ));
    assert!(flagged(&t, ReviewKind::IgnoredCommand, "GM"));
    t.apply(&post_at(
        2,
        "GM",
        "2026-03-03 17:00",
        &["Deadline is moved 1 day later"],
    ));
    assert_eq!(
        t.status().deadline.at.expect("fixed").timestamp(),
        utc("2026-03-04 18:00")
    );
}

#[test]
fn replaying_a_post_changes_nothing() {
    let mut t = tracker(FIVE, "");
    let vote = post_at(1, "Alice", &at(1), &["##vote Bob"]);
    t.apply(&vote);
    t.apply(&post_at(2, "Alice", &at(2), &["##unvote"]));
    let before = t.clone();
    t.apply(&vote);
    assert_eq!(t, before);
    assert_eq!(wagons(&t), vec![]);
}

#[test]
fn edited_posts_and_outsiders_are_flagged() {
    let mut t = tracker(FIVE, "");
    t.apply(&edited(post_at(1, "Alice", &at(1), &["typo fixed"])));
    t.apply(&post_at(2, "Spectator", &at(2), &["go town!"]));
    assert_eq!(
        reviewed(&t),
        vec![
            (ReviewKind::EditedPost, Some("Alice".into())),
            (ReviewKind::NonPlayerPosted, Some("Spectator".into()))
        ]
    );
}

#[test]
fn players_under_the_activity_minimum_are_listed_when_the_day_ends() {
    let mut t = tracker(FIVE, "[rules]\nactivity_min_posts = 2\n");
    t.apply(&post_at(1, "Alice", &at(1), &["one"]));
    t.apply(&post_at(2, "Alice", &at(2), &["two"]));
    t.apply(&post_at(3, "Bob", &at(3), &["one"]));
    t.apply(&post_at(4, "GM", &at(4), &["Erin has died."]));
    assert!(!t.review().iter().any(|r| r.kind == ReviewKind::Inactive));
    t.apply(&post_at(5, "Carol", NIGHT1, &["oops, night"]));
    let inactive: Vec<_> = t
        .review()
        .iter()
        .filter(|r| r.kind == ReviewKind::Inactive)
        .map(|r| (r.who.clone().unwrap_or_default(), r.phase))
        .collect();
    assert_eq!(
        inactive,
        vec![
            ("Bob".into(), Phase::day(1)),
            ("Carol".into(), Phase::day(1)),
            ("Dave".into(), Phase::day(1))
        ]
    );
}

#[test]
fn the_fifty_percent_rule_is_flagged_when_mafia_reach_the_town() {
    let players = "players = [{ name = \"M1\", alignment = \"mafia\" }, \
                   { name = \"T1\", alignment = \"town\" }, { name = \"T2\", alignment = \"town\" }, \
                   { name = \"T3\", alignment = \"town\" }]\n";
    let text = format!(
        "name = \"Fifty\"\ngms = [\"GM\"]\nzone = \"UTC\"\nfirst_phase = \"Day 1\"\n\
         first_deadline = \"2026-03-03 18:00\"\nday_length = \"48h\"\nnight_length = \"24h\"\n{players}"
    );
    let mut t =
        mafia_tracker::Tracker::new(mafia_tracker::Game::parse(&text, "f.toml").expect("game"))
            .expect("tracker");
    t.apply(&post_at(2, "GM", &at(1), &["T1 died."]));
    assert!(
        !t.review()
            .iter()
            .any(|r| r.kind == ReviewKind::FiftyPercentRule)
    );
    t.apply(&post_at(3, "GM", &at(2), &["T2 died."]));
    let fifty: Vec<_> = t
        .review()
        .iter()
        .filter(|r| r.kind == ReviewKind::FiftyPercentRule)
        .collect();
    assert_eq!(fifty.len(), 1);
    assert!(
        fifty[0].message.contains("1 mafia and 1 town"),
        "{}",
        fifty[0].message
    );
}

#[test]
fn near_miss_and_rejected_votes_are_on_the_review_list() {
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(1, "Alice", &at(1), &["##vote Carl"]));
    t.apply(&post_at(2, "Bob", &at(2), &["##vote Zorro"]));
    t.apply(&post_at(3, "Dave", &at(3), &["Vote: Carol"]));
    assert_eq!(wagons(&t), vec![("Carol".into(), 1)]);
    assert_eq!(
        reviewed(&t),
        vec![
            (ReviewKind::NearMissVote, Some("Alice".into())),
            (ReviewKind::RejectedVote, Some("Bob".into())),
            (ReviewKind::VoteNotCounted, Some("Dave".into()))
        ]
    );
}

#[test]
fn gm_posts_are_not_votes_and_players_cannot_give_commands() {
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(1, "GM", &at(1), &["##vote Alice"]));
    t.apply(&post_at(
        2,
        "Bob",
        &at(2),
        &["Alice has died. She was the cop."],
    ));
    assert_eq!(wagons(&t), vec![]);
    assert!(t.status().dead.is_empty());
}

#[test]
fn an_announcement_driven_game_follows_the_gms_phase_posts() {
    let text = "name = \"Free\"\ngms = [\"GM\"]\nzone = \"UTC\"\nfirst_phase = \"Day 1\"\n\
                day_length = \"48h\"\nnight_length = \"24h\"\nplayers = [\"Alice\", \"Bob\", \"Carol\"]\n";
    let mut t =
        mafia_tracker::Tracker::new(mafia_tracker::Game::parse(text, "free.toml").expect("game"))
            .expect("tracker");
    t.apply(&post(1, "Alice", &["##vote Bob"]));
    assert_eq!(wagons(&t), vec![("Bob".into(), 1)]);
    t.apply(&post(2, "GM", &["It is now Night 1"]));
    assert_eq!(t.status().phase, Phase::night(1));
    assert_eq!(t.status().deadline.at, None);
    t.apply(&post(3, "GM", &["Day 2 has begun"]));
    assert_eq!(t.status().phase, Phase::day(2));
    assert_eq!(wagons(&t), vec![]);
}

#[test]
fn a_lock_comes_only_with_a_vote_not_with_a_death() {
    // Six alive: majority 4, lock at 5. Four on Erin, then a death: five alive, lock at 4.
    let mut t = tracker(&["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"], "");
    for (n, who) in ["Alice", "Bob", "Carol", "Dave"].iter().enumerate() {
        t.apply(&post_at(n as u64 + 1, who, &at(n as u64), &["##vote Erin"]));
    }
    t.apply(&post_at(5, "GM", &at(5), &["Frank died."]));
    assert_eq!(t.tally_now().lock_at, Some(4));
    assert!(!t.tally_now().wagons[0].locked);
    // The next vote on the wagon locks it.
    t.apply(&post_at(6, "Alice", &at(6), &["##vote Erin"]));
    assert!(
        !t.tally_now().wagons[0].locked,
        "a repeated vote is not an additional vote"
    );
    t.apply(&post_at(7, "Erin", &at(7), &["##vote Erin"]));
    assert!(t.tally_now().wagons[0].locked);
}

#[test]
fn a_hammer_without_a_post_time_stops_the_days_votes() {
    let text = "name = \"Free\"\ngms = [\"GM\"]\nzone = \"UTC\"\nfirst_phase = \"Day 1\"\n\
                day_length = \"48h\"\nnight_length = \"24h\"\nplayers = [\"Alice\", \"Bob\", \"Carol\"]\n\
                [rules]\nmajority = \"hammer\"\n";
    let mut t =
        mafia_tracker::Tracker::new(mafia_tracker::Game::parse(text, "free.toml").expect("game"))
            .expect("tracker");
    t.apply(&post(1, "Alice", &["##vote Carol"]));
    t.apply(&post(2, "Bob", &["##vote Carol"]));
    assert_eq!(t.status().hammer, Some(("Carol".into(), 2)));
    t.apply(&post(3, "Alice", &["##unvote"]));
    assert!(flagged(&t, ReviewKind::VoteRefused, "Alice"));
    assert_eq!(wagons(&t), vec![("Carol".into(), 2)]);
    t.apply(&post(4, "GM", &["It is now Night 1"]));
    assert_eq!(
        t.status().previous_days[0].hammer,
        Some(("Carol".into(), 2))
    );
    assert_eq!(t.status().hammer, None);
}

#[test]
fn the_2016_dialect_ends_the_phase_at_the_posts_time() {
    let mut t = tracker(FIVE, "[rules]\ndialect = \"v2016\"\n");
    t.apply(&post_at(1, "Alice", &at(1), &["##vote Bob"]));
    t.apply(&post_at(2, "GM", "2026-03-02 20:00", &["Day 1 has ended"]));
    let status = t.status();
    assert_eq!(status.phase, Phase::night(1));
    assert_eq!(
        status.previous_days[0].tally.wagons[0].voters,
        names(&["Alice"])
    );
    // Later deadlines are not changed: Night 1 still ends 2026-03-04 18:00.
    assert_eq!(
        status.deadline.at.expect("fixed").timestamp(),
        utc("2026-03-04 18:00")
    );
    // "Night 1 has begun" when it is already night restates it: nothing more ends.
    t.apply(&post_at(
        3,
        "GM",
        "2026-03-02 20:05",
        &["Night 1 has begun"],
    ));
    assert_eq!(t.status().phase, Phase::night(1));
}

#[test]
fn the_opening_post_is_not_read_for_commands() {
    // Hosts edit the opening post all game long; a thread saved after the game has
    // "Game has ended. Mafia victory!" in it (the TeamLiquid "Hammertime Mafia" thread does).
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(
        1,
        "GM",
        &at(1),
        &[
            "Welcome! It is now Day 1.",
            "Game has ended. Mafia victory!",
        ],
    ));
    assert!(!t.status().game_over);
    assert_eq!(
        reviewed(&t),
        vec![(ReviewKind::IgnoredCommand, Some("GM".into()))]
    );
    assert!(t.review()[0].message.contains("opening post"));
    t.apply(&post_at(2, "GM", &at(2), &["Game has ended."]));
    assert!(t.status().game_over);
}

// --- mafiascum.net (phpBB) renderings, end to end through normalisation ---

/// A mafiascum game file's vote rules (`[rules] votes = ["bold", "tag"]`, as in
/// fixtures/threads/mafiascum/games/*.toml).
const MAFIASCUM_RULES: &str = "[rules]\nvotes = [\"bold\", \"tag\"]\nmajority = \"hammer\"\n";

/// `[unvote]name[/unvote]` as mafiascum renders it (fixture README; thread 16214, post 15:
/// `UNVOTE: Shadow` then `VOTE: EMPKing`).
fn unvote_tag(name: &str) -> String {
    format!("<span class=\"bbvote\" title=\"This is an official unvote.\">UNVOTE: {name}</span>")
}

#[test]
fn mafiascum_vote_tags_vote_for_the_named_player_and_unvote() {
    let mut t = tracker(FIVE, MAFIASCUM_RULES);
    let vote_bob = vote_tag("Bob");
    t.apply(&html_post(
        1,
        "Alice",
        &at(1),
        &format!("He dodged my question.<br>\n<br>\n{vote_bob}<br>\n<br>\nExplain yourself."),
    ));
    t.apply(&html_post(2, "Carol", &at(2), &vote_bob));
    t.apply(&html_post(
        3,
        "Carol",
        &at(3),
        &format!(
            "On reflection<br>\n{}<br>\n{}",
            unvote_tag("Bob"),
            vote_tag("Dave")
        ),
    ));
    // `[unvote][/unvote][vote]…[/vote]` side by side (thread 17289, post 553).
    t.apply(&html_post(
        4,
        "Erin",
        &at(4),
        &format!("{}{}", unvote_tag(""), vote_tag("dave")),
    ));
    assert_eq!(
        wagon_voters(&t),
        vec![
            ("Dave".into(), names(&["Carol", "Erin"])),
            ("Bob".into(), names(&["Alice"]))
        ]
    );
    t.apply(&html_post(5, "Alice", &at(5), &unvote_tag("")));
    assert_eq!(
        wagon_voters(&t),
        vec![("Dave".into(), names(&["Carol", "Erin"]))]
    );
    // Every tag was read as what it says: none was "not bolded" or "names no player".
    assert!(reviewed(&t).is_empty(), "{:?}", t.review());
}

#[test]
fn mafiascum_bold_votes_are_inline_divs() {
    // Thread 16214, post 6: `<div style="display:inline;font-weight:bold">Vote: Grey</div> -
    // Caimed scum then redacted it.`
    let mut t = tracker(FIVE, MAFIASCUM_RULES);
    t.apply(&html_post(
        1,
        "Alice",
        &at(1),
        "<div style=\"display:inline;font-weight:bold\">VOTE: Bob</div> - claimed scum then \
         took it back.",
    ));
    t.apply(&html_post(
        2,
        "Carol",
        &at(2),
        "Fine.<br>\n<div style=\"display:inline;font-weight:bold\">Vote:</div> Bob",
    ));
    // A bold vote inside a vote tag is one vote (`VOTE: <div …>Vote: V…`, seen in the fixtures).
    t.apply(&html_post(
        3,
        "Dave",
        &at(3),
        &vote_tag("<div style=\"display:inline;font-weight:bold\">Vote: Erin</div>"),
    ));
    assert_eq!(
        wagon_voters(&t),
        vec![
            ("Bob".into(), names(&["Alice", "Carol"])),
            ("Erin".into(), names(&["Dave"]))
        ]
    );
    assert!(reviewed(&t).is_empty(), "{:?}", t.review());
}

#[test]
fn mafiascum_vote_tags_in_a_quote_do_not_count() {
    // Thread 16214, post 37: a `VOTE:` tag quoted inside `<blockquote>`.
    let mut t = tracker(FIVE, MAFIASCUM_RULES);
    t.apply(&html_post(
        1,
        "Alice",
        &at(1),
        &format!(
            "<blockquote cite=\"./viewtopic.php?p=2#p2\"><div><cite>Bob wrote:</cite>{} \
             Looks like the answer.<br>\n<div style=\"display:inline;font-weight:bold\">Vote: \
             Dave</div></div></blockquote>\n\nI do not like this post at all.",
            vote_tag("Carol")
        ),
    ));
    assert_eq!(wagons(&t), vec![]);
    assert!(reviewed(&t).is_empty(), "{:?}", t.review());
}

#[test]
fn mafiascum_a_death_written_in_an_inline_colour_div_kills() {
    // Thread 16918, post 168: `<div style="display:inline;font-weight:bold"><div
    // style="display:inline;color:#0000FF">Surprise_Carcinogen, Vanilla Townie</div>, has been
    // lynched Day 1.</div>`.
    let mut t = tracker(
        &["Beefster", "Bob", "Carol", "Dave", "Erin"],
        MAFIASCUM_RULES,
    );
    t.apply(&html_post(1, "Bob", &at(1), &vote_tag("Beefster")));
    t.apply(&html_post(
        2,
        "GM",
        &at(2),
        "The town has spoken.<br>\n<br>\n<div style=\"display:inline;color:green\">Beefster, \
         Vanilla Townie,</div> has been lynched.<br>\n<br>\nIt is now <div \
         style=\"display:inline;font-weight:bold\">Night 1</div>.",
    ));
    let status = t.status();
    assert_eq!(status.dead.len(), 1);
    assert_eq!(status.dead[0].name, "Beefster");
    assert_eq!(status.dead[0].phase, Phase::day(1));
}

/// A host who tells the lynch and opens the night in one post ("Carol was lynched. … Night 1
/// begins.", the vote-thread test of the service and many mafiascum games): the lynch takes
/// Carol's wagon off the running tally, but the day ended with the count that lynched her.
#[test]
fn a_lynch_told_with_the_night_leaves_the_day_ending_on_the_lynching_count() {
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(1, "Alice", &at(1), &["##vote Carol"]));
    t.apply(&post_at(2, "Bob", &at(2), &["##vote Carol"]));
    t.apply(&post_at(3, "Erin", &at(3), &["##vote Carol"]));
    t.apply(&post_at(4, "Carol", &at(4), &["##vote Dave"]));
    t.apply(&post_at(
        5,
        "GM",
        &at(5),
        &["Carol was lynched. She was a Goon.", "Night 1 begins."],
    ));
    let status = t.status();
    assert_eq!(status.phase, Phase::night(1));
    let day1 = &status.previous_days[0];
    assert_eq!(day1.phase, Phase::day(1));
    let wagons: Vec<(&str, usize)> = day1
        .tally
        .wagons
        .iter()
        .map(|w| (w.candidate.as_str(), w.votes))
        .collect();
    assert_eq!(wagons, [("Carol", 3), ("Dave", 1)]);
}

/// A day kill followed by more votes: the day ends on the votes cast after it.
#[test]
fn votes_after_a_day_kill_make_the_days_count() {
    let mut t = tracker(FIVE, "");
    t.apply(&post_at(1, "Alice", &at(1), &["##vote Carol"]));
    t.apply(&post_at(
        2,
        "GM",
        &at(2),
        &["Carol has been killed. She was the Cop."],
    ));
    t.apply(&post_at(3, "Bob", &at(3), &["##vote Dave"]));
    t.apply(&post_at(4, "GM", &at(4), &["Night 1 begins."]));
    let day1 = &t.status().previous_days[0];
    let wagons: Vec<(&str, usize)> = day1
        .tally
        .wagons
        .iter()
        .map(|w| (w.candidate.as_str(), w.votes))
        .collect();
    assert_eq!(wagons, [("Dave", 1)]);
}
