//! The corpus loader: a whole role set from a directory, or one file, with each file's kind
//! decided from the role set's `_paths/<kind>` lists (or, outside a role set, from the title
//! line and the content).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::diag::Diagnostic;
use crate::element::{self, Element, ElementKind};
use crate::source;

/// Why a role set or a file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path} is not UTF-8 text")]
    NotUtf8 { path: PathBuf },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> LoadError + '_ {
    move |source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// One element file, parsed.
#[derive(Debug, Clone)]
pub struct ParsedFile {
    pub path: PathBuf,
    /// The path shown in diagnostics: relative to the role set's root when there is one.
    pub display: String,
    pub text: String,
    pub kind: ElementKind,
    /// `None` when the file has no formalized text (only descriptions, or nothing).
    pub element: Option<Element>,
    /// Parse diagnostics (the checker adds its own separately).
    pub diags: Vec<Diagnostic>,
}

impl ParsedFile {
    /// Parses `text` as an element of `kind`; the file stem is the name when there is no
    /// title line.
    pub fn parse(path: PathBuf, display: String, text: String, kind: ElementKind) -> ParsedFile {
        // Borrowed unless the name is not UTF-8.
        let stem = path
            .file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default();
        let mut diags = Vec::new();
        let element = element::parse_element(&text, kind, &stem, &mut diags);
        ParsedFile {
            path,
            display,
            text,
            kind,
            element,
            diags,
        }
    }

    /// The file name without folders (`Werewolf` for `_game/teams/Werewolf`).
    pub fn file_name(&self) -> String {
        self.path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    pub fn has_errors(&self) -> bool {
        self.diags
            .iter()
            .any(|d| d.severity == crate::diag::Severity::Error)
    }
}

/// Every element file of a role set.
#[derive(Debug, Clone, Default)]
pub struct RoleSet {
    /// The role set's root (the folder holding `_paths`), if there is one.
    pub root: Option<PathBuf>,
    pub files: Vec<ParsedFile>,
}

impl RoleSet {
    /// Loads a directory. Inside a role set (a folder with `_paths`, here or above), only the
    /// folders listed in `_paths` that lie under `dir` are read; otherwise every file below
    /// `dir` whose kind can be told from its title or content.
    pub fn load_dir(dir: &Path) -> Result<RoleSet, LoadError> {
        let dir = &std::path::absolute(dir).map_err(io(dir))?;
        let root = find_root(dir);
        let mut files = Vec::new();
        match &root {
            Some(root) => {
                let paths = read_paths(root)?;
                for (folder, kind) in &paths {
                    let full = root.join(folder);
                    if !full.starts_with(dir) && !dir.starts_with(&full) {
                        continue;
                    }
                    let Ok(entries) = std::fs::read_dir(&full) else {
                        continue; // `_paths` may list folders that do not exist
                    };
                    let mut names: Vec<PathBuf> = entries
                        .filter_map(Result::ok)
                        .map(|e| e.path())
                        .filter(|p| p.is_file())
                        .collect();
                    names.sort();
                    for path in names {
                        if !path.starts_with(dir) {
                            continue;
                        }
                        let text = read_text(&path)?;
                        let display = display_path(&path, Some(root));
                        files.push(ParsedFile::parse(path, display, text, *kind));
                    }
                }
            }
            None => {
                let mut paths = Vec::new();
                walk(dir, &mut paths)?;
                paths.sort();
                for path in paths {
                    let text = read_text(&path)?;
                    let Some(kind) = sniff_kind(&path, &text) else {
                        continue;
                    };
                    let display = display_path(&path, Some(dir));
                    files.push(ParsedFile::parse(path, display, text, kind));
                }
            }
        }
        files.retain(|f| f.element.is_some());
        Ok(RoleSet { root, files })
    }

    /// A role set from files held in memory, each `(path, kind, text)` with its path relative
    /// to `root` (as [`ParsedFile::display`] shows it): the same files as
    /// [`RoleSet::load_dir`] gives when those are the files it read, in its order (files
    /// without formalized text are left out as there). Nothing is read from disk.
    pub fn from_files<'a>(
        root: &Path,
        files: impl IntoIterator<Item = (&'a str, ElementKind, &'a str)>,
    ) -> RoleSet {
        let mut parsed: Vec<ParsedFile> = files
            .into_iter()
            .map(|(display, kind, text)| {
                ParsedFile::parse(
                    root.join(display),
                    display.to_owned(),
                    text.to_owned(),
                    kind,
                )
            })
            .collect();
        parsed.retain(|f| f.element.is_some());
        RoleSet {
            root: Some(root.to_path_buf()),
            files: parsed,
        }
    }

