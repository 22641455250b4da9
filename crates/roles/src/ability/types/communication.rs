//! Ability types of polls, votes, whispers, group membership and information.

use crate::ability::ast::{AbilityKind, Loc, PollAction, PollManipulation, Value};
use crate::ability::lex::{Cursor, PResult};

impl Cursor<'_> {
    /// `Manipulate`: a poll, or a player's votes.
    pub(super) fn manipulating(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
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
                return Ok(Some(A::ManipulatePoll {
                    poll: first,
                    manipulation,
                    duration,
                }));
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
                    text: words.join(" ").into(),
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
            return Ok(Some(A::ManipulateVotes {
                target: first,
                subtype,
                relative,
                value,
                duration,
            }));
        }
        Ok(None)
    }

    /// Polls: `Add|Cancel|Delete <Poll> Poll` and `Create [<Poll>] Poll in <Location> [as <Name>]`.
    pub(super) fn polls(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
        for p in PollAction::ALL {
            let save = self.pos;
            if self.kw(p.name()) {
                self.ws();
                if self.peek().is_some_and(|c| c == '`' || c == '%') {
                    let mut probe = self.clone();
                    if let Ok(poll) = probe.value() {
                        if probe.kw("Poll") {
                            *self = probe;
                            let duration = self.opt_duration()?;
                            return Ok(Some(A::Poll {
                                action: *p,
                                poll,
                                duration,
                            }));
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
            return Ok(Some(A::CreatePoll {
                poll,
                location,
                name,
            }));
        }
        Ok(None)
    }

    /// `Whisper [from <Location>] to <Location> [as <Disguise>] (<Duration>)`.
    pub(super) fn whispering(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
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
            return Ok(Some(A::Whisper {
                from,
                to,
                disguise,
                duration,
            }));
        }
        Ok(None)
    }

    /// Group membership: `Join`, `Leave`, and `Add <Target> to <Group>` (or the applying form
    /// of `Add`).
    pub(super) fn group_membership(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
        if self.kw("Join") {
            let group = self.value()?;
            let membership = if self.kw("as") {
                Some(self.value()?)
            } else {
                None
            };
            let duration = self.opt_duration()?;
            return Ok(Some(A::Join {
                group,
                membership,
                duration,
            }));
        }
        if self.kw("Leave") {
            return Ok(Some(A::Leave {
                group: self.value()?,
            }));
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
                return Ok(Some(A::Apply {
                    attribute: target,
                    target: group,
                    duration,
                    data,
                }));
            }
            let membership = if self.kw("as") {
                Some(self.value()?)
            } else {
                None
            };
            let duration = self.opt_duration()?;
            return Ok(Some(A::AddToGroup {
                target,
                group,
                membership,
                duration,
            }));
        }
        Ok(None)
    }

    /// Information: `Reveal`, `Announce`, `Learn`, `Know`.
    pub(super) fn informing(&mut self) -> PResult<Option<AbilityKind>> {
        use AbilityKind as A;
        if self.kw("Reveal") {
            let what = self.value()?;
            self.expect_kw("to", "before the reveal location")?;
            return Ok(Some(A::Reveal {
                what,
                to: self.value()?,
            }));
        }
        if self.kw("Announce") {
            return Ok(Some(A::Announce {
                info: self.value()?,
            }));
        }
        if self.kw("Learn") {
            return Ok(Some(A::Learn {
                info: self.value()?,
            }));
        }
        if self.kw("Know") {
            return Ok(Some(A::Know {
                info: self.value()?,
            }));
        }
        Ok(None)
    }
}
