//! Targeting abilities: `Target`, `Untarget`, `Redirect`.

use crate::eval::Ctx;
use crate::library::norm;
use crate::state::*;

use super::game::Game;

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
}
