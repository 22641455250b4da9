//! Role queries `^(Cat:Investigative,Class:!Unaligned,Class:!Extra)` on the right of `is part
//! of` (guide, Target Types: `^` selects roles): a role name (the Baroness's `(Role)`
//! selection) is part of the query when its role sheet matches every item, `!` negating one.

use mafia_roles::ability::{Base, QueryItem, Sigil, Value};

use crate::library::norm;

use crate::game::Game;

/// The items of a bare `^(…)` role query, if `v` is one.
pub(crate) fn role_query(v: &Value) -> Option<&[QueryItem]> {
    match v {
        Value::Path {
            base:
                Base::Query {
                    sigil: Sigil::Role,
                    items,
                },
            props,
            ..
        } if props.is_empty() => Some(items),
        _ => None,
    }
}

impl Game {
    /// Whether the role named `role` matches every item of a role query (`Cat`/`Category`,
    /// `Class`, `Role`, `Team`/`Align`); an unknown role or key matches nothing.
    pub(crate) fn role_matches_query(&self, role: &str, items: &[QueryItem]) -> bool {
        let Some(def) = self.lib.role(role) else {
            return false;
        };
        let text = |s: &Option<String>| norm(s.as_deref().unwrap_or_default());
        items.iter().all(|i| {
            let v = norm(&i.value);
            let m = match i.key.to_ascii_lowercase().as_str() {
                "cat" | "category" => text(&def.category) == v,
                "class" => text(&def.class) == v,
                "role" => norm(&def.name) == v,
                "team" | "align" | "alignment" => text(&def.team) == v || text(&def.class) == v,
                _ => return false,
            };
            m != i.negated
        })
    }
}
