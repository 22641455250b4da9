//! Case-insensitive text helpers for command recognition: a lower-cased copy of a line that
//! remembers where each byte came from, word tokens, and whole-name matching.

use std::collections::BTreeMap;

use aho_corasick::{AhoCorasick, MatchKind};

use mafia_posts::{Line, SpanKind};

use crate::fold::fold_char;

/// A line folded to lower case, with a map back to the original text's byte offsets.
pub(crate) struct Folded<'a> {
    original: &'a str,
    lower: String,
    /// For every byte of `lower` (and one past the end), the byte offset of the original
    /// character it came from. Always a char boundary of `original`.
    map: Vec<usize>,
}

impl<'a> Folded<'a> {
    pub(crate) fn new(original: &'a str) -> Folded<'a> {
        let mut lower = String::with_capacity(original.len());
        let mut map = Vec::with_capacity(original.len() + 1);
        for (at, c) in original.char_indices() {
            for l in fold_char(c) {
                lower.push(l);
                map.extend(std::iter::repeat_n(at, l.len_utf8()));
            }
        }
        map.push(original.len());
        Folded {
            original,
            lower,
            map,
        }
    }

    pub(crate) fn lower(&self) -> &str {
        &self.lower
    }

    /// The original offset of a byte offset in the folded text.
    pub(crate) fn original_offset(&self, at: usize) -> usize {
        self.map.get(at).copied().unwrap_or(self.original.len())
    }

    /// The original text of a folded byte range.
    pub(crate) fn original(&self, start: usize, end: usize) -> &'a str {
        let (s, e) = (self.original_offset(start), self.original_offset(end));
        self.original.get(s..e.max(s)).unwrap_or("")
    }

    /// The words (maximal runs of letters and digits) of the folded text.
    pub(crate) fn words(&self) -> Vec<Word> {
        let mut words = Vec::new();
        let mut start = None;
        for (at, c) in self.lower.char_indices() {
            match (c.is_alphanumeric(), start) {
                (true, None) => start = Some(at),
                (false, Some(s)) => {
                    words.push(Word { start: s, end: at });
                    start = None;
                }
                _ => {}
            }
        }
        if let Some(s) = start {
            words.push(Word {
                start: s,
                end: self.lower.len(),
            });
        }
        words
    }
}

/// Folds a whole string the way [`Folded`] does.
pub(crate) fn fold(s: &str) -> String {
    crate::fold::fold_str(s)
}

/// A word of a folded line: a byte range into its lower-case text.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Word {
    pub(crate) start: usize,
    pub(crate) end: usize,
}

impl Word {
    pub(crate) fn text<'t>(&self, lower: &'t str) -> &'t str {
        lower.get(self.start..self.end).unwrap_or("")
    }

    /// Whether this word is `s`. Every phrasing of the vocabulary is tried at every word of
    /// a GM's line, so the length and the first byte turn most words away before the text
    /// is sliced and compared.
    #[inline]
    pub(crate) fn is(&self, lower: &str, s: &str) -> bool {
        self.end - self.start == s.len()
            && lower.as_bytes().get(self.start) == s.as_bytes().first()
            && self.text(lower) == s
    }
}

/// Which words may open one of a vocabulary's phrasings, by first byte and length: a word
/// that fails [`Openers::may_open`] opens none, and is passed over without comparing any
/// text. Built once per recogniser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Openers([u64; 256]);

impl Openers {
    pub(crate) fn new<'a>(first_words: impl IntoIterator<Item = &'a str>) -> Openers {
        let mut table = [0u64; 256];
        for word in first_words {
            if let Some(&b) = word.as_bytes().first() {
                table[usize::from(b)] |= 1 << word.len().min(63);
            }
        }
        Openers(table)
    }

    #[inline]
    pub(crate) fn may_open(&self, word: &Word, lower: &str) -> bool {
        let len = (word.end - word.start).min(63);
        lower
            .as_bytes()
            .get(word.start)
            .is_some_and(|&b| self.0[usize::from(b)] & (1 << len) != 0)
    }
}

