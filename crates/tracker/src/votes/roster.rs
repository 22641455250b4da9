//! The players' names as votes (and GM commands, and hosts' counts) write them: a written name
//! is resolved to a slot exactly (any case, a name or an alias), else by a unique near miss,
//! in tiers that stop at the first that finds anyone (the whole text first, then its first
//! word):
//!
//! 1. a prefix of three letters or more, a part of four or more, a small misspelling of the
//!    whole name (of three letters or more), its initials;
//! 2. the name without its spaces and punctuation (`Mr. E` for Mr E Roll, `L` for -L-), or
//!    without its digits too (`acfan` for ac1983fan), or one of its words (`Uzi` for Lil Uzi
//!    Vert, `Gin` for TheRealGin-N-Tonic, `Aj` for Aj The Epic, `FA` for FA_Q2, `Cow` for
//!    TheCow beside RadiantCowbells);
//! 3. a word's prefix of three letters or more (`Dom` for TheDominator37);
//! 4. a small misspelling of a prefix from a word's start (`gandy` for gandalf5166, `Kyuoko` for
//!    ssbm_Kyouko, `Grey Foxx` for GrayFoxxxx);
//! 5. an abbreviation of two to four letters, written alone, that starts with the name's first
//!    letter and follows its letters in order (`MBG` for mattblackguy, `EPM` for evilpacman18);
//! 6. for a written name of at most three words, the one name with the same six letters or
//!    more in another order (`ohmygodlife` for OhGodMyLife), else the one name that shares the
//!    longest run of five letters or more with it (`Wackpecker` for WoodyWoodpecker,
//!    `InsidiousLemonade` for InsidiousLemons): hosts count such nicknames. A blend of two
//!    names (one's start, then another's end: `SALONCELT` for Salamence and Klingoncelt) is
//!    ambiguous, however long the run it shares with one of them.
//!
//! A name's words split at spaces and punctuation, at a capital after a small letter, at the
//! last capital of a run that a small letter follows (`IAlwaysWinSometimes`: I, Always, Win,
//! Sometimes) and between letters and digits. Each tier's match must be unique; two or more
//! candidates make the name ambiguous. Nicknames no rule derives are a game file's aliases.

use crate::fold::{fold_char, fold_str};
use serde::{Deserialize, Serialize};

/// The names votes are matched against: one entry per slot, lower-cased name and aliases.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roster {
    /// `(slot, lower-cased name or alias)`.
    names: Vec<(usize, String)>,
    /// `(slot, lower-cased initials)` of names of two or more parts (`GlowingBear` → `gb`).
    initials: Vec<(usize, String)>,
    /// Each name squashed to its lower-cased letters and digits, with where its words start.
    #[serde(default)]
    forms: Vec<Form>,
}

/// A name without spaces and punctuation, lower case (`TheRealGin-N-Tonic` →
/// `therealginntonic`), and the byte offsets in it where its words start (0, 3, 7, 10, 11).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Form {
    slot: usize,
    squashed: String,
    starts: Vec<usize>,
}

