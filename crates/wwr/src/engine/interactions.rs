//! Cross-feature fixes: changing a queued action, the order of one element's own
//! abilities within a bucket, and groups that enter play after the game started.

use mafia_roles::ability::{Ability, Timing, Trigger};

use crate::eval::Ctx;
use crate::game::{Game, Item, Owner, SortKey};
use crate::state::*;

use super::kinds::{params_of, timing_of};

/// Queued actions (and their recorded uses) taken out while a replacement is checked, so
/// that a refused replacement leaves the old choice in place.
#[derive(Debug, Default)]
pub(super) struct Unqueued {
    pending: Vec<Pending>,
    uses: Vec<Use>,
}

impl Game {
    /// Takes out the queued actions that a new answer for this ability replaces (the
    /// delaying rules: a delayed action can be cancelled and requested again). An ability
    /// used once per phase replaces its queued action whatever the new selection; an
    /// ability with scaling (several uses per phase) replaces only the queued action with
    /// the same selection, so each further answer is one more use.
    pub(super) fn unqueue(
        &mut self,
        p: usize,
        r: &AbilityRef,
        run_phase: Phase,
        selection: &Option<Val>,
        ab: &Ability,
    ) -> Unqueued {
        let scaled = params_of(ab).scaling.is_some();
        let mut out = Unqueued::default();
        let mut keep = Vec::new();
        for q in std::mem::take(&mut self.state.pending) {
            let same = q.player == p && q.ability == *r && q.phase == run_phase;
            if same && (!scaled || q.selection == *selection) {
                let target = q
                    .selection
                    .as_ref()
                    .and_then(|s| s.players().first().copied());
                if let Some(pos) = self.state.uses.iter().rposition(|u| {
                    u.player == Some(p)
                        && u.ability == *r
                        && u.phase == run_phase
                        && u.target == target
                }) {
                    out.uses.push(self.state.uses.remove(pos));
                }
                out.pending.push(q);
            } else {
                keep.push(q);
            }
        }
        self.state.pending = keep;
        out
    }

    /// Puts back what [`Game::unqueue`] took out (the replacement was refused).
    pub(super) fn requeue(&mut self, back: Unqueued) {
        self.state.uses.extend(back.uses);
        self.state.pending.extend(back.pending);
    }

    /// Orders one bucket. Different elements follow the event-order rules (`sort_key`:
    /// non-attacks alphabetically, attacks by the attack order, remaining conflicts by a
    /// seeded draw). Several abilities of ONE element of one player (a role's chosen
    /// `End Night` action and its `Passive End Night` abilities) are not a conflict
    /// between players: they run in the order the role sheet lists them, at the place of
    /// the element's first draw.
    pub(super) fn order_bucket(&mut self, items: Vec<Item>) -> Vec<Item> {
        let mut keyed: Vec<(SortKey, usize, Item)> = Vec::new();
        for it in items {
            let mut k = self.sort_key(&it);
            let attack = k.0;
            if let Some((first, _, _)) = keyed.iter().find(|(fk, _, other)| {
                fk.0 == attack
                    && other.owner.me == it.owner.me
                    && other.owner.source == it.owner.source
            }) {
                k.4 = first.4;
            }
            let index = it.index;
            keyed.push((k, index, it));
        }
        keyed.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
        keyed.into_iter().map(|(_, _, it)| it).collect()
    }

    /// Groups with members when the game starts run their `Starting` abilities with the
    /// players' (in `start`): they are in play already.
    pub(super) fn mark_started_groups(&mut self) {
        let formed: Vec<String> = self
            .state
            .groups
            .keys()
            .filter(|g| !self.group_members(g).is_empty())
            .cloned()
            .collect();
        for g in formed {
            self.state.groups.entry(g).or_default().started = true;
        }
    }

    /// A group enters play with its first member (the Bakers form while the Bakers' own
    /// `Starting: Join #Bakers` run): its `Starting` abilities run then, once (guide,
    /// Trigger Types: `Starting` for starting abilities, the element's start in the game).
    pub(super) fn group_entered_play(&mut self, g: &str) {
        let st = self.state.groups.entry(g.to_string()).or_default();
        if st.started {
            return;
        }
        st.started = true;
        if self.is_disbanded(g) {
            return;
        }
        let source = Source::Group(g.to_string());
        let Some(def) = self.def_of(&source) else {
            return;
        };
        let owner = Owner {
            source,
            me: None,
            attr: None,
        };
        for (i, (ab, _)) in def.abilities.iter().enumerate() {
            if timing_of(ab) == Some(Timing::Starting) {
                let ctx = self.ctx_for(&owner, i);
                self.run_triggered(&owner, i, ab.clone(), ctx);
            }
        }
    }

    /// Whether an ability is one of a player's own abilities that also runs for a dead
    /// player: `On Poll Win` of a lynched player (the Hexed Wolf hexes its lynchers).
    pub(super) fn runs_for_the_dead(&self, ab: &Ability) -> bool {
        matches!(&ab.trigger, Trigger::PollWin { .. })
    }

    /// The `@Attacker` of a kill. A public poll's own result (the Lynch poll's `Lynch
    /// @Winner`) is caused by the poll, not by a player: it has no `@Attacker`, only its
    /// `@AttackSource` (`Poll:Lynch`). The random voter who executes it (`@Executor`) is
    /// not the killer. So the Angel's `On Poll 'Lynch' Win` branch handles a lynch by
    /// vote and its `On Lynch` branch a lynch by a player (the Executioner).
    pub(super) fn attacker_of(&self, ctx: &Ctx) -> Option<usize> {
        match ctx.source {
            Source::Poll(_) => None,
            _ => ctx.me,
        }
    }
}
