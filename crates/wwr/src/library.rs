//! Definitions: every element of a role set indexed by kind and name, with ability-set
//! inheritance resolved, and the list of what the engine cannot execute yet.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use mafia_roles::ability::{
    Ability, AbilityKind, Base, Loc, QueryItem, Sigil, Step, Timing, Trigger, Value,
};
use mafia_roles::element::{Flag, Heading, Item, ListItem};
use mafia_roles::{ElementKind, RoleSet};
use serde::{Deserialize, Serialize};

use crate::error::WwrError;
use crate::setup::line_col;

/// The lookup key of a name: lower case, `-`/`_` as spaces, single spaces.
pub fn norm(name: &str) -> String {
    // One pass and one allocation: the engine looks names up many times a phase.
    let mut out = String::with_capacity(name.len());
    let mut gap = false;
    for c in name.trim().trim_matches('`').chars() {
        let c = match c {
            '-' | '_' => ' ',
            c => c.to_ascii_lowercase(),
        };
        if c.is_whitespace() {
            gap = !out.is_empty();
        } else {
            if gap {
                out.push(' ');
                gap = false;
            }
            out.push(c);
        }
    }
    out
}

/// One element of the role set, ready to run.
#[derive(Debug, Clone)]
pub struct Def {
    pub kind: ElementKind,
    pub name: String,
    /// The file, relative to the role set.
    pub file: String,
    /// Role group (`Townsfolk`, `Werewolf`, `Solo`, `Unaligned`, `Extra`).
    pub class: Option<String>,
    pub category: Option<String>,
    /// The team a solo role or a group belongs to.
    pub team: Option<String>,
    /// Own abilities and inherited ones, each with the line it starts at.
    pub abilities: Vec<(Arc<Ability>, usize)>,
    pub role_attributes: Vec<String>,
    pub win_condition: Vec<ListItem>,
    pub options: Vec<ListItem>,
    pub voters: Vec<ListItem>,
    pub random: Option<String>,
    /// Marker lines: `Haunted Role`, `Ghostly Role`, `Haunted Attribute`, `Ghostly Group`…
    pub flags: Vec<Flag>,
    /// A location's `Sort Index:`, `Members:`, `Viewers:` and `Haunting:` lines.
    pub location: Option<LocationDef>,
    /// `Require: `Role`` lines (guide, Requirements): roles that must be in the game too.
    pub requires: Vec<String>,
}

/// What a location file says (guide, Locations): where it sorts, who may write in it and
/// who may only read it, and whether it exists only in haunting games.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LocationDef {
    pub sort_index: i64,
    pub members: Option<mafia_roles::element::Access>,
    pub viewers: Option<mafia_roles::element::Access>,
    pub haunting: bool,
}

/// An ability (or trigger) that the engine cannot execute, found at load time.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Unsupported {
    /// `file:line`.
    pub place: String,
    pub element: String,
    /// `unsupported: <type> (reason)`.
    pub what: String,
}

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}): {}", self.place, self.element, self.what)
    }
}

type Raw = BTreeMap<(ElementKind, String), (mafia_roles::Element, String, String)>;

/// Every element of a role set.
#[derive(Debug, Clone, Default)]
pub struct Library {
    pub root: PathBuf,
    defs: BTreeMap<(ElementKind, String), Arc<Def>>,
}

/// One file of a role book as [`Library::load`] reads it: its path relative to the role
/// set's root (as [`Def::file`] names it), its kind, and its text as written. A book held as
/// these files (a game's stored snapshot) builds the same library without the folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookFile {
    pub path: String,
    pub kind: ElementKind,
    pub text: String,
}

impl Library {
    /// Loads a role-set folder (see `mafia_roles::RoleSet::load_dir`). Elements defined twice
    /// (e.g. the haunting variants of polls) keep the first definition in `_paths` order;
    /// a later one stays reachable by its file name (`Medium Haunted`).
    pub fn load(dir: &Path) -> Result<Library, WwrError> {
        let set = RoleSet::load_dir(dir).map_err(|e| WwrError::RoleSet(e.to_string()))?;
        Ok(Library::from_set(dir, &set))
    }

