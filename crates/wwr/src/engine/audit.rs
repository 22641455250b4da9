//! Small helpers found missing by the coverage audit (see `docs/wwr-coverage.md`):
//! `->Attr(<Attribute>)` property access, `<Attribute>:<SourcePlayer>` patterns written
//! with a selector (`OracleSelected:Self`, `Defense:Target`), and the source role of an
//! attribute applied by an extra role's ability.

use crate::eval::Ctx;
use crate::game::Game;
use crate::library::norm;
use crate::state::Holder;

impl Game {
    /// Runs the `Starting` abilities of an attribute or extra role just applied (guide,
    /// Trigger Types: `Starting` "for starting abilities"; the Raven attribute's `Starting:
    /// Set Counter to 1 for @ThisAttr` must run when the Ravenkeeper applies it, not only
    /// for attributes present when the game starts).
    pub(crate) fn run_attr_starting(&mut self, id: u64) {
        // A `~DelayedPhase` attribute starts when its phase does (`engine::delayed`).
        if self
            .attr(id)
            .is_some_and(|a| a.duration == crate::state::Dur::DelayedPhase)
        {
            return;
        }
        let Some(def) = self.def_of(&crate::state::Source::Attr(id)) else {
            return;
        };
        let me = match self.attr(id).map(|a| &a.holder) {
            Some(Holder::Player(p)) => Some(*p),
            _ => None,
        };
        let owner = crate::game::Owner {
            source: crate::state::Source::Attr(id),
            me,
            attr: Some(id),
        };
        for (i, (ab, _)) in def.abilities.iter().enumerate() {
            if super::kinds::timing_of(ab) == Some(mafia_roles::ability::Timing::Starting) {
                let ctx = self.ctx_for(&owner, i);
                self.run_triggered(&owner, i, ab.clone(), ctx);
            }
        }
    }

    /// Whether an attribute's ability already ran (its `Starting` ran when it was applied
    /// during game start, before the game's own `Starting` bucket).
    pub(crate) fn attr_ability_used(&self, source: &crate::state::Source, index: usize) -> bool {
        matches!(source, crate::state::Source::Attr(_))
            && self
                .state
                .uses
                .iter()
                .any(|u| u.ability.source == *source && u.ability.index == index)
    }

    /// Tells the player the feedback of an automatic ability when it is a text written in
    /// one of its conditions (not a bare `Success`/`Failure` result), as `<trigger>: <text>`.
    pub(crate) fn written_feedback(
        &mut self,
        ab: &mafia_roles::ability::Ability,
        ctx: &Ctx,
        fb: Option<String>,
    ) {
        use mafia_roles::ability::Step;
        let Some(fb) = fb else { return };
        let (Some(p), crate::state::Source::Role(_) | crate::state::Source::Attr(_)) =
            (ctx.me, &ctx.source)
        else {
            return;
        };
        if fb.eq_ignore_ascii_case("success") || fb.eq_ignore_ascii_case("failure") {
            return;
        }
        let conditional = ab
            .steps
            .iter()
            .any(|s| matches!(s, Step::If { .. } | Step::Evaluate { .. }));
        if !conditional || !self.state.players[p].alive {
            return;
        }
        let mut what = String::new();
        ab.trigger.write(&mut what);
        self.say(crate::state::Audience::Player(p), format!("{what}: {fb}"));
    }

    /// The phase an action's restrictions are checked in: the phase it runs in, unless it is
    /// chosen a phase earlier (`Start Day`, `Start Night`) and its temporal restriction names
    /// the kind of the phase it is chosen in, not the one it runs in (`Start Day: [Temporal:
    /// Night 1+]` can only mean "chosen from night 1 on").
    pub(crate) fn restriction_phase(
        &self,
        ab: &mafia_roles::ability::Ability,
        now: crate::state::Phase,
        run: crate::state::Phase,
    ) -> crate::state::Phase {
        use mafia_roles::ability::{PhaseKind as K, Restriction};
        if now == run {
            return run;
        }
        let names_now = super::kinds::params_of(ab).restrictions.iter().any(|r| {
            matches!(r, Restriction::Temporal { phase, .. }
                if (*phase == K::Night) == (now.kind == crate::state::PhaseKind::Night)
                    && now.kind != run.kind)
        });
        if names_now { now } else { run }
    }
}

/// Marks a stored fake feedback as a list of chances (`⇒ (0.6:X,0.4:@Result)`).
const CHANCES: char = '\u{1e}';
const SEP: char = '\u{1f}';

impl Game {
    /// Stores `(<Chance>:<Feedback>, …)` so each use of the obstruction rolls again (guide,
    /// Obstructing: "return fake feedback with a certain chance, use `@Result` to refer to
    /// the default feedback"); a feedback naming `@Result` is kept as `@Result`.
    pub(crate) fn encode_chances(
        &mut self,
        cs: &[(
            mafia_roles::ability::CompactString,
            mafia_roles::ability::Value,
        )],
        ctx: &Ctx,
    ) -> String {
        let mut out = String::from(CHANCES);
        for (i, (c, v)) in cs.iter().enumerate() {
            let text = if v.to_text().contains("@Result") {
                "@Result".to_string()
            } else {
                let v = self.eval(v, ctx);
                self.text_of(&v)
            };
            if i > 0 {
                out.push(CHANCES);
            }
            out.push_str(c.trim());
            out.push(SEP);
            out.push_str(&text);
        }
        out
    }

    /// The fake feedback of one use of an obstruction: `None` when it is `@Result` (the
    /// ability runs and gives its real feedback).
    pub(crate) fn fake_feedback(&mut self, stored: &str) -> Option<String> {
        let Some(list) = stored.strip_prefix(CHANCES) else {
            return (stored.trim() != "@Result").then(|| stored.to_string());
        };
        let cs: Vec<(f64, &str)> = list
            .split(CHANCES)
            .filter_map(|p| p.split_once(SEP))
            .map(|(c, t)| (c.parse::<f64>().unwrap_or(0.0).max(0.0), t))
            .collect();
        let total: f64 = cs.iter().map(|c| c.0).sum();
        let roll = (self.rng.next_u64() % 1_000_000) as f64 / 1_000_000.0 * total;
        let mut acc = 0.0;
        let mut pick = cs.last().map(|c| c.1).unwrap_or("@Result");
        for (c, t) in &cs {
            acc += c;
            if roll < acc {
                pick = t;
                break;
            }
        }
        (pick != "@Result").then(|| pick.to_string())
    }

    /// `On Role Change` of the role a player just lost (the Coven's hags react to being
    /// changed: "triggers on a role change (use @RoleChanger to get the responsible
    /// player)"); the new role's own `On Role Change` fires through `Game::fire`.
    pub(crate) fn old_role_changed(&mut self, p: usize, old: &str, base: &Ctx) {
        if norm(&self.state.players[p].role) == norm(old) {
            return;
        }
        let Some(def) = self.lib.role(old).cloned() else {
            return;
        };
        let owner = crate::game::Owner {
            source: crate::state::Source::Role(def.name.clone()),
            me: Some(p),
            attr: None,
        };
        for (i, (ab, _)) in def.abilities.iter().enumerate() {
            if super::kinds::timing_of(ab) == Some(mafia_roles::ability::Timing::OnRoleChange) {
                let ctx = self.merge(&owner, i, base);
                self.run_triggered(&owner, i, ab.clone(), ctx);
            }
        }
    }
}