/// Whether the words starting at `at` are exactly `seq`.
pub(crate) fn seq_at(words: &[Word], lower: &str, seq: &[&str], at: usize) -> bool {
    seq.iter()
        .enumerate()
        .all(|(k, s)| words.get(at + k).is_some_and(|w| w.is(lower, s)))
}

/// The first word index at or after `from` where `seq` occurs.
pub(crate) fn find_seq(words: &[Word], lower: &str, seq: &[&str], from: usize) -> Option<usize> {
    (from..words.len()).find(|&i| seq_at(words, lower, seq, i))
}

/// Positions just after each sentence end (`.`, `!`, `?`, `;` followed by a space or the end
/// of the line), except inside a name (a name may contain a full stop: `Mr. X`).
pub(crate) fn sentence_breaks(lower: &str, names: &[NameHit]) -> Vec<usize> {
    let mut breaks = Vec::new();
    let mut chars = lower.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if !matches!(c, '.' | '!' | '?' | ';') {
            continue;
        }
        let at_end = chars.peek().is_none_or(|(_, n)| n.is_whitespace());
        // `names` is sorted by start and the hits do not overlap.
        let k = names.partition_point(|h| h.start <= at);
        let in_name = k > 0 && at < names[k - 1].end;
        if at_end && !in_name {
            breaks.push(at + c.len_utf8());
        }
    }
    breaks
}

/// Whether the text between two names only lists them: `, `, ` and `, ` & `, `, and `.
pub(crate) fn is_list_separator(between: &str) -> bool {
    let core = between.trim_matches(|c: char| c.is_whitespace() || c == ',');
    match core {
        "and" | "&" | "+" => true,
        "" => between.contains(','),
        _ => false,
    }
}

/// A name found in a folded line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NameHit {
    pub(crate) start: usize,
    pub(crate) end: usize,
    /// Index of the name in its [`NameSet`].
    pub(crate) name: usize,
}

/// A set of names matched case-insensitively, as whole names.
#[derive(Debug, Clone)]
pub(crate) struct NameSet {
    /// (as spelled, folded), longest folded first.
    names: Vec<(String, String)>,
    /// Every folded name (pattern `i` is `names[i]`), so that [`NameSet::find_all`] reads a
    /// line once instead of once per name; built with the set, which the recogniser keeps
    /// until the names change.
    automaton: Option<AhoCorasick>,
}

impl PartialEq for NameSet {
    fn eq(&self, other: &NameSet) -> bool {
        self.names == other.names
    }
}

impl Eq for NameSet {}

