//! Channels and connections (who can talk to whom), whispering and `On Whisper`,
//! Conversation Reset, Lock, Transfer, `On Visit`, haunting mode (ghosts, Banishing, the
//! Banishment poll, `On Banishment`), and the real files' `Activate`, `Execute`, `Format`
//! and `Resurrect`; on fixture roles, outcomes worked out by hand from the guide.

mod common;
#[path = "common/channels.rs"]
mod haunt;

use common::*;
use haunt::*;

// --- Whispering ------------------------------------------------------------------------

const TAVERN: &[(&str, &str)] = &[
    ("Alice", "Citizen"),
    ("Bob", "Bartender"),
    ("Dave", "Citizen"),
    ("Eve", "Wolf"),
];

#[test]
fn the_bartender_whispers_in_the_tavern_as_bartender() {
    // Bartender: `Starting: Whisper to #tavern as `Bartender``; guide, Whispering: "a
    // whispering connection is opened" — Bob writes into #tavern under the name Bartender.
    let mut g = game(TAVERN);
    act(
        &mut g,
        "Bob: Whisper Bartender: first round is on the house",
    );
    act(&mut g, "Bob: Say #tavern: it's me, Bob");
    act(&mut g, "Alice: Say #tavern: cheers");
    assert_eq!(
        conversation(&g, "tavern"),
        [
            "Bartender: first round is on the house",
            "Bob: it's me, Bob",
            "Alice: cheers"
        ]
    );
    // Alice has no connection of her own.
    let e = refused(&mut g, "Alice: Whisper Bartender: hi");
    assert!(e.contains("no whispering connection"), "{e}");
    // `wwr show` lists the channel, its connection and its conversation.
    let shown = mafia_wwr::render::show(&g, g.player_named("Alice"), false);
    assert!(
        shown.contains("#Tavern (read, write); whispers: Bartender (from Bob's channel)"),
        "{shown}"
    );
    assert!(
        shown.contains("[D0] Bartender: first round is on the house"),
        "{shown}"
    );
}

#[test]
fn the_dead_cannot_write_in_the_tavern_but_still_read_it() {
    // _game/locations/tavern: `Members: Alive`, `Viewers: Dead, Ghost, …`.
    let mut g = game(TAVERN);
    next(&mut g); // N1
    act(&mut g, "Eve: Vote Wolfpack: Alice");
    next(&mut g); // D1: Alice died
    assert!(!alive(&g, "Alice"));
    let e = refused(&mut g, "Alice: Say #tavern: I was killed by Eve");
    assert!(e.contains("Alice cannot write in #Tavern"), "{e}");
    act(&mut g, "Dave: Say #tavern: RIP Alice");
    let shown = mafia_wwr::render::show(&g, g.player_named("Alice"), false);
    assert!(shown.contains("#Tavern (read)"), "{shown}");
    assert!(shown.contains("Dave: RIP Alice"), "{shown}");
}

#[test]
fn corrupt_wolf_whispers_with_the_corrupted_until_the_next_day_ends() {
    // Corrupt Wolf, Immediate Night: reset the `Corrupted` channel, grant it, whisper to it
    // as `Corrupt Wolf` (~NextDay). Corrupted, Passive End Day: Conversation Reset and
    // revoke itself. The connection lasts until the end of the next day (~NextDay).
    let mut g = game(&[
        ("Alice", "Citizen"),
        ("Bob", "Citizen"),
        ("Dave", "Citizen"),
        ("Eve", "Corrupt Wolf"),
    ]);
    next(&mut g); // N1
    act(
        &mut g,
        "Eve: Immediate Night: @Selection = Bob, @SecondarySelection = 2",
    );
    assert_eq!(extra_roles(&g, "Bob"), ["Corrupted"]);
    assert!(has(&told(&g, "Bob"), "You are now also Corrupted."));
    act(&mut g, "Eve: Whisper Corrupted: vote for Dave tomorrow");
    act(&mut g, "Bob: Say #Corrupted: who are you?");
    assert_eq!(
        conversation(&g, "corrupted"),
        ["Corrupt Wolf: vote for Dave tomorrow", "Bob: who are you?"]
    );
    // Only the holder and the whisperer read the channel.
    let alice = mafia_wwr::render::show(&g, g.player_named("Alice"), false);
    assert!(!alice.contains("Corrupted"), "{alice}");
    let eve = mafia_wwr::render::show(&g, g.player_named("Eve"), false);
    assert!(eve.contains("#Corrupted (read, whisper)"), "{eve}");
    next(&mut g); // D1: still connected
    act(&mut g, "Eve: Whisper Corrupted: now!");
    next(&mut g); // N2: the day ended
    assert!(
        conversation(&g, "corrupted").is_empty(),
        "reset at the end of the day"
    );
    assert!(
        extra_roles(&g, "Bob").is_empty(),
        "Corrupted revoked itself"
    );
    let e = refused(&mut g, "Eve: Whisper Corrupted: hello?");
    assert!(e.contains("no whispering connection"), "{e}");
    assert!(has(
        &host(&g),
        "Conversation Reset: #Corrupted (3 message(s) removed)"
    ));
}

