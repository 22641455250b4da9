//! The HTML of the WWR pages (maud: every string a player or a host wrote is escaped). No
//! JavaScript: every action is a form that posts and is redirected back.

use jiff::Timestamp;
use mafia_wwr::chat::{Chosen, Line, PollView, Prompt, Room, Secondary};
use maud::{Markup, html};

use super::live::{Link, Live};
use crate::gm_auth::csrf_field;

/// Lines of a room, oldest first.
fn lines(lines: &[Line]) -> Markup {
    html! {
        @if lines.is_empty() {
            p.muted { "Nothing yet." }
        } @else {
            ol.lines {
                @for l in lines {
                    li {
                        span.muted { (l.phase) " " }
                        @if let Some(from) = &l.from { b { (from) } ": " }
                        (l.text)
                    }
                }
            }
        }
    }
}

fn phase_line(live: &Live) -> Markup {
    let view = &live.web().public;
    html! {
        p { "Phase: " b { (view.phase) }
            span.muted { " (began " time datetime=(live.row.phase_started) { (live.row.phase_started.strftime("%Y-%m-%d %H:%M UTC")) } ")" } }
        @if let Some(w) = &live.web().winners {
            p.notice {
                @if w.is_empty() { "The game is over: a draw." }
                @else { "The game is over: " (w.join(", ")) " won." }
            }
        } @else {
            (deadline_text(live.row.deadline))
        }
    }
}

/// A select of the players a prompt accepts, the living first, then the dead (marked);
/// with `nobody`, "(nobody)" first, posted as an empty value (no selection).
fn target_select(name: &str, legal: &[String], living: &[String], nobody: bool) -> Markup {
    let alive = |n: &&String| living.contains(n);
    html! {
        select name=(name) {
            @if nobody { option value="" { "(nobody)" } }
            @for n in legal.iter().filter(alive) { option value=(n) { (n) } }
            @for n in legal.iter().filter(|n| !alive(n)) { option value=(n) { (n) " (dead)" } }
        }
    }
}

/// A prompt's form, built from what the engine says the answer takes (never from its
/// text): a select of exactly the legal targets, a choice's options, a text box for free
/// text; "(nobody)" first when the engine takes the answer without a target. A prompt
/// that takes a target nobody can be now is shown without a form.
fn prompt_form(action: &str, p: &Prompt, living: &[String]) -> Markup {
    let no_one = p
        .selection
        .as_ref()
        .is_some_and(|s| s.is_empty() && !p.nobody)
        || matches!(&p.secondary, Some(Secondary::Players(s)) if s.is_empty());
    if no_one {
        return html! {
            div.prompt {
                p { code { (p.text) } }
                p.muted { "No one can be chosen now." }
            }
        };
    }
    html! {
        form.prompt method="post" action=(action) {
            input type="hidden" name="kind" value="use";
            input type="hidden" name="trigger" value=(p.trigger);
            @if let Some(k) = &p.key { input type="hidden" name="key" value=(k); }
            p { code { (p.text) } }
            @if let Some(legal) = &p.selection {
                label { "Target " (target_select("selection", legal, living, p.nobody)) } " "
            }
            @match &p.secondary {
                Some(Secondary::Players(legal)) => {
                    label { "Second target " (target_select("secondary", legal, living, false)) } " "
                }
                Some(Secondary::Free { kind }) => {
                    label { "Second " (kind) " " input name="secondary" required; } " "
                }
                None => {}
            }
            @match &p.chosen {
                Some(Chosen::Options(options)) => {
                    label { "Choose " select name="chosen" { @for o in options { option value=(o) { (o) } } } } " "
                }
                Some(Chosen::Free) => { label { "Choose " input name="chosen" required; } " " }
                None => {}
            }
            button { "Use" }
        }
    }
}

fn poll_votes(poll: &PollView) -> Markup {
    let mut tally: Vec<(String, usize)> = Vec::new();
    for (_, option) in &poll.votes {
        match tally.iter_mut().find(|(o, _)| o == option) {
            Some((_, n)) => *n += 1,
            None => tally.push((option.clone(), 1)),
        }
    }
    tally.sort_by_key(|t| std::cmp::Reverse(t.1));
    html! {
        @if poll.votes.is_empty() {
            p.muted { "No votes yet." }
        } @else {
            ul.tally { @for (o, n) in &tally { li { b { (o) } " — " (n) } } }
            p.muted { @for (i, (v, o)) in poll.votes.iter().enumerate() { @if i > 0 { "; " } (v) " → " (o) } }
        }
    }
}

