//! Diagnostics of the ability grammar: every problem is reported with its exact place, the forms
//! that were expected, and a "did you mean" for misspelled names. Hostile input never panics.

use mafia_roles::ability::*;
use mafia_roles::diag::{Diagnostic, Severity};
use proptest::prelude::*;

fn diagnose(text: &str) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    parse_ability_block(text, 0, &mut diags);
    diags
}

/// The text a diagnostic points at.
fn at<'t>(text: &'t str, d: &Diagnostic) -> &'t str {
    &text[d.span.clone()]
}

#[test]
fn a_misspelled_trigger_is_classified_and_suggested() {
    assert_eq!(
        classify_line("Imediate Night: Attack @Selection"),
        LineKind::MisspelledTrigger {
            found: "Imediate Night".into(),
            suggestion: "Immediate Night".into()
        }
    );
    let text = "Imediate Night: Attack @Selection";
    let d = diagnose(text);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].severity, Severity::Error);
    assert_eq!(at(text, &d[0]), "Imediate Night");
    assert_eq!(d[0].message, "unknown trigger type `Imediate Night`");
    assert_eq!(
        d[0].help.as_deref(),
        Some("did you mean `Immediate Night`?")
    );
    assert!(!d[0].expected.is_empty());
}

#[test]
fn headers_and_plain_lines_are_not_abilities() {
    for line in [
        "Inherit: `Pack Lycan`",
        "Require: `Dog`",
        "Role Attribute: `Lycan`",
        "Unique Role",
        "No Abilities",
        "Win Condition: @(Align:Townsfolk)",
    ] {
        assert_eq!(classify_line(line), LineKind::Other, "{line}");
    }
    for line in [
        "Passive Start Night: Learn `x`",
        "On @(Group:Wolfpack) Death: Ascend",
        "Choice `Join Pack` Chosen: Ascend",
        "Starting:",
    ] {
        assert_eq!(classify_line(line), LineKind::Ability, "{line}");
    }
}

#[test]
fn a_misspelled_ability_type_is_suggested() {
    let text = "Immediate Night: Atack @Selection";
    let d = diagnose(text);
    assert_eq!(d.len(), 1);
    assert_eq!(at(text, &d[0]), "Atack");
    assert_eq!(d[0].help.as_deref(), Some("did you mean `Attack`?"));
    let text = "Immediate Night: Role Investigat @Selection";
    let d = diagnose(text);
    assert_eq!(
        d[0].help.as_deref(),
        Some("did you mean `Role Investigate`?")
    );
}

#[test]
fn every_bad_line_of_a_block_is_reported() {
    let text = "Starting:\n  • Atack @Selection\n  • Apply `X` to @Self\n  • Protect @Self from `Attacks` throuh Active Defense\n  • Learn `ok` [Quantiy: 1]";
    let d = diagnose(text);
    assert_eq!(d.len(), 3, "{d:#?}");
    assert_eq!(at(text, &d[0]), "Atack");
    assert_eq!(at(text, &d[1]), "throuh");
    assert_eq!(
        d[1].message,
        "expected `through` before the protection subtype"
    );
    assert_eq!(d[1].expected, ["`through`"]);
    assert_eq!(at(text, &d[2]), "Quantiy");
    assert_eq!(d[2].help.as_deref(), Some("did you mean `Quantity`?"));
}

#[test]
fn spans_point_into_the_whole_file() {
    let file = "**Role** | Townsfolk Power\n__Formalized__\nImmediate Night: Atack @Selection\n";
    let offset = file.find("Immediate").expect("block");
    let block = &file[offset..file.len() - 1];
    let mut diags = Vec::new();
    let a = parse_ability_block(block, offset, &mut diags);
    assert_eq!(&file[diags[0].span.clone()], "Atack");
    assert_eq!(&file[a.span.clone()], block);
}

#[test]
fn misspelled_parameters_durations_and_compulsions() {
    let text = "Immediate Night: Apply `X` to @Selection (~Permanant) {Forsed}";
    let d = diagnose(text);
    assert_eq!(d.len(), 2, "{d:#?}");
    let helps: Vec<_> = d.iter().filter_map(|d| d.help.as_deref()).collect();
    assert!(helps.contains(&"did you mean `~Permanent`?"), "{helps:?}");
    assert!(helps.contains(&"did you mean `Forced`?"), "{helps:?}");
}

