//! What a player may do now, as data ([`PromptSpec`]): each prompt's trigger, key and text,
//! and the answers the engine accepts now: the players it takes as `@Selection` and
//! `@SecondarySelection`, and a choice's options. The lists of players come from
//! [`Game::admit`], the very check an `act` line goes through, tried for each player on a
//! copy of the game, so an adapter never offers what the engine would refuse.

use std::sync::Arc;

use mafia_roles::ability::{Ability, Step, Timing};
use serde::{Deserialize, Serialize};

use crate::game::{Game, Owner};
use crate::state::{PhaseKind, Val};

use super::kinds::{params_of, timing_of};

/// One prompt: what to answer with, what it says, and which answers the engine accepts
/// now. `P` is how a player is named: a seat number from the engine
/// ([`Game::prompt_specs`]), a name on the chat seam ([`crate::chat::Prompt`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PromptSpec<P = usize> {
    /// The trigger to answer with (`Immediate Night`), as an `act` line names it.
    pub trigger: String,
    /// The prompt key (`witch.pod`) when a role has several abilities of one trigger.
    pub key: Option<String>,
    /// The whole prompt as the engine words it (`Immediate Night |witch.pod|: Protect
    /// @Selection`, a choice's `(@Chosen = one of A, B)`): the line of [`Game::prompts`].
    pub text: String,
    /// `None` when the answer takes no `@Selection`; else the players the engine accepts as
    /// `@Selection` now, in seat order (empty: nobody can be chosen now).
    #[serde(default)]
    pub selection: Option<Vec<P>>,
    /// Whether the engine also accepts the answer without a `@Selection` ("nobody"): the
    /// sheet types the selection `(Player Optional)` (`Target @Selection (Player
    /// Optional)`: nobody untargets). A form offers it beside `selection`.
    #[serde(default)]
    pub nobody: bool,
    /// `None` when the answer takes no `@SecondarySelection`; else what it takes.
    #[serde(default)]
    pub secondary: Option<Secondary<P>>,
    /// `None` when the answer takes no `@Chosen`; else the options or free text.
    #[serde(default)]
    pub chosen: Option<Chosen>,
}

/// What a `@SecondarySelection` takes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Secondary<P = usize> {
    /// A player: those the engine accepts now together with at least one accepted
    /// `@Selection` (or alone, when the answer takes no selection), in seat order.
    Players(Vec<P>),
    /// Free text: the role sheet types it (`@SecondarySelection[role]`, `[boolean]`) or
    /// uses it as a role (`Disguise @Selection as @SecondarySelection`) or a number
    /// (`@SecondarySelection > -2`); `kind` says which (`role`, `boolean`, `number`).
    Free { kind: String },
}

/// What a `@Chosen` takes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Chosen {
    /// One of the open choice's options, as its creator listed them.
    Options(Vec<String>),
    /// Any text: for an ability that would take a `@Chosen` without listed options. The
    /// engine offers none today (`act` takes a `@Chosen` only for a `Choice Choose` action,
    /// whose open choice always lists its options); an adapter should still handle it.
    Free,
}

impl<P> PromptSpec<P> {
    /// The same prompt with each player renamed (seat numbers to names for a chat).
    pub fn map_players<Q>(self, f: impl Fn(P) -> Q) -> PromptSpec<Q> {
        PromptSpec {
            trigger: self.trigger,
            key: self.key,
            text: self.text,
            selection: self.selection.map(|s| s.into_iter().map(&f).collect()),
            nobody: self.nobody,
            secondary: self.secondary.map(|s| match s {
                Secondary::Players(ps) => Secondary::Players(ps.into_iter().map(&f).collect()),
                Secondary::Free { kind } => Secondary::Free { kind },
            }),
            chosen: self.chosen,
        }
    }
}

/// A prompt found, before its answers are worked out.
struct Entry {
    owner: Owner,
    index: usize,
    ability: Arc<Ability>,
    trigger: String,
    key: Option<String>,
    text: String,
    /// An open choice's options (a `Choice Choose` action).
    options: Option<Vec<String>>,
}

/// The abilities an `act` line with one trigger and key names: (owner, place, ability).
type Candidates = [(Owner, usize, Arc<Ability>)];

impl Game {
    /// What a player may do now: `<Trigger> [|prompt|]: <first step>` for each chosen-action
    /// ability whose timing fits this phase and whose restrictions pass (a choice's
    /// options appended), then the open choices answered through an automatic trigger.
    pub fn prompts(&self, p: usize) -> Vec<String> {
        let mut g = self.clone(); // restrictions may draw from the RNG; never from the real one
        g.prompt_entries(p).into_iter().map(|e| e.text).collect()
    }

