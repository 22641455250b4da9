//! WWR games played on the web (issue 15, point 1), through the routes: the demo game
//! `demo/wwr/five.toml` (Alice Fortune Teller, Bob Witch, Carol Huntress, Dave Citizen, Eve
//! Wolf) created on the dashboard, played by its players' links and its host to a town win,
//! with the moves of the README walkthrough (its D0 line, then `demo/wwr/five.script`).

mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;

use axum::http::StatusCode;
use common::{Reply, Site, named_links};
use tower::ServiceExt;

const SEATS: [&str; 5] = ["Alice", "Bob", "Carol", "Dave", "Eve"];

/// A service whose WWR setups are the demo folder, on a SQLite file that outlives restarts.
struct Play {
    site: Site,
    db: String,
    session: String,
    csrf: String,
    /// Each seat's link (`/w/five/p/<token>`), from the page shown when the game was made.
    links: BTreeMap<String, String>,
    _dir: tempfile::TempDir,
}

fn wwr_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../demo/wwr"))
}

/// The player links of a links page, in seat order.
fn links_of(page: &str, slug: &str) -> Vec<String> {
    named_links(page, slug)
        .into_iter()
        .map(|(_, l)| l)
        .collect()
}

impl Play {
    /// The GM `Mod` creates the game `five` from `five.toml` on the dashboard.
    async fn new() -> Play {
        Play::of("five.toml", &SEATS).await
    }

    /// The same with another setup of the demo folder and its players in seat order.
    async fn of(setup: &str, seats: &[&str]) -> Play {
        let dir = tempfile::tempdir().expect("temporary directory");
        let db = dir.path().join("wwr.db").display().to_string();
        let site = Site::wwr_on(&db, &wwr_dir());
        site.store.add_user("Mod", "correct horse").unwrap();
        let (session, csrf) = site.log_in("Mod", "correct horse").await;
        let dashboard = site.get_with_cookie("/gm", Some(&session)).await;
        assert!(
            dashboard.body.contains("New WWR game"),
            "{}",
            dashboard.body
        );
        assert!(dashboard.body.contains("five.toml"), "{}", dashboard.body);
        let made = site
            .post_form(
                "/gm/wwr",
                Some(&session),
                &[("game", "five"), ("setup", setup), ("csrf", &csrf)],
            )
            .await;
        assert_eq!(made.status, StatusCode::OK, "{}", made.body);
        let links = named_links(&made.body, "five");
        let mut names: Vec<&str> = links.iter().map(|(n, _)| n.as_str()).collect();
        names.sort();
        let mut expected = seats.to_vec();
        expected.sort();
        assert_eq!(names, expected, "{}", made.body);
        Play {
            site,
            db,
            session,
            csrf,
            links: links.into_iter().collect(),
            _dir: dir,
        }
    }

    async fn page(&self, who: &str) -> String {
        let reply = self.site.get(&self.links[who]).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
        reply.body
    }

    /// A player sends a form from their page; it is redirected back to the page.
    async fn send(&self, who: &str, fields: &[(&str, &str)]) -> Reply {
        let reply = self.site.post_form(&self.links[who], None, fields).await;
        assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
        assert_eq!(reply.location.as_deref(), Some(self.links[who].as_str()));
        reply
    }

    async fn target(&self, who: &str, trigger: &str, target: &str) {
        self.send(
            who,
            &[("kind", "use"), ("trigger", trigger), ("selection", target)],
        )
        .await;
    }

    async fn vote(&self, who: &str, poll: &str, choice: &str) {
        self.send(who, &[("kind", "vote"), ("poll", poll), ("choice", choice)])
            .await;
    }

    async fn host(&self, fields: &[(&str, &str)]) -> Reply {
        let mut all = fields.to_vec();
        all.push(("csrf", &self.csrf));
        self.site
            .post_form("/w/five/host", Some(&self.session), &all)
            .await
    }

    async fn end_phase(&self) {
        let reply = self.host(&[("action", "next")]).await;
        assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    }

