//! BBCode post bodies to lines.
//!
//! A small tokenizer: `[name]`, `[name=value]`, `[name value…]` and `[/name]` are tags when
//! `name` is a known BBCode tag; anything else in brackets is ordinary text (`[image loading]`,
//! `[Day 1]`). Newlines break lines. Quotes are dropped with everything inside them, nested or
//! not; a quote that is never closed drops the rest of the post. `[code]` and `[img]` that are
//! never closed are shown as written.

use crate::lines::{LineBuilder, Style};
use crate::model::Body;

/// The longest bracketed run considered as a possible tag.
const MAX_TAG_LEN: usize = 512;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Bold,
    /// Struck through (`[s]`, `[strike]`, `[del]`).
    Struck,
    /// A vote tag: mafiascum's `[vote]`, Mafia Universe's `[V]`, Discourse's `[v]`.
    Vote,
    /// An unvote tag: mafiascum's `[unvote]`, Mafia Universe's `[UNV]`, Discourse's `[uv]`.
    /// Read as a vote tag labelled `UNVOTE:`, as mafiascum renders it, so that a name inside
    /// (`[UNV]Bob[/UNV]`) is not read as a vote for Bob.
    Unvote,
    Quote,
    /// Content is kept literally, tags inside are not parsed (`[code]`, `[noparse]`).
    Literal,
    /// Content is not text (`[img]url[/img]`, embedded media): dropped.
    Opaque,
    /// Starts and ends a line (`[list]`, `[*]`, `[center]`, `[spoiler]`…).
    Block,
    /// A table cell: separates words.
    Cell,
    /// A single line break (`[br]`, `[hr]`).
    Break,
    /// Styling that does not matter here (`[i]`, `[color=red]`, `[url=…]`…).
    Inline,
}

fn kind_of(name: &str) -> Option<Kind> {
    Some(match name {
        "b" | "strong" => Kind::Bold,
        "vote" | "v" => Kind::Vote,
        "unvote" | "unv" | "uv" => Kind::Unvote,
        "s" | "strike" | "del" => Kind::Struck,
        "quote" => Kind::Quote,
        "code" | "noparse" | "plain" | "php" | "html" => Kind::Literal,
        "img" | "youtube" | "media" | "video" | "audio" | "attach" | "flash" => Kind::Opaque,
        "list" | "ul" | "ol" | "li" | "*" | "center" | "left" | "right" | "justify" | "indent"
        | "spoiler" | "hide" | "table" | "tr" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6"
        | "heading" | "p" | "div" | "area" => Kind::Block,
        "td" | "th" => Kind::Cell,
        "br" | "hr" => Kind::Break,
        "i" | "u" | "color" | "colour" | "size" | "font" | "url" | "email" | "sub" | "sup"
        | "tt" | "highlight" | "em" | "abbr" | "acronym" | "align" | "glow" | "shadow"
        | "mention" | "user" | "icode" | "ispoiler" | "ins" | "anchor" => Kind::Inline,
        _ => return None,
    })
}

struct Tag<'a> {
    name: String,
    closing: bool,
    /// The whole tag, brackets included.
    raw: &'a str,
}

/// Reads a tag at the start of `s` (which starts with `[`), if there is one.
fn read_tag(s: &str) -> Option<Tag<'_>> {
    let window = s.get(1..)?;
    let end = window
        .char_indices()
        .take_while(|&(i, _)| i <= MAX_TAG_LEN)
        .find(|&(_, c)| c == ']' || c == '[' || c == '\n')
        .filter(|&(_, c)| c == ']')?
        .0;
    let inner = window.get(..end)?;
    let (closing, inner) = match inner.strip_prefix('/') {
        Some(rest) => (true, rest),
        None => (false, inner),
    };
    let name_end = inner.find(['=', ' ']).unwrap_or(inner.len());
    let name = inner.get(..name_end)?.to_ascii_lowercase();
    kind_of(&name)?;
    Some(Tag {
        name,
        closing,
        raw: s.get(..end + 2)?,
    })
}

