//! Canonical text of abilities.
//!
//! Canonical form: two-space indentation per level with the guide's glyphs (`•`, `‣`, `◦`, `·`,
//! `⁃`, `⹀`); parameters in the guide's order `[restrictions] {compulsion} ⟨scaling⟩ |prompt|`,
//! after the ability on a single-line ability and after the head otherwise; a head (`Process:`,
//! a condition, `For Each`…) with exactly one plain ability is written on one line; and/or
//! operands are always parenthesised; backtick constants for the guide's `'X'`.

use std::fmt::Write;

use super::ast::*;
use super::block::GLYPHS;

impl Value {
    /// Appends the canonical text of this value.
    pub fn write(&self, out: &mut String) {
        match self {
            Value::Path {
                base,
                annotation,
                props,
                ..
            } => {
                match base {
                    Base::Selector { sigil, name } => {
                        out.push_str(sigil.name());
                        out.push_str(name);
                    }
                    Base::Query { sigil, items } => {
                        out.push_str(sigil.name());
                        out.push('(');
                        for (i, it) in items.iter().enumerate() {
                            if i > 0 {
                                out.push(',');
                            }
                            out.push_str(&it.key);
                            out.push(':');
                            if it.negated {
                                out.push('!');
                            }
                            out.push_str(&it.value);
                        }
                        out.push(')');
                    }
                    Base::Group(g) => {
                        out.push('#');
                        out.push_str(g);
                    }
                    Base::Text(t) => {
                        out.push('`');
                        out.push_str(t);
                        out.push('`');
                    }
                    Base::Host(h) => {
                        out.push('%');
                        out.push_str(h);
                        out.push('%');
                    }
                    Base::Variable(v) => {
                        out.push('$');
                        out.push_str(v);
                    }
                }
                write_annotation(out, annotation);
                for p in props {
                    out.push_str("->");
                    out.push_str(&p.name);
                    if let Some(a) = &p.arg {
                        out.push('(');
                        out.push_str(a);
                        out.push(')');
                    }
                    write_annotation(out, &p.annotation);
                }
            }
            Value::Number { text, .. } | Value::Word { text, .. } => out.push_str(text),
            Value::Math {
                rounding,
                value,
                divisor,
                ..
            } => {
                if let Some(r) = rounding {
                    out.push_str(r.name());
                    out.push(' ');
                }
                value.write(out);
                if let Some(d) = divisor {
                    out.push('/');
                    d.write(out);
                }
            }
            Value::Sum { items, .. } => {
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push('+');
                    }
                    v.write(out);
                }
            }
        }
    }

    pub fn to_text(&self) -> String {
        let mut s = String::new();
        self.write(&mut s);
        s
    }
}

fn write_annotation(out: &mut String, a: &Option<CompactString>) {
    if let Some(a) = a {
        out.push('[');
        out.push_str(a);
        out.push(']');
    }
}

impl Condition {
    /// Appends the canonical text of this condition.
    pub fn write(&self, out: &mut String) {
        match self {
            Condition::Compare { lhs, op, rhs, .. } => {
                lhs.write(out);
                out.push(' ');
                out.push_str(op.name());
                out.push(' ');
                rhs.write(out);
            }
            Condition::Exists { value, .. } => {
                value.write(out);
                out.push_str(" exists");
            }
            Condition::Not(c) => {
                out.push_str("not (");
                c.write(out);
                out.push(')');
            }
            Condition::And(items) | Condition::Or(items) => {
                let op = if matches!(self, Condition::And(_)) {
                    " and "
                } else {
                    " or "
                };
                for (i, c) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(op);
                    }
                    out.push('(');
                    c.write(out);
                    out.push(')');
                }
            }
        }
    }
}

impl Params {
    /// Appends ` [..] {..} ⟨..⟩ |..|` (each with a leading space) for the parameters present.
    pub fn write(&self, out: &mut String) {
        if !self.restrictions.is_empty() {
            out.push_str(" [");
            for (i, r) in self.restrictions.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                r.write(out);
            }
            out.push(']');
        }
        if !self.compulsion.is_empty() {
            out.push_str(" {");
            for (i, c) in self.compulsion.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                match c {
                    Compulsion::Forced { default, .. } => {
                        out.push_str("Forced");
                        if let Some(d) = default {
                            out.push_str(": ");
                            d.write(out);
                        }
                    }
                    Compulsion::Direct { .. } => out.push_str("Direct"),
                    Compulsion::Repeating { .. } => out.push_str("Repeating"),
                    Compulsion::Visitless { .. } => out.push_str("Visitless"),
                    Compulsion::Vanishing { .. } => out.push_str("Vanishing"),
                }
            }
            out.push('}');
        }
        if let Some(s) = &self.scaling {
            out.push_str(" ⟨");
            s.write(out);
            out.push('⟩');
        }
        if let Some(p) = &self.prompt {
            out.push_str(" |");
            if p.silent {
                out.push_str("silent:");
            }
            out.push_str(&p.key);
            out.push('|');
        }
    }
}

