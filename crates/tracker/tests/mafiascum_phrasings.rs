//! Hosts' own phrasings of replacements and deaths, on posts written as mafiascum.net renders
//! them (phpBB: a host's coloured text is `<div style="display:inline;color:…">`, bold is
//! `<div style="display:inline;font-weight:bold">`, a quote is `<blockquote><div><cite>…
//! wrote:</cite>…</div></blockquote>`; fixtures README and the thread posts cited below),
//! normalised by `mafia_posts` and replayed through the tracker.

mod support;

use mafia_tracker::phase::Phase;
use mafia_tracker::review::ReviewKind;
use support::*;
use support::{mafiascum_bold_vote as bold_vote, mafiascum_post as html, mafiascum_quote as quote};

const FIVE: &[&str] = &["Alice", "Bob", "Carol", "Dave", "Erin"];

/// A host's line in the colour mafiascum hosts use (thread 16214 post 298:
/// `<div style="display:inline;color:darkred">… Fugitive replaces ConfidAnon.</div>`).
fn host(text: &str) -> String {
    format!("<div style=\"display:inline;color:darkred\">{text}</div>")
}

fn items(t: &mafia_tracker::Tracker, kind: ReviewKind) -> Vec<String> {
    t.review()
        .iter()
        .filter(|r| r.kind == kind)
        .map(|r| r.message.clone())
        .collect()
}

#[test]
fn hosts_replacement_phrasings_replace_the_slot() {
    // "Nexus replaces TheLonging." (16214 post 527), "Quilford is replaced by the wonderful
    // Empking!" (17230 post 176), "th3kuzinator has been replaced by Archaist" (17401 post
    // 128), "TierShift replaced Flames682." (59806 post 871), "AngelInFreezer has been
    // replaced with GuyInFreezer." (28540 post 663), "serrapaladin will be replacing
    // LynxKuroneko." (58899 post 408), "Titus replaces in for TheEMC." (63042 post 595).
    for line in [
        "Zed replaces Bob.",
        "Zed is replacing Bob.",
        "Zed has replaced Bob.",
        "Bob is replaced by Zed!",
        "Bob has been replaced by Zed",
        "Bob has been replaced with Zed.",
        "Zed is in for Bob.",
        "Zed subs in for Bob.",
        "Zed replaced Bob.",
        "Zed will be replacing Bob.",
        "Zed replaces in for Bob.",
        "Mastin2 is busy, so Zed replaces bob effective immediately.",
    ] {
        let mut t = tracker(FIVE, "");
        t.apply(&html(1, "Zed", 1, "I can replace in."));
        t.apply(&html(2, "GM", 2, &host(line)));
        let slot = &t.slots()[1];
        assert_eq!(
            (slot.name.as_str(), slot.replaced.as_slice()),
            ("Zed", &["Bob".to_string()][..]),
            "{line}"
        );
        t.apply(&html(3, "Zed", 3, &bold_vote("Alice")));
        assert_eq!(wagon_voters(&t), vec![("Alice".into(), names(&["Zed"]))]);
    }
}

#[test]
fn a_replacement_named_before_the_new_players_first_post_takes_effect_at_that_post() {
    // Thread 16214: "Richard is not able to replace in. Fugitive replaces ConfidAnon." is post
    // 298; Fugitive's first post is 299.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        &host("Richard is not able to replace in. Fugitive replaces Bob."),
    ));
    assert_eq!(t.slots()[1].name, "Bob");
    assert_eq!(items(&t, ReviewKind::Replacement).len(), 1);
    // Quilford is replaced by the wonderful Empking! (17230 post 176): the written name may
    // carry words around the user name.
    t.apply(&html(
        2,
        "GM",
        2,
        &host("Carol is replaced by the wonderful Empking!"),
    ));
    t.apply(&html(3, "Fugitive", 3, &bold_vote("Alice")));
    t.apply(&html(4, "Empking", 4, &bold_vote("Alice")));
    assert_eq!(t.slots()[1].name, "Fugitive");
    assert_eq!(t.slots()[2].name, "Empking");
    assert_eq!(
        wagon_voters(&t),
        vec![("Alice".into(), names(&["Fugitive", "Empking"]))]
    );
    assert!(items(&t, ReviewKind::NonPlayerPosted).is_empty());
}