    /// Loads one file; its kind comes from the enclosing role set's `_paths` if the file lies
    /// in a listed folder, else from its title and content (a role by default).
    pub fn load_file(path: &Path) -> Result<ParsedFile, LoadError> {
        let path = &std::path::absolute(path).map_err(io(path))?;
        let text = read_text(path)?;
        let root = path.parent().and_then(find_root);
        let mut kind = None;
        if let Some(root) = &root {
            let paths = read_paths(root)?;
            let folder = path.parent().unwrap_or(root);
            kind = paths
                .iter()
                .find(|(f, _)| root.join(f) == folder)
                .map(|(_, k)| *k);
        }
        let kind = kind
            .or_else(|| sniff_kind(path, &text))
            .unwrap_or(ElementKind::Role);
        let display = display_path(path, root.as_deref());
        Ok(ParsedFile::parse(path.to_path_buf(), display, text, kind))
    }

    /// Finds the element called `name` (by title or file name, ignoring case, spaces, `-`
    /// and `_`), preferring roles.
    pub fn find(&self, name: &str) -> Option<&ParsedFile> {
        let key = normalize(name);
        let mut hits: Vec<&ParsedFile> = self
            .files
            .iter()
            .filter(|f| {
                normalize(&f.file_name()) == key
                    || f.element
                        .as_ref()
                        .is_some_and(|e| normalize(&e.name) == key)
            })
            .collect();
        hits.sort_by_key(|f| f.kind);
        hits.first().copied()
    }
}

/// The name key used to resolve references: lower case, without spaces, `-` and `_`.
pub fn normalize(name: &str) -> String {
    let mut key = String::with_capacity(name.len());
    normalize_into(name, &mut key);
    key
}

/// Appends [`normalize`]`(name)` to `out` (the checker's name index keeps every key in one
/// string).
pub(crate) fn normalize_into(name: &str, out: &mut String) {
    if name.is_ascii() {
        // The common case, without the general lower-casing (which may yield several chars).
        out.extend(
            name.bytes()
                .filter(|b| !matches!(b, b' ' | b'-' | b'_'))
                .map(|b| char::from(b.to_ascii_lowercase())),
        );
    } else {
        out.extend(
            name.chars()
                .filter(|c| !matches!(c, ' ' | '-' | '_'))
                .flat_map(char::to_lowercase),
        );
    }
}

fn read_text(path: &Path) -> Result<String, LoadError> {
    let bytes = std::fs::read(path).map_err(io(path))?;
    String::from_utf8(bytes).map_err(|_| LoadError::NotUtf8 {
        path: path.to_path_buf(),
    })
}

fn display_path(path: &Path, root: Option<&Path>) -> String {
    root.and_then(|r| path.strip_prefix(r).ok())
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

/// The nearest folder at or above `dir` that holds a `_paths` folder.
pub fn find_root(dir: &Path) -> Option<PathBuf> {
    let dir = if dir.is_absolute() {
        dir.to_path_buf()
    } else {
        std::env::current_dir().ok()?.join(dir)
    };
    dir.ancestors()
        .find(|a| a.join("_paths").is_dir())
        .map(Path::to_path_buf)
}

/// Reads `_paths/<kind>`: folder (relative to the root) → kind. Unknown kinds (`info`,
/// `displays`) are not elements of the role language and are left out.
pub fn read_paths(root: &Path) -> Result<BTreeMap<String, ElementKind>, LoadError> {
    let dir = root.join("_paths");
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).map_err(io(&dir))? {
        let entry = entry.map_err(io(&dir))?;
        let word = entry.file_name().to_string_lossy().into_owned();
        let Some(kind) = ElementKind::from_paths_word(&word) else {
            continue;
        };
        let text = read_text(&entry.path())?;
        for line in text.lines() {
            let folder = line.trim();
            if !folder.is_empty() {
                out.insert(folder.to_string(), kind);
            }
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), LoadError> {
    for entry in std::fs::read_dir(dir).map_err(io(dir))? {
        let entry = entry.map_err(io(dir))?;
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        if path.is_dir() {
            walk(&path, out)?;
        } else {
            out.push(path);
        }
    }
    Ok(())
}

/// Outside a role set: the kind from the folder name, the title's tail or the content.
pub fn sniff_kind(path: &Path, text: &str) -> Option<ElementKind> {
    let ex = source::extract(text, true);
    let title = ex.title.as_ref()?;
    if let Some(kind) = title
        .tail
        .as_ref()
        .and_then(|t| ElementKind::from_title_tail(&t.value))
    {
        return Some(kind);
    }
    let folder = path
        .parent()
        .and_then(Path::file_name)
        .map(|f| f.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    if let Some(kind) = match folder.as_str() {
        "teams" => Some(ElementKind::Team),
        "groups" => Some(ElementKind::Group),
        "polls" => Some(ElementKind::Poll),
        "locations" => Some(ElementKind::Location),
        "attributes" => Some(ElementKind::Attribute),
        "ability sets" | "sets" => Some(ElementKind::AbilitySet),
        _ => None,
    } {
        return Some(kind);
    }
    let body = ex.formalized.and_then(|s| text.get(s)).unwrap_or("");
    let has_line = |key: &str| body.lines().any(|l| l.starts_with(key));
    Some(if has_line("Win Condition:") {
        ElementKind::Team
    } else if has_line("Sort Index:") || has_line("Members:") {
        ElementKind::Location
    } else {
        ElementKind::Role
    })
}
