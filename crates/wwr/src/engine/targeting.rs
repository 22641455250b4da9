//! Targeting abilities: `Target`, `Untarget`, `Redirect`.

use mafia_roles::ability::{Duration, Value};

use crate::eval::Ctx;
use crate::game::Game;
use crate::library::norm;
use crate::state::*;

use super::registry::Outcome;
use std::ops::ControlFlow::{Break, Continue};

impl Game {
    pub(crate) fn set_target(&mut self, ctx: &Ctx, v: Option<Val>) {
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

    pub(crate) fn run_target(
        &mut self,
        target: &Value,
        ty: &(String, String),
        ctx: &mut Ctx,
    ) -> Outcome {
        let mut v = self.eval(target, ctx);
        if v == Val::Nothing {
            // "Nobody", the answer a `(Player Optional)` target takes, untargets (guide
            // draft, Target: "'nobody' is accepted as an input and leads to resetting the
            // target").
            self.set_target(ctx, None);
            if let (Some(p), Source::Role(_)) = (ctx.me, &ctx.source) {
                self.say(Audience::Player(p), "You have no target now.".to_string());
            }
            return Continue(None);
        }
        if let Val::Players(ps) = &v {
            let ps = self.visit(ps.clone(), ty, ctx);
            if let Some(c) = ctx.cancel.take() {
                return Break(Some(c));
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
        Continue(None)
    }

    pub(crate) fn run_untarget(&mut self, ctx: &mut Ctx) -> Option<String> {
        self.set_target(ctx, None);
        None
    }

    pub(crate) fn run_redirect(
        &mut self,
        subtype: &Value,
        source: &Option<Value>,
        target: &Value,
        duration: &Option<Duration>,
        ctx: &mut Ctx,
    ) -> Outcome {
        let subtype = self.text(subtype, ctx);
        let Some(me) = ctx.me else {
            return Break(None);
        };
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
        Continue(Some("Success".into()))
    }
}
