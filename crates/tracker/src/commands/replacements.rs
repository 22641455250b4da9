//! Replacements in hosts' words: `NEW replaces OLD` and the other phrasings of
//! [`CommandWords::replace`](crate::vocabulary::CommandWords::replace), requests for a
//! replacement (`OLD is flaking`) and their fills (`Filled by NEW`). Methods of the line
//! reader of [`super::Recogniser`].

use mafia_posts::Line;

use super::text::{self, Folded, Word, ends_sentence, opens_sentence};
use super::{Command, Newcomer, Reader};

/// The word `from` when only spaces come before it: the old name of a known newcomer's
/// replacement whose clause goes on past a name.
fn first_word_after(folded: &Folded<'_>, words: &[Word], from: usize) -> Option<String> {
    let lower = folded.lower();
    let word = words.get(from)?;
    let gap = lower.get(words.get(from.checked_sub(1)?)?.end..word.start)?;
    is_blank(gap)
        .then(|| folded.original(word.start, word.end).trim().to_owned())
        .filter(|w| !w.is_empty())
}

/// Only spaces, or quotation marks around a replacement's words.
fn is_blank(gap: &str) -> bool {
    gap.trim().trim_matches(QUOTES).trim().is_empty()
}

/// Quotation marks a host may put around a replacement's words.
const QUOTES: [char; 3] = ['"', '\u{201c}', '\u{201d}'];

