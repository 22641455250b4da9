//! A `Conversation Reset` on the web pages (issue 15, the chat seam's `Output::Cleared`):
//! the Corrupt Wolf's sheet (`werewolves/power/corrupt wolf` in the fixture role book)
//! resets `Corrupted` at the start of every night (`Passive Start Night: Conversation Reset
//! `Corrupted``) and when he corrupts someone; the channel's section of a page then shows
//! only the lines written since, and a restarted service (the stored log replayed) shows the
//! same pages.

mod common;

use std::collections::BTreeMap;

use axum::http::StatusCode;
use common::{Site, named_links};

/// A service whose one WWR setup is `corrupt.toml` (Alice, Carol and Dave Citizens, Bob the
/// Corrupt Wolf, Eve a Wolf), on a SQLite file that outlives restarts.
struct Game {
    site: Site,
    db: String,
    setups: std::path::PathBuf,
    session: String,
    csrf: String,
    links: BTreeMap<String, String>,
    _dir: tempfile::TempDir,
}

impl Game {
    /// The GM `Mod` creates the game `corrupt` on the dashboard.
    async fn new() -> Game {
        let dir = tempfile::tempdir().expect("temporary directory");
        let setups = dir.path().join("setups");
        std::fs::create_dir(&setups).unwrap();
        let book = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/fixtures/wwr-roles"
        );
        let book = std::path::Path::new(book).canonicalize().expect("the book");
        let setup = format!(
            "roles_dir = {:?}\npolls = [\"Lynch\"]\nplayers = [\n  {{ name = \"Alice\", role = \"Citizen\" }},\n  {{ name = \"Bob\", role = \"Corrupt Wolf\" }},\n  {{ name = \"Carol\", role = \"Citizen\" }},\n  {{ name = \"Dave\", role = \"Citizen\" }},\n  {{ name = \"Eve\", role = \"Wolf\" }},\n]\n",
            book.display().to_string()
        );
        std::fs::write(setups.join("corrupt.toml"), setup).unwrap();
        let db = dir.path().join("wwr.db").display().to_string();
        let site = Site::wwr_on(&db, &setups);
        site.store.add_user("Mod", "correct horse").unwrap();
        let (session, csrf) = site.log_in("Mod", "correct horse").await;
        let made = site
            .post_form(
                "/gm/wwr",
                Some(&session),
                &[
                    ("game", "corrupt"),
                    ("setup", "corrupt.toml"),
                    ("csrf", &csrf),
                ],
            )
            .await;
        assert_eq!(made.status, StatusCode::OK, "{}", made.body);
        let links: BTreeMap<String, String> =
            named_links(&made.body, "corrupt").into_iter().collect();
        assert_eq!(links.len(), 5, "{}", made.body);
        Game {
            site,
            db,
            setups,
            session,
            csrf,
            links,
            _dir: dir,
        }
    }

    async fn page(&self, who: &str) -> String {
        let reply = self.site.get(&self.links[who]).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
        reply.body
    }

    /// A player sends a form from their page; it is redirected back to the page.
    async fn send(&self, who: &str, fields: &[(&str, &str)]) {
        let reply = self.site.post_form(&self.links[who], None, fields).await;
        assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
        assert_eq!(reply.location.as_deref(), Some(self.links[who].as_str()));
    }

    /// Bob corrupts `target` with one vote.
    async fn corrupt(&self, target: &str) {
        let fields = [
            ("kind", "use"),
            ("trigger", "Immediate Night"),
            ("selection", target),
            ("secondary", "1"),
        ];
        self.send("Bob", &fields).await;
    }

    async fn end_phase(&self) {
        let fields = [("action", "next"), ("csrf", self.csrf.as_str())];
        let reply = self
            .site
            .post_form("/w/corrupt/host", Some(&self.session), &fields)
            .await;
        assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    }

    async fn host_page(&self) -> String {
        let reply = self
            .site
            .get_with_cookie("/w/corrupt/host", Some(&self.session))
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
        reply.body
    }

    /// A new service on the same database file: nothing kept in memory.
    fn restart(&mut self) {
        self.site = Site::wwr_on(&self.db, &self.setups);
    }
}

/// The section of a page under a heading naming `Corrupted`, as the page shows it.
fn corrupted_section(page: &str) -> Option<&str> {
    let start = page.find("Corrupted</h3>")?;
    let section = &page[start..];
    Some(&section[..section.find("</section>")?])
}

/// The channel `Corrupted`'s name as its say form posts it.
fn corrupted_channel(page: &str) -> String {
    let section = corrupted_section(page).unwrap_or_else(|| panic!("no Corrupted: {page}"));
    let field = "name=\"channel\" value=\"";
    let at = section.find(field).expect("a say form") + field.len();
    section[at..at + section[at..].find('"').unwrap()].to_owned()
}

#[tokio::test]
async fn the_corrupted_channel_page_no_longer_shows_lines_written_before_its_reset() {
    let mut game = Game::new().await;
    game.end_phase().await;
    // N1: Bob corrupts Alice, who writes in `Corrupted`.
    game.corrupt("Alice").await;
    let channel = corrupted_channel(&game.page("Alice").await);
    let fields = [
        ("kind", "say"),
        ("channel", channel.as_str()),
        ("text", "who is there?"),
    ];
    game.send("Alice", &fields).await;
    let alice = game.page("Alice").await;
    assert!(
        corrupted_section(&alice).unwrap().contains("who is there?"),
        "{alice}"
    );
    // D1, then N2, whose start resets `Corrupted`; Bob corrupts Carol, who writes in it.
    game.end_phase().await;
    game.end_phase().await;
    game.corrupt("Carol").await;
    let fields = [
        ("kind", "say"),
        ("channel", channel.as_str()),
        ("text", "hello?"),
    ];
    game.send("Carol", &fields).await;
    let carol = game.page("Carol").await;
    assert!(!carol.contains("Your last action was refused"), "{carol}");
    let section = corrupted_section(&carol).unwrap();
    assert!(section.contains("hello?"), "{section}");
    assert!(!section.contains("who is there?"), "{section}");
    let host = game.host_page().await;
    let section = corrupted_section(&host).unwrap();
    assert!(
        section.contains("hello?") && !section.contains("who is there?"),
        "{section}"
    );
    // A restarted service replays the stored log to the same pages.
    let before = (game.page("Carol").await, game.page("Alice").await, host);
    game.restart();
    let after = (
        game.page("Carol").await,
        game.page("Alice").await,
        game.host_page().await,
    );
    assert_eq!(before, after);
}
