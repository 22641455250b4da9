//! Turning the RAR evaluation into an outcome: deaths, saves, recruitments, result PMs and
//! reason trees.

use std::collections::BTreeMap;

use crate::catalogue::{Component, Learns, Reports};
use crate::error::NightError;
use crate::model::{Modifier, Night, Origin, Protection};
use crate::outcome::{
    Death, DelayedAction, Feedback, Method, Outcome, Question, Reason, Recruitment, Save, Side,
    Status,
};
use crate::rar::{Chain, LId, Node, Rar, strong_kill};
use crate::results::{investigation_result, no_result, track_text, watch_text};

/// How much to produce.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Build every effect's reason tree.
    pub explain: bool,
    /// At most this many reasons per tree (the rest is marked as cut).
    pub tree_budget: usize,
    /// At most this many (reason, chain) evaluations; past it the night is refused.
    pub max_evaluations: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            explain: false,
            tree_budget: 2_000,
            max_evaluations: crate::rar::MAX_EVALUATIONS,
        }
    }
}

struct Describe<'a, 'n>(&'a Rar<'n>);

impl Describe<'_, '_> {
    fn who(&self, l: LId) -> &str {
        let r = self.0;
        r.night.name(r.night.actions[r.landing(l).action].actor)
    }
    fn label(&self, l: LId) -> &str {
        let r = self.0;
        &r.night.actions[r.landing(l).action].label
    }
    fn loc(&self, l: LId) -> &str {
        self.0.night.name(self.0.landing(l).loc)
    }
    fn moved_text(&self, c: LId) -> String {
        let r = self.0;
        let Some((p, by)) = r.landing(c).parent else {
            return String::new();
        };
        let red = &r.night.actions[by];
        let verb = if red.ability.has(|c| matches!(c, Component::Swap)) {
            "swapped"
        } else if red.ability.has(|c| matches!(c, Component::Deflect)) {
            "deflected"
        } else {
            "redirected"
        };
        format!(
            "the effect on {} was {verb} onto {} by {} ({})",
            self.loc(p),
            self.loc(c),
            r.night.name(red.actor),
            red.label
        )
    }
    /// "V shot B (Vigilante: shoot), and the effect on B was swapped onto A by D (...)"
    fn landing_text(&self, l: LId, verb: &str) -> String {
        let r = self.0;
        let mut steps = Vec::new();
        let mut cur = l;
        while let Some((p, _)) = r.landing(cur).parent {
            steps.push(cur);
            cur = p;
        }
        let action = &r.night.actions[r.landing(l).action];
        let mut s = if action.passive() {
            format!("{}'s {} ({})", self.who(l), verb, self.label(l))
        } else {
            format!(
                "{} {verb} {} ({})",
                self.who(l),
                self.loc(cur),
                self.label(l)
            )
        };
        for st in steps.iter().rev() {
            s.push_str(", and ");
            s.push_str(&self.moved_text(*st));
        }
        s
    }
    fn node(&self, n: Node) -> String {
        let r = self.0;
        match n {
            Node::Kill(l) => self.landing_text(l, "shot"),
            Node::Pgo { visit, arm } => format!(
                "{}, and {} was armed ({})",
                self.landing_text(visit, "visited"),
                self.loc(arm),
                self.label(arm)
            ),
            Node::Guard { guard, kill } => format!(
                "{}, and {}",
                self.landing_text(guard, "guarded"),
                self.landing_text(kill, "shot")
            ),
            Node::GuardShot { guard, shot } => {
                let (visit, arm) = r.reflex(shot);
                format!(
                    "{}, and {}, and {} was armed ({})",
                    self.landing_text(guard, "guarded"),
                    self.landing_text(visit, "visited"),
                    self.loc(arm),
                    self.label(arm)
                )
            }
            Node::Bomb { kill, bomb } => format!(
                "{}, and {} was a bomb ({})",
                self.landing_text(kill, "shot"),
                self.loc(bomb),
                self.label(bomb)
            ),
            Node::WeakDeath(l) => format!(
                "{} (weak: {} is not town)",
                self.landing_text(l, "targeted"),
                self.loc(l)
            ),
            Node::Framed(l) => self.landing_text(l, "framed"),
            Node::HideDeath { hide, kill } => format!(
                "{}, and {}",
                self.landing_text(hide, "hid behind"),
                self.landing_text(kill, "shot")
            ),
            Node::Protected(l) => {
                if r.night.actions[r.landing(l).action].passive() {
                    format!("{} is protected ({})", self.who(l), self.label(l))
                } else {
                    self.landing_text(l, "protected")
                }
            }
            Node::Hidden(l) => format!(
                "{} was not home: {}",
                self.who(l),
                self.landing_text(l, "hid behind")
            ),
            Node::Blocked(l) => format!(
                "{} was roleblocked: {}",
                self.loc(l),
                self.landing_text(l, "blocked")
            ),
            Node::Moved(c) => self.moved_text(c),
            Node::Untargetable(l) => format!(
                "{} could not be targeted: {}",
                self.loc(l),
                self.landing_text(l, "made untargetable")
            ),
            Node::Visited(l) => self.landing_text(l, "visited"),
            Node::Investigate(l) => self.landing_text(l, "investigated"),
            Node::TrackSaw { track, visit } => format!(
                "{}, and {}",
                self.landing_text(track, "tracked"),
                self.landing_text(visit, "visited")
            ),
            Node::TrackNothing(t) => self.landing_text(t, "tracked"),
            Node::WatchSaw { watch, visit } => format!(
                "{}, and {}",
                self.landing_text(watch, "watched"),
                self.landing_text(visit, "visited")
            ),
            Node::WatchNobody(w) => self.landing_text(w, "watched"),
            Node::Recruit(l) => self.landing_text(l, "recruited"),
        }
    }
}

