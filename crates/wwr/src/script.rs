//! Act scripts: a text of steps run one after another on a game.
//!
//! ```text
//! # D0: the Huntress aims at Eve.          (a comment)
//! Carol: Immediate: @Selection = Eve       (an `act` line, see [`crate::input`])
//! next                                     (ends the phase; any case)
//! ```
//!
//! Each line is trimmed; blank lines and lines starting with `#` are skipped. A script applies
//! whole or not at all: it runs on a copy of the game, which replaces the game only when every
//! step was played; a refused step names its line and leaves the game as it was.

use crate::engine::Game;
use crate::error::WwrError;

/// One step: end the phase, or an `act` line (a prompt answer, a vote, a channel message).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step<'a> {
    Next,
    Act(&'a str),
}

impl<'a> Step<'a> {
    /// The step one line asks for, as written (no trimming, no comments): `next` in any case
    /// ends the phase, anything else is an `act` line.
    pub fn of(line: &'a str) -> Step<'a> {
        if line.eq_ignore_ascii_case("next") {
            Step::Next
        } else {
            Step::Act(line)
        }
    }

    /// Plays the step; `place` names it in the errors of the `act` line.
    pub fn run(self, game: &mut Game, place: &str) -> Result<(), WwrError> {
        match self {
            Step::Next => game.next_phase().map(|_| ()),
            Step::Act(line) => game.act(line, place).map(|_| ()),
        }
    }
}

/// A step of a script and its line (1-based, counting blank and comment lines).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScriptLine<'a> {
    pub line: usize,
    pub step: Step<'a>,
}

/// A refused step: the script's name, its line, and why.
#[derive(Debug, thiserror::Error)]
#[error("{name}:{line}: {source}")]
pub struct ScriptError {
    pub name: String,
    pub line: usize,
    #[source]
    pub source: WwrError,
}

/// The steps of a script, in order, with their lines.
pub fn parse(text: &str) -> impl Iterator<Item = ScriptLine<'_>> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(line, l)| ScriptLine {
            line,
            step: Step::of(l),
        })
}

/// Runs a script on the game, whole or not at all: the steps are played on a copy, which
/// replaces `game` only when every step was played; at the first refused step the error names
/// its line and `game` is unchanged. `name` names the script in places (`<name>:<line>`);
/// returns the steps played.
pub fn run(game: &mut Game, text: &str, name: &str) -> Result<usize, ScriptError> {
    let mut copy = game.clone();
    let mut played = 0;
    for ScriptLine { line, step } in parse(text) {
        step.run(&mut copy, &format!("{name}:{line}"))
            .map_err(|source| ScriptError {
                name: name.to_string(),
                line,
                source,
            })?;
        played += 1;
    }
    *game = copy;
    Ok(played)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_numbered_as_written_and_comments_skipped() {
        let text = "# a comment\n\n  Alice: Vote Lynch: Bob  \nNEXT\n#next\n";
        let steps: Vec<ScriptLine> = parse(text).collect();
        assert_eq!(
            steps,
            vec![
                ScriptLine {
                    line: 3,
                    step: Step::Act("Alice: Vote Lynch: Bob")
                },
                ScriptLine {
                    line: 4,
                    step: Step::Next
                },
            ]
        );
    }
}
