//! The role book an editor works on: every element file of the workspace's role set, parsed,
//! with the text of open files in place of the text on disk. A change re-parses only the file
//! that changed; the others keep their parsed elements, and the cross-file check runs only
//! for the files asked about.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use mafia_roles::check::check_files;
use mafia_roles::corpus::{self, LoadError, normalize};
use mafia_roles::{Diagnostic, ElementKind, ParsedFile, RoleSet};

/// The parsed role book.
#[derive(Debug, Default)]
pub struct Book {
    /// The folders that `_paths` lists, as absolute paths, with the kind of their files.
    /// Empty when the workspace is not a role set.
    folders: Vec<(PathBuf, ElementKind)>,
    /// Every role file known so far (indices never change: a file edited away to nothing
    /// stays, defining nothing).
    set: RoleSet,
    by_path: HashMap<PathBuf, usize>,
    /// Normalised name (title and file name) → the files that define it.
    names: HashMap<String, Vec<usize>>,
}

impl Book {
    /// Loads the role set that `workspace` lies in or is (the nearest folder with `_paths` at
    /// or above it). Without one, the book starts empty: open files are parsed on their own
    /// and references are not checked.
    pub fn load(workspace: &Path) -> Result<Book, LoadError> {
        let Some(root) = corpus::find_root(workspace) else {
            return Ok(Book::default());
        };
        let folders = corpus::read_paths(&root)?
            .into_iter()
            .map(|(folder, kind)| (root.join(folder), kind))
            .collect();
        let set = RoleSet::load_dir(&root)?;
        let mut book = Book {
            folders,
            set,
            ..Book::default()
        };
        for n in 0..book.set.files.len() {
            book.by_path.insert(book.set.files[n].path.clone(), n);
            book.add_names(n);
        }
        Ok(book)
    }

    /// The root of the role set (the folder holding `_paths`), if the workspace is one.
    pub fn root(&self) -> Option<&Path> {
        self.set.root.as_deref()
    }

    /// Whether references are checked (the workspace is a role set).
    pub fn checks_references(&self) -> bool {
        self.set.root.is_some()
    }

    /// The kind of element the file at `path` holds, or `None` when it is not a role file:
    /// inside a role set, a file of a folder that `_paths` lists; outside one, a file whose
    /// first line is a title (`**Name** | …`) and that has a `__Formalized__` section.
    pub fn kind_of(&self, path: &Path, text: &str) -> Option<ElementKind> {
        if self.set.root.is_some() {
            let folder = path.parent()?;
            return self
                .folders
                .iter()
                .find(|(f, _)| f == folder)
                .map(|(_, k)| *k);
        }
        let extracted = mafia_roles::source::extract(text, false);
        extracted.explicit_section.then_some(())?;
        corpus::sniff_kind(path, text)
    }

    /// Sets the text of the file at `path` (an edit, or the text on disk when the editor
    /// closes it) and re-parses that file only. Returns the file's index, or `None` when the
    /// file is not a role file.
    pub fn update(&mut self, path: &Path, text: String) -> Option<usize> {
        let kind = match self.by_path.get(path) {
            Some(&n) => self.set.files[n].kind,
            None => self.kind_of(path, &text)?,
        };
        let display = self
            .root()
            .and_then(|r| path.strip_prefix(r).ok())
            .unwrap_or(path)
            .to_string_lossy()
            .into_owned();
        let parsed = ParsedFile::parse(path.to_path_buf(), display, text, kind);
        let n = match self.by_path.get(path) {
            Some(&n) => {
                self.remove_names(n);
                self.set.files[n] = parsed;
                n
            }
            None => {
                self.set.files.push(parsed);
                let n = self.set.files.len() - 1;
                self.by_path.insert(path.to_path_buf(), n);
                n
            }
        };
        self.add_names(n);
        Some(n)
    }

    /// The index of the role file at `path`.
    pub fn index_of(&self, path: &Path) -> Option<usize> {
        self.by_path.get(path).copied()
    }

    /// The role file with index `n`.
    pub fn file(&self, n: usize) -> Option<&ParsedFile> {
        self.set.files.get(n)
    }

    /// Every role file, by index.
    pub fn files(&self) -> &[ParsedFile] {
        &self.set.files
    }