fn flip(side: Side) -> Side {
    match side {
        Side::Yes => Side::No,
        Side::No => Side::Yes,
    }
}

fn build_tree(
    rar: &mut Rar<'_>,
    node: Node,
    side: Side,
    chain: &Chain,
    budget: &mut usize,
) -> Reason {
    let text = Describe(rar).node(node);
    if *budget == 0 {
        return Reason {
            side,
            text,
            status: Status::Truncated,
            counters: Vec::new(),
        };
    }
    *budget -= 1;
    let stands = rar.holds(node, chain);
    let mut counters = Vec::new();
    for (c, _) in rar.counters(node).iter() {
        let c = *c;
        if let Some(rep) = rar.repeated(c, chain) {
            let a = &rar.night.actions[rep as usize];
            counters.push(Reason {
                side: flip(side),
                text: Describe(rar).node(c),
                status: Status::Rule4 {
                    repeated: format!("{}'s action ({})", rar.night.name(a.actor), a.label),
                },
                counters: Vec::new(),
            });
        } else {
            let next = rar.chain_with(chain, c);
            counters.push(build_tree(rar, c, flip(side), &next, budget));
        }
    }
    Reason {
        side,
        text,
        status: if stands {
            Status::Stands
        } else {
            Status::Counteracted
        },
        counters,
    }
}

/// A question: its reasons for yes; the answer is whether any stands. The question's text
/// is only written when explaining.
struct Asked<F: FnOnce() -> String> {
    question: F,
    reasons: Vec<Node>,
}

fn answer<F: FnOnce() -> String>(
    rar: &mut Rar<'_>,
    q: Asked<F>,
    opts: Options,
) -> (bool, Option<Question>) {
    let mut yes = false;
    for &r in &q.reasons {
        if rar.stands(r) {
            yes = true;
            break;
        }
    }
    let tree = opts.explain.then(|| {
        let mut budget = opts.tree_budget;
        let reasons = q
            .reasons
            .iter()
            .map(|&r| {
                let chain = rar.chain_with(&Vec::new(), r);
                build_tree(rar, r, Side::Yes, &chain, &mut budget)
            })
            .collect();
        Question {
            question: (q.question)(),
            answer: yes,
            reasons,
        }
    });
    (yes, tree)
}

/// Which way a tracker or a watcher looks at the player its action lands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Looks {
    /// A tracker: where the player went (the players it visited).
    Track,
    /// A watcher: who came (the players who visited it).
    Watch,
}

