#![allow(dead_code)] // each test file uses a part of the helpers

//! The page-driven random game (issue 15, web play on setups it was not shaped on): a GM
//! creates a game on the dashboard, then every phase each seat's page is read, every form on
//! it is filled at random (a select gets one of its options, a text field one of
//! [`TEXTS`], hostile ones among them) and posted as a browser would, and the host ends the
//! phase, until the public page says the game is over or the phase cap. Every step is
//! checked (see [`Run::play`]); what fails is collected, so one run lists every failure.
//! Everything is drawn from one seeded ChaCha8, and the games are dealt from fixed seeds, so
//! a seed replays a run.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use axum::http::StatusCode;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use scraper::{ElementRef, Html, Node, Selector};

use crate::common::{Reply, Site};

/// What a text field or a textarea gets: ordinary words, hostile markup, a template, a
/// right-to-left mark, an act line inside a message, two lines; and (see [`LONG`]) 3,000
/// characters.
pub const TEXTS: [&str; 8] = [
    "<script>alert(1)</script>",
    "\"><img src=x onerror=1>",
    "{{x}}",
    "\u{200f}שלום with a right-to-left mark",
    "Ada: Vote Lynch Bram",
    "plain words, nothing more",
    "two\nlines",
    "O'Brien & sons <b>bold</b>",
];

/// The length of the long text.
pub const LONG: usize = 3000;

/// Strings no page may contain as written: markup a player wrote, unescaped.
pub const RAW: [&str; 4] = [
    "<script>alert(1)",
    "<img src=x",
    "<b>bold</b>",
    "<i>Ivo</i>",
];

/// The fixture role book.
pub fn book() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures/wwr-roles"
    ))
    .canonicalize()
    .expect("the fixture role book")
}

/// The hand-made setups (`crates/server/tests/wwr_setups`).
pub fn setups_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/wwr_setups"))
}

/// A TOML basic string.
pub fn toml_str(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// What the pages escape (maud: `&`, `<`, `>`, `"`).
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// One form of a page: where it posts and its fields as filled.
#[derive(Debug, Clone)]
pub struct Form {
    pub action: String,
    pub fields: Vec<(String, String)>,
}

impl Form {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

fn sel(s: &str) -> Selector {
    Selector::parse(s).expect("a selector")
}

/// The seeded choices of a run.
pub struct Dice(ChaCha8Rng);

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice(ChaCha8Rng::seed_from_u64(seed))
    }
    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }
    pub fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
    /// A text for a text field.
    pub fn text(&mut self) -> String {
        match self.below(TEXTS.len() + 1) {
            i if i < TEXTS.len() => TEXTS[i].to_owned(),
            _ => "long ".repeat(LONG / 5),
        }
    }
}

/// Every `form` of a page, each field filled as a browser sends it: hidden inputs as
/// written, a select one of its options at random, a text input or textarea a random text.
pub fn fill_forms(page: &str, dice: &mut Dice) -> Vec<Form> {
    fill_forms_of(&Html::parse_document(page), dice)
}

/// [`fill_forms`] of a parsed page.
pub fn fill_forms_of(doc: &Html, dice: &mut Dice) -> Vec<Form> {
    let fields = sel("input, select, textarea");
    let options = sel("option");
    let mut out = Vec::new();
    for form in doc.select(&sel("form")) {
        let action = form.value().attr("action").unwrap_or_default().to_owned();
        let mut filled = Vec::new();
        for field in form.select(&fields) {
            let el = field.value();
            let Some(name) = el.attr("name") else {
                continue;
            };
            let value = match el.name() {
                "select" => {
                    let values: Vec<String> = field
                        .select(&options)
                        .map(|o| {
                            o.value()
                                .attr("value")
                                .map(str::to_owned)
                                .unwrap_or_else(|| o.text().collect())
                        })
                        .collect();
                    if values.is_empty() {
                        continue;
                    }
                    dice.pick(&values).clone()
                }
                "textarea" => dice.text(),
                _ => match el.attr("type").unwrap_or("text") {
                    "hidden" => el.attr("value").unwrap_or_default().to_owned(),
                    "number" => dice.below(10).to_string(),
                    "submit" | "button" => continue,
                    _ => dice.text(),
                },
            };
            filled.push((name.to_owned(), value));
        }
        out.push(Form {
            action,
            fields: filled,
        });
    }
    out
}