    /// Loads a role-set folder as [`Library::load`] does, and returns the files it read (those
    /// that define an element), in the order read: [`Library::from_files`] on them gives the
    /// same library.
    pub fn load_with_files(dir: &Path) -> Result<(Library, Vec<BookFile>), WwrError> {
        let set = RoleSet::load_dir(dir).map_err(|e| WwrError::RoleSet(e.to_string()))?;
        let lib = Library::from_set(dir, &set);
        let files = (set.files.into_iter())
            .map(|f| BookFile {
                path: f.display,
                kind: f.kind,
                text: f.text,
            })
            .collect();
        Ok((lib, files))
    }

    /// The library of a role book held in memory (from [`Library::load_with_files`]), with
    /// `dir` as its root: nothing is read from disk.
    pub fn from_files(dir: &Path, files: &[BookFile]) -> Library {
        let set = RoleSet::from_files(
            dir,
            (files.iter()).map(|f| (f.path.as_str(), f.kind, f.text.as_str())),
        );
        Library::from_set(dir, &set)
    }

    fn from_set(dir: &Path, set: &RoleSet) -> Library {
        let mut raw: Raw = BTreeMap::new();
        let mut aliases: Vec<((ElementKind, String), (ElementKind, String))> = Vec::new();
        for file in &set.files {
            let Some(el) = &file.element else { continue };
            let key = (el.kind, norm(&el.name));
            if raw.contains_key(&key) {
                let fkey = (el.kind, norm(&file.file_name()));
                raw.entry(fkey)
                    .or_insert_with(|| (el.clone(), file.display.clone(), file.text.clone()));
                continue;
            }
            let fkey = (el.kind, norm(&file.file_name()));
            if fkey != key {
                aliases.push((fkey, key.clone()));
            }
            raw.insert(key, (el.clone(), file.display.clone(), file.text.clone()));
        }
        let mut lib = Library {
            root: dir.to_path_buf(),
            defs: BTreeMap::new(),
        };
        for (key, (el, display, text)) in &raw {
            let mut abilities = Vec::new();
            let mut role_attributes = Vec::new();
            collect(&raw, el, text, &mut abilities, &mut role_attributes, 0);
            let (class, category, team) = match &el.heading {
                Heading::Role(t) => (
                    t.group.clone(),
                    t.category.clone(),
                    t.team.as_ref().map(|s| s.value.clone()),
                ),
                Heading::Group(g) => (None, None, g.team.as_ref().map(|s| s.value.clone())),
                Heading::Plain => (None, None, None),
            };
            let mut def = Def {
                kind: el.kind,
                name: el.name.clone(),
                file: display.clone(),
                class,
                category,
                team,
                abilities,
                role_attributes,
                win_condition: Vec::new(),
                options: Vec::new(),
                voters: Vec::new(),
                random: None,
                flags: Vec::new(),
                location: None,
                requires: Vec::new(),
            };
            if el.kind == ElementKind::Location {
                def.location = Some(LocationDef::default());
            }
            for item in &el.items {
                match item {
                    Item::WinCondition(v) => {
                        def.win_condition = v.iter().map(|s| s.value.clone()).collect()
                    }
                    Item::AvailableOptions(v) => {
                        def.options = v.iter().map(|s| s.value.clone()).collect()
                    }
                    Item::AllowedVoters(v) => {
                        def.voters = v.iter().map(|s| s.value.clone()).collect()
                    }
                    Item::Random(s) => def.random = Some(s.value.clone()),
                    Item::Flag(f) => def.flags.push(f.value),
                    Item::Require(r) => def.requires.push(r.value.clone()),
                    Item::SortIndex(n) => {
                        if let Some(l) = def.location.as_mut() {
                            l.sort_index = n.value
                        }
                    }
                    Item::Members(a) => {
                        if let Some(l) = def.location.as_mut() {
                            l.members = Some(a.value.clone())
                        }
                    }
                    Item::Viewers(a) => {
                        if let Some(l) = def.location.as_mut() {
                            l.viewers = Some(a.value.clone())
                        }
                    }
                    Item::Haunting(b) => {
                        if let Some(l) = def.location.as_mut() {
                            l.haunting = b.value
                        }
                    }
                    _ => {}
                }
            }
            lib.defs.insert(key.clone(), Arc::new(def));
        }
        for (alias, target) in aliases {
            if let Some(d) = lib.defs.get(&target).cloned() {
                lib.defs.entry(alias).or_insert(d);
            }
        }
        lib
    }

