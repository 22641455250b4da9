//! Element kinds and their ASTs, and the parser that splits a formalized section into header
//! lines and ability blocks (each handed to [`crate::ability::parse_ability_block`]).

use serde::{Deserialize, Serialize};

use crate::ability::{self, Ability, LineKind};
use crate::diag::{Diagnostic, Span};
use crate::source::{self, SourceLine, Spanned, Title};

/// What kind of game element a file defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ElementKind {
    Role,
    Team,
    Group,
    Poll,
    Location,
    Attribute,
    AbilitySet,
}

impl ElementKind {
    /// The folder-kind word used by `_paths/<kind>`.
    pub fn from_paths_word(word: &str) -> Option<ElementKind> {
        Some(match word {
            "roles" => ElementKind::Role,
            "teams" => ElementKind::Team,
            "groups" => ElementKind::Group,
            "polls" => ElementKind::Poll,
            "locations" => ElementKind::Location,
            "attributes" => ElementKind::Attribute,
            "sets" => ElementKind::AbilitySet,
            _ => return None,
        })
    }

    /// Guesses the kind from the title's tail (`| Poll`, `| Attribute`, `| Ability Set`,
    /// `| Werewolf Team Group`); `None` means "a role, a team or a location".
    pub fn from_title_tail(tail: &str) -> Option<ElementKind> {
        let first = tail.split('|').next().unwrap_or("").trim();
        match first {
            "Poll" => Some(ElementKind::Poll),
            "Attribute" => Some(ElementKind::Attribute),
            "Ability Set" => Some(ElementKind::AbilitySet),
            // `Townsfolk Group` is a role category; `<Team> Team Group` is a group.
            t if t.ends_with(" Team Group") => Some(ElementKind::Group),
            _ => None,
        }
    }

    /// The noun with its article: `a role`, `an attribute`.
    pub fn a_noun(self) -> String {
        match self {
            ElementKind::Attribute | ElementKind::AbilitySet => format!("an {}", self.noun()),
            _ => format!("a {}", self.noun()),
        }
    }

    pub fn noun(self) -> &'static str {
        match self {
            ElementKind::Role => "role",
            ElementKind::Team => "team",
            ElementKind::Group => "group",
            ElementKind::Poll => "poll",
            ElementKind::Location => "location",
            ElementKind::Attribute => "attribute",
            ElementKind::AbilitySet => "ability set",
        }
    }
}

/// What the title line says about a role: `**Name** | <Group> <Category> [- <Team> Team] [| tag]…`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoleTitle {
    /// `Townsfolk`, `Werewolf`, `Solo`, `Unaligned`, `Extra` (real files also use others).
    pub group: Option<String>,
    /// `Investigative`, `Killing`, `Miscellaneous`…
    pub category: Option<String>,
    /// For solo roles, the team after `-` without the word `Team` (`Hell` for `- Hell Team`).
    pub team: Option<Spanned<String>>,
    /// Further `|`-separated tags: `Archived`, `Haunted`, `Limited`, `Transformation`…
    pub tags: Vec<String>,
}

/// What the title line says about a group: `**Name** | <Team> [Team] Group`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupTitle {
    pub team: Option<Spanned<String>>,
}

/// The kind-specific reading of the title line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Heading {
    Role(RoleTitle),
    Group(GroupTitle),
    /// Teams, polls, locations, attributes and ability sets have nothing after the name
    /// besides their kind word.
    Plain,
}

/// A marker line without a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Flag {
    UniqueRole,
    HauntedRole,
    GhostlyRole,
    UniqueGroup,
    GhostlyGroup,
    HauntedAttribute,
    NoAbilities,
}

impl Flag {
    pub const ALL: [Flag; 7] = [
        Flag::UniqueRole,
        Flag::HauntedRole,
        Flag::GhostlyRole,
        Flag::UniqueGroup,
        Flag::GhostlyGroup,
        Flag::HauntedAttribute,
        Flag::NoAbilities,
    ];

