//! Each forum family's rendering of votes, vote tags, quotes, bold and struck text, on one
//! hand-written thread per family (`tests/forums/<family>.html`, the sources of each rendering
//! in the file's first comment): the same seven players and the same story on every forum, so
//! the expected lines are the same but for the forum's vote syntax.

use mafia_posts::{Body, Markup, RawPost, SpanKind, normalise_bbcode};

/// The posts of a fixture thread: each `<!-- post N Author -->` comment opens a post, whose body
/// is the HTML up to the next one.
fn thread(family: &str) -> Vec<(u64, String, Body)> {
    let path = format!("{}/tests/forums/{family}.html", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("fixture thread");
    text.split("<!-- post ")
        .skip(1)
        .map(|chunk| {
            let (head, body) = chunk.split_once("-->").expect("post marker");
            let mut words = head.split_whitespace();
            let number = words.next().and_then(|n| n.parse().ok()).expect("number");
            let author = words.next().expect("author").to_string();
            let raw = RawPost {
                id: format!("p{number}"),
                number,
                author: author.clone(),
                time: None,
                edited: None,
                body: Markup::Html(body.to_string()),
            };
            (number, author, raw.normalise().body)
        })
        .collect()
}

fn post(family: &str, number: u64) -> Body {
    thread(family)
        .into_iter()
        .find(|(n, _, _)| *n == number)
        .map(|(_, _, body)| body)
        .expect("post in fixture")
}

fn texts(body: &Body) -> Vec<&str> {
    body.lines.iter().map(|l| l.text.as_str()).collect()
}

fn spans(body: &Body, kind: SpanKind) -> Vec<&str> {
    body.lines.iter().flat_map(|l| l.spans_of(kind)).collect()
}

/// Each family: the vote of post 2 as written, and the span kind that carries it.
const FAMILIES: &[(&str, &str, SpanKind)] = &[
    ("mafiascum", "VOTE: Bob", SpanKind::VoteTag),
    ("phpbb", "Vote: Bob", SpanKind::Bold),
    ("webdiplomacy", "Vote: Bob", SpanKind::Bold),
    ("mafiauniverse", "Vote: Bob", SpanKind::Bold),
    ("teamliquid", "##Vote Bob", SpanKind::Bold),
    ("mtgsalvation", "Vote Bob", SpanKind::Bold),
    ("xenforo", "Vote: Bob", SpanKind::Bold),
    ("discourse", "Vote: Bob", SpanKind::Bold),
];

#[test]
fn a_vote_is_bold_or_a_vote_tag_on_every_forum() {
    for (family, vote, kind) in FAMILIES {
        let body = post(family, 2);
        assert_eq!(texts(&body), ["Bob has been quiet.", *vote], "{family}");
        assert_eq!(spans(&body, *kind), [*vote], "{family}");
    }
}

#[test]
fn a_quoted_vote_is_dropped_with_its_quote_on_every_forum() {
    for (family, _, _) in FAMILIES {
        let body = post(family, 3);
        assert_eq!(
            texts(&body),
            ["I was asleep. No vote from me yet."],
            "{family}"
        );
    }
    // XenForo 1's quote: `div.bbCodeQuote` with its "Alice said:" attribution.
    assert_eq!(texts(&post("xenforo", 11)), ["Not me."]);
}

#[test]
fn a_struck_vote_is_a_struck_span_on_every_forum() {
    for (family, vote, kind) in FAMILIES {
        let old = vote.replace("Bob", "Dave");
        let body = post(family, 4);
        assert_eq!(
            texts(&body),
            [format!("{old} Changed my mind:").as_str(), *vote],
            "{family}"
        );
        assert_eq!(spans(&body, SpanKind::Struck), [old.as_str()], "{family}");
        // The struck vote keeps its own markup: the tracker decides that it does not count.
        assert_eq!(spans(&body, *kind), [old.as_str(), *vote], "{family}");
    }
}

#[test]
fn an_unvote_is_bold_or_an_unvote_tag_on_every_forum() {
    for (family, _, kind) in FAMILIES {
        let body = post(family, 6);
        let unvote = spans(&body, *kind);
        let expected = match *family {
            "mafiascum" => "UNVOTE:",
            "teamliquid" => "##Unvote",
            _ => "Unvote",
        };
        assert_eq!(unvote, [expected], "{family}");
    }
}

#[test]
fn host_lines_stay_whole_on_every_forum() {
    // A death's name and verb on one line, even when the host colours the name (mafiascum's
    // inline divs).
    let deaths = [
        ("mafiascum", "Bob, Vanilla Townie, has been lynched."),
        ("phpbb", "Bob was lynched. He was a Vanilla Townie."),
        (
            "webdiplomacy",
            "Bob has been eliminated. He was a Vanilla Townie.",
        ),
        ("mafiauniverse", "Bob was lynched. He was a Vanilla Townie."),
        ("teamliquid", "Bob the VT has been lynched!"),
        (
            "mtgsalvation",
            "Bob has been lynched. He was a Vanilla Townie.",
        ),
        ("xenforo", "Bob was lynched. He was a Vanilla Townie."),
        ("discourse", "Bob was eliminated. He was a Vanilla Townie."),
    ];
    for (family, death) in deaths {
        assert_eq!(texts(&post(family, 9)).first(), Some(&death), "{family}");
    }
}

#[test]
fn inline_line_through_and_strike_elements_strike() {
    let body = mafia_posts::normalise_html(
        "<span style=\"text-decoration: underline line-through\">old</span> \
         <span style=\"TEXT-DECORATION-LINE:line-through\">older</span> \
         <span style=\"text-decoration: underline\">kept</span> <strike>gone</strike>",
    );
    assert_eq!(spans(&body, SpanKind::Struck), ["old older", "gone"]);
}

#[test]
fn mafia_universe_and_discourse_vote_tags_in_bbcode() {
    // Mafia Universe's guide: "[V]USERNAME[/V]" votes, "[UNV]USERNAME[/UNV]" unvotes (the
    // name is optional). An unvote tag reads as mafiascum renders one: labelled `UNVOTE:`.
    let body = normalise_bbcode("[V]Bob[/V]\n[UNV]Bob[/UNV]\n[UNV][/UNV]");
    assert_eq!(
        spans(&body, SpanKind::VoteTag),
        ["Bob", "UNVOTE: Bob", "UNVOTE:"]
    );
    // Fortress of Lies (Discourse): "[vote][/vote] or [v][/v]", "[unvote][/unvote] or
    // [uv][/uv]".
    let body = normalise_bbcode("[vote]Bob[/vote] [v]Carol[/v]\n[unvote][/unvote] [uv][/uv]");
    assert_eq!(
        spans(&body, SpanKind::VoteTag),
        ["Bob", "Carol", "UNVOTE:", "UNVOTE:"]
    );
    // A quoted vote tag is dropped with its quote.
    let body = normalise_bbcode("[quote=Alice][V]Bob[/V][/quote]\nNo vote.");
    assert_eq!(texts(&body), ["No vote."]);
    // `[s]`, `[strike]`, `[del]` strike.
    let body = normalise_bbcode("[s][V]Dave[/V][/s] [strike]x[/strike] [del]y[/del] [V]Bob[/V]");
    assert_eq!(spans(&body, SpanKind::Struck), ["Dave x y"]);
}
