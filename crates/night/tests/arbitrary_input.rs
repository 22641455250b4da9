//! The fuzz target's property on stable Rust (issue 13: "the fuzz target runs 60 s with no
//! panic"; cargo-fuzz is not installed on every machine): arbitrary nights, as generated
//! specs and as night-file text, with arbitrary game state, never panic the parser, the
//! validator or either method, every refusal is a typed [`NightError`] that says where, and
//! the same night resolves the same way twice.

use mafia_night::{
    ActionSpec, Catalogue, GameState, Method, Modifier, NightError, NightFile, NightSpec, Options,
    PlayerSpec, Protection, Rules, Sanity, Swaps, resolve_file, resolve_spec,
};
use proptest::prelude::*;

/// Takes bytes from the front of the input, or zero once it runs out (so every input makes
/// a night).
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }
    fn below(&mut self, n: usize) -> usize {
        usize::from(self.next()) % n.max(1)
    }
}

/// A modifier from one byte: any of the named ones, or an X-Shot of 1 to 4.
fn modifier(b: u8) -> Modifier {
    let all = Modifier::ALL;
    match usize::from(b) % (all.len() + 4) {
        i if i < all.len() => all[i].1,
        i => Modifier::Shots((i - all.len()) as u32 + 1),
    }
}

/// Any bytes read as a night, as the fuzz target reads them and more: 3 to 12 players with
/// catalogue roles, up to two modifiers each, a sanity, now and then dead or of another
/// alignment; the night's number, a day now and then, the setup rules; then actions valid
/// or not (an ability the role lacks, a dead actor or target, a player not in the game, the
/// actor as target, too many or too few targets); and a game state of earlier uses, last uses
/// and delayed actions, some naming players not in the game.
fn night_from(data: &[u8], catalogue: &Catalogue) -> (NightSpec, GameState) {
    let mut b = Bytes(data);
    let players = 3 + b.below(10);
    let mut spec = NightSpec::default();
    for i in 0..players {
        let role = &catalogue.roles[b.below(catalogue.roles.len())];
        let flags = b.next();
        let mut modifiers = Vec::new();
        for _ in 0..flags % 3 {
            modifiers.push(modifier(b.next()));
        }
        spec.players.push(PlayerSpec {
            name: format!("P{i}"),
            role: role.name.clone(),
            alignment: (flags & 0x08 != 0).then(|| ["mafia", "town", "cult"][b.below(3)].into()),
            sanity: [
                Sanity::Sane,
                Sanity::Insane,
                Sanity::Paranoid,
                Sanity::Naive,
            ][b.below(4)],
            modifiers,
            alive: flags & 0x40 == 0 || i % 5 != 0,
        });
    }
    let setup = b.next();
    spec.night = (setup & 1 != 0).then(|| u32::from(setup >> 4));
    spec.day = setup & 0x0e == 0x0e;
    spec.rules = Rules {
        protection: if setup & 2 != 0 {
            Protection::OnePerKill
        } else {
            Protection::EveryKill
        },
        swaps: if setup & 4 != 0 {
            Swaps::Contest
        } else {
            Swaps::InOrder
        },
    };
    let name = |b: &mut Bytes<'_>| format!("P{}", b.below(players + 1));
    let action = |b: &mut Bytes<'_>, spec: &NightSpec| {
        let actor = &spec.players[b.below(players)];
        let role = catalogue.role(&actor.role).expect("a catalogue role");
        let abilities: Vec<&str> = role
            .abilities
            .iter()
            .chain(catalogue.faction_abilities(&role.alignment))
            .map(|a| a.name.as_str())
            .collect();
        // One value past the end: an ability the role does not have; two: none named.
        let pick = b.below(abilities.len() + 2);
        let ability = match abilities.get(pick) {
            Some(a) => Some(a.to_string()),
            None if pick == abilities.len() => Some("Juggle".to_string()),
            None => None,
        };
        // Mostly as many targets as the ability takes, now and then any number.
        let wanted = catalogue
            .role(&actor.role)
            .into_iter()
            .flat_map(|r| {
                r.abilities
                    .iter()
                    .chain(catalogue.faction_abilities(&r.alignment))
            })
            .find(|a| Some(a.name.as_str()) == ability.as_deref())
            .map_or(1, |a| if a.targets_self_only() { 0 } else { a.targets });
        let count = if b.next() % 4 == 0 {
            b.below(4)
        } else {
            wanted
        };
        let targets = (0..count).map(|_| name(b)).collect();
        ActionSpec {
            actor: actor.name.clone(),
            ability,
            targets,
        }
    };
    if b.next() % 4 == 0 {
        // Wild: up to 40 actions, valid or not.
        for _ in 0..b.below(40) {
            let a = action(&mut b, &spec);
            spec.actions.push(a);
        }
    } else {
        // Careful, as a host writes: a night's number, each living player acting at most
        // once with one of their abilities on other living players, one factional kill.
        spec.night = Some(1 + b.below(4) as u32);
        spec.day = false;
        let mut kill_used = false;
        for i in 0..players {
            let p = &spec.players[i];
            if !p.alive || b.next() % 3 == 0 {
                continue;
            }
            let role = catalogue.role(&p.role).expect("a catalogue role");
            let usable: Vec<&mafia_night::Ability> = role
                .abilities
                .iter()
                .chain(catalogue.faction_abilities(&role.alignment))
                .filter(|a| !(a.passive || a.day || kill_used && a.name == "factional kill"))
                .collect();
            if usable.is_empty() {
                continue;
            }
            let ab = usable[b.below(usable.len())];
            kill_used |= ab.name == "factional kill";
            let others: Vec<usize> = (0..players)
                .filter(|&t| t != i && spec.players[t].alive)
                .collect();
            let wanted = if ab.targets_self_only() {
                0
            } else {
                ab.targets
            };
            if others.len() < wanted {
                continue;
            }
            // Distinct targets, from a byte and then onwards (the bytes may have run out).
            let mut targets: Vec<String> = Vec::new();
            let mut k = b.below(others.len());
            while targets.len() < wanted {
                let t = format!("P{}", others[k % others.len()]);
                if !targets.contains(&t) {
                    targets.push(t);
                }
                k += 1;
            }
            spec.actions.push(ActionSpec {
                actor: p.name.clone(),
                ability: Some(ab.name.clone()),
                targets,
            });
        }
    }
    let mut state = GameState {
        night: u32::from(b.next() % 6),
        ..GameState::default()
    };
    for _ in 0..b.below(4) {
        let owner = name(&mut b).to_lowercase();
        let ability = ["shoot", "protect", "investigate", "block", "delay"][b.below(5)];
        let n = u32::from(b.next() % 4);
        state
            .used
            .entry(owner.clone())
            .or_default()
            .insert(ability.into(), n);
        state
            .last_used
            .entry(owner)
            .or_default()
            .insert(ability.into(), n + 1);
    }
    if b.next() % 4 == 0 {
        let a = action(&mut b, &spec);
        state.delayed.push(a);
    }
    (spec, state)
}