#[test]
fn a_replacement_may_write_the_account_without_its_framing_punctuation() {
    // 71675: "Grey replaces NotTheRealPaul effective immediatly. Please welcome him" (post
    // 507, plain text); the account `-Grey-` posts from post 544 and the host counts its
    // votes in that slot. A quoted vote of theirs still counts for nobody.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        "Grey replaces Bob effective immediatly. Please welcome him",
    ));
    assert_eq!(t.slots()[1].name, "Bob");
    t.apply(&html(
        2,
        "-Grey-",
        2,
        &format!("{}Hi all", quote("Carol", &bold_vote("Dave"))),
    ));
    assert_eq!(t.slots()[1].name, "-Grey-");
    assert!(wagon_voters(&t).is_empty());
    t.apply(&html(3, "-Grey-", 3, &bold_vote("Alice")));
    assert_eq!(wagon_voters(&t), vec![("Alice".into(), names(&["-Grey-"]))]);
    assert!(items(&t, ReviewKind::NonPlayerPosted).is_empty());
}

#[test]
fn a_new_player_named_before_a_relative_clause_replaces() {
    // 68685 post 597 (plain text): "In a twist of fate, I found a replacement just now.",
    // blank lines, then "Say hi to Fire Assassin, who is replacing in for Knighty Knight!";
    // Fire Assassin's first post follows. The same words quoted by a player replace nobody.
    let mut t = tracker(FIVE, "");
    let line = "Say hi to Fire Assassin, who is replacing in for Bob!";
    t.apply(&html(1, "Alice", 1, &quote("GM", line)));
    t.apply(&html(2, "Fire Assassin", 2, "Hello?"));
    assert_eq!(t.slots()[1].name, "Bob");
    t.apply(&html(
        3,
        "GM",
        3,
        &format!("In a twist of fate, I found a replacement just now.<br><br><br><br>{line}"),
    ));
    t.apply(&html(4, "Fire Assassin", 4, &bold_vote("Carol")));
    assert_eq!(t.slots()[1].name, "Fire Assassin");
    assert_eq!(
        wagon_voters(&t),
        vec![("Carol".into(), names(&["Fire Assassin"]))]
    );
}

#[test]
fn a_relative_clause_names_a_newcomer_who_has_not_posted_yet() {
    // As 68685 post 597, before the new player's first post: the replacement waits for it.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        "Say hi to Fire Assassin, who is replacing in for Bob!",
    ));
    assert_eq!(t.slots()[1].name, "Bob");
    t.apply(&html(2, "Fire Assassin", 2, &bold_vote("Carol")));
    assert_eq!(t.slots()[1].name, "Fire Assassin");
    assert_eq!(
        wagon_voters(&t),
        vec![("Carol".into(), names(&["Fire Assassin"]))]
    );
}

#[test]
fn a_new_player_named_before_an_appositive_replaces() {
    // 71675 post 1523, in green: "Kelvin Smith, Hikari Link's alt, has replaced Hikari Link";
    // Kelvin Smith's first post follows (1532). The same words quoted by a player replace
    // nobody.
    let mut t = tracker(FIVE, "");
    let line = "<div style=\"display:inline;color:#00FF00\">Kelvin Smith, Bob's alt, has replaced Bob</div>";
    t.apply(&html(1, "Alice", 1, &quote("GM", line)));
    t.apply(&html(2, "Kelvin Smith", 2, "Hello?"));
    assert_eq!(t.slots()[1].name, "Bob");
    t.apply(&html(3, "GM", 3, line));
    t.apply(&html(4, "Kelvin Smith", 4, &bold_vote("Carol")));
    assert_eq!(t.slots()[1].name, "Kelvin Smith");
    assert_eq!(
        wagon_voters(&t),
        vec![("Carol".into(), names(&["Kelvin Smith"]))]
    );
}

