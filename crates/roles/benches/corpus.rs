//! Parse and check the whole fixture role book (287 element files), from text in memory.
//!
//! cargo bench -p mafia-roles --bench corpus

use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use mafia_roles::{ParsedFile, RoleSet, check};

fn corpus(c: &mut Criterion) {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures/wwr-roles"
    ));
    let loaded = RoleSet::load_dir(&dir).expect("the fixtures load");
    let inputs: Vec<_> = loaded
        .files
        .iter()
        .map(|f| (f.path.clone(), f.display.clone(), f.text.clone(), f.kind))
        .collect();
    let bytes: usize = inputs.iter().map(|i| i.2.len()).sum();
    eprintln!("{} files, {bytes} bytes", inputs.len());

    c.bench_function("parse whole corpus", |b| {
        b.iter(|| {
            inputs
                .iter()
                .map(|(p, d, t, k)| ParsedFile::parse(p.clone(), d.clone(), t.clone(), *k))
                .collect::<Vec<_>>()
        })
    });
    c.bench_function("parse and check whole corpus", |b| {
        b.iter(|| {
            let set = RoleSet {
                root: loaded.root.clone(),
                files: inputs
                    .iter()
                    .map(|(p, d, t, k)| ParsedFile::parse(p.clone(), d.clone(), t.clone(), *k))
                    .collect(),
            };
            check(&set).len()
        })
    });
}

criterion_group!(benches, corpus);
criterion_main!(benches);
