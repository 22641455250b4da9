//! Markup normalisation: every rule of the "Input" section of the tracker issue, one small
//! post at a time.

use mafia_posts::{Body, Markup, SpanKind, normalise_markup};

fn html(source: &str) -> Body {
    normalise_markup(&Markup::Html(source.into()))
}

fn bbcode(source: &str) -> Body {
    normalise_markup(&Markup::BbCode(source.into()))
}

fn text(source: &str) -> Body {
    normalise_markup(&Markup::Text(source.into()))
}

/// The visible lines of a body.
fn lines(body: &Body) -> Vec<&str> {
    body.lines.iter().map(|l| l.text.as_str()).collect()
}

/// The texts of all spans of one kind, line after line.
fn spans(body: &Body, kind: SpanKind) -> Vec<&str> {
    body.lines.iter().flat_map(|l| l.spans_of(kind)).collect()
}

fn bold(body: &Body) -> Vec<&str> {
    spans(body, SpanKind::Bold)
}

// --- HTML: lines and text ---

#[test]
fn html_entities_are_decoded() {
    let body = html("Tom &amp; Jerry &lt;3 &quot;town&quot; &#39;read&#x27; caf&eacute;&nbsp;ok");
    assert_eq!(lines(&body), ["Tom & Jerry <3 \"town\" 'read' café ok"]);
}

#[test]
fn html_br_and_blocks_break_lines() {
    let body = html(
        "first<br>second<p>third</p>fourth<div>fifth</div><ul><li>sixth</li><li>seventh</li></ul>\
         <h2>eighth</h2>ninth<hr>tenth",
    );
    assert_eq!(
        lines(&body),
        [
            "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
            "tenth"
        ]
    );
}

#[test]
fn html_whitespace_collapses_and_empty_lines_drop() {
    let body = html("  Day   1\n\t has\n begun  <br><br>  <br> <p> </p>next");
    assert_eq!(lines(&body), ["Day 1 has begun", "next"]);
}

#[test]
fn html_inline_elements_do_not_break_words() {
    let body = html("Vo<i>te</i>: <a href=\"/u/bob\">Bob</a><span>by</span>");
    assert_eq!(lines(&body), ["Vote: Bobby"]);
}

#[test]
fn html_table_cells_are_separated_and_rows_are_lines() {
    let body =
        html("<table><tr><td>Alice</td><td>3</td></tr><tr><th>Bob</th><th>1</th></tr></table>");
    assert_eq!(lines(&body), ["Alice 3", "Bob 1"]);
}

#[test]
fn html_pre_keeps_its_line_breaks() {
    let body = html("<pre>Alice - 2\nBob   - 1</pre>");
    assert_eq!(lines(&body), ["Alice - 2", "Bob - 1"]);
}

#[test]
fn html_script_and_style_are_dropped() {
    let body = html(
        "Countdown: <span id=\"c\"></span><script type=\"text/javascript\">$(\"#c\").countdown(\"Vote: Bob\");</script> left\
         <style>b { color: red }</style>",
    );
    assert_eq!(lines(&body), ["Countdown: left"]);
}

#[test]
fn html_zero_width_characters_are_removed() {
    assert_eq!(lines(&html("Bo\u{200B}b\u{FEFF}")), ["Bob"]);
}

// --- HTML: bold ---

#[test]
fn html_b_and_strong_are_bold() {
    let body = html("I say <b>Vote: Bob</b> and <strong>Unvote</strong>.");
    assert_eq!(lines(&body), ["I say Vote: Bob and Unvote."]);
    assert_eq!(bold(&body), ["Vote: Bob", "Unvote"]);
}

#[test]
fn html_bold_span_is_a_byte_range_into_the_line() {
    let body = html("é <b>Vote: Zoë</b>");
    let line = &body.lines[0];
    assert_eq!(line.spans.len(), 1);
    assert_eq!(line.spans[0].kind, SpanKind::Bold);
    assert_eq!(line.spans[0].range, 3..13);
    assert_eq!(&line.text[3..13], "Vote: Zoë");
}