    pub fn get(&self, kind: ElementKind, name: &str) -> Option<&Arc<Def>> {
        self.defs.get(&(kind, norm(name)))
    }

    /// A role, by name (case and `-`/space insensitive).
    pub fn role(&self, name: &str) -> Option<&Arc<Def>> {
        self.get(ElementKind::Role, name)
    }

    /// Every distinct definition of a kind, in name order.
    pub fn all(&self, kind: ElementKind) -> Vec<&Arc<Def>> {
        let mut seen = std::collections::BTreeSet::new();
        self.defs
            .iter()
            .filter(|((k, _), d)| *k == kind && seen.insert(d.file.clone()))
            .map(|(_, d)| d)
            .collect()
    }

    /// " (did you mean `X`?)" for the closest role name, or nothing.
    pub fn suggest_role(&self, name: &str) -> String {
        let n = norm(name);
        let mut best: Option<(usize, String)> = None;
        for d in self.all(ElementKind::Role) {
            let m = norm(&d.name);
            let common = n.chars().zip(m.chars()).take_while(|(a, b)| a == b).count();
            if common >= 3 && best.as_ref().is_none_or(|b| common > b.0) {
                best = Some((common, d.name.clone()));
            }
        }
        match best {
            Some((_, name)) => format!(" (did you mean `{name}`?)"),
            None => String::new(),
        }
    }

    /// What the engine cannot execute among the abilities of `defs`.
    pub fn unsupported_in(defs: &[&Arc<Def>]) -> Vec<Unsupported> {
        let mut out = Vec::new();
        for def in defs {
            for (ability, line) in &def.abilities {
                // Every ability type executes; only triggers can be unsupported.
                if let Some(what) = unsupported_trigger(&ability.trigger) {
                    let u = Unsupported {
                        place: format!("{}:{}", def.file, line),
                        element: def.name.clone(),
                        what,
                    };
                    if !out.contains(&u) {
                        out.push(u);
                    }
                }
            }
        }
        out.sort();
        out
    }

    /// What the engine cannot execute in the whole role set.
    pub fn unsupported_all(&self) -> Vec<Unsupported> {
        let mut defs = Vec::new();
        for kind in [
            ElementKind::Role,
            ElementKind::Team,
            ElementKind::Group,
            ElementKind::Poll,
            ElementKind::Attribute,
        ] {
            defs.extend(self.all(kind));
        }
        Library::unsupported_in(&defs)
    }
}

fn collect(
    raw: &Raw,
    el: &mafia_roles::Element,
    text: &str,
    abilities: &mut Vec<(Arc<Ability>, usize)>,
    role_attributes: &mut Vec<String>,
    depth: usize,
) {
    for item in &el.items {
        match item {
            Item::Ability(a) => {
                let (line, _) = line_col(text, a.span.start);
                abilities.push((Arc::new(a.clone()), line));
            }
            Item::RoleAttribute(name) => role_attributes.push(name.value.clone()),
            Item::Inherit(name) if depth < 8 => {
                if let Some((set, _, t)) = raw.get(&(ElementKind::AbilitySet, norm(&name.value))) {
                    collect(raw, set, t, abilities, role_attributes, depth + 1);
                }
            }
            _ => {}
        }
    }
}