/// What the tracker or watcher of action `ai` sees through its landings `lands`: the players
/// seen, by seat (the places the tracked player visited, or the watched player's visitors); the abilities seen visiting, by name (when it reports actions); and
/// whether it saw that no visit was made. Each question's tree goes to `questions`.
fn observe<'n>(
    rar: &mut Rar<'_>,
    night: &'n Night,
    ai: usize,
    lands: &[LId],
    looks: Looks,
    opts: Options,
    questions: &mut Vec<Question>,
) -> (Vec<usize>, Vec<&'n str>, bool) {
    let action = &night.actions[ai];
    let actor = action.actor;
    let mut seen: Vec<usize> = Vec::new();
    let mut used: Vec<&str> = Vec::new();
    let mut none = false;
    for &l in lands {
        let looked = rar.landing(l).loc;
        let visits = match looks {
            Looks::Track => rar.visits_by(looked, ai),
            Looks::Watch => rar.visits_at(looked, ai),
        };
        // The other end of each visit: the place (tracked) or the visitor (watched).
        let mut by_other: BTreeMap<usize, Vec<Node>> = BTreeMap::new();
        for v in visits {
            let (other, node) = match looks {
                Looks::Track => (rar.landing(v).loc, Node::TrackSaw { track: l, visit: v }),
                Looks::Watch => (
                    night.actions[rar.landing(v).action].actor,
                    Node::WatchSaw { watch: l, visit: v },
                ),
            };
            by_other.entry(other).or_default().push(node);
        }
        for (other, reasons) in by_other {
            let kept = (action.ability.reports == Reports::Actions).then(|| reasons.clone());
            let (visitor, visited) = match looks {
                Looks::Track => (looked, other),
                Looks::Watch => (other, looked),
            };
            let asked = Asked {
                question: || {
                    format!(
                        "Does {} see {} visit {}?",
                        night.name(actor),
                        night.name(visitor),
                        night.name(visited)
                    )
                },
                reasons,
            };
            let (yes, tree) = answer(rar, asked, opts);
            questions.extend(tree);
            if yes && !seen.contains(&other) {
                seen.push(other);
            }
            if yes && let Some(kept) = &kept {
                for &r in kept {
                    if let Node::TrackSaw { visit, .. } | Node::WatchSaw { visit, .. } = r
                        && rar.stands(r)
                    {
                        let name = &night.actions[rar.landing(visit).action].ability.name;
                        if !used.contains(&name.as_str()) {
                            used.push(name);
                        }
                    }
                }
            }
        }
        let reason = match looks {
            Looks::Track => Node::TrackNothing(l),
            Looks::Watch => Node::WatchNobody(l),
        };
        let asked = Asked {
            question: || match looks {
                Looks::Track => format!(
                    "Does {} see {} take no action?",
                    night.name(actor),
                    night.name(looked)
                ),
                Looks::Watch => format!(
                    "Does {} see no one visit {}?",
                    night.name(actor),
                    night.name(looked)
                ),
            },
            reasons: vec![reason],
        };
        let (yes, tree) = answer(rar, asked, opts);
        questions.extend(tree);
        none |= yes;
    }
    // The players and actions seen are named in a fixed order (players by seat, actions by
    // name), whatever order the actions were submitted in.
    seen.sort_unstable();
    used.sort_unstable();
    (seen, used, none)
}

/// Whether a frame on `player` stands tonight (a Framer's landing there, not stopped).
fn framed_at(rar: &mut Rar<'_>, player: usize) -> bool {
    let night = rar.night;
    for i in 0..rar.at[player].len() {
        let f = rar.at[player][i];
        if night.actions[rar.landing(f).action]
            .ability
            .has(|c| matches!(c, Component::Frame))
            && rar.stands(Node::Framed(f))
        {
            return true;
        }
    }
    false
}

