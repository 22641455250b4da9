//! Loyalty and betrayal, ascension and descension, disbanding, group change, shuffle and
//! `On <Target> Changed`, on real fixture roles. Expected outcomes are worked out by hand
//! from the formalization guide and the `_rules` files named in each test.

mod common;
use common::*;

use mafia_wwr::state::{AttrKind, Holder};
use mafia_wwr::{Game, GameState};

/// The groups a player holds a membership of, with the membership type.
fn memberships(g: &Game, name: &str) -> Vec<(String, String)> {
    let p = g.player_named(name).unwrap();
    let mut out: Vec<(String, String)> = g
        .state
        .attrs
        .iter()
        .filter(|a| a.holder == Holder::Player(p))
        .filter_map(|a| match &a.kind {
            AttrKind::GroupMembership { group, membership } => {
                Some((group.clone(), membership.clone()))
            }
            _ => None,
        })
        .collect();
    out.sort();
    out
}

fn member(group: &str, kind: &str) -> (String, String) {
    (group.to_string(), kind.to_string())
}

fn disbanded(g: &Game, group: &str) -> bool {
    g.state.disbanded.iter().any(|d| d.group == group)
}

fn names(g: &Game, ps: &[usize]) -> Vec<String> {
    ps.iter()
        .map(|&p| g.state.players[p].name.clone())
        .collect()
}

// --- Loyalty ---------------------------------------------------------------------------

#[test]
fn the_devout_villager_is_loyal_so_the_infection_fails() {
    // Devout Villager: `Starting: Loyalty to 'Townsfolk' (Alignment)`. `_rules/ability
    // types/12 loyalty`: loyal roles "cannot be affected by any role changes". The Infecting
    // Wolf's `Otherwise: Role Change @Selection to 'Wolf'` therefore fails, and so does its
    // action (the evaluation returns the role change's feedback).
    let mut g = game(&[
        ("Dora", "Devout Villager"),
        ("Carl", "Citizen"),
        ("Fred", "Citizen"),
        ("Ivy", "Infecting Wolf"),
    ]);
    let p = g.player_named("Dora").unwrap();
    let loyalty: Vec<&Vec<String>> = g
        .state
        .attrs
        .iter()
        .filter(|a| {
            a.holder == Holder::Player(p)
                && matches!(&a.kind, AttrKind::Custom { name } if name == "Loyalty")
        })
        .map(|a| &a.values)
        .collect();
    assert_eq!(
        loyalty,
        [&vec!["Alignment".to_string(), "Townsfolk".into()]]
    );
    next(&mut g); // N1
    let told = act(&mut g, "Ivy: Immediate Night: Dora");
    assert!(has(&told, "Failure"), "{told:?}");
    assert_eq!(role(&g, "Dora"), "Devout Villager");
    assert!(has(
        &host(&g),
        "Role Change of Dora failed: loyal to Townsfolk (Alignment)"
    ));
}

#[test]
fn without_loyalty_the_same_infection_turns_a_citizen_into_a_wolf() {
    let mut g = game(&[
        ("Dora", "Devout Villager"),
        ("Carl", "Citizen"),
        ("Fred", "Citizen"),
        ("Ivy", "Infecting Wolf"),
    ]);
    next(&mut g);
    act(&mut g, "Ivy: Immediate Night: Carl");
    assert_eq!(role(&g, "Carl"), "Wolf");
}

// --- Betrayal, Group Change, Disband -----------------------------------------------------

