//! The catalogue entries added for issue 13, each on a scenario written for it from what its
//! MafiaScum wiki page states (the URL is in each test's doc comment). The entries of the
//! first catalogue are covered in `scenarios.rs`; docs/night-roles.md lists every entry with
//! its tests.

mod common;
use common::*;

/// The refusal a role with nothing to do at night gets, and that a cop reads them as town.
fn has_no_night_action_and_reads_town(role: &str) {
    let err = try_rar(&spec(&[("Pip", role), ("Ann", "Vanilla")], &["Pip: Ann"]))
        .expect_err("no night action");
    assert!(err.ends_with("has no night action"), "{role}: {err}");
    let night = rar(&[("Pip", role), ("Cora", "Cop")], &["Cora: Pip"]);
    assert_eq!(
        night.feedback_of("Cora").as_deref(),
        Some("Pip is Not Mafia."),
        "{role}"
    );
}

// Roles

/// https://wiki.mafiascum.net/index.php?title=Miller — a town player who investigates as
/// guilty: the cop is told the Miller is Mafia.
#[test]
fn a_miller_investigates_as_mafia() {
    let night = rar(&[("Milo", "Miller"), ("Cora", "Cop")], &["Cora: Milo"]);
    assert_eq!(night.feedback_of("Cora").as_deref(), Some("Milo is Mafia."));
}

/// https://wiki.mafiascum.net/index.php?title=Ninja — "A Ninja's factional kill cannot be
/// seen by action-investigative roles": the victim dies, the tracker on the Ninja sees him go
/// nowhere and the watcher on the victim sees no one.
#[test]
fn a_ninjas_kill_is_seen_by_neither_tracker_nor_watcher() {
    let night = rar(
        &[
            ("Ann", "Vanilla"),
            ("Nils", "Ninja"),
            ("Tom", "Tracker"),
            ("Wes", "Watcher"),
        ],
        &["Nils: Ann", "Tom: Nils", "Wes: Ann"],
    );
    assert_eq!(night.dead(), ["Ann"]);
    assert_eq!(
        night.feedback_of("Tom").as_deref(),
        Some("Nils went nowhere.")
    );
    assert_eq!(
        night.feedback_of("Wes").as_deref(),
        Some("No one visited Ann.")
    );
}

/// https://wiki.mafiascum.net/index.php?title=Ninja — "Roles that do not investigate
/// actions, such as Roleblocker, can interact with a Ninja kill as normal".
#[test]
fn a_ninja_can_still_be_roleblocked() {
    let night = rar(
        &[
            ("Ann", "Vanilla"),
            ("Nils", "Ninja"),
            ("Rob", "Roleblocker"),
        ],
        &["Nils: Ann", "Rob: Nils"],
    );
    assert!(night.deaths.is_empty());
}

/// https://wiki.mafiascum.net/index.php?title=Ascetic — "cannot be targeted by anything other
/// than a kill": a roleblock and a doctor's protection on the Ascetic fail, the cop gets no
/// result, and the mafia's kill goes through.
#[test]
fn an_ascetic_is_immune_to_everything_but_kills() {
    let night = rar(
        &[
            ("Asa", "Ascetic"),
            ("Gus", "Goon"),
            ("Doc", "Doctor"),
            ("Cora", "Cop"),
        ],
        &["Gus: Asa", "Doc: Asa", "Cora: Asa"],
    );
    assert_eq!(night.dead(), ["Asa"]);
    assert_eq!(night.feedback_of("Cora").as_deref(), Some("No result."));
}

/// https://wiki.mafiascum.net/index.php?title=Serial_Killer — a killer of their own
/// faction: their kill and the mafia's both land the same night.
#[test]
fn a_serial_killer_kills_beside_the_mafia() {
    let night = rar(
        &[
            ("Ann", "Vanilla"),
            ("Bea", "Vanilla"),
            ("Sid", "Serial Killer"),
            ("Gus", "Goon"),
        ],
        &["Sid: Ann", "Gus: Bea"],
    );
    assert_eq!(night.dead(), ["Ann", "Bea"]);
}

