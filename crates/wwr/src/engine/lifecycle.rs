//! Creating a game (deal roles, check requirements, run starting abilities) and loading a
//! saved one.

use std::sync::Arc;

use mafia_roles::ElementKind;
use mafia_roles::ability::Timing;

use crate::error::WwrError;
use crate::game::{FORMAT, Game, Owner, team_of_def};
use crate::library::{Def, Library};
use crate::rng::GameRng;
use crate::setup::Setup;
use crate::state::*;

use super::kinds::timing_of;
use super::requirements;
use crate::game::locations;

impl Game {
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
        let mut game = Game::assemble(state, lib, rng);
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
        Ok(Game::assemble(state, lib, rng))
    }

    /// A game of this state, library and generator, between two steps (nothing running).
    fn assemble(state: GameState, lib: Arc<Library>, rng: GameRng) -> Game {
        Game {
            state,
            lib,
            rng,
            died_now: Vec::new(),
            depth: 0,
            include_dead: false,
            suppress_starting: false,
        }
    }

    pub(crate) fn sync(&mut self) {
        self.state.rng = self.rng.save();
    }

    pub(crate) fn start(&mut self) {
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

    pub(crate) fn add_role_attributes(&mut self, p: usize, role: &str) {
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

    pub(crate) fn join_team(&mut self, p: usize) {
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
}