    async fn public(&self) -> String {
        self.site.get("/w/five").await.body
    }

    async fn host_page(&self) -> String {
        let reply = self
            .site
            .get_with_cookie("/w/five/host", Some(&self.session))
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
        reply.body
    }

    /// A new service on the same database file: nothing kept in memory.
    fn restart(&mut self) {
        self.site = Site::wwr_on(&self.db, &wwr_dir());
    }
}

/// The channel a player writes in under the heading `title` on their page (its say form).
fn channel_titled(page: &str, title: &str) -> Option<String> {
    let section = &page[page.find(&format!("<h3>{title}</h3>"))?..];
    let section = &section[..section.find("</section>")?];
    let at = section.find("name=\"channel\" value=\"")? + "name=\"channel\" value=\"".len();
    Some(section[at..at + section[at..].find('"')?].to_owned())
}

/// Eve's pack channel, from her page.
fn pack_channel(eve: &str) -> String {
    channel_titled(eve, "#Wolfpack").unwrap_or_else(|| panic!("Eve writes to the pack: {eve}"))
}

#[tokio::test]
async fn the_demo_game_is_played_through_the_pages_to_a_town_win() {
    let play = Play::new().await;
    // Each player sees their own role card, and nobody else's role.
    let eve = play.page("Eve").await;
    assert!(eve.contains("Your role: Wolf"), "{eve}");
    let alice = play.page("Alice").await;
    assert!(alice.contains("Your role: Fortune Teller"), "{alice}");
    assert!(
        alice.contains("check one player’s role"),
        "the card's text: {alice}"
    );
    assert!(!alice.contains("Wolf"), "{alice}");
    assert!(play.public().await.contains("D0"));

    // D0: the Huntress is prompted and aims at Eve.
    let carol = play.page("Carol").await;
    assert!(
        carol.contains("name=\"trigger\" value=\"Immediate\""),
        "{carol}"
    );
    play.target("Carol", "Immediate", "Eve").await;
    assert!(play.page("Carol").await.contains("Your target is now Eve."));
    // A night ability by day is refused, and Alice is told why.
    play.target("Alice", "Immediate Night", "Eve").await;
    let alice = play.page("Alice").await;
    assert!(alice.contains("Your last action was refused"), "{alice}");
    assert!(alice.contains("can only be used at night"), "{alice}");

    play.end_phase().await;
    assert!(play.public().await.contains("N1"));

    // N1: only the wolf sees the Wolfpack poll and its channel.
    let eve = play.page("Eve").await;
    assert!(eve.contains("Wolfpack"), "{eve}");
    let pack = pack_channel(&eve);
    assert!(!play.page("Alice").await.contains("Wolfpack"));
    play.target("Alice", "Immediate Night", "Eve").await;
    play.send(
        "Eve",
        &[
            ("kind", "say"),
            ("channel", &pack),
            ("text", "Dave tonight"),
        ],
    )
    .await;
    play.target("Bob", "Immediate Night", "Dave").await;
    play.vote("Eve", "Wolfpack", "Dave").await;
    let alice = play.page("Alice").await;
    assert!(alice.contains("Role Investigate Eve"), "{alice}");
    assert!(!alice.contains("Your last action was refused"), "{alice}");
    assert!(play.page("Eve").await.contains("Dave tonight"));
    assert!(!play.page("Alice").await.contains("Dave tonight"));
    assert!(!play.public().await.contains("Dave tonight"));

    play.end_phase().await;
    let public = play.public().await;
    assert!(public.contains("D1"), "{public}");
    assert!(
        public.contains("Living (5)"),
        "the Witch saved Dave: {public}"
    );

    // D1: the town lynches Eve; the public page shows the tally as it grows.
    play.vote("Alice", "Lynch", "Eve").await;
    play.vote("Bob", "Lynch", "Eve").await;
    let public = play.public().await;
    assert!(public.contains("<b>Eve</b> — 2"), "{public}");
    play.vote("Dave", "Lynch", "Eve").await;
    play.vote("Eve", "Lynch", "Alice").await;
    play.end_phase().await;
    let public = play.public().await;
    assert!(public.contains("Townsfolk won"), "{public}");
    assert!(public.contains("Eve — Wolf"), "{public}");
    assert!(play.host_page().await.contains("Townsfolk won"));
    assert!(play.page("Dave").await.contains("Nothing to do now."));
}

