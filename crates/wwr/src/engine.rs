//! The phase machine, triggers, abilities, killing order and polls.
//!
//! Ending a phase runs these buckets in order (see ARCHITECTURE.md):
//! 1. Pre-End (`Pre-End <Kind>`, then `Second`, `Third`, `Fourth Pre-End <Kind>`),
//! 2. poll close (open polls, by definition name then creation),
//! 3. End (`End <Kind>`, `End Phase` actions chosen by players, forced defaults,
//!    `Passive End <Kind>`, `Passive End Phase`), then durations expire and wins are checked;
//!
//! then the phase advances and
//! 4. Start (`Start <Kind>`, `Start Phase` actions, `Passive Start <Kind>`,
//!    `Passive Start Phase`; poll and group `Create Poll` abilities live here),
//! 5. Passive (`Passive`), then wins are checked.
//!
//! Immediate abilities run when a player acts. Within a bucket, non-attacks run before
//! attacks; non-attacks in alphabetical order of their element (role, group, …) name;
//! attacks with groups first (by group name), then townsfolk, werewolf and other roles, each
//! alphabetically; remaining ties by a draw from the game's seeded RNG (one player's
//! abilities of one element keep their role-sheet order: `interactions::order_bucket`).

mod channels;
mod haunting;

use std::sync::Arc;

mod audit;
mod choices;
mod copying;
mod delayed;
mod groups;
mod interactions;
mod locations;
mod obstruction;
mod polls;
mod requirements;
pub(crate) mod role_query;

use mafia_roles::ElementKind;
use mafia_roles::ability::{
    Ability, AbilityFilter, AbilityKind, Compulsion, DisguiseStrength, Event as TEvent, Guard,
    KillKind, ObstructFeedback, Params, Protection, Restriction, ScaleCount, Scaling, Step, Timing,
    Trigger, Value,
};

use crate::error::WwrError;
use crate::eval::{Ctx, attr_name};
use crate::input::{Act, ActKind};
use crate::library::{Def, Library, list_value, norm, selector_value, walk_steps};
use crate::rng::GameRng;
use crate::setup::Setup;
use crate::state::*;

/// The version written into saved games.
pub const FORMAT: u32 = 1;

/// A running game: the saved state plus the loaded definitions and the live RNG.
#[derive(Debug, Clone)]
pub struct Game {
    pub state: GameState,
    pub lib: Arc<Library>,
    pub(crate) rng: GameRng,
    /// Players who died in the current bucket (a second attack on them also succeeds).
    died_now: Vec<usize>,
    /// Nesting depth of triggered abilities (a guard against trigger loops).
    depth: u32,
    /// Evaluate `On <Target> Death` subjects including dead players.
    include_dead: bool,
    /// Set while `Copy … (Suppressed)` changes a role: its `Starting` abilities do not run.
    suppress_starting: bool,
}

/// A pattern naming attributes: `Marker`, `Defense:Active`, `GroupMembership:Bakers`,
/// `Disguise`, an attribute instance…
#[derive(Debug, Clone)]
pub enum AttrPattern {
    Id(u64),
    Name { kind: String, value: Option<String> },
}

/// Which trigger a game event fires.
#[derive(Debug, Clone)]
enum Ev {
    Death {
        dead: usize,
        lynch: bool,
    },
    Visited {
        target: usize,
        visitor: usize,
        ty: (String, String),
    },
    Action {
        actor: usize,
        source: Source,
        ty: (String, String),
    },
    Defense {
        target: usize,
        kind: DefenseKind,
    },
    Emitted {
        value: String,
        targets: Vec<usize>,
    },
    RoleChange {
        player: usize,
    },
    Redirect {
        player: usize,
    },
    PollWin {
        player: usize,
        poll: String,
    },
}

/// Bucket order: (attack?, group first?, class rank, element name, seeded tie-break).
type SortKey = (u8, u8, u8, String, u64);

/// One runnable thing in a bucket: an ability of an owner, possibly with a player's choice.
#[derive(Debug, Clone)]
struct Item {
    owner: Owner,
    index: usize,
    ability: Arc<Ability>,
    selection: Option<Val>,
    secondary: Option<Val>,
    chosen: bool,
}

/// Who owns abilities: a player's role or attribute, a group, a team, a poll.
#[derive(Debug, Clone, PartialEq)]
struct Owner {
    source: Source,
    me: Option<usize>,
    attr: Option<u64>,
}

/// Whether an ability with this timing is queued until its bucket (not run at once).
fn queued_timing(timing: Option<Timing>) -> bool {
    matches!(
        timing,
        Some(
            Timing::EndNight
                | Timing::EndDay
                | Timing::EndPhase
                | Timing::PreEndNight
                | Timing::PreEndDay
                | Timing::SecondPreEndNight
                | Timing::ThirdPreEndNight
                | Timing::FourthPreEndNight
                | Timing::SecondPreEndDay
                | Timing::ThirdPreEndDay
                | Timing::FourthPreEndDay
                | Timing::StartNight
                | Timing::StartDay
                | Timing::StartPhase
        )
    )
}

fn timing_of(a: &Ability) -> Option<Timing> {
    match &*a.trigger {
        Trigger::Timing { timing, .. } => Some(*timing),
        _ => None,
    }
}

fn is_attack(a: &Ability) -> bool {
    let mut found = false;
    walk_steps(&a.steps, &mut |k| {
        if matches!(k, AbilityKind::Killing { .. }) {
            found = true
        }
    });
    found
}

/// All parameters of an ability: its trigger line's and its `Action:` line's.
fn params_of(a: &Ability) -> Params {
    let mut p = (*a.params).clone();
    for s in &a.steps {
        if let Step::Action { params, .. } = s {
            p.restrictions.extend(params.restrictions.iter().cloned());
            p.compulsion.extend(params.compulsion.iter().cloned());
            if params.scaling.is_some() {
                p.scaling = params.scaling.clone();
            }
            if params.prompt.is_some() {
                p.prompt = params.prompt.clone();
            }
        }
    }
    p
}

fn uses_selection(a: &Ability) -> bool {
    let text = a.to_text();
    text.contains("@Selection") || text.contains("@SecondarySelection") || text.contains("@Chosen")
}

/// The ability type and subtype names used by filters (`[Investigating]`, `non-killing`).
pub fn type_names(k: &AbilityKind) -> (String, String) {
    use AbilityKind as A;
    let (t, s): (&str, String) = match k {
        A::Killing { kind, .. } => ("Killing", format!("{} Killing", kind.name())),
        A::Investigate { kind, .. } => ("Investigating", format!("{} Investigating", kind.name())),
        A::AttributeInvestigate { .. } => ("Investigating", "Attribute Investigating".into()),
        A::InvestigateCount { .. } => ("Investigating", "Count Investigating".into()),
        A::Target { .. } | A::Untarget => ("Targeting", "Targeting".into()),
        A::Disguise { .. } => ("Disguising", "Disguising".into()),
        A::Protect { .. } => ("Protecting", "Protecting".into()),
        A::Apply { .. } | A::RemoveAttribute { .. } | A::ChangeAttribute { .. } => {
            ("Applying", "Applying".into())
        }
        A::Redirect { .. } => ("Redirecting", "Redirecting".into()),
        A::ManipulateVotes { .. } => ("Vote Manipulating", "Vote Manipulating".into()),
        A::Whisper { .. } => ("Whispering", "Whispering".into()),
        A::Join { .. } | A::Leave { .. } | A::AddToGroup { .. } | A::RemoveFromGroup { .. } => {
            ("Joining", "Joining".into())
        }
        A::Grant { .. } | A::Revoke { .. } | A::Transfer { .. } => ("Granting", "Granting".into()),
        A::Loyalty { .. } => ("Loyalty", "Loyalty".into()),
        A::Obstruct { .. } => ("Obstructing", "Obstructing".into()),
        A::ManipulatePoll { .. } | A::Poll { .. } | A::CreatePoll { .. } => {
            ("Poll Manipulating", "Poll Manipulating".into())
        }
        A::Reveal { .. } | A::Announce { .. } | A::Learn { .. } | A::Know { .. } => {
            ("Announcements", "Announcements".into())
        }
        A::Change { kind, .. } => ("Changing", format!("{} Changing", kind.name())),
        A::Copy { .. } => ("Copying", "Copying".into()),
        A::Switch { .. } => ("Switching", "Switching".into()),
        // An evaluated action's feedback line (the Baroness's `On Any Action [Feedback]`).
        A::Feedback { .. } => ("Feedback", "Feedback".into()),
        _ => ("Other", "Other".into()),
    };
    (t.to_string(), s)
}

fn stem(s: &str) -> String {
    let n = norm(s);
    for suf in ["ations", "ation", "ions", "ion", "ings", "ing", "s"] {
        if let Some(b) = n.strip_suffix(suf) {
            if b.len() >= 3 {
                return b.to_string();
            }
        }
    }
    n
}

/// Whether an ability type filter (`Investigation`, `non-killing abilities`, `all`) matches.
pub fn filter_matches(filter: &str, ty: &(String, String)) -> bool {
    let f = norm(filter);
    if f == "all" || f == "all abilities" || f.is_empty() {
        return true;
    }
    if f.starts_with("non killing") {
        return ty.0 != "Killing";
    }
    let fs = stem(&f);
    let sub = norm(&ty.1);
    // `Attack` names the subtype `Attack Killing`; `Investigation` the type `Investigating`.
    let sub_head = sub.split(' ').next().unwrap_or_default();
    fs == stem(&ty.0) || fs == stem(&sub) || f == sub || f == sub_head
}

fn with_filter(f: &Option<AbilityFilter>, ty: &(String, String)) -> bool {
    match f {
        None => true,
        Some(f) => filter_matches(&f.name, ty) != f.negated,
    }
}

impl Game {
    // -----------------------------------------------------------------------------------
    // Creating, saving, loading

    /// Starts a game: deals roles with the seeded RNG, applies role attributes, lets every
    /// player join their team, and runs the `Starting` abilities (phase D0).
    pub fn new(setup: Setup, lib: Arc<Library>, seed: u64) -> Result<Game, WwrError> {
        locations::locations_in_play(&lib, &setup)?;
        let mut rng = GameRng::new(seed);
        let mut deck: Vec<String> = setup.roles.clone();
        rng.shuffle(&mut deck);
        let mut players = Vec::new();
        for entry in &setup.players {
            let role = match entry.role() {
                Some(r) => r.to_string(),
                None => deck.pop().unwrap_or_default(),
            };
            let Some(def) = lib.role(&role) else {
                return Err(WwrError::Unknown {
                    kind: "role",
                    name: role.clone(),
                    hint: lib.suggest_role(&role),
                });
            };
            let team = team_of_def(&lib, def);
            players.push(Player {
                name: entry.name().trim().to_string(),
                role: def.name.clone(),
                alive: true,
                alignment: team.clone(),
                original_role: def.name.clone(),
                original_alignment: team,
                target: None,
                counter: 0,
            });
        }
        requirements::check_requirements(&lib, &players)?;
        // What in play cannot run: the roles dealt, their teams, the polls, and the groups,
        // attributes and polls any of them may use.
        let mut defs: Vec<&Arc<Def>> = Vec::new();
        for p in &players {
            if let Some(d) = lib.role(&p.role) {
                defs.push(d);
            }
            if let Some(d) = lib.get(ElementKind::Team, &p.alignment) {
                defs.push(d);
            }
        }
        for poll in &setup.polls {
            if let Some(d) = lib.get(ElementKind::Poll, poll) {
                defs.push(d);
            }
        }
        defs.sort_by(|a, b| a.file.cmp(&b.file));
        defs.dedup_by(|a, b| a.file == b.file);
        let unsupported = Library::unsupported_in(&defs);
        let state = GameState {
            format: FORMAT,
            setup,
            phase: Phase::START,
            players,
            attrs: Vec::new(),
            next_id: 1,
            groups: Default::default(),
            teams: Default::default(),
            poll_targets: Default::default(),
            polls: Vec::new(),
            cancelled_polls: Vec::new(),
            deleted_polls: Vec::new(),
            pending: Vec::new(),
            uses: Vec::new(),
            displays: Vec::new(),
            log: Vec::new(),
            rng: rng.save(),
            outcome: None,
            unsupported,
            ascension: Default::default(),
            disbanded: Vec::new(),
            choices: Vec::new(),
            added_polls: Vec::new(),
            candidate_manipulations: Vec::new(),
            channels: Default::default(),
            ghosts: Vec::new(),
            delayed: Vec::new(),
        };
        let mut game = Game {
            state,
            lib,
            rng,
            died_now: Vec::new(),
            depth: 0,
            include_dead: false,
            suppress_starting: false,
        };
        game.start();
        game.sync();
        Ok(game)
    }

    /// Continues a saved game with the definitions it was started with.
    pub fn load(state: GameState, lib: Arc<Library>) -> Result<Game, WwrError> {
        if state.format != FORMAT {
            return Err(WwrError::Saved(format!(
                "format {} is not supported (expected {FORMAT})",
                state.format
            )));
        }
        let rng = GameRng::restore(&state.rng)
            .ok_or_else(|| WwrError::Saved("the RNG state is not a number".into()))?;
        Ok(Game {
            state,
            lib,
            rng,
            died_now: Vec::new(),
            depth: 0,
            include_dead: false,
            suppress_starting: false,
        })
    }

    fn sync(&mut self) {
        self.state.rng = self.rng.save();
    }

    fn start(&mut self) {
        self.say(Audience::Public, "D0 begins.".into());
        for p in 0..self.state.players.len() {
            let role = self.state.players[p].role.clone();
            self.add_role_attributes(p, &role);
            self.say(Audience::Player(p), format!("Your role is {role}."));
        }
        for p in 0..self.state.players.len() {
            self.join_team(p);
        }
        self.apply_modifiers();
        self.mark_started_groups();
        let mut items = self.collect_passive(&[Timing::Starting]);
        items.retain(|it| !self.attr_ability_used(&it.owner.source, it.index));
        self.run_items(items);
        let items = self.collect_passive(&[Timing::Passive]);
        self.run_items(items);
        self.check_win();
    }

    fn add_role_attributes(&mut self, p: usize, role: &str) {
        let Some(def) = self.lib.role(role).cloned() else {
            return;
        };
        for name in &def.role_attributes {
            let id = self.new_attr(
                Holder::Player(p),
                AttrKind::Custom { name: name.clone() },
                Some(p),
                Dur::Permanent,
                None,
            );
            if let Some(a) = self.attr_mut(id) {
                a.from_role = true;
            }
        }
    }

    fn join_team(&mut self, p: usize) {
        let team = self.state.players[p].alignment.clone();
        self.state.teams.entry(team.clone()).or_default();
        let Some(def) = self.lib.get(ElementKind::Team, &team).cloned() else {
            return;
        };
        for (i, (ab, _)) in def.abilities.iter().enumerate() {
            if timing_of(ab) == Some(Timing::OnJoin) {
                let owner = Owner {
                    source: Source::Team(team.clone()),
                    me: None,
                    attr: None,
                };
                let ctx = self.ctx_for(&owner, i).var("joiner", Val::Players(vec![p]));
                self.run_triggered(&owner, i, ab.clone(), ctx);
            }
        }
    }

