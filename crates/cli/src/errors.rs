//! How `mafia` tells the user what went wrong: the one place that writes errors and warnings
//! to stderr.
//!
//! Every subcommand returns `miette::Result<ExitCode>`; `main` hands an error to [`report`],
//! which prints one unwrapped `error: <what>: <cause>: …` line (the chain of causes joined
//! with `: `, so that a file:line:column at its start stays whole, copyable and greppable),
//! then a `help: …` line when the error carries a hint, and exits with status 2. Problems the
//! run goes on past are printed by [`warn`] as `warning: …` lines.
//!
//! The exit status 1 of `roles check` and `roles fmt --check` is not an error: it is their
//! verdict, printed with the rest of their output on stdout.

use std::fmt::Display;
use std::io::Write;
use std::process::ExitCode;

/// The exit status of a command that failed.
const FAILED: u8 = 2;

/// Prints `error` on stderr (see the module doc) and gives the exit status of a failure.
pub fn report(error: &miette::Report) -> ExitCode {
    // Whoever started us may have closed stderr: nothing more can be said then.
    let _ = std::io::stderr().lock().write_all(render(error).as_bytes());
    ExitCode::from(FAILED)
}

/// The text [`report`] prints: the `error:` line and any `help:` line, each ending in `\n`.
pub fn render(error: &miette::Report) -> String {
    let mut text = String::from("error: ");
    for (i, cause) in error.chain().enumerate() {
        if i > 0 {
            text.push_str(": ");
        }
        text.push_str(&cause.to_string());
    }
    text.push('\n');
    if let Some(help) = error.help() {
        text.push_str(&format!("help: {help}\n"));
    }
    text
}

/// Prints a `warning:` line on stderr, for a problem the run goes on past.
pub fn warn(message: impl Display) {
    let _ = writeln!(std::io::stderr().lock(), "warning: {message}");
}

#[cfg(test)]
mod tests {
    use miette::{IntoDiagnostic, WrapErr, miette};

    use super::render;

    #[test]
    fn the_causes_are_joined_on_one_line() {
        let error = std::fs::read("/no/such/file")
            .into_diagnostic()
            .wrap_err("cannot read the night file /no/such/file")
            .unwrap_err();
        let text = render(&error);
        assert!(
            text.starts_with("error: cannot read the night file /no/such/file: "),
            "{text}"
        );
        assert_eq!(text.lines().count(), 1, "{text}");
    }

    #[test]
    fn a_hint_comes_on_its_own_line() {
        let error = miette!(help = "try `mafia roles check`", "no element called `seer`");
        assert_eq!(
            render(&error),
            "error: no element called `seer`\nhelp: try `mafia roles check`\n"
        );
    }
}