    /// The prompts of [`Game::prompts`] (same order, same texts) with the answers the
    /// engine accepts now.
    pub fn prompt_specs(&self, p: usize) -> Vec<PromptSpec> {
        let mut g = self.clone(); // as `prompts`; the answers are tried on this copy too
        let entries = g.prompt_entries(p);
        entries.into_iter().map(|e| g.prompt_spec(p, e)).collect()
    }

    fn prompt_entries(&mut self, p: usize) -> Vec<Entry> {
        let phase = self.state.phase;
        let mut out = Vec::new();
        for owner in self.owners(false) {
            if owner.me != Some(p) {
                continue;
            }
            let Some(def) = self.def_of(&owner.source) else {
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
                if !fits {
                    continue;
                }
                // A restriction on the selection (`[Attribute: @Selection has …]`) refuses
                // the ability without one: it is offered when some player would be accepted.
                if self.allowed(ab, &self.ctx_for(&owner, i), true).is_err()
                    && !(restricts_selection(ab) && self.some_target(p, t.name(), (&owner, i, ab)))
                {
                    continue;
                }
                let options = match self.choice_prompt(ab, &self.ctx_for(&owner, i)) {
                    Some(None) => continue, // a `Choice Choose` with no open choice
                    Some(Some(options)) => Some(options),
                    None => None,
                };
                out.push(entry(owner.clone(), i, ab, t.name().to_string(), options));
            }
        }
        for (owner, i, ab, options) in self.triggered_choice_prompts(p) {
            let mut trigger = String::new();
            ab.trigger.write(&mut trigger);
            out.push(entry(owner, i, &ab, trigger, Some(options)));
        }
        out
    }

    /// What an answer to an ability feeds: its text, and for a choice the creator's
    /// resulting abilities.
    fn answer_uses(&mut self, owner: &Owner, i: usize, ab: &Ability) -> String {
        let ctx = self.ctx_for(owner, i);
        let mut uses = ab.to_text();
        uses.push('\n');
        uses.push_str(&self.choice_results_text(ab, &ctx));
        uses
    }

    /// Whether this one ability takes a `@Selection` and accepts some player as it now.
    fn some_target(
        &mut self,
        p: usize,
        trigger: &str,
        (owner, i, ab): (&Owner, usize, &Arc<Ability>),
    ) -> bool {
        if !self.answer_uses(owner, i, ab).contains("@Selection") {
            return false;
        }
        let options: Vec<Option<String>> = match self.choice_prompt(ab, &self.ctx_for(owner, i)) {
            Some(Some(o)) => o.into_iter().map(Some).collect(),
            _ => vec![None],
        };
        let one = [(owner.clone(), i, ab.clone())];
        (0..self.state.players.len()).any(|q| {
            let q = Some(Val::Players(vec![q]));
            self.accepts(p, trigger, &one, &q, &None, &options)
        })
    }

    fn prompt_spec(&mut self, p: usize, e: Entry) -> PromptSpec {
        let uses = self.answer_uses(&e.owner, e.index, &e.ability);
        let candidates = self.candidates(p, &e.trigger, e.key.as_deref(), e.options.is_some());
        let options: Vec<Option<String>> = match &e.options {
            Some(o) => o.iter().cloned().map(Some).collect(),
            None => vec![None],
        };
        let seats = 0..self.state.players.len();
        let one = |q: usize| Some(Val::Players(vec![q]));
        let selection: Option<Vec<usize>> = uses.contains("@Selection").then(|| {
            seats
                .clone()
                .filter(|&q| self.accepts(p, &e.trigger, &candidates, &one(q), &None, &options))
                .collect()
        });
        let nobody = selection.is_some()
            && uses.contains(PLAYER_OPTIONAL)
            && self.accepts(p, &e.trigger, &candidates, &None, &None, &options);
        let secondary = uses.contains("@SecondarySelection").then(|| {
            if let Some(kind) = free_secondary(&uses) {
                return Secondary::Free { kind };
            }
            let with: Vec<Option<Val>> = match &selection {
                Some(s) => s.iter().map(|&s| one(s)).collect(),
                None => vec![None],
            };
            Secondary::Players(
                seats
                    .clone()
                    .filter(|&q| {
                        with.iter()
                            .any(|s| self.accepts(p, &e.trigger, &candidates, s, &one(q), &options))
                    })
                    .collect(),
            )
        });
        // `act` takes a `@Chosen` only for a `Choice Choose` action, whose open choice
        // lists its options: no free `@Chosen` to offer today.
        let chosen = e.options.map(Chosen::Options);
        PromptSpec {
            trigger: e.trigger,
            key: e.key,
            text: e.text,
            selection,
            nobody,
            secondary,
            chosen,
        }
    }