impl NameSet {
    pub(crate) fn new(names: &[String]) -> NameSet {
        let mut names: Vec<(String, String)> = names
            .iter()
            .map(|n| n.trim())
            .filter(|n| !n.is_empty())
            .map(|n| (n.to_owned(), fold(n)))
            .collect();
        // Hosts write an account's underscores as spaces: "Not Mafia, Town Citizen, has been
        // Lynched Day 05!" for Not_Mafia (65380 post 1311), "Ant to the Max replaces Rikana."
        // for Ant_to_the_Max (17940 post 681).
        let spaced: Vec<(String, String)> = names
            .iter()
            .filter(|(_, f)| f.contains('_'))
            .map(|(n, f)| (n.clone(), f.replace('_', " ")))
            .filter(|(_, f)| !names.iter().any(|(_, g)| g == f))
            .collect();
        names.extend(spaced);
        names.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then_with(|| a.1.cmp(&b.1)));
        // A name given twice (a player is also a user) is one pattern; the sort is stable, so
        // the first spelling given is the one kept.
        names.dedup_by(|later, kept| later.1 == kept.1);
        // Standard semantics: every occurrence of every name, overlapping ones included.
        let automaton = AhoCorasick::builder()
            .match_kind(MatchKind::Standard)
            .build(names.iter().map(|(_, f)| f.as_str()))
            .ok();
        NameSet { names, automaton }
    }

    pub(crate) fn canonical(&self, index: usize) -> &str {
        self.names.get(index).map_or("", |(n, _)| n.as_str())
    }

    /// The name equal (case-insensitively) to `folded`.
    pub(crate) fn exact(&self, folded: &str) -> Option<&str> {
        self.names
            .iter()
            .find(|(_, f)| f == folded)
            .map(|(n, _)| n.as_str())
    }

    /// The longest name that `folded` ends with, starting at a word boundary.
    pub(crate) fn suffix_of(&self, folded: &str) -> Option<&str> {
        self.names
            .iter()
            .find(|(_, f)| {
                folded.ends_with(f.as_str()) && boundary_before(folded, folded.len() - f.len(), f)
            })
            .map(|(n, _)| n.as_str())
    }

    /// The index of the one name whose last letters are the word `folded` (at least four
    /// letters, the name longer): a host's short name for a player, "Trollie" for TheTrollie
    /// (23438 post 1142). `None` when no name or several end so.
    pub(crate) fn tail_of(&self, folded: &str) -> Option<usize> {
        if folded.chars().count() < 4 || !folded.chars().all(char::is_alphanumeric) {
            return None;
        }
        self.only(|f| f.len() > folded.len() && f.ends_with(folded))
    }

    /// The index of the one name whose folded form is the word `folded` and trailing digits
    /// (at least five characters before the digits, ending with a letter): a host's short
    /// name for an account, "kondi" for kondi2424, "monkeyman" for MonkeyMan576 (held-out
    /// 22136 posts 861 and 910). `None` when no name or several are so, or when `folded` is
    /// itself a name.
    pub(crate) fn stem_of(&self, folded: &str) -> Option<usize> {
        if folded.chars().count() < 5 || self.names.iter().any(|(_, f)| f == folded) {
            return None;
        }
        self.only(|f| digitless_stem(f) == Some(folded))
    }

    /// The index of the one name one letter away from the word `folded` (a letter left out,
    /// added or changed; at least six characters, not itself a name): a host's slip in a
    /// name, "XnarojX was lynched" for XnadrojX (held-out 70568 post 1498).
    pub(crate) fn one_letter_from(&self, folded: &str) -> Option<usize> {
        if folded.chars().count() < 6 || self.names.iter().any(|(_, f)| f == folded) {
            return None;
        }
        // One letter changes the length by one character, at most four bytes.
        self.only(|f| f.len().abs_diff(folded.len()) <= 4 && strsim::levenshtein(f, folded) == 1)
    }

    /// The index of the one folded name for which `pred` holds; `None` when none or several.
    fn only(&self, pred: impl Fn(&str) -> bool) -> Option<usize> {
        let mut found = (self.names.iter().enumerate()).filter(|(_, (_, f))| pred(f));
        let (first, _) = found.next()?;
        found.next().is_none().then_some(first)
    }

    /// The longest name that `folded` starts with, ending at a word boundary.
    pub(crate) fn prefix_of(&self, folded: &str) -> Option<&str> {
        self.names
            .iter()
            .find(|(_, f)| folded.starts_with(f.as_str()) && boundary_after(folded, f.len(), f))
            .map(|(n, _)| n.as_str())
    }

    /// Whether exactly one name starts with the folded word `word` of three letters or more
    /// (`jordan` for JordanA24).
    pub(crate) fn one_starts_with(&self, word: &str) -> bool {
        word.chars().count() >= 3
            && self
                .names
                .iter()
                .filter(|(_, f)| f.starts_with(word))
                .count()
                == 1
    }

    /// The name nearest to `folded` (at most two edits away), if no other is as near.
    pub(crate) fn closest(&self, folded: &str) -> Option<&str> {
        let mut best: Option<(usize, &str)> = None;
        let mut tied = false;
        for (name, f) in &self.names {
            let distance = strsim::levenshtein(f, folded);
            if distance > 2 {
                continue;
            }
            match best {
                Some((d, _)) if d < distance => {}
                Some((d, _)) if d == distance => tied = true,
                _ => {
                    best = Some((distance, name.as_str()));
                    tied = false;
                }
            }
        }
        if tied { None } else { best.map(|(_, n)| n) }
    }

    /// Every whole-name occurrence in a folded line, sorted by position. Overlapping matches
    /// are resolved in favour of the longer name.
    pub(crate) fn find_all(&self, lower: &str) -> Vec<NameHit> {
        let Some(automaton) = &self.automaton else {
            return self.find_all_by_name(lower);
        };
        // Every occurrence as (name, start), in the order the names are tried: longest name
        // first, each from the left, as `str::match_indices` gives them (an occurrence that
        // overlaps the previous one of the same name is not one of them).
        let mut found: Vec<(usize, usize)> = automaton
            .find_overlapping_iter(lower)
            .map(|m| (m.pattern().as_usize(), m.start()))
            .collect();
        if found.is_empty() {
            return Vec::new();
        }
        found.sort_unstable();
        let mut taken: BTreeMap<usize, NameHit> = BTreeMap::new();
        let mut previous: Option<(usize, usize)> = None;
        for (index, start) in found {
            let name = &self.names[index].1;
            let end = start + name.len();
            if previous.is_some_and(|(i, e)| i == index && start < e) {
                continue;
            }
            previous = Some((index, end));
            self.take(&mut taken, lower, index, start);
        }
        taken.into_values().collect()
    }

    /// [`NameSet::find_all`] one name at a time (when no automaton could be built).
    fn find_all_by_name(&self, lower: &str) -> Vec<NameHit> {
        let mut taken: BTreeMap<usize, NameHit> = BTreeMap::new();
        for (index, (_, name)) in self.names.iter().enumerate() {
            for (start, _) in lower.match_indices(name.as_str()) {
                self.take(&mut taken, lower, index, start);
            }
        }
        taken.into_values().collect()
    }

    /// Takes the occurrence of name `index` at `start` when it is a whole name and no hit
    /// taken before (a longer name, tried first) overlaps it.
    fn take(&self, taken: &mut BTreeMap<usize, NameHit>, lower: &str, index: usize, start: usize) {
        let name = &self.names[index].1;
        let end = start + name.len();
        if !boundary_before(lower, start, name) || !boundary_after(lower, end, name) {
            return;
        }
        let before = taken.range(..end).next_back().map(|(_, h)| *h);
        if before.is_none_or(|h| h.end <= start) {
            taken.insert(
                start,
                NameHit {
                    start,
                    end,
                    name: index,
                },
            );
        }
    }

    /// How many names the set holds.
    pub(crate) fn len(&self) -> usize {
        self.names.len()
    }
}