#[test]
fn an_infected_baker_betrays_the_bakers_who_become_the_butchers() {
    // Infecting Wolf: a Baker becomes a Bloody Butcher. Joining (guide and `_rules`): a
    // member who changes role is downgraded to Visitor: they betrayed the group, so the
    // Bakers' `On Betrayal` runs. A Bloody Butcher is in the group, so `Group Change @Self
    // to 'Butchers'` renames the group (members and memberships stay, guide: Changing) and
    // `Role Change @(Role:Baker) to 'Butcher'` turns Bob into a Butcher, who joins the
    // Butchers as a member again.
    let mut g = game(&[
        ("Alice", "Baker"),
        ("Bob", "Baker"),
        ("Carl", "Citizen"),
        ("Fred", "Citizen"),
        ("Ivy", "Infecting Wolf"),
    ]);
    assert_eq!(memberships(&g, "Bob"), [member("bakers", "Member")]);
    next(&mut g);
    act(&mut g, "Ivy: Immediate Night: Alice");
    assert_eq!(role(&g, "Alice"), "Bloody Butcher");
    assert_eq!(role(&g, "Bob"), "Butcher");
    assert_eq!(
        memberships(&g, "Alice"),
        [member("butchers", "Member"), member("wolfpack", "Member")]
    );
    assert_eq!(memberships(&g, "Bob"), [member("butchers", "Member")]);
    assert!(!g.state.groups.contains_key("bakers"));
    assert!(!disbanded(&g, "bakers") && !disbanded(&g, "butchers"));
    assert!(has(&host(&g), "Alice betrayed Bakers (now a visitor)"));
    assert!(has(&host(&g), "Group Change: Bakers → Butchers"));
    assert!(has(&channel(&g, "butchers"), "Bakers is now Butchers."));
}