/// The submitted actions a Delayer's standing delay stops tonight: the blockable actions of
/// the player the delay lands on (a strong kill is not blockable, and so not delayed), each
/// once, in submission order.
fn delayed_by_delayers(rar: &mut Rar<'_>) -> Vec<DelayedAction> {
    let night = rar.night;
    let mut delayed: BTreeMap<usize, String> = BTreeMap::new();
    for l in 0..rar.landings.len() as LId {
        let delay = rar.landing(l).action;
        if !night.actions[delay]
            .ability
            .has(|c| matches!(c, Component::Delay))
            || !rar.stands(Node::Blocked(l))
        {
            continue;
        }
        let target = rar.landing(l).loc;
        for (ai, a) in night.actions.iter().enumerate() {
            let Origin::Submitted(i) = a.origin else {
                continue;
            };
            if a.actor != target || ai == delay || !a.blockable(night) || strong_kill(night, ai) {
                continue;
            }
            delayed.entry(i).or_insert_with(|| {
                let targets: Vec<&str> = a.targets.iter().map(|&t| night.name(t)).collect();
                format!(
                    "{} ({}) on {}, delayed by {} ({})",
                    night.name(a.actor),
                    a.label,
                    targets.join(" and "),
                    night.name(night.actions[delay].actor),
                    night.actions[delay].label
                )
            });
        }
    }
    delayed
        .into_iter()
        .map(|(i, text)| DelayedAction {
            action: i + 1,
            text,
        })
        .collect()
}

