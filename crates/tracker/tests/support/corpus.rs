//! The real threads the corpus tests replay, loaded as `audit_corpus.rs`,
//! `review_fixes_corpus.rs`, `mafiascum_corpus.rs` and `real_threads.rs` share them (and
//! `heldout.rs` lists its games with `threads_in`): the 100 mafiascum games
//! (`../shared/fixtures/threads/mafiascum/`, game files with the archive's misspelt and renamed
//! accounts fixed), the four TeamLiquid games and the saved MTG Salvation page, each with or
//! without its host's corrections (`tests/corpus/hosts/`). Included with
//! `#[path = "support/corpus.rs"] mod corpus;`.
#![allow(dead_code)]

use mafia_posts::import::parse_mtgsalvation_page;
use mafia_posts::{JsonlSource, Post, PostSource};
use mafia_tracker::Game;

pub const THREADS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/fixtures/threads"
);
/// The 100 mafiascum games: `games/`, `posts/` and the archive's `expected/` lynches.
pub const MAFIASCUM: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/fixtures/threads/mafiascum"
);
/// What this project adds to the fixtures as a host would: corrections and listed slips.
pub const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus");
pub const HOSTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus/hosts");

/// Account names the archive misspells, as `(thread, archive spelling, account)`: the game
/// file a host writes names the accounts that post, so the corpus tests put them in the
/// generated game file (`mafiascum_corpus.rs` also reads the archive's lynches through this
/// table). Each was checked in the thread: the account posts under that name and the GM's
/// posts use it.
pub const ACCOUNTS: &[(&str, &str, &str)] = &[
    // The moderator posts as Wake1 (62 posts, the opening post included).
    ("51535", "Wake88", "Wake1"),
    // The moderator posts as BNL (95 posts, the opening post included).
    ("65120", "BulletNLynchproof", "BNL"),
    // "saporovirus, Mafia Goon, has been lynched!" (post 681).
    ("16214", "sapovirus", "saporovirus"),
    // "Starbuckles - Vanilla Townie - Lynched Day One" (post 398).
    ("23262", "Starbunkles", "Starbuckles"),
    // "pappums rat replaced Budja replaced penpen), …": a stray parenthesis; the account
    // posts as penpen (7 posts from post 9).
    ("16769", "penpen)", "penpen"),
];

/// Players whose account was renamed: the posts' author is the new name, while the host's
/// counts and the players' votes keep the archive's (so both are needed, the account as the
/// slot's name and the archive's as its alias): `(thread, archive name, account)`. Checked in
/// the threads: no post is by the archive name, and the account posts from Day 1 on (68714:
/// Donempire, 91 posts from post 270, the host's counts write Dongempire; 17792: PJ., 115
/// posts from post 4, and TBuG, 74 posts from post 6, the counts write Panzerjager and PBuG).
const RENAMED: &[(&str, &str, &str)] = &[
    ("68714", "Dongempire", "Donempire"),
    ("17792", "Panzerjager", "PJ."),
    ("17792", "PBuG", "TBuG"),
];

/// Accounts renamed after the game, whose host's replacement line names the account as it
/// was: the saved pages show the new name as the author, so the posts get the old one back:
/// `(thread, author on the saved page, name at the time)`. 62339: "NakedJogger has replaced
/// elusive." (post 400), then FakedBlogger's first post "Your friendly neighborhood naked
/// jogger here." (401); 67506: "Wake88 replaces Skold!" (906), Wake1 posts from 907; 48071:
/// the host's counts name Wake88 from post 575, Wake1 posts from 576 ("wake is in", 579).
const AUTHORS: &[(&str, &str, &str)] = &[
    ("62339", "FakedBlogger", "NakedJogger"),
    ("67506", "Wake1", "Wake88"),
    ("48071", "Wake1", "Wake88"),
];

/// Lines of the generated game file that the host's own game file has otherwise (with the
/// hosts' corrections only): `(thread, generated line, the host's line)`, each checked in
/// the thread. 72581: the backup moderator (post 0's
/// "Backup: Human Sequencer Gamma Emerald"; "Gamma Emerald replaces Human Sequencer as backup
/// mod", post 113) begins Day 2 ("Day 2 Begins!", post 809) and posts counts (810, 883).
/// 18910: killerjester joins only on Day 2 ("killerjester replaces Protoplasm", post 293, read
/// by the tracker); as an alias from the start he made Day 1's `VOTE: Killer` (posts 3, 23,
/// 66, 121), which the host counts for killerX029, ambiguous.
const HOST_GAME_FILE: &[(&str, &str, &str)] = &[
    (
        "72581",
        "gms = [\"Ircher\"]",
        "gms = [\"Ircher\", \"Gamma Emerald\"]",
    ),
    (
        "18910",
        "{ name = \"Protoplasm\", aliases = [\"killerjester\"] },",
        "\"Protoplasm\",",
    ),
];

