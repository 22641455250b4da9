//! Every role of the fixtures loads into a game and runs its first phases; what the engine
//! cannot execute is listed, and that list is checked into `docs/wwr-unsupported.md`.

mod common;
use common::*;

use mafia_roles::ElementKind;

const DOC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/wwr-unsupported.md");

fn render_list() -> String {
    let lib = lib();
    let list = lib.unsupported_all();
    let mut by_what: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for u in &list {
        by_what
            .entry(u.what.clone())
            .or_default()
            .push(format!("{} ({})", u.place, u.element));
    }
    let mut out = String::new();
    out.push_str("# WWR engine: what cannot run yet\n\n");
    out.push_str(
        "Generated from the fixture role set by `cargo test -p mafia-wwr --test corpus` \
         (set `UPDATE_UNSUPPORTED=1` to rewrite it). Every ability below is reported by \
         `mafia wwr new` when its element is in play, and its trigger never fires; everything \
         else in the role set executes. Every ability type of the role language executes; \
         the triggers the engine cannot fire yet are the guide-less vote events \
         (`On Vote Add/Remove/Change`) and `On Hammer`, which no fixture role uses.\n\n",
    );
    out.push_str(&format!(
        "{} ability lines in {} kinds.\n\n",
        list.len(),
        by_what.len()
    ));
    for (what, places) in &by_what {
        out.push_str(&format!("## {what}\n\n"));
        for p in places {
            out.push_str(&format!("- {p}\n"));
        }
        out.push('\n');
    }
    out
}

#[test]
fn the_unsupported_list_in_docs_is_current() {
    let now = render_list();
    if std::env::var_os("UPDATE_UNSUPPORTED").is_some() {
        std::fs::write(DOC, &now).unwrap();
    }
    let doc = std::fs::read_to_string(DOC).unwrap_or_default();
    assert!(
        doc == now,
        "docs/wwr-unsupported.md is out of date: run UPDATE_UNSUPPORTED=1 cargo test -p mafia-wwr --test corpus"
    );
}

#[test]
fn every_role_plays_its_first_phases_without_panicking() {
    let lib = lib();
    let roles: Vec<String> = lib
        .all(ElementKind::Role)
        .iter()
        .map(|d| d.name.clone())
        .collect();
    assert!(
        roles.len() > 150,
        "the fixture role set has {} roles",
        roles.len()
    );
    for r in &roles {
        // A role that requires another (guide, Requirements) gets it dealt to Dave.
        let dave = lib
            .role(r)
            .and_then(|d| d.requires.first().cloned())
            .unwrap_or_else(|| "Citizen".to_string());
        let result = std::panic::catch_unwind(|| {
            let mut g = game(&[
                ("Pat", r.as_str()),
                ("Dave", dave.as_str()),
                ("Cid", "Citizen"),
                ("Fay", "Fortune Teller"),
                ("Eve", "Wolf"),
            ]);
            for _ in 0..4 {
                if g.state.outcome.is_some() {
                    break;
                }
                let _ = g.act("Eve: Vote Wolfpack: Pat", "t");
                let _ = g.act("Dave: Vote Lynch: Cid", "t");
                g.next_phase().unwrap();
            }
        });
        assert!(result.is_ok(), "role `{r}` panicked");
    }
}