/// https://wiki.mafiascum.net/index.php?title=Strongman — "has been seen on Town Vigilantes
/// as well (where the overall role is called Juggernaut)": the shot goes through a doctor.
#[test]
fn a_juggernaut_shoots_through_a_doctor() {
    let night = rar(
        &[("Ann", "Vanilla"), ("Jug", "Juggernaut"), ("Doc", "Doctor")],
        &["Jug: Ann", "Doc: Ann"],
    );
    assert_eq!(night.dead(), ["Ann"]);
}

/// https://wiki.mafiascum.net/index.php?title=Survivor — a third party with no night
/// action; the cop reads them as not mafia only if their alignment is town, which it is not.
#[test]
fn a_survivor_has_no_night_action() {
    let err = try_rar(&spec(
        &[("Sue", "Survivor"), ("Ann", "Vanilla")],
        &["Sue: Ann"],
    ))
    .expect_err("no night action");
    assert!(err.ends_with("has no night action"), "{err}");
}

/// https://wiki.mafiascum.net/index.php?title=Innocent_Child — the reveal is a day action;
/// at night the Innocent Child is a townie.
#[test]
fn an_innocent_child_has_no_night_action() {
    has_no_night_action_and_reads_town("Innocent Child");
}

/// https://wiki.mafiascum.net/index.php?title=Mason — masons know each other; they have no
/// night action.
#[test]
fn a_mason_has_no_night_action() {
    has_no_night_action_and_reads_town("Mason");
}

/// https://wiki.mafiascum.net/index.php?title=Neighbor — neighbours talk at night; no
/// night action.
#[test]
fn a_neighbour_has_no_night_action() {
    has_no_night_action_and_reads_town("Neighbour");
}

/// https://wiki.mafiascum.net/index.php?title=Nurse — a Nurse becomes a Doctor when the
/// Doctor dies; until then nothing to do at night.
#[test]
fn a_nurse_has_no_night_action_until_promoted() {
    has_no_night_action_and_reads_town("Nurse");
}

/// https://wiki.mafiascum.net/index.php?title=Backup — takes over a role when its holder
/// dies; until then nothing to do at night.
#[test]
fn a_backup_has_no_night_action_until_promoted() {
    has_no_night_action_and_reads_town("Backup");
}

/// https://wiki.mafiascum.net/index.php?title=Vengeful — kills when eliminated by day;
/// nothing at night.
#[test]
fn a_vengeful_townie_has_no_night_action() {
    has_no_night_action_and_reads_town("Vengeful");
}

/// https://wiki.mafiascum.net/index.php?title=Cult_Leader — the Cult Leader recruits a
/// player into the cult, who is told so.
#[test]
fn a_cult_leader_recruits() {
    let night = rar(&[("Ann", "Vanilla"), ("Cal", "Cult Leader")], &["Cal: Ann"]);
    assert_eq!(night.recruited[0].player, "Ann");
    assert_eq!(night.recruited[0].into, "cult");
}

/// https://wiki.mafiascum.net/index.php?title=Framer — the framed townie "investigate[s] as
/// Not Town to Cops" that night.
#[test]
fn a_framed_townie_investigates_as_mafia() {
    let night = rar(
        &[("Ann", "Vanilla"), ("Fay", "Framer"), ("Cora", "Cop")],
        &["Fay[frame]: Ann", "Cora: Ann"],
    );
    assert_eq!(night.feedback_of("Cora").as_deref(), Some("Ann is Mafia."));
}

/// https://wiki.mafiascum.net/index.php?title=Framer — a roleblocked Framer frames no one:
/// the cop gets the truth.
#[test]
fn a_blocked_framer_frames_no_one() {
    let night = rar(
        &[
            ("Ann", "Vanilla"),
            ("Fay", "Framer"),
            ("Cora", "Cop"),
            ("Rob", "Roleblocker"),
        ],
        &["Fay[frame]: Ann", "Cora: Ann", "Rob: Fay"],
    );
    assert_eq!(
        night.feedback_of("Cora").as_deref(),
        Some("Ann is Not Mafia.")
    );
}

/// https://wiki.mafiascum.net/index.php?title=Role_Cop — the Role Cop learns the role.
#[test]
fn a_role_cop_learns_the_role() {
    let night = rar(&[("Doc", "Doctor"), ("Rex", "Role Cop")], &["Rex: Doc"]);
    assert_eq!(
        night.feedback_of("Rex").as_deref(),
        Some("Doc is a Doctor.")
    );
}

