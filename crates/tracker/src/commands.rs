//! Recognising GM commands in a normalised post body. CONTRACT (implemented by the commands
//! work; the state fold calls it). Keep these signatures; add to them, do not break them.
//!
//! This module only reads text: it says which commands a GM post contains. Whether a command
//! applies (the phase matches, the deadline is not in the past, the game has not ended…) is
//! decided by the state fold.
//!
//! How a line is read (all matching is case-insensitive, on whole words):
//! - `##RESURRECT NAME` must open its line and name exactly one player.
//! - `NEW HAS REPLACED OLD` / `NEW IS REPLACING OLD`, and hosts' own phrasings (`NEW
//!   replaces OLD`, `OLD has been replaced by NEW`, `NEW is in for OLD`…): OLD a player, with
//!   only the phrase (and spaces) between the names. NEW is a known user, or else the words
//!   written there ([`Newcomer::Written`]), for whoever posts under that name later.
//! - Replacement requests: `OLD is flaking`, `OLD has requested replacement`, `searching for a
//!   replacement for OLD` ([`Command::Vacancy`]); `Filled by NEW`, `replaced by NEW`, `NEW is
//!   in` fill an open request ([`Command::Fill`]).
//! - `UNEND GAME`, `GAME HAS UNENDED`, `GAME UNENDED`; `GAME HAS ENDED`, `GAME ENDED`,
//!   `GAME IS OVER`, and a line that is only a bold `End Game` / `Game Over` heading.
//! - Current dialect: `DAY|NIGHT … HAS ENDED EARLY` alone on its line (see [`recognise`]).
//!   2016 dialect: `DAY|NIGHT … HAS BEGUN|HAS ENDED`.
//! - `DEADLINE … MOVED <time> LATER|EARLIER` (2016: `DEADLINE … <time> LATER|EARLIER`).
//! - Deaths, on any line: `PLAYER … DIED|DEAD|BEEN LYNCHED|BEEN KILLED|BEEN EATEN`,
//!   `BEEN SHOT|BEEN MODKILLED` (TeamLiquid hosts' words), and `WAS KILLED|WAS LYNCHED|WAS
//!   ELIMINATED…` (mafiascum hosts': "X, Role, was lynched Day 5").
//! - Phase announcements, on any line (after the line's other commands).
//!
//! The words of every phrasing are data: [`CommandWords`] (see [`crate::vocabulary`]).

mod text;
mod time;

use jiff::SignedDuration;
use mafia_posts::{Body, Line, SpanKind};
use serde::{Deserialize, Serialize};

use crate::phase::{Phase, PhaseKind};
use crate::vocabulary::CommandWords;

use text::{Folded, NameSet, Openers, Word};
pub use time::{TimeError, parse_duration};

/// Which GM command language the game uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dialect {
    /// The current command set (`gm-commands.txt`).
    #[default]
    Current,
    /// The 2016 command set (`gm-commands-2016.html`): `DAY|NIGHT … HAS BEGUN|HAS ENDED`
    /// moves the current deadline to the post's time.
    V2016,
}

/// The names the recogniser can match.
#[derive(Debug, Clone, Copy)]
pub struct Names<'a> {
    /// Every player slot holder's name (alive or dead), as spelled in the game file or by a
    /// replacement.
    pub players: &'a [String],
    /// Every user known to the game (players, GMs, anyone who has posted in the thread).
    pub users: &'a [String],
}

