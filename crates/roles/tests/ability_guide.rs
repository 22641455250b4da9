//! Every example of the formalization guide from "### Ability" on (and the forms the 2025-05
//! revision and the draft guide add), as the guide writes them with `'X'` turned into
//! backtick constants. Each parses without a diagnostic and survives the formatter round trip.

use mafia_roles::ability::*;

/// Parses an ability that must have no diagnostics and must round-trip through the formatter.
fn ability(text: &str) -> Ability {
    let mut diags = Vec::new();
    let a = parse_ability_block(text, 0, &mut diags);
    assert!(diags.is_empty(), "`{text}` has diagnostics: {diags:#?}");
    let formatted = a.to_text();
    let mut again_diags = Vec::new();
    let again = parse_ability_block(formatted.trim_end(), 0, &mut again_diags);
    assert!(
        again_diags.is_empty(),
        "formatted `{formatted}`: {again_diags:#?}"
    );
    assert_eq!(again, a, "round trip of `{text}` via `{formatted}`");
    a
}

/// The single ability of `Immediate Night: <text>`.
fn kind(text: &str) -> AbilityKind {
    let a = ability(&format!("Immediate Night: {text}"));
    match a.steps.as_slice() {
        [Step::Do { ability, .. }] => ability.clone(),
        other => panic!("`{text}` is not one ability: {other:#?}"),
    }
}

/// The canonical text of `Immediate Night: <text>` without the trigger.
fn canon(text: &str) -> String {
    let t = ability(&format!("Immediate Night: {text}")).to_text();
    t.trim_end()
        .strip_prefix("Immediate Night: ")
        .unwrap_or(&t)
        .to_string()
}

/// A value, parsed where `Learn <value>` expects one.
fn value(text: &str) -> Value {
    match kind(&format!("Learn {text}")) {
        AbilityKind::Learn { info } => info,
        other => panic!("{other:?}"),
    }
}

/// A condition, parsed as a condition restriction.
fn condition(text: &str) -> Condition {
    let a = ability(&format!("Immediate Night: Ascend [Condition: {text}]"));
    match a.params.restrictions.as_slice() {
        [Restriction::Condition { condition, .. }] => condition.clone(),
        other => panic!("{other:?}"),
    }
}

fn trigger(text: &str) -> Trigger {
    ability(&format!("{text}: Ascend")).trigger
}

fn t(v: &Value) -> String {
    v.to_text()
}

fn params(text: &str) -> Params {
    ability(&format!("Immediate Night: Ascend {text}")).params
}

// ---------------------------------------------------------------------------------------------
// Ability

#[test]
fn single_ability_with_all_four_elements() {
    let a = ability(
        "Immediate Night: Role Investigate @Selection [Temporal: Night 2+] {Forced} ⟨x2⟩ |custom.prompt.1|",
    );
    assert!(matches!(
        a.trigger,
        Trigger::Timing {
            timing: Timing::ImmediateNight,
            ..
        }
    ));
    assert!(matches!(
        a.params.restrictions.as_slice(),
        [Restriction::Temporal {
            phase: PhaseKind::Night,
            number: Some(2),
            or_later: true,
            ..
        }]
    ));
    assert!(matches!(
        a.params.compulsion.as_slice(),
        [Compulsion::Forced { default: None, .. }]
    ));
    assert!(matches!(
        a.params.scaling.map(|s| *s),
        Some(Scaling::Static { times: 2, .. })
    ));
    let p = a.params.prompt.as_ref().expect("prompt");
    assert!(!p.silent);
    assert_eq!(p.key, "custom.prompt.1");
    assert!(matches!(
        a.steps.as_slice(),
        [Step::Do {
            ability: AbilityKind::Investigate {
                kind: InvestigateKind::Role,
                ..
            },
            ..
        }]
    ));
}

#[test]
fn multiple_abilities_share_the_trigger_parameters() {
    let a = ability(
        "Immediate Night: [Quantity: 1] {Direct} ⟨x2⟩ |silent:multi.1|\n  • Attack @Selection\n  • Learn `Done`",
    );
    assert_eq!(a.steps.len(), 2);
    assert!(
        a.params
            .prompt
            .as_ref()
            .is_some_and(|p| p.silent && p.key == "multi.1")
    );
    assert!(matches!(
        a.params.compulsion.as_slice(),
        [Compulsion::Direct { .. }]
    ));
    assert_eq!(
        a.to_text(),
        "Immediate Night: [Quantity: 1] {Direct} ⟨x2⟩ |silent:multi.1|\n  • Attack @Selection\n  • Learn `Done`\n"
    );
}

#[test]
fn nothing_is_an_ability() {
    assert_eq!(kind("*Nothing*"), AbilityKind::Nothing);
}

#[test]
fn the_six_nesting_glyphs() {
    let a = ability(
        "Starting:\n  • @Self exists:\n    ‣ @Self exists:\n      ◦ @Self exists:\n        · @Self exists:\n          ⁃ @Self exists:\n            ⹀ Ascend",
    );
    let mut steps = &a.steps;
    for _ in 0..5 {
        match steps.as_slice() {
            [Step::If { then, .. }] => steps = then,
            other => panic!("{other:?}"),
        }
    }
    assert!(matches!(
        steps.as_slice(),
        [Step::Do {
            ability: AbilityKind::Ascend,
            ..
        }]
    ));
}

/// Real files indent bullets by 0, 1, 2 or 4 spaces; the glyph alone gives the level.
#[test]
fn bullets_nest_by_glyph_not_by_indentation() {
    let a = ability(
        "Immediate Night: |x|\n• Apply `Doomed` to @Selection\n    • Emit `Check`\n ‣ Ascend",
    );
    match a.steps.as_slice() {
        [
            Step::Do { .. },
            Step::Do { .. },
            Step::Do {
                ability: AbilityKind::Ascend,
                ..
            },
        ] => {}
        other => panic!("{other:#?}"),
    }
    let b = ability("Starting:\n    • @Self exists:\n ‣ Ascend");
    assert!(matches!(b.steps.as_slice(), [Step::If { then, .. }] if then.len() == 1));
}

/// Only `: ` (or a final `:`) ends a head; `#Group:Identifier` (guide, Groups) keeps its colon.
#[test]
fn group_instances_keep_their_colon() {
    assert!(
        matches!(kind("Join #Bakers:@Self"), AbilityKind::Join { group, .. } if group.as_group() == Some("Bakers:@Self"))
    );
    assert!(
        matches!(kind("Join #Bakers:Second"), AbilityKind::Join { group, .. } if group.as_group() == Some("Bakers:Second"))
    );
}

// ---------------------------------------------------------------------------------------------
// Trigger types

