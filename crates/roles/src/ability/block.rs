//! The structure of an ability block: the trigger line, bullet lines with their nesting glyphs,
//! and the clauses of each line (`<head>: <body>` chains such as `For Each @All: @Ind has X:
//! Learn …`, plain abilities, parameter groups).
//!
//! Where children of a line go: into the innermost head of that line whose body is empty
//! (`Process:`, `@X exists:`, `Choice `A` Chosen: |p|`); when the line ends in an ability, its
//! children follow that ability as siblings (the "no process" form of the guide).

use super::ast::{Guard, Loc, Params, Step, Trigger};
use super::lex::{ByteSet, Cursor, PErr, scan_top_in};
use super::params::starts_params;
use crate::source::{next_newline, trim_end, trim_start};

/// The bullet glyphs by nesting level (1-based), as the guide lists them.
pub const GLYPHS: [char; 6] = ['•', '‣', '◦', '·', '⁃', '⹀'];

pub(crate) fn glyph_level(c: char) -> Option<usize> {
    GLYPHS.iter().position(|g| *g == c).map(|i| i + 1)
}

/// Finds the first top-level `:` followed by whitespace or the end of the range.
pub(crate) fn head_colon(s: &str, from: usize, to: usize) -> Option<usize> {
    const COLON: ByteSet = ByteSet::new(b":");
    let mut found = None;
    scan_top_in(s, from, to, &COLON, |i, c| {
        if c == ':' {
            let next = s[i + 1..to].chars().next();
            if next.is_none_or(char::is_whitespace) {
                found = Some(i);
                return true;
            }
        }
        false
    });
    found
}

/// What one scan of a clause finds: its head colon (as [`head_colon`]) or, when it has none,
/// the start of its trailing parameter groups (`to` when there are none).
enum ClauseSplit {
    Head(usize),
    Params(usize),
}

/// [`head_colon`], and for a clause without one the start of its trailing parameters, in one
/// scan (a plain ability, the usual clause, was scanned twice).
fn split_clause(s: &str, from: usize, to: usize) -> ClauseSplit {
    let mut colon = None;
    let mut params = None;
    // `{`, `[` and the lead byte of `⟨` are the scan's own.
    const HEAD_OR_PARAMS: ByteSet = ByteSet::new(b":|");
    scan_top_in(s, from, to, &HEAD_OR_PARAMS, |i, c| {
        if c == ':' {
            let next = s[i + 1..to].chars().next();
            if next.is_none_or(char::is_whitespace) {
                colon = Some(i);
                return true;
            }
        }
        if params.is_none()
            && matches!(c, '{' | '⟨' | '|' | '[')
            && i > from
            && s[..i].ends_with(char::is_whitespace)
            && starts_params(s, i, c)
        {
            params = Some(i);
        }
        false
    });
    match colon {
        Some(colon) => ClauseSplit::Head(colon),
        None => ClauseSplit::Params(params.unwrap_or(to)),
    }
}

pub(crate) struct BlockParser<'a> {
    pub src: &'a str,
    pub base: usize,
    pub errs: Vec<PErr>,
    /// Nesting depth of `<head>: <head>: …` chains on the current line.
    pub depth: usize,
}

/// How many heads one line may chain (`For Each @All: @Ind exists: …`).
const MAX_INLINE_HEADS: usize = 16;

fn children_mut(step: &mut Step) -> Option<&mut Vec<Step>> {
    match step {
        Step::If { then, .. } => Some(then),
        Step::Process { steps, .. }
        | Step::Evaluate { steps, .. }
        | Step::Feedback { steps, .. }
        | Step::ForEach { steps, .. } => Some(steps),
        Step::Do { .. } | Step::Action { .. } | Step::Invalid { .. } => None,
    }
}