/// The text of a page outside what may legitimately name other roles: role cards (`pre`),
/// the lines of rooms (`ol`: the engine's messages, investigation results among them),
/// prompt texts (`code`), the options of selects, and the titles of rooms and polls (`h3`,
/// `#…`: `#Medium Question` names a channel, not a player's role).
pub fn frame_text(page: &str) -> String {
    frame_text_of(&Html::parse_document(page))
}

/// [`frame_text`] of a parsed page.
pub fn frame_text_of(doc: &Html) -> String {
    let mut out = String::new();
    for node in doc.tree.root().descendants() {
        if let Node::Text(t) = node.value() {
            let hidden = node.ancestors().any(|a| {
                a.value().as_element().is_some_and(|e| {
                    matches!(
                        e.name(),
                        "pre" | "ol" | "code" | "select" | "textarea" | "title" | "style" | "h3"
                    )
                })
            });
            if !hidden && !t.trim_start().starts_with('#') {
                out.push_str(t);
                out.push('\n');
            }
        }
    }
    out
}

/// A page's frame text with the names that may rightly be on it (`shown`: the roles the
/// public page revealed, the reader's own) blanked where they could hide `role`: only those
/// longer than it that contain it (a dead `Infecting Wolf` names no living `Wolf`; but the
/// reader's own `Wolf` must not blank a leaked `Scared Wolf`), longest first.
fn without(frame: &str, shown: &[&str], role: &str) -> String {
    let mut masks: Vec<&str> = (shown.iter().copied())
        .filter(|m| m.len() > role.len() && m.contains(role))
        .collect();
    masks.sort_by_key(|m| std::cmp::Reverse(m.len()));
    let mut out = frame.to_owned();
    for m in masks {
        out = out.replace(m, " ");
    }
    out
}

/// Whether `word` occurs in `text` on its own (no letter or digit on either side).
pub fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The element's own text, trimmed.
fn text_of(e: ElementRef) -> String {
    e.text().collect::<String>().trim().to_owned()
}

/// A seat as the host page shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Seat {
    pub name: String,
    pub role: String,
    pub alive: bool,
}

/// The players table of the host page, in seat order.
pub fn host_seats(page: &str) -> Vec<Seat> {
    let doc = Html::parse_document(page);
    let td = sel("td");
    let b = sel("b");
    let mut out = Vec::new();
    for row in doc.select(&sel("tr.alive, tr.dead")) {
        let cells: Vec<ElementRef> = row.select(&td).collect();
        let Some(name) = cells.first().and_then(|c| c.select(&b).next()) else {
            continue;
        };
        // The role cell: the role, a line break, the alignment.
        let role = cells
            .get(1)
            .and_then(|c| c.text().next())
            .unwrap_or_default()
            .trim()
            .to_owned();
        out.push(Seat {
            name: text_of(name),
            role,
            alive: row.value().attr("class") == Some("alive"),
        });
    }
    out
}

/// `(name, link)` per row of a links page.
pub fn links(page: &str) -> Vec<(String, String)> {
    let doc = Html::parse_document(page);
    let td = sel("td");
    let a = sel("a.link");
    doc.select(&sel("tr"))
        .filter_map(|row| {
            let cells: Vec<ElementRef> = row.select(&td).collect();
            let link = cells.get(2)?.select(&a).next()?.value().attr("href")?;
            Some((text_of(cells[1]), link.to_owned()))
        })
        .collect()
}

/// The roles the public page shows (the dead's).
pub fn revealed_roles(public: &str) -> BTreeSet<String> {
    let doc = Html::parse_document(public);
    doc.select(&sel("ul.dead li"))
        .filter_map(|li| {
            let t = text_of(li);
            t.rsplit_once(" — ").map(|(_, r)| r.to_owned())
        })
        .collect()
}