/// The mafiascum games' thread numbers, in order.
pub fn mafiascum_threads() -> Vec<String> {
    threads_in(MAFIASCUM)
}

/// The thread numbers of the games of a folder laid out as the mafiascum fixtures are
/// (`<dir>/games/<thread>.toml`), in order.
pub fn threads_in(dir: &str) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(format!("{dir}/games"))
        .unwrap_or_else(|e| panic!("{dir}/games: {e}"))
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".toml").map(str::to_owned)
        })
        .collect();
    out.sort_by_key(|t| t.parse::<u64>().unwrap_or(u64::MAX));
    out
}

/// Where the fixtures keep a mafiascum game's generated game file.
pub fn mafiascum_game_path(thread: &str) -> String {
    format!("{MAFIASCUM}/games/{thread}.toml")
}

/// A mafiascum game's generated game file with the account names fixed (`ACCOUNTS`), and
/// nothing else changed.
pub fn generated_game(thread: &str) -> String {
    let mut text = std::fs::read_to_string(mafiascum_game_path(thread)).expect("game file");
    for (_, from, to) in ACCOUNTS.iter().filter(|(t, _, _)| *t == thread) {
        text = text.replace(&format!("\"{from}\""), &format!("\"{to}\""));
    }
    text
}

/// The game file with the account names fixed, the renamed accounts named, and without
/// aliases that repeat their own slot's name (48071), as a host would write it.
fn mafiascum_game(thread: &str, corrected: bool) -> String {
    let path = mafiascum_game_path(thread);
    let mut text = generated_game(thread);
    if corrected {
        text.push_str(&host_corrections(thread));
        for (_, generated, host) in HOST_GAME_FILE.iter().filter(|(t, _, _)| *t == thread) {
            text = text.replace(generated, host);
        }
    }
    for (_, from, to) in RENAMED.iter().filter(|(t, _, _)| *t == thread) {
        // A bare player (`  "Dongempire",`) or the slot's name before its aliases.
        text = text
            .replace(
                &format!("  \"{from}\","),
                &format!("  {{ name = \"{to}\", aliases = [\"{from}\"] }},"),
            )
            .replace(
                &format!("{{ name = \"{from}\", aliases = ["),
                &format!("{{ name = \"{to}\", aliases = [\"{from}\", "),
            );
    }
    if Game::parse(&text, &path).is_ok() {
        return text;
    }
    let text = without_own_name_aliases(&text);
    Game::parse(&text, &path).expect("repaired game file");
    text
}

/// The game file without aliases that repeat their own slot's name: the generator writes
/// `{ name = "A", aliases = ["B", "A"] }` when A was replaced by B and came back (48071), and
/// a game file must not name anyone twice. A host would write `aliases = ["B"]`.
pub fn without_own_name_aliases(text: &str) -> String {
    let mut value: toml::Table = text.parse().expect("game file is TOML");
    if let Some(toml::Value::Array(players)) = value.get_mut("players") {
        for p in players.iter_mut().filter_map(|p| p.as_table_mut()) {
            let name = p.get("name").and_then(|n| n.as_str()).map(str::to_owned);
            if let (Some(name), Some(toml::Value::Array(aliases))) = (name, p.get_mut("aliases")) {
                aliases.retain(|a| a.as_str() != Some(name.as_str()));
            }
        }
    }
    toml::to_string(&value).expect("TOML")
}

/// The `[[corrections]]` the host of a thread would add to its game file to bring the
/// tracker to the truth (issue 11, point 3): `tests/corpus/hosts/<label>.toml`, the label's
/// `/` written `-`. Each record's comment names the post that shows it is true (the archive's
/// replacement, the voter's post, the host's own count), so a reader can check it by hand.
fn host_corrections(label: &str) -> String {
    let file = format!("{HOSTS}/{}.toml", label.replace('/', "-"));
    match std::fs::read_to_string(file) {
        Ok(text) => format!("\n{text}"),
        Err(_) => String::new(),
    }
}

/// A game file with its host's corrections appended.
fn corrected(text: &str, label: &str) -> String {
    format!("{text}{}", host_corrections(label))
}

/// The posts of a JSON Lines thread under `THREADS`, normalised; every line readable.
pub fn jsonl(path: &str) -> Vec<Post> {
    let mut source = JsonlSource::open(format!("{THREADS}/{path}")).expect("posts file");
    let batch = source.read().expect("readable");
    assert!(
        batch.problems.is_empty(),
        "{path}: unreadable lines {:?}",
        batch.problems
    );
    batch.normalised()
}

