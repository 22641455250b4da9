//! Writes the benchmark's generated thread as JSON Lines, and its game file, for timing
//! `mafia track` end to end:
//!
//! `cargo run --release -p mafia-tracker --example gen_thread -- 100000 /tmp/synthetic`
//! writes `/tmp/synthetic.jsonl` and `/tmp/synthetic.toml`.

#[path = "../benches/synthetic.rs"]
mod synthetic;

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let base = args.next().unwrap_or_else(|| "synthetic".to_string());
    std::fs::write(format!("{base}.jsonl"), synthetic::jsonl(n))?;
    std::fs::write(format!("{base}.toml"), synthetic::GAME)
}