    // -----------------------------------------------------------------------------------
    // Lookups

    pub fn player_named(&self, name: &str) -> Option<usize> {
        let n = name.trim();
        self.state
            .players
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(n))
    }

    pub fn living(&self) -> Vec<usize> {
        (0..self.state.players.len())
            .filter(|&p| self.state.players[p].alive)
            .collect()
    }

    /// The canonical key of a team (its file name, e.g. `Werewolf` for `Werewolves`).
    pub fn team_key(&self, name: &str) -> String {
        team_key(&self.lib, name)
    }

    pub fn team_names(&self) -> Vec<String> {
        let mut t: Vec<String> = self.state.teams.keys().cloned().collect();
        t.sort();
        t
    }

    pub fn attr(&self, id: u64) -> Option<&Attr> {
        self.state.attrs.iter().find(|a| a.id == id)
    }

    fn attr_mut(&mut self, id: u64) -> Option<&mut Attr> {
        self.state.attrs.iter_mut().find(|a| a.id == id)
    }

    pub fn group_members(&self, g: &str) -> Vec<usize> {
        self.living()
            .into_iter()
            .filter(|&p| self.in_group(p, g))
            .collect()
    }

    /// The living players whose role is `role` (`` `Seer`->Players ``, `Investigate … Player
    /// Count`, a choice sent to a role nobody holds as an extra role).
    pub fn role_players(&self, role: &str) -> Vec<usize> {
        let role = norm(role);
        self.living()
            .into_iter()
            .filter(|&p| norm(&self.state.players[p].role) == role)
            .collect()
    }

    /// The living players of any of these teams (`@Members` of a team, `&Ind->Members`, a
    /// choice sent to a team).
    pub fn team_members(&self, teams: &[String]) -> Vec<usize> {
        self.living()
            .into_iter()
            .filter(|&p| {
                let own = norm(&self.state.players[p].alignment);
                teams.iter().any(|t| norm(t) == own)
            })
            .collect()
    }

    pub fn in_group(&self, p: usize, g: &str) -> bool {
        let g = norm(g);
        self.state.attrs.iter().any(|a| {
            a.holder == Holder::Player(p)
                && matches!(&a.kind, AttrKind::GroupMembership { group, .. } if norm(group) == g)
        })
    }

    /// Whether a holder has a custom attribute `name` (applied by `by`, when given).
    pub fn has_custom(&self, h: &Holder, name: &str, by: Option<Option<usize>>) -> bool {
        let name = norm(name);
        self.state.attrs.iter().any(|a| {
            a.holder == *h
                && matches!(&a.kind, AttrKind::Custom { name: n } if norm(n) == name)
                && by.is_none_or(|b| a.source_player == b)
        })
    }

    pub fn voting_power(&self, p: usize, private: bool) -> i64 {
        let want = if private { "private" } else { "public" };
        // `special public voting power` is added on top of the (possibly manipulated)
        // public voting power (the Mayor's extra vote); it is 0 unless manipulated.
        let mut power = 1;
        let mut special = 0;
        let mine: Vec<&Attr> = self
            .state
            .attrs
            .iter()
            .filter(|a| a.holder == Holder::Player(p))
            .collect();
        for rel in [false, true] {
            for a in &mine {
                if let AttrKind::Manipulation {
                    subtype,
                    relative,
                    value,
                } = &a.kind
                {
                    let sub = norm(subtype);
                    if *relative == rel && sub.contains(want) {
                        let slot = if sub.contains("special") {
                            &mut special
                        } else {
                            &mut power
                        };
                        *slot = if rel { *slot + value } else { *value };
                    }
                }
            }
        }
        (power.max(0) + special).max(0)
    }

    pub(crate) fn target_of(&self, ctx: &Ctx) -> Option<Val> {
        match &ctx.source {
            Source::Group(g) => self.state.groups.get(g).and_then(|s| s.target.clone()),
            Source::Poll(p) => self.state.poll_targets.get(&norm(p)).cloned(),
            Source::Team(t) => self.state.teams.get(t).and_then(|s| s.target.clone()),
            Source::Attr(id) if self.custom_attr(*id) => {
                self.attr(*id).and_then(|a| a.target.clone())
            }
            _ => ctx.me.and_then(|p| self.state.players[p].target.clone()),
        }
    }

    /// The attribute pattern a value names.
    pub(crate) fn attr_pattern(&mut self, v: &Value, ctx: &Ctx) -> AttrPattern {
        match self.eval(v, ctx) {
            Val::Attr(id) => AttrPattern::Id(id),
            other => {
                let t = self.text_of(&other);
                let (kind, value) = match t.split_once(':') {
                    Some((k, v)) => (k.to_string(), Some(v.trim_start_matches(':').to_string())),
                    None => (t, None),
                };
                let value = value.map(|v| self.source_player_value(&v, ctx).unwrap_or(norm(&v)));
                AttrPattern::Name {
                    kind: norm(&kind),
                    value,
                }
            }
        }
    }

    pub(crate) fn holders_of(&self, v: &Val) -> Vec<Holder> {
        match v {
            Val::Players(ps) => ps.iter().map(|&p| Holder::Player(p)).collect(),
            Val::Teams(t) => t.iter().map(|t| Holder::Team(t.clone())).collect(),
            Val::Group(g) => vec![Holder::Group(g.clone())],
            Val::Attr(id) => vec![Holder::Attr(*id)],
            // `@X->Alignment` is a team's name: the team holds the attribute (Coven's
            // `Apply `Wronger` to @RoleChanger->Alignment`).
            Val::Text(t) if self.lib.get(ElementKind::Team, t).is_some() => {
                vec![Holder::Team(self.team_key(t))]
            }
            _ => Vec::new(),
        }
    }

    fn attr_matches(&self, a: &Attr, pat: &AttrPattern) -> bool {
        match pat {
            AttrPattern::Id(id) => a.id == *id,
            AttrPattern::Name { kind, value } => {
                let (k, v): (String, Option<String>) = match &a.kind {
                    AttrKind::Custom { name } => (norm(name), a.values.first().map(|v| norm(v))),
                    AttrKind::Disguise { role, .. } => ("disguise".into(), Some(norm(role))),
                    AttrKind::Defense { kind, .. } => ("defense".into(), Some(norm(kind.name()))),
                    AttrKind::Manipulation { .. } => ("manipulation".into(), None),
                    AttrKind::GroupMembership { group, .. } => {
                        ("groupmembership".into(), Some(norm(group)))
                    }
                    AttrKind::Obstruction { .. } => ("obstruction".into(), None),
                    AttrKind::Role { role } => ("role".into(), Some(norm(role))),
                    AttrKind::Redirection { .. } => ("redirection".into(), None),
                    AttrKind::Whisper { name, .. } => ("whispering".into(), Some(norm(name))),
                };
                let kind_ok = *kind == k
                    || (kind == "obstructed" && k == "obstruction")
                    || (kind == "group membership" && k == "groupmembership");
                let value_ok = match value {
                    None => true,
                    Some(want) => {
                        v.as_deref() == Some(want.as_str())
                            || a.source_role.as_deref().map(norm).as_deref() == Some(want)
                            || a.source_player
                                .map(|p| norm(&self.state.players[p].name))
                                .as_deref()
                                == Some(want)
                    }
                };
                kind_ok && value_ok
            }
        }
    }

    pub(crate) fn has_attr(&self, h: &Holder, pat: &AttrPattern) -> bool {
        self.state
            .attrs
            .iter()
            .any(|a| a.holder == *h && self.attr_matches(a, pat))
    }

    // -----------------------------------------------------------------------------------
    // Messages

    fn say(&mut self, to: Audience, text: String) {
        self.state.log.push(Event {
            phase: self.state.phase,
            to,
            text,
        });
    }

    pub(crate) fn host_log(&mut self, text: String) {
        self.say(Audience::Host, text);
    }

    fn name(&self, p: usize) -> String {
        self.state.players[p].name.clone()
    }

    // -----------------------------------------------------------------------------------
    // Attributes

    fn new_attr(
        &mut self,
        holder: Holder,
        kind: AttrKind,
        source_player: Option<usize>,
        duration: Dur,
        parent: Option<u64>,
    ) -> u64 {
        let id = self.state.next_id;
        self.state.next_id += 1;
        let source_role = self.source_role_of(source_player, parent);
        if let Holder::Group(g) = &holder {
            self.state.groups.entry(g.clone()).or_default();
        }
        self.state.attrs.push(Attr {
            id,
            holder,
            kind,
            source_player,
            source_role,
            duration,
            set_in: self.state.phase,
            uses: 0,
            values: Vec::new(),
            counter: 0,
            parent,
            from_role: false,
            target: None,
        });
        id
    }

    /// Removes an attribute, runs its `On Removal` abilities, and removes the attributes
    /// that last only as long as it (`~Attribute`, `~UntilUseAttribute`).
    pub fn remove_attr(&mut self, id: u64) {
        let Some(pos) = self.state.attrs.iter().position(|a| a.id == id) else {
            return;
        };
        let attr = self.state.attrs.remove(pos);
        if let (AttrKind::Custom { name }, Holder::Player(p)) = (&attr.kind, &attr.holder) {
            if let Some(def) = self.lib.get(ElementKind::Attribute, name).cloned() {
                for (i, (ab, _)) in def.abilities.iter().enumerate() {
                    if timing_of(ab) == Some(Timing::OnRemoval) {
                        let owner = Owner {
                            source: Source::Attr(id),
                            me: Some(*p),
                            attr: Some(id),
                        };
                        let ctx = self.ctx_for(&owner, i);
                        self.run_triggered(&owner, i, ab.clone(), ctx);
                    }
                }
            }
        }
        let children: Vec<u64> = self
            .state
            .attrs
            .iter()
            .filter(|a| {
                a.parent == Some(id)
                    && matches!(a.duration, Dur::Attribute | Dur::UntilUseAttribute)
                    || a.holder == Holder::Attr(id)
            })
            .map(|a| a.id)
            .collect();
        for c in children {
            self.remove_attr(c);
        }
    }

    /// Counts one use of an attribute and removes it when its duration says so.
    fn use_attr(&mut self, id: u64) {
        let Some(a) = self.attr_mut(id) else { return };
        a.uses += 1;
        let done = match a.duration {
            Dur::UntilUse | Dur::UntilUseAttribute => true,
            Dur::UntilSecondUse => a.uses >= 2,
            _ => false,
        };
        if done {
            self.remove_attr(id);
        }
    }

    /// Removes the attributes whose duration ends with `phase`.
    fn expire(&mut self, phase: Phase) {
        let ending: Vec<u64> = self
            .state
            .attrs
            .iter()
            .filter(|a| match a.duration {
                Dur::Phase => a.set_in == phase,
                Dur::DelayedPhase => phase > a.set_in,
                Dur::NextDay => phase.kind == PhaseKind::Day && phase > a.set_in,
                Dur::NextNight => phase.kind == PhaseKind::Night && phase > a.set_in,
                _ => false,
            })
            .map(|a| a.id)
            .collect();
        for id in ending {
            self.remove_attr(id);
        }
    }

    // -----------------------------------------------------------------------------------
    // Owners and their abilities

    fn def_of(&self, source: &Source) -> Option<Arc<Def>> {
        match source {
            Source::Role(r) => self.lib.role(r).cloned(),
            Source::Group(g) => self.lib.get(ElementKind::Group, g).cloned(),
            Source::Team(t) => self.lib.get(ElementKind::Team, t).cloned(),
            Source::Poll(p) => self.lib.get(ElementKind::Poll, p).cloned(),
            Source::Attr(id) => match &self.attr(*id)?.kind {
                AttrKind::Custom { name } => self.lib.get(ElementKind::Attribute, name).cloned(),
                AttrKind::Role { role } => self.lib.role(role).cloned(),
                _ => None,
            },
        }
    }

    /// Everything that has abilities, in a fixed order: players (by seat) with their role
    /// and attributes, then groups, teams and polls by name.
    fn owners(&self, include_dead: bool) -> Vec<Owner> {
        let mut out = Vec::new();
        for (p, pl) in self.state.players.iter().enumerate() {
            if !pl.alive && !include_dead && !self.is_ghost(p) {
                continue;
            }
            out.push(Owner {
                source: Source::Role(pl.role.clone()),
                me: Some(p),
                attr: None,
            });
            for a in &self.state.attrs {
                if a.holder == Holder::Player(p)
                    && matches!(a.kind, AttrKind::Custom { .. } | AttrKind::Role { .. })
                {
                    out.push(Owner {
                        source: Source::Attr(a.id),
                        me: Some(p),
                        attr: Some(a.id),
                    });
                }
            }
        }
        let mut groups: Vec<String> = self
            .state
            .groups
            .keys()
            .filter(|g| !self.group_members(g).is_empty() && !self.is_disbanded(g))
            .cloned()
            .collect();
        groups.sort();
        for g in groups {
            out.push(Owner {
                source: Source::Group(g),
                me: None,
                attr: None,
            });
        }
        for t in self.team_names() {
            out.push(Owner {
                source: Source::Team(t),
                me: None,
                attr: None,
            });
        }
        let mut polls = self.state.setup.polls.clone();
        polls.sort();
        for p in polls {
            out.push(Owner {
                source: Source::Poll(p),
                me: None,
                attr: None,
            });
        }
        out
    }

    fn ctx_for(&self, owner: &Owner, index: usize) -> Ctx {
        let mut ctx = Ctx::new(owner.me, owner.source.clone());
        ctx.attr = owner.attr;
        ctx.ability = Some(AbilityRef {
            source: owner.source.clone(),
            index,
        });
        if let Source::Group(_) = owner.source {
            // A group's ability is executed by a random living member (set when run).
            ctx.me = None;
        }
        ctx
    }

    /// Abilities of all owners whose trigger is one of `timings` (passive, automatic ones).
    fn collect_passive(&self, timings: &[Timing]) -> Vec<Item> {
        let mut items = Vec::new();
        for owner in self.owners(false) {
            let Some(def) = self.def_of(&owner.source) else {
                continue;
            };
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                if let Some(t) = timing_of(ab) {
                    if timings.contains(&t) {
                        items.push(Item {
                            owner: owner.clone(),
                            index: i,
                            ability: ab.clone(),
                            selection: None,
                            secondary: None,
                            chosen: false,
                        });
                    }
                }
            }
        }
        items
    }

    /// The element name and class used to order a bucket.
    fn sort_key(&mut self, item: &Item) -> SortKey {
        let attack = is_attack(&item.ability);
        let (group, name, class) = match &item.owner.source {
            Source::Group(g) => (0, g.clone(), 0),
            Source::Role(r) => {
                let class = self
                    .lib
                    .role(r)
                    .and_then(|d| d.class.clone())
                    .unwrap_or_default();
                let rank = match class.as_str() {
                    "Townsfolk" => 0,
                    "Werewolf" => 1,
                    _ => 2,
                };
                (1, r.clone(), rank)
            }
            Source::Attr(id) => (
                1,
                self.attr(*id)
                    .map(|a| attr_name(&a.kind))
                    .unwrap_or_default(),
                2,
            ),
            Source::Team(t) => (1, t.clone(), 2),
            Source::Poll(p) => (1, p.clone(), 2),
        };
        let tie = self.rng.next_u64();
        if attack {
            (1, group, class, norm(&name), tie)
        } else {
            (0, 0, 0, norm(&name), tie)
        }
    }

    fn run_items(&mut self, items: Vec<Item>) {
        for it in self.order_bucket(items) {
            if self.state.outcome.is_some() {
                return;
            }
            let mut ctx = self.ctx_for(&it.owner, it.index);
            ctx.selection = it.selection.clone();
            ctx.secondary = it.secondary.clone();
            if it.chosen {
                ctx.chosen = true;
                let fb = self.run_ability(&it.ability, &mut ctx);
                self.feedback(&it, &ctx, fb);
            } else {
                self.run_triggered(&it.owner, it.index, it.ability.clone(), ctx);
            }
        }
    }

    fn feedback(&mut self, it: &Item, ctx: &Ctx, fb: Option<String>) {
        if let (Some(p), Some(fb)) = (ctx.me, fb) {
            let mut what = String::new();
            if let Some(Step::Do { ability, .. }) = it.ability.steps.first() {
                ability.write(&mut what);
                what = self.interpolate(&what, ctx);
            } else {
                it.ability.trigger.write(&mut what);
            }
            self.say(Audience::Player(p), format!("{what}: {fb}"));
        }
    }

    /// Runs an automatically triggered ability when its restrictions allow it.
    fn run_triggered(&mut self, owner: &Owner, index: usize, ab: Arc<Ability>, mut ctx: Ctx) {
        if self.depth > 12 {
            self.host_log("trigger chain deeper than 12 stopped".into());
            return;
        }
        if let Source::Group(g) = &owner.source {
            if ctx.me.is_none() {
                let members = self.group_members(g);
                if !members.is_empty() {
                    let k = self.rng.below(members.len());
                    ctx.me = Some(members[k]);
                    ctx.vars
                        .entry("executor".into())
                        .or_insert(Val::Players(vec![members[k]]));
                }
            }
        }
        self.run_triggered_capture(owner, index, ab, &mut ctx);
    }

    fn record_use(
        &mut self,
        me: Option<usize>,
        index: usize,
        source: &Source,
        target: Option<usize>,
    ) {
        self.state.uses.push(Use {
            player: me,
            ability: AbilityRef {
                source: source.clone(),
                index,
            },
            phase: self.state.phase,
            target,
        });
    }

    // -----------------------------------------------------------------------------------
    // Restrictions and scaling

    /// Whether an ability may be used now; the error says which restriction refused it.
    fn allowed(&mut self, ab: &Ability, ctx: &Ctx, chosen: bool) -> Result<(), String> {
        let params = params_of(ab);
        let Some(r) = ctx.ability.clone() else {
            return Ok(());
        };
        let mut status_seen = false;
        for res in &params.restrictions {
            match res {
                Restriction::Status { status, .. } => {
                    status_seen = true;
                    if let Some(p) = ctx.me {
                        if !self.status_holds(p, status.name()) {
                            return Err(format!("Status: {}", status.name()));
                        }
                    }
                }
                other => self.restriction_ok(other, ctx, &r)?,
            }
        }
        let haunt = if status_seen {
            None
        } else {
            self.haunt_status(ab, ctx)
        };
        if let Some(Err(e)) = haunt {
            return Err(e);
        }
        if haunt.is_none() && !status_seen && matches!(ctx.source, Source::Role(_)) {
            if let Some(p) = ctx.me {
                if !self.state.players[p].alive && !self.is_death_trigger(ab) {
                    return Err("the player is dead".into());
                }
            }
        }
        if chosen || params.scaling.is_some() {
            let per_phase = match &params.scaling {
                Some(s) => self.scale(s, ctx),
                None => 1,
            };
            let repeating = params
                .compulsion
                .iter()
                .any(|c| matches!(c, Compulsion::Repeating { .. }));
            let used = self.uses_in(ctx.me, &r, Some(self.state.phase));
            if !repeating && used >= per_phase {
                return Err(format!(
                    "already used {used} time(s) this phase (allowed: {per_phase})"
                ));
            }
        }
        Ok(())
    }

    fn is_death_trigger(&self, ab: &Ability) -> bool {
        match &*ab.trigger {
            Trigger::On { event, .. } => matches!(
                event,
                TEvent::Death | TEvent::Killed | TEvent::Banished | TEvent::Banishment
            ),
            Trigger::Timing { timing, .. } => {
                matches!(timing, Timing::OnLynch | Timing::OnRemoval | Timing::OnEnd)
            }
            _ => self.runs_for_the_dead(ab),
        }
    }

    fn uses_in(&self, me: Option<usize>, r: &AbilityRef, phase: Option<Phase>) -> usize {
        self.state
            .uses
            .iter()
            .filter(|u| u.player == me && u.ability == *r && phase.is_none_or(|p| u.phase == p))
            .count()
    }

    fn restriction_ok(
        &mut self,
        res: &Restriction,
        ctx: &Ctx,
        r: &AbilityRef,
    ) -> Result<(), String> {
        let phase = self.state.phase;
        match res {
            Restriction::Temporal {
                phase: kind,
                number,
                or_later,
                ..
            } => {
                let want = match kind.name() {
                    "Day" => PhaseKind::Day,
                    _ => PhaseKind::Night,
                };
                let ok = phase.kind == want
                    && match number {
                        None => true,
                        Some(n) if *or_later => phase.number >= *n,
                        Some(n) => phase.number == *n,
                    };
                if ok {
                    Ok(())
                } else {
                    Err(format!("Temporal: not in {phase}"))
                }
            }
            Restriction::Attribute {
                target,
                has,
                attribute,
                ..
            } => {
                let holders = match target {
                    Some(t) => {
                        let v = self.eval(t, ctx);
                        self.holders_of(&v)
                    }
                    None => match (ctx.me, &ctx.source) {
                        (_, Source::Group(g)) => vec![Holder::Group(g.clone())],
                        (Some(p), _) => vec![Holder::Player(p)],
                        _ => Vec::new(),
                    },
                };
                let pat = self.attr_pattern(attribute, ctx);
                let present = holders.iter().any(|h| self.has_attr(h, &pat));
                if present == *has {
                    Ok(())
                } else {
                    Err(format!(
                        "Attribute: {} {}",
                        if *has { "has" } else { "lacks" },
                        attribute.to_text()
                    ))
                }
            }
            Restriction::Succession { per_target, .. } => {
                let prev = Phase {
                    kind: phase.kind,
                    number: phase.number.saturating_sub(1),
                };
                if prev == phase {
                    return Ok(());
                }
                let last: Vec<Option<usize>> = self
                    .state
                    .uses
                    .iter()
                    .filter(|u| u.player == ctx.me && u.ability == *r && u.phase == prev)
                    .map(|u| u.target)
                    .collect();
                if last.is_empty() {
                    return Ok(());
                }
                if !per_target {
                    return Err("Succession: used in the previous phase".into());
                }
                let now = ctx
                    .selection
                    .as_ref()
                    .and_then(|s| s.players().first().copied());
                if now.is_some() && last.contains(&now) {
                    Err("Succession: same target as in the previous phase".into())
                } else {
                    Ok(())
                }
            }
            Restriction::Quantity { value, .. } => {
                let n = self.eval(value, ctx);
                let n = self.num_of(&n).max(0) as usize;
                let used = self.uses_in(ctx.me, r, None);
                if used < n {
                    Ok(())
                } else {
                    Err(format!("Quantity: already used {used} of {n}"))
                }
            }
            Restriction::Condition { condition, .. } => {
                if self.check(condition, ctx) {
                    Ok(())
                } else {
                    let mut s = String::new();
                    condition.write(&mut s);
                    Err(format!("Condition: {s}"))
                }
            }
            Restriction::Status { .. } => Ok(()),
        }
    }

    /// How many times per phase an ability may be used.
    fn scale(&mut self, s: &Scaling, ctx: &Ctx) -> usize {
        match s {
            Scaling::Static { times, .. } => *times as usize,
            Scaling::Value { value, .. } => {
                let v = self.eval(value, ctx);
                self.num_of(&v).max(0) as usize
            }
            Scaling::Cases { cases, .. } => {
                let mut default = None;
                for c in cases {
                    let count = match &c.count {
                        ScaleCount::Times(n) => *n as usize,
                        ScaleCount::Value(v) => {
                            let v = self.eval(v, ctx);
                            self.num_of(&v).max(0) as usize
                        }
                    };
                    match &c.when {
                        None => {
                            default.get_or_insert(count);
                        }
                        Some((l, op, r)) => {
                            let cond = mafia_roles::ability::Condition::Compare {
                                lhs: l.clone(),
                                op: *op,
                                rhs: r.clone(),
                                loc: Default::default(),
                            };
                            if self.check(&cond, ctx) {
                                return count;
                            }
                        }
                    }
                }
                default.unwrap_or(0)
            }
            Scaling::Phase { odd, even, .. } => {
                let part = if self.state.phase.number % 2 == 1 {
                    odd
                } else {
                    even
                };
                match part {
                    Some(s) => self.scale(s, ctx),
                    None => 0,
                }
            }
        }
    }

    fn step_allowed(&mut self, params: &Params, ctx: &Ctx) -> bool {
        let Some(r) = ctx.ability.clone() else {
            return true;
        };
        params
            .restrictions
            .iter()
            .all(|res| self.restriction_ok(res, ctx, &r).is_ok())
    }

    // -----------------------------------------------------------------------------------
    // Running abilities

    /// Runs an ability's steps; returns its feedback.
    pub fn run_ability(&mut self, ab: &Ability, ctx: &mut Ctx) -> Option<String> {
        let params = params_of(ab);
        for c in &params.compulsion {
            match c {
                Compulsion::Direct { .. } => ctx.direct = true,
                Compulsion::Visitless { .. } => ctx.visitless = true,
                Compulsion::Forced { .. } => ctx.chosen = false,
                _ => {}
            }
        }
        if matches!(ctx.source, Source::Poll(_)) {
            ctx.visitless = true;
        }
        ctx.first_new_attr = Some(self.state.next_id);
        self.run_steps(&ab.steps, ctx)
    }

    fn run_steps(&mut self, steps: &[Step], ctx: &mut Ctx) -> Option<String> {
        let mut fb: Option<String> = None;
        let mut i = 0;
        while i < steps.len() {
            match &steps[i] {
                Step::If { .. } => {
                    let mut j = i;
                    while j < steps.len() && matches!(steps[j], Step::If { .. }) {
                        j += 1;
                    }
                    if let Some(f) = self.run_chain(&steps[i..j], ctx) {
                        fb = Some(f);
                    }
                    i = j;
                    continue;
                }
                Step::Do {
                    ability, params, ..
                } => {
                    if self.step_allowed(params, ctx) {
                        let mut local = ctx.clone();
                        for c in &params.compulsion {
                            match c {
                                Compulsion::Direct { .. } => local.direct = true,
                                Compulsion::Visitless { .. } => local.visitless = true,
                                _ => {}
                            }
                        }
                        let f = self.run_kind(ability, &mut local);
                        ctx.cancel = local.cancel.or(ctx.cancel.take());
                        ctx.cont = local.cont;
                        ctx.vars = local.vars;
                        if matches!(steps.get(i + 1), Some(Step::If { .. })) {
                            // No Process format: the conditions below evaluate this
                            // ability's result (Tanner: `Investigate … Player Count` then
                            // `@Result is 0: …`).
                            let v = f.clone().map(Val::Text).unwrap_or(Val::Nothing);
                            ctx.vars.insert("result".into(), v);
                        }
                        if fb.is_none() {
                            fb = f;
                        }
                    }
                }
                Step::Process { steps, .. } => {
                    let group_action = ctx.group_action;
                    for (n, s) in steps.iter().enumerate() {
                        // A group action is its first step; the rest is bookkeeping.
                        ctx.group_action = group_action && n == 0;
                        let f = self.run_steps(std::slice::from_ref(s), ctx);
                        let v = f.map(Val::Text).unwrap_or(Val::Nothing);
                        ctx.vars.insert(format!("result{}", n + 1), v.clone());
                        if n == 0 {
                            ctx.vars.insert("result".into(), v);
                        }
                    }
                    ctx.group_action = group_action;
                }
                Step::Evaluate { steps, .. } => {
                    let only_success = steps.len() == 1
                        && matches!(&steps[0], Step::If { guard: Guard::When(_), then, .. }
                            if matches!(then.as_slice(), [Step::Do { ability: AbilityKind::Feedback { value }, .. }] if value.to_text().contains("Success")));
                    let evaluating = std::mem::replace(&mut ctx.evaluating, true);
                    let f = self.run_steps(steps, ctx);
                    ctx.evaluating = evaluating;
                    fb = match f {
                        None if only_success => Some("Failure".into()),
                        f => f,
                    };
                }
                Step::Feedback { steps, .. } => fb = self.run_steps(steps, ctx),
                Step::ForEach { target, steps, .. } => {
                    let v = self.eval(target, ctx);
                    let items: Vec<Val> = match v {
                        Val::Players(ps) => ps.into_iter().map(|p| Val::Players(vec![p])).collect(),
                        Val::Teams(ts) => ts.into_iter().map(|t| Val::Teams(vec![t])).collect(),
                        Val::Nothing => Vec::new(),
                        other => vec![other],
                    };
                    for it in items {
                        ctx.vars.insert("ind".into(), it);
                        let f = self.run_steps(steps, ctx);
                        if fb.is_none() {
                            fb = f;
                        }
                    }
                }
                Step::Action { .. } | Step::Invalid { .. } => {}
            }
            i += 1;
        }
        fb
    }

    /// A chain of `<Condition>:` / `Otherwise:` lines: the first that holds runs (and then
    /// the chain stops unless it ends with `Continue`).
    fn run_chain(&mut self, chain: &[Step], ctx: &mut Ctx) -> Option<String> {
        let mut matched = false;
        let mut fb = None;
        for s in chain {
            let Step::If {
                guard,
                params,
                then,
                ..
            } = s
            else {
                continue;
            };
            let hit = match guard {
                Guard::When(c) => self.check(c, ctx),
                Guard::Otherwise { .. } => !matched,
            };
            if hit && self.step_allowed(params, ctx) {
                matched = true;
                ctx.cont = false;
                let f = self.run_steps(then, ctx);
                if f.is_some() {
                    fb = f;
                }
                if !ctx.cont {
                    break;
                }
                ctx.cont = false;
            }
        }
        fb
    }

    /// The players an ability actually reaches: redirections (unless `{Direct}` or
    /// `{Visitless}`) and `On Visited` triggers (which may cancel the visit).
    fn visit(&mut self, targets: Vec<usize>, ty: &(String, String), ctx: &mut Ctx) -> Vec<usize> {
        let mut out = Vec::new();
        let Some(me) = ctx.me else {
            return targets;
        };
        for t in targets {
            if t == me || ctx.visitless {
                out.push(t);
                continue;
            }
            let mut t = t;
            if !ctx.direct {
                for _ in 0..5 {
                    match self.redirected(t, me, ty) {
                        Some(n) if n != t => t = n,
                        _ => break,
                    }
                }
            }
            let base = ctx.clone();
            if let Some(c) = self.fire_visit(me, t, ty, &base) {
                self.host_log(format!(
                    "{}'s visit to {} was cancelled",
                    self.name(me),
                    self.name(t)
                ));
                ctx.cancel = Some(c);
                continue;
            }
            if let Some(c) = self.fire(
                Ev::Visited {
                    target: t,
                    visitor: me,
                    ty: ty.clone(),
                },
                &base,
            ) {
                self.host_log(format!(
                    "{}'s visit to {} was cancelled",
                    self.name(me),
                    self.name(t)
                ));
                ctx.cancel = Some(c);
                continue;
            }
            out.push(t);
        }
        out
    }

    fn redirected(&mut self, t: usize, visitor: usize, ty: &(String, String)) -> Option<usize> {
        let attrs: Vec<Attr> = self
            .state
            .attrs
            .iter()
            .filter(|a| {
                a.holder == Holder::Player(t) && matches!(a.kind, AttrKind::Redirection { .. })
            })
            .cloned()
            .collect();
        for a in attrs {
            let AttrKind::Redirection {
                subtype,
                source,
                target,
            } = &a.kind
            else {
                continue;
            };
            if !filter_matches(subtype, ty) {
                continue;
            }
            let ctx = Ctx::new(Some(t), Source::Attr(a.id));
            if let Some(src) = source {
                self.include_dead = false;
                let from = self.eval(src, &ctx).players();
                if !from.contains(&visitor) {
                    continue;
                }
            }
            let to = self.eval(target, &ctx).players();
            let Some(&n) = to.iter().find(|&&n| n != t && self.state.players[n].alive) else {
                continue;
            };
            self.host_log(format!(
                "{}'s {} on {} was redirected to {}",
                self.name(visitor),
                ty.0,
                self.name(t),
                self.name(n)
            ));
            self.use_attr(a.id);
            let base = Ctx::new(Some(t), Source::Role(String::new()))
                .var("visitor", Val::Players(vec![visitor]));
            self.fire(Ev::Redirect { player: t }, &base);
            return Some(n);
        }
        None
    }

    /// If the acting player is obstructed for this ability type: the fake feedback.
    fn obstructed(&mut self, ctx: &Ctx, ty: &(String, String)) -> Option<Option<String>> {
        // A group's action is obstructed through the player executing it.
        let group = Self::runs_group_action(ctx);
        if !group && !ctx.chosen {
            return None;
        }
        let me = ctx.me?;
        if !group && !matches!(ctx.source, Source::Role(_) | Source::Attr(_)) {
            return None;
        }
        let found = self.state.attrs.iter().find(|a| {
            a.holder == Holder::Player(me)
                && a.id < ctx.first_new_attr.unwrap_or(u64::MAX)
                && match &a.kind {
                    AttrKind::Obstruction { filter, .. } => match filter {
                        None => true,
                        Some((neg, f)) => filter_matches(f, ty) != *neg,
                    },
                    _ => false,
                }
        })?;
        let (id, fb) = match &found.kind {
            AttrKind::Obstruction { feedback, .. } => (found.id, feedback.clone()),
            _ => return None,
        };
        let fb = match fb {
            Some(stored) => match self.fake_feedback(&stored) {
                Some(f) => Some(f),
                // `@Result`: the real feedback this time (the ability runs).
                None => return None,
            },
            None => None,
        };
        self.host_log(format!("{}'s {} was obstructed", self.name(me), ty.0));
        self.use_attr(id);
        if group {
            return Some(Some(Self::group_action_failure(fb)));
        }
        Some(fb)
    }

    fn duration(d: &Option<mafia_roles::ability::Duration>, default: Dur) -> Dur {
        d.as_ref()
            .and_then(|d| Dur::parse(&d.name))
            .unwrap_or(default)
    }

    fn text(&mut self, v: &Value, ctx: &Ctx) -> String {
        let v = self.eval(v, ctx);
        self.text_of(&v)
    }

    fn attack_source(&self, ctx: &Ctx) -> String {
        match &ctx.source {
            Source::Group(g) => format!("Group:{}", self.group_title(g)),
            Source::Role(r) => format!("Role:{r}"),
            Source::Poll(p) => format!("Poll:{p}"),
            Source::Team(t) => format!("Team:{t}"),
            Source::Attr(id) => format!(
                "Attribute:{}",
                self.attr(*id)
                    .map(|a| attr_name(&a.kind))
                    .unwrap_or_default()
            ),
        }
    }

    fn group_title(&self, g: &str) -> String {
        self.lib
            .get(ElementKind::Group, g)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| g.to_string())
    }

    /// Runs one ability type; returns its feedback.
    fn run_kind(&mut self, kind: &AbilityKind, ctx: &mut Ctx) -> Option<String> {
        use AbilityKind as A;
        let ty = type_names(kind);
        if let Some(fake) = self.obstructed(ctx, &ty) {
            return fake;
        }
        let phase = self.state.phase;
        let fb = match kind {
            A::Killing { kind: k, target } => {
                let v = self.eval(target, ctx);
                let ts = self.visit(v.players(), &ty, ctx);
                if let Some(c) = ctx.cancel.take() {
                    return Some(c);
                }
                let source = self.attack_source(ctx);
                let attacker = self.attacker_of(ctx);
                let mut ok = false;
                for t in ts {
                    ok |= match k {
                        KillKind::Banish | KillKind::TrueBanish => {
                            self.banish(t, *k, attacker, &source)
                        }
                        _ => self.attack(t, *k, attacker, &source, false),
                    };
                }
                Some(if ok { "Success" } else { "Failure" }.to_string())
            }
            A::Investigate {
                kind: ik,
                target,
                disguises,
            } => {
                let v = self.eval(target, ctx);
                let ts = self.visit(v.players(), &ty, ctx);
                if let Some(c) = ctx.cancel.take() {
                    return Some(c);
                }
                let t = *ts.first()?;
                let role = self.seen_role(t, disguises);
                let def = self.lib.role(&role).cloned();
                Some(match ik.name() {
                    "Role" => role,
                    "Alignment" => {
                        if role == self.state.players[t].role {
                            self.state.players[t].alignment.clone()
                        } else {
                            def.map(|d| team_of_def(&self.lib, &d)).unwrap_or_default()
                        }
                    }
                    "Category" => def.and_then(|d| d.category.clone()).unwrap_or_default(),
                    _ => def.and_then(|d| d.class.clone()).unwrap_or_default(),
                })
            }
            A::AttributeInvestigate {
                target, attribute, ..
            } => {
                let v = self.eval(target, ctx);
                let ts = self.visit(v.players(), &ty, ctx);
                if let Some(c) = ctx.cancel.take() {
                    return Some(c);
                }
                let pat = self.attr_pattern(attribute, ctx);
                let t = *ts.first()?;
                Some(
                    if self.has_attr(&Holder::Player(t), &pat) {
                        "Success"
                    } else {
                        "Failure"
                    }
                    .into(),
                )
            }
            A::InvestigateCount {
                target, players, ..
            } => {
                let v = self.eval(target, ctx);
                let n = if *players {
                    v.players().len()
                } else {
                    self.role_players(&self.text_of(&v)).len()
                };
                Some(n.to_string())
            }
            A::Target { target, .. } => {
                let mut v = self.eval(target, ctx);
                if let Val::Players(ps) = &v {
                    let ps = self.visit(ps.clone(), &ty, ctx);
                    if let Some(c) = ctx.cancel.take() {
                        return Some(c);
                    }
                    v = Val::Players(ps);
                }
                let shown = self.text_of(&v);
                self.set_target(ctx, Some(v));
                if let Some(p) = ctx.me {
                    // An attribute's own target is not its holder's news (the Baroness's
                    // spying attribute targets the Baroness: telling would expose her).
                    if matches!(ctx.source, Source::Role(_)) {
                        self.say(Audience::Player(p), format!("Your target is now {shown}."));
                    }
                }
                None
            }
            A::Untarget => {
                self.set_target(ctx, None);
                None
            }
            A::Disguise {
                strength,
                target,
                role,
                duration,
            } => {
                let v = self.eval(target, ctx);
                let role = self.text(role, ctx);
                let ts = self.visit(v.players(), &ty, ctx);
                for t in ts {
                    self.new_attr(
                        Holder::Player(t),
                        AttrKind::Disguise {
                            role: role.clone(),
                            strong: *strength == DisguiseStrength::Strongly,
                        },
                        ctx.me,
                        Self::duration(duration, Dur::Permanent),
                        ctx.attr,
                    );
                }
                Some("Success".into())
            }
            A::Protect {
                target,
                from,
                by,
                through,
                during,
                duration,
            } => {
                let v = self.eval(target, ctx);
                let from = self.text(from, ctx);
                let (kind, at) = match through {
                    Protection::Defense(d) => (
                        match d.name() {
                            "Active Defense" => DefenseKind::Active,
                            "Passive Defense" => DefenseKind::Passive,
                            "Partial Defense" => DefenseKind::Partial,
                            _ => DefenseKind::Recruitment,
                        },
                        None,
                    ),
                    Protection::Absence(loc) => {
                        let l = self.eval(loc, ctx);
                        if let Val::Group(g) = &l {
                            if !self.place_exists(g) {
                                self.host_log(format!(
                                    "Protect: absence at #{g}, which is neither a group nor a location in play"
                                ));
                                return Some("Failure".into());
                            }
                        }
                        let l = match l {
                            Val::Players(ps) => {
                                let ps = self.visit(ps, &ty, ctx);
                                ps.first().copied()
                            }
                            _ => None,
                        };
                        (DefenseKind::Absence, l)
                    }
                };
                let during = during.map(|d| match d.name() {
                    "Day" => PhaseKind::Day,
                    _ => PhaseKind::Night,
                });
                let ts = self.visit(v.players(), &ty, ctx);
                for t in &ts {
                    self.new_attr(
                        Holder::Player(*t),
                        AttrKind::Defense {
                            kind,
                            from: from.clone(),
                            by: by.clone(),
                            during,
                            at,
                        },
                        ctx.me,
                        Self::duration(duration, Dur::Permanent),
                        ctx.attr,
                    );
                }
                if let Some(me) = ctx.me {
                    if !ts.is_empty() && matches!(ctx.source, Source::Role(_)) && ts != [me] {
                        self.host_log(format!(
                            "{} protected {} ({} defense from {})",
                            self.name(me),
                            self.text_of(&Val::Players(ts.clone())),
                            kind.name(),
                            from
                        ));
                    }
                }
                Some(if ts.is_empty() { "Failure" } else { "Success" }.into())
            }
            A::Apply {
                attribute,
                target,
                duration,
                data,
            } => {
                let name = self.text(attribute, ctx);
                let v = self.eval(target, ctx);
                let holders = match &v {
                    Val::Players(ps) => {
                        let ps = self.visit(ps.clone(), &ty, ctx);
                        ps.into_iter().map(Holder::Player).collect()
                    }
                    other => self.holders_of(other),
                };
                let mut values = Vec::new();
                for d in data {
                    values.push(self.text(d, ctx));
                }
                for h in &holders {
                    let id = self.new_attr(
                        h.clone(),
                        AttrKind::Custom { name: name.clone() },
                        ctx.me,
                        Self::duration(duration, Dur::Permanent),
                        ctx.attr,
                    );
                    if let Some(a) = self.attr_mut(id) {
                        a.values = values.clone();
                    }
                    self.run_attr_starting(id);
                }
                Some(
                    if holders.is_empty() {
                        "Failure"
                    } else {
                        "Success"
                    }
                    .into(),
                )
            }
            A::RemoveAttribute { attribute, target } => {
                let pat = self.attr_pattern(attribute, ctx);
                let v = self.eval(target, ctx);
                let holders = self.holders_of(&v);
                let ids: Vec<u64> = self
                    .state
                    .attrs
                    .iter()
                    .filter(|a| {
                        (holders.contains(&a.holder) || matches!(pat, AttrPattern::Id(_)))
                            && self.attr_matches(a, &pat)
                    })
                    .map(|a| a.id)
                    .collect();
                for id in &ids {
                    self.remove_attr(*id);
                }
                Some(if ids.is_empty() { "Failure" } else { "Success" }.into())
            }
            A::ChangeAttribute {
                attribute,
                index,
                value,
                target,
            } => {
                let idx = {
                    let v = self.eval(index, ctx);
                    (self.num_of(&v).max(1) - 1) as usize
                };
                let new = self.text(value, ctx);
                let ids: Vec<u64> = match self.eval(attribute, ctx) {
                    Val::Attr(id) => vec![id],
                    other => {
                        let t = self.text_of(&other);
                        let pat = AttrPattern::Name {
                            kind: norm(&t),
                            value: None,
                        };
                        let holders = match target {
                            Some(t) => {
                                let v = self.eval(t, ctx);
                                self.holders_of(&v)
                            }
                            None => ctx.me.map(Holder::Player).into_iter().collect(),
                        };
                        self.state
                            .attrs
                            .iter()
                            .filter(|a| holders.contains(&a.holder) && self.attr_matches(a, &pat))
                            .map(|a| a.id)
                            .collect()
                    }
                };
                for id in &ids {
                    if let Some(a) = self.attr_mut(*id) {
                        if a.values.len() <= idx {
                            a.values.resize(idx + 1, String::new());
                        }
                        a.values[idx] = new.clone();
                    }
                }
                Some(if ids.is_empty() { "Failure" } else { "Success" }.into())
            }
            A::Redirect {
                subtype,
                source,
                target,
                duration,
            } => {
                let subtype = self.text(subtype, ctx);
                let me = ctx.me?;
                self.new_attr(
                    Holder::Player(me),
                    AttrKind::Redirection {
                        subtype,
                        source: source.clone(),
                        target: target.clone(),
                    },
                    Some(me),
                    Self::duration(duration, Dur::Permanent),
                    ctx.attr,
                );
                Some("Success".into())
            }
            A::ManipulateVotes {
                target,
                subtype,
                relative,
                value,
                duration,
            } => {
                let v = self.eval(target, ctx);
                let subtype = self.text(subtype, ctx);
                let n = {
                    let v = self.eval(value, ctx);
                    self.num_of(&v)
                };
                let ts = self.visit(v.players(), &ty, ctx);
                for t in &ts {
                    self.new_attr(
                        Holder::Player(*t),
                        AttrKind::Manipulation {
                            subtype: subtype.clone(),
                            relative: *relative,
                            value: n,
                        },
                        ctx.me,
                        Self::duration(duration, Dur::Permanent),
                        ctx.attr,
                    );
                }
                Some("Success".into())
            }
            A::Poll {
                action: mafia_roles::ability::PollAction::Add,
                poll,
            } => self.add_poll(poll, ctx),
            A::ManipulatePoll {
                poll,
                manipulation,
                duration,
            } => self.manipulate_candidates(poll, manipulation, duration, &ty, ctx),
            A::ChoiceCreation {
                name,
                recipient,
                options,
            } => self.create_choice(name, recipient, options, ctx),
            A::ChoiceChoose { name, option } => self.choose(name, option, ctx),
            A::Copy { target, suppressed } => self.copy_player(target, *suppressed, &ty, ctx),
            A::Switch { target } => self.switch_with(target, &ty, ctx),
            A::Poll { action, poll } => {
                let name = norm(&self.text(poll, ctx));
                match action.name() {
                    "Cancel" => self.state.cancelled_polls.push(name),
                    _ => self.state.deleted_polls.push(name),
                }
                Some("Success".into())
            }
            A::CreatePoll {
                poll,
                location,
                name,
            } => {
                let def = match poll {
                    Some(p) => self.text(p, ctx),
                    None => match &ctx.source {
                        Source::Poll(p) => p.clone(),
                        _ => return Some("Failure".into()),
                    },
                };
                let loc = match self.eval(location, ctx) {
                    Val::Group(g) => g,
                    other => norm(&self.text_of(&other)),
                };
                let shown = name.as_ref().map(|n| self.text(n, ctx));
                if !self.place_exists(&loc) {
                    self.host_log(format!(
                        "Create Poll: #{loc} is neither a group nor a location in play"
                    ));
                    return Some("Failure".into());
                }
                Some(
                    if self.create_poll(&def, &loc, shown, ctx) {
                        "Success"
                    } else {
                        "Failure"
                    }
                    .into(),
                )
            }
            A::Join {
                group,
                membership,
                duration,
            } => {
                let g = self.group_name(group, ctx);
                let m = match membership {
                    Some(m) => self.text(m, ctx),
                    None => "Member".into(),
                };
                let me = ctx.me?;
                let ok = self.join(me, &g, &m, Self::duration(duration, Dur::Persistent), ctx);
                Some(if ok { "Success" } else { "Failure" }.into())
            }
            A::AddToGroup {
                target,
                group,
                membership,
                duration,
            } => {
                let g = self.group_name(group, ctx);
                let m = match membership {
                    Some(m) => self.text(m, ctx),
                    None => "Member".into(),
                };
                let v = self.eval(target, ctx);
                let mut ok = false;
                for p in v.players() {
                    ok |= self.join(p, &g, &m, Self::duration(duration, Dur::Persistent), ctx);
                }
                Some(if ok { "Success" } else { "Failure" }.into())
            }
            A::Leave { group } => {
                let g = self.group_name(group, ctx);
                let me = ctx.me?;
                self.leave(me, &g);
                Some("Success".into())
            }
            A::RemoveFromGroup { target, group } => {
                let g = self.group_name(group, ctx);
                let v = self.eval(target, ctx);
                for p in v.players() {
                    self.leave(p, &g);
                }
                Some("Success".into())
            }
            A::Grant { role, target } => {
                let role = self.text(role, ctx);
                let v = self.eval(target, ctx);
                let Some(def) = self.lib.role(&role).cloned() else {
                    self.host_log(format!("Grant: unknown role `{role}`"));
                    return Some("Failure".into());
                };
                for p in v.players() {
                    let id = self.new_attr(
                        Holder::Player(p),
                        AttrKind::Role {
                            role: def.name.clone(),
                        },
                        ctx.me,
                        Dur::Persistent,
                        None,
                    );
                    self.say(
                        Audience::Player(p),
                        format!("You are now also {}.", def.name),
                    );
                    self.run_attr_starting(id);
                    for (i, (ab, _)) in def.abilities.iter().enumerate() {
                        if timing_of(ab) == Some(Timing::OnAssigned) {
                            let owner = Owner {
                                source: Source::Attr(id),
                                me: Some(p),
                                attr: Some(id),
                            };
                            let c = self.ctx_for(&owner, i);
                            self.run_triggered(&owner, i, ab.clone(), c);
                        }
                    }
                }
                Some("Success".into())
            }
            A::Revoke { role, target } => {
                let ids: Vec<u64> = match self.eval(role, ctx) {
                    Val::Attr(id) => vec![id],
                    other => {
                        let r = norm(&self.text_of(&other));
                        let holders = {
                            let v = self.eval(target, ctx);
                            self.holders_of(&v)
                        };
                        self.state
                            .attrs
                            .iter()
                            .filter(|a| {
                                holders.contains(&a.holder)
                                    && matches!(&a.kind, AttrKind::Role { role } if norm(role) == r)
                            })
                            .map(|a| a.id)
                            .collect()
                    }
                };
                for id in &ids {
                    self.remove_attr(*id);
                }
                Some("Success".into())
            }
            A::Obstruct {
                abilities,
                target,
                feedback,
                duration,
            } => {
                let v = self.eval(target, ctx);
                let feedback = match feedback {
                    None => None,
                    Some(ObstructFeedback::Single(v)) => Some(self.text(v, ctx)),
                    // Rolled each time the obstruction is used (`Game::fake_feedback`).
                    Some(ObstructFeedback::Chances(cs)) => Some(self.encode_chances(cs, ctx)),
                };
                let ts = self.visit(v.players(), &ty, ctx);
                for t in &ts {
                    self.new_attr(
                        Holder::Player(*t),
                        AttrKind::Obstruction {
                            filter: abilities.as_ref().map(|f| (f.negated, f.name.clone())),
                            feedback: feedback.clone(),
                        },
                        ctx.me,
                        Self::duration(duration, Dur::Permanent),
                        ctx.attr,
                    );
                }
                Some("Success".into())
            }
            A::Reveal { what, to } => {
                let text = self.text(what, ctx);
                let to = self.eval(to, ctx);
                self.send(&to, text);
                None
            }
            A::Announce { info } => {
                let text = self.text(info, ctx);
                self.say(Audience::Public, text);
                None
            }
            A::Learn { info } | A::Know { info } => {
                let text = self.text(info, ctx);
                match (&ctx.source, ctx.me) {
                    (Source::Group(g), _) => {
                        let g = g.clone();
                        self.say(Audience::Channel(g), text)
                    }
                    (_, Some(p)) => self.say(Audience::Player(p), text),
                    _ => self.host_log(text),
                }
                None
            }
            A::Change {
                kind: ck,
                target,
                to,
            } => {
                let v = self.eval(target, ctx);
                let to = self.eval(to, ctx);
                match ck.name() {
                    "Role" => {
                        let role = match &to {
                            Val::Players(ps) if !ps.is_empty() => {
                                self.state.players[ps[0]].role.clone()
                            }
                            other => self.text_of(other),
                        };
                        let mut ok = false;
                        for p in v.players() {
                            ok |= self.change_role(p, &role, ctx.me);
                        }
                        Some(if ok { "Success" } else { "Failure" }.into())
                    }
                    "Group" => self.group_change(&v, &to),
                    _ => {
                        let team = self.team_key(&self.text_of(&to));
                        for p in v.players() {
                            if self.loyalty_blocks(p, "Alignment Change") {
                                continue;
                            }
                            self.state.players[p].alignment = team.clone();
                            self.join_team(p);
                        }
                        Some("Success".into())
                    }
                }
            }
            A::Counter { op, value, target } => {
                let n = match value {
                    Some(v) => {
                        let v = self.eval(v, ctx);
                        self.num_of(&v)
                    }
                    None => 1,
                };
                let holders = match target {
                    Some(t) => {
                        let v = self.eval(t, ctx);
                        self.holders_of(&v)
                    }
                    None => match (&ctx.source, ctx.me) {
                        (Source::Group(g), _) => vec![Holder::Group(g.clone())],
                        (Source::Team(t), _) => vec![Holder::Team(t.clone())],
                        (_, Some(p)) => vec![Holder::Player(p)],
                        _ => Vec::new(),
                    },
                };
                for h in holders {
                    let slot: Option<&mut i64> = match &h {
                        Holder::Player(p) => Some(&mut self.state.players[*p].counter),
                        Holder::Group(g) => {
                            Some(&mut self.state.groups.entry(g.clone()).or_default().counter)
                        }
                        Holder::Team(t) => {
                            Some(&mut self.state.teams.entry(t.clone()).or_default().counter)
                        }
                        Holder::Attr(id) => self
                            .state
                            .attrs
                            .iter_mut()
                            .find(|a| a.id == *id)
                            .map(|a| &mut a.counter),
                    };
                    if let Some(c) = slot {
                        match op.name() {
                            "Increment" => *c += n,
                            "Decrement" => *c -= n,
                            _ => *c = n,
                        }
                    }
                }
                None
            }
            A::Cancel { feedback } => {
                let f = match feedback {
                    Some(f) => self.text(f, ctx),
                    None => "Failure".into(),
                };
                ctx.cancel = Some(f);
                None
            }
            A::Emit { value, target, .. } => {
                let value = self.text(value, ctx);
                let targets = match target {
                    Some(t) => self.eval(t, ctx).players(),
                    None => ctx.me.into_iter().collect(),
                };
                let base = ctx.clone();
                self.fire(Ev::Emitted { value, targets }, &base);
                None
            }
            A::Display { name, values } => {
                let name = self.text(name, ctx);
                let values: Vec<String> = values.iter().map(|v| v.trim().to_string()).collect();
                let player = ctx.me;
                self.state
                    .displays
                    .retain(|d| !(d.player == player && d.name == name));
                self.state.displays.push(Display {
                    player,
                    name: name.clone(),
                    values: values.clone(),
                });
                if let Some(p) = player {
                    self.say(
                        Audience::Player(p),
                        format!("[{name}] {}", values.join(", ")),
                    );
                }
                None
            }
            A::UpdateDisplay { name, index, value } => {
                let name = self.text(name, ctx);
                let idx = {
                    let v = self.eval(index, ctx);
                    (self.num_of(&v).max(1) - 1) as usize
                };
                let value = self.text(value, ctx);
                let player = ctx.me;
                if let Some(d) = self
                    .state
                    .displays
                    .iter_mut()
                    .find(|d| d.player == player && norm(&d.name) == norm(&name))
                {
                    if d.values.len() <= idx {
                        d.values.resize(idx + 1, String::new());
                    }
                    d.values[idx] = value;
                }
                None
            }
            A::Loyalty { to, kind } => self.loyalty(to, *kind, ctx),
            A::Ascend => self.ascend(ctx, true),
            A::Descend => self.ascend(ctx, false),
            A::Disband { target } => self.disband_ability(target.as_ref(), ctx),
            A::Shuffle { targets } => self.shuffle(targets, ctx),
            A::Whisper {
                from,
                to,
                disguise,
                duration,
            } => self.run_whisper(from, to, disguise, duration, ctx),
            A::ConversationReset { target } => self.run_reset(target, ctx),
            A::Lock { location, unlock } => self.run_lock(location, *unlock, ctx),
            A::Transfer { role, from, to } => self.run_transfer(role, from, to, ctx),
            A::Execute { name, location } => self.run_execute(name, location, ctx),
            A::Format {
                target,
                template,
                split,
            } => self.run_format(target, template, split, ctx),
            A::Resurrect { target } => {
                let v = self.eval(target, ctx);
                self.resurrect(v.players())
            }
            // Read from the attribute's definition by `haunt_status`.
            A::Activate { .. } => None,
            A::Feedback { value } => Some(self.text(value, ctx)),
            A::Continue => {
                ctx.cont = true;
                None
            }
            A::Nothing => None,
        };
        if let (Some(me), Source::Role(_) | Source::Attr(_)) = (ctx.me, &ctx.source) {
            if self.depth < 12 && ty.0 != "Other" {
                let base = ctx
                    .clone()
                    .var(
                        "actionresult",
                        fb.clone().map(Val::Text).unwrap_or(Val::Nothing),
                    )
                    .var(
                        "actionfeedback",
                        fb.clone().map(Val::Text).unwrap_or(Val::Nothing),
                    )
                    .var("triggersource", Val::Text(self.attack_source(ctx)));
                self.depth += 1;
                self.fire(
                    Ev::Action {
                        actor: me,
                        source: ctx.source.clone(),
                        ty,
                    },
                    &base,
                );
                self.depth -= 1;
            }
        }
        self.park_delayed();
        let _ = phase;
        fb
    }

    fn group_name(&mut self, v: &Value, ctx: &Ctx) -> String {
        match self.eval(v, ctx) {
            Val::Group(g) => g,
            other => norm(&self.text_of(&other)),
        }
    }

    fn set_target(&mut self, ctx: &Ctx, v: Option<Val>) {
        match &ctx.source {
            Source::Group(g) => self.state.groups.entry(g.clone()).or_default().target = v,
            Source::Poll(p) => match v {
                Some(v) => {
                    self.state.poll_targets.insert(norm(p), v);
                }
                None => {
                    self.state.poll_targets.remove(&norm(p));
                }
            },
            Source::Team(t) => self.state.teams.entry(t.clone()).or_default().target = v,
            Source::Attr(id) if self.custom_attr(*id) => {
                if let Some(a) = self.attr_mut(*id) {
                    a.target = v;
                }
            }
            _ => {
                if let Some(p) = ctx.me {
                    self.state.players[p].target = v;
                }
            }
        }
    }

    fn send(&mut self, to: &Val, text: String) {
        match to {
            Val::Players(ps) => {
                for &p in ps {
                    self.say(Audience::Player(p), text.clone());
                }
            }
            Val::Group(g) => {
                let aud = if matches!(g.as_str(), "story time" | "town square") {
                    Audience::Public
                } else {
                    Audience::Channel(g.clone())
                };
                self.say(aud, text)
            }
            Val::Nothing => self.host_log(text),
            other => {
                let c = norm(&self.text_of(other));
                self.say(Audience::Channel(c), text)
            }
        }
    }

    fn seen_role(&mut self, t: usize, disguises: &[String]) -> String {
        let weak = disguises
            .iter()
            .any(|d| d.trim().eq_ignore_ascii_case("WD"));
        let strong = disguises
            .iter()
            .any(|d| d.trim().eq_ignore_ascii_case("SD"));
        let found = self
            .state
            .attrs
            .iter()
            .rev()
            .find(|a| {
                a.holder == Holder::Player(t)
                    && matches!(a.kind, AttrKind::Disguise { strong: s, .. } if (s && strong) || (!s && weak))
            })
            .map(|a| (a.id, a.kind.clone()));
        match found {
            Some((id, AttrKind::Disguise { role, .. })) => {
                self.use_attr(id);
                role
            }
            _ => self.state.players[t].role.clone(),
        }
    }

    fn join(&mut self, p: usize, g: &str, membership: &str, dur: Dur, ctx: &Ctx) -> bool {
        let tier = |m: &str| match norm(m).as_str() {
            "owner" => 2,
            "member" => 1,
            _ => 0,
        };
        let existing: Vec<(u64, String)> = self
            .state
            .attrs
            .iter()
            .filter_map(|a| match &a.kind {
                AttrKind::GroupMembership { group, membership }
                    if a.holder == Holder::Player(p) && norm(group) == norm(g) =>
                {
                    Some((a.id, membership.clone()))
                }
                _ => None,
            })
            .collect();
        if existing.iter().any(|(_, m)| tier(m) >= tier(membership)) {
            return false;
        }
        for (id, _) in existing {
            self.remove_attr(id);
        }
        self.state.groups.entry(norm(g)).or_default();
        self.reopen(g, membership);
        self.new_attr(
            Holder::Player(p),
            AttrKind::GroupMembership {
                group: norm(g),
                membership: membership.to_string(),
            },
            ctx.me,
            dur,
            ctx.attr,
        );
        let title = self.group_title(g);
        self.say(Audience::Player(p), format!("You joined {title}."));
        self.group_entered_play(&norm(g));
        true
    }

    fn leave(&mut self, p: usize, g: &str) {
        let ids: Vec<u64> = self
            .state
            .attrs
            .iter()
            .filter(|a| {
                a.holder == Holder::Player(p)
                    && matches!(&a.kind, AttrKind::GroupMembership { group, .. } if norm(group) == norm(g))
            })
            .map(|a| a.id)
            .collect();
        for id in ids {
            self.remove_attr(id);
        }
    }

    fn change_role(&mut self, p: usize, role: &str, changer: Option<usize>) -> bool {
        let Some(def) = self.lib.role(role).cloned() else {
            self.host_log(format!("Role Change: unknown role `{role}`"));
            return false;
        };
        if self.loyalty_blocks(p, "Role Change") {
            return false;
        }
        self.fire_changed(p);
        let was_member = self.member_groups(p);
        let old = self.state.players[p].role.clone();
        // Role loss: permanent attributes and role attributes go, memberships downgrade.
        let lost: Vec<u64> = self
            .state
            .attrs
            .iter()
            .filter(|a| {
                a.holder == Holder::Player(p)
                    && (a.from_role || a.duration == Dur::Permanent)
                    && !matches!(a.kind, AttrKind::GroupMembership { .. })
            })
            .map(|a| a.id)
            .collect();
        for id in lost {
            self.remove_attr(id);
        }
        for a in self.state.attrs.iter_mut() {
            if a.holder == Holder::Player(p) {
                if let AttrKind::GroupMembership { membership, .. } = &mut a.kind {
                    if norm(membership) == "member" {
                        *membership = "Visitor".into();
                    }
                }
            }
        }
        let team = team_of_def(&self.lib, &def);
        self.state.players[p].role = def.name.clone();
        let old_team = self.state.players[p].alignment.clone();
        if def.class.as_deref() != Some("Unaligned") {
            self.state.players[p].alignment = team;
        }
        self.add_role_attributes(p, &def.name);
        // The new role's starting abilities run (Copy (Suppressed) is the exception).
        for (i, (ab, _)) in def.abilities.iter().enumerate() {
            if timing_of(ab) == Some(Timing::Starting) && !self.suppress_starting {
                let owner = Owner {
                    source: Source::Role(def.name.clone()),
                    me: Some(p),
                    attr: None,
                };
                let ctx = self.ctx_for(&owner, i);
                self.run_triggered(&owner, i, ab.clone(), ctx);
            }
        }
        self.host_log(format!(
            "{} changed role: {old} → {}",
            self.name(p),
            def.name
        ));
        self.say(
            Audience::Player(p),
            format!("Your role is now {}.", def.name),
        );
        if self.state.players[p].alignment != old_team {
            self.join_team(p);
        }
        let base = Ctx::new(Some(p), Source::Role(def.name.clone())).var(
            "rolechanger",
            changer
                .map(|c| Val::Players(vec![c]))
                .unwrap_or(Val::Nothing),
        );
        self.fire(Ev::RoleChange { player: p }, &base);
        self.old_role_changed(p, &old, &base);
        self.after_role_change(p, was_member, changer);
        true
    }

    // -----------------------------------------------------------------------------------
    // Killing

    /// The context of an attack on `t` as its defense and death triggers see it: the
    /// attacked player's role, `@Attacker`, `$AttackSource` and `$KillingType`.
    pub(crate) fn attack_ctx(
        &self,
        t: usize,
        kind: KillKind,
        attacker: Option<usize>,
        source: &str,
    ) -> Ctx {
        Ctx::new(Some(t), Source::Role(self.state.players[t].role.clone()))
            .var(
                "attacker",
                attacker
                    .map(|a| Val::Players(vec![a]))
                    .unwrap_or(Val::Nothing),
            )
            .var("attacksource", Val::Text(source.to_string()))
            .var("killingtype", Val::Text(kind.name().to_string()))
    }

    /// One killing against the target's defenses in the documented order (absence, active,
    /// passive, partial, recruitment). Returns whether the killing succeeded.
    fn attack(
        &mut self,
        t: usize,
        kind: KillKind,
        attacker: Option<usize>,
        source: &str,
        skip_absence: bool,
    ) -> bool {
        if !self.state.players[t].alive {
            return self.died_now.contains(&t);
        }
        let base = self
            .attack_ctx(t, kind, attacker, source)
            .var("attacked", Val::Players(vec![t]));
        if kind == KillKind::Lynch {
            self.fire_timing_for(t, Timing::OnLynch, &base);
            if !self.state.players[t].alive {
                return true; // an `On Lynch` ability (e.g. Ascend) already removed them
            }
        }
        if !matches!(kind, KillKind::TrueKill | KillKind::TrueBanish) {
            for dk in DefenseKind::ORDER {
                if skip_absence && dk == DefenseKind::Absence {
                    continue;
                }
                let ids: Vec<u64> = self
                    .state
                    .attrs
                    .iter()
                    .filter(|a| {
                        a.holder == Holder::Player(t)
                            && matches!(&a.kind, AttrKind::Defense { kind, .. } if *kind == dk)
                    })
                    .map(|a| a.id)
                    .collect();
                for id in ids {
                    if self.defends(id, kind, attacker, t) {
                        let by = self
                            .attr(id)
                            .and_then(|a| a.source_role.clone())
                            .unwrap_or_default();
                        self.host_log(format!(
                            "{source} {} on {} failed: {} defense{}",
                            kind.name(),
                            self.name(t),
                            dk.name().to_lowercase(),
                            if by.is_empty() {
                                String::new()
                            } else {
                                format!(" ({by})")
                            }
                        ));
                        self.use_attr(id);
                        self.fire(
                            Ev::Defense {
                                target: t,
                                kind: dk,
                            },
                            &base,
                        );
                        return false;
                    }
                }
            }
        }
        self.die(t, kind, attacker, source);
        // Players staying at the victim's house (absence at a player) share the attack.
        let guests: Vec<usize> = self
            .state
            .attrs
            .iter()
            .filter_map(|a| match (&a.holder, &a.kind) {
                (
                    Holder::Player(q),
                    AttrKind::Defense {
                        kind: DefenseKind::Absence,
                        at: Some(h),
                        ..
                    },
                ) if *h == t && *q != t => Some(*q),
                _ => None,
            })
            .collect();
        for q in guests {
            if self.state.players[q].alive {
                self.host_log(format!("{} was at {}'s house", self.name(q), self.name(t)));
                self.attack(q, kind, attacker, source, true);
            }
        }
        true
    }

    fn defends(&mut self, id: u64, kind: KillKind, attacker: Option<usize>, t: usize) -> bool {
        let Some(a) = self.attr(id).cloned() else {
            return false;
        };
        let AttrKind::Defense {
            from, by, during, ..
        } = &a.kind
        else {
            return false;
        };
        let f = norm(from);
        let covers = match kind {
            KillKind::Attack => f.contains("attack") || f.contains("kill") || f == "all",
            KillKind::Kill => f.contains("kills") || f == "kill" || f == "all",
            KillKind::Lynch => f.contains("lynch") || f == "all",
            _ => false,
        };
        if !covers {
            return false;
        }
        if let Some(d) = during {
            if *d != self.state.phase.kind {
                return false;
            }
        }
        if let Some(by) = by {
            let Some(att) = attacker else { return false };
            let ctx = Ctx::new(Some(t), Source::Attr(id));
            if !self.eval(by, &ctx).players().contains(&att) {
                return false;
            }
        }
        true
    }

    fn die(&mut self, p: usize, kind: KillKind, attacker: Option<usize>, source: &str) {
        self.state.players[p].alive = false;
        self.died_now.push(p);
        let (name, role) = (self.name(p), self.state.players[p].role.clone());
        let how = match kind {
            KillKind::Lynch => "was lynched",
            _ if source == groups::ASCENSION => "ascended",
            _ if source == groups::DESCENSION => "descended",
            _ => "died",
        };
        self.say(
            Audience::Public,
            format!("{name} {how}. Their role was {role}."),
        );
        self.host_log(format!(
            "{name} died: {} by {source}{}",
            kind.name(),
            attacker
                .map(|a| format!(" ({})", self.name(a)))
                .unwrap_or_default()
        ));
        self.haunt_on_death(p);
        let base = Ctx::new(Some(p), Source::Role(role))
            .var(
                "attacker",
                attacker
                    .map(|a| Val::Players(vec![a]))
                    .unwrap_or(Val::Nothing),
            )
            .var("attacksource", Val::Text(source.to_string()))
            .var("deathtype", Val::Text(kind.name().to_string()))
            .var("this", Val::Players(vec![p]));
        self.fire(
            Ev::Death {
                dead: p,
                lynch: kind == KillKind::Lynch,
            },
            &base,
        );
        self.disband_after_death(p);
        self.check_win();
    }

    // -----------------------------------------------------------------------------------
    // Triggers

    fn fire_timing_for(&mut self, p: usize, timing: Timing, base: &Ctx) {
        let owners: Vec<Owner> = self
            .owners(true)
            .into_iter()
            .filter(|o| o.me == Some(p) && !matches!(o.source, Source::Group(_)))
            .collect();
        for owner in owners {
            let Some(def) = self.def_of(&owner.source) else {
                continue;
            };
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                if timing_of(ab) == Some(timing) {
                    let ctx = self.merge(&owner, i, base);
                    self.run_triggered(&owner, i, ab.clone(), ctx);
                }
            }
        }
    }

    fn merge(&self, owner: &Owner, i: usize, base: &Ctx) -> Ctx {
        let mut ctx = self.ctx_for(owner, i);
        for (k, v) in &base.vars {
            ctx.vars.entry(k.clone()).or_insert(v.clone());
        }
        ctx
    }

    /// Fires every trigger that listens to `ev`. Trigger values come from `base.vars`.
    /// Returns the feedback of a `Cancel` run by one of them.
    fn fire(&mut self, ev: Ev, base: &Ctx) -> Option<String> {
        let mut cancel = None;
        if self.depth > 12 {
            return None;
        }
        let owners = self.owners(true);
        for owner in owners {
            let Some(def) = self.def_of(&owner.source) else {
                continue;
            };
            let owner_alive = owner.me.is_none_or(|p| self.state.players[p].alive);
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                let mut extra: Vec<(&str, Val)> = Vec::new();
                let hit = match (&ev, &*ab.trigger) {
                    (Ev::Death { dead, lynch }, Trigger::On { subject, event, .. }) => {
                        match (subject, event) {
                            (None, TEvent::Death) => owner.me == Some(*dead),
                            (None, TEvent::Killed) => owner.me == Some(*dead) && !lynch,
                            (Some(s), TEvent::Death) if owner_alive => {
                                let c = self.merge(&owner, i, base);
                                self.include_dead = true;
                                let hit = self.eval_subject(s, &c).contains(dead);
                                self.include_dead = false;
                                hit
                            }
                            _ => false,
                        }
                    }
                    (
                        Ev::Visited {
                            target,
                            visitor,
                            ty,
                        },
                        Trigger::On {
                            subject,
                            event: TEvent::Visited,
                            filter,
                            ..
                        },
                    ) if owner_alive => {
                        extra.push(("visitor", Val::Players(vec![*visitor])));
                        extra.push(("visittype", Val::Text(ty.0.clone())));
                        extra.push(("this", Val::Players(vec![*target])));
                        with_filter(filter, ty)
                            && match subject {
                                None => owner.me == Some(*target),
                                Some(s) => {
                                    let c = self.merge(&owner, i, base);
                                    self.eval_subject(s, &c).contains(target)
                                }
                            }
                    }
                    (
                        Ev::Action { actor, source, ty },
                        Trigger::On {
                            subject,
                            event,
                            filter,
                            ..
                        },
                    ) if owner_alive => {
                        with_filter(filter, ty)
                            && match (subject, event) {
                                (None, TEvent::Action) => {
                                    owner.me == Some(*actor) && owner.source == *source
                                }
                                (None, TEvent::AnyAction) => owner.me == Some(*actor),
                                (Some(s), TEvent::Action | TEvent::AnyAction) => {
                                    let c = self.merge(&owner, i, base);
                                    self.eval_subject(s, &c).contains(actor)
                                }
                                _ => false,
                            }
                    }
                    (Ev::Defense { target, kind }, Trigger::Timing { timing, .. }) => {
                        owner.me == Some(*target)
                            && match timing {
                                Timing::OnDefense => true,
                                Timing::OnActiveDefense => *kind == DefenseKind::Active,
                                Timing::OnPassiveDefense => *kind == DefenseKind::Passive,
                                Timing::OnPartialDefense => *kind == DefenseKind::Partial,
                                Timing::OnRecruitmentDefense => *kind == DefenseKind::Recruitment,
                                Timing::OnAbsenceDefense => *kind == DefenseKind::Absence,
                                _ => false,
                            }
                    }
                    (Ev::Emitted { value, targets }, Trigger::Emitted { value: want, .. }) => {
                        owner.me.is_some_and(|p| targets.contains(&p))
                            && match want {
                                None => true,
                                Some(w) => {
                                    let c = self.merge(&owner, i, base);
                                    let w = self.text(w, &c);
                                    norm(&w) == norm(value)
                                }
                            }
                    }
                    (
                        Ev::RoleChange { player },
                        Trigger::Timing {
                            timing: Timing::OnRoleChange,
                            ..
                        },
                    ) => owner.me == Some(*player),
                    (
                        Ev::Redirect { player },
                        Trigger::Timing {
                            timing: Timing::OnRedirect,
                            ..
                        },
                    ) => owner.me == Some(*player),
                    (Ev::PollWin { player, poll }, Trigger::PollWin { poll: want, .. }) => {
                        owner.me == Some(*player)
                            && match want {
                                None => true,
                                Some(w) => {
                                    let c = self.merge(&owner, i, base);
                                    norm(&self.text(w, &c)) == norm(poll)
                                }
                            }
                    }
                    _ => false,
                };
                if hit {
                    let mut ctx = self.merge(&owner, i, base);
                    for (k, v) in extra {
                        ctx.vars.insert(k.to_string(), v);
                    }
                    ctx.cancel = None;
                    self.run_triggered_capture(&owner, i, ab.clone(), &mut ctx);
                    if ctx.cancel.is_some() {
                        cancel = ctx.cancel.take();
                    }
                }
            }
        }
        cancel
    }

    fn eval_subject(&mut self, s: &Value, ctx: &Ctx) -> Vec<usize> {
        if let Value::Path {
            base: mafia_roles::ability::Base::Query { items, .. },
            props,
            ..
        } = s
        {
            if props.is_empty() {
                let dead = self.include_dead;
                return self.query(items, ctx, dead);
            }
        }
        self.eval(s, ctx).players()
    }

    /// Runs an automatic ability in the caller's context, so that variables it sets stay
    /// visible to the caller (`run_triggered` calls this with its own context).
    fn run_triggered_capture(
        &mut self,
        owner: &Owner,
        index: usize,
        ab: Arc<Ability>,
        ctx: &mut Ctx,
    ) {
        if uses_selection(&ab) && ctx.selection.is_none() {
            return; // a prompt: it runs when the player answers it (`act`)
        }
        if self.allowed(&ab, ctx, false).is_err() {
            return;
        }
        self.record_use(owner.me, index, &owner.source, None);
        self.depth += 1;
        // Automatic abilities give no action feedback, except a text the role wrote
        // for a condition (Tanner's `None of your living disguised players are in the
        // wolfpack`).
        let fb = self.run_ability(&ab, ctx);
        self.depth -= 1;
        self.written_feedback(&ab, ctx, fb);
    }

    // -----------------------------------------------------------------------------------
    // Polls

    fn create_poll(&mut self, def_name: &str, loc: &str, shown: Option<String>, ctx: &Ctx) -> bool {
        let Some(def) = self.lib.get(ElementKind::Poll, def_name).cloned() else {
            self.host_log(format!("Create Poll: unknown poll `{def_name}`"));
            return false;
        };
        if let Some(pos) = self
            .state
            .deleted_polls
            .iter()
            .position(|d| *d == norm(&def.name))
        {
            self.state.deleted_polls.remove(pos);
            self.host_log(format!("the {} poll was deleted", def.name));
            self.deleted_poll_skipped(&def.name, loc, ctx);
            return false;
        }
        let private = self.lib.get(ElementKind::Group, loc).is_some();
        let mut options = Vec::new();
        for item in &def.options {
            let v = list_value(item);
            match self.eval(&v, ctx) {
                Val::Players(ps) => options.extend(ps.into_iter().map(Opt::Player)),
                Val::Nothing => {}
                other => options.push(Opt::Text(self.text_of(&other))),
            }
        }
        let mut voters = Vec::new();
        for item in &def.voters {
            let v = list_value(item);
            voters.extend(self.eval(&v, ctx).players());
        }
        if private {
            // The group's members still in the game: the living and its ghosts.
            voters.retain(|&v| {
                self.in_group(v, loc) && (self.state.players[v].alive || self.is_ghost(v))
            });
        }
        voters.sort_unstable();
        voters.dedup();
        let id = self.state.next_id;
        self.state.next_id += 1;
        let name = shown.unwrap_or_else(|| def.name.clone());
        let (creator, creator_player) = self.poll_creator(ctx);
        self.state.polls.push(Poll {
            id,
            def: def.name.clone(),
            name: name.clone(),
            location: loc.to_string(),
            private,
            creator,
            creator_player,
            options,
            voters,
            votes: Default::default(),
            opened: self.state.phase,
            open: true,
            winner: None,
        });
        let aud = if private || self.hidden_from_living(loc) {
            Audience::Channel(loc.to_string())
        } else {
            Audience::Public
        };
        self.say(aud, format!("The {name} poll is open."));
        self.open_added_polls(id);
        true
    }

    /// Casts (or with `None` withdraws) a vote.
    pub fn vote(&mut self, voter: usize, poll: &str, choice: Option<&str>) -> Result<(), WwrError> {
        let want = norm(poll);
        let idx = self
            .state
            .polls
            .iter()
            .position(|p| {
                p.open
                    && (norm(&p.name) == want || norm(&p.def) == want)
                    && p.voters.contains(&voter)
            })
            .ok_or_else(|| {
                WwrError::NotAllowed(format!(
                    "{} has no open `{poll}` poll to vote on",
                    self.name(voter)
                ))
            })?;
        let opt = match choice {
            None => None,
            Some(c) => {
                let poll = &self.state.polls[idx];
                let o = poll.options.iter().find(|o| match o {
                    Opt::Player(p) => self.state.players[*p].name.eq_ignore_ascii_case(c.trim()),
                    Opt::Text(t) => t.eq_ignore_ascii_case(c.trim()),
                });
                match o {
                    Some(o) => {
                        self.check_votable(poll, o).map_err(WwrError::NotAllowed)?;
                        Some(o.clone())
                    }
                    None => {
                        let names: Vec<String> =
                            poll.options.iter().map(|o| self.opt_text(o)).collect();
                        return Err(WwrError::NotAllowed(format!(
                            "`{c}` is not an option of the {} poll (options: {})",
                            poll.name,
                            names.join(", ")
                        )));
                    }
                }
            }
        };
        let name = self.state.polls[idx].name.clone();
        let text = match &opt {
            Some(o) => format!(
                "{} votes {} on the {name} poll.",
                self.name(voter),
                self.opt_text(o)
            ),
            None => format!(
                "{} withdraws their vote on the {name} poll.",
                self.name(voter)
            ),
        };
        let poll = &mut self.state.polls[idx];
        match opt {
            Some(o) => {
                poll.votes.insert(voter, o);
            }
            None => {
                poll.votes.remove(&voter);
            }
        }
        let (private, loc) = (poll.private, poll.location.clone());
        let aud = if private || self.hidden_from_living(&loc) {
            Audience::Channel(loc)
        } else {
            Audience::Public
        };
        self.say(aud, text);
        Ok(())
    }

    pub fn opt_text(&self, o: &Opt) -> String {
        match o {
            Opt::Player(p) => self.name(*p),
            Opt::Text(t) => t.clone(),
        }
    }

    fn close_polls(&mut self) {
        let mut order: Vec<(String, u64)> = self
            .state
            .polls
            .iter()
            .filter(|p| p.open)
            .map(|p| (norm(&p.def), p.id))
            .collect();
        order.sort();
        for (_, id) in order {
            if self.state.outcome.is_some() {
                return;
            }
            self.close_poll(id);
        }
    }

    fn close_poll(&mut self, id: u64) {
        let Some(idx) = self.state.polls.iter().position(|p| p.id == id) else {
            return;
        };
        let poll = self.state.polls[idx].clone();
        let mut tally: Vec<(Opt, i64)> = Vec::new();
        for (voter, o) in &poll.votes {
            let w = self.voting_power(*voter, poll.private);
            match tally.iter_mut().find(|(x, _)| x == o) {
                Some(e) => e.1 += w,
                None => tally.push((o.clone(), w)),
            }
        }
        let hidden = self.manipulate_tally(&poll, &mut tally);
        tally.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let top = tally.first().map(|t| t.1).unwrap_or(0);
        let leaders: Vec<Opt> = tally
            .iter()
            .filter(|t| t.1 == top && top > 0)
            .map(|t| t.0.clone())
            .collect();
        let counts: Vec<String> = tally
            .iter()
            .map(|(o, n)| {
                let h = hidden.iter().find(|(x, _)| x == o).map_or(0, |x| x.1);
                (o, n - h)
            })
            .filter(|(o, n)| *n != 0 || !hidden.iter().any(|(x, _)| x == *o))
            .map(|(o, n)| format!("{} {n}", self.opt_text(o)))
            .collect();
        let mut winner = if leaders.len() == 1 {
            leaders.first().cloned()
        } else {
            None
        };
        let mut voters_for: Vec<usize> = match &winner {
            Some(w) => poll
                .votes
                .iter()
                .filter(|(_, o)| *o == w)
                .map(|(v, _)| *v)
                .collect(),
            None => Vec::new(),
        };
        if let Some(Opt::Text(t)) = &winner {
            if t.eq_ignore_ascii_case("random") {
                let def = self.lib.get(ElementKind::Poll, &poll.def).cloned();
                let sel = def
                    .and_then(|d| d.random.clone())
                    .map(|r| selector_value(&r))
                    .unwrap_or_else(|| selector_value("@All"));
                let ctx = Ctx::new(None, poll.creator.clone());
                let pool = self.eval(&sel, &ctx).players();
                winner = if pool.is_empty() {
                    None
                } else {
                    let k = self.rng.below(pool.len());
                    Some(Opt::Player(pool[k]))
                };
            } else if t.eq_ignore_ascii_case("abstain") {
                winner = None;
            }
        }
        let disqualified = self.is_disqualified(&poll, &winner);
        if disqualified {
            winner = None;
        }
        let result = match &winner {
            Some(w) => self.opt_text(w),
            None if disqualified => "no result (the winner is disqualified)".into(),
            None if leaders.len() > 1 => "no result (tie)".into(),
            None => "no result".into(),
        };
        let aud = if poll.private {
            Audience::Channel(poll.location.clone())
        } else {
            Audience::Public
        };
        let shown = if counts.is_empty() {
            "no votes".to_string()
        } else {
            counts.join(", ")
        };
        self.say(
            aud,
            format!("The {} poll closed: {shown}. Result: {result}.", poll.name),
        );
        self.state.polls[idx].open = false;
        self.state.polls[idx].winner = winner.clone();
        self.spend_candidate_manipulations(&poll);
        let cancelled = match self
            .state
            .cancelled_polls
            .iter()
            .position(|c| *c == norm(&poll.def))
        {
            Some(pos) => {
                self.state.cancelled_polls.remove(pos);
                true
            }
            None => false,
        };
        if cancelled {
            self.say(
                Audience::Public,
                format!("The {} poll's result was cancelled.", poll.name),
            );
            self.poll_skipped(&poll, winner, &leaders);
            return;
        }
        let Some(Opt::Player(w)) = winner else {
            self.poll_skipped(&poll, winner, &leaders);
            return;
        };
        if !self.state.players[w].alive && !self.is_ghost(w) {
            self.poll_skipped(&poll, winner, &leaders);
            return;
        }
        if voters_for.is_empty() {
            voters_for = poll.creator_player.into_iter().collect();
        }
        let executor = if voters_for.is_empty() {
            None
        } else {
            let k = self.rng.below(voters_for.len());
            Some(voters_for[k])
        };
        let base_vars = |ctx: Ctx| {
            ctx.var("winner", Val::Players(vec![w]))
                .var("voters", Val::Players(voters_for.clone()))
                .var(
                    "executor",
                    executor
                        .map(|e| Val::Players(vec![e]))
                        .unwrap_or(Val::Nothing),
                )
        };
        let owner = Owner {
            source: poll.creator.clone(),
            me: match &poll.creator {
                Source::Role(_) => poll.creator_player,
                _ => executor,
            },
            attr: None,
        };
        let disbanded = self.disbanded_owner(&owner.source, &poll.name);
        if let Some(def) = self.def_of(&owner.source).filter(|_| !disbanded) {
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                if timing_of(ab) == Some(Timing::OnPollClosed) {
                    let mut ctx = base_vars(self.ctx_for(&owner, i));
                    ctx.me = owner.me;
                    ctx.group_action = matches!(owner.source, Source::Group(_));
                    self.run_triggered(&owner, i, ab.clone(), ctx);
                }
            }
        }
        let base = base_vars(Ctx::new(Some(w), Source::Poll(poll.def.clone())));
        self.fire(
            Ev::PollWin {
                player: w,
                poll: poll.def.clone(),
            },
            &base,
        );
    }

    // -----------------------------------------------------------------------------------
    // Winning

    /// Ends the game when a team's win condition holds: every living player matches one of
    /// its selectors and the team still has a living member; nobody alive is a draw.
    fn check_win(&mut self) {
        if self.state.outcome.is_some() {
            return;
        }
        let living = self.living();
        let phase = self.state.phase;
        if living.is_empty() {
            self.state.outcome = Some(Outcome {
                winners: Vec::new(),
                phase,
            });
            self.say(
                Audience::Public,
                "Everybody is dead: the game is a draw.".into(),
            );
            self.game_over();
            return;
        }
        let mut winners = Vec::new();
        for team in self.team_names() {
            let Some(def) = self.lib.get(ElementKind::Team, &team).cloned() else {
                continue;
            };
            if def.win_condition.is_empty() {
                continue;
            }
            let has_member = living
                .iter()
                .any(|&p| self.state.players[p].alignment == team);
            if !has_member {
                continue;
            }
            let ctx = Ctx::new(None, Source::Team(team.clone()));
            let mut ok: Vec<usize> = Vec::new();
            for item in &def.win_condition {
                let v = list_value(item);
                ok.extend(self.eval(&v, &ctx).players());
            }
            if living.iter().all(|p| ok.contains(p)) {
                winners.push(team);
            }
        }
        if !winners.is_empty() {
            self.say(
                Audience::Public,
                format!("The game is over. Winner: {}.", winners.join(", ")),
            );
            self.state.outcome = Some(Outcome { winners, phase });
            self.game_over();
        }
    }

    fn game_over(&mut self) {
        let items = self.collect_passive(&[Timing::OnEnd]);
        let saved = self.state.outcome.take();
        for it in items {
            let ctx = self.ctx_for(&it.owner, it.index);
            self.run_triggered(&it.owner, it.index, it.ability.clone(), ctx);
        }
        self.state.outcome = saved;
    }

    // -----------------------------------------------------------------------------------
    // The phase machine

    /// Ends the current phase and starts the next one (see the module docs for the order).
    pub fn next_phase(&mut self) -> Result<(), WwrError> {
        if self.state.outcome.is_some() {
            return Err(WwrError::GameOver);
        }
        let phase = self.state.phase;
        let day = phase.kind == PhaseKind::Day;
        self.died_now.clear();
        let pre: [Timing; 4] = if day {
            [
                Timing::PreEndDay,
                Timing::SecondPreEndDay,
                Timing::ThirdPreEndDay,
                Timing::FourthPreEndDay,
            ]
        } else {
            [
                Timing::PreEndNight,
                Timing::SecondPreEndNight,
                Timing::ThirdPreEndNight,
                Timing::FourthPreEndNight,
            ]
        };
        for t in pre {
            let items = self.take_pending(&[t]);
            self.run_items(items);
        }
        self.close_polls();
        let (end, pend) = if day {
            (Timing::EndDay, Timing::PassiveEndDay)
        } else {
            (Timing::EndNight, Timing::PassiveEndNight)
        };
        let mut items = self.take_pending(&[end, Timing::EndPhase]);
        // Forced actions not used by the end of the phase run now (`5 action`: "If a forced
        // Action is not used voluntarily, it is instead automatically executed"), immediate
        // ones included.
        let imm = if day {
            Timing::ImmediateDay
        } else {
            Timing::ImmediateNight
        };
        items.extend(self.forced(&[end, Timing::EndPhase, imm, Timing::Immediate], &items));
        items.extend(self.collect_passive(&[pend, Timing::PassiveEndPhase]));
        self.run_items(items);
        self.close_choices(phase);
        self.expire_candidate_manipulations(phase);
        self.expire(phase);
        self.state.pending.retain(|p| p.phase > phase);
        self.check_win();
        if self.state.outcome.is_some() {
            self.sync();
            return Ok(());
        }
        self.state.phase = phase.next();
        self.died_now.clear();
        let new = self.state.phase;
        self.say(Audience::Public, format!("{new} begins."));
        self.activate_delayed();
        let (start, pstart) = if new.kind == PhaseKind::Day {
            (Timing::StartDay, Timing::PassiveStartDay)
        } else {
            (Timing::StartNight, Timing::PassiveStartNight)
        };
        let mut items = self.take_pending(&[start, Timing::StartPhase]);
        items.extend(self.collect_passive(&[pstart, Timing::PassiveStartPhase]));
        self.run_items(items);
        let items = self.collect_passive(&[Timing::Passive]);
        self.run_items(items);
        self.check_win();
        self.sync();
        Ok(())
    }

    fn take_pending(&mut self, timings: &[Timing]) -> Vec<Item> {
        let phase = self.state.phase;
        let mut out = Vec::new();
        let mut keep = Vec::new();
        for p in std::mem::take(&mut self.state.pending) {
            let ab = self.ability(&p.ability);
            match ab {
                Some(ab)
                    if p.phase == phase && timing_of(&ab).is_some_and(|t| timings.contains(&t)) =>
                {
                    if self.state.players[p.player].alive
                        || self.ghost_may_use(p.player, &p.ability.source, &ab)
                    {
                        out.push(Item {
                            owner: Owner {
                                source: p.ability.source.clone(),
                                me: Some(p.player),
                                attr: match p.ability.source {
                                    Source::Attr(id) => Some(id),
                                    _ => None,
                                },
                            },
                            index: p.ability.index,
                            ability: ab,
                            selection: p.selection.clone(),
                            secondary: p.secondary.clone(),
                            chosen: true,
                        });
                    }
                }
                _ => keep.push(p),
            }
        }
        self.state.pending = keep;
        out
    }

    /// `{Forced}` end-of-phase actions nobody chose: their default target, else a random
    /// other living player.
    fn forced(&mut self, timings: &[Timing], chosen: &[Item]) -> Vec<Item> {
        let mut out = Vec::new();
        for owner in self.owners(false) {
            let Some(me) = owner.me else { continue };
            let Some(def) = self.def_of(&owner.source) else {
                continue;
            };
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                if !timing_of(ab).is_some_and(|t| timings.contains(&t)) {
                    continue;
                }
                let params = params_of(ab);
                let Some(default) = params.compulsion.iter().find_map(|c| match c {
                    Compulsion::Forced { default, .. } => Some(default.clone()),
                    _ => None,
                }) else {
                    continue;
                };
                if chosen.iter().any(|c| c.owner == owner && c.index == i) {
                    continue;
                }
                let ctx = self.ctx_for(&owner, i);
                if self.allowed(ab, &ctx, true).is_err() {
                    continue;
                }
                let selection = match default {
                    Some(d) => self.eval(&d, &ctx),
                    None => {
                        let others: Vec<usize> =
                            self.living().into_iter().filter(|&p| p != me).collect();
                        if others.is_empty() {
                            continue;
                        }
                        let k = self.rng.below(others.len());
                        Val::Players(vec![others[k]])
                    }
                };
                self.host_log(format!(
                    "{}'s forced action uses {}",
                    self.name(me),
                    self.text_of(&selection)
                ));
                self.record_use(
                    Some(me),
                    i,
                    &owner.source,
                    selection.players().first().copied(),
                );
                out.push(Item {
                    owner: owner.clone(),
                    index: i,
                    ability: ab.clone(),
                    selection: Some(selection),
                    secondary: None,
                    chosen: true,
                });
            }
        }
        out
    }

    fn ability(&self, r: &AbilityRef) -> Option<Arc<Ability>> {
        self.def_of(&r.source)?
            .abilities
            .get(r.index)
            .map(|a| a.0.clone())
    }

    // -----------------------------------------------------------------------------------
    // Acting

    /// Runs one `act` line; returns the messages it produced for the acting player.
    pub fn act(&mut self, line: &str, place: &str) -> Result<Vec<String>, WwrError> {
        if self.state.outcome.is_some() {
            return Err(WwrError::GameOver);
        }
        if let Some(r) = self.act_channels(line, place) {
            return r;
        }
        let act = crate::input::parse_act(line, place)?;
        let p = self
            .player_named(&act.player)
            .ok_or_else(|| WwrError::Input {
                place: place.to_string(),
                message: format!(
                    "unknown player `{}`: expected one of {}",
                    act.player,
                    self.player_list()
                ),
            })?;
        let log_start = self.state.log.len();
        match &act.kind {
            ActKind::Vote { poll, choice } => {
                if !self.state.players[p].alive && !self.is_ghost(p) {
                    return Err(WwrError::NotAllowed(format!("{} is dead", self.name(p))));
                }
                self.vote(p, poll, choice.as_deref())?;
            }
            ActKind::Ability { .. } => self.use_ability(p, &act, place)?,
        }
        self.sync();
        Ok(self.state.log[log_start..]
            .iter()
            .filter(|e| e.to == Audience::Player(p))
            .map(|e| e.text.clone())
            .collect())
    }

    /// What a player may do now: `<Trigger> [|prompt|]: <first step>` for each chosen-action
    /// ability whose timing fits this phase and whose restrictions pass.
    pub fn prompts(&self, p: usize) -> Vec<String> {
        let mut g = self.clone(); // restrictions may draw from the RNG; never from the real one
        let phase = g.state.phase;
        let mut out = Vec::new();
        for owner in g.owners(false) {
            if owner.me != Some(p) {
                continue;
            }
            let Some(def) = g.def_of(&owner.source) else {
                continue;
            };
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                let Some(t) = timing_of(ab) else { continue };
                let fits = match t {
                    Timing::Immediate | Timing::EndPhase => true,
                    Timing::ImmediateNight | Timing::EndNight | Timing::PreEndNight => {
                        phase.kind == PhaseKind::Night
                    }
                    Timing::ImmediateDay | Timing::EndDay | Timing::PreEndDay => {
                        phase.kind == PhaseKind::Day
                    }
                    _ => false,
                };
                if !fits || g.allowed(ab, &g.ctx_for(&owner, i), true).is_err() {
                    continue;
                }
                let mut line = t.name().to_string();
                if let Some(pr) = params_of(ab).prompt {
                    line.push_str(&format!(" |{}|", pr.key));
                }
                if let Some(Step::Do { ability, .. }) = ab.steps.first() {
                    line.push_str(": ");
                    ability.write(&mut line);
                }
                match g.choice_prompt(ab, &g.ctx_for(&owner, i)) {
                    Some(None) => continue, // a `Choice Choose` with no open choice
                    Some(Some(options)) => line.push_str(&options),
                    None => {}
                }
                out.push(line);
            }
        }
        out.extend(g.triggered_choice_prompts(p));
        out
    }

    fn player_list(&self) -> String {
        self.state
            .players
            .iter()
            .map(|p| p.name.clone())
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn use_ability(&mut self, p: usize, act: &Act, place: &str) -> Result<(), WwrError> {
        let ActKind::Ability {
            trigger,
            prompt,
            selection,
            secondary,
            chosen,
        } = &act.kind
        else {
            return Ok(());
        };
        let phase = self.state.phase;
        let mut candidates = Vec::new();
        for owner in self.owners(true) {
            if owner.me != Some(p) {
                continue;
            }
            let Some(def) = self.def_of(&owner.source) else {
                continue;
            };
            for (i, (ab, _)) in def.abilities.iter().enumerate() {
                let mut t = String::new();
                ab.trigger.write(&mut t);
                if norm(&t) != norm(trigger) {
                    continue;
                }
                if let Some(want) = prompt {
                    let key = params_of(ab).prompt.map(|p| p.key).unwrap_or_default();
                    if norm(&key) != norm(want) {
                        continue;
                    }
                }
                if chosen.is_some() && !choices::is_choose(ab) {
                    continue; // `@Chosen` answers a `Choice Choose` ability
                }
                candidates.push((owner.clone(), i, ab.clone()));
            }
        }
        if candidates.is_empty() {
            return Err(WwrError::Input {
                place: place.to_string(),
                message: format!(
                    "{} ({}) has no `{trigger}` ability{}",
                    self.name(p),
                    self.state.players[p].role,
                    prompt
                        .as_ref()
                        .map(|k| format!(" with prompt |{k}|"))
                        .unwrap_or_default()
                ) + if chosen.is_some() {
                    " that answers a choice (`@Chosen`)"
                } else {
                    ""
                },
            });
        }
        let sel = |g: &Game, s: &Option<String>| -> Option<Val> {
            let s = s.as_ref()?;
            if s.eq_ignore_ascii_case("none") || s.is_empty() {
                return None;
            }
            Some(match g.player_named(s) {
                Some(q) => Val::Players(vec![q]),
                None => Val::Text(s.clone()),
            })
        };
        let selection = sel(self, selection);
        let secondary = sel(self, secondary);
        let mut refusal = String::new();
        for (owner, i, ab) in candidates {
            let timing = timing_of(&ab);
            // When does this run?
            let run_phase = match timing {
                Some(
                    Timing::ImmediateNight
                    | Timing::EndNight
                    | Timing::PreEndNight
                    | Timing::SecondPreEndNight
                    | Timing::ThirdPreEndNight
                    | Timing::FourthPreEndNight,
                ) => {
                    if phase.kind != PhaseKind::Night {
                        refusal = format!("`{trigger}` can only be used at night");
                        continue;
                    }
                    phase
                }
                Some(
                    Timing::ImmediateDay
                    | Timing::EndDay
                    | Timing::PreEndDay
                    | Timing::SecondPreEndDay
                    | Timing::ThirdPreEndDay
                    | Timing::FourthPreEndDay,
                ) => {
                    if phase.kind != PhaseKind::Day {
                        refusal = format!("`{trigger}` can only be used during the day");
                        continue;
                    }
                    phase
                }
                Some(Timing::StartNight) | Some(Timing::StartDay) | Some(Timing::StartPhase) => {
                    let next = phase.next();
                    let want = match timing {
                        Some(Timing::StartNight) => Some(PhaseKind::Night),
                        Some(Timing::StartDay) => Some(PhaseKind::Day),
                        _ => None,
                    };
                    if want.is_some_and(|k| k != next.kind) {
                        refusal = format!(
                            "`{trigger}` is chosen the phase before a {}",
                            if want == Some(PhaseKind::Night) {
                                "night"
                            } else {
                                "day"
                            }
                        );
                        continue;
                    }
                    next
                }
                _ => phase,
            };
            let mut ctx = self.ctx_for(&owner, i);
            ctx.selection = selection.clone();
            ctx.secondary = secondary.clone();
            if let Some(Val::Players(ps)) = &selection {
                if ps.iter().any(|&q| !self.state.players[q].alive)
                    && !ab.to_text().contains("Dead")
                    && !self.choice_takes_dead(&ab, &ctx)
                    && !self.ghost_selection_ok(&ab, ps)
                {
                    refusal = format!("{} is dead", self.text_of(&Val::Players(ps.clone())));
                    continue;
                }
                if let Some(r) = self.not_a_ghost(&ab, ps) {
                    refusal = r;
                    continue;
                }
            }
            // A new answer replaces a queued one: take it out before counting uses.
            let r = AbilityRef {
                source: owner.source.clone(),
                index: i,
            };
            let unqueued = if queued_timing(timing) {
                self.unqueue(p, &r, run_phase, &selection, &ab)
            } else {
                Default::default()
            };
            // Restrictions are checked against the phase the ability runs in, except a
            // temporal restriction naming the phase it is chosen in (the Chef's `Start Day:
            // [Temporal: Night 1+]`).
            let saved = self.state.phase;
            self.state.phase = self.restriction_phase(&ab, phase, run_phase);
            let ok = self.allowed(&ab, &ctx, !choices::is_triggered_choose(&ab));
            self.state.phase = saved;
            if let Err(e) = ok {
                self.requeue(unqueued);
                // Among abilities sharing a trigger, a condition that picks the other one
                // is the least telling reason (Flute Player's two `Immediate Night` lines).
                if refusal.is_empty() || refusal.starts_with("Condition:") {
                    refusal = e;
                }
                continue;
            }
            if let Err(e) = self.prepare_choice_answer(&ab, &mut ctx, chosen.as_deref()) {
                self.requeue(unqueued);
                refusal = e;
                continue;
            }
            let target = selection
                .as_ref()
                .and_then(|s| s.players().first().copied());
            if queued_timing(timing) {
                // A new choice replaced the previous one above (`unqueue`).
                self.state.uses.push(Use {
                    player: Some(p),
                    ability: r.clone(),
                    phase: run_phase,
                    target,
                });
                self.state.pending.push(Pending {
                    player: p,
                    ability: r,
                    selection: selection.clone(),
                    secondary: secondary.clone(),
                    phase: run_phase,
                });
                self.say(
                    Audience::Player(p),
                    format!(
                        "Your `{trigger}` action is queued ({}).",
                        selection
                            .as_ref()
                            .map(|s| self.text_of(s))
                            .unwrap_or_else(|| "no selection".into())
                    ),
                );
            } else {
                self.record_use(Some(p), i, &owner.source, target);
                ctx.chosen = true;
                let fb = self.run_ability(&ab, &mut ctx);
                let it = Item {
                    owner,
                    index: i,
                    ability: ab,
                    selection: None,
                    secondary: None,
                    chosen: true,
                };
                self.feedback(&it, &ctx, fb);
                self.check_win();
            }
            return Ok(());
        }
        Err(WwrError::NotAllowed(format!(
            "{}'s `{trigger}`: {refusal}",
            self.name(p)
        )))
    }
}

/// The team key of a name (the team file's name: `Werewolf` for `Werewolves`).
pub fn team_key(lib: &Library, name: &str) -> String {
    match lib.get(ElementKind::Team, name) {
        Some(d) => d.file.rsplit('/').next().unwrap_or(&d.name).to_string(),
        None => name.to_string(),
    }
}

/// The team a role starts in.
pub fn team_of_def(lib: &Library, def: &Def) -> String {
    let raw = match def.class.as_deref() {
        Some("Townsfolk") => "Townsfolk".to_string(),
        Some("Werewolf") => "Werewolf".to_string(),
        Some("Solo") => def.team.clone().unwrap_or_else(|| "Unaligned".into()),
        _ => "Unaligned".to_string(),
    };
    team_key(lib, &raw)
}
