//! The saved game file: a game's [`GameState`] as pretty-printed JSON ending in one newline,
//! and back to a running [`Game`], its role set reloaded from the saved `roles_dir` (as
//! written: an absolute path, or one relative to the current folder). Reading and writing the
//! file itself is the caller's business.

use std::sync::Arc;

use crate::engine::Game;
use crate::error::WwrError;
use crate::library::Library;
use crate::state::GameState;

/// What can go wrong turning saved text into a game, or a game into saved text.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The text is not a saved game; `line` and `column` place the JSON error (1-based).
    #[error("{line}:{column}: not a saved WWR game: {source}")]
    NotASave {
        line: usize,
        column: usize,
        #[source]
        source: serde_json::Error,
    },
    /// The role set named by the saved `roles_dir` does not load.
    #[error(transparent)]
    RoleSet(WwrError),
    /// The engine refuses the saved state (unknown format, unreadable RNG state).
    #[error(transparent)]
    Refused(WwrError),
    /// The state could not be written as JSON.
    #[error(transparent)]
    Write(serde_json::Error),
}

/// The saved text of a game state: pretty JSON and a final newline.
pub fn to_text(state: &GameState) -> Result<String, SaveError> {
    let mut text = serde_json::to_string_pretty(state).map_err(SaveError::Write)?;
    text.push('\n');
    Ok(text)
}

/// Reads saved text back into a game state (without loading anything else).
pub fn parse(text: &str) -> Result<GameState, SaveError> {
    serde_json::from_str(text).map_err(|source| SaveError::NotASave {
        line: source.line(),
        column: source.column(),
        source,
    })
}

/// Starts a saved state again: loads the role set from its `roles_dir` and restores the game.
pub fn restore(state: GameState) -> Result<Game, SaveError> {
    let lib = Library::load(&state.setup.roles_dir).map_err(SaveError::RoleSet)?;
    Game::load(state, Arc::new(lib)).map_err(SaveError::Refused)
}

/// Saved text to a running game: [`parse`], then [`restore`].
pub fn load(text: &str) -> Result<Game, SaveError> {
    restore(parse(text)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broken_text_is_placed_by_line_and_column() {
        let e = parse("{\"format\": 1,\n  \"setup\": 3}").unwrap_err();
        let SaveError::NotASave { line, .. } = &e else {
            panic!("expected NotASave, got {e:?}");
        };
        assert_eq!(*line, 2);
        assert!(e.to_string().starts_with("2:"), "{e}");
        assert!(e.to_string().contains("not a saved WWR game"), "{e}");
    }
}
