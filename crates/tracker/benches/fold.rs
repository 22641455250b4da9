//! The fold's speed: replaying a generated 100,000-post thread of normalised posts.
//!
//! `cargo bench -p mafia-tracker --bench fold -- --warm-up-time 2 --measurement-time 8`
//!
//! Measured twice: wall-clock time (criterion's default) and the benchmark thread's on-CPU
//! time (Linux `/proc/thread-self/schedstat`), which other processes on the shared machine's
//! cores do not inflate.

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use mafia_posts::Post;
use mafia_tracker::{Game, Tracker};

mod synthetic;

fn setup() -> (Vec<Post>, Tracker) {
    let posts = synthetic::posts(100_000);
    let game = Game::parse(synthetic::GAME, "synthetic.toml").expect("game file");
    (posts, Tracker::new(game).expect("tracker"))
}

fn replay<M: Measurement>(c: &mut Criterion<M>, name: &str) {
    let (posts, start) = setup();
    let mut group = c.benchmark_group("fold");
    group.throughput(Throughput::Elements(posts.len() as u64));
    group.sample_size(10);
    group.bench_function(name, |b| {
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

fn wall(c: &mut Criterion) {
    replay(c, "replay 100k posts");
}

/// Nanoseconds the current thread has spent on a CPU (`None` off Linux).
fn thread_cpu_ns() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok()
}

/// On-CPU time of the benchmark thread, shown as a duration.
struct OnCpu;

impl Measurement for OnCpu {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        thread_cpu_ns().unwrap_or(0)
    }

    fn end(&self, started: u64) -> u64 {
        thread_cpu_ns().unwrap_or(0).saturating_sub(started)
    }

    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }

    fn zero(&self) -> u64 {
        0
    }

    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        // Nanoseconds, like wall time.
        WallTime.formatter()
    }
}

fn on_cpu(c: &mut Criterion<OnCpu>) {
    if thread_cpu_ns().is_none() {
        eprintln!("no /proc/thread-self/schedstat: the on-CPU measurement is skipped");
        return;
    }
    replay(c, "replay 100k posts (on-CPU time)");
}

criterion_group!(wall_time, wall);
criterion_group! {
    name = cpu_time;
    config = Criterion::default().with_measurement(OnCpu);
    targets = on_cpu
}
criterion_main!(wall_time, cpu_time);
