//! Game state as a fold: [`Tracker::apply`] takes one normalised post at a time, has it
//! recognised ([`crate::recognise`]: what the post says, as an [`Event`]) and applies the
//! event to the slots, the schedule, the tally and the GM review list.
//!
//! - A post whose id was already applied changes nothing.
//! - The post's time first passes every deadline at or before it (the schedule advances).
//! - GM posts carry commands (and only GM posts); each recognised command is applied by the
//!   rules of the spec or refused with a reason on the GM review list (`state/gm.rs`).
//! - Living players' posts during a day carry votes; the last counting vote or unvote of a
//!   post wins (`state/votes.rs`). Everything else worth a host's look goes to the review list.
//!
//! Votes belong to slots, not users, so a replacement carries the slot's votes both ways.

mod corrections;
mod gm;
mod hammer;
mod newcomers;
mod phases;
mod renumber;
mod votes;

mod uncounted;

use std::collections::{HashMap, HashSet};

use jiff::Timestamp;
use mafia_posts::Post;
use serde::{Deserialize, Serialize};

/// The fold's sets and maps, keyed by post ids and user names, hash with foldhash (seeded per
/// process) rather than SipHash, which took a tenth of the fold's instructions.
type FastSet<T> = HashSet<T, foldhash::fast::RandomState>;
type FastMap<K, V> = HashMap<K, V, foldhash::fast::RandomState>;

use crate::commands::Names;
use crate::config::{Game, user_key};
use crate::correction::CorrectionQueue;
use crate::phase::{NightNumbering, Phase, PhaseKind};
use crate::recognise::{self, Author, CommandCache, Event, Now};
use crate::review::{ReviewItem, ReviewKind};
use crate::schedule::{Schedule, ScheduleError};
use crate::tally::Tally;
use crate::votes::{Roster, Target};

pub use crate::status::{DayResult, DeadLine, Death, PlayerLine, Slot, Status, VoteRecord};

/// The tracker: the game file plus everything learnt from the posts so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Tracker {
    game: Game,
    numbering: NightNumbering,
    schedule: Schedule,
    seen: FastSet<String>,
    slots: Vec<Slot>,
    roster: Roster,
    /// Lower-cased current holder name → slot.
    holders: FastMap<String, usize>,
    gms: FastSet<String>,
    /// GMs (lower-cased) who have posted.
    gms_heard: FastSet<String>,
    player_names: Vec<String>,
    users: Vec<String>,
    user_keys: FastSet<String>,
    /// The GM command reader for `player_names` and `users`, built on the first GM post after
    /// either changes.
    recogniser: CommandCache,
    /// Each author as written → what they are in the game (cleared when a replacement
    /// changes it).
    authors: FastMap<String, Author>,
    votes: Vec<Option<CastVote>>,
    vote_seq: u64,
    locked: Vec<Target>,
    /// Plurality profile: when (vote order) each candidate first reached each vote count
    /// today.
    reached: FastMap<(Target, usize), u64>,
    hammer: Option<(Target, u64)>,
    /// A day ended at a hammer whose lynch no GM post has told yet (`state/hammer.rs`).
    pending_hammer: Option<PendingHammer>,
    day_posts: Vec<u32>,
    today: Vec<VoteRecord>,
    days: Vec<DayResult>,
    game_over: bool,
    fifty_flagged: bool,
    /// The game ended during a day, whose final count was kept in `days` (UNEND takes it back).
    ended_in_day: bool,
    /// Days with a lynch told (a second lynch told in the night after is the next day's).
    lynched_days: Vec<Phase>,
    /// Deaths listed in the host's reserved posts, not applied yet.
    listed: Vec<ListedDeath>,
    /// Every post applied so far was a GM's.
    gm_posts_only: bool,
    /// The GM post being applied ends the game: its deaths change no phase.
    ending: bool,
    /// The side the host named as the winner.
    winner: Option<String>,
    review: Vec<ReviewItem>,
    /// Slots open for replacement, oldest first.
    openings: Vec<Opening>,
    applied: usize,
    last_post: Option<u64>,
    last_time: Option<Timestamp>,
    /// The game file's corrections, applied after their posts (`state/corrections.rs`).
    corrections: CorrectionQueue,
    /// The day's tally just before the first death told since the last vote changed: a
    /// lynch announced before the day ends takes its wagon off the tally, but the day's
    /// result is the count that lynched (a vote after the death clears it).
    standing: Option<Tally>,
    /// Where the running phase began (`state/renumber.rs`: a misnumbered phase).
    began: PhaseStart,
    /// The number of the last GM post applied.
    last_gm_post: Option<u64>,
    /// The slots unknown posters' review items offer them (`state/newcomers.rs`): `replace`,
    /// or `alias` once the slot's own account has posted after theirs and they post on.
    slot_offers: Vec<SlotOffer>,
}