/// Normalises a BBCode body to lines.
pub fn normalise_bbcode(source: &str) -> Body {
    let mut out = LineBuilder::new();
    let mut open = Open::default();
    let mut quote = 0usize;
    let mut rest = source;

    while !rest.is_empty() {
        let Some(at) = rest.find('[') else {
            if quote == 0 {
                push_text(&mut out, rest, &open);
            }
            break;
        };
        let (before, from_bracket) = rest.split_at(at);
        if quote == 0 {
            push_text(&mut out, before, &open);
        }
        let Some(tag) = read_tag(from_bracket) else {
            if quote == 0 {
                push_text(&mut out, "[", &open);
            }
            rest = &from_bracket[1..];
            continue;
        };
        rest = &from_bracket[tag.raw.len()..];
        let kind = kind_of(&tag.name).unwrap_or(Kind::Inline);

        if quote > 0 {
            match (kind, tag.closing) {
                (Kind::Quote, false) => quote += 1,
                (Kind::Quote, true) => quote -= 1,
                _ => {}
            }
            if quote == 0 {
                out.break_line();
            }
            continue;
        }

        match (kind, tag.closing) {
            (Kind::Bold, false) => open.bold += 1,
            (Kind::Bold, true) => open.bold = open.bold.saturating_sub(1),
            (Kind::Struck, false) => {
                open.struck += 1;
                out.open_strike();
            }
            (Kind::Struck, true) => open.struck = open.struck.saturating_sub(1),
            (Kind::Vote | Kind::Unvote, false) => {
                open.vote += 1;
                out.open_vote_tag();
                if kind == Kind::Unvote {
                    push_text(&mut out, "UNVOTE: ", &open);
                }
            }
            (Kind::Vote | Kind::Unvote, true) => open.vote = open.vote.saturating_sub(1),
            (Kind::Quote, false) => {
                out.break_line();
                quote = 1;
            }
            (Kind::Literal | Kind::Opaque, false) => {
                let close = format!("[/{}]", tag.name);
                let Some(i) = find_ascii_ci(rest, &close) else {
                    // Never closed: not a tag at all, as forums show it.
                    push_text(&mut out, tag.raw, &open);
                    continue;
                };
                let (content, after) = (&rest[..i], &rest[i + close.len()..]);
                if kind == Kind::Literal {
                    out.break_line();
                    push_text(&mut out, content, &open);
                    out.break_line();
                }
                rest = after;
            }
            (Kind::Block, _) | (Kind::Break, false) => out.break_line(),
            (Kind::Cell, _) => out.space(),
            // Stray closing tags of quotes and literal blocks, and inline styling.
            _ => {}
        }
    }
    out.finish()
}

/// How many bold, vote and struck tags are open.
#[derive(Default)]
struct Open {
    bold: usize,
    vote: usize,
    struck: usize,
}

fn push_text(out: &mut LineBuilder, text: &str, open: &Open) {
    let style = Style {
        bold: open.bold > 0,
        vote: open.vote > 0,
        struck: open.struck > 0,
        newlines_break: true,
    };
    if text.contains('&') {
        out.push(&decode_entities(text), style);
    } else {
        out.push(text, style);
    }
}

/// Finds `needle` (ASCII) in `haystack`, ignoring ASCII case.
fn find_ascii_ci(haystack: &str, needle: &str) -> Option<usize> {
    let h = haystack.as_bytes();
    let n = needle.as_bytes();
    if n.is_empty() || h.len() < n.len() {
        return None;
    }
    (0..=h.len() - n.len()).find(|&i| h[i..i + n.len()].eq_ignore_ascii_case(n))
}

/// Decodes the HTML entities that BBCode sources exported from a forum database carry:
/// `&amp; &lt; &gt; &quot; &apos; &nbsp;` and numeric `&#NN;` / `&#xHH;`. Anything else is
/// left as written.
pub(crate) fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let candidate = &rest[at..];
        // Entity names are short: look for the `;` in the next few bytes only.
        let semicolon = candidate.bytes().take(12).position(|b| b == b';');
        let decoded = semicolon
            .and_then(|end| candidate.get(1..end))
            .and_then(|name| Some((decode_entity(name)?, name.len() + 2)));
        match decoded {
            Some((c, len)) => {
                out.push(c);
                rest = &candidate[len..];
            }
            None => {
                out.push('&');
                rest = &candidate[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn decode_entity(name: &str) -> Option<char> {
    match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        "nbsp" => Some('\u{a0}'),
        _ => {
            let number = name.strip_prefix('#')?;
            let code = match number.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => number.parse().ok()?,
            };
            char::from_u32(code)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::decode_entities;

    #[test]
    fn entities() {
        assert_eq!(
            decode_entities("a &amp; b &lt;3 &#39;x&#x27;"),
            "a & b <3 'x'"
        );
        assert_eq!(
            decode_entities("AT&T &bogus; & &#xZZ;"),
            "AT&T &bogus; & &#xZZ;"
        );
        assert_eq!(decode_entities("&#1114112;&"), "&#1114112;&");
    }
}