impl Form {
    fn of(slot: usize, name: &str) -> Form {
        let mut squashed = String::new();
        let mut starts = Vec::new();
        let chars: Vec<char> = name.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            if !c.is_alphanumeric() {
                continue;
            }
            if i == 0 || starts_word(&chars, i) {
                starts.push(squashed.len());
            }
            squashed.extend(fold_char(c));
        }
        if starts.first() != Some(&0) && !squashed.is_empty() {
            starts.insert(0, 0);
        }
        Form {
            slot,
            squashed,
            starts,
        }
    }

    /// The words, lower case.
    fn words(&self) -> impl Iterator<Item = &str> {
        self.starts.iter().enumerate().map(|(i, &at)| {
            let end = self
                .starts
                .get(i + 1)
                .copied()
                .unwrap_or(self.squashed.len());
            self.squashed.get(at..end).unwrap_or("")
        })
    }

    /// Tier 2: the squashed name, or one of its words (the first of two letters or more, any
    /// other of three or more).
    fn word(&self, probe: &str) -> bool {
        let len = probe.chars().count();
        probe == self.squashed
            || (len >= 3 && self.squashed.len() > probe.len() && self.without_digits_is(probe))
            || self
                .words()
                .enumerate()
                .any(|(i, w)| w == probe && (len >= 3 || (i == 0 && len >= 2)))
    }

    /// Whether the squashed name without its digits is `probe` (`acfan` for ac1983fan,
    /// 60083 post 1075).
    fn without_digits_is(&self, probe: &str) -> bool {
        let mut letters = self.squashed.chars().filter(|c| !c.is_ascii_digit());
        let mut probe = probe.chars();
        loop {
            match (letters.next(), probe.next()) {
                (None, None) => return true,
                (Some(a), Some(b)) if a == b => {}
                _ => return false,
            }
        }
    }

    /// Tier 3: a prefix of three letters or more from a word's start.
    fn word_prefix(&self, probe: &str) -> bool {
        probe.chars().count() >= 3
            && self.starts.iter().any(|&at| {
                self.squashed
                    .get(at..)
                    .is_some_and(|s| s.starts_with(probe))
            })
    }

    /// Tier 4: a misspelling of a prefix from a word's start, for a probe of four letters or
    /// more (one edit up to seven letters, two from eight).
    fn misspelt_prefix(&self, probe: &[char]) -> bool {
        if probe.len() < 4 {
            return false;
        }
        let allowed = if probe.len() >= 8 { 2 } else { 1 };
        self.starts.iter().any(|&at| {
            let rest: Vec<char> = self.squashed.get(at..).unwrap_or("").chars().collect();
            prefix_distance(probe, &rest) <= allowed
        })
    }

    /// Tier 5: an abbreviation: two to four letters or digits, the first the name's first, the
    /// others in the name's order.
    fn abbreviation(&self, probe: &str) -> bool {
        let len = probe.chars().count();
        if !(2..=4).contains(&len) {
            return false;
        }
        let mut probe = probe.chars();
        let mut name = self.squashed.chars();
        if probe.next() != name.next() {
            return false;
        }
        probe.all(|c| name.any(|n| n == c))
    }
}

/// Whether the alphanumeric `chars[i]` starts a word of a name (see the module doc).
fn starts_word(chars: &[char], i: usize) -> bool {
    let c = chars[i];
    let Some(&p) = i.checked_sub(1).and_then(|j| chars.get(j)) else {
        return true;
    };
    if !p.is_alphanumeric() {
        // `Midnight's`: an apostrophe inside a word does not end it.
        let inside = matches!(p, '\'' | '’')
            && i.checked_sub(2)
                .and_then(|j| chars.get(j))
                .is_some_and(|b| b.is_alphabetic());
        return !inside;
    }
    let next_small = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
    (p.is_lowercase() && c.is_uppercase())
        || (p.is_uppercase() && c.is_uppercase() && next_small)
        || (p.is_alphabetic() && c.is_numeric())
        || (p.is_numeric() && c.is_alphabetic())
}

