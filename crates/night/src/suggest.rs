//! "Did you mean …": the known name closest to a misspelt one, by edit distance ignoring
//! case, when it is close enough to be a likely typo.

/// The candidate closest to `word` (at most a third of its length, and at least 2, edits
/// away), if any.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let w: Vec<char> = word.to_lowercase().chars().collect();
    let limit = (w.len() / 3).max(2);
    candidates
        .into_iter()
        .map(|c| (distance(&w, c), c))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// Levenshtein distance between `a` (already lowercased) and `b`, ignoring case.
fn distance(a: &[char], b: &str) -> usize {
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
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
