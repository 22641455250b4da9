//! The checker over a whole role set: undefined names, context-only selectors outside their
//! context, restrictions and scaling that cannot apply, unreachable branches.

use std::path::PathBuf;

use mafia_roles::diag::line_col;
use mafia_roles::{ElementKind, ParsedFile, RoleSet, check};

/// A role set built from `(kind, path, text)` files.
fn set(files: &[(ElementKind, &str, &str)]) -> RoleSet {
    RoleSet {
        root: None,
        files: files
            .iter()
            .map(|(kind, path, text)| {
                ParsedFile::parse(
                    PathBuf::from(path),
                    path.to_string(),
                    text.to_string(),
                    *kind,
                )
            })
            .collect(),
    }
}

/// Every parse error and checker finding as `path:line:col: message`.
fn problems(set: &RoleSet) -> Vec<String> {
    let mut out = Vec::new();
    for file in &set.files {
        for d in &file.diags {
            let (l, c) = line_col(&file.text, d.span.start);
            out.push(format!("{}:{l}:{c}: {}", file.display, d.message));
        }
    }
    for f in check(set) {
        let file = &set.files[f.file];
        let (l, c) = line_col(&file.text, f.diag.span.start);
        out.push(format!("{}:{l}:{c}: {}", file.display, f.diag.message));
    }
    out
}

use ElementKind::*;

const WOLFPACK: (ElementKind, &str, &str) = (
    Group,
    "groups/wolfpack",
    "**Wolfpack** | Werewolf Team Group\n__Formalized__\nUnique Group\n",
);
const WEREWOLF: (ElementKind, &str, &str) = (
    Team,
    "teams/Werewolf",
    "**Werewolves**\n__Formalized__\nWin Condition: @(Alignment:Werewolf)\n",
);
const PACK: (ElementKind, &str, &str) = (
    AbilitySet,
    "sets/pack",
    "**Pack** | Ability Set\nStarting: Join #Wolfpack\n",
);
const LYCAN: (ElementKind, &str, &str) = (
    Attribute,
    "attributes/lycan",
    "**Lycan** | Attribute\n__Formalized__\nNo Abilities\n",
);
const TAVERN: (ElementKind, &str, &str) = (
    Location,
    "locations/tavern",
    "**Tavern**\n__Formalized__\nSort Index: 3\nMembers: Alive\nViewers: Dead\n",
);
const LYNCH: (ElementKind, &str, &str) = (
    Poll,
    "polls/lynch",
    "**Lynch** | Poll\nAvailable Options: @All, Abstain\nAllowed Voters: @All\n",
);

fn role(text: &str) -> (ElementKind, &str, &str) {
    (Role, "roles/wolf", text)
}

#[test]
fn a_role_set_whose_references_all_resolve_has_no_problems() {
    let wolf = role(
        "**Wolf** | Werewolf Killing\n__Formalized__\nInherit: `Pack`\nRole Attribute: `Lycan`\n\
         Starting: Apply `Lycan` to &Werewolf\nPassive Start Day: Create `Lynch` Poll in #tavern\n",
    );
    let s = set(&[wolf, WOLFPACK, WEREWOLF, PACK, LYCAN, TAVERN, LYNCH]);
    assert_eq!(problems(&s), Vec::<String>::new());
}

#[test]
fn names_resolve_by_file_name_or_title_ignoring_case_spaces_and_dashes() {
    // `&Werewolf` is the file `teams/Werewolf` whose title is `Werewolves`;
    // `#Wolf-Pack` is the group `Wolfpack`.
    let wolf = role(
        "**Wolf** | Werewolf Killing\n__Formalized__\nStarting: Join #Wolf-Pack\nStarting: Apply `lycan` to &werewolves\n",
    );
    let s = set(&[wolf, WOLFPACK, WEREWOLF, LYCAN]);
    assert_eq!(problems(&s), Vec::<String>::new());
}