/// https://wiki.mafiascum.net/index.php?title=Neapolitan — "A Vanilla Townie will return a
/// result of "target is a Vanilla Townie"; other players will give a result of "target is
/// not a Vanilla Townie"" — a Goon is not one, nor a Doctor.
#[test]
fn a_neapolitan_tells_vanilla_townies_from_everyone_else() {
    let night = rar(
        &[
            ("Ann", "Vanilla"),
            ("Gus", "Goon"),
            ("Doc", "Doctor"),
            ("Nea", "Neapolitan"),
        ],
        &["Nea: Ann"],
    );
    assert_eq!(
        night.feedback_of("Nea").as_deref(),
        Some("Ann is a Vanilla Townie.")
    );
    for who in ["Gus", "Doc"] {
        let night = rar(
            &[
                ("Ann", "Vanilla"),
                ("Gus", "Goon"),
                ("Doc", "Doctor"),
                ("Nea", "Neapolitan"),
            ],
            &[&format!("Nea: {who}")],
        );
        assert_eq!(
            night.feedback_of("Nea"),
            Some(format!("{who} is not a Vanilla Townie."))
        );
    }
}

/// https://wiki.mafiascum.net/index.php?title=Gunsmith — cops, vigilantes and mafia members
/// have guns; "Notably, Serial Killers and Doctors do not have guns".
#[test]
fn a_gunsmith_finds_guns_on_vigilantes_and_mafia_but_not_doctors_or_serial_killers() {
    let players = [
        ("Vic", "Vigilante"),
        ("Gus", "Goon"),
        ("Doc", "Doctor"),
        ("Sid", "Serial Killer"),
        ("Gil", "Gunsmith"),
    ];
    for (who, gun) in [("Vic", true), ("Gus", true), ("Doc", false), ("Sid", false)] {
        let night = rar(&players, &[&format!("Gil: {who}")]);
        let expected = if gun {
            format!("{who} has a gun.")
        } else {
            format!("{who} does not have a gun.")
        };
        assert_eq!(night.feedback_of("Gil"), Some(expected));
    }
}

/// https://wiki.mafiascum.net/index.php?title=Follower — "learns what action a player
/// performed, but not who that player targeted".
#[test]
fn a_follower_learns_the_action_not_the_target() {
    let night = rar(
        &[
            ("Ann", "Vanilla"),
            ("Vic", "Vigilante"),
            ("Flo", "Follower"),
        ],
        &["Vic: Ann", "Flo: Vic"],
    );
    assert_eq!(
        night.feedback_of("Flo").as_deref(),
        Some("Vic used: shoot.")
    );
}

/// https://wiki.mafiascum.net/index.php?title=Voyeur — "learns what actions were performed
/// on a player, but not who targeted them".
#[test]
fn a_voyeur_learns_the_actions_on_a_player() {
    let night = rar(
        &[
            ("Ann", "Vanilla"),
            ("Gus", "Goon"),
            ("Doc", "Doctor"),
            ("Val", "Voyeur"),
        ],
        &["Gus: Ann", "Doc: Ann", "Val: Ann"],
    );
    assert_eq!(
        night.feedback_of("Val").as_deref(),
        Some("Ann was targeted with: factional kill, protect.")
    );
}

/// https://wiki.mafiascum.net/index.php?title=Role_Watcher — "learn what roles targeted that
/// player".
#[test]
fn a_role_watcher_learns_the_visitors_roles() {
    let night = rar(
        &[
            ("Ann", "Vanilla"),
            ("Doc", "Doctor"),
            ("Rho", "Role Watcher"),
        ],
        &["Doc: Ann", "Rho: Ann"],
    );
    assert_eq!(
        night.feedback_of("Rho").as_deref(),
        Some("Ann was visited by: Doctor.")
    );
}

/// https://wiki.mafiascum.net/index.php?title=Motion_Detector — "learns if any actions were
/// performed by or on a player, but not what they were, or who else was involved".
#[test]
fn a_motion_detector_learns_only_that_there_was_motion() {
    let night = rar(
        &[
            ("Ann", "Vanilla"),
            ("Doc", "Doctor"),
            ("Mo", "Motion Detector"),
        ],
        &["Doc: Ann", "Mo: Doc"],
    );
    assert_eq!(
        night.feedback_of("Mo").as_deref(),
        Some("Doc acted tonight. No one visited Doc.")
    );
}

