//! `mafia audit`: the vote counts a host posted, checked voter for voter against the
//! tracker's tally as of each count's post.
//!
//! - [`parse`]: a post's lines → the count as the host wrote it ([`parse::HostCount`]).
//! - [`report`]: the result ([`Report`]), as text or JSON.
//!
//! The replay ([`audit`]) applies the thread one post at a time with [`Tracker::apply`]. Only
//! a GM's post that may hold a count is parsed, and only at a count is the tally read, so the
//! replay costs little more than the fold. Of a post's readings ([`parse::parse_counts`],
//! built as they are asked for) the first whose wagons name a player is the host's count.
//! Names on both sides become slots (a replaced player's old and new names are the same voter)
//! and are shown by the slot's current name.
//!
//! Which tally a count is compared with: the tally after its post, unless the post ends the
//! day (a day was running and the phase changes or a day result is added), whose count is the
//! one before it; a count posted at night is compared with the final tally of the day that
//! ended, and one in the post that starts a day with that day's (empty) tally.
//!
//! Where the two diverged: for each voter on whom they differ, the post of the voter's last
//! vote-like mark of that day at or before the count, in the tracker's vote log (counted or
//! refused, for either is where the two readings part), or, when the log has none, the post
//! after which the day began; the count's `first_diverged` is the earliest of these.

pub mod parse;
pub mod report;

use std::collections::{BTreeMap, HashMap};

use mafia_posts::Post;

use crate::config::Game;
use crate::correction::CorrectionAction;
use crate::phase::Phase;
use crate::review::{ReviewItem, ReviewKind};
use crate::state::{Tracker, TrackerError};
use crate::status::VoteRecord;
use crate::tally::Tally;
use crate::votes::{Resolution, Roster, Verdict};

use parse::is_remark;
pub use parse::{HostCount, HostEntry, Readings, parse_count, parse_counts};
pub use report::{Cause, CountCheck, Difference, Explained, Miscount, Report};

/// What a vote is for, by slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Choice {
    Slot(usize),
    NoLynch,
}

/// Replays `posts` for `game` and checks every vote count a GM posted.
pub fn audit<'a>(
    game: Game,
    posts: impl IntoIterator<Item = &'a Post>,
) -> Result<Report, TrackerError> {
    let mut tracker = Tracker::new(game)?;
    let mut day_began = 0;
    let mut checks = Vec::new();
    for post in posts {
        let phase_before = tracker.phase();
        // The post's readings as a count, built as they are asked for: the first now (is
        // there any?), the others only while those before name no player.
        let mut readings = (tracker.is_gm(&post.author) && parse::may_hold_count(&post.body))
            .then(|| parse::parse_counts(&post.body).peekable());
        if readings.as_mut().is_none_or(|r| r.peek().is_none()) {
            tracker.apply(post);
            if tracker.phase() != phase_before && tracker.phase().is_day() {
                day_began = post.number;
            }
            continue;
        }
        let days_before = tracker.days().len();
        let before = Ours::read(&tracker);
        tracker.apply(post);
        let changed = tracker.days().len() != days_before || tracker.phase() != phase_before;
        if changed && tracker.phase().is_day() {
            day_began = post.number;
        }
        let ended = changed && phase_before.is_day();
        let ours = if ended { before } else { Ours::read(&tracker) };
        let names = Names::of(&tracker);
        let at = At {
            post: post.number,
            day_began,
            review: tracker.review(),
        };
        // The first reading whose wagons name a player is the host's count, else the first
        // that names one at all (in its not-voting list): a heading block of only a
        // not-voting line loses to the wagon the host wrote above the heading (34780.jsonl
        // post 787, `No Lynch (1): Shos` above "Official Vote Count 3.1").
        if let (Some(ours), Some(readings)) = (ours, readings) {
            let mut named = readings.filter_map(|count| compare(&count, &ours, &names, &at));
            if let Some(first) = named.next() {
                let check = if first.host.is_empty() {
                    named.find(|c| !c.host.is_empty()).unwrap_or(first)
                } else {
                    first
                };
                checks.push(check);
            }
        }
    }
    Ok(Report {
        found: checks.len(),
        agreed: checks.iter().filter(|c| c.agrees).count(),
        vote_counts: checks,
    })
}