#[test]
fn every_undefined_name_is_reported_with_its_place() {
    let wolf = role(
        "**Wolf** | Solo Killing - Flock Team\n__Formalized__\nInherit: `Den`\nRequire: `Dog`\n\
         Role Attribute: `Ghostly`\nStarting: Join #Bakers\nPassive Start Day: Create `Strike` Poll in #tavern\n",
    );
    let s = set(&[wolf, TAVERN]);
    assert_eq!(
        problems(&s),
        [
            "roles/wolf:1:27: no team called `Flock` in this role set",
            "roles/wolf:3:11: no ability set called `Den` in this role set",
            "roles/wolf:4:11: no role called `Dog` in this role set",
            "roles/wolf:5:18: no attribute called `Ghostly` in this role set",
            "roles/wolf:6:16: no group or location called `Bakers` in this role set",
            "roles/wolf:7:27: no poll called `Strike` in this role set",
        ]
    );
}

#[test]
fn header_line_selectors_and_location_roles_are_checked_too() {
    let cult = (
        Poll,
        "polls/cult",
        "**Cult** | Poll\nAvailable Options: @All, Random\nAllowed Voters: @(Group:Cult)\nRandom: @(Group:!Cult)\n",
    );
    let square = (
        Location,
        "locations/square",
        "**Town Square**\nSort Index: 1\nMembers: Mayor\nViewers: *All*\n",
    );
    let s = set(&[cult, square]);
    assert_eq!(
        problems(&s),
        [
            "polls/cult:3:25: no group or location called `Cult` in this role set",
            "polls/cult:4:18: no group or location called `Cult` in this role set",
            "locations/square:3:10: no role called `Mayor` in this role set",
        ]
    );
}

#[test]
fn a_context_selector_outside_its_trigger_is_an_error() {
    let s = set(&[role(
        "**Hag** | Unaligned Killing\n__Formalized__\nOn Role Change: Kill @Attacker\nOn Visited: Kill @Visitor\n",
    )]);
    assert_eq!(
        problems(&s),
        ["roles/wolf:3:22: `@Attacker` has no meaning here"]
    );
}

#[test]
fn a_temporal_restriction_of_the_other_phase_can_never_hold() {
    let s = set(&[role(
        "**Seer** | Townsfolk Investigative\n__Formalized__\n\
         Immediate Night: Role Investigate @Selection [Temporal: Day 2]\n\
         Immediate Night: Role Investigate @Selection [Temporal: Night 2]\n\
         Start Day: Role Investigate @Selection [Temporal: Night 1+]\n",
    )]);
    // `Night 1+` allows every phase from Night 1 on, days included.
    assert_eq!(
        problems(&s),
        [
            "roles/wolf:3:47: this restriction can never hold: the trigger fires only during the night, the restriction allows only the day"
        ]
    );
}

#[test]
fn zero_quantity_and_zero_scaling_make_an_ability_unusable() {
    let s = set(&[role(
        "**Seer** | Townsfolk Investigative\n__Formalized__\n\
         Immediate Night: Role Investigate @Selection [Quantity: 0]\n\
         Immediate Night: Role Investigate @Selection ⟨x0⟩\n\
         Immediate Night: Role Investigate @Selection ⟨$total/0⟩\n\
         Immediate Night: Role Investigate @Selection [Quantity: 2] ⟨x2⟩\n",
    )]);
    assert_eq!(
        problems(&s),
        [
            "roles/wolf:3:47: `Quantity: 0`: the ability can never be used",
            "roles/wolf:4:47: scaling `x0`: the ability can never be used",
            "roles/wolf:5:47: scaling divides by zero",
        ]
    );
}

#[test]
fn branches_after_otherwise_are_never_reached() {
    let s = set(&[role(
        "**Seer** | Townsfolk Investigative\n__Formalized__\n\
         Immediate Night:\n\
         \x20 • Process: Role Investigate @Selection\n\
         \x20 • Evaluate:\n\
         \x20   ‣ @Result is `Failure`: `Investigation failed`\n\
         \x20   ‣ Otherwise: `@Selection is @Result`\n\
         \x20   ‣ @Result is `Wolf`: `@Selection is a wolf`\n",
    )]);
    assert_eq!(
        problems(&s),
        [
            "roles/wolf:8:7: this branch is never reached: an `Otherwise` above it already catches every case left"
        ]
    );
}
