//! What the host or one player is shown.

use std::fmt::Write;

use crate::engine::Game;
use crate::state::{Audience, Opt};

/// A text summary: phase, players, open polls, and (with `log`) the event log. For a player:
/// only what that player can see (their role, public events, their own messages and their
/// groups' channels).
pub fn show(game: &Game, player: Option<usize>, log: bool) -> String {
    let s = &game.state;
    let mut out = String::new();
    let _ = writeln!(out, "Phase: {}", s.phase);
    if let Some(o) = &s.outcome {
        if o.winners.is_empty() {
            let _ = writeln!(out, "Game over ({}): draw", o.phase);
        } else {
            let _ = writeln!(out, "Game over ({}): {} won", o.phase, o.winners.join(", "));
        }
    }
    for (word, who) in [
        ("Ascended", &s.ascension.ascended),
        ("Descended", &s.ascension.descended),
    ] {
        if !who.is_empty() {
            let names: Vec<&str> = who.iter().map(|&p| s.players[p].name.as_str()).collect();
            let _ = writeln!(out, "{word}: {}", names.join(", "));
        }
    }
    if player.is_none() && !s.disbanded.is_empty() {
        let groups: Vec<String> = s
            .disbanded
            .iter()
            .map(|d| format!("#{} ({})", d.group, d.phase))
            .collect();
        let _ = writeln!(out, "Disbanded: {}", groups.join(", "));
    }
    out.push_str("Players:\n");
    for (i, p) in s.players.iter().enumerate() {
        let status = if p.alive {
            "alive"
        } else if game.is_ghost(i) {
            "ghost"
        } else {
            "dead"
        };
        let reveal = player.is_none() || player == Some(i) || !p.alive;
        if reveal {
            let _ = writeln!(out, "  {} — {} ({}, {status})", p.name, p.role, p.alignment);
        } else {
            let _ = writeln!(out, "  {} — {status}", p.name);
        }
    }
    let open: Vec<_> = s
        .polls
        .iter()
        .filter(|p| {
            p.open
                && (player.is_none()
                    || (!p.private && !game.hidden_from_living(&p.location))
                    || player.is_some_and(|q| game.reads_named(q, &p.location)))
        })
        .collect();
    if !open.is_empty() {
        out.push_str("Open polls:\n");
        for p in open {
            let votes: Vec<String> = p
                .votes
                .iter()
                .map(|(v, o)| format!("{} → {}", s.players[*v].name, opt(game, o)))
                .collect();
            let _ = writeln!(
                out,
                "  {} (in #{}): {}",
                p.name,
                p.location,
                if votes.is_empty() {
                    "no votes".into()
                } else {
                    votes.join(", ")
                }
            );
        }
    }
    if let Some(p) = player {
        let prompts = game.prompts(p);
        if !prompts.is_empty() {
            out.push_str("You may use:\n");
            for pr in prompts {
                let _ = writeln!(out, "  {pr}");
            }
        }
        for q in s.pending.iter().filter(|q| q.player == p) {
            let sel = q
                .selection
                .as_ref()
                .map(|v| game.text_of(v))
                .unwrap_or_default();
            let _ = writeln!(out, "Queued for {}: {sel}", q.phase);
        }
        let mine: Vec<_> = s.displays.iter().filter(|d| d.player == Some(p)).collect();
        for d in mine {
            let _ = writeln!(out, "Display {}: {}", d.name, d.values.join(", "));
        }
    }
    out.push_str(&game.channels_summary(player));
    if log {
        out.push_str("Log:\n");
        for (i, e) in s.log.iter().enumerate() {
            let visible = match (&e.to, player) {
                (_, None) => true,
                (Audience::Public, _) => true,
                (Audience::Player(q), Some(p)) => *q == p,
                (Audience::Channel(c), Some(p)) => game.channel_line_visible(p, c, i),
                (Audience::Host, Some(_)) => false,
            };
            if !visible {
                continue;
            }
            let to = match &e.to {
                Audience::Host => "host".to_string(),
                Audience::Public => "public".to_string(),
                Audience::Player(q) => format!("to {}", s.players[*q].name),
                Audience::Channel(c) => format!("#{c}"),
            };
            let _ = writeln!(out, "  [{}] {to}: {}", e.phase, e.text);
        }
    }
    if player.is_none() && !s.unsupported.is_empty() {
        let _ = writeln!(out, "Unsupported in this setup ({}):", s.unsupported.len());
        for u in &s.unsupported {
            let _ = writeln!(out, "  {u}");
        }
    }
    out
}

fn opt(game: &Game, o: &Opt) -> String {
    game.opt_text(o)
}
