//! The simple method (Method 1): actions resolved in a fixed, documented order.
//!
//! 1. Untargetable (commute, rolestop), in submission order.
//! 2. Blocks (roleblock, jail), in submission order; a player already blocked by an earlier
//!    block does not block.
//! 3. Redirections (bus drivers, redirectors), in submission order, each changing the current
//!    target of every other action.
//! 4. Protections (doctor, bodyguard, jail, hiding, vests, bulletproof).
//! 5. Kills (a strong kill ignores protection; a bodyguard dies in place of the guarded; a
//!    hider dies with the player they hid behind), then Paranoid Gun Owners shoot their
//!    visitors.
//! 6. Recruitments.
//! 7. Investigations, tracks and watches, on the final targets.

// Actions are indexed into several parallel tables (targets, works), so index loops read best.
#![allow(clippy::needless_range_loop)]

use std::collections::{BTreeMap, BTreeSet};

use crate::catalogue::{Component, SelfTarget};
use crate::model::Night;
use crate::outcome::{Death, Feedback, Method, Outcome, Recruitment, Save};
use crate::results::{investigation_result, no_result};

fn has(night: &Night, a: usize, pred: impl Fn(&Component) -> bool) -> bool {
    night.actions[a].ability.has(pred)
}

/// What the simple method's fixed order has no step for, in this night: the first such
/// player and what it is (issue 13: the simple method "says clearly when a role has no place
/// in it"). RAR resolves all of these.
pub fn no_place(night: &Night) -> Option<(Option<usize>, String)> {
    use crate::catalogue::{Learns, Reports};
    use crate::model::{Modifier, Origin};
    if night.rules != Default::default() {
        return Some((None, "the setup rules `protection` and `swaps`".into()));
    }
    for a in &night.actions {
        let ab = &a.ability;
        let what = if let Some(name) = ab.components.iter().find_map(no_step_for) {
            format!("the `{name}` of {}", a.label)
        } else if ab.unseen {
            format!("an unseen (Ninja) action, {}", a.label)
        } else if ab.learns != Learns::Alignment || ab.reports != Reports::Players {
            format!("what {} learns", a.label)
        } else if a.origin == Origin::Delayed {
            format!("a delayed action, {}", a.label)
        } else {
            continue;
        };
        return Some((Some(a.actor), what));
    }
    for (p, player) in night.players.iter().enumerate() {
        for m in [
            Modifier::Ninja,
            Modifier::Macho,
            Modifier::Strongman,
            Modifier::Loyal,
            Modifier::Disloyal,
            Modifier::Weak,
            Modifier::Delayed,
            Modifier::Public,
        ] {
            if player.has(m) {
                let name = m.name();
                return Some((Some(p), format!("the `{name}` modifier")));
            }
        }
    }
    None
}

/// The name of a component Method 1's priority list has no step for; `None` for the others.
fn no_step_for(c: &Component) -> Option<&'static str> {
    match c {
        Component::Ascetic => Some("ascetic"),
        Component::Frame => Some("frame"),
        Component::Deflect => Some("deflect"),
        Component::Bomb => Some("bomb"),
        Component::Delay => Some("delay"),
        _ => None,
    }
}