#[test]
fn html_font_weight_bold_styles_are_bold() {
    let body = html(
        "<span style=\"font-weight: bold\">Vote: Ann</span><br>\
         <span style=\"font-weight:bold\">Vote: Ben</span><br>\
         <span style=\"color:red;FONT-WEIGHT:BOLD\">Vote: Cat</span><br>\
         <span style=\"font-weight: 700\">Vote: Dan</span><br>\
         <span style=\"font-weight: 400\">Vote: Eve</span>",
    );
    assert_eq!(
        bold(&body),
        ["Vote: Ann", "Vote: Ben", "Vote: Cat", "Vote: Dan"]
    );
}

#[test]
fn html_normal_weight_inside_bold_is_not_bold() {
    let body = html("<b>Vote: <span style=\"font-weight: normal\">Bob</span></b>");
    assert_eq!(bold(&body), ["Vote:"]);
}

#[test]
fn html_phpbb_noboldsig_span_is_bold() {
    let body = html("<span class=\"noboldsig\">Vote: Bob</span> because");
    assert_eq!(bold(&body), ["Vote: Bob"]);
}

#[test]
fn html_bold_split_by_inline_markup_is_one_span() {
    let body = html("<b>Vote: <i>Bob</i></b> and <b>Vote:</b> <b>Carol</b>");
    assert_eq!(bold(&body), ["Vote: Bob", "Vote: Carol"]);
}

#[test]
fn html_bold_across_a_line_break_is_bold_on_both_lines() {
    let body = html("<b>Vote: Bob<br>Unvote</b> plain");
    assert_eq!(lines(&body), ["Vote: Bob", "Unvote plain"]);
    assert_eq!(bold(&body), ["Vote: Bob", "Unvote"]);
}

#[test]
fn html_teamliquid_hash_vote_inside_b_is_bold() {
    let body = html("<b>##vote Damdred</b><br><br>he is scum");
    assert_eq!(lines(&body), ["##vote Damdred", "he is scum"]);
    assert_eq!(bold(&body), ["##vote Damdred"]);
}

// --- HTML: vote tags ---

#[test]
fn html_phpbb_bbvote_span_is_a_vote_tag() {
    let body =
        html("I <span class=\"bbvote\" title=\"This is an official vote.\">VOTE: Bob</span> now");
    assert_eq!(lines(&body), ["I VOTE: Bob now"]);
    assert_eq!(spans(&body, SpanKind::VoteTag), ["VOTE: Bob"]);
    assert!(bold(&body).is_empty());
}

#[test]
fn html_side_by_side_vote_tags_are_spans_of_their_own() {
    // mafiascum threads write `[unvote][/unvote][vote]…[/vote]` as two tags on one line:
    // `…unvote.">UNVOTE: </span><span class="bbvote" …>VOTE: …</span>` (24 times in the
    // fixture threads, e.g. thread 17289, post 553); a tag with inner markup stays one span.
    let body = html(
        "<span class=\"bbvote\" title=\"This is an official unvote.\">UNVOTE: </span>\
         <span class=\"bbvote\" title=\"This is an official vote.\">VOTE: Bob</span><br>\
         <span class=\"bbvote\" title=\"This is an official unvote.\">UNVOTE: </span> \
         <span class=\"bbvote\" title=\"This is an official vote.\">VOTE: \
         <div style=\"display:inline;font-weight:bold\">Carol</div></span>",
    );
    assert_eq!(lines(&body), ["UNVOTE: VOTE: Bob", "UNVOTE: VOTE: Carol"]);
    assert_eq!(
        spans(&body, SpanKind::VoteTag),
        ["UNVOTE:", "VOTE: Bob", "UNVOTE:", "VOTE: Carol"]
    );
    assert_eq!(bold(&body), ["Carol"]);
    let body = bbcode("[vote]Ann[/vote] [vote]Bob[/vote]");
    assert_eq!(spans(&body, SpanKind::VoteTag), ["Ann", "Bob"]);
}

