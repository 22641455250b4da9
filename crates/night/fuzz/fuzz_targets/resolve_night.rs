//! Any bytes, read as a generated night: 3 to 12 players with catalogue roles (and now and
//! then a modifier or a dead player), then actions built from the remaining bytes, valid or not
//! (an unknown ability, a dead actor, the actor as target…). Validating and resolving must
//! never panic, and resolving the same night twice must give the same outcome, by both methods.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mafia_night::{
    ActionSpec, Catalogue, Method, Modifier, NightSpec, Options, PlayerSpec, resolve_spec,
};

fuzz_target!(|data: &[u8]| {
    let catalogue = Catalogue::standard().expect("standard catalogue");
    let Some((&first, mut rest)) = data.split_first() else {
        return;
    };
    let players = 3 + usize::from(first) % 10;
    let mut spec = NightSpec::default();
    for i in 0..players {
        let Some((&byte, tail)) = rest.split_first() else {
            return;
        };
        rest = tail;
        let role = &catalogue.roles[usize::from(byte) % catalogue.roles.len()];
        spec.players.push(PlayerSpec {
            name: format!("P{i}"),
            role: role.name.clone(),
            alignment: None,
            sanity: Default::default(),
            // One modifier of the whole list (a vest, X-shot, non-consecutive, …) now and then.
            modifiers: if byte & 0x80 != 0 {
                vec![Modifier::ALL[usize::from(byte >> 1) % Modifier::ALL.len()].1]
            } else {
                vec![]
            },
            alive: byte & 0x40 == 0 || i % 7 != 0,
        });
    }
    for chunk in rest.chunks_exact(4).take(64) {
        let actor = &spec.players[usize::from(chunk[0]) % players];
        let role = catalogue.role(&actor.role).expect("a catalogue role");
        let faction = catalogue.faction_abilities(&role.alignment);
        let abilities: Vec<&str> = role
            .abilities
            .iter()
            .chain(faction)
            .map(|a| a.name.as_str())
            .collect();
        // One value past the end: an ability the role does not have.
        let pick = usize::from(chunk[1]) % (abilities.len() + 1);
        let ability = abilities
            .get(pick)
            .map_or_else(|| "Juggle".to_string(), |a| a.to_string());
        let targets = [chunk[2], chunk[3]]
            .iter()
            .take(1 + usize::from(chunk[1] & 1))
            .map(|&t| format!("P{}", usize::from(t) % (players + 1)))
            .collect();
        spec.actions.push(ActionSpec {
            actor: actor.name.clone(),
            ability: Some(ability),
            targets,
        });
    }
    for method in [Method::Rar, Method::Simple] {
        let opts = Options {
            explain: true,
            ..Options::default()
        };
        let once = resolve_spec(&spec, &catalogue, method, opts);
        let again = resolve_spec(&spec, &catalogue, method, opts);
        match (once, again) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "the same night resolved twice differs"),
            (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
            _ => panic!("the same night was once valid and once not"),
        }
    }
});