/// One GM command.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// `PLAYER … DIED|DEAD|BEEN LYNCHED|BEEN KILLED|BEEN EATEN|BEEN SHOT|BEEN MODKILLED`,
    /// with the death comment
    /// (the text after "He/She was", or the whole line).
    Death { player: String, comment: String },
    /// `##RESURRECT PLAYER`.
    Resurrect { player: String },
    /// `DAY|NIGHT … HAS ENDED EARLY`.
    EndEarly { kind: PhaseKind },
    /// `DEADLINE … MOVED <time> LATER|EARLIER`; negative = earlier.
    MoveDeadline { by: SignedDuration },
    /// `NEW HAS REPLACED OLD`, `NEW IS REPLACING OLD` and the other phrasings of
    /// [`CommandWords::replace`], NEW a known user.
    Replace { new: String, old: String },
    /// `OLD is flaking`, `searching for a replacement for OLD`: OLD's slot is open for
    /// replacement.
    Vacancy { player: String },
    /// `Filled by NEW` (`old` None: the open request it answers, whose quote normalisation
    /// removed), or `NEW replaces OLD` where NEW is not a known user yet.
    Fill { new: Newcomer, old: Option<String> },
    /// `GAME HAS ENDED`, `GAME ENDED`, `GAME IS OVER`, a bold `End Game` heading.
    EndGame,
    /// `UNEND GAME`, `GAME HAS UNENDED`, `GAME UNENDED`.
    UnendGame,
    /// 2016 dialect: `DAY|NIGHT … HAS BEGUN|HAS ENDED`: the current phase ends now.
    PhaseChange2016 { kind: PhaseKind, begun: bool },
    /// A phase announcement: "It is now Day 2", "Night 1 has begun", "Day 3 begins".
    Announce { phase: Phase },
}

/// Who fills a slot: a known user, or the words the host wrote for someone who has not
/// posted yet (matched against later posters' names, whole words, ignoring case).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Newcomer {
    Known(String),
    Written(String),
}

/// A recognised command and where it was found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Recognised {
    pub command: Command,
    /// Index of the line in the post body.
    pub line: usize,
    /// The line's text, for the GM review list.
    pub raw: String,
}

/// A line that looks like a command but could not be read (e.g. `##RESURRECT Bobb`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unrecognised {
    pub line: usize,
    pub raw: String,
    pub reason: String,
}

/// Everything the recogniser found in one GM post, in line order.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Recognition {
    pub commands: Vec<Recognised>,
    pub problems: Vec<Unrecognised>,
}

/// Recognises the GM commands in one GM post body.
///
/// Reading choices (each recorded in `docs/decisions.md`):
/// - `DAY … HAS ENDED EARLY` "and no other text": the line (ignoring punctuation at its ends)
///   must begin with DAY or NIGHT and end with HAS ENDED EARLY; the words between are free
///   ("Day 2 has ended early." works, "Note: Day 2 has ended early" does not).
/// - GAME HAS ENDED / GAME ENDED / GAME IS OVER after "until", "when", "after", "if"… (up to
///   three words before GAME) is rules text ("please wait until this game is over"), not a
///   command.
/// - Several names before one death word are all dead only when they form a list
///   ("Alice, Bob and Carol have died"); otherwise the name nearest the death word dies
///   ("Alice lynched Bob, who is dead" kills Bob).
/// - The death comment is the text after "He was", "She was" or "They were", up to the
///   sentence of the next death on the same line.
/// - A phase announcement is a sentence opening with "It is (now/currently) Day N", "Day N has
///   begun / begins / has started / starts / is starting…", "Day N start" ending its sentence
///   (MTG Salvation), or a line that is only a bold "Day N" heading (hosts' day posts).
///   Repeats of the same phase in one post are reported once.
///
/// This prepares the names for every call; a caller that reads many posts against the same
/// names keeps a [`Recogniser`] instead.
pub fn recognise(body: &Body, names: Names<'_>, dialect: Dialect) -> Recognition {
    Recogniser::new(names, dialect).recognise(body)
}

/// The GM command reader of one game: its player and user names, folded and sorted once, and
/// its dialect. Build a new one when the names change (a replacement, a new user, a game file
/// edit); [`Recogniser::recognise`] then reads posts without preparing anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recogniser {
    players: NameSet,
    users: NameSet,
    dialect: Dialect,
    vocab: &'static CommandWords,
    /// The first words of the phrasings tried at every word of a line (replacements,
    /// replacement requests, deaths).
    openers: Openers,
}

