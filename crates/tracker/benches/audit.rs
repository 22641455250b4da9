//! `mafia audit`'s speed: a generated 3,000-post thread (the fold benchmark's generator) with
//! a host vote count every 50 posts, written in the tracker's own BBCode from the tally as it
//! stood, audited from the first post to the last.
//!
//! `cargo bench -p mafia-tracker --bench audit`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mafia_posts::{Markup, Post, normalise_markup};
use mafia_tracker::audit::audit;
use mafia_tracker::{Game, Tracker, report};

mod synthetic;

/// Posts between two host vote counts.
const EVERY: usize = 50;

/// The generated thread with every 50th post replaced by the host's vote count of the moment.
fn thread(n: usize, game: &Game) -> Vec<Post> {
    let mut posts = synthetic::posts(n);
    let mut tracker = Tracker::new(game.clone()).expect("tracker");
    for (i, post) in posts.iter_mut().enumerate() {
        if i % EVERY == EVERY - 1 {
            let count = report::bbcode(&tracker.status());
            post.author = "Host".to_string();
            post.body = normalise_markup(&Markup::BbCode(count));
        }
        tracker.apply(post);
    }
    posts
}

fn bench(c: &mut Criterion) {
    let game = Game::parse(synthetic::GAME, "synthetic.toml").expect("game file");
    let posts = thread(3_000, &game);
    let report = audit(game.clone(), &posts).expect("audit");
    assert!(
        report.found >= 3_000 / EVERY / 2,
        "{} counts found",
        report.found
    );
    let mut group = c.benchmark_group("audit");
    group.throughput(Throughput::Elements(posts.len() as u64));
    group.sample_size(20);
    group.bench_function("audit 3000 posts, a count every 50", |b| {
        b.iter(|| audit(game.clone(), &posts).expect("audit"))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
