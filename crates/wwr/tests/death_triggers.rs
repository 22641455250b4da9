//! `On @All Death` triggers on real fixture roles: the player who just died is one of
//! `@All` for the trigger (guide, Trigger Types: `On <Target> Death` "triggers when *any*
//! player from that target type dies", with `@This` the player that died and `@DeathType`
//! the type of killing). Expected outcomes are worked out by hand from the role texts.

mod common;
use common::*;

/// Grave Robber: `On @All Death: @DeathType is `Lynch`: Apply `GraveRobberOption` to @This
/// {Visitless}`, then `Immediate Night: [Condition: @(AttrSelf:GraveRobberOption,
/// AliveOnly:False) exists, Attribute: @Selection has `GraveRobberOption:Self`, Condition:
/// $haunting is False] • Target @Selection (Dead) • Role Change @Self to @TargetDead->Role`.
/// Dave is killed by the pack on N1 (an attack, not a lynch: no option on him), Fay is
/// lynched on D1; on N2 the Grave Robber may take Fay's role and not Dave's.
#[test]
fn grave_robber_takes_the_role_of_the_player_lynched_the_day_before() {
    let mut g = game(&[
        ("Gina", "Grave Robber"),
        ("Eve", "Wolf"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Fortune Teller"),
        ("Gus", "Citizen"),
    ]);
    to_phase(&mut g, "N1");
    let e = refused(&mut g, "Gina: Immediate Night: @Selection = Fay");
    assert!(
        e.contains("GraveRobberOption"),
        "nobody was lynched yet: {e}"
    );
    act(&mut g, "Eve: Vote Wolfpack: Dave");
    next(&mut g); // D1
    assert!(!alive(&g, "Dave"));
    for v in ["Gina", "Cid", "Gus"] {
        act(&mut g, &format!("{v}: Vote Lynch: Fay"));
    }
    next(&mut g); // N2
    assert!(!alive(&g, "Fay"));

    let e = refused(&mut g, "Gina: Immediate Night: @Selection = Dave");
    assert!(
        e.contains("GraveRobberOption:Self"),
        "Dave was not lynched: {e}"
    );
    act(&mut g, "Gina: Immediate Night: @Selection = Fay");
    assert_eq!(role(&g, "Gina"), "Fortune Teller");
    assert_has(&told(&g, "Gina"), "Your role is now Fortune Teller.");

    // She plays as a Fortune Teller from now on: `Immediate Night: Role Investigate
    // @Selection (SD, WD)` on the next night sees the Wolf.
    to_phase(&mut g, "N3");
    assert_eq!(
        act(&mut g, "Gina: Immediate Night: @Selection = Eve"),
        ["Role Investigate Eve (SD, WD): Wolf"]
    );
}

/// Coroner: `On @All Death: • @Attacker is part of @DeadAlive: Learn `@This died by
/// @DeathType from @Attacker->Role` • Otherwise: Learn `@This died by @DeathType``. A lynch
/// has no attacking player, so the Coroner learns the second text.
#[test]
fn coroner_learns_that_the_lynched_player_died_by_lynch() {
    let mut g = game(&[
        ("Cora", "Coroner"),
        ("Eve", "Wolf"),
        ("Dave", "Citizen"),
        ("Cid", "Citizen"),
        ("Fay", "Citizen"),
    ]);
    to_phase(&mut g, "D1");
    for v in ["Cora", "Cid", "Fay"] {
        act(&mut g, &format!("{v}: Vote Lynch: Dave"));
    }
    next(&mut g);
    assert!(!alive(&g, "Dave"));
    assert_has(&told(&g, "Cora"), "Dave died by Lynch");
}
