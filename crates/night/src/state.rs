//! The game state kept from night to night (`mafia night resolve --state FILE`): the number
//! of the last night resolved (odd- and even-night players) and the uses of X-shot
//! abilities so far.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::model::{ActionSpec, Modifier, Night, NightSpec, Origin};

/// What lasts from one night to the next.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameState {
    /// The last night resolved (0 before the first).
    pub night: u32,
    /// Uses so far: owner (a player's name, or a faction's for a factional ability;
    /// lowercase) to ability name to count.
    pub used: BTreeMap<String, BTreeMap<String, u32>>,
    /// Delayed players' actions of the last night, to take effect on the next.
    pub delayed: Vec<ActionSpec>,
}

impl GameState {
    /// Gives the night its number (the one after the last resolved, unless the night file
    /// says) and the uses of earlier nights.
    pub fn prepare(&self, spec: &mut NightSpec) {
        if spec.night.is_none() {
            // A day comes after the last night; a night file is the next night.
            spec.night = Some(if spec.day { self.night } else { self.night + 1 });
        }
        spec.used = self.used.clone();
        if !spec.day {
            spec.delayed = self.delayed.clone();
        }
    }

    /// Records a resolved night (or day): the night's number (a day leaves it) and every
    /// submitted action as one use (a blocked X-shot action is used up all the same).
    pub fn record(&mut self, spec: &NightSpec, night: &Night) {
        if !spec.day {
            self.night = spec.night.unwrap_or(self.night + 1);
            self.delayed.clear();
        }
        for a in &night.actions {
            if let Origin::Submitted(i) = a.origin
                && !spec.day
                && night.players[a.actor].has(Modifier::Delayed)
            {
                self.delayed.push(spec.actions[i].clone());
            }
            if matches!(a.origin, Origin::Submitted(_)) {
                *self
                    .used
                    .entry(a.owner.clone())
                    .or_default()
                    .entry(a.ability.name.clone())
                    .or_insert(0) += 1;
            }
        }
    }
}