impl Reader<'_> {
    /// Replacements in the phrasings of [`CommandWords::replace`]: `NEW has replaced OLD`,
    /// `OLD is replaced by NEW`, `NEW is in for OLD`…
    pub(super) fn replace(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) -> bool {
        let lower = folded.lower();
        // Several on one line count ("Titus replaces RC; Huntress replaces Jeanne.", thread
        // 65928 post 925).
        let mut found = false;
        let mut resume = 0;
        for at in 0..words.len() {
            if at < resume || !self.openers.may_open(&words[at], lower) {
                continue;
            }
            // The longest phrasing at a word: "replaces in for", not "replaces".
            let phrase = self
                .vocab
                .replace
                .iter()
                .filter(|p| text::seq_at(words, lower, p.words, at))
                .max_by_key(|p| p.words.len());
            // "Sotty7 replaces in." (17864 post 1499) is a fill (`NEW replaces in` ending its
            // sentence, read by `fill`), not "replaces" with "in" for OLD.
            let fills = self.vocab.fill_after_name.iter().any(|seq| {
                text::seq_at(words, lower, seq, at)
                    && text::ends_sentence(words, lower, at + seq.len() - 1)
            });
            if let Some(phrase) = phrase.filter(|_| !fills) {
                let end = at + phrase.words.len();
                // "NEW, who is replacing in for OLD" and "NEW, OLD's alt, has replaced
                // OLD": the name ends before the comma.
                let relative = phrase
                    .new_first
                    .then(|| {
                        self.relative_before(lower, words, at)
                            .or_else(|| appositive_before(lower, words, at))
                            .or_else(|| note_before(lower, words, at))
                    })
                    .flatten();
                let left = match relative {
                    Some(who) => lower.get(..words[who - 1].end).unwrap_or(""),
                    None => lower.get(..words[at].start).unwrap_or(""),
                };
                let right = lower.get(words[end - 1].end..).unwrap_or("");
                // Only spaces between the names and the phrase, or quotation marks around the
                // phrase (`Soben "replaces" Scumhunter`, 17645 post 475).
                let (left, right) = (
                    left.strip_suffix(QUOTES).unwrap_or(left),
                    right.strip_prefix(QUOTES).unwrap_or(right),
                );
                let left_trimmed = left.trim_end();
                let right_trimmed = right.trim_start();
                if (relative.is_none() && left_trimmed.len() == left.len())
                    || right_trimmed.len() == right.len()
                {
                    continue;
                }
                // "Ink (slot #3) has been replaced by GuyInFreezer." (65286 post 1360): the
                // host's note on the old player's slot stands between the name and the words.
                let left_trimmed = if phrase.new_first {
                    left_trimmed
                } else {
                    without_note(left_trimmed)
                };
                let (new_side, old_side) = if phrase.new_first {
                    (
                        self.known_suffix(left_trimmed),
                        self.players.prefix_of(right_trimmed),
                    )
                } else {
                    (
                        self.known_prefix(right_trimmed),
                        self.players.suffix_of(left_trimmed),
                    )
                };
                let said = phrase.words.join(" ");
                match (new_side, old_side) {
                    (Some(new), Some(old)) => {
                        if new.to_lowercase() == old.to_lowercase() {
                            self.problem(index, line, "a player cannot replace themselves");
                        } else {
                            let (new, old) = (new.to_owned(), old.to_owned());
                            self.push(Command::Replace { new, old }, index, line);
                        }
                        found = true;
                        resume = end;
                        continue;
                    }
                    (new_side, None) if phrase.certain => {
                        // Hosts shorten the old name ("Xvart replaces TWIE", "Nul replaces
                        // Jake."): it is kept as written, and the fold reads it as a unique
                        // near miss of a player's name, or refuses it.
                        let new = match new_side {
                            Some(name) => Some(Newcomer::Known(name.to_owned())),
                            None if phrase.new_first => self
                                .written_before(folded, words, relative.unwrap_or(at), relative)
                                .map(|(text, _)| Newcomer::Written(text)),
                            None => self
                                .written_after(folded, words, end)
                                .map(Newcomer::Written),
                        };
                        let old = if phrase.new_first {
                            // A clause too long for a name ("Denisatp replaces Jordan look at
                            // me im on a roll", 22540 post 493) starts with the name as the
                            // host shortened it: a word only one player's name starts with.
                            self.written_after(folded, words, end).or_else(|| {
                                new_side
                                    .and_then(|_| first_word_after(folded, words, end))
                                    .filter(|w| self.players.one_starts_with(&text::fold(w)))
                            })
                        } else {
                            self.written_before(folded, words, at, None)
                                .map(|(text, _)| text)
                        };
                        if let (Some(new), Some(old)) = (new, old) {
                            let old = Some(old);
                            self.push(Command::Fill { new, old }, index, line);
                            found = true;
                            resume = end;
                            continue;
                        }
                        let Some(new) = new_side else {
                            continue;
                        };
                        let reason = format!(
                            "`{new}` replaces someone who is not a player of this game \
                             (expected `NEW {said} OLD` with OLD a player's exact name)"
                        );
                        self.problem(index, line, reason);
                        found = true;
                        resume = end;
                        continue;
                    }
                    (None, Some(old)) => {
                        let old = old.to_owned();
                        let written = if phrase.new_first {
                            // After words that do not always mean a replacement ("replaced"),
                            // the name must open its clause: "The mod replaced Bob" is no
                            // user's name.
                            self.written_before(folded, words, relative.unwrap_or(at), relative)
                                .filter(|(_, whole)| phrase.certain || *whole)
                                .map(|(text, _)| text)
                        } else {
                            self.written_after(folded, words, end)
                        };
                        match written {
                            Some(written) => {
                                let new = Newcomer::Written(written);
                                let old = Some(old);
                                self.push(Command::Fill { new, old }, index, line);
                                found = true;
                                resume = end;
                                continue;
                            }
                            None if phrase.certain => {
                                let reason = format!(
                                    "the replacement for `{old}` is not named (expected \
                                     `NEW {said} OLD`)"
                                );
                                self.problem(index, line, reason);
                                found = true;
                                resume = end;
                                continue;
                            }
                            None => {}
                        }
                    }
                    _ => {}
                }
            }
        }
        // "Sleepy has been replaced. Scorpius takes his spot!" (63130 post 41).
        found || self.takes_spot(index, line, folded, words)
    }

    /// A known user's (or player's) name that `folded` ends with.
    pub(super) fn known_suffix<'s>(&'s self, folded: &str) -> Option<&'s str> {
        self.users
            .suffix_of(folded)
            .or_else(|| self.players.suffix_of(folded))
    }

    /// A known user's (or player's) name that `folded` starts with.
    fn known_prefix<'s>(&'s self, folded: &str) -> Option<&'s str> {
        self.users
            .prefix_of(folded)
            .or_else(|| self.players.prefix_of(folded))
    }

    /// The index of a relative pronoun right before word `at` that a comma separates from a
    /// word before it ("Fire Assassin, who is replacing"), if any.
    fn relative_before(&self, lower: &str, words: &[Word], at: usize) -> Option<usize> {
        let who = at.checked_sub(1).filter(|&w| w > 0)?;
        let pronoun = self
            .vocab
            .relative_pronouns
            .contains(&words[who].text(lower));
        let gap = lower.get(words[who - 1].end..words[who].start)?;
        let after = lower.get(words[who].end..words[at].start)?;
        (pronoun && gap.trim() == "," && is_blank(after)).then_some(who)
    }

    /// The words just before word `at`, back to the start of their clause and at most
    /// [`CommandWords::written_name_words`] of them: a name as written for someone who is
    /// not a known user yet; and whether they are the whole clause. `clause`: `at` opens a
    /// clause after the name (a relative clause or an appositive between commas, or a note in
    /// parentheses).
    pub(super) fn written_before(
        &self,
        folded: &Folded<'_>,
        words: &[Word],
        at: usize,
        clause: Option<usize>,
    ) -> Option<(String, bool)> {
        let lower = folded.lower();
        // Only spaces between the name and the words after it ("Jabberwock, a hydra of
        // Empire and Tierce, replaces Dire_Drenz" is not read as Tierce: thread 24075), or
        // the comma of a clause between commas (`at` then opens it).
        let relative = clause == Some(at);
        let adjacent = at > 0
            && lower
                .get(words[at - 1].end..words[at].start)
                .is_some_and(|gap| is_blank(gap) || (relative && matches!(gap.trim(), "," | "(")));
        if !adjacent {
            return None;
        }
        let mut first = at;
        let mut whole = false;
        while first > 0 {
            let gap = lower
                .get(words[first - 1].end..words[first].start)
                .unwrap_or("");
            if first < at && !joins_a_name(gap) {
                whole = true;
                break;
            }
            if at - first >= self.vocab.written_name_words {
                break;
            }
            first -= 1;
        }
        if first == 0 {
            whole = true;
        }
        if first == at {
            return None;
        }
        let text = folded
            .original(words[first].start, words[at - 1].end)
            .trim();
        (!text.is_empty()).then(|| (text.to_owned(), whole))
    }

    /// The words from word `from` on, to the end of their clause, which must end within
    /// [`CommandWords::written_name_words`] words (see [`Reader::written_before`]).
    fn written_after(&self, folded: &Folded<'_>, words: &[Word], from: usize) -> Option<String> {
        let lower = folded.lower();
        if from >= words.len() {
            return None;
        }
        let adjacent = from == 0
            || lower
                .get(words[from - 1].end..words[from].start)
                .is_some_and(is_blank);
        if !adjacent {
            return None;
        }
        let mut last = from;
        while last + 1 < words.len() {
            let gap = lower
                .get(words[last].end..words[last + 1].start)
                .unwrap_or("");
            if !joins_a_name(gap) {
                break;
            }
            if last + 1 - from >= self.vocab.written_name_words {
                // The clause goes on: a description, not a name.
                return None;
            }
            last += 1;
        }
        let text = folded.original(words[from].start, words[last].end).trim();
        (!text.is_empty()).then(|| text.to_owned())
    }

    /// Requests for a replacement ([`CommandWords::vacancy_after_name`] and
    /// [`CommandWords::vacancy_before_name`]): each player named opens their slot.
    pub(super) fn vacancy(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) -> bool {
        let lower = folded.lower();
        let mut hits = None;
        let mut found: Vec<usize> = Vec::new();
        for at in 0..words.len() {
            if !self.openers.may_open(&words[at], lower) {
                continue;
            }
            for seq in self.vocab.vacancy_after_name {
                if !text::seq_at(words, lower, seq, at) {
                    continue;
                }
                let hits = hits.get_or_insert_with(|| self.players.find_all(lower));
                let before = hits.partition_point(|h| h.end <= words[at].start);
                let adjacent = before > 0
                    && lower
                        .get(hits[before - 1].end..words[at].start)
                        .is_some_and(|gap| gap.trim().is_empty());
                if adjacent {
                    let mut k = before - 1;
                    found.push(hits[k].name);
                    while k > 0 {
                        let between = lower.get(hits[k - 1].end..hits[k].start).unwrap_or("");
                        if !text::is_list_separator(between) {
                            break;
                        }
                        k -= 1;
                        found.push(hits[k].name);
                    }
                }
            }
            let opening = self.vocab.vacancy_opening_line.iter().filter(|_| at == 0);
            for seq in self.vocab.vacancy_before_name.iter().chain(opening) {
                if !text::seq_at(words, lower, seq, at) {
                    continue;
                }
                let hits = hits.get_or_insert_with(|| self.players.find_all(lower));
                let end = words[at + seq.len() - 1].end;
                let mut k = hits.partition_point(|h| h.start < end);
                let adjacent = k < hits.len()
                    && lower
                        .get(end..hits[k].start)
                        .is_some_and(|gap| gap.trim().trim_start_matches(':').is_empty());
                if adjacent {
                    found.push(hits[k].name);
                    while k + 1 < hits.len() {
                        let between = lower.get(hits[k].end..hits[k + 1].start).unwrap_or("");
                        if !text::is_list_separator(between) {
                            break;
                        }
                        k += 1;
                        found.push(hits[k].name);
                    }
                }
            }
        }
        let mut seen: Vec<usize> = Vec::new();
        for name in found {
            if !seen.contains(&name) {
                seen.push(name);
                let player = self.players.canonical(name).to_owned();
                self.push(Command::Vacancy { player }, index, line);
            }
        }
        !seen.is_empty()
    }

    /// `Filled by NEW`, `replaced by NEW` ([`CommandWords::fill_before_name`]) opening their
    /// sentence, and `NEW is in` ([`CommandWords::fill_after_name`]) as a whole sentence with
    /// NEW a known user: whoever fills the open request the host quoted (the quote itself is
    /// gone). Rules text ("players may be replaced by other players") does not open its
    /// sentence with the words.
    /// `NEW replaces in.` with NEW words that name no known user yet, opening the sentence at
    /// `at`.
    fn written_fill(&self, folded: &Folded<'_>, words: &[Word], at: usize) -> Option<Newcomer> {
        let lower = folded.lower();
        (at + 1..=at + self.vocab.written_name_words).find_map(|after| {
            // "is in" alone is too common ("The vote is in.").
            self.vocab.fill_after_name.iter().find(|seq| {
                **seq != ["is", "in"]
                    && text::seq_at(words, lower, seq, after)
                    && ends_sentence(words, lower, after + seq.len() - 1)
            })?;
            let (start, end) = (words[at].start, words[after - 1].end);
            let written = folded.original(start, end).trim().to_owned();
            (!written.is_empty()).then_some(Newcomer::Written(written))
        })
    }

    pub(super) fn fill(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) -> bool {
        let lower = folded.lower();
        for at in 0..words.len() {
            if !opens_sentence(lower, words, at) {
                continue;
            }
            for seq in self.vocab.fill_before_name {
                if !text::seq_at(words, lower, seq, at) {
                    continue;
                }
                let end = at + seq.len();
                let right = lower.get(words[end - 1].end..).unwrap_or("");
                let new = match self.known_prefix(right.trim_start()) {
                    Some(name) => Some(Newcomer::Known(name.to_owned())),
                    None => self
                        .written_after(folded, words, end)
                        .map(Newcomer::Written),
                };
                if let Some(new) = new {
                    self.push(Command::Fill { new, old: None }, index, line);
                    return true;
                }
            }
            let rest = lower.get(words[at].start..).unwrap_or("");
            let Some(name) = self.users.prefix_of(rest) else {
                // Someone who has not posted yet: "Sotty7 replaces in." (17864 post 1499), a
                // phrase with a replacement verb ("is in" alone is too common) ending its
                // sentence after at most `written_name_words` words.
                if let Some(new) = self.written_fill(folded, words, at) {
                    self.push(Command::Fill { new, old: None }, index, line);
                    return true;
                }
                continue;
            };
            let after = words.partition_point(|w| w.start < words[at].start + name.len());
            for seq in self.vocab.fill_after_name {
                let last = after + seq.len() - 1;
                if text::seq_at(words, lower, seq, after) && ends_sentence(words, lower, last) {
                    let new = Newcomer::Known(name.to_owned());
                    self.push(Command::Fill { new, old: None }, index, line);
                    return true;
                }
            }
        }
        false
    }
}

