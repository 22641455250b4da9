//! Typed errors of the engine.

use std::path::PathBuf;

/// Everything that can go wrong while setting up or driving a game.
#[derive(Debug, thiserror::Error)]
pub enum WwrError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path}: {message}")]
    Setup { path: String, message: String },
    #[error("cannot load the role set: {0}")]
    RoleSet(String),
    #[error("unknown {kind} `{name}`{hint}")]
    Unknown {
        kind: &'static str,
        name: String,
        hint: String,
    },
    #[error("{place}: {message}")]
    Input { place: String, message: String },
    #[error("not allowed: {0}")]
    NotAllowed(String),
    #[error("the game is over")]
    GameOver,
    #[error("saved game: {0}")]
    Saved(String),
    #[error(
        "role `{role}` requires `{required}` in the game (guide: Requirements), but no player has `{required}`: deal `{required}` to a player or leave `{role}` out"
    )]
    MissingRequiredRole { role: String, required: String },
}

/// Why an ability may not run now, or why a player's answer or vote is refused. Its text is
/// what the player is shown after the ability's name (inside [`WwrError::NotAllowed`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A `Status` restriction does not hold (also a ghost-only ability of the living).
    #[error("Status: {0}")]
    Status(String),
    #[error("the player is dead")]
    Dead,
    #[error("already used {used} time(s) this phase (allowed: {allowed})")]
    UsedThisPhase { used: usize, allowed: usize },
    #[error("Temporal: not in {0}")]
    Temporal(String),
    /// `Attribute: has X` / `Attribute: lacks X`.
    #[error("Attribute: {0}")]
    Attribute(String),
    #[error("Succession: used in the previous phase")]
    SuccessionUsed,
    #[error("Succession: same target as in the previous phase")]
    SuccessionTarget,
    #[error("Quantity: already used {used} of {allowed}")]
    Quantity { used: usize, allowed: usize },
    #[error("Condition: {0}")]
    Condition(String),
    #[error("ghosts cannot use this attribute's abilities")]
    GhostAttribute,
    #[error("ghosts cannot use their role abilities")]
    GhostRole,
    #[error("there is no open `{0}` choice")]
    NoOpenChoice(String),
    #[error("the `{name}` choice needs `@Chosen = <option>` (one of {options})")]
    ChoiceNeedsOption { name: String, options: String },
    #[error("`{wanted}` is not an option of the `{name}` choice (options: {options})")]
    NotAnOption {
        wanted: String,
        name: String,
        options: String,
    },
    #[error("the `{option}` option of the `{name}` choice needs `@Selection = <target>`")]
    OptionNeedsSelection { option: String, name: String },
    #[error("{player} cannot be voted for on the {poll} poll")]
    Unvotable { player: String, poll: String },
}