#[test]
fn unclosed_brackets_and_missing_colons() {
    let text = "Immediate Night: Attack @Selection [Quantity: 1";
    let d = diagnose(text);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].message, "unclosed `[`");
    assert_eq!(at(text, &d[0]), "[");
    assert_eq!(d[0].expected, ["`]`"]);

    let text = "Immediate Night Attack @Selection";
    assert_eq!(classify_line(text), LineKind::Ability);
    let d = diagnose(text);
    assert_eq!(d[0].message, "expected `:` after the trigger type");
    assert_eq!(at(text, &d[0]), text);

    let text = "Immediate Night: Learn `never closed";
    let d = diagnose(text);
    assert_eq!(d[0].message, "unclosed backtick constant");
}

#[test]
fn structure_errors() {
    // A glyph two levels deeper than its parent.
    let text = "Starting:\n  ◦ Ascend";
    let d = diagnose(text);
    assert_eq!(d.len(), 1);
    assert_eq!(at(text, &d[0]), "◦");
    assert_eq!(d[0].expected, ["`•`"]);
    // An indented line without a bullet.
    let text = "Starting:\n  Ascend";
    let d = diagnose(text);
    assert_eq!(d[0].message, "expected a bullet line inside an ability");
    assert_eq!(at(text, &d[0]), "Ascend");
    // Heads without abilities.
    let d = diagnose("Starting:\n  • Process:\n  • Evaluate: Ascend");
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].message, "`Process:` has no ability");
    let d = diagnose("Starting: [Quantity: 1]");
    assert_eq!(d[0].message, "the trigger has no ability");
}

#[test]
fn a_display_shows_at_most_four_values() {
    let text = "Starting: Display `Potions` (yes, no, yes, no, yes)";
    let d = diagnose(text);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].message, "a display shows one to four values");
    assert_eq!(at(text, &d[0]), "(yes, no, yes, no, yes)");
}

#[test]
fn bad_conditions_name_the_expected_forms() {
    let text = "Passive: @Self->Counter equals 3: Ascend";
    let d = diagnose(text);
    assert_eq!(d.len(), 1);
    assert_eq!(at(text, &d[0]), "equals");
    assert!(d[0].expected.iter().any(|e| e == "`is`"));
    let text = "Passive: Ascend [Condition: not @Target exists]";
    let d = diagnose(text);
    assert_eq!(d[0].message, "expected `(` after `not`");
}

#[test]
fn an_unparsable_line_is_kept_verbatim_and_the_rest_still_parses() {
    let mut diags = Vec::new();
    let a = parse_ability_block("Starting:\n  • Atack @Selection\n  • Ascend", 0, &mut diags);
    assert_eq!(diags.len(), 1);
    assert!(matches!(&a.steps[0], Step::Invalid { text, .. } if text == "Atack @Selection"));
    assert!(matches!(
        a.steps[1],
        Step::Do {
            ability: AbilityKind::Ascend,
            ..
        }
    ));
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!(
        "Passive: Ascend [Condition: {}@Target exists{}]",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    let d = diagnose(&deep);
    assert_eq!(d[0].message, "conditions are nested too deeply");
    let heads = format!("Passive: {}Ascend", "@Target exists: ".repeat(5000));
    let d = diagnose(&heads);
    assert_eq!(d[0].message, "too many `<condition>:` heads on one line");
    let nots = format!(
        "Passive: Ascend [Condition: {}@Target exists{}]",
        "not (".repeat(3000),
        ")".repeat(3000)
    );
    assert!(!diagnose(&nots).is_empty());
    let odd = format!("Passive: Ascend ⟨{}x1⟩", "Odd: ".repeat(3000));
    assert!(!diagnose(&odd).is_empty());
}

/// Text made of the grammar's own pieces, so that generated inputs get deep into the parser.
fn grammar_soup() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "Immediate Night",
        "On ",
        "Death",
        "Visited",
        "[",
        "]",
        "(",
        ")",
        "{",
        "}",
        "⟨",
        "⟩",
        "|",
        ":",
        ": ",
        " ",
        "\n",
        "\n  • ",
        "\n    ‣ ",
        "`",
        "@",
        "@(",
        "&",
        "^",
        "#",
        "%",
        "$",
        "->",
        "!",
        ",",
        "+",
        "/",
        "⇒",
        "is",
        " is not ",
        " and ",
        " or ",
        "not (",
        "exists",
        "Attack",
        "Protect",
        "from",
        "through",
        "Passive Defense",
        "Temporal: Night 2+",
        "Condition:",
        "Forced:",
        "x2",
        "Odd:",
        "Process:",
        "Evaluate:",
        "Otherwise",
        "For Each",
        "Choice",
        "Chosen",
        "~Phase",
        "é",
        "日本",
        "\r",
        "\t",
        "Self",
        "Selection",
        "Role",
        "1",
        "-",
    ]);
    prop::collection::vec(pieces, 0..40).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// No input makes the parser, formatter or reference walk panic; spans stay in the text.
    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        let mut diags = Vec::new();
        let a = parse_ability_block(&text, 7, &mut diags);
        for d in &diags {
            prop_assert!(d.span.start <= d.span.end && d.span.end <= text.len() + 7, "{:?}", d);
        }
        let _ = a.to_text();
        a.visit_refs(&mut |_| {});
        let _ = classify_line(&text);
    }

    #[test]
    fn grammar_soup_never_panics_and_clean_results_round_trip(text in grammar_soup()) {
        let mut diags = Vec::new();
        let a = parse_ability_block(&text, 0, &mut diags);
        for d in &diags {
            prop_assert!(d.span.end <= text.len() && text.is_char_boundary(d.span.start) && text.is_char_boundary(d.span.end), "{:?}", d);
        }
        a.visit_refs(&mut |_| {});
        if diags.is_empty() {
            let formatted = a.to_text();
            let mut d2 = Vec::new();
            let again = parse_ability_block(formatted.trim_end(), 0, &mut d2);
            prop_assert!(d2.is_empty(), "{formatted}: {d2:?}");
            prop_assert_eq!(again, a);
        }
    }
}

