//! Property: for generated ASTs, parsing the formatted text gives the same AST (modulo spans),
//! and formatting that again gives the same text.

use mafia_roles::ability::*;
use proptest::prelude::*;

fn loc() -> Loc {
    Loc::default()
}

fn pick<T: Clone + std::fmt::Debug + 'static>(items: &[T]) -> impl Strategy<Value = T> + use<T> {
    prop::sample::select(items.to_vec())
}

fn path(base: Base, annotation: Option<CompactString>, props: Vec<Prop>) -> Value {
    Value::Path {
        base,
        annotation,
        props,
        loc: loc(),
    }
}

fn prop_strategy() -> impl Strategy<Value = Prop> {
    (
        pick(&[
            "Role",
            "Alignment",
            "Counter",
            "Members",
            "RandomPlayer",
            "Count",
            "Attr",
            "Value1",
        ]),
        pick(&[None, Some("role"), Some("player")]),
    )
        .prop_map(|(name, ann)| Prop {
            name: name.into(),
            arg: (name == "Attr").then(|| "Wolfish".into()),
            annotation: ann.map(CompactString::from),
        })
}

fn base_strategy() -> impl Strategy<Value = Base> {
    prop_oneof![
        (
            pick(&[Sigil::Player, Sigil::Team, Sigil::Role]),
            pick(&[
                "Self",
                "Selection",
                "Target",
                "All",
                "Ind",
                "Result2",
                "Visitor"
            ])
        )
            .prop_map(|(sigil, name)| Base::Selector {
                sigil,
                // `^` only has `^All`.
                name: if sigil == Sigil::Role { "All" } else { name }.into()
            }),
        (
            pick(&[Sigil::Player, Sigil::Team, Sigil::Role]),
            prop::collection::vec(
                (
                    pick(&["Attr", "Role", "Align", "Cat", "AliveOnly"]),
                    any::<bool>(),
                    pick(&["Wolfish", "Bloody-Butcher", "False"])
                ),
                1..3
            ),
        )
            .prop_map(|(sigil, items)| Base::Query {
                sigil,
                items: items
                    .into_iter()
                    .map(|(k, negated, v)| QueryItem {
                        key: k.into(),
                        negated,
                        value: v.into(),
                        loc: loc()
                    })
                    .collect(),
            }),
        pick(&[
            "Wolfpack",
            "Grandma's-House",
            "town_square",
            "Bakers:Second"
        ])
        .prop_map(|g| Base::Group(g.into())),
        pick(&[
            "Citizen",
            "Attacks & Lynches",
            "@Selection is a Threat",
            "GroupMembership:Wolfpack",
            "1",
            ""
        ])
        .prop_map(|t| Base::Text(t.into())),
        pick(&["Role", "Player1", "Role:@(Cat:Killing)", "A|B"]).prop_map(|h| Base::Host(h.into())),
        pick(&["total", "living", "phase"]).prop_map(|v| Base::Variable(v.into())),
    ]
}

fn simple_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => (base_strategy(), pick(&[None, Some("role"), Some("Player Optional")]), prop::collection::vec(prop_strategy(), 0..3))
            .prop_map(|(b, a, p)| path(b, a.map(CompactString::from), p)),
        1 => pick(&["0", "3", "-1", "0.6"]).prop_map(|t| Value::Number { text: t.into(), loc: loc() }),
        1 => pick(&["True", "False", "Success", "Failure", "Townsfolk", "EarlyStage"]).prop_map(|t| Value::Word { text: t.into(), loc: loc() }),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    prop_oneof![
        6 => simple_value(),
        1 => (pick(&[None, Some(Rounding::Ceil), Some(Rounding::Round)]), pick(&["total", "living"]), pick(&["3", "1.5"])).prop_map(|(r, v, d)| Value::Math {
            rounding: r,
            value: Box::new(path(Base::Variable(v.into()), None, vec![])),
            divisor: Some(Box::new(Value::Number { text: d.into(), loc: loc() })),
            loc: loc(),
        }),
        1 => prop::collection::vec(pick(&["Baker", "Butcher", "Role:Fortune Teller"]), 2..4).prop_map(|items| Value::Sum {
            items: items.into_iter().map(|t| path(Base::Text(t.into()), None, vec![])).collect(),
            loc: loc(),
        }),
    ]
}

fn condition() -> impl Strategy<Value = Condition> {
    let leaf = prop_oneof![
        (value(), pick(CompareOp::ALL), value()).prop_map(|(lhs, op, rhs)| Condition::Compare {
            lhs,
            op,
            rhs,
            loc: loc()
        }),
        value().prop_map(|value| Condition::Exists { value, loc: loc() }),
    ];
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            inner.clone().prop_map(|c| Condition::Not(Box::new(c))),
            prop::collection::vec(inner.clone(), 2..4).prop_map(Condition::And),
            prop::collection::vec(inner, 2..4).prop_map(Condition::Or),
        ]
    })
}