    pub fn text(self) -> &'static str {
        match self {
            Flag::UniqueRole => "Unique Role",
            Flag::HauntedRole => "Haunted Role",
            Flag::GhostlyRole => "Ghostly Role",
            Flag::UniqueGroup => "Unique Group",
            Flag::GhostlyGroup => "Ghostly Group",
            Flag::HauntedAttribute => "Haunted Attribute",
            Flag::NoAbilities => "No Abilities",
        }
    }

    fn allowed_in(self, kind: ElementKind) -> bool {
        use ElementKind as K;
        match self {
            Flag::UniqueRole | Flag::HauntedRole | Flag::GhostlyRole => {
                matches!(kind, K::Role | K::AbilitySet)
            }
            Flag::UniqueGroup | Flag::GhostlyGroup => kind == K::Group,
            Flag::HauntedAttribute => kind == K::Attribute,
            Flag::NoAbilities => true,
        }
    }
}

/// One entry of a comma-separated list (poll options, voters, win conditions).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ListItem {
    /// A target selector: `@All`, `@(Group:!Cult)`, `&Werewolf`, `#Wolfpack`, `^All`.
    Selector(String),
    /// A backtick constant: `` `Yes` ``.
    Constant(String),
    /// A bare word: `Abstain`, `Random`, `Yes`.
    Word(String),
}

impl ListItem {
    fn parse(text: &str) -> ListItem {
        if text.starts_with(['@', '&', '#', '^', '%']) {
            ListItem::Selector(text.to_string())
        } else if let Some(inner) = text.strip_prefix('`').and_then(|t| t.strip_suffix('`')) {
            ListItem::Constant(inner.to_string())
        } else {
            ListItem::Word(text.to_string())
        }
    }

    fn write(&self, out: &mut String) {
        match self {
            ListItem::Selector(s) | ListItem::Word(s) => out.push_str(s),
            ListItem::Constant(c) => {
                out.push('`');
                out.push_str(c);
                out.push('`');
            }
        }
    }
}

/// Who may see or write in a location.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Access {
    /// `*None*`
    Nobody,
    /// `*All*`
    Everybody,
    /// `Alive, Dead, Ghost, Substitute, Spectator` (and role names such as `Mayor`).
    Players(Vec<Spanned<PlayerType>>),
}

/// A player type in a location's member or viewer list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerType {
    Alive,
    Dead,
    Ghost,
    Substitute,
    Spectator,
    Mentor,
    GhostMentor,
    /// Players holding a role, e.g. `Mayor`.
    Role(String),
}

impl PlayerType {
    fn parse(text: &str) -> PlayerType {
        match text {
            "Alive" => PlayerType::Alive,
            "Dead" => PlayerType::Dead,
            "Ghost" => PlayerType::Ghost,
            "Substitute" => PlayerType::Substitute,
            "Spectator" => PlayerType::Spectator,
            "Mentor" => PlayerType::Mentor,
            "Ghost Mentor" => PlayerType::GhostMentor,
            other => PlayerType::Role(other.to_string()),
        }
    }

    pub fn text(&self) -> &str {
        match self {
            PlayerType::Alive => "Alive",
            PlayerType::Dead => "Dead",
            PlayerType::Ghost => "Ghost",
            PlayerType::Substitute => "Substitute",
            PlayerType::Spectator => "Spectator",
            PlayerType::Mentor => "Mentor",
            PlayerType::GhostMentor => "Ghost Mentor",
            PlayerType::Role(r) => r,
        }
    }
}