#[test]
fn a_replacement_may_write_underscores_as_spaces_or_misspell_one_letter() {
    // "Ant to the Max replaces Rikana." (17940 post 681, account `Ant_to_the_max`); in a
    // count's notes, "Creep20 replaces oddmusic" (69244 post 35, account `Creeps20`); the
    // host's "borkjerfkn" for borkjerfkin (23262 post 957).
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", 1, &host("Ant to the Max replaces Bob.")));
    t.apply(&html(
        2,
        "GM",
        2,
        "VOTE COUNT 1.01<br><br><br><br>NOTES<br><br>Creep20 replaces Carol",
    ));
    t.apply(&html(3, "Ant_to_the_max", 3, &bold_vote("Alice")));
    t.apply(&html(4, "Creeps20", 4, &bold_vote("Alice")));
    assert_eq!(t.slots()[1].name, "Ant_to_the_max");
    assert_eq!(t.slots()[2].name, "Creeps20");
    assert_eq!(
        wagon_voters(&t),
        vec![("Alice".into(), names(&["Ant_to_the_max", "Creeps20"]))]
    );
    // Two letters off is someone else: the slot stays open and the poster is listed.
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", 1, "Creep20 replaces Carol"));
    t.apply(&html(2, "Crews20", 2, &bold_vote("Alice")));
    assert_eq!(t.slots()[2].name, "Carol");
    assert!(wagon_voters(&t).is_empty());
}

#[test]
fn a_replacement_may_write_the_account_in_two_words() {
    // "Howl has requested replacement. ac1983 fan replaces Howl." (60083 post 440, plain
    // text); the account `ac1983fan` posts from 442. Put together, the words must be the
    // whole account: `ac1983fans` is someone else.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        "Bob has requested replacement. ac1983 fan replaces Bob.",
    ));
    t.apply(&html(2, "ac1983fan", 2, &bold_vote("Alice")));
    assert_eq!(t.slots()[1].name, "ac1983fan");
    assert_eq!(
        wagon_voters(&t),
        vec![("Alice".into(), names(&["ac1983fan"]))]
    );
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", 1, "ac1983 fan replaces Bob."));
    t.apply(&html(2, "ac1983fans", 2, &bold_vote("Alice")));
    assert_eq!(t.slots()[1].name, "Bob");
}

#[test]
fn a_replacement_may_name_the_accounts_first_word() {
    // "Hikari replaces brother yama" (18920 post 262, plain text; the account is `Hikari
    // Link`). Three letters are too few to tell an account by ("Hik").
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", 1, "Hikari replaces Bob"));
    t.apply(&html(2, "Hikari Link", 2, &bold_vote("Alice")));
    assert_eq!(t.slots()[1].name, "Hikari Link");
    assert_eq!(
        wagon_voters(&t),
        vec![("Alice".into(), names(&["Hikari Link"]))]
    );
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", 1, "Hik replaces Bob"));
    t.apply(&html(2, "Hik Link", 2, &bold_vote("Alice")));
    assert_eq!(t.slots()[1].name, "Bob");
}

#[test]
fn a_quoted_flaking_request_answered_by_filled_by() {
    // Issue 11: "a 'X is flaking, please help me find a replacement' post, then 'Filled by Y
    // — thanks!' quoting it". The quote is gone after normalisation; the earlier request
    // says which slot.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        &host("Bob is flaking, please help me find a replacement."),
    ));
    t.apply(&html(2, "Zed", 2, "I can sub in!"));
    // Zed posted while Bob's slot is open: the host is told what to add.
    let open = items(&t, ReviewKind::Replacement);
    assert_eq!(open.len(), 1, "{open:?}");
    assert!(
        open[0].contains("add Zed as a replacement for Bob"),
        "{open:?}"
    );
    t.apply(&html(
        3,
        "GM",
        3,
        &format!(
            "{}{}",
            quote("GM", "Bob is flaking, please help me find a replacement."),
            host("Filled by Zed — thanks!")
        ),
    ));
    assert_eq!(t.slots()[1].name, "Zed");
    t.apply(&html(4, "Zed", 4, &bold_vote("Carol")));
    assert_eq!(wagon_voters(&t), vec![("Carol".into(), names(&["Zed"]))]);
}

#[test]
fn filled_by_someone_who_has_not_posted_waits_for_their_first_post() {
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        &host("Searching for a replacement for Bob."),
    ));
    t.apply(&html(2, "GM", 2, &host("Filled by Zed. Thanks!")));
    assert_eq!(t.slots()[1].name, "Bob");
    t.apply(&html(3, "Zed", 3, &bold_vote("Carol")));
    assert_eq!(t.slots()[1].name, "Zed");
    assert_eq!(wagon_voters(&t), vec![("Carol".into(), names(&["Zed"]))]);
}