fn poll_form(action: &str, poll: &PollView, mine: Option<&str>) -> Markup {
    html! {
        form.poll method="post" action=(action) {
            h3 { (poll.name) span.muted { " in #" (poll.channel) } }
            (poll_votes(poll))
            input type="hidden" name="kind" value="vote";
            input type="hidden" name="poll" value=(poll.name);
            select name="choice" {
                @for o in &poll.options {
                    @if mine == Some(o.as_str()) { option value=(o) selected { (o) } }
                    @else { option value=(o) { (o) } }
                }
                option value="" { "(withdraw my vote)" }
            }
            " " button { "Vote" }
        }
    }
}

/// The channel name a `Say` into a room takes (`me` for one's own room).
fn say_channel(me: &str, room: &Room) -> Option<String> {
    match room {
        Room::Player(p) if p == me => Some("me".into()),
        Room::Channel(c) => Some(c.clone()),
        _ => None,
    }
}

/// A player's page: their role card, prompts, polls and channels.
pub fn player_page(live: &Live, seat: usize, action: &str) -> Markup {
    let web = live.web();
    let me = live.seat_name(seat).unwrap_or_default().to_owned();
    let player = live.table.game().state.players.get(seat);
    let role = player.map(|p| p.role.as_str()).unwrap_or_default();
    let waiting = web.waiting.get(&me).cloned().unwrap_or_default();
    let refused = web.last.get(&me).cloned().flatten();
    let my_votes = |poll: &PollView| {
        poll.votes
            .iter()
            .find(|(v, _)| *v == me)
            .map(|(_, o)| o.clone())
    };
    html! {
        h1 { (me) }
        @if live.played_by(seat).is_some_and(|n| n != me) {
            p.muted { "Played by " (live.played_by(seat).unwrap_or_default()) }
        }
        (phase_line(live))
        @if player.is_some_and(|p| !p.alive) { p.notice { "You are dead." } }
        @if let Some(reason) = refused { p.notice.refused { "Your last action was refused: " (reason) } }
        h2 { "Your role: " (role) }
        @if let Some(card) = live.role_card(seat) { pre.card { (card) } }
        h2 { "What you may do now" }
        @if waiting.prompts.is_empty() && waiting.polls.is_empty() {
            p.muted { "Nothing to do now." }
        }
        @for p in &waiting.prompts { (prompt_form(action, p, &web.public.living)) }
        @for poll in &waiting.polls { (poll_form(action, poll, my_votes(poll).as_deref())) }
        h2 { "Your channels" }
        @for (room, title) in web.rooms_of(&me) {
            section.room {
                h3 { (title) }
                (lines(web.lines(&room)))
                @if let Some(channel) = say_channel(&me, &room).filter(|_| web.writes(&me, &room)) {
                    form method="post" action=(action) {
                        input type="hidden" name="kind" value="say";
                        input type="hidden" name="channel" value=(channel);
                        textarea name="text" rows="2" required {}
                        button { "Send" }
                    }
                }
            }
        }
        @let connections = live.table.game().connections_for(seat, None);
        @if !connections.is_empty() {
            h2 { "Whispering connections" }
            @for (name, to) in &connections {
                form.whisper method="post" action=(action) {
                    input type="hidden" name="kind" value="whisper";
                    input type="hidden" name="connection" value=(name);
                    label { "Whisper through " b { (name) } " to " (live.table.game().chan_title(to)) " "
                        textarea name="text" rows="2" required {} }
                    button { "Whisper" }
                }
            }
        }
        h2 { "The story" }
        (lines(web.lines(&Room::Public)))
    }
}

/// The public page: phase, the living and the dead, public polls and the story.
pub fn public_page(live: &Live) -> Markup {
    let web = live.web();
    let view = &web.public;
    html! {
        h1 { "WWR game " (live.row.slug) }
        (phase_line(live))
        h2 { "Living (" (view.living.len()) ")" }
        ul.living { @for n in &view.living { li { (n) } } }
        h2 { "Dead (" (view.dead.len()) ")" }
        ul.dead { @for d in &view.dead { li { (d.name) " — " (d.role) } } }
        @if !view.polls.is_empty() {
            h2 { "Polls" }
            @for poll in &view.polls { section.poll { h3 { (poll.name) } (poll_votes(poll)) } }
        }
        h2 { "The story" }
        (lines(web.lines(&Room::Public)))
    }
}

