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
//!   ELIMINATED…` (mafiascum hosts': "X, Role, was lynched Day 5"); co-hosts' `X, Role,
//!   killed Night 1`, `Lynched D3` count only before a phase. A death names a slot by its
//!   holder, a former holder or another known user (the fold finds the slot); the phase it
//!   names and whether its words say a lynch go with it (`commands/deaths.rs`).
//! - Deaths in the shape of an announcement (`commands/marks.rs`), on a line with no death
//!   word: a count's wagon marked `PLAYER [LYNCHED] : …` / `PLAYER (LYNCH): …` (a lynch);
//!   `PLAYER, ROLE, was VERB PHASE` with a theme's verb ("was Exposed day 1", a death in that
//!   phase); `PLAYER is lynched.` as a sentence of its own (a lynch).
//! - Phase announcements, on any line (after the line's other commands), in each sentence
//!   and in each clause after a comma or "and" whose verb ends it: starts ("It is now Day 2",
//!   "Night two has started", "D2 begins"), ends ("Day 2 has ended", [`Command::PhaseOver`]),
//!   phases without a number ("It is now night.", [`Command::AnnounceKind`]), a running
//!   phase's deadline or count ("Night 2 ends in …", "Votecount 2.0",
//!   [`Command::PhaseRunning`]), a bold heading or a post that is only a phase
//!   (`commands/phases.rs`).
//! - The winner at the end of the game ("Town wins!", [`Command::Winner`]), also told by the
//!   winners' names ("Natirasha, Mafia Rolecop, has miraculously survived and won the game!",
//!   `commands/winners.rs`).
//! - A line that gives nothing but looks like a death, a flip ("X was a Vanilla Townie",
//!   [`LooksLike::Flip`]) or a phase heading is listed in [`Recognition::unread`]
//!   (`commands/unread.rs`); the fold reads a lone flip in the post that ends a day as its
//!   lynch (`state/hammer.rs`).
//!
//! The words of every phrasing are data: [`CommandWords`] (see [`crate::vocabulary`]).

mod dead_list;
mod deaths;
mod marks;
mod phases;
mod replacements;
mod spot;
mod text;
mod time;
mod unread;
mod winners;

use jiff::SignedDuration;
use mafia_posts::{Body, Line};
use serde::{Deserialize, Serialize};

use crate::phase::{Phase, PhaseKind};
use crate::vocabulary::CommandWords;

use text::{Folded, Openers, Word, is_bold_alone};
pub(crate) use text::{NameSet, fold};
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
    ///
    /// `phase` is the phase the line names for the death ("was killed Night 2", "lynched Day
    /// One"), if any; `lynch` says whether its words say a lynch ("lynched", "hanged").
    Death {
        player: String,
        comment: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        phase: Option<Phase>,
        #[serde(default)]
        lynch: bool,
    },
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
    /// `The votecount has been reset`, `Votes are reset`: every vote of the day is withdrawn.
    ResetVotes,
    /// `UNEND GAME`, `GAME HAS UNENDED`, `GAME UNENDED`.
    UnendGame,
    /// 2016 dialect: `DAY|NIGHT … HAS BEGUN|HAS ENDED`: the current phase ends now.
    PhaseChange2016 { kind: PhaseKind, begun: bool },
    /// A phase announcement: "It is now Day 2", "Night 1 has begun", "Day 3 begins".
    Announce { phase: Phase },
    /// A phase is over, so the next one begins: "Day 2 has ended", "Night 1 is over", "Night
    /// Two has come to a close".
    PhaseOver { phase: Phase },
    /// The side that won, as the host names it at the end of the game: "Town wins", "The
    /// Mafia has won", "Game over, town victory". `alone`: the sentence says nothing else
    /// ("Mafia Wins!", "The Town Wins!"), which ends the game as `GAME HAS ENDED` does.
    Winner { side: String, alone: bool },
    /// A phase said to be running by its deadline or its vote count ("Day 2 ends in …",
    /// "Votecount of Day 2"): it has begun if the tracker is behind.
    PhaseRunning { phase: Phase },
    /// A phase named without a number: "It is now night.", "Night has fallen" (`begun`), "Night
    /// is over" (not `begun`): the next phase of that kind begins, or the running one ends.
    AnnounceKind { kind: PhaseKind, begun: bool },
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
    /// Lines that look like a death or a phase change but were read as neither.
    #[serde(default)]
    pub unread: Vec<Unread>,
}