/// Resolves a night by the simple method. `explain` fills in the steps.
pub fn resolve_simple(night: &Night, explain: bool) -> Outcome {
    let n = night.actions.len();
    let name = |p: usize| night.name(p).to_string();
    let mut steps = Vec::new();
    let mut target: Vec<Option<usize>> = night
        .actions
        .iter()
        .map(|a| a.targets.first().copied())
        .collect();
    let mut works = vec![true; n];
    let mut untargetable: BTreeSet<usize> = BTreeSet::new();
    let describe = |a: usize| {
        let act = &night.actions[a];
        let targets: Vec<String> = act.targets.iter().map(|&t| name(t)).collect();
        format!(
            "{} ({}) on {}",
            name(act.actor),
            act.label,
            targets.join(" and ")
        )
    };
    let stopped_by_untargetable = |a: usize, t: usize, unt: &BTreeSet<usize>| {
        unt.contains(&t)
            && night.actions[a].actor != t
            && night.actions[a].ability.self_target != SelfTarget::Only
            && !night.actions[a].passive()
    };

    // 1. Untargetable.
    for a in 0..n {
        if has(night, a, |c| matches!(c, Component::Untargetable))
            && let Some(t) = target[a]
        {
            untargetable.insert(t);
            steps.push(format!(
                "{}: {} cannot be targeted tonight.",
                describe(a),
                name(t)
            ));
        }
    }
    // 2. Blocks.
    for a in 0..n {
        if !has(night, a, |c| matches!(c, Component::Block)) {
            continue;
        }
        let Some(t) = target[a] else { continue };
        if !works[a] {
            steps.push(format!(
                "{}: does nothing, the blocker was blocked first.",
                describe(a)
            ));
            continue;
        }
        if stopped_by_untargetable(a, t, &untargetable) {
            steps.push(format!("{}: {} cannot be targeted.", describe(a), name(t)));
            continue;
        }
        for b in 0..n {
            if b != a && night.actions[b].actor == t && night.actions[b].blockable(night) {
                works[b] = false;
            }
        }
        steps.push(format!("{}: {}'s actions fail.", describe(a), name(t)));
    }
    // 3. Redirections.
    for r in 0..n {
        let act = &night.actions[r];
        if !act.ability.is_redirecting() || act.passive() {
            continue;
        }
        if !works[r] {
            steps.push(format!("{}: blocked.", describe(r)));
            continue;
        }
        let (x, y) = (act.targets[0], act.targets[1]);
        if stopped_by_untargetable(r, x, &untargetable)
            || stopped_by_untargetable(r, y, &untargetable)
        {
            steps.push(format!("{}: a target cannot be targeted.", describe(r)));
            continue;
        }
        let swap = act.ability.has(|c| matches!(c, Component::Swap));
        let mut moved = Vec::new();
        for a in 0..n {
            let other = &night.actions[a];
            if a == r
                || other.passive()
                || other.ability.is_redirecting()
                || other.ability.self_target == SelfTarget::Only
            {
                continue;
            }
            let Some(t) = target[a] else { continue };
            let new = if swap {
                if t == x {
                    Some(y)
                } else if t == y {
                    Some(x)
                } else {
                    None
                }
            } else if other.actor == x && t != y {
                Some(y)
            } else {
                None
            };
            if let Some(new) = new {
                target[a] = Some(new);
                moved.push(format!("{} now lands on {}", describe(a), name(new)));
            }
        }
        if moved.is_empty() {
            steps.push(format!("{}: no action is affected.", describe(r)));
        } else {
            steps.push(format!("{}: {}.", describe(r), moved.join("; ")));
        }
    }
    // An action lands if it works and its target can be targeted.
    let lands = |a: usize| -> Option<usize> {
        let t = target[a]?;
        if !works[a] || stopped_by_untargetable(a, t, &untargetable) {
            return None;
        }
        Some(t)
    };
    // 4. Protections.
    let mut protected: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    let mut hiding: BTreeMap<usize, usize> = BTreeMap::new();
    let mut guards: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for a in 0..n {
        let Some(t) = lands(a) else { continue };
        if has(night, a, |c| matches!(c, Component::Protect)) {
            protected.entry(t).or_default().push(a);
        }
        if has(night, a, |c| matches!(c, Component::Hide)) {
            hiding.insert(night.actions[a].actor, t);
        }
        if has(night, a, |c| matches!(c, Component::Guard)) {
            guards.entry(t).or_default().push(night.actions[a].actor);
        }
    }
    // 5. Kills.
    let mut deaths: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    let mut saves: BTreeMap<usize, (Vec<String>, Vec<String>)> = BTreeMap::new();
    let mut vests_used = BTreeSet::new();
    let mut attack = |victim: usize,
                      cause: String,
                      strong: bool,
                      deaths: &mut BTreeMap<usize, Vec<String>>,
                      steps: &mut Vec<String>|
     -> bool {
        if hiding.contains_key(&victim) {
            steps.push(format!("{cause}: {} is not home.", name(victim)));
            return false;
        }
        let prot = protected.get(&victim).cloned().unwrap_or_default();
        if !strong && !prot.is_empty() {
            let by: Vec<String> = prot
                .iter()
                .map(|&p| {
                    format!(
                        "{} ({})",
                        name(night.actions[p].actor),
                        night.actions[p].label
                    )
                })
                .collect();
            for &p in &prot {
                if night.actions[p].origin == crate::model::Origin::Vest {
                    vests_used.insert(victim);
                }
            }
            steps.push(format!("{cause}: stopped by {}.", by.join(", ")));
            let entry = saves.entry(victim).or_default();
            entry.0.push(cause);
            entry.1.extend(by);
            return false;
        }
        steps.push(format!("{cause}: {} dies.", name(victim)));
        deaths.entry(victim).or_default().push(cause);
        true
    };
    for a in 0..n {
        if !has(night, a, |c| matches!(c, Component::Kill { .. })) {
            continue;
        }
        let Some(t) = lands(a) else {
            if target[a].is_some() {
                steps.push(format!("{}: fails.", describe(a)));
            }
            continue;
        };
        let strong = has(night, a, |c| matches!(c, Component::Kill { strong: true }));
        let cause = format!("{} shot {}", name(night.actions[a].actor), name(t));
        if let Some(bgs) = guards.get(&t).filter(|g| !g.is_empty() && !strong) {
            let bg = bgs[0];
            attack(
                bg,
                format!("{cause}, {} guarding", name(bg)),
                false,
                &mut deaths,
                &mut steps,
            );
            continue;
        }
        let killed = attack(t, cause.clone(), strong, &mut deaths, &mut steps);
        if killed {
            for (&h, &behind) in &hiding {
                if behind == t {
                    steps.push(format!("{} hid behind {} and dies too.", name(h), name(t)));
                    deaths
                        .entry(h)
                        .or_default()
                        .push(format!("{cause}, {} hiding there", name(h)));
                }
            }
        }
    }
    for p in 0..n {
        if !has(night, p, |c| matches!(c, Component::Arm)) {
            continue;
        }
        let pgo = night.actions[p].actor;
        for v in 0..n {
            if night.actions[v].actor != pgo
                && has(night, v, |c| matches!(c, Component::Visit))
                && lands(v) == Some(pgo)
            {
                let visitor = night.actions[v].actor;
                let cause = format!("{} visited {}, who was armed", name(visitor), name(pgo));
                attack(visitor, cause, false, &mut deaths, &mut steps);
            }
        }
    }
    // 6. Recruitments.
    let mut recruited = Vec::new();
    let mut feedback: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for a in 0..n {
        let Some(t) = lands(a) else { continue };
        let caveat = has(night, a, |c| {
            matches!(
                c,
                Component::Recruit {
                    fails_if_target_dies: true
                }
            )
        });
        if !has(night, a, |c| matches!(c, Component::Recruit { .. })) {
            continue;
        }
        if caveat && deaths.contains_key(&t) {
            steps.push(format!("{}: fails, {} dies tonight.", describe(a), name(t)));
            continue;
        }
        let into = night.players[night.actions[a].actor].alignment.clone();
        steps.push(format!("{}: {} joins the {into}.", describe(a), name(t)));
        feedback
            .entry(t)
            .or_default()
            .push(format!("You have been recruited into the {into}."));
        recruited.push(Recruitment {
            player: name(t),
            into,
        });
    }
    // 7. Information.
    for a in 0..n {
        let act = &night.actions[a];
        let named = act.targets.first().copied().unwrap_or(act.actor);
        let landed = lands(a);
        if act.ability.has(|c| matches!(c, Component::Investigate)) {
            let text = match landed {
                Some(t) => investigation_result(night, act.actor, t, named, &act.ability, false),
                None => no_result(&act.ability),
            };
            steps.push(format!("{}: {text}", describe(a)));
            feedback.entry(act.actor).or_default().push(text);
        }
        if act.ability.has(|c| matches!(c, Component::Track)) {
            let text = match landed {
                None => "No result.".to_string(),
                Some(t) => {
                    let mut seen: Vec<usize> = (0..n)
                        .filter(|&v| v != a && night.actions[v].actor == t)
                        .filter(|&v| has(night, v, |c| matches!(c, Component::Visit)))
                        .filter_map(lands)
                        .collect();
                    seen.sort_unstable();
                    seen.dedup();
                    if seen.is_empty() {
                        format!("{} went nowhere.", name(named))
                    } else {
                        let names: Vec<String> = seen.iter().map(|&p| name(p)).collect();
                        format!("{} visited {}.", name(named), names.join(", "))
                    }
                }
            };
            steps.push(format!("{}: {text}", describe(a)));
            feedback.entry(act.actor).or_default().push(text);
        }
        if act.ability.has(|c| matches!(c, Component::Watch)) {
            let text = match landed {
                None => "No result.".to_string(),
                Some(t) => {
                    let mut seen: Vec<usize> = (0..n)
                        .filter(|&v| v != a && has(night, v, |c| matches!(c, Component::Visit)))
                        .filter(|&v| lands(v) == Some(t))
                        .map(|v| night.actions[v].actor)
                        .collect();
                    seen.sort_unstable();
                    seen.dedup();
                    if seen.is_empty() {
                        format!("No one visited {}.", name(named))
                    } else {
                        let names: Vec<String> = seen.iter().map(|&p| name(p)).collect();
                        format!("{} was visited by {}.", name(named), names.join(", "))
                    }
                }
            };
            steps.push(format!("{}: {text}", describe(a)));
            feedback.entry(act.actor).or_default().push(text);
        }
    }
    let numbered = steps
        .into_iter()
        .enumerate()
        .map(|(i, s)| format!("{}. {s}", i + 1))
        .collect();
    let dead: BTreeSet<usize> = deaths.keys().copied().collect();
    Outcome {
        method: Method::Simple,
        announcements: Vec::new(),
        delayed: Vec::new(),
        deaths: deaths
            .into_iter()
            .map(|(p, causes)| Death {
                player: name(p),
                causes,
            })
            .collect(),
        saves: saves
            .into_iter()
            .filter(|(p, _)| !dead.contains(p))
            .map(|(p, (attacks, saved_by))| Save {
                player: name(p),
                attacks,
                saved_by,
            })
            .collect(),
        recruited,
        vests_used: vests_used.into_iter().map(name).collect(),
        feedback: feedback
            .into_iter()
            .flat_map(|(p, texts)| {
                texts.into_iter().map(move |text| Feedback {
                    player: night.name(p).to_string(),
                    text,
                })
            })
            .collect(),
        questions: Vec::new(),
        steps: if explain { numbered } else { Vec::new() },
    }
}
