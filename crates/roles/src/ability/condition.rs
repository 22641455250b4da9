//! Conditions: pure conditions (`is`, `is not`, `is in`, `is part of`, `>`, `<`, `exists`,
//! `has`) combined with `not (…)`, `and` and `or`.
//!
//! Precedence: `or` binds tighter than `and`, as the draft guide's table defines
//! (`(A) and (B) or (C)` passes if A and at least one of B, C; `(A) or (B) and (C)` passes if C
//! and at least one of A, B). Chains of one operator are n-ary. Parenthesised operands nest
//! explicitly; the parser is a plain recursive descent with no backtracking over brackets
//! (nesting depth is bounded to keep hostile input from exhausting the stack).

use super::ast::{CompareOp, Condition, Loc};
use super::lex::{Cursor, PErr, PResult};

pub(crate) const CONDITION_FORMS: &[&str] = &[
    "`<Target> is <Value>`",
    "`<Target> is not <Value>`",
    "`<Target> > <Value>`",
    "`<Target> exists`",
    "`<Target> has <Attribute>`",
    "`<Target> is in #Group`",
    "`<Target> is part of <Target>`",
    "`not (<Condition>)`",
    "`(<Condition>) and (<Condition>)`",
];

const MAX_DEPTH: usize = 64;

impl Condition {
    pub fn loc_start(&self) -> usize {
        match self {
            Condition::Compare { loc, .. } | Condition::Exists { loc, .. } => loc.start,
            Condition::Not(c) => c.loc_start(),
            Condition::And(v) | Condition::Or(v) => v.first().map_or(0, |c| c.loc_start()),
        }
    }
}

impl Cursor<'_> {
    /// Parses a whole condition; the cursor must then be at the end of its range.
    pub(crate) fn condition(&mut self) -> PResult<Condition> {
        let c = self.cond_and(0)?;
        if !self.at_end() {
            return Err(self.err_here(
                "unexpected text after condition",
                &["`and`", "`or`", "end of condition"],
            ));
        }
        Ok(c)
    }

    fn cond_and(&mut self, depth: usize) -> PResult<Condition> {
        let first = self.cond_or(depth)?;
        if !self.at_kw("and") {
            return Ok(first);
        }
        let mut items = vec![first];
        while self.kw("and") {
            items.push(self.cond_or(depth)?);
        }
        Ok(Condition::And(items))
    }

    fn cond_or(&mut self, depth: usize) -> PResult<Condition> {
        let first = self.cond_unary(depth)?;
        if !self.at_kw("or") {
            return Ok(first);
        }
        let mut items = vec![first];
        while self.kw("or") {
            items.push(self.cond_unary(depth)?);
        }
        Ok(Condition::Or(items))
    }

    fn cond_unary(&mut self, depth: usize) -> PResult<Condition> {
        if depth > MAX_DEPTH {
            return Err(self.err_here("conditions are nested too deeply", &[]));
        }
        self.ws();
        if self.kw("not") {
            self.ws();
            if self.peek() != Some('(') {
                return Err(self.err_here("expected `(` after `not`", &["`not (<Condition>)`"]));
            }
            let inner = self.paren_condition(depth)?;
            return Ok(Condition::Not(Box::new(inner)));
        }
        if self.peek() == Some('(') {
            return self.paren_condition(depth);
        }
        self.pure_condition()
    }

    fn paren_condition(&mut self, depth: usize) -> PResult<Condition> {
        let (a, b) = self.group("a parenthesised condition")?;
        let mut inner = Cursor::new(self.src, a, b, self.base);
        let c = inner.cond_and(depth + 1)?;
        if !inner.at_end() {
            return Err(inner.err_here("unexpected text in condition", &["`and`", "`or`", "`)`"]));
        }
        Ok(c)
    }

    fn pure_condition(&mut self) -> PResult<Condition> {
        self.ws();
        let start = self.pos;
        let lhs = self.value().map_err(|e| {
            let mut e = e;
            if e.expected.is_empty() || e.message == "expected a value" {
                e.message = "expected a condition".into();
                e.expected = CONDITION_FORMS.iter().map(|s| s.to_string()).collect();
            }
            e
        })?;
        if self.kw("exists") {
            return Ok(Condition::Exists {
                value: lhs,
                loc: Loc::new(self.span(start, self.pos)),
            });
        }
        let op = if self.kw("is") {
            if self.kw("not") {
                CompareOp::IsNot
            } else if self.kw("in") {
                CompareOp::IsIn
            } else if self.kw("part") {
                self.expect_kw("of", "after `is part`")?;
                CompareOp::IsPartOf
            } else {
                CompareOp::Is
            }
        } else if self.kw("has") {
            CompareOp::Has
        } else {
            self.ws();
            match self.peek() {
                Some('>') => CompareOp::Greater,
                Some('<') => CompareOp::Less,
                Some('≥') => CompareOp::GreaterEq,
                Some('≤') => CompareOp::LessEq,
                Some('=') => CompareOp::Equal,
                _ => {
                    return Err(self.err_here(
                        "expected a comparison after the value",
                        &[
                            "`is`",
                            "`is not`",
                            "`is in`",
                            "`is part of`",
                            "`>`",
                            "`<`",
                            "`exists`",
                            "`has`",
                        ],
                    ));
                }
            }
        };
        if matches!(
            op,
            CompareOp::Greater
                | CompareOp::Less
                | CompareOp::GreaterEq
                | CompareOp::LessEq
                | CompareOp::Equal
        ) {
            self.bump();
        }
        let rhs = self.value()?;
        Ok(Condition::Compare {
            lhs,
            op,
            rhs,
            loc: Loc::new(self.span(start, self.pos)),
        })
    }

    /// A scaling comparison `<Value><op><Value>` (`$living>@ThisAttr->Counter`).
    pub(crate) fn scale_comparison(
        &mut self,
    ) -> PResult<(super::ast::Value, CompareOp, super::ast::Value)> {
        let lhs = self.value()?;
        self.ws();
        let op = match self.peek() {
            Some('>') => CompareOp::Greater,
            Some('<') => CompareOp::Less,
            Some('≥') => CompareOp::GreaterEq,
            Some('≤') => CompareOp::LessEq,
            Some('=') => CompareOp::Equal,
            _ => {
                return Err(PErr::new(
                    self.span(self.pos, self.pos),
                    "expected a comparison in scaling",
                )
                .expected(&["`<`", "`>`", "`≤`", "`≥`", "`=`"]));
            }
        };
        self.bump();
        let rhs = self.value()?;
        Ok((lhs, op, rhs))
    }
}
