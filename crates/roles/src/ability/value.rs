//! Values: selectors (`@Self`, `@(Attr:X)`, `&Team`, `^(Cat:Killing)`, `#Group`), property
//! access chains (`->Role->Category`), backtick constants with type annotations, host
//! information, variables, numbers, words, arithmetic and `+` lists.

use super::ast::{Base, CompactString, Loc, Prop, QueryItem, Rounding, Sigil, Value};
use super::lex::{Cursor, PErr, PResult, group_end, host_end, is_word_char, split_top_commas};

pub(crate) const VALUE_FORMS: &[&str] = &[
    "a selector (`@Self`, `@(Attr:X)`, `&Team`, `^All`, `#Group`)",
    "a backtick constant",
    "host information `%Role%`",
    "a variable `$total`",
    "a number",
];

/// Player selectors of the guides (`@Result1`…`@Result7` are `Result` with a number).
pub const PLAYER_SELECTORS: &[&str] = &[
    "Self",
    "Selection",
    "SecondarySelection",
    "Target",
    "TargetDead",
    "All",
    "Others",
    "Dead",
    "DeadAlive",
    "Ghostly",
    "Nobody",
    "Members",
    "Attacker",
    "Attacked",
    "AttackLocation",
    "AttackSource",
    "DeathType",
    "KillingType",
    "This",
    "Visitor",
    "VisitType",
    "VisitSubtype",
    "VisitParameter",
    "SecondVisitParameter",
    "Winner",
    "Winner1",
    "Winner2",
    "Chosen",
    "Voters",
    "OtherVoters",
    "Voter",
    "Vote",
    "OldVote",
    "NewVote",
    "VoteText",
    "OldVoteText",
    "NewVoteText",
    "ThisAttr",
    "Chooser",
    "RoleChanger",
    "Ind",
    "ActionTarget",
    "ActionResult",
    "ActionFeedback",
    "ActionAbilityType",
    "Executor",
    "Joiner",
    "Option",
    "TriggerSource",
    "Result",
];

/// Keys of advanced selectors `@(Key:Value)`, `&(…)`, `^(…)`.
pub const QUERY_KEYS: &[&str] = &[
    "Attr",
    "Attribute",
    "AttrSelf",
    "AttrRole",
    "AttrDisguise",
    "Group",
    "Align",
    "Alignment",
    "Role",
    "Cat",
    "Category",
    "Class",
    "FullCat",
    "OrigFullCat",
    "OrigRole",
    "OrigAlign",
    "OrigCat",
    "OrigClass",
    "AliveOnly",
    "SelectAll",
    "Ghostly",
    "Random",
    "Team",
    "Type",
    "Count",
];

/// Properties of `->` access.
pub const PROPERTIES: &[&str] = &[
    "Role",
    "Alignment",
    "Category",
    "Class",
    "Team",
    "Type",
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
    "Attr",
    "RandomPlayer",
    "MostFreqRole",
    "Count",
    "Number",
    "Result",
    "Success",
    "Message",
];

/// Variables `$…`.
pub const VARIABLES: &[&str] = &[
    "total", "living", "dead", "ghostly", "haunting", "phase", "phname",
];

/// A vocabulary with its words grouped by length (bit `i` of `by_len[n]`: `words[i]` has `n`
/// bytes), so that a lookup compares only the few words of the right length.
struct Vocab {
    words: &'static [&'static str],
    by_len: [u64; 32],
}

impl Vocab {
    const fn new(words: &'static [&'static str]) -> Self {
        assert!(words.len() <= 64, "a vocabulary of at most 64 words");
        let mut by_len = [0u64; 32];
        let mut i = 0;
        while i < words.len() {
            let n = words[i].len();
            assert!(n < 32, "words of fewer than 32 bytes");
            by_len[n] |= 1 << i;
            i += 1;
        }
        Vocab { words, by_len }
    }

    /// Whether `name` is one of the words, ignoring ASCII case.
    fn contains(&self, name: &str) -> bool {
        let mut candidates = self.by_len.get(name.len()).copied().unwrap_or(0);
        while candidates != 0 {
            let i = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            // Most names are written as the vocabulary spells them: equal bytes first.
            let word = self.words[i].as_bytes();
            if word
                .iter()
                .zip(name.as_bytes())
                .all(|(w, n)| w == n || w.eq_ignore_ascii_case(n))
            {
                return true;
            }
        }
        false
    }
}

