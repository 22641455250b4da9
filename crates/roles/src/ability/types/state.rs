//! Ability types that change the game's state: attributes, extra roles, copying and
//! ascension, counters and resets, swapping players, displays, and the abilities found in real
//! files.

use crate::ability::ast::{AbilityKind, Activation, CompactString, CounterOp, LoyaltyKind};
use crate::ability::lex::{Cursor, PErr, PResult, split_top_commas};

impl Cursor<'_> {
    /// Attributes: `Apply`, `Remove` (an attribute, or a player from a group) and
    /// `Change … value`.
    pub(super) fn attributes(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
        if self.kw("Apply") {
            let attribute = self.value()?;
            self.expect_kw("to", "before the target")?;
            let target = self.value()?;
            let duration = self.opt_duration()?;
            let data = self.attribute_data()?;
            return Ok(Some(A::Apply {
                attribute,
                target,
                duration,
                data,
            }));
        }
        if self.kw("Remove") {
            let first = self.value()?;
            self.expect_kw("from", "before the target")?;
            let second = self.value()?;
            // `Remove <Selector> from #Group` / `` from `Group` `` takes a player out of a group;
            // everything else removes an attribute.
            let group = second.as_group().is_some() || second.as_text().is_some();
            return Ok(Some(if group && first.as_text().is_none() {
                A::RemoveFromGroup {
                    target: first,
                    group: second,
                }
            } else {
                A::RemoveAttribute {
                    attribute: first,
                    target: second,
                }
            }));
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
            return Ok(Some(A::ChangeAttribute {
                attribute,
                index,
                value,
                target,
            }));
        }
        Ok(None)
    }

    /// Extra roles and loyalty: `Grant`, `Revoke`, `Transfer`, `Loyalty`.
    pub(super) fn extra_roles(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
        if self.kw("Grant") {
            let role = self.value()?;
            self.expect_kw("to", "before the target")?;
            return Ok(Some(A::Grant {
                role,
                target: self.value()?,
            }));
        }
        if self.kw("Revoke") {
            let role = self.value()?;
            self.expect_kw("from", "before the target")?;
            return Ok(Some(A::Revoke {
                role,
                target: self.value()?,
            }));
        }
        if self.kw("Transfer") {
            let role = self.value()?;
            self.expect_kw("from", "before the current holder")?;
            let from = self.value()?;
            self.expect_kw("to", "before the new holder")?;
            return Ok(Some(A::Transfer {
                role,
                from,
                to: self.value()?,
            }));
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
            return Ok(Some(A::Loyalty { to, kind }));
        }
        Ok(None)
    }

    /// `Copy <Target> [(Suppressed)]`, `Ascend`, `Descend`, `Win`, `Disband [<Target>]`.
    pub(super) fn copy_and_ascension(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
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
            return Ok(Some(A::Copy { target, suppressed }));
        }
        if self.kw("Ascend") {
            return Ok(Some(A::Ascend));
        }
        if self.kw("Descend") {
            return Ok(Some(A::Descend));
        }
        if self.kw("Win") {
            return Ok(Some(A::Win));
        }
        if self.kw("Disband") {
            let target = if self.at_end() {
                None
            } else {
                Some(self.value()?)
            };
            return Ok(Some(A::Disband { target }));
        }
        Ok(None)
    }

    /// Counters (`Increment|Decrement|Set Counter`) and `Conversation Reset [<Target>]`.
    pub(super) fn counters_and_resets(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
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
                return Ok(Some(A::Counter {
                    op: *op,
                    value,
                    target,
                }));
            }
            self.pos = save;
        }
        if self.kw("Conversation Reset") {
            let target = if self.at_end() {
                None
            } else {
                Some(self.value()?)
            };
            return Ok(Some(A::ConversationReset { target }));
        }
        Ok(None)
    }

    /// `Switch with <Target>` and `Shuffle <Target> <Target> …`.
    pub(super) fn swapping_players(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
        if self.kw("Switch") {
            self.expect_kw("with", "after `Switch`")?;
            return Ok(Some(A::Switch {
                target: self.value()?,
            }));
        }
        if self.kw("Shuffle") {
            let mut targets = vec![self.value()?];
            while !self.at_end() {
                targets.push(self.value()?);
            }
            return Ok(Some(A::Shuffle { targets }));
        }
        Ok(None)
    }

    /// Emitted values and displays: `[End] Emit`, `Display`, `Update`, `Format`.
    pub(super) fn display(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
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
            return Ok(Some(A::Emit {
                end: end_emit,
                value,
                target,
            }));
        }
        if self.kw("Display") {
            let name = self.value()?;
            self.ws();
            let values: Vec<CompactString> = if self.peek() == Some('(') {
                let (a, b) = self.group("display values")?;
                let values: Vec<CompactString> = split_top_commas(self.src, a, b)
                    .map(|(x, y)| CompactString::from(&self.src[x..y]))
                    .collect();
                if values.len() > 4 || values.iter().any(|v| v.is_empty()) {
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
            return Ok(Some(A::Display { name, values }));
        }
        if self.kw("Update") {
            let name = self.value()?;
            self.expect_kw("value", "before the value index")?;
            let index = self.value()?;
            self.expect_kw("to", "before the new value")?;
            return Ok(Some(A::UpdateDisplay {
                name,
                index,
                value: self.value()?,
            }));
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
            return Ok(Some(A::Format {
                target,
                template,
                split,
            }));
        }
        Ok(None)
    }

    /// Abilities found in real files: `Resurrect`, `Unlock`/`Lock`, `Execute`, `Activate`,
    /// `Continue`; and the bot's `Store <Value>` and `Log <Value> [as <Name>]`.
    pub(super) fn real_file_abilities(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
        if self.kw("Resurrect") {
            return Ok(Some(A::Resurrect {
                target: self.value()?,
            }));
        }
        if self.kw("Unlock") {
            return Ok(Some(A::Lock {
                location: self.value()?,
                unlock: true,
            }));
        }
        if self.kw("Lock") {
            return Ok(Some(A::Lock {
                location: self.value()?,
                unlock: false,
            }));
        }
        if self.kw("Execute") {
            let name = self.value()?;
            self.expect_kw("to", "before the location")?;
            return Ok(Some(A::Execute {
                name,
                location: self.value()?,
            }));
        }
        if self.kw("Activate") {
            let target = self.value()?;
            let activation = if self.kw("always") {
                Activation::Always
            } else {
                self.expect_kw("while", "or `always` after the target")?;
                Activation::While(self.value()?)
            };
            return Ok(Some(A::Activate { target, activation }));
        }
        if self.kw("Continue") {
            return Ok(Some(A::Continue));
        }
        if self.kw("Store") {
            return Ok(Some(A::Store {
                value: self.value()?,
            }));
        }
        if self.kw("Log") {
            let value = self.value()?;
            let name = if self.kw("as") {
                Some(self.value()?)
            } else {
                None
            };
            return Ok(Some(A::Log { value, name }));
        }
        Ok(None)
    }
}