impl Restriction {
    pub fn write(&self, out: &mut String) {
        match self {
            Restriction::Temporal {
                phase,
                number,
                or_later,
                ..
            } => {
                out.push_str("Temporal: ");
                out.push_str(phase.name());
                if let Some(n) = number {
                    let _ = write!(out, " {n}");
                }
                if *or_later {
                    out.push('+');
                }
            }
            Restriction::Attribute {
                target,
                has,
                attribute,
                ..
            } => {
                out.push_str("Attribute: ");
                if let Some(t) = target {
                    t.write(out);
                    out.push(' ');
                }
                out.push_str(if *has { "has " } else { "lacks " });
                attribute.write(out);
            }
            Restriction::Succession { per_target, .. } => out.push_str(if *per_target {
                "Succession: No Target Succession"
            } else {
                "Succession: No Succession"
            }),
            Restriction::Quantity { value, .. } => {
                out.push_str("Quantity: ");
                value.write(out);
            }
            Restriction::Condition { condition, .. } => {
                out.push_str("Condition: ");
                condition.write(out);
            }
            Restriction::Status { status, .. } => {
                out.push_str("Status: ");
                out.push_str(status.name());
            }
        }
    }
}

impl Scaling {
    pub fn write(&self, out: &mut String) {
        match self {
            Scaling::Static { times, .. } => {
                let _ = write!(out, "x{times}");
            }
            Scaling::Value { value, .. } => value.write(out),
            Scaling::Cases { cases, .. } => {
                for (i, c) in cases.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    if let Some((l, op, r)) = &c.when {
                        l.write(out);
                        out.push_str(op.name());
                        r.write(out);
                        out.push_str(" ⇒ ");
                    }
                    match &c.count {
                        ScaleCount::Times(n) => {
                            let _ = write!(out, "x{n}");
                        }
                        ScaleCount::Value(v) => v.write(out),
                    }
                }
            }
            Scaling::Phase { odd, even, .. } => {
                if let Some(o) = odd {
                    out.push_str("Odd: ");
                    o.write(out);
                }
                if let Some(e) = even {
                    if odd.is_some() {
                        out.push_str(", ");
                    }
                    out.push_str("Even: ");
                    e.write(out);
                }
            }
        }
    }
}

impl Trigger {
    pub fn write(&self, out: &mut String) {
        match self {
            Trigger::Timing { timing, .. } => out.push_str(timing.name()),
            Trigger::On {
                subject,
                event,
                filter,
                ..
            } => {
                out.push_str("On ");
                if let Some(s) = subject {
                    s.write(out);
                    out.push(' ');
                }
                out.push_str(event.name());
                if let Some(f) = filter {
                    out.push_str(" [");
                    if f.negated {
                        out.push('!');
                    }
                    out.push_str(&f.name);
                    out.push(']');
                }
            }
            Trigger::PollWin { poll, .. } => {
                out.push_str("On Poll ");
                if let Some(p) = poll {
                    p.write(out);
                    out.push(' ');
                }
                out.push_str("Win");
            }
            Trigger::Emitted { value, end, .. } => {
                out.push_str("On ");
                if let Some(v) = value {
                    v.write(out);
                    out.push(' ');
                }
                if *end {
                    out.push_str("End ");
                }
                out.push_str("Emitted");
            }
            Trigger::Whisper { value, .. } => {
                out.push_str("On ");
                value.write(out);
                out.push_str(" Whisper");
            }
            Trigger::ChoiceChosen { option, .. } => {
                out.push_str("Choice ");
                if let Some(o) = option {
                    o.write(out);
                    out.push(' ');
                }
                out.push_str("Chosen");
            }
            Trigger::Unknown { text, .. } => out.push_str(text),
        }
    }
}

fn dur(out: &mut String, d: &Option<Duration>) {
    if let Some(d) = d {
        out.push_str(" (~");
        out.push_str(&d.name);
        out.push(')');
    }
}

fn sp(out: &mut String, v: &Value) {
    out.push(' ');
    v.write(out);
}