#[test]
fn action_timings_and_passive_triggers() {
    for (text, timing) in [
        ("Start Night", Timing::StartNight),
        ("End Night", Timing::EndNight),
        ("Start Day", Timing::StartDay),
        ("End Day", Timing::EndDay),
        ("Immediate Night", Timing::ImmediateNight),
        ("Immediate Day", Timing::ImmediateDay),
        ("End Phase", Timing::EndPhase),
        ("Start Phase", Timing::StartPhase),
        ("Immediate", Timing::Immediate),
        ("Pre-End Night", Timing::PreEndNight),
        ("Pre-End Day", Timing::PreEndDay),
        ("Second Pre-End Night", Timing::SecondPreEndNight),
        ("Fourth Pre-End Day", Timing::FourthPreEndDay),
        ("Starting", Timing::Starting),
        ("Passive", Timing::Passive),
        ("Passive End Day", Timing::PassiveEndDay),
        ("Passive End Night", Timing::PassiveEndNight),
        ("Passive Start Day", Timing::PassiveStartDay),
        ("Passive Start Night", Timing::PassiveStartNight),
        ("Passive Start Phase", Timing::PassiveStartPhase),
        ("Passive End Phase", Timing::PassiveEndPhase),
    ] {
        assert_eq!(
            trigger(text),
            Trigger::Timing {
                timing,
                loc: Loc::default()
            },
            "{text}"
        );
    }
}

#[test]
fn event_triggers_without_parameters() {
    for (text, timing) in [
        ("On Lynch", Timing::OnLynch),
        ("On Active Defense", Timing::OnActiveDefense),
        ("On Passive Defense", Timing::OnPassiveDefense),
        ("On Partial Defense", Timing::OnPartialDefense),
        ("On Recruitment Defense", Timing::OnRecruitmentDefense),
        ("On Absence Defense", Timing::OnAbsenceDefense),
        ("On Defense", Timing::OnDefense),
        ("On Disbandment", Timing::OnDisbandment),
        ("On Redirect", Timing::OnRedirect),
        ("On Betrayal", Timing::OnBetrayal),
        ("On Poll Closed", Timing::OnPollClosed),
        ("On Poll Skipped", Timing::OnPollSkipped),
        ("On Role Change", Timing::OnRoleChange),
        ("On Removal", Timing::OnRemoval),
        ("On End", Timing::OnEnd),
        ("On Join", Timing::OnJoin),
        ("On Assigned", Timing::OnAssigned),
        ("On Vote Change", Timing::OnVoteChange),
        ("On Hammer", Timing::OnHammer),
    ] {
        assert!(
            matches!(trigger(text), Trigger::Timing { timing: t, .. } if t == timing),
            "{text}"
        );
    }
}