/// The phase a page shows (`Phase: <b>N1</b>`).
pub fn phase_name(page: &str) -> Option<String> {
    const PHASE: &str = "Phase: <b>";
    let start = page.find(PHASE)? + PHASE.len();
    let end = start + page[start..].find("</b>")?;
    Some(page[start..end].to_owned())
}

/// The refusal a player page shows, if any (as written in the page's HTML).
pub fn refusal(page: &str) -> Option<String> {
    const NOTICE: &str = "Your last action was refused: ";
    let start = page.find(NOTICE)? + NOTICE.len();
    let end = start + page[start..].find("</p>")?;
    Some(page[start..end].to_owned())
}

/// How a game went.
#[derive(Debug, Default, Clone)]
pub struct Played {
    pub phases: usize,
    pub over: bool,
    pub posts: usize,
    pub refused: usize,
    /// The deal was refused (a random setup the engine cannot start): the reason.
    pub not_dealt: Option<String>,
}

/// A run: one service, one database, one GM, many games; every failure collected.
pub struct Run {
    pub site: Site,
    pub db: String,
    pub setups: PathBuf,
    pub session: String,
    pub csrf: String,
    pub dice: Dice,
    pub failures: Vec<String>,
    /// Refusal reasons seen, by form kind and reason (its first words), with counts.
    pub refusals: BTreeMap<String, usize>,
    /// Whether to compare a restarted service's save and pages once per game.
    pub replay_check: bool,
    /// How many phases a game may last before it is cut ([`PHASE_CAP`] at first).
    pub phase_cap: usize,
    /// Time spent waiting for the service's answers (the rest is the driver's own).
    pub in_service: std::time::Duration,
    pub _dir: tempfile::TempDir,
}

/// How many phases a game may last before it is cut.
pub const PHASE_CAP: usize = 8;

impl Run {
    /// A fresh service whose setups folder is `setups`, games dealt from `seed` on.
    pub async fn new(setups: &Path, seed: u64) -> Run {
        let dir = tempfile::tempdir().expect("temporary directory");
        let db = dir.path().join("wwr.db").display().to_string();
        let site = Site::wwr_on(&db, setups);
        site.state.wwr.deal_from_seed(seed);
        site.store.add_user("Mod", "correct horse").unwrap();
        let (session, csrf) = site.log_in("Mod", "correct horse").await;
        Run {
            site,
            db,
            setups: setups.to_path_buf(),
            session,
            csrf,
            dice: Dice::new(seed),
            failures: Vec::new(),
            refusals: BTreeMap::new(),
            replay_check: true,
            phase_cap: PHASE_CAP,
            in_service: std::time::Duration::ZERO,
            _dir: dir,
        }
    }

    async fn get(&mut self, uri: &str, cookie: Option<&str>) -> Reply {
        let start = std::time::Instant::now();
        let reply = self.site.get_with_cookie(uri, cookie).await;
        self.in_service += start.elapsed();
        reply
    }

    async fn post_form(
        &mut self,
        uri: &str,
        cookie: Option<&str>,
        fields: &[(&str, &str)],
    ) -> Reply {
        let start = std::time::Instant::now();
        let reply = self.site.post_form(uri, cookie, fields).await;
        self.in_service += start.elapsed();
        reply
    }

    fn fail(&mut self, at: &str, what: String) {
        let mut what = what;
        if what.len() > 1500 {
            let mut cut = 1500;
            while !what.is_char_boundary(cut) {
                cut -= 1;
            }
            what.truncate(cut);
            what.push_str(" …");
        }
        self.failures.push(format!("{at}: {what}"));
    }

    /// A page every visitor may get: no 5xx, no unescaped markup.
    fn check_page(&mut self, at: &str, reply: &Reply) {
        if reply.status.is_server_error() {
            self.fail(at, format!("{} {}", reply.status, reply.body));
        }
        for raw in RAW {
            if reply.body.contains(raw) {
                self.fail(at, format!("unescaped `{raw}`"));
            }
        }
    }