static PLAYER_VOCAB: Vocab = Vocab::new(PLAYER_SELECTORS);
static ROLE_VOCAB: Vocab = Vocab::new(&["All"]);
static VARIABLE_VOCAB: Vocab = Vocab::new(VARIABLES);
static PROPERTY_VOCAB: Vocab = Vocab::new(PROPERTIES);
static QUERY_KEY_VOCAB: Vocab = Vocab::new(QUERY_KEYS);

/// Checks `name` against a vocabulary (ASCII case-insensitive); an unknown name is an error
/// naming the closest known one.
fn known(
    name: &str,
    vocabulary: &Vocab,
    what: &str,
    prefix: &str,
    span: crate::diag::Span,
) -> PResult<()> {
    if vocabulary.contains(name) {
        return Ok(());
    }
    let words = vocabulary.words;
    let mut e = PErr::new(span, format!("unknown {what} `{prefix}{name}`"));
    e.expected = vec![format!("{what} such as `{prefix}{}`", words[0])];
    if let Some(s) = super::lex::suggest(name, words.iter().copied()) {
        e = e.help(format!("did you mean `{prefix}{s}`?"));
    }
    Err(e)
}

fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `c` can start a value.
pub(crate) fn starts_value(c: char) -> bool {
    matches!(c, '@' | '&' | '^' | '#' | '`' | '%' | '$' | '-') || c.is_alphanumeric()
}

impl Value {
    pub fn loc(&self) -> &Loc {
        match self {
            Value::Path { loc, .. }
            | Value::Number { loc, .. }
            | Value::Word { loc, .. }
            | Value::Math { loc, .. }
            | Value::Sum { loc, .. } => loc,
        }
    }

    /// The word, if this value is a bare word.
    pub fn as_word(&self) -> Option<&str> {
        match self {
            Value::Word { text, .. } => Some(text),
            _ => None,
        }
    }

    /// The text of a backtick constant without annotation or properties.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Value::Path {
                base: Base::Text(t),
                props,
                ..
            } if props.is_empty() => Some(t),
            _ => None,
        }
    }

    /// The name of a `#Group` value without properties.
    pub fn as_group(&self) -> Option<&str> {
        match self {
            Value::Path {
                base: Base::Group(g),
                props,
                ..
            } if props.is_empty() => Some(g),
            _ => None,
        }
    }
}

impl<'a> Cursor<'a> {
    /// Parses one value at the cursor (after optional whitespace).
    pub(crate) fn value(&mut self) -> PResult<Value> {
        self.ws();
        let start = self.pos;
        // Rounding prefix: `ceil $total/3` (the cursor is on the first letter, if any).
        let rounding = matches!(
            self.src.as_bytes()[..self.end].get(start),
            Some(b'c' | b'C' | b'f' | b'F' | b'r' | b'R')
        );
        let roundings: &[Rounding] = if rounding { Rounding::ALL } else { &[] };
        for r in roundings {
            let save = self.pos;
            if self.kw(r.name()) {
                self.ws();
                if self.peek().is_some_and(starts_value) {
                    let inner = self.simple_value()?;
                    let divisor = if self.eat('/') {
                        Some(Box::new(self.simple_value()?))
                    } else {
                        None
                    };
                    return Ok(Value::Math {
                        rounding: Some(*r),
                        value: Box::new(inner),
                        divisor,
                        loc: Loc::new(self.span(start, self.pos)),
                    });
                }
                self.pos = save;
            }
        }
        let first = self.simple_value()?;
        if self.peek() == Some('/') && self.peek2().is_some_and(starts_value) {
            self.bump();
            let divisor = self.simple_value()?;
            return Ok(Value::Math {
                rounding: None,
                value: Box::new(first),
                divisor: Some(Box::new(divisor)),
                loc: Loc::new(self.span(start, self.pos)),
            });
        }
        if self.peek() == Some('+') && self.peek2().is_some_and(starts_value) {
            let mut items = vec![first];
            while self.peek() == Some('+') && self.peek2().is_some_and(starts_value) {
                self.bump();
                items.push(self.simple_value()?);
            }
            return Ok(Value::Sum {
                items,
                loc: Loc::new(self.span(start, self.pos)),
            });
        }
        Ok(first)
    }

