//! A player's page offers exactly the targets the engine accepts (issue 15, point 2): the
//! demo game `demo/wwr/five.toml` (Alice Fortune Teller, Bob Witch, Carol Huntress, Dave
//! Citizen, Eve Wolf) after the wolf has killed Dave.

mod common;

use std::path::PathBuf;

use axum::http::StatusCode;
use common::Site;

/// The options of the select `name` in the prompt form of `trigger` (by their text).
fn options_of(page: &str, trigger: &str, name: &str) -> Vec<String> {
    let at = page
        .find(&format!("name=\"trigger\" value=\"{trigger}\""))
        .unwrap_or_else(|| panic!("no `{trigger}` form: {page}"));
    let form = &page[at..at + page[at..].find("</form>").expect("a closed form")];
    let select = &form[form
        .find(&format!("<select name=\"{name}\">"))
        .unwrap_or_else(|| panic!("no {name} select: {form}"))..];
    let select = &select[..select.find("</select>").unwrap()];
    select
        .split("<option value=\"")
        .skip(1)
        .map(|o| {
            let text = &o[o.find('>').unwrap() + 1..];
            text[..text.find("</option>").unwrap()].to_owned()
        })
        .collect()
}

/// The host ends the phase.
async fn end_phase(site: &Site, session: &str, csrf: &str) {
    let reply = site
        .post_form(
            "/w/five/host",
            Some(session),
            &[("action", "next"), ("csrf", csrf)],
        )
        .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);
}

#[tokio::test]
async fn the_witchs_form_offers_the_living_and_not_the_dead() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let db = dir.path().join("wwr.db").display().to_string();
    let demo = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../demo/wwr"));
    let site = Site::wwr_on(&db, &demo);
    site.store.add_user("Mod", "correct horse").unwrap();
    let (session, csrf) = site.log_in("Mod", "correct horse").await;
    let made = site
        .post_form(
            "/gm/wwr",
            Some(&session),
            &[("game", "five"), ("setup", "five.toml"), ("csrf", &csrf)],
        )
        .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    let link = |name: &str| {
        let row = &made.body[made.body.find(&format!("<td>{name}</td>")).unwrap()..];
        let at = row.find("href=\"").unwrap() + "href=\"".len();
        row[at..at + row[at..].find('"').unwrap()].to_owned()
    };
    let (bob, eve) = (link("Bob"), link("Eve"));
    end_phase(&site, &session, &csrf).await;
    // N1: the Witch may protect any living player, herself included.
    let page = site.get(&bob).await.body;
    assert_eq!(
        options_of(&page, "Immediate Night", "selection"),
        ["Alice", "Bob", "Carol", "Dave", "Eve"]
    );
    // The wolf kills Dave; nobody is lynched on D1.
    let voted = site
        .post_form(
            &eve,
            None,
            &[("kind", "vote"), ("poll", "Wolfpack"), ("choice", "Dave")],
        )
        .await;
    assert_eq!(voted.status, StatusCode::SEE_OTHER, "{}", voted.body);
    end_phase(&site, &session, &csrf).await;
    end_phase(&site, &session, &csrf).await;
    let page = site.get(&bob).await.body;
    assert!(page.contains("Phase: <b>N2</b>"), "{page}");
    // N2: Dave is dead, so he is not offered (the form used to list him as "Dave (dead)").
    assert_eq!(
        options_of(&page, "Immediate Night", "selection"),
        ["Alice", "Bob", "Carol", "Eve"]
    );
    assert!(!page.contains("Dave (dead)"), "{page}");
}
