//! The checker over a whole role set: every reference to a named element must resolve, and
//! context-only selectors must be used inside their context.

use crate::ability::Reference;
use crate::corpus::{RoleSet, normalize, normalize_into};
use crate::diag::{Diagnostic, Span};
use crate::element::{Access, Element, ElementKind, Heading, Item, ListItem, PlayerType};

/// A checker diagnostic, with the index of the file in [`RoleSet::files`] it belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub file: usize,
    pub diag: Diagnostic,
}

/// What a name may refer to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Want {
    Role,
    Team,
    /// `#name`: a group or a location (public channels are referenced like groups).
    GroupOrLocation,
    Attribute,
    Poll,
    AbilitySet,
    Location,
}

impl Want {
    fn noun(self) -> &'static str {
        match self {
            Want::Role => "role",
            Want::Team => "team",
            Want::GroupOrLocation => "group or location",
            Want::Attribute => "attribute",
            Want::Poll => "poll",
            Want::AbilitySet => "ability set",
            Want::Location => "location",
        }
    }

    fn kinds(self) -> &'static [ElementKind] {
        match self {
            Want::Role => &[ElementKind::Role],
            Want::Team => &[ElementKind::Team],
            Want::GroupOrLocation => &[ElementKind::Group, ElementKind::Location],
            Want::Attribute => &[ElementKind::Attribute],
            Want::Poll => &[ElementKind::Poll],
            Want::AbilitySet => &[ElementKind::AbilitySet],
            Want::Location => &[ElementKind::Location],
        }
    }
}

/// The standard attribute types of the guide; `Type:Value` references to them need no
/// definition.
const STANDARD_ATTRIBUTES: &[&str] = &[
    "disguise",
    "defense",
    "absence",
    "manipulation",
    "groupmembership",
    "obstruction",
    "poll",
    "role",
    "whispering",
    "loyalty",
    "redirection",
];

/// Names defined in a role set, per kind (normalized: see [`normalize`]): every key stored
/// one after another in one string, found through a hash table of indices into `names` (built
/// with a few allocations instead of one per name, and looked up without any).
struct Index {
    keys: String,
    names: Vec<(ElementKind, std::ops::Range<usize>)>,
    /// Indices into `names`, hashed by kind and key (the keys live in `keys`, so neither
    /// building nor looking up allocates per name).
    table: hashbrown::HashTable<u32>,
}

/// The hash of a kind and a normalized key.
fn key_hash(kind: ElementKind, key: &[u8]) -> u64 {
    use std::hash::BuildHasher;
    foldhash::fast::FixedState::default().hash_one((kind as u8, key))
}

impl Index {
    fn new(set: &RoleSet) -> Index {
        let mut keys = String::new();
        let mut names = Vec::with_capacity(set.files.len() * 2);
        // A file without formalized text defines nothing (`RoleSet::load_dir` leaves such
        // files out; an editor keeps them, e.g. a new file before its `__Formalized__`).
        for file in &set.files {
            let Some(e) = &file.element else { continue };
            // `ParsedFile::file_name` without its copy.
            let file_name = file.path.file_name().map(|n| n.to_string_lossy());
            for name in [file_name.as_deref().unwrap_or_default(), e.name.as_str()] {
                let start = keys.len();
                normalize_into(name, &mut keys);
                names.push((file.kind, start..keys.len()));
            }
        }
        let hash = |n: &u32| {
            let (kind, range) = &names[*n as usize];
            key_hash(*kind, &keys.as_bytes()[range.clone()])
        };
        let mut table = hashbrown::HashTable::with_capacity(names.len());
        for n in 0..names.len() as u32 {
            table.insert_unique(hash(&n), n, hash);
        }
        Index { keys, names, table }
    }

    fn contains(&self, kind: ElementKind, key: &[u8]) -> bool {
        self.table
            .find(key_hash(kind, key), |n| {
                let (k, range) = &self.names[*n as usize];
                *k == kind && self.keys.as_bytes()[range.clone()] == *key
            })
            .is_some()
    }

    fn defines(&self, want: Want, name: &str) -> bool {
        let mut buf = [0u8; 64];
        let owned;
        let key: &[u8] = match normalize_ascii(name, &mut buf) {
            Some(key) => key,
            None => {
                owned = normalize(name);
                owned.as_bytes()
            }
        };
        want.kinds().iter().any(|k| self.contains(*k, key))
    }
}