/// A refusal of a generated night is a validation or method error, never a parse error.
fn is_typed_refusal(e: &NightError) -> bool {
    matches!(
        e,
        NightError::Invalid { .. } | NightError::Unsupported { .. } | NightError::TooComplex { .. }
    ) && !e.to_string().is_empty()
}

/// Writes a night as a night file, with mangled names and values now and then, so the
/// parser sees both good and bad files.
fn night_file(spec: &NightSpec, mangle: &[u8]) -> String {
    let mut b = Bytes(mangle);
    let mut s = String::new();
    let bad = |s: &str, b: &mut Bytes<'_>| -> String {
        match b.next() % 16 {
            0 => String::new(),
            1 => format!("{s}x"),
            2 => s.to_uppercase(),
            3 => s.chars().rev().collect(),
            4 => "\u{e9}\u{1F600}".into(),
            _ => s.to_string(),
        }
    };
    if let Some(n) = spec.night {
        s.push_str(&format!("night = {n}\n"));
    }
    if spec.day {
        s.push_str("day = true\n");
    }
    if b.next() % 4 == 0 {
        let p = bad("one-per-kill", &mut b);
        let w = bad("contest", &mut b);
        s.push_str(&format!("[rules]\nprotection = \"{p}\"\nswaps = \"{w}\"\n"));
    }
    for p in &spec.players {
        let mods: Vec<String> = p
            .modifiers
            .iter()
            .map(|m| format!("{:?}", bad(&m.name(), &mut b)))
            .collect();
        s.push_str(&format!(
            "[[players]]\nname = {:?}\nrole = {:?}\nmodifiers = [{}]\nalive = {}\n",
            bad(&p.name, &mut b),
            bad(&p.role, &mut b),
            mods.join(", "),
            p.alive
        ));
        if b.next() % 8 == 0 {
            s.push_str("sanity = \"insane\"\n");
        }
    }
    for a in &spec.actions {
        s.push_str(&format!(
            "[[actions]]\nactor = {:?}\n",
            bad(&a.actor, &mut b)
        ));
        if let Some(ab) = &a.ability {
            s.push_str(&format!("ability = {:?}\n", bad(ab, &mut b)));
        }
        match a.targets.as_slice() {
            [one] if b.next() % 2 == 0 => s.push_str(&format!("target = {one:?}\n")),
            ts => {
                let ts: Vec<String> = ts.iter().map(|t| format!("{:?}", bad(t, &mut b))).collect();
                s.push_str(&format!("targets = [{}]\n", ts.join(", ")));
            }
        }
    }
    // Now and then a line that is not TOML at all, somewhere in the file.
    if b.next() % 8 == 0 {
        let at = b.below(s.len() + 1);
        let at = (0..=at).rev().find(|&i| s.is_char_boundary(i)).unwrap_or(0);
        s.insert_str(at, "\n= [[\n");
    }
    s
}

