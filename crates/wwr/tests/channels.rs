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
fn a_reaction_to_a_visit_does_not_count_as_a_visit_for_on_visit() {
    // Decision: the contaminated Plague Carrier's `On Visited` reaction (Apply to @Visitor)
    // does not trigger its own `On Visit`, so the Fortune Teller is contaminated once.
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

// --- Haunting: ghosts and banishing ------------------------------------------------------

const ELDER: &[(&str, &str)] = &[
    ("Tess", "Town Elder"),
    ("Alice", "Citizen"),
    ("Bob", "Citizen"),
    ("Dave", "Citizen"),
    ("Eve", "Wolf"),
];

/// Two wolfpack attacks on the Town Elder, on N1 and N2.
fn attack_tess_twice(g: &mut mafia_wwr::Game) {
    next(g); // N1
    act(g, "Eve: Vote Wolfpack: Tess");
    next(g); // D1
    next(g); // N2
    act(g, "Eve: Vote Wolfpack: Tess");
    next(g); // D2
}

#[test]
fn town_elder_survives_one_night_attack_and_is_banished_on_the_second() {
    // Town Elder: `Starting: Protect @Self from `Attacks` through Partial Defense during
    // Night (~UntilUse)`, `On Death: True Banish @Self`. _rules haunting `death`: the dead
    // turn into ghosts; `banishment`: a banished ghost is eliminated completely.
    let mut g = haunting(ELDER);
    next(&mut g); // N1
    act(&mut g, "Eve: Vote Wolfpack: Tess");
    next(&mut g); // D1
    assert!(alive(&g, "Tess"));
    assert!(has(
        &host(&g),
        "Group:Wolfpack Attack on Tess failed: partial defense (Town Elder)"
    ));
    next(&mut g); // N2
    act(&mut g, "Eve: Vote Wolfpack: Tess");
    next(&mut g); // D2
    assert!(!alive(&g, "Tess"));
    assert!(!ghost(&g, "Tess"), "True Banish @Self on death");
    let p = public(&g);
    // Each line must be there (a missing one is not "earlier"), then in this order.
    let at = |line: &str| {
        p.iter()
            .position(|l| l == line)
            .unwrap_or_else(|| panic!("no public line `{line}` in {p:?}"))
    };
    let died = at("Tess died. Their role was Town Elder.");
    let ghost_at = at("Tess is now a ghost.");
    let banished = at("Tess was banished.");
    assert!(died < ghost_at && ghost_at < banished, "{p:?}");
}

#[test]
fn without_haunting_mode_the_dead_are_not_ghosts_and_cannot_be_banished() {
    let mut g = game(ELDER);
    attack_tess_twice(&mut g);
    assert!(!alive(&g, "Tess"));
    assert!(!ghost(&g, "Tess"));
    assert!(!has(&public(&g), "ghost"));
    assert!(has(&host(&g), "True Banish on Tess failed: not a ghost"));
}

#[test]
fn the_reaper_banishes_a_ghost_and_steals_its_role() {
    // Reaper: `End Night: [Succession: No Succession] • Banish @Selection[ghost] • Grant
    // @Selection->Role to @Self`.
    let mut g = haunting(&[
        ("Rex", "Reaper"),
        ("Alice", "Fortune Teller"),
        ("Bob", "Citizen"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    act(&mut g, "Eve: Vote Wolfpack: Alice");
    next(&mut g); // D1
    assert!(ghost(&g, "Alice"));
    let shown = mafia_wwr::render::show(&g, None, false);
    assert!(
        shown.contains("Alice — Fortune Teller (Townsfolk, ghost)"),
        "{shown}"
    );
    next(&mut g); // N2
    let e = refused(&mut g, "Rex: End Night: @Selection = Bob");
    assert!(e.contains("Bob is not a ghost"), "{e}");
    act(&mut g, "Rex: End Night: @Selection = Alice");
    act(&mut g, "Eve: Vote Wolfpack: Bob");
    next(&mut g); // D2
    assert!(!ghost(&g, "Alice"));
    assert!(has(&public(&g), "Alice was banished."));
    assert_eq!(extra_roles(&g, "Rex"), ["Fortune Teller"]);
    next(&mut g); // N3: Bob is a ghost now, but not twice in a row
    assert!(ghost(&g, "Bob"));
    let e = refused(&mut g, "Rex: End Night: @Selection = Bob");
    assert!(e.contains("Succession"), "{e}");
}

#[test]
fn fenrir_banishes_as_a_ghost_from_night_three_and_other_ghosts_cannot_act() {
    // Fenrir: `Haunted Role` (abilities alive and ghostly), `End Night: Banish
    // @Selection[ghost] [Succession: No Succession, Temporal: Night 3+]`. _rules haunting
    // `ghost`: "By default, ghosts cannot use their role abilities anymore".
    let mut g = haunting(&[
        ("Fen", "Fenrir"),
        ("Bob", "Witch"),
        ("Alice", "Fortune Teller"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Gus", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    act(&mut g, "Bob: End Night |witch.pod|: @Selection = Fen");
    act(&mut g, "Eve: Vote Wolfpack: Alice");
    act(&mut g, "Fen: Vote Wolfpack: Alice");
    next(&mut g); // D1
    assert!(ghost(&g, "Fen") && ghost(&g, "Alice"));
    next(&mut g); // N2
    let e = refused(&mut g, "Alice: Immediate Night: Eve");
    assert!(e.contains("ghosts cannot use their role abilities"), "{e}");
    let e = refused(&mut g, "Fen: End Night: @Selection = Alice");
    assert!(e.contains("Temporal"), "{e}");
    next(&mut g);
    next(&mut g); // N3
    act(&mut g, "Fen: End Night: @Selection = Alice");
    next(&mut g); // D3
    assert!(!ghost(&g, "Alice"));
    assert!(has(
        &host(&g),
        "Alice was banished: Banish by Role:Fenrir (Fen)"
    ));
}

#[test]
fn a_ghostly_modifier_moves_the_abilities_to_the_afterlife_and_haunted_keeps_both() {
    // haunting/attributes: Ghostly `Activate @Self while `Ghostly``, Haunted `Activate @Self
    // always` ("may use their abilities both while alive as well as while they are a ghost").
    let mut g = game_with(
        &[
            ("Alice", "Fortune Teller"),
            ("Hal", "Fortune Teller"),
            ("Dave", "Citizen"),
            ("Cid", "Citizen"),
            ("Eve", "Wolf"),
        ],
        &["Lynch"],
        true,
        &[("Alice", "Ghostly"), ("Hal", "Haunted")],
    );
    next(&mut g); // N1
    let e = refused(&mut g, "Alice: Immediate Night: Eve");
    assert!(e.contains("only while a ghost"), "{e}");
    assert_eq!(
        act(&mut g, "Hal: Immediate Night: Eve"),
        ["Role Investigate Eve (SD, WD): Wolf"]
    );
    act(&mut g, "Eve: Vote Wolfpack: Alice");
    next(&mut g);
    next(&mut g); // N2: Alice is a ghost
    assert_eq!(
        act(&mut g, "Alice: Immediate Night: Eve"),
        ["Role Investigate Eve (SD, WD): Wolf"]
    );
}

/// Ten players (a Reaper among them) in haunting mode with the ghost polls; on N1 the wolf
/// kills Alice and the
/// Witch kills Carol; the ghosts elect Alice Revenant (D1) and Carol Poltergeist (D2).
/// Returns the game at N3.
fn poltergeist_night() -> mafia_wwr::Game {
    let mut g = game_with(
        &[
            ("Alice", "Citizen"),
            ("Bob", "Witch"),
            ("Carol", "Citizen"),
            ("Dave", "Citizen"),
            ("Fay", "Citizen"),
            ("Gus", "Citizen"),
            ("Hal", "Citizen"),
            ("Ivy", "Citizen"),
            ("Rex", "Reaper"),
            ("Eve", "Wolf"),
        ],
        &["Lynch", "Ghost Election", "Banishment"],
        true,
        &[],
    );
    next(&mut g); // N1
    act(&mut g, "Eve: Vote Wolfpack: Alice");
    act(&mut g, "Bob: End Night |witch.pod|: @Selection = Carol");
    next(&mut g); // D1: two ghosts, the Revenant Election opens in #graveyard_votes
    act(&mut g, "Alice: Vote Revenant Election: Alice");
    act(&mut g, "Carol: Vote Revenant Election: Alice");
    let e = refused(&mut g, "Dave: Vote Revenant Election: Alice");
    assert!(e.contains("no open"), "{e}");
    next(&mut g); // N2
    assert_eq!(extra_roles(&g, "Alice"), ["Revenant"]);
    assert!(has(&public(&g), "Alice was elected as Revenant"));
    next(&mut g); // D2: Revenant, no Poltergeist
    act(&mut g, "Alice: Vote Poltergeist Election: Carol");
    next(&mut g); // N3
    assert_eq!(extra_roles(&g, "Carol"), ["Poltergeist"]);
    g
}

#[test]
fn the_poltergeist_locks_the_tavern_and_each_ghost_whispers_once() {
    // Poltergeist (Ghostly Role), Immediate Night: Lock #Tavern, Apply `TavernHaunting` to
    // @Ghostly (its Starting adds them to #Tavern-Haunting), Whisper from #Tavern-Haunting
    // to #Tavern as `Ghosts` (~Phase). Tavern Haunting: `On `Ghosts` Whisper: Remove @Self
    // from #Tavern-Haunting` ("Each ghostly player may send a single anonymous message").
    let mut g = poltergeist_night();
    act(&mut g, "Carol: Immediate Night");
    assert!(has(
        &channel(&g, "tavern"),
        "The tavern is *haunted* and has been locked for the night!"
    ));
    // Dave reads the tavern (a member of the location), so its news is in his log.
    let dave = mafia_wwr::render::show(&g, g.player_named("Dave"), true);
    assert!(dave.contains("#tavern: The tavern is *haunted*"), "{dave}");
    let e = refused(&mut g, "Dave: Say #tavern: who's there?");
    assert!(e.contains("#Tavern is locked"), "{e}");
    let e = refused(&mut g, "Alice: Say #tavern: boo");
    assert!(e.contains("Alice cannot write in #Tavern"), "{e}");
    act(&mut g, "Alice: Whisper Ghosts: the wolf is Eve");
    let e = refused(&mut g, "Alice: Whisper Ghosts: really!");
    assert!(e.contains("no whispering connection"), "{e}");
    act(&mut g, "Carol: Whisper #tavern: boo");
    assert_eq!(
        conversation(&g, "tavern"),
        ["Ghosts: the wolf is Eve", "Ghosts: boo"]
    );
    let host_view = mafia_wwr::render::show(&g, None, false);
    assert!(host_view.contains("#Tavern [locked]"), "{host_view}");
    next(&mut g); // D3: Passive Start Day unlocks
    assert!(has(&channel(&g, "tavern"), "The tavern has been reopened!"));
    act(&mut g, "Dave: Say #tavern: what happened?");
    let e = refused(&mut g, "Carol: Whisper Ghosts: again");
    assert!(e.contains("no whispering connection"), "{e}");
}

#[test]
fn the_banishment_poll_opens_on_day_three_and_banishes_the_ghost_voted_out() {
    // Banishment: `Available Options: @Ghostly, Abstain`, `Allowed Voters: @Ghostly`,
    // `On Poll Closed: Banish @Winner`, `Passive Start Day: Create Poll in #graveyard_votes
    // [Temporal: Day 3+, Condition: @(AttrRole:Revenant,Ghostly:True) exists] ⟨Odd: x1⟩`.
    let mut g = poltergeist_night();
    assert!(!g.state.polls.iter().any(|p| p.def == "Banishment"));
    next(&mut g); // D3
    act(&mut g, "Alice: Vote Banishment: Carol");
    let e = refused(&mut g, "Dave: Vote Banishment: Carol");
    assert!(e.contains("no open `Banishment` poll"), "{e}");
    next(&mut g); // N4
    assert_eq!(poll_winner(&g, "Banishment").as_deref(), Some("Carol"));
    assert!(!ghost(&g, "Carol"));
    assert!(has(&public(&g), "Carol was banished."));
    assert!(ghost(&g, "Alice"));
}

// --- Real files' extra types ------------------------------------------------------------

#[test]
fn the_setup_poll_lists_the_roles_for_the_dead_and_notes_haunting() {
    // _game/polls/setup: `Starting: Execute `ListRoles` to #dead_spectator` and, with
    // `[Condition: $haunting is True]`, a note in #voting_booth.
    let players = &[("Alice", "Citizen"), ("Eve", "Wolf"), ("Bob", "Witch")];
    let g = game_with(players, &["Lynch", "Setup"], false, &[]);
    assert_eq!(
        channel(&g, "dead spectator"),
        ["Roles in this game: Citizen, Witch, Wolf"]
    );
    assert_eq!(channel(&g, "substitutes"), ["Substitutes: none"]);
    assert!(channel(&g, "voting booth").is_empty());
    let g = game_with(players, &["Lynch", "Setup"], true, &[]);
    assert!(has(
        &channel(&g, "voting booth"),
        "In Haunting the elections differ."
    ));
}

#[test]
fn the_chef_learns_one_waiter_per_team_as_a_formatted_list() {
    // Chef: `For Each &All: Apply `Waiter` to &Ind->Members->RandomPlayer`, then
    // `Format @(AttrSelf:Waiter,Random:True) as `\n- $`` into `Learn `Chef Waiters: …``.
    let g = game(&[
        ("Chef", "Chef"),
        ("Alice", "Citizen"),
        ("Bob", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    let waiters: Vec<String> = ["Chef", "Alice", "Bob", "Eve"]
        .iter()
        .filter(|n| custom(&g, n, "Waiter").is_some())
        .map(|n| n.to_string())
        .collect();
    // Three teams in play: Townsfolk (Alice or Bob), Werewolf (Eve), the Chef's own.
    assert_eq!(waiters.len(), 3, "{waiters:?}");
    assert!(waiters.contains(&"Eve".to_string()) && waiters.contains(&"Chef".to_string()));
    let learned = told(&g, "Chef")
        .into_iter()
        .find(|l| l.starts_with("Chef Waiters:"))
        .expect("the Chef learns the list");
    let mut lines: Vec<&str> = learned.lines().skip(1).collect();
    lines.sort();
    let mut want: Vec<String> = waiters.iter().map(|w| format!("- {w}")).collect();
    want.sort();
    assert_eq!(lines, want);
}

#[test]
fn a_player_killed_during_the_night_does_not_act_as_a_ghost() {
    // _rules haunting `ghost`: ghosts cannot use their role abilities. The Witch's queued
    // potion of death does not run once the wolves (groups attack first) have killed her.
    let mut g = haunting(&[
        ("Bob", "Witch"),
        ("Alice", "Citizen"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    act(&mut g, "Bob: End Night |witch.pod|: @Selection = Eve");
    act(&mut g, "Eve: Vote Wolfpack: Bob");
    next(&mut g); // D1
    assert!(ghost(&g, "Bob"));
    assert!(alive(&g, "Eve"));
}

#[test]
fn the_prophets_miracle_of_resurrection_brings_a_ghost_back() {
    // Prophet, End Night |prophet.2|: `Resurrect @Selection[ghost]`, Apply `Marker`,
    // Announce the miracle. The ability is reached through a choice (`Miracle`), so this
    // runs the fixture's ability directly for a Prophet player.
    use mafia_wwr::eval::Ctx;
    use mafia_wwr::state::{Source, Val};
    let mut g = haunting(&[
        ("Pat", "Citizen"),
        ("Alice", "Citizen"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    act(&mut g, "Eve: Vote Wolfpack: Alice");
    next(&mut g);
    next(&mut g); // N2
    assert!(ghost(&g, "Alice"));
    let lib = g.lib.clone();
    let prophet = lib.role("Prophet").unwrap();
    let (ab, _) = prophet
        .abilities
        .iter()
        .find(|(a, _)| a.to_text().starts_with("End Night"))
        .unwrap();
    let alice = g.player_named("Alice").unwrap();
    let mut ctx = Ctx::new(g.player_named("Pat"), Source::Role("Prophet".into()));
    ctx.selection = Some(Val::Players(vec![alice]));
    assert_eq!(g.run_ability(ab, &mut ctx).as_deref(), Some("Success"));
    assert!(alive(&g, "Alice") && !ghost(&g, "Alice"));
    assert!(has(&public(&g), "Alice was resurrected."));
    assert!(has(
        &public(&g),
        "Pat has performed a **Miracle of Resurrection**"
    ));
    // A living player cannot be resurrected.
    assert_eq!(g.run_ability(ab, &mut ctx).as_deref(), Some("Failure"));
    assert_eq!(
        public(&g)
            .iter()
            .filter(|l| l.contains("resurrected"))
            .count(),
        1
    );
}

// --- Saved games ------------------------------------------------------------------------

mod saved {
    use super::*;
    use mafia_wwr::autoplay::{Driver, play_phase};
    use mafia_wwr::{Game, GameState};
    use proptest::prelude::*;

    const HAUNTED: &[(&str, &str)] = &[
        ("Tess", "Town Elder"),
        ("Rex", "Reaper"),
        ("Fen", "Fenrir"),
        ("Bob", "Bartender"),
        ("Cor", "Corrupt Wolf"),
        ("Gran", "Grandma"),
        ("Wil", "Witch"),
        ("Jo", "Journalist"),
        ("Alice", "Fortune Teller"),
        ("Eve", "Wolf"),
    ];

    /// One phase of random play plus some talk: every player tries a line in the tavern
    /// and through each whispering connection they have.
    fn phase(g: &mut Game, d: &mut Driver) {
        play_phase(g, d);
        for p in 0..g.state.players.len() {
            let name = g.state.players[p].name.clone();
            let _ = g.act(&format!("{name}: Say #tavern: {}", d.below(100)), "t");
            for (conn, _) in g.connections_for(p, None) {
                let _ = g.act(&format!("{name}: Whisper {conn}: {}", d.below(100)), "t");
            }
        }
        if g.state.outcome.is_none() {
            g.next_phase().unwrap();
        }
    }

    fn json(g: &Game) -> String {
        serde_json::to_string(&g.state).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

        #[test]
        fn a_haunting_game_saved_and_reloaded_at_any_phase_continues_identically(
            seed in any::<u64>(),
            driver in any::<u64>(),
            cut in 0usize..10,
        ) {
            let polls = &["Lynch", "Ghost Election", "Banishment"];
            let start = || game_seeded_with(HAUNTED, polls, true, &[], seed);
            let mut straight = start();
            let mut d1 = Driver::new(driver);
            for _ in 0..14 {
                if straight.state.outcome.is_some() { break; }
                phase(&mut straight, &mut d1);
            }
            let mut first = start();
            let mut d2 = Driver::new(driver);
            for _ in 0..cut {
                if first.state.outcome.is_some() { break; }
                phase(&mut first, &mut d2);
            }
            let saved = serde_json::to_string(&first.state).unwrap();
            let state: GameState = serde_json::from_str(&saved).unwrap();
            let mut reloaded = Game::load(state, common::lib()).unwrap();
            for _ in cut..14 {
                if reloaded.state.outcome.is_some() { break; }
                phase(&mut reloaded, &mut d2);
            }
            prop_assert_eq!(json(&straight), json(&reloaded));
        }
    }
}

#[test]
fn the_haunting_poltergeist_is_absent_and_evades_a_banishment() {
    // Poltergeist: `Protect @Self from `Banishments` through Absence at #tavern during
    // Night (~Phase)` ("Whilst the Poltergeist is haunting the tavern, it is *absent* and
    // will evade banishments").
    let mut g = poltergeist_night();
    act(&mut g, "Carol: Immediate Night");
    act(&mut g, "Rex: End Night: @Selection = Carol");
    next(&mut g); // D3
    assert!(ghost(&g, "Carol"));
    assert!(has(
        &host(&g),
        "Role:Reaper Banish on Carol failed: absence defense"
    ));
}

#[test]
fn a_poltergeist_banished_while_haunting_reopens_the_tavern() {
    // Poltergeist: `On Banishment: [Attribute: @ThisAttr has `Marker`] … Unlock #Tavern;
    // Reveal `The tavern has been reopened!` to #Tavern`. Its own absence stops every
    // `Banish` of the fixtures at night, so the test takes the absence away (the rules'
    // "nightly banishment poll" exception) to let the Reaper's banishment through.
    let mut g = poltergeist_night();
    act(&mut g, "Carol: Immediate Night");
    let carol = g.player_named("Carol").unwrap();
    g.state.attrs.retain(|a| {
        !(a.holder == mafia_wwr::state::Holder::Player(carol)
            && matches!(
                a.kind,
                mafia_wwr::state::AttrKind::Defense {
                    kind: mafia_wwr::state::DefenseKind::Absence,
                    ..
                }
            ))
    });
    act(&mut g, "Rex: End Night: @Selection = Carol");
    next(&mut g); // D3
    assert!(!ghost(&g, "Carol"));
    let reopened = g
        .state
        .log
        .iter()
        .find(|e| e.text == "The tavern has been reopened!")
        .expect("the tavern reopens");
    assert_eq!(
        reopened.phase.to_string(),
        "N3",
        "on the banishment, not at dawn"
    );
    assert!(g.state.channels.locked.is_empty());
}

#[test]
fn the_spiritualist_whispers_from_the_afterlife_to_one_new_player_each_night() {
    // Spiritualist (Ghostly Role), Immediate Night [Attribute: @Selection lacks
    // `SpiritTouched`]: Conversation Reset `Spirit Touched`, Grant it, Whisper to it as
    // `Spiritualist` (~NextDay), Apply `SpiritTouched`. Spirit Touched, Passive End Day:
    // Conversation Reset and revoke itself.
    let mut g = haunting(&[
        ("Sue", "Spiritualist"),
        ("Alice", "Citizen"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1: alive, the Spiritualist cannot act yet
    let e = refused(&mut g, "Sue: Immediate Night: Dave");
    assert!(e.contains("only while a ghost"), "{e}");
    act(&mut g, "Eve: Vote Wolfpack: Sue");
    next(&mut g);
    next(&mut g); // N2: Sue is a ghost
    act(&mut g, "Sue: Immediate Night: Dave");
    assert_eq!(extra_roles(&g, "Dave"), ["Spirit Touched"]);
    act(&mut g, "Sue: Whisper Spiritualist: I saw who killed me");
    act(&mut g, "Dave: Say #Spirit Touched: who?");
    assert_eq!(
        conversation(&g, "spirit touched"),
        ["Spiritualist: I saw who killed me", "Dave: who?"]
    );
    next(&mut g);
    next(&mut g); // N3: Dave's channel was reset and revoked at the end of D2
    assert!(extra_roles(&g, "Dave").is_empty());
    assert!(conversation(&g, "spirit touched").is_empty());
    let e = refused(&mut g, "Sue: Immediate Night: Dave");
    assert!(e.contains("lacks"), "{e}");
    act(&mut g, "Sue: Immediate Night: Cid");
    assert_eq!(extra_roles(&g, "Cid"), ["Spirit Touched"]);
}

#[test]
fn the_amulet_is_passed_on_with_a_clean_channel() {
    // Amulet Crafter: `Passive Start Night: Grant `Amulet of Protection` to
    // @All->RandomPlayer [Temporal: Night 1]`. Amulet, End Day {Forced: @Self}:
    // `Conversation Reset` (its own channel), then `Transfer @ThisAttr from @Self to
    // @Selection` and another reset.
    let mut g = game(&[
        ("Ada", "Amulet Crafter"),
        ("Alice", "Citizen"),
        ("Bob", "Citizen"),
        ("Dave", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1: the amulet goes to a random player
    let names = ["Ada", "Alice", "Bob", "Dave", "Eve"];
    let holder = *names
        .iter()
        .find(|n| extra_roles(&g, n) == ["Amulet of Protection"])
        .expect("somebody holds the amulet");
    let heir = *names
        .iter()
        .find(|n| **n != holder && **n != "Eve")
        .unwrap();
    next(&mut g); // D1
    act(
        &mut g,
        &format!("{holder}: Say #Amulet of Protection: this is warm"),
    );
    act(
        &mut g,
        &format!("{holder}: End Day |amulet.1|: @Selection = {heir}"),
    );
    next(&mut g); // N2
    assert!(extra_roles(&g, holder).is_empty());
    assert_eq!(extra_roles(&g, heir), ["Amulet of Protection"]);
    assert!(conversation(&g, "amulet of protection").is_empty());
    assert!(has(
        &told(&g, heir),
        "You are now also Amulet of Protection."
    ));
}

#[test]
fn the_immortal_survives_attacks_but_is_banished_when_elected() {
    // Immortal: `Starting: Protect @Self from `All` through Passive Defense`; `On Poll
    // `Election` Win: True Kill @Self; True Banish @Self` ("When the Immortal is elected …
    // they are immediately banished and eliminated from the game").
    let mut g = game_with(
        &[
            ("Imma", "Immortal"),
            ("Alice", "Citizen"),
            ("Bob", "Citizen"),
            ("Dave", "Citizen"),
            ("Eve", "Wolf"),
        ],
        &["Lynch", "Election"],
        true,
        &[],
    );
    next(&mut g); // N1
    act(&mut g, "Eve: Vote Wolfpack: Imma");
    next(&mut g); // D1: the Mayor Election opens
    assert!(alive(&g, "Imma"));
    for v in ["Alice", "Bob", "Dave"] {
        act(&mut g, &format!("{v}: Vote Mayor Election: Imma"));
    }
    next(&mut g); // N2
    assert!(!alive(&g, "Imma") && !ghost(&g, "Imma"));
    assert!(has(&public(&g), "Imma was banished."));
}

#[test]
fn ghosts_talk_in_the_graveyard_and_the_living_cannot() {
    // _game/locations/graveyard: `Members: Ghost`, `Viewers: Dead, Spectator, Ghost Mentor`.
    let mut g = haunting(TAVERN);
    next(&mut g);
    act(&mut g, "Eve: Vote Wolfpack: Alice");
    next(&mut g); // D1
    act(&mut g, "Alice: Say #graveyard: it is cold here");
    let e = refused(&mut g, "Dave: Say #graveyard: hello?");
    assert!(e.contains("Dave cannot write in #Graveyard"), "{e}");
    let dave = mafia_wwr::render::show(&g, g.player_named("Dave"), false);
    assert!(!dave.contains("it is cold here"), "{dave}");
    assert_eq!(conversation(&g, "graveyard"), ["Alice: it is cold here"]);
}

#[test]
fn the_flute_player_whispers_to_the_enchanted_players() {
    // Flute Player: `Starting: Whisper to #Enchanted as `Flute Player``; Immediate Night
    // applies `Enchanted` (⟨$total/10⟩: one use with ten players), whose `Starting: Join
    // #Enchanted (~Attribute)` runs when it is applied.
    let mut g = game(&[
        ("Flo", "Flute Player"),
        ("Alice", "Citizen"),
        ("Bob", "Citizen"),
        ("Cid", "Citizen"),
        ("Dave", "Citizen"),
        ("Fay", "Citizen"),
        ("Gus", "Citizen"),
        ("Hal", "Citizen"),
        ("Ivy", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    let e = refused(&mut g, "Alice: Say #Enchanted: hello?");
    assert!(e.contains("cannot write"), "{e}");
    next(&mut g); // N1
    act(&mut g, "Flo: Immediate Night: Alice");
    assert!(has(&told(&g, "Alice"), "You joined Enchanted."));
    act(&mut g, "Flo: Whisper Flute Player: listen to the music");
    act(&mut g, "Alice: Say #Enchanted: so beautiful");
    assert_eq!(
        conversation(&g, "enchanted"),
        ["Flute Player: listen to the music", "Alice: so beautiful"]
    );
    let bob = mafia_wwr::render::show(&g, g.player_named("Bob"), false);
    assert!(!bob.contains("Enchanted"), "{bob}");
}

#[test]
fn the_amnesiac_formats_its_role_list_split_at_commas() {
    // Amnesiac: `Process: Shuffle %Role1% %Role2% %Role3%; Format @Result1 as `\n- $` split
    // by `, ` as `role``. Shuffle is another engineer's type, so this runs the fixture's
    // Format step on a shuffled list given as @Result1.
    use mafia_roles::ability::Step;
    use mafia_wwr::eval::Ctx;
    use mafia_wwr::state::{Source, Val};
    let mut g = game(&[("Amy", "Citizen"), ("Eve", "Wolf")]);
    let lib = g.lib.clone();
    let (ab, _) = lib
        .role("Amnesiac")
        .unwrap()
        .abilities
        .iter()
        .find(|(a, _)| a.to_text().contains("Format"))
        .unwrap();
    let format = ab
        .steps
        .iter()
        .find_map(|s| match s {
            Step::Process { steps, .. } => steps.get(1).cloned(),
            _ => None,
        })
        .expect("the second process step is the Format");
    let mut only = (**ab).clone();
    only.steps = vec![format];
    let mut ctx = Ctx::new(g.player_named("Amy"), Source::Role("Amnesiac".into()));
    ctx.vars
        .insert("result1".into(), Val::Text("Wolf, Citizen, Seer".into()));
    assert_eq!(
        g.run_ability(&only, &mut ctx).as_deref(),
        Some("\n- Wolf\n- Citizen\n- Seer")
    );
}

#[test]
fn a_game_saved_before_channels_and_ghosts_existed_still_loads() {
    // The new state (channels, ghosts, the setup's haunting and modifiers) has defaults.
    let g = game(TAVERN);
    let mut v: serde_json::Value = serde_json::to_value(&g.state).unwrap();
    let o = v.as_object_mut().unwrap();
    o.remove("channels");
    o.remove("ghosts");
    let setup = o.get_mut("setup").unwrap().as_object_mut().unwrap();
    setup.remove("haunting");
    setup.remove("modifiers");
    let state: mafia_wwr::GameState = serde_json::from_value(v).unwrap();
    let mut old = mafia_wwr::Game::load(state, lib()).unwrap();
    assert!(!old.state.setup.haunting);
    act(&mut old, "Bob: Whisper Bartender: still open");
    assert_eq!(conversation(&old, "tavern"), ["Bartender: still open"]);
}

#[test]
fn in_haunting_mode_the_ghosts_answer_the_mediums_question() {
    // Medium, haunting: `End Night: Target @Selection (Player)`; `Passive Start Day:
    // Add @Ghostly to #Medium-Question; Reveal `Can @Target be trusted?` to
    // #Medium-Question; Create `Medium Haunted` Poll in #Medium-Question as `Medium``
    // (Medium Question: `Allowed Voters: @Ghostly`). Ghosts in a group vote in its polls.
    let mut g = haunting(&[
        ("Meg", "Medium"),
        ("Bob", "Witch"),
        ("Alice", "Citizen"),
        ("Carol", "Citizen"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    act(&mut g, "Meg: End Night: @Selection = Eve");
    act(&mut g, "Eve: Vote Wolfpack: Alice");
    act(&mut g, "Bob: End Night |witch.pod|: @Selection = Carol");
    next(&mut g); // D1
    assert_eq!(
        channel(&g, "medium question"),
        ["Can Eve be trusted?", "The Medium poll is open."]
    );
    let alice = mafia_wwr::render::show(&g, g.player_named("Alice"), true);
    assert!(
        alice.contains("#medium question: Can Eve be trusted?"),
        "{alice}"
    );
    act(&mut g, "Alice: Vote Medium: No");
    act(&mut g, "Carol: Vote Medium: No");
    let e = refused(&mut g, "Dave: Vote Medium: Yes");
    assert!(e.contains("no open `Medium` poll"), "{e}");
    next(&mut g); // N2
    assert_eq!(poll_winner(&g, "Medium Question").as_deref(), Some("No"));
}

#[test]
fn a_contaminated_wolf_contaminates_the_pack_victim() {
    // The pack's attack is executed by a member (guide, Groups: "a random voting member is
    // selected to execute the resulting ability"): Eve caught the plague attacking the
    // Plague Carrier on N1, so her attack on N2 passes it on (`On Visit`). The Plague Bearer
    // keeps the Plague Pit alive after Pia dies (its `On Disbandment` would cure everyone).
    let mut g = game(&[
        ("Pia", "Plague Carrier"),
        ("Pete", "Plague Bearer"),
        ("Alice", "Citizen"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Bob", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    act(&mut g, "Eve: Vote Wolfpack: Pia");
    next(&mut g); // D1
    assert_eq!(
        custom(&g, "Eve", "Contaminated"),
        Some(vec!["EarlyStage".to_string(), "N1".to_string()])
    );
    next(&mut g); // N2
    act(&mut g, "Eve: Vote Wolfpack: Dave");
    next(&mut g); // D2
    assert!(!alive(&g, "Dave"));
    assert_eq!(
        custom(&g, "Dave", "Contaminated"),
        Some(vec!["EarlyStage".to_string(), "N2".to_string()])
    );
}

#[test]
fn the_revenant_survives_its_first_night_banishment() {
    // Revenant: `On Assigned: Protect @Self from `Banishments` through Passive Defense
    // during Night (~UntilUse)`.
    let mut g = poltergeist_night(); // Alice is the Revenant
    act(&mut g, "Rex: End Night: @Selection = Alice");
    next(&mut g); // D3
    assert!(ghost(&g, "Alice"));
    assert!(has(
        &host(&g),
        "Role:Reaper Banish on Alice failed: passive defense"
    ));
    // The defense is used up (~UntilUse).
    let alice = g.player_named("Alice").unwrap();
    assert!(!g.state.attrs.iter().any(|a| {
        a.holder == mafia_wwr::state::Holder::Player(alice)
            && matches!(a.kind, mafia_wwr::state::AttrKind::Defense { .. })
    }));
}

#[test]
fn the_ghosts_polls_are_hidden_from_the_living_but_their_results_are_public() {
    // _rules haunting `death`: "Ghosts have their own polls which are invisible to the
    // living, however their results are announced to everyone in story time";
    // #graveyard_votes: `Members: *None*`, `Viewers: Ghost, Dead, …`.
    let mut g = poltergeist_night();
    let p = public(&g);
    assert!(!has(&p, "Revenant Election poll is open"), "{p:?}");
    assert!(!has(&p, "votes Alice on the Revenant Election"), "{p:?}");
    assert!(has(
        &p,
        "The Revenant Election poll closed: Alice 2. Result: Alice."
    ));
    assert!(has(
        &channel(&g, "graveyard votes"),
        "Alice votes Alice on the Revenant Election poll."
    ));
    next(&mut g); // D3: the Banishment poll is open
    let dave = mafia_wwr::render::show(&g, g.player_named("Dave"), false);
    assert!(!dave.contains("Banishment (in #graveyard votes)"), "{dave}");
    let alice = mafia_wwr::render::show(&g, g.player_named("Alice"), false);
    assert!(
        alice.contains("Banishment (in #graveyard votes)"),
        "{alice}"
    );
}

#[test]
fn a_reset_channel_hides_its_old_lines_from_the_next_holder() {
    // Devil, Start Night: `Conversation Reset `Wager Recipient`; Grant `Wager Recipient`
    // to @Selection; Whisper to it as `Devil` (~Phase)`; the wager's Investigate choice
    // reveals its result to `Wager Recipient` (run directly: choices are another
    // engineer's). Wager Recipient, Passive Start Day: Conversation Reset and revoke.
    use mafia_wwr::eval::Ctx;
    use mafia_wwr::state::{Source, Val};
    let mut g = game(&[
        ("Dev", "Devil"),
        ("Bob", "Citizen"),
        ("Carol", "Citizen"),
        ("Dave", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    act(&mut g, "Dev: Start Night: @Selection = Bob"); // runs at the start of N1
    next(&mut g); // N1
    assert_eq!(extra_roles(&g, "Bob"), ["Wager Recipient"]);
    act(&mut g, "Dev: Whisper Devil: care to make a deal?");
    let lib = g.lib.clone();
    let (investigate, _) = lib
        .role("Devil")
        .unwrap()
        .abilities
        .iter()
        .find(|(a, _)| {
            a.to_text()
                .starts_with("Choice `Investigate` Chosen: |wager.4|")
        })
        .unwrap();
    let mut ctx = Ctx::new(g.player_named("Dev"), Source::Role("Devil".into()));
    ctx.selection = Some(Val::Players(vec![g.player_named("Eve").unwrap()]));
    g.run_ability(investigate, &mut ctx);
    let bob = mafia_wwr::render::show(&g, g.player_named("Bob"), true);
    // (`@Result->Role` of a role name is empty in this engine: the line ends after "is".)
    assert!(bob.contains("#wager recipient: Eve is"), "{bob}");
    assert!(bob.contains("Devil: care to make a deal?"), "{bob}");
    next(&mut g); // D1: Bob's channel is reset and revoked
    assert!(extra_roles(&g, "Bob").is_empty());
    act(&mut g, "Dev: Start Night: @Selection = Carol");
    next(&mut g); // N2
    assert_eq!(extra_roles(&g, "Carol"), ["Wager Recipient"]);
    let carol = mafia_wwr::render::show(&g, g.player_named("Carol"), true);
    assert!(!carol.contains("Eve is"), "{carol}");
    assert!(!carol.contains("care to make a deal"), "{carol}");
}

const HEXED: &[(&str, &str)] = &[
    ("Hex", "Hexed Wolf"),
    ("Alice", "Citizen"),
    ("Bob", "Citizen"),
    ("Cid", "Citizen"),
    ("Dave", "Citizen"),
    ("Fay", "Citizen"),
    ("Eve", "Wolf"),
];

/// D1: Alice and Bob lynch the Hexed Wolf (`On Poll `Lynch` Win: Apply `Hexed` to
/// @Voters`); returns the game at N2.
fn lynch_the_hexed_wolf(mut g: mafia_wwr::Game) -> mafia_wwr::Game {
    to_phase(&mut g, "D1");
    act(&mut g, "Alice: Vote Lynch: Hex");
    act(&mut g, "Bob: Vote Lynch: Hex");
    next(&mut g); // N2
    assert!(!alive(&g, "Hex"));
    assert!(custom(&g, "Alice", "Hexed").is_some() && custom(&g, "Cid", "Hexed").is_none());
    g
}

#[test]
fn the_hexed_wolf_investigates_its_hexed_lynchers_as_a_ghost() {
    // Hexed Wolf: `Immediate Night: Role Investigate @Selection (SD, WD) [Attribute:
    // @Selection has `Hexed`, Status: Ghostly] |hexed_wolf.1|` (guide: "`Status: Ghostly`,
    // may only be used while ghostly").
    let mut g = lynch_the_hexed_wolf(haunting(HEXED));
    assert!(ghost(&g, "Hex"));
    assert_eq!(
        act(&mut g, "Hex: Immediate Night |hexed_wolf.1|: Alice"),
        ["Role Investigate Alice (SD, WD): Citizen"]
    );
    let e = refused(&mut g, "Hex: Immediate Night |hexed_wolf.1|: Cid");
    assert!(e.contains("Hexed"), "{e}");
}

#[test]
fn when_the_last_of_the_plague_team_dies_the_plague_pit_disbands_and_cures_everyone() {
    // Plague Pit: `On Disbandment: Remove `Contaminated` from @All [Condition: not
    // (@(Align:Plague) exists)]`. Eve catches the plague attacking the Plague Carrier, who is
    // the pit's only member: the pit disbands with her death and the cure reaches Eve too.
    let mut g = game(&[
        ("Pia", "Plague Carrier"),
        ("Alice", "Citizen"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Bob", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    act(&mut g, "Eve: Vote Wolfpack: Pia");
    next(&mut g); // D1
    assert!(!alive(&g, "Pia"));
    assert!(has(
        &host(&g),
        "Plague Pit was disbanded (no members are left)"
    ));
    assert_eq!(custom(&g, "Eve", "Contaminated"), None);
}
