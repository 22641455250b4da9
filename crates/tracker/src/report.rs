//! Reports of a [`Status`]: text for the terminal, JSON for programs, and BBCode: a vote count
//! a host pastes into the game thread.

use std::fmt::Write as _;
use std::str::FromStr;

use jiff::Zoned;

use crate::config::MajorityProfile;
use crate::merge::post_name;
use crate::schedule::Deadline;
use crate::state::{DayResult, DeadLine, Status};
use crate::status::VoteRecord;
use crate::tally::{Tally, Wagon};

/// A report format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    #[default]
    Text,
    Json,
    Bbcode,
}

/// A report format name that is not one of `text`, `json`, `bbcode` (as written, trimmed and
/// in lower case).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown format `{0}` (expected text, json or bbcode)")]
pub struct UnknownFormat(pub String);

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Format, UnknownFormat> {
        match s.trim().to_ascii_lowercase().as_str() {
            "text" => Ok(Format::Text),
            "json" => Ok(Format::Json),
            "bbcode" => Ok(Format::Bbcode),
            other => Err(UnknownFormat(other.to_owned())),
        }
    }
}

/// Renders a status in a format.
pub fn render(status: &Status, format: Format) -> Result<String, serde_json::Error> {
    Ok(match format {
        Format::Text => text(status),
        Format::Json => json(status)?,
        Format::Bbcode => bbcode(status),
    })
}

/// The status as pretty JSON (the [`Status`] structure).
pub fn json(status: &Status) -> Result<String, serde_json::Error> {
    let mut s = serde_json::to_string_pretty(status)?;
    s.push('\n');
    Ok(s)
}

/// The dead as a host lists them: in the order the deaths were announced (one post's deaths
/// in the order of the player list). Shared by the reports and the status page.
pub fn in_order_of_death(dead: &[DeadLine]) -> Vec<&DeadLine> {
    let mut list: Vec<&DeadLine> = dead.iter().collect();
    list.sort_by_key(|d| d.post);
    list
}

/// A deadline as hosts write it: `Sun 2026-03-29 21:00 CEST`.
pub fn when(at: &Zoned) -> String {
    at.strftime("%a %Y-%m-%d %H:%M %Z").to_string()
}

fn deadline_text(d: &Deadline) -> String {
    match &d.at {
        Some(at) => format!("{}: {}", d.phase, when(at)),
        None => format!("{}: when the GM says", d.phase),
    }
}

fn list_or_nobody(names: &[String]) -> String {
    if names.is_empty() {
        "nobody".to_string()
    } else {
        names.join(", ")
    }
}

fn names_with_replaced(name: &str, replaced: &[String]) -> String {
    if replaced.is_empty() {
        name.to_string()
    } else {
        format!("{name} (replacing {})", replaced.join(", "))
    }
}

/// The vote count's rule line (`5 alive, majority 3, a wagon locks at 4`; under the
/// plurality profile, `5 alive, the most votes at the deadline lynch`), shared by the text
/// report and the status page.
pub fn majority_line(t: &Tally, profile: MajorityProfile) -> String {
    if profile == MajorityProfile::Plurality {
        return format!("{} alive, the most votes at the deadline lynch", t.living);
    }
    let mut s = format!("{} alive, majority {}", t.living, t.majority);
    match (profile, t.lock_at) {
        (MajorityProfile::Lock, Some(lock)) => {
            let _ = write!(s, ", a wagon locks at {lock}");
        }
        (MajorityProfile::Hammer, _) => s.push_str(", majority ends the day"),
        _ => {}
    }
    s
}

/// A wagon's count as hosts write it (`3, L-1`, `4, majority`; under the plurality profile
/// only `3`, as L-n means nothing when the most votes lynch), shared by the reports and the
/// status page.
pub fn wagon_count(w: &Wagon, profile: MajorityProfile) -> String {
    match (profile, w.short_of_majority) {
        (MajorityProfile::Plurality, _) => w.votes.to_string(),
        (_, 0) => format!("{}, majority", w.votes),
        (_, short) => format!("{}, L-{short}", w.votes),
    }
}

