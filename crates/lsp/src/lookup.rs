//! What a position in a role file names: a reference to a role, team, group, attribute,
//! poll, ability set or location (from the parsed element where it can tell, else from the
//! word under the cursor), or the element's own title.

use mafia_roles::ability::Reference;
use mafia_roles::element::{Access, Heading, PlayerType};
use mafia_roles::{ElementKind, Item, ParsedFile, Span};

/// A name at a position, with the kinds of element it may name (empty: any kind).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    pub name: String,
    pub kinds: &'static [ElementKind],
    /// The bytes of the file the name occupies.
    pub span: Span,
}

const ROLE: &[ElementKind] = &[ElementKind::Role];
const TEAM: &[ElementKind] = &[ElementKind::Team];
const GROUP_OR_LOCATION: &[ElementKind] = &[ElementKind::Group, ElementKind::Location];
const ATTRIBUTE: &[ElementKind] = &[ElementKind::Attribute];
const POLL: &[ElementKind] = &[ElementKind::Poll];
const SET: &[ElementKind] = &[ElementKind::AbilitySet];
const LOCATION: &[ElementKind] = &[ElementKind::Location];
const ANY: &[ElementKind] = &[];

/// Every name the element of `file` refers to, with its span.
pub fn references(file: &ParsedFile) -> Vec<Named> {
    let mut out = Vec::new();
    let Some(element) = &file.element else {
        return out;
    };
    let mut push = |kinds: &'static [ElementKind], name: &str, span: Span| {
        out.push(Named {
            name: name.to_string(),
            kinds,
            span,
        });
    };
    match &element.heading {
        Heading::Role(r) => {
            if let Some(team) = &r.team {
                push(TEAM, &team.value, team.span.clone());
            }
        }
        Heading::Group(g) => {
            if let Some(team) = &g.team {
                push(TEAM, &team.value, team.span.clone());
            }
        }
        Heading::Plain => {}
    }
    for item in &element.items {
        match item {
            Item::Inherit(n) => push(SET, &n.value, n.span.clone()),
            Item::Require(n) | Item::Identity(n) => push(ROLE, &n.value, n.span.clone()),
            Item::RoleAttribute(n) => push(ATTRIBUTE, &n.value, n.span.clone()),
            Item::Members(a) | Item::Viewers(a) => {
                if let Access::Players(players) = &a.value {
                    for p in players {
                        if let PlayerType::Role(name) = &p.value {
                            push(ROLE, name, p.span.clone());
                        }
                    }
                }
            }
            Item::Ability(ability) => ability.visit_refs(&mut |r| match r {
                Reference::Role(n, s) => push(ROLE, n, s),
                Reference::Team(n, s) => push(TEAM, n, s),
                Reference::Group(n, s) => push(GROUP_OR_LOCATION, n, s),
                Reference::Attribute(n, s) => push(ATTRIBUTE, n, s),
                Reference::Poll(n, s) => push(POLL, n, s),
                Reference::AbilitySet(n, s) => push(SET, n, s),
                Reference::Location(n, s) => push(LOCATION, n, s),
                Reference::ContextSelector { .. } => {}
            }),
            _ => {}
        }
    }
    out
}

/// The name at byte `offset` of `file`: a reference the parser found there, the element's
/// own title, or else the word under the cursor (`` `Name` ``, `#group`, `&Team`, a bare
/// word), which may name an element of any kind.
pub fn named_at(file: &ParsedFile, offset: usize) -> Option<Named> {
    let inside = |span: &Span| span.start <= offset && offset <= span.end;
    if let Some(found) = references(file).into_iter().find(|r| inside(&r.span)) {
        return Some(strip_value(found));
    }
    if let Some(title) = file.element.as_ref().and_then(|e| e.title.as_ref())
        && inside(&title.name.span)
    {
        let kinds: &'static [ElementKind] = match file.kind {
            ElementKind::Role => ROLE,
            ElementKind::Team => TEAM,
            ElementKind::Group => &[ElementKind::Group],
            ElementKind::Poll => POLL,
            ElementKind::Location => LOCATION,
            ElementKind::Attribute => ATTRIBUTE,
            ElementKind::AbilitySet => SET,
        };
        return Some(Named {
            name: title.name.value.clone(),
            kinds,
            span: title.name.span.clone(),
        });
    }
    word_at(&file.text, offset).map(strip_value)
}