#[test]
fn html_a_vote_tag_ends_with_its_first_line() {
    // Thread 17378, post 16: `[vote]kondi2424[/unvote]` made phpBB wrap the rest of the post in
    // the tag: `VOTE: kondi2424[/unvote]<br>\n<br>\nFor being the last to confirm.</span>`.
    let body = html(
        "<span class=\"bbvote\" title=\"This is an official vote.\">VOTE: Ann[/unvote]<br>\n\
         <br>\nFor being the last to confirm.</span><br>\n\
         <span class=\"bbvote\" title=\"This is an official vote.\">VOTE: Bob</span>",
    );
    assert_eq!(
        lines(&body),
        [
            "VOTE: Ann[/unvote]",
            "For being the last to confirm.",
            "VOTE: Bob"
        ]
    );
    assert_eq!(
        spans(&body, SpanKind::VoteTag),
        ["VOTE: Ann[/unvote]", "VOTE: Bob"]
    );
}

#[test]
fn html_phpbb_vote_tags_in_a_quote_are_dropped() {
    // Thread 16214, post 15 (`UNVOTE: Shadow` then `VOTE: EMPKing`, each in its own
    // `span.bbvote`) and post 37 (a `VOTE:` tag quoted inside a `<blockquote>`).
    let body = html(
        "<blockquote cite=\"./viewtopic.php?p=1#p1\"><div><cite>Ann wrote:</cite>\
         <span class=\"bbvote\" title=\"This is an official vote.\">VOTE: Carol</span> scum</div>\
         </blockquote>\n\nso I am going to<br>\n\
         <span class=\"bbvote\" title=\"This is an official unvote.\">UNVOTE: Carol</span><br>\n\
         <span class=\"bbvote\" title=\"This is an official vote.\">VOTE: Bob</span>",
    );
    assert_eq!(
        lines(&body),
        ["so I am going to", "UNVOTE: Carol", "VOTE: Bob"]
    );
    assert_eq!(
        spans(&body, SpanKind::VoteTag),
        ["UNVOTE: Carol", "VOTE: Bob"]
    );
}

// --- HTML: the display style ---

#[test]
fn html_an_inline_div_does_not_break_the_line() {
    // mafiascum.net (phpBB) writes colour and bold as inline divs; thread 16918, post 168:
    // `<div style="display:inline;font-weight:bold"><div style="display:inline;color:#0000FF">
    // Surprise_Carcinogen, Vanilla Townie</div>, has been lynched Day 1.</div>`.
    let body = html(
        "Day ends.<br>\n<br>\n<div style=\"display:inline;color:green\">Ann, Vanilla Townie,</div> \
         has been lynched.<br>\nIt is now <div style=\"display:inline;font-weight:bold\">Night 1</div>.",
    );
    assert_eq!(
        lines(&body),
        [
            "Day ends.",
            "Ann, Vanilla Townie, has been lynched.",
            "It is now Night 1."
        ]
    );
    assert_eq!(bold(&body), ["Night 1"]);
}

#[test]
fn html_an_inline_bold_div_is_a_bold_span_in_its_line() {
    // Thread 16214, post 6: `<div style="display:inline;font-weight:bold">Vote: Grey</div> -
    // Caimed scum then redacted it.`; and a bold label with the name after it.
    let body = html(
        "<div style=\"display:inline;font-weight:bold\">VOTE: Ann</div> - scum.<br>\n\
         <div style=\"display:inline;font-weight:bold\">Vote:</div> Ben",
    );
    assert_eq!(lines(&body), ["VOTE: Ann - scum.", "Vote: Ben"]);
    assert_eq!(bold(&body), ["VOTE: Ann", "Vote:"]);
}