#[test]
fn a_request_only_inside_a_quote_opens_no_slot() {
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        &quote("Bob", "Bob is flaking, he needs a replacement."),
    ));
    t.apply(&html(2, "Zed", 2, "hello"));
    assert!(items(&t, ReviewKind::Replacement).is_empty());
    assert_eq!(items(&t, ReviewKind::NonPlayerPosted).len(), 1);
    // With nothing open, "Filled by" is no command.
    t.apply(&html(3, "GM", 3, &host("Filled by Zed.")));
    assert_eq!(t.slots()[1].name, "Bob");
    assert!(items(&t, ReviewKind::IgnoredCommand).is_empty());
}

#[test]
fn an_unknown_poster_is_listed_once_per_open_slot_with_the_line_to_add() {
    // "Fatso has requested replacement. I will find someone asap." (16769 post 201).
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        &host("Bob has requested replacement. I will find someone asap."),
    ));
    t.apply(&html(2, "Zed", 2, "first"));
    t.apply(&html(3, "Zed", 3, "second"));
    let open = items(&t, ReviewKind::Replacement);
    assert_eq!(open.len(), 1, "{open:?}");
    assert!(open[0].contains("Bob's slot is open for replacement (post 11)"));
    assert!(open[0].contains("add Zed as a replacement for Bob"));
    assert!(items(&t, ReviewKind::NonPlayerPosted).is_empty());
}

#[test]
fn filled_by_takes_the_oldest_of_several_open_slots_and_says_so() {
    // "Now seeking replacements for iamausername and Rhinox." (17401 post 410).
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        &host("Now seeking replacements for Bob and Carol."),
    ));
    t.apply(&html(2, "Zed", 2, "in"));
    t.apply(&html(3, "GM", 3, &host("Filled by Zed!")));
    assert_eq!(t.slots()[1].name, "Zed");
    assert_eq!(t.slots()[2].name, "Carol");
    let notes = items(&t, ReviewKind::Replacement);
    assert!(
        notes.iter().any(|n| n.contains("still open: Carol")),
        "{notes:?}"
    );
}

#[test]
fn a_death_closes_the_request_for_its_slot() {
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        &host("Looking for a replacement for Bob"),
    ));
    t.apply(&html(
        2,
        "GM",
        2,
        &host("Bob, Vanilla Townie, has been modkilled."),
    ));
    t.apply(&html(3, "Zed", 3, "hi"));
    assert!(items(&t, ReviewKind::Replacement).is_empty());
}

#[test]
fn hosts_death_phrasings_kill_the_player_named() {
    // "RedCoyote, Vanilla Townie, was lynched Day 5." (16769 post 494), "ShadoWolf, Vanilla
    // Townie, has been lynched Day 1." (16214), "bvoigt, a Vanilla Townie was killed Night 2"
    // (17289), "Maestro was nightkilled Night 1." (22466 post 708), "DemonHybrid: a Vanilla
    // Townie was killed night 1" (17289).
    for (line, dead) in [
        ("Bob — Town Cop was killed Night 1.", "Bob"),
        ("Bob, Town Cop, has been lynched!", "Bob"),
        ("Bob, a Vanilla Townie was lynched Day 1.", "Bob"),
        ("Bob was found dead in his room.", "Bob"),
        ("Bob was eliminated.", "Bob"),
        ("Bob was killed.", "Bob"),
        ("Bob was nightkilled Night 1. He was the Doctor.", "Bob"),
        ("Bob and Carol were killed Night 1.", "Bob"),
    ] {
        let mut t = tracker(FIVE, "");
        t.apply(&html(1, "GM", 1, &host(line)));
        let dead_now: Vec<_> = t.status().dead.iter().map(|d| d.name.clone()).collect();
        assert!(dead_now.contains(&dead.to_string()), "{line}: {dead_now:?}");
        // The phase is the one the line names ("killed Night 1"), else the running one
        // (Day 1): a death naming its phase belongs to that phase (issue 11 point 4).
        let named_night = line.contains("Night 1");
        assert_eq!(
            t.status().dead[0].phase,
            if named_night {
                Phase::night(1)
            } else {
                Phase::day(1)
            },
            "{line}"
        );
    }
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", 1, &host("Bob, Town Cop, has been lynched!")));
    assert_eq!(
        t.status().dead[0].comment,
        "Bob, Town Cop, has been lynched!"
    );
}