/// A folded name without its trailing digits (`kondi` of `kondi2424`), when what is left is
/// at least five characters and ends with a letter.
fn digitless_stem(folded: &str) -> Option<&str> {
    let stem = folded.trim_end_matches(|c: char| c.is_ascii_digit());
    (stem.len() < folded.len()
        && stem.chars().count() >= 5
        && stem.chars().next_back().is_some_and(char::is_alphabetic))
    .then_some(stem)
}

/// A name starting with a letter or digit must not follow one ("Bob" is not in "JimBob").
fn boundary_before(text: &str, start: usize, name: &str) -> bool {
    let name_starts_alnum = name.chars().next().is_some_and(char::is_alphanumeric);
    !name_starts_alnum
        || text
            .get(..start)
            .and_then(|s| s.chars().next_back())
            .is_none_or(|c| !c.is_alphanumeric())
}

/// A name ending with a letter or digit must not be followed by one ("Bob" is not in "Bobby").
fn boundary_after(text: &str, end: usize, name: &str) -> bool {
    let name_ends_alnum = name.chars().next_back().is_some_and(char::is_alphanumeric);
    !name_ends_alnum
        || text
            .get(end..)
            .and_then(|s| s.chars().next())
            .is_none_or(|c| !c.is_alphanumeric())
}

