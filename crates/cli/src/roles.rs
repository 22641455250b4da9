//! `mafia roles`: check, format and show WWR formalized role files (issue 3), and their
//! language server (`mafia roles lsp`, issue 12). Only wiring:
//! the work is done by `mafia_roles`.
use std::path::PathBuf;
use std::process::ExitCode;

use mafia_roles::check::check_path;
use mafia_roles::format::{Formatted, format_parsed};
use mafia_roles::{RoleSet, diag};
use miette::{IntoDiagnostic, WrapErr};

#[derive(Debug, clap::Subcommand)]
pub enum RolesCommand {
    /// Check role files: report every parse error and every reference to an undefined role,
    /// team, group, attribute, poll, ability set or location. Exit code 1 on errors.
    Check {
        /// A role file, or a directory (a whole role set: a folder with `_paths`, or any
        /// folder of element files).
        path: PathBuf,
    },
    /// Rewrite the formalized sections of role files in canonical form.
    Fmt {
        /// Only report the files that are not canonical (exit code 1 if any); write nothing.
        #[arg(long)]
        check: bool,
        /// A role file or a directory.
        path: PathBuf,
    },
    /// Show one element of a role set: its canonical text, or its AST as JSON.
    Show {
        /// The element's name (title or file name; case, spaces, `-` and `_` do not matter).
        name: String,
        /// The role set to look in (a folder with `_paths`, or any folder of element files).
        #[arg(long)]
        dir: PathBuf,
        /// Print the AST as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Run the language server for role files: diagnostics as you type, hover,
    /// go-to-definition, completion and formatting, for any editor that speaks the Language
    /// Server Protocol.
    ///
    /// Editors start it themselves: configure the command `mafia roles lsp` (no arguments)
    /// as the language server of role files; it talks JSON-RPC on standard input and output
    /// and loads the role book at the workspace root (the folder with `_paths`). The README's
    /// "Role files in your editor" shows the VS Code extension (editors/vscode), Neovim and
    /// Helix set-ups. Nothing is printed to the terminal: run by hand, it waits for an
    /// editor's `initialize` message.
    Lsp,
}

/// Writes to stdout; a closed pipe (`mafia roles check … | head`) is not an error.
fn emit(text: &str) -> miette::Result<()> {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(e).into_diagnostic().wrap_err("cannot write to stdout")
        }
        _ => Ok(()),
    }
}

/// `emit` with a line break.
fn emitln(text: &str) -> miette::Result<()> {
    emit(text)?;
    emit("\n")
}

pub fn run(cmd: RolesCommand) -> miette::Result<ExitCode> {
    match cmd {
        RolesCommand::Check { path } => check(path),
        RolesCommand::Fmt { check, path } => fmt(path, check),
        RolesCommand::Show { name, dir, json } => show(&name, dir, json),
        RolesCommand::Lsp => {
            mafia_lsp::run_stdio()
                .into_diagnostic()
                .wrap_err("the role language server stopped")?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn check(path: PathBuf) -> miette::Result<ExitCode> {
    let report = check_path(&path)
        .into_diagnostic()
        .wrap_err("cannot check role files")?;
    for finding in &report.diags {
        let file = &report.files[finding.file];
        emit(&diag::render(&file.display, &file.text, &finding.diag))?;
    }
    if !report.references_checked {
        emitln(
            "note: the file is not inside a role set (no `_paths` folder above it): references were not checked",
        )?;
    }
    emitln(&format!(
        "{} files checked: {} errors, {} warnings",
        report.files.len(),
        report.errors(),
        report.warnings()
    ))?;
    Ok(if report.errors() > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn fmt(path: PathBuf, check_only: bool) -> miette::Result<ExitCode> {
    let files = if path.is_dir() {
        RoleSet::load_dir(&path).into_diagnostic()?.files
    } else {
        vec![RoleSet::load_file(&path).into_diagnostic()?]
    };
    let mut failed = false;
    let mut changed = 0;
    for file in &files {
        match format_parsed(file) {
            Formatted::Unchanged => {}
            Formatted::Changed(text) => {
                changed += 1;
                if check_only {
                    emitln(&format!("not canonical: {}", file.display))?;
                    failed = true;
                } else {
                    std::fs::write(&file.path, text)
                        .into_diagnostic()
                        .wrap_err_with(|| format!("cannot write {}", file.path.display()))?;
                    emitln(&format!("formatted: {}", file.display))?;
                }
            }
            Formatted::HasErrors => {
                emitln(&format!(
                    "skipped (has errors; run `mafia roles check`): {}",
                    file.display
                ))?;
                failed = true;
            }
            Formatted::NotRoundTrip => {
                emitln(&format!(
                    "skipped (the canonical text would not parse back the same; please report): {}",
                    file.display
                ))?;
                failed = true;
            }
        }
    }
    let verb = if check_only {
        "would change"
    } else {
        "changed"
    };
    emitln(&format!("{} files, {changed} {verb}", files.len()))?;
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn show(name: &str, dir: PathBuf, json: bool) -> miette::Result<ExitCode> {
    let set = RoleSet::load_dir(&dir).into_diagnostic()?;
    let Some(file) = set.find(name) else {
        return Err(miette::miette!(
            help = "the name is a title (`**Name**`) or a file name in the role set",
            "no element called `{name}` in {}",
            dir.display()
        ));
    };
    let Some(element) = &file.element else {
        return Err(miette::miette!("`{name}` has no formalized text"));
    };
    if json {
        emitln(&serde_json::to_string_pretty(element).into_diagnostic()?)?;
    } else {
        emitln(&format!(
            "**{}** ({}, {})",
            element.name,
            element.kind.noun(),
            file.display
        ))?;
        emit(&element.format_formalized())?;
    }
    Ok(ExitCode::SUCCESS)
}