/// A GM line that looks like a death (a death word and a player's name) or a phase heading
/// (a phase alone on its line, not bold) but gave no command: a host's phrasing the
/// vocabulary does not know, for the review list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unread {
    pub line: usize,
    pub raw: String,
    pub looks_like: LooksLike,
}

/// What an [`Unread`] line looks like.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum LooksLike {
    /// A death of this player.
    Death { player: String },
    /// A flip: a line opening with the player's name and "was a" ("Lootifer was a Vanilla
    /// Townie", 51535 post 526), a dead player's role as hosts reveal it.
    Flip { player: String },
    /// The start of this phase.
    Phase { phase: Phase },
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
    /// Players and every other known user: a death may name a slot by a former holder
    /// ("LobsterCatapult, Vanilla Townie, was lynched!" after Friend replaced LobsterCatapult,
    /// 18365 post 821); the fold finds the slot.
    dead_names: NameSet,
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
            .chain(vocab.vacancy_opening_line.iter().copied())
            .chain(vocab.death.iter().copied())
            .chain(vocab.death_before_phase.iter().copied())
            .filter_map(|phrase| phrase.first().copied());
        Recogniser {
            players: NameSet::new(names.players),
            users: NameSet::new(names.users),
            dead_names: NameSet::new(
                &names
                    .players
                    .iter()
                    .chain(names.users)
                    .cloned()
                    .collect::<Vec<_>>(),
            ),
            dialect,
            vocab,
            openers: Openers::new(firsts),
        }
    }

    /// Recognises the GM commands in one GM post body (see [`recognise`]).
    pub fn recognise(&self, body: &Body) -> Recognition {
        // A post that is only a phase ("Day 3!", 39665 post 736) announces it.
        let mut filled = body
            .lines
            .iter()
            .enumerate()
            .filter(|(_, l)| !l.text.trim().is_empty());
        let only_line = match (filled.next(), filled.next()) {
            (Some((index, _)), None) => Some(index),
            _ => None,
        };
        // A line that is only a phase, in any style ("Night 4", 63842 post 1039), is a
        // heading when it is the post's only one: several are a recap or a schedule.
        let headings = body
            .lines
            .iter()
            .filter(|l| {
                let folded = Folded::new(&l.text);
                let words = folded.words();
                let lower = folded.lower();
                let [kind, number] = words.as_slice() else {
                    return false;
                };
                text::is_alone(&folded, &words)
                    && self.vocab.phase_kind(kind.text(lower)).is_some()
                    && self.vocab.phase_number(number.text(lower)).is_some()
            })
            .count();
        let mut reader = Reader {
            players: &self.players,
            dead_names: &self.dead_names,
            users: &self.users,
            dialect: self.dialect,
            vocab: self.vocab,
            openers: &self.openers,
            out: Recognition::default(),
            announced: Vec::new(),
            only_line,
            lone_heading: headings == 1,
            dead_list: None,
        };
        for (index, line) in body.lines.iter().enumerate() {
            reader.line(index, line);
        }
        let mut out = reader.out;
        // Two phases of one kind said to be running ("Day 1 ends on Friday; Day 2 ends on
        // the 20th") is a schedule, not the state of the game.
        let running: Vec<Phase> = out
            .commands
            .iter()
            .filter_map(|c| match c.command {
                Command::PhaseRunning { phase } => Some(phase),
                _ => None,
            })
            .collect();
        let schedule = running.iter().any(|a| {
            running
                .iter()
                .any(|b| a.kind == b.kind && a.number != b.number)
        });
        if schedule {
            out.commands
                .retain(|c| !matches!(c.command, Command::PhaseRunning { .. }));
        }
        out
    }
}