/// One unit of a formalized section, in file order.
///
/// An ability is held inline, not boxed: a box cost one allocation per ability when a whole
/// role book is parsed (docs/performance.md).
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Item {
    Flag(Spanned<Flag>),
    /// `N/A` or `TBD`: the element is not formalized yet.
    Unfinished(Spanned<String>),
    /// `Inherit: `Set``: all abilities of an ability set.
    Inherit(Spanned<String>),
    /// `Require: `Role``: another role must exist.
    Require(Spanned<String>),
    /// `Role Attribute: `Attr``
    RoleAttribute(Spanned<String>),
    /// `Identity: `Role``: appears as another role.
    Identity(Spanned<String>),
    /// `Include: <Role>`: a static role name, a selector or host information (`%Role%`).
    Include(Spanned<String>),
    /// A team's `Win Condition: <selectors>`.
    WinCondition(Vec<Spanned<ListItem>>),
    /// A poll's `Available Options:`.
    AvailableOptions(Vec<Spanned<ListItem>>),
    /// A poll's `Allowed Voters:`.
    AllowedVoters(Vec<Spanned<ListItem>>),
    /// A poll's `Show Voters: Yes|No`.
    ShowVoters(Spanned<bool>),
    /// A poll's `Random: <selector>`.
    Random(Spanned<String>),
    /// A location's `Sort Index: <n>`.
    SortIndex(Spanned<i64>),
    /// A location's `Members:`.
    Members(Spanned<Access>),
    /// A location's `Viewers:`.
    Viewers(Spanned<Access>),
    /// A location's `Haunting: Yes|No` (only in haunting games).
    Haunting(Spanned<bool>),
    Ability(Ability),
}

/// One parsed element file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Element {
    pub kind: ElementKind,
    /// The name from the title line (or the file name when there is no title).
    pub name: String,
    pub title: Option<Title>,
    pub heading: Heading,
    /// Byte range of the formalized text in the file.
    pub formalized: Span,
    pub items: Vec<Item>,
}

impl Element {
    pub fn abilities(&self) -> impl Iterator<Item = &Ability> {
        self.items.iter().filter_map(|i| match i {
            Item::Ability(a) => Some(a),
            _ => None,
        })
    }

    pub fn has_flag(&self, flag: Flag) -> bool {
        self.items
            .iter()
            .any(|i| matches!(i, Item::Flag(f) if f.value == flag))
    }
}

/// The keys of `Key: value` header lines, with the element kinds they belong to.
const KEYS: &[(&str, &[ElementKind])] = {
    use ElementKind::*;
    &[
        ("Inherit", &[Role, AbilitySet, Group, Team, Attribute]),
        ("Require", &[Role, AbilitySet]),
        ("Role Attribute", &[Role, AbilitySet]),
        ("Identity", &[Role, AbilitySet]),
        ("Include", &[Role, AbilitySet]),
        ("Win Condition", &[Team]),
        ("Available Options", &[Poll]),
        ("Allowed Voters", &[Poll]),
        ("Show Voters", &[Poll]),
        ("Random", &[Poll]),
        ("Sort Index", &[Location]),
        ("Members", &[Location]),
        ("Viewers", &[Location]),
        ("Haunting", &[Location]),
    ]
};

/// Lines starting with one of these glyphs belong to the ability block above them.
pub const BULLETS: [char; 6] = ['•', '‣', '◦', '·', '⁃', '⹀'];

fn is_continuation(line: &str) -> bool {
    line.starts_with([' ', '\t']) || source::trim_start(line).starts_with(BULLETS)
}

