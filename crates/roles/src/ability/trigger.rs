//! Trigger types: everything before the first `: ` of an ability block's first line.

use super::ast::{AbilityFilter, Event, Loc, Timing, Trigger};
use super::lex::{Cursor, PErr, PResult, suggest};

/// Every trigger spelling without parameters (the action timings and the `On <Event>` forms):
/// what a misspelling is compared against, and what an editor offers as completions.
pub fn trigger_names() -> Vec<&'static str> {
    let mut v: Vec<&'static str> = Timing::NAMES.to_vec();
    v.extend([
        "On Death",
        "On Killed",
        "On Banishment",
        "On Banished",
        "On Visited",
        "On Visit",
        "On Action",
        "On Any Action",
        "On Changed",
        "On Poll Win",
        "On Emitted",
        "On End Emitted",
        "Choice Chosen",
    ]);
    v
}

/// Parameterised forms, for the "expected" list of an unknown trigger.
pub(crate) const TRIGGER_FORMS: &[&str] = &[
    "an action timing (`Immediate Night`, `End Day`, `Start Phase`…)",
    "`Starting`",
    "`Passive [Start Night|End Day|…]`",
    "`On [<Target>] Death|Killed|Banishment|Banished|Changed`",
    "`On [<Target>] Visited|Visit|Action [[<Ability Type>]]`",
    "`On Any Action [[<Ability Type>]]`",
    "`On Poll [<Poll>] Win`",
    "`On <Value> [End] Emitted`",
    "`Choice [<Option>] Chosen`",
    "`On Poll Closed`, `On Lynch`, `On Join`, `On <Defense> Defense`…",
];

