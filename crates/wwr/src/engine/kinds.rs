//! What an ability is: its timing, parameters, type and subtype names (used by filters).

use mafia_roles::ability::{Ability, AbilityFilter, AbilityKind, Params, Step, Timing, Trigger};

use crate::library::{norm, walk_steps};

/// Whether an ability with this timing is queued until its bucket (not run at once).
pub(crate) fn queued_timing(timing: Option<Timing>) -> bool {
    matches!(
        timing,
        Some(
            Timing::EndNight
                | Timing::EndDay
                | Timing::EndPhase
                | Timing::PreEndNight
                | Timing::PreEndDay
                | Timing::SecondPreEndNight
                | Timing::ThirdPreEndNight
                | Timing::FourthPreEndNight
                | Timing::SecondPreEndDay
                | Timing::ThirdPreEndDay
                | Timing::FourthPreEndDay
                | Timing::StartNight
                | Timing::StartDay
                | Timing::StartPhase
        )
    )
}

pub(crate) fn timing_of(a: &Ability) -> Option<Timing> {
    match &a.trigger {
        Trigger::Timing { timing, .. } => Some(*timing),
        _ => None,
    }
}

pub(crate) fn is_attack(a: &Ability) -> bool {
    let mut found = false;
    walk_steps(&a.steps, &mut |k| {
        if matches!(k, AbilityKind::Killing { .. }) {
            found = true
        }
    });
    found
}

/// All parameters of an ability: its trigger line's and its `Action:` line's.
pub(crate) fn params_of(a: &Ability) -> Params {
    let mut p = a.params.clone();
    for s in &a.steps {
        if let Step::Action { params, .. } = s {
            p.restrictions.extend(params.restrictions.iter().cloned());
            p.compulsion.extend(params.compulsion.iter().cloned());
            if params.scaling.is_some() {
                p.scaling = params.scaling.clone();
            }
            if params.prompt.is_some() {
                p.prompt = params.prompt.clone();
            }
        }
    }
    p
}

pub(crate) fn uses_selection(a: &Ability) -> bool {
    let text = a.to_text();
    text.contains("@Selection") || text.contains("@SecondarySelection") || text.contains("@Chosen")
}

/// The ability type and subtype names used by filters (`[Investigating]`, `non-killing`).
pub fn type_names(k: &AbilityKind) -> (String, String) {
    use AbilityKind as A;
    let (t, s): (&str, String) = match k {
        A::Killing { kind, .. } => ("Killing", format!("{} Killing", kind.name())),
        A::Investigate { kind, .. } => ("Investigating", format!("{} Investigating", kind.name())),
        A::AttributeInvestigate { .. } => ("Investigating", "Attribute Investigating".into()),
        A::InvestigateCount { .. } => ("Investigating", "Count Investigating".into()),
        A::Target { .. } | A::Untarget => ("Targeting", "Targeting".into()),
        A::Disguise { .. } => ("Disguising", "Disguising".into()),
        A::Protect { .. } => ("Protecting", "Protecting".into()),
        A::Apply { .. } | A::RemoveAttribute { .. } | A::ChangeAttribute { .. } => {
            ("Applying", "Applying".into())
        }
        A::Redirect { .. } => ("Redirecting", "Redirecting".into()),
        A::ManipulateVotes { .. } => ("Vote Manipulating", "Vote Manipulating".into()),
        A::Whisper { .. } => ("Whispering", "Whispering".into()),
        A::Join { .. } | A::Leave { .. } | A::AddToGroup { .. } | A::RemoveFromGroup { .. } => {
            ("Joining", "Joining".into())
        }
        A::Grant { .. } | A::Revoke { .. } | A::Transfer { .. } => ("Granting", "Granting".into()),
        A::Loyalty { .. } => ("Loyalty", "Loyalty".into()),
        A::Obstruct { .. } => ("Obstructing", "Obstructing".into()),
        A::ManipulatePoll { .. } | A::Poll { .. } | A::CreatePoll { .. } => {
            ("Poll Manipulating", "Poll Manipulating".into())
        }
        A::Reveal { .. } | A::Announce { .. } | A::Learn { .. } | A::Know { .. } => {
            ("Announcements", "Announcements".into())
        }
        A::Change { kind, .. } => ("Changing", format!("{} Changing", kind.name())),
        A::Copy { .. } => ("Copying", "Copying".into()),
        A::Switch { .. } => ("Switching", "Switching".into()),
        // An evaluated action's feedback line (the Baroness's `On Any Action [Feedback]`).
        A::Feedback { .. } => ("Feedback", "Feedback".into()),
        _ => ("Other", "Other".into()),
    };
    (t.to_string(), s)
}

pub(crate) fn stem(s: &str) -> String {
    let n = norm(s);
    for suf in ["ations", "ation", "ions", "ion", "ings", "ing", "s"] {
        if let Some(b) = n.strip_suffix(suf) {
            if b.len() >= 3 {
                return b.to_string();
            }
        }
    }
    n
}

/// Whether an ability type filter (`Investigation`, `non-killing abilities`, `all`) matches.
pub fn filter_matches(filter: &str, ty: &(String, String)) -> bool {
    let f = norm(filter);
    if f == "all" || f == "all abilities" || f.is_empty() {
        return true;
    }
    if f.starts_with("non killing") {
        return ty.0 != "Killing";
    }
    let fs = stem(&f);
    let sub = norm(&ty.1);
    // `Attack` names the subtype `Attack Killing`; `Investigation` the type `Investigating`.
    let sub_head = sub.split(' ').next().unwrap_or_default();
    fs == stem(&ty.0) || fs == stem(&sub) || f == sub || f == sub_head
}

pub(crate) fn with_filter(f: &Option<AbilityFilter>, ty: &(String, String)) -> bool {
    match f {
        None => true,
        Some(f) => filter_matches(&f.name, ty) != f.negated,
    }
}
