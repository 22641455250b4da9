//! A host's modkill read as a death, on posts written as mafiascum.net renders them (a host's
//! coloured text is `<div style="display:inline;color:…">`, a quote is
//! `<blockquote><div><cite>… wrote:</cite>…</div></blockquote>`; fixtures README).

mod support;

use support::mafiascum_post as html;
use support::*;

const FIVE: &[&str] = &["Alice", "Bob", "Carol", "Dave", "Erin"];

/// A host's line in colour (`<div style="display:inline;color:#0000BF">…</div>`, 65286 post
/// 1360).
fn host(text: &str) -> String {
    format!("<div style=\"display:inline;color:#0000BF\">{text}</div>")
}

fn alive(t: &mafia_tracker::Tracker) -> Vec<String> {
    t.slots()
        .iter()
        .filter(|s| s.alive)
        .map(|s| s.name.clone())
        .collect()
}

#[test]
fn a_player_who_is_or_has_been_modkilled_dies() {
    for line in [
        "Bob is modkilled for inactivity.",
        "Bob has been modkilled.",
    ] {
        let mut t = tracker(FIVE, "");
        t.apply(&html(1, "GM", 1, &host(line)));
        assert_eq!(
            alive(&t),
            names(&["Alice", "Carol", "Dave", "Erin"]),
            "{line}"
        );
    }
}

#[test]
fn a_modkill_in_a_rule_or_a_quote_kills_nobody() {
    // "If someone is modkilled, their alignment will change…" (29457, the host's rules).
    for body in [
        host("If someone is modkilled, their alignment will change."),
        "<blockquote><div><cite>GM wrote:</cite>Bob is modkilled.</div></blockquote>Ouch.".into(),
    ] {
        let mut t = tracker(FIVE, "");
        t.apply(&html(1, "GM", 1, &body));
        assert_eq!(alive(&t), names(FIVE), "{body}");
    }
}