/// A mafiascum game's posts as the forum's pages show them (authors as saved), normalised.
pub fn mafiascum_posts(thread: &str) -> Vec<Post> {
    jsonl(&format!("mafiascum/posts/{thread}.jsonl"))
}

/// The 50 posts of the saved MTG Salvation page (Unreliable Cops Mafia, page 1), imported
/// and normalised; every post readable.
pub fn mtgsalvation_posts() -> Vec<Post> {
    let path = format!("{THREADS}/mtgsalvation/unreliable-cops-mafia-page.html");
    let html = std::fs::read_to_string(&path).expect("page");
    let page = parse_mtgsalvation_page(&html).expect("an MTG Salvation page");
    assert!(page.problems.is_empty(), "{:?}", page.problems);
    page.posts.iter().map(|p| p.normalise()).collect()
}

/// The game files of the TeamLiquid and MTG Salvation threads (Hammertime's is written here).
pub const STUDENT_MAFIA_V: &str = include_str!("../games/student-mafia-v.toml");
pub const THE_VOID: &str = include_str!("../games/the-void-mafia.toml");
pub const LINUX: &str = include_str!("../games/linux-mafia.toml");
pub const UNRELIABLE_COPS: &str = include_str!("../games/unreliable-cops-mafia.toml");

pub const HAMMERTIME: &str = r#"
name = "Hammertime Mafia"
gms = ["Artanis[Xp]", "LightningStrike", "Trfel", "Cephiro"]
zone = "UTC"
first_phase = "Day 1"
day_length = "48h"
night_length = "24h"
players = ["Half the Sky", "Eden1892", "Palmar", "IAmRobik", "GlowingBear", "VisceraEyes", "Onegu", "liancourt", "Toadesstern"]
[rules]
votes = ["bot"]
majority = "hammer"
"#;

/// One thread of the corpus: its label, its game file's text (which parses) and its posts.
pub struct Thread {
    pub label: String,
    pub text: String,
    pub posts: Vec<Post>,
}

impl Thread {
    fn new(label: &str, text: String, posts: Vec<Post>) -> Thread {
        Thread {
            label: label.to_string(),
            text,
            posts,
        }
    }

    /// The game file, parsed.
    pub fn game(&self) -> Game {
        Game::parse(&self.text, &self.label).expect("the corpus game file parses")
    }
}

/// Every thread: its label, game and posts; `corrected`: with its host's corrections.
pub fn threads(corrected_games: bool) -> Vec<(String, Game, Vec<Post>)> {
    thread_texts(corrected_games)
        .into_iter()
        .map(|t| (t.game(), t))
        .map(|(game, t)| (t.label, game, t.posts))
        .collect()
}

/// Every thread with its game file's text; `corrected`: with its host's corrections.
pub fn thread_texts(corrected_games: bool) -> Vec<Thread> {
    let fix = |text: &str, label: &str| {
        if corrected_games {
            corrected(text, label)
        } else {
            text.to_string()
        }
    };
    let mut out = Vec::new();
    for t in mafiascum_threads() {
        let mut posts = mafiascum_posts(&t);
        for (_, saved, then) in AUTHORS.iter().filter(|(thread, _, _)| *thread == t) {
            for p in posts.iter_mut().filter(|p| p.author == *saved) {
                p.author = then.to_string();
            }
        }
        out.push(Thread::new(&t, mafiascum_game(&t, corrected_games), posts));
    }
    out.push(Thread::new(
        "teamliquid/hammertime",
        fix(HAMMERTIME, "teamliquid/hammertime"),
        jsonl("teamliquid/hammertime-mafia.jsonl"),
    ));
    out.push(Thread::new(
        "teamliquid/student-mafia-v",
        fix(STUDENT_MAFIA_V, "teamliquid/student-mafia-v"),
        jsonl("teamliquid/student-mafia-v.jsonl"),
    ));
    out.push(Thread::new(
        "teamliquid/the-void (vote thread)",
        THE_VOID.to_string(),
        jsonl("teamliquid/the-void-mafia.jsonl"),
    ));
    out.push(Thread::new(
        "teamliquid/linux (vote thread)",
        LINUX.to_string(),
        jsonl("teamliquid/linux-mafia.jsonl"),
    ));
    out.push(Thread::new(
        "mtgsalvation/unreliable-cops",
        fix(UNRELIABLE_COPS, "mtgsalvation/unreliable-cops"),
        mtgsalvation_posts(),
    ));
    out
}
