//! Small builders so a test reads as a scenario: a game file in a few lines of TOML, and
//! posts written with `**bold**` and `[vote]tag[/vote]` markers.
#![allow(dead_code)]

use jiff::Timestamp;
use mafia_posts::{Body, Edited, Line, Post, Span, SpanKind};
use mafia_tracker::{Game, Tracker};

/// A line written with `**bold**` and `[vote]…[/vote]` markers.
pub fn line(marked: &str) -> Line {
    let mut text = String::new();
    let mut spans = Vec::new();
    let mut rest = marked;
    let mut open: Option<(usize, SpanKind)> = None;
    loop {
        let next = [
            ("**", SpanKind::Bold),
            ("[vote]", SpanKind::VoteTag),
            ("[/vote]", SpanKind::VoteTag),
        ]
        .iter()
        .filter_map(|(m, k)| rest.find(m).map(|i| (i, *m, *k)))
        .min_by_key(|(i, _, _)| *i);
        let Some((i, m, kind)) = next else {
            text.push_str(rest);
            break;
        };
        text.push_str(&rest[..i]);
        rest = &rest[i + m.len()..];
        match open.take() {
            Some((start, k)) if k == kind => spans.push(Span {
                range: start..text.len(),
                kind,
            }),
            Some(other) => {
                open = Some(other);
            }
            None => open = Some((text.len(), kind)),
        }
    }
    spans.sort_by_key(|s| s.range.start);
    Line { text, spans }
}

/// A body from marked lines.
pub fn body(lines: &[&str]) -> Body {
    Body {
        lines: lines.iter().map(|l| line(l)).collect(),
    }
}

/// A post at a local time of the test games' zone (UTC), "2026-03-02 18:00".
pub fn post_at(number: u64, author: &str, at: &str, lines: &[&str]) -> Post {
    Post {
        id: format!("p{number}"),
        number,
        author: author.to_string(),
        time: Some(utc(at)),
        edited: None,
        body: body(lines),
    }
}

/// A post without a timestamp.
pub fn post(number: u64, author: &str, lines: &[&str]) -> Post {
    Post {
        time: None,
        ..post_at(number, author, "2026-03-01 00:00", lines)
    }
}

pub fn edited(mut p: Post) -> Post {
    p.edited = Some(Edited::Yes);
    p
}

pub fn utc(at: &str) -> Timestamp {
    let dt: jiff::civil::DateTime = at.parse().expect("test time");
    dt.to_zoned(jiff::tz::TimeZone::UTC)
        .expect("utc")
        .timestamp()
}

/// A game in UTC: Day 1 ends 2026-03-03 18:00, days 48h, nights 24h, with the given players
/// and extra TOML lines (e.g. a `[rules]` table).
pub fn game(players: &[&str], extra: &str) -> Game {
    let list: Vec<String> = players.iter().map(|p| format!("{p:?}")).collect();
    let text = format!(
        "name = \"Test\"\ngms = [\"GM\"]\nzone = \"UTC\"\nfirst_phase = \"Day 1\"\n\
         first_deadline = \"2026-03-03 18:00\"\nday_length = \"48h\"\nnight_length = \"24h\"\n\
         players = [{}]\n{extra}",
        list.join(", ")
    );
    Game::parse(&text, "test.toml").expect("test game file")
}

pub fn tracker(players: &[&str], extra: &str) -> Tracker {
    Tracker::new(game(players, extra)).expect("tracker")
}

/// The wagons of the running day as `(candidate, votes)`.
pub fn wagons(t: &Tracker) -> Vec<(String, usize)> {
    t.tally_now()
        .wagons
        .into_iter()
        .map(|w| (w.candidate, w.votes))
        .collect()
}

/// The wagons with their voters.
pub fn wagon_voters(t: &Tracker) -> Vec<(String, Vec<String>)> {
    t.tally_now()
        .wagons
        .into_iter()
        .map(|w| (w.candidate, w.voters))
        .collect()
}

