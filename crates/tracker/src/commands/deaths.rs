//! Deaths: `PLAYER … DIED|DEAD|BEEN LYNCHED…` and the other death words of
//! [`CommandWords::death`], with the death comment. Methods of the line reader of
//! [`super::Recogniser`].

use mafia_posts::Line;

use super::phases::phase_at;
use super::text::{self, Folded, Word};
use super::{Command, Reader};
use crate::phase::Phase;
use crate::vocabulary::CommandWords;

/// A death word found on a line: byte range in the folded text.
#[derive(Debug, Clone, Copy)]
struct DeathWord {
    start: usize,
    end: usize,
    /// The phase named right after the words ("killed Night 2").
    phase: Option<Phase>,
    /// The words say a lynch.
    lynch: bool,
}

impl Reader<'_> {
    /// `PLAYER … DIED|DEAD|BEEN LYNCHED|BEEN KILLED|BEEN EATEN`; returns whether any death
    /// was found.
    pub(super) fn deaths(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) -> bool {
        let lower = folded.lower();
        let mut death_words = Vec::new();
        for (i, w) in words.iter().enumerate() {
            if !self.openers.may_open(w, lower) {
                continue;
            }
            let vocab = self.vocab;
            let plain = vocab.death.iter().map(|seq| (seq, false));
            let before_phase = vocab.death_before_phase.iter().map(|seq| (seq, true));
            for (seq, needs_phase) in plain.chain(before_phase) {
                if !text::seq_at(words, lower, seq, i) {
                    continue;
                }
                let last = i + seq.len() - 1;
                // "was lynched Day 2" is one death word, not two.
                if death_words
                    .last()
                    .is_some_and(|d: &DeathWord| d.end >= words[last].end)
                {
                    continue;
                }
                let phase = named_phase(vocab, words, lower, last + 1);
                // "is set to be lynched Day 1" (a vote count's forecast) is no death.
                let forecast = i > 0 && vocab.death_not_after.contains(&words[i - 1].text(lower));
                if needs_phase && (phase.is_none() || forecast) {
                    continue;
                }
                death_words.push(DeathWord {
                    start: w.start,
                    end: words[last].end,
                    phase,
                    lynch: seq.iter().any(|w| vocab.lynch_words.contains(w)),
                });
            }
        }
        if death_words.is_empty() {
            return false;
        }
        let mut hits = self.dead_names.find_all(lower);
        if hits.is_empty() {
            // No whole name on the line: a word opening its sentence that is one account's
            // name without its trailing digits ("kondi the vanila townie has been shot" for
            // kondi2424, held-out 22136 post 861), or one name with a letter slipped
            // ("XnarojX was lynched", held-out 70568 post 1498). Only then, and only as the
            // sentence's subject, so that a stem that is also a word ("townie" of TOWNIE247
            // in "Icher, Vanilla Townie, has been Lynched Day 04!", 65380 post 1288) is never
            // read.
            hits = words
                .iter()
                .enumerate()
                .filter(|&(i, _)| text::opens_sentence(lower, words, i))
                .filter_map(|(_, w)| {
                    let word = w.text(lower);
                    let name = self
                        .dead_names
                        .stem_of(word)
                        .or_else(|| self.dead_names.one_letter_from(word))?;
                    Some(text::NameHit {
                        start: w.start,
                        end: w.end,
                        name,
                    })
                })
                .collect();
        }
        if hits.is_empty() {
            return false;
        }
        let breaks = text::sentence_breaks(lower, &hits);
        // Sorted, so the sentence around a position is found by binary search.
        let sentence_start = |at: usize| {
            let k = breaks.partition_point(|&b| b <= at);
            if k == 0 { 0 } else { breaks[k - 1] }
        };

        // Which players each death word kills: the nearest name before it in its sentence,
        // and the names listed with that one ("Alice, Bob and Carol").
        let mut found: Vec<(DeathWord, Vec<usize>)> = Vec::new();
        for dw in &death_words {
            let from = sentence_start(dw.start);
            let first = hits.partition_point(|h| h.start < from);
            let last = hits.partition_point(|h| h.end <= dw.start);
            if last <= first {
                continue;
            }
            let mut dead = vec![last - 1];
            let mut k = last - 1;
            while k > first && dead.len() < self.dead_names.len() {
                let between = lower.get(hits[k - 1].end..hits[k].start).unwrap_or("");
                if !text::is_list_separator(between) {
                    break;
                }
                k -= 1;
                dead.push(k);
            }
            dead.reverse();
            found.push((*dw, dead));
        }

        let mut seen: Vec<usize> = Vec::new();
        let mut any = false;
        for (k, (dw, dead)) in found.iter().enumerate() {
            let fresh: Vec<usize> = dead
                .iter()
                .map(|&hit| hits[hit].name)
                .filter(|name| !seen.contains(name))
                .collect();
            if fresh.is_empty() {
                continue;
            }
            // The comment runs up to the next death of someone else: a second death word
            // for the same player ("Bob has been modkilled, so he is dead. He was…") does
            // not cut it.
            let next_other = found.get(k + 1..).unwrap_or(&[]).iter().find(|(_, d)| {
                d.iter().any(|&hit| {
                    let name = hits[hit].name;
                    !seen.contains(&name) && !fresh.contains(&name)
                })
            });
            let comment_end = next_other
                .map(|(next, _)| sentence_start(next.start).max(dw.end))
                .unwrap_or(lower.len());
            let comment = death_comment(self.vocab, folded, words, dw.end, comment_end)
                .unwrap_or_else(|| line.text.trim().to_owned());
            for name_index in fresh {
                if seen.contains(&name_index) {
                    continue;
                }
                seen.push(name_index);
                let player = self.dead_names.canonical(name_index).to_owned();
                self.push(
                    Command::Death {
                        player,
                        comment: comment.clone(),
                        phase: dw.phase,
                        lynch: dw.lynch,
                    },
                    index,
                    line,
                );
                any = true;
            }
        }
        any
    }
}