/// Whether word `at` opens its sentence: only punctuation and spaces stand between it and
/// the start of the line or the previous `.`, `!`, `?`, `;` or `:`.
pub(crate) fn opens_sentence(lower: &str, words: &[Word], at: usize) -> bool {
    let from = if at == 0 { 0 } else { words[at - 1].end };
    let gap = lower.get(from..words[at].start).unwrap_or("");
    at == 0 || gap.contains(['.', '!', '?', ';', ':'])
}

/// Whether word `i` is the last of its sentence: the line ends after it, or `.`, `!` or `?`
/// stands between it and the next word.
pub(crate) fn ends_sentence(words: &[Word], lower: &str, i: usize) -> bool {
    let Some(word) = words.get(i) else {
        return false;
    };
    match words.get(i + 1) {
        None => true,
        Some(next) => lower
            .get(word.end..next.start)
            .is_some_and(|between| between.contains(['.', '!', '?'])),
    }
}

pub(crate) fn only_punctuation(s: &str) -> bool {
    s.chars().all(|c| !c.is_alphanumeric())
}

/// A line with only punctuation around its words, whatever their style.
pub(crate) fn is_alone(folded: &Folded<'_>, words: &[Word]) -> bool {
    let lower = folded.lower();
    let (Some(first), Some(last)) = (words.first(), words.last()) else {
        return false;
    };
    only_punctuation(lower.get(..first.start).unwrap_or("x"))
        && only_punctuation(lower.get(last.end..).unwrap_or("x"))
}

/// A line whose words are all in bold, with only punctuation around them.
pub(crate) fn is_bold_alone(line: &Line, folded: &Folded<'_>, words: &[Word]) -> bool {
    if !is_alone(folded, words) {
        return false;
    }
    let (Some(first), Some(last)) = (words.first(), words.last()) else {
        return false;
    };
    let (start, end) = (
        folded.original_offset(first.start),
        folded.original_offset(last.end),
    );
    // Every byte of the heading's words lies in some bold span.
    let mut covered = start;
    let mut bold: Vec<_> = line
        .spans
        .iter()
        .filter(|s| s.kind == SpanKind::Bold)
        .map(|s| s.range.clone())
        .collect();
    bold.sort_by_key(|r| r.start);
    for r in bold {
        if r.start <= covered && r.end > covered {
            covered = r.end;
        }
    }
    covered >= end
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn set(names: &[&str]) -> NameSet {
        NameSet::new(&names.iter().map(|n| n.to_string()).collect::<Vec<_>>())
    }

    fn hits(s: &NameSet, line: &str) -> Vec<(usize, usize, String)> {
        s.find_all(line)
            .into_iter()
            .map(|h| (h.start, h.end, s.canonical(h.name).to_owned()))
            .collect()
    }

    #[test]
    fn whole_names_longest_first() {
        let s = set(&["Bob", "Bobby", "Jim Bob", "An_Na"]);
        assert_eq!(
            hits(&s, "bobby and jim bob met bob; jimbob and an na did not"),
            [
                (0, 5, "Bobby".to_owned()),
                (10, 17, "Jim Bob".to_owned()),
                (22, 25, "Bob".to_owned()),
                (38, 43, "An_Na".to_owned()),
            ]
        );
    }

    proptest! {
        /// One pass of the automaton finds what trying each name in turn finds.
        #[test]
        fn the_automaton_agrees_with_one_name_at_a_time(
            names in proptest::collection::vec("[ab ]{1,4}", 1..6),
            line in "[ab .]{0,40}",
        ) {
            let s = NameSet::new(&names);
            prop_assert_eq!(s.find_all(&line), s.find_all_by_name(&line));
        }
    }
}
