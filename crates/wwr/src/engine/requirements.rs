//! Requirements (guide, Requirements: "A role can require another role to exist",
//! `Require: '<RoleName>'`): a setup that deals a role without the role it requires is
//! refused when the game is created.

use crate::error::WwrError;
use crate::library::{Library, norm};
use crate::state::Player;

/// Every dealt role's `Require:` lines must name a role some player was dealt. The first
/// failure in player order is reported, naming both roles.
pub(super) fn check_requirements(lib: &Library, players: &[Player]) -> Result<(), WwrError> {
    let dealt: Vec<String> = players.iter().map(|p| norm(&p.role)).collect();
    for p in players {
        let Some(def) = lib.role(&p.role) else {
            continue;
        };
        for required in &def.requires {
            // The required role by its own name when the role set defines it (so a file
            // name or another spelling still matches the dealt role's title).
            let wanted = lib
                .role(required)
                .map(|d| norm(&d.name))
                .unwrap_or_else(|| norm(required));
            if !dealt.contains(&wanted) {
                return Err(WwrError::MissingRequiredRole {
                    role: def.name.clone(),
                    required: lib
                        .role(required)
                        .map(|d| d.name.clone())
                        .unwrap_or_else(|| required.clone()),
                });
            }
        }
    }
    Ok(())
}
