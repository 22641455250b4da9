//! The public pages and the JSON API, as a visitor sees them.

mod common;

use axum::http::StatusCode;
use common::Site;
use serde_json::Value;

/// A day-one game with no fixed schedule: Day 1 runs until the GM says otherwise.
const GAME: &str = r#"
name = "Test Mafia"
gms = ["Mod"]
zone = "UTC"
first_phase = "Day 1"
day_length = "48h"
night_length = "24h"
players = [
    { name = "Alice" },
    { name = "Bob" },
    { name = "Carol" },
    { name = "Dave" },
    { name = "Erin" },
]
[rules]
votes = ["bot", "bold"]
majority = "lock"
"#;

fn site_with_votes() -> Site {
    let site = Site::new();
    site.game(
        "test",
        GAME,
        &[
            ("Mod", "It is now Day 1."),
            ("Alice", "Hello town. <b>Vote: Bob</b>"),
            ("Bob", "Why me? ##vote Alice"),
            ("Carol", "Agreed, <b>Vote: Bob</b>"),
            ("Dave", "<b>Vote: Bobb</b> with a typo"),
            ("Alice", "Carol seems fine to me."),
        ],
    );
    site
}

#[tokio::test]
async fn the_status_page_shows_the_tally_with_voters_and_l_minus_n() {
    let site = site_with_votes();
    let page = site.get("/g/test").await;
    assert_eq!(page.status, StatusCode::OK);
    let body = page.body;
    // 5 alive: majority 3. Bob has Alice, Carol and Dave (near miss `Bobb`): 3 votes.
    assert!(body.contains("5 alive, majority 3"), "{body}");
    assert!(body.contains("Alice, Carol, Dave"), "{body}");
    assert!(body.contains("3, majority"), "{body}");
    // Alice has Bob's vote: one vote, two short of majority.
    assert!(body.contains("1, L-2"), "{body}");
    assert!(body.contains("Not voting: Erin"), "{body}");
}

#[tokio::test]
async fn the_vote_count_as_of_an_earlier_post_leaves_later_posts_out() {
    let site = site_with_votes();
    let json: Value = serde_json::from_str(&site.get("/api/games/test?at=3").await.body).unwrap();
    let wagons = &json["tally"]["wagons"];
    // After post 3: Bob (Alice) and Alice (Bob), one vote each.
    assert_eq!(wagons.as_array().unwrap().len(), 2);
    assert_eq!(wagons[0]["candidate"], "Bob");
    assert_eq!(wagons[0]["voters"], serde_json::json!(["Alice"]));
    assert_eq!(wagons[1]["candidate"], "Alice");
    let page = site.get("/g/test?at=3").await.body;
    assert!(page.contains("As of post 3"), "{page}");
    assert!(!page.contains("Alice, Carol"), "{page}");
}

#[tokio::test]
async fn vote_history_groups_marks_by_voter_with_links_to_the_posts() {
    let site = site_with_votes();
    let page = site.get("/g/test/votes").await.body;
    assert!(page.contains("<h2>Dave</h2>"), "{page}");
    assert!(page.contains("href=\"/g/test/posts#p5\""), "{page}");
    assert!(page.contains("vote for Bob (written `Bobb`)"), "{page}");
    let json: Value = serde_json::from_str(&site.get("/api/games/test/votes").await.body).unwrap();
    let voters: Vec<&str> = json
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["voter"].as_str().unwrap())
        .collect();
    assert_eq!(voters, ["Alice", "Bob", "Carol", "Dave"]);
}

#[tokio::test]
async fn activity_counts_posts_and_words_per_phase() {
    let site = site_with_votes();
    let json: Value =
        serde_json::from_str(&site.get("/api/games/test/activity").await.body).unwrap();
    let alice = json
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["author"] == "Alice")
        .unwrap();
    // "Hello town. Vote: Bob" (4 words) + "Carol seems fine to me." (5 words).
    assert_eq!(alice["phase"]["kind"], "day");
    assert_eq!(
        (alice["posts"].as_u64(), alice["words"].as_u64()),
        (Some(2), Some(9))
    );
    let page = site.get("/g/test/activity").await.body;
    assert!(page.contains("<h2>Day 1</h2>"), "{page}");
}

#[tokio::test]
async fn a_players_posts_are_shown_alone() {
    let site = site_with_votes();
    let page = site.get("/g/test/player/alice").await.body;
    assert!(page.contains("2 posts"), "{page}");
    assert!(page.contains("Carol seems fine to me."), "{page}");
    assert!(!page.contains("Why me?"), "{page}");
    let json: Value =
        serde_json::from_str(&site.get("/api/games/test/players/Alice/posts").await.body).unwrap();
    assert_eq!(json.as_array().unwrap().len(), 2);
    assert_eq!(
        json[1]["lines"],
        serde_json::json!(["Carol seems fine to me."])
    );
}

#[tokio::test]
async fn the_games_list_names_every_game_and_its_phase() {
    let site = site_with_votes();
    let page = site.get("/").await.body;
    assert!(page.contains("href=\"/g/test\">Test Mafia</a>"), "{page}");
    assert!(page.contains("Day 1"), "{page}");
    let json: Value = serde_json::from_str(&site.get("/api/games").await.body).unwrap();
    assert_eq!(json[0]["slug"], "test");
    assert_eq!(json[0]["posts"], 6);
}

