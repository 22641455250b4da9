//! A tiny scenario language for tests, so a test reads like the spec's examples.
//!
//! Players: `("A", "Doctor")`; a role may carry `+vest`, `+bulletproof`, `+strong-willed`,
//! `+ninja`, `+ascetic`, `+macho`, `+strongman`, `+self-targeting`, `+loyal`, `+disloyal`,
//! `+weak`, `+compulsive`, `+odd-night`, `+even-night`, `+public`, `+day`, `+delayed`,
//! `+non-consecutive`, `+2-shot` (any modifier's night-file name),
//! `/insane` (sanity) and `@mafia` (alignment), e.g. `"Vanilla+vest"`, `"Cop/paranoid"`.
//! Actions: `"Vig: A"`, `"BD: A B"`, `"B[factional kill]: A"`, `"C[commute]:"`.
#![allow(dead_code)]

use mafia_night::{
    ActionSpec, Catalogue, Method, Modifier, NightSpec, Options, Outcome, PlayerSpec, Sanity,
    render_question, resolve_spec,
};

pub fn spec(players: &[(&str, &str)], actions: &[&str]) -> NightSpec {
    let mut spec = NightSpec::default();
    for (name, desc) in players {
        let mut role = desc.to_string();
        let mut alignment = None;
        let mut sanity = Sanity::Sane;
        let mut modifiers = Vec::new();
        if let Some((r, a)) = role.clone().split_once('@') {
            role = r.to_string();
            alignment = Some(a.to_string());
        }
        if let Some((r, s)) = role.clone().split_once('/') {
            role = r.to_string();
            sanity = match s {
                "insane" => Sanity::Insane,
                "paranoid" => Sanity::Paranoid,
                "naive" => Sanity::Naive,
                _ => Sanity::Sane,
            };
        }
        let mut parts = role.split('+');
        let base = parts.next().unwrap_or_default().to_string();
        for m in parts {
            modifiers.push(
                Modifier::from_name(m).unwrap_or_else(|| panic!("unknown modifier {m} in test")),
            );
        }
        spec.players.push(PlayerSpec {
            name: name.to_string(),
            role: base,
            alignment,
            sanity,
            modifiers,
            alive: true,
        });
    }
    for a in actions {
        let (who, targets) = a.split_once(':').expect("action needs `actor: targets`");
        let (actor, ability) = match who.split_once('[') {
            Some((actor, ab)) => (actor.trim(), Some(ab.trim_end_matches(']').to_string())),
            None => (who.trim(), None),
        };
        spec.actions.push(ActionSpec {
            actor: actor.to_string(),
            ability,
            targets: targets.split_whitespace().map(str::to_string).collect(),
        });
    }
    spec
}

pub fn resolve_with(method: Method, players: &[(&str, &str)], actions: &[&str]) -> Outcome {
    let opts = Options {
        explain: true,
        ..Options::default()
    };
    resolve_spec(
        &spec(players, actions),
        &Catalogue::standard().expect("standard catalogue"),
        method,
        opts,
    )
    .unwrap_or_else(|e| panic!("scenario should be valid: {e}"))
}

/// Resolves a night spec by RAR with the standard catalogue, or the error's text.
pub fn try_rar(spec: &NightSpec) -> Result<Outcome, String> {
    resolve_spec(
        spec,
        &Catalogue::standard().expect("standard catalogue"),
        Method::Rar,
        Options::default(),
    )
    .map_err(|e| e.to_string())
}

/// Resolves by RAR under setup rules given as the TOML of a night file's `[rules]` table
/// (e.g. `protection = "one-per-kill"`).
pub fn rar_rules(rules: &str, players: &[(&str, &str)], actions: &[&str]) -> Outcome {
    let mut spec = spec(players, actions);
    spec.rules = toml::from_str(rules).expect("rules parse");
    let opts = Options {
        explain: true,
        ..Options::default()
    };
    resolve_spec(
        &spec,
        &Catalogue::standard().expect("standard catalogue"),
        Method::Rar,
        opts,
    )
    .unwrap_or_else(|e| panic!("scenario should be valid: {e}"))
}

/// Resolves by RAR, with reason trees.
pub fn rar(players: &[(&str, &str)], actions: &[&str]) -> Outcome {
    resolve_with(Method::Rar, players, actions)
}

pub fn simple(players: &[(&str, &str)], actions: &[&str]) -> Outcome {
    resolve_with(Method::Simple, players, actions)
}

/// The rendered reason tree of one question.
pub fn tree(outcome: &Outcome, question: &str) -> String {
    let q = outcome.question(question).unwrap_or_else(|| {
        let asked: Vec<&str> = outcome
            .questions
            .iter()
            .map(|q| q.question.as_str())
            .collect();
        panic!("no question {question:?}; asked: {asked:#?}")
    });
    render_question(q)
}

/// Joins expected lines (a test writes the tree line by line, as the spec does).
pub fn lines(ls: &[&str]) -> String {
    let mut s = ls.join("\n");
    s.push('\n');
    s
}