#[tokio::test]
async fn a_players_link_shows_only_their_own_role_channel_and_prompts() {
    let play = Play::new().await;
    play.end_phase().await;
    // N1: Eve's pack channel and poll, Bob's Witch prompt.
    let eve = play.page("Eve").await;
    let pack = pack_channel(&eve);
    play.send(
        "Eve",
        &[("kind", "say"), ("channel", &pack), ("text", "secret plan")],
    )
    .await;
    for other in ["Alice", "Bob", "Carol", "Dave"] {
        let page = play.page(other).await;
        assert!(!page.contains("secret plan"), "{other}: {page}");
        assert!(!page.contains("Wolfpack"), "{other}: {page}");
        assert!(!page.contains("Your role: Wolf"), "{other}: {page}");
    }
    // Alice cannot write in the pack's channel by sending its name.
    play.send(
        "Alice",
        &[("kind", "say"), ("channel", &pack), ("text", "let me in")],
    )
    .await;
    assert!(!play.page("Eve").await.contains("let me in"));
    assert!(
        play.page("Alice")
            .await
            .contains("Your last action was refused")
    );
    // A made-up, shortened or replaced token is a 404 that names no part.
    for bad in [
        "/w/five/p/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA".to_owned(),
        play.links["Eve"][..play.links["Eve"].len() - 1].to_owned(),
        "/w/nosuchgame/p/x".to_owned(),
    ] {
        let reply = play.site.get(&bad).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{bad}");
        assert!(
            reply.body.contains("this link is not valid"),
            "{}",
            reply.body
        );
        let sent = play.site.post_form(&bad, None, &[("kind", "vote")]).await;
        assert_eq!(sent.status, StatusCode::NOT_FOUND, "{bad}");
    }
}

#[tokio::test]
async fn a_player_cannot_act_as_another_by_editing_the_form() {
    let play = Play::new().await;
    play.end_phase().await;
    // Alice's form names Eve as the player and votes in the Wolfpack poll: the vote is
    // Alice's, and she has no vote there.
    play.send(
        "Alice",
        &[
            ("kind", "vote"),
            ("player", "Eve"),
            ("poll", "Wolfpack"),
            ("choice", "Dave"),
        ],
    )
    .await;
    let eve = play.page("Eve").await;
    assert!(!eve.contains("Eve votes Dave"), "{eve}");
    assert!(
        play.page("Alice")
            .await
            .contains("Your last action was refused")
    );
    let host = play.host_page().await;
    assert!(
        host.contains("<b>Alice</b>: "),
        "the refusal is Alice's: {host}"
    );
}

const HOSTILE: [&str; 4] = [
    "<script>alert(1)</script>",
    "\"><img src=x onerror=alert(2)>",
    "{{7*7}}",
    "\u{202e}evil\u{202c} mark",
];