fn duration() -> impl Strategy<Value = Option<Duration>> {
    prop::option::of(pick(DURATIONS).prop_map(|d| Duration {
        name: d.into(),
        loc: loc(),
    }))
}

fn restriction() -> impl Strategy<Value = Restriction> {
    prop_oneof![
        (
            pick(&[PhaseKind::Day, PhaseKind::Night]),
            prop::option::of(0u32..5),
            any::<bool>()
        )
            .prop_map(|(phase, number, or_later)| Restriction::Temporal {
                phase,
                number,
                or_later,
                loc: loc()
            }),
        (
            prop::option::of(simple_value()),
            any::<bool>(),
            simple_value()
        )
            .prop_map(|(target, has, attribute)| Restriction::Attribute {
                target,
                has,
                attribute,
                loc: loc()
            }),
        any::<bool>().prop_map(|per_target| Restriction::Succession {
            per_target,
            loc: loc()
        }),
        simple_value().prop_map(|value| Restriction::Quantity { value, loc: loc() }),
        condition().prop_map(|condition| Restriction::Condition {
            condition,
            loc: loc()
        }),
        pick(&[
            LivingStatus::Alive,
            LivingStatus::Ghostly,
            LivingStatus::Any
        ])
        .prop_map(|status| Restriction::Status { status, loc: loc() }),
    ]
}

fn scale_count() -> impl Strategy<Value = ScaleCount> {
    prop_oneof![
        (1u32..4).prop_map(ScaleCount::Times),
        simple_value().prop_map(ScaleCount::Value)
    ]
}

fn scaling() -> impl Strategy<Value = Scaling> {
    let basic = prop_oneof![
        (1u32..5).prop_map(|times| Scaling::Static { times, loc: loc() }),
        value().prop_map(|value| Scaling::Value { value, loc: loc() }),
    ];
    let case = (
        prop::option::of((
            value(),
            pick(&[
                CompareOp::Less,
                CompareOp::Greater,
                CompareOp::LessEq,
                CompareOp::GreaterEq,
                CompareOp::Equal,
            ]),
            value(),
        )),
        scale_count(),
    )
        .prop_map(|(when, count)| ScaleCase { when, count });
    prop_oneof![
        basic.clone(),
        prop::collection::vec(case, 2..4).prop_map(|cases| Scaling::Cases { cases, loc: loc() }),
        (prop::option::of(basic.clone()), prop::option::of(basic))
            .prop_filter("one phase at least", |(o, e)| o.is_some() || e.is_some())
            .prop_map(|(o, e)| Scaling::Phase {
                odd: o.map(Box::new),
                even: e.map(Box::new),
                loc: loc()
            }),
    ]
}

fn params() -> impl Strategy<Value = Params> {
    (
        prop::collection::vec(restriction(), 0..3),
        prop::collection::vec(
            prop_oneof![
                prop::option::of(simple_value()).prop_map(|default| Compulsion::Forced {
                    default,
                    loc: loc()
                }),
                Just(Compulsion::Direct { loc: loc() }),
                Just(Compulsion::Visitless { loc: loc() }),
                Just(Compulsion::Vanishing { loc: loc() }),
            ],
            0..2,
        ),
        prop::option::of(scaling()),
        prop::option::of(
            (any::<bool>(), pick(&["custom.prompt.1", "wager.2"])).prop_map(|(silent, key)| {
                Prompt {
                    silent,
                    key: key.into(),
                    loc: loc(),
                }
            }),
        ),
    )
        .prop_map(|(restrictions, compulsion, scaling, prompt)| Params {
            restrictions,
            compulsion,
            scaling: scaling.map(Box::new),
            prompt,
        })
}