/// https://wiki.mafiascum.net/index.php?title=Deflector — "takes all actions that target one
/// player at Night, and redirects them so that they target a second player instead".
#[test]
fn a_deflector_sends_the_kill_on_one_player_to_another() {
    let night = rar(
        &[
            ("Ann", "Vanilla"),
            ("Bea", "Vanilla"),
            ("Gus", "Goon"),
            ("Dex", "Deflector"),
        ],
        &["Gus: Ann", "Dex: Ann Bea"],
    );
    assert_eq!(night.dead(), ["Bea"]);
}

/// https://wiki.mafiascum.net/index.php?title=Rolestopper — "A Jailkeeper that rolestops its
/// target is sometimes called an Alien": the abducted player cannot be shot or investigated,
/// and their own action is blocked.
#[test]
fn an_alien_rolestops_and_blocks_its_target() {
    let night = rar(
        &[
            ("Cora", "Cop"),
            ("Ann", "Vanilla"),
            ("Gus", "Goon"),
            ("Ali", "Alien"),
            ("Ted", "Cop"),
        ],
        &["Ali: Cora", "Gus: Cora", "Ted: Cora", "Cora: Ann"],
    );
    assert!(night.deaths.is_empty());
    assert_eq!(night.feedback_of("Ted").as_deref(), Some("No result."));
    assert_eq!(night.feedback_of("Cora").as_deref(), Some("No result."));
}

/// https://wiki.mafiascum.net/index.php?title=Jack-of-all-trades — several abilities, "may use
/// only one per Night": one works, a second the same night is refused.
#[test]
fn a_jack_of_all_trades_uses_one_ability_a_night() {
    let players = [
        ("Ann", "Vanilla"),
        ("Bea", "Vanilla"),
        ("Jo", "Jack-of-all-Trades"),
    ];
    let night = rar(&players, &["Jo[shoot]: Ann"]);
    assert_eq!(night.dead(), ["Ann"]);
    let err = try_rar(&spec(&players, &["Jo[shoot]: Ann", "Jo[investigate]: Bea"]))
        .expect_err("two abilities in one night");
    assert!(
        err.contains("may use 1 of their abilities a night"),
        "{err}"
    );
}

/// https://wiki.mafiascum.net/index.php?title=Bomb — "When a Bomb dies at Night, they kill
/// every player who targeted them with a killing action that Night".
#[test]
fn a_bomb_killed_at_night_takes_its_killer_along() {
    let night = rar(&[("Boo", "Bomb"), ("Vic", "Vigilante")], &["Vic: Boo"]);
    assert_eq!(night.dead(), ["Boo", "Vic"]);
}

/// https://wiki.mafiascum.net/index.php?title=Bomb — the bomb goes off when it dies, so a
/// Bomb saved by a doctor kills no one (the page's variant that triggers on attempts is not
/// the standard one).
#[test]
fn a_bomb_saved_by_a_doctor_kills_no_one() {
    let night = rar(
        &[("Boo", "Bomb"), ("Vic", "Vigilante"), ("Doc", "Doctor")],
        &["Vic: Boo", "Doc: Boo"],
    );
    assert!(night.deaths.is_empty());
}

// Modifiers

/// https://wiki.mafiascum.net/index.php?title=Macho — "negates the effects of any roles that
/// would prevent it from death such as a Doctor or Bodyguard protecting it, although both
/// would still be seen as having visited a Macho role".
#[test]
fn a_macho_player_cannot_be_protected_but_the_doctor_is_seen() {
    let night = rar(
        &[
            ("Max", "Cop+macho"),
            ("Gus", "Goon"),
            ("Doc", "Doctor"),
            ("Ben", "Bodyguard"),
            ("Wes", "Watcher"),
        ],
        &["Gus: Max", "Doc: Max", "Ben: Max", "Wes: Max"],
    );
    assert_eq!(night.dead(), ["Max"]);
    assert_eq!(
        night.feedback_of("Wes").as_deref(),
        Some("Max was visited by Gus, Doc, Ben.")
    );
}