fn deadline_text(deadline: Option<Timestamp>) -> Markup {
    html! {
        @match deadline {
            Some(d) => {
                @let left = (d.as_second() - Timestamp::now().as_second()).max(0);
                p { "The phase ends by itself at " time datetime=(d) { (d.strftime("%Y-%m-%d %H:%M:%S UTC")) }
                    " (in " (left / 60) " min " (left % 60) " s)." }
            }
            None => p.muted { "No deadline: the phase ends when the host ends it." },
        }
    }
}

/// The host's page: everything, with the host's forms.
pub fn host_page(live: &Live, csrf: &str) -> Markup {
    let web = live.web();
    let state = &live.table.game().state;
    let slug = &live.row.slug;
    let action = format!("/w/{slug}/host");
    let over = web.winners.is_some();
    html! {
        h1 { "Hosting " (slug) }
        p { a href={ "/w/" (slug) } { "Public page" } " · setup " code { (live.row.setup_name) } }
        (phase_line(live))
        @if !over {
            form method="post" action=(action) {
                (csrf_field(csrf))
                input type="hidden" name="action" value="next";
                button { "End the phase now" }
            }
            form method="post" action=(action) {
                (csrf_field(csrf))
                input type="hidden" name="action" value="deadline";
                label { "End the phase in " input name="minutes" type="number" min="0" max="100000" required; " minutes " }
                button { "Set the deadline" }
            }
        }
        h2 { "Players" }
        table {
            tr { th { "Seat" } th { "Role" } th { "Waiting for" } th { "Replace" } }
            @for (i, p) in state.players.iter().enumerate() {
                tr class=(if p.alive { "alive" } else { "dead" }) {
                    td { b { (p.name) }
                        @if let Some(by) = live.played_by(i).filter(|n| *n != p.name) { br; span.muted { "played by " (by) } }
                        @if !p.alive { br; span.muted { "dead" } } }
                    td { (p.role) br; span.muted { (p.alignment) } }
                    td {
                        @if let Some(w) = web.waiting.get(&p.name) {
                            @for pr in &w.prompts { code { (pr.text) } br; }
                            @for poll in &w.polls { "vote: " (poll.name) br; }
                        }
                    }
                    td {
                        form method="post" action=(action) {
                            (csrf_field(csrf))
                            input type="hidden" name="action" value="replace";
                            input type="hidden" name="seat" value=(i);
                            input name="name" placeholder="new player" required;
                            button { "Replace" }
                        }
                        form method="post" action=(action) {
                            (csrf_field(csrf))
                            input type="hidden" name="action" value="link";
                            input type="hidden" name="seat" value=(i);
                            button { "New link" }
                        }
                    }
                }
            }
        }
        h2 { "Co-hosts" }
        form method="post" action=(action) {
            (csrf_field(csrf))
            input type="hidden" name="action" value="cohost";
            label { "Add the GM account " input name="name" required; " as a co-host " }
            button { "Add" }
        }
        @if !web.refused.is_empty() {
            h2 { "Refused inputs" }
            ul { @for (n, who, why) in &web.refused { li { "#" (n) " " b { (who) } ": " (why) } } }
        }
        h2 { "Rooms" }
        @for (room, title) in host_rooms(live) {
            section.room { h3 { (title) } (lines(web.lines(&room))) }
        }
    }
}

/// Every room the host reads: the story, the host's log, then each channel.
fn host_rooms(live: &Live) -> Vec<(Room, String)> {
    let mut out = vec![
        (Room::Public, "The story".to_owned()),
        (Room::Host, "Host log".to_owned()),
    ];
    for a in &live.web().access {
        out.push((a.room.clone(), a.title.clone()));
    }
    for room in live.web().rooms.keys() {
        if !out.iter().any(|(r, _)| r == room) {
            let title = match room {
                Room::Player(p) | Room::Channel(p) => p.clone(),
                Room::Public | Room::Host => continue,
            };
            out.push((room.clone(), title));
        }
    }
    out
}

