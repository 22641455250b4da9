//! The words of result PMs: what an investigation, a track or a watch tells its user, by
//! what the ability learns or reports (Cop, Role Cop, Neapolitan, Gunsmith; Tracker,
//! Follower, Motion Detector; Watcher, Voyeur, Role Watcher).

use crate::catalogue::{Learns, Reports};
use crate::model::{Night, Sanity};

/// An investigation result on `target` (named `named` in the PM, the player chosen), after
/// sanity; `framed` when a frame on the target stood tonight.
pub fn investigation_result(
    night: &Night,
    investigator: usize,
    target: usize,
    named: usize,
    learns: Learns,
    framed: bool,
) -> String {
    let t = &night.players[target];
    let name = night.name(named);
    match learns {
        Learns::Alignment => {
            let seen = t.appears_as.as_deref().unwrap_or(&t.alignment);
            let guilty = framed || !seen.eq_ignore_ascii_case("town");
            let reported = match night.players[investigator].sanity {
                Sanity::Sane => guilty,
                Sanity::Insane => !guilty,
                Sanity::Paranoid => true,
                Sanity::Naive => false,
            };
            format!(
                "{name} is {}.",
                if reported { "Mafia" } else { "Not Mafia" }
            )
        }
        Learns::Role => format!("{name} is a {}.", t.role),
        Learns::Vanilla => {
            if t.vanilla {
                format!("{name} is a Vanilla Townie.")
            } else {
                format!("{name} is not a Vanilla Townie.")
            }
        }
        Learns::Gun => {
            if t.gun {
                format!("{name} has a gun.")
            } else {
                format!("{name} does not have a gun.")
            }
        }
    }
}

/// What a track of `named` tells: the players visited (or the abilities used), or that
/// they acted or not; "No result." when the track itself did not stand (nothing seen and
/// `nothing` false).
pub fn track_text(
    reports: Reports,
    named: &str,
    places: &[&str],
    used: &[&str],
    nothing: bool,
) -> String {
    let acted = !places.is_empty();
    match reports {
        _ if !acted && !nothing => "No result.".to_string(),
        Reports::Players | Reports::Roles if acted => {
            format!("{named} visited {}.", places.join(", "))
        }
        Reports::Players | Reports::Roles => format!("{named} went nowhere."),
        Reports::Actions if acted => format!("{named} used: {}.", used.join(", ")),
        Reports::Actions => format!("{named} used no action."),
        Reports::Whether if acted => format!("{named} acted tonight."),
        Reports::Whether => format!("{named} did not act tonight."),
    }
}

/// What a watch of `named` tells: the visitors (their abilities, their roles), or that
/// someone visited or not; "No result." when the watch itself did not stand.
pub fn watch_text(
    reports: Reports,
    named: &str,
    visitors: &[&str],
    used: &[&str],
    roles: &[&str],
    nobody: bool,
) -> String {
    let visited = !visitors.is_empty();
    match reports {
        _ if !visited && !nobody => "No result.".to_string(),
        _ if !visited => format!("No one visited {named}."),
        Reports::Players => format!("{named} was visited by {}.", visitors.join(", ")),
        Reports::Actions => format!("{named} was targeted with: {}.", used.join(", ")),
        Reports::Roles => format!("{named} was visited by: {}.", roles.join(", ")),
        Reports::Whether => format!("{named} was targeted tonight."),
    }
}
