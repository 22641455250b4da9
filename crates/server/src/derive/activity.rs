//! The activity page's counts, read during the replay: posts and words per phase and slot (a
//! slot replaced mid-phase is one row, its players in order, held to the posting minimum
//! once; its players' posts of that phase count for it, also those made before the
//! replacement or after it), and per author for everyone else (the GM, spectators).

use mafia_posts::Post;
use mafia_tracker::Tracker;
use mafia_tracker::phase::Phase;
use serde::{Deserialize, Serialize};

/// Posts and words of one slot (or one author without a slot) in one phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activity {
    pub phase: Phase,
    /// The row's name: its players joined by " → " ("Old → New").
    pub author: String,
    /// The players of the row: a slot's holders during the phase, oldest first; or the one
    /// author.
    #[serde(default)]
    pub players: Vec<String>,
    pub posts: u32,
    pub words: u32,
    /// A slot's row: the slot was alive after one of the phase's posts, so it is held to the
    /// posting minimum (an author without a slot, a spectator who replaces in later, is not).
    #[serde(default)]
    pub in_game: bool,
}

impl Activity {
    fn new(phase: Phase, players: Vec<String>) -> Activity {
        Activity {
            phase,
            author: players.join(" → "),
            players,
            posts: 0,
            words: 0,
            in_game: false,
        }
    }

    fn count(&mut self, posts: u32, words: u32) {
        self.posts += posts;
        self.words = self.words.saturating_add(words);
    }
}

/// What the running phase has seen of one slot.
#[derive(Default)]
struct SlotSeen {
    /// Its holders while it was alive or when they posted, oldest first.
    holders: Vec<String>,
    /// It was alive after one of the phase's posts.
    alive: bool,
    /// Its row in the log, once one of its holders posted.
    row: Option<usize>,
}

/// The rows, phase by phase: a phase's rows are its posters in the order of their first
/// post, then its living slots that made no post.
#[derive(Default)]
pub(super) struct ActivityLog {
    rows: Vec<Activity>,
    phase: Option<Phase>,
    /// Per slot (by its index in the tracker's slots), in the running phase.
    slots: Vec<SlotSeen>,
    /// The running phase's rows of authors without a slot: (author, row).
    others: Vec<(String, usize)>,
}

impl ActivityLog {
    /// Counts `post`, just applied to `tracker`, made in `phase`.
    pub(super) fn add(&mut self, tracker: &Tracker, phase: Phase, post: &Post) {
        if self.phase != Some(phase) {
            self.close();
            self.phase = Some(phase);
        }
        let words = post
            .body
            .lines
            .iter()
            .map(|l| l.text.split_whitespace().count())
            .sum::<usize>();
        let words = u32::try_from(words).unwrap_or(u32::MAX);
        let slots = tracker.slots();
        if self.slots.len() < slots.len() {
            self.slots.resize_with(slots.len(), SlotSeen::default);
        }
        for (slot, seen) in slots.iter().zip(&mut self.slots) {
            if slot.alive {
                seen.alive = true;
                note_holder(&mut seen.holders, &slot.name);
            }
        }
        let author = &post.author;
        let row = match slots
            .iter()
            .position(|s| s.name.eq_ignore_ascii_case(author))
        {
            Some(i) => {
                let seen = &mut self.slots[i];
                note_holder(&mut seen.holders, &slots[i].name);
                *seen.row.get_or_insert_with(|| {
                    self.rows.push(Activity::new(phase, vec![author.clone()]));
                    self.rows.len() - 1
                })
            }
            None => match self.others.iter().find(|(a, _)| a == author) {
                Some(&(_, row)) => row,
                None => {
                    self.rows.push(Activity::new(phase, vec![author.clone()]));
                    self.others.push((author.clone(), self.rows.len() - 1));
                    self.rows.len() - 1
                }
            },
        };
        self.rows[row].count(1, words);
    }

    /// The rows of every phase.
    pub(super) fn finish(mut self) -> Vec<Activity> {
        self.close();
        self.rows
    }

    /// Ends the running phase: each slot's row names its holders and takes in their posts
    /// made while they did not hold it (an incoming player's before the replacement, an
    /// outgoing one's after it); each slot alive in the phase that made no post gets a row
    /// of none.
    fn close(&mut self) {
        let Some(phase) = self.phase else {
            return;
        };
        let mut merged = vec![false; self.rows.len()];
        for seen in self.slots.drain(..) {
            let theirs: Vec<usize> = self
                .others
                .iter()
                .filter(|(a, _)| seen.holders.iter().any(|h| h.eq_ignore_ascii_case(a)))
                .map(|&(_, row)| row)
                .collect();
            let row = match seen.row.or(theirs.first().copied()) {
                Some(row) => row,
                None if seen.alive => {
                    self.rows.push(Activity::new(phase, Vec::new()));
                    self.rows.len() - 1
                }
                None => continue,
            };
            for other in theirs.into_iter().filter(|&r| r != row) {
                let (posts, words) = (self.rows[other].posts, self.rows[other].words);
                self.rows[row].count(posts, words);
                merged[other] = true;
            }
            let row = &mut self.rows[row];
            row.author = seen.holders.join(" → ");
            row.players = seen.holders;
            row.in_game = seen.alive;
        }
        if merged.contains(&true) {
            let mut i = 0;
            self.rows.retain(|_| {
                i += 1;
                !merged.get(i - 1).copied().unwrap_or(false)
            });
        }
        self.others.clear();
    }
}

/// Adds `name` to a slot's holders unless it is there already.
fn note_holder(holders: &mut Vec<String>, name: &str) {
    if !holders.iter().any(|h| h.eq_ignore_ascii_case(name)) {
        holders.push(name.to_owned());
    }
}