#[test]
fn a_vote_count_saying_who_will_be_lynched_kills_nobody() {
    // "Setael will be lynched at deadline if votes doesn't change" (17289, every vote count).
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        &host("Bob will be lynched at deadline if votes doesn't change"),
    ));
    assert!(t.status().dead.is_empty());
    // A quoted announcement kills nobody either.
    t.apply(&html(2, "GM", 2, &quote("GM", "Bob was killed Night 1.")));
    assert!(t.status().dead.is_empty());
}

#[test]
fn a_shortened_old_name_is_read_as_a_unique_near_miss_and_noted() {
    // "Xvart replaces TWIE effective immediately." (17645 post 1328), "Nul replaces Jake.
    // Thanks!" (29423 post 492, the player is Jake from State Farm).
    let players = &[
        "Alice",
        "TheWayItEnds",
        "Jake from State Farm",
        "Dave",
        "Erin",
    ];
    let mut t = tracker(players, "");
    t.apply(&html(1, "Nul", 1, "/in"));
    t.apply(&html(
        2,
        "GM",
        2,
        &host("Xvart replaces TWIE effective immediately. Nul replaces Jake. Thanks!"),
    ));
    assert_eq!(t.slots()[2].name, "Nul");
    assert_eq!(t.slots()[1].name, "TheWayItEnds");
    t.apply(&html(3, "Xvart", 3, &bold_vote("Alice")));
    assert_eq!(t.slots()[1].name, "Xvart");
    let notes = items(&t, ReviewKind::Replacement);
    assert!(
        notes.iter().any(|n| n
            .contains("`TWIE effective immediately` in a replacement was read as TheWayItEnds")),
        "{notes:?}"
    );
    // Nobody's name: refused and listed.
    t.apply(&html(4, "GM", 4, &host("Zed replaces Qwerty.")));
    assert_eq!(items(&t, ReviewKind::IgnoredCommand).len(), 1);
}

#[test]
fn will_be_replaced_opens_the_slot_and_the_newcomer_is_listed() {
    // TeamLiquid renders a host's blue bold line as `<b><font style="color: blue">…</font></b>`
    // (The Void, teamliquid/the-void-mafia.jsonl post 890).
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", 1, "Welcome."));
    t.apply(&html(
        2,
        "GM",
        2,
        "<b><font style=\"color: blue\">Bob will be replaced as soon as the replacement \
         confirms. Please do not speculate.</font></b>",
    ));
    t.apply(&html(3, "Zed", 3, "Hi, I am in."));
    let open = items(&t, ReviewKind::Replacement);
    assert_eq!(open.len(), 1, "{open:?}");
    assert!(
        open[0].contains("add Zed as a replacement for Bob"),
        "{open:?}"
    );
    // "will be replaced by X" stays a replacement, not a request.
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", 1, "Welcome."));
    t.apply(&html(2, "Zed", 2, "Hello."));
    t.apply(&html(3, "GM", 3, "<b>Bob will be replaced by Zed.</b>"));
    assert_eq!(t.slots()[1].name, "Zed");
    // Quoted, it opens nothing.
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", 1, "Welcome."));
    t.apply(&html(
        2,
        "GM",
        2,
        "<div class=\"quote\"><b>Bob will be replaced</b></div>Not yet.",
    ));
    t.apply(&html(3, "Zed", 3, "Hi, I am in."));
    assert!(items(&t, ReviewKind::Replacement).is_empty());
}