#[tokio::test]
async fn hostile_text_and_names_are_escaped_on_every_page() {
    let mut hostile: Vec<String> = HOSTILE.iter().map(|s| s.to_string()).collect();
    hostile.push("x".repeat(20_000));
    let play = Play::new().await;
    play.end_phase().await;
    let eve = play.page("Eve").await;
    let pack = pack_channel(&eve);
    for text in &hostile {
        play.send(
            "Eve",
            &[("kind", "say"), ("channel", &pack), ("text", text)],
        )
        .await;
    }
    // A player named with hostile text replaces Dave.
    let reply = play
        .host(&[("action", "replace"), ("seat", "3"), ("name", HOSTILE[1])])
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let new_dave = links_of(&reply.body, "five").remove(0);
    let pages = [
        play.page("Eve").await,
        play.host_page().await,
        play.public().await,
        play.site.get(&new_dave).await.body,
        reply.body.clone(),
    ];
    for page in &pages {
        assert!(!page.contains("<script>alert"), "{page}");
        assert!(!page.contains("<img src=x"), "{page}");
    }
    let eve = &pages[0];
    assert!(
        eve.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{eve}"
    );
    assert!(
        eve.contains("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"),
        "{eve}"
    );
    assert!(eve.contains("{{7*7}}"), "{eve}");
    assert!(eve.contains("\u{202e}evil\u{202c} mark"), "{eve}");
    assert!(eve.contains(&"x".repeat(20_000)), "the long message whole");
    assert!(
        pages[1].contains("played by &quot;&gt;&lt;img"),
        "{}",
        pages[1]
    );
    assert!(
        pages[3].contains("Played by &quot;&gt;&lt;img"),
        "{}",
        pages[3]
    );
}

#[tokio::test]
async fn a_restart_mid_phase_loses_nothing_and_the_game_goes_on() {
    let mut play = Play::new().await;
    play.target("Carol", "Immediate", "Eve").await;
    play.end_phase().await;
    play.target("Alice", "Immediate Night", "Eve").await;
    play.vote("Eve", "Wolfpack", "Dave").await;
    let before = (
        play.page("Alice").await,
        play.page("Eve").await,
        play.public().await,
        play.host_page().await,
    );
    let saved = play.site.wwr_save("five").await;
    play.restart();
    let after = (
        play.page("Alice").await,
        play.page("Eve").await,
        play.public().await,
        play.host_page().await,
    );
    assert_eq!(before, after);
    // The replay of the stored log is the game the first service ran (the engine's save).
    assert_eq!(play.site.wwr_save("five").await, saved);
    // N1 goes on: the Witch saves Dave, the phase ends, D1 begins with five alive.
    play.target("Bob", "Immediate Night", "Dave").await;
    play.end_phase().await;
    let public = play.public().await;
    assert!(
        public.contains("D1") && public.contains("Living (5)"),
        "{public}"
    );
}

#[tokio::test]
async fn a_token_is_stored_only_as_its_sha_256() {
    let play = Play::new().await;
    let token = play.links["Alice"].rsplit('/').next().unwrap().to_owned();
    let conn = rusqlite::Connection::open(&play.db).unwrap();
    let mut rows = conn
        .prepare("SELECT seat, token_hash FROM wwr_seats ORDER BY seat")
        .unwrap();
    let stored: Vec<(i64, String)> = rows
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(stored.len(), 5);
    assert!(stored.iter().all(|(_, h)| !h.contains(&token)));
    assert_eq!(stored[0], (0, mafia_server::wwr_play::token_hash(&token)));
    assert_eq!(stored[0].1.len(), 64);
}

