//! Ability types that act on players at night: killing, role changes, investigations,
//! targeting, disguises, protection, redirection, cancelling and obstruction.

use super::TARGET_TYPES;
use crate::ability::ast::{
    AbilityFilter, AbilityKind, ChangeKind, DefenseKind, DisguiseStrength, InvestigateKind,
    KillKind, Loc, ObstructFeedback, PhaseKind, Protection,
};
use crate::ability::ast::{Base, CompactString, Sigil, Value};
use crate::ability::lex::{ByteSet, Cursor, PErr, PResult, scan_top_in, split_top_commas, suggest};

impl Cursor<'_> {
    /// Killing: `Kill|Attack|Lynch|True Kill|Banish|True Banish <Target>`.
    pub(super) fn killing(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
        for k in KillKind::ALL {
            if self.kw(k.name()) {
                return Ok(Some(A::Killing {
                    kind: *k,
                    target: self.value()?,
                }));
            }
        }
        Ok(None)
    }

    /// Changing a player's role, alignment or group:
    /// `<Role|Alignment|Group> Change <Target> to <New>`, and `Role Change to <Role>` with the
    /// target left implicit (the player itself: `@Self`).
    pub(super) fn role_changing(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
        for k in ChangeKind::ALL {
            let save = self.pos;
            if self.kw(k.name()) && self.kw("Change") {
                let target = if *k == ChangeKind::Role && self.kw("to") {
                    // `Role Change to <Role>` (bot only): the player itself.
                    self_at(self.span(save, self.pos))
                } else {
                    let target = self.value()?;
                    self.expect_kw("to", "after the changed target")?;
                    target
                };
                return Ok(Some(A::Change {
                    kind: *k,
                    target,
                    to: self.value()?,
                }));
            }
            self.pos = save;
        }
        Ok(None)
    }

    /// Investigations: by kind, of an attribute, or counting players.
    pub(super) fn investigating(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
        for k in InvestigateKind::ALL {
            let save = self.pos;
            if self.kw(k.name()) && self.kw("Investigate") {
                let target = self.value()?;
                let disguises = self.disguise_levels()?;
                return Ok(Some(A::Investigate {
                    kind: *k,
                    target,
                    disguises,
                }));
            }
            self.pos = save;
        }
        if self.kw("Attribute Investigate") {
            let target = self.value()?;
            self.expect_kw("for", "before the attribute")?;
            let attribute = self.value()?;
            let disguises = self.disguise_levels()?;
            return Ok(Some(A::AttributeInvestigate {
                target,
                attribute,
                disguises,
            }));
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
            return Ok(Some(A::InvestigateCount {
                target,
                players,
                disguises,
            }));
        }
        Ok(None)
    }

    /// `Untarget`, and `Target <Target> (<Type>)`, the type one of [`TARGET_TYPES`] or the
    /// bot's `List: <Option>, …`.
    pub(super) fn targeting(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
        if self.kw("Untarget") {
            return Ok(Some(A::Untarget));
        }
        if self.kw("Target") {
            let target = self.value()?;
            self.ws();
            let kind = if self.peek() == Some('(') {
                let (a, b) = self.group("a target type")?;
                let t = crate::ability::trigger::collapse_ws(&self.src[a..b]);
                // `(List: <Option>, …)`: the bot's parser takes the options as written.
                if let Some(items) = t
                    .get(..5)
                    .filter(|head| head.eq_ignore_ascii_case("List:"))
                    .map(|_| t[5..].trim())
                    .filter(|items| !items.is_empty())
                {
                    let kind = Some(compact_str::format_compact!("List: {items}"));
                    return Ok(Some(A::Target { target, kind }));
                }
                let Some(known) = TARGET_TYPES.iter().find(|k| k.eq_ignore_ascii_case(&t)) else {
                    let mut e = PErr::new(self.span(a, b), format!("unknown target type `{t}`"))
                        .expected_names(TARGET_TYPES);
                    if let Some(s) = suggest(&t, TARGET_TYPES.iter().copied()) {
                        e = e.help(format!("did you mean `{s}`?"));
                    }
                    return Err(e);
                };
                Some(CompactString::from(*known))
            } else {
                None
            };
            return Ok(Some(A::Target { target, kind }));
        }
        Ok(None)
    }

    /// `<Weakly|Strongly> Disguise <Target> as <Role> (<Duration>)`.
    pub(super) fn disguising(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
        for s in DisguiseStrength::ALL {
            let save = self.pos;
            if self.kw(s.name()) && self.kw("Disguise") {
                let target = self.value()?;
                self.expect_kw("as", "before the disguise role")?;
                let role = self.value()?;
                let duration = self.opt_duration()?;
                return Ok(Some(A::Disguise {
                    strength: *s,
                    target,
                    role,
                    duration,
                }));
            }
            self.pos = save;
        }
        Ok(None)
    }

    /// `Protect <Target> from <Killing> [by <Selector>] through <Subtype> [during <Phase>]
    /// (<Duration>)`.
    pub(super) fn protecting(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
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
            return Ok(Some(A::Protect {
                target,
                from,
                by,
                through,
                during,
                duration,
            }));
        }
        Ok(None)
    }

    /// `Redirect <Subtype> [from <Source>] to <Target> (<Duration>)`.
    pub(super) fn redirecting(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
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
            return Ok(Some(A::Redirect {
                subtype,
                source,
                target,
                duration,
            }));
        }
        Ok(None)
    }

    /// `Cancel [with <Feedback>]`.
    pub(super) fn cancelling(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
        if self.kw("Cancel") {
            let feedback = if self.kw("with") {
                Some(self.value()?)
            } else {
                None
            };
            return Ok(Some(A::Cancel { feedback }));
        }
        Ok(None)
    }

    /// `Obstruct …` (see [`obstruct`](Self::obstruct)).
    pub(super) fn obstructing(&mut self) -> PResult<Option<AbilityKind>> {
        if self.kw("Obstruct") {
            return self.obstruct().map(Some);
        }
        Ok(None)
    }

    pub(super) fn obstruct(&mut self) -> PResult<AbilityKind> {
        // `Obstruct <Ability Type> for <Target> …` when a top-level `for` follows.
        let mut for_at = None;
        let rest_start = self.pos;
        let s = self.src;
        const F: ByteSet = ByteSet::new(b"f");
        scan_top_in(s, rest_start, self.end, &F, |i, c| {
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
                let (a, b) = crate::ability::lex::trim_range(s, rest_start, f);
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
                    name: crate::ability::trigger::collapse_ws(name).into(),
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
                    let chance = CompactString::from(piece[..colon].trim());
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
}

/// `@Self` standing for a target the text leaves implicit, placed at `span`.
fn self_at(span: crate::diag::Span) -> Value {
    Value::Path {
        base: Base::Selector {
            sigil: Sigil::Player,
            name: "Self".into(),
        },
        annotation: None,
        props: Vec::new(),
        loc: Loc::new(span),
    }
}
