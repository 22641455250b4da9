//! Attribute abilities: `Apply`, `Remove`, attribute `Change`, `Obstruct`, counters.

use mafia_roles::ability::Value;

use crate::eval::Ctx;
use crate::library::norm;
use crate::state::*;

use super::game::{AttrPattern, Game};

impl Game {
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
}
