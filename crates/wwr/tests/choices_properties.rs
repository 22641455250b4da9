//! The property tests of `properties.rs` on a setup full of choices, added polls and poll
//! candidate manipulations: the same seed and inputs give the same game, and saving and
//! reloading at any phase continues identically (open choices, queued answers, added polls
//! and manipulations are part of the saved state).

mod common;
use common::*;

use mafia_wwr::autoplay::{Driver, play_phase, play_to_end};
use mafia_wwr::{Game, GameState, Setup};
use proptest::prelude::*;

fn choosers(seed: u64) -> Game {
    let setup = Setup {
        polls: vec!["Lynch".into(), "Election".into()],
        ..Setup::with_roles(roles_dir(), CHOOSERS)
    };
    Game::new(setup, lib(), seed).expect("game starts")
}

fn json(g: &Game) -> String {
    serde_json::to_string(&g.state).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, ..ProptestConfig::default() })]

    #[test]
    fn choices_same_seed_and_inputs_same_game(seed in any::<u64>(), driver in any::<u64>()) {
        let mut a = choosers(seed);
        let mut b = choosers(seed);
        play_to_end(&mut a, &mut Driver::new(driver), 24);
        play_to_end(&mut b, &mut Driver::new(driver), 24);
        prop_assert_eq!(json(&a), json(&b));
    }

    #[test]
    fn choices_save_and_reload_at_any_phase_continue_identically(
        seed in any::<u64>(),
        driver in any::<u64>(),
        cut in 0usize..10,
    ) {
        let mut straight = choosers(seed);
        let mut d1 = Driver::new(driver);
        play_to_end(&mut straight, &mut d1, 24);

        let mut first = choosers(seed);
        let mut d2 = Driver::new(driver);
        for _ in 0..cut {
            if first.state.outcome.is_some() { break; }
            play_phase(&mut first, &mut d2);
        }
        let saved = serde_json::to_string(&first.state).unwrap();
        let state: GameState = serde_json::from_str(&saved).unwrap();
        let mut reloaded = Game::load(state, lib()).unwrap();
        play_to_end(&mut reloaded, &mut d2, 24usize.saturating_sub(cut));
        prop_assert_eq!(json(&straight), json(&reloaded));
    }
}

#[test]
fn random_play_answers_choices() {
    // The driver really exercises choices: over a few games, some choice gets answered.
    let answered = (0..6u64).any(|seed| {
        let mut g = choosers(seed);
        play_to_end(&mut g, &mut Driver::new(seed), 12);
        g.state.choices.iter().any(|c| c.answer.is_some())
    });
    assert!(answered);
}

#[test]
fn a_game_saved_before_choices_existed_still_loads() {
    // The new fields are `#[serde(default)]`: an older saved game without them loads.
    let g = choosers(1);
    let mut v: serde_json::Value = serde_json::from_str(&json(&g)).unwrap();
    let obj = v.as_object_mut().unwrap();
    obj.remove("choices");
    obj.remove("added_polls");
    obj.remove("candidate_manipulations");
    let state: GameState = serde_json::from_value(v).unwrap();
    assert!(state.choices.is_empty());
    Game::load(state, lib()).unwrap();
}
