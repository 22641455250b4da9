//! Hostile and broken input: never a panic, never quoted text in the output.

use mafia_posts::{Body, Markup, SpanKind, normalise_markup};
use proptest::prelude::*;

fn html(source: &str) -> Body {
    normalise_markup(&Markup::Html(source.into()))
}

fn bbcode(source: &str) -> Body {
    normalise_markup(&Markup::BbCode(source.into()))
}

fn all_text(body: &Body) -> String {
    body.lines
        .iter()
        .map(|l| l.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every span lies on char boundaries of its line, in order, without overlap per kind.
fn assert_spans_well_formed(body: &Body) {
    for line in &body.lines {
        assert!(!line.text.is_empty());
        assert_eq!(line.text.trim(), line.text);
        for kind in [SpanKind::Bold, SpanKind::VoteTag] {
            let mut end = 0;
            for span in line.spans.iter().filter(|s| s.kind == kind) {
                assert!(span.range.start >= end && span.range.start < span.range.end);
                assert!(line.text.get(span.range.clone()).is_some());
                end = span.range.end;
            }
        }
    }
}

#[test]
fn a_one_megabyte_post_is_normalised() {
    let paragraph = "<p>Some <b>bold</b> words &amp; more words about the game.</p>";
    let source = paragraph.repeat(1_000_000 / paragraph.len() + 1);
    assert!(source.len() > 1_000_000);
    let body = html(&source);
    assert_eq!(body.lines.len(), 1_000_000 / paragraph.len() + 1);
    assert_eq!(
        body.lines[0].text,
        "Some bold words & more words about the game."
    );
    assert_spans_well_formed(&body);
}

#[test]
fn deeply_nested_html_quotes_leave_nothing_behind() {
    let depth = 5_000;
    let source = format!(
        "before{}<b>Vote: Deep</b>{}after",
        "<blockquote>quoted ".repeat(depth),
        "</blockquote>".repeat(depth)
    );
    assert_eq!(all_text(&html(&source)), "before\nafter");
}

#[test]
fn deeply_nested_divs_do_not_overflow_the_stack() {
    let depth = 100_000;
    let source = format!(
        "{}<b>Vote: Bob</b>{}",
        "<div>".repeat(depth),
        "</div>".repeat(depth)
    );
    let body = html(&source);
    assert_eq!(all_text(&body), "Vote: Bob");
}

#[test]
fn many_unclosed_formatting_tags_do_not_panic() {
    let source = "<b><i><u><font>x".repeat(2_000);
    let body = html(&source);
    assert_eq!(all_text(&body), "x".repeat(2_000));
    assert_spans_well_formed(&body);
}

#[test]
fn deeply_nested_bbcode_quotes_leave_nothing_behind() {
    let depth = 100_000;
    let source = format!(
        "before\n{}[b]Vote: Deep[/b]{}after",
        "[quote=x]quoted ".repeat(depth),
        "[/quote]".repeat(depth)
    );
    assert_eq!(all_text(&bbcode(&source)), "before\nafter");
}

#[test]
fn garbage_html_does_not_panic() {
    for source in [
        "<",
        "<<<>>>",
        "</b></b></b>",
        "<b",
        "<!--",
        "<![CDATA[x",
        "<table><td>x<tr>y",
        "&#0;&#xD800;&",
        "<svg><b>x</b></svg>after",
        "<select><option>Vote: Bob</select>",
        "\u{0}\u{1}<b>\u{7f}</b>",
    ] {
        assert_spans_well_formed(&html(source));
    }
}

/// Markup made of fragments a post might contain, mixed at random.
fn html_fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("</blockquote>".to_string()),
        html_fragment_inside_quote(),
        // Text that may start a tag or an attribute value and so swallow the markup after it.
        "[ a-z<>=\"']{0,12}",
    ]
}

/// Fragments that do not end a quote they are written in.
fn html_fragment_inside_quote() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("<b>".to_string()),
        Just("</b>".to_string()),
        Just("<strong>".to_string()),
        Just("<span style=\"font-weight:bold\">".to_string()),
        Just("<span class=\"bbvote\">".to_string()),
        Just("</span>".to_string()),
        Just("<br>".to_string()),
        Just("<p>".to_string()),
        Just("</p>".to_string()),
        Just("<div>".to_string()),
        Just("</div>".to_string()),
        Just("<blockquote>".to_string()),
        Just("<aside class=\"quote\">".to_string()),
        Just("</aside>".to_string()),
        Just("&amp;".to_string()),
        Just("<script>".to_string()),
        "[ a-zA-Z0-9:#>&;=/é\u{a0}\u{200b}]{0,12}",
    ]
}

fn bbcode_fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("[/quote]".to_string()),
        Just("[code]".to_string()),
        Just("[/code]".to_string()),
        bbcode_fragment_inside_quote(),
    ]
}

/// Fragments that neither end a quote nor make it literal text: `[/quote]` would end it, and
/// inside `[code]…[/code]` a `[quote]` tag is only text that the forum shows as written.
fn bbcode_fragment_inside_quote() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("[b]".to_string()),
        Just("[/b]".to_string()),
        Just("[vote]".to_string()),
        Just("[/vote]".to_string()),
        Just("[quote]".to_string()),
        Just("[quote=\"x\"]".to_string()),
        Just("[img]".to_string()),
        Just("\n".to_string()),
        "[ a-zA-Z0-9:#\\[\\]=/&;é\u{a0}\u{200b}]{0,12}",
    ]
}