#[tokio::test]
async fn a_replaced_players_old_link_is_dead_and_the_new_one_plays_the_seat() {
    let play = Play::new().await;
    let reply = play
        .host(&[("action", "replace"), ("seat", "3"), ("name", "Zed")])
        .await;
    let zed = links_of(&reply.body, "five").remove(0);
    assert_eq!(
        play.site.get(&play.links["Dave"]).await.status,
        StatusCode::NOT_FOUND
    );
    let page = play.site.get(&zed).await.body;
    assert!(
        page.contains("<h1>Dave</h1>") && page.contains("Played by Zed"),
        "{page}"
    );
    // Another GM may not host the game.
    play.site.store.add_user("Other", "other pass").unwrap();
    let (session, csrf) = play.site.log_in("Other", "other pass").await;
    let page = play
        .site
        .get_with_cookie("/w/five/host", Some(&session))
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    let sent = play
        .site
        .post_form(
            "/w/five/host",
            Some(&session),
            &[("action", "next"), ("csrf", &csrf)],
        )
        .await;
    assert_eq!(sent.status, StatusCode::FORBIDDEN);
    // A form without the session's CSRF token is refused.
    let forged = play
        .site
        .post_form(
            "/w/five/host",
            Some(&play.session),
            &[("action", "next"), ("csrf", "x")],
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_passed_deadline_ends_the_phase_by_itself() {
    let play = Play::new().await;
    let reply = play.host(&[("action", "deadline"), ("minutes", "0")]).await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    // The next request sees the deadline passed and ends D0.
    let public = play.public().await;
    assert!(public.contains("N1"), "{public}");
    assert!(play.host_page().await.contains("No deadline"));
}

#[tokio::test]
async fn secret_pages_are_not_cached_nor_sent_as_a_referrer() {
    let play = Play::new().await;
    let reply = play.site.get(&play.links["Alice"]).await;
    assert_eq!(reply.status, StatusCode::OK);
    let resp = play
        .site
        .app
        .clone()
        .oneshot(
            axum::http::Request::get(&play.links["Alice"])
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(resp.headers()["referrer-policy"], "no-referrer");
    assert_eq!(resp.headers()["cache-control"], "no-store");
}

/// A second instance on the same database sees every move of the first at once, and its
/// own moves reach the first: each catches up from the stored log on every request.
#[tokio::test]
async fn two_instances_on_one_database_play_the_same_game() {
    let play = Play::new().await;
    let other = Site::wwr_on(&play.db, &wwr_dir());
    play.target("Carol", "Immediate", "Eve").await;
    let carol = other.get(&play.links["Carol"]).await.body;
    assert!(carol.contains("Your target is now Eve."), "{carol}");
    let (session, csrf) = other.log_in("Mod", "correct horse").await;
    let ended = other
        .post_form(
            "/w/five/host",
            Some(&session),
            &[("action", "next"), ("csrf", &csrf)],
        )
        .await;
    assert_eq!(ended.status, StatusCode::SEE_OTHER, "{}", ended.body);
    assert!(play.public().await.contains("Phase: <b>N1</b>"));
    assert_eq!(
        play.site.wwr_save("five").await,
        other.wwr_save("five").await
    );
}

/// The haunting demo (`demo/wwr/haunting.toml`): Bob the Bartender whispers through his
/// connection, as the README's `Bob: Whisper Bartender: …` line does.
#[tokio::test]
async fn a_bartender_whispers_through_his_connection_from_his_page() {
    let play = Play::of(
        "haunting.toml",
        &["Tess", "Rex", "Bob", "Alice", "Dave", "Eve"],
    )
    .await;
    let bob = play.page("Bob").await;
    assert!(bob.contains("Whisper through <b>Bartender</b>"), "{bob}");
    play.send(
        "Bob",
        &[
            ("kind", "whisper"),
            ("connection", "Bartender"),
            ("text", "first round is\non the house"),
        ],
    )
    .await;
    let bob = play.page("Bob").await;
    assert!(!bob.contains("Your last action was refused"), "{bob}");
    assert!(
        play.host_page()
            .await
            .contains("first round is on the house"),
        "the whisper, on one line"
    );
}

#[tokio::test]
async fn the_owner_adds_a_cohost_who_may_then_run_the_game() {
    let play = Play::new().await;
    play.site.store.add_user("Helper", "helper pass").unwrap();
    let (session, csrf) = play.site.log_in("Helper", "helper pass").await;
    let before = play
        .site
        .get_with_cookie("/w/five/host", Some(&session))
        .await;
    assert_eq!(before.status, StatusCode::FORBIDDEN);
    let added = play.host(&[("action", "cohost"), ("name", "Helper")]).await;
    assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
    let unknown = play.host(&[("action", "cohost"), ("name", "Nobody")]).await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST, "{}", unknown.body);
    let after = play
        .site
        .get_with_cookie("/w/five/host", Some(&session))
        .await;
    assert_eq!(after.status, StatusCode::OK);
    // A co-host runs the game but does not choose co-hosts.
    let refused = play
        .site
        .post_form(
            "/w/five/host",
            Some(&session),
            &[("action", "cohost"), ("name", "Mod"), ("csrf", &csrf)],
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let dashboard = play.site.get_with_cookie("/gm", Some(&session)).await;
    assert!(
        dashboard.body.contains("href=\"/w/five/host\""),
        "{}",
        dashboard.body
    );
}

/// The service's background loop ends a phase whose deadline passed even when nobody asks
/// for a page of the game.
#[tokio::test]
async fn the_background_check_ends_a_phase_at_its_deadline_without_a_request() {
    let play = Play::new().await;
    let store = play.site.store.clone();
    let id = store.wwr_game("five").unwrap().unwrap().id;
    let past = jiff::Timestamp::now() - jiff::SignedDuration::from_secs(1);
    store.set_wwr_deadline(id, Some(past)).unwrap();
    let games = play.site.state.wwr.clone();
    let checked = store.clone();
    tokio::task::spawn_blocking(move || games.check_deadlines(&checked))
        .await
        .unwrap()
        .unwrap();
    let log = store.wwr_inputs(id, 0).unwrap();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].1, "\"EndPhase\"");
    assert_eq!(store.wwr_game("five").unwrap().unwrap().deadline, None);
    assert!(play.public().await.contains("Phase: <b>N1</b>"));
}

/// A second game under a short name already taken is refused as the tracker's games are
/// (a 400 naming it), not a storage failure.
#[tokio::test]
async fn a_short_name_already_taken_is_refused() {
    let play = Play::new().await;
    let again = play
        .site
        .post_form(
            "/gm/wwr",
            Some(&play.session),
            &[
                ("game", "five"),
                ("setup", "five.toml"),
                ("csrf", &play.csrf),
            ],
        )
        .await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST, "{}", again.body);
    assert!(
        again.body.contains("a game `five` already exists"),
        "{}",
        again.body
    );
}