#[test]
fn a_new_player_is_the_new_old_or_replaces_in_quotation_marks() {
    // "All In is new Robbnva. Yay! Please welcome!" (67354 post 316, before All In's first
    // post), `Soben "replaces" Scumhunter, effective immediately, with my permission.` (17645
    // post 475), and a clause that goes on past the old name, shortened: "Denisatp replaces
    // Jordan look at me im on a roll" (22540 post 493, the player is JordanA24).
    let players = &["Alice", "Bob", "JordanA24", "Dave", "Erin"];
    let mut t = tracker(players, "");
    t.apply(&html(
        1,
        "GM",
        1,
        &host("Zed is new Bob. Yay! Please welcome!"),
    ));
    t.apply(&html(2, "Zed", 2, &bold_vote("Alice")));
    assert_eq!(t.slots()[1].name, "Zed");
    t.apply(&html(
        3,
        "GM",
        3,
        &host("Yan \"replaces\" Zed, effective immediately, with my permission."),
    ));
    t.apply(&html(4, "Yan", 4, &bold_vote("Dave")));
    assert_eq!(t.slots()[1].name, "Yan");
    assert_eq!(t.slots()[1].replaced, names(&["Bob", "Zed"]));
    t.apply(&html(5, "Denisatp", 5, "hi all"));
    t.apply(&html(
        6,
        "GM",
        6,
        &host("Denisatp replaces Jordan look at me im on a roll"),
    ));
    assert_eq!(t.slots()[2].name, "Denisatp");
    t.apply(&html(7, "Denisatp", 7, &bold_vote("Dave")));
    assert_eq!(
        wagon_voters(&t),
        vec![("Dave".into(), names(&["Yan", "Denisatp"]))]
    );
    // "Bob is new here" names nobody after "new": no replacement; nor does a quoted one.
    let mut t = tracker(FIVE, "");
    t.apply(&html(0, "GM", 0, &quote("GM", &host("Zed is new Bob."))));
    t.apply(&html(1, "Zed", 1, "hi"));
    assert_eq!(t.slots()[1].name, "Bob");
    t.apply(&html(2, "GM", 2, &host("Carol is new here, welcome her.")));
    assert_eq!(t.slots()[2].name, "Carol");
    assert!(items(&t, ReviewKind::IgnoredCommand).is_empty());
}

#[test]
fn an_account_shown_with_two_spaces_is_the_user_the_host_writes_with_one() {
    // mafiascum thread 38659: the account posts as `Terminal  Apathy` (two spaces, as the
    // saved page shows it), the host writes "trevorP replaces Terminal Apathy" (post 194);
    // phpBB compares usernames with runs of spaces collapsed, so both are one user.
    let mut t = tracker(&["Alice", "Bob", "Terminal Apathy", "Dave", "Erin"], "");
    t.apply(&html(1, "Terminal  Apathy", 1, &bold_vote("Alice")));
    assert_eq!(
        wagon_voters(&t),
        vec![("Alice".into(), names(&["Terminal Apathy"]))]
    );
    t.apply(&html(2, "GM", 2, &host("Trevor replaces Terminal Apathy")));
    t.apply(&html(3, "Trevor", 3, &bold_vote("Bob")));
    assert_eq!(t.slots()[2].name, "Trevor");
    assert_eq!(wagon_voters(&t), vec![("Bob".into(), names(&["Trevor"]))]);
}

#[test]
fn a_poster_the_game_file_lists_as_a_slots_other_name_gets_the_replace_line() {
    // mafiascum 26373: the game file (written from the archive) lists Revenus among
    // Deltabacon's names; Revenus replaced Deltabacon before the game, which the host wrote
    // only in a link ("DeltaBacon replaces out pre-game"), and posts from post 15.
    let text = "name = \"Test\"\ngms = [\"GM\"]\nzone = \"UTC\"\nfirst_phase = \"Day 1\"\n\
                day_length = \"48h\"\nnight_length = \"24h\"\n\
                players = [\"Alice\", { name = \"Bob\", aliases = [\"Rev\"] }, \"Carol\"]\n";
    let game = mafia_tracker::config::Game::parse(text, "test.toml").expect("game file");
    let mut t = mafia_tracker::Tracker::new(game).expect("tracker");
    t.apply(&html(5, "Rev", 1, "Hi, I'm the new Bob."));
    let item = t
        .review()
        .iter()
        .find(|r| r.kind == ReviewKind::NonPlayerPosted)
        .expect("listed");
    assert!(
        item.message.contains("names Rev as an alias of Bob"),
        "{}",
        item.message
    );
    assert_eq!(
        item.fix.as_deref(),
        Some("[[corrections]]\nat = 14\nreplace = { new = \"Rev\", old = \"Bob\" }\n")
    );
    // Someone the file does not name gets no line.
    t.apply(&html(6, "Zed", 2, "Spectating."));
    let last = t.review().last().expect("listed");
    assert_eq!(last.fix, None);
}

