//! Game state as a fold over posts: [`Tracker::apply`] takes one normalised post at a time.
//!
//! - A post whose id was already applied changes nothing.
//! - The post's time first passes every deadline at or before it (the schedule advances).
//! - GM posts are read for commands (and only GM posts); each recognised command is applied
//!   by the rules of the spec or refused with a reason on the GM review list.
//! - Living players' posts during a day are read for votes; the last counting vote or unvote
//!   of a post wins. Everything else worth a host's look goes to the review list.
//!
//! Votes belong to slots, not users, so a replacement carries the slot's votes both ways.

use std::collections::{HashMap, HashSet};

use jiff::Timestamp;
use mafia_posts::Post;
use serde::{Deserialize, Serialize};

use crate::commands::{Command, Names, Recognised, Recogniser};
use crate::config::{Alignment, Game, MajorityProfile, user_key};
use crate::phase::{NightNumbering, Phase, PhaseKind};
use crate::review::{ReviewItem, ReviewKind};
use crate::schedule::{Deadline, Schedule, ScheduleError};
use crate::tally::{self, Tally, Wagon};
use crate::votes::{self, Roster, Target, Verdict};

/// One player slot: whoever holds it now, and who held it before.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    pub name: String,
    /// Earlier holders, oldest first (replaced out).
    pub replaced: Vec<String>,
    pub alive: bool,
    pub death: Option<Death>,
    pub alignment: Option<Alignment>,
}

/// A death as the GM announced it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Death {
    pub comment: String,
    pub phase: Phase,
    pub post: u64,
}

/// A slot's current vote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct CastVote {
    target: Target,
    /// Order in which votes were cast (for the voter order of a wagon).
    seq: u64,
}

/// One vote-like mark of the current day, as the GM sees it in the vote log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoteRecord {
    pub post: u64,
    pub voter: String,
    pub raw: String,
    pub verdict: Verdict,
    /// Whether this mark is the one that set the voter's vote (the last counting mark of
    /// its post, and not refused).
    pub counted: bool,
}

/// How a day ended, kept for the status page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayResult {
    pub phase: Phase,
    pub tally: Tally,
    /// The candidate who reached majority under the hammer profile, and the post.
    pub hammer: Option<(String, u64)>,
    /// The day's vote log: every vote-like mark with its raw text, post and verdict.
    #[serde(default)]
    pub votes: Vec<VoteRecord>,
}

/// The tracker: the game file plus everything learnt from the posts so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Tracker {
    game: Game,
    numbering: NightNumbering,
    schedule: Schedule,
    seen: HashSet<String>,
    slots: Vec<Slot>,
    roster: Roster,
    /// Lower-cased current holder name → slot.
    holders: HashMap<String, usize>,
    gms: HashSet<String>,
    /// GMs (lower-cased) who have posted.
    gms_heard: HashSet<String>,
    player_names: Vec<String>,
    users: Vec<String>,
    user_keys: HashSet<String>,
    /// The GM command reader for `player_names` and `users`, built on the first GM post after
    /// either changes.
    recogniser: RecogniserCache,
    /// Each author as written → their role (cleared when a replacement changes the roles).
    authors: HashMap<String, Role>,
    votes: Vec<Option<CastVote>>,
    vote_seq: u64,
    locked: Vec<Target>,
    /// Plurality profile: when (vote order) each candidate first reached each vote count
    /// today.
    reached: HashMap<(Target, usize), u64>,
    hammer: Option<(Target, u64)>,
    day_posts: Vec<u32>,
    today: Vec<VoteRecord>,
    days: Vec<DayResult>,
    game_over: bool,
    fifty_flagged: bool,
    /// The game ended during a day, whose final count was kept in `days` (UNEND takes it back).
    ended_in_day: bool,
    review: Vec<ReviewItem>,
    applied: usize,
    last_post: Option<u64>,
    last_time: Option<Timestamp>,
}

/// A [`Recogniser`] kept between GM posts (`None` when the names changed since). It is derived
/// from the tracker's names, so it never makes two trackers differ.
#[derive(Debug, Clone, Default)]
struct RecogniserCache(Option<Recogniser>);