/// A word that cannot arise from the fragments above.
const SECRET: &str = "QUOTEDSECRET";

proptest! {
    #[test]
    fn html_normalisation_never_panics_and_spans_are_well_formed(
        parts in prop::collection::vec(html_fragment(), 0..40)
    ) {
        assert_spans_well_formed(&html(&parts.concat()));
    }

    #[test]
    fn bbcode_normalisation_never_panics_and_spans_are_well_formed(
        parts in prop::collection::vec(bbcode_fragment(), 0..40)
    ) {
        assert_spans_well_formed(&bbcode(&parts.concat()));
    }

    #[test]
    fn arbitrary_text_never_panics(s in any::<String>()) {
        assert_spans_well_formed(&html(&s));
        assert_spans_well_formed(&bbcode(&s));
        assert_spans_well_formed(&normalise_markup(&Markup::Text(s)));
    }

    #[test]
    fn nothing_inside_a_blockquote_survives(
        before in prop::collection::vec(html_fragment_inside_quote(), 0..10),
        inside in prop::collection::vec(html_fragment_inside_quote(), 0..10),
        after in prop::collection::vec(html_fragment(), 0..10),
    ) {
        // The quote is well formed; the markup around and inside it may not be.
        let source = format!(
            "{}<blockquote>{} {SECRET} {}</blockquote>{}",
            before.concat(), inside.concat(), inside.concat(), after.concat()
        );
        let text = all_text(&html(&source));
        prop_assert!(!text.contains(SECRET), "{source:?} gave {text:?}");
    }

    #[test]
    fn nothing_inside_a_bbcode_quote_survives(
        before in prop::collection::vec(bbcode_fragment_inside_quote(), 0..10),
        inside in prop::collection::vec(bbcode_fragment_inside_quote(), 0..10),
        after in prop::collection::vec(bbcode_fragment_inside_quote(), 0..10),
    ) {
        let source = format!(
            "{}[quote]{} {SECRET} {}[/quote]{}",
            before.concat(), inside.concat(), inside.concat(), after.concat()
        );
        let text = all_text(&bbcode(&source));
        prop_assert!(!text.contains(SECRET), "{source:?} gave {text:?}");
    }
}

fn json_value() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::Value;
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        (0u64..100).prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        "(2026-03-29T16:00:00Z|x|[a-z<>/ ]{0,12})".prop_map(Value::from),
        Just(Value::Array(vec![Value::from(1)])),
    ]
}

/// Pieces of forum page markup, mixed at random into broken pages.
fn page_fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("<div id=\"p12\" class=\"post\">".to_string()),
        Just("<div class=\"content\">".to_string()),
        Just("<a class=\"username\">".to_string()),
        Just("<span class=\"post-number-bolded\">#".to_string()),
        Just("<time datetime=\"".to_string()),
        Just("<article class=\"message\" data-author=\"".to_string()),
        Just("<div class=\"bbWrapper\">".to_string()),
        Just("<ul class=\"message-attribution-opposite\"><li><a>#".to_string()),
        Just("<div class=\"j-comment\" data-id=\"1\" data-index=\"".to_string()),
        Just("<div class=\"j-comment-body\">".to_string()),
        Just("<abbr data-epoch=\"".to_string()),
        Just("<a rel=\"next\" href=\"".to_string()),
        Just("</div>".to_string()),
        Just("\">".to_string()),
        "[ a-z0-9#:+\\-<>\"é]{0,10}",
    ]
}

proptest! {
    #[test]
    fn page_parsers_never_panic(parts in prop::collection::vec(page_fragment(), 0..40)) {
        use mafia_posts::import::Engine;
        let page = parts.concat();
        for engine in Engine::ALL {
            if let Ok(page) = engine.parse_page(&page) {
                for post in &page.posts {
                    prop_assert!(!post.author.is_empty());
                    assert_spans_well_formed(&post.normalise().body);
                }
            }
        }
        let _ = Engine::detect(&page);
    }

    #[test]
    fn discourse_parser_never_panics(json in "[{}\\[\\]\",:a-z0-9_ ]{0,80}") {
        let _ = mafia_posts::import::parse_discourse_topic(&json);
    }

    /// Well-formed JSON whose fields have any type and value.
    #[test]
    fn discourse_parser_takes_any_field_values(
        posts in prop::collection::vec(prop::collection::vec(json_value(), 8), 0..5),
        stream in prop::collection::vec(json_value(), 0..8),
        chunk in json_value(),
    ) {
        const FIELDS: [&str; 8] = [
            "id", "post_number", "username", "created_at", "updated_at", "cooked", "version",
            "post_type",
        ];
        let posts: Vec<serde_json::Value> = posts
            .into_iter()
            .map(|values| {
                serde_json::Value::Object(
                    FIELDS.iter().map(|f| f.to_string()).zip(values).collect(),
                )
            })
            .collect();
        let topic = serde_json::json!({
            "id": 7, "chunk_size": chunk,
            "post_stream": {"posts": posts, "stream": stream},
        });
        let page = mafia_posts::import::parse_discourse_topic(&topic.to_string())
            .expect("a topic with a post stream");
        prop_assert!(page.posts.len() + page.problems.len() <= posts.len());
    }
}