/// https://wiki.mafiascum.net/index.php?title=Strongman — Strongman as a modifier on a
/// Vigilante: the shot goes through a doctor and a roleblock.
#[test]
fn a_strongman_vigilante_kills_through_a_doctor_and_a_roleblock() {
    let night = rar(
        &[
            ("Ann", "Vanilla"),
            ("Vic", "Vigilante+strongman"),
            ("Doc", "Doctor"),
            ("Rob", "Roleblocker"),
        ],
        &["Vic: Ann", "Doc: Ann", "Rob: Vic"],
    );
    assert_eq!(night.dead(), ["Ann"]);
}

/// https://wiki.mafiascum.net/index.php?title=Self-Targeting — a self-targeting Doctor may
/// protect themself (a plain Doctor may not).
#[test]
fn a_self_targeting_doctor_protects_themself() {
    let night = rar(
        &[("Doc", "Doctor+self-targeting"), ("Gus", "Goon")],
        &["Gus: Doc", "Doc: Doc"],
    );
    assert!(night.deaths.is_empty());
    let err = try_rar(&spec(&[("Doc", "Doctor"), ("Gus", "Goon")], &["Doc: Doc"]))
        .expect_err("a plain doctor cannot self-target");
    assert!(err.contains("cannot target themself"), "{err}");
}

/// https://wiki.mafiascum.net/index.php?title=Loyal — "as though it were roleblocked": a
/// Loyal Bus Driver (town) swapping a Goon and a townie moves nothing, so the Vigilante's shot
/// at the townie kills the townie and a Watcher on the Goon sees no one. (Found by
/// `arbitrary_input.rs`: the failed swap used to move the shot all the same.)
#[test]
fn a_loyal_bus_drivers_swap_across_alignments_moves_nothing() {
    let night = rar(
        &[
            ("BD", "Bus Driver+loyal"),
            ("Gus", "Goon"),
            ("Ann", "Vanilla"),
            ("Vic", "Vigilante"),
            ("Wat", "Watcher"),
        ],
        &["BD: Gus Ann", "Vic: Ann", "Wat: Gus"],
    );
    assert_eq!(night.dead(), ["Ann"]);
    assert_eq!(
        night.feedback_of("Wat").as_deref(),
        Some("No one visited Gus.")
    );
}

/// https://wiki.mafiascum.net/index.php?title=Loyal — "behave as though it were roleblocked
/// unless the target has the same alignment as the user": a Loyal Cop gets no result on a
/// Goon and a result on a townie.
#[test]
fn a_loyal_cop_gets_results_on_town_only() {
    let players = [("Cora", "Cop+loyal"), ("Gus", "Goon"), ("Ann", "Vanilla")];
    let night = rar(&players, &["Cora: Gus"]);
    assert_eq!(night.feedback_of("Cora").as_deref(), Some("No result."));
    let night = rar(&players, &["Cora: Ann"]);
    assert_eq!(
        night.feedback_of("Cora").as_deref(),
        Some("Ann is Not Mafia.")
    );
}

/// https://wiki.mafiascum.net/index.php?title=Disloyal — "any attempts by that player to use
/// a night action on a player with the same alignment will fail (as though they had been
/// roleblocked)": a Disloyal Vigilante's shot at a townie does nothing, at a Goon it kills.
#[test]
fn a_disloyal_vigilante_only_kills_other_alignments() {
    let players = [
        ("Vic", "Vigilante+disloyal"),
        ("Gus", "Goon"),
        ("Ann", "Vanilla"),
    ];
    assert!(rar(&players, &["Vic: Ann"]).deaths.is_empty());
    assert_eq!(rar(&players, &["Vic: Gus"]).dead(), ["Gus"]);
}

/// https://wiki.mafiascum.net/index.php?title=Weak — "A Weak role dies upon targeting anyone
/// without a pro-Town wincon ... unless their action is blocked"; "If a Weak role dies, its
/// actions still occur".
#[test]
fn a_weak_cop_dies_investigating_a_goon_but_still_gets_the_result() {
    let players = [
        ("Cora", "Cop+weak"),
        ("Gus", "Goon"),
        ("Ann", "Vanilla"),
        ("Rob", "Roleblocker"),
    ];
    let night = rar(&players, &["Cora: Gus"]);
    assert_eq!(night.dead(), ["Cora"]);
    assert_eq!(night.feedback_of("Cora").as_deref(), Some("Gus is Mafia."));
    assert!(rar(&players, &["Cora: Ann"]).deaths.is_empty());
    assert!(rar(&players, &["Cora: Gus", "Rob: Cora"]).deaths.is_empty());
}