#[test]
fn a_baker_turned_farmer_betrays_the_bakers_who_disband() {
    // Farmer: `On Death: @Target->Alignment is 'Townsfolk': Role Change @Target to
    // 'Farmer'`. Bob (a Baker) becomes a Farmer, is downgraded to Visitor and so betrays the
    // Bakers; no Bloody Butcher is among them: `Otherwise: Disband`.
    let mut g = game(&[
        ("Fay", "Farmer"),
        ("Bob", "Baker"),
        ("Cleo", "Baker"),
        ("Carl", "Citizen"),
        ("Dan", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    act(&mut g, "Fay: Immediate |targeting.target.player|: Bob");
    next(&mut g); // N1
    act(&mut g, "Eve: Vote Wolfpack: Fay");
    next(&mut g); // D1: Fay died at the end of the night
    assert!(!alive(&g, "Fay"));
    assert_eq!(role(&g, "Bob"), "Farmer");
    assert_eq!(memberships(&g, "Bob"), [member("bakers", "Visitor")]);
    assert_eq!(role(&g, "Cleo"), "Baker");
    assert!(disbanded(&g, "bakers"));
    assert!(has(
        &channel(&g, "bakers"),
        "Bakers has been disbanded. This channel is now locked."
    ));
}

#[test]
fn the_jury_disbands_below_two_jurors_and_polls_no_more() {
    // Jury: `On @Members Death: @Members->Count < 2: Disband`; `_rules/ability types/19`:
    // a disbanded group's abilities no longer activate, so no Jury poll opens on N2.
    let mut g = game(&[
        ("Jan", "Juror"),
        ("Jo", "Juror"),
        ("Carl", "Citizen"),
        ("Dan", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1: the Jury poll opens
    assert!(g.state.polls.iter().any(|p| p.def == "Jury" && p.open));
    act(&mut g, "Eve: Vote Wolfpack: Jan");
    next(&mut g); // D1
    assert!(!alive(&g, "Jan"));
    assert!(disbanded(&g, "jury"));
    assert!(has(
        &host(&g),
        "Jury was disbanded (disbanded by an ability)"
    ));
    next(&mut g); // N2
    let juries = g.state.polls.iter().filter(|p| p.def == "Jury").count();
    assert_eq!(juries, 1, "no second Jury poll after the disbandment");
}

#[test]
fn when_the_greater_coyote_dies_the_coyotes_disband_and_join_the_wolfpack() {
    // Greater Coyote: `Join #Coyotes as 'Owner'`. Joining rule: "If the last owner of a
    // group dies, the group is immediately disbanded." Coyotes: `On Disbandment: Add
    // @Members to #Wolfpack` — the Lesser Coyote joins the wolfpack.
    let mut g = game(&[
        ("Gary", "Greater Coyote"),
        ("Lee", "Lesser Coyote"),
        ("Eve", "Wolf"),
        ("Carl", "Citizen"),
        ("Dan", "Citizen"),
        ("Fred", "Citizen"),
        ("Hal", "Citizen"),
    ]);
    assert_eq!(memberships(&g, "Gary"), [member("coyotes", "Owner")]);
    to_phase(&mut g, "D1");
    for voter in ["Carl", "Dan", "Fred", "Hal"] {
        act(&mut g, &format!("{voter}: Vote Lynch: Gary"));
    }
    next(&mut g); // the lynch at the end of D1
    assert!(!alive(&g, "Gary"));
    assert!(disbanded(&g, "coyotes"));
    assert!(has(
        &host(&g),
        "Coyotes was disbanded (its last owner died)"
    ));
    assert_eq!(
        memberships(&g, "Lee"),
        [member("coyotes", "Member"), member("wolfpack", "Member")]
    );
    assert!(has(&told(&g, "Lee"), "You joined Wolfpack."));
}

#[test]
fn a_wolfpack_without_living_members_disbands_and_its_on_disbandment_runs() {
    // `_rules/wolves/1 wolfpack`: "If there are no werewolves or lycans left in the
    // Wolfpack, the Wolfpack is disbanded." Wolfpack: `On Disbandment: Apply
    // 'CoyoteTrigger' to &Werewolf`. The N1 pack attack on a townsfolk succeeded, which
    // removed the CoyoteTrigger the Greater Coyote applied at the start.
    let mut g = game(&[
        ("Gary", "Greater Coyote"),
        ("Eve", "Wolf"),
        ("Carl", "Citizen"),
        ("Dan", "Citizen"),
        ("Fred", "Citizen"),
        ("Hal", "Citizen"),
        ("Ida", "Citizen"),
    ]);
    let trigger = |g: &Game| g.has_custom(&Holder::Team("Werewolf".into()), "CoyoteTrigger", None);
    assert!(trigger(&g));
    next(&mut g); // N1
    act(&mut g, "Eve: Vote Wolfpack: Carl");
    next(&mut g); // D1
    assert!(!alive(&g, "Carl"));
    assert!(!trigger(&g));
    for voter in ["Dan", "Fred", "Hal", "Ida"] {
        act(&mut g, &format!("{voter}: Vote Lynch: Eve"));
    }
    next(&mut g); // N2
    assert!(!alive(&g, "Eve"));
    assert!(disbanded(&g, "wolfpack"));
    assert!(trigger(&g));
    // The Greater Coyote's `Passive Start Night` sees the trigger: a Coyotes poll opens.
    assert!(g.state.polls.iter().any(|p| p.def == "Coyotes" && p.open));
    assert!(!g.state.polls.iter().any(|p| p.def == "Wolfpack" && p.open));
}

#[test]
fn a_pack_disbanded_during_the_night_does_not_attack_with_its_open_poll() {
    // The Tracking Wolf, the only pack member, votes and then investigates the Bear, which
    // attacks its visitor at once: the pack has no living member and is disbanded. Its
    // poll still closes at the end of the night, but the group's `On Poll Closed` (Attack
    // @Winner) no longer activates (`_rules/ability types/19`). The Greater Coyote keeps
    // the werewolves in the game.
    let mut g = game(&[
        ("Tia", "Tracking Wolf"),
        ("Bruno", "Bear"),
        ("Gary", "Greater Coyote"),
        ("Carl", "Citizen"),
        ("Dan", "Citizen"),
        ("Fred", "Citizen"),
    ]);
    next(&mut g); // N1
    act(&mut g, "Tia: Vote Wolfpack: Dan");
    act(&mut g, "Tia: Immediate Night: Bruno");
    assert!(!alive(&g, "Tia"));
    assert!(disbanded(&g, "wolfpack"));
    next(&mut g); // D1
    assert_eq!(poll_winner(&g, "Wolfpack").as_deref(), Some("Dan"));
    assert!(alive(&g, "Dan"));
    assert!(has(
        &host(&g),
        "the Wolfpack poll has no effect: Wolfpack is disbanded"
    ));
}

#[test]
fn a_wolfpack_disbanded_for_lack_of_members_reopens_when_the_coyotes_join_it() {
    // `_rules/roles/7 group`: "If a group is disbanded due to lack of members, it may be
    // reopened if a new member joins the group." The pack dies out on D1; on D2 the Greater
    // Coyote dies, the Coyotes disband and add the Lesser Coyote to #Wolfpack, which reopens
    // and creates its poll again on N3.
    let mut g = game(&[
        ("Gary", "Greater Coyote"),
        ("Lee", "Lesser Coyote"),
        ("Eve", "Wolf"),
        ("Carl", "Citizen"),
        ("Dan", "Citizen"),
        ("Fred", "Citizen"),
        ("Hal", "Citizen"),
        ("Ida", "Citizen"),
    ]);
    let town = ["Carl", "Dan", "Fred", "Hal", "Ida"];
    to_phase(&mut g, "D1");
    for voter in town {
        act(&mut g, &format!("{voter}: Vote Lynch: Eve"));
    }
    next(&mut g); // N2
    assert!(disbanded(&g, "wolfpack"));
    assert!(!g.state.polls.iter().any(|p| p.def == "Wolfpack" && p.open));
    next(&mut g); // D2
    for voter in town {
        act(&mut g, &format!("{voter}: Vote Lynch: Gary"));
    }
    next(&mut g); // N3
    assert!(disbanded(&g, "coyotes"));
    assert!(!disbanded(&g, "wolfpack"));
    assert!(has(&host(&g), "Wolfpack was reopened by a new member"));
    let pack = g.state.polls.iter().find(|p| p.def == "Wolfpack" && p.open);
    let lee = g.player_named("Lee").unwrap();
    assert_eq!(pack.map(|p| p.voters.clone()), Some(vec![lee]));
}

// --- Ascend / Descend ---------------------------------------------------------------------

#[test]
fn the_bear_attacks_its_visitors_and_ascends_after_two() {
    // Bear: `On Visited [!Targeting]: Attack @Visitor; Increment Counter; @Self->Counter > 1:
    // Ascend`. Guide: "Both ascend/descend automatically also true kill"; `_rules/results/5`:
    // the ascension and the role are announced, the game continues.
    let mut g = game(&[
        ("Alice", "Fortune Teller"),
        ("Ann", "Fortune Teller"),
        ("Bruno", "Bear"),
        ("Carl", "Citizen"),
        ("Dan", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    act(&mut g, "Alice: Immediate Night: Bruno");
    assert!(!alive(&g, "Alice"));
    assert!(alive(&g, "Bruno"));
    act(&mut g, "Ann: Immediate Night: Bruno");
    assert!(!alive(&g, "Ann"));
    assert!(!alive(&g, "Bruno"));
    let bruno = g.player_named("Bruno").unwrap();
    assert_eq!(g.state.ascension.ascended, [bruno]);
    assert!(has(&public(&g), "Bruno ascended. Their role was Bear."));
    assert!(g.state.outcome.is_none(), "the game continues");
    let shown = mafia_wwr::render::show(&g, g.player_named("Carl"), false);
    assert!(shown.contains("Ascended: Bruno\n"), "{shown}");
}

#[test]
fn the_lynched_angel_ascends_instead_of_dying_twice() {
    // Angel: `On Poll 'Lynch' Win: … Kill @Target; Announce 'Angel @Self killed @Target';
    // Delete 'Lynch' Poll; Ascend`. A lynch by vote has no @Attacker (the poll, not a
    // player, is responsible), so this branch runs, after the lynch: the Angel is recorded
    // as ascended (she wins) and takes Carl, her target who voted for her, along.
    let mut g = game(&[
        ("Ange", "Angel"),
        ("Carl", "Citizen"),
        ("Dan", "Citizen"),
        ("Fred", "Citizen"),
        ("Hal", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    act(&mut g, "Ange: Immediate |targeting.target.player|: Carl");
    to_phase(&mut g, "D1");
    let voters = ["Carl", "Dan", "Fred"];
    for voter in voters {
        act(&mut g, &format!("{voter}: Vote Lynch: Ange"));
    }
    next(&mut g);
    let ange = g.player_named("Ange").unwrap();
    assert!(!alive(&g, "Ange"));
    assert_eq!(g.state.ascension.ascended, [ange]);
    let dead_voters: Vec<&str> = voters.into_iter().filter(|v| !alive(&g, v)).collect();
    assert_eq!(
        dead_voters,
        ["Carl"],
        "the Angel takes her targeted voter along"
    );
    let p = public(&g);
    assert!(has(&p, "Angel Ange killed Carl"));
    assert!(has(&p, "Ange was lynched. Their role was Angel."));
    assert!(has(&p, "Ange ascended. Their role was Angel."));
}

#[test]
fn riding_hood_eaten_by_the_wolfpack_ascends() {
    // Riding Hood: `On Killed: @AttackSource is 'Group:Wolfpack': … Ascend`. She is already
    // dead: the ascension is recorded and announced, nobody dies twice.
    let mut g = game(&[
        ("Rita", "Riding Hood"),
        ("Carl", "Citizen"),
        ("Dan", "Citizen"),
        ("Fred", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g);
    act(&mut g, "Eve: Vote Wolfpack: Rita");
    next(&mut g);
    let rita = g.player_named("Rita").unwrap();
    assert!(!alive(&g, "Rita"));
    assert_eq!(g.state.ascension.ascended, [rita]);
    let p = public(&g);
    assert!(has(&p, "Rita died. Their role was Riding Hood."));
    assert!(has(&p, "Rita ascended. Their role was Riding Hood."));
}

#[test]
fn riding_hood_descends_when_no_wolfish_player_is_left() {
    // Riding Hood: `On @(Attr:Wolfish) Death: not (@(Attr:Wolfish) exists): Descend` — a true
    // kill with a loss; then only townsfolk live and they win.
    let mut g = game(&[
        ("Rita", "Riding Hood"),
        ("Carl", "Citizen"),
        ("Dan", "Citizen"),
        ("Fred", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    to_phase(&mut g, "D1");
    for voter in ["Carl", "Dan", "Fred"] {
        act(&mut g, &format!("{voter}: Vote Lynch: Eve"));
    }
    next(&mut g);
    let rita = g.player_named("Rita").unwrap();
    assert!(!alive(&g, "Eve") && !alive(&g, "Rita"));
    assert_eq!(g.state.ascension.descended, [rita]);
    assert!(g.state.ascension.ascended.is_empty());
    assert!(has(
        &public(&g),
        "Rita descended. Their role was Riding Hood."
    ));
    assert_eq!(g.state.outcome.as_ref().unwrap().winners, ["Townsfolk"]);
}

#[test]
fn the_raccoon_ascends_when_its_disguised_players_were_investigated_twice() {
    // Raccoon: `Immediate Day: Strongly Disguise @Selection as @SecondarySelection
    // (~NextDay)`; `On @(AttrDisguise:Self) Visited [Investigating]: Increment Counter; …;
    // @Self->Counter is 2: Strongly Disguise @All as 'Raccoon' (~NextNight); Ascend`.
    let mut g = game(&[
        ("Ra", "Raccoon"),
        ("Alice", "Fortune Teller"),
        ("Carl", "Citizen"),
        ("Dan", "Citizen"),
        ("Fred", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    act(
        &mut g,
        "Ra: Immediate Day: @Selection = Carl, @SecondarySelection = Wolf",
    );
    next(&mut g); // N1
    assert_eq!(
        act(&mut g, "Alice: Immediate Night: Carl"),
        ["Role Investigate Carl (SD, WD): Wolf"]
    );
    assert!(alive(&g, "Ra"));
    to_phase(&mut g, "N2"); // Dan was never disguised: his check does not count
    act(&mut g, "Alice: Immediate Night: Dan");
    let ra = g.player_named("Ra").unwrap();
    assert!(
        g.state.ascension.ascended.is_empty(),
        "Dan was not disguised"
    );
    next(&mut g); // D2
    act(
        &mut g,
        "Ra: Immediate Day: @Selection = Dan, @SecondarySelection = Citizen",
    );
    next(&mut g); // N3: the second check of a disguised player
    act(&mut g, "Alice: Immediate Night: Dan");
    assert!(!alive(&g, "Ra"));
    assert_eq!(g.state.ascension.ascended, [ra]);
    assert!(has(&public(&g), "Ra ascended. Their role was Raccoon."));
    assert!(has(
        &told(&g, "Ra"),
        "One of your disguised players has been investigated"
    ));
}

#[test]
fn the_raccoon_descends_when_no_investigative_role_is_left() {
    // Raccoon: `Passive: Descend [Condition: @(Cat:Investigative)->Count is 0]`; `Passive`
    // is checked at each phase start.
    let mut g = game(&[
        ("Ra", "Raccoon"),
        ("Alice", "Fortune Teller"),
        ("Carl", "Citizen"),
        ("Dan", "Citizen"),
        ("Fred", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    next(&mut g); // N1
    act(&mut g, "Eve: Vote Wolfpack: Alice");
    assert!(alive(&g, "Ra"));
    next(&mut g); // D1
    let ra = g.player_named("Ra").unwrap();
    assert!(!alive(&g, "Alice") && !alive(&g, "Ra"));
    assert_eq!(g.state.ascension.descended, [ra]);
    assert!(has(&public(&g), "Ra descended. Their role was Raccoon."));
}

#[test]
fn the_despot_elected_mayor_ascends_and_the_next_election_is_deleted() {
    // Despot: `On Poll Win: @Self is part of @(AttrRole:Mayor): Ascend; Delete 'Election'
    // Poll` — "If the Despot is elected as Mayor, they win … The next day, the election
    // will be cancelled."
    let mut g = game(&[
        ("Desi", "Despot"),
        ("Alice", "Fortune Teller"),
        ("Carl", "Citizen"),
        ("Dan", "Citizen"),
        ("Fred", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    g.state.setup.polls.push("Election".into());
    to_phase(&mut g, "D1");
    for v in ["Alice", "Carl", "Dan"] {
        act(&mut g, &format!("{v}: Vote Mayor Election: Desi"));
    }
    next(&mut g); // N2
    let desi = g.player_named("Desi").unwrap();
    assert!(has(&told(&g, "Desi"), "You are now also Mayor."));
    assert!(!alive(&g, "Desi"));
    assert_eq!(g.state.ascension.ascended, [desi]);
    assert!(has(&public(&g), "Desi ascended. Their role was Despot."));
    assert!(g.state.outcome.is_none(), "the game continues");
    next(&mut g); // D2
    assert!(!g.state.polls.iter().any(|p| p.open && p.def == "Election"));
}

#[test]
fn the_chef_ascends_at_the_end_while_a_waiter_lives() {
    // Chef: `Starting: For Each &All: Apply 'Waiter' to &Ind->Members->RandomPlayer` (one
    // waiter per team), `On End: Ascend [Condition: @(AttrSelf:Waiter) exists]`. The game is
    // over: the Chef is announced as ascended but nobody dies any more.
    let mut g = game(&[
        ("Ch", "Chef"),
        ("Carl", "Citizen"),
        ("Dan", "Citizen"),
        ("Fred", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    let ch = g.player_named("Ch").unwrap();
    let eve = g.player_named("Eve").unwrap();
    assert!(g.has_custom(&Holder::Player(eve), "Waiter", Some(Some(ch))));
    let town_waiters = ["Carl", "Dan", "Fred"]
        .iter()
        .filter(|n| {
            let p = g.player_named(n).unwrap();
            g.has_custom(&Holder::Player(p), "Waiter", Some(Some(ch)))
        })
        .count();
    assert_eq!(town_waiters, 1, "one waiter per team");
    assert!(g.state.ascension.descended.is_empty());
    to_phase(&mut g, "D1");
    for voter in ["Carl", "Dan", "Fred"] {
        act(&mut g, &format!("{voter}: Vote Lynch: Eve"));
    }
    next(&mut g);
    assert!(g.state.outcome.is_some());
    assert!(alive(&g, "Ch"));
    assert_eq!(g.state.ascension.ascended, [ch]);
    assert!(has(&public(&g), "Ch ascended. Their role was Chef."));
}

// --- Shuffle ------------------------------------------------------------------------------

#[test]
fn the_detective_learns_its_lists_shuffled() {
    // Detective: `Set Counter to ceil $total/3` (6 players: 2), two `DetectiveList`
    // players, then `Shuffle @(AttrSelf:DetectiveList)` and `Shuffle …->Role` (guide:
    // Shuffle). The lists hold exactly those players and their roles.
    let g = game(&[
        ("Dee", "Detective"),
        ("Alice", "Fortune Teller"),
        ("Bob", "Witch"),
        ("Carl", "Citizen"),
        ("Dan", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    let dee = g.player_named("Dee").unwrap();
    let listed: Vec<usize> = (0..g.state.players.len())
        .filter(|&p| g.has_custom(&Holder::Player(p), "DetectiveList", Some(Some(dee))))
        .collect();
    assert_eq!(listed.len(), 2);
    assert!(!listed.contains(&dee));
    let told = told(&g, "Dee");
    let list = |prefix: &str| -> Vec<String> {
        let line = told
            .iter()
            .find_map(|l| l.strip_prefix(prefix))
            .unwrap_or_else(|| panic!("no `{prefix}` in {told:?}"));
        let mut v: Vec<String> = line.split(", ").map(str::to_string).collect();
        v.sort();
        v
    };
    let mut players = names(&g, &listed);
    players.sort();
    let mut roles: Vec<String> = listed
        .iter()
        .map(|&p| g.state.players[p].role.clone())
        .collect();
    roles.sort();
    assert_eq!(list("Detective List (Players): "), players);
    assert_eq!(list("Detective List (Roles): "), roles);
}

// --- On <Target> Changed -------------------------------------------------------------------

#[test]
fn the_fortune_apprentice_takes_the_role_an_infected_fortune_teller_lost() {
    // Fortune Apprentice: `On @(Cat:Investigative,Align:Townsfolk,…) Changed: Target
    // @This->Role (Role)`, then `Passive Start Day: Role Change @Self to @Target`.
    // `_rules/role loss/2`: "If a town investigative role dies, the fortune apprentice …
    // turns into the role of the dead player": the role lost, so the trigger sees the
    // Fortune Teller before the change.
    let mut g = game(&[
        ("Abe", "Fortune Apprentice"),
        ("Alice", "Fortune Teller"),
        ("Carl", "Citizen"),
        ("Dan", "Citizen"),
        ("Ivy", "Infecting Wolf"),
    ]);
    next(&mut g);
    act(&mut g, "Ivy: Immediate Night: Alice");
    assert_eq!(role(&g, "Alice"), "Wolf");
    assert_eq!(role(&g, "Abe"), "Fortune Apprentice");
    next(&mut g); // D1
    assert_eq!(role(&g, "Abe"), "Fortune Teller");
}

// --- Saved games ----------------------------------------------------------------------------

#[test]
fn a_game_saved_after_a_disbandment_and_an_ascension_continues_identically() {
    let mut g = game(&[
        ("Rita", "Riding Hood"),
        ("Gary", "Greater Coyote"),
        ("Lee", "Lesser Coyote"),
        ("Carl", "Citizen"),
        ("Dan", "Citizen"),
        ("Fred", "Citizen"),
        ("Eve", "Wolf"),
    ]);
    to_phase(&mut g, "D1");
    for voter in ["Carl", "Dan", "Fred", "Rita"] {
        act(&mut g, &format!("{voter}: Vote Lynch: Gary"));
    }
    next(&mut g); // N2
    act(&mut g, "Eve: Vote Wolfpack: Rita");
    act(&mut g, "Lee: Vote Wolfpack: Rita");
    let saved = serde_json::to_string(&g.state).unwrap();
    let state: GameState = serde_json::from_str(&saved).unwrap();
    let mut reloaded = Game::load(state, lib()).unwrap();
    next(&mut g);
    next(&mut reloaded);
    assert!(disbanded(&g, "coyotes"));
    assert_eq!(g.state.ascension.ascended.len(), 1);
    assert_eq!(
        serde_json::to_string(&g.state).unwrap(),
        serde_json::to_string(&reloaded.state).unwrap()
    );
}

#[test]
fn games_saved_before_these_fields_existed_still_load() {
    let g = game(&[("Carl", "Citizen"), ("Eve", "Wolf")]);
    let mut v: serde_json::Value = serde_json::to_value(&g.state).unwrap();
    let obj = v.as_object_mut().unwrap();
    obj.remove("ascension");
    obj.remove("disbanded");
    let state: GameState = serde_json::from_value(v).unwrap();
    assert!(state.disbanded.is_empty() && state.ascension.ascended.is_empty());
}

mod saved {
    use super::*;
    use mafia_wwr::autoplay::{Driver, play_phase, play_to_end};
    use proptest::prelude::*;

    /// Roles that betray, disband, rename groups, ascend and descend.
    const TWELVE: &[(&str, &str)] = &[
        ("Abe", "Baker"),
        ("Bob", "Baker"),
        ("Dora", "Devout Villager"),
        ("Fay", "Farmer"),
        ("Jan", "Juror"),
        ("Jo", "Juror"),
        ("Rita", "Riding Hood"),
        ("Bruno", "Bear"),
        ("Gary", "Greater Coyote"),
        ("Lee", "Lesser Coyote"),
        ("Ivy", "Infecting Wolf"),
        ("Eve", "Wolf"),
    ];

    fn json(g: &Game) -> String {
        serde_json::to_string(&g.state).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

        #[test]
        fn save_and_reload_with_groups_and_ascensions_continues_identically(
            seed in any::<u64>(),
            driver in any::<u64>(),
            cut in 0usize..10,
        ) {
            let mut straight = game_seeded(TWELVE, seed);
            let mut d1 = Driver::new(driver);
            play_to_end(&mut straight, &mut d1, 30);

            let mut first = game_seeded(TWELVE, seed);
            let mut d2 = Driver::new(driver);
            for _ in 0..cut {
                if first.state.outcome.is_some() { break; }
                play_phase(&mut first, &mut d2);
            }
            let state: GameState = serde_json::from_str(&json(&first)).unwrap();
            let mut reloaded = Game::load(state, lib()).unwrap();
            play_to_end(&mut reloaded, &mut d2, 30usize.saturating_sub(cut));
            prop_assert_eq!(json(&straight), json(&reloaded));
        }
    }
}