fn wagon_label(w: &Wagon, profile: MajorityProfile) -> String {
    let mut s = wagon_count(w, profile);
    if w.locked {
        s.push_str(", LOCKED");
    }
    s
}

fn day_summary(d: &DayResult) -> String {
    let top = d.tally.wagons.first();
    let mut s = match top {
        Some(w) => format!(
            "{} ended with {} on {} votes",
            d.phase, w.candidate, w.votes
        ),
        None => format!("{} ended without votes", d.phase),
    };
    if let Some((who, post)) = &d.hammer {
        let _ = write!(s, " (hammered: {who}, {})", post_name(*post));
    } else if let Some(w) = top.filter(|w| w.locked) {
        let _ = write!(s, " ({} locked)", w.candidate);
    }
    s
}

/// The status for a terminal.
pub fn text(s: &Status) -> String {
    let mut out = String::new();
    let after = s.last_post.map_or_else(
        || "no posts yet".to_string(),
        |n| format!("after {}", post_name(n)),
    );
    let _ = writeln!(out, "{} — {} ({after})", s.game, s.phase);
    if s.game_over {
        match &s.winner {
            Some(side) => {
                let _ = writeln!(out, "The game is over: {side} won.");
            }
            None => {
                let _ = writeln!(out, "The game is over.");
            }
        }
    } else {
        match &s.deadline.at {
            Some(at) => {
                let _ = writeln!(out, "Deadline: {}", when(at));
            }
            None => {
                let _ = writeln!(out, "Deadline: none (the GM announces phase changes)");
            }
        }
        if !s.upcoming.is_empty() {
            let list: Vec<String> = s.upcoming.iter().map(deadline_text).collect();
            let _ = writeln!(out, "Next deadlines: {}", list.join("; "));
        }
    }
    let _ = writeln!(out);
    let alive: Vec<String> = s
        .alive
        .iter()
        .map(|p| names_with_replaced(&p.name, &p.replaced))
        .collect();
    let _ = writeln!(out, "Alive ({}): {}", alive.len(), alive.join(", "));
    let _ = writeln!(out, "Dead ({}):", s.dead.len());
    for d in in_order_of_death(&s.dead) {
        let _ = writeln!(
            out,
            "  {} ({}, {}): {}",
            names_with_replaced(&d.name, &d.replaced),
            d.phase,
            post_name(d.post),
            d.comment
        );
    }
    match &s.tally {
        Some(t) => {
            let _ = writeln!(out);
            let _ = writeln!(out, "Votes ({}):", majority_line(t, s.majority_profile));
            if t.wagons.is_empty() {
                let _ = writeln!(out, "  no votes yet");
            }
            for w in &t.wagons {
                let _ = writeln!(
                    out,
                    "  {} ({}): {}",
                    w.candidate,
                    wagon_label(w, s.majority_profile),
                    w.voters.join(", ")
                );
            }
            let _ = writeln!(
                out,
                "  Not voting ({}): {}",
                t.not_voting.len(),
                list_or_nobody(&t.not_voting)
            );
            if let Some((who, post)) = &s.hammer {
                let _ = writeln!(out, "  Hammered: {who} at {}", post_name(*post));
            }
            if let Some(leader) = &t.leader {
                let _ = writeln!(out, "  Set to be lynched: {leader}");
            }
        }
        None if s.game_over => {}
        None => {
            let _ = writeln!(out);
            let _ = writeln!(out, "No votes at {}.", s.phase);
        }
    }
    if !s.previous_days.is_empty() {
        let _ = writeln!(out);
        for d in &s.previous_days {
            let _ = writeln!(out, "{}", day_summary(d));
        }
    }
    let _ = writeln!(out);
    if s.review.is_empty() {
        let _ = writeln!(out, "GM review: nothing to check.");
    } else {
        let _ = writeln!(out, "GM review ({}):", s.review.len());
        for r in &s.review {
            let place = r.post.map_or_else(
                || r.phase.to_string(),
                |p| format!("{}, {}", post_name(p), r.phase),
            );
            let _ = writeln!(out, "  [{place}] {}", r.message);
            if let Some(fix) = &r.fix {
                let _ = writeln!(out, "    to fix, add to the game file:");
                for line in fix.lines() {
                    let _ = writeln!(out, "      {line}");
                }
            }
        }
    }
    out
}