/// The phase named at word `at`, after an optional link word ("on Night 2", "Day One"), in
/// the same sentence as the word before it ("Bob has died. Day 2 begins" names none).
fn named_phase(vocab: &CommandWords, words: &[Word], lower: &str, at: usize) -> Option<Phase> {
    let same_sentence = |i: usize| {
        i > 0
            && words.get(i).is_some_and(|w| {
                lower
                    .get(words[i - 1].end..w.start)
                    .is_some_and(|gap| !gap.contains(['.', '!', '?', ';']))
            })
    };
    let at = match words.get(at) {
        Some(w) if vocab.phase_links.contains(&w.text(lower)) && same_sentence(at) => at + 1,
        _ => at,
    };
    if !same_sentence(at) {
        return None;
    }
    // "Thomith Mafia goon - Lynched D3" (17792 post 1093), "Killed N1" (24200 post 1).
    phase_at(vocab, words, lower, at)
        .or_else(|| vocab.phase_abbreviation(words.get(at)?.text(lower)))
}

/// The text after "He was" / "She was" / "They were" in `[from, to)`, if any.
fn death_comment(
    vocab: &CommandWords,
    folded: &Folded<'_>,
    words: &[Word],
    from: usize,
    to: usize,
) -> Option<String> {
    let lower = folded.lower();
    let first = words.partition_point(|w| w.start < from);
    for i in first..words.len() {
        if words[i].start >= to {
            break;
        }
        let pronoun = words[i].text(lower);
        let verb = words.get(i + 1).map(|w| w.text(lower));
        let opens = vocab
            .death_comment_openers
            .iter()
            .any(|&[p, v]| p == pronoun && Some(v) == verb);
        if opens {
            let start = words[i + 1].end;
            let text = folded.original(start, to.max(start)).trim();
            let text = text.trim_start_matches([':', ',', '-']).trim();
            if text.is_empty() {
                return None;
            }
            return Some(text.to_owned());
        }
    }
    None
}
