//! Recognising what a post says, before anything is applied: a pure function from a post and
//! the game as it stands ([`Now`]: who is a GM or holds a slot, the names commands and votes
//! may use, the rules, the running phase) to one [`Event`], which the fold
//! ([`crate::state`]) then applies to the slots, the schedule, the tally and the review list.
//!
//! The words are read by [`crate::commands`] (GM commands) and [`crate::votes`] (votes), whose
//! phrasings and syntaxes are tables in [`crate::vocabulary`].

use std::collections::{HashMap, HashSet};

use mafia_posts::Post;

use crate::commands::{Dialect, Names, Recogniser, Recognition};
use crate::config::{Rules, user_key};
use crate::phase::Phase;
use crate::status::Slot;
use crate::votes::{self, Roster, VoteMark};

/// What a post's author is in the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Author {
    Gm,
    /// The holder of a slot (alive or dead).
    Player(usize),
    /// Someone else: a former holder, a spectator.
    Outsider,
}

/// What an author is in the game: a GM, a slot holder or someone else. `gms` and `holders`
/// are keyed by [`user_key`].
pub fn author_of(name: &str, gms: &HashSet<String>, holders: &HashMap<String, usize>) -> Author {
    let key = user_key(name);
    if gms.contains(&key) {
        Author::Gm
    } else {
        holders
            .get(&key)
            .map_or(Author::Outsider, |slot| Author::Player(*slot))
    }
}

/// The game as it stands when a post is read: everything recognition depends on.
#[derive(Debug, Clone, Copy)]
pub struct Now<'a> {
    /// The names GM commands may use.
    pub names: Names<'a>,
    pub rules: &'a Rules,
    /// The names votes are matched against.
    pub roster: &'a Roster,
    /// The slots: who holds them, who held them before, who is alive.
    pub slots: &'a [Slot],
    /// The running phase (after the post's time passed any deadline).
    pub phase: Phase,
    pub game_over: bool,
}

/// What one post says, as the fold applies it. `edited`: the post was edited (the host may
/// want to look).
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// A GM's post: its commands, and the lines that look like commands but could not be read.
    Gm {
        recognition: Recognition,
        edited: bool,
    },
    /// A living player's post during a day: it counts for activity, and its vote-like marks
    /// (possibly none) are cast or refused.
    DayPost {
        slot: usize,
        marks: Vec<VoteMark>,
        edited: bool,
    },
    /// A living player's post during a night. `flagged`: the host should look at it (the
    /// game has no night talk, or the post has votes); `with_votes`: it has vote-like marks,
    /// which do not count at night.
    NightPost {
        slot: usize,
        flagged: bool,
        with_votes: bool,
        edited: bool,
    },
    /// A post by the holder of a slot who is dead.
    DeadPlayerPost { slot: usize, edited: bool },
    /// A post by someone not in the game; `former`: they were replaced out of a slot.
    OutsiderPost { former: bool },
    /// A post by anyone but a GM after the game ended: nothing to apply.
    AfterTheEnd,
}

/// Reads one post. `commands` keeps the GM command reader for `now.names` (built only when a
/// GM post needs it).
pub fn recognise(post: &Post, author: Author, now: &Now<'_>, commands: &mut CommandCache) -> Event {
    let edited = post.edited.is_some();
    if author == Author::Gm {
        let reader = commands.get(now.names, now.rules.dialect);
        return Event::Gm {
            recognition: reader.recognise(&post.body),
            edited,
        };
    }
    if now.game_over {
        return Event::AfterTheEnd;
    }
    match author {
        Author::Gm => Event::AfterTheEnd,
        Author::Player(slot) if now.slots[slot].alive => {
            let marks = votes::recognise(&post.body, &now.rules.votes, now.roster);
            if now.phase.is_day() {
                Event::DayPost {
                    slot,
                    marks,
                    edited,
                }
            } else {
                let with_votes = !marks.is_empty();
                Event::NightPost {
                    slot,
                    flagged: with_votes || !now.rules.night_talk,
                    with_votes,
                    edited,
                }
            }
        }
        Author::Player(slot) => Event::DeadPlayerPost { slot, edited },
        Author::Outsider => {
            let key = user_key(&post.author);
            let former = now
                .slots
                .iter()
                .any(|s| s.replaced.iter().any(|r| r.to_lowercase() == key));
            Event::OutsiderPost { former }
        }
    }
}

/// The GM command reader for the current names, kept between GM posts and built again on
/// the first GM post after the names change (a replacement, a new user): the recogniser
/// prepares its names once, not per post. It is derived from the names, so it never makes
/// two trackers differ.
#[derive(Debug, Clone, Default)]
pub struct CommandCache(Option<Recogniser>);

impl CommandCache {
    /// The names changed: the next GM post builds a new reader.
    pub fn clear(&mut self) {
        self.0 = None;
    }

    /// The reader for `names` (built now if the names changed since the last call).
    pub fn get(&mut self, names: Names<'_>, dialect: Dialect) -> &Recogniser {
        self.0
            .get_or_insert_with(|| Recogniser::new(names, dialect))
    }
}

impl PartialEq for CommandCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
