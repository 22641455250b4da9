//! A WWR game keeps its role book in the database (issue 15, point 1: "the game is the
//! engine's save plus the log of inputs in the database … it survives a restart
//! mid-phase"): the host may edit or remove the book's folder while a game runs. The game is
//! the demo game `demo/wwr/five.toml` (Alice Fortune Teller, Bob Witch, Carol Huntress, Dave
//! Citizen, Eve Wolf) over a copy of the fixture role book in a folder of its own.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use axum::http::StatusCode;
use common::{Site, named_links};

/// The Wolf's file in the book (`werewolves/miscellaneous/wolf`): its formalized line makes
/// the Wolf join the pack (`Pack Lycan`: `Starting: Join #Wolfpack`), its card line is shown
/// on the role card.
const WOLF_FILE: &str = "werewolves/miscellaneous/wolf";
const WOLF_CARD: &str = "Together with its pack, the Wolf roams the forests";
const EDITED_CARD: &str = "The Wolf was edited after the deal and stays home.";

/// A copy of a folder and everything in it.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// The service's setup folder: `five.toml` and its own copy of the role book (`roles/`),
/// with the database beside them.
struct Host {
    dir: tempfile::TempDir,
    site: Site,
    session: String,
    csrf: String,
}

impl Host {
    async fn new() -> Host {
        let dir = tempfile::tempdir().unwrap();
        let book = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/fixtures/wwr-roles"
        );
        copy_dir(Path::new(book), &dir.path().join("setups/roles"));
        let demo = concat!(env!("CARGO_MANIFEST_DIR"), "/../../demo/wwr/five.toml");
        let setup = std::fs::read_to_string(demo).unwrap().replace(
            "roles_dir = \"../../../shared/fixtures/wwr-roles\"",
            "roles_dir = \"roles\"",
        );
        std::fs::write(dir.path().join("setups/five.toml"), setup).unwrap();
        let site = site_on(dir.path());
        site.store.add_user("Mod", "correct horse").unwrap();
        let (session, csrf) = site.log_in("Mod", "correct horse").await;
        Host {
            dir,
            site,
            session,
            csrf,
        }
    }

    fn book(&self) -> PathBuf {
        self.dir.path().join("setups/roles")
    }

    /// A new service on the same database and setup folder: nothing kept in memory.
    fn restart(&mut self) {
        self.site = site_on(self.dir.path());
    }

    /// The host makes a game of `five.toml` on the dashboard: each player's link by name.
    async fn create(&self, slug: &str) -> Game {
        let made = self
            .site
            .post_form(
                "/gm/wwr",
                Some(&self.session),
                &[("game", slug), ("setup", "five.toml"), ("csrf", &self.csrf)],
            )
            .await;
        assert_eq!(made.status, StatusCode::OK, "{}", made.body);
        let links: BTreeMap<String, String> = named_links(&made.body, slug).into_iter().collect();
        assert_eq!(links.len(), 5, "{}", made.body);
        Game {
            slug: slug.to_owned(),
            links,
        }
    }

    async fn page(&self, game: &Game, who: &str) -> String {
        let reply = self.site.get(&game.links[who]).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
        reply.body
    }

    async fn target(&self, game: &Game, who: &str, trigger: &str, target: &str) {
        let fields = [("kind", "use"), ("trigger", trigger), ("selection", target)];
        self.send(game, who, &fields).await;
    }

    async fn vote(&self, game: &Game, who: &str, poll: &str, choice: &str) {
        let fields = [("kind", "vote"), ("poll", poll), ("choice", choice)];
        self.send(game, who, &fields).await;
    }

    async fn send(&self, game: &Game, who: &str, fields: &[(&str, &str)]) {
        let link = &game.links[who];
        let reply = self.site.post_form(link, None, fields).await;
        assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    }

    async fn end_phase(&self, game: &Game) {
        let reply = self
            .site
            .post_form(
                &format!("/w/{}/host", game.slug),
                Some(&self.session),
                &[("action", "next"), ("csrf", &self.csrf)],
            )
            .await;
        assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
    }

    async fn public(&self, game: &Game) -> String {
        self.site.get(&format!("/w/{}", game.slug)).await.body
    }

    /// The engine's save of a game, as this service rebuilds it.
    async fn save(&self, game: &Game) -> String {
        self.site.wwr_save(&game.slug).await
    }

    /// The host edits the Wolf's file: the Wolf no longer joins the pack, and its card says
    /// so.
    fn edit_the_wolf(&self) {
        let path = self.book().join(WOLF_FILE);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(WOLF_CARD), "{text}");
        let edited = text
            .replace("Inherit: `Pack Lycan`", "No Abilities")
            .replace(WOLF_CARD, EDITED_CARD);
        std::fs::write(&path, edited).unwrap();
    }
}

fn site_on(dir: &Path) -> Site {
    Site::wwr_on(
        &dir.join("wwr.db").display().to_string(),
        &dir.join("setups"),
    )
}

