//! Games per second of a balance run (`mafia wwr balance`) of the demo five-player setup,
//! on rayon pools of 1 and 2 threads. Each iteration plays a whole run of `GAMES` games, so
//! criterion's throughput line is games per second.
//!
//! `cargo bench -p mafia-wwr --bench balance -- --warm-up-time 1 --measurement-time 3`

use std::path::PathBuf;
use std::sync::Arc;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use mafia_wwr::balance::{Balance, Options};
use mafia_wwr::{Library, Setup};

/// Games per run: enough that both threads of a 2-thread pool stay busy.
const GAMES: u64 = 64;

fn bench(c: &mut Criterion) {
    let path = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../demo/wwr/five.toml"
    ));
    let setup = Setup::load(&path).expect("the demo setup");
    let lib = Arc::new(Library::load(&setup.roles_dir).expect("fixture role set"));
    let balance = Balance::new(setup, lib).expect("the demo setup starts");
    let mut group = c.benchmark_group("wwr/balance five.toml");
    group.throughput(Throughput::Elements(GAMES));
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        let mut seed = 0u64;
        group.bench_with_input(BenchmarkId::new("threads", threads), &threads, |b, _| {
            b.iter(|| {
                seed += 1;
                let opts = Options {
                    games: GAMES,
                    seed,
                    max_phases: Options::DEFAULT_MAX_PHASES,
                };
                pool.install(|| balance.run(&opts, &|| {}).expect("a run"))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
