//! A generated game thread for the benchmark and for `examples/gen_thread.rs`: a realistic
//! mix of chatter, votes in every syntax, night posts, spectators and GM posts with deaths,
//! resurrections and phase announcements. Deterministic (a fixed-seed generator).
#![allow(dead_code)]

use jiff::Timestamp;
use mafia_posts::{Body, Line, Post, Span, SpanKind};

pub const PLAYERS: &[&str] = &[
    "Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Hank", "Ivy", "Jack", "Kate",
    "Liam", "Mona", "Nate", "Olga", "Pete",
];

/// The game file of the generated thread (Stockholm time, 48h days, 24h nights).
pub const GAME: &str = r#"
name = "Synthetic"
gms = ["Host"]
zone = "Europe/Stockholm"
first_phase = "Day 1"
first_deadline = "2026-01-03 21:00"
day_length = "48h"
night_length = "24h"
players = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Hank", "Ivy", "Jack", "Kate", "Liam", "Mona", "Nate", "Olga", "Pete"]

[rules]
activity_min_posts = 3
"#;

const CHATTER: &[&str] = &[
    "I still think the quiet players are the problem here, look at the last page.",
    "That is a weird thing to say about Carol, can you explain why you changed your mind?",
    "Not much time today, will catch up tonight and post a proper read list.",
    "Bob's vote on Erin came out of nowhere and nobody followed it, which is telling.",
    "If the cop is alive they should think hard about whether to claim now.",
    "lol",
    "Can we please focus on the wagon instead of arguing about the last lynch?",
    "My reads: town Alice, Hank, Ivy; scum lean Dave, Pete; null on everyone else.",
];

/// One post as plain parts: author, seconds since the start, and lines of `(text, bold)`.
pub struct Draft {
    pub number: u64,
    pub author: String,
    pub seconds: i64,
    pub lines: Vec<Vec<(String, bool)>>,
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Generates `n` posts, 45 seconds apart on average, starting 2026-01-02 12:00 UTC.
pub fn drafts(n: usize) -> Vec<Draft> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut dead: Vec<usize> = Vec::new();
    let mut seconds = 0i64;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        // Nights are quiet (players are not to post): posts come about eight times slower.
        let gap = 20 + rng.below(50) as i64;
        seconds += if is_night(seconds) { gap * 8 } else { gap };
        let roll = rng.below(100);
        let chat = |rng: &mut Rng| (CHATTER[rng.below(CHATTER.len())].to_string(), false);
        let (author, lines): (String, Vec<Vec<(String, bool)>>) = if roll < 5 {
            // GM: mostly chatter; now and then a death or a resurrection.
            let mut lines = vec![vec![(
                "Reminder: keep the thread civil, and remember the deadline.".to_string(),
                false,
            )]];
            if i % 5000 == 4999 && dead.len() < 8 {
                let victim = rng.below(PLAYERS.len());
                if !dead.contains(&victim) {
                    dead.push(victim);
                    lines.push(vec![(
                        format!("{} has died. They were a Vanilla Townie.", PLAYERS[victim]),
                        false,
                    )]);
                }
            } else if i % 7000 == 6999 {
                if let Some(back) = dead.pop() {
                    lines.push(vec![(format!("##RESURRECT {}", PLAYERS[back]), false)]);
                }
            }
            ("Host".to_string(), lines)
        } else if roll < 7 {
            ("Spectator".to_string(), vec![vec![chat(&mut rng)]])
        } else {
            let author = PLAYERS[rng.below(PLAYERS.len())].to_string();
            let mut lines: Vec<Vec<(String, bool)>> = (0..1 + rng.below(3))
                .map(|_| vec![chat(&mut rng)])
                .collect();
            if roll < 25 {
                let target = PLAYERS[rng.below(PLAYERS.len())];
                let vote = match rng.below(5) {
                    0 => vec![(format!("##vote {target}"), false)],
                    1 => vec![("##unvote".to_string(), false)],
                    2 => vec![(format!("Vote: {target}"), false)],
                    _ => vec![
                        ("Finally: ".to_string(), false),
                        (format!("Vote: {target}"), true),
                    ],
                };
                lines.push(vote);
            }
            (author, lines)
        };
        out.push(Draft {
            number: i as u64 + 1,
            author,
            seconds,
            lines,
        });
    }
    out
}

/// Whether `seconds` after the start falls in a night of the game file's schedule: Day 1
/// ends 2026-01-03 20:00 UTC (21:00 in Stockholm), then 24 h nights and 48 h days (January,
/// no DST change).
fn is_night(seconds: i64) -> bool {
    const FIRST_NIGHT: i64 = 32 * 3600; // 2026-01-02 12:00 UTC + 32 h
    const CYCLE: i64 = 72 * 3600;
    seconds >= FIRST_NIGHT && (seconds - FIRST_NIGHT) % CYCLE < 24 * 3600
}

fn start() -> Timestamp {
    "2026-01-02T12:00:00Z".parse().expect("valid start")
}

/// The drafts as normalised posts.
pub fn posts(n: usize) -> Vec<Post> {
    let start = start();
    drafts(n)
        .into_iter()
        .map(|d| Post {
            id: format!("s{}", d.number),
            number: d.number,
            time: start
                .checked_add(jiff::SignedDuration::from_secs(d.seconds))
                .ok(),
            author: d.author,
            edited: None,
            body: Body {
                lines: d
                    .lines
                    .into_iter()
                    .map(|parts| {
                        let mut line = Line::default();
                        for (text, bold) in parts {
                            let begin = line.text.len();
                            line.text.push_str(&text);
                            if bold {
                                line.spans.push(Span {
                                    range: begin..line.text.len(),
                                    kind: SpanKind::Bold,
                                });
                            }
                        }
                        line
                    })
                    .collect(),
            },
        })
        .collect()
}

/// The drafts as JSON Lines with HTML bodies (for timing `mafia track` end to end).
pub fn jsonl(n: usize) -> String {
    let start = start();
    let mut out = String::new();
    for d in drafts(n) {
        let html: String = d
            .lines
            .iter()
            .map(|parts| {
                let inner: String = parts
                    .iter()
                    .map(|(t, bold)| {
                        if *bold {
                            format!("<b>{t}</b>")
                        } else {
                            t.clone()
                        }
                    })
                    .collect();
                format!("<p>{inner}</p>")
            })
            .collect();
        let time = start
            .checked_add(jiff::SignedDuration::from_secs(d.seconds))
            .map(|t| t.to_string())
            .unwrap_or_default();
        let record = serde_json::json!({
            "id": format!("s{}", d.number),
            "number": d.number,
            "author": d.author,
            "time": time,
            "html": html,
        });
        out.push_str(&record.to_string());
        out.push('\n');
    }
    out
}
