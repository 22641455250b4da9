//! A 16-player game played to the end by random legal choices (`mafia_wwr::autoplay`).
//!
//! `cargo bench -p mafia-wwr --bench game`

use std::path::PathBuf;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use mafia_wwr::autoplay::{Driver, play_to_end};
use mafia_wwr::setup::PlayerEntry;
use mafia_wwr::{Game, Library, Setup};

const ROLES: [&str; 16] = [
    "Fortune Teller",
    "Witch",
    "Huntress",
    "Runner",
    "Hooker",
    "Idiot",
    "Cursed Civilian",
    "Citizen",
    "Citizen",
    "Citizen",
    "Citizen",
    "Tanner",
    "Wolf",
    "Wolf",
    "Scared Wolf",
    "Lone Wolf",
];

fn setup(dir: &std::path::Path) -> Setup {
    Setup {
        roles_dir: dir.to_path_buf(),
        players: (1..=16)
            .map(|i| PlayerEntry::Name(format!("P{i:02}")))
            .collect(),
        roles: ROLES.iter().map(|r| r.to_string()).collect(),
        polls: vec!["Lynch".into()],
        host: Default::default(),
        haunting: false,
        modifiers: Default::default(),
        locations: Vec::new(),
    }
}

fn bench(c: &mut Criterion) {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures/wwr-roles"
    ));
    let lib = Arc::new(Library::load(&dir).expect("fixture role set"));
    let setup = setup(&dir);
    let mut seed = 0u64;
    c.bench_function("wwr/16-player game to the end", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = Game::new(setup.clone(), lib.clone(), seed).expect("game");
            let phases = play_to_end(&mut g, &mut Driver::new(seed), 60);
            std::hint::black_box(phases)
        })
    });
    c.bench_function("wwr/load the fixture role set", |b| {
        b.iter(|| Library::load(&dir).expect("fixture role set"))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
