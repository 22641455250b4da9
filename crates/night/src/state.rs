//! The game state kept from night to night (`mafia night resolve --state FILE`): the number
//! of the last night resolved (odd- and even-night players), the uses of abilities so far
//! (X-Shot) and the night each was last used on (cooldowns, Non-Consecutive Night), and the
//! actions waiting for the next night (Delayed players', and those a Delayer delayed).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::model::{ActionSpec, Modifier, Night, NightSpec, Origin};
use crate::outcome::Outcome;

/// What lasts from one night to the next.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameState {
    /// The last night resolved (0 before the first).
    pub night: u32,
    /// Uses so far: owner (a player's name, or a faction's for a factional ability;
    /// lowercase) to ability name to count.
    pub used: BTreeMap<String, BTreeMap<String, u32>>,
    /// The night each ability was last used on, by owner and ability name as `used`.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub last_used: BTreeMap<String, BTreeMap<String, u32>>,
    /// Actions of the last night to take effect on the next: Delayed players' and those a
    /// Delayer delayed.
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
        spec.last_used = self.last_used.clone();
        if !spec.day {
            spec.delayed = self.delayed.clone();
        }
    }

    /// Records a resolved night (or day): the night's number (a day leaves it), every
    /// submitted action as one use on this night (a blocked action is used all the same),
    /// and the actions that wait for the next night.
    pub fn record(&mut self, spec: &NightSpec, night: &Night, outcome: &Outcome) {
        if !spec.day {
            self.night = spec.night.unwrap_or(self.night + 1);
            self.delayed.clear();
        }
        let mut carried: Vec<usize> = Vec::new();
        for a in &night.actions {
            let Origin::Submitted(i) = a.origin else {
                continue;
            };
            if !spec.day && night.players[a.actor].has(Modifier::Delayed) {
                carried.push(i);
            }
            *self
                .used
                .entry(a.owner.clone())
                .or_default()
                .entry(a.ability.name.clone())
                .or_insert(0) += 1;
            if !spec.day {
                self.last_used
                    .entry(a.owner.clone())
                    .or_default()
                    .insert(a.ability.name.clone(), self.night);
            }
        }
        if !spec.day {
            carried.extend(outcome.delayed.iter().map(|d| d.action - 1));
        }
        carried.sort_unstable();
        carried.dedup();
        self.delayed.extend(
            carried
                .into_iter()
                .filter_map(|i| spec.actions.get(i).cloned()),
        );
    }
}
