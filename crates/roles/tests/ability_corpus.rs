//! The whole fixture corpus: every ability block of every `__Formalized__` section parses
//! without diagnostics, formats canonically and round-trips.

use std::path::{Path, PathBuf};

use mafia_roles::ability::{LineKind, classify_line, parse_ability_block};
use mafia_roles::diag::Diagnostic;

fn corpus_dir() -> PathBuf {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures/wwr-roles"
    ))
    .to_path_buf()
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// One ability block: its text and its byte offset in the file.
struct Block {
    file: PathBuf,
    offset: usize,
    text: String,
}

/// The ability blocks of a file's formalized section (a stand-in for the element parser).
fn blocks(file: &Path, text: &str) -> Vec<Block> {
    let Some(at) = text.find("__Formalized__") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut pos = at + text[at..].find('\n').map_or(text.len() - at, |i| i + 1);
    let mut current: Option<(usize, usize)> = None;
    while pos < text.len() {
        let end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
        let line = &text[pos..end];
        let cont = line.starts_with([' ', '\t'])
            || line.trim_start().starts_with(mafia_roles::ability::GLYPHS);
        if line.starts_with("__") && line.trim_end().ends_with("__") && line.trim().len() > 4 {
            break;
        }
        if cont && current.is_some() && !line.trim().is_empty() {
            if let Some((_, e)) = &mut current {
                *e = end;
            }
        } else if !cont {
            if let Some((s, e)) = current.take() {
                out.push(Block {
                    file: file.to_path_buf(),
                    offset: s,
                    text: text[s..e].to_string(),
                });
            }
            if classify_line(line) == LineKind::Ability {
                current = Some((pos, end));
            }
        }
        pos = end + 1;
    }
    if let Some((s, e)) = current.take() {
        out.push(Block {
            file: file.to_path_buf(),
            offset: s,
            text: text[s..e].to_string(),
        });
    }
    out
}

fn all_blocks() -> Vec<Block> {
    let mut fs = Vec::new();
    files(&corpus_dir(), &mut fs);
    let mut out = Vec::new();
    for f in fs {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        out.extend(blocks(&f, &text));
    }
    out
}

/// Every ability block in the corpus parses without a diagnostic.
#[test]
fn every_corpus_ability_parses_without_diagnostics() {
    let blocks = all_blocks();
    assert!(
        blocks.len() > 450,
        "the corpus has about 500 ability blocks, found {}",
        blocks.len()
    );
    let mut problems = Vec::new();
    for b in &blocks {
        let mut diags: Vec<Diagnostic> = Vec::new();
        parse_ability_block(&b.text, b.offset, &mut diags);
        for d in diags {
            let shown = b
                .text
                .get(d.span.start - b.offset..d.span.end - b.offset)
                .unwrap_or("?");
            problems.push(format!("{}: {} at `{shown}`", b.file.display(), d.message));
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// parse(format(ast)) == ast for every corpus ability, and formatting is idempotent.
#[test]
fn every_corpus_ability_round_trips_through_the_formatter() {
    for b in all_blocks() {
        let mut diags = Vec::new();
        let ast = parse_ability_block(&b.text, b.offset, &mut diags);
        let text = ast.to_text();
        let mut diags2 = Vec::new();
        let again = parse_ability_block(text.trim_end(), 0, &mut diags2);
        assert!(
            diags2.is_empty(),
            "{}: formatted text has diagnostics {diags2:?}:\n{text}",
            b.file.display()
        );
        assert_eq!(
            again,
            ast,
            "{}: round trip changed the AST:\n{}\n---\n{text}",
            b.file.display(),
            b.text
        );
        assert_eq!(
            again.to_text(),
            text,
            "{}: formatting is not idempotent",
            b.file.display()
        );
    }
}

/// Every unindented line of every formalized section is either an ability or a known header.
#[test]
fn corpus_lines_classify_as_abilities_or_headers() {
    let headers = [
        "Inherit:",
        "Require:",
        "Role Attribute:",
        "Identity:",
        "Include:",
        "Win Condition:",
        "Available Options:",
        "Allowed Voters:",
        "Show Voters:",
        "Random:",
        "Sort Index:",
        "Members:",
        "Viewers:",
        "Haunting:",
        "No Abilities",
        "N/A",
        "Unique Role",
        "Unique Group",
        "Haunted Role",
        "Haunted Attribute",
        "Ghostly Role",
        "Ghostly Group",
    ];
    let mut fs = Vec::new();
    files(&corpus_dir(), &mut fs);
    let mut abilities = 0;
    for f in fs {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        let Some(at) = text.find("__Formalized__") else {
            continue;
        };
        for line in text[at..].lines().skip(1) {
            if line.starts_with("__") && line.trim_end().ends_with("__") {
                break;
            }
            if line.is_empty()
                || line.starts_with(char::is_whitespace)
                || line.starts_with(mafia_roles::ability::GLYPHS)
            {
                continue;
            }
            match classify_line(line) {
                LineKind::Ability => abilities += 1,
                kind => assert!(
                    headers.iter().any(|h| line.starts_with(h)),
                    "{}: `{line}` classified {kind:?}",
                    f.display()
                ),
            }
        }
    }
    assert!(abilities > 450);
}