/// The tracker's side at a count: the day's tally and its vote log.
struct Ours {
    phase: Phase,
    tally: Tally,
    log: Vec<VoteRecord>,
}

impl Ours {
    /// The running day's tally, or at night the final tally of the day that ended.
    fn read(tracker: &Tracker) -> Option<Ours> {
        let status = tracker.status();
        match status.tally {
            Some(tally) => Some(Ours {
                phase: status.phase,
                tally,
                log: status.votes,
            }),
            None => tracker.days().last().map(|d| Ours {
                phase: d.phase,
                tally: d.tally.clone(),
                log: d.votes.clone(),
            }),
        }
    }
}

/// The players' names at a count: every name a slot has had, its game-file aliases (the
/// players' and the `alias` corrections'), and the current name each slot is shown by.
struct Names {
    exact: HashMap<String, usize>,
    roster: Roster,
    current: Vec<String>,
    /// Per slot: how many words each of its names has.
    words: Vec<Vec<usize>>,
}

impl Names {
    fn of(tracker: &Tracker) -> Names {
        let mut roster = Roster::new();
        let mut exact = HashMap::new();
        let mut words = vec![Vec::new(); tracker.slots().len()];
        let aliases = &tracker.game().players;
        for (i, slot) in tracker.slots().iter().enumerate() {
            let known = aliases.get(i).map(|p| p.aliases.as_slice()).unwrap_or(&[]);
            for name in std::iter::once(&slot.name)
                .chain(&slot.replaced)
                .chain(known)
                .chain(aliases.get(i).map(|p| &p.name))
            {
                roster.add(i, name);
                exact.entry(key(name)).or_insert(i);
                words[i].push(word_count(name));
            }
        }
        // The names `alias` corrections bring in: a host who writes a nickname in the game
        // file writes it in their counts too ("El Hoppster(3) - …", 17792.jsonl post 478).
        for c in &tracker.game().corrections {
            if let CorrectionAction::Alias { name, slot } = &c.action
                && let Some(&i) = exact.get(&key(slot))
            {
                roster.add(i, name);
                exact.entry(key(name)).or_insert(i);
                words[i].push(word_count(name));
            }
        }
        Names {
            exact,
            roster,
            current: tracker.slots().iter().map(|s| s.name.clone()).collect(),
            words,
        }
    }

    /// A candidate as written: No Lynch, or a player by exact name or a unique near miss, or
    /// a slot's two holders as the host marks a replacement (`TheDominator37 < MarioManiac4`,
    /// 62685.jsonl post 350; `Lil Uzi / WhyMafia`, 72581.jsonl post 403) when both names are
    /// that slot's.
    fn candidate(&self, written: &str) -> Option<Choice> {
        if is_no_lynch(written) {
            return Some(Choice::NoLynch);
        }
        if let Some(slot) = self.one(written) {
            return Some(Choice::Slot(slot));
        }
        // `Lil Uzi / WhyMafia (1 / 0)`: the old holder, then the new (72581.jsonl post 403).
        let at = written
            .find(" <")
            .or_else(|| written.find(" >"))
            .or_else(|| written.find(" /"))?;
        let (new, old) = (
            &written[..at],
            written[at + 2..].trim_start_matches(['<', '>', '-', '/']),
        );
        let slot = self.one(new)?;
        (self.one(old) == Some(slot)).then_some(Choice::Slot(slot))
    }

    /// One name: exact (any name the slot has had, or an alias), else a unique near miss of
    /// the whole text (a misspelling, a prefix, initials). Several words must be no more than
    /// the name's (`Lil Uzi` is Lil Uzi Vert; the roster would read `deselby deselby` as
    /// deselby).
    fn one(&self, written: &str) -> Option<usize> {
        if let Some(&slot) = self.exact.get(&key(written)) {
            return Some(slot);
        }
        let words = written.split_whitespace().count();
        match self.roster.resolve(written) {
            Resolution::Exact(s) | Resolution::Near(s)
                if words <= 1
                    || self
                        .words
                        .get(s)
                        .is_some_and(|w| w.iter().any(|&n| words <= n)) =>
            {
                Some(s)
            }
            _ => None,
        }
    }

