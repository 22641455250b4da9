//! Parse and check the whole fixture role book (287 element files), and one file of it (the
//! largest) against the rest, from text in memory: the files are read from disk once, before
//! any measurement, so no figure includes disk reads.
//!
//! cargo bench -p mafia-roles --bench corpus
//!
//! Two measurements: wall-clock time (criterion's default), and on-CPU time of the benchmark
//! thread (its CPU clock, `CLOCK_THREAD_CPUTIME_ID`), which stays meaningful when other processes
//! share the machine's cores.

use std::path::PathBuf;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{Criterion, criterion_group, criterion_main};
use mafia_roles::check::check_files;
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

/// The index of the largest file of the book.
fn largest(inputs: &[Input]) -> usize {
    (0..inputs.len())
        .max_by_key(|&i| inputs[i].2.len())
        .expect("the book has files")
}

/// Parses file `n` again into the parsed book `set`, and checks it against the whole set (as
/// an editor does after a change to that file).
fn parse_and_check_one(set: &mut RoleSet, inputs: &[Input], n: usize) -> usize {
    let (p, d, t, k) = &inputs[n];
    set.files[n] = ParsedFile::parse(p.clone(), d.clone(), t.clone(), *k);
    check_files(set, &[n]).len() + set.files[n].diags.len()
}

fn wall(c: &mut Criterion) {
    let (_, inputs) = inputs();
    let bytes: usize = inputs.iter().map(|i| i.2.len()).sum();
    eprintln!("{} files, {bytes} bytes", inputs.len());
    c.bench_function("parse whole corpus", |b| b.iter(|| parse_all(&inputs)));
    c.bench_function("parse and check whole corpus", |b| {
        b.iter(|| parse_and_check(&inputs))
    });
    let n = largest(&inputs);
    eprintln!(
        "largest file: {} ({} bytes)",
        inputs[n].1,
        inputs[n].2.len()
    );
    let mut set = RoleSet {
        root: None,
        files: parse_all(&inputs),
    };
    c.bench_function("parse and check one file", |b| {
        b.iter(|| parse_and_check_one(&mut set, &inputs, n))
    });
}

/// On-CPU time of the current thread, in nanoseconds.
struct ThreadCpu {
    wall: WallTime,
}

fn thread_cpu_ns() -> u64 {
    // The thread's CPU clock (`CLOCK_THREAD_CPUTIME_ID`) is exact to the nanosecond;
    // `/proc/thread-self/schedstat`, used before, only advanced at scheduler events, so on a
    // quiet machine a whole iteration could read as zero time.
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    t.tv_sec.unsigned_abs() * 1_000_000_000 + t.tv_nsec.unsigned_abs()
}

impl Measurement for ThreadCpu {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        thread_cpu_ns()
    }

    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns().saturating_sub(start)
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