    /// Whether an `act` line naming these candidates accepts this answer (with one of the
    /// options, for a choice). Leaves the game as it found it.
    fn accepts(
        &mut self,
        p: usize,
        trigger: &str,
        candidates: &Candidates,
        selection: &Option<Val>,
        secondary: &Option<Val>,
        options: &[Option<String>],
    ) -> bool {
        for option in options {
            for (owner, i, ab) in candidates {
                let queued: Vec<_> = self
                    .state
                    .choices
                    .iter()
                    .map(|c| c.queued.clone())
                    .collect();
                let tried = (owner, *i, &**ab);
                if let Ok(a) =
                    self.admit(p, trigger, tried, selection, secondary, option.as_deref())
                {
                    self.requeue(a.unqueued);
                    for (c, q) in self.state.choices.iter_mut().zip(queued) {
                        c.queued = q;
                    }
                    return true;
                }
            }
        }
        false
    }
}

/// Whether an answer to this ability must name a `@Selection`: it uses one not typed
/// `(Player Optional)` (guide draft: "prompts for player type restrict the input to living
/// players"; only Player Optional adds "nobody"). A choice is left to its options' own check
/// (the Pyromancer's `Ignite` takes no target, `Powder` does).
pub(super) fn selection_required(ab: &Ability) -> bool {
    if super::choices::is_choose(ab) {
        return false;
    }
    let text = ab.to_text();
    text.contains("@Selection") && !text.contains(PLAYER_OPTIONAL)
}

/// How a sheet types a selection that may be "nobody" (guide draft, Player Optional
/// Pseudo-Type: "allows players to also submit 'nobody' when prompted").
const PLAYER_OPTIONAL: &str = "(Player Optional)";

/// A prompt's text: `<trigger> [|key|]: <first step> [(@Chosen = one of …)]`.
fn entry(
    owner: Owner,
    index: usize,
    ab: &Arc<Ability>,
    trigger: String,
    options: Option<Vec<String>>,
) -> Entry {
    let key = params_of(ab).prompt.map(|pr| pr.key.to_string());
    let mut text = trigger.clone();
    if let Some(k) = &key {
        text.push_str(&format!(" |{k}|"));
    }
    if let Some(Step::Do { ability, .. }) = ab.steps.first() {
        text.push_str(": ");
        ability.write(&mut text);
    }
    if let Some(o) = &options {
        text.push_str(&format!(" (@Chosen = one of {})", o.join(", ")));
    }
    Entry {
        owner,
        index,
        ability: ab.clone(),
        trigger,
        key,
        text,
        options,
    }
}

/// Whether one of an ability's restrictions names its `@Selection`.
fn restricts_selection(ab: &Ability) -> bool {
    params_of(ab).restrictions.iter().any(|r| {
        let mut text = String::new();
        r.write(&mut text);
        text.contains("@Selection")
    })
}

/// The kind of a `@SecondarySelection` that is not a player, from how the sheet writes
/// it: a type annotation other than a player's (`[role]`, `[boolean]`), the role a
/// disguise takes (`as @SecondarySelection`), a number compared (`@SecondarySelection >
/// -2`). `None`: a player.
fn free_secondary(uses: &str) -> Option<String> {
    const PLAYERS: &[&str] = &["player", "player_any", "ghost", "dead"];
    let tag = "@SecondarySelection";
    for (at, _) in uses.match_indices(tag) {
        let rest = &uses[at + tag.len()..];
        if let Some(kind) = rest.strip_prefix('[').and_then(|r| r.split(']').next()) {
            let kind = kind.trim().to_ascii_lowercase();
            if !PLAYERS.contains(&kind.as_str()) {
                return Some(kind);
            }
        }
        let rest = rest.trim_start();
        if rest.starts_with(['<', '>']) {
            return Some("number".into());
        }
        if uses[..at].trim_end().ends_with(" as") {
            return Some("role".into());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::free_secondary;

    #[test]
    fn a_secondary_selection_is_a_player_unless_the_sheet_says_otherwise() {
        // Oracle: `Alignment Investigate @SecondarySelection` (townsfolk/investigative/oracle).
        assert_eq!(
            free_secondary("Alignment Investigate @SecondarySelection"),
            None
        );
        // Tanner: `Weakly Disguise @Selection as @SecondarySelection (~NextNight)`.
        assert_eq!(
            free_secondary("Weakly Disguise @Selection as @SecondarySelection (~NextNight)"),
            Some("role".into())
        );
        // Corrupt Wolf: `[Condition: (@SecondarySelection > -2) and …]`.
        assert_eq!(
            free_secondary("[Condition: (@SecondarySelection > -2)]"),
            Some("number".into())
        );
        // Alpha Wolf: `@SecondarySelection[boolean] is True`.
        assert_eq!(
            free_secondary("@SecondarySelection[boolean] is True"),
            Some("boolean".into())
        );
        assert_eq!(
            free_secondary("Investigate @SecondarySelection[player]"),
            None
        );
    }
}