    /// A piece of a voter list: one name, or several separated by spaces (`a b c` when the
    /// host linked each name). Returns the slots found and the words no player matches.
    fn voters(&self, piece: &str, slots: &mut Vec<usize>, unread: &mut Vec<String>) {
        if let Some(&slot) = self.exact.get(&key(piece)) {
            slots.push(slot);
            return;
        }
        let words: Vec<&str> = piece.split_whitespace().collect();
        let mut i = 0;
        let mut missed: Vec<&str> = Vec::new();
        let mut found = Vec::new();
        while i < words.len() {
            let run = (1..=words.len() - i).rev().find_map(|n| {
                self.exact
                    .get(&key(&words[i..i + n].join(" ")))
                    .map(|s| (n, *s))
            });
            match run {
                Some((n, slot)) => {
                    found.push(slot);
                    i += n;
                }
                None => {
                    missed.push(words[i]);
                    i += 1;
                }
            }
        }
        if missed.is_empty() {
            slots.extend(found);
            return;
        }
        // A misspelt name: the whole piece is a near miss of one player.
        if let Some(slot) = self.one(piece) {
            slots.push(slot);
            return;
        }
        // A remark in a sentence names nobody: its short words are no abbreviations of names
        // (`(this doesn't really count because hammer so FoS)`, 68345.jsonl post 1587, read
        // "so" as Square World).
        if found.is_empty() && words.len() > REMARK_WORDS {
            unread.extend(
                missed
                    .iter()
                    .filter(|w| !is_remark(w))
                    .map(|w| w.to_string()),
            );
            return;
        }
        slots.extend(found);
        for w in missed {
            match self.one(w) {
                Some(slot) => slots.push(slot),
                None if is_remark(w) => {}
                None => unread.push(w.to_string()),
            }
        }
    }

    /// A wagon written with a dash and no space around it, `iamausername-jon_h61,`
    /// (21340.jsonl post 837), which the reader keeps whole (a name may hold a dash,
    /// `Naomi-Tan`): the player before a dash and the first voter after it, when the text
    /// before the dash is exactly a player's name.
    fn unspaced_dash<'w>(&self, written: &'w str) -> Option<(usize, &'w str)> {
        written.match_indices('-').find_map(|(at, _)| {
            let voter = written[at + 1..].trim();
            let slot = *self.exact.get(&key(&written[..at]))?;
            (!voter.is_empty()).then_some((slot, voter))
        })
    }

    fn show(&self, choice: Choice) -> String {
        match choice {
            Choice::Slot(s) => self.current.get(s).cloned().unwrap_or_default(),
            Choice::NoLynch => "No Lynch".to_string(),
        }
    }

    fn voter(&self, name: &str) -> Option<usize> {
        self.exact.get(&key(name)).copied()
    }
}

/// A voter list's piece of more words than this, none of them a name, is a remark, not names.
const REMARK_WORDS: usize = 4;

/// The words of a name, an underscore parting them as a space does: a host writes `Not_Mafia`
/// as "Not Mafia" (65380.jsonl post 1310).
fn word_count(name: &str) -> usize {
    name.split(|c: char| c.is_whitespace() || c == '_')
        .filter(|w| !w.is_empty())
        .count()
}

/// A name compared without case, surrounding punctuation or repeated spaces, with typographic
/// apostrophes as plain ones (`Midnight’s Sorrow`, 17378.jsonl post 126).
fn key(name: &str) -> String {
    let trimmed = name.trim_matches(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '.' | ',' | '!' | '?' | ';' | ':' | '"' | '\'' | '*' | '@'
            )
    });
    trimmed
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
        .replace(['\u{2019}', '\u{2018}'], "'")
}