struct Reader<'r> {
    players: &'r NameSet,
    dead_names: &'r NameSet,
    users: &'r NameSet,
    dialect: Dialect,
    vocab: &'r CommandWords,
    openers: &'r Openers,
    out: Recognition,
    announced: Vec<Phase>,
    /// The index of the post's only line, if it has one line.
    only_line: Option<usize>,
    /// The post has one line that is only a phase ("Night 4"), whatever its style.
    lone_heading: bool,
    /// The phase of the list of the dead under the heading just read (`commands/dead_list.rs`).
    dead_list: Option<Phase>,
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
        let before = (self.out.commands.len(), self.out.problems.len());
        self.read_line(index, line, &folded, &words);
        if (self.out.commands.len(), self.out.problems.len()) == before {
            self.unread(index, line, &folded, &words);
        }
    }

    fn read_line(&mut self, index: usize, line: &Line, folded: &Folded<'_>, words: &[Word]) {
        if self.resurrect(index, line, folded) {
            return;
        }
        if self.dead_list_entry(index, line, folded) || self.dead_list_heading(folded, words) {
            return;
        }
        let mut command_found = self.replace(index, line, folded, words);
        // A request or a fill does not stop the rest of the line ("Searching for a
        // replacement for X. The deadline is moved 2 days later").
        if !command_found && !self.vacancy(index, line, folded, words) {
            self.fill(index, line, folded, words);
        }
        if !command_found {
            command_found = self.game_end(index, line, folded, words);
        }
        if !command_found {
            command_found = self.votes_reset(index, line, folded, words);
        }
        if !self.winner(index, line, folded, words) {
            self.player_winners(index, line, folded, words);
        }
        if !command_found {
            command_found = match self.dialect {
                Dialect::Current => self.end_early(index, line, folded, words),
                Dialect::V2016 => self.phase_change_2016(index, line, folded, words),
            };
        }
        if !command_found {
            self.move_deadline(index, line, folded, words);
        }
        if !self.deaths(index, line, folded, words)
            && !self.marked_lynch(index, line, folded, words)
            && !self.sentence_lynch(index, line, folded, words)
        {
            self.framed_death(index, line, folded, words);
        }
        // "Bob has died. Day 2 begins." announces too; "Night 1 has ended early" never does
        // (no announcement pattern ends a phase).
        self.announce(index, line, folded, words);
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

    /// `The votecount has been reset` and friends ([`CommandWords::votes_reset`]): a sentence
    /// of its own that opens the line, after an optional `the` or `all`.
    fn votes_reset(
        &mut self,
        index: usize,
        line: &Line,
        folded: &Folded<'_>,
        words: &[Word],
    ) -> bool {
        let lower = folded.lower();
        let start = usize::from(
            words
                .first()
                .is_some_and(|w| w.is(lower, "the") || w.is(lower, "all")),
        );
        let found = self.vocab.votes_reset.iter().any(|phrase| {
            let last = start + phrase.len() - 1;
            text::seq_at(words, lower, phrase, start)
                && match words.get(last + 1) {
                    None => true,
                    Some(next) => lower
                        .get(words[last].end..next.start)
                        .is_some_and(|between| between.contains(['.', '!', '?', ';'])),
                }
        });
        if found {
            self.push(Command::ResetVotes, index, line);
        }
        found
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
        // "good game troll" (22540 post 1718, the co-host's only word after the last hammer),
        // "Good game, everyone." (68345 post 2230), "Good game to all!" (63716 post 1971): a
        // short sentence opening the line with the farewell; 4 hosts, each at the end.
        let farewell = self.vocab.end_game_farewells.iter().any(|f| {
            text::seq_at(words, lower, f, 0)
                && (words.len() <= self.vocab.farewell_words
                    || (f.len()..self.vocab.farewell_words)
                        .any(|i| text::ends_sentence(words, lower, i)))
        });
        if farewell
            && lower[..words[0].start]
                .chars()
                .all(|c| !c.is_alphanumeric())
        {
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

    /// "Town wins", "The Mafia has won", "town victory": the side named before the words of
    /// [`CommandWords::win`], not in a condition ("Town wins when …" is rules text).
    fn winner(&mut self, index: usize, line: &Line, folded: &Folded<'_>, words: &[Word]) -> bool {
        let lower = folded.lower();
        for at in 1..words.len() {
            let Some(win) = self
                .vocab
                .win
                .iter()
                .find(|w| text::seq_at(words, lower, w, at))
            else {
                continue;
            };
            let side_at = |i: usize| {
                self.vocab
                    .sides
                    .iter()
                    .find(|(word, _)| words[i].text(lower) == *word)
                    .map(|&(_, side)| side)
            };
            let Some(side) = side_at(at - 1) else {
                if let Some(side) = self.named_winners(words, lower, at, win.len(), &side_at) {
                    let side = side.to_owned();
                    self.push(Command::Winner { side, alone: true }, index, line);
                    return true;
                }
                continue;
            };
            let after = at + win.len();
            let condition = words
                .get(after)
                .is_some_and(|w| self.vocab.condition_openers.contains(&w.text(lower)));
            if !condition {
                let side = side.to_owned();
                // Only an article before the side and punctuation after the words.
                let first = at - 1;
                let opens = text::opens_sentence(lower, words, first)
                    || (first > 0
                        && words[first - 1].text(lower) == "the"
                        && text::opens_sentence(lower, words, first - 1));
                // Or the sentence ends with "a SIDE victory" and holds no condition: "The game
                // ends in a scum victory!" (60920 post 1903).
                let outcome = first > 0
                    && self
                        .vocab
                        .outcome_articles
                        .contains(&words[first - 1].text(lower))
                    && {
                        let mut start = first - 1;
                        while !text::opens_sentence(lower, words, start) {
                            start -= 1;
                        }
                        !words[start..first]
                            .iter()
                            .any(|w| self.vocab.condition_openers.contains(&w.text(lower)))
                    };
                let alone = (opens || outcome) && text::ends_sentence(words, lower, after - 1);
                self.push(Command::Winner { side, alone }, index, line);
                return true;
            }
        }
        false
    }

    /// A sentence that opens with the side, names its members, and ends with the win words
    /// ("The Mafia, consisting of gerryoat, Manuel87, and eagerSnake, has won the game!",
    /// 68345 post 2229; "The mafia team of LaLight, Creature, and Kidamn have won!", 71483
    /// post 2597; "Scum monky's win!!", 63842 post 1117): 14 of the 100 mafiascum hosts end
    /// their game so. `at` is the first of the `width` win words; no condition word may stand
    /// between the side and them ("Town, if it lynches every mafioso, wins" is rules text).
    fn named_winners<'s>(
        &self,
        words: &[Word],
        lower: &str,
        at: usize,
        width: usize,
        side_at: &dyn Fn(usize) -> Option<&'s str>,
    ) -> Option<&'s str> {
        let mut last = at + width - 1;
        if text::seq_at(words, lower, self.vocab.win_object, last + 1) {
            last += self.vocab.win_object.len();
        }
        if !text::ends_sentence(words, lower, last) {
            return None;
        }
        let mut first = at - 1;
        while !text::opens_sentence(lower, words, first) {
            first -= 1;
        }
        // Or the side opens the clause after the sentence's first "that": "This means that
        // the mafia, consisting of Midnight's Sorrow and Spadille have won!" (17378 post 411).
        let that = (first..at)
            .find(|&i| words[i].text(lower) == "that")
            .map(|i| i + 1);
        [Some(first), that]
            .into_iter()
            .flatten()
            .find_map(|mut first| {
                if words.get(first)?.text(lower) == "the" {
                    first += 1;
                }
                let between = words.get(first + 1..at)?;
                let condition = between
                    .iter()
                    .any(|w| self.vocab.condition_openers.contains(&w.text(lower)));
                if between.is_empty() || condition {
                    return None;
                }
                side_at(first)
            })
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
