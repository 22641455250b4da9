//! Parse and check the whole fixture role book (287 element files), from text in memory.
//!
//! cargo bench -p mafia-roles --bench corpus
//!
//! Two measurements: wall-clock time (criterion's default), and on-CPU time of the benchmark
//! thread (Linux `/proc/thread-self/schedstat`), which stays meaningful when other processes
//! share the machine's cores.

use std::path::PathBuf;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{Criterion, criterion_group, criterion_main};
use mafia_roles::{ElementKind, ParsedFile, RoleSet, check};

type Input = (PathBuf, String, String, ElementKind);

fn inputs() -> (RoleSet, Vec<Input>) {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures/wwr-roles"
    ));
    let loaded = RoleSet::load_dir(&dir).expect("the fixtures load");
    let inputs = loaded
        .files
        .iter()
        .map(|f| (f.path.clone(), f.display.clone(), f.text.clone(), f.kind))
        .collect();
    (loaded, inputs)
}

fn parse_all(inputs: &[Input]) -> Vec<ParsedFile> {
    inputs
        .iter()
        .map(|(p, d, t, k)| ParsedFile::parse(p.clone(), d.clone(), t.clone(), *k))
        .collect()
}

fn parse_and_check(inputs: &[Input]) -> usize {
    let set = RoleSet {
        root: None,
        files: parse_all(inputs),
    };
    check(&set).len()
}

fn wall(c: &mut Criterion) {
    let (_, inputs) = inputs();
    let bytes: usize = inputs.iter().map(|i| i.2.len()).sum();
    eprintln!("{} files, {bytes} bytes", inputs.len());
    c.bench_function("parse whole corpus", |b| b.iter(|| parse_all(&inputs)));
    c.bench_function("parse and check whole corpus", |b| {
        b.iter(|| parse_and_check(&inputs))
    });
}

/// On-CPU time of the current thread, in nanoseconds.
struct ThreadCpu {
    wall: WallTime,
}

fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

impl Measurement for ThreadCpu {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        thread_cpu_ns().unwrap_or(0)
    }

    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns().unwrap_or(0).saturating_sub(start)
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
        self.wall.formatter()
    }
}

fn cpu(c: &mut Criterion<ThreadCpu>) {
    if thread_cpu_ns().is_none() {
        eprintln!("no /proc/thread-self/schedstat: on-CPU measurement skipped");
        return;
    }
    let (_, inputs) = inputs();
    c.bench_function("parse and check whole corpus (on-CPU time)", |b| {
        b.iter(|| parse_and_check(&inputs))
    });
}

criterion_group!(wall_time, wall);
criterion_group! {
    name = cpu_time;
    config = Criterion::default().with_measurement(ThreadCpu { wall: WallTime });
    targets = cpu
}
criterion_main!(wall_time, cpu_time);