#[test]
fn an_outsider_the_game_file_names_as_an_alias_gets_the_replacement_to_add() {
    // 63130: the game file lists Scorpious as an alias of SleepyKrew's slot; the host wrote
    // "Sleepy has been replaced. Scorpius takes his spot!" (post 41), which names neither
    // exactly, and Scorpious posts from post 44. The review item names the slot and carries
    // the record that applies the replacement from that post on.
    let game = mafia_tracker::Game::parse(
        "name = \"Test\"\ngms = [\"GM\"]\nzone = \"UTC\"\nfirst_phase = \"Day 1\"\n\
         day_length = \"48h\"\nnight_length = \"24h\"\n\
         players = [\"Alice\", { name = \"Bob\", aliases = [\"Scorpious\"] }, \"Carol\"]\n",
        "test.toml",
    )
    .expect("game file");
    let mut t = mafia_tracker::Tracker::new(game).expect("tracker");
    // (The helper numbers post n as n + 10.)
    t.apply(&html(
        31,
        "GM",
        1,
        "Bobby has been replaced. Scorpius takes his spot!",
    ));
    t.apply(&html(34, "Scorpious", 2, &bold_vote("Carol")));
    let item = t
        .review()
        .iter()
        .find(|i| i.post == Some(44))
        .unwrap_or_else(|| panic!("{:#?}", t.review()));
    assert!(item.message.contains("alias of Bob"), "{}", item.message);
    assert_eq!(
        item.fix.as_deref(),
        Some("[[corrections]]\nat = 43\nreplace = { new = \"Scorpious\", old = \"Bob\" }\n")
    );
    // An unknown poster the game file does not name gets no record.
    t.apply(&html(35, "Zed", 3, "Hello"));
    let item = t
        .review()
        .iter()
        .find(|i| i.post == Some(45))
        .expect("item");
    assert_eq!(item.fix, None);
}

#[test]
fn a_host_who_resets_the_votecount_clears_the_days_votes() {
    // 16959 post 234, after a day kill: "Empking, Vanilla Townie, shot Day 1", a blank line,
    // "The Votecount has been Reset" (plain text); the next count (265) lists only votes cast
    // after it. 25003 post 159: "Votes are reset; day continues."
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "Alice", 1, &bold_vote("Bob")));
    t.apply(&html(2, "Carol", 2, &bold_vote("Bob")));
    t.apply(&html(
        3,
        "GM",
        3,
        "Erin, Vanilla Townie, shot Day 1<br><br>The Votecount has been Reset",
    ));
    assert!(wagon_voters(&t).is_empty());
    t.apply(&html(4, "Dave", 4, &bold_vote("Carol")));
    t.apply(&html(5, "GM", 5, "Votes are reset; day continues."));
    assert!(wagon_voters(&t).is_empty());
    t.apply(&html(6, "Bob", 6, &bold_vote("Alice")));
    assert_eq!(wagon_voters(&t), vec![("Alice".into(), names(&["Bob"]))]);
}

#[test]
fn a_reset_in_the_rules_or_in_a_quote_resets_nothing() {
    // 72581 post 2: "I will track votes for reference purposes during Dawn, but all votes are
    // reset at the start of D1." A player quoting the host's reset is no reset either.
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "Alice", 1, &bold_vote("Bob")));
    t.apply(&html(
        2,
        "GM",
        2,
        "I will track votes for reference purposes during Dawn, but all votes are reset at \
         the start of D1.<br>All votes are reset at the start of each day.",
    ));
    t.apply(&html(
        3,
        "Carol",
        3,
        &quote("GM", "The Votecount has been Reset"),
    ));
    assert_eq!(wagon_voters(&t), vec![("Bob".into(), names(&["Alice"]))]);
}

/// The review items of a kind with their fixes.
fn fixes(t: &mafia_tracker::Tracker, kind: ReviewKind) -> Vec<(u64, Option<String>)> {
    t.review()
        .iter()
        .filter(|r| r.kind == kind)
        .map(|r| (r.post.unwrap_or(0), r.fix.clone()))
        .collect()
}

#[test]
fn a_newcomer_who_says_whom_they_replace_gets_the_line_to_add() {
    // 70912 post 767, the host never having announced it: "Hey all! I am replacing
    // mattblackguy. I will be posting after school!"; post 1087: "I'm replacing Jaack." The
    // tracker does not replace on a player's word: the review item carries the record.
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "Zed",
        1,
        "Hey all! I am replacing Bob. I will be posting after school!",
    ));
    t.apply(&html(2, "Zed", 2, &bold_vote("Alice")));
    assert!(wagon_voters(&t).is_empty());
    let listed = fixes(&t, ReviewKind::NonPlayerPosted);
    assert_eq!(listed.len(), 2);
    let (post, fix) = &listed[0];
    assert_eq!(*post, 11);
    let fix = fix.as_deref().expect("a correction");
    assert!(fix.contains("at = 10\n"), "{fix}");
    assert!(
        fix.contains("replace = { new = \"Zed\", old = \"Bob\" }"),
        "{fix}"
    );
    // The vote post says nothing of the kind: no record on it.
    assert_eq!(listed[1].1, None);
}