impl Recogniser {
    /// A reader of the standard command language ([`CommandWords::STANDARD`]).
    pub fn new(names: Names<'_>, dialect: Dialect) -> Recogniser {
        Recogniser::with_words(names, dialect, &CommandWords::STANDARD)
    }

    /// A reader whose commands are written in `vocab`.
    pub fn with_words(
        names: Names<'_>,
        dialect: Dialect,
        vocab: &'static CommandWords,
    ) -> Recogniser {
        let firsts = vocab
            .replace
            .iter()
            .map(|p| p.words)
            .chain(vocab.vacancy_after_name.iter().copied())
            .chain(vocab.vacancy_before_name.iter().copied())
            .chain(vocab.death.iter().copied())
            .filter_map(|phrase| phrase.first().copied());
        Recogniser {
            players: NameSet::new(names.players),
            users: NameSet::new(names.users),
            dialect,
            vocab,
            openers: Openers::new(firsts),
        }
    }

    /// Recognises the GM commands in one GM post body (see [`recognise`]).
    pub fn recognise(&self, body: &Body) -> Recognition {
        let mut reader = Reader {
            players: &self.players,
            users: &self.users,
            dialect: self.dialect,
            vocab: self.vocab,
            openers: &self.openers,
            out: Recognition::default(),
            announced: Vec::new(),
        };
        for (index, line) in body.lines.iter().enumerate() {
            reader.line(index, line);
        }
        reader.out
    }
}

struct Reader<'r> {
    players: &'r NameSet,
    users: &'r NameSet,
    dialect: Dialect,
    vocab: &'r CommandWords,
    openers: &'r Openers,
    out: Recognition,
    announced: Vec<Phase>,
}

/// A death word found on a line: byte range in the folded text.
#[derive(Debug, Clone, Copy)]
struct DeathWord {
    start: usize,
    end: usize,
}