#[test]
fn death_banishment_and_visit_triggers_with_and_without_a_target() {
    type Case<'a> = (&'a str, Option<&'a str>, Event, Option<(bool, &'a str)>);
    let cases: &[Case] = &[
        ("On Death", None, Event::Death, None),
        ("On @Target Death", Some("@Target"), Event::Death, None),
        ("On Killed", None, Event::Killed, None),
        ("On Banishment", None, Event::Banishment, None),
        ("On Banished", None, Event::Banished, None),
        (
            "On @(Role:Bartender) Banished",
            Some("@(Role:Bartender)"),
            Event::Banished,
            None,
        ),
        ("On Visited", None, Event::Visited, None),
        (
            "On Visited [Investigation]",
            None,
            Event::Visited,
            Some((false, "Investigation")),
        ),
        (
            "On @Target Visited [Investigation]",
            Some("@Target"),
            Event::Visited,
            Some((false, "Investigation")),
        ),
        (
            "On Visited [!Targeting]",
            None,
            Event::Visited,
            Some((true, "Targeting")),
        ),
        (
            "On Visit [Killing]",
            None,
            Event::Visit,
            Some((false, "Killing")),
        ),
        ("On Action", None, Event::Action, None),
        (
            "On Action [Investigation]",
            None,
            Event::Action,
            Some((false, "Investigation")),
        ),
        ("On Any Action", None, Event::AnyAction, None),
        (
            "On Any Action [Investigating]",
            None,
            Event::AnyAction,
            Some((false, "Investigating")),
        ),
        (
            "On @Target Action [Alignment Changing]",
            Some("@Target"),
            Event::Action,
            Some((false, "Alignment Changing")),
        ),
        (
            "On @(Cat:Investigative) Changed",
            Some("@(Cat:Investigative)"),
            Event::Changed,
            None,
        ),
    ];
    for (text, subject, event, filter) in cases {
        match trigger(text) {
            Trigger::On {
                subject: s,
                event: e,
                filter: f,
                ..
            } => {
                assert_eq!(s.as_ref().map(t).as_deref(), *subject, "{text}");
                assert_eq!(e, *event, "{text}");
                assert_eq!(
                    f.map(|f| (f.negated, f.name)),
                    filter.map(|(n, s)| (n, s.into())),
                    "{text}"
                );
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn poll_win_emitted_and_choice_triggers() {
    assert!(matches!(
        trigger("On Poll Win"),
        Trigger::PollWin { poll: None, .. }
    ));
    match trigger("On Poll `Lynch` Win") {
        Trigger::PollWin { poll: Some(p), .. } => assert_eq!(p.as_text(), Some("Lynch")),
        other => panic!("{other:?}"),
    }
    match trigger("On `Build List` Emitted") {
        Trigger::Emitted {
            value: Some(v),
            end: false,
            ..
        } => assert_eq!(v.as_text(), Some("Build List")),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        trigger("On `Protection` End Emitted"),
        Trigger::Emitted { end: true, .. }
    ));
    match trigger("Choice `Join Pack` Chosen") {
        Trigger::ChoiceChosen {
            option: Some(o), ..
        } => assert_eq!(o.as_text(), Some("Join Pack")),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        trigger("Choice Chosen"),
        Trigger::ChoiceChosen { option: None, .. }
    ));
    assert!(matches!(
        trigger("On `Ghosts` Whisper"),
        Trigger::Whisper { .. }
    ));
}

// ---------------------------------------------------------------------------------------------
// Restrictions, scaling, compulsion, prompts

#[test]
fn action_restrictions() {
    let p = params(
        "[Temporal: Day 0, Temporal: Night 2+, Temporal: Night, Attribute: has `Wolfish`, Attribute: lacks `Wolfish`, Attribute: @Target has `Wolfish`, Succession: No Succession, Succession: No Target Succession, Quantity: 3, Condition: @Target exists, Status: Ghostly, Status: Any, Status: Alive]",
    );
    use Restriction as R;
    let r = &p.restrictions;
    assert_eq!(r.len(), 13);
    assert!(matches!(
        r[0],
        R::Temporal {
            phase: PhaseKind::Day,
            number: Some(0),
            or_later: false,
            ..
        }
    ));
    assert!(matches!(
        r[1],
        R::Temporal {
            phase: PhaseKind::Night,
            number: Some(2),
            or_later: true,
            ..
        }
    ));
    assert!(matches!(
        r[2],
        R::Temporal {
            phase: PhaseKind::Night,
            number: None,
            or_later: false,
            ..
        }
    ));
    assert!(
        matches!(&r[3], R::Attribute { target: None, has: true, attribute, .. } if attribute.as_text() == Some("Wolfish"))
    );
    assert!(matches!(
        &r[4],
        R::Attribute {
            target: None,
            has: false,
            ..
        }
    ));
    assert!(
        matches!(&r[5], R::Attribute { target: Some(t), has: true, .. } if t.to_text() == "@Target")
    );
    assert!(matches!(
        r[6],
        R::Succession {
            per_target: false,
            ..
        }
    ));
    assert!(matches!(
        r[7],
        R::Succession {
            per_target: true,
            ..
        }
    ));
    assert!(matches!(&r[8], R::Quantity { value: Value::Number { text, .. }, .. } if text == "3"));
    assert!(matches!(
        &r[9],
        R::Condition {
            condition: Condition::Exists { .. },
            ..
        }
    ));
    assert!(matches!(
        r[10],
        R::Status {
            status: LivingStatus::Ghostly,
            ..
        }
    ));
    assert!(matches!(
        r[11],
        R::Status {
            status: LivingStatus::Any,
            ..
        }
    ));
    assert!(matches!(
        r[12],
        R::Status {
            status: LivingStatus::Alive,
            ..
        }
    ));
}

#[test]
fn action_scaling() {
    assert!(matches!(
        params("⟨x3⟩").scaling.map(|s| *s),
        Some(Scaling::Static { times: 3, .. })
    ));
    match params("⟨$total/4⟩").scaling.map(|s| *s) {
        Some(Scaling::Value { value, .. }) => assert_eq!(t(&value), "$total/4"),
        other => panic!("{other:?}"),
    }
    match params("⟨$living/2⟩").scaling.map(|s| *s) {
        Some(Scaling::Value {
            value:
                Value::Math {
                    rounding: None,
                    value,
                    divisor: Some(d),
                    ..
                },
            ..
        }) => {
            assert_eq!(t(&value), "$living");
            assert_eq!(t(&d), "2");
        }
        other => panic!("{other:?}"),
    }
    match params("⟨@All->Count⟩").scaling.map(|s| *s) {
        Some(Scaling::Value { value, .. }) => assert_eq!(t(&value), "@All->Count"),
        other => panic!("{other:?}"),
    }
    // The draft's example: two conditional counts and a default.
    match params("⟨$total<10 ⇒ 1, $total≥10 ⇒ 2, 3⟩")
        .scaling
        .map(|s| *s)
    {
        Some(Scaling::Cases { cases, .. }) => {
            assert_eq!(cases.len(), 3);
            let (l, op, r) = cases[0].when.as_ref().expect("condition");
            assert_eq!(
                (t(l).as_str(), *op, t(r).as_str()),
                ("$total", CompareOp::Less, "10")
            );
            assert_eq!(
                cases[1].when.as_ref().map(|w| w.1),
                Some(CompareOp::GreaterEq)
            );
            assert!(cases[2].when.is_none());
        }
        other => panic!("{other:?}"),
    }
    match params("⟨Odd: x1, Even: x2⟩").scaling.map(|s| *s) {
        Some(Scaling::Phase {
            odd: Some(o),
            even: Some(e),
            ..
        }) => {
            assert!(matches!(*o, Scaling::Static { times: 1, .. }));
            assert!(matches!(*e, Scaling::Static { times: 2, .. }));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn action_compulsion() {
    let p = params("{Forced: @Self, Direct, Repeating, Visitless, Vanishing}");
    assert!(
        matches!(&p.compulsion[0], Compulsion::Forced { default: Some(d), .. } if d.to_text() == "@Self")
    );
    assert!(matches!(p.compulsion[1], Compulsion::Direct { .. }));
    assert!(matches!(p.compulsion[2], Compulsion::Repeating { .. }));
    assert!(matches!(p.compulsion[3], Compulsion::Visitless { .. }));
    assert!(matches!(p.compulsion[4], Compulsion::Vanishing { .. }));
    // Separate blocks combine.
    assert_eq!(params("{Forced} {Direct}").compulsion.len(), 2);
}

#[test]
fn prompt_overwrites() {
    let p = params("|silent:custom.prompt.1|").prompt.expect("prompt");
    assert!(p.silent);
    assert_eq!(p.key, "custom.prompt.1");
}

// ---------------------------------------------------------------------------------------------
// Complex actions

#[test]
fn complex_action_full_format() {
    let a = ability(
        "Immediate Night:\n  • Action: [Temporal: Night 2+] {Forced} ⟨x2⟩\n  • Process:\n    ‣ Role Investigate @Selection\n    ‣ Alignment Investigate @Selection\n  • Evaluate:\n    ‣ @Result1 is `Citizen`: `Success`\n    ‣ Otherwise: `Failure`",
    );
    match a.steps.as_slice() {
        [
            Step::Action { params, .. },
            Step::Process { steps: process, .. },
            Step::Evaluate {
                steps: evaluate, ..
            },
        ] => {
            assert_eq!(params.restrictions.len(), 1);
            assert_eq!(params.compulsion.len(), 1);
            assert!(params.scaling.is_some());
            assert_eq!(process.len(), 2);
            assert!(
                matches!(&evaluate[0], Step::If { guard: Guard::When(Condition::Compare { op: CompareOp::Is, .. }), then, .. }
                if matches!(then.as_slice(), [Step::Do { ability: AbilityKind::Feedback { .. }, .. }]))
            );
            assert!(matches!(
                &evaluate[1],
                Step::If {
                    guard: Guard::Otherwise { .. },
                    ..
                }
            ));
        }
        other => panic!("{other:#?}"),
    }
}

#[test]
fn complex_action_compact_and_no_process_formats() {
    let compact = ability(
        "Immediate Night:\n  • Action: {Forced}\n  • Process: Role Investigate @Selection\n  • Evaluate: @Result is `Citizen`: `Success`",
    );
    assert!(matches!(
        compact.steps.as_slice(),
        [Step::Action { .. }, Step::Process { steps: p, .. }, Step::Evaluate { steps: e, .. }]
            if p.len() == 1 && matches!(e.as_slice(), [Step::If { .. }])
    ));
    // The compact form is the canonical one for single abilities.
    assert_eq!(
        compact.to_text(),
        "Immediate Night:\n  • Action: {Forced}\n  • Process: Role Investigate @Selection\n  • Evaluate:\n    ‣ @Result is `Citizen`: `Success`\n"
    );
    let no_process = ability(
        "End Night: [Temporal: Night 2+]\n  • @Selection->Attr(Lycan) exists: Attack @Selection\n  • Otherwise: `Failure`",
    );
    assert_eq!(no_process.params.restrictions.len(), 1);
    assert!(matches!(
        no_process.steps.as_slice(),
        [
            Step::If { .. },
            Step::If {
                guard: Guard::Otherwise { .. },
                ..
            }
        ]
    ));
}

#[test]
fn continue_and_feedback_lines() {
    let a = ability(
        "On Death:\n  • not (@Target exists):\n    ‣ Target @Others->RandomPlayer (Player)\n    ‣ Continue\n  • Otherwise: Grant `Scarecrow` to @Target",
    );
    match a.steps.as_slice() {
        [
            Step::If {
                guard: Guard::When(Condition::Not(_)),
                then,
                ..
            },
            _,
        ] => {
            assert!(matches!(
                then.last(),
                Some(Step::Do {
                    ability: AbilityKind::Continue,
                    ..
                })
            ))
        }
        other => panic!("{other:#?}"),
    }
    let f = ability(
        "Immediate:\n  • Process: Target @Selection (Role)\n  • Evaluate:\n    ‣ Feedback: `Target updated!`",
    );
    assert!(matches!(
        &f.steps[1],
        Step::Evaluate { steps, .. } if matches!(steps.as_slice(), [Step::Feedback { steps, .. }] if steps.len() == 1)
    ));
}

#[test]
fn for_each() {
    let a = ability("Starting:\n  • For Each @All:\n    ‣ Learn `Hello @Ind`");
    assert!(
        matches!(&a.steps[0], Step::ForEach { target, steps, .. } if target.to_text() == "@All" && steps.len() == 1)
    );
    // The real files' inline form with a condition.
    let inline = ability("Starting:\n  • For Each @All: @Ind->Role is %Role%: Learn `Imitated`");
    assert!(
        matches!(&inline.steps[0], Step::ForEach { steps, .. } if matches!(steps.as_slice(), [Step::If { .. }]))
    );
}

// ---------------------------------------------------------------------------------------------
// Conditions

#[test]
fn pure_conditions() {
    let cases = [
        ("@Result is @Target", CompareOp::Is),
        ("@Result is `Citizen`", CompareOp::Is),
        ("@Self->Counter > `2`", CompareOp::Greater),
        ("@Self->Counter < 2", CompareOp::Less),
        ("@Result is not `Citizen`", CompareOp::IsNot),
        ("@Self has `Wolfish`", CompareOp::Has),
        ("@Target is in #Wolfpack", CompareOp::IsIn),
        ("@Target is part of @(Role:Baker)", CompareOp::IsPartOf),
    ];
    for (text, op) in cases {
        assert!(
            matches!(condition(text), Condition::Compare { op: o, .. } if o == op),
            "{text}"
        );
    }
    assert!(matches!(
        condition("@Target exists"),
        Condition::Exists { .. }
    ));
}

#[test]
fn logical_operators() {
    assert!(matches!(
        condition("not (@Target exists)"),
        Condition::Not(_)
    ));
    assert!(
        matches!(condition("(@Target exists) and (@Self has `X`)"), Condition::And(v) if v.len() == 2)
    );
    assert!(
        matches!(condition("(@Target exists) or (@Self has `X`)"), Condition::Or(v) if v.len() == 2)
    );
    assert!(
        matches!(condition("(@Target exists) and (@Visitor exists) and (@Attacker exists) and (@Winner exists)"), Condition::And(v) if v.len() == 4)
    );
}

/// `or` binds tighter than `and`: the draft guide's And/Or and Or/And rows.
#[test]
fn or_binds_tighter_than_and() {
    match condition("(@Target exists) and (@Visitor exists) or (@Attacker exists)") {
        Condition::And(v) => {
            assert!(matches!(v[0], Condition::Exists { .. }));
            assert!(matches!(&v[1], Condition::Or(o) if o.len() == 2));
        }
        other => panic!("{other:?}"),
    }
    match condition("(@Target exists) or (@Visitor exists) and (@Attacker exists)") {
        Condition::And(v) => {
            assert!(matches!(&v[0], Condition::Or(o) if o.len() == 2));
            assert!(matches!(v[1], Condition::Exists { .. }));
        }
        other => panic!("{other:?}"),
    }
    // The formatter makes the grouping explicit.
    assert_eq!(
        canon("Ascend [Condition: (@Target exists) and (@Visitor exists) or (@Attacker exists)]"),
        "Ascend [Condition: (@Target exists) and ((@Visitor exists) or (@Attacker exists))]"
    );
}

// ---------------------------------------------------------------------------------------------
// Target types, property access, durations, variables, host information, typed values

#[test]
fn general_and_limited_selectors() {
    for s in [
        "@Self",
        "@Selection",
        "@SecondarySelection",
        "@Target",
        "@TargetDead",
        "@All",
        "@Others",
        "@Dead",
        "@DeadAlive",
        "@ActionAbilityType",
        "@ActionFeedback",
        "@Members",
        "@Attacker",
        "@AttackLocation",
        "@AttackSource",
        "@DeathType",
        "@KillingType",
        "@This",
        "@Visitor",
        "@VisitType",
        "@VisitParameter",
        "@Winner",
        "@Chosen",
        "@Voters",
        "@OtherVoters",
        "@ThisAttr",
        "@Chooser",
        "@RoleChanger",
        "@Ind",
        "@ActionTarget",
        "@ActionResult",
        "@Executor",
        "@Result",
        "@Result3",
        "@Joiner",
    ] {
        match value(s) {
            Value::Path {
                base:
                    Base::Selector {
                        sigil: Sigil::Player,
                        name,
                    },
                props,
                annotation: None,
                ..
            } => {
                assert_eq!(format!("@{name}"), s);
                assert!(props.is_empty());
            }
            other => panic!("{s}: {other:?}"),
        }
    }
    // `@Selection[<Type>]`.
    assert!(
        matches!(value("@Selection[Dead]"), Value::Path { annotation: Some(a), .. } if a == "Dead")
    );
    assert!(
        matches!(value("@SecondarySelection[Full Category]"), Value::Path { annotation: Some(a), .. } if a == "Full Category")
    );
}

#[test]
fn advanced_selectors() {
    let items = |v: Value| match v {
        Value::Path {
            base: Base::Query { sigil, items },
            ..
        } => (
            sigil,
            items
                .into_iter()
                .map(|i| (i.key, i.negated, i.value))
                .collect::<Vec<_>>(),
        ),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        items(value("@(Attr:Wolfish)")),
        (
            Sigil::Player,
            vec![("Attr".into(), false, "Wolfish".into())]
        )
    );
    assert_eq!(items(value("@(AttrSelf:Warded)")).1[0].0, "AttrSelf");
    assert_eq!(items(value("@(AttrRole:Mayor)")).1[0].2, "Mayor");
    assert_eq!(items(value("@(AttrDisguise:Self)")).1[0].2, "Self");
    assert_eq!(
        items(value("@(Cat:Killing,Align:Werewolf)")).1,
        vec![
            ("Cat".into(), false, "Killing".into()),
            ("Align".into(), false, "Werewolf".into())
        ]
    );
    assert_eq!(
        items(value("@(Align:!Townsfolk)")).1,
        vec![("Align".into(), true, "Townsfolk".into())]
    );
    assert_eq!(
        items(value("@(FullCat:Townsfolk-Power)")).1[0].2,
        "Townsfolk-Power"
    );
    assert_eq!(
        items(value("@(AliveOnly:False,SelectAll:False)")).1.len(),
        2
    );
    // Teams and roles.
    assert_eq!(
        items(value("&(Attr:!Marker)")),
        (Sigil::Team, vec![("Attr".into(), true, "Marker".into())])
    );
    assert_eq!(items(value("&(Align:!Townsfolk)")).0, Sigil::Team);
    assert_eq!(items(value("^(Class:Townsfolk)")).0, Sigil::Role);
    assert_eq!(
        items(value("^(Team:!Werewolf)")).1,
        vec![("Team".into(), true, "Werewolf".into())]
    );
    assert_eq!(items(value("^(Cat:Killing)")).1[0].0, "Cat");
    assert_eq!(items(value("^(Type:Limited)")).1[0].0, "Type");
    for s in ["&Werewolf", "&All", "&Self", "&Ind", "^All"] {
        assert!(
            matches!(
                value(s),
                Value::Path {
                    base: Base::Selector { .. },
                    ..
                }
            ),
            "{s}"
        );
    }
    assert!(
        matches!(value("#Wolfpack"), Value::Path { base: Base::Group(g), .. } if g == "Wolfpack")
    );
    assert!(
        matches!(value("#Grandma's-House"), Value::Path { base: Base::Group(g), .. } if g == "Grandma's-House")
    );
}

#[test]
fn property_access_chains() {
    for prop in [
        "Role",
        "Alignment",
        "Category",
        "PublicVotingPower",
        "PrivateVotingPower",
        "Counter",
        "Target",
        "OriginalRole",
        "Source",
        "Value1",
        "Value2",
        "Value3",
        "Members",
        "Players",
        "RandomPlayer",
        "MostFreqRole",
        "Count",
    ] {
        match value(&format!("@Target->{prop}")) {
            Value::Path { props, .. } => assert_eq!(props[0].name, prop),
            other => panic!("{other:?}"),
        }
    }
    match value("@Target->Attr(Wolfish)->Value1") {
        Value::Path { props, .. } => {
            assert_eq!(
                (props[0].name.as_str(), props[0].arg.as_deref()),
                ("Attr", Some("Wolfish"))
            );
            assert_eq!(props[1].name, "Value1");
        }
        other => panic!("{other:?}"),
    }
    assert!(
        matches!(value("@Target->Role->Category"), Value::Path { props, .. } if props.len() == 2)
    );
    assert!(
        matches!(value("#Wolfpack->Members->Count"), Value::Path { props, .. } if props.len() == 2)
    );
}

#[test]
fn durations() {
    for d in [
        "Permanent",
        "Persistent",
        "Phase",
        "NextDay",
        "NextNight",
        "NextPhase",
        "UntilUse",
        "UntilSecondUse",
        "Attribute",
        "UntilUseAttribute",
        "DelayedPhase",
    ] {
        match kind(&format!("Apply `Warded` to @Selection (~{d})")) {
            AbilityKind::Apply {
                duration: Some(dur),
                ..
            } => assert_eq!(dur.name, d),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn variables_host_information_and_typed_values() {
    for v in ["$total", "$living", "$phase"] {
        assert!(
            matches!(
                value(v),
                Value::Path {
                    base: Base::Variable(_),
                    ..
                }
            ),
            "{v}"
        );
    }
    for h in [
        "%Role%",
        "%Role:@(Cat:Killing)%",
        "%Player%",
        "%Player:@All%",
        "%Option1|Option2|Option3%",
        "%PartialRoleList%",
        "%Role1%",
        "%Player2%",
    ] {
        match value(h) {
            Value::Path {
                base: Base::Host(inner),
                ..
            } => assert_eq!(format!("%{inner}%"), h),
            other => panic!("{h}: {other:?}"),
        }
    }
    match value("`Citizen`[role]") {
        Value::Path {
            base: Base::Text(t),
            annotation: Some(a),
            ..
        } => assert_eq!((t.as_str(), a.as_str()), ("Citizen", "role")),
        other => panic!("{other:?}"),
    }
    assert!(matches!(value("`Baker`+`Butcher`"), Value::Sum { items, .. } if items.len() == 2));
}

// ---------------------------------------------------------------------------------------------
// Ability types

#[test]
fn killing() {
    for (text, k) in [
        ("Kill @Selection", KillKind::Kill),
        ("Attack @Selection", KillKind::Attack),
        ("Lynch @Selection", KillKind::Lynch),
        ("True Kill @Selection", KillKind::TrueKill),
        ("Banish @Selection", KillKind::Banish),
        ("True Banish @Selection", KillKind::TrueBanish),
    ] {
        assert!(
            matches!(kind(text), AbilityKind::Killing { kind, target } if kind == k && target.to_text() == "@Selection"),
            "{text}"
        );
    }
}

#[test]
fn investigating() {
    for (text, k) in [
        (
            "Role Investigate @Selection (WD, SD)",
            InvestigateKind::Role,
        ),
        (
            "Alignment Investigate @Selection",
            InvestigateKind::Alignment,
        ),
        (
            "Category Investigate @Selection (SD)",
            InvestigateKind::Category,
        ),
        ("Class Investigate @Selection (WD)", InvestigateKind::Class),
    ] {
        assert!(
            matches!(kind(text), AbilityKind::Investigate { kind, .. } if kind == k),
            "{text}"
        );
    }
    assert!(
        matches!(kind("Role Investigate @Selection (WD, SD)"), AbilityKind::Investigate { disguises, .. } if disguises == ["WD", "SD"])
    );
    assert!(
        matches!(kind("Attribute Investigate @Selection for `Wolfish` (SD)"), AbilityKind::AttributeInvestigate { attribute, disguises, .. } if attribute.as_text() == Some("Wolfish") && disguises == ["SD"])
    );
    assert!(matches!(
        kind("Investigate `Citizen` Count (WD)"),
        AbilityKind::InvestigateCount { players: false, .. }
    ));
    assert!(matches!(
        kind("Investigate @(Attr:Wolfish) Player Count"),
        AbilityKind::InvestigateCount { players: true, .. }
    ));
}

#[test]
fn targeting_and_disguising() {
    assert!(matches!(
        kind("Target @Selection"),
        AbilityKind::Target { kind: None, .. }
    ));
    for ty in [
        "Player",
        "Dead",
        "Role",
        "Attribute",
        "Category",
        "Full Category",
        "Boolean",
        "Player Optional",
        "Ghost",
    ] {
        assert!(
            matches!(kind(&format!("Target @Selection ({ty})")), AbilityKind::Target { kind: Some(k), .. } if k == ty),
            "{ty}"
        );
    }
    assert_eq!(kind("Untarget"), AbilityKind::Untarget);
    match kind("Weakly Disguise @Selection as `Citizen` (~NextDay)") {
        AbilityKind::Disguise {
            strength: DisguiseStrength::Weakly,
            role,
            duration: Some(d),
            ..
        } => {
            assert_eq!(role.as_text(), Some("Citizen"));
            assert_eq!(d.name, "NextDay");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        kind("Strongly Disguise @Self as @SecondarySelection"),
        AbilityKind::Disguise {
            strength: DisguiseStrength::Strongly,
            duration: None,
            ..
        }
    ));
}

#[test]
fn protecting_in_all_four_forms() {
    match kind(
        "Protect @Selection from `Attacks & Lynches` by @(Attr:Wolfish) through Active Defense during Night (~Phase)",
    ) {
        AbilityKind::Protect {
            target,
            from,
            by: Some(by),
            through: Protection::Defense(DefenseKind::Active),
            during: Some(PhaseKind::Night),
            duration: Some(d),
        } => {
            assert_eq!(t(&target), "@Selection");
            assert_eq!(from.as_text(), Some("Attacks & Lynches"));
            assert_eq!(t(&by), "@(Attr:Wolfish)");
            assert_eq!(d.name, "Phase");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        kind("Protect @Self from `Kills` by @All through Passive Defense"),
        AbilityKind::Protect {
            by: Some(_),
            during: None,
            ..
        }
    ));
    assert!(matches!(
        kind("Protect @Self from `All` through Partial Defense during Day"),
        AbilityKind::Protect {
            by: None,
            during: Some(PhaseKind::Day),
            ..
        }
    ));
    assert!(matches!(
        kind("Protect @Self from `Lynches` through Recruitment Defense (~UntilUse)"),
        AbilityKind::Protect {
            through: Protection::Defense(DefenseKind::Recruitment),
            ..
        }
    ));
    assert!(
        matches!(kind("Protect @Self from `Attacks` through Absence at #tavern"), AbilityKind::Protect { through: Protection::Absence(l), .. } if l.as_group() == Some("tavern"))
    );
    assert!(matches!(
        kind("Protect @Self from `Attacks` through Absence at @Selection (~Phase)"),
        AbilityKind::Protect {
            through: Protection::Absence(_),
            ..
        }
    ));
}

#[test]
fn applying_removing_changing_attributes() {
    match kind("Apply `Contaminated` to @Visitor (~Persistent) (EarlyStage, $phase)") {
        AbilityKind::Apply {
            attribute,
            target,
            duration: Some(_),
            data,
        } => {
            assert_eq!(attribute.as_text(), Some("Contaminated"));
            assert_eq!(t(&target), "@Visitor");
            assert_eq!(
                data.iter().map(t).collect::<Vec<_>>(),
                ["EarlyStage", "$phase"]
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        kind("Remove `Wolfish` from @Selection"),
        AbilityKind::RemoveAttribute { .. }
    ));
    assert!(matches!(
        kind("Change `Contaminated` value `1` to `LateStage` for @Self"),
        AbilityKind::ChangeAttribute {
            target: Some(_),
            ..
        }
    ));
}

#[test]
fn redirecting_and_vote_manipulating() {
    assert!(matches!(
        kind("Redirect `all` to @Selection (~Phase)"),
        AbilityKind::Redirect {
            source: None,
            duration: Some(_),
            ..
        }
    ));
    assert!(matches!(
        kind("Redirect `non-killing abilities` from @(Attr:Wolfish) to @Target"),
        AbilityKind::Redirect {
            source: Some(_),
            ..
        }
    ));
    match kind("Manipulate @Selection's `public voting power` to `0` (~NextDay)") {
        AbilityKind::ManipulateVotes {
            target,
            subtype,
            relative: false,
            value,
            duration: Some(_),
        } => {
            assert_eq!(t(&target), "@Selection");
            assert_eq!(subtype.as_text(), Some("public voting power"));
            assert_eq!(value.as_text(), Some("0"));
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        kind("Manipulate @Self's `private voting power` by `1`"),
        AbilityKind::ManipulateVotes { relative: true, .. }
    ));
}

#[test]
fn whispering_joining_granting_loyalty() {
    assert!(matches!(
        kind("Whisper to #wolfpack as `Wolf` (~Phase)"),
        AbilityKind::Whisper {
            from: None,
            disguise: Some(_),
            duration: Some(_),
            ..
        }
    ));
    assert!(matches!(
        kind("Whisper to @Selection"),
        AbilityKind::Whisper { disguise: None, .. }
    ));
    assert!(matches!(
        kind("Join `Bakers` (~Persistent)"),
        AbilityKind::Join {
            membership: None,
            duration: Some(_),
            ..
        }
    ));
    assert!(matches!(
        kind("Join `Bakers` as `Owner` (~Persistent)"),
        AbilityKind::Join {
            membership: Some(_),
            ..
        }
    ));
    assert!(matches!(kind("Leave `Bakers`"), AbilityKind::Leave { .. }));
    assert!(matches!(
        kind("Add @Selection to `Bakers` (~Phase)"),
        AbilityKind::AddToGroup {
            membership: None,
            ..
        }
    ));
    assert!(matches!(
        kind("Add @Selection to `Bakers` as `Visitor` (~Phase)"),
        AbilityKind::AddToGroup {
            membership: Some(_),
            ..
        }
    ));
    assert!(matches!(
        kind("Remove @Selection from `Bakers`"),
        AbilityKind::RemoveFromGroup { .. }
    ));
    assert!(matches!(
        kind("Remove @(Group:Tavern-Haunting) from #Tavern-Haunting"),
        AbilityKind::RemoveFromGroup { .. }
    ));
    assert!(matches!(
        kind("Grant `Mayor` to @Selection"),
        AbilityKind::Grant { .. }
    ));
    assert!(matches!(
        kind("Revoke `Mayor` from @Selection"),
        AbilityKind::Revoke { .. }
    ));
    assert!(matches!(
        kind("Transfer `Mayor` from @Self to @Selection"),
        AbilityKind::Transfer { .. }
    ));
    assert!(matches!(
        kind("Loyalty to `Wolfpack` (Group)"),
        AbilityKind::Loyalty {
            kind: LoyaltyKind::Group,
            ..
        }
    ));
    assert!(matches!(
        kind("Loyalty to `Werewolf` (Alignment)"),
        AbilityKind::Loyalty {
            kind: LoyaltyKind::Alignment,
            ..
        }
    ));
}

#[test]
fn obstructing_in_all_forms() {
    assert!(matches!(
        kind("Obstruct @Selection (~Phase)"),
        AbilityKind::Obstruct {
            abilities: None,
            feedback: None,
            duration: Some(_),
            ..
        }
    ));
    assert!(
        matches!(kind("Obstruct Killing for @Selection"), AbilityKind::Obstruct { abilities: Some(f), .. } if f.name == "Killing" && !f.negated)
    );
    assert!(
        matches!(kind("Obstruct Role Investigation for @Selection"), AbilityKind::Obstruct { abilities: Some(f), .. } if f.name == "Role Investigation")
    );
    assert!(
        matches!(kind("Obstruct !Killing for @Selection"), AbilityKind::Obstruct { abilities: Some(f), .. } if f.negated)
    );
    assert!(matches!(
        kind("Obstruct Killing for @Selection ⇒ Failure (~Phase)"),
        AbilityKind::Obstruct {
            feedback: Some(ObstructFeedback::Single(_)),
            duration: Some(_),
            ..
        }
    ));
    match kind("Obstruct Role Investigation for @Selection ⇒ (0.6:`Citizen`,0.4:@Result) (~Phase)")
    {
        AbilityKind::Obstruct {
            feedback: Some(ObstructFeedback::Chances(c)),
            ..
        } => {
            assert_eq!(
                c.iter()
                    .map(|(p, v)| (p.as_str(), t(v)))
                    .collect::<Vec<_>>(),
                [
                    ("0.6", "`Citizen`".to_string()),
                    ("0.4", "@Result".to_string())
                ]
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn poll_manipulating() {
    assert!(matches!(
        kind("Add `Lynch` Poll"),
        AbilityKind::Poll {
            action: PollAction::Add,
            ..
        }
    ));
    assert!(matches!(
        kind("Cancel `Lynch` Poll"),
        AbilityKind::Poll {
            action: PollAction::Cancel,
            ..
        }
    ));
    assert!(matches!(
        kind("Delete `Lynch` Poll"),
        AbilityKind::Poll {
            action: PollAction::Delete,
            ..
        }
    ));
    assert!(matches!(
        kind("Create `Lynch` Poll in #town_square"),
        AbilityKind::CreatePoll {
            poll: Some(_),
            name: None,
            ..
        }
    ));
    assert!(matches!(
        kind("Create Poll in #voting_booth as `Mayor Election`"),
        AbilityKind::CreatePoll {
            poll: None,
            name: Some(_),
            ..
        }
    ));
    assert!(matches!(
        kind("Manipulate `Lynch` Poll (@Selection is `Unvotable`)"),
        AbilityKind::ManipulatePoll {
            manipulation: PollManipulation::Is { .. },
            ..
        }
    ));
    assert!(matches!(
        kind("Manipulate `Lynch` Poll (@Selection has `2` votes)"),
        AbilityKind::ManipulatePoll {
            manipulation: PollManipulation::Votes { hidden: false, .. },
            ..
        }
    ));
    assert!(matches!(
        kind("Manipulate `Lynch` Poll (@Selection has `2` hidden votes)"),
        AbilityKind::ManipulatePoll {
            manipulation: PollManipulation::Votes { hidden: true, .. },
            ..
        }
    ));
}

#[test]
fn announcements_changing_copying() {
    assert!(matches!(
        kind("Reveal @Self to #town_square"),
        AbilityKind::Reveal { .. }
    ));
    assert!(matches!(
        kind("Reveal `Hello` to @Target"),
        AbilityKind::Reveal { .. }
    ));
    assert!(matches!(
        kind("Announce `Something happened`"),
        AbilityKind::Announce { .. }
    ));
    assert!(matches!(
        kind("Learn `You are cursed`"),
        AbilityKind::Learn { .. }
    ));
    assert!(matches!(kind("Know `A secret`"), AbilityKind::Know { .. }));
    assert!(matches!(
        kind("Role Change @Self to `Wolf`"),
        AbilityKind::Change {
            kind: ChangeKind::Role,
            ..
        }
    ));
    assert!(matches!(
        kind("Alignment Change @Self to `Werewolf`"),
        AbilityKind::Change {
            kind: ChangeKind::Alignment,
            ..
        }
    ));
    assert!(matches!(
        kind("Group Change @Self to `Butchers`"),
        AbilityKind::Change {
            kind: ChangeKind::Group,
            ..
        }
    ));
    assert!(matches!(
        kind("Copy @Target"),
        AbilityKind::Copy {
            suppressed: false,
            ..
        }
    ));
    assert!(matches!(
        kind("Copy @Target (Suppressed)"),
        AbilityKind::Copy {
            suppressed: true,
            ..
        }
    ));
}

#[test]
fn choices() {
    match kind("`Fox` Choice Creation for @Target (Join Pack, Investigate)") {
        AbilityKind::ChoiceCreation {
            name,
            recipient: Some(r),
            options,
        } => {
            assert_eq!(name.as_text(), Some("Fox"));
            assert_eq!(t(&r), "@Target");
            assert_eq!(options, ["Join Pack", "Investigate"]);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        kind("`Fox` Choice Creation (A, B)"),
        AbilityKind::ChoiceCreation {
            recipient: None,
            ..
        }
    ));
    assert!(
        matches!(kind("`Fox` Choice Choose @Chosen"), AbilityKind::ChoiceChoose { option, .. } if t(&option) == "@Chosen")
    );
    let chosen = ability(
        "Choice `Join Pack` Chosen:\n  • Role Change @Self to `Wolf`\n  • Learn `Welcome @Chooser`",
    );
    assert!(matches!(
        chosen.trigger,
        Trigger::ChoiceChosen {
            option: Some(_),
            ..
        }
    ));
}

#[test]
fn ascend_descend_disband_counting_reset_cancel() {
    assert_eq!(kind("Ascend"), AbilityKind::Ascend);
    assert_eq!(kind("Descend"), AbilityKind::Descend);
    assert!(matches!(
        kind("Disband"),
        AbilityKind::Disband { target: None }
    ));
    assert!(matches!(
        kind("Disband #Bakers"),
        AbilityKind::Disband { target: Some(_) }
    ));
    let counter = |text: &str| match kind(text) {
        AbilityKind::Counter { op, value, target } => {
            (op, value.map(|v| t(&v)), target.map(|v| t(&v)))
        }
        other => panic!("{other:?}"),
    };
    assert_eq!(
        counter("Increment Counter"),
        (CounterOp::Increment, None, None)
    );
    assert_eq!(
        counter("Decrement Counter"),
        (CounterOp::Decrement, None, None)
    );
    assert_eq!(
        counter("Increment Counter by 2"),
        (CounterOp::Increment, Some("2".into()), None)
    );
    assert_eq!(
        counter("Decrement Counter by 2"),
        (CounterOp::Decrement, Some("2".into()), None)
    );
    assert_eq!(
        counter("Set Counter to 5"),
        (CounterOp::Set, Some("5".into()), None)
    );
    assert_eq!(
        counter("Increment Counter for @Target"),
        (CounterOp::Increment, None, Some("@Target".into()))
    );
    assert_eq!(
        counter("Decrement Counter for @Target by 2"),
        (
            CounterOp::Decrement,
            Some("2".into()),
            Some("@Target".into())
        )
    );
    assert_eq!(
        counter("Set Counter to 5 for @Target"),
        (CounterOp::Set, Some("5".into()), Some("@Target".into()))
    );
    assert_eq!(
        counter("Set Counter to ceil $total/3"),
        (CounterOp::Set, Some("ceil $total/3".into()), None)
    );
    assert_eq!(
        counter("Increment Counter by round $total/5 for #Plague-Pit"),
        (
            CounterOp::Increment,
            Some("round $total/5".into()),
            Some("#Plague-Pit".into())
        )
    );
    assert!(matches!(
        kind("Conversation Reset"),
        AbilityKind::ConversationReset { target: None }
    ));
    assert!(matches!(
        kind("Conversation Reset `Bakers`"),
        AbilityKind::ConversationReset { target: Some(_) }
    ));
    assert!(matches!(
        kind("Cancel"),
        AbilityKind::Cancel { feedback: None }
    ));
    assert!(matches!(
        kind("Cancel with Failure"),
        AbilityKind::Cancel {
            feedback: Some(Value::Word { .. })
        }
    ));
    assert!(matches!(
        kind("Cancel with `You were stopped`"),
        AbilityKind::Cancel { feedback: Some(_) }
    ));
}

#[test]
fn switching_shuffling_emitting_displaying() {
    assert!(matches!(
        kind("Switch with @Selection"),
        AbilityKind::Switch { .. }
    ));
    assert!(
        matches!(kind("Shuffle @Selection @SecondarySelection"), AbilityKind::Shuffle { targets } if targets.len() == 2)
    );
    assert!(matches!(
        kind("Emit `Value`"),
        AbilityKind::Emit {
            end: false,
            target: None,
            ..
        }
    ));
    assert!(matches!(
        kind("Emit `Value` for @Target"),
        AbilityKind::Emit {
            target: Some(_),
            ..
        }
    ));
    assert!(matches!(
        kind("End Emit `Value`"),
        AbilityKind::Emit { end: true, .. }
    ));
    assert!(
        matches!(kind("Display `Potions`"), AbilityKind::Display { values, .. } if values.is_empty())
    );
    assert!(
        matches!(kind("Display `Potions` (yes, no, counter, target)"), AbilityKind::Display { values, .. } if values == ["yes", "no", "counter", "target"])
    );
    assert!(matches!(
        kind("Update `Potions` value `2` to `no`"),
        AbilityKind::UpdateDisplay { .. }
    ));
}

#[test]
fn feedback_values_as_abilities() {
    for f in ["`Investigation failed`", "Failure", "Success", "@Result"] {
        assert!(matches!(kind(f), AbilityKind::Feedback { .. }), "{f}");
    }
}

/// Forms that only the real files use.
#[test]
fn real_file_forms() {
    assert!(matches!(
        kind("Format @(AttrSelf:PsychopathList,Random:True) as `\\n- $`"),
        AbilityKind::Format { split: None, .. }
    ));
    assert!(matches!(
        kind("Format @Result1 as `\\n- $` split by `, ` as `role`"),
        AbilityKind::Format { split: Some(_), .. }
    ));
    assert!(matches!(
        kind("Resurrect @Selection[ghost]"),
        AbilityKind::Resurrect { .. }
    ));
    assert!(matches!(
        kind("Lock #Tavern"),
        AbilityKind::Lock { unlock: false, .. }
    ));
    assert!(matches!(
        kind("Unlock #Tavern"),
        AbilityKind::Lock { unlock: true, .. }
    ));
    assert!(matches!(
        kind("Execute `ListRoles` to #dead_spectator"),
        AbilityKind::Execute { .. }
    ));
    assert!(matches!(
        kind("Activate @Self always"),
        AbilityKind::Activate {
            activation: Activation::Always,
            ..
        }
    ));
    assert!(matches!(
        kind("Activate @Self while `Ghostly`"),
        AbilityKind::Activate {
            activation: Activation::While(_),
            ..
        }
    ));
    assert!(matches!(
        kind("Whisper from #Tavern-Haunting to #Tavern as `Ghosts` (~Phase)"),
        AbilityKind::Whisper { from: Some(_), .. }
    ));
    assert!(matches!(
        kind("Change @ThisAttr value `1` to @VisitType"),
        AbilityKind::ChangeAttribute { target: None, .. }
    ));
    // Parameters written before the inline ability and after it all belong to the trigger.
    let a = ability(
        "Immediate Night: Apply `Enchanted` to @Selection (~Persistent) ⟨$total/10⟩ [Condition: @(Attribute:Flutist)->Count is 1] |flute_player.1|",
    );
    assert!(
        a.params.scaling.is_some() && a.params.restrictions.len() == 1 && a.params.prompt.is_some()
    );
    assert_eq!(
        a.to_text(),
        "Immediate Night: Apply `Enchanted` to @Selection (~Persistent) [Condition: @(Attribute:Flutist)->Count is 1] ⟨$total/10⟩ |flute_player.1|\n"
    );
    // An inline condition after the trigger, with its own parameters.
    let b = ability(
        "Passive End Night: @Target->Role is not `Dog`: Alignment Change @Self to `Townsfolk` [Temporal: Night 1]",
    );
    assert!(
        matches!(b.steps.as_slice(), [Step::If { then, .. }] if matches!(then.as_slice(), [Step::Do { params, .. }] if params.restrictions.len() == 1))
    );
    // Children of an inline ability follow it (the guide's "no process" format).
    let c = ability(
        "Passive Start Night: Investigate @(AttrDisguise:Self,Group:Wolfpack) Player Count\n  • @Result is 0: `None`\n  • Otherwise: `Some`",
    );
    assert!(matches!(
        c.steps.as_slice(),
        [Step::Do { .. }, Step::If { .. }, Step::If { .. }]
    ));
}

/// The draft guide writes the vote manipulation subtype as plain words.
#[test]
fn draft_vote_manipulation_subtype_without_backticks() {
    match kind("Manipulate @Self's special public voting power to 2 (~Phase)") {
        AbilityKind::ManipulateVotes { subtype, value, .. } => {
            assert_eq!(subtype.as_word(), Some("special public voting power"));
            assert_eq!(t(&value), "2");
        }
        other => panic!("{other:?}"),
    }
}

/// The draft guide's `Add {Attribute} to {Actor} {(Duration?)} ({VariableString})` is an
/// applying (canonical spelling `Apply`); `Add <Target> to <Group>` stays a joining.
#[test]
fn draft_add_applying() {
    match kind("Add `Wolfish` to @Selection (~Phase) (Strong)") {
        AbilityKind::Apply {
            attribute,
            target,
            duration: Some(_),
            data,
        } => {
            assert_eq!(attribute.as_text(), Some("Wolfish"));
            assert_eq!(t(&target), "@Selection");
            assert_eq!(data.iter().map(t).collect::<Vec<_>>(), ["Strong"]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        canon("Add `Wolfish` to @Selection"),
        "Apply `Wolfish` to @Selection"
    );
    assert!(matches!(
        kind("Add @Selection to #Bakers"),
        AbilityKind::AddToGroup { .. }
    ));
}

/// Attribute references of the guide's Attributes section, in a removal.
#[test]
fn attribute_references_with_sources_and_values() {
    for a in [
        "`Disguise:Tanner`",
        "`Defense:Target`",
        "`Defense:Active`",
        "`GroupMembership:Baker`",
        "`Wolfish:Self`",
        "`Marker::Value1`",
    ] {
        assert!(
            matches!(
                kind(&format!("Remove {a} from @Self")),
                AbilityKind::RemoveAttribute { .. }
            ),
            "{a}"
        );
    }
}

/// Hosts type keywords in any case and with extra spaces; the canonical text normalises them.
#[test]
fn keywords_in_any_case() {
    let a = ability(
        "immediate  night:\n  • process: role investigate @Selection\n  • evaluate:\n    ‣ @Result is `Citizen`: `Yes`\n    ‣ otherwise: `No`",
    );
    assert_eq!(
        a.to_text(),
        "Immediate Night:\n  • Process: Role Investigate @Selection\n  • Evaluate:\n    ‣ @Result is `Citizen`: `Yes`\n    ‣ Otherwise: `No`\n"
    );
}