/// The smallest edit distance (insertions, deletions, substitutions, adjacent
/// transpositions) between `a` and any prefix of `b`.
fn prefix_distance(a: &[char], b: &[char]) -> usize {
    // Rows over `a`, columns over `b`; the answer is the last row's minimum.
    let width = b.len() + 1;
    let mut before: Vec<usize> = Vec::new();
    let mut prev: Vec<usize> = (0..width).collect();
    let mut row = vec![0; width];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..width {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(row[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            row[j] = d;
        }
        before = std::mem::replace(&mut prev, row.clone());
    }
    prev.into_iter().min().unwrap_or(usize::MAX)
}

impl Roster {
    pub fn new() -> Roster {
        Roster::default()
    }

    /// Adds a name (or alias) for a slot.
    pub fn add(&mut self, slot: usize, name: &str) {
        let key = fold_str(name.trim());
        if !key.is_empty() && !self.names.iter().any(|(s, k)| *s == slot && *k == key) {
            self.names.push((slot, key));
            let initials = initials(name.trim());
            if initials.chars().count() >= 2 {
                self.initials.push((slot, initials));
            }
            let form = Form::of(slot, name.trim());
            if !form.squashed.is_empty() {
                self.forms.push(form);
            }
        }
    }

    /// The slots of the names whose forms pass `test`.
    fn slots_where(&self, test: impl Fn(&Form) -> bool) -> Vec<usize> {
        self.forms
            .iter()
            .filter(|f| test(f))
            .map(|f| f.slot)
            .collect()
    }

    /// The one slot of which a name or alias is the whole of `written` (case, spacing and the
    /// punctuation around it aside): `Espressojet.` is a name and nothing more, `Peabody with
    /// me, then.` says more.
    pub fn names_only(&self, written: &str) -> Option<usize> {
        let lower = fold_str(&clean_name(written));
        match self.exact(&words(&lower).join(" ")) {
            Some(Resolution::Exact(slot)) => Some(slot),
            _ => None,
        }
    }

    /// The exact step of [`Roster::resolve`]: the slot of which `candidate` (folded, its words
    /// one space apart; the punctuation around it is trimmed here) is a name or an alias,
    /// `Ambiguous` when it is several slots', `None` when it is nobody's.
    fn exact(&self, candidate: &str) -> Option<Resolution> {
        let key = trim_punct(candidate);
        // `add` keeps one entry per slot and name, so each slot is listed at most once.
        let mut slots = self.names.iter().filter(|(_, k)| k == key).map(|(s, _)| *s);
        let first = slots.next()?;
        let Some(second) = slots.next() else {
            return Some(Resolution::Exact(first));
        };
        let mut all = vec![first, second];
        all.extend(slots);
        Some(Resolution::Ambiguous(all))
    }

    /// Resolves a written name: exact or alias first, then a unique near miss.
    pub fn resolve(&self, written: &str) -> Resolution {
        let written = clean_name(written);
        let lower = fold_str(&written);
        if lower.is_empty() {
            return Resolution::Unknown;
        }
        let words = words(&lower);
        // Exact: the longest run of leading words that is a name ("##vote Bob the Builder
        // please" finds "bob the builder").
        let whole = words.join(" ");
        let mut ends = Vec::with_capacity(words.len());
        // Where each word ends in `whole`: the run of the first n words is `whole[..ends[n-1]]`.
        for w in &words {
            ends.push(ends.last().map_or(0, |end| end + 1) + w.len());
        }
        for &end in ends.iter().rev() {
            if let Some(exact) = self.exact(&whole[..end]) {
                return exact;
            }
        }
        // Near misses of the whole text or of its first word, tier by tier.
        let first = trim_punct(words.first().copied().unwrap_or(""));
        let probes = [trim_punct(lower.as_str()), first];
        let squashed = probes.map(squash);
        let mut slots: Vec<usize> = Vec::new();
        for tier in 1..=5 {
            for (probe, squashed) in probes.iter().zip(&squashed) {
                if squashed.is_empty() {
                    continue;
                }
                let hits: Vec<usize> = match tier {
                    1 if probe.chars().count() >= 2 => self
                        .names
                        .iter()
                        .filter(|(_, key)| is_near(probe, key))
                        .chain(self.initials.iter().filter(|(_, key)| probe == key))
                        .map(|(slot, _)| *slot)
                        .collect(),
                    1 => Vec::new(),
                    2 => self.slots_where(|f| f.word(squashed)),
                    3 => self.slots_where(|f| f.word_prefix(squashed)),
                    4 => {
                        let chars: Vec<char> = squashed.chars().collect();
                        self.slots_where(|f| f.misspelt_prefix(&chars))
                    }
                    // An abbreviation is the whole name as written, one word (`Dr. Pepper` is
                    // no abbreviation `Dr`, `The Kaiser` none `The`).
                    _ if probes[0].contains(char::is_whitespace) => Vec::new(),
                    _ => self.slots_where(|f| f.abbreviation(squashed)),
                };
                for slot in hits {
                    if !slots.contains(&slot) {
                        slots.push(slot);
                    }
                }
                if !slots.is_empty() {
                    break;
                }
            }
            if !slots.is_empty() {
                break;
            }
        }
        if slots.is_empty() && words.len() <= SHARED_RUN_WORDS {
            slots = self.same_letters(&squashed[0]);
        }
        if slots.is_empty() && words.len() <= SHARED_RUN_WORDS {
            slots = self.blended(&squashed[0]);
            if slots.len() > 1 {
                slots.sort_unstable();
                return Resolution::Ambiguous(slots);
            }
        }
        if slots.is_empty() && words.len() <= SHARED_RUN_WORDS {
            slots = self.sharing_a_run(&squashed[0]);
        }
        slots.sort_unstable();
        match slots.as_slice() {
            [one] => Resolution::Near(*one),
            [] => Resolution::Unknown,
            _ => Resolution::Ambiguous(slots),
        }
    }
}

/// Tier 6 reads only written names of at most this many words (a sentence after `VOTE:`
/// shares runs of letters with names by chance).
const SHARED_RUN_WORDS: usize = 3;
/// The shortest run of letters tier 6 accepts.
const SHARED_RUN: usize = 5;
/// The shortest part of a blend of two names that tier 6 refuses.
const BLEND_PART: usize = 3;

impl Roster {
    /// Tier 6, first: the slots whose squashed name has the squashed `probe`'s letters in
    /// another order, for six letters or more (`ohmygodlife` for OhGodMyLife, 62339 post
    /// 1536).
    fn same_letters(&self, probe: &str) -> Vec<usize> {
        if probe.chars().count() < 6 {
            return Vec::new();
        }
        let sorted = |s: &str| {
            let mut c: Vec<char> = s.chars().collect();
            c.sort_unstable();
            c
        };
        let letters = sorted(probe);
        let mut slots = Vec::new();
        for form in &self.forms {
            if form.squashed.len() == probe.len()
                && sorted(&form.squashed) == letters
                && !slots.contains(&form.slot)
            {
                slots.push(form.slot);
            }
        }
        slots
    }

    /// Tier 6, before a shared run: a blend of two names, the probe's start (three letters or
    /// more) a name's start and its rest (three or more) another slot's name's end, digits at
    /// the end left out (`KLINGAMENCE` and `SALONCELT` for Klingoncelt and Salamence20, 62909
    /// post 1218, which the host counted for neither): the slots of every such pair, else none.
    fn blended(&self, probe: &str) -> Vec<usize> {
        let len = probe.chars().count();
        let mut slots = Vec::new();
        // Each cut point between characters, as a byte offset, with at least BLEND_PART
        // characters on either side: the two parts are slices of the probe.
        let cuts = probe
            .char_indices()
            .map(|(at, _)| at)
            .take(len.saturating_sub(BLEND_PART) + 1)
            .skip(BLEND_PART);
        for cut in cuts {
            let (head, tail) = probe.split_at(cut);
            for a in self.forms.iter().filter(|f| f.squashed.starts_with(head)) {
                let ends = |f: &&Form| {
                    f.slot != a.slot
                        && f.squashed
                            .trim_end_matches(|c: char| c.is_ascii_digit())
                            .ends_with(tail)
                };
                for b in self.forms.iter().filter(ends) {
                    for slot in [a.slot, b.slot] {
                        if !slots.contains(&slot) {
                            slots.push(slot);
                        }
                    }
                }
            }
        }
        slots
    }

    /// Tier 6: the slot whose name shares the longest run of letters and digits with the
    /// squashed `probe`, when that run is [`SHARED_RUN`] long or longer and no other slot's
    /// name shares one as long (`Wackpecker` for WoodyWoodpecker, `darkshadownumbers` for
    /// Darkshadow64540, `yesireebob` for yessiree).
    fn sharing_a_run(&self, probe: &str) -> Vec<usize> {
        let probe: Vec<char> = probe.chars().collect();
        let mut best = SHARED_RUN;
        let mut slots = Vec::new();
        for form in &self.forms {
            let name: Vec<char> = form.squashed.chars().collect();
            let run = longest_common_run(&probe, &name);
            if run > best {
                best = run;
                slots.clear();
            }
            if run == best && !slots.contains(&form.slot) {
                slots.push(form.slot);
            }
        }
        slots
    }
}

/// The length of the longest run of characters `a` and `b` share.
fn longest_common_run(a: &[char], b: &[char]) -> usize {
    let mut best = 0;
    let mut prev = vec![0; b.len() + 1];
    let mut row = vec![0; b.len() + 1];
    for &x in a {
        for (j, &y) in b.iter().enumerate() {
            row[j + 1] = if x == y { prev[j] + 1 } else { 0 };
            best = best.max(row[j + 1]);
        }
        std::mem::swap(&mut prev, &mut row);
    }
    best
}

/// The result of resolving a written name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolution {
    Exact(usize),
    Near(usize),
    Ambiguous(Vec<usize>),
    Unknown,
}