/// Where the running phase began: the post read when it began (`None`: the game's first
/// phase), and the phase the tracker left when a GM post named a phase that skipped phases
/// (the skipped ones lie between the two).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct PhaseStart {
    post: Option<u64>,
    skipped_from: Option<Phase>,
}

/// A death a host's reserved post lists ("8. Toadesstern (Lynched D1)"): the post is edited
/// during the game, so the death is applied only if no announcement of it was read by the
/// end of the phase after the one it names.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ListedDeath {
    player: String,
    comment: String,
    phase: Phase,
    lynch: bool,
    /// The reserved post that lists it.
    post: u64,
}

/// A slot an unknown poster's review items offer them (`state/newcomers.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
struct SlotOffer {
    /// The poster, by [`user_key`].
    who: String,
    /// The poster's name as written.
    name: String,
    /// The slot's holder when the offer was made: a later holder (a replacement the host
    /// announced) posting says nothing of the poster.
    holder: String,
    slot: usize,
    /// The poster's first post whose item offered the slot.
    first: u64,
    /// The review items that carry the offer, by their place in the review list.
    items: Vec<usize>,
    /// The poster's latest post whose item offered the slot.
    last: u64,
    /// The first post of the slot's own account after `first`, and the account's name.
    since: Option<(u64, String)>,
    /// The slot's account posted again after a post of the poster that came after `since`:
    /// the two accounts take turns, so the offer is `alias`, its items too.
    hydra: bool,
}

/// A day that ended at a hammer whose lynch no GM post has told yet (`state/hammer.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
struct PendingHammer {
    slot: usize,
    day: Phase,
    /// The post that reached majority.
    post: u64,
}

/// A slot open for replacement: the host asked for a replacement in post `post`, or named
/// one (`written`, as the host wrote the name) who had not posted yet.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Opening {
    slot: usize,
    post: u64,
    written: Option<String>,
    /// Users (by key) whose posts were already listed as possibly this slot's replacement.
    noted: Vec<String>,
}

/// A slot's current vote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct CastVote {
    target: Target,
    /// Order in which votes were cast (for the voter order of a wagon).
    seq: u64,
}

/// Why a tracker could not be started.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrackerError {
    #[error("cannot build the schedule: {0}")]
    Schedule(#[from] ScheduleError),
}