impl Cursor<'_> {
    /// Parses the trigger occupying the whole cursor range.
    pub(crate) fn trigger(&mut self) -> PResult<Trigger> {
        self.ws();
        let start = self.pos;
        let text = crate::source::trim(self.rest());
        let loc = Loc::new(self.span(start, start + text.len()));
        // Whitespace other than single spaces (one pass over the bytes: a substring search
        // costs more to set up than this short text takes to read).
        let bytes = text.as_bytes();
        let irregular = bytes.iter().enumerate().any(|(i, &b)| {
            matches!(b, b'\t' | b'\r' | b'\n') || (b == b' ' && bytes.get(i + 1) == Some(&b' '))
        });
        let timing = if irregular {
            Timing::from_name(&collapse_ws(text))
        } else {
            Timing::from_name(text)
        };
        if let Some(timing) = timing {
            self.pos = self.end;
            return Ok(Trigger::Timing { timing, loc });
        }
        if self.kw("Choice") {
            if self.kw("Chosen") && self.at_end() {
                return Ok(Trigger::ChoiceChosen { option: None, loc });
            }
            let option = self.value()?;
            self.expect_kw("Chosen", "after the choice option")?;
            self.finish_trigger()?;
            return Ok(Trigger::ChoiceChosen {
                option: Some(option),
                loc,
            });
        }
        if self.kw("On") {
            self.ws();
            // `On Poll [<Poll>] Win`
            if self.at_kw("Poll") {
                let save = self.pos;
                self.kw("Poll");
                if self.kw("Win") && self.at_end() {
                    return Ok(Trigger::PollWin { poll: None, loc });
                }
                self.ws();
                if self.peek().is_some_and(|c| matches!(c, '`' | '@' | '%')) {
                    let poll = self.value()?;
                    self.expect_kw("Win", "after the poll name")?;
                    self.finish_trigger()?;
                    return Ok(Trigger::PollWin {
                        poll: Some(poll),
                        loc,
                    });
                }
                self.pos = save;
            }
            if self.kw("Emitted") && self.at_end() {
                return Ok(Trigger::Emitted {
                    value: None,
                    end: false,
                    loc,
                });
            }
            if self.kw("End Emitted") && self.at_end() {
                return Ok(Trigger::Emitted {
                    value: None,
                    end: true,
                    loc,
                });
            }
            self.ws();
            let subject = if self
                .peek()
                .is_some_and(|c| matches!(c, '@' | '&' | '^' | '#' | '`' | '%' | '$'))
            {
                Some(self.value()?)
            } else {
                None
            };
            if let Some(v) = &subject {
                if self.kw("End Emitted") {
                    self.finish_trigger()?;
                    return Ok(Trigger::Emitted {
                        value: Some(v.clone()),
                        end: true,
                        loc,
                    });
                }
                if self.kw("Emitted") {
                    self.finish_trigger()?;
                    return Ok(Trigger::Emitted {
                        value: Some(v.clone()),
                        end: false,
                        loc,
                    });
                }
                if self.kw("Whisper") {
                    self.finish_trigger()?;
                    return Ok(Trigger::Whisper {
                        value: v.clone(),
                        loc,
                    });
                }
            }
            let estart = self.pos;
            let mut event = None;
            // `Event::ALL` lists `Any Action` before `Action`, so the first match is right.
            for e in Event::ALL {
                if self.kw(e.name()) {
                    event = Some(*e);
                    break;
                }
            }
            let Some(event) = event else {
                return Err(self.unknown_trigger(start, estart));
            };
            if subject.is_some() && event == Event::AnyAction {
                return Err(PErr::new(
                    self.span(estart, self.pos),
                    "`On Any Action` takes no target",
                )
                .expected(&["`On <Target> Action`", "`On Any Action`"]));
            }
            self.ws();
            let filter = if event.takes_filter() && self.peek() == Some('[') {
                let (a, b) = self.group("an ability type filter")?;
                let inner = crate::source::trim(&self.src[a..b]);
                let (negated, name) = match inner.strip_prefix('!') {
                    Some(n) => (true, n.trim()),
                    None => (false, inner),
                };
                if name.is_empty() {
                    return Err(
                        PErr::new(self.span(a - 1, b + 1), "empty ability type filter")
                            .expected(&["`[Killing]`", "`[!Targeting]`", "`[Attack Killing]`"]),
                    );
                }
                Some(AbilityFilter {
                    negated,
                    name: collapse_ws(name).into(),
                    loc: Loc::new(self.span(a - 1, b + 1)),
                })
            } else {
                None
            };
            self.finish_trigger()?;
            return Ok(Trigger::On {
                subject,
                event,
                filter,
                loc,
            });
        }
        Err(self.unknown_trigger(start, start))
    }

    fn finish_trigger(&self) -> PResult<()> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.err_here("unexpected text in trigger type", &["`:`"]))
        }
    }

    fn unknown_trigger(&self, start: usize, _at: usize) -> PErr {
        let text = crate::source::trim(&self.src[start..self.end]);
        let mut e = PErr::new(
            self.span(start, start + text.len()),
            format!("unknown trigger type `{text}`"),
        )
        .expected(TRIGGER_FORMS);
        if let Some(s) = suggest_trigger(text) {
            e = e.help(format!("did you mean `{s}`?"));
        }
        e
    }
}

/// The trigger type a misspelled trigger most likely means. For `On <Target> <Event>` forms
/// the target is kept and only the event is compared (`On @Target Deth` → `On @Target Death`).
pub(crate) fn suggest_trigger(text: &str) -> Option<String> {
    let text = collapse_ws(text);
    if let Some(rest) = text.strip_prefix("On ") {
        if rest.starts_with(['@', '&', '^', '#', '`', '%']) {
            let mut c = Cursor::new(rest, 0, rest.len(), 0);
            if c.value().is_ok() {
                let subject = rest[..c.pos].to_string();
                let event = rest[c.pos..].trim();
                // Keep an ability type filter as written.
                let (event, filter) = match event.find('[') {
                    Some(i) => (event[..i].trim(), format!(" {}", &event[i..])),
                    None => (event, String::new()),
                };
                let mut names: Vec<&str> = Event::ALL.iter().map(|e| e.name()).collect();
                names.extend(["Emitted", "End Emitted", "Whisper"]);
                return suggest(event, names).map(|e| format!("On {subject} {e}{filter}"));
            }
        }
    }
    suggest(&text, trigger_names()).map(str::to_string)
}

/// Collapses runs of whitespace into one space.
pub(crate) fn collapse_ws(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for word in s.split_whitespace() {
        // Words are never empty: the output is empty only before the first.
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}