#[test]
fn a_misspelled_event_keeps_its_target_in_the_suggestion() {
    assert_eq!(
        classify_line("On @(Group:Wolfpack) Deth: Ascend"),
        LineKind::MisspelledTrigger {
            found: "On @(Group:Wolfpack) Deth".into(),
            suggestion: "On @(Group:Wolfpack) Death".into()
        }
    );
    let d = diagnose("On @Target Visted [Killing]: Ascend");
    assert_eq!(d.len(), 1);
    assert_eq!(
        d[0].help.as_deref(),
        Some("did you mean `On @Target Visited [Killing]`?")
    );
}

#[test]
fn the_guides_quotes_are_backticks_in_role_files() {
    let text = "Starting: Apply 'Wolfish' to @Self";
    let d = diagnose(text);
    assert_eq!(d.len(), 1);
    assert_eq!(at(text, &d[0]), "'Wolfish'");
    assert_eq!(
        d[0].message,
        "a constant is written in backticks, not quotes"
    );
    assert_eq!(d[0].help.as_deref(), Some("write `Wolfish`"));
}

#[test]
fn misspelled_selectors_keys_properties_and_variables() {
    let cases = [
        (
            "Immediate Night: Attack @Selction",
            "@Selction",
            "did you mean `@Selection`?",
        ),
        (
            "Immediate Night: Attack @(Atr:Wolfish)",
            "Atr",
            "did you mean `Attr`?",
        ),
        (
            "Immediate Night: Attack @Target->Rol",
            "Rol",
            "did you mean `->Role`?",
        ),
        (
            "Immediate Night: Set Counter to $totl",
            "$totl",
            "did you mean `$total`?",
        ),
        ("Immediate Night: Learn ^Al", "^Al", "did you mean `^All`?"),
    ];
    for (text, place, help) in cases {
        let d = diagnose(text);
        assert_eq!(d.len(), 1, "{text}: {d:#?}");
        assert_eq!(at(text, &d[0]), place, "{text}");
        assert_eq!(d[0].help.as_deref(), Some(help), "{text}");
    }
    // `@Result1` … `@Result7` and any `&Team` are fine.
    assert!(diagnose("Immediate Night: Learn @Result7").is_empty());
    assert!(diagnose("Immediate Night: Apply `X` to &Werewolf").is_empty());
}

/// Long hostile lines cost linear work: a huge shuffle list padded with whitespace, a giant
/// unknown word, thousands of parameter groups.
#[test]
fn long_lines_are_handled() {
    let shuffle = format!(
        "Starting: Shuffle {}{}",
        "@Self ".repeat(20_000),
        " ".repeat(100_000)
    );
    assert!(diagnose(&shuffle).is_empty());
    let word = format!("Starting: {}", "a".repeat(200_000));
    let d = diagnose(&word);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].help, None);
    assert!(matches!(
        classify_line(&format!("{}: x", "b".repeat(200_000))),
        LineKind::Other
    ));
    let groups = format!("Starting: Ascend {}", "{Direct} ".repeat(20_000));
    assert!(diagnose(&groups).is_empty());
}