/// `Attr:Source` names the attribute `Attr`.
fn strip_value(mut named: Named) -> Named {
    if let Some((head, _)) = named.name.split_once(':') {
        named.name = head.to_string();
    }
    named.name = named.name.trim().to_string();
    named
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-' | '\'' | '’')
}

/// The word under the cursor: a backtick constant, a `#group` / `&Team`, or a bare word.
fn word_at(text: &str, offset: usize) -> Option<Named> {
    let offset = offset.min(text.len());
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let line = &text[line_start..line_end];
    let at = offset - line_start;
    // A backtick constant around the cursor: count the backticks before it.
    let ticks: Vec<usize> = line.match_indices('`').map(|(i, _)| i).collect();
    let before = ticks.iter().filter(|&&i| i < at).count();
    if before % 2 == 1 {
        let open = ticks[before - 1];
        if let Some(&close) = ticks.get(before) {
            let name = &line[open + 1..close];
            let start = line_start + open + 1;
            return Some(Named {
                name: name.to_string(),
                kinds: ANY,
                span: start..start + name.len(),
            });
        }
    }
    let start = line[..at]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_name_char(c))
        .last()
        .map_or(at, |(i, _)| i);
    let end = line[at..]
        .char_indices()
        .find(|&(_, c)| !is_name_char(c))
        .map_or(line.len(), |(i, _)| at + i);
    if start == end {
        return None;
    }
    let kinds = match line[..start].chars().next_back() {
        Some('#') => GROUP_OR_LOCATION,
        Some('&') => TEAM,
        Some('@' | '$' | '%' | '^') => return None, // selectors and variables name no element
        _ => ANY,
    };
    Some(Named {
        name: line[start..end].to_string(),
        kinds,
        span: line_start + start..line_start + end,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn role(text: &str) -> ParsedFile {
        ParsedFile::parse(
            PathBuf::from("/book/roles/seer"),
            "roles/seer".into(),
            text.into(),
            ElementKind::Role,
        )
    }

    #[test]
    fn a_reference_in_an_ability_names_its_kind() {
        let file = role(
            "**Seer** | Townsfolk Investigative\n__Formalized__\nStarting: Join #Wolfpack\nInherit: `Pack Basics`\n",
        );
        let at = file.text.find("Wolfpack").unwrap() + 3;
        let named = named_at(&file, at).unwrap();
        assert_eq!(named.name, "Wolfpack");
        assert_eq!(named.kinds, GROUP_OR_LOCATION);
        let at = file.text.find("Pack Basics").unwrap();
        let named = named_at(&file, at).unwrap();
        assert_eq!((named.name.as_str(), named.kinds), ("Pack Basics", SET));
    }

    #[test]
    fn the_title_names_the_element_itself() {
        let file = role("**Seer** | Townsfolk Investigative\n__Formalized__\nNo Abilities\n");
        let named = named_at(&file, 4).unwrap();
        assert_eq!((named.name.as_str(), named.kinds), ("Seer", ROLE));
    }

    #[test]
    fn a_bare_word_or_a_constant_may_name_anything() {
        let file = role(
            "**Seer** | Townsfolk Investigative\n__Basics__\nSees `Aura Teller` and Werewolf.\n__Formalized__\nNo Abilities\n",
        );
        let at = file.text.find("Teller").unwrap();
        assert_eq!(named_at(&file, at).unwrap().name, "Aura Teller");
        let at = file.text.find("Werewolf").unwrap() + 2;
        let named = named_at(&file, at).unwrap();
        assert_eq!((named.name.as_str(), named.kinds), ("Werewolf", ANY));
        let at = file.text.find(" and").unwrap() + 1;
        assert_eq!(named_at(&file, at).unwrap().name, "and");
    }
}