/// https://wiki.mafiascum.net/index.php?title=Compulsive — a Compulsive player must act each
/// night: a night file without their action is refused.
#[test]
fn a_compulsive_player_must_act() {
    let players = [("Vic", "Vigilante+compulsive"), ("Ann", "Vanilla")];
    let err = try_rar(&spec(&players, &[])).expect_err("compulsive without an action");
    assert_eq!(
        err,
        "player Vic: Vic is compulsive and must act every night"
    );
    assert_eq!(rar(&players, &["Vic: Ann"]).dead(), ["Ann"]);
}

/// https://wiki.mafiascum.net/index.php?title=Even/Odd_Night — an Odd Night role acts on nights
/// 1, 3, 5...; an Even Night role on 2, 4...
#[test]
fn odd_and_even_night_players_act_on_their_nights_only() {
    let mut night2 = spec(
        &[("Vic", "Vigilante+odd-night"), ("Ann", "Vanilla")],
        &["Vic: Ann"],
    );
    night2.night = Some(2);
    let err = try_rar(&night2).expect_err("odd-night player on night 2");
    assert!(
        err.contains("acts on odd nights only, and this is night 2"),
        "{err}"
    );
    night2.night = Some(3);
    assert_eq!(try_rar(&night2).expect("night 3 is odd").dead(), ["Ann"]);
    let mut even = spec(
        &[("Doc", "Doctor+even-night"), ("Ann", "Vanilla")],
        &["Doc: Ann"],
    );
    even.night = Some(1);
    assert!(try_rar(&even).is_err());
    even.night = Some(4);
    assert!(try_rar(&even).is_ok());
}

/// https://wiki.mafiascum.net/index.php?title=Public — a Public role's results are announced
/// in the thread.
#[test]
fn a_public_cops_result_is_announced() {
    let night = rar(&[("Cora", "Cop+public"), ("Gus", "Goon")], &["Cora: Gus"]);
    assert_eq!(night.announcements, ["Cora's result: Gus is Mafia."]);
}

/// https://wiki.mafiascum.net/index.php?title=Ninja — Ninja as a modifier on another role:
/// the Vigilante's visit is not seen by the watcher.
#[test]
fn a_ninja_vigilantes_visit_is_not_watched() {
    let night = rar(
        &[
            ("Ann", "Vanilla"),
            ("Vic", "Vigilante+ninja"),
            ("Wes", "Watcher"),
        ],
        &["Vic: Ann", "Wes: Ann"],
    );
    assert_eq!(night.dead(), ["Ann"]);
    assert_eq!(
        night.feedback_of("Wes").as_deref(),
        Some("No one visited Ann.")
    );
}

/// https://wiki.mafiascum.net/index.php?title=Ascetic — the Ascetic modifier on a Cop: a
/// roleblock on them fails (their investigation goes through) and a kill does not.
#[test]
fn an_ascetic_cop_cannot_be_roleblocked_but_can_be_killed() {
    let night = rar(
        &[
            ("Cora", "Cop+ascetic"),
            ("Gus", "Goon"),
            ("Rob", "Roleblocker"),
        ],
        &["Cora: Gus", "Rob: Cora", "Gus: Cora"],
    );
    assert_eq!(night.feedback_of("Cora").as_deref(), Some("Gus is Mafia."));
    assert_eq!(night.dead(), ["Cora"]);
}

// A host's own roles beside the standard catalogue (issue 13: "a host should also be able
// to add a few custom roles to the standard ones").

const EXTRA: &str = r#"
[[roles]]
name = "Gatekeeper"
alignment = "town"
# Jails and rolestops: made of components the engine already has.
[[roles.abilities]]
name = "gate"
components = [{ type = "visit" }, { type = "untargetable" }, { type = "block" }]
"#;