/// Parses the formalized text of one file.
///
/// `text` is the whole file; `kind` comes from the role set's `_paths` (or the title);
/// `fallback_name` is used when the file has no title line. Every problem goes to `diags`,
/// with spans into `text`. Returns `None` when the file has no formalized text.
pub fn parse_element(
    text: &str,
    kind: ElementKind,
    fallback_name: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<Element> {
    let (extracted, lines) = source::extract_with_lines(text, kind != ElementKind::Role);
    let formalized = extracted.formalized?;
    let title = extracted.title;
    let name = title
        .as_ref()
        .map(|t| t.name.value.clone())
        .unwrap_or_else(|| fallback_name.to_string());
    let heading = match (&title, kind) {
        (Some(t), ElementKind::Role) => Heading::Role(parse_role_title(t.tail.as_ref())),
        (Some(t), ElementKind::Group) => Heading::Group(parse_group_title(t.tail.as_ref())),
        _ => Heading::Plain,
    };
    let items = parse_items(text, &lines, kind, diags);
    Some(Element {
        kind,
        name,
        title,
        heading,
        formalized,
        items,
    })
}

fn parse_role_title(tail: Option<&Spanned<String>>) -> RoleTitle {
    let mut role = RoleTitle {
        group: None,
        category: None,
        team: None,
        tags: Vec::new(),
    };
    let Some(tail) = tail else { return role };
    let mut parts = tail.value.split('|');
    let descriptor = parts.next().unwrap_or("");
    role.tags = parts
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect();
    let (left, team) = match descriptor.split_once(" - ") {
        Some((l, t)) => (l, Some(t)),
        None => (descriptor, None),
    };
    let mut words = left.split_whitespace();
    role.group = words.next().map(str::to_string);
    // The other words, joined by single spaces (no list of them on the way).
    let mut category = String::new();
    for word in words {
        if !category.is_empty() {
            category.push(' ');
        }
        category.push_str(word);
    }
    if !category.is_empty() {
        role.category = Some(category);
    }
    if let Some(team) = team {
        let trimmed = team.trim();
        let name = trimmed.strip_suffix(" Team").unwrap_or(trimmed).trim();
        // `team` is a sub-slice of `tail.value`; find its offset for the span.
        let offset = tail.value.find(trimmed).unwrap_or(0);
        let start = tail.span.start + offset;
        role.team = Some(Spanned::new(name.to_string(), start..start + name.len()));
    }
    role
}

fn parse_group_title(tail: Option<&Spanned<String>>) -> GroupTitle {
    let team = tail.and_then(|tail| {
        let descriptor = tail.value.split('|').next().unwrap_or("").trim();
        let name = descriptor
            .strip_suffix("Group")
            .unwrap_or(descriptor)
            .trim_end();
        let name = name.strip_suffix("Team").unwrap_or(name).trim_end();
        (!name.is_empty()).then(|| {
            Spanned::new(
                name.to_string(),
                tail.span.start..tail.span.start + name.len(),
            )
        })
    });
    GroupTitle { team }
}

/// Parses the formalized text's `lines` (offsets into `file`, the whole file).
fn parse_items(
    file: &str,
    lines: &[SourceLine<'_>],
    kind: ElementKind,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Item> {
    // At most one item per line that starts unindented (an item is large: sized once rather
    // than grown; the count only needs each line's first byte).
    let unindented = lines
        .iter()
        .filter(|l| {
            l.text
                .as_bytes()
                .first()
                .is_some_and(|b| !b.is_ascii_whitespace())
        })
        .count();
    let mut items = Vec::with_capacity(unindented);
    let mut i = 0;
    while let Some(line) = lines.get(i) {
        i += 1;
        let text = line.text;
        if source::trim_start(text).is_empty() {
            continue;
        }
        if is_continuation(text) {
            let lead = text.len() - text.trim_start().len();
            let start = line.start + lead;
            diags.push(
                Diagnostic::error(
                    start..line.start + text.trim_end().len(),
                    "indented line does not belong to an ability",
                )
                .expected(["an unindented trigger line such as `Starting:` above it"]),
            );
            continue;
        }
        if let Some(item) = parse_header_line(line, kind, diags) {
            items.push(item);
            continue;
        }
        let (line_kind, head) = ability::classify_line_at(text, line.start);
        match line_kind {
            LineKind::Ability => {
                let first = i - 1;
                let mut last = first;
                while let Some(next) = lines.get(last + 1) {
                    if is_continuation(next.text) {
                        last += 1;
                    } else {
                        break;
                    }
                }
                i = last + 1;
                let end = lines
                    .get(last)
                    .map_or(line.start, |l| l.start + l.text.len());
                let block = file.get(line.start..end).unwrap_or("");
                let ability = ability::parse_ability_block_with(
                    block,
                    line.start,
                    diags,
                    head,
                    last - first + 1,
                );
                items.push(Item::Ability(ability));
            }
            LineKind::MisspelledTrigger { found, suggestion } => {
                let width = text.find(':').unwrap_or(text.len());
                diags.push(
                    Diagnostic::error(
                        line.start..line.start + width,
                        format!("unknown trigger type `{found}`"),
                    )
                    .expected(["a trigger type such as `Immediate Night`"])
                    .help(format!("did you mean `{suggestion}`?")),
                );
                // Skip the block's continuation lines: they were meant for this trigger.
                while lines.get(i).is_some_and(|l| is_continuation(l.text)) {
                    i += 1;
                }
            }
            LineKind::Other => {
                let mut d = Diagnostic::error(
                    line.span(),
                    format!(
                        "`{}` is neither a header line nor an ability",
                        shorten(text.trim(), 60)
                    ),
                )
                .expected(expected_lines(kind));
                if let Some(s) = suggest_key(text, kind) {
                    d = d.help(format!("did you mean `{s}`?"));
                }
                diags.push(d);
            }
        }
    }
    items
}

fn expected_lines(kind: ElementKind) -> Vec<String> {
    let mut out = vec!["a trigger type followed by `:`".to_string()];
    for flag in Flag::ALL {
        if flag.allowed_in(kind) {
            out.push(format!("`{}`", flag.text()));
        }
    }
    for (key, kinds) in KEYS {
        if kinds.contains(&kind) {
            out.push(format!("`{key}:`"));
        }
    }
    out
}

/// `text` cut to at most `max` characters, with `…` when cut.
fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

fn suggest_key(line: &str, kind: ElementKind) -> Option<String> {
    let head = line.split(':').next().unwrap_or(line).trim();
    if head.chars().count() > 40 {
        return None; // far longer than any key: no near miss (and no quadratic work)
    }
    let mut candidates: Vec<String> = Flag::ALL
        .iter()
        .filter(|f| f.allowed_in(kind))
        .map(|f| f.text().to_string())
        .collect();
    candidates.extend(
        KEYS.iter()
            .filter(|(_, kinds)| kinds.contains(&kind))
            .map(|(k, _)| format!("{k}:")),
    );
    candidates
        .into_iter()
        .map(|c| {
            let key = c.trim_end_matches(':').to_lowercase();
            (
                strsim::normalized_levenshtein(&key, &head.to_lowercase()),
                c,
            )
        })
        .filter(|(score, _)| *score >= 0.7)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// Recognises a header line (flag or `Key: value`); `None` if the line is something else.
fn parse_header_line(
    line: &SourceLine<'_>,
    kind: ElementKind,
    diags: &mut Vec<Diagnostic>,
) -> Option<Item> {
    let trimmed = source::trim_end(line.text);
    let span = line.start..line.start + trimmed.len();
    if let Some(flag) = Flag::ALL.iter().find(|f| f.text() == trimmed) {
        if !flag.allowed_in(kind) {
            diags.push(
                Diagnostic::error(
                    span.clone(),
                    format!("`{}` does not belong in {}", flag.text(), kind.a_noun()),
                )
                .expected(expected_lines(kind)),
            );
        }
        return Some(Item::Flag(Spanned::new(*flag, span)));
    }
    if matches!(trimmed, "N/A" | "TBD") {
        diags.push(Diagnostic::warning(
            span.clone(),
            format!("this {} is not formalized yet (`{trimmed}`)", kind.noun()),
        ));
        return Some(Item::Unfinished(Spanned::new(trimmed.to_string(), span)));
    }
    let (key, value) = source::split_once_byte(trimmed, b':')?;
    let &(key, kinds) = KEYS.iter().find(|(k, _)| *k == key)?;
    // Value text and its span (trimmed).
    let after = trimmed.get(key.len() + 1..).unwrap_or("");
    let lead = after.len() - source::trim_start(after).len();
    let vstart = line.start + key.len() + 1 + lead;
    let value = source::trim(value);
    let vspan = vstart..vstart + value.len();
    if !kinds.contains(&kind) {
        diags.push(
            Diagnostic::error(
                line.start..line.start + key.len() + 1,
                format!("`{key}:` does not belong in {}", kind.a_noun()),
            )
            .expected(expected_lines(kind)),
        );
    }
    if value.is_empty() && key != "Win Condition" {
        diags.push(
            Diagnostic::error(span.clone(), format!("`{key}:` needs a value"))
                .expected([expected_value(key)]),
        );
    }
    let item = match key {
        "Inherit" => Item::Inherit(quoted_name(value, vspan, key, diags)),
        "Require" => Item::Require(quoted_name(value, vspan, key, diags)),
        "Role Attribute" => Item::RoleAttribute(quoted_name(value, vspan, key, diags)),
        "Identity" => Item::Identity(quoted_name(value, vspan, key, diags)),
        "Include" => Item::Include(Spanned::new(value.to_string(), vspan)),
        "Win Condition" => Item::WinCondition(list(value, vstart)),
        "Available Options" => Item::AvailableOptions(list(value, vstart)),
        "Allowed Voters" => Item::AllowedVoters(list(value, vstart)),
        "Show Voters" => Item::ShowVoters(yes_no(value, vspan, key, diags)),
        "Haunting" => Item::Haunting(yes_no(value, vspan, key, diags)),
        "Random" => Item::Random(Spanned::new(value.to_string(), vspan)),
        "Sort Index" => {
            let n = value.parse::<i64>().unwrap_or_else(|_| {
                if !value.is_empty() {
                    diags.push(
                        Diagnostic::error(vspan.clone(), format!("`{value}` is not a number"))
                            .expected(["a whole number such as `3`"]),
                    );
                }
                0
            });
            Item::SortIndex(Spanned::new(n, vspan))
        }
        "Members" => Item::Members(Spanned::new(access(value, vstart), vspan)),
        "Viewers" => Item::Viewers(Spanned::new(access(value, vstart), vspan)),
        _ => return None,
    };
    Some(item)
}

fn expected_value(key: &str) -> String {
    match key {
        "Inherit" => "an ability set name in backticks, e.g. `Inherit: `Pack``".into(),
        "Require" | "Identity" => format!("a role name in backticks, e.g. `{key}: `Dog``"),
        "Role Attribute" => "an attribute name in backticks, e.g. `Role Attribute: `Lycan``".into(),
        "Include" => "a role or a selector, e.g. `Include: %Role%`".into(),
        "Show Voters" | "Haunting" => "`Yes` or `No`".into(),
        "Sort Index" => "a whole number".into(),
        "Members" | "Viewers" => "`*None*`, `*All*` or a list such as `Alive, Dead`".into(),
        "Random" => "a selector such as `@All`".into(),
        _ => "a comma-separated list of selectors or options".into(),
    }
}

/// A name in backticks (`` `Pack` ``), or in single quotes as the guide writes it.
fn quoted_name(value: &str, span: Span, key: &str, diags: &mut Vec<Diagnostic>) -> Spanned<String> {
    for q in ['`', '\''] {
        if let Some(inner) = value.strip_prefix(q).and_then(|v| v.strip_suffix(q))
            && !inner.is_empty()
            && !inner.contains(q)
        {
            let start = span.start + 1;
            return Spanned::new(inner.to_string(), start..start + inner.len());
        }
    }
    if !value.is_empty() {
        diags.push(
            Diagnostic::error(
                span.clone(),
                format!("`{key}:` expects a name in backticks"),
            )
            .expected([expected_value(key)])
            .help(format!("write `{key}: `{value}``")),
        );
    }
    Spanned::new(value.to_string(), span)
}

fn yes_no(value: &str, span: Span, key: &str, diags: &mut Vec<Diagnostic>) -> Spanned<bool> {
    let v = match value.to_ascii_lowercase().as_str() {
        "yes" | "true" => true,
        "no" | "false" => false,
        _ => {
            if !value.is_empty() {
                diags.push(
                    Diagnostic::error(span.clone(), format!("`{value}` is not `Yes` or `No`"))
                        .expected([expected_value(key)]),
                );
            }
            false
        }
    };
    Spanned::new(v, span)
}

/// Splits at commas that are not inside `()`, `[]` or backticks; spans are trimmed.
pub fn split_list(value: &str, base: usize) -> Vec<Spanned<&str>> {
    fn push<'v>(
        value: &'v str,
        base: usize,
        from: usize,
        to: usize,
        out: &mut Vec<Spanned<&'v str>>,
    ) {
        let piece = value.get(from..to).unwrap_or("");
        let lead = piece.len() - source::trim_start(piece).len();
        let t = source::trim(piece);
        if !t.is_empty() {
            let s = base + from + lead;
            out.push(Spanned::new(t, s..s + t.len()));
        }
    }
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut in_tick = false;
    let mut start = 0;
    for (i, c) in value.char_indices() {
        match c {
            '`' => in_tick = !in_tick,
            '(' | '[' if !in_tick => depth += 1,
            ')' | ']' if !in_tick => depth -= 1,
            ',' if !in_tick && depth <= 0 => {
                push(value, base, start, i, &mut out);
                start = i + 1;
            }
            _ => {}
        }
    }
    push(value, base, start, value.len(), &mut out);
    out
}

fn list(value: &str, base: usize) -> Vec<Spanned<ListItem>> {
    split_list(value, base)
        .into_iter()
        .map(|s| Spanned::new(ListItem::parse(s.value), s.span))
        .collect()
}

fn access(value: &str, base: usize) -> Access {
    match value {
        "*None*" => Access::Nobody,
        "*All*" => Access::Everybody,
        _ => Access::Players(
            split_list(value, base)
                .into_iter()
                .map(|s| Spanned::new(PlayerType::parse(s.value), s.span))
                .collect(),
        ),
    }
}

// ---------------------------------------------------------------------------------------
// Canonical text

fn write_list(out: &mut String, items: &[Spanned<ListItem>]) {
    for (n, item) in items.iter().enumerate() {
        if n > 0 {
            out.push_str(", ");
        }
        item.value.write(out);
    }
}

fn write_access(out: &mut String, access: &Access) {
    match access {
        Access::Nobody => out.push_str("*None*"),
        Access::Everybody => out.push_str("*All*"),
        Access::Players(players) => {
            let names: Vec<&str> = players.iter().map(|p| p.value.text()).collect();
            out.push_str(&names.join(", "));
        }
    }
}

fn yes(b: bool) -> &'static str {
    if b { "Yes" } else { "No" }
}

impl Item {
    /// Appends the canonical text of this item, with a trailing newline.
    pub fn format(&self, out: &mut String) {
        use std::fmt::Write;
        let _ = match self {
            Item::Flag(f) => writeln!(out, "{}", f.value.text()),
            Item::Unfinished(u) => writeln!(out, "{}", u.value),
            Item::Inherit(n) => writeln!(out, "Inherit: `{}`", n.value),
            Item::Require(n) => writeln!(out, "Require: `{}`", n.value),
            Item::RoleAttribute(n) => writeln!(out, "Role Attribute: `{}`", n.value),
            Item::Identity(n) => writeln!(out, "Identity: `{}`", n.value),
            Item::Include(n) => writeln!(out, "Include: {}", n.value),
            Item::WinCondition(l) | Item::AvailableOptions(l) | Item::AllowedVoters(l) => {
                out.push_str(match self {
                    Item::WinCondition(_) => "Win Condition:",
                    Item::AvailableOptions(_) => "Available Options:",
                    _ => "Allowed Voters:",
                });
                if !l.is_empty() {
                    out.push(' ');
                    write_list(out, l);
                }
                writeln!(out)
            }
            Item::ShowVoters(b) => writeln!(out, "Show Voters: {}", yes(b.value)),
            Item::Haunting(b) => writeln!(out, "Haunting: {}", yes(b.value)),
            Item::Random(s) => writeln!(out, "Random: {}", s.value),
            Item::SortIndex(n) => writeln!(out, "Sort Index: {}", n.value),
            Item::Members(a) | Item::Viewers(a) => {
                out.push_str(if matches!(self, Item::Members(_)) {
                    "Members: "
                } else {
                    "Viewers: "
                });
                write_access(out, &a.value);
                writeln!(out)
            }
            Item::Ability(a) => {
                a.format(out);
                Ok(())
            }
        };
    }
}

impl Element {
    /// The canonical text of the formalized section (every item on its own line).
    pub fn format_formalized(&self) -> String {
        let mut out = String::new();
        for item in &self.items {
            item.format(&mut out);
        }
        out
    }
}
