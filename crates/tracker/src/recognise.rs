//! Recognising what a post says, before anything is applied: a pure function from a post and
//! the game as it stands ([`Now`]: who is a GM or holds a slot, the names commands and votes
//! may use, the rules, the running phase) to one [`Event`], which the fold
//! ([`crate::state`]) then applies to the slots, the schedule, the tally and the review list.
//!
//! The words are read by [`crate::commands`] (GM commands) and [`crate::votes`] (votes), whose
//! phrasings and syntaxes are tables in [`crate::vocabulary`].

use std::collections::{HashMap, HashSet};
use std::hash::BuildHasher;

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
pub fn author_of<S: BuildHasher>(
    name: &str,
    gms: &HashSet<String, S>,
    holders: &HashMap<String, usize, S>,
) -> Author {
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
    let slot = match author {
        Author::Gm => {
            let reader = commands.get(now.names, now.rules.dialect);
            return Event::Gm {
                recognition: reader.recognise(&post.body),
                edited,
            };
        }
        _ if now.game_over => return Event::AfterTheEnd,
        Author::Outsider => {
            let key = user_key(&post.author);
            let former = now
                .slots
                .iter()
                .any(|s| s.replaced.iter().any(|r| user_key(r) == key));
            return Event::OutsiderPost { former };
        }
        Author::Player(slot) => slot,
    };
    if !now.slots[slot].alive {
        return Event::DeadPlayerPost { slot, edited };
    }
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

#[cfg(test)]
mod tests {
    use mafia_posts::{Body, Line};

    use super::*;
    use crate::phase::PhaseKind;
    use crate::votes::{Target, Verdict};

    fn post(author: &str, text: &str) -> Post {
        Post {
            id: "1".into(),
            number: 1,
            author: author.into(),
            time: None,
            edited: None,
            body: Body {
                lines: vec![Line::plain(text)],
            },
        }
    }

    fn slot(name: &str, alive: bool, replaced: &[&str]) -> Slot {
        Slot {
            name: name.into(),
            replaced: replaced.iter().map(|r| r.to_string()).collect(),
            alive,
            death: None,
            alignment: None,
        }
    }

    /// Reads `text` by `author` in `phase` of a game of Alice (alive, replaced Zed) and Bob
    /// (dead), with Mod as GM.
    fn read(author: &str, text: &str, kind: PhaseKind, night_talk: bool) -> Event {
        let players = ["Alice".to_string(), "Bob".to_string()];
        let users = [players[0].clone(), players[1].clone(), "Mod".to_string()];
        let slots = [slot("Alice", true, &["Zed"]), slot("Bob", false, &[])];
        let mut roster = Roster::new();
        roster.add(0, "Alice");
        roster.add(1, "Bob");
        let rules = Rules {
            night_talk,
            ..Rules::default()
        };
        let gms: HashSet<String> = [user_key("Mod")].into();
        let holders: HashMap<String, usize> = [(user_key("Alice"), 0), (user_key("Bob"), 1)].into();
        let now = Now {
            names: Names {
                players: &players,
                users: &users,
            },
            rules: &rules,
            roster: &roster,
            slots: &slots,
            phase: Phase { kind, number: 1 },
            game_over: false,
        };
        let who = author_of(author, &gms, &holders);
        recognise(&post(author, text), who, &now, &mut CommandCache::default())
    }

    #[test]
    fn authors_are_compared_by_their_key() {
        let gms: HashSet<String> = [user_key("Mod")].into();
        let holders: HashMap<String, usize> = [(user_key("Alice"), 0)].into();
        assert_eq!(author_of(" mod ", &gms, &holders), Author::Gm);
        assert_eq!(author_of("ALICE", &gms, &holders), Author::Player(0));
        assert_eq!(author_of("Carol", &gms, &holders), Author::Outsider);
    }

    #[test]
    fn posts_become_the_events_the_fold_applies() {
        let day = read("Alice", "##VOTE Bob", PhaseKind::Day, false);
        let Event::DayPost { slot: 0, marks, .. } = day else {
            panic!("{day:?}")
        };
        assert_eq!(
            marks[0].verdict,
            Verdict::Vote {
                target: Target::Slot(1)
            }
        );
        assert!(matches!(
            read("Alice", "##VOTE Bob", PhaseKind::Night, true),
            Event::NightPost {
                flagged: true,
                with_votes: true,
                ..
            }
        ));
        assert!(matches!(
            read("Alice", "good night", PhaseKind::Night, true),
            Event::NightPost { flagged: false, .. }
        ));
        assert!(matches!(
            read("Bob", "hi", PhaseKind::Day, false),
            Event::DeadPlayerPost { slot: 1, .. }
        ));
        assert_eq!(
            read("zed", "hi", PhaseKind::Day, false),
            Event::OutsiderPost { former: true }
        );
        let gm = read("Mod", "Bob has died.", PhaseKind::Day, false);
        let Event::Gm { recognition, .. } = gm else {
            panic!("{gm:?}")
        };
        assert_eq!(recognition.commands.len(), 1, "{recognition:?}");
    }
}