/// [`normalize`] of an ASCII name into `buf`, when it fits.
fn normalize_ascii<'b>(name: &str, buf: &'b mut [u8; 64]) -> Option<&'b [u8]> {
    if !name.is_ascii() {
        return None;
    }
    let mut len = 0;
    for b in name.bytes().filter(|b| !matches!(b, b' ' | b'-' | b'_')) {
        *buf.get_mut(len)? = b.to_ascii_lowercase();
        len += 1;
    }
    Some(&buf[..len])
}

/// Whether a reference names something dynamic that cannot be checked statically:
/// host information (`%Role%`), variables (`$total`), selectors (`@Self`).
fn is_dynamic(name: &str) -> bool {
    // Bytes, not characters: all five are ASCII.
    name.is_empty()
        || name
            .bytes()
            .any(|b| matches!(b, b'%' | b'$' | b'@' | b'{' | b'<'))
}

/// Checks a whole role set. Parse diagnostics stay in each file; this returns the findings of
/// the cross-file checks, in file order.
pub fn check(set: &RoleSet) -> Vec<Finding> {
    check_in(set, 0..set.files.len())
}

/// [`check`] for some files only (indices into [`RoleSet::files`]): the findings of those
/// files, against the names the whole set defines. An editor re-checks the files it shows
/// after one file changed without walking the whole set.
pub fn check_files(set: &RoleSet, files: &[usize]) -> Vec<Finding> {
    check_in(set, files.iter().copied())
}

/// The findings of the files `files` (indices into [`RoleSet::files`]), in that order.
fn check_in(set: &RoleSet, files: impl IntoIterator<Item = usize>) -> Vec<Finding> {
    let index = Index::new(set);
    let mut out = Vec::new();
    let mut wanted = Vec::new();
    for n in files {
        let Some(element) = set.files.get(n).and_then(|f| f.element.as_ref()) else {
            continue;
        };
        let mut diags = Vec::new();
        check_element(element, &index, &mut diags, &mut wanted);
        out.extend(diags.into_iter().map(|diag| Finding { file: n, diag }));
    }
    out
}

/// The references of one element, in the order they are resolved: `(kind, name, span)`.
type Wanted<'e> = Vec<(Want, &'e str, Span)>;

/// Checks one element. `wanted` is scratch space, empty before and after (one buffer serves
/// every element of a check).
fn check_element<'e>(
    element: &'e Element,
    index: &Index,
    diags: &mut Vec<Diagnostic>,
    wanted: &mut Wanted<'e>,
) {
    let mut refer = |want: Want, name: &'e str, span: Span| {
        wanted.push((want, name, span));
    };
    match &element.heading {
        Heading::Role(r) => {
            if let Some(team) = &r.team {
                refer(Want::Team, &team.value, team.span.clone());
            }
        }
        Heading::Group(g) => {
            if let Some(team) = &g.team {
                refer(Want::Team, &team.value, team.span.clone());
            }
        }
        Heading::Plain => {}
    }
    for item in &element.items {
        match item {
            Item::Inherit(n) => refer(Want::AbilitySet, &n.value, n.span.clone()),
            Item::Require(n) | Item::Identity(n) => refer(Want::Role, &n.value, n.span.clone()),
            Item::RoleAttribute(n) => refer(Want::Attribute, &n.value, n.span.clone()),
            Item::Include(n) => {
                if let Some(name) = n.value.strip_prefix('`').and_then(|v| v.strip_suffix('`')) {
                    refer(Want::Role, name, n.span.start + 1..n.span.end - 1);
                }
            }
            Item::WinCondition(list) | Item::AvailableOptions(list) | Item::AllowedVoters(list) => {
                for entry in list {
                    if let ListItem::Selector(s) = &entry.value {
                        selector_refs(s, entry.span.start, &mut refer);
                    }
                }
            }
            Item::Random(s) => selector_refs(&s.value, s.span.start, &mut refer),
            Item::Members(a) | Item::Viewers(a) => {
                if let Access::Players(players) = &a.value {
                    for p in players {
                        if let PlayerType::Role(name) = &p.value {
                            refer(Want::Role, name, p.span.clone());
                        }
                    }
                }
            }
            Item::Ability(ability) => {
                check_ability(ability, diags);
                ability.visit_refs(&mut |r| match r {
                    Reference::Role(n, s) => refer(Want::Role, n, s),
                    Reference::Team(n, s) => refer(Want::Team, n, s),
                    Reference::Group(n, s) => refer(Want::GroupOrLocation, n, s),
                    Reference::Attribute(n, s) => refer(Want::Attribute, n, s),
                    Reference::Poll(n, s) => refer(Want::Poll, n, s),
                    Reference::AbilitySet(n, s) => refer(Want::AbilitySet, n, s),
                    Reference::Location(n, s) => refer(Want::Location, n, s),
                    Reference::ContextSelector {
                        name,
                        span,
                        allowed: false,
                    } => diags.push(context_diag(name, span)),
                    Reference::ContextSelector { allowed: true, .. } => {}
                })
            }
            Item::Flag(_)
            | Item::Unfinished(_)
            | Item::ShowVoters(_)
            | Item::Haunting(_)
            | Item::SortIndex(_) => {}
        }
    }
    for (want, name, span) in wanted.drain(..) {
        resolve(index, want, name, span, diags);
    }
}