/// The generator makes nights that resolve, not only refusals: of 300 inputs from a fixed
/// sequence, at least one in ten validates and resolves by RAR.
#[test]
fn the_generated_nights_often_resolve() {
    let catalogue = Catalogue::standard().expect("standard catalogue");
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut resolved = 0;
    for _ in 0..300 {
        let data: Vec<u8> = (0..200)
            .map(|_| {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                (seed >> 56) as u8
            })
            .collect();
        let (spec, _) = night_from(&data, &catalogue);
        if resolve_spec(&spec, &catalogue, Method::Rar, Options::default()).is_ok() {
            resolved += 1;
        }
    }
    assert!(
        resolved >= 30,
        "only {resolved} of 300 generated nights resolved"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// The fuzz target's property: any night, with any state before it, validates or is
    /// refused with a typed error, and resolves the same way twice by both methods.
    #[test]
    fn arbitrary_nights_never_panic_and_resolve_the_same_twice(
        data in proptest::collection::vec(any::<u8>(), 0..300),
    ) {
        let catalogue = Catalogue::standard().expect("standard catalogue");
        let (mut spec, state) = night_from(&data, &catalogue);
        let opts = Options { explain: true, ..Options::default() };
        for prepared in [false, true] {
            if prepared {
                state.prepare(&mut spec);
            }
            for method in [Method::Rar, Method::Simple] {
                let once = resolve_spec(&spec, &catalogue, method, opts);
                let again = resolve_spec(&spec, &catalogue, method, opts);
                prop_assert_eq!(&once, &again);
                match once {
                    Ok(out) => {
                        prop_assert!(!out.render_text().is_empty());
                        prop_assert!(serde_json::to_string(&out).is_ok());
                        // Recording the night in the state never panics either.
                        let night = mafia_night::validate(
                            &spec,
                            &catalogue,
                            mafia_night::self_targets_for(method),
                        );
                        if let Ok(night) = night {
                            let mut after = state.clone();
                            after.record(&spec, &night, &out);
                            let json = serde_json::to_string(&after).expect("state as JSON");
                            let back: GameState = serde_json::from_str(&json).expect("reads back");
                            prop_assert_eq!(back, after);
                        }
                    }
                    Err(e) => prop_assert!(is_typed_refusal(&e), "{:?}", e),
                }
            }
        }
    }

    /// The same nights written as night files, some mangled: the parser and the validator
    /// never panic, and every refusal of the file names the file, line and column.
    #[test]
    fn arbitrary_night_files_are_read_or_refused_at_a_place(
        data in proptest::collection::vec(any::<u8>(), 0..300),
        mangle in proptest::collection::vec(any::<u8>(), 0..200),
    ) {
        let catalogue = Catalogue::standard().expect("standard catalogue");
        let (spec, _) = night_from(&data, &catalogue);
        let text = night_file(&spec, &mangle);
        let file = match NightFile::parse(&text, "n.toml") {
            Ok(file) => file,
            Err(e) => {
                prop_assert!(matches!(e, NightError::Syntax { .. }), "{:?}", e);
                prop_assert!(e.to_string().starts_with("n.toml:"), "{}\n{}", e, text);
                return Ok(());
            }
        };
        for method in [Method::Rar, Method::Simple] {
            match resolve_file(&file, &catalogue, method, true) {
                Ok(out) => prop_assert!(!out.render_text().is_empty()),
                // A bad file is refused at its line and column; the simple method's
                // refusal of a role it has no step for names the player instead.
                Err(e @ NightError::Invalid { .. }) => prop_assert!(
                    e.to_string().starts_with("n.toml:")
                        || e.to_string().contains("the simple method (Method 1) has no place"),
                    "{}\n{}",
                    e,
                    text
                ),
                Err(e) => prop_assert!(is_typed_refusal(&e), "{:?}", e),
            }
        }
    }
}