/// Resolves a night by Reasonable Action Resolution.
pub fn resolve_rar(night: &Night, opts: Options) -> Result<Outcome, NightError> {
    let mut rar = Rar::new(night)?;
    rar.max_evaluations = opts.max_evaluations;
    let mut out = Outcome {
        method: Method::Rar,
        ..Outcome::default()
    };
    let mut feedback: BTreeMap<usize, Vec<String>> = BTreeMap::new();

    // Deaths, saves and vests.
    for p in 0..night.players.len() {
        let reasons: Vec<Node> = rar.death_reasons(p).to_vec();
        if reasons.is_empty() {
            continue;
        }
        let asked = Asked {
            question: || format!("Does {} die?", night.name(p)),
            reasons: reasons.clone(),
        };
        let (dies, tree) = answer(&mut rar, asked, opts);
        out.questions.extend(tree);
        let describe = |rar: &Rar<'_>, n: Node| Describe(rar).node(n);
        if dies {
            let mut causes = Vec::new();
            for &r in &reasons {
                if rar.stands(r) {
                    causes.push(describe(&rar, r));
                }
            }
            out.deaths.push(Death {
                player: night.name(p).to_string(),
                causes,
            });
        }
        // Attacks that reached the player and what stood against them.
        let mut attacks = Vec::new();
        let mut saved_by = Vec::new();
        let mut vest_used = false;
        // Attacks stopped by protections alone, and the protecting actions that stood.
        let mut only_protected = 0usize;
        let mut protectors: Vec<usize> = Vec::new();
        for &r in &reasons {
            let chain = rar.chain_with(&Vec::new(), r);
            let counters = rar.counters(r);
            let mut reached = true;
            let mut stopped_by = Vec::new();
            for &(c, _) in counters.iter() {
                if rar.repeated(c, &chain).is_some() {
                    continue;
                }
                let next = rar.chain_with(&chain, c);
                if !rar.holds(c, &next) {
                    continue;
                }
                match c {
                    Node::Protected(_) | Node::Hidden(_) => stopped_by.push(c),
                    _ => reached = false,
                }
            }
            if reached && !stopped_by.is_empty() {
                if stopped_by.iter().all(|s| matches!(s, Node::Protected(_))) {
                    only_protected += 1;
                    for s in &stopped_by {
                        if let Node::Protected(l) = s {
                            let a = rar.landing(*l).action;
                            if !protectors.contains(&a) {
                                protectors.push(a);
                            }
                        }
                    }
                }
                attacks.push(describe(&rar, r));
                for &s in &stopped_by {
                    if let Node::Protected(l) = s
                        && rar.is_vest(rar.landing(l).action)
                    {
                        vest_used = true;
                    }
                    let text = describe(&rar, s);
                    if !saved_by.contains(&text) {
                        saved_by.push(text);
                    }
                }
            }
        }
        if vest_used {
            out.vests_used.push(night.name(p).to_string());
        }
        // `protection = "one-per-kill"`: each protection stops one kill, so more kills
        // stopped only by protections than protections standing kill the player
        // (https://wiki.mafiascum.net/index.php?title=Doctor).
        let overwhelmed =
            night.rules.protection == Protection::OnePerKill && only_protected > protectors.len();
        if !dies && overwhelmed {
            let mut causes = attacks.clone();
            causes.push(format!(
                "{} kills reached {} and only {} protection(s) stood (protection = \"one-per-kill\")",
                only_protected,
                night.name(p),
                protectors.len()
            ));
            out.deaths.push(Death {
                player: night.name(p).to_string(),
                causes,
            });
        }
        if !dies && !overwhelmed && !attacks.is_empty() {
            out.saves.push(Save {
                player: night.name(p).to_string(),
                attacks,
                saved_by,
            });
        }
    }

    // Recruitments.
    for p in 0..night.players.len() {
        let reasons: Vec<Node> = rar.at[p]
            .iter()
            .copied()
            .filter(|&l| {
                night.actions[rar.landing(l).action]
                    .ability
                    .has(|c| matches!(c, Component::Recruit { .. }))
            })
            .map(Node::Recruit)
            .collect();
        if reasons.is_empty() {
            continue;
        }
        let asked = Asked {
            question: || format!("Is {} recruited?", night.name(p)),
            reasons: reasons.clone(),
        };
        let (yes, tree) = answer(&mut rar, asked, opts);
        out.questions.extend(tree);
        if yes {
            let mut into = String::new();
            for &r in &reasons {
                if rar.stands(r)
                    && let Node::Recruit(l) = r
                {
                    into = night.players[night.actions[rar.landing(l).action].actor]
                        .alignment
                        .clone();
                    break;
                }
            }
            feedback
                .entry(p)
                .or_default()
                .push(format!("You have been recruited into the {into}."));
            out.recruited.push(Recruitment {
                player: night.name(p).to_string(),
                into,
            });
        }
    }

    out.delayed = delayed_by_delayers(&mut rar);

    // Investigative results, action by action.
    for (ai, action) in night.actions.iter().enumerate() {
        let actor = action.actor;
        let named = action.targets.first().copied().unwrap_or(actor);
        let lands: Vec<LId> = rar.by_action[ai].clone();
        if action.ability.has(|c| matches!(c, Component::Investigate)) {
            let mut results = Vec::new();
            for &l in &lands {
                let loc = rar.landing(l).loc;
                let asked = Asked {
                    question: || {
                        format!(
                            "Does {} get a result on {}?",
                            night.name(actor),
                            night.name(loc)
                        )
                    },
                    reasons: vec![Node::Investigate(l)],
                };
                let (yes, tree) = answer(&mut rar, asked, opts);
                out.questions.extend(tree);
                if yes {
                    let framed =
                        action.ability.learns == Learns::Alignment && framed_at(&mut rar, loc);
                    results.push(investigation_result(
                        night,
                        actor,
                        loc,
                        named,
                        &action.ability,
                        framed,
                    ));
                }
            }
            if results.is_empty() {
                results.push(no_result(&action.ability));
            }
            feedback.entry(actor).or_default().extend(results);
        }
        if action.ability.has(|c| matches!(c, Component::Track)) {
            let (seen, used, nothing) = observe(
                &mut rar,
                night,
                ai,
                &lands,
                Looks::Track,
                opts,
                &mut out.questions,
            );
            let names: Vec<&str> = seen.iter().map(|&p| night.name(p)).collect();
            let text = track_text(&action.ability, night.name(named), &names, &used, nothing);
            feedback.entry(actor).or_default().push(text);
        }
        if action.ability.has(|c| matches!(c, Component::Watch)) {
            let (seen, used, nobody) = observe(
                &mut rar,
                night,
                ai,
                &lands,
                Looks::Watch,
                opts,
                &mut out.questions,
            );
            let names: Vec<&str> = seen.iter().map(|&p| night.name(p)).collect();
            let roles: Vec<&str> = seen
                .iter()
                .map(|&p| night.players[p].role.as_str())
                .collect();
            let text = watch_text(
                &action.ability,
                night.name(named),
                &names,
                &used,
                &roles,
                nobody,
            );
            feedback.entry(actor).or_default().push(text);
        }
    }
    rar.check_budget()?;
    for (&p, texts) in &feedback {
        if night.players[p].has(Modifier::Public) {
            for t in texts {
                out.announcements
                    .push(format!("{}'s result: {t}", night.name(p)));
            }
        }
    }
    out.feedback = feedback
        .into_iter()
        .flat_map(|(p, texts)| {
            texts.into_iter().map(move |text| Feedback {
                player: night.name(p).to_string(),
                text,
            })
        })
        .collect();
    Ok(out)
}