#[test]
fn html_the_display_style_is_read_like_css() {
    // Spaces, case, `!important`, several declarations: the last `display` wins.
    let body = html(
        "a<div style=\"font-size: 75%; line-height: normal; display: inline\">b</div>c<br>\
         d<div style=\"DISPLAY : Inline-Flex !important; color:red\">e</div>f<br>\
         g<div style=\"display:block; display:inline\">h</div>i<br>\
         j<div style=\"display:inline;display:block\">k</div>l",
    );
    assert_eq!(lines(&body), ["abc", "def", "ghi", "j", "k", "l"]);
}

#[test]
fn html_a_block_span_breaks_the_line() {
    let body = html(
        "a<span style=\"display: block\">b</span>c<b style=\"display:list-item\">d</b>e\
         <span style=\"display:flex\">f</span>",
    );
    assert_eq!(lines(&body), ["a", "b", "c", "d", "e", "f"]);
    assert_eq!(bold(&body), ["d"]);
}

#[test]
fn html_display_none_keeps_the_tags_own_flow() {
    // Hidden spoiler text is kept (docs/decisions.md); `display:none` moves no line break.
    let body = html("a<div style=\"display:none\">b</div>c<span style=\"display: none\">d</span>e");
    assert_eq!(lines(&body), ["a", "b", "cde"]);
}

#[test]
fn html_an_inline_quote_is_still_dropped() {
    let body = html(
        "I <blockquote style=\"display:inline\"><b>Vote: Bob</b></blockquote>disagree \
         <div class=\"quote\" style=\"display:inline\">Vote: Carol</div>strongly",
    );
    assert_eq!(lines(&body), ["I disagree strongly"]);
    assert!(bold(&body).is_empty());
}

// --- HTML: quotes ---

#[test]
fn html_blockquote_is_dropped_entirely() {
    let body =
        html("<blockquote><cite>Alice wrote:</cite><b>Vote: Bob</b></blockquote>I disagree.");
    assert_eq!(lines(&body), ["I disagree."]);
    assert!(bold(&body).is_empty());
}

#[test]
fn html_nested_quotes_are_dropped() {
    let body = html(
        "<blockquote>outer <blockquote>inner <b>Vote: Bob</b></blockquote> still outer</blockquote>mine",
    );
    assert_eq!(lines(&body), ["mine"]);
}

#[test]
fn html_discourse_aside_quote_is_dropped() {
    let body = html(
        "<aside class=\"quote no-group\" data-username=\"alice\" data-post=\"3\">\
         <div class=\"title\">alice:</div><blockquote><p>Vote: Bob</p></blockquote></aside>\
         <p>Not convinced.</p>",
    );
    assert_eq!(lines(&body), ["Not convinced."]);
}

#[test]
fn html_xenforo_quote_block_is_dropped() {
    let body = html(
        "<blockquote data-attributes=\"\" data-quote=\"Alice\" class=\"bbCodeBlock bbCodeBlock--expandable bbCodeBlock--quote js-expandWatch\">\
         <div class=\"bbCodeBlock-title\">Alice said:</div><div class=\"bbCodeBlock-content\"><b>Vote: Bob</b></div></blockquote>\
         <b>Vote: Carol</b>",
    );
    assert_eq!(lines(&body), ["Vote: Carol"]);
    assert_eq!(bold(&body), ["Vote: Carol"]);
}

#[test]
fn html_teamliquid_quote_div_is_dropped() {
    let body = html(
        "<div class=\"quote\"><hr><b>On January 17 2015 10:29 rsoultin wrote:</b><br>##vote GlowingBear<hr></div><br>Why?",
    );
    assert_eq!(lines(&body), ["Why?"]);
}

#[test]
fn html_unrendered_bbcode_quote_text_is_dropped_to_its_close() {
    // TeamLiquid left nested `[QUOTE]` text unrendered (Student Mafia V, post 1300).
    let body = html(
        "[QUOTE]<b>On January 18 2015 07:57 Trfel wrote:</b><br>[quote=GB]<b>##vote Trfel</b>\
         [/QUOTE]<br>Why?[/QUOTE]<br><b>##vote GlowingBear</b>",
    );
    assert_eq!(lines(&body), ["##vote GlowingBear"]);
}