impl Reader<'_> {
    fn push(&mut self, command: Command, index: usize, line: &Line) {
        self.out.commands.push(Recognised {
            command,
            line: index,
            raw: line.text.clone(),
        });
    }

    fn problem(&mut self, index: usize, line: &Line, reason: impl Into<String>) {
        self.out.problems.push(Unrecognised {
            line: index,
            raw: line.text.clone(),
            reason: reason.into(),
        });
    }

    fn line(&mut self, index: usize, line: &Line) {
        if line.text.trim().is_empty() {
            return;
        }
        let folded = Folded::new(&line.text);
        let words = folded.words();

        if self.resurrect(index, line, &folded) {
            return;
        }
        let mut command_found = self.replace(index, line, &folded, &words);
        // A request or a fill does not stop the rest of the line ("Searching for a
        // replacement for X. The deadline is moved 2 days later").
        if !command_found && !self.vacancy(index, line, &folded, &words) {
            self.fill(index, line, &folded, &words);
        }
        if !command_found {
            command_found = self.game_end(index, line, &folded, &words);
        }
        if !command_found {
            command_found = match self.dialect {
                Dialect::Current => self.end_early(index, line, &folded, &words),
                Dialect::V2016 => self.phase_change_2016(index, line, &folded, &words),
            };
        }
        if !command_found {
            self.move_deadline(index, line, &folded, &words);
        }
        self.deaths(index, line, &folded, &words);
        // "Bob has died. Day 2 begins." announces too; "Night 1 has ended early" never does
        // (no announcement pattern ends a phase).
        self.announce(index, line, &folded, &words);
    }

    /// `##RESURRECT PLAYER` on a line of its own.
    fn resurrect(&mut self, index: usize, line: &Line, folded: &Folded<'_>) -> bool {
        let tag = self.vocab.resurrect_tag;
        let lower = folded.lower();
        let trimmed = lower.trim_start();
        let Some(rest) = trimmed.strip_prefix(tag) else {
            if lower.contains(tag) {
                self.problem(
                    index,
                    line,
                    "##RESURRECT must open its own line, followed by one player name",
                );
                return true;
            }
            return false;
        };
        if rest.starts_with(|c: char| c.is_alphanumeric()) {
            self.problem(
                index,
                line,
                "expected a space and a player name after ##RESURRECT",
            );
            return true;
        }
        let start = lower.len() - rest.len();
        let name_text = folded.original(start, lower.len()).trim();
        if name_text.is_empty() {
            self.problem(index, line, "expected a player name after ##RESURRECT");
            return true;
        }
        let candidate = rest.trim();
        let found = self.players.exact(candidate).or_else(|| {
            self.players
                .exact(candidate.trim_end_matches(['.', '!', ',', ';', ':']))
        });
        match found {
            Some(player) => {
                let player = player.to_owned();
                self.push(Command::Resurrect { player }, index, line);
            }
            None => {
                let reason = match self.players.closest(candidate) {
                    Some(near) => format!(
                        "`{name_text}` is not a player of this game (did you mean `{near}`?)"
                    ),
                    None => format!("`{name_text}` is not a player of this game"),
                };
                self.problem(index, line, reason);
            }
        }
        true
    }

    /// Replacements in the phrasings of [`CommandWords::replace`]: `NEW has replaced OLD`,
    /// `OLD is replaced by NEW`, `NEW is in for OLD`…
    fn replace(&mut self, index: usize, line: &Line, folded: &Folded<'_>, words: &[Word]) -> bool {
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
            if let Some(phrase) = phrase {
                let end = at + phrase.words.len();
                let left = lower.get(..words[at].start).unwrap_or("");
                let right = lower.get(words[end - 1].end..).unwrap_or("");
                let left_trimmed = left.trim_end();
                let right_trimmed = right.trim_start();
                // Only spaces between the names and the phrase.
                if left_trimmed.len() == left.len() || right_trimmed.len() == right.len() {
                    continue;
                }
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
                                .written_before(folded, words, at)
                                .map(|(text, _)| Newcomer::Written(text)),
                            None => self
                                .written_after(folded, words, end)
                                .map(Newcomer::Written),
                        };
                        let old = if phrase.new_first {
                            self.written_after(folded, words, end)
                        } else {
                            self.written_before(folded, words, at).map(|(text, _)| text)
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
                            self.written_before(folded, words, at)
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
        found
    }

    /// A known user's (or player's) name that `folded` ends with.
    fn known_suffix<'s>(&'s self, folded: &str) -> Option<&'s str> {
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

    /// The words just before word `at`, back to the start of their clause and at most
    /// [`CommandWords::written_name_words`] of them: a name as written for someone who is
    /// not a known user yet; and whether they are the whole clause.
    fn written_before(
        &self,
        folded: &Folded<'_>,
        words: &[Word],
        at: usize,
    ) -> Option<(String, bool)> {
        let lower = folded.lower();
        // Only spaces between the name and the words after it ("Jabberwock, a hydra of
        // Empire and Tierce, replaces Dire_Drenz" names nobody: thread 24075).
        let adjacent = at > 0
            && lower
                .get(words[at - 1].end..words[at].start)
                .is_some_and(|gap| gap.trim().is_empty());
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
                .is_some_and(|gap| gap.trim().is_empty());
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
    fn vacancy(&mut self, index: usize, line: &Line, folded: &Folded<'_>, words: &[Word]) -> bool {
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
            for seq in self.vocab.vacancy_before_name {
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
    fn fill(&mut self, index: usize, line: &Line, folded: &Folded<'_>, words: &[Word]) -> bool {
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

    /// `GAME HAS ENDED` and friends, and `UNEND GAME` and friends.
    fn game_end(&mut self, index: usize, line: &Line, folded: &Folded<'_>, words: &[Word]) -> bool {
        let lower = folded.lower();
        if self
            .vocab
            .unend_game
            .iter()
            .any(|p| text::find_seq(words, lower, p, 0).is_some())
        {
            self.push(Command::UnendGame, index, line);
            return true;
        }
        // A host's bold "End Game" / "Game Over" heading, alone on its line.
        let heading = words.len() == 2
            && self
                .vocab
                .end_game_headings
                .iter()
                .any(|seq| text::seq_at(words, lower, seq, 0))
            && is_bold_alone(line, folded, words);
        if heading {
            self.push(Command::EndGame, index, line);
            return true;
        }
        for pattern in self.vocab.end_game {
            let mut from = 0;
            while let Some(at) = text::find_seq(words, lower, pattern, from) {
                if !in_subordinate_clause(self.vocab, words, lower, at) {
                    self.push(Command::EndGame, index, line);
                    return true;
                }
                from = at + 1;
            }
        }
        false
    }

    /// `DAY … HAS ENDED EARLY` / `NIGHT … HAS ENDED EARLY`, alone on the line.
    fn end_early(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) -> bool {
        let lower = folded.lower();
        let [has, ended, early] = self.vocab.ended_early;
        let Some(at) = text::find_seq(words, lower, &[ended, early], 0) else {
            return false;
        };
        let kind = words
            .first()
            .and_then(|w| self.vocab.phase_kind(w.text(lower)));
        let ends_with_phrase = at >= 2 && at + 2 == words.len() && words[at - 1].text(lower) == has;
        let starts_with_kind = kind.is_some()
            && words
                .first()
                .is_some_and(|w| lower.get(..w.start).is_some_and(only_punctuation));
        let ends_clean = words
            .last()
            .is_some_and(|w| lower.get(w.end..).is_some_and(only_punctuation));
        match kind {
            Some(kind) if ends_with_phrase && starts_with_kind && ends_clean => {
                self.push(Command::EndEarly { kind }, index, line);
            }
            _ => self.problem(
                index,
                line,
                "expected `Day … has ended early` or `Night … has ended early` and no other \
                 text on the line",
            ),
        }
        true
    }

    /// 2016 dialect: `DAY|NIGHT … HAS BEGUN|HAS ENDED`.
    fn phase_change_2016(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) -> bool {
        let lower = folded.lower();
        let (has, verbs) = self.vocab.phase_change_2016;
        for (at, pair) in words.windows(2).enumerate() {
            if pair[0].text(lower) != has {
                continue;
            }
            let verb = pair[1].text(lower);
            let Some(&(_, begun)) = verbs.iter().find(|(v, _)| *v == verb) else {
                continue;
            };
            let kind = words[..at]
                .iter()
                .rev()
                .find_map(|w| self.vocab.phase_kind(w.text(lower)));
            match kind {
                Some(kind) => {
                    self.push(Command::PhaseChange2016 { kind, begun }, index, line);
                    return true;
                }
                None => continue,
            }
        }
        false
    }

    /// `DEADLINE … MOVED <time> LATER|EARLIER` (2016: `DEADLINE … <time> LATER|EARLIER`).
    fn move_deadline(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) -> bool {
        let lower = folded.lower();
        let vocab = self.vocab;
        let Some(deadline) = words.iter().position(|w| w.text(lower) == vocab.deadline) else {
            return false;
        };
        let moved = words[deadline..]
            .iter()
            .position(|w| w.text(lower) == vocab.moved)
            .map(|i| deadline + i);
        let direction_from = moved.unwrap_or(deadline) + 1;
        let direction = words
            .get(direction_from..)
            .unwrap_or(&[])
            .iter()
            .position(|w| {
                let word = w.text(lower);
                word == vocab.later || word == vocab.earlier
            })
            .map(|i| direction_from + i);

        let (time_from, direction) = match (self.dialect, moved, direction) {
            (_, Some(moved), Some(direction)) => (moved, direction),
            (Dialect::V2016, None, Some(direction)) => (deadline, direction),
            (_, Some(_), None) => {
                self.problem(
                    index,
                    line,
                    "expected `DEADLINE … MOVED <time> LATER` or `… EARLIER`: LATER or EARLIER \
                     is missing after MOVED",
                );
                return true;
            }
            _ => return false,
        };
        let segment = lower
            .get(words[time_from].end..words[direction].start)
            .unwrap_or("");
        let parsed = match parse_duration(segment) {
            Ok(d) => Ok(d),
            Err(e) if self.dialect == Dialect::V2016 => parse_2016_hours(segment).ok_or(e),
            Err(e) => Err(e),
        };
        match parsed {
            Ok(by) if by.is_zero() => {
                self.problem(index, line, "the deadline is moved by no time at all");
            }
            Ok(by) => {
                let by = if words[direction].text(lower) == vocab.earlier {
                    -by
                } else {
                    by
                };
                self.push(Command::MoveDeadline { by }, index, line);
            }
            Err(e) => {
                let reason = format!(
                    "cannot read the time in `DEADLINE … MOVED <time> LATER|EARLIER`: {e} \
                     (expected e.g. `1D 12H`, `24 hours`, `1 day 12 hours 30 minutes`)"
                );
                self.problem(index, line, reason);
            }
        }
        true
    }

    /// `PLAYER … DIED|DEAD|BEEN LYNCHED|BEEN KILLED|BEEN EATEN`; returns whether any death
    /// was found.
    fn deaths(&mut self, index: usize, line: &Line, folded: &Folded<'_>, words: &[Word]) -> bool {
        let lower = folded.lower();
        let mut death_words = Vec::new();
        for (i, w) in words.iter().enumerate() {
            if !self.openers.may_open(w, lower) {
                continue;
            }
            for seq in self.vocab.death {
                if text::seq_at(words, lower, seq, i) {
                    let last = &words[i + seq.len() - 1];
                    death_words.push(DeathWord {
                        start: w.start,
                        end: last.end,
                    });
                }
            }
        }
        if death_words.is_empty() {
            return false;
        }
        let hits = self.players.find_all(lower);
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
            while k > first && dead.len() < self.players.len() {
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
                let player = self.players.canonical(name_index).to_owned();
                self.push(
                    Command::Death {
                        player,
                        comment: comment.clone(),
                    },
                    index,
                    line,
                );
                any = true;
            }
        }
        any
    }

    /// Phase announcements: "It is now Day 2", "Night 1 has begun", a bold "Day 2" heading.
    fn announce(&mut self, index: usize, line: &Line, folded: &Folded<'_>, words: &[Word]) {
        let lower = folded.lower();
        let mut phase = None;
        if is_bold_heading(self.vocab, line, folded, words) {
            phase = phase_at(self.vocab, words, lower, 0);
        }
        if phase.is_none() {
            let breaks = text::sentence_breaks(lower, &[]);
            let mut starts = vec![0];
            starts.extend(breaks);
            for start in starts {
                let first = words.partition_point(|w| w.start < start);
                if first >= words.len() {
                    break;
                }
                if let Some(p) = announcement_at(self.vocab, words, lower, first, self.dialect) {
                    phase = Some(p);
                    break;
                }
            }
        }
        if let Some(phase) = phase
            && !self.announced.contains(&phase)
        {
            self.announced.push(phase);
            self.push(Command::Announce { phase }, index, line);
        }
    }
}

/// Whether the words just before word `at` make it a condition or a time ("until the game
/// is over", "when the game has ended"): rules text, not the host ending the game.
fn in_subordinate_clause(vocab: &CommandWords, words: &[Word], lower: &str, at: usize) -> bool {
    words
        .get(at.saturating_sub(vocab.condition_reach)..at)
        .unwrap_or(&[])
        .iter()
        .any(|w| vocab.condition_openers.contains(&w.text(lower)))
}

/// Whether word `at` opens its sentence: only punctuation and spaces stand between it and
/// the start of the line or the previous `.`, `!`, `?`, `;` or `:`.
fn opens_sentence(lower: &str, words: &[Word], at: usize) -> bool {
    let from = if at == 0 { 0 } else { words[at - 1].end };
    let gap = lower.get(from..words[at].start).unwrap_or("");
    at == 0 || gap.contains(['.', '!', '?', ';', ':'])
}

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

fn only_punctuation(s: &str) -> bool {
    s.chars().all(|c| !c.is_alphanumeric())
}

/// `Day N` / `Night N` starting at word `at`.
fn phase_at(vocab: &CommandWords, words: &[Word], lower: &str, at: usize) -> Option<Phase> {
    let kind = vocab.phase_kind(words.get(at)?.text(lower))?;
    let number = vocab.phase_number(words.get(at + 1)?.text(lower))?;
    Some(Phase { kind, number })
}

/// A sentence announcing a phase, starting at word `at`.
fn announcement_at(
    vocab: &CommandWords,
    words: &[Word],
    lower: &str,
    at: usize,
    dialect: Dialect,
) -> Option<Phase> {
    let word = |i: usize| words.get(i).map(|w| w.text(lower));
    let is_in = |i: usize, list: &[&str]| word(i).is_some_and(|w| list.contains(&w));
    // "It is (now) Day 2", "It's (now) Day 2", "It is currently day 1" (MTG Salvation).
    let (it, is) = vocab.it_is;
    if word(at) == Some(it) && is_in(at + 1, is) {
        let mut i = at + 2;
        if is_in(i, vocab.it_is_now) {
            i += 1;
        }
        return phase_at(vocab, words, lower, i);
    }
    // "Day 2 has (now) begun", "Day 2 begins (now)", "Night 1 is starting", …
    let phase = phase_at(vocab, words, lower, at)?;
    let mut i = at + 2;
    if is_in(i, vocab.announce_auxiliaries) {
        i += 1;
    }
    if word(i) == Some(vocab.announce_now) {
        i += 1;
    }
    let verb = word(i)?;
    // In the 2016 dialect "has begun" is a phase change command, read before.
    let (_, changes_2016) = vocab.phase_change_2016;
    if dialect == Dialect::V2016 && changes_2016.iter().any(|&(v, begun)| begun && v == verb) {
        return None;
    }
    if vocab.announce_verbs.contains(&verb) {
        return Some(phase);
    }
    // "Day 1 start." (MTG Salvation): a bare "start" only when it ends the sentence, so
    // "Day 2 start time is 20:00" is not an announcement.
    if vocab.announce_verbs_at_end.contains(&verb) && ends_sentence(words, lower, i) {
        return Some(phase);
    }
    None
}

/// Whether word `i` is the last of its sentence: the line ends after it, or `.`, `!` or `?`
/// stands between it and the next word.
fn ends_sentence(words: &[Word], lower: &str, i: usize) -> bool {
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

/// A line that is only `Day N` / `Night N` (punctuation around it allowed), all in bold.
fn is_bold_heading(vocab: &CommandWords, line: &Line, folded: &Folded<'_>, words: &[Word]) -> bool {
    words.len() == 2
        && phase_at(vocab, words, folded.lower(), 0).is_some()
        && is_bold_alone(line, folded, words)
}

/// A line whose words are all in bold, with only punctuation around them.
fn is_bold_alone(line: &Line, folded: &Folded<'_>, words: &[Word]) -> bool {
    let lower = folded.lower();
    let (Some(first), Some(last)) = (words.first(), words.last()) else {
        return false;
    };
    if !only_punctuation(lower.get(..first.start).unwrap_or("x"))
        || !only_punctuation(lower.get(last.end..).unwrap_or("x"))
    {
        return false;
    }
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

/// 2016 dialect: a number of hours before LATER/EARLIER, with or without a unit, after any
/// other words ("Deadline is 24 later").
fn parse_2016_hours(segment: &str) -> Option<SignedDuration> {
    let start = segment.find(|c: char| c.is_ascii_digit())?;
    let tail = segment.get(start..)?;
    if let Ok(d) = parse_duration(tail) {
        return Some(d);
    }
    let hours: i64 = tail.trim().parse().ok()?;
    if hours > time::MAX_HOURS {
        return None;
    }
    Some(SignedDuration::from_hours(hours))
}
