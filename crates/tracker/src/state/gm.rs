//! The fold of GM posts: each recognised command is applied by the rules of the spec, or
//! refused with a reason ([`Refusal`]) on the GM review list; lines that could not be read
//! go to the review list too.

use jiff::Timestamp;
use mafia_posts::Post;

use super::hammer::HammerWitness;
use super::{ListedDeath, Opening, Tracker};
use crate::commands::{Command, Newcomer, Recognised, Recognition};
use crate::config::{Alignment, user_key};
use crate::phase::Phase;
use crate::recognise::Author;
use crate::review::ReviewKind;
use crate::schedule::ScheduleError;
use crate::status::{DayResult, Death};
use crate::votes::{Resolution, Target};

/// Why a recognised GM command was not applied (shown on the review list).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the game has ended; only UNEND GAME counts now")]
    GameOver,
    #[error("the game has not ended")]
    NotEnded,
    #[error("{0} is not a player")]
    NotAPlayer(String),
    #[error("{0} is alive")]
    Alive(String),
    /// `running` and `asked` are in lower case ("it is night 1, not day").
    #[error("it is {running}, not {asked}")]
    WrongPhase { running: String, asked: String },
    #[error("it is already {0}")]
    AlreadyPhase(Phase),
    #[error("{phase} is already over (it is {current})")]
    PhaseOver { phase: Phase, current: Phase },
    #[error("the post has no time, so the schedule cannot change")]
    NoTime,
    #[error("{0} is already in the game")]
    AlreadyInGame(String),
    #[error(transparent)]
    Schedule(#[from] ScheduleError),
}

/// The highest post number (the opening post is 0 or 1) that may be a host's reserved post.
pub(super) const RESERVED_POSTS: u64 = 3;