#[test]
fn html_unclosed_bbcode_quote_text_ends_with_its_element() {
    // Student Mafia V, post 813: a quote in a spoiler, its `[/QUOTE]` lost; the quoted
    // player's vote must not count as the poster's.
    let body = html(
        "<b>##vote WarWaffle</b><div id=\"spoiler_2\"><div class=\"forummsg\">[QUOTE]<b>On \
         January 18 2015 12:11 TheWarWaffle wrote:</b><br>Trfel is scum<br><b>##Vote: Trfel</b>\
         </div></div><br>Again nothing changes.",
    );
    assert_eq!(lines(&body), ["##vote WarWaffle", "Again nothing changes."]);
    assert_eq!(bold(&body), ["##vote WarWaffle"]);
}

#[test]
fn html_stray_bbcode_quote_close_is_text() {
    let body = html("I agree.[/QUOTE] <b>##vote Bob</b>");
    assert_eq!(lines(&body), ["I agree.[/QUOTE] ##vote Bob"]);
}

#[test]
fn html_old_phpbb_quotetitle_and_quotecontent_are_dropped() {
    let body = html(
        "<div class=\"quotetitle\">Alice wrote:</div><div class=\"quotecontent\">Vote: Bob</div>ok",
    );
    assert_eq!(lines(&body), ["ok"]);
}

#[test]
fn html_a_quote_ends_only_with_its_own_end_tag() {
    let body = html("<div>a<blockquote>Vote: Bob</div>still quoted</blockquote>b");
    assert_eq!(lines(&body), ["a", "b"]);
    let body = html("<span><blockquote>quoted</span>Vote: Bob</blockquote>mine");
    assert_eq!(lines(&body), ["mine"]);
}

#[test]
fn html_a_quote_inside_a_table_does_not_leak_out() {
    let body =
        html("<blockquote><table><tr><td></blockquote>Vote: Bob</td></tr></table></blockquote>ok");
    assert_eq!(lines(&body), ["ok"]);
}

// --- HTML: spoilers and broken markup ---

#[test]
fn html_hidden_spoiler_text_is_kept() {
    let body = html(
        "<div class=\"spoiler\" style=\"display: none\"><b>Vote: Bob</b></div>\
         <details><summary>Spoiler</summary>##vote Carol</details>",
    );
    assert_eq!(lines(&body), ["Vote: Bob", "Spoiler", "##vote Carol"]);
    assert_eq!(bold(&body), ["Vote: Bob"]);
}

#[test]
fn html_old_phpbb_spoiler_in_quote_markup_is_kept() {
    let body = html(
        "<div class=\"quotetitle\"><b>Spoiler:</b> <input type=\"button\" value=\"Show\"></div>\
         <div class=\"quotecontent\"><div style=\"display: none;\"><b>Vote: Bob</b></div></div>\
         <div class=\"quotetitle\"><input type=\"button\" value=\"Spoiler\"></div>\
         <div class=\"quotecontent\">##vote Carol</div>\
         <div class=\"quotetitle\">Spoilermaster wrote:</div> <div class=\"quotecontent\">quoted</div>\
         <div class=\"quotetitle\">Spoiler wrote:</div><div class=\"quotecontent\">quoted</div>\
         <div class=\"quotetitle\">Spoiler:</div>x<div class=\"quotecontent\">quoted</div>",
    );
    assert_eq!(lines(&body), ["Vote: Bob", "##vote Carol", "x"]);
    assert_eq!(bold(&body), ["Vote: Bob"]);
}

#[test]
fn html_unclosed_tags_do_not_panic_and_keep_text() {
    let body = html("<b>Vote: Bob<div><p>text <i>more</span></b></div></x");
    assert_eq!(lines(&body), ["Vote: Bob", "text more"]);
    assert_eq!(bold(&body)[0], "Vote: Bob");
}

#[test]
fn html_stray_end_tags_are_ignored_and_end_br_breaks() {
    let body = html("</b></div>one</br>two</p>");
    assert_eq!(lines(&body), ["one", "two"]);
    assert!(bold(&body).is_empty());
}

