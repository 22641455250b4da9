//! Completion: what may be written at the cursor, from the roles crate's own vocabularies
//! (trigger types, ability types, selectors, header keys and flags) and the names the role
//! book defines. The line before the cursor decides which of them are offered.

use mafia_roles::ability::{ABILITY_KEYWORDS, HEADER_KEYS, PLAYER_SELECTORS, trigger_names};
use mafia_roles::element::Flag;
use mafia_roles::{ElementKind, Span};

use crate::book::Book;

/// What a completion offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum What {
    TriggerType,
    HeaderKey,
    Flag,
    AbilityType,
    Selector,
    Name(ElementKind),
}

impl What {
    /// The word an editor shows beside the label.
    pub fn detail(self) -> &'static str {
        match self {
            What::TriggerType => "trigger type",
            What::HeaderKey => "header line",
            What::Flag => "flag",
            What::AbilityType => "ability type",
            What::Selector => "selector",
            What::Name(kind) => kind.noun(),
        }
    }
}

/// One completion: the text that replaces `replace` (the bytes typed so far of this word).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    pub label: String,
    pub what: What,
    pub replace: Span,
}

/// The completions at byte `offset` of `text`.
pub fn complete(book: &Book, text: &str, offset: usize) -> Vec<Completion> {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..offset];
    let word_len = before
        .chars()
        .rev()
        .take_while(|&c| c.is_alphanumeric() || matches!(c, '_' | '-'))
        .map(char::len_utf8)
        .sum::<usize>();
    let word_start = offset - word_len;
    let prev = before[..before.len() - word_len].chars().next_back();
    let mut out = Vec::new();
    let mut add = |label: String, what: What, replace: Span| {
        out.push(Completion {
            label,
            what,
            replace,
        });
    };
    let sigil = word_start.saturating_sub(1)..offset;
    let names = |kinds: &[ElementKind], add: &mut dyn FnMut(String, What, Span), dashed: bool| {
        for (name, kind, _) in book.elements() {
            if kinds.is_empty() || kinds.contains(&kind) {
                let name = if dashed {
                    name.replace(' ', "-")
                } else {
                    name.to_string()
                };
                add(name, What::Name(kind), word_start..offset);
            }
        }
    };
    match prev {
        Some('@') => {
            for s in PLAYER_SELECTORS {
                add(format!("@{s}"), What::Selector, sigil.clone());
            }
            return out;
        }
        Some('#') => {
            names(&[ElementKind::Group, ElementKind::Location], &mut add, true);
            return out;
        }
        Some('&') => {
            names(&[ElementKind::Team], &mut add, true);
            return out;
        }
        _ => {}
    }
    // Inside a backtick constant: a name of any kind (a role, an attribute, a poll…).
    let inside_ticks = before.matches('`').count() % 2 == 1;
    if inside_ticks {
        let tick = line_start + before.rfind('`').map_or(0, |i| i + 1);
        for (name, kind, _) in book.elements() {
            add(name.to_string(), What::Name(kind), tick..offset);
        }
        return out;
    }
    let head = before.trim_start();
    let at_line_start = !before.starts_with([' ', '\t']) && !head.contains(':');
    let word = word_start..offset;
    if at_line_start {
        let from = line_start..offset;
        for t in trigger_names() {
            add(t.to_string(), What::TriggerType, from.clone());
        }
        for k in HEADER_KEYS {
            add(format!("{k}:"), What::HeaderKey, from.clone());
        }
        for f in Flag::ALL {
            add(f.text().to_string(), What::Flag, from.clone());
        }
        return out;
    }
    for a in ABILITY_KEYWORDS {
        add(a.to_string(), What::AbilityType, word.clone());
    }
    for s in PLAYER_SELECTORS {
        add(format!("@{s}"), What::Selector, word.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(text: &str, what: What) -> Vec<String> {
        complete(&Book::default(), text, text.len())
            .into_iter()
            .filter(|c| c.what == what)
            .map(|c| c.label)
            .collect()
    }

    #[test]
    fn a_line_start_offers_trigger_types() {
        let text = "**Seer** | Townsfolk\n__Formalized__\nImmed";
        let triggers = labels(text, What::TriggerType);
        assert!(triggers.contains(&"Immediate Night".to_string()));
        assert!(triggers.contains(&"On Death".to_string()));
        assert!(labels(text, What::AbilityType).is_empty());
    }

    #[test]
    fn after_the_colon_ability_types_and_selectors() {
        let text = "Immediate Night: Role Inv";
        assert!(labels(text, What::AbilityType).contains(&"Role Investigate".to_string()));
        let at = complete(&Book::default(), text, text.len());
        let inv = at.iter().find(|c| c.label == "Role Investigate").unwrap();
        assert_eq!(&text[inv.replace.clone()], "Inv");
    }

    #[test]
    fn after_an_at_sign_only_selectors() {
        let text = "Immediate Night: Role Investigate @Sel";
        let all = complete(&Book::default(), text, text.len());
        assert!(all.iter().all(|c| c.what == What::Selector));
        let sel = all.iter().find(|c| c.label == "@Selection").unwrap();
        assert_eq!(&text[sel.replace.clone()], "@Sel");
    }
}
