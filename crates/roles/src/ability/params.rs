//! Trigger / step parameters: restrictions `[...]`, compulsion `{...}`, scaling `⟨...⟩` and
//! prompt overwrites `|...|`.

use super::ast::{
    Compulsion, LivingStatus, Loc, Params, PhaseKind, Prompt, Restriction, ScaleCase, ScaleCount,
    Scaling,
};
use super::lex::{Cursor, PErr, PResult, split_top_commas, suggest};

const RESTRICTION_KEYS: &[&str] = &[
    "Temporal",
    "Attribute",
    "Succession",
    "Quantity",
    "Condition",
    "Status",
];

const COMPULSIONS: &[&str] = &["Forced", "Direct", "Repeating", "Visitless", "Vanishing"];

/// Whether a `[` at local position `at` opens a restriction block (as opposed to an ability type
/// filter or a type annotation): its contents start with `Key:`.
pub(crate) fn is_restriction_block(s: &str, at: usize) -> bool {
    let inner = crate::source::trim_start(&s[at + 1..]);
    let key_len = inner
        .char_indices()
        .find(|&(_, c)| !c.is_alphabetic())
        .map_or(inner.len(), |(i, _)| i);
    let key = &inner[..key_len];
    !key.is_empty()
        && crate::source::trim_start(&inner[key_len..]).starts_with(':')
        && (RESTRICTION_KEYS.iter().any(|k| k.eq_ignore_ascii_case(key))
            || suggest(key, RESTRICTION_KEYS.iter().copied()).is_some())
}

/// Whether a parameter group starts at local position `at` (which holds `c`).
pub(crate) fn starts_params(s: &str, at: usize, c: char) -> bool {
    match c {
        '{' | '⟨' | '|' => true,
        '[' => is_restriction_block(s, at),
        _ => false,
    }
}