/// A custom role resolves with no change to the program: the Gatekeeper's target cannot be
/// shot or investigated that night.
#[test]
fn a_custom_role_added_beside_the_standard_catalogue_resolves() {
    let mut catalogue = mafia_night::Catalogue::standard().expect("standard");
    catalogue.add_extra(EXTRA, "mine.toml").expect("no clash");
    let spec = spec(
        &[
            ("Gia", "Gatekeeper"),
            ("Ann", "Vanilla"),
            ("Gus", "Goon"),
            ("Cora", "Cop"),
        ],
        &["Gia: Ann", "Gus: Ann", "Cora: Ann"],
    );
    let night = mafia_night::resolve_spec(
        &spec,
        &catalogue,
        mafia_night::Method::Rar,
        mafia_night::Options::default(),
    )
    .expect("valid");
    assert!(night.deaths.is_empty());
    assert_eq!(night.feedback_of("Cora").as_deref(), Some("No result."));
}

/// A custom role may not take a standard role's name: the error names the file, line and
/// column of the name.
#[test]
fn a_custom_role_with_a_standard_name_is_refused_at_its_line() {
    let mut catalogue = mafia_night::Catalogue::standard().expect("standard");
    let err = catalogue
        .add_extra(
            "[[roles]]\nname = \"doctor\"\nalignment = \"town\"\n",
            "mine.toml",
        )
        .expect_err("clash");
    assert_eq!(
        err.to_string(),
        "mine.toml:2:8: role `doctor` is already in the standard catalogue (give it another name)"
    );
}

/// Issue 13 point 5: the simple method says clearly when a role has no place in its fixed
/// order (a frame has no step in it) rather than resolving it wrongly.
#[test]
fn the_simple_method_refuses_a_role_it_has_no_step_for() {
    let err = mafia_night::resolve_spec(
        &spec(
            &[("Ann", "Vanilla"), ("Fay", "Framer"), ("Cora", "Cop")],
            &["Fay[frame]: Ann", "Cora: Ann"],
        ),
        &mafia_night::Catalogue::standard().expect("standard"),
        mafia_night::Method::Simple,
        mafia_night::Options::default(),
    )
    .expect_err("no place for a frame");
    assert_eq!(
        err.to_string(),
        "player Fay: the simple method (Method 1) has no place for the `frame` of Framer: frame: its fixed order has no step for it; resolve by RAR (--method rar)"
    );
}

/// Issue 13 point 4: a role's PM wording is part of its catalogue record, so a host can
/// reword it: a custom Cop says "guilty"/"innocent", and "Your action failed." when blocked.
#[test]
fn a_host_rewords_a_cops_results_in_the_catalogue() {
    let mut catalogue = mafia_night::Catalogue::standard().expect("standard");
    catalogue
        .add_extra(
            r#"
[[roles]]
name = "Forum Cop"
alignment = "town"
[[roles.abilities]]
name = "investigate"
pm = { mafia = "{target} is guilty.", not-mafia = "{target} is innocent.", no-result = "Your action failed." }
components = [{ type = "visit" }, { type = "investigate" }]
"#,
            "mine.toml",
        )
        .expect("no clash");
    let resolve = |actions: &[&str]| {
        mafia_night::resolve_spec(
            &spec(
                &[
                    ("Fc", "Forum Cop"),
                    ("Gus", "Goon"),
                    ("Ann", "Vanilla"),
                    ("Rob", "Roleblocker"),
                ],
                actions,
            ),
            &catalogue,
            mafia_night::Method::Rar,
            mafia_night::Options::default(),
        )
        .expect("valid")
    };
    assert_eq!(
        resolve(&["Fc: Gus"]).feedback_of("Fc").as_deref(),
        Some("Gus is guilty.")
    );
    assert_eq!(
        resolve(&["Fc: Ann"]).feedback_of("Fc").as_deref(),
        Some("Ann is innocent.")
    );
    assert_eq!(
        resolve(&["Fc: Ann", "Rob: Fc"])
            .feedback_of("Fc")
            .as_deref(),
        Some("Your action failed.")
    );
}

/// The simple method names the setup rules it has no step for, even on an empty night.
#[test]
fn the_simple_method_refuses_the_setup_rules() {
    let mut night = spec(&[], &[]);
    night.rules.protection = mafia_night::Protection::OnePerKill;
    let err = mafia_night::resolve_spec(
        &night,
        &mafia_night::Catalogue::standard().expect("standard"),
        mafia_night::Method::Simple,
        mafia_night::Options::default(),
    )
    .expect_err("no place for the rules");
    assert!(
        err.to_string()
            .starts_with("the simple method (Method 1) has no place for the setup rules"),
        "{err}"
    );
}