/// The diagnostic for a context-only selector used outside its context.
pub fn context_diag(name: &str, span: Span) -> Diagnostic {
    let bare = name.trim_start_matches('@');
    let context = match bare {
        "Visitor" | "VisitParameter" | "VisitType" => "`On Visited` or `On Redirect`",
        "Ind" => "`For Each`",
        b if b.starts_with("Result") => "an `Evaluate` after a `Process`",
        "Attacker" | "AttackSource" | "DeathType" | "KillingType" => {
            "`On Death`, `On Killed`, `On Lynch` or a defense trigger"
        }
        "ActionTarget" | "ActionResult" | "ActionFeedback" => "`On Action`",
        "Winner" | "Voters" | "OtherVoters" | "Executor" => "`On Poll Closed` or `On Poll Win`",
        "Joiner" => "`On Join`",
        "RoleChanger" => "`On Role Change`",
        "This" => "an `On <Target> …` trigger",
        "Chosen" | "Option" => "a choice",
        _ => "the trigger or construct that provides it",
    };
    Diagnostic::error(span, format!("`@{bare}` has no meaning here"))
        .expected([format!("`@{bare}` only inside {context}")])
}

fn resolve(index: &Index, want: Want, name: &str, span: Span, diags: &mut Vec<Diagnostic>) {
    let name = crate::source::trim(name);
    if is_dynamic(name) {
        return;
    }
    let lookup = match want {
        Want::Attribute => {
            let (head, _) = crate::source::split_once_byte(name, b':').unwrap_or((name, ""));
            let mut buf = [0u8; 64];
            let standard = match normalize_ascii(head, &mut buf) {
                Some(key) => STANDARD_ATTRIBUTES.iter().any(|a| a.as_bytes() == key),
                None => STANDARD_ATTRIBUTES.contains(&normalize(head).as_str()),
            };
            if standard {
                return;
            }
            head
        }
        _ => crate::source::split_once_byte(name, b':').map_or(name, |(head, _)| head),
    };
    if index.defines(want, lookup) {
        return;
    }
    diags.push(
        Diagnostic::error(
            span,
            format!("no {} called `{lookup}` in this role set", want.noun()),
        )
        .expected([format!("the name of a defined {}", want.noun())]),
    );
}