    /// A value without arithmetic or `+` lists.
    fn simple_value(&mut self) -> PResult<Value> {
        self.ws();
        let start = self.pos;
        let Some(c) = self.peek() else {
            return Err(self.err_here("expected a value", VALUE_FORMS));
        };
        let base = match c {
            '@' | '&' | '^' => {
                self.bump();
                let sigil = match c {
                    '@' => Sigil::Player,
                    '&' => Sigil::Team,
                    _ => Sigil::Role,
                };
                if self.peek() == Some('(') {
                    let (a, b) = self.group("a selector query")?;
                    Base::Query {
                        sigil,
                        items: self.query_items(a, b)?,
                    }
                } else {
                    let name = self.take_while(ident_char);
                    if name.is_empty() {
                        return Err(PErr::new(
                            self.span(start, self.pos),
                            format!("expected a selector name after `{c}`"),
                        )
                        .expected(&[
                            "`@Self`",
                            "`@Selection`",
                            "`@(Key:Value)`",
                        ]));
                    }
                    let span = self.span(start, self.pos);
                    match sigil {
                        Sigil::Player => {
                            let stem = name.trim_end_matches(|c: char| c.is_ascii_digit());
                            let numbered_result = stem == "Result" && name.len() > stem.len();
                            if !numbered_result {
                                known(name, &PLAYER_VOCAB, "selector", "@", span)?;
                            }
                        }
                        // `&<TeamName>` names any team; `^` only has `^All`.
                        Sigil::Team => {}
                        Sigil::Role => known(name, &ROLE_VOCAB, "role selector", "^", span)?,
                    }
                    Base::Selector {
                        sigil,
                        name: name.into(),
                    }
                }
            }
            '#' => {
                self.bump();
                let name = self.group_name();
                if name.is_empty() {
                    return Err(PErr::new(
                        self.span(start, self.pos),
                        "expected a group or channel name after `#`",
                    ));
                }
                Base::Group(name.into())
            }
            '`' => {
                let end = group_end(self.src, self.pos)
                    .filter(|e| *e <= self.end)
                    .ok_or_else(|| {
                        PErr::new(self.span(start, start + 1), "unclosed backtick constant")
                            .expected(&["`"])
                    })?;
                let text = &self.src[start + 1..end - 1];
                self.pos = end;
                Base::Text(text.into())
            }
            '%' => {
                let end = host_end(self.src, self.pos)
                    .filter(|e| *e <= self.end)
                    .ok_or_else(|| {
                        PErr::new(self.span(start, start + 1), "unclosed host information")
                            .expected(&["`%Name%`"])
                    })?;
                let text = &self.src[start + 1..end - 1];
                self.pos = end;
                Base::Host(text.into())
            }
            '$' => {
                self.bump();
                let name = self.take_while(ident_char);
                if name.is_empty() {
                    return Err(PErr::new(
                        self.span(start, self.pos),
                        "expected a variable name after `$`",
                    )
                    .expected(&["`$total`", "`$living`", "`$phase`"]));
                }
                known(
                    name,
                    &VARIABLE_VOCAB,
                    "variable",
                    "$",
                    self.span(start, self.pos),
                )?;
                Base::Variable(name.into())
            }
            c if c == '-' || c.is_ascii_digit() => {
                let text = self.number();
                if text.is_empty() || text == "-" {
                    return Err(self.err_here("expected a value", VALUE_FORMS));
                }
                return Ok(Value::Number {
                    text: text.into(),
                    loc: Loc::new(self.span(start, self.pos)),
                });
            }
            c if c.is_alphabetic() => {
                let w = self.take_while(is_word_char);
                return Ok(Value::Word {
                    text: w.into(),
                    loc: Loc::new(self.span(start, self.pos)),
                });
            }
            '\'' => {
                // The guide writes constants as 'X'; role files use backticks.
                let inner: String = self.rest()[1..]
                    .chars()
                    .take_while(|c| *c != '\'')
                    .collect();
                return Err(self
                    .err_here(
                        "a constant is written in backticks, not quotes",
                        VALUE_FORMS,
                    )
                    .help(format!("write `{inner}`")));
            }
            _ => return Err(self.err_here("expected a value", VALUE_FORMS)),
        };
        let annotation = self.annotation()?;
        let mut props = Vec::new();
        while self.rest().starts_with("->") {
            self.pos += 2;
            let pstart = self.pos;
            let name = self.take_while(ident_char);
            if name.is_empty() {
                return Err(PErr::new(
                    self.span(pstart - 2, self.pos),
                    "expected a property name after `->`",
                )
                .expected(&[
                    "`Role`",
                    "`Alignment`",
                    "`Counter`",
                    "`Members`",
                    "`Attr(X)`",
                ]));
            }
            known(
                name,
                &PROPERTY_VOCAB,
                "property",
                "->",
                self.span(pstart, self.pos),
            )?;
            let arg = if self.peek() == Some('(') {
                let (a, b) = self.group("a property argument")?;
                Some(CompactString::from(crate::source::trim(&self.src[a..b])))
            } else {
                None
            };
            let annotation = self.annotation()?;
            props.push(Prop {
                name: name.into(),
                arg,
                annotation,
            });
        }
        Ok(Value::Path {
            base,
            annotation,
            props,
            loc: Loc::new(self.span(start, self.pos)),
        })
    }

