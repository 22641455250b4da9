//! The words of result PMs: what an investigation, a track or a watch tells its user, by
//! what the ability learns or reports (Cop, Role Cop, Neapolitan, Gunsmith; Tracker,
//! Follower, Motion Detector; Watcher, Voyeur, Role Watcher). Each text has a key; an
//! ability's `pm` table in the catalogue rewords it (`pm = { mafia = "{target} is scum." }`),
//! with `{target}`, `{players}`, `{actions}` and `{roles}` filled in.

use crate::catalogue::{Ability, Learns, Reports};
use crate::model::{Night, Sanity};

/// The text of `key`: the ability's own wording if its record gives one, else `default`;
/// `{name}` placeholders are filled from `vars`.
fn say(ability: &Ability, key: &str, default: String, vars: &[(&str, &str)]) -> String {
    let Some(template) = ability.pm.get(key) else {
        return default;
    };
    let mut text = template.clone();
    for (name, value) in vars {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    text
}

/// "No result." (an action that did not stand), or the ability's `no-result` wording.
pub fn no_result(ability: &Ability) -> String {
    say(ability, "no-result", "No result.".into(), &[])
}

/// An investigation result on `target` (named `named` in the PM, the player chosen), after
/// sanity; `framed` when a frame on the target stood tonight.
pub fn investigation_result(
    night: &Night,
    investigator: usize,
    target: usize,
    named: usize,
    ability: &Ability,
    framed: bool,
) -> String {
    let t = &night.players[target];
    let name = night.name(named);
    let vars = [("target", name), ("role", t.role.as_str())];
    match ability.learns {
        Learns::Alignment => {
            let seen = t.appears_as.as_deref().unwrap_or(&t.alignment);
            let guilty = framed || !seen.eq_ignore_ascii_case("town");
            let reported = match night.players[investigator].sanity {
                Sanity::Sane => guilty,
                Sanity::Insane => !guilty,
                Sanity::Paranoid => true,
                Sanity::Naive => false,
            };
            if reported {
                say(ability, "mafia", format!("{name} is Mafia."), &vars)
            } else {
                say(ability, "not-mafia", format!("{name} is Not Mafia."), &vars)
            }
        }
        Learns::Role => say(ability, "role", format!("{name} is a {}.", t.role), &vars),
        Learns::Vanilla => {
            if t.vanilla {
                say(
                    ability,
                    "vanilla",
                    format!("{name} is a Vanilla Townie."),
                    &vars,
                )
            } else {
                let text = format!("{name} is not a Vanilla Townie.");
                say(ability, "not-vanilla", text, &vars)
            }
        }
        Learns::Gun => {
            if t.gun {
                say(ability, "gun", format!("{name} has a gun."), &vars)
            } else {
                say(
                    ability,
                    "no-gun",
                    format!("{name} does not have a gun."),
                    &vars,
                )
            }
        }
    }
}

/// What a track of `named` tells: the players visited (or the abilities used), or that
/// they acted or not; "No result." when the track itself did not stand (nothing seen and
/// `nothing` false).
pub fn track_text(
    ability: &Ability,
    named: &str,
    places: &[&str],
    used: &[&str],
    nothing: bool,
) -> String {
    let acted = !places.is_empty();
    let (players, actions) = (places.join(", "), used.join(", "));
    let vars = [
        ("target", named),
        ("players", players.as_str()),
        ("actions", actions.as_str()),
    ];
    let (key, default) = match ability.reports {
        _ if !acted && !nothing => return no_result(ability),
        Reports::Players | Reports::Roles if acted => {
            ("visited", format!("{named} visited {players}."))
        }
        Reports::Players | Reports::Roles => ("nowhere", format!("{named} went nowhere.")),
        Reports::Actions if acted => ("used", format!("{named} used: {actions}.")),
        Reports::Actions => ("no-action", format!("{named} used no action.")),
        Reports::Whether if acted => ("acted", format!("{named} acted tonight.")),
        Reports::Whether => ("not-acted", format!("{named} did not act tonight.")),
    };
    say(ability, key, default, &vars)
}

/// What a watch of `named` tells: the visitors (their abilities, their roles), or that
/// someone visited or not; "No result." when the watch itself did not stand.
pub fn watch_text(
    ability: &Ability,
    named: &str,
    visitors: &[&str],
    used: &[&str],
    roles: &[&str],
    nobody: bool,
) -> String {
    let visited = !visitors.is_empty();
    let (players, actions, roles) = (visitors.join(", "), used.join(", "), roles.join(", "));
    let vars = [
        ("target", named),
        ("players", players.as_str()),
        ("actions", actions.as_str()),
        ("roles", roles.as_str()),
    ];
    let (key, default) = match ability.reports {
        _ if !visited && !nobody => return no_result(ability),
        _ if !visited => ("nobody", format!("No one visited {named}.")),
        Reports::Players => ("visited-by", format!("{named} was visited by {players}.")),
        Reports::Actions => (
            "targeted-with",
            format!("{named} was targeted with: {actions}."),
        ),
        Reports::Roles => ("roles", format!("{named} was visited by: {roles}.")),
        Reports::Whether => ("targeted", format!("{named} was targeted tonight.")),
    };
    say(ability, key, default, &vars)
}