    async fn host_page(&mut self, slug: &str) -> String {
        let session = self.session.clone();
        let reply = self.get(&format!("/w/{slug}/host"), Some(&session)).await;
        self.check_page(&format!("{slug} host page"), &reply);
        reply.body
    }

    /// The GM creates a game of the setup file `setup` on the dashboard: each seat's
    /// `(name, link)`, or the page that refused it.
    pub async fn create(
        &mut self,
        slug: &str,
        setup: &str,
    ) -> Result<Vec<(String, String)>, String> {
        let (session, csrf) = (self.session.clone(), self.csrf.clone());
        let made = self
            .post_form(
                "/gm/wwr",
                Some(&session),
                &[("game", slug), ("setup", setup), ("csrf", &csrf)],
            )
            .await;
        if made.status != StatusCode::OK {
            if made.status.is_server_error() {
                self.fail(slug, format!("creating: {} {}", made.status, made.body));
            }
            return Err(made.body);
        }
        self.check_page(&format!("{slug} links page"), &made);
        Ok(links(&made.body))
    }

    /// A player's page (checked as every page is).
    pub async fn page(&mut self, link: &str) -> String {
        let reply = self.get(link, None).await;
        self.check_page(link, &reply);
        reply.body
    }

    /// The host ends the phase from the host page.
    pub async fn next_phase(&mut self, slug: &str) -> bool {
        let host = self.host_page(slug).await;
        self.end_phase(slug, &host).await
    }

    /// Plays a game of the setup file `setup` under the short name `slug` (see the module).
    pub async fn play(&mut self, slug: &str, setup: &str) -> Played {
        let mut played = Played::default();
        let mut seats = match self.create(slug, setup).await {
            Ok(seats) => seats,
            Err(page) => {
                played.not_dealt = Some(page);
                return played;
            }
        };
        let replay_at = (self.dice.below(4), self.dice.below(seats.len().max(1)));
        // Once a game the host replaces a player (the new player's name a random text).
        let replace_at = self.dice.below(4);
        // A form kept from a page of the phase before, posted after the phase ended (a
        // player who sends a page left open).
        let mut stale: Option<(String, String, Form)> = None;
        let mut last_phase = None;
        for phase in 0..self.phase_cap {
            let public = self.get(&format!("/w/{slug}"), None).await;
            self.check_page(&format!("{slug} public page"), &public);
            let host = self.host_page(slug).await;
            let table = host_seats(&host);
            let revealed = revealed_roles(&public.body);
            self.check_public_roles(slug, &public.body, &table, &revealed);
            if public.body.contains("The game is over") {
                played.over = true;
                break;
            }
            // The host's "End the phase now" moved the game on.
            let now = phase_name(&public.body);
            if now.is_none() || now == last_phase {
                self.fail(
                    &format!("{slug} phase {phase}"),
                    format!("stuck at {now:?}"),
                );
                break;
            }
            last_phase = now;
            played.phases = phase + 1;
            if let Some((name, link, form)) = stale.take() {
                let at = format!("{slug} {name} (phase {phase}, a form of the phase before)");
                played.posts += 1;
                if self.post(&at, &link, &name, &form).await {
                    played.refused += 1;
                }
            }
            if phase == replace_at {
                self.replace_player(slug, &host, &mut seats).await;
            }
            let mut order: Vec<usize> = (0..seats.len()).collect();
            self.dice.shuffle(&mut order);
            for (k, &i) in order.iter().enumerate() {
                if self.replay_check && (phase, k) == replay_at {
                    self.check_replay(slug, &seats).await;
                }
                let (name, link) = &seats[i];
                let at = format!("{slug} {name} (phase {phase})");
                let page = self.get(link, None).await;
                self.check_page(&at, &page);
                if page.status != StatusCode::OK {
                    self.fail(&at, format!("{} on the player page", page.status));
                    continue;
                }
                let mut forms = {
                    let doc = Html::parse_document(&page.body);
                    self.check_roles(&at, &doc, name, &table, &revealed);
                    fill_forms_of(&doc, &mut self.dice)
                };
                // Every prompt and poll; now and then one message in a channel or a whisper.
                let talk: Vec<usize> = (0..forms.len())
                    .filter(|&f| matches!(forms[f].get("kind"), Some("say" | "whisper")))
                    .collect();
                let keep = if !talk.is_empty() && self.dice.chance(3) {
                    Some(*self.dice.pick(&talk))
                } else {
                    None
                };
                let mut f = 0;
                forms.retain(|_| {
                    f += 1;
                    !talk.contains(&(f - 1)) || keep == Some(f - 1)
                });
                if !forms.is_empty() && self.dice.chance(5) {
                    let form = self.dice.pick(&forms).clone();
                    stale = Some((name.clone(), link.clone(), form));
                }
                for form in forms {
                    played.posts += 1;
                    if self.post(&at, link, name, &form).await {
                        played.refused += 1;
                    }
                }
            }
            let ended = self.end_phase(slug, &host).await;
            if !ended {
                break;
            }
        }
        let public = self.get(&format!("/w/{slug}"), None).await;
        played.over = public.body.contains("The game is over");
        played
    }