impl Cursor<'_> {
    /// Parses parameter groups at the cursor until something else comes; each bad group is
    /// reported into `errs` and skipped.
    pub(crate) fn params(&mut self, into: &mut Params, errs: &mut Vec<PErr>) {
        loop {
            self.ws();
            let at = self.pos;
            let Some(c) = self.peek() else { return };
            if !starts_params(self.src, at, c) {
                return;
            }
            if c == '|' {
                let rest = &self.src[at + 1..self.end];
                let Some(close) = rest.find('|') else {
                    errs.push(
                        PErr::new(self.span(at, at + 1), "unclosed prompt overwrite")
                            .expected(&["`|prompt.key|`"]),
                    );
                    self.pos = self.end;
                    return;
                };
                let inner = crate::source::trim(&rest[..close]);
                self.pos = at + 1 + close + 1;
                let (silent, key) = match inner.strip_prefix("silent:") {
                    Some(k) => (true, k.trim()),
                    None => (false, inner),
                };
                if key.is_empty() {
                    errs.push(
                        PErr::new(self.span(at, self.pos), "empty prompt overwrite")
                            .expected(&["`|prompt.key|`", "`|silent:prompt.key|`"]),
                    );
                    continue;
                }
                if into.prompt.is_some() {
                    errs.push(PErr::new(
                        self.span(at, self.pos),
                        "a second prompt overwrite; only one is allowed",
                    ));
                }
                into.prompt = Some(Prompt {
                    silent,
                    key: key.into(),
                    loc: Loc::new(self.span(at, self.pos)),
                });
                continue;
            }
            let (a, b) = match self.group("a parameter group") {
                Ok(r) => r,
                Err(e) => {
                    errs.push(e);
                    self.pos = self.end;
                    return;
                }
            };
            match c {
                '[' => {
                    for (x, y) in split_top_commas(self.src, a, b) {
                        let mut sub = Cursor::new(self.src, x, y, self.base);
                        match sub.restriction() {
                            Ok(r) => into.restrictions.push(r),
                            Err(e) => errs.push(e),
                        }
                    }
                }
                '{' => {
                    for (x, y) in split_top_commas(self.src, a, b) {
                        let mut sub = Cursor::new(self.src, x, y, self.base);
                        match sub.compulsion() {
                            Ok(r) => into.compulsion.push(r),
                            Err(e) => errs.push(e),
                        }
                    }
                }
                _ => {
                    let mut sub = Cursor::new(self.src, a, b, self.base);
                    match sub.scaling() {
                        Ok(s) => {
                            if into.scaling.is_some() {
                                errs.push(PErr::new(
                                    self.span(at, self.pos),
                                    "a second scaling; only one `⟨...⟩` is allowed",
                                ));
                            }
                            into.scaling = Some(Box::new(s));
                        }
                        Err(e) => errs.push(e),
                    }
                }
            }
        }
    }

    fn restriction(&mut self) -> PResult<Restriction> {
        self.ws();
        let start = self.pos;
        let key = self.word().unwrap_or("");
        if !self.eat(':') {
            return Err(PErr::new(
                self.span(start, self.pos),
                format!("expected a restriction `Key: …`, found `{key}`"),
            )
            .expected_names(RESTRICTION_KEYS));
        }
        let loc = |c: &Cursor| Loc::new(c.span(start, c.end));
        // The index into `RESTRICTION_KEYS` (matched ignoring ASCII case).
        match RESTRICTION_KEYS
            .iter()
            .position(|k| k.eq_ignore_ascii_case(key))
        {
            Some(0) => {
                self.ws();
                let pstart = self.pos;
                let phase =
                    self.word().and_then(PhaseKind::from_name).ok_or_else(|| {
                        PErr::new(self.span(pstart, self.pos), "expected `Day` or `Night`")
                            .expected(&["`Day <n>`", "`Night <n>+`", "`Day`", "`Night`"])
                    })?;
                self.ws();
                let nstart = self.pos;
                let rest = self.rest();
                let digits = &rest[..rest.bytes().take_while(u8::is_ascii_digit).count()];
                self.pos += digits.len();
                let number = if digits.is_empty() {
                    None
                } else {
                    Some(digits.parse::<u32>().map_err(|_| {
                        PErr::new(self.span(nstart, self.pos), "phase number is too large")
                    })?)
                };
                let or_later = self.eat('+');
                if !self.at_end() {
                    return Err(self.err_here("unexpected text after the phase", &["`+`", "`,`"]));
                }
                Ok(Restriction::Temporal {
                    phase,
                    number,
                    or_later,
                    loc: loc(self),
                })
            }
            Some(1) => {
                let target = if self.at_kw("has") || self.at_kw("lacks") {
                    None
                } else {
                    Some(self.value()?)
                };
                let has = if self.kw("has") {
                    true
                } else if self.kw("lacks") {
                    false
                } else {
                    return Err(self.err_here("expected `has` or `lacks`", &["`has`", "`lacks`"]));
                };
                let attribute = self.value()?;
                self.end_of_item()?;
                Ok(Restriction::Attribute {
                    target,
                    has,
                    attribute,
                    loc: loc(self),
                })
            }
            Some(2) => {
                let per_target = if self.kw("No Target Succession") {
                    true
                } else if self.kw("No Succession") {
                    false
                } else {
                    return Err(self.err_here(
                        "expected a succession restriction",
                        &["`No Succession`", "`No Target Succession`"],
                    ));
                };
                self.end_of_item()?;
                Ok(Restriction::Succession {
                    per_target,
                    loc: loc(self),
                })
            }
            Some(3) => {
                let value = self.value()?;
                self.end_of_item()?;
                Ok(Restriction::Quantity {
                    value,
                    loc: loc(self),
                })
            }
            Some(4) => {
                let condition = self.condition()?;
                Ok(Restriction::Condition {
                    condition,
                    loc: loc(self),
                })
            }
            Some(5) => {
                self.ws();
                let s = self.pos;
                let status =
                    self.word()
                        .and_then(LivingStatus::from_name)
                        .ok_or_else(|| {
                            PErr::new(self.span(s, self.pos), "expected a living status")
                                .expected(&["`Alive`", "`Ghostly`", "`Any`"])
                        })?;
                self.end_of_item()?;
                Ok(Restriction::Status {
                    status,
                    loc: loc(self),
                })
            }
            _ => {
                let mut e = PErr::new(
                    self.span(start, start + key.len()),
                    format!("unknown restriction `{key}`"),
                )
                .expected_names(RESTRICTION_KEYS);
                if let Some(s) = suggest(key, RESTRICTION_KEYS.iter().copied()) {
                    e = e.help(format!("did you mean `{s}`?"));
                }
                Err(e)
            }
        }
    }

    fn end_of_item(&self) -> PResult<()> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.err_here("unexpected text in restriction", &["`,`", "`]`"]))
        }
    }

    fn compulsion(&mut self) -> PResult<Compulsion> {
        self.ws();
        let start = self.pos;
        let w = self.word().unwrap_or("");
        let loc = |c: &Cursor| Loc::new(c.span(start, c.end));
        // The index into `COMPULSIONS` (matched ignoring ASCII case).
        let r = match COMPULSIONS.iter().position(|k| k.eq_ignore_ascii_case(w)) {
            Some(0) => {
                let default = if self.eat(':') {
                    Some(self.value()?)
                } else {
                    None
                };
                Compulsion::Forced {
                    default,
                    loc: loc(self),
                }
            }
            Some(1) => Compulsion::Direct { loc: loc(self) },
            Some(2) => Compulsion::Repeating { loc: loc(self) },
            Some(3) => Compulsion::Visitless { loc: loc(self) },
            Some(4) => Compulsion::Vanishing { loc: loc(self) },
            _ => {
                let mut e = PErr::new(
                    self.span(start, self.pos.max(start)),
                    format!("unknown action compulsion `{w}`"),
                )
                .expected_names(COMPULSIONS);
                if let Some(s) = suggest(w, COMPULSIONS.iter().copied()) {
                    e = e.help(format!("did you mean `{s}`?"));
                }
                return Err(e);
            }
        };
        if !self.at_end() {
            return Err(self.err_here("unexpected text in action compulsion", &["`,`", "`}`"]));
        }
        Ok(r)
    }

    fn scaling(&mut self) -> PResult<Scaling> {
        let (from, to) = (self.pos, self.end);
        let items: Vec<(usize, usize)> = split_top_commas(self.src, from, to).collect();
        let all_loc = Loc::new(self.span(from, to));
        // Phase specific.
        if items.iter().any(|(a, _)| {
            starts_word(&self.src[*a..], "Odd:") || starts_word(&self.src[*a..], "Even:")
        }) {
            let (mut odd, mut even) = (None, None);
            for (a, b) in items {
                let piece = &self.src[a..b];
                let (slot, skip) = if starts_word(piece, "Odd:") {
                    (&mut odd, 4)
                } else if starts_word(piece, "Even:") {
                    (&mut even, 5)
                } else {
                    return Err(PErr::new(self.span(a, b), "expected `Odd: …` or `Even: …`")
                        .expected(&["`Odd: x1, Even: x2`"]));
                };
                let mut sub = Cursor::new(self.src, a + skip, b, self.base);
                let inner = &self.src[a + skip..b];
                if starts_word(inner, "Odd:") || starts_word(inner, "Even:") {
                    return Err(PErr::new(self.span(a, b), "phase scaling cannot be nested")
                        .expected(&["`Odd: x1, Even: x2`"]));
                }
                let s = sub.scaling()?;
                if slot.is_some() {
                    return Err(PErr::new(self.span(a, b), "repeated phase scaling"));
                }
                *slot = Some(Box::new(s));
            }
            return Ok(Scaling::Phase {
                odd,
                even,
                loc: all_loc,
            });
        }
        let mut cases = Vec::new();
        let single = items.len() == 1;
        for (a, b) in items {
            let piece = &self.src[a..b];
            if piece.is_empty() {
                return Err(PErr::new(self.span(a, b), "empty scaling").expected(&[
                    "`x2`",
                    "`$total/4`",
                    "`$total<10 ⇒ 1, 2`",
                    "`Odd: x1, Even: x2`",
                ]));
            }
            if let Some(arrow) = piece.find('⇒') {
                let mut lhs = Cursor::new(self.src, a, a + arrow, self.base);
                let when = lhs.scale_comparison()?;
                if !lhs.at_end() {
                    return Err(lhs.err_here("unexpected text before `⇒`", &["`⇒`"]));
                }
                let count = self.scale_count(a + arrow + '⇒'.len_utf8(), b)?;
                cases.push(ScaleCase {
                    when: Some(when),
                    count,
                });
            } else {
                let count = self.scale_count(a, b)?;
                if single {
                    return Ok(match count {
                        ScaleCount::Times(times) => Scaling::Static {
                            times,
                            loc: all_loc,
                        },
                        ScaleCount::Value(value) => Scaling::Value {
                            value,
                            loc: all_loc,
                        },
                    });
                }
                cases.push(ScaleCase { when: None, count });
            }
        }
        Ok(Scaling::Cases {
            cases,
            loc: all_loc,
        })
    }

    fn scale_count(&self, a: usize, b: usize) -> PResult<ScaleCount> {
        let mut c = Cursor::new(self.src, a, b, self.base);
        c.ws();
        let piece = crate::source::trim(c.rest());
        let times = piece
            .strip_prefix('x')
            .filter(|n| !n.is_empty() && n.chars().all(|d| d.is_ascii_digit()));
        if let Some(n) = times {
            return n
                .parse::<u32>()
                .map(ScaleCount::Times)
                .map_err(|_| PErr::new(c.span(a, b), "scaling count is too large"));
        }
        let v = c.value()?;
        if !c.at_end() {
            return Err(c.err_here("unexpected text in scaling", &["`,`", "`⟩`"]));
        }
        Ok(ScaleCount::Value(v))
    }
}

fn starts_word(s: &str, w: &str) -> bool {
    crate::source::trim_start(s).starts_with(w)
}
