//! Deaths told in the shape of the host's announcement rather than its words.
//!
//! A lynch marked in the host's vote count: the lynched wagon's line opens with the player's
//! name and a bracketed lynch word, `Creature [LYNCHED] : Grey, Kidamn, …` (71483 post
//! 2215), `BananaCucho (LYNCH): Guyett, …` (63250), `Metal Sonic (LYNCH) - Yates, …`
//! (29423), the final count of a day; or the mark stands in the count's column before the
//! name, `[LYNCH] Nero Cain - Shadow_step, …` beside `[0] rb -` (68980 post 3189, 68714 post
//! 1424: 8 counts of 2 hosts), or it closes the wagon after its voters, `(L-0) Lil Uzi Vert -
//! mhmsmith0, …, gerryoat -LYNCHED` (held-out 68870). The mark is the host's word that the player was
//! lynched, so it is read as a lynch without a phase (the running day's, or the day before
//! the night it is told in).
//!
//! The announcement frame with a theme's verb: `Beck, One shot vigilante, was Exposed day 1.`
//! (17830 post 166). mafiascum hosts announce a death as "NAME, ROLE, was VERB PHASE" (139
//! lines of the corpus say "lynched Day", 91 "killed Night"); the same frame with words the
//! vocabulary does not know ("Exposed" 7, "endgamed" 9, "beheaded" and "suffocated" 2 each;
//! "notscience, Mafia Goon, jumped to his death Day 3.", 28540 post 1033; "Ztife, Mafia Goon,
//! KABOOM Day 1.", 24640 post 538; "Nachomamma8, Townperson, killed and dumped in the river
//! Night 1.", 29135 post 760) still says the slot died in that phase, though not how: a death
//! in that phase, not a lynch. The verb phrase is up to six plain words, none a name, and the
//! phase ends the line: all 242 lines of the corpus in that shape are deaths.
//!
//! A sentence that is only `PLAYER is lynched.` ("Nobody listens, and SleepyKrew is
//! lynched.", 17378 post 334; "Nahdia is lynched. She was a serial killer.", 66752 post
//! 1020; the end-of-game summaries of 39665, 67256 and 69351): the name opens the sentence
//! (or follows "and"), and the sentence ends right after. In a longer sentence "is lynched" is
//! a condition ("if X is lynched", "whoever is lynched"), which is left alone. Methods of the
//! line reader of [`super::Recogniser`].

use mafia_posts::Line;

use super::phases::phase_at;
use super::text::{Folded, Word};
use super::{Command, Reader};

impl Reader<'_> {
    /// `PLAYER (LYNCH)` / `PLAYER [LYNCHED]` opening the line; returns whether it was one.
    pub(super) fn marked_lynch(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) -> bool {
        let lower = folded.lower();
        let Some(first) = words.first() else {
            return false;
        };
        // Cheap test first: the line has a bracketed lynch word at all.
        if !lower.contains("lynch") {
            return false;
        }
        let hits = self.dead_names.find_all(lower);
        let Some(hit) = hits.first() else {
            return false;
        };
        // The mark in the count's column before the name: `[LYNCH] Nero Cain - Shadow_step,
        // …` where the other wagons read `[0] rb -` (68980 post 3189; 68714 post 1424).
        if let Some(mark) = self.mark_before(lower, first) {
            let named = lower[mark..hit.start].trim().is_empty() && hit.start >= mark;
            let counted = lower[hit.end..]
                .trim_start()
                .starts_with(['-', ':', '(', '[']);
            if named && counted {
                self.push_lynch(hit.name, index, line);
                return true;
            }
            return false;
        }
        // The mark after the wagon's voters: `(L-0) Lil Uzi Vert - mhmsmith0, Transcend, …,
        // gerryoat -LYNCHED`, `(L-0) Cloudkicker-JaeReed VWXXZ Smith Io Transcend-LYNCHED`,
        // `Burgerking(L-0) Smith VWXYZ … Io Burger-LYNCHED` (held-out 68870 posts 775, 1555
        // and 1183): the wagon's candidate opens the line, after the count's column.
        if hits.len() >= 2 && mark_ends_wagon(lower, words) && column_only(&lower[..hit.start]) {
            self.push_lynch(hit.name, index, line);
            return true;
        }
        let opens =
            hit.start <= first.start && lower[..hit.start].chars().all(|c| !c.is_alphanumeric());
        if !opens {
            return false;
        }
        let rest = lower[hit.end..].trim_start();
        let Some(inner) = rest.strip_prefix(['(', '[']) else {
            return false;
        };
        let word_end = inner
            .find(|c: char| !c.is_alphabetic())
            .unwrap_or(inner.len());
        let (word, after) = inner.split_at(word_end);
        let closed = after.trim_start().starts_with([')', ']', ':']);
        if !closed || !self.vocab.lynch_marks.contains(&word) {
            return false;
        }
        self.push_lynch(hit.name, index, line);
        true
    }
}

/// Whether the line's last word is "lynched" joined to the words before it by a dash
/// (`… gerryoat -LYNCHED`, `… Transcend-LYNCHED`), with nothing but punctuation after it.
fn mark_ends_wagon(lower: &str, words: &[Word]) -> bool {
    let [.., before, last] = words else {
        return false;
    };
    last.text(lower) == "lynched"
        && lower[before.end..last.start].trim() == "-"
        && lower[last.end..].chars().all(|c| !c.is_alphanumeric())
}