/// A message of only spaces and line breaks (a textarea's `required` lets it through) is a
/// refusal shown on the player's page, as the engine's refusals are, not an error page; the
/// next message clears the notice.
#[tokio::test]
async fn a_message_of_only_spaces_is_refused_on_the_players_page() {
    let play = Play::new().await;
    play.end_phase().await;
    // N1: Eve writes nothing but spaces and a line break in the pack's channel.
    let pack = pack_channel(&play.page("Eve").await);
    play.send(
        "Eve",
        &[("kind", "say"), ("channel", &pack), ("text", "   \r\n  ")],
    )
    .await;
    let eve = play.page("Eve").await;
    assert!(
        eve.contains("Your last action was refused: a message needs some text: it was empty"),
        "{eve}"
    );
    let section = &eve[eve.find("<h3>#Wolfpack</h3>").expect("the pack's section")..];
    let section = &section[..section.find("</section>").unwrap()];
    // Only the narrator's line of the poll's opening: nothing from Eve.
    assert!(
        !section.contains("<b>Eve</b>"),
        "no line was posted: {section}"
    );
    play.send(
        "Eve",
        &[
            ("kind", "say"),
            ("channel", &pack),
            ("text", "Dave tonight"),
        ],
    )
    .await;
    let eve = play.page("Eve").await;
    assert!(!eve.contains("Your last action was refused"), "{eve}");
    assert!(eve.contains("Dave tonight"), "{eve}");
}

/// The same for a whisper: the haunting demo's Bartender whispers only spaces.
#[tokio::test]
async fn a_whisper_of_only_spaces_is_refused_on_the_players_page() {
    let play = Play::of(
        "haunting.toml",
        &["Tess", "Rex", "Bob", "Alice", "Dave", "Eve"],
    )
    .await;
    play.send(
        "Bob",
        &[
            ("kind", "whisper"),
            ("connection", "Bartender"),
            ("text", " "),
        ],
    )
    .await;
    let bob = play.page("Bob").await;
    assert!(
        bob.contains("Your last action was refused: a message needs some text: it was empty"),
        "{bob}"
    );
}