fn is_no_lynch(written: &str) -> bool {
    let k = parse::squeezed(written);
    matches!(
        k.as_str(),
        "nolynch" | "nl" | "noelimination" | "noexecution" | "noexe" | "nokill" | "sleep"
    )
}

/// Where a count stands: its post, the post that began the day, and the replay's review
/// list so far.
struct At<'r> {
    post: u64,
    day_began: u64,
    review: &'r [ReviewItem],
}

/// The host's count and ours side by side; `None` when the host's lines name no player (not
/// a count after all).
fn compare(count: &HostCount, ours: &Ours, names: &Names, at: &At<'_>) -> Option<CountCheck> {
    let (post, day_began) = (at.post, at.day_began);
    let mut host_votes: BTreeMap<usize, Choice> = BTreeMap::new();
    let mut host: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut unread = Vec::new();
    let mut miscounted = Vec::new();
    let mut twice = Vec::new();
    let mut read_any = false;
    for entry in &count.entries {
        // A name exactly, then `Name-voter`, then a near miss (`Bob-Alice` shares a run of
        // letters with Alice).
        let exact = names
            .voter(&entry.candidate)
            .map(|s| (Choice::Slot(s), None));
        let dash = || {
            names
                .unspaced_dash(&entry.candidate)
                .map(|(slot, voter)| (Choice::Slot(slot), Some(voter)))
        };
        let near = || names.candidate(&entry.candidate).map(|c| (c, None));
        let exact = exact.or_else(dash);
        let guessed = exact.is_none();
        let Some((candidate, first_voter)) = exact.or_else(near) else {
            continue;
        };
        let mut slots = Vec::new();
        let mut missed = Vec::new();
        for piece in first_voter
            .into_iter()
            .chain(entry.voters.iter().map(String::as_str))
        {
            names.voters(piece, &mut slots, &mut missed);
        }
        if slots.is_empty() && !missed.is_empty() && (!entry.marked || guessed) {
            // Prose after a colon (`andrew94: until April 30`); a line of the host's set-up
            // list, `[1] town (2-shot) vigilante`, whose role word is a near miss of a
            // player's name (62685.jsonl post 2049).
            continue;
        }
        read_any = true;
        if let Some(says) = entry.votes
            && missed.is_empty()
            && says as usize != slots.len()
        {
            miscounted.push(Miscount {
                candidate: names.show(candidate),
                says,
                lists: slots.len(),
            });
        }
        unread.extend(missed);
        for slot in slots {
            if host_votes.contains_key(&slot) {
                twice.push(names.show(Choice::Slot(slot)));
                continue;
            }
            host_votes.insert(slot, candidate);
            host.entry(names.show(candidate))
                .or_default()
                .push(names.show(Choice::Slot(slot)));
        }
    }
    let mut not_voting = Vec::new();
    for piece in &count.not_voting {
        names.voters(piece, &mut not_voting, &mut Vec::new());
    }
    let not_voting_read = !not_voting.is_empty();
    if !read_any && !not_voting_read {
        return None;
    }

    let mut our_votes: BTreeMap<usize, Choice> = BTreeMap::new();
    let mut our_wagons: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for wagon in &ours.tally.wagons {
        let candidate = if wagon.candidate == "No Lynch" {
            Some(Choice::NoLynch)
        } else {
            names.voter(&wagon.candidate).map(Choice::Slot)
        };
        for v in &wagon.voters {
            if let (Some(c), Some(slot)) = (candidate, names.voter(v)) {
                our_votes.insert(slot, c);
            }
        }
        if !wagon.voters.is_empty() {
            our_wagons.insert(wagon.candidate.clone(), wagon.voters.clone());
        }
    }

    let mut voters: Vec<usize> = host_votes.keys().chain(our_votes.keys()).copied().collect();
    voters.sort_unstable();
    voters.dedup();
    let differences: Vec<Difference> = voters
        .into_iter()
        .filter(|v| host_votes.get(v) != our_votes.get(v))
        .map(|v| {
            let mark = last_mark(&ours.log, names, v, post);
            let since = mark.map_or(day_began, |r| r.post);
            let host = host_votes.get(&v);
            let cause = if host.is_some()
                && !our_votes.contains_key(&v)
                && mark.is_some_and(|r| r.counted && r.verdict == Verdict::Unvote)
            {
                Some(Cause::HostKeptUnvoted)
            } else {
                noted_cause(at, names, v, since)
            };
            Difference {
                voter: names.show(Choice::Slot(v)),
                host: host.map(|c| names.show(*c)),
                ours: our_votes.get(&v).map(|c| names.show(*c)),
                since,
                last_mark: mark.map(|r| r.raw.clone()),
                cause,
            }
        })
        .collect();
    let host_voters = host_votes.len();
    let our_voters = our_votes.len();
    // The host's heading names another day than the tally's, or the two plainly count
    // different days.
    let other_day = count.day.is_some_and(|d| d != ours.phase.number)
        || (our_voters == 0 && host_voters >= 2)
        || (host_voters <= 1 && our_voters >= 3);
    let explained_by = if differences.is_empty() {
        None
    } else if other_day {
        Some(Explained::Phase)
    } else {
        let mut sides = differences.iter().map(|d| d.cause.and_then(Cause::side));
        let first = sides.next().flatten();
        sides.all(|s| s == first).then_some(first).flatten()
    };
    Some(CountCheck {
        post,
        phase: ours.phase,
        agrees: differences.is_empty(),
        host,
        ours: our_wagons,
        first_diverged: differences.iter().map(|d| d.since).min(),
        differences,
        unread,
        miscounted,
        listed_twice: twice,
        explained_by,
    })
}