fn ability_kind() -> impl Strategy<Value = AbilityKind> {
    use AbilityKind as A;
    let v = simple_value;
    prop_oneof![
        (pick(KillKind::ALL), v()).prop_map(|(kind, target)| A::Killing { kind, target }),
        (
            pick(InvestigateKind::ALL),
            v(),
            pick(&[vec![], vec!["SD"], vec!["WD", "SD"]])
        )
            .prop_map(|(kind, target, d)| A::Investigate {
                kind,
                target,
                disguises: d.into_iter().map(CompactString::from).collect()
            }),
        (v(), v()).prop_map(|(target, attribute)| A::AttributeInvestigate {
            target,
            attribute,
            disguises: vec![]
        }),
        (v(), any::<bool>()).prop_map(|(target, players)| A::InvestigateCount {
            target,
            players,
            disguises: vec!["SD".into()]
        }),
        (v(), prop::option::of(pick(TARGET_TYPES))).prop_map(|(target, k)| A::Target {
            target,
            kind: k.map(CompactString::from)
        }),
        Just(A::Untarget),
        (pick(DisguiseStrength::ALL), v(), v(), duration()).prop_map(
            |(strength, target, role, duration)| A::Disguise {
                strength,
                target,
                role,
                duration
            }
        ),
        (
            v(),
            v(),
            prop::option::of(v()),
            prop_oneof![
                pick(DefenseKind::ALL).prop_map(Protection::Defense),
                v().prop_map(Protection::Absence)
            ],
            prop::option::of(pick(&[PhaseKind::Day, PhaseKind::Night])),
            duration()
        )
            .prop_map(|(target, from, by, through, during, duration)| A::Protect {
                target,
                from,
                by,
                through,
                during,
                duration
            }),
        (v(), v(), duration(), prop::collection::vec(v(), 0..3)).prop_map(
            |(attribute, target, duration, data)| A::Apply {
                attribute,
                target,
                duration,
                data
            }
        ),
        (v(), v(), v(), prop::option::of(v())).prop_map(|(attribute, index, value, target)| {
            A::ChangeAttribute {
                attribute,
                index,
                value,
                target,
            }
        }),
        (v(), prop::option::of(v()), v(), duration()).prop_map(
            |(subtype, source, target, duration)| A::Redirect {
                subtype,
                source,
                target,
                duration
            }
        ),
        (v(), v(), any::<bool>(), v(), duration()).prop_map(
            |(target, subtype, relative, value, duration)| A::ManipulateVotes {
                target,
                subtype,
                relative,
                value,
                duration
            }
        ),
        (
            pick(PollAction::ALL),
            pick(&["Lynch", "Wolfpack"]),
            duration()
        )
            .prop_map(|(action, p, duration)| A::Poll {
                action,
                poll: path(Base::Text(p.into()), None, vec![]),
                duration,
            }),
        (
            v(),
            prop_oneof![
                Just(path(Base::Group("Bakers".into()), None, vec![])),
                Just(path(Base::Text("Bakers".into()), None, vec![])),
            ],
            prop::option::of(v()),
            duration()
        )
            .prop_map(|(target, group, membership, duration)| A::AddToGroup {
                target,
                group,
                membership,
                duration
            }),
        (v(), v()).prop_map(|(role, target)| A::Grant { role, target }),
        (v(), v(), v()).prop_map(|(role, from, to)| A::Transfer { role, from, to }),
        (v(), pick(&[LoyaltyKind::Group, LoyaltyKind::Alignment]))
            .prop_map(|(to, kind)| A::Loyalty { to, kind }),
        (
            prop::option::of((any::<bool>(), pick(&["Killing", "Role Investigating"]))),
            v(),
            duration()
        )
            .prop_map(|(f, target, duration)| A::Obstruct {
                abilities: f.map(|(negated, n)| AbilityFilter {
                    negated,
                    name: n.into(),
                    loc: loc()
                }),
                target,
                feedback: None,
                duration
            }),
        (v(), v()).prop_map(|(what, to)| A::Reveal { what, to }),
        v().prop_map(|info| A::Learn { info }),
        (pick(ChangeKind::ALL), v(), v()).prop_map(|(kind, target, to)| A::Change {
            kind,
            target,
            to
        }),
        (v(), prop::option::of(v())).prop_map(|(name, recipient)| A::ChoiceCreation {
            name,
            recipient,
            options: vec!["Join Pack".into(), "Investigate".into()]
        }),
        (v(), v()).prop_map(|(name, option)| A::ChoiceChoose { name, option }),
        Just(A::Ascend),
        Just(A::Win),
        (
            pick(CounterOp::ALL),
            prop::option::of(value()),
            prop::option::of(v())
        )
            .prop_map(|(op, value, target)| A::Counter {
                op,
                value: if op == CounterOp::Set {
                    Some(value.unwrap_or(Value::Number {
                        text: "1".into(),
                        loc: loc(),
                    }))
                } else {
                    value
                },
                target
            }),
        prop::option::of(v()).prop_map(|target| A::ConversationReset { target }),
        prop::option::of(v()).prop_map(|feedback| A::Cancel { feedback }),
        prop::collection::vec(v(), 1..4).prop_map(|targets| A::Shuffle { targets }),
        (any::<bool>(), v(), prop::option::of(v())).prop_map(|(end, value, target)| A::Emit {
            end,
            value,
            target
        }),
        (
            v(),
            prop::collection::vec(
                pick(&["yes", "no", "Counter"]).prop_map(CompactString::from),
                0..3
            )
        )
            .prop_map(|(name, values)| A::Display { name, values }),
        Just(A::Continue),
        Just(A::Nothing),
        v().prop_map(|value| A::Store { value }),
        (v(), prop::option::of(v())).prop_map(|(value, name)| A::Log { value, name }),
        pick(&["Success", "Failure"]).prop_map(|w| A::Feedback {
            value: Value::Word {
                text: w.into(),
                loc: loc()
            }
        }),
        (
            base_strategy(),
            prop::collection::vec(prop_strategy(), 0..2)
        )
            .prop_filter("feedback is a selector or constant", |(b, _)| !matches!(
                b,
                Base::Variable(_)
            ))
            .prop_map(|(b, p)| A::Feedback {
                value: path(b, None, p)
            }),
    ]
}