    /// The parse diagnostics and the cross-file findings of each of `files`, each list in
    /// the order of the text.
    pub fn diagnostics(&self, files: &[usize]) -> Vec<Vec<Diagnostic>> {
        let mut out: Vec<Vec<Diagnostic>> = files
            .iter()
            .map(|&n| self.file(n).map_or_else(Vec::new, |f| f.diags.clone()))
            .collect();
        if self.checks_references() {
            for finding in check_files(&self.set, files) {
                if let Some(at) = files.iter().position(|&n| n == finding.file) {
                    out[at].push(finding.diag);
                }
            }
        }
        for list in &mut out {
            list.sort_by_key(|d| (d.span.start, d.span.end));
        }
        out
    }

    /// The file that defines `name` as one of `kinds` (any kind when `kinds` is empty),
    /// compared as the checker compares names (case, spaces, `-` and `_` do not matter);
    /// roles first, then teams, groups…
    pub fn define(&self, kinds: &[ElementKind], name: &str) -> Option<usize> {
        let hits = self.names.get(&normalize(name))?;
        hits.iter()
            .copied()
            .filter(|&n| kinds.is_empty() || kinds.contains(&self.set.files[n].kind))
            .min_by_key(|&n| (self.set.files[n].kind, n))
    }

    /// Every defined element: its name (the title), kind and file index, in file order.
    pub fn elements(&self) -> impl Iterator<Item = (&str, ElementKind, usize)> {
        self.set
            .files
            .iter()
            .enumerate()
            .filter_map(|(n, f)| Some((f.element.as_ref()?.name.as_str(), f.kind, n)))
    }

    fn keys(&self, n: usize) -> Vec<String> {
        let file = &self.set.files[n];
        let Some(element) = &file.element else {
            return Vec::new();
        };
        let mut keys = vec![normalize(&file.file_name()), normalize(&element.name)];
        keys.dedup();
        keys
    }

    fn add_names(&mut self, n: usize) {
        for key in self.keys(n) {
            self.names.entry(key).or_default().push(n);
        }
    }

    fn remove_names(&mut self, n: usize) {
        for key in self.keys(n) {
            if let Some(list) = self.names.get_mut(&key) {
                list.retain(|&m| m != n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_a_role_set_a_file_needs_a_title_and_a_formalized_section() {
        let book = Book::default();
        let role = "**Seer** | Townsfolk Investigative\n__Formalized__\nImediate Night: Role Investigate @Selection\n";
        let notes = "**Shopping** | Monday\nEggs, milk.\n";
        assert_eq!(
            book.kind_of(Path::new("/notes/seer"), role),
            Some(ElementKind::Role)
        );
        assert_eq!(book.kind_of(Path::new("/notes/shopping"), notes), None);
        assert_eq!(
            book.kind_of(Path::new("/notes/README.md"), "# Roles\n"),
            None
        );
    }

    #[test]
    fn outside_a_role_set_references_are_not_checked() {
        let mut book = Book::default();
        // A misspelt trigger and a group that no file defines: only the first is reported.
        let text = "**Wolf** | Werewolf Killing\n__Formalized__\nStarting: Join #Wolfpack\nImediate Night: Attack @Selection\n";
        let n = book.update(Path::new("/notes/wolf"), text.into()).unwrap();
        let diags = &book.diagnostics(&[n])[0];
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].message, "unknown trigger type `Imediate Night`");
    }

    #[test]
    fn an_edit_renames_an_element() {
        let mut book = Book::default();
        let path = Path::new("/notes/pack");
        book.update(
            path,
            "**Pack** | Ability Set\n__Formalized__\nStarting: Join #Wolfpack\n".into(),
        );
        assert!(book.define(&[ElementKind::AbilitySet], "Pack").is_some());
        book.update(
            path,
            "**Den** | Ability Set\n__Formalized__\nStarting: Join #Wolfpack\n".into(),
        );
        assert!(book.define(&[], "Den").is_some());
        // The file name still names it; the old title no longer does.
        assert_eq!(book.define(&[], "pack"), book.define(&[], "Den"));
        book.update(path, String::new());
        assert_eq!(book.define(&[], "Den"), None);
    }
}