/// References in a selector written in a header line: `&Team`, `#group`, `@(Role:X)`,
/// `@(Team:X)`, `@(Group:X)`, `@(Attr:X)`.
fn selector_refs<'s>(selector: &'s str, base: usize, refer: &mut impl FnMut(Want, &'s str, Span)) {
    let name_end = |s: &str| {
        s.find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '-')))
            .unwrap_or(s.len())
    };
    for (i, c) in selector.char_indices() {
        let rest = selector.get(i + c.len_utf8()..).unwrap_or("");
        let want = match c {
            '&' => Want::Team,
            '#' => Want::GroupOrLocation,
            _ => continue,
        };
        let len = name_end(rest);
        if len > 0 {
            let start = base + i + 1;
            refer(want, &rest[..len], start..start + len);
        }
    }
    if let Some(inner) = selector
        .strip_prefix("@(")
        .and_then(|s| s.strip_suffix(')'))
    {
        let inner_base = base + 2;
        let mut offset = 0;
        for part in inner.split(',') {
            let part_start = inner_base + offset;
            offset += part.len() + 1;
            let Some((key, value)) = part.split_once(':') else {
                continue;
            };
            let value_trim = value.trim().trim_start_matches('!');
            let want = match key.trim() {
                "Role" => Want::Role,
                "Group" => Want::GroupOrLocation,
                "Attr" => Want::Attribute,
                _ => continue,
            };
            let vstart = part_start + part.find(value_trim).unwrap_or(0);
            refer(want, value_trim, vstart..vstart + value_trim.len());
        }
    }
}

/// Everything `mafia roles check <path>` reports.
#[derive(Debug, Clone)]
pub struct CheckReport {
    /// The files checked (for a single file: only that file).
    pub files: Vec<crate::corpus::ParsedFile>,
    /// Parse and checker diagnostics, by index into `files`, in file order.
    pub diags: Vec<Finding>,
    /// False when a single file lies outside any role set: references were not checked.
    pub references_checked: bool,
}

impl CheckReport {
    pub fn errors(&self) -> usize {
        self.count(crate::diag::Severity::Error)
    }

    pub fn warnings(&self) -> usize {
        self.count(crate::diag::Severity::Warning)
    }

    fn count(&self, severity: crate::diag::Severity) -> usize {
        self.diags
            .iter()
            .filter(|f| f.diag.severity == severity)
            .count()
    }
}

/// Checks a directory (a whole role set) or one file. A file inside a role set (a folder with
/// `_paths` above it) is checked against the whole set, but only its own diagnostics are
/// reported.
pub fn check_path(path: &std::path::Path) -> Result<CheckReport, crate::corpus::LoadError> {
    if path.is_dir() {
        let set = RoleSet::load_dir(path)?;
        let mut diags = parse_findings(&set.files);
        diags.extend(check(&set));
        diags.sort_by_key(|f| (f.file, f.diag.span.start));
        return Ok(CheckReport {
            files: set.files,
            diags,
            references_checked: true,
        });
    }
    let file = RoleSet::load_file(path)?;
    let root = file.path.parent().and_then(crate::corpus::find_root);
    let Some(root) = root else {
        let diags = parse_findings(std::slice::from_ref(&file));
        return Ok(CheckReport {
            files: vec![file],
            diags,
            references_checked: false,
        });
    };
    let mut set = RoleSet::load_dir(&root)?;
    let position = set.files.iter().position(|f| f.path == file.path);
    let index = match position {
        Some(i) => i,
        None => {
            set.files.push(file);
            set.files.len() - 1
        }
    };
    let mut diags: Vec<Finding> = parse_findings(std::slice::from_ref(&set.files[index]))
        .into_iter()
        .map(|f| Finding { file: 0, ..f })
        .collect();
    diags.extend(
        check(&set)
            .into_iter()
            .filter(|f| f.file == index)
            .map(|f| Finding { file: 0, ..f }),
    );
    diags.sort_by_key(|f| f.diag.span.start);
    let file = set.files.swap_remove(index);
    Ok(CheckReport {
        files: vec![file],
        diags,
        references_checked: true,
    })
}