/// What the replay noted about `slot`'s posts after `since` up to the count: a night post, a
/// dead player's post, a post under a name not known for the slot, a refused vote (in that
/// order of precedence).
fn noted_cause(at: &At<'_>, names: &Names, slot: usize, since: u64) -> Option<Cause> {
    let mut found: Option<Cause> = None;
    for item in at.review {
        let Some(post) = item.post else { continue };
        if post > at.post || post <= since {
            continue;
        }
        if item.who.as_deref().and_then(|w| names.voter(w)) != Some(slot) {
            continue;
        }
        let cause = match item.kind {
            ReviewKind::NightPost => Cause::NightPost,
            ReviewKind::DeadPlayerPosted => Cause::DeadPlayerPost,
            ReviewKind::NonPlayerPosted => Cause::UnknownPoster,
            // A post while a slot is open, with the record that would fill it.
            ReviewKind::Replacement if item.fix.is_some() => Cause::UnknownPoster,
            ReviewKind::RejectedVote | ReviewKind::VoteNotCounted | ReviewKind::VoteRefused => {
                Cause::VoteRefused
            }
            _ => continue,
        };
        if found.is_none_or(|f| rank(cause) < rank(f)) {
            found = Some(cause);
        }
    }
    found
}

/// Precedence of causes: the phase first, then deaths, replacements, refused votes.
fn rank(cause: Cause) -> u8 {
    match cause {
        Cause::NightPost => 0,
        Cause::DeadPlayerPost => 1,
        Cause::UnknownPoster => 2,
        Cause::VoteRefused => 3,
        Cause::HostKeptUnvoted => 4,
    }
}

/// `slot`'s last vote-like mark in the day's log at or before `post`.
fn last_mark<'a>(
    log: &'a [VoteRecord],
    names: &Names,
    slot: usize,
    post: u64,
) -> Option<&'a VoteRecord> {
    log.iter()
        .filter(|r| r.post <= post && names.voter(&r.voter) == Some(slot))
        .max_by_key(|r| r.post)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_compare_without_case_punctuation_or_curly_apostrophes() {
        assert_eq!(key(" Midnight’s  Sorrow, "), "midnight's sorrow");
        assert_eq!(key("@Bob!"), "bob");
        assert!(is_no_lynch("No-Lynch"));
        assert!(is_no_lynch("NL"));
        assert!(!is_no_lynch("Nolan"));
        assert!(is_remark("LYNCH!"));
    }
}