impl Tracker {
    /// Starts a game from its game file.
    pub fn new(game: Game) -> Result<Tracker, TrackerError> {
        let schedule = Schedule::new(&game.schedule)?;
        let numbering = Phase::numbering_for_first(game.schedule.first_phase);
        let mut roster = Roster::new();
        let mut holders = FastMap::default();
        let mut slots = Vec::new();
        for (i, p) in game.players.iter().enumerate() {
            roster.add(i, &p.name);
            for a in &p.aliases {
                roster.add(i, a);
            }
            holders.insert(user_key(&p.name), i);
            slots.push(Slot {
                name: p.name.clone(),
                replaced: Vec::new(),
                alive: true,
                death: None,
                alignment: p.alignment,
            });
        }
        let player_names: Vec<String> = game.players.iter().map(|p| p.name.clone()).collect();
        let mut tracker = Tracker {
            numbering,
            schedule,
            seen: FastSet::default(),
            votes: vec![None; slots.len()],
            day_posts: vec![0; slots.len()],
            slots,
            roster,
            holders,
            gms: game.gms.iter().map(|g| user_key(g)).collect(),
            gms_heard: FastSet::default(),
            player_names,
            users: Vec::new(),
            user_keys: FastSet::default(),
            recogniser: CommandCache::default(),
            authors: FastMap::default(),
            vote_seq: 0,
            locked: Vec::new(),
            reached: FastMap::default(),
            hammer: None,
            pending_hammer: None,
            today: Vec::new(),
            days: Vec::new(),
            game_over: false,
            fifty_flagged: false,
            ended_in_day: false,
            ending: false,
            gm_posts_only: true,
            listed: Vec::new(),
            lynched_days: Vec::new(),
            winner: None,
            review: Vec::new(),
            openings: Vec::new(),
            applied: 0,
            last_post: None,
            last_time: None,
            corrections: CorrectionQueue::new(&game.corrections),
            standing: None,
            began: PhaseStart::default(),
            last_gm_post: None,
            slot_offers: Vec::new(),
            game,
        };
        let known: Vec<String> = tracker
            .game
            .gms
            .iter()
            .chain(tracker.game.players.iter().map(|p| &p.name))
            .cloned()
            .collect();
        for u in known {
            tracker.know_user(&u);
        }
        Ok(tracker)
    }