/// A forum's tag that shows a live countdown to a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CountdownTag {
    /// The forum has none: the deadline is written as text.
    #[default]
    None,
    /// mafiascum.net's `[countdown]yyyy-mm-dd hh:mm:ss timezone[/countdown]` (as its players
    /// quote it: fixture thread mafiascum 26373, post 227), written in UTC.
    Mafiascum,
}

impl CountdownTag {
    /// The countdown tag of the forum that hosts a thread, from the thread's address.
    pub fn for_thread(thread_url: &str) -> CountdownTag {
        let host = thread_url
            .split_once("://")
            .map_or(thread_url, |(_, rest)| rest)
            .split(['/', '?', '#'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        if host == "mafiascum.net" || host.ends_with(".mafiascum.net") {
            CountdownTag::Mafiascum
        } else {
            CountdownTag::None
        }
    }
}

/// How a BBCode vote count is written for one game's forum.
#[derive(Default)]
pub struct CountStyle<'a> {
    /// The forum's countdown tag for the deadline.
    pub countdown: CountdownTag,
    /// The address of a post by its number, when the forum's post addresses are known.
    pub post_url: Option<&'a dyn Fn(u64) -> Option<String>>,
}

impl CountStyle<'_> {
    fn post_ref(&self, post: u64) -> String {
        match self.post_url.and_then(|f| f(post)) {
            Some(url) => format!("[url={url}]{post}[/url]"),
            None => post.to_string(),
        }
    }

    fn voter(&self, name: &str, post: Option<u64>) -> String {
        match (post, self.post_url) {
            (Some(p), Some(f)) => match f(p) {
                Some(url) => format!("[url={url}]{name}[/url]"),
                None => format!("{name} (#{p})"),
            },
            (Some(p), None) => format!("{name} (#{p})"),
            (None, _) => name.to_string(),
        }
    }

    fn deadline(&self, at: &Zoned) -> String {
        let utc = at.with_time_zone(jiff::tz::TimeZone::UTC);
        match self.countdown {
            CountdownTag::Mafiascum => format!(
                "[countdown]{}[/countdown] ({})",
                utc.strftime("%Y-%m-%d %H:%M:%S UTC"),
                when(at)
            ),
            CountdownTag::None if at.time_zone() == &jiff::tz::TimeZone::UTC => {
                format!("[b]{}[/b]", when(at))
            }
            CountdownTag::None => format!("[b]{}[/b] ({})", when(at), utc.strftime("%a %H:%M UTC")),
        }
    }
}

/// A vote count to paste into the thread, written without forum links or countdown.
pub fn bbcode(s: &Status) -> String {
    bbcode_with(s, &CountStyle::default())
}

/// The post of each voter's current vote: their last counted mark of the day.
fn vote_post(votes: &[VoteRecord], voter: &str) -> Option<u64> {
    votes
        .iter()
        .rev()
        .find(|v| v.counted && v.voter == voter)
        .map(|v| v.post)
}

/// The count's running number within its day: one per counted vote or unvote so far (each
/// changes the count).
fn count_number(votes: &[VoteRecord]) -> usize {
    votes.iter().filter(|v| v.counted).count()
}

