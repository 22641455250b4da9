//! Night resolution for forum Mafia: Reasonable Action Resolution (with reason trees a GM
//! can check by hand) and the simple method, over a role catalogue that is data.
//!
//! ```
//! use mafia_night::{Catalogue, Method, NightFile, resolve_file};
//! let night = r#"
//! [[players]]
//! name = "Vig"
//! role = "Vigilante"
//! [[players]]
//! name = "Doc"
//! role = "Doctor"
//! [[players]]
//! name = "Ann"
//! role = "Vanilla"
//! [[actions]]
//! actor = "Vig"
//! target = "Ann"
//! [[actions]]
//! actor = "Doc"
//! target = "Ann"
//! "#;
//! let file = NightFile::parse(night, "night.toml").unwrap();
//! let outcome = resolve_file(&file, &Catalogue::standard().unwrap(), Method::Rar, false).unwrap();
//! assert!(outcome.deaths.is_empty());
//! assert_eq!(outcome.saves[0].player, "Ann");
//! ```

pub mod catalogue;
pub mod error;
pub mod file;
pub mod model;
pub mod outcome;
pub mod rar;
pub mod resolve;
pub mod results;
pub mod simple;
pub mod state;
pub mod suggest;

pub use catalogue::{
    Ability, Catalogue, Component, Learns, Reports, Role, STANDARD_CATALOGUE, SelfTarget,
};
pub use error::{NightError, Place};
pub use file::NightFile;
pub use model::{
    Action, ActionSpec, Modifier, Night, NightSpec, PlayerSpec, Protection, Rules, Sanity,
    SelfTargets, Swaps, validate,
};
pub use outcome::{Method, Outcome, Question, Reason, Side, Status, render_question};
pub use resolve::{Options, resolve_rar};
pub use simple::resolve_simple;
pub use state::GameState;

/// Resolves a validated night by the given method.
pub fn resolve(night: &Night, method: Method, opts: Options) -> Result<Outcome, NightError> {
    let mut out = match method {
        Method::Rar => resolve_rar(night, opts)?,
        Method::Simple => {
            if let Some((p, what)) = simple::no_place(night) {
                let message = format!(
                    "the simple method (Method 1) has no place for {what}: its fixed order has no step for it; resolve by RAR (--method rar)"
                );
                return Err(match p {
                    Some(p) => NightError::Invalid {
                        place: Place::Player {
                            name: night.name(p).to_string(),
                        },
                        message,
                    },
                    None => NightError::Unsupported { message },
                });
            }
            resolve_simple(night, opts.explain)
        }
    };
    normalise(&mut out);
    Ok(out)
}

/// Validates a plain night (as the web service or another engine builds it) and resolves it.
pub fn resolve_spec(
    spec: &NightSpec,
    catalogue: &Catalogue,
    method: Method,
    opts: Options,
) -> Result<Outcome, NightError> {
    let night = validate(spec, catalogue, self_targets_for(method))?;
    resolve(&night, method, opts)
}

/// Validates a night file (errors name line and column) and resolves it.
pub fn resolve_file(
    file: &NightFile,
    catalogue: &Catalogue,
    method: Method,
    explain: bool,
) -> Result<Outcome, NightError> {
    resolve_file_in(file, catalogue, method, explain, None)
}

/// [`resolve_file`] within a game (`--state`): the state gives the night its number and the
/// uses, last uses and delayed actions of earlier nights, and records this night once it has
/// resolved (a refused night leaves it as it was).
pub fn resolve_file_with_state(
    file: &NightFile,
    catalogue: &Catalogue,
    method: Method,
    explain: bool,
    state: &mut GameState,
) -> Result<Outcome, NightError> {
    resolve_file_in(file, catalogue, method, explain, Some(state))
}

fn resolve_file_in(
    file: &NightFile,
    catalogue: &Catalogue,
    method: Method,
    explain: bool,
    state: Option<&mut GameState>,
) -> Result<Outcome, NightError> {
    let opts = Options {
        explain,
        ..Options::default()
    };
    match state {
        None => resolve(
            &file.validate(catalogue, self_targets_for(method))?,
            method,
            opts,
        ),
        Some(state) => {
            let mut file = file.clone();
            state.prepare(&mut file.spec);
            let night = file.validate(catalogue, self_targets_for(method))?;
            let outcome = resolve(&night, method, opts)?;
            state.record(&file.spec, &night, &outcome);
            Ok(outcome)
        }
    }
}

/// RAR applies the spec's default "no self-targeting"; the simple method's worked example
/// lets a cop investigate himself.
pub fn self_targets_for(method: Method) -> SelfTargets {
    match method {
        Method::Rar => SelfTargets::RoleDecides,
        Method::Simple => SelfTargets::AlwaysAllowed,
    }
}

/// Sorts the lists of an outcome so it does not depend on submission order.
fn normalise(out: &mut Outcome) {
    for d in &mut out.deaths {
        d.causes.sort();
    }
    for s in &mut out.saves {
        s.attacks.sort();
        s.saved_by.sort();
        s.saved_by.dedup();
    }
}
