//! Investigating abilities: role, alignment, category, class, attribute and count
//! investigations, and what a disguised player is seen as.

use crate::state::*;

use super::game::Game;

impl Game {
    pub(crate) fn seen_role(&mut self, t: usize, disguises: &[String]) -> String {
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
}
