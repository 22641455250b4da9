//! The last rows of `docs/wwr-coverage.md`: requirements, the Cat's `On <Target> Action`,
//! `Remove … from` a group, an obstructed group executor, and the guide items no fixture
//! role uses (on small roles written in the guide's format).

mod common;

use common::*;

use mafia_wwr::setup::PlayerEntry;
use mafia_wwr::{Game, Setup, WwrError};

fn setup(players: &[(&str, &str)]) -> Setup {
    Setup {
        roles_dir: roles_dir(),
        players: players
            .iter()
            .map(|(n, r)| PlayerEntry::Full {
                name: n.to_string(),
                role: Some(r.to_string()),
            })
            .collect(),
        roles: Vec::new(),
        polls: vec!["Lynch".into()],
        host: Default::default(),
        haunting: false,
        modifiers: Default::default(),
        locations: Vec::new(),
    }
}

// --- Requirements --------------------------------------------------------------------------

/// Guide, Requirements: "A role can require another role to exist", `Require:
/// '<RoleName>'`. The Cat says `Require: `Dog`` ("For each Cat in the game, there must be a
/// corresponding dog"), the Alcoholic `Require: `Bartender`` ("The Alcoholic cannot exist
/// without a bartender"): a setup dealing one without the other is refused, naming both.
#[test]
fn a_role_whose_required_role_is_not_dealt_is_refused_naming_both() {
    let e = Game::new(
        setup(&[
            ("Kit", "Cat"),
            ("Dave", "Citizen"),
            ("Cid", "Citizen"),
            ("Eve", "Wolf"),
        ]),
        lib(),
        7,
    )
    .map(|_| ())
    .expect_err("a Cat without a Dog is refused");
    assert!(matches!(e, WwrError::MissingRequiredRole { .. }), "{e:?}");
    let msg = e.to_string();
    assert!(msg.contains("`Cat` requires `Dog`"), "{msg}");

    let e = Game::new(
        setup(&[("Al", "Alcoholic"), ("Dave", "Citizen"), ("Eve", "Wolf")]),
        lib(),
        7,
    )
    .map(|_| ())
    .expect_err("an Alcoholic without a Bartender is refused");
    assert!(
        e.to_string().contains("`Alcoholic` requires `Bartender`"),
        "{e}"
    );
}

/// The same roles with their required roles dealt start normally; the requirement is on
/// the setup only (a Bartender who dies later does not end the game: the Alcoholic's own
/// `[Condition: not (@(Role:Bartender) exists)]` lines handle that).
#[test]
fn a_role_whose_required_role_is_dealt_starts() {
    let g = game(&[
        ("Kit", "Cat"),
        ("Dot", "Dog"),
        ("Al", "Alcoholic"),
        ("Bart", "Bartender"),
        ("Eve", "Wolf"),
    ]);
    assert_eq!(role(&g, "Kit"), "Cat");
    assert_eq!(role(&g, "Al"), "Alcoholic");
}