/// Lower-cased letters and digits only.
fn squash(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(fold_char)
        .collect()
}

/// A near miss: a prefix of at least 3 characters, a part of at least 4, or a small edit
/// distance for a written name of 3 characters or more (1 for names up to 5 characters, 2 for
/// longer ones; a transposition is one).
fn is_near(written: &str, name: &str) -> bool {
    let wlen = written.chars().count();
    let nlen = name.chars().count();
    if wlen >= 3 && name.starts_with(written) {
        return true;
    }
    // A part of a longer name: `Robik` for IAmRobik.
    if wlen >= 4 && name.contains(written) {
        return true;
    }
    // Two letters one edit apart are no spelling of each other (`RK` is not `rb`).
    if wlen < 3 {
        return false;
    }
    let allowed = if nlen.min(wlen) <= 5 { 1 } else { 2 };
    if wlen.abs_diff(nlen) > allowed {
        return false;
    }
    strsim::damerau_levenshtein(written, name) <= allowed
}

/// The initials of a name's parts: the first letter of each word and each capital that
/// follows a small letter (`GlowingBear` → `gb`, `Half the Sky` → `hts`), or ends a run of
/// capitals before a small one (`IAlwaysWinSometimes` → `iaws`); an apostrophe inside a word
/// does not start one (`Midnight's Sorrow` → `ms`).
fn initials(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_alphabetic() {
            continue;
        }
        let after_digit = i
            .checked_sub(1)
            .and_then(|j| chars.get(j))
            .is_some_and(|p| p.is_numeric());
        if starts_word(&chars, i) && !after_digit {
            out.extend(fold_char(c));
        }
    }
    out
}

