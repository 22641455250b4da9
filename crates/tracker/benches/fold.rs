//! The fold's speed: replaying a generated 100,000-post thread of normalised posts.
//!
//! `cargo bench -p mafia-tracker --bench fold`

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use mafia_tracker::{Game, Tracker};

mod synthetic;

fn fold(c: &mut Criterion) {
    let posts = synthetic::posts(100_000);
    let game = Game::parse(synthetic::GAME, "synthetic.toml").expect("game file");
    let start = Tracker::new(game).expect("tracker");
    let mut group = c.benchmark_group("fold");
    group.throughput(Throughput::Elements(posts.len() as u64));
    group.sample_size(10);
    group.bench_function("replay 100k posts", |b| {
        b.iter_batched(
            || start.clone(),
            |mut t| {
                t.apply_all(&posts);
                t
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group!(benches, fold);
criterion_main!(benches);
