//! The game-file lines a review item suggests: `[[corrections]]` records (TOML) that a host
//! pastes into the game file to correct what the tracker could not read (issue 11, point 3).
//! One function renders a record, so the format lives in one place.

use std::fmt::Write as _;

use crate::phase::Phase;

/// The action of one `[[corrections]]` record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Correction {
    /// `phase = "Day 4"`: this phase begins after the post.
    Phase(Phase),
    /// `end_phase = true`: the running phase ends after the post.
    EndPhase,
    /// `dies = "Name"`.
    Dies(String),
}

/// One `[[corrections]]` record: the action applies right after post `at`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub at: u64,
    pub correction: Correction,
    pub comment: Option<String>,
}

/// A TOML basic string: quotes around, `\` and `"` escaped, control characters as escapes.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The records as the game file writes them, one `[[corrections]]` table each, separated by
/// a blank line.
pub fn render(records: &[Record]) -> String {
    let mut out = String::new();
    for (i, record) in records.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str("[[corrections]]\n");
        let _ = writeln!(out, "at = {}", record.at);
        match &record.correction {
            Correction::Phase(phase) => {
                let _ = writeln!(out, "phase = {}", quoted(&phase.to_string()));
            }
            Correction::EndPhase => out.push_str("end_phase = true\n"),
            Correction::Dies(name) => {
                let _ = writeln!(out, "dies = {}", quoted(name));
            }
        }
        if let Some(comment) = &record.comment {
            let _ = writeln!(out, "comment = {}", quoted(comment));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phase_record_reads_as_the_game_file_writes_it() {
        let text = render(&[Record {
            at: 410,
            correction: Correction::Phase(Phase::day(4)),
            comment: Some("host said \"Night 3\"".into()),
        }]);
        assert_eq!(
            text,
            "[[corrections]]\nat = 410\nphase = \"Day 4\"\ncomment = \"host said \\\"Night 3\\\"\"\n"
        );
    }

    #[test]
    fn records_are_separated_by_a_blank_line() {
        let text = render(&[
            Record {
                at: 7,
                correction: Correction::EndPhase,
                comment: None,
            },
            Record {
                at: 7,
                correction: Correction::Dies("Bob".into()),
                comment: None,
            },
        ]);
        assert_eq!(
            text,
            "[[corrections]]\nat = 7\nend_phase = true\n\n[[corrections]]\nat = 7\ndies = \"Bob\"\n"
        );
    }
}