    /// The host replaces a random seat's player with the host page's form (its name field
    /// filled with a random text): the links page shows the new link, the old one is dead.
    async fn replace_player(&mut self, slug: &str, host: &str, seats: &mut [(String, String)]) {
        let forms = fill_forms(host, &mut self.dice);
        let replaces: Vec<&Form> = forms
            .iter()
            .filter(|f| f.get("action") == Some("replace"))
            .collect();
        if replaces.is_empty() {
            self.fail(&format!("{slug} host page"), "no replace form".into());
            return;
        }
        let form = (*self.dice.pick(&replaces)).clone();
        let fields: Vec<(&str, &str)> = form
            .fields
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let session = self.session.clone();
        let reply = self.post_form(&form.action, Some(&session), &fields).await;
        let at = format!("{slug} replacing {:?}", form.get("seat"));
        self.check_page(&at, &reply);
        let new = links(&reply.body);
        let seat: Option<usize> = form.get("seat").and_then(|s| s.parse().ok());
        let (Some(seat), [(_, link)]) = (seat, new.as_slice()) else {
            self.fail(&at, format!("{} {}", reply.status, reply.body));
            return;
        };
        let old = std::mem::replace(&mut seats[seat].1, link.clone());
        let gone = self.get(&old, None).await;
        if gone.status != StatusCode::NOT_FOUND {
            self.fail(&at, format!("the old link answers {}", gone.status));
        }
    }

    /// Posts a player's form; checks the redirect and the page after it. Whether the engine
    /// refused it.
    pub async fn post(&mut self, at: &str, link: &str, name: &str, form: &Form) -> bool {
        let fields: Vec<(&str, &str)> = form
            .fields
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let reply = self.post_form(&form.action, None, &fields).await;
        let shown = |form: &Form| format!("{:?}", form.fields);
        if reply.status != StatusCode::SEE_OTHER || reply.location.as_deref() != Some(link) {
            self.check_page(at, &reply);
            self.fail(
                at,
                format!(
                    "posting {}: {} {:?} {}",
                    shown(form),
                    reply.status,
                    reply.location,
                    reply.body
                ),
            );
            return false;
        }
        let after = self.get(link, None).await;
        self.check_page(at, &after);
        let kind = form.get("kind").unwrap_or_default();
        if let Some(reason) = refusal(&after.body) {
            let words: String = reason
                .split_whitespace()
                .take(30)
                .collect::<Vec<_>>()
                .join(" ");
            *self.refusals.entry(format!("{kind}: {words}")).or_default() += 1;
            return true;
        }
        match kind {
            "say" | "whisper" => {
                let text: String = form
                    .get("text")
                    .unwrap_or_default()
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                // A say shows in its channel; a whisper goes to the other side.
                if kind == "say" && !after.body.contains(&escape(&text)) {
                    self.fail(at, format!("said {:?} but the page does not show it", text));
                }
            }
            "vote" => {
                let choice = form.get("choice").unwrap_or_default();
                let poll = form.get("poll").unwrap_or_default();
                let still_open = after
                    .body
                    .contains(&format!("name=\"poll\" value=\"{}\"", escape(poll)));
                let mine = format!("{} → {}", escape(name), escape(choice));
                if !choice.is_empty() && still_open && !after.body.contains(&mine) {
                    self.fail(
                        at,
                        format!("voted {choice:?} in {poll:?}, not shown as `{mine}`"),
                    );
                }
            }
            _ => {}
        }
        false
    }

