//! "Did you mean …": the known name closest to a misspelt one, by edit distance ignoring
//! case, when it is close enough to be a likely typo.

/// The candidate closest to `word` (at most a third of its length, and at least 2, edits
/// away), if any.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word = word.to_lowercase();
    let limit = (word.chars().count() / 3).max(2);
    candidates
        .into_iter()
        .map(|c| (strsim::levenshtein(&word, &c.to_lowercase()), c))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typo_finds_its_word_and_nonsense_finds_nothing() {
        let known = ["Doctor", "Bodyguard", "Jailkeeper"];
        assert_eq!(closest("Docter", known), Some("Doctor"));
        assert_eq!(closest("bodygaurd", known), Some("Bodyguard"));
        assert_eq!(closest("Wizard", known), None);
    }
}
