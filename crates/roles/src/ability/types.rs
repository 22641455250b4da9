//! Ability types: the part of a line that says what happens (`Attack @Selection`,
//! `Protect @Self from `Attacks` through Passive Defense (~UntilUse)`…).

use super::ast::{
    AbilityFilter, AbilityKind, Activation, ChangeKind, CounterOp, DefenseKind, DisguiseStrength,
    Duration, InvestigateKind, KillKind, Loc, LoyaltyKind, ObstructFeedback, PhaseKind, PollAction,
    PollManipulation, Protection, Value,
};
use super::lex::{Cursor, PErr, PResult, scan_top, split_top_commas, suggest};

/// Attribute durations (guide, 2025-05 revision and draft).
pub const DURATIONS: &[&str] = &[
    "Permanent",
    "Persistent",
    "Phase",
    "NextPhase",
    "NextDay",
    "NextNight",
    "UntilUse",
    "UntilSecondUse",
    "Attribute",
    "UntilUseAttribute",
    "DelayedPhase",
    "PhaseAttribute",
    "NextPhaseAttribute",
    "NextDayAttribute",
    "NextNightAttribute",
];

/// Types accepted by `Target <Target> (<Type>)`.
pub const TARGET_TYPES: &[&str] = &[
    "Player",
    "Dead",
    "Ghost",
    "Role",
    "Attribute",
    "Category",
    "Full Category",
    "Boolean",
    "Option",
    "Player Optional",
];

/// The leading words of every ability type (for "did you mean" and the expected list).
pub const ABILITY_KEYWORDS: &[&str] = &[
    "Kill",
    "Attack",
    "Lynch",
    "True Kill",
    "Banish",
    "True Banish",
    "Role Investigate",
    "Alignment Investigate",
    "Category Investigate",
    "Class Investigate",
    "Attribute Investigate",
    "Investigate",
    "Target",
    "Untarget",
    "Weakly Disguise",
    "Strongly Disguise",
    "Protect",
    "Apply",
    "Remove",
    "Change",
    "Redirect",
    "Manipulate",
    "Add",
    "Create",
    "Cancel",
    "Delete",
    "Whisper",
    "Join",
    "Leave",
    "Grant",
    "Revoke",
    "Transfer",
    "Loyalty",
    "Obstruct",
    "Reveal",
    "Announce",
    "Learn",
    "Know",
    "Role Change",
    "Alignment Change",
    "Group Change",
    "Copy",
    "Ascend",
    "Descend",
    "Disband",
    "Increment Counter",
    "Decrement Counter",
    "Set Counter",
    "Conversation Reset",
    "Switch",
    "Shuffle",
    "Emit",
    "End Emit",
    "Display",
    "Update",
    "Format",
    "Resurrect",
    "Lock",
    "Unlock",
    "Execute",
    "Activate",
    "Continue",
    "Success",
    "Failure",
];