/// One game and its players' links (`/w/<slug>/p/<token>`) by name.
struct Game {
    slug: String,
    links: BTreeMap<String, String>,
}

/// Whether a player's page shows the pack's channel (`<h3>#Wolfpack</h3>`).
fn in_the_pack(page: &str) -> bool {
    page.contains("<h3>#Wolfpack</h3>")
}

#[tokio::test]
async fn a_running_game_keeps_its_role_book_when_the_host_edits_the_folder() {
    let mut host = Host::new().await;
    let five = host.create("five").await;
    let eve = host.page(&five, "Eve").await;
    assert!(eve.contains(WOLF_CARD), "{eve}");
    assert!(in_the_pack(&eve), "{eve}");
    // D0: the Huntress aims at Eve; the host ends the day.
    host.target(&five, "Carol", "Immediate", "Eve").await;
    host.end_phase(&five).await;
    let saved = host.save(&five).await;

    // Mid-N1 the host fixes the Wolf's file for next week's game, and the service restarts.
    host.edit_the_wolf();
    host.restart();
    let eve = host.page(&five, "Eve").await;
    assert!(eve.contains(WOLF_CARD), "the old card: {eve}");
    assert!(!eve.contains(EDITED_CARD), "{eve}");
    assert!(in_the_pack(&eve), "Eve is still a pack wolf: {eve}");
    assert_eq!(host.save(&five).await, saved);

    // N1 goes on as dealt: the pack picks Dave, the Witch saves him; D1, five alive.
    host.vote(&five, "Eve", "Wolfpack", "Dave").await;
    host.target(&five, "Bob", "Immediate Night", "Dave").await;
    host.end_phase(&five).await;
    let public = host.public(&five).await;
    assert!(
        public.contains("D1") && public.contains("Living (5)"),
        "{public}"
    );

    // A new game of the same setup is dealt from the book as it is now.
    let next = host.create("next-week").await;
    let eve = host.page(&next, "Eve").await;
    assert!(eve.contains(EDITED_CARD), "the new card: {eve}");
    assert!(!eve.contains(WOLF_CARD), "{eve}");
    assert!(!in_the_pack(&eve), "the edited Wolf joins no pack: {eve}");
    // The old game still shows the old card.
    assert!(host.page(&five, "Eve").await.contains(WOLF_CARD));
}

#[tokio::test]
async fn a_running_game_plays_to_its_end_after_its_book_folder_is_deleted() {
    let mut host = Host::new().await;
    let five = host.create("five").await;
    std::fs::remove_dir_all(host.book()).unwrap();
    host.restart();

    let alice = host.page(&five, "Alice").await;
    assert!(alice.contains("Your role: Fortune Teller"), "{alice}");
    assert!(alice.contains("check one player’s role"), "{alice}");
    // D0: the Huntress aims at Eve. N1: the Fortune Teller checks Eve, the pack picks Dave,
    // the Witch saves him.
    host.target(&five, "Carol", "Immediate", "Eve").await;
    host.end_phase(&five).await;
    host.restart();
    host.target(&five, "Alice", "Immediate Night", "Eve").await;
    let alice = host.page(&five, "Alice").await;
    assert!(alice.contains("Role Investigate Eve"), "{alice}");
    host.vote(&five, "Eve", "Wolfpack", "Dave").await;
    host.target(&five, "Bob", "Immediate Night", "Dave").await;
    host.end_phase(&five).await;
    let public = host.public(&five).await;
    assert!(public.contains("Living (5)"), "{public}");
    // D1: the town lynches Eve.
    host.restart();
    for (voter, choice) in [
        ("Alice", "Eve"),
        ("Bob", "Eve"),
        ("Dave", "Eve"),
        ("Eve", "Alice"),
    ] {
        host.vote(&five, voter, "Lynch", choice).await;
    }
    host.end_phase(&five).await;
    let public = host.public(&five).await;
    assert!(public.contains("Townsfolk won"), "{public}");
    assert!(public.contains("Eve — Wolf"), "{public}");
}

#[tokio::test]
async fn games_of_one_book_share_one_stored_copy_of_it() {
    let mut host = Host::new().await;
    host.create("first").await;
    host.create("second").await;
    assert_eq!(host.site.store.wwr_book_keys().unwrap().len(), 1);
    // Both games name it.
    let book = |slug: &str| host.site.store.wwr_game(slug).unwrap().unwrap().book;
    assert!(book("first").is_some());
    assert_eq!(book("first"), book("second"));
    // An edited book is another copy; after a restart, a game of the same files again shares it.
    host.edit_the_wolf();
    host.create("third").await;
    host.restart();
    host.create("fourth").await;
    assert_eq!(host.site.store.wwr_book_keys().unwrap().len(), 2);
    let book = |slug: &str| host.site.store.wwr_game(slug).unwrap().unwrap().book;
    assert_eq!(book("third"), book("fourth"));
    assert_ne!(book("first"), book("third"));
}