/// The words of a folded written name: `Hellhound/ChannelDelibird`: a slash separates names
/// like a space.
fn words(lower: &str) -> Vec<&str> {
    lower
        .split(|c: char| c.is_whitespace() || c == '/')
        .filter(|w| !w.is_empty())
        .collect()
}

fn trim_punct(s: &str) -> &str {
    s.trim_matches(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '.' | ',' | '!' | '?' | ';' | ':' | '"' | '\'' | '(' | ')' | '[' | ']' | '*'
            )
    })
}

/// A written name without the punctuation around it and a leading `@`.
pub(super) fn clean_name(s: &str) -> String {
    let s = trim_punct(s);
    let s = s.strip_prefix('@').unwrap_or(s);
    trim_punct(s).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roster(names: &[&str]) -> Roster {
        let mut r = Roster::new();
        for (slot, name) in names.iter().enumerate() {
            r.add(slot, name);
        }
        r
    }

    #[test]
    fn an_abbreviation_is_read_only_alone() {
        let r = roster(&["mattblackguy", "Dredd"]);
        assert_eq!(r.resolve("MBG"), Resolution::Near(0));
        assert_eq!(r.resolve("mbg is scum"), Resolution::Unknown);
    }

    #[test]
    fn a_name_alone_and_a_name_first_are_found_by_the_same_exact_step() {
        let mut r = roster(&["Bob the Builder", "Espressojet", "Wendy"]);
        r.add(2, "Bob");
        r.add(1, "Bob");
        assert_eq!(r.names_only("Espressojet."), Some(1));
        assert_eq!(r.resolve("Espressojet."), Resolution::Exact(1));
        assert_eq!(r.names_only("bob the builder!"), Some(0));
        assert_eq!(r.resolve("Bob the Builder please"), Resolution::Exact(0));
        assert_eq!(r.names_only("Espressojet, then"), None);
        // An alias two slots share names neither alone, and is ambiguous first.
        assert_eq!(r.names_only("Bob"), None);
        assert_eq!(r.resolve("bob"), Resolution::Ambiguous(vec![2, 1]));
    }

    #[test]
    fn a_blend_is_cut_between_letters_of_any_width() {
        // Cyrillic letters are two bytes each: the cut points are the letters' own.
        let r = roster(&["Жуковский", "Петрович"]);
        assert_eq!(r.resolve("Жуквич"), Resolution::Ambiguous(vec![0, 1]));
        let r = roster(&["Klingoncelt", "Salamence20"]);
        assert_eq!(r.resolve("SALONCELT"), Resolution::Ambiguous(vec![0, 1]));
        assert_eq!(r.resolve("KLINGAMENCE"), Resolution::Ambiguous(vec![0, 1]));
    }

    #[test]
    fn words_split_at_capitals_digits_and_punctuation() {
        let words =
            |name: &str| -> Vec<String> { Form::of(0, name).words().map(str::to_owned).collect() };
        assert_eq!(
            words("IAlwaysWinSometimes"),
            ["i", "always", "win", "sometimes"]
        );
        assert_eq!(
            words("TheRealGin-N-Tonic"),
            ["the", "real", "gin", "n", "tonic"]
        );
        assert_eq!(words("tn5421"), ["tn", "5421"]);
        assert_eq!(words("Midnight's Sorrow"), ["midnights", "sorrow"]);
        assert_eq!(initials("Midnight's Sorrow"), "ms");
        assert_eq!(initials("IAlwaysWinSometimes"), "iaws");
        assert_eq!(initials("Fro99er"), "f");
    }

    #[test]
    fn a_prefix_distance_is_the_nearest_prefix() {
        let chars = |s: &str| s.chars().collect::<Vec<_>>();
        assert_eq!(prefix_distance(&chars("gandy"), &chars("gandalf5166")), 1);
        assert_eq!(prefix_distance(&chars("kyuoko"), &chars("kyouko")), 1);
        assert_eq!(prefix_distance(&chars("greyfoxx"), &chars("grayfoxxxx")), 1);
        assert_eq!(prefix_distance(&chars("zed"), &chars("zdenek")), 1);
    }
}
