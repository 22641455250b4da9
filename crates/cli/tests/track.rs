//! `mafia track` as a user runs it: the bundled demo game, `--at`, the three formats, and bad
//! input that names its place.

use std::path::PathBuf;
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn mafia(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mafia"))
        .current_dir(root())
        .args(args)
        .output()
        .expect("the mafia binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A scratch file for this test process.
fn scratch(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mafia-track-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("scratch file");
    path
}

const DEMO: [&str; 4] = ["track", "demo/game.toml", "--posts", "demo/thread.jsonl"];

#[test]
fn the_readmes_first_command_prints_the_demo_status() {
    let o = mafia(&DEMO);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for expected in [
        "Demo Mafia — Night 2 (after post 46)",
        // "The game is over! The mafia has reached parity." (post 42) names the winner.
        "The game is over: Mafia won.",
        "Alive (4): Alice, Carol, Dave, Erin",
        // Ivan's lynch is posted after the Day 2 deadline: it is Day 2's death (issue 11 point 8).
        "Ivan (replacing Frank) (Day 2, post 39): a Vanilla Townie.",
        "Day 1 ended with Bob on 6 votes (Bob locked)",
        "50 % rule: 2 mafia and 2 town alive",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in\n{out}");
    }
}

#[test]
fn at_a_post_as_a_bbcode_vote_count() {
    let mut args = DEMO.to_vec();
    args.extend(["--at", "17", "--format", "bbcode"]);
    let o = mafia(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // Counted marks of Day 1 by post 17 (posts 2, 3, 4, 7, 11, 12, 13, 15, 16: Dave's
    // unbolded vote, Erin's `V:`, Hank's `Zorro` do not count; Carol's unvote at 17 is
    // refused, Bob's wagon locked at 16): the count is 1.9, and Carol's vote is still post 4.
    assert!(
        out.starts_with("[b]Demo Mafia — Vote Count 1.9[/b] (Day 1, as of post 17)\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "[b]Bob (6, majority, LOCKED):[/b] Carol (#4), Frank (#7), Dave (#11), Erin (#12), \
             Grace (#15), Hank (#16)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("Deadline (Day 1): [b]Fri 2026-03-27 23:00 CET[/b] (Fri 22:00 UTC)\n"),
        "{out}"
    );
}

#[test]
fn a_bbcode_count_for_a_mafiascum_thread_counts_down_to_the_deadline() {
    let mut args = DEMO.to_vec();
    args.extend([
        "--at",
        "17",
        "--format",
        "bbcode",
        "--thread",
        "https://forum.mafiascum.net/viewtopic.php?t=1",
        "--forum",
        "phpbb",
    ]);
    let o = mafia(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // 23:00 in Stockholm on 27 March (CET, UTC+1) is 22:00 UTC. The demo's post ids
    // (`demo-4`) are no phpBB ids, so votes keep their post numbers.
    assert!(
        out.contains(
            "Deadline (Day 1): [countdown]2026-03-27 22:00:00 UTC[/countdown] \
             (Fri 2026-03-27 23:00 CET)\n"
        ),
        "{out}"
    );
    assert!(out.contains("Carol (#4), Frank (#7)"), "{out}");
}

#[test]
fn json_output_parses() {
    let mut args = DEMO.to_vec();
    args.extend(["--at", "30", "--format", "json"]);
    let o = mafia(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(v["last_post"], 30);
    assert_eq!(v["tally"]["wagons"][0]["candidate"], "Ivan");
    assert_eq!(v["tally"]["wagons"][0]["votes"], 4);
}

#[test]
fn a_malformed_line_is_named_and_the_run_goes_on() {
    let thread = scratch(
        "broken.jsonl",
        "{\"number\": 1, \"author\": \"Alice\", \"time\": \"2026-03-26T10:30:00+01:00\", \"html\": \"<b>Vote: Bob</b>\"}\n\
         {\"number\": 2, \"author\": \n\
         {\"number\": 3, \"author\": \"Carol\", \"time\": \"2026-03-26T11:00:00+01:00\", \"html\": \"<b>Vote: Bob</div></b><p>\"}\n",
    );
    let o = mafia(&[
        "track",
        "demo/game.toml",
        "--posts",
        thread.to_str().unwrap_or_default(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("broken.jsonl:2:"), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("Bob (2, L-3): Alice, Carol"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn nothing_readable_is_an_error() {
    let thread = scratch("garbage.jsonl", "not json\nalso not json\n");
    let o = mafia(&[
        "track",
        "demo/game.toml",
        "--posts",
        thread.to_str().unwrap_or_default(),
    ]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("no post could be read"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_bad_game_file_names_line_and_column() {
    let game = scratch(
        "game.toml",
        "name = \"X\"\ngms = [\"GM\"]\nzone = \"Mars/Olympus\"\nfirst_phase = \"Day 1\"\n\
         day_length = \"48h\"\nnight_length = \"24h\"\nplayers = [\"A\"]\n",
    );
    let o = mafia(&[
        "track",
        game.to_str().unwrap_or_default(),
        "--posts",
        "demo/thread.jsonl",
    ]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("game.toml:3:8"), "{}", stderr(&o));
    assert!(stderr(&o).contains("Mars/Olympus"), "{}", stderr(&o));
}

#[test]
fn a_gm_who_never_posts_is_warned_about() {
    let text = std::fs::read_to_string(root().join("demo/game.toml")).expect("demo");
    let game = scratch(
        "typo.toml",
        &text.replace("[\"Moderator\"]", "[\"Moderatr\"]"),
    );
    let o = mafia(&[
        "track",
        game.to_str().unwrap_or_default(),
        "--posts",
        "demo/thread.jsonl",
    ]);
    assert!(o.status.success());
    assert!(
        stderr(&o).contains("GM `Moderatr` has no post"),
        "{}",
        stderr(&o)
    );
}

/// A saved forum page can be tracked directly: MTG Salvation's Unreliable Cops Mafia, page 1,
/// as of the host's vote count (post 48), which reads the same.
#[test]
fn a_saved_mtg_salvation_page_is_tracked_directly() {
    let o = mafia(&[
        "track",
        "crates/tracker/tests/games/unreliable-cops-mafia.toml",
        "--posts",
        "../shared/fixtures/threads/mtgsalvation/unreliable-cops-mafia-page.html",
        "--at",
        "48",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let out = stdout(&o);
    for expected in [
        "Unreliable Cops Mafia — Day 1 (after post 48)",
        "gentleman johnny (2, L-2): D_V, ophidia",
        "zomgarcwind (2, L-2): anaklusmos, gentleman johnny",
        "anaklusmos (1, L-3): shadowlancerx",
        "D_V (1, L-3): mete0rshower",
        "Not voting (1): zomgarcwind",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in\n{out}");
    }
}

#[test]
fn an_html_file_of_no_known_forum_is_an_error() {
    let page = scratch("notes.html", "<html><body><p>Vote Bob</p></body></html>");
    let o = mafia(&[
        "track",
        "demo/game.toml",
        "--posts",
        page.to_str().expect("utf-8 path"),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("notes.html: not a page of a known forum"),
        "{err}"
    );
}

/// Issue 11: the host's `[[corrections]]` records in the game file bring the thread to the
/// truth where the GM's words could not be read (a death in flavour text, a vote in words).
#[test]
fn corrections_in_the_game_file_are_applied_after_their_posts() {
    let game = scratch(
        "corrected.toml",
        "name = \"Corrected\"\ngms = [\"Mod\"]\nzone = \"UTC\"\nfirst_phase = \"Day 1\"\n\
         day_length = \"48h\"\nnight_length = \"24h\"\nplayers = [\"Alice\", \"Bob\", \"Carol\", \"Dave\"]\n\n\
         [[corrections]]\nat = 2\ndies = \"Dave\"\ncomment = \"wandered into the dark\"\n\n\
         [[corrections]]\nat = 3\nvote = { voter = \"Carol\", target = \"Bob\" }\n",
    );
    let thread = scratch(
        "corrected.jsonl",
        "{\"number\": 1, \"author\": \"Mod\", \"text\": \"Welcome to the village.\"}\n\
         {\"number\": 2, \"author\": \"Mod\", \"text\": \"Dave wandered into the dark. Nobody saw him again.\"}\n\
         {\"number\": 3, \"author\": \"Carol\", \"text\": \"My vote goes to the one who keeps lying, you know who.\"}\n",
    );
    let o = mafia(&[
        "track",
        game.to_str().unwrap_or_default(),
        "--posts",
        thread.to_str().unwrap_or_default(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for expected in [
        "Alive (3): Alice, Bob, Carol",
        "Dave (Day 1, post 2): wandered into the dark",
        // Three alive: majority 2, so Carol's vote leaves Bob one short.
        "Bob (1, L-1): Carol",
        "GM review: nothing to check.",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in\n{out}");
    }
}

/// The record `mafia track --help` shows is one a game file reads (its other actions are
/// comments), and it does what it says.
#[test]
fn the_help_shows_a_correction_record_that_reads() {
    let help = stdout(&mafia(&["track", "--help"]));
    let start = help.find("  [[corrections]]").expect("an example record");
    let record: String = help[start..]
        .lines()
        .map(|l| format!("{}\n", l.trim_start()))
        .collect();
    let game = scratch(
        "from-help.toml",
        &format!(
            "name = \"Help\"\ngms = [\"Mod\"]\nzone = \"UTC\"\nfirst_phase = \"Day 1\"\n\
             day_length = \"48h\"\nnight_length = \"24h\"\nplayers = [\"Alice\", \"Bob\", \"Carol\"]\n\n{record}"
        ),
    );
    let thread = scratch(
        "from-help.jsonl",
        "{\"number\": 410, \"author\": \"Mod\", \"text\": \"Bob met the rope.\"}\n",
    );
    let o = mafia(&[
        "track",
        game.to_str().unwrap_or_default(),
        "--posts",
        thread.to_str().unwrap_or_default(),
    ]);
    assert!(o.status.success(), "{}\n{record}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("Bob (Day 1, post 410): lynched Day 3"),
        "{out}"
    );
}

/// A game whose votes are cast in a separate vote thread (`--votes`): the hand-made pair of
/// threads of `crates/tracker/tests/vote-thread/`.
#[test]
fn a_vote_thread_is_merged_into_the_game_thread() {
    let dir = "crates/tracker/tests/vote-thread";
    let game = format!("{dir}/game.toml");
    let posts = format!("{dir}/game-thread.jsonl");
    let votes = format!("{dir}/vote-thread.jsonl");
    let o = mafia(&["track", &game, "--posts", &posts, "--votes", &votes]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let out = stdout(&o);
    for expected in [
        // Carol's Day 2 vote, the last post of the merged stream, is the vote thread's post 8.
        "Vote thread — Day 2 (after vote thread post 8)",
        "Dave (1, L-1): Carol",
        "Bob (Day 1, post 3)",
        // Bob, lynched, votes in the vote thread at night.
        "[vote thread post 6, Night 1]",
        // Carol votes in the game thread.
        "[post 5, Day 2] Carol voted in the game thread (`Vote: Alice`)",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in\n{out}");
    }
    // As of game post 2: the three Day 1 votes come later (12:20 and after).
    let o = mafia(&[
        "track", &game, "--posts", &posts, "--votes", &votes, "--at", "2",
    ]);
    let out = stdout(&o);
    assert!(out.contains("Vote thread — Day 1 (after post 2)"), "{out}");
    assert!(out.contains("no votes yet"), "{out}");
    // As of the host's lynch (game post 3): the three votes came before it.
    let o = mafia(&[
        "track", &game, "--posts", &posts, "--votes", &votes, "--at", "3",
    ]);
    let out = stdout(&o);
    assert!(out.contains("Night 1 (after post 3)"), "{out}");
    assert!(out.contains("Bob (Day 1, post 3)"), "{out}");
}

/// The game file may name the vote thread itself (`vote_posts`, read beside the game file):
/// the same merged game as `--votes`.
#[test]
fn the_game_file_may_name_the_vote_thread() {
    let dir = "crates/tracker/tests/vote-thread";
    let read = |name: &str| {
        let here = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
        std::fs::read_to_string(format!("{here}/{dir}/{name}")).expect("fixture")
    };
    let with_key =
        read("game.toml").replace("[rules]", "vote_posts = \"beside-votes.jsonl\"\n\n[rules]");
    let game = scratch("beside-game.toml", &with_key);
    scratch("beside-votes.jsonl", &read("vote-thread.jsonl"));
    let posts = format!("{dir}/game-thread.jsonl");
    let by_key = mafia(&[
        "track",
        game.to_str().unwrap_or_default(),
        "--posts",
        &posts,
    ]);
    assert!(by_key.status.success(), "{}", stderr(&by_key));
    let by_flag = mafia(&[
        "track",
        &format!("{dir}/game.toml"),
        "--posts",
        &posts,
        "--votes",
        &format!("{dir}/vote-thread.jsonl"),
    ]);
    let out = stdout(&by_key);
    assert!(out.contains("Dave (1, L-1): Carol"), "{out}");
    assert_eq!(out, stdout(&by_flag));
}
