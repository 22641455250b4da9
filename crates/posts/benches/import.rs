//! Importer speed on the real saved MTG Salvation page (1.4 MB, 50 posts), parsing only and
//! parsing plus normalising every post.
//!
//! `cargo bench -p mafia-posts --bench import`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mafia_posts::import::parse_mtgsalvation_page;

fn bench(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures/threads/mtgsalvation/unreliable-cops-mafia-page.html"
    );
    let page = std::fs::read_to_string(path).expect("the MTG Salvation fixture");
    let mut group = c.benchmark_group("import");
    group.sample_size(20);
    group.throughput(Throughput::Elements(50));
    group.bench_function("mtgsalvation_page", |b| {
        b.iter(|| parse_mtgsalvation_page(&page).map(|p| p.posts.len()))
    });
    group.bench_function("mtgsalvation_page_normalised", |b| {
        b.iter(|| {
            parse_mtgsalvation_page(&page).map(|p| {
                p.posts
                    .iter()
                    .map(|post| post.normalise().body.lines.len())
                    .sum::<usize>()
            })
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