#[tokio::test]
async fn an_unknown_game_is_a_404_page() {
    let site = Site::new();
    let reply = site.get("/g/nope").await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert!(reply.body.contains("no game `nope`"));
    assert_eq!(
        site.get("/api/games/nope").await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn a_broken_game_file_is_reported_not_crashed_on() {
    let site = Site::new();
    site.game("broken", "name = ", &[("Mod", "hi")]);
    let page = site.get("/g/broken").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("The game file cannot be used"),
        "{}",
        page.body
    );
    assert!(site.get("/").await.body.contains("game file has errors"));
}

/// Every page, fed hostile names, comments and post text, shows them as text.
#[tokio::test]
async fn user_written_strings_are_escaped_on_every_page() {
    let site = Site::new();
    let hostile = r#"
name = "<script>alert('game')</script>"
gms = ["<script>gm</script>"]
zone = "UTC"
first_phase = "Day 1"
day_length = "48h"
night_length = "24h"
players = [
    { name = "<script>alert(1)</script>" },
    { name = "Bob<img src=x onerror=alert(2)>" },
    { name = "Carol" },
]
"#;
    site.game(
        "evil",
        hostile,
        &[
            ("<script>gm</script>", "It is now Day 1."),
            ("Carol", "&lt;script&gt;alert(3)&lt;/script&gt; <b>Vote: &lt;script&gt;alert(1)&lt;/script&gt;</b>"),
            (
                "<script>gm</script>",
                "Carol has died. She was &lt;script&gt;alert(4)&lt;/script&gt; the comment.",
            ),
        ],
    );
    // The death really was read, with its hostile comment.
    let status: Value = serde_json::from_str(&site.get("/api/games/evil").await.body).unwrap();
    assert!(
        status["dead"][0]["comment"]
            .as_str()
            .unwrap()
            .contains("<script>alert(4)"),
        "{status}"
    );
    site.store.add_user("gm", "pw").unwrap();
    let (session, _) = site.log_in("gm", "pw").await;
    let pages = [
        "/",
        "/g/evil",
        "/g/evil?at=2",
        "/g/evil/votes",
        "/g/evil/activity",
        "/g/evil/posts",
        "/g/evil/player/%3Cscript%3Ealert(1)%3C%2Fscript%3E",
        "/g/evil/player/Carol",
        "/gm",
        "/gm/g/evil",
    ];
    for uri in pages {
        let reply = site.get_with_cookie(uri, Some(&session)).await;
        assert_eq!(reply.status, StatusCode::OK, "{uri}");
        let body = reply.body.to_lowercase();
        assert!(
            !body.contains("<script"),
            "{uri} shows a raw script tag:\n{}",
            reply.body
        );
        assert!(!body.contains("<img"), "{uri} shows a raw img tag");
    }
    let posts = site.get("/g/evil/posts").await.body;
    assert!(
        posts.contains("&lt;script&gt;alert(3)&lt;/script&gt;"),
        "{posts}"
    );
}

#[tokio::test]
async fn the_status_page_lists_the_phase_deadline_and_the_next_three_deadlines() {
    let site = Site::new();
    let scheduled = GAME.replace(
        "day_length",
        "first_deadline = \"2026-03-20 21:00\"\nday_length",
    );
    // The first post is on Friday 2026-03-20 at 09:46 UTC, before the Day 1 deadline.
    site.game("sched", &scheduled, &[("Mod", "Day 1 starts.")]);
    let page = site.get("/g/sched").await.body;
    // Each time is a <time> element (issue 14, point 7: UTC on hover); here the host's zone
    // is UTC itself.
    let at = |utc: &str, shown: &str| {
        format!(
            "<time datetime=\"{utc}:00Z\" title=\"{} UTC\">{shown}</time>",
            utc.replace('T', " ")
        )
    };
    let day1 = at("2026-03-20T21:00", "Fri 2026-03-20 21:00 UTC");
    assert!(page.contains(&format!("ends {day1}")), "{page}");
    assert!(page.contains(&format!("<li>Day 1 ends {day1}")), "{page}");
    let night1 = at("2026-03-21T21:00", "Sat 2026-03-21 21:00 UTC");
    assert!(
        page.contains(&format!("<li>Night 1 ends {night1}")),
        "{page}"
    );
    let day2 = at("2026-03-23T21:00", "Mon 2026-03-23 21:00 UTC");
    assert!(page.contains(&format!("<li>Day 2 ends {day2}")), "{page}");
    // Those deadlines are long past on the machine's clock.
    assert!(page.contains("(passed)"), "{page}");
}

#[tokio::test]
async fn a_plurality_game_names_who_is_set_to_be_lynched_without_l_minus_n() {
    // Plurality: the most votes at the deadline lynch, so L-n means nothing. Bob has Alice
    // and Carol (2), Alice has Bob (1): Bob is set to be lynched.
    let site = Site::new();
    site.game(
        "plural",
        &GAME.replace(r#"majority = "lock""#, r#"majority = "plurality""#),
        &[
            ("Mod", "It is now Day 1."),
            ("Alice", "<b>Vote: Bob</b>"),
            ("Bob", "##vote Alice"),
            ("Carol", "<b>Vote: Bob</b>"),
        ],
    );
    let body = site.get("/g/plural").await.body;
    assert!(
        body.contains("5 alive, the most votes at the deadline lynch"),
        "{body}"
    );
    assert!(
        body.contains("Set to be lynched: <strong>Bob</strong>"),
        "{body}"
    );
    assert!(!body.contains("L-"), "{body}");
    assert!(!body.contains("majority 3"), "{body}");
}