fn step() -> impl Strategy<Value = Step> {
    let leaf = prop_oneof![
        4 => (ability_kind(), params()).prop_map(|(ability, params)| Step::Do { ability, params, loc: loc() }),
        1 => params().prop_map(|params| Step::Action { params, loc: loc() }),
    ];
    leaf.prop_recursive(4, 24, 3, |inner| {
        let children = prop::collection::vec(inner, 1..3);
        prop_oneof![
            (
                prop_oneof![
                    condition().prop_map(Guard::When),
                    Just(Guard::Otherwise { loc: loc() }),
                    Just(Guard::Always { loc: loc() })
                ],
                params(),
                children.clone()
            )
                .prop_map(|(guard, params, then)| Step::If {
                    guard,
                    params,
                    then,
                    loc: loc()
                }),
            (params(), children.clone()).prop_map(|(params, steps)| Step::Process {
                params,
                steps,
                loc: loc()
            }),
            (params(), children.clone()).prop_map(|(params, steps)| Step::Evaluate {
                params,
                steps,
                loc: loc()
            }),
            children
                .clone()
                .prop_map(|steps| Step::Feedback { steps, loc: loc() }),
            (simple_value(), params(), children).prop_map(|(target, params, steps)| {
                Step::ForEach {
                    target,
                    params,
                    steps,
                    loc: loc(),
                }
            }),
        ]
    })
}

fn trigger() -> impl Strategy<Value = Trigger> {
    prop_oneof![
        pick(Timing::ALL).prop_map(|timing| Trigger::Timing { timing, loc: loc() }),
        (
            prop::option::of(simple_value()),
            pick(Event::ALL),
            prop::option::of((any::<bool>(), pick(&["Killing", "Attack Killing"])))
        )
            .prop_filter("valid On trigger", |(s, e, _)| !(s.is_some()
                && *e == Event::AnyAction))
            .prop_filter("subject starts with a sigil", |(s, _, _)| !matches!(
                s,
                Some(Value::Number { .. } | Value::Word { .. })
            ))
            .prop_map(|(subject, event, f)| Trigger::On {
                subject,
                event,
                filter: f
                    .filter(|_| event.takes_filter())
                    .map(|(negated, n)| AbilityFilter {
                        negated,
                        name: n.into(),
                        loc: loc()
                    }),
                loc: loc(),
            }),
        prop::option::of(pick(&["Lynch", "Election"])).prop_map(|p| Trigger::PollWin {
            poll: p.map(|p| path(Base::Text(p.into()), None, vec![])),
            loc: loc()
        }),
        (
            prop::option::of(pick(&["Build List", "Attack"])),
            any::<bool>()
        )
            .prop_map(|(v, end)| Trigger::Emitted {
                value: v.map(|v| path(Base::Text(v.into()), None, vec![])),
                end,
                loc: loc()
            }),
        prop::option::of(pick(&["Join Pack", "Cure"])).prop_map(|o| Trigger::ChoiceChosen {
            option: o.map(|o| path(Base::Text(o.into()), None, vec![])),
            loc: loc()
        }),
    ]
}

fn round_trip(trigger: Trigger, params: Params, steps: Vec<Step>) -> Result<(), TestCaseError> {
    let ast = Ability {
        span: 0..0,
        trigger,
        params,
        steps,
    };
    let text = ast.to_text();
    let mut diags = Vec::new();
    let parsed = parse_ability_block(text.trim_end(), 0, &mut diags);
    prop_assert!(diags.is_empty(), "{}\n{:#?}", text, diags);
    prop_assert_eq!(&parsed, &ast, "{}", text);
    prop_assert_eq!(parsed.to_text(), text);
    Ok(())
}

/// The generated strategies are deep; run them on a thread with a large stack.
#[test]
fn generated_abilities_round_trip() {
    let worker = std::thread::Builder::new()
        .stack_size(256 * 1024 * 1024)
        .spawn(|| {
            let cases = std::env::var("PROPTEST_CASES")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(256);
            let mut runner =
                proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(cases));
            let strategy = (trigger(), params(), prop::collection::vec(step(), 1..4));
            runner
                .run(&strategy, |(t, p, s)| round_trip(t, p, s))
                .map_err(|e| e.to_string())
        })
        .expect("spawn the property test");
    let result = worker.join().expect("the property test thread");
    if let Err(e) = result {
        panic!("{e}");
    }
}