fn kw_v(out: &mut String, kw: &str, v: &Value) {
    out.push(' ');
    out.push_str(kw);
    sp(out, v);
}

fn opt_kw_v(out: &mut String, kw: &str, v: &Option<Value>) {
    if let Some(v) = v {
        kw_v(out, kw, v);
    }
}

fn list<S: AsRef<str>>(out: &mut String, items: &[S]) {
    out.push_str(" (");
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(item.as_ref());
    }
    out.push(')');
}

impl AbilityKind {
    pub fn write(&self, out: &mut String) {
        use AbilityKind as A;
        match self {
            A::Killing { kind, target } => {
                out.push_str(kind.name());
                sp(out, target);
            }
            A::Investigate {
                kind,
                target,
                disguises,
            } => {
                out.push_str(kind.name());
                out.push_str(" Investigate");
                sp(out, target);
                if !disguises.is_empty() {
                    list(out, disguises);
                }
            }
            A::AttributeInvestigate {
                target,
                attribute,
                disguises,
            } => {
                out.push_str("Attribute Investigate");
                sp(out, target);
                kw_v(out, "for", attribute);
                if !disguises.is_empty() {
                    list(out, disguises);
                }
            }
            A::InvestigateCount {
                target,
                players,
                disguises,
            } => {
                out.push_str("Investigate");
                sp(out, target);
                out.push_str(if *players { " Player Count" } else { " Count" });
                if !disguises.is_empty() {
                    list(out, disguises);
                }
            }
            A::Target { target, kind } => {
                out.push_str("Target");
                sp(out, target);
                if let Some(k) = kind {
                    let _ = write!(out, " ({k})");
                }
            }
            A::Untarget => out.push_str("Untarget"),
            A::Disguise {
                strength,
                target,
                role,
                duration,
            } => {
                out.push_str(strength.name());
                out.push_str(" Disguise");
                sp(out, target);
                kw_v(out, "as", role);
                dur(out, duration);
            }
            A::Protect {
                target,
                from,
                by,
                through,
                during,
                duration,
            } => {
                out.push_str("Protect");
                sp(out, target);
                kw_v(out, "from", from);
                opt_kw_v(out, "by", by);
                out.push_str(" through ");
                match through {
                    Protection::Defense(d) => out.push_str(d.name()),
                    Protection::Absence(l) => {
                        out.push_str("Absence at");
                        sp(out, l);
                    }
                }
                if let Some(p) = during {
                    out.push_str(" during ");
                    out.push_str(p.name());
                }
                dur(out, duration);
            }
            A::Apply {
                attribute,
                target,
                duration,
                data,
            } => {
                out.push_str("Apply");
                sp(out, attribute);
                kw_v(out, "to", target);
                dur(out, duration);
                if !data.is_empty() {
                    let items: Vec<String> = data.iter().map(Value::to_text).collect();
                    list(out, &items);
                }
            }
            A::RemoveAttribute { attribute, target } => {
                out.push_str("Remove");
                sp(out, attribute);
                kw_v(out, "from", target);
            }
            A::ChangeAttribute {
                attribute,
                index,
                value,
                target,
            } => {
                out.push_str("Change");
                sp(out, attribute);
                kw_v(out, "value", index);
                kw_v(out, "to", value);
                opt_kw_v(out, "for", target);
            }
            A::Redirect {
                subtype,
                source,
                target,
                duration,
            } => {
                out.push_str("Redirect");
                sp(out, subtype);
                opt_kw_v(out, "from", source);
                kw_v(out, "to", target);
                dur(out, duration);
            }
            A::ManipulateVotes {
                target,
                subtype,
                relative,
                value,
                duration,
            } => {
                out.push_str("Manipulate");
                sp(out, target);
                out.push_str("'s");
                sp(out, subtype);
                kw_v(out, if *relative { "by" } else { "to" }, value);
                dur(out, duration);
            }
            A::ManipulatePoll {
                poll,
                manipulation,
                duration,
            } => {
                out.push_str("Manipulate");
                sp(out, poll);
                out.push_str(" Poll (");
                match manipulation {
                    PollManipulation::Is { target, kind } => {
                        target.write(out);
                        kw_v(out, "is", kind);
                    }
                    PollManipulation::Votes {
                        target,
                        count,
                        hidden,
                    } => {
                        target.write(out);
                        kw_v(out, "has", count);
                        out.push_str(if *hidden { " hidden votes" } else { " votes" });
                    }
                }
                out.push(')');
                dur(out, duration);
            }
            A::Poll {
                action,
                poll,
                duration,
            } => {
                out.push_str(action.name());
                sp(out, poll);
                out.push_str(" Poll");
                dur(out, duration);
            }
            A::CreatePoll {
                poll,
                location,
                name,
            } => {
                out.push_str("Create");
                if let Some(p) = poll {
                    sp(out, p);
                }
                out.push_str(" Poll");
                kw_v(out, "in", location);
                opt_kw_v(out, "as", name);
            }
            A::Whisper {
                from,
                to,
                disguise,
                duration,
            } => {
                out.push_str("Whisper");
                opt_kw_v(out, "from", from);
                kw_v(out, "to", to);
                opt_kw_v(out, "as", disguise);
                dur(out, duration);
            }
            A::Join {
                group,
                membership,
                duration,
            } => {
                out.push_str("Join");
                sp(out, group);
                opt_kw_v(out, "as", membership);
                dur(out, duration);
            }
            A::Leave { group } => {
                out.push_str("Leave");
                sp(out, group);
            }
            A::AddToGroup {
                target,
                group,
                membership,
                duration,
            } => {
                out.push_str("Add");
                sp(out, target);
                kw_v(out, "to", group);
                opt_kw_v(out, "as", membership);
                dur(out, duration);
            }
            A::RemoveFromGroup { target, group } => {
                out.push_str("Remove");
                sp(out, target);
                kw_v(out, "from", group);
            }
            A::Grant { role, target } => {
                out.push_str("Grant");
                sp(out, role);
                kw_v(out, "to", target);
            }
            A::Revoke { role, target } => {
                out.push_str("Revoke");
                sp(out, role);
                kw_v(out, "from", target);
            }
            A::Transfer { role, from, to } => {
                out.push_str("Transfer");
                sp(out, role);
                kw_v(out, "from", from);
                kw_v(out, "to", to);
            }
            A::Loyalty { to, kind } => {
                out.push_str("Loyalty to");
                sp(out, to);
                let _ = write!(out, " ({})", kind.name());
            }
            A::Obstruct {
                abilities,
                target,
                feedback,
                duration,
            } => {
                out.push_str("Obstruct");
                if let Some(f) = abilities {
                    out.push(' ');
                    if f.negated {
                        out.push('!');
                    }
                    out.push_str(&f.name);
                    out.push_str(" for");
                }
                sp(out, target);
                match feedback {
                    Some(ObstructFeedback::Single(v)) => {
                        out.push_str(" ⇒");
                        sp(out, v);
                    }
                    Some(ObstructFeedback::Chances(items)) => {
                        out.push_str(" ⇒ (");
                        for (i, (c, v)) in items.iter().enumerate() {
                            if i > 0 {
                                out.push(',');
                            }
                            out.push_str(c);
                            out.push(':');
                            v.write(out);
                        }
                        out.push(')');
                    }
                    None => {}
                }
                dur(out, duration);
            }
            A::Reveal { what, to } => {
                out.push_str("Reveal");
                sp(out, what);
                kw_v(out, "to", to);
            }
            A::Announce { info } => {
                out.push_str("Announce");
                sp(out, info);
            }
            A::Learn { info } => {
                out.push_str("Learn");
                sp(out, info);
            }
            A::Know { info } => {
                out.push_str("Know");
                sp(out, info);
            }
            A::Change { kind, target, to } => {
                out.push_str(kind.name());
                out.push_str(" Change");
                sp(out, target);
                kw_v(out, "to", to);
            }
            A::Copy { target, suppressed } => {
                out.push_str("Copy");
                sp(out, target);
                if *suppressed {
                    out.push_str(" (Suppressed)");
                }
            }
            A::ChoiceCreation {
                name,
                recipient,
                options,
            } => {
                name.write(out);
                out.push_str(" Choice Creation");
                opt_kw_v(out, "for", recipient);
                list(out, options);
            }
            A::ChoiceChoose { name, option } => {
                name.write(out);
                out.push_str(" Choice Choose");
                sp(out, option);
            }
            A::Ascend => out.push_str("Ascend"),
            A::Descend => out.push_str("Descend"),
            A::Win => out.push_str("Win"),
            A::Disband { target } => {
                out.push_str("Disband");
                if let Some(t) = target {
                    sp(out, t);
                }
            }
            A::Counter { op, value, target } => {
                out.push_str(op.name());
                out.push_str(" Counter");
                if *op == CounterOp::Set {
                    opt_kw_v(out, "to", value);
                } else {
                    opt_kw_v(out, "by", value);
                }
                opt_kw_v(out, "for", target);
            }
            A::ConversationReset { target } => {
                out.push_str("Conversation Reset");
                if let Some(t) = target {
                    sp(out, t);
                }
            }
            A::Cancel { feedback } => {
                out.push_str("Cancel");
                opt_kw_v(out, "with", feedback);
            }
            A::Switch { target } => {
                out.push_str("Switch with");
                sp(out, target);
            }
            A::Shuffle { targets } => {
                out.push_str("Shuffle");
                for t in targets {
                    sp(out, t);
                }
            }
            A::Emit { end, value, target } => {
                out.push_str(if *end { "End Emit" } else { "Emit" });
                sp(out, value);
                opt_kw_v(out, "for", target);
            }
            A::Display { name, values } => {
                out.push_str("Display");
                sp(out, name);
                if !values.is_empty() {
                    list(out, values);
                }
            }
            A::UpdateDisplay { name, index, value } => {
                out.push_str("Update");
                sp(out, name);
                kw_v(out, "value", index);
                kw_v(out, "to", value);
            }
            A::Format {
                target,
                template,
                split,
            } => {
                out.push_str("Format");
                sp(out, target);
                kw_v(out, "as", template);
                if let Some((sep, ty)) = split {
                    kw_v(out, "split by", sep);
                    kw_v(out, "as", ty);
                }
            }
            A::Resurrect { target } => {
                out.push_str("Resurrect");
                sp(out, target);
            }
            A::Lock { location, unlock } => {
                out.push_str(if *unlock { "Unlock" } else { "Lock" });
                sp(out, location);
            }
            A::Execute { name, location } => {
                out.push_str("Execute");
                sp(out, name);
                kw_v(out, "to", location);
            }
            A::Activate { target, activation } => {
                out.push_str("Activate");
                sp(out, target);
                match activation {
                    Activation::Always => out.push_str(" always"),
                    Activation::While(v) => kw_v(out, "while", v),
                }
            }
            A::Feedback { value } => value.write(out),
            A::Continue => out.push_str("Continue"),
            A::Store { value } => {
                out.push_str("Store");
                sp(out, value);
            }
            A::Log { value, name } => {
                out.push_str("Log");
                sp(out, value);
                if let Some(n) = name {
                    kw_v(out, "as", n);
                }
            }
            A::Nothing => out.push_str("*Nothing*"),
        }
    }
}

