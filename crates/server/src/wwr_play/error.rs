//! Why a WWR web-play operation failed.

use mafia_store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error("no WWR game `{0}`")]
    NoGame(String),
    /// A player link that is not (or no longer) valid; the message says no more.
    #[error("this link is not valid")]
    BadLink,
    #[error("the service has no WWR setup folder (start it with `serve --wwr-dir DIR`)")]
    NoSetupDir,
    #[error("no setup `{0}` in the WWR setup folder")]
    NoSetup(String),
    #[error("{0}")]
    Setup(String),
    #[error("the game cannot be rebuilt: {0}")]
    Engine(String),
    #[error("no secure random numbers: {0}")]
    Random(String),
    /// A role file of the game's deal changed since the game was created: the replay
    /// would not be the game that was played.
    #[error(
        "WWR game `{game}` cannot be rebuilt: the role book {book} changed since it was created"
    )]
    BookChanged { game: String, book: String },
    #[error("another instance kept writing this game; try again")]
    Busy,
    #[error(transparent)]
    Store(#[from] StoreError),
}
