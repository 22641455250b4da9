//! Hostile input: no text makes the parser, the formatter or the renderer panic, and every
//! span they report lies inside the file on character boundaries.

use mafia_roles::element::parse_element;
use mafia_roles::{ElementKind, diag, format};
use proptest::prelude::*;

const KINDS: [ElementKind; 7] = [
    ElementKind::Role,
    ElementKind::Team,
    ElementKind::Group,
    ElementKind::Poll,
    ElementKind::Location,
    ElementKind::Attribute,
    ElementKind::AbilitySet,
];

/// Pieces of real role files, so that random texts reach deep into the grammar.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("**Wolf** | Werewolf Killing - Hell Team | Archived\n".to_string()),
        Just("__Formalized__\n".to_string()),
        Just("__Basics__\n".to_string()),
        Just("Immediate Night: Role Investigate @Selection (SD)\n".to_string()),
        Just("  • Process: Attack @Winner\n".to_string()),
        Just("    ‣ @Result is `Failure`: `Investigation failed`\n".to_string()),
        Just("      ◦ Apply `PackTarget` to @Winner\n".to_string()),
        Just("Inherit: `Pack`\n".to_string()),
        Just("Inherit: `\n".to_string()),
        Just("Members: Alive, *None*, Ghost Mentor\n".to_string()),
        Just("Available Options: @(Group:!Cult, Random\n".to_string()),
        Just("Win Condition: ,,,\n".to_string()),
        Just("Sort Index: 99999999999999999999999\n".to_string()),
        Just("Show Voters: é\n".to_string()),
        Just("N/A\n".to_string()),
        Just("\r\n".to_string()),
        Just("⟨x3⟩ [Temporal: Night 2+] {Forced: `Citizen`} |p.1|".to_string()),
        "[ -~]{0,20}",
        "\\PC{0,8}",
        Just(":".to_string()),
        Just("`".to_string()),
        Just("•".to_string()),
    ]
}

fn check_text(text: &str) {
    for kind in KINDS {
        let mut diags = Vec::new();
        let element = parse_element(text, kind, "fuzz", &mut diags);
        for d in &diags {
            assert!(
                d.span.start <= d.span.end && d.span.end <= text.len(),
                "{d:?}"
            );
            assert!(text.is_char_boundary(d.span.start) && text.is_char_boundary(d.span.end));
            let _ = diag::render("fuzz", text, d);
        }
        if let Some(element) = element {
            let once = format::format_file(text, &element);
            let mut again = Vec::new();
            let _ = parse_element(&once, kind, "fuzz", &mut again);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn any_text_is_handled_without_panic(text in "\\PC{0,200}") {
        check_text(&text);
    }

    #[test]
    fn any_mix_of_role_file_pieces_is_handled_without_panic(
        pieces in prop::collection::vec(fragment(), 0..24)
    ) {
        check_text(&pieces.concat());
    }
}

#[test]
fn a_huge_file_is_parsed_in_linear_time() {
    // 20 000 ability lines with deep nesting glyphs: must finish promptly (no blow-up).
    let mut text = String::from("**Big** | Townsfolk Power\n__Formalized__\n");
    for _ in 0..20_000 {
        text.push_str("Starting: Join #Wolfpack\n  • ‣ ◦ · ⁃ ⹀ ((((((((((\n");
    }
    let mut diags = Vec::new();
    let element = parse_element(&text, ElementKind::Role, "big", &mut diags).expect("parsed");
    assert_eq!(element.abilities().count(), 20_000);
}