#[test]
fn grandmas_house_is_reset_at_the_end_of_the_day() {
    // Grandma: `Starting: Whisper to #Grandma's-House as `Grandma``; Immediate Night adds
    // two players (~NextDay). Grandma's House: `Passive End Day: Conversation Reset`.
    let mut g = game(&[
        ("Gran", "Grandma"),
        ("Alice", "Citizen"),
        ("Bob", "Citizen"),
        ("Dave", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    act(
        &mut g,
        "Gran: Immediate Night: @Selection = Alice, @SecondarySelection = Bob",
    );
    act(&mut g, "Gran: Whisper Grandma: come in, dears");
    act(&mut g, "Alice: Say #Grandma's House: thank you");
    let e = refused(&mut g, "Dave: Say #Grandma's House: let me in");
    assert!(e.contains("cannot write"), "{e}");
    next(&mut g); // D1
    assert_eq!(
        conversation(&g, "grandma's house"),
        ["Grandma: come in, dears", "Alice: thank you"]
    );
    next(&mut g); // N2: reset at the end of D1, and the guests left (~NextDay)
    assert!(conversation(&g, "grandma's house").is_empty());
    let e = refused(&mut g, "Alice: Say #Grandma's House: hello?");
    assert!(e.contains("cannot write"), "{e}");
}

// --- Transfer ------------------------------------------------------------------------

#[test]
fn the_journal_goes_to_a_player_with_the_targeted_role_with_its_contents() {
    // Journalist: `Starting: Grant `Journal Holder` to @Self`; `Immediate: Target
    // @Selection (Role)`; `On Death: Target @Target->Players->RandomPlayer; Transfer
    // `Journal Holder` from @Self to @Target`. Guide, Granting: Transfer retains "the same
    // secret channel".
    let mut g = game(&[
        ("Jo", "Journalist"),
        ("Alice", "Fortune Teller"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    assert_eq!(extra_roles(&g, "Jo"), ["Journal Holder"]);
    act(&mut g, "Jo: Immediate: @Selection = Fortune Teller");
    act(&mut g, "Jo: Say #Journal Holder: Eve looked shifty today");
    let e = refused(&mut g, "Alice: Say #Journal Holder: can I read this?");
    assert!(e.contains("cannot write"), "{e}");
    next(&mut g); // N1
    act(&mut g, "Eve: Vote Wolfpack: Jo");
    next(&mut g); // D1
    assert!(!alive(&g, "Jo"));
    assert!(extra_roles(&g, "Jo").is_empty());
    assert_eq!(extra_roles(&g, "Alice"), ["Journal Holder"]);
    assert!(has(&told(&g, "Alice"), "You are now also Journal Holder."));
    assert_eq!(
        conversation(&g, "journal holder"),
        ["Jo: Eve looked shifty today"]
    );
    act(&mut g, "Alice: Say #Journal Holder: noted");
}

// --- On Visit ----------------------------------------------------------------------------

#[test]
fn a_contaminated_fortune_teller_contaminates_whom_she_visits() {
    // Contaminated: `On Visited: Apply `Contaminated` to @Visitor (…) (EarlyStage, $phase)`
    // and `On Visit: Apply `Contaminated` to @ActionTarget (…)`. The Plague Carrier starts
    // contaminated; the Fortune Teller catches it by visiting, then passes it on.
    let mut g = game(&[
        ("Alice", "Fortune Teller"),
        ("Pia", "Plague Carrier"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    act(&mut g, "Alice: Immediate Night: Pia");
    assert_eq!(
        custom(&g, "Alice", "Contaminated"),
        Some(vec!["EarlyStage".to_string(), "N1".to_string()])
    );
    assert_eq!(custom(&g, "Dave", "Contaminated"), None);
    next(&mut g);
    next(&mut g); // N2
    act(&mut g, "Alice: Immediate Night: Dave");
    assert_eq!(
        custom(&g, "Dave", "Contaminated"),
        Some(vec!["EarlyStage".to_string(), "N2".to_string()])
    );
    // Cid visited nobody and was visited by nobody.
    assert_eq!(custom(&g, "Cid", "Contaminated"), None);
}

#[test]
fn an_automatic_ability_does_not_count_as_a_visit_for_on_visit() {
    // Decision: `On Visit` reports the visits of actions a player uses; the contaminated
    // Plague Carrier's `On Visited` reaction (Apply to @Visitor) does not trigger its own
    // `On Visit`, so the Fortune Teller is contaminated exactly once.
    let mut g = game(&[
        ("Alice", "Fortune Teller"),
        ("Pia", "Plague Carrier"),
        ("Dave", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g);
    act(&mut g, "Alice: Immediate Night: Pia");
    let a = g.player_named("Alice").unwrap();
    let n = g
        .state
        .attrs
        .iter()
        .filter(|x| {
            x.holder == mafia_wwr::state::Holder::Player(a)
                && matches!(&x.kind, mafia_wwr::state::AttrKind::Custom { name } if name == "Contaminated")
        })
        .count();
    assert_eq!(n, 1);
}