impl Tracker {
    /// A GM's post: its unreadable lines and its commands, in line order.
    pub(super) fn gm_post(&mut self, mut recognition: Recognition, post: &Post) {
        // Hosts keep the opening post up to date all game long ("Game has ended. Mafia
        // victory!", struck-out names), so what it says now is not what it said when posted.
        if self.applied == 1 && post.number <= 1 {
            for command in recognition.commands {
                if !matches!(
                    command.command,
                    Command::Announce { .. } | Command::Winner { .. }
                ) {
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
        for problem in std::mem::take(&mut recognition.problems) {
            self.note(
                ReviewKind::UnreadableCommand,
                Some(post.number),
                Some(post.author.clone()),
                format!("`{}`: {}", problem.raw, problem.reason),
            );
        }
        // The posts a host reserves right after the opening post, before anyone else posts,
        // are edited all game long too, most often to list the dead ("8. Toadesstern
        // (Lynched D1)", TeamLiquid Hammertime Mafia post 1; "5. TheConman17 - Mafia Goon,
        // Lynched D1", mafiascum 24200 post 1): their deaths that name a phase are kept
        // aside, and applied only if no announcement of them is read by the end of the
        // phase after the one they name.
        let reserved = post.number <= RESERVED_POSTS && self.gm_posts_only;
        if reserved {
            let (deaths, rest): (Vec<_>, Vec<_>) = recognition
                .commands
                .into_iter()
                .partition(|c| matches!(c.command, Command::Death { phase: Some(_), .. }));
            recognition.commands = rest;
            if self.drop_index_phases(&mut recognition, post) {
                self.drop_record_deaths(&mut recognition, post);
            }
            for death in deaths {
                if let Command::Death {
                    player,
                    comment,
                    phase: Some(phase),
                    lynch,
                } = death.command
                {
                    self.listed.push(ListedDeath {
                        player,
                        comment,
                        phase,
                        lynch,
                        post: post.number,
                    });
                }
            }
        }
        // The post that ends the game usually announces its last deaths too ("End Game",
        // then "Bob the VT has been lynched!"): the game ends after the whole post is read.
        let mut ends = false;
        let (witness, before, over_before) = (
            HammerWitness::of(&recognition, post),
            self.phase(),
            self.game_over,
        );
        let ends_game =
            |c: &Command| matches!(c, Command::EndGame | Command::Winner { alone: true, .. });
        self.ending = recognition.commands.iter().any(|c| ends_game(&c.command));
        for command in recognition.commands {
            ends |= ends_game(&command.command) && !self.game_over;
            if let Err(reason) = self.command(&command, post) {
                self.note(
                    ReviewKind::IgnoredCommand,
                    Some(post.number),
                    Some(post.author.clone()),
                    format!("`{}` ignored: {reason}", command.raw),
                );
                if let Refusal::PhaseOver { phase, .. } = reason {
                    self.misnumbered_before(phase);
                }
            }
        }
        if !over_before {
            self.hammer_lynch(witness, &recognition.unread, before, post);
            self.flip_lynch(witness, &recognition.unread, before, post);
            self.night_flips(&recognition.unread, before, post);
        }
        // After the post's commands: a line that looks like the death of someone the post
        // killed on another line is no news.
        if !self.game_over && !ends {
            for unread in &recognition.unread {
                self.unread_line(unread, post);
            }
        }
        self.ending = false;
        if ends {
            self.game_over = true;
        }
    }

    /// A reserved post edited into the game's history or index names several phases
    /// ("Night 1 - Beginning" … "Night 5 - Beginning", mafiascum 22466 post 1) or one far
    /// ahead of the running phase ("Day 7 Ends" under the dead list, 18910 post 1): none of
    /// them is an announcement made when the post was written, so its phase commands are not
    /// applied (each is a review note). A reserved post that names one phase no further than
    /// the next ("Day 1 has begun") is applied as before. Returns whether the post is such a
    /// record.
    fn drop_index_phases(&mut self, recognition: &mut Recognition, post: &Post) -> bool {
        let numbering = self.numbering;
        let named = |c: &Command| match c {
            Command::Announce { phase } | Command::PhaseRunning { phase } => Some(*phase),
            Command::PhaseOver { phase } => Some(phase.next(numbering)),
            _ => None,
        };
        let mut phases = recognition
            .commands
            .iter()
            .filter_map(|c| named(&c.command));
        let Some(first) = phases.next() else {
            return false;
        };
        let next = self.phase().next(numbering);
        if phases.all(|p| p == first) && self.order(first) <= self.order(next) {
            return false;
        }
        self.ignore_commands(
            recognition,
            post,
            |c| named(c).is_some() || matches!(c, Command::AnnounceKind { .. }),
            "a reserved post that names several phases is the game's record, edited during \
             the game, not an announcement",
        );
        true
    }

    /// In a reserved post that is the game's record (above), a death whose phase was not read
    /// ("9. Verity, Town Vanilla Neutral Survivor, was modkilled and autolossed on Day 3",
    /// 18910 post 1, under "Day 7 Ends") was written when it happened, not when the post was:
    /// it is not applied (a review note); the thread's announcement of it is.
    fn drop_record_deaths(&mut self, recognition: &mut Recognition, post: &Post) {
        self.ignore_commands(
            recognition,
            post,
            |c| matches!(c, Command::Death { phase: None, .. }),
            "a death in the game's record (a reserved post that names several phases) is \
             applied when the thread announces it",
        );
    }

    /// Takes the commands `which` picks out of `recognition`, each an ignored command on the
    /// review list ("`RAW` ignored: WHY").
    fn ignore_commands(
        &mut self,
        recognition: &mut Recognition,
        post: &Post,
        which: impl Fn(&Command) -> bool,
        why: &str,
    ) {
        let (dropped, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut recognition.commands)
            .into_iter()
            .partition(|c| which(&c.command));
        recognition.commands = kept;
        for command in dropped {
            self.note(
                ReviewKind::IgnoredCommand,
                Some(post.number),
                Some(post.author.clone()),
                format!("`{}` ignored: {why}", command.raw),
            );
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

    fn now(&self, post: &Post) -> Result<Timestamp, Refusal> {
        post.time.ok_or(Refusal::NoTime)
    }

    fn slot_named(&self, name: &str) -> Result<usize, Refusal> {
        self.holders
            .get(&user_key(name))
            .copied()
            .ok_or_else(|| Refusal::NotAPlayer(name.to_owned()))
    }

    pub(super) fn command(&mut self, recognised: &Recognised, post: &Post) -> Result<(), Refusal> {
        if let Command::Winner { side, alone } = &recognised.command {
            // Only at the end of the game: "Town wins" before it is rules text or a hope.
            if *alone && !self.game_over {
                self.keep_final_day();
            }
            if self.game_over || self.ending {
                self.winner = Some(side.clone());
            }
            return Ok(());
        }
        if self.game_over && recognised.command != Command::UnendGame {
            return Err(Refusal::GameOver);
        }
        match &recognised.command {
            Command::Death {
                player,
                comment,
                phase: named,
                lynch,
            } => {
                // A slot named by a former holder or a game-file alias is that slot; another
                // user's name near a death word is no death.
                let written = self.opening_written(player);
                let slot = match self.slot_named(player) {
                    Ok(slot) => slot,
                    Err(_) => match self.roster.resolve(player) {
                        Resolution::Exact(slot) => slot,
                        // The newcomer a replacement named, who has not posted under that
                        // name: "Wake88, Town Shield, lynched Day 4." after "Wake88 (An alt
                        // of Quadraxis) has replaced Quadraxis" (held-out 33008 posts 476
                        // and 1831; the account posts as Wake1 in the saved pages).
                        _ => match written {
                            Some(slot) => slot,
                            None => return Ok(()),
                        },
                    },
                };
                // The host's line naming the newcomer is their word that the newcomer took
                // the slot ("GreyICE replaces Otolia", then "GreyICE, 1-shot Dayvig, …, then
                // shot Night 2", 16959 posts 981 and 982, before GreyICE's first post).
                if written == Some(slot) && user_key(&self.slots[slot].name) != user_key(player) {
                    self.replace_slot(slot, player);
                }
                self.openings.retain(|o| o.slot != slot);
                // A death restated in the post that told it may name its phase ("Firebringer
                // is found dead. … Firebringer- vanilla town - killed night 1", 63842 post 558).
                let same_post = self.slots[slot]
                    .death
                    .as_ref()
                    .is_some_and(|d| d.post == post.number);
                let fresh = self.slots[slot].alive || (same_post && named.is_some());
                if self.slots[slot].alive && self.phase().is_day() && self.standing.is_none() {
                    // The day's count as it stood when the lynch (or a day kill) was told; it
                    // is the day's result if no vote follows (`phase_ended`).
                    self.standing = Some(self.tally_now());
                }
                let phase = self.phase_of_death(*named, *lynch);
                let s = &mut self.slots[slot];
                s.alive = false;
                // A lynch restated with a night is not moved: a lynch is a day's ("Nahdia is
                // lynched." then "nahdia was 1 shot bp and ate a shot n1", 66752 post 1020).
                let keep = |d: &Death| {
                    !(same_post && named.is_some())
                        || d.phase == phase
                        || (d.lynch && !phase.is_day())
                };
                s.death = Some(Death {
                    comment: comment.clone(),
                    phase: s
                        .death
                        .as_ref()
                        .filter(|d| keep(d))
                        .map_or(phase, |d| d.phase),
                    post: s.death.as_ref().map_or(post.number, |d| d.post),
                    lynch: s.death.as_ref().map_or(*lynch, |d| d.lynch || *lynch),
                });
                self.roster_changed();
                if fresh {
                    self.after_death(player, *named, *lynch, post);
                }
            }
            Command::Resurrect { player } => {
                let slot = self.slot_named(player)?;
                if self.slots[slot].alive {
                    return Err(Refusal::Alive(player.clone()));
                }
                self.slots[slot].alive = true;
                self.slots[slot].death = None;
                self.roster_changed();
            }
            Command::ResetVotes => self.clear_votes(),
            Command::EndEarly { kind } => {
                let phase = self.phase();
                if phase.kind != *kind {
                    return Err(Refusal::WrongPhase {
                        running: phase.to_string().to_lowercase(),
                        asked: format!("{kind:?}").to_lowercase(),
                    });
                }
                let now = self.now(post)?;
                self.end_phase_early(now);
            }
            Command::MoveDeadline { by } => {
                let now = self.now(post)?;
                self.schedule.move_deadline(*by, now)?;
            }
            Command::Replace { new, old } => {
                let slot = self.slot_named(old)?;
                let new_key = user_key(new);
                if !self.user_keys.contains(&new_key) {
                    // A newcomer the host has named before (so the reader knows the name) but
                    // who has not posted yet ("Garuru replaces Supreme Overlord", 18910 post
                    // 274): the replacement waits for their first post, as when first named.
                    let new = Newcomer::Written(new.clone());
                    return self.fill(&new, Some(old), post);
                }
                if self.holders.contains_key(&new_key) || self.gms.contains(&new_key) {
                    return Err(Refusal::AlreadyInGame(new.clone()));
                }
                self.replace_slot(slot, new);
            }
            Command::Vacancy { player } => {
                let slot = self.slot_named(player)?;
                // A dead player's slot needs nobody.
                if self.slots[slot].alive && !self.openings.iter().any(|o| o.slot == slot) {
                    self.openings.push(Opening {
                        slot,
                        post: post.number,
                        written: None,
                        noted: Vec::new(),
                    });
                }
            }
            Command::Fill { new, old } => self.fill(new, old.as_deref(), post)?,
            // `gm_post` sets `game_over` once the rest of the post is read.
            Command::EndGame => self.keep_final_day(),
            Command::UnendGame => {
                if !self.game_over {
                    return Err(Refusal::NotEnded);
                }
                let now = self.now(post)?;
                self.game_over = false;
                self.winner = None;
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
                    return Err(Refusal::AlreadyPhase(phase));
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
                    return Err(Refusal::PhaseOver {
                        phase: *phase,
                        current,
                    });
                }
                self.announced(*phase, post)?;
            }
            // Read before the game-over check above.
            Command::Winner { .. } => {}
            Command::PhaseOver { phase } => {
                let next = phase.next(self.numbering);
                if self.order(next) > self.order(self.phase()) {
                    self.announced(next, post)?;
                }
            }
            Command::PhaseRunning { phase } => {
                if self.order(*phase) > self.order(self.phase()) {
                    self.announced(*phase, post)?;
                }
            }
            Command::AnnounceKind { kind, begun } => {
                let running = self.phase();
                // "It is now night" during a night, or "Night is over" during a day, restates
                // the running phase.
                if (running.kind == *kind) != *begun {
                    let next = running.next(self.numbering);
                    self.announced(next, post)?;
                }
            }
        }
        Ok(())
    }

    /// `new` takes over `slot`: the old holder's name stays an alias of the slot, so votes
    /// for it still count.
    fn replace_slot(&mut self, slot: usize, new: &str) {
        let new = new.trim();
        let old_name = std::mem::replace(&mut self.slots[slot].name, new.to_string());
        self.slots[slot].replaced.push(old_name);
        // The new player takes the slot from every account that posted for it.
        self.holders.retain(|_, s| *s != slot);
        self.holders.insert(user_key(new), slot);
        self.authors.clear();
        self.roster.add(slot, new);
        if let Some(n) = self.player_names.get_mut(slot) {
            *n = new.to_string();
        }
        self.openings.retain(|o| o.slot != slot);
        self.recogniser.clear();
        self.roster_changed();
    }

    /// `Filled by NEW` (the open request it answers: the oldest one that names nobody yet,
    /// else the oldest), or `NEW replaces OLD` with NEW not a known user yet.
    fn fill(&mut self, new: &Newcomer, old: Option<&str>, post: &Post) -> Result<(), Refusal> {
        let slot = match old {
            Some(old) => self
                .slot_named(old)
                .or_else(|e| self.slot_near(old, post).ok_or(e))?,
            None => match self.open_request() {
                Some(at) => self.openings[at].slot,
                // "Filled by" / "X is in" with no request open is not about a slot.
                None => return Ok(()),
            },
        };
        let others: Vec<String> = self
            .openings
            .iter()
            .filter(|o| o.slot != slot)
            .map(|o| self.slots[o.slot].name.clone())
            .collect();
        let old_name = self.slots[slot].name.clone();
        let new_name = match new {
            Newcomer::Known(name) => {
                let key = user_key(name);
                if self.holders.contains_key(&key) || self.gms.contains(&key) {
                    // "Alice is in!" said of a player is not a replacement.
                    return match old {
                        None => Ok(()),
                        Some(_) => Err(Refusal::AlreadyInGame(name.clone())),
                    };
                }
                self.replace_slot(slot, name);
                name.clone()
            }
            Newcomer::Written(written) => {
                // The host's later lines may name the newcomer before their first post (a
                // death): their name is one the GM command reader knows from now on.
                let key = user_key(written);
                if !self.users.iter().any(|u| user_key(u) == key) {
                    self.users.push(written.clone());
                    self.recogniser.clear();
                }
                self.openings.retain(|o| o.slot != slot);
                self.openings.push(Opening {
                    slot,
                    post: post.number,
                    written: Some(written.clone()),
                    noted: Vec::new(),
                });
                self.note(
                    ReviewKind::Replacement,
                    Some(post.number),
                    Some(old_name.clone()),
                    format!(
                        "`{written}` is to replace {old_name} but has not posted in the thread \
                         yet: the replacement takes effect at the first post of a user of that \
                         name"
                    ),
                );
                written.clone()
            }
        };
        if old.is_none() && !others.is_empty() {
            self.note(
                ReviewKind::Replacement,
                Some(post.number),
                Some(new_name.clone()),
                format!(
                    "{new_name} took the oldest open slot, {old_name}'s; still open: {}. If \
                     {new_name} replaced one of those instead, add {new_name} as a \
                     replacement for that player",
                    others.join(", ")
                ),
            );
        }
        Ok(())
    }

    /// The slot of the open replacement whose newcomer the host wrote as `name`.
    fn opening_written(&self, name: &str) -> Option<usize> {
        let key = user_key(name);
        self.openings
            .iter()
            .find(|o| o.written.as_deref().is_some_and(|w| user_key(w) == key))
            .map(|o| o.slot)
    }

    /// The open request an unnamed newcomer most likely answers: the oldest that names
    /// nobody yet, else the oldest.
    fn open_request(&self) -> Option<usize> {
        self.openings
            .iter()
            .position(|o| o.written.is_none())
            .or((!self.openings.is_empty()).then_some(0))
    }

    /// The slot whose player's name `written` is a unique near miss of (as votes read names:
    /// a prefix, a part, initials, a small misspelling), noted for the host.
    fn slot_near(&mut self, written: &str, post: &Post) -> Option<usize> {
        let slot = match self.roster.resolve(written) {
            Resolution::Exact(slot) | Resolution::Near(slot) => slot,
            Resolution::Ambiguous(_) | Resolution::Unknown => return None,
        };
        let name = self.slots[slot].name.clone();
        self.note(
            ReviewKind::Replacement,
            Some(post.number),
            Some(name.clone()),
            format!("`{written}` in a replacement was read as {name}"),
        );
        Some(slot)
    }

    /// Someone not in the game posts while slots are open: if the host named them for one
    /// (`Filled by X` before X had posted), they take it now, and the post is theirs.
    pub(super) fn newcomer_posted(&mut self, post: &Post) -> Option<Author> {
        let at = self.openings.iter().position(|o| {
            o.written
                .as_deref()
                .is_some_and(|w| names_user(w, &post.author))
        })?;
        let opening = self.openings[at].clone();
        let old_name = self.slots[opening.slot].name.clone();
        self.replace_slot(opening.slot, &post.author);
        self.note(
            ReviewKind::Replacement,
            Some(post.number),
            Some(post.author.trim().to_string()),
            format!(
                "{} replaces {old_name} from this post on, as the host announced in post {}",
                post.author.trim(),
                opening.post
            ),
        );
        Some(self.author(&post.author))
    }

    /// A post by someone not in the game while slots are open for replacement: probably the
    /// replacement, whom the host has not named (yet). Listed once per user and slot.
    pub(super) fn maybe_a_replacement(&mut self, post: &Post) {
        let Some(open_slot) = self.open_request().and_then(|at| self.openings.get(at)) else {
            return;
        };
        if self.newcomer_names_another_slot(post, open_slot.slot) {
            return;
        }
        let Some(open) = self.open_request().and_then(|at| self.openings.get_mut(at)) else {
            return;
        };
        let key = user_key(&post.author);
        if open.noted.contains(&key) {
            return;
        }
        open.noted.push(key);
        let (slot, slot_name, asked) = (open.slot, self.slots[open.slot].name.clone(), open.post);
        let who = post.author.trim().to_string();
        self.note(
            ReviewKind::Replacement,
            Some(post.number),
            Some(who.clone()),
            format!(
                "{who} is not in the game and posted while {slot_name}'s slot is open for \
                 replacement (post {asked}): if {who} replaced {slot_name}, add {who} as a \
                 replacement for {slot_name}"
            ),
        );
        self.offer_replace(post, slot);
    }

    /// After deaths, resurrections and replacements: dead players neither vote nor are voted
    /// for; locks reflect the new majority only on the next vote; the 50 % rule is checked.
    pub(super) fn roster_changed(&mut self) {
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
}

/// Whether `written` (a name as a host wrote it) contains the user name `author` as whole
/// words, ignoring case: "the wonderful Empking" names Empking. Punctuation framing the
/// account name may be left out: "Grey replaces NotTheRealPaul" names `-Grey-` (mafiascum
/// 71675 posts 507 and 544); underscores may be written as spaces ("Ant to the Max replaces
/// Rikana." for `Ant_to_the_max`, 17940 post 681); and a name of six letters or more may be
/// misspelt by one letter ("borkjerfkn" for borkjerfkin, 23262 post 957; "Prolasped Brain"
/// for Prolapsed Brain, 61563 post 1247) when the written name ends with it; and an account
/// of six characters or more may be written split into words ("ac1983 fan replaces Howl." for
/// ac1983fan, 60083 post 440), and an account of words may be written as one ("Stubbs is being
/// replaced by TSO." for `T S O`, held-out 30779 post 759).
fn names_user(written: &str, author: &str) -> bool {
    let written = written.to_lowercase().replace('_', " ");
    let author = author.trim().to_lowercase().replace('_', " ");
    let bare = author.trim_matches(|c: char| !c.is_alphanumeric());
    contains_words(&written, &author)
        || (bare != author && contains_words(&written, bare))
        || misspelt_at_end(&written, bare)
        || first_words_of(&written, bare)
        || split_at_end(&written, bare)
        || joined_at_end(&written, bare)
}

/// Whether the last word of `written` is the account `name` of several words written
/// without its spaces (three characters or more).
fn joined_at_end(written: &str, name: &str) -> bool {
    if !name.contains(' ') {
        return false;
    }
    let joined: String = name.split_whitespace().collect();
    joined.chars().count() >= 3
        && written
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
            .rfind(|w| !w.is_empty())
            == Some(joined.as_str())
}

/// Whether the last two to four words of `written`, put together, are the account `name`
/// (six characters or more, written without spaces).
fn split_at_end(written: &str, name: &str) -> bool {
    if name.contains(' ') || name.chars().count() < 6 {
        return false;
    }
    let words: Vec<&str> = written
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty())
        .collect();
    (2..=4.min(words.len())).any(|n| words[words.len() - n..].concat() == name)
}

/// Whether `written`, four characters or more, is the first word or words of the account
/// `name`: "Hikari replaces brother yama" for `Hikari Link` (mafiascum 18920 post 262).
fn first_words_of(written: &str, name: &str) -> bool {
    let written = written.trim_matches(|c: char| !c.is_alphanumeric());
    written.chars().count() >= 4
        && name
            .strip_prefix(written)
            .is_some_and(|rest| rest.starts_with(' '))
}

/// Whether the last words of `written`, as many as `name` has, are `name` misspelt by one
/// letter (one edit, a transposition being one), for a name of six characters or more.
fn misspelt_at_end(written: &str, name: &str) -> bool {
    let count = name.split_whitespace().count();
    let words: Vec<&str> = written
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty())
        .collect();
    if name.chars().count() < 6 || count == 0 || words.len() < count {
        return false;
    }
    let tail = words[words.len() - count..].join(" ");
    strsim::damerau_levenshtein(&tail, name) == 1
}

/// Whether `text` contains `words` with no letter or digit right before or after it.
fn contains_words(text: &str, words: &str) -> bool {
    if words.is_empty() {
        return false;
    }
    text.match_indices(words).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + words.len()..].chars().next();
        before.is_none_or(|c| !c.is_alphanumeric()) && after.is_none_or(|c| !c.is_alphanumeric())
    })
}
