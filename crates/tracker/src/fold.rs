//! Folding for matching names and command words: lower case, and a Latin letter without its
//! accent, so a host who writes "Keyser Soze" names the player `Keyser Söze` (mafiascum
//! 63716.jsonl post 1240: his night death, unread until folded).

/// A character folded for matching. ASCII is only lower-cased; a Latin letter with an
/// accent (U+00C0–U+024F: `ö`, `é`, `ñ`, `ł` stays, having no decomposition) loses it;
/// other scripts are only lower-cased.
pub(crate) fn fold_char(c: char) -> std::char::ToLowercase {
    if c.is_ascii() {
        c.to_lowercase()
    } else {
        base_letter(c).to_lowercase()
    }
}

/// A string folded as [`fold_char`] folds each character.
pub(crate) fn fold_str(s: &str) -> String {
    if s.is_ascii() {
        s.to_ascii_lowercase()
    } else {
        s.chars().flat_map(fold_char).collect()
    }
}

fn base_letter(c: char) -> char {
    if !('\u{C0}'..='\u{24F}').contains(&c) {
        return c;
    }
    let mut base = None;
    unicode_normalization::char::decompose_canonical(c, |d| {
        base.get_or_insert(d);
    });
    base.filter(char::is_ascii_alphabetic).unwrap_or(c)
}

#[cfg(test)]
mod tests {
    use super::fold_str;

    #[test]
    fn accents_of_latin_letters_fold_away() {
        assert_eq!(fold_str("Keyser Söze"), "keyser soze");
        assert_eq!(fold_str("Renée Çağla Núñez"), "renee cagla nunez");
    }

    #[test]
    fn letters_with_no_accent_to_drop_and_other_scripts_stay() {
        assert_eq!(fold_str("Łukasz ß"), "łukasz ß");
        assert_eq!(fold_str("Юлия 김"), "юлия 김");
    }
}