fn wagon_lines(
    out: &mut String,
    t: &Tally,
    votes: &[VoteRecord],
    profile: MajorityProfile,
    style: &CountStyle,
) {
    if t.wagons.is_empty() {
        let _ = writeln!(out, "No votes yet.");
    }
    for w in &t.wagons {
        let voters: Vec<String> = w
            .voters
            .iter()
            .map(|v| style.voter(v, vote_post(votes, v)))
            .collect();
        let _ = writeln!(
            out,
            "[b]{} ({}):[/b] {}",
            w.candidate,
            wagon_label(w, profile),
            voters.join(", ")
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "[b]Not voting ({}):[/b] {}",
        t.not_voting.len(),
        list_or_nobody(&t.not_voting)
    );
}

/// Who cast the vote at a hammer post.
fn hammerer(votes: &[VoteRecord], post: u64) -> Option<&str> {
    votes
        .iter()
        .rev()
        .find(|v| v.counted && v.post == post)
        .map(|v| v.voter.as_str())
}

/// A vote count to paste into the thread: `Vote Count 2.3` (the day and the count's number
/// within it), as of which post, each wagon as `Name (n, L-m): voter, voter` with each vote
/// linked to its post (or its number), who is not voting, the rule, the deadline (the forum's
/// countdown tag where it has one), and the dead; after a hammer, the final count with who
/// hammered.
pub fn bbcode_with(s: &Status, style: &CountStyle) -> String {
    let mut out = String::new();
    let final_day = match (&s.tally, s.previous_days.last()) {
        (None, Some(d)) if d.hammer.is_some() => Some(d),
        _ => None,
    };
    if let Some(d) = final_day {
        let (lynched, post) = d.hammer.clone().unwrap_or_default();
        let _ = writeln!(
            out,
            "[b]{} — Final Vote Count {}.{}[/b] ({}, as of post {})",
            s.game,
            d.phase.number,
            count_number(&d.votes),
            d.phase,
            style.post_ref(post)
        );
        let _ = writeln!(out);
        wagon_lines(&mut out, &d.tally, &d.votes, s.majority_profile, style);
        let _ = writeln!(out);
        match hammerer(&d.votes, post) {
            Some(who) => {
                let _ = writeln!(
                    out,
                    "[b]{lynched}[/b] was hammered by {who} in post {}.",
                    style.post_ref(post)
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "[b]{lynched}[/b] was hammered in post {}.",
                    style.post_ref(post)
                );
            }
        }
    } else {
        let as_of = s.last_post.map_or_else(
            || "no posts yet".to_string(),
            |n| format!("as of post {}", style.post_ref(n)),
        );
        match &s.tally {
            Some(_) => {
                let _ = writeln!(
                    out,
                    "[b]{} — Vote Count {}.{}[/b] ({}, {as_of})",
                    s.game,
                    s.phase.number,
                    count_number(&s.votes),
                    s.phase
                );
            }
            None => {
                let _ = writeln!(out, "[b]{} — {}[/b] ({as_of})", s.game, s.phase);
            }
        }
        let _ = writeln!(out);
    }
    if s.game_over {
        let _ = writeln!(out, "The game is over.");
    }
    match (&s.tally, final_day) {
        (Some(t), _) => {
            wagon_lines(&mut out, t, &s.votes, s.majority_profile, style);
            let _ = writeln!(out);
            let mut rule = if s.majority_profile == MajorityProfile::Plurality {
                let mut rule = format!(
                    "With {} alive, whoever has the most votes at the deadline is lynched (a tie \
                     goes to whoever reached that many votes first).",
                    t.living
                );
                if let Some(leader) = &t.leader {
                    let _ = write!(rule, " Currently, {leader} is set to be lynched.");
                }
                rule
            } else {
                format!(
                    "With {} alive, it takes {} votes to lynch.",
                    t.living, t.majority
                )
            };
            if let (MajorityProfile::Lock, Some(lock)) = (s.majority_profile, t.lock_at) {
                let _ = write!(
                    rule,
                    " A wagon with {lock} votes is locked and its votes cannot be removed."
                );
            }
            let _ = writeln!(out, "{rule}");
            if let Some((who, post)) = &s.hammer {
                let by = hammerer(&s.votes, *post).map_or_else(String::new, |v| format!(" by {v}"));
                let _ = writeln!(
                    out,
                    "[b]{who}[/b] was hammered{by} in post {}.",
                    style.post_ref(*post)
                );
            }
        }
        (None, Some(_)) => {}
        (None, None) => {
            if let Some(d) = s.previous_days.last() {
                let _ = writeln!(out, "{}.", day_summary(d));
            }
        }
    }
    if !s.game_over {
        if let Some(at) = &s.deadline.at {
            let _ = writeln!(
                out,
                "Deadline ({}): {}",
                s.deadline.phase,
                style.deadline(at)
            );
        }
    }
    if !s.dead.is_empty() {
        let _ = writeln!(out);
        let _ = writeln!(out, "[b]Dead:[/b]");
        for d in in_order_of_death(&s.dead) {
            let _ = writeln!(out, "[s]{}[/s] — {}", d.name, d.comment);
        }
    }
    out
}
