//! The reference walk: named elements an ability mentions, and context-only selectors with
//! whether their trigger or construct provides them.

use mafia_roles::ability::*;

fn refs(text: &str) -> Vec<String> {
    let mut diags = Vec::new();
    let a = parse_ability_block(text, 0, &mut diags);
    assert!(diags.is_empty(), "{diags:#?}");
    let mut out = Vec::new();
    a.visit_refs(&mut |r| {
        out.push(match r {
            Reference::Role(n, s) => format!("role {n} {}", &text[s]),
            Reference::Team(n, s) => format!("team {n} {}", &text[s]),
            Reference::Group(n, s) => format!("group {n} {}", &text[s]),
            Reference::Attribute(n, s) => format!("attribute {n} {}", &text[s]),
            Reference::Poll(n, s) => format!("poll {n} {}", &text[s]),
            Reference::AbilitySet(n, s) => format!("set {n} {}", &text[s]),
            Reference::Location(n, s) => format!("location {n} {}", &text[s]),
            Reference::ContextSelector {
                name,
                span,
                allowed,
            } => format!(
                "context {name} {} {}",
                &text[span],
                if allowed { "ok" } else { "outside" }
            ),
        })
    });
    out
}

#[test]
fn named_elements_from_typed_positions() {
    assert_eq!(
        refs("Starting: Strongly Disguise @Self as `Citizen`"),
        ["role Citizen `Citizen`"]
    );
    assert_eq!(
        refs("Starting: Apply `Wolfish` to &Werewolf"),
        ["attribute Wolfish `Wolfish`", "team Werewolf &Werewolf"]
    );
    assert_eq!(
        refs("Starting: Join #Wolfpack as `Owner`"),
        ["group Wolfpack #Wolfpack"]
    );
    assert_eq!(
        refs("Starting: Create `Lynch` Poll in #voting_booth"),
        ["poll Lynch `Lynch`", "group voting_booth #voting_booth"]
    );
    assert_eq!(
        refs("Starting: Loyalty to `Werewolf` (Alignment)"),
        ["team Werewolf `Werewolf`"]
    );
    assert_eq!(
        refs("Starting: Grant `Mayor` to @(Role:Baker,Align:!Werewolf)"),
        [
            "role Mayor `Mayor`",
            "role Baker Role:Baker",
            "team Werewolf Align:!Werewolf",
        ]
    );
    // An attribute with a source keeps only its name; standard attributes are not references.
    assert_eq!(
        refs("Starting: Remove `GraveRobberOption:Self` from @Self"),
        ["attribute GraveRobberOption `GraveRobberOption:Self`"]
    );
    assert!(refs("Starting: Remove `Obstruction:Enchanted` from @All").is_empty());
    assert!(refs("Starting: Remove `Disguise:Tanner` from @Self").is_empty());
    assert_eq!(
        refs("Starting: Remove `Marker::Value1` from @Self"),
        ["attribute Marker `Marker::Value1`"]
    );
    assert_eq!(
        refs("On Poll `Election` Win: Ascend"),
        ["poll Election `Election`"]
    );
    assert_eq!(
        refs("Passive: Ascend [Condition: @Target has `Marker`]"),
        ["attribute Marker `Marker`"]
    );
}

#[test]
fn trigger_context_selectors() {
    assert_eq!(
        refs("On Visited: Attack @Visitor"),
        ["context Visitor @Visitor ok"]
    );
    assert_eq!(
        refs("Starting: Attack @Visitor"),
        ["context Visitor @Visitor outside"]
    );
    assert_eq!(
        refs("On @All Death: Learn @This"),
        ["context This @This ok"]
    );
    assert_eq!(
        refs("On Death: Learn @This"),
        ["context This @This outside"]
    );
    assert_eq!(
        refs("On Killed: Attack @Attacker"),
        ["context Attacker @Attacker ok"]
    );
    assert_eq!(
        refs("On Passive Defense: Attack @Attacker"),
        ["context Attacker @Attacker ok"]
    );
    assert_eq!(
        refs("On Poll Closed: Attack @Winner"),
        ["context Winner @Winner ok"]
    );
    assert_eq!(
        refs("On Join: Apply `Soulless` to @Joiner"),
        ["attribute Soulless `Soulless`", "context Joiner @Joiner ok"]
    );
    assert_eq!(
        refs("Choice Chosen: Alignment Change @Self to @Option"),
        ["context Option @Option ok"]
    );
    assert_eq!(
        refs("Immediate Night: `Fox` Choice Choose @Chosen"),
        ["context Chosen @Chosen ok"]
    );
    // Real files use `@Voters` in `On Lynch` (Coven, Hexed Wolf) as in `On Poll Win`.
    assert_eq!(
        refs("On Lynch: Apply `Hexed` to @Voters"),
        ["attribute Hexed `Hexed`", "context Voters @Voters ok"]
    );
    assert_eq!(
        refs("Starting: Apply `Hexed` to @Voters"),
        ["attribute Hexed `Hexed`", "context Voters @Voters outside"]
    );
}

#[test]
fn construct_context_selectors() {
    assert_eq!(
        refs("Starting:\n  • For Each @All: Learn @Ind\n  • Learn @Ind"),
        ["context Ind @Ind ok", "context Ind @Ind outside",]
    );
    assert_eq!(
        refs("Starting: For Each &All: Apply `X` to &Ind->Members"),
        ["attribute X `X`", "context Ind &Ind->Members ok"]
    );
    assert_eq!(
        refs("Starting:\n  • Process: Role Investigate @Selection\n  • Evaluate: Learn @Result"),
        ["context Result @Result ok"]
    );
    assert_eq!(
        refs("Starting: Learn @Result1"),
        ["context Result1 @Result1 outside"]
    );
    // The "no process" form: evaluate lines after an inline ability see its result.
    assert_eq!(
        refs("Starting: Investigate @All Player Count\n  • @Result is 0: Ascend"),
        ["context Result @Result ok"]
    );
}

#[test]
fn selectors_inside_info_text() {
    assert_eq!(
        refs("On Visited: Learn `@Visitor used @VisitType on you`"),
        [
            "context Visitor @Visitor ok",
            "context VisitType @VisitType ok",
        ]
    );
    // The real Coven set announces `@Attacker` in `On Role Change`, where there is no attacker.
    assert_eq!(
        refs("On Role Change: Announce `Hags were wronged by @Attacker->Alignment`"),
        ["context Attacker @Attacker outside"]
    );
    // `@Result` is the default feedback inside an obstruction's fake feedback.
    assert_eq!(
        refs(
            "Starting: Obstruct Role Investigating for @Self ⇒ (0.6:`Flute Player`,0.4:`@Result`)"
        ),
        ["context Result @Result ok"]
    );
}

#[test]
fn bare_words_in_typed_positions_are_references_too() {
    assert_eq!(
        refs("Starting: Alignment Change @Self to Townsfolk"),
        ["team Townsfolk Townsfolk"]
    );
    assert_eq!(
        refs("Starting: Apply Wolfish to @Self"),
        ["attribute Wolfish Wolfish"]
    );
    assert!(refs("Starting: Cancel with Failure").is_empty());
}