fn bullet(out: &mut String, level: usize) {
    for _ in 0..level {
        out.push_str("  ");
    }
    out.push(GLYPHS[(level.max(1) - 1).min(GLYPHS.len() - 1)]);
    out.push(' ');
}

/// Writes `head:` with its parameters and children: inline when the only child is a plain
/// ability and the head has no parameters, else as nested bullets.
fn head_body(out: &mut String, head: &str, params: &Params, children: &[Step], level: usize) {
    out.push_str(head);
    out.push(':');
    params.write(out);
    // Inline only without head parameters: parameters before an inline ability belong to it.
    if let (
        [
            Step::Do {
                ability, params: p, ..
            },
        ],
        true,
    ) = (children, params.is_empty())
    {
        out.push(' ');
        ability.write(out);
        p.write(out);
        out.push('\n');
    } else {
        out.push('\n');
        write_steps(out, children, level + 1);
    }
}

pub(crate) fn write_steps(out: &mut String, steps: &[Step], level: usize) {
    for s in steps {
        bullet(out, level);
        match s {
            Step::Do {
                ability, params, ..
            } => {
                ability.write(out);
                params.write(out);
                out.push('\n');
            }
            Step::If {
                guard,
                params,
                then,
                ..
            } => {
                let mut head = String::new();
                match guard {
                    Guard::When(c) => c.write(&mut head),
                    Guard::Otherwise { .. } => head.push_str("Otherwise"),
                    Guard::Always { .. } => head.push_str("Always"),
                }
                head_body(out, &head, params, then, level);
            }
            Step::Action { params, .. } => {
                out.push_str("Action:");
                params.write(out);
                out.push('\n');
            }
            Step::Process { params, steps, .. } => head_body(out, "Process", params, steps, level),
            Step::Evaluate { params, steps, .. } => {
                head_body(out, "Evaluate", params, steps, level)
            }
            Step::Feedback { steps, .. } => {
                head_body(out, "Feedback", &Params::default(), steps, level)
            }
            Step::ForEach {
                target,
                params,
                steps,
                ..
            } => {
                let head = format!("For Each {}", target.to_text());
                head_body(out, &head, params, steps, level);
            }
            Step::Invalid { text, .. } => {
                out.push_str(text);
                out.push('\n');
            }
        }
    }
}