/// The running day's wagons with their voters; panics if no day is running.
pub fn day_wagons(t: &Tracker) -> Vec<(String, Vec<String>)> {
    t.status()
        .tally
        .expect("a day")
        .wagons
        .into_iter()
        .map(|w| (w.candidate, w.voters))
        .collect()
}

/// A wagon as [`wagon_voters`] and [`day_wagons`] list it.
pub fn wagon(candidate: &str, voters: &[&str]) -> (String, Vec<String>) {
    (candidate.to_string(), names(voters))
}

pub fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// The review list as `(kind, who)` pairs.
pub fn reviewed(t: &Tracker) -> Vec<(mafia_tracker::review::ReviewKind, Option<String>)> {
    t.review().iter().map(|r| (r.kind, r.who.clone())).collect()
}

/// Whether the review list has an item of this kind about this person.
pub fn flagged(t: &Tracker, kind: mafia_tracker::review::ReviewKind, who: &str) -> bool {
    t.review()
        .iter()
        .any(|r| r.kind == kind && r.who.as_deref() == Some(who))
}

/// A post as mafiascum.net renders it (HTML), normalised; numbered from 10 on, so that no test
/// post is the thread's opening post (whose commands are not applied).
pub fn mafiascum_post(number: u64, author: &str, minute: u64, body: &str) -> Post {
    mafiascum_post_at(
        number + 10,
        author,
        &format!("2026-03-02 12:{:02}", minute % 60),
        body,
    )
}

/// A post as mafiascum.net renders it (HTML), normalised as the pipeline does, with the
/// thread's own number (0 is the opening post), made at a local time of the test games' zone
/// (UTC).
pub fn mafiascum_post_at(number: u64, author: &str, at: &str, body: &str) -> Post {
    mafia_posts::RawPost {
        id: format!("p{number}"),
        number,
        author: author.to_string(),
        time: Some(utc(at)),
        edited: None,
        body: mafia_posts::Markup::Html(body.to_string()),
    }
    .normalise()
}

/// A post as mafiascum.net renders it (HTML), normalised, with the thread's own number, made
/// at minute `number % 60` of `hour`, a local time of the test game's zone (UTC) such as
/// "2026-03-02 12": a thread's posts a minute apart.
pub fn mafiascum_post_in_hour(hour: &str, number: u64, author: &str, html: &str) -> Post {
    mafiascum_post_at(number, author, &format!("{hour}:{:02}", number % 60), html)
}

/// [`mafiascum_post_in_hour`] on 2 March 2026 from 12:00, Day 1 of the test games.
pub fn mafiascum_post_numbered(number: u64, author: &str, html: &str) -> Post {
    mafiascum_post_in_hour("2026-03-02 12", number, author, html)
}

/// Bold, as mafiascum renders `[b]…[/b]`.
pub fn mafiascum_bold(text: &str) -> String {
    format!("<div style=\"display:inline;font-weight:bold\">{text}</div>")
}

/// A bold vote as mafiascum renders `[b]Vote: X[/b]`.
pub fn mafiascum_bold_vote(name: &str) -> String {
    mafiascum_bold(&format!("Vote: {name}"))
}

/// A vote tag as mafiascum renders `[vote]X[/vote]` (fixtures README; thread 16214, post 15:
/// `VOTE: EMPKing`).
pub fn mafiascum_vote_tag(name: &str) -> String {
    format!("<span class=\"bbvote\" title=\"This is an official vote.\">VOTE: {name}</span>")
}

/// A quote as mafiascum renders `[quote="WHO"]…[/quote]`.
pub fn mafiascum_quote(who: &str, text: &str) -> String {
    format!("<blockquote><div><cite>{who} wrote:</cite>{text}</div></blockquote>")
}

/// The dead list as `(name, phase of the death)`.
pub fn dead_in_phases(t: &Tracker) -> Vec<(String, mafia_tracker::phase::Phase)> {
    t.status()
        .dead
        .iter()
        .map(|d| (d.name.clone(), d.phase))
        .collect()
}