/// Whether `text` (what stands before the wagon's candidate) is at most a count's column:
/// `(L-0)`, `[3]`, `L-1:` or nothing.
fn column_only(text: &str) -> bool {
    text.chars()
        .all(|c| c.is_ascii_digit() || c.is_whitespace() || "()[]{}-:|l".contains(c))
}

impl Reader<'_> {
    /// Where the name may start after a bracketed lynch mark opening the line (`[LYNCH] `,
    /// `(LYNCHED) `), if the line opens with one.
    fn mark_before(&self, lower: &str, first: &Word) -> Option<usize> {
        let open = lower[..first.start].trim();
        if !matches!(open, "[" | "(") {
            return None;
        }
        if !self.vocab.lynch_marks.contains(&first.text(lower)) {
            return None;
        }
        let rest = &lower[first.end..];
        let close = rest.trim_start().strip_prefix([']', ')'])?;
        Some(lower.len() - close.len())
    }

    /// `PLAYER, ROLE, was|has been VERB [on] PHASE` opening the line; returns whether it was
    /// one.
    pub(super) fn framed_death(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) -> bool {
        let lower = folded.lower();
        let Some(first) = words.first() else {
            return false;
        };
        let hits = self.dead_names.find_all(lower);
        let Some(hit) = hits.first().filter(|h| h.start <= first.start) else {
            return false;
        };
        if !lower[..hit.start].chars().all(|c| !c.is_alphanumeric()) {
            return false;
        }
        // ", ROLE," right after the name.
        let Some(role) = lower[hit.end..].strip_prefix(',') else {
            return false;
        };
        let Some(comma) = role.find(',').filter(|&c| c > 1 && c <= 60) else {
            return false;
        };
        let after_role = hit.end + 1 + comma + 1;
        let from = words.partition_point(|w| w.start < after_role);
        // The verb phrase: a few words, none a name, in one sentence, then the phase.
        let Some((k, phase)) = (from + 1..=from + self.vocab.frame_verb_words)
            .find_map(|k| phase_at(self.vocab, words, lower, k).map(|phase| (k, phase)))
        else {
            return false;
        };
        let verb = &words[from..k];
        let plain = verb.iter().enumerate().all(|(i, w)| {
            let text = w.text(lower);
            let joined = i == 0
                || lower
                    .get(verb[i - 1].end..w.start)
                    .is_some_and(|gap| gap.chars().all(|c| c == ' ' || c == '-'));
            joined && !text.is_empty() && text.chars().all(char::is_alphabetic)
        });
        let named = hits
            .iter()
            .any(|h| h.start >= words[from].start && h.end <= words[k - 1].end);
        if !plain || named {
            return false;
        }
        // Nothing but punctuation after the phase.
        let end = words.get(k + 1).map_or(0, |w| w.end);
        if lower[end..].chars().any(char::is_alphanumeric) {
            return false;
        }
        let player = self.dead_names.canonical(hit.name).to_owned();
        self.push(
            Command::Death {
                player,
                comment: line.text.trim().to_owned(),
                phase: Some(phase),
                lynch: false,
            },
            index,
            line,
        );
        true
    }
}

impl Reader<'_> {
    /// `PLAYER is lynched.` as a sentence of its own; returns whether one was found.
    pub(super) fn sentence_lynch(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) -> bool {
        let lower = folded.lower();
        if !lower.contains("is lynched") && !lower.contains("is hanged") {
            return false;
        }
        let hits = self.dead_names.find_all(lower);
        let mut found = false;
        for hit in &hits {
            let k = words.partition_point(|w| w.start < hit.end);
            let word = |k: usize| words.get(k).map_or("", |w| w.text(lower));
            if word(k) != "is" || !self.vocab.lynch_words.contains(&word(k + 1)) {
                continue;
            }
            // The sentence ends after the verb.
            let end = words.get(k + 1).map_or(lower.len(), |w| w.end);
            let rest = lower[end..].trim_start();
            if !(rest.is_empty() || rest.starts_with(['.', '!'])) {
                continue;
            }
            // The name opens the sentence, or follows ", and".
            if !opens_clause(lower[..hit.start].trim_end()) {
                continue;
            }
            self.push_lynch(hit.name, index, line);
            found = true;
        }
        found
    }
}

/// Whether the text before a name ends a sentence (or is empty), or ends with ", and":
/// "Nobody listens, and SleepyKrew …", not "If SleepyKrew …" or "Alice and SleepyKrew …".
fn opens_clause(before: &str) -> bool {
    let ends_sentence = |t: &str| {
        t.chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric() && c != ',')
    };
    if let Some(rest) = before.strip_suffix("and")
        && rest
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric())
    {
        return rest.trim_end().ends_with(',');
    }
    ends_sentence(before)
}

impl Reader<'_> {
    /// A lynch of the dead-names set's player `name`, told by the whole line (its comment).
    fn push_lynch(&mut self, name: usize, index: usize, line: &Line) {
        let player = self.dead_names.canonical(name).to_owned();
        let comment = line.text.trim().to_owned();
        let lynch = Command::Death {
            player,
            comment,
            phase: None,
            lynch: true,
        };
        self.push(lynch, index, line);
    }
}