/// `text` without a short note in parentheses at its end (`ink (slot #3)`): at most
/// [`NOTE_WORDS`] words, nothing else in brackets.
fn without_note(text: &str) -> &str {
    let Some(inner) = text.strip_suffix(')') else {
        return text;
    };
    let Some(open) = inner.rfind('(') else {
        return text;
    };
    let note = &inner[open + 1..];
    let short = note.split_whitespace().count() <= NOTE_WORDS;
    if !short || note.contains(['(', ')', '.', '!', '?']) || inner[..open].trim().is_empty() {
        return text;
    }
    inner[..open].trim_end()
}

/// The most words of a note between an old player's name and a replacement's words.
const NOTE_WORDS: usize = 3;

/// The first word of a note in parentheses right before word `at`, of at most
/// [`APPOSITIVE_WORDS`] words and nothing else in brackets: the newcomer's name stands before
/// it ("Wake88 (An alt of Quadraxis) has replaced Quadraxis", held-out 33008 post 476;
/// "Rancid Broderick Drake (a hydra of Natirasha and zMuffinMan) replaces DukeC.", held-out
/// 48518 post 558).
fn note_before(lower: &str, words: &[Word], at: usize) -> Option<usize> {
    let before = lower.get(..words.get(at)?.start)?.trim_end();
    let inner = before.strip_suffix(')')?;
    let open = inner.rfind('(')?;
    let note = &inner[open + 1..];
    if note.split_whitespace().count() > APPOSITIVE_WORDS
        || note.contains(['(', ')', '.', '!', '?'])
        || inner[..open].trim().is_empty()
    {
        return None;
    }
    let first = words.partition_point(|w| w.start <= open);
    (first > 0 && first < at).then_some(first)
}