/// Calls `f` for every ability kind in `steps`, nested ones included.
pub fn walk_steps(steps: &[Step], f: &mut dyn FnMut(&AbilityKind)) {
    for step in steps {
        match step {
            Step::Do { ability, .. } => f(ability),
            Step::If { then, .. } => walk_steps(then, f),
            Step::Process { steps, .. }
            | Step::Evaluate { steps, .. }
            | Step::Feedback { steps, .. }
            | Step::ForEach { steps, .. } => walk_steps(steps, f),
            Step::Action { .. } | Step::Invalid { .. } => {}
        }
    }
}

/// Why a trigger cannot fire yet, if it cannot.
pub fn unsupported_trigger(t: &Trigger) -> Option<String> {
    match t {
        Trigger::Timing { timing, .. } => {
            let reason = match timing {
                Timing::OnVoteAdd | Timing::OnVoteRemove | Timing::OnVoteChange => {
                    "vote events are not emitted yet"
                }
                Timing::OnHammer => "hammers are not modelled",
                _ => return None,
            };
            Some(format!("unsupported: trigger {} ({reason})", timing.name()))
        }
        Trigger::On { .. }
        | Trigger::PollWin { .. }
        | Trigger::Emitted { .. }
        | Trigger::Whisper { .. }
        | Trigger::ChoiceChosen { .. } => None,
        Trigger::Unknown { text, .. } => {
            Some(format!("unsupported: trigger `{text}` (it does not parse)"))
        }
    }
}

fn path(base: Base) -> Value {
    Value::Path {
        base,
        annotation: None,
        props: Vec::new(),
        loc: Loc::default(),
    }
}

/// Parses a list item selector (`@All`, `@(Group:!Wolfpack)`, `&Werewolf`, `#Wolfpack`)
/// into a value; constants and words become text.
pub fn list_value(item: &ListItem) -> Value {
    match item {
        ListItem::Constant(c) => path(Base::Text(c.as_str().into())),
        ListItem::Word(w) => Value::Word {
            text: w.as_str().into(),
            loc: Loc::default(),
        },
        ListItem::Selector(s) => selector_value(s),
    }
}

/// Parses selector text such as `@(Attr:Wolfish)` (used for list items and the `Random:`
/// line of polls).
pub fn selector_value(s: &str) -> Value {
    let mut chars = s.chars();
    let (sigil, rest) = match chars.next() {
        Some('@') => (Sigil::Player, chars.as_str()),
        Some('&') => (Sigil::Team, chars.as_str()),
        Some('^') => (Sigil::Role, chars.as_str()),
        Some('#') => return path(Base::Group(chars.as_str().into())),
        Some('%') => return path(Base::Host(s.trim_matches('%').into())),
        _ => return path(Base::Text(s.into())),
    };
    if let Some(inner) = rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        let items = inner
            .split(',')
            .filter_map(|kv| {
                let (k, v) = kv.split_once(':')?;
                let v = v.trim();
                let (negated, v) = match v.strip_prefix('!') {
                    Some(v) => (true, v),
                    None => (false, v),
                };
                Some(QueryItem {
                    key: k.trim().into(),
                    negated,
                    value: v.into(),
                    loc: Loc::default(),
                })
            })
            .collect();
        path(Base::Query { sigil, items })
    } else {
        path(Base::Selector {
            sigil,
            name: rest.into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::norm;

    #[test]
    fn a_name_is_lowercased_with_dashes_underscores_and_runs_of_blanks_as_one_space() {
        assert_eq!(norm("  `Fortune-Teller`  "), "fortune teller");
        assert_eq!(norm("Wolf__Cub\t\n Pack"), "wolf cub pack");
        assert_eq!(norm("-Lone Wolf-"), "lone wolf");
        // Only ASCII letters are lowered (as role files name their elements).
        assert_eq!(norm("Zoë  Ünter"), "zoë Ünter");
        assert_eq!(norm(" \u{3000}Medium\u{00a0}Haunted "), "medium haunted");
        assert_eq!(norm("``"), "");
        assert_eq!(norm(""), "");
    }
}
