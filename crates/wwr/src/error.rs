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