    /// The host ends the phase with the host page's form; false when the page has none.
    async fn end_phase(&mut self, slug: &str, host: &str) -> bool {
        let forms = fill_forms(host, &mut self.dice);
        let Some(next) = forms.into_iter().find(|f| f.get("action") == Some("next")) else {
            return false;
        };
        let fields: Vec<(&str, &str)> = next
            .fields
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let session = self.session.clone();
        let reply = self.post_form(&next.action, Some(&session), &fields).await;
        if reply.status != StatusCode::SEE_OTHER {
            self.check_page(&format!("{slug} end of phase"), &reply);
            self.fail(
                &format!("{slug} end of phase"),
                format!("{} {}", reply.status, reply.body),
            );
            return false;
        }
        true
    }

    /// A player's page names their own role and no other living seat's (unless revealed
    /// publicly), outside the card, the rooms' lines, the prompts and the selects.
    fn check_roles(
        &mut self,
        at: &str,
        page: &Html,
        name: &str,
        table: &[Seat],
        revealed: &BTreeSet<String>,
    ) {
        let Some(me) = table.iter().find(|s| s.name == name) else {
            self.fail(at, "the host page has no such seat".into());
            return;
        };
        let frame = frame_text_of(page);
        let own = format!("Your role: {}", me.role);
        if !frame.contains(&own) {
            self.fail(at, format!("the page does not say `{own}`"));
        }
        // The own role's name may come back in the frame (a connection named after it: the
        // Corrupt Wolf's `Whisper through Corrupt Wolf`).
        let shown: Vec<&str> = (revealed.iter().map(String::as_str))
            .chain([me.role.as_str()])
            .collect();
        for other in table.iter().filter(|s| s.alive && s.name != name) {
            if other.role != me.role
                && !revealed.contains(&other.role)
                && has_word(&without(&frame, &shown, &other.role), &other.role)
            {
                self.fail(
                    at,
                    format!("shows {}'s role `{}`: {frame}", other.name, other.role),
                );
            }
        }
    }

    /// The public page shows no living player's role (unless revealed).
    fn check_public_roles(
        &mut self,
        slug: &str,
        page: &str,
        table: &[Seat],
        revealed: &BTreeSet<String>,
    ) {
        let frame = frame_text(page);
        let shown: Vec<&str> = revealed.iter().map(String::as_str).collect();
        for s in table.iter().filter(|s| s.alive) {
            if !revealed.contains(&s.role) && has_word(&without(&frame, &shown, &s.role), &s.role) {
                self.fail(
                    &format!("{slug} public page"),
                    format!("shows {}'s role `{}`", s.name, s.role),
                );
            }
        }
    }

    /// A second service on the same database: the same save, the same pages.
    async fn check_replay(&mut self, slug: &str, seats: &[(String, String)]) {
        let other = Site::wwr_on(&self.db, &self.setups);
        let (a, b) = (self.site.wwr_save(slug).await, other.wwr_save(slug).await);
        if a != b {
            self.fail(&format!("{slug} replay"), "the saves differ".into());
        }
        for (name, link) in seats {
            let (x, y) = (self.site.get(link).await.body, other.get(link).await.body);
            if x != y {
                self.fail(&format!("{slug} replay"), format!("{name}'s page differs"));
            }
        }
        let path = format!("/w/{slug}/host");
        let x = self.site.get_with_cookie(&path, Some(&self.session)).await;
        let y = other.get_with_cookie(&path, Some(&self.session)).await;
        if x.body != y.body {
            self.fail(&format!("{slug} replay"), "the host page differs".into());
        }
    }
}