    /// Applies posts in order.
    pub fn apply_all<'a>(&mut self, posts: impl IntoIterator<Item = &'a Post>) {
        for p in posts {
            self.apply(p);
        }
    }

    /// Applies one post. A post whose id was already applied changes nothing.
    pub fn apply(&mut self, post: &Post) {
        if !self.seen.insert(post.id.clone()) {
            return;
        }
        self.corrections_before(post.number);
        self.applied += 1;
        self.last_post = Some(post.number);
        if let Some(t) = post.time {
            self.last_time = Some(self.last_time.map_or(t, |l| l.max(t)));
        }
        let mut author = self.author(&post.author);
        if author == Author::Outsider && !self.openings.is_empty() && !self.game_over {
            author = self.newcomer_posted(post).unwrap_or(author);
        }
        if !self.game_over {
            if let Some(now) = post.time {
                let ended = self.schedule.advance(now);
                for phase in ended {
                    self.phase_ended(phase);
                }
            }
        }
        if let Author::Player(slot) = author
            && !self.slot_offers.is_empty()
        {
            self.slot_posted(slot, post);
        }
        let now = Now {
            names: Names {
                players: &self.player_names,
                users: &self.users,
            },
            rules: &self.game.rules,
            roster: &self.roster,
            slots: &self.slots,
            phase: self.schedule.current().phase,
            game_over: self.game_over,
        };
        let event = recognise::recognise(post, author, &now, &mut self.recogniser);
        let by_gm = matches!(event, Event::Gm { .. });
        self.fold(event, post);
        self.gm_posts_only &= by_gm;
        self.corrections_after(post.number);
    }

    /// Applies what a post says.
    fn fold(&mut self, event: Event, post: &Post) {
        match event {
            Event::Gm { recognition, .. } => {
                self.gms_heard.insert(user_key(&post.author));
                self.gm_post(recognition, post);
                self.last_gm_post = Some(post.number);
            }
            Event::DayPost {
                slot,
                marks,
                edited,
            } => {
                self.note_edit(edited, post);
                self.day_posts[slot] += 1;
                self.cast_marks(slot, &marks, post);
            }
            Event::NightPost {
                slot,
                flagged,
                with_votes,
                edited,
            } => {
                self.note_edit(edited, post);
                if flagged {
                    let name = self.slots[slot].name.clone();
                    let phase = self.phase();
                    let extra = if with_votes {
                        " (its votes do not count at night)"
                    } else {
                        ""
                    };
                    self.note(
                        ReviewKind::NightPost,
                        Some(post.number),
                        Some(name.clone()),
                        format!("{name} posted during {phase}{extra}"),
                    );
                }
            }
            Event::DeadPlayerPost { slot, edited } => {
                let name = self.slots[slot].name.clone();
                self.note(
                    ReviewKind::DeadPlayerPosted,
                    Some(post.number),
                    Some(name.clone()),
                    format!("{name} is dead and posted"),
                );
                self.note_edit(edited, post);
            }
            Event::OutsiderPost { former: false } if !self.openings.is_empty() => {
                self.maybe_a_replacement(post);
            }
            Event::OutsiderPost { former } => {
                let message = if former {
                    format!("{} was replaced out and posted", post.author)
                } else {
                    format!("{} is not in the game and posted", post.author)
                };
                self.note(
                    ReviewKind::NonPlayerPosted,
                    Some(post.number),
                    Some(post.author.clone()),
                    message,
                );
                if !former {
                    self.suggest_slot(post);
                }
            }
            Event::AfterTheEnd => {}
        }
    }

    /// What a post's author is in the game (remembered per spelling; a new author becomes a
    /// known user).
    fn author(&mut self, name: &str) -> Author {
        if let Some(author) = self.authors.get(name) {
            return *author;
        }
        self.know_user(name);
        let author = recognise::author_of(name, &self.gms, &self.holders);
        self.authors.insert(name.to_owned(), author);
        author
    }

    fn know_user(&mut self, name: &str) {
        let name = name.trim();
        if self.user_keys.insert(user_key(name)) {
            self.users.push(name.to_string());
            self.recogniser.clear();
        }
    }

    /// The running phase.
    pub fn phase(&self) -> Phase {
        self.schedule.current().phase
    }

    /// Whether `name` is one of the game's GMs (the rule of [`Game::is_gm`]).
    pub fn is_gm(&self, name: &str) -> bool {
        self.gms.contains(&user_key(name))
    }

    /// Whether applying `post` may end the running phase, so that today's vote log
    /// ([`Status::votes`]) is cleared: a GM's post (a command), or a post at or past the
    /// current deadline. A caller that keeps the whole vote history reads the log before
    /// applying such a post.
    pub fn may_end_phase(&self, post: &Post) -> bool {
        let past_deadline = post.time.is_some_and(|t| self.schedule.is_past_deadline(t));
        past_deadline || self.is_gm(&post.author)
    }

    fn note(&mut self, kind: ReviewKind, post: Option<u64>, who: Option<String>, message: String) {
        let phase = self.phase();
        self.review.push(ReviewItem {
            kind,
            post,
            who,
            phase,
            message,
            fix: None,
        });
    }

    /// A review item that carries the record that would fix it.
    fn note_fixed(
        &mut self,
        kind: ReviewKind,
        post: Option<u64>,
        who: Option<String>,
        message: String,
        record: &crate::correction::Correction,
    ) {
        self.note(kind, post, who, message);
        if let Some(item) = self.review.last_mut() {
            item.fix = Some(record.to_toml());
        }
    }

    fn note_edit(&mut self, edited: bool, post: &Post) {
        if edited {
            self.note(
                ReviewKind::EditedPost,
                Some(post.number),
                Some(post.author.clone()),
                format!("{} edited post {}", post.author, post.number),
            );
        }
    }

    // --- phases ------------------------------------------------------------------------

    /// Bookkeeping when a phase ends: a day's activity check, its result, and a clean tally.
    fn phase_ended(&mut self, phase: Phase) {
        self.began = PhaseStart {
            post: self.last_post,
            skipped_from: None,
        };
        if phase.is_day() {
            self.day_ended_at_hammer(phase);
            let tally = self.standing.take().unwrap_or_else(|| self.tally_now());
            let hammer = self.hammer.as_ref().map(|(t, p)| (self.target_name(t), *p));
            self.days.push(DayResult {
                phase,
                tally,
                hammer,
                votes: std::mem::take(&mut self.today),
            });
            let min = self.game.rules.activity_min_posts;
            if min > 0 {
                for i in 0..self.slots.len() {
                    if self.slots[i].alive && self.day_posts[i] < min {
                        let name = self.slots[i].name.clone();
                        let n = self.day_posts[i];
                        self.review.push(ReviewItem {
                            kind: ReviewKind::Inactive,
                            post: None,
                            who: Some(name.clone()),
                            phase,
                            message: format!(
                                "{name} made {n} post{} in {phase} (minimum {min})",
                                if n == 1 { "" } else { "s" }
                            ),
                            fix: None,
                        });
                    }
                }
            }
        }
        if !self.listed.is_empty() {
            self.listed_deaths_due(phase);
        }
        self.clear_votes();
        self.standing = None;
        self.day_posts.iter_mut().for_each(|n| *n = 0);
        self.reached.clear();
        self.hammer = None;
        self.today.clear();
    }

    /// Every vote withdrawn and no wagon locked (a new phase, or the host's vote reset).
    fn clear_votes(&mut self) {
        self.votes.iter_mut().for_each(|v| *v = None);
        self.locked.clear();
    }

    /// Runs a schedule change and does the bookkeeping for the phase it ended, if any.
    fn end_phase_early(&mut self, now: Timestamp) {
        let before = self.phase();
        self.schedule.end_early(now);
        if self.phase() != before {
            self.phase_ended(before);
        }
        for phase in self.schedule.advance(now) {
            self.phase_ended(phase);
        }
    }

    fn order(&self, phase: Phase) -> u64 {
        let n = u64::from(phase.number) * 2;
        match (phase.kind, self.numbering) {
            (PhaseKind::Day, NightNumbering::NightFollowsDay) => n,
            (PhaseKind::Night, NightNumbering::NightFollowsDay) => n + 1,
            (PhaseKind::Night, NightNumbering::NightPrecedesDay) => n,
            (PhaseKind::Day, NightNumbering::NightPrecedesDay) => n + 1,
        }
    }

    // --- reading the state -------------------------------------------------------------

    /// The days that have ended, each with its final tally and vote log, in order.
    pub fn days(&self) -> &[DayResult] {
        &self.days
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn slots(&self) -> &[Slot] {
        &self.slots
    }

    pub fn review(&self) -> &[ReviewItem] {
        &self.review
    }

    pub fn schedule(&self) -> &Schedule {
        &self.schedule
    }

    /// GMs of the game file who have not posted (often a misspelt name in `gms`).
    pub fn silent_gms(&self) -> Vec<String> {
        self.game
            .gms
            .iter()
            .filter(|g| !self.gms_heard.contains(&user_key(g)))
            .cloned()
            .collect()
    }

    pub fn is_over(&self) -> bool {
        self.game_over
    }

    /// The state as a status page shows it.
    pub fn status(&self) -> Status {
        let current = self.schedule.current().clone();
        let day = current.phase.is_day() && !self.game_over;
        Status {
            game: self.game.name.clone(),
            posts_applied: self.applied,
            last_post: self.last_post,
            phase: current.phase,
            deadline: current.clone(),
            upcoming: if self.game_over {
                Vec::new()
            } else {
                self.schedule.upcoming(3)
            },
            game_over: self.game_over,
            winner: self.winner.clone(),
            alive: self
                .slots
                .iter()
                .filter(|s| s.alive)
                .map(|s| PlayerLine {
                    name: s.name.clone(),
                    replaced: s.replaced.clone(),
                })
                .collect(),
            dead: self
                .slots
                .iter()
                .filter_map(|s| {
                    s.death.as_ref().map(|d| DeadLine {
                        name: s.name.clone(),
                        replaced: s.replaced.clone(),
                        comment: d.comment.clone(),
                        phase: d.phase,
                        post: d.post,
                        lynch: d.lynch,
                    })
                })
                .collect(),
            tally: day.then(|| self.tally_now()),
            majority_profile: self.game.rules.majority,
            hammer: self.hammer.as_ref().map(|(t, p)| (self.target_name(t), *p)),
            votes: self.today.clone(),
            previous_days: self.days.clone(),
            review: self.review_with_pending(),
        }
    }
}