fn parse_findings(files: &[crate::corpus::ParsedFile]) -> Vec<Finding> {
    files
        .iter()
        .enumerate()
        .flat_map(|(n, f)| {
            f.diags.iter().map(move |d| Finding {
                file: n,
                diag: d.clone(),
            })
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// Checks inside one ability: restrictions and scaling that cannot apply, unreachable
// Evaluate branches.

use crate::ability::{
    Ability, Guard, Params, PhaseKind, Restriction, Scaling, Step, Timing, Trigger, Value,
};

/// The phase an ability's trigger fires in, when it fires in only one.
fn trigger_phase(trigger: &Trigger) -> Option<PhaseKind> {
    let Trigger::Timing { timing, .. } = trigger else {
        return None;
    };
    use Timing as T;
    match timing {
        T::StartNight
        | T::EndNight
        | T::ImmediateNight
        | T::PreEndNight
        | T::SecondPreEndNight
        | T::ThirdPreEndNight
        | T::FourthPreEndNight
        | T::PassiveStartNight
        | T::PassiveEndNight => Some(PhaseKind::Night),
        T::StartDay
        | T::EndDay
        | T::ImmediateDay
        | T::PreEndDay
        | T::SecondPreEndDay
        | T::ThirdPreEndDay
        | T::FourthPreEndDay
        | T::PassiveStartDay
        | T::PassiveEndDay => Some(PhaseKind::Day),
        _ => None,
    }
}

fn phase_word(phase: PhaseKind) -> &'static str {
    match phase {
        PhaseKind::Day => "Day",
        PhaseKind::Night => "Night",
    }
}

fn is_zero(value: &Value) -> bool {
    matches!(value, Value::Number { text, .. } if text.parse::<f64>().is_ok_and(|n| n == 0.0))
}

/// Checks one ability's parameters (restrictions and scaling that cannot apply) and its
/// conditional branches (branches after `Otherwise` are never reached).
pub fn check_ability(ability: &Ability, diags: &mut Vec<Diagnostic>) {
    let phase = trigger_phase(&ability.trigger);
    check_params(&ability.params, phase, diags);
    check_steps(&ability.steps, phase, diags);
}

fn check_params(params: &Params, phase: Option<PhaseKind>, diags: &mut Vec<Diagnostic>) {
    for r in &params.restrictions {
        match r {
            Restriction::Temporal {
                phase: wanted,
                or_later: false,
                loc,
                ..
            } if phase.is_some_and(|p| p != *wanted) => {
                let used = phase.map_or("", phase_word);
                diags.push(
                    Diagnostic::error(
                        loc.range(),
                        format!(
                            "this restriction can never hold: the trigger fires only during the {}, the restriction allows only the {}",
                            used.to_lowercase(),
                            phase_word(*wanted).to_lowercase()
                        ),
                    )
                    .expected([format!("a `Temporal: {used} …` restriction, or a trigger of the {}", phase_word(*wanted).to_lowercase())]),
                );
            }
            Restriction::Quantity { value, loc } if is_zero(value) => {
                diags.push(
                    Diagnostic::error(loc.range(), "`Quantity: 0`: the ability can never be used")
                        .expected(["a quantity of at least 1"]),
                );
            }
            _ => {}
        }
    }
    match params.scaling.as_deref() {
        Some(Scaling::Static { times: 0, loc }) => diags.push(
            Diagnostic::error(loc.range(), "scaling `x0`: the ability can never be used")
                .expected(["`x1` or more"]),
        ),
        Some(Scaling::Value {
            value:
                Value::Math {
                    divisor: Some(d),
                    loc,
                    ..
                },
            ..
        }) if is_zero(d) => diags.push(
            Diagnostic::error(loc.range(), "scaling divides by zero")
                .expected(["a divisor of at least 1, e.g. `$total/4`"]),
        ),
        _ => {}
    }
}

fn check_steps(steps: &[Step], phase: Option<PhaseKind>, diags: &mut Vec<Diagnostic>) {
    let mut otherwise_seen = false;
    for step in steps {
        match step {
            Step::If {
                guard,
                params,
                then,
                loc,
            } => {
                if otherwise_seen {
                    diags.push(
                        Diagnostic::error(
                            loc.range(),
                            "this branch is never reached: an `Otherwise` above it already catches every case left",
                        )
                        .expected(["every condition before the `Otherwise` line"]),
                    );
                }
                if matches!(guard, Guard::Otherwise { .. }) {
                    otherwise_seen = true;
                }
                check_params(params, phase, diags);
                check_steps(then, phase, diags);
            }
            Step::Do { params, .. } | Step::Action { params, .. } => {
                check_params(params, phase, diags)
            }
            Step::Process { params, steps, .. }
            | Step::Evaluate { params, steps, .. }
            | Step::ForEach { params, steps, .. } => {
                check_params(params, phase, diags);
                check_steps(steps, phase, diags);
            }
            Step::Feedback { steps, .. } => check_steps(steps, phase, diags),
            Step::Invalid { .. } => {}
        }
    }
}
