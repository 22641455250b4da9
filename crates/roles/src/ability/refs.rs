//! The reference walk: every named element an ability mentions, and every context-only
//! selector with whether its context is provided.
//!
//! Named references come from typed positions (the role of a disguise, the attribute of an
//! `Apply`, the poll of `Create … Poll`, `#Group`s, `&Team`s) and from advanced selector keys
//! (`Attr`, `AttrSelf`, `AttrRole`, `Role`, `OrigRole`, `Group`, `Align`, `OrigAlign`, `Team`).
//! Names are reported as written: selector queries use `-` for spaces and the checker
//! normalises. `#Name` is always reported as `Group`: it names a group, a location or a public
//! channel, which only the checker (knowing the role set) can tell apart.

use super::ast::*;
use crate::diag::Span;

/// A reference from an ability to something named elsewhere, or a context-only selector.
///
/// Names are as written (selector queries use `-` for spaces; `` `Attr:Source` `` constants
/// give only the attribute name). `#Name` is always reported as [`Reference::Group`] (it may
/// name a group, a location or a public channel); the ability walk never produces
/// `AbilitySet` or `Location` (those come from element headers).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reference<'a> {
    Role(&'a str, Span),
    Team(&'a str, Span),
    Group(&'a str, Span),
    Attribute(&'a str, Span),
    Poll(&'a str, Span),
    AbilitySet(&'a str, Span),
    Location(&'a str, Span),
    /// A selector that only has a meaning in some context (`@Visitor`, `@Ind`, `@Result`…);
    /// `allowed` says whether the surrounding trigger / construct provides that context.
    ContextSelector {
        name: &'a str,
        span: Span,
        allowed: bool,
    },
}

/// Standard attribute types, which are not references to custom attributes.
const STANDARD_ATTRIBUTES: &[&str] = &[
    "disguise",
    "defense",
    "absence",
    "manipulation",
    "groupmembership",
    "obstruction",
    "obstructed",
    "pollcount",
    "pollresult",
    "polldisqualification",
    "pollvotes",
    "role",
    "redirection",
    "loyalty",
    "whisper",
    "whispering",
];

#[derive(Clone, Copy, PartialEq)]
enum Pos {
    Any,
    Role,
    Team,
    Group,
    Location,
    Attribute,
    Poll,
}

#[derive(Clone, Copy)]
struct Ctx<'t> {
    trigger: &'t Trigger,
    for_each: bool,
    result: bool,
    choose: bool,
}

fn context_allowed(name: &str, ctx: &Ctx) -> Option<bool> {
    let (timing, event, subject) = match ctx.trigger {
        Trigger::Timing { timing, .. } => (Some(*timing), None, false),
        Trigger::On { event, subject, .. } => (None, Some(*event), subject.is_some()),
        _ => (None, None, false),
    };
    let defense = matches!(
        timing,
        Some(
            Timing::OnDefense
                | Timing::OnActiveDefense
                | Timing::OnPassiveDefense
                | Timing::OnPartialDefense
                | Timing::OnRecruitmentDefense
                | Timing::OnAbsenceDefense
        )
    );
    let death = matches!(
        event,
        Some(Event::Death | Event::Killed | Event::Banishment | Event::Banished)
    ) || timing == Some(Timing::OnLynch);
    let visited = matches!(event, Some(Event::Visited | Event::Visit));
    let action = matches!(event, Some(Event::Action | Event::AnyAction));
    let poll_closed = matches!(timing, Some(Timing::OnPollClosed | Timing::OnPollSkipped));
    let poll_win = matches!(ctx.trigger, Trigger::PollWin { .. });
    let chosen = matches!(ctx.trigger, Trigger::ChoiceChosen { .. });
    let vote = matches!(
        timing,
        Some(Timing::OnVoteAdd | Timing::OnVoteRemove | Timing::OnVoteChange)
    );
    let allowed = match name {
        "Visitor" => event == Some(Event::Visited) || timing == Some(Timing::OnRedirect),
        "VisitType" | "VisitParameter" | "SecondVisitParameter" | "VisitSubtype" => visited,
        "ActionTarget" => action || visited,
        "ActionResult" | "ActionFeedback" | "ActionAbilityType" => action,
        "TriggerSource" => event == Some(Event::AnyAction),
        "Attacker" | "DeathType" | "AttackSource" | "AttackLocation" => death || defense,
        "KillingType" | "Attacked" => defense,
        "This" => subject,
        "Winner" | "Winner1" | "Winner2" | "Executor" => poll_closed,
        "Voters" | "OtherVoters" => poll_closed || poll_win || timing == Some(Timing::OnLynch),
        "Chooser" | "Option" => chosen,
        "Chosen" => ctx.choose,
        "RoleChanger" => timing == Some(Timing::OnRoleChange),
        "Joiner" => timing == Some(Timing::OnJoin),
        "Voter" | "Vote" | "VoteText" => vote,
        "OldVote" | "NewVote" | "OldVoteText" | "NewVoteText" => {
            timing == Some(Timing::OnVoteChange)
        }
        "Ind" => ctx.for_each,
        n if n == "Result"
            || (n.starts_with("Result") && n[6..].chars().all(|c| c.is_ascii_digit())) =>
        {
            ctx.result
        }
        _ => return None,
    };
    Some(allowed)
}

struct Walker<'a, 'f> {
    f: &'f mut dyn FnMut(Reference<'a>),
}

fn text_name(t: &str) -> &str {
    crate::source::trim(crate::source::split_once_byte(t, b':').map_or(t, |(head, _)| head))
}

impl<'a> Walker<'a, '_> {
    fn value(&mut self, v: &'a Value, pos: Pos, ctx: &Ctx) {
        match v {
            Value::Path {
                base, props, loc, ..
            } => match base {
                Base::Selector { sigil, name } => {
                    let ctx_name = match sigil {
                        Sigil::Player => Some(name.as_str()),
                        Sigil::Team if name == "Ind" => Some("Ind"),
                        _ => None,
                    };
                    if let Some(n) = ctx_name {
                        if let Some(allowed) = context_allowed(n, ctx) {
                            (self.f)(Reference::ContextSelector {
                                name: n,
                                span: loc.range(),
                                allowed,
                            });
                        }
                    }
                    if *sigil == Sigil::Team && !matches!(name.as_str(), "All" | "Self" | "Ind") {
                        (self.f)(Reference::Team(name, loc.range()));
                    }
                }
                Base::Query { sigil, items } => {
                    for it in items {
                        let key = it.key.to_ascii_lowercase();
                        let r = match (sigil, key.as_str()) {
                            (_, "attr" | "attribute" | "attrself") => {
                                Some(Reference::Attribute(&it.value, it.loc.range()))
                            }
                            (Sigil::Player, "attrrole" | "role" | "origrole") => {
                                Some(Reference::Role(&it.value, it.loc.range()))
                            }
                            (Sigil::Player, "group") => {
                                Some(Reference::Group(&it.value, it.loc.range()))
                            }
                            (_, "align" | "alignment" | "origalign" | "team") => {
                                Some(Reference::Team(&it.value, it.loc.range()))
                            }
                            _ => None,
                        };
                        if let Some(r) = r {
                            (self.f)(r);
                        }
                    }
                }
                Base::Group(g) => (self.f)(Reference::Group(g, loc.range())),
                Base::Text(t) if pos == Pos::Any => self.info_text(t, loc, ctx),
                Base::Text(t) if props.is_empty() => {
                    let name = text_name(t);
                    let r = match pos {
                        Pos::Role => Some(Reference::Role(name, loc.range())),
                        Pos::Team => Some(Reference::Team(name, loc.range())),
                        Pos::Group => Some(Reference::Group(name, loc.range())),
                        Pos::Poll => Some(Reference::Poll(name, loc.range())),
                        Pos::Attribute
                            if !STANDARD_ATTRIBUTES
                                .iter()
                                .any(|s| s.eq_ignore_ascii_case(name)) =>
                        {
                            Some(Reference::Attribute(name, loc.range()))
                        }
                        _ => None,
                    };
                    if let Some(r) = r {
                        if !name.is_empty() {
                            (self.f)(r);
                        }
                    }
                }
                _ => {}
            },
            Value::Math { value, divisor, .. } => {
                self.value(value, Pos::Any, ctx);
                if let Some(d) = divisor {
                    self.value(d, Pos::Any, ctx);
                }
            }
            Value::Sum { items, .. } => {
                for i in items {
                    self.value(i, pos, ctx);
                }
            }
            // A bare word where a constant is expected (`Alignment Change @Self to Townsfolk`)
            // names an element just like the backtick constant would.
            Value::Word { text, loc } => {
                let special = ["True", "False", "Success", "Failure"]
                    .iter()
                    .any(|w| w.eq_ignore_ascii_case(text));
                let r = match pos {
                    _ if special => None,
                    Pos::Role => Some(Reference::Role(text, loc.range())),
                    Pos::Team => Some(Reference::Team(text, loc.range())),
                    Pos::Group => Some(Reference::Group(text, loc.range())),
                    Pos::Poll => Some(Reference::Poll(text, loc.range())),
                    Pos::Attribute => Some(Reference::Attribute(text, loc.range())),
                    _ => None,
                };
                if let Some(r) = r {
                    (self.f)(r);
                }
            }
            Value::Number { .. } => {}
        }
    }

    /// Selectors inside info text (`` `@Visitor used @VisitType on you` ``) are evaluated when
    /// the text is shown, so context-only ones are reported like any other.
    fn info_text(&mut self, t: &'a str, loc: &Loc, ctx: &Ctx) {
        let mut rest = t;
        let mut offset = 0;
        while let Some(i) = rest.bytes().position(|b| b == b'@') {
            let after = &rest[i + 1..];
            let len = after
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            let name = &after[..len];
            if let Some(allowed) = context_allowed(name, ctx) {
                // The text starts one byte (the backtick) after the value.
                let start = loc.start + 1 + offset + i;
                (self.f)(Reference::ContextSelector {
                    name,
                    span: start..start + 1 + len,
                    allowed,
                });
            }
            offset += i + 1 + len;
            rest = &after[len..];
        }
    }

    fn opt(&mut self, v: &'a Option<Value>, pos: Pos, ctx: &Ctx) {
        if let Some(v) = v {
            self.value(v, pos, ctx);
        }
    }

    fn condition(&mut self, c: &'a Condition, ctx: &Ctx) {
        match c {
            Condition::Compare { lhs, op, rhs, .. } => {
                self.value(lhs, Pos::Any, ctx);
                let pos = match op {
                    CompareOp::Has => Pos::Attribute,
                    CompareOp::IsIn => Pos::Group,
                    _ => Pos::Any,
                };
                self.value(rhs, pos, ctx);
            }
            Condition::Exists { value, .. } => self.value(value, Pos::Any, ctx),
            Condition::Not(c) => self.condition(c, ctx),
            Condition::And(v) | Condition::Or(v) => {
                for c in v {
                    self.condition(c, ctx);
                }
            }
        }
    }

    fn params(&mut self, p: &'a Params, ctx: &Ctx) {
        for r in &p.restrictions {
            match r {
                Restriction::Attribute {
                    target, attribute, ..
                } => {
                    self.opt(target, Pos::Any, ctx);
                    self.value(attribute, Pos::Attribute, ctx);
                }
                Restriction::Quantity { value, .. } => self.value(value, Pos::Any, ctx),
                Restriction::Condition { condition, .. } => self.condition(condition, ctx),
                _ => {}
            }
        }
        for c in &p.compulsion {
            if let Compulsion::Forced {
                default: Some(v), ..
            } = c
            {
                self.value(v, Pos::Any, ctx);
            }
        }
        if let Some(s) = &p.scaling {
            self.scaling(s, ctx);
        }
    }

    fn scaling(&mut self, s: &'a Scaling, ctx: &Ctx) {
        match s {
            Scaling::Static { .. } => {}
            Scaling::Value { value, .. } => self.value(value, Pos::Any, ctx),
            Scaling::Cases { cases, .. } => {
                for c in cases {
                    if let Some((l, _, r)) = &c.when {
                        self.value(l, Pos::Any, ctx);
                        self.value(r, Pos::Any, ctx);
                    }
                    if let ScaleCount::Value(v) = &c.count {
                        self.value(v, Pos::Any, ctx);
                    }
                }
            }
            Scaling::Phase { odd, even, .. } => {
                for s in [odd, even].into_iter().flatten() {
                    self.scaling(s, ctx);
                }
            }
        }
    }

    fn steps(&mut self, steps: &'a [Step], ctx: &Ctx) {
        for (i, s) in steps.iter().enumerate() {
            let mut c = *ctx;
            if i > 0 {
                c.result = true;
            }
            self.step(s, &c);
        }
    }

    fn step(&mut self, s: &'a Step, ctx: &Ctx) {
        match s {
            Step::Do {
                ability, params, ..
            } => {
                self.params(params, ctx);
                let mut c = *ctx;
                c.choose = matches!(ability, AbilityKind::ChoiceChoose { .. });
                self.ability(ability, &c);
            }
            Step::If {
                guard,
                params,
                then,
                ..
            } => {
                if let Guard::When(cond) = guard {
                    self.condition(cond, ctx);
                }
                self.params(params, ctx);
                self.steps(then, ctx);
            }
            Step::Action { params, .. } => self.params(params, ctx),
            Step::Process { params, steps, .. } => {
                self.params(params, ctx);
                self.steps(steps, ctx);
            }
            Step::Evaluate { params, steps, .. } => {
                self.params(params, ctx);
                let mut c = *ctx;
                c.result = true;
                self.steps(steps, &c);
            }
            Step::Feedback { steps, .. } => {
                let mut c = *ctx;
                c.result = true;
                self.steps(steps, &c);
            }
            Step::ForEach {
                target,
                params,
                steps,
                ..
            } => {
                self.value(target, Pos::Any, ctx);
                self.params(params, ctx);
                let mut c = *ctx;
                c.for_each = true;
                self.steps(steps, &c);
            }
            Step::Invalid { .. } => {}
        }
    }

    fn ability(&mut self, a: &'a AbilityKind, ctx: &Ctx) {
        use AbilityKind as A;
        use Pos::*;
        match a {
            A::Killing { target, .. }
            | A::Investigate { target, .. }
            | A::InvestigateCount { target, .. }
            | A::Switch { target }
            | A::Resurrect { target }
            | A::Copy { target, .. } => self.value(target, Any, ctx),
            A::AttributeInvestigate {
                target, attribute, ..
            } => {
                self.value(target, Any, ctx);
                self.value(attribute, Attribute, ctx);
            }
            A::Target { target, kind } => {
                let pos = match kind.as_deref() {
                    Some("Role") => Role,
                    Some("Attribute") => Attribute,
                    _ => Any,
                };
                self.value(target, pos, ctx);
            }
            A::Untarget | A::Ascend | A::Descend | A::Win | A::Continue | A::Nothing => {}
            A::Disguise { target, role, .. } => {
                self.value(target, Any, ctx);
                self.value(role, Role, ctx);
            }
            A::Protect {
                target,
                from,
                by,
                through,
                ..
            } => {
                self.value(target, Any, ctx);
                self.value(from, Any, ctx);
                self.opt(by, Any, ctx);
                if let Protection::Absence(l) = through {
                    self.value(l, Location, ctx);
                }
            }
            A::Apply {
                attribute,
                target,
                data,
                ..
            } => {
                self.value(attribute, Attribute, ctx);
                self.value(target, Any, ctx);
                for d in data {
                    self.value(d, Any, ctx);
                }
            }
            A::RemoveAttribute { attribute, target } => {
                self.value(attribute, Attribute, ctx);
                self.value(target, Any, ctx);
            }
            A::ChangeAttribute {
                attribute,
                index,
                value,
                target,
            } => {
                self.value(attribute, Attribute, ctx);
                self.value(index, Any, ctx);
                self.value(value, Any, ctx);
                self.opt(target, Any, ctx);
            }
            A::Redirect {
                subtype,
                source,
                target,
                ..
            } => {
                self.value(subtype, Any, ctx);
                self.opt(source, Any, ctx);
                self.value(target, Any, ctx);
            }
            A::ManipulateVotes {
                target,
                subtype,
                value,
                ..
            } => {
                self.value(target, Any, ctx);
                self.value(subtype, Any, ctx);
                self.value(value, Any, ctx);
            }
            A::ManipulatePoll {
                poll, manipulation, ..
            } => {
                self.value(poll, Poll, ctx);
                match manipulation {
                    PollManipulation::Is { target, kind } => {
                        self.value(target, Any, ctx);
                        self.value(kind, Any, ctx);
                    }
                    PollManipulation::Votes { target, count, .. } => {
                        self.value(target, Any, ctx);
                        self.value(count, Any, ctx);
                    }
                }
            }
            A::Poll { poll, .. } => self.value(poll, Poll, ctx),
            A::CreatePoll {
                poll,
                location,
                name,
            } => {
                self.opt(poll, Poll, ctx);
                self.value(location, Location, ctx);
                self.opt(name, Any, ctx);
            }
            A::Whisper {
                from, to, disguise, ..
            } => {
                self.opt(from, Location, ctx);
                self.value(to, Location, ctx);
                self.opt(disguise, Role, ctx);
            }
            A::Join {
                group, membership, ..
            } => {
                self.value(group, Group, ctx);
                self.opt(membership, Any, ctx);
            }
            A::Leave { group } => self.value(group, Group, ctx),
            A::AddToGroup {
                target,
                group,
                membership,
                ..
            } => {
                self.value(target, Any, ctx);
                self.value(group, Group, ctx);
                self.opt(membership, Any, ctx);
            }
            A::RemoveFromGroup { target, group } => {
                self.value(target, Any, ctx);
                self.value(group, Group, ctx);
            }
            A::Grant { role, target } | A::Revoke { role, target } => {
                self.value(role, Role, ctx);
                self.value(target, Any, ctx);
            }
            A::Transfer { role, from, to } => {
                self.value(role, Role, ctx);
                self.value(from, Any, ctx);
                self.value(to, Any, ctx);
            }
            A::Loyalty { to, kind } => {
                let pos = match kind {
                    LoyaltyKind::Group => Group,
                    LoyaltyKind::Alignment => Team,
                };
                self.value(to, pos, ctx);
            }
            A::Obstruct {
                target, feedback, ..
            } => {
                self.value(target, Any, ctx);
                // `@Result` is the default feedback inside an obstruction's fake feedback.
                let mut fctx = *ctx;
                fctx.result = true;
                let ctx = &fctx;
                match feedback {
                    Some(ObstructFeedback::Single(v)) => self.value(v, Any, ctx),
                    Some(ObstructFeedback::Chances(items)) => {
                        for (_, v) in items {
                            self.value(v, Any, ctx);
                        }
                    }
                    None => {}
                }
            }
            A::Reveal { what, to } => {
                self.value(what, Any, ctx);
                self.value(to, Location, ctx);
            }
            A::Announce { info } | A::Learn { info } | A::Know { info } => {
                self.value(info, Any, ctx)
            }
            A::Change { kind, target, to } => {
                self.value(target, Any, ctx);
                let pos = match kind {
                    ChangeKind::Role => Role,
                    ChangeKind::Alignment => Team,
                    ChangeKind::Group => Any,
                };
                self.value(to, pos, ctx);
            }
            A::ChoiceCreation {
                name, recipient, ..
            } => {
                self.value(name, Any, ctx);
                self.opt(recipient, Location, ctx);
            }
            A::ChoiceChoose { name, option } => {
                self.value(name, Any, ctx);
                self.value(option, Any, ctx);
            }
            A::Disband { target } => self.opt(target, Group, ctx),
            A::Counter { value, target, .. } => {
                self.opt(value, Any, ctx);
                self.opt(target, Any, ctx);
            }
            A::ConversationReset { target } => self.opt(target, Role, ctx),
            A::Cancel { feedback } => self.opt(feedback, Any, ctx),
            A::Shuffle { targets } => {
                for t in targets {
                    self.value(t, Any, ctx);
                }
            }
            A::Emit { value, target, .. } => {
                self.value(value, Any, ctx);
                self.opt(target, Any, ctx);
            }
            A::Display { name, .. } => self.value(name, Any, ctx),
            A::UpdateDisplay { name, index, value } => {
                self.value(name, Any, ctx);
                self.value(index, Any, ctx);
                self.value(value, Any, ctx);
            }
            A::Format {
                target,
                template,
                split,
            } => {
                self.value(target, Any, ctx);
                self.value(template, Any, ctx);
                if let Some((a, b)) = split {
                    self.value(a, Any, ctx);
                    self.value(b, Any, ctx);
                }
            }
            A::Lock { location, .. } => self.value(location, Location, ctx),
            A::Execute { name, location } => {
                self.value(name, Any, ctx);
                self.value(location, Location, ctx);
            }
            A::Activate { target, activation } => {
                self.value(target, Any, ctx);
                if let Activation::While(v) = activation {
                    self.value(v, Any, ctx);
                }
            }
            A::Feedback { value } | A::Store { value } => self.value(value, Any, ctx),
            A::Log { value, name } => {
                self.value(value, Any, ctx);
                if let Some(n) = name {
                    self.value(n, Any, ctx);
                }
            }
        }
    }
}

pub(crate) fn visit<'a>(ability: &'a Ability, f: &mut dyn FnMut(Reference<'a>)) {
    let ctx = Ctx {
        trigger: &ability.trigger,
        for_each: false,
        result: false,
        choose: false,
    };
    let mut w = Walker { f };
    match &ability.trigger {
        Trigger::On {
            subject: Some(s), ..
        } => w.value(s, Pos::Any, &ctx),
        Trigger::PollWin { poll: Some(p), .. } => w.value(p, Pos::Poll, &ctx),
        _ => {}
    }
    w.params(&ability.params, &ctx);
    w.steps(&ability.steps, &ctx);
}
