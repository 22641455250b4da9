//! HTML post bodies to lines, with html5ever (through `scraper`) doing the parsing.
//!
//! The tree is walked without recursion, so hostile nesting depth cannot overflow the stack.

use ego_tree::iter::Edge;
use scraper::node::Element;
use scraper::{CaseSensitivity, Html, Node};

use crate::lines::{LineBuilder, Style};
use crate::model::Body;

/// Normalises an HTML fragment (a post body) to lines.
pub fn normalise_html(html: &str) -> Body {
    let fragment = Html::parse_fragment(html);
    let mut out = LineBuilder::new();
    // The style in force inside each open element; the bottom entry is the default.
    let mut styles: Vec<Style> = vec![Style::default()];
    // While inside a dropped subtree (a quote, a script…): the depth of open elements in it.
    let mut skipping: usize = 0;

    for edge in fragment.tree.root().traverse() {
        match edge {
            Edge::Open(node) => match node.value() {
                Node::Element(el) => {
                    if skipping > 0 || is_dropped(el) {
                        skipping += 1;
                        continue;
                    }
                    let parent = styles.last().copied().unwrap_or_default();
                    styles.push(element_style(el, parent));
                    let name = el.name();
                    if name == "br" || is_block(name) {
                        out.break_line();
                    } else if is_cell(name) {
                        out.space();
                    }
                }
                Node::Text(text) if skipping == 0 => {
                    let style = styles.last().copied().unwrap_or_default();
                    out.push(text, style);
                }
                _ => {}
            },
            Edge::Close(node) => {
                if let Node::Element(el) = node.value() {
                    if skipping > 0 {
                        skipping -= 1;
                        continue;
                    }
                    styles.pop();
                    let name = el.name();
                    if is_block(name) {
                        out.break_line();
                    } else if is_cell(name) {
                        out.space();
                    }
                }
            }
        }
    }
    out.finish()
}

/// Elements whose whole content is dropped: quotes of every forum engine, and things that are
/// not text (scripts, styles, embedded objects).
fn is_dropped(el: &Element) -> bool {
    const NOT_TEXT: &[&str] = &[
        "script", "style", "template", "noscript", "head", "title", "iframe", "object", "embed",
        "svg", "math", "textarea", "select", "button",
    ];
    const QUOTE_CLASSES: &[&str] = &[
        // Discourse `aside.quote`, TeamLiquid `div.quote`, MTG Salvation `blockquote.source-quote`.
        "quote",
        "source-quote",
        // XenForo 2 (`blockquote.bbCodeBlock--quote`, also seen on a wrapping div).
        "bbCodeBlock--quote",
        // phpBB 2 / older mafiascum styles: `div.quotetitle` + `div.quotecontent`.
        "quotetitle",
        "quotecontent",
    ];
    let name = el.name();
    name == "blockquote"
        || name == "q"
        || NOT_TEXT.contains(&name)
        || QUOTE_CLASSES
            .iter()
            .any(|c| el.has_class(c, CaseSensitivity::AsciiCaseInsensitive))
}

/// Elements that start and end a line of their own.
fn is_block(name: &str) -> bool {
    matches!(
        name,
        "p" | "div"
            | "li"
            | "ul"
            | "ol"
            | "dl"
            | "dt"
            | "dd"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "hr"
            | "pre"
            | "table"
            | "tr"
            | "thead"
            | "tbody"
            | "tfoot"
            | "caption"
            | "section"
            | "article"
            | "aside"
            | "header"
            | "footer"
            | "nav"
            | "main"
            | "address"
            | "center"
            | "details"
            | "summary"
            | "figure"
            | "figcaption"
            | "form"
            | "fieldset"
            | "legend"
    )
}

/// Table cells: words in neighbouring cells must not run together.
fn is_cell(name: &str) -> bool {
    matches!(name, "td" | "th")
}

/// The style inside `el`, given the style of its parent.
fn element_style(el: &Element, parent: Style) -> Style {
    let mut style = parent;
    match el.name() {
        "b" | "strong" => style.bold = true,
        "pre" => style.newlines_break = true,
        _ => {}
    }
    if el.has_class("noboldsig", CaseSensitivity::AsciiCaseInsensitive) {
        style.bold = true;
    }
    if el.name() == "span" && el.has_class("bbvote", CaseSensitivity::AsciiCaseInsensitive) {
        style.vote = true;
    }
    if let Some(weight) = el.attr("style").and_then(font_weight) {
        style.bold = weight;
    }
    style
}

/// Reads `font-weight` from an inline style: `Some(true)` for bold (`bold`, `bolder`, or a
/// number of 700 or more), `Some(false)` for any other weight, `None` when not set.
fn font_weight(css: &str) -> Option<bool> {
    let mut weight = None;
    for declaration in css.split(';') {
        let Some((property, value)) = declaration.split_once(':') else {
            continue;
        };
        if !property.trim().eq_ignore_ascii_case("font-weight") {
            continue;
        }
        let value = value.trim();
        let value = value
            .strip_suffix("!important")
            .map(str::trim_end)
            .unwrap_or(value);
        let bold = if value.eq_ignore_ascii_case("bold") || value.eq_ignore_ascii_case("bolder") {
            true
        } else if let Ok(number) = value.parse::<f32>() {
            number >= 700.0
        } else {
            false
        };
        // The last declaration wins, as in CSS.
        weight = Some(bold);
    }
    weight
}

#[cfg(test)]
mod tests {
    use super::font_weight;

    #[test]
    fn font_weight_forms() {
        assert_eq!(font_weight("font-weight: bold"), Some(true));
        assert_eq!(font_weight("font-weight:bold"), Some(true));
        assert_eq!(font_weight("color: red; FONT-WEIGHT : Bold ;"), Some(true));
        assert_eq!(font_weight("font-weight: 700"), Some(true));
        assert_eq!(font_weight("font-weight: 900 !important"), Some(true));
        assert_eq!(font_weight("font-weight: 400"), Some(false));
        assert_eq!(font_weight("font-weight: normal"), Some(false));
        assert_eq!(
            font_weight("font-weight: bold; font-weight: normal"),
            Some(false)
        );
        assert_eq!(font_weight("color: red"), None);
        assert_eq!(font_weight("font-weight"), None);
    }
}