#[test]
fn a_newcomers_apostrophe_may_be_curly_or_missing() {
    // 70912 post 1087's "I'm replacing Jaack." as a phone keyboard types it (the forum keeps
    // the typed character: U+2019) and as typed without the apostrophe ("Im replacing into
    // more games", 24640 post 1109, spells it so).
    for words in ["I\u{2019}m replacing Carol.", "im replacing Carol!"] {
        let mut t = tracker(FIVE, "");
        t.apply(&html(1, "Zed", 1, words));
        let listed = fixes(&t, ReviewKind::NonPlayerPosted);
        let fix = listed[0].1.as_deref().expect("a correction");
        assert!(
            fix.contains("replace = { new = \"Zed\", old = \"Carol\" }"),
            "{words}: {fix}"
        );
    }
}

#[test]
fn a_quoted_or_unknown_name_after_i_am_replacing_names_no_slot() {
    // Quoted words are never the poster's; "I'm replacing my keyboard" names nobody.
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "Zed", 1, &quote("Yan", "I am replacing Bob")));
    t.apply(&html(2, "Zed", 2, "I'm replacing my keyboard, brb"));
    t.apply(&html(3, "Zed", 3, "I'm replacing Bobby tables"));
    let listed = fixes(&t, ReviewKind::NonPlayerPosted);
    assert_eq!(listed.len(), 3);
    assert!(listed.iter().all(|(_, fix)| fix.is_none()));
}

#[test]
fn a_newcomer_who_names_another_slot_than_the_open_one_gets_that_slots_line() {
    // 70912: "mattblackguy has requested replacement." (post 671), then Aristophanes's first
    // post "I'm replacing Jaack." (1087): the record names Jaack, not the open slot.
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", 1, "Bob has requested replacement."));
    t.apply(&html(
        2,
        "Zed",
        2,
        "I'm replacing Carol. I guess I need to read back?",
    ));
    let listed = fixes(&t, ReviewKind::Replacement);
    let fix = listed
        .iter()
        .find(|(post, _)| *post == 12)
        .and_then(|(_, fix)| fix.as_deref())
        .expect("a correction");
    assert!(
        fix.contains("replace = { new = \"Zed\", old = \"Carol\" }"),
        "{fix}"
    );
    assert_eq!(t.slots()[1].name, "Bob");
    assert_eq!(t.slots()[2].name, "Carol");
}

#[test]
fn replacing_at_the_start_of_a_hosts_line_opens_the_slot() {
    // 58587 post 79: "LADIES AND GENTLEMEN! I PRESENT CANDICE!", a blank line, "Replacing
    // Marcus2596 immediately"; Candice posts from 80. The slot opens, and Candice's post is a
    // review item carrying the record (the tracker does not guess that she is the one).
    let mut t = tracker(FIVE, "");
    t.apply(&html(
        1,
        "GM",
        1,
        "LADIES AND GENTLEMEN! I PRESENT CANDICE!<br><br>Replacing Bob immediately",
    ));
    t.apply(&html(2, "Candice", 2, "Hi all!"));
    let listed = fixes(&t, ReviewKind::Replacement);
    let fix = listed
        .iter()
        .find(|(post, _)| *post == 12)
        .and_then(|(_, fix)| fix.as_deref())
        .expect("a correction");
    assert!(
        fix.contains("replace = { new = \"Candice\", old = \"Bob\" }"),
        "{fix}"
    );
    // Anywhere else on the line the word opens nothing: "Thanks Dan for replacing Carol".
    let mut t = tracker(FIVE, "");
    t.apply(&html(1, "GM", 1, "Thanks Dan for replacing Carol"));
    t.apply(&html(2, "Zed", 2, "Hi all!"));
    assert!(fixes(&t, ReviewKind::Replacement).is_empty());
}
