//! The ASTs of fifteen of the hardest real elements of the fixture role book (deep nesting,
//! complex actions, For Each, choices, scaling, typed values, host information), and one of
//! each other element kind, as YAML without byte spans and without empty fields (`~`, `[]`,
//! empty parameter lists). Reviewed by hand against the files.

use std::path::PathBuf;

use mafia_roles::{RoleSet, format};

fn snapshot(path: &str) -> serde_json::Value {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures/wwr-roles"
    ));
    let file = RoleSet::load_file(&dir.join(path)).expect("the file loads");
    assert!(!file.has_errors(), "{path}: {:#?}", file.diags);
    let mut value = format::without_spans(file.element.as_ref().expect("formalized text"));
    prune(&mut value);
    value
}

/// Drops nulls, empty lists and fields that are empty objects (enum variants without data,
/// such as `Otherwise: {}`, are kept: their names start with a capital).
fn prune(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            map.values_mut().for_each(prune);
            map.retain(|key, v| match v {
                serde_json::Value::Null => false,
                serde_json::Value::Array(a) => !a.is_empty(),
                serde_json::Value::Object(o) => {
                    !o.is_empty() || key.starts_with(|c: char| c.is_ascii_uppercase())
                }
                _ => true,
            });
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(prune),
        _ => {}
    }
}

macro_rules! snapshot_tests {
    ($($name:ident => $path:literal,)*) => {$(
        #[test]
        fn $name() {
            insta::assert_yaml_snapshot!(stringify!($name), snapshot($path));
        }
    )*};
}

snapshot_tests! {
    detective => "limited/detective",
    psychopath => "unaligned/investigative/psychopath",
    chef => "unaligned/killing/chef",
    howling_wolf => "werewolves/killing/howling wolf",
    devil => "other/hell/devil",
    cursebearer => "limited/cursebearer",
    mayor => "extra/elected/mayor",
    plague_carrier => "other/plague/plague carrier",
    exorcist => "townsfolk/power/exorcist",
    aura_teller => "townsfolk/investigative/aura teller",
    wolfpack_group => "_game/groups/wolfpack",
    contaminated_attribute => "_game/attributes/contaminated",
    ghost_election_poll => "haunting/polls/ghost election",
    graveyard_location => "_game/locations/graveyard",
    werewolf_team => "_game/teams/Werewolf",
}