impl PartialEq for RecogniserCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// What a post's author is in the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Gm,
    Player(usize),
    Outsider,
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
        let mut holders = HashMap::new();
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
            seen: HashSet::new(),
            votes: vec![None; slots.len()],
            day_posts: vec![0; slots.len()],
            slots,
            roster,
            holders,
            gms: game.gms.iter().map(|g| user_key(g)).collect(),
            gms_heard: HashSet::new(),
            player_names,
            users: Vec::new(),
            user_keys: HashSet::new(),
            recogniser: RecogniserCache::default(),
            authors: HashMap::new(),
            vote_seq: 0,
            locked: Vec::new(),
            reached: HashMap::new(),
            hammer: None,
            today: Vec::new(),
            days: Vec::new(),
            game_over: false,
            fifty_flagged: false,
            ended_in_day: false,
            review: Vec::new(),
            applied: 0,
            last_post: None,
            last_time: None,
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
        self.applied += 1;
        self.last_post = Some(post.number);
        if let Some(t) = post.time {
            self.last_time = Some(self.last_time.map_or(t, |l| l.max(t)));
        }
        let role = match self.authors.get(post.author.as_str()) {
            Some(role) => *role,
            None => {
                self.know_user(&post.author);
                let role = self.role_of(&post.author);
                self.authors.insert(post.author.clone(), role);
                role
            }
        };
        if !self.game_over {
            if let Some(now) = post.time {
                let ended = self.schedule.advance(now);
                for phase in ended {
                    self.phase_ended(phase);
                }
            }
        }
        if role == Role::Gm {
            self.gms_heard.insert(user_key(&post.author));
            self.gm_post(post);
            return;
        }
        if self.game_over {
            return;
        }
        match role {
            Role::Gm => {}
            Role::Player(slot) if self.slots[slot].alive => self.player_post(slot, post),
            Role::Player(slot) => {
                let name = self.slots[slot].name.clone();
                self.note(
                    ReviewKind::DeadPlayerPosted,
                    Some(post.number),
                    Some(name.clone()),
                    format!("{name} is dead and posted"),
                );
                self.note_edit(post);
            }
            Role::Outsider => {
                let author_key = user_key(&post.author);
                let former = self
                    .slots
                    .iter()
                    .any(|s| s.replaced.iter().any(|r| r.to_lowercase() == author_key));
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
            }
        }
    }

    /// What an author is in the game now: a GM, a slot holder or someone else.
    fn role_of(&self, author: &str) -> Role {
        let key = user_key(author);
        if self.gms.contains(&key) {
            Role::Gm
        } else {
            self.holders
                .get(&key)
                .map_or(Role::Outsider, |slot| Role::Player(*slot))
        }
    }

    fn know_user(&mut self, name: &str) {
        let name = name.trim();
        if self.user_keys.insert(name.to_lowercase()) {
            self.users.push(name.to_string());
            self.recogniser.0 = None;
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
        });
    }

    fn note_edit(&mut self, post: &Post) {
        if post.edited.is_some() {
            self.note(
                ReviewKind::EditedPost,
                Some(post.number),
                Some(post.author.clone()),
                format!("{} edited post {}", post.author, post.number),
            );
        }
    }

    // --- players -----------------------------------------------------------------------

    fn player_post(&mut self, slot: usize, post: &Post) {
        self.note_edit(post);
        let phase = self.phase();
        let marks = votes::recognise(&post.body, &self.game.rules.votes, &self.roster);
        if !phase.is_day() {
            if self.game.rules.night_talk && marks.is_empty() {
                return;
            }
            let name = self.slots[slot].name.clone();
            let extra = if marks.is_empty() {
                ""
            } else {
                " (its votes do not count at night)"
            };
            self.note(
                ReviewKind::NightPost,
                Some(post.number),
                Some(name.clone()),
                format!("{name} posted during {phase}{extra}"),
            );
            return;
        }
        self.day_posts[slot] += 1;
        if marks.is_empty() {
            return;
        }
        let name = self.slots[slot].name.clone();
        let last_counting = marks.iter().rposition(|m| m.verdict.counts());
        for (i, mark) in marks.iter().enumerate() {
            match &mark.verdict {
                Verdict::NearMiss { target, written } => {
                    let meant = self.target_name(target);
                    self.note(
                        ReviewKind::NearMissVote,
                        Some(post.number),
                        Some(name.clone()),
                        format!(
                            "{name} voted `{written}`, counted as {meant}: `{}`",
                            mark.raw
                        ),
                    );
                }
                Verdict::Ambiguous {
                    written,
                    candidates,
                } => {
                    let list: Vec<&str> = candidates
                        .iter()
                        .filter_map(|c| self.slots.get(*c).map(|s| s.name.as_str()))
                        .collect();
                    self.note(
                        ReviewKind::RejectedVote,
                        Some(post.number),
                        Some(name.clone()),
                        format!(
                            "{name}'s vote `{written}` could mean {}; not counted: `{}`",
                            list.join(" or "),
                            mark.raw
                        ),
                    );
                }
                Verdict::Unknown { written } => self.note(
                    ReviewKind::RejectedVote,
                    Some(post.number),
                    Some(name.clone()),
                    format!(
                        "{name}'s vote `{written}` names no player; not counted: `{}`",
                        mark.raw
                    ),
                ),
                Verdict::NotCounted { reason } => self.note(
                    ReviewKind::VoteNotCounted,
                    Some(post.number),
                    Some(name.clone()),
                    format!("{name}: `{}` does not count: {reason}", mark.raw),
                ),
                Verdict::Vote { .. } | Verdict::Unvote => {}
            }
            let mut counted = false;
            if Some(i) == last_counting {
                counted = self.cast(slot, &mark.verdict, post);
            }
            self.today.push(VoteRecord {
                post: post.number,
                voter: name.clone(),
                raw: mark.raw.clone(),
                verdict: mark.verdict.clone(),
                counted,
            });
        }
    }

    /// Sets a slot's vote from a counting verdict; returns whether it changed the vote.
    fn cast(&mut self, slot: usize, verdict: &Verdict, post: &Post) -> bool {
        let name = self.slots[slot].name.clone();
        let refuse = |t: &mut Tracker, why: String| {
            t.note(
                ReviewKind::VoteRefused,
                Some(post.number),
                Some(name.clone()),
                why,
            );
            false
        };
        if let Some((target, at)) = &self.hammer {
            let who = self.target_name(target);
            return refuse(
                self,
                format!("{name} voted after the day was hammered ({who}, post {at}); not counted"),
            );
        }
        let new_target = match verdict {
            Verdict::Vote { target } | Verdict::NearMiss { target, .. } => Some(target.clone()),
            _ => None,
        };
        if let Some(current) = &self.votes[slot] {
            if self.locked.contains(&current.target) && Some(&current.target) != new_target.as_ref()
            {
                let who = self.target_name(&current.target);
                return refuse(
                    self,
                    format!("{name}'s vote on {who} is locked and cannot change"),
                );
            }
        }
        match new_target {
            None => {
                self.votes[slot] = None;
                true
            }
            Some(target) => {
                if let Target::Slot(t) = target {
                    if !self.slots[t].alive {
                        let who = self.slots[t].name.clone();
                        return refuse(self, format!("{name} voted for {who}, who is dead"));
                    }
                }
                if self.votes[slot].as_ref().map(|v| &v.target) == Some(&target) {
                    return true;
                }
                self.vote_seq += 1;
                self.votes[slot] = Some(CastVote {
                    target: target.clone(),
                    seq: self.vote_seq,
                });
                self.after_vote(&target, post);
                true
            }
        }
    }

    fn after_vote(&mut self, target: &Target, post: &Post) {
        let count = self
            .votes
            .iter()
            .flatten()
            .filter(|v| &v.target == target)
            .count();
        let living = self.living();
        match self.game.rules.majority {
            MajorityProfile::Lock => {
                if count >= tally::lock_at(living) && !self.locked.contains(target) {
                    self.locked.push(target.clone());
                }
            }
            MajorityProfile::Hammer => {
                if count >= tally::majority(living) {
                    self.hammer = Some((target.clone(), post.number));
                    if let Some(now) = post.time {
                        self.end_phase_early(now);
                    }
                }
            }
            MajorityProfile::Plurality => {
                self.reached
                    .entry((target.clone(), count))
                    .or_insert(self.vote_seq);
            }
            MajorityProfile::None => {}
        }
    }

    fn living(&self) -> usize {
        self.slots.iter().filter(|s| s.alive).count()
    }

    /// The name a vote target shows: the slot's current holder, or `No Lynch`.
    pub fn target_name(&self, target: &Target) -> String {
        match target {
            Target::Slot(s) => self
                .slots
                .get(*s)
                .map_or_else(|| "?".to_string(), |s| s.name.clone()),
            Target::NoLynch => "No Lynch".to_string(),
        }
    }

    // --- phases ------------------------------------------------------------------------

    /// Bookkeeping when a phase ends: a day's activity check, its result, and a clean tally.
    fn phase_ended(&mut self, phase: Phase) {
        if phase.is_day() {
            let tally = self.tally_now();
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
                        });
                    }
                }
            }
        }
        self.votes.iter_mut().for_each(|v| *v = None);
        self.day_posts.iter_mut().for_each(|n| *n = 0);
        self.locked.clear();
        self.reached.clear();
        self.hammer = None;
        self.today.clear();
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

    // --- GM commands -------------------------------------------------------------------

    fn gm_post(&mut self, post: &Post) {
        let recogniser = self.recogniser.0.get_or_insert_with(|| {
            Recogniser::new(
                Names {
                    players: &self.player_names,
                    users: &self.users,
                },
                self.game.rules.dialect,
            )
        });
        let recognition = recogniser.recognise(&post.body);
        // Hosts keep the opening post up to date all game long ("Game has ended. Mafia
        // victory!", struck-out names), so what it says now is not what it said when posted.
        if self.applied == 1 && post.number <= 1 {
            for command in recognition.commands {
                if !matches!(command.command, Command::Announce { .. }) {
                    self.note(
                        ReviewKind::IgnoredCommand,
                        Some(post.number),
                        Some(post.author.clone()),
                        format!(
                            "`{}` ignored: the opening post is edited during the game, so its \
                             commands are not applied",
                            command.raw
                        ),
                    );
                }
            }
            return;
        }
        for problem in recognition.problems {
            self.note(
                ReviewKind::UnreadableCommand,
                Some(post.number),
                Some(post.author.clone()),
                format!("`{}`: {}", problem.raw, problem.reason),
            );
        }
        // The post that ends the game usually announces its last deaths too ("End Game",
        // then "Bob the VT has been lynched!"): the game ends after the whole post is read.
        let mut ends = false;
        for command in recognition.commands {
            ends |= command.command == Command::EndGame && !self.game_over;
            if let Err(reason) = self.command(&command, post) {
                self.note(
                    ReviewKind::IgnoredCommand,
                    Some(post.number),
                    Some(post.author.clone()),
                    format!("`{}` ignored: {reason}", command.raw),
                );
            }
        }
        if ends {
            self.game_over = true;
        }
    }

    /// The game ends during a day: the day's count as it stands (before the deaths the end
    /// post announces) is the day's final count, as a phase heading would have kept it. A
    /// second `End Game` in the same post keeps nothing more (`ended_in_day` is set).
    fn keep_final_day(&mut self) {
        let phase = self.phase();
        if !phase.is_day() || self.ended_in_day {
            return;
        }
        let hammer = self.hammer.as_ref().map(|(t, p)| (self.target_name(t), *p));
        self.days.push(DayResult {
            phase,
            tally: self.tally_now(),
            hammer,
            votes: self.today.clone(),
        });
        self.ended_in_day = true;
    }

    fn now(&self, post: &Post) -> Result<Timestamp, String> {
        post.time
            .ok_or_else(|| "the post has no time, so the schedule cannot change".to_string())
    }

    fn slot_named(&self, name: &str) -> Result<usize, String> {
        self.holders
            .get(&user_key(name))
            .copied()
            .ok_or_else(|| format!("{name} is not a player"))
    }

    fn command(&mut self, recognised: &Recognised, post: &Post) -> Result<(), String> {
        if self.game_over && recognised.command != Command::UnendGame {
            return Err("the game has ended; only UNEND GAME counts now".into());
        }
        match &recognised.command {
            Command::Death { player, comment } => {
                let slot = self.slot_named(player)?;
                let phase = self.phase();
                let s = &mut self.slots[slot];
                s.alive = false;
                s.death = Some(Death {
                    comment: comment.clone(),
                    phase: s.death.as_ref().map_or(phase, |d| d.phase),
                    post: s.death.as_ref().map_or(post.number, |d| d.post),
                });
                self.roster_changed();
            }
            Command::Resurrect { player } => {
                let slot = self.slot_named(player)?;
                if self.slots[slot].alive {
                    return Err(format!("{player} is alive"));
                }
                self.slots[slot].alive = true;
                self.slots[slot].death = None;
                self.roster_changed();
            }
            Command::EndEarly { kind } => {
                let phase = self.phase();
                if phase.kind != *kind {
                    return Err(format!("it is {phase}, not {kind:?}").to_lowercase());
                }
                let now = self.now(post)?;
                self.end_phase_early(now);
            }
            Command::MoveDeadline { by } => {
                let now = self.now(post)?;
                self.schedule
                    .move_deadline(*by, now)
                    .map_err(|e| e.to_string())?;
            }
            Command::Replace { new, old } => {
                let slot = self.slot_named(old)?;
                let new_key = user_key(new);
                if !self.user_keys.contains(&new_key) {
                    return Err(format!(
                        "{new} is not a known user yet (ask them to post once in the thread)"
                    ));
                }
                if self.holders.contains_key(&new_key) || self.gms.contains(&new_key) {
                    return Err(format!("{new} is already in the game"));
                }
                let old_name =
                    std::mem::replace(&mut self.slots[slot].name, new.trim().to_string());
                self.slots[slot].replaced.push(old_name.clone());
                self.holders.remove(&user_key(&old_name));
                self.holders.insert(new_key, slot);
                self.authors.clear();
                self.roster.add(slot, new);
                if let Some(n) = self.player_names.get_mut(slot) {
                    *n = new.trim().to_string();
                }
                self.recogniser.0 = None;
                self.roster_changed();
            }
            // `gm_post` sets `game_over` once the rest of the post is read.
            Command::EndGame => self.keep_final_day(),
            Command::UnendGame => {
                if !self.game_over {
                    return Err("the game has not ended".into());
                }
                let now = self.now(post)?;
                self.game_over = false;
                if std::mem::take(&mut self.ended_in_day) {
                    // The day goes on: its count is not final after all.
                    self.days.pop();
                }
                self.schedule.rebuild_from_last_past(now);
                for phase in self.schedule.advance(now) {
                    self.phase_ended(phase);
                }
            }
            Command::PhaseChange2016 { kind, begun } => {
                let phase = self.phase();
                // "Day 2 has begun" when it is already day (or "Day 1 has ended" when it is
                // already night) restates what the schedule did: nothing more to end.
                let already = if *begun {
                    phase.kind == *kind
                } else {
                    phase.kind != *kind
                };
                if already {
                    return Err(format!("it is already {phase}"));
                }
                let now = self.now(post)?;
                self.end_phase_early(now);
            }
            Command::Announce { phase } => {
                let current = self.phase();
                if *phase == current {
                    return Ok(());
                }
                if self.order(*phase) < self.order(current) {
                    return Err(format!("{phase} is already over (it is {current})"));
                }
                // Games without timestamps still follow announcements; the time only matters
                // to a fixed schedule, which such games cannot have.
                let now = post
                    .time
                    .or(self.last_time)
                    .unwrap_or(Timestamp::UNIX_EPOCH);
                let ended = self
                    .schedule
                    .try_begin_phase(*phase, now)
                    .map_err(|e| e.to_string())?;
                for phase in ended {
                    self.phase_ended(phase);
                }
            }
        }
        Ok(())
    }

    /// After deaths, resurrections and replacements: dead players neither vote nor are voted
    /// for; locks reflect the new majority only on the next vote; the 50 % rule is checked.
    fn roster_changed(&mut self) {
        for i in 0..self.votes.len() {
            let voter_dead = !self.slots[i].alive;
            let target_dead = matches!(
                self.votes[i].as_ref().map(|v| &v.target),
                Some(Target::Slot(t)) if !self.slots[*t].alive
            );
            if voter_dead || target_dead {
                self.votes[i] = None;
            }
        }
        let slots = &self.slots;
        self.locked.retain(|t| match t {
            Target::Slot(s) => slots[*s].alive,
            Target::NoLynch => true,
        });
        self.check_fifty_percent();
    }

    fn check_fifty_percent(&mut self) {
        let alive = self.slots.iter().filter(|s| s.alive);
        let (mut mafia, mut town) = (0, 0);
        for s in alive {
            match s.alignment {
                Some(Alignment::Mafia) => mafia += 1,
                Some(Alignment::Town) => town += 1,
                _ => {}
            }
        }
        let hit = mafia > 0 && mafia >= town;
        if hit && !self.fifty_flagged {
            self.note(
                ReviewKind::FiftyPercentRule,
                self.last_post,
                None,
                format!(
                    "50 % rule: {mafia} mafia and {town} town alive; the town cannot outvote the mafia, so the game should be called"
                ),
            );
        }
        self.fifty_flagged = hit;
    }

    // --- reading the state -------------------------------------------------------------

    /// The tally as it stands (of the running day; empty at night).
    pub fn tally_now(&self) -> Tally {
        let living = self.living();
        let majority = tally::majority(living);
        let mut wagons: Vec<(u64, Target, Vec<Voter>)> = Vec::new();
        for (slot, vote) in self.votes.iter().enumerate() {
            let Some(vote) = vote else { continue };
            let voter = (vote.seq, self.slots[slot].name.clone());
            match wagons.iter_mut().find(|(_, t, _)| *t == vote.target) {
                Some(w) => w.2.push(voter),
                None => wagons.push((0, vote.target.clone(), vec![voter])),
            }
        }
        let plurality = self.game.rules.majority == MajorityProfile::Plurality;
        for w in &mut wagons {
            w.2.sort();
            w.0 = if plurality {
                // A tie goes to whoever reached that many votes first.
                self.reached
                    .get(&(w.1.clone(), w.2.len()))
                    .copied()
                    .unwrap_or(u64::MAX)
            } else {
                w.2.first().map_or(0, |v| v.0)
            };
        }
        wagons.sort_by(|a, b| b.2.len().cmp(&a.2.len()).then(a.0.cmp(&b.0)));
        let leader = if plurality {
            wagons.first().map(|w| self.target_name(&w.1))
        } else {
            None
        };
        let not_voting = self
            .slots
            .iter()
            .zip(&self.votes)
            .filter(|(s, v)| s.alive && v.is_none())
            .map(|(s, _)| s.name.clone())
            .collect();
        Tally {
            wagons: wagons
                .into_iter()
                .map(|(_, target, voters)| Wagon {
                    candidate: self.target_name(&target),
                    locked: self.locked.contains(&target),
                    votes: voters.len(),
                    short_of_majority: majority.saturating_sub(voters.len()),
                    voters: voters.into_iter().map(|(_, n)| n).collect(),
                })
                .collect(),
            not_voting,
            living,
            majority,
            lock_at: (self.game.rules.majority == MajorityProfile::Lock)
                .then(|| tally::lock_at(living)),
            leader,
        }
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
                    })
                })
                .collect(),
            tally: day.then(|| self.tally_now()),
            majority_profile: self.game.rules.majority,
            hammer: self.hammer.as_ref().map(|(t, p)| (self.target_name(t), *p)),
            votes: self.today.clone(),
            previous_days: self.days.clone(),
            review: self.review.clone(),
        }
    }
}