/// The first word of an appositive between commas right before word `at`, of at most
/// [`APPOSITIVE_WORDS`] words and no other punctuation than a name's ("Kelvin Smith, Hikari
/// Link's alt, has replaced Hikari Link", 71675 post 1523; "Jabberwock, a hydra of Empire and
/// Tierce, replaces Dire_Drenz", 24075 post 190), if any: the name before it is the new
/// player's.
fn appositive_before(lower: &str, words: &[Word], at: usize) -> Option<usize> {
    let gap = |w: usize| lower.get(words[w - 1].end..words[w].start).unwrap_or("");
    if at < 2 || gap(at).trim() != "," {
        return None;
    }
    let mut first = at - 1;
    while first > 0 && at - first <= APPOSITIVE_WORDS {
        let before = gap(first);
        if before.trim() == "," {
            return Some(first);
        }
        if !joins_a_name(before) {
            return None;
        }
        first -= 1;
    }
    None
}

/// The most words an appositive between a replacement's name and its verb may have.
const APPOSITIVE_WORDS: usize = 6;

/// Whether the text between two words may lie inside one name: nothing, or a joiner such as
/// `_`, `-`, `'` or `.` without spaces (`Surprise_Carcinogen`, `C-Worl`, `Midnight's`), or
/// spaces alone.
fn joins_a_name(gap: &str) -> bool {
    gap.trim().is_empty()
        || (!gap.contains(char::is_whitespace)
            && gap
                .chars()
                .all(|c| matches!(c, '_' | '-' | '\'' | '’' | '.')))
}