    /// A type annotation `[type]` written directly after a value (no space).
    fn annotation(&mut self) -> PResult<Option<CompactString>> {
        if self.peek() != Some('[') {
            return Ok(None);
        }
        let (a, b) = self.group("a type annotation")?;
        let t = crate::source::trim(&self.src[a..b]);
        if t.is_empty() || !t.chars().all(|c| is_word_char(c) || c == ' ') {
            return Err(
                PErr::new(self.span(a - 1, b + 1), "malformed type annotation").expected(&[
                    "`[role]`",
                    "`[player]`",
                    "`[alignment]`",
                ]),
            );
        }
        Ok(Some(t.into()))
    }

    fn query_items(&self, a: usize, b: usize) -> PResult<Vec<QueryItem>> {
        let mut items = Vec::new();
        for (x, y) in split_top_commas(self.src, a, b) {
            let piece = &self.src[x..y];
            let Some(colon) = piece.find(':') else {
                return Err(PErr::new(
                    self.span(x, y),
                    format!("expected `Key:Value` in selector query, found `{piece}`"),
                )
                .expected(&["`Attr:Name`", "`Role:Name`", "`Align:!Name`"]));
            };
            let key = crate::source::trim(&piece[..colon]);
            let mut value = crate::source::trim(&piece[colon + 1..]);
            let negated = value.starts_with('!');
            if negated {
                value = crate::source::trim(&value[1..]);
            }
            if key.is_empty() || value.is_empty() {
                return Err(PErr::new(
                    self.span(x, y),
                    format!("expected `Key:Value` in selector query, found `{piece}`"),
                ));
            }
            known(
                key,
                &QUERY_KEY_VOCAB,
                "selector key",
                "",
                self.span(x, x + colon),
            )?;
            items.push(QueryItem {
                key: key.into(),
                negated,
                value: value.into(),
                loc: Loc::new(self.span(x, y)),
            });
        }
        Ok(items)
    }

    /// A group name after `#`: word characters, `'` and `:` (instance identifiers, which may
    /// also hold `@` and `%`: `#Bakers:@Self`), up to a property access `->`.
    fn group_name(&mut self) -> &'a str {
        let start = self.pos;
        let mut identifier = false;
        while let Some(c) = self.peek() {
            if c == '-' && self.peek2() == Some('>') {
                break;
            }
            // A possessive `'s` ends the name (`Manipulate #Group's …`).
            if c == '\'' && self.rest()[1..].starts_with('s') {
                let after = self.rest()[2..].chars().next();
                if after.is_none_or(|a| !is_word_char(a)) {
                    break;
                }
            }
            identifier |= c == ':';
            if is_word_char(c) || c == '\'' || c == ':' || (identifier && matches!(c, '@' | '%')) {
                self.bump();
            } else {
                break;
            }
        }
        &self.src[start..self.pos]
    }

    fn number(&mut self) -> &'a str {
        let start = self.pos;
        if self.peek() == Some('-') {
            self.bump();
        }
        let mut seen_dot = false;
        while let Some(c) = self.peek() {
            if c.is_ascii_digit() {
                self.bump();
            } else if c == '.' && !seen_dot && self.peek2().is_some_and(|d| d.is_ascii_digit()) {
                seen_dot = true;
                self.bump();
            } else {
                break;
            }
        }
        &self.src[start..self.pos]
    }
}