/// The container at `path` (indices of head steps from `root`).
fn container<'s>(root: &'s mut Vec<Step>, path: &[usize]) -> &'s mut Vec<Step> {
    let Some((&i, rest)) = path.split_first() else {
        return root;
    };
    let has = root.get(i).is_some_and(|s| {
        !matches!(
            s,
            Step::Do { .. } | Step::Action { .. } | Step::Invalid { .. }
        )
    });
    if !has {
        return root;
    }
    let child = children_mut(&mut root[i]).expect("checked: the step has children");
    container(child, rest)
}

impl<'a> BlockParser<'a> {
    fn cursor(&self, a: usize, b: usize) -> Cursor<'a> {
        Cursor::new(self.src, a, b, self.base)
    }

    fn span(&self, a: usize, b: usize) -> Loc {
        Loc::new(self.base + a..self.base + b)
    }

    /// Parses the whole block: returns trigger, trigger params and steps. `head` is the first
    /// line's colon and trigger when the caller parsed them already (the line is unindented);
    /// `lines` is the number of lines of the block.
    pub fn block(
        &mut self,
        head: Option<(usize, Trigger)>,
        lines: usize,
    ) -> (Trigger, Params, Vec<Step>) {
        let src = self.src;
        // The first line (without its line break); the others are walked below.
        let first_end = next_newline(src.as_bytes()).unwrap_or(src.len());
        let first_b = if src[..first_end].ends_with('\r') {
            first_end - 1
        } else {
            first_end
        };
        let first_a = first_b - trim_start(&src[..first_b]).len();

        let mut params = Params::default();
        // At most one step per line goes to the root: sized once rather than grown (a step is
        // large).
        let mut root: Vec<Step> = Vec::with_capacity(lines);
        let trigger;
        // The open lines: their levels and where their children go. Each line's path extends
        // the path of the line below it on the stack, so one buffer holds them all (`path`)
        // and the stack keeps each one's length.
        let mut path: Vec<usize> = Vec::new();
        let mut stack = LevelStack::new();
        let (colon, parsed) = match head {
            Some((colon, trigger)) => (Some(colon), Some(trigger)),
            None => (head_colon(src, first_a, first_b), None),
        };
        match colon {
            None => {
                let text = src[first_a..first_b].trim_end();
                self.errs.push(
                    PErr::new(
                        self.base + first_a..self.base + first_a + text.len(),
                        "expected `:` after the trigger type",
                    )
                    .expected(&["`<Trigger Type>: <Ability>`"]),
                );
                trigger = Trigger::Unknown {
                    text: text.to_string(),
                    loc: self.span(first_a, first_a + text.len()),
                };
                stack.push(0, 0);
            }
            Some(colon) => {
                let mut c = self.cursor(first_a, colon);
                trigger = match parsed.map_or_else(|| c.trigger(), Ok) {
                    Ok(t) => t,
                    Err(e) => {
                        self.errs.push(e);
                        let text = src[first_a..colon].trim_end();
                        Trigger::Unknown {
                            text: text.to_string(),
                            loc: self.span(first_a, first_a + text.len()),
                        }
                    }
                };
                self.clause(colon + 1, first_b, &mut root, &mut params, &mut path);
                // Parameters written on the trigger line around an inline ability belong to
                // the trigger.
                if path.is_empty() {
                    if let Some(Step::Do { params: p, .. }) = root.first_mut() {
                        let p = std::mem::take(p);
                        params.merge(p);
                    }
                }
                stack.push(0, path.len());
            }
        }

        let mut next = first_end + 1;
        while next <= src.len() {
            let a = next;
            let end = next_newline(&src.as_bytes()[a..]).map_or(src.len(), |i| a + i);
            next = end + 1;
            let b = if src[a..end].ends_with('\r') {
                end - 1
            } else {
                end
            };
            let text = &src[a..b];
            let trimmed = trim_start(text);
            if trimmed.is_empty() {
                continue;
            }
            let ga = a + (text.len() - trimmed.len());
            let Some(g) = trimmed.chars().next() else {
                continue;
            };
            let Some(level) = glyph_level(g) else {
                self.errs.push(
                    PErr::new(
                        self.base + ga..self.base + ga + trimmed.trim_end().len(),
                        "expected a bullet line inside an ability",
                    )
                    .expected(&["`• <Ability>`", "`‣ <Ability>` (nested)"]),
                );
                continue;
            };
            stack.pop_to_below(level);
            let (parent_level, parent_len) = stack.last().unwrap_or((0, 0));
            path.truncate(parent_len);
            if level > parent_level + 1 {
                let want = GLYPHS[parent_level.min(GLYPHS.len() - 1)];
                self.errs.push(
                    PErr::new(
                        self.base + ga..self.base + ga + g.len_utf8(),
                        format!("bullet `{g}` (level {level}) directly under level {parent_level}"),
                    )
                    .expected(&[&format!("`{want}`")]),
                );
            }
            let body_a = ga + g.len_utf8();
            let target = container(&mut root, &path);
            let mut stray = Params::default();
            self.clause(body_a, b, target, &mut stray, &mut path);
            let rel_is_empty = path.len() == parent_len;
            if !stray.is_empty() && rel_is_empty {
                // A line of parameters only (`• [Quantity: 1]`): the bot's parser gives them to
                // the trigger's first ability, as it does an `Action: […]` line; it is one.
                target.push(Step::Action {
                    params: stray,
                    loc: self.span(body_a, b),
                });
            } else if !stray.is_empty() {
                self.errs.push(
                    PErr::new(
                        self.base + body_a..self.base + b,
                        "parameters at the start of a bullet line have nothing to apply to",
                    )
                    .expected(&[
                        "`• <Ability> [<Restriction>]`",
                        "`• <Condition>: [<Restriction>] <Ability>`",
                    ]),
                );
            }
            stack.push(level, path.len());
        }
        self.check_empty(&root, &trigger);
        (trigger, params, root)
    }

    fn check_empty(&mut self, root: &[Step], trigger: &Trigger) {
        if root.is_empty() {
            let loc = match trigger {
                Trigger::Timing { loc, .. }
                | Trigger::On { loc, .. }
                | Trigger::PollWin { loc, .. }
                | Trigger::Emitted { loc, .. }
                | Trigger::Whisper { loc, .. }
                | Trigger::ChoiceChosen { loc, .. }
                | Trigger::Unknown { loc, .. } => loc,
            };
            self.errs.push(
                PErr::new(loc.range(), "the trigger has no ability").expected(&[
                    "`<Trigger>: <Ability>`",
                    "bullet lines `• <Ability>`",
                    "`*Nothing*`",
                ]),
            );
        }
        self.check_steps(root);
    }

    fn check_steps(&mut self, steps: &[Step]) {
        for s in steps {
            let (empty, loc, what) = match s {
                Step::If { then, loc, .. } => (then.is_empty(), loc, "condition"),
                Step::Process { steps, loc, .. } => (steps.is_empty(), loc, "`Process:`"),
                Step::Evaluate { steps, loc, .. } => (steps.is_empty(), loc, "`Evaluate:`"),
                Step::Feedback { steps, loc } => (steps.is_empty(), loc, "`Feedback:`"),
                Step::ForEach { steps, loc, .. } => (steps.is_empty(), loc, "`For Each`"),
                _ => continue,
            };
            if empty {
                self.errs.push(
                    PErr::new(loc.range(), format!("{what} has no ability"))
                        .expected(&["`: <Ability>` on the same line", "nested bullet lines"]),
                );
            }
            if let Some(children) = match s {
                Step::If { then, .. } => Some(then),
                Step::Process { steps, .. }
                | Step::Evaluate { steps, .. }
                | Step::Feedback { steps, .. }
                | Step::ForEach { steps, .. } => Some(steps),
                _ => None,
            } {
                self.check_steps(children);
            }
        }
    }

    /// Parses a clause `src[a..b]`, pushing what it finds into `container`; leading parameters
    /// (and a parameter-only clause) go to `owner`. Appends to `path` the path (relative to
    /// `container`) of the container that children of this line belong to.
    fn clause(
        &mut self,
        a: usize,
        b: usize,
        container: &mut Vec<Step>,
        owner: &mut Params,
        path: &mut Vec<usize>,
    ) {
        let src = self.src;
        let mut errs = Vec::new();
        let mut c = self.cursor(a, b);
        let mut lead = Params::default();
        c.params(&mut lead, &mut errs);
        self.errs.append(&mut errs);
        c.ws();
        let start = c.pos;
        if c.at_end() {
            owner.merge(lead);
            return;
        }
        let split = split_clause(src, start, b);
        if let ClauseSplit::Head(colon) = split {
            owner.merge(lead);
            if self.depth >= MAX_INLINE_HEADS {
                self.errs.push(
                    PErr::new(
                        self.base + start..self.base + b,
                        "too many `<condition>:` heads on one line",
                    )
                    .expected(&["nested bullet lines"]),
                );
                return self.invalid(container, start, b);
            }
            let head_loc = self.span(start, b);
            let head_text = trim_end(&src[start..colon]);
            let mut hc = self.cursor(start, colon);
            // A head followed by a clause on its line holds that clause's step and usually
            // nothing more: room for one (a step is large; a first push makes room for four).
            let inline = !trim_start(&src[colon + 1..b]).is_empty();
            let children = || {
                if inline {
                    Vec::with_capacity(1)
                } else {
                    Vec::new()
                }
            };
            let step = if head_text.eq_ignore_ascii_case("Process") {
                Step::Process {
                    params: Params::default(),
                    steps: children(),
                    loc: head_loc,
                }
            } else if head_text.eq_ignore_ascii_case("Evaluate") {
                Step::Evaluate {
                    params: Params::default(),
                    steps: children(),
                    loc: head_loc,
                }
            } else if head_text.eq_ignore_ascii_case("Action") {
                Step::Action {
                    params: Params::default(),
                    loc: head_loc,
                }
            } else if head_text.eq_ignore_ascii_case("Feedback") {
                Step::Feedback {
                    steps: children(),
                    loc: head_loc,
                }
            } else if head_text.eq_ignore_ascii_case("Otherwise") {
                Step::If {
                    guard: Guard::Otherwise {
                        loc: self.span(start, colon),
                    },
                    params: Params::default(),
                    then: children(),
                    loc: head_loc,
                }
            } else if head_text.eq_ignore_ascii_case("Always") {
                Step::If {
                    guard: Guard::Always {
                        loc: self.span(start, colon),
                    },
                    params: Params::default(),
                    then: children(),
                    loc: head_loc,
                }
            } else if hc.kw("For Each") {
                match hc.value() {
                    Ok(target) if hc.at_end() => Step::ForEach {
                        target,
                        params: Params::default(),
                        steps: children(),
                        loc: head_loc,
                    },
                    Ok(_) => {
                        self.errs.push(
                            hc.err_here("unexpected text after the For Each target", &["`:`"]),
                        );
                        return self.invalid(container, start, b);
                    }
                    Err(e) => {
                        self.errs.push(e);
                        return self.invalid(container, start, b);
                    }
                }
            } else {
                match hc.condition() {
                    Ok(cond) => Step::If {
                        guard: Guard::When(cond),
                        params: Params::default(),
                        then: children(),
                        loc: head_loc,
                    },
                    Err(e) => {
                        self.errs.push(e);
                        return self.invalid(container, start, b);
                    }
                }
            };
            container.push(step);
            let idx = container.len() - 1;
            let step = &mut container[idx];
            self.depth += 1;
            let mark = path.len();
            path.push(idx);
            match step {
                Step::Action { params, .. } => {
                    let mut tmp = Vec::new();
                    self.clause(colon + 1, b, &mut tmp, params, path);
                    path.truncate(mark);
                    if !tmp.is_empty() {
                        self.errs.push(
                            PErr::new(
                                self.base + colon + 1..self.base + b,
                                "`Action:` takes only restrictions, compulsion, scaling and a prompt",
                            )
                            .expected(&["`Action: [<Restriction>] {<Compulsion>} ⟨<Scaling>⟩ |<Prompt>|`"]),
                        );
                    }
                    self.depth -= 1;
                    // Children of an `Action:` line have nowhere to go but beside it.
                    return;
                }
                Step::If { params, then, .. } => self.clause(colon + 1, b, then, params, path),
                Step::Process { params, steps, .. }
                | Step::Evaluate { params, steps, .. }
                | Step::ForEach { params, steps, .. } => {
                    self.clause(colon + 1, b, steps, params, path)
                }
                Step::Feedback { steps, .. } => {
                    let mut p = Params::default();
                    self.clause(colon + 1, b, steps, &mut p, path);
                    if !p.is_empty() {
                        self.errs.push(PErr::new(
                            self.base + colon + 1..self.base + b,
                            "`Feedback:` takes no parameters",
                        ));
                    }
                }
                Step::Do { .. } | Step::Invalid { .. } => {}
            }
            self.depth -= 1;
            return;
        }
        // A plain ability followed by parameter groups.
        let core_end = match split {
            ClauseSplit::Params(end) => end,
            ClauseSplit::Head(_) => b, // returned above
        };
        let mut ac = self.cursor(start, core_end);
        let ability = match ac.ability() {
            Ok(a) => a,
            Err(e) => {
                self.errs.push(e);
                // Still report problems in the parameters after the bad ability.
                let mut tc = self.cursor(core_end, b);
                let mut errs = Vec::new();
                tc.params(&mut Params::default(), &mut errs);
                self.errs.append(&mut errs);
                return self.invalid(container, start, b);
            }
        };
        let mut tc = self.cursor(core_end, b);
        let mut errs = Vec::new();
        tc.params(&mut lead, &mut errs);
        self.errs.append(&mut errs);
        if !tc.at_end() {
            self.errs.push(tc.err_here(
                "unexpected text after the parameters",
                &[
                    "`[<Restriction>]`",
                    "`{<Compulsion>}`",
                    "`⟨<Scaling>⟩`",
                    "`|<Prompt>|`",
                    "end of line",
                ],
            ));
        }
        let text_end = start + trim_end(&src[start..core_end]).len();
        container.push(Step::Do {
            ability,
            params: lead,
            loc: self.span(start, text_end),
        });
    }

    fn invalid(&mut self, container: &mut Vec<Step>, a: usize, b: usize) {
        let text = self.src[a..b].trim_end();
        container.push(Step::Invalid {
            text: text.to_string(),
            loc: self.span(a, a + text.len()),
        });
    }
}

/// The open lines of a block while its bullet lines are read: `(level, path length)` each.
/// Levels strictly increase up the stack (a new line first pops every line at its level or
/// deeper), so it holds at most one line per level, 0 (the trigger line) to 6: no heap.
struct LevelStack {
    entries: [(usize, usize); GLYPHS.len() + 1],
    len: usize,
}

impl LevelStack {
    fn new() -> Self {
        LevelStack {
            entries: [(0, 0); GLYPHS.len() + 1],
            len: 0,
        }
    }

    fn push(&mut self, level: usize, path_len: usize) {
        // Cannot pass the last slot (see the type's docs); clamped rather than panicking.
        let at = self.len.min(self.entries.len() - 1);
        self.entries[at] = (level, path_len);
        self.len = at + 1;
    }

    fn last(&self) -> Option<(usize, usize)> {
        self.len.checked_sub(1).map(|i| self.entries[i])
    }

    /// Pops every line at `level` or deeper.
    fn pop_to_below(&mut self, level: usize) {
        while self.last().is_some_and(|(l, _)| l >= level) {
            self.len -= 1;
        }
    }
}