impl Cursor<'_> {
    /// Parses one ability occupying the whole cursor range.
    pub(crate) fn ability(&mut self) -> PResult<AbilityKind> {
        self.ws();
        let start = self.pos;
        let a = self.ability_inner()?;
        if !self.at_end() {
            let mut e = self.err_here(
                "unexpected text after the ability",
                &[
                    "`[<Restriction>]`",
                    "`{<Compulsion>}`",
                    "`⟨<Scaling>⟩`",
                    "`|<Prompt>|`",
                    "end of line",
                ],
            );
            if e.span.start < self.base + start {
                e.span = self.span(start, self.end);
            }
            return Err(e);
        }
        Ok(a)
    }

    fn ability_inner(&mut self) -> PResult<AbilityKind> {
        use AbilityKind as A;
        // Killing.
        for k in KillKind::ALL {
            if self.kw(k.name()) {
                return Ok(A::Killing {
                    kind: *k,
                    target: self.value()?,
                });
            }
        }
        // Changing (before investigating: both start with Role/Alignment).
        for k in ChangeKind::ALL {
            let save = self.pos;
            if self.kw(k.name()) && self.kw("Change") {
                let target = self.value()?;
                self.expect_kw("to", "after the changed target")?;
                return Ok(A::Change {
                    kind: *k,
                    target,
                    to: self.value()?,
                });
            }
            self.pos = save;
        }
        for k in InvestigateKind::ALL {
            let save = self.pos;
            if self.kw(k.name()) && self.kw("Investigate") {
                let target = self.value()?;
                let disguises = self.disguise_levels()?;
                return Ok(A::Investigate {
                    kind: *k,
                    target,
                    disguises,
                });
            }
            self.pos = save;
        }
        if self.kw("Attribute Investigate") {
            let target = self.value()?;
            self.expect_kw("for", "before the attribute")?;
            let attribute = self.value()?;
            let disguises = self.disguise_levels()?;
            return Ok(A::AttributeInvestigate {
                target,
                attribute,
                disguises,
            });
        }
        if self.kw("Investigate") {
            let target = self.value()?;
            let players = if self.kw("Player Count") {
                true
            } else {
                self.expect_kw("Count", "(`Investigate <Target> [Player] Count`)")?;
                false
            };
            let disguises = self.disguise_levels()?;
            return Ok(A::InvestigateCount {
                target,
                players,
                disguises,
            });
        }
        if self.kw("Untarget") {
            return Ok(A::Untarget);
        }
        if self.kw("Target") {
            let target = self.value()?;
            self.ws();
            let kind = if self.peek() == Some('(') {
                let (a, b) = self.group("a target type")?;
                let t = super::trigger::collapse_ws(&self.src[a..b]);
                let Some(known) = TARGET_TYPES.iter().find(|k| k.eq_ignore_ascii_case(&t)) else {
                    let mut e = PErr::new(self.span(a, b), format!("unknown target type `{t}`"))
                        .expected_names(TARGET_TYPES);
                    if let Some(s) = suggest(&t, TARGET_TYPES.iter().copied()) {
                        e = e.help(format!("did you mean `{s}`?"));
                    }
                    return Err(e);
                };
                Some(known.to_string())
            } else {
                None
            };
            return Ok(A::Target { target, kind });
        }
        for s in DisguiseStrength::ALL {
            let save = self.pos;
            if self.kw(s.name()) && self.kw("Disguise") {
                let target = self.value()?;
                self.expect_kw("as", "before the disguise role")?;
                let role = self.value()?;
                let duration = self.opt_duration()?;
                return Ok(A::Disguise {
                    strength: *s,
                    target,
                    role,
                    duration,
                });
            }
            self.pos = save;
        }
        if self.kw("Protect") {
            let target = self.value()?;
            self.expect_kw("from", "before the killing subtype")?;
            let from = self.value()?;
            let by = if self.kw("by") {
                Some(self.value()?)
            } else {
                None
            };
            self.expect_kw("through", "before the protection subtype")?;
            let through = if self.kw("Absence") {
                self.expect_kw("at", "after `Absence`")?;
                Protection::Absence(self.value()?)
            } else {
                let mut found = None;
                for d in DefenseKind::ALL {
                    if self.kw(d.name()) {
                        found = Some(*d);
                        break;
                    }
                }
                match found {
                    Some(d) => Protection::Defense(d),
                    None => {
                        return Err(self.err_here(
                            "expected a protection subtype",
                            &[
                                "`Active Defense`",
                                "`Passive Defense`",
                                "`Partial Defense`",
                                "`Recruitment Defense`",
                                "`Absence at <Location>`",
                            ],
                        ));
                    }
                }
            };
            let during = if self.kw("during") {
                self.ws();
                let s = self.pos;
                Some(self.word().and_then(PhaseKind::from_name).ok_or_else(|| {
                    PErr::new(
                        self.span(s, self.pos),
                        "expected `Day` or `Night` after `during`",
                    )
                    .expected(&["`Day`", "`Night`"])
                })?)
            } else {
                None
            };
            let duration = self.opt_duration()?;
            return Ok(A::Protect {
                target,
                from,
                by,
                through,
                during,
                duration,
            });
        }
        if self.kw("Apply") {
            let attribute = self.value()?;
            self.expect_kw("to", "before the target")?;
            let target = self.value()?;
            let duration = self.opt_duration()?;
            let data = self.attribute_data()?;
            return Ok(A::Apply {
                attribute,
                target,
                duration,
                data,
            });
        }
        if self.kw("Remove") {
            let first = self.value()?;
            self.expect_kw("from", "before the target")?;
            let second = self.value()?;
            // `Remove <Selector> from #Group` / `` from `Group` `` takes a player out of a group;
            // everything else removes an attribute.
            let group = second.as_group().is_some() || second.as_text().is_some();
            return Ok(if group && first.as_text().is_none() {
                A::RemoveFromGroup {
                    target: first,
                    group: second,
                }
            } else {
                A::RemoveAttribute {
                    attribute: first,
                    target: second,
                }
            });
        }
        if self.kw("Change") {
            let attribute = self.value()?;
            self.expect_kw("value", "before the value index")?;
            let index = self.value()?;
            self.expect_kw("to", "before the new value")?;
            let value = self.value()?;
            // Real files leave out `for <Target>` (the current element is meant).
            let target = if self.kw("for") {
                Some(self.value()?)
            } else {
                None
            };
            return Ok(A::ChangeAttribute {
                attribute,
                index,
                value,
                target,
            });
        }
        if self.kw("Redirect") {
            let subtype = self.value()?;
            let source = if self.kw("from") {
                Some(self.value()?)
            } else {
                None
            };
            self.expect_kw("to", "before the redirect target")?;
            let target = self.value()?;
            let duration = self.opt_duration()?;
            return Ok(A::Redirect {
                subtype,
                source,
                target,
                duration,
            });
        }
        if self.kw("Manipulate") {
            let first = self.value()?;
            if self.kw("Poll") {
                let (a, b) = self.group("a poll manipulation `(<Target> is <Type>)`")?;
                let mut c = Cursor::new(self.src, a, b, self.base);
                let target = c.value()?;
                let manipulation = if c.kw("is") {
                    PollManipulation::Is {
                        target,
                        kind: c.value()?,
                    }
                } else if c.kw("has") {
                    let count = c.value()?;
                    let hidden = c.kw("hidden");
                    c.expect_kw("votes", "after the vote count")?;
                    PollManipulation::Votes {
                        target,
                        count,
                        hidden,
                    }
                } else {
                    return Err(c.err_here(
                        "expected `is` or `has` in poll manipulation",
                        &[
                            "`(<Target> is 'Unvotable')`",
                            "`(<Target> has '<Number>' [hidden] votes)`",
                        ],
                    ));
                };
                if !c.at_end() {
                    return Err(c.err_here("unexpected text in poll manipulation", &["`)`"]));
                }
                let duration = self.opt_duration()?;
                return Ok(A::ManipulatePoll {
                    poll: first,
                    manipulation,
                    duration,
                });
            }
            if !self.rest().starts_with("'s") {
                return Err(self.err_here(
                    "expected `'s` after the manipulated player, or `Poll`",
                    &[
                        "`Manipulate <Target>'s <Subtype> to <Value>`",
                        "`Manipulate <Poll> Poll (…)`",
                    ],
                ));
            }
            self.pos += 2;
            self.ws();
            // The draft guide writes the subtype without backticks: `public voting power`.
            let subtype = if self.peek().is_some_and(|c| c.is_alphabetic()) {
                let start = self.pos;
                let mut words = Vec::new();
                while !self.at_kw("to") && !self.at_kw("by") {
                    match self.word() {
                        Some(w) => words.push(w),
                        None => break,
                    }
                }
                Value::Word {
                    text: words.join(" "),
                    loc: Loc::new(self.span(start, self.pos)),
                }
            } else {
                self.value()?
            };
            let relative = if self.kw("by") {
                true
            } else {
                self.expect_kw("to", "or `by` before the value")?;
                false
            };
            let value = self.value()?;
            let duration = self.opt_duration()?;
            return Ok(A::ManipulateVotes {
                target: first,
                subtype,
                relative,
                value,
                duration,
            });
        }
        for p in PollAction::ALL {
            let save = self.pos;
            if self.kw(p.name()) {
                self.ws();
                if self.peek().is_some_and(|c| c == '`' || c == '%') {
                    let mut probe = self.clone();
                    if let Ok(poll) = probe.value() {
                        if probe.kw("Poll") {
                            *self = probe;
                            return Ok(A::Poll { action: *p, poll });
                        }
                    }
                }
            }
            self.pos = save;
        }
        if self.kw("Create") {
            let poll = if self.kw("Poll") {
                None
            } else {
                let p = self.value()?;
                self.expect_kw("Poll", "after the poll name")?;
                Some(p)
            };
            self.expect_kw("in", "before the poll location")?;
            let location = self.value()?;
            let name = if self.kw("as") {
                Some(self.value()?)
            } else {
                None
            };
            return Ok(A::CreatePoll {
                poll,
                location,
                name,
            });
        }
        if self.kw("Cancel") {
            let feedback = if self.kw("with") {
                Some(self.value()?)
            } else {
                None
            };
            return Ok(A::Cancel { feedback });
        }
        if self.kw("Whisper") {
            let from = if self.kw("from") {
                Some(self.value()?)
            } else {
                None
            };
            self.expect_kw("to", "before the whisper location")?;
            let to = self.value()?;
            let disguise = if self.kw("as") {
                Some(self.value()?)
            } else {
                None
            };
            let duration = self.opt_duration()?;
            return Ok(A::Whisper {
                from,
                to,
                disguise,
                duration,
            });
        }
        if self.kw("Join") {
            let group = self.value()?;
            let membership = if self.kw("as") {
                Some(self.value()?)
            } else {
                None
            };
            let duration = self.opt_duration()?;
            return Ok(A::Join {
                group,
                membership,
                duration,
            });
        }
        if self.kw("Leave") {
            return Ok(A::Leave {
                group: self.value()?,
            });
        }
        if self.kw("Add") {
            let target = self.value()?;
            self.expect_kw("to", "before the group (or `Poll` after a poll name)")?;
            let group = self.value()?;
            // The draft guide's applying form `Add <Attribute> to <Actor> (<Duration>) (<Data>)`:
            // a constant added to something that is not a group.
            if target.as_text().is_some() && group.as_text().is_none() && group.as_group().is_none()
            {
                let duration = self.opt_duration()?;
                let data = self.attribute_data()?;
                return Ok(A::Apply {
                    attribute: target,
                    target: group,
                    duration,
                    data,
                });
            }
            let membership = if self.kw("as") {
                Some(self.value()?)
            } else {
                None
            };
            let duration = self.opt_duration()?;
            return Ok(A::AddToGroup {
                target,
                group,
                membership,
                duration,
            });
        }
        if self.kw("Grant") {
            let role = self.value()?;
            self.expect_kw("to", "before the target")?;
            return Ok(A::Grant {
                role,
                target: self.value()?,
            });
        }
        if self.kw("Revoke") {
            let role = self.value()?;
            self.expect_kw("from", "before the target")?;
            return Ok(A::Revoke {
                role,
                target: self.value()?,
            });
        }
        if self.kw("Transfer") {
            let role = self.value()?;
            self.expect_kw("from", "before the current holder")?;
            let from = self.value()?;
            self.expect_kw("to", "before the new holder")?;
            return Ok(A::Transfer {
                role,
                from,
                to: self.value()?,
            });
        }
        if self.kw("Loyalty") {
            self.expect_kw("to", "after `Loyalty`")?;
            let to = self.value()?;
            let (a, b) = self.group("the loyalty subtype `(Group)` or `(Alignment)`")?;
            let t = self.src[a..b].trim();
            let kind = LoyaltyKind::from_name(t).ok_or_else(|| {
                PErr::new(self.span(a, b), format!("unknown loyalty subtype `{t}`"))
                    .expected(&["`Group`", "`Alignment`"])
            })?;
            return Ok(A::Loyalty { to, kind });
        }
        if self.kw("Obstruct") {
            return self.obstruct();
        }
        if self.kw("Reveal") {
            let what = self.value()?;
            self.expect_kw("to", "before the reveal location")?;
            return Ok(A::Reveal {
                what,
                to: self.value()?,
            });
        }
        if self.kw("Announce") {
            return Ok(A::Announce {
                info: self.value()?,
            });
        }
        if self.kw("Learn") {
            return Ok(A::Learn {
                info: self.value()?,
            });
        }
        if self.kw("Know") {
            return Ok(A::Know {
                info: self.value()?,
            });
        }
        if self.kw("Copy") {
            let target = self.value()?;
            self.ws();
            let suppressed = if self.peek() == Some('(') {
                let (a, b) = self.group("`(Suppressed)`")?;
                if !self.src[a..b].trim().eq_ignore_ascii_case("Suppressed") {
                    return Err(PErr::new(self.span(a, b), "expected `Suppressed`")
                        .expected(&["`(Suppressed)`"]));
                }
                true
            } else {
                false
            };
            return Ok(A::Copy { target, suppressed });
        }
        if self.kw("Ascend") {
            return Ok(A::Ascend);
        }
        if self.kw("Descend") {
            return Ok(A::Descend);
        }
        if self.kw("Disband") {
            let target = if self.at_end() {
                None
            } else {
                Some(self.value()?)
            };
            return Ok(A::Disband { target });
        }
        for op in CounterOp::ALL {
            let save = self.pos;
            if self.kw(op.name()) && self.kw("Counter") {
                let (mut value, mut target) = (None, None);
                if *op == CounterOp::Set {
                    self.expect_kw("to", "after `Set Counter`")?;
                    value = Some(self.value()?);
                }
                loop {
                    if value.is_none() && self.kw("by") {
                        value = Some(self.value()?);
                    } else if target.is_none() && self.kw("for") {
                        target = Some(self.value()?);
                    } else {
                        break;
                    }
                }
                return Ok(A::Counter {
                    op: *op,
                    value,
                    target,
                });
            }
            self.pos = save;
        }
        if self.kw("Conversation Reset") {
            let target = if self.at_end() {
                None
            } else {
                Some(self.value()?)
            };
            return Ok(A::ConversationReset { target });
        }
        if self.kw("Switch") {
            self.expect_kw("with", "after `Switch`")?;
            return Ok(A::Switch {
                target: self.value()?,
            });
        }
        if self.kw("Shuffle") {
            let mut targets = vec![self.value()?];
            while !self.at_end() {
                targets.push(self.value()?);
            }
            return Ok(A::Shuffle { targets });
        }
        let save = self.pos;
        let end_emit = self.kw("End") && self.kw("Emit");
        if !end_emit {
            self.pos = save;
        }
        if end_emit || self.kw("Emit") {
            let value = self.value()?;
            let target = if self.kw("for") {
                Some(self.value()?)
            } else {
                None
            };
            return Ok(A::Emit {
                end: end_emit,
                value,
                target,
            });
        }
        if self.kw("Display") {
            let name = self.value()?;
            self.ws();
            let values: Vec<String> = if self.peek() == Some('(') {
                let (a, b) = self.group("display values")?;
                let values: Vec<String> = split_top_commas(self.src, a, b)
                    .into_iter()
                    .map(|(x, y)| self.src[x..y].to_string())
                    .collect();
                if values.len() > 4 || values.iter().any(String::is_empty) {
                    return Err(PErr::new(
                        self.span(a - 1, b + 1),
                        "a display shows one to four values",
                    )
                    .expected(&["`(Value1)`", "`(Value1, Value2, Value3, Value4)`"]));
                }
                values
            } else {
                Vec::new()
            };
            return Ok(A::Display { name, values });
        }
        if self.kw("Update") {
            let name = self.value()?;
            self.expect_kw("value", "before the value index")?;
            let index = self.value()?;
            self.expect_kw("to", "before the new value")?;
            return Ok(A::UpdateDisplay {
                name,
                index,
                value: self.value()?,
            });
        }
        if self.kw("Format") {
            let target = self.value()?;
            self.expect_kw("as", "before the format template")?;
            let template = self.value()?;
            let split = if self.kw("split by") {
                let sep = self.value()?;
                self.expect_kw("as", "before the element type")?;
                Some((sep, self.value()?))
            } else {
                None
            };
            return Ok(A::Format {
                target,
                template,
                split,
            });
        }
        if self.kw("Resurrect") {
            return Ok(A::Resurrect {
                target: self.value()?,
            });
        }
        if self.kw("Unlock") {
            return Ok(A::Lock {
                location: self.value()?,
                unlock: true,
            });
        }
        if self.kw("Lock") {
            return Ok(A::Lock {
                location: self.value()?,
                unlock: false,
            });
        }
        if self.kw("Execute") {
            let name = self.value()?;
            self.expect_kw("to", "before the location")?;
            return Ok(A::Execute {
                name,
                location: self.value()?,
            });
        }
        if self.kw("Activate") {
            let target = self.value()?;
            let activation = if self.kw("always") {
                Activation::Always
            } else {
                self.expect_kw("while", "or `always` after the target")?;
                Activation::While(self.value()?)
            };
            return Ok(A::Activate { target, activation });
        }
        if self.kw("Continue") {
            return Ok(A::Continue);
        }
        self.ws();
        if self.rest().trim() == "*Nothing*" {
            self.pos = self.end;
            return Ok(A::Nothing);
        }
        // Choices and plain feedback start with a value.
        let start = self.pos;
        let first_word: String = self
            .rest()
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_string();
        let value = match self.value() {
            Ok(v) => v,
            Err(_) => return Err(self.unknown_ability(start, &first_word)),
        };
        if self.kw("Choice") {
            if self.kw("Creation") {
                let recipient = if self.kw("for") {
                    Some(self.value()?)
                } else {
                    None
                };
                let (a, b) = self.group("the option list `(A, B)`")?;
                let options: Vec<String> = split_top_commas(self.src, a, b)
                    .into_iter()
                    .map(|(x, y)| self.src[x..y].to_string())
                    .collect();
                if options.iter().any(|o| o.is_empty()) {
                    return Err(PErr::new(self.span(a, b), "empty choice option")
                        .expected(&["`(Option1, Option2)`"]));
                }
                return Ok(A::ChoiceCreation {
                    name: value,
                    recipient,
                    options,
                });
            }
            self.expect_kw("Choose", "or `Creation` after `Choice`")?;
            return Ok(A::ChoiceChoose {
                name: value,
                option: self.value()?,
            });
        }
        let is_feedback = match &value {
            Value::Word { text, .. } => {
                text.eq_ignore_ascii_case("Success") || text.eq_ignore_ascii_case("Failure")
            }
            Value::Path { .. } => true,
            _ => false,
        };
        if is_feedback && self.at_end() {
            return Ok(A::Feedback { value });
        }
        Err(self.unknown_ability(start, &first_word))
    }

    fn unknown_ability(&self, start: usize, first_word: &str) -> PErr {
        let text = self.src[start..self.end].trim_end();
        let shown: String = text.chars().take(40).collect();
        let mut e = PErr::new(
            self.span(start, start + first_word.len().min(text.len())),
            format!("unknown ability type in `{shown}`"),
        )
        .expected(&[
            "an ability type (`Attack <Target>`, `Role Investigate <Target>`, `Apply <Attribute> to <Target>`…)",
            "feedback (`` `Text` ``, `Success`, `Failure`, `@Result`)",
            "`<Condition>: <Ability>`",
        ]);
        // Compare one and two leading words against the ability keywords.
        let words: Vec<&str> = text.split_whitespace().take(2).collect();
        let one = words.first().copied().unwrap_or("");
        let two = words.join(" ");
        let cand = suggest(&two, ABILITY_KEYWORDS.iter().copied())
            .or_else(|| suggest(one, ABILITY_KEYWORDS.iter().copied()));
        if let Some(s) = cand {
            e = e.help(format!("did you mean `{s}`?"));
        }
        e
    }

    fn obstruct(&mut self) -> PResult<AbilityKind> {
        // `Obstruct <Ability Type> for <Target> …` when a top-level `for` follows.
        let mut for_at = None;
        let rest_start = self.pos;
        let s = self.src;
        scan_top(s, rest_start, self.end, |i, c| {
            if c == 'f'
                && s[i..].starts_with("for")
                && s[..i].ends_with(char::is_whitespace)
                && s[i + 3..].starts_with(char::is_whitespace)
            {
                for_at = Some(i);
                return true;
            }
            false
        });
        let abilities = match for_at {
            Some(f) => {
                let (a, b) = super::lex::trim_range(s, rest_start, f);
                let text = &s[a..b];
                let (negated, name) = match text.strip_prefix('!') {
                    Some(n) => (true, n.trim()),
                    None => (false, text),
                };
                if name.is_empty() {
                    return Err(PErr::new(
                        self.span(a, f),
                        "expected an ability type before `for`",
                    )
                    .expected(&[
                        "`Killing`",
                        "`Role Investigating`",
                        "`!Killing`",
                    ]));
                }
                self.pos = f + 3;
                Some(AbilityFilter {
                    negated,
                    name: super::trigger::collapse_ws(name),
                    loc: Loc::new(self.span(a, b)),
                })
            }
            None => None,
        };
        let target = self.value()?;
        self.ws();
        let feedback = if self.eat('⇒') {
            self.ws();
            if self.peek() == Some('(') {
                let (a, b) = self.group("chances `(0.5:X,0.5:Y)`")?;
                let mut items = Vec::new();
                for (x, y) in split_top_commas(self.src, a, b) {
                    let piece = &self.src[x..y];
                    let Some(colon) = piece.find(':') else {
                        return Err(PErr::new(self.span(x, y), "expected `<Chance>:<Feedback>`")
                            .expected(&["`0.6:`Text``"]));
                    };
                    let chance = piece[..colon].trim().to_string();
                    let mut c = Cursor::new(self.src, x + colon + 1, y, self.base);
                    let v = c.value()?;
                    if !c.at_end() {
                        return Err(c.err_here("unexpected text in obstruction feedback", &["`,`"]));
                    }
                    items.push((chance, v));
                }
                Some(ObstructFeedback::Chances(items))
            } else {
                Some(ObstructFeedback::Single(self.value()?))
            }
        } else {
            None
        };
        let duration = self.opt_duration()?;
        Ok(AbilityKind::Obstruct {
            abilities,
            target,
            feedback,
            duration,
        })
    }

    /// Optional additional attribute data `(<Value>, …)`.
    fn attribute_data(&mut self) -> PResult<Vec<Value>> {
        let mut data = Vec::new();
        self.ws();
        if self.peek() == Some('(') {
            let (a, b) = self.group("additional attribute data")?;
            for (x, y) in split_top_commas(self.src, a, b) {
                let mut c = Cursor::new(self.src, x, y, self.base);
                let v = c.value()?;
                if !c.at_end() {
                    return Err(c.err_here("unexpected text in attribute data", &["`,`", "`)`"]));
                }
                data.push(v);
            }
        }
        Ok(data)
    }

    /// An optional `(~Duration)`.
    fn opt_duration(&mut self) -> PResult<Option<Duration>> {
        let save = self.pos;
        self.ws();
        if self.peek() != Some('(') || !self.rest()[1..].trim_start().starts_with('~') {
            self.pos = save;
            return Ok(None);
        }
        let (a, b) = self.group("a duration")?;
        let inner = self.src[a..b].trim();
        let name = inner.trim_start_matches('~').trim();
        let Some(known) = DURATIONS.iter().find(|d| d.eq_ignore_ascii_case(name)) else {
            let mut e =
                PErr::new(self.span(a, b), format!("unknown duration `{inner}`")).expected(&[
                    "`~Permanent`",
                    "`~Persistent`",
                    "`~Phase`",
                    "`~NextDay`",
                    "`~UntilUse`",
                    "…",
                ]);
            if let Some(s) = suggest(name, DURATIONS.iter().copied()) {
                e = e.help(format!("did you mean `~{s}`?"));
            }
            return Err(e);
        };
        Ok(Some(Duration {
            name: known.to_string(),
            loc: Loc::new(self.span(a - 1, b + 1)),
        }))
    }

    /// Optional `(SD, WD)` disguise levels.
    fn disguise_levels(&mut self) -> PResult<Vec<String>> {
        self.ws();
        if self.peek() != Some('(') {
            return Ok(Vec::new());
        }
        let (a, b) = self.group("disguise levels `(SD, WD)`")?;
        let mut out = Vec::new();
        for (x, y) in split_top_commas(self.src, a, b) {
            let t = &self.src[x..y];
            if t.eq_ignore_ascii_case("SD") || t.eq_ignore_ascii_case("WD") {
                out.push(t.to_ascii_uppercase());
            } else {
                return Err(
                    PErr::new(self.span(x, y), format!("unknown disguise level `{t}`"))
                        .expected(&["`SD`", "`WD`"]),
                );
            }
        }
        Ok(out)
    }
}