/// The links of new or replaced players: shown once, never stored.
pub fn links_page(slug: &str, links: &[Link]) -> Markup {
    html! {
        h1 { "Player links for " (slug) }
        p.notice { "Each link is shown only now: send each player theirs. A lost link is replaced with “New link” on the host page." }
        table {
            tr { th { "Seat" } th { "Player" } th { "Link" } }
            @for l in links {
                tr { td { (l.seat + 1) } td { (l.name) } td { a.link href={ "/w/" (slug) "/p/" (l.token) } { "/w/" (slug) "/p/" (l.token) } } }
            }
        }
        p { a href={ "/w/" (slug) "/host" } { "Host page" } }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prompt(text: &str) -> Prompt {
        Prompt {
            trigger: "Immediate Night".into(),
            key: None,
            text: text.into(),
            selection: None,
            nobody: false,
            secondary: None,
            chosen: None,
        }
    }

    fn names(ns: &[&str]) -> Vec<String> {
        ns.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn a_target_select_lists_exactly_the_legal_targets_living_first() {
        // The engine accepts Dave (dead) and Alice; Bob is alive but not accepted.
        let p = Prompt {
            selection: Some(names(&["Dave", "Alice"])),
            ..prompt("Immediate Night: Target @Selection (Dead)")
        };
        let html = prompt_form("/a", &p, &names(&["Alice", "Bob"])).into_string();
        assert!(
            html.contains(
                r#"<select name="selection"><option value="Alice">Alice</option><option value="Dave">Dave (dead)</option></select>"#
            ),
            "{html}"
        );
        assert!(!html.contains("Bob"), "{html}");
        assert!(!html.contains(r#"name="chosen""#), "{html}");
    }

    #[test]
    fn a_choice_offers_its_options_and_a_free_secondary_a_text_box() {
        let p = Prompt {
            trigger: "Immediate Day".into(),
            chosen: Some(Chosen::Options(names(&["Current Role", "Final Role"]))),
            secondary: Some(Secondary::Free {
                kind: "role".into(),
            }),
            ..prompt(
                "Immediate Day: `Detective` Choice Choose @Chosen (@Chosen = one of Current Role, Final Role)",
            )
        };
        let html = prompt_form("/a", &p, &[]).into_string();
        assert!(
            html.contains(
                r#"<select name="chosen"><option value="Current Role">Current Role</option><option value="Final Role">Final Role</option></select>"#
            ),
            "{html}"
        );
        assert!(
            html.contains(r#"<input name="secondary" required>"#),
            "{html}"
        );
        assert!(!html.contains(r#"name="selection""#), "{html}");
    }

    #[test]
    fn a_prompt_nobody_can_answer_now_is_text_without_a_form() {
        let p = Prompt {
            selection: Some(Vec::new()),
            ..prompt("Immediate Night: Target @Selection (Dead)")
        };
        let html = prompt_form("/a", &p, &names(&["Alice"])).into_string();
        assert!(html.contains("No one can be chosen now."), "{html}");
        assert!(!html.contains("<form"), "{html}");
        assert!(!html.contains("<select"), "{html}");
    }

    #[test]
    fn an_optional_target_offers_nobody_first() {
        // townsfolk/killing/huntress: `Immediate: Target @Selection (Player Optional)`;
        // the engine takes the answer without a selection (`nobody`), which the route posts
        // as an empty `selection` (no `@Selection` in the act line).
        let p = Prompt {
            trigger: "Immediate".into(),
            key: Some("targeting.change.player".into()),
            selection: Some(names(&["Alice", "Eve"])),
            nobody: true,
            ..prompt("Immediate |targeting.change.player|: Target @Selection (Player Optional)")
        };
        let html = prompt_form("/a", &p, &names(&["Alice", "Eve"])).into_string();
        assert!(
            html.contains(
                r#"<select name="selection"><option value="">(nobody)</option><option value="Alice">Alice</option><option value="Eve">Eve</option></select>"#
            ),
            "{html}"
        );
    }

    #[test]
    fn an_optional_target_with_no_player_left_still_offers_nobody() {
        let p = Prompt {
            selection: Some(Vec::new()),
            nobody: true,
            ..prompt("Immediate: Target @Selection (Player Optional)")
        };
        let html = prompt_form("/a", &p, &[]).into_string();
        assert!(html.contains("<form"), "{html}");
        assert!(
            html.contains(
                r#"<select name="selection"><option value="">(nobody)</option></select>"#
            ),
            "{html}"
        );
        assert!(!html.contains("No one can be chosen now."), "{html}");
    }
}
