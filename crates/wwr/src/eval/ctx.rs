//! The context an ability runs in: who runs it, what was selected, trigger values.

use std::collections::BTreeMap;

use crate::state::{AbilityRef, Source, Val};

/// The context an ability runs in: who runs it, what was selected, trigger values.
#[derive(Debug, Clone)]
pub struct Ctx {
    /// `@Self` when it is a player (for groups and polls: the executor).
    pub me: Option<usize>,
    pub source: Source,
    /// `@ThisAttr`.
    pub attr: Option<u64>,
    pub selection: Option<Val>,
    pub secondary: Option<Val>,
    /// Trigger values by lower-case name: `winner`, `attacker`, `visitor`, `this`, `ind`,
    /// `result1`…
    pub vars: BTreeMap<String, Val>,
    pub ability: Option<AbilityRef>,
    pub direct: bool,
    pub visitless: bool,
    /// Set by `Cancel` inside an `On Visited` trigger.
    pub cancel: Option<String>,
    /// Set by `Continue` in an evaluation branch.
    pub cont: bool,
    /// The first attribute id created by the running ability: its own steps are not
    /// obstructed by an obstruction it applies (`5 action`: abilities of one action "occur
    /// independently and will not affect the execution of the other abilities").
    pub first_new_attr: Option<u64>,
    /// A chosen, not forced, action: only these can be obstructed (`13 obstructions`:
    /// "Passive, starting and forced abilities cannot be obstructed").
    pub chosen: bool,
    /// A group's poll result run by its executor (`13 obstructions`: "For group abilities
    /// (e.g. wolfpack attack), an obstructed player being chosen to execute the action
    /// causes it to fail").
    pub group_action: bool,
    /// Inside an `Evaluate:` block: the reaction to an action's result, not the action.
    pub evaluating: bool,
}

impl Ctx {
    pub fn new(me: Option<usize>, source: Source) -> Ctx {
        Ctx {
            me,
            source,
            attr: None,
            selection: None,
            secondary: None,
            vars: BTreeMap::new(),
            ability: None,
            direct: false,
            visitless: false,
            cancel: None,
            cont: false,
            first_new_attr: None,
            chosen: false,
            group_action: false,
            evaluating: false,
        }
    }

    pub fn var(mut self, name: &str, v: Val) -> Ctx {
        self.vars.insert(name.to_ascii_lowercase(), v);
        self
    }
}