#[test]
fn html_unclosed_blockquote_drops_the_rest() {
    let body = html("mine<blockquote>quoted <b>Vote: Bob</b>");
    assert_eq!(lines(&body), ["mine"]);
}

// --- BBCode ---

#[test]
fn bbcode_newlines_break_lines_and_b_is_bold() {
    let body = bbcode("Hello all\n\n[b]Vote: Bob[/b] because\r\nreasons");
    assert_eq!(lines(&body), ["Hello all", "Vote: Bob because", "reasons"]);
    assert_eq!(bold(&body), ["Vote: Bob"]);
}

#[test]
fn bbcode_tags_are_case_insensitive_and_styling_is_removed() {
    let body = bbcode("[B][color=red]Vote:[/color] [url=https://x/u/bob]Bob[/url][/B] [i]ok[/i]");
    assert_eq!(lines(&body), ["Vote: Bob ok"]);
    assert_eq!(bold(&body), ["Vote: Bob"]);
}

#[test]
fn bbcode_vote_tag() {
    let body = bbcode("[vote]Bob[/vote]");
    assert_eq!(spans(&body, SpanKind::VoteTag), ["Bob"]);
}

#[test]
fn bbcode_quotes_are_dropped_nested_and_with_authors() {
    let body = bbcode(
        "[quote=\"Alice\"]Vote: Bob [quote=Carol][b]Vote: Dave[/b][/quote] tail[/quote]mine\n[QUOTE]x[/QUOTE]",
    );
    assert_eq!(lines(&body), ["mine"]);
    assert!(bold(&body).is_empty());
}

#[test]
fn bbcode_unclosed_quote_drops_the_rest_and_stray_close_is_ignored() {
    assert_eq!(lines(&bbcode("a[/quote]b\n[quote]Vote: Bob")), ["ab"]);
}

#[test]
fn bbcode_unknown_brackets_are_text() {
    let body = bbcode("[Day 1] [image loading] a[b");
    assert_eq!(lines(&body), ["[Day 1] [image loading] a[b"]);
}

#[test]
fn bbcode_images_are_dropped_and_code_is_literal() {
    let body = bbcode("[img]https://x/y.png[/img]look[code][b]not bold[/b][/code]");
    assert_eq!(lines(&body), ["look", "[b]not bold[/b]"]);
    assert!(bold(&body).is_empty());
}

#[test]
fn bbcode_unclosed_code_and_img_are_shown_as_written() {
    let body = bbcode("[code]x [b]Vote: Bob[/b]\n[img]pic");
    assert_eq!(lines(&body), ["[code]x Vote: Bob", "[img]pic"]);
    assert_eq!(bold(&body), ["Vote: Bob"]);
}

#[test]
fn bbcode_lists_break_lines() {
    let body = bbcode("[list][*]Alice[*]Bob[/list]end");
    assert_eq!(lines(&body), ["Alice", "Bob", "end"]);
}

#[test]
fn bbcode_spoiler_content_is_kept() {
    let body = bbcode("[spoiler=votes][b]Vote: Bob[/b][/spoiler]");
    assert_eq!(bold(&body), ["Vote: Bob"]);
}

#[test]
fn bbcode_entities_are_decoded() {
    assert_eq!(
        lines(&bbcode("Tom &amp; Jerry &#39;x&#39;")),
        ["Tom & Jerry 'x'"]
    );
}

// --- Plain text ---

#[test]
fn text_lines_are_collapsed_and_unstyled() {
    let body = text("  Vote:   Bob \n\n<b>not html</b>\n");
    assert_eq!(lines(&body), ["Vote: Bob", "<b>not html</b>"]);
    assert!(bold(&body).is_empty());
}

// --- The rule set's examples (forum-rules-and-night-resolution.txt, rule 6) ---