/// A voter on a wagon: when their vote was cast, and their name.
type Voter = (u64, String);

/// A living player on the status page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerLine {
    pub name: String,
    /// Earlier holders of the slot.
    pub replaced: Vec<String>,
}

/// A dead player on the status page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeadLine {
    pub name: String,
    pub replaced: Vec<String>,
    pub comment: String,
    pub phase: Phase,
    pub post: u64,
}

/// Everything a report shows, as of the last applied post.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Status {
    pub game: String,
    pub posts_applied: usize,
    /// Number of the last post applied.
    pub last_post: Option<u64>,
    pub phase: Phase,
    pub deadline: Deadline,
    /// The next deadlines, starting with the current one (empty once the game is over).
    pub upcoming: Vec<Deadline>,
    pub game_over: bool,
    pub alive: Vec<PlayerLine>,
    /// The dead, in the order of the player list.
    pub dead: Vec<DeadLine>,
    /// The running day's tally (`None` at night or after the game).
    pub tally: Option<Tally>,
    pub majority_profile: MajorityProfile,
    /// Under the hammer profile: who was hammered, at which post (until the day ends).
    pub hammer: Option<(String, u64)>,
    /// Today's vote log.
    pub votes: Vec<VoteRecord>,
    pub previous_days: Vec<DayResult>,
    pub review: Vec<ReviewItem>,
}