#[test]
fn rule_6_bolded_vote_and_unvote_are_bold_spans() {
    let body = html("<b>Vote: Dredd</b><br><b>Unvote: Dredd</b>");
    assert_eq!(bold(&body), ["Vote: Dredd", "Unvote: Dredd"]);
    let body = bbcode("[b]Vote: Dredd[/b]\n[b]Unvote: Dredd[/b]");
    assert_eq!(bold(&body), ["Vote: Dredd", "Unvote: Dredd"]);
}

#[test]
fn rule_6_unbolded_vote_and_unvote_have_no_span() {
    let body = html("Vote: Dredd<br>Unvote: Dredd<br>V: Dredd<br>UV: Dredd");
    assert_eq!(
        lines(&body),
        ["Vote: Dredd", "Unvote: Dredd", "V: Dredd", "UV: Dredd"]
    );
    assert!(bold(&body).is_empty());
}

// --- struck-out text (hosts strike earlier votes out of their vote counts) ---

#[test]
fn mafiascum_line_through_is_a_struck_span() {
    // mafiascum's [s] renders as an inline div with `text-decoration:line-through` (the
    // fixture README on mafiascum HTML); the text stays on its line.
    let body = html(
        "<div style=\"display:inline;font-weight:bold\">Bob (1)</div> - \
         <div style=\"display:inline;text-decoration:line-through\">Carol</div>, Dave<br>",
    );
    assert_eq!(lines(&body), ["Bob (1) - Carol, Dave"]);
    assert_eq!(spans(&body, SpanKind::Struck), ["Carol"]);
}

#[test]
fn teamliquid_s_elements_are_struck_spans() {
    // TeamLiquid renders [s] as <s> (hammertime-mafia.jsonl post 320:
    // `<b>Toadesstern</b> (0): <s>GlowingBear</s>, <s>liancourt</s>`).
    let body = html("<b>Toadesstern</b> (0): <s>GlowingBear</s>, <s>liancourt</s><br>");
    assert_eq!(lines(&body), ["Toadesstern (0): GlowingBear, liancourt"]);
    assert_eq!(spans(&body, SpanKind::Struck), ["GlowingBear", "liancourt"]);
    assert_eq!(
        spans(&html("<strike>a</strike> <del>b</del> c"), SpanKind::Struck),
        ["a b"]
    );
}

#[test]
fn bbcode_s_strike_and_del_are_struck_spans() {
    let body = bbcode("[b]Bob (1)[/b] - [s]Carol[/s], [strike]Erin[/strike], Dave");
    assert_eq!(lines(&body), ["Bob (1) - Carol, Erin, Dave"]);
    assert_eq!(spans(&body, SpanKind::Struck), ["Carol", "Erin"]);
    assert!(spans(&bbcode("plain [u]text[/u]"), SpanKind::Struck).is_empty());
}

#[test]
fn a_strike_left_open_ends_with_its_first_line() {
    // mafiascum 63042 post 646: a player wrote "Monkey seem[s] to be protecting davsto", which
    // the forum rendered as a line-through div that is never closed; the rest of the post,
    // the vote tag included, would be struck. Struck text ends with the line it opened on.
    let body = html(
        "\"Monkey seem<div style=\"display:inline-flex;text-decoration:line-through\"> to be \
         protecting davsto\"<br><br>\
         <span class=\"bbvote\" title=\"This is an official vote.\">VOTE: Marvin Maganoo</span>",
    );
    assert_eq!(
        lines(&body),
        [
            "\"Monkey seem to be protecting davsto\"",
            "VOTE: Marvin Maganoo"
        ]
    );
    assert_eq!(
        spans(&body, SpanKind::Struck),
        [" to be protecting davsto\"".trim_start()]
    );
    assert_eq!(spans(&body, SpanKind::VoteTag), ["VOTE: Marvin Maganoo"]);
    // The same in BBCode: an unclosed [s] strikes to the end of its line only.
    let body = bbcode("it seem[s] fine\n[b]Vote: Bob[/b]");
    assert_eq!(spans(&body, SpanKind::Struck), ["fine"]);
    assert!(spans(&body, SpanKind::Bold).contains(&"Vote: Bob"));
}
