//! Reading hosts' vote counts and checking them (`mafia audit`), one forum rendering at a
//! time: each post is written as its forum renders it (the source is noted beside it) and
//! normalised as the tracker reads it.

use mafia_posts::{Markup, Post, RawPost};
use mafia_tracker::audit::{Cause, Explained, HostCount, audit, parse_count, parse_counts};
use mafia_tracker::{Game, report};

fn html(source: &str) -> HostCount {
    read(Markup::Html(source.into()))
}

fn read(markup: Markup) -> HostCount {
    parse_count(&mafia_posts::normalise_markup(&markup)).expect("a vote count")
}

/// The wagons as `(candidate, voters)`, in the host's order.
fn wagons(count: &HostCount) -> Vec<(&str, Vec<&str>)> {
    count
        .entries
        .iter()
        .map(|e| {
            (
                e.candidate.as_str(),
                e.voters.iter().map(String::as_str).collect(),
            )
        })
        .collect()
}

#[test]
fn mafiascum_bold_names_with_counts_and_a_not_voting_line() {
    // mafiascum phpBB, 2011 (mafiascum/posts/16959.jsonl post 894): bold as inline divs.
    let count = html(
        "<div style=\"display:inline;color:red\"><div style=\"display:inline;font-weight:bold\">Vote Count 2.5</div><br>\n\
         <div style=\"display:inline;font-weight:bold\">VasudeVa (2)</div> - Otolia,RedCoyote<br>\n\
         <div style=\"display:inline;font-weight:bold\">DarthYoshi (1)</div> - bvoigt,<br>\n\
         <div style=\"display:inline;font-weight:bold\">bvoigt (0)</div> - <br>\n\
         Not Voting (2): Ranmaru, DarthYoshi<br>\n</div><br>\n<br>\n\
         <div style=\"display:inline;font-weight:bold\">With 5 alive, it will take 3 votes to lynch.</div>",
    );
    assert_eq!(
        wagons(&count),
        [
            ("VasudeVa", vec!["Otolia", "RedCoyote"]),
            ("DarthYoshi", vec!["bvoigt"]),
            ("bvoigt", vec![]),
        ]
    );
    assert_eq!(count.not_voting, ["Ranmaru", "DarthYoshi"]);
}

#[test]
fn readings_come_heading_by_heading_and_the_marked_lines_once() {
    // Two headings, the first over a wagon without a count: each heading's block is a
    // reading (the first runs on past the second heading), and the marked lines, the same as
    // the second block, are not given again.
    let body = mafia_posts::normalise_markup(&Markup::BbCode(
        "Vote Count 1.1\nAlice - Bob\n\nVote Count 1.2\nBob (2) - Alice, Carol\nCarol (1) - Dave"
            .into(),
    ));
    let readings: Vec<HostCount> = parse_counts(&body).collect();
    let readings: Vec<_> = readings.iter().map(wagons).collect();
    assert_eq!(
        readings,
        [
            vec![
                ("Alice", vec!["Bob"]),
                ("Bob", vec!["Alice", "Carol"]),
                ("Carol", vec!["Dave"]),
            ],
            vec![("Bob", vec!["Alice", "Carol"]), ("Carol", vec!["Dave"])],
        ]
    );
    // The first reading alone.
    assert_eq!(
        parse_count(&body).as_ref().map(wagons),
        Some(readings[0].clone())
    );
}

#[test]
fn a_numbered_list_with_no_lynch_numbered_x() {
    // mafiascum, 2011 (18910.jsonl post 870): each wagon numbered by its slot, No Lynch by
    // an `x`, the heading bold.
    let count = html(
        "<div style=\"display:inline;font-weight:bold\">Second Votecount of Day 6</div><br>\n\
         5. saulres (0): <br>\n\
         6. Beck (0): <br>\n\
         12. killerjester(1): Zdenek<br>\n\
         13. Zdenek (0):<br>\n\
         x. No Lynch (2): killerjester, Beck<br>\n<br>\n\
         Players not voting: saulres<br>\n",
    );
    assert_eq!(
        wagons(&count),
        [
            ("saulres", vec![]),
            ("Beck", vec![]),
            ("killerjester", vec!["Zdenek"]),
            ("Zdenek", vec![]),
            ("No Lynch", vec!["killerjester", "Beck"]),
        ]
    );
}

#[test]
fn mafiascum_struck_out_votes_do_not_count() {
    // mafiascum renders [s] as `text-decoration:line-through` (fixtures README); the count
    // form `[3] Name - voters` is 16214.jsonl post 525's.
    let count = html(
        "<div style=\"display:inline;color:darkred\">D3 Votecount #5</div><br>\n<br>\n\
         [2] Substrike22 - Midnight's Sorrow, <div style=\"display:inline;text-decoration:line-through\">CrazyQuestions</div>, Empking<br>\n\
         [1] CrazyQuestions - TheLonging<br>\n\
         [0] el simo<br>\n",
    );
    assert_eq!(
        wagons(&count),
        [
            ("Substrike22", vec!["Midnight's Sorrow", "Empking"]),
            ("CrazyQuestions", vec!["TheLonging"]),
            ("el simo", vec![]),
        ]
    );
}

#[test]
fn mafiascum_counts_in_a_fieldset_with_linked_names_and_l_minus() {
    // mafiascum, 2012 (21920.jsonl post 851): a fieldset whose legend is the heading, each
    // voter a link to the vote, separated by spaces only. 71483.jsonl post 165 writes `(L-5) :`.
    let count = html(
        "<fieldset style=\"border:3px outset grey;padding:5px 10px\"><legend style=\"text-transform:uppercase\">Vote Count</legend><ul>\
         <li><div style=\"display:inline;font-weight:bold\">Robbnva (3)</div>: <a href=\"https://forum.mafiascum.net/viewtopic.php?p=1#p1\" class=\"postlink\">gorckat</a> <a href=\"#\" class=\"postlink\">Oso</a> <a href=\"#\" class=\"postlink\">havingfitz</a><br>\n</li>\
         <li>LaLight (L-6) : havingfitz</li>\
         <li><div style=\"display:inline;font-weight:bold\">Not voting:</div> zoraster Tierce</li></ul></fieldset>",
    );
    assert_eq!(
        wagons(&count),
        [
            ("Robbnva", vec!["gorckat Oso havingfitz"]),
            ("LaLight", vec!["havingfitz"])
        ]
    );
}

#[test]
fn teamliquid_bold_names_and_struck_votes() {
    // TeamLiquid (hammertime-mafia.jsonl post 320).
    let count = html(
        "<b><font style=\"color: blue\">Untouchable Votecount</font></b><br>\
         <b>GlowingBear</b> (3): Half the Sky, IAmRobik, VisceraEyes<br>\
         <b>Toadesstern</b> (0): <s>GlowingBear</s>, <s>liancourt</s><br><br>\
         <b><font style=\"color: blue\">With 9 alive it takes 5 to lynch.</font></b>",
    );
    assert_eq!(
        wagons(&count),
        [
            (
                "GlowingBear",
                vec!["Half the Sky", "IAmRobik", "VisceraEyes"]
            ),
            ("Toadesstern", vec![]),
        ]
    );
}

#[test]
fn mtg_salvation_count_with_a_numbered_not_voting_line() {
    // MTG Salvation (unreliable-cops-mafia-page.html): plain lines in the comment body.
    let count = html(
        "<p>Votecount:</p><p>gentleman johnny (2) - D_V, ophidia<br>anaklusmos (1) - shadowlancerX</p>\
         <p>not voting: 1 (zomgarcwind)</p>",
    );
    assert_eq!(
        wagons(&count),
        [
            ("gentleman johnny", vec!["D_V", "ophidia"]),
            ("anaklusmos", vec!["shadowlancerX"]),
        ]
    );
    assert_eq!(count.not_voting, ["zomgarcwind"]);
}

#[test]
fn a_table_row_per_wagon() {
    // The issue's table form: `<td>Name</td><th>3</th><td>voter</td>…`; a cell separates
    // words, a row is a line.
    let count = html(
        "<b>Vote count</b><table><tr><td>Bob</td><th>2</th><td>Alice</td><td>Carol</td></tr>\
         <tr><td>Dave</td><th>1</th><td>Erin</td></tr></table>",
    );
    assert_eq!(
        wagons(&count),
        [("Bob", vec!["Alice Carol"]), ("Dave", vec!["Erin"])]
    );
}

#[test]
fn bbcode_counts_with_l_minus_and_struck_votes() {
    // BBCode as hosts write it on phpBB boards: `Name [L-2] - a, b`, `[s]` for old votes.
    let count = read(Markup::BbCode(
        "[b]Vote Count 2.1[/b]\nBob [L-2] - Alice, [s]Carol[/s], Dave\nErin [L-3] - Carol\n\nNot voting: Frank"
            .into(),
    ));
    assert_eq!(
        wagons(&count),
        [("Bob", vec!["Alice", "Dave"]), ("Erin", vec!["Carol"])]
    );
    assert_eq!(count.not_voting, ["Frank"]);
}

#[test]
fn a_wagon_with_the_hosts_lynch_remark_in_capitals_before_its_candidate() {
    // mafiascum phpBB (68714.jsonl post 1074, the day's final count): the lynched wagon in
    // its own colour, `[L-0] LYNCH Creature - [7] …`, after the fieldset that opened the
    // count has closed.
    let count = html(
        "<div style=\"display:inline;font-weight:bold\"><div style=\"display:inline;color:#FF4040\">\
         <fieldset style=\"border:3px outset grey;padding:5px 10px\"><div style=\"text-align:center\">\
         <div style=\"font-size: 200%; line-height: normal; display: inline\">Vote Count 1.FINAL</div></div><br>\n<br>\n\
         Alice - [0] <br>\n</fieldset></div>\
         <div style=\"display:inline;color:#00FFFF\">[L-0] LYNCH Bob - [3] Carol, Dave, Erin </div><br>\n\
         Carol - [1] Bob<br>\n<br>\n\
         Not Voting - Alice<br>",
    );
    assert_eq!(
        wagons(&count),
        [
            ("Alice", vec![]),
            ("Bob", vec!["Carol", "Dave", "Erin"]),
            ("Carol", vec!["Bob"]),
        ]
    );
    assert_eq!(count.not_voting, ["Alice"]);
}

#[test]
fn a_wagon_with_the_hosts_remark_in_brackets_after_its_candidate() {
    // mafiascum phpBB (29844.jsonl post 1842, the day's last count): `[LYNCH]` after the
    // candidate is the host's remark, not part of the name.
    let count = html(
        "<div style=\"display:inline;font-weight:bold\">Votecount 5.3</div><br>\n<br>\n\
         No Lynch [LYNCH] - kuribo, RedCoyote, notscience<br>\n<br>\n\
         Not Voting [1] - Empking<br>\n<br>\n\
         With 4 alive, it takes 3 to lynch.",
    );
    assert_eq!(
        wagons(&count),
        [("No Lynch", vec!["kuribo", "RedCoyote", "notscience"])]
    );
    assert_eq!(count.not_voting, ["Empking"]);
}

#[test]
fn a_remark_in_brackets_where_the_count_would_stand() {
    // mafiascum phpBB (68980.jsonl post 2576, the day's last count): the hammered wagon's
    // `[LYNCH]` stands, in bold, where the other lines have their `[0]`.
    let count = html(
        "<fieldset style=\"border:3px outset grey;padding:5px 10px\"><legend>Vote Count</legend>\
         <div style=\"text-align:Center\">VOTE COUNT 2.06</div><br>\n\
         [0] Road Kamelot - <br>\n\
         <div style=\"display:inline;font-weight:bold\">[LYNCH]</div> Toto -  Road Kamelot, Lil Uzi Vert, Toto,   <br>\n\
         [1] Nero Cain - rb,<br>\n\
         <br>\n\
         <div style=\"display:inline;font-weight:bold\">Not Voting</div> - Naomi-Tan<br>\n</fieldset>",
    );
    assert_eq!(
        wagons(&count),
        [
            ("Road Kamelot", vec![]),
            ("Toto", vec!["Road Kamelot", "Lil Uzi Vert", "Toto"]),
            ("Nero Cain", vec!["rb"]),
        ]
    );
    assert_eq!(count.entries[1].votes, None);
    assert_eq!(count.not_voting, ["Naomi-Tan"]);
}

#[test]
fn a_remark_on_its_own_line_does_not_end_the_count() {
    // mafiascum phpBB (66137.jsonl post 297): the hammered wagon's `(LYNCH)` wraps onto a
    // line of its own, and the count goes on below it.
    let count = html(
        "<div style=\"display:inline;font-weight:bold\">VC FINAL</div><br>\n\
         <div style=\"display:inline;font-weight:bold\">Katsuki (2)- Untrod Tripod, xyzzy</div><br>\n\
         <div style=\"display:inline;font-weight:bold\">(LYNCH)</div><br>\n\
         <div style=\"display:inline;font-weight:bold\">xyzzy (1)- Creature</div><br>\n",
    );
    assert_eq!(
        wagons(&count),
        [
            ("Katsuki", vec!["Untrod Tripod", "xyzzy"]),
            ("xyzzy", vec!["Creature"])
        ]
    );
}

#[test]
fn a_bracketed_count_on_its_own_line_does_not_end_the_count() {
    // mafiascum phpBB (66137.jsonl post 125): the first wagon in a fieldset under the legend
    // "VC 1.4", its `(L-1)` after the fieldset on a line of its own, then the other wagons.
    let count = html(
        "<fieldset style=\"border:3px outset grey;padding:5px 10px\"><legend>VC 1.4</legend>\
         <div style=\"display:inline;font-weight:bold\">Katsuki (6)- Untrod Tripod, xyzzy </div></fieldset>\
         <div style=\"display:inline;color:#FF00FF\"><div style=\"display:inline;font-weight:bold\">(L-1)</div></div>\
         <div style=\"display:inline;font-weight:bold\"><br>\n\
         drmyshottyizsik (2)- kagesong, Kmd4390<br>\n\
         <br>\nNot voting (0)- NOBODY<br>\n</div>",
    );
    assert_eq!(
        wagons(&count),
        [
            ("Katsuki", vec!["Untrod Tripod", "xyzzy"]),
            ("drmyshottyizsik", vec!["kagesong", "Kmd4390"])
        ]
    );
}

#[test]
fn a_no_lynch_wagon_listed_below_the_not_voting_line() {
    // mafiascum phpBB (16214.jsonl post 662, plain lines with `<br>`): the host lists the
    // no-lynch wagon last, after the players not voting.
    let count = html(
        "<div style=\"display:inline;color:darkred\">D5 Votecount #1</div><br>\n<br>\n\
         [2] Carol - Alice, Dave<br>\n\
         [0] Bob<br>\n\
         [3] Not Voting - Carol, Bob, Erin<br>\n\
         [1] No Lynch - Frank<br>\n<br>\n\
         <div style=\"display:inline;color:darkred\">With 6 alive, it takes 4 to lynch or 3 to No Lynch.</div>",
    );
    assert_eq!(
        wagons(&count),
        [
            ("Carol", vec!["Alice", "Dave"]),
            ("Bob", vec![]),
            ("No Lynch", vec!["Frank"])
        ]
    );
    assert_eq!(count.not_voting, ["Carol", "Bob", "Erin"]);
}

#[test]
fn after_the_not_voting_line_only_a_counted_wagon_continues_the_count() {
    // mafiascum phpBB (58899.jsonl post 1036, the day's last count): the lynch line below
    // the not-voting line has a number in it ("Day 4.") but no count in brackets.
    let count = html(
        "Votecount 4.2<br>\n\
         Bob (4) : Alice, Carol, Dave, Erin<br>\n\
         Not Voting (3) : Bob, Frank, Gina<br>\n<br>\n\
         <div style=\"display:inline;font-weight:bold\">Bob - Mafia Goon - lynched Day 4.</div><br>\n<br>\n\
         And with that Night 4 begins.",
    );
    assert_eq!(
        wagons(&count),
        [("Bob", vec!["Alice", "Carol", "Dave", "Erin"])]
    );
}

#[test]
fn a_count_typed_before_its_empty_brackets() {
    // mafiascum phpBB (62339.jsonl post 1592): inside the host's fieldset, bold names as
    // inline divs and an en dash; one line has its number before the brackets, `1()`.
    let count = html(
        "<div style=\"display:inline;color:#8000FF\"><fieldset style=\"border:3px outset grey;padding:5px 10px\">\
         <legend style=\"text-transform:uppercase;margin:0 0.6em;padding:0em 0.33em\">Vote Count 3.01</legend>\
         <div style=\"display:inline;font-weight:bold\">Bob</div> (2) &#8211; Alice, Carol<br>\n\
         <div style=\"display:inline;font-weight:bold\">Dave</div> 1() &#8211; Erin,<br>\n<br>\n\
         <div style=\"display:inline;font-weight:bold\">Not Voting</div> (1) &#8211; Dave <br>\n\
         With <div style=\"display:inline;font-weight:bold\">5</div> players in play, it will take \
         <div style=\"display:inline;font-weight:bold\">3</div> to Lynch.</fieldset></div>",
    );
    assert_eq!(
        wagons(&count),
        [("Bob", vec!["Alice", "Carol"]), ("Dave", vec!["Erin"])]
    );
    assert_eq!(count.not_voting, ["Dave"]);
}

/// A spoiler as mafiascum renders `[spoiler=TITLE]` (62685.jsonl post 1649): the phpBB 3.0
/// quote markup, a `div.quotetitle` reading "Spoiler: TITLE", then a `div.quotecontent`.
fn mafiascum_spoiler(title: &str, content: &str) -> String {
    format!(
        "<div style=\"margin:20px; margin-top:1px; margin-bottom:1px;\"><div class=\"quotetitle\">\
         <b>Spoiler: {title}</b> <input type=\"button\" value=\"Show\" class=\"button2\"></div>\
         <div class=\"quotecontent\"><div style=\"display:none\">{content}</div></div></div>"
    )
}

#[test]
fn a_numbered_player_list_is_not_a_count() {
    // mafiascum phpBB (62685.jsonl post 1649, the post that starts Day 3): the host's player
    // list in a spoiler, numbered `[01]`…, the dead with their flip after a dash. The numbers
    // number the players; they count no votes.
    let list = mafiascum_spoiler(
        "Current player list",
        "<div style=\"display:inline;color:#aaaaaa\">[01] Alice - </div><div style=\"display:inline;color:#8040FF\">Mafia</div><div style=\"display:inline;color:#aaaaaa\"> - watcher (variant) - lynched day 1</div><br>\n\
         [02] Bob<br>\n\
         <div style=\"display:inline;color:#aaaaaa\">[03] Carol - </div><div style=\"display:inline;color:#6bd7c6\">Town</div><div style=\"display:inline;color:#aaaaaa\"> - vanilla - killed night 2</div><br>\n\
         [04] Dave<br>\n\
         <div style=\"display:inline;color:#aaaaaa\">[05] Erin - </div><div style=\"display:inline;color:#6bd7c6\">Town</div><div style=\"display:inline;color:#aaaaaa\"> - role cop - killed night 1</div><br>\n\
         <br>\nBlack denotes active players.",
    );
    let body = mafia_posts::normalise_markup(&Markup::Html(format!(
        "<div style=\"display:inline;font-weight:bold\">Start of day 3</div><br>\n<br>\n\
         There are 2 active players.<br>\n\
         <a href=\"http://forum.mafiascum.net/viewtopic.php?p=7128971#p7128971\" class=\"postlink\">First vote count</a><br>\n<br>\n{list}<br>\n\
         Deadline is 21-08-2015 00:00 CEST."
    )));
    assert_eq!(parse_count(&body), None);
    // The same list under the link "First vote count", which reads as a heading (62685.jsonl
    // post 22, the post that starts Day 1).
    let body = mafia_posts::normalise_markup(&Markup::Html(
        "<a href=\"http://forum.mafiascum.net/viewtopic.php?p=7059723#p7059723\" class=\"postlink\">First vote count</a><br>\n<br>\n\
         [01] Alice<br>\n[02] Bob<br>\n[03] Carol<br>\n[04] Dave<br>\n<br>\nNone yet."
            .into(),
    ));
    assert_eq!(parse_count(&body), None);
}

#[test]
fn wagons_in_ascending_order_are_still_a_count() {
    // The guard on the rule above: numbers that run 1, 2, 3 and are each the number of
    // voters listed are a count (a host who sorts the wagons smallest first).
    let count = html(
        "Vote Count 1.4<br>\n\
         [1] Alice - Bob<br>\n\
         [2] Bob - Carol, Dave<br>\n\
         [3] Carol - Alice, Erin, Frank<br>",
    );
    assert_eq!(
        wagons(&count),
        [
            ("Alice", vec!["Bob"]),
            ("Bob", vec!["Carol", "Dave"]),
            ("Carol", vec!["Alice", "Erin", "Frank"])
        ]
    );
}

#[test]
fn a_stray_bbcode_tag_and_the_hosts_exclamation_after_the_last_voter() {
    // mafiascum phpBB (23438.jsonl post 1136, the day's last count): a `[/color]` the forum
    // left as text between the count and the `(L - n)`, tabs around the numbers, and
    // "LYNCH!!!" after the last voter of the wagon that reached its majority.
    let line = |name: &str, n: u32, l: u32, voters: &str| {
        format!(
            "<div style=\"display:inline;color:darkgreen\">\t{name}\t( \t{n}\t)\t\t</div>\t\t[/color]\
             <div style=\"display:inline;color:grey\"><div style=\"font-size: 50%; line-height: normal; display: inline\">(L -\t{l}\t)</div></div>{voters}<br>\n"
        )
    };
    let count = html(&format!(
        "<fieldset style=\"border:3px outset grey;padding:5px 10px\"><legend style=\"text-transform:uppercase;margin:0 0.6em;padding:0em 0.33em\">Day 2</legend>{}{}{}Not Voting ( 1 ) Bob</fieldset>",
        line("Alice", 0, 3, ""),
        line("Bob", 3, 0, " Carol, Dave, Erin <b>LYNCH!!!</b>"),
        line("Carol", 1, 2, " Alice"),
    ));
    assert_eq!(
        wagons(&count),
        [
            ("Alice", vec![]),
            ("Bob", vec!["Carol", "Dave", "Erin LYNCH!!!"]),
            ("Carol", vec!["Alice"])
        ]
    );
}

#[test]
fn a_bare_count_with_as_many_voters_in_parentheses() {
    // mafiascum phpBB (17230.jsonl post 92): no heading and no brackets around the numbers;
    // the players with no votes stand between the wagons as bare names.
    let count = html(
        "<div style=\"display:inline;font-style:italic\"><div style=\"display:inline;color:blue\">Alice<br>\n\
         Bob - 3 (Carol, Dave, Erin)<br>\n\
         Carol<br>\n\
         Dave - 1 (Alice)<br>\n\
         Erin<br>\n<br>\n\
         Not voting: Bob</div></div>",
    );
    assert_eq!(
        wagons(&count),
        [
            ("Bob", vec!["Carol", "Dave", "Erin"]),
            ("Dave", vec!["Alice"])
        ]
    );
}

#[test]
fn a_count_of_votes_written_in_words_in_a_code_box() {
    // mafiascum phpBB (22083.jsonl posts 591 and 26): the host's count in a code box, the
    // number followed by "votes", the voters after a colon or each in brackets.
    let count = html(
        "<div class=\"codebox\"><p>Code: <a href=\"#\" onclick=\"selectCode(this); return false;\">Select all</a></p><pre><code>\
         Bob   2 votes: Alice, Carol\nDave  1 votes: Erin</code></pre></div>",
    );
    assert_eq!(
        wagons(&count),
        [("Bob", vec!["Alice", "Carol"]), ("Dave", vec!["Erin"])]
    );
    let count = html(
        "<div class=\"codebox\"><p>Code: <a href=\"#\" onclick=\"selectCode(this); return false;\">Select all</a></p><pre><code>\
         Bob   2 votes [Alice] [Carol]\nDave  1 votes [Erin]</code></pre></div>",
    );
    assert_eq!(
        wagons(&count),
        [("Bob", vec!["Alice", "Carol"]), ("Dave", vec!["Erin"])]
    );
    // Cells apart by `|`, the no-lynch wagon with the host's remark (22083.jsonl post 846).
    let count = html(
        "<fieldset style=\"border:3px outset grey;padding:5px 10px\"><ul><li>\
         No Lynch (Lynch) | 3 votes: <div style=\"display:inline;font-style:italic\">Alice, Bob, Carol</div><br>\n\
         Bob (L-2) | 1 vote: <div style=\"display:inline;font-style:italic\">Dave</div><br>\n\
         </li></ul></fieldset>",
    );
    assert_eq!(
        wagons(&count),
        [
            ("No Lynch", vec!["Alice", "Bob", "Carol"]),
            ("Bob", vec!["Dave"])
        ]
    );
}

#[test]
fn numbers_of_a_list_or_a_note_are_no_bare_count() {
    // A numbered player list with replacements (18365.jsonl post 0) and a list of the dead
    // whose note ends with a night's number (63842.jsonl post 0): the number stands first or
    // after the names, not between the candidate and the voters.
    let body = mafia_posts::normalise_markup(&Markup::Html(
        "1. Bob (replacing Al)<br>\n2. Carol (replacing Cy)<br>\n3. Dave<br>".into(),
    ));
    assert_eq!(parse_count(&body), None);
    let body = mafia_posts::normalise_markup(&Markup::Html(
        "Dead:<br>\nBob - vanilla town - killed night 1<br>\nCarol - mafia goon - lynched day 2<br>"
            .into(),
    ));
    assert_eq!(parse_count(&body), None);
}

#[test]
fn a_quoted_count_is_not_a_count() {
    // A player (or host) quoting an old count: quotes are dropped before anything is read.
    let body = mafia_posts::normalise_markup(&Markup::Html(
        "<blockquote><div><cite>Host wrote:</cite>Vote Count 1.1<br>Bob (2) - Alice, Carol<br>Dave (1) - Erin</div></blockquote>Thanks!".into(),
    ));
    assert_eq!(parse_count(&body), None);
}

#[test]
fn prose_with_numbers_is_not_a_count() {
    let body = mafia_posts::normalise_markup(&Markup::Html(
        "I think (2) things: Bob is scum.<br>And it is day 3 already.".into(),
    ));
    assert_eq!(parse_count(&body), None);
}

#[test]
fn a_post_saying_a_count_is_coming_is_no_count() {
    // 22466.jsonl post 1488 (mafiascum, the host's coloured text): the count came in a later
    // post; "@Thor665 - V/LA is noted." is no wagon.
    let body = mafia_posts::normalise_markup(&Markup::Html(
        "<div style=\"display:inline;color:#400080\">Votecount coming later.<br><br>@Bob - V/LA is noted.<br><br>Hopefully I don't forget, I have a million things to do.</div>".into(),
    ));
    assert_eq!(parse_count(&body), None);
}

#[test]
fn an_end_of_game_action_list_is_no_count() {
    // 23438.jsonl post 1403 (mafiascum, plain text with `<br>`): roles in brackets such as
    // `(1-shot cop)` start with a number but count no votes.
    let body = mafia_posts::normalise_markup(&Markup::Html(
        "Night 1:<br>Alice (mafia goon) kills Bob (successful)<br>Bob (1-shot cop) investigates Carol (action failed)<br><br>Night 2:<br>Dave (1-shot hider) hides behind Erin (successful, dies)<br>Carol (1-shot doctor) protects Erin (successful)".into(),
    ));
    assert_eq!(parse_count(&body), None);
}

#[test]
fn a_no_lynch_wagon_marked_nl_minus_before_it() {
    // mafiascum phpBB (68714.jsonl post 2165): the host marks how far each wagon is from its
    // end, `L-1` before a player's wagon and `NL-1` before No Lynch's, in another colour.
    let count = html(
        "<div style=\"display:inline;font-weight:bold\"><div style=\"display:inline;color:#FF4040\">Vote Count 5.3<br>\n<br>\n\
         Titus - [0]<br>\n</div><div style=\"display:inline;color:#00FFFF\">L-1 </div><div style=\"display:inline;color:#FF4040\">Dongempire - [3] Manuel87, JarJarDrinks, Titus<br>\n\
         <br>\n</div><div style=\"display:inline;color:#00FFFF\">NL-1 </div><div style=\"display:inline;color:#FF4040\">No Lynch - [2] Mathblade, Something_Smart<br>\n\
         <br>\nNot Voting - Dongempire<br>\n<br>\nWith 6 Alive, It Takes 4 to Lynch.</div></div>",
    );
    assert_eq!(
        wagons(&count),
        [
            ("Titus", vec![]),
            ("Dongempire", vec!["Manuel87", "JarJarDrinks", "Titus"]),
            ("No Lynch", vec!["Mathblade", "Something_Smart"]),
        ]
    );
}

#[test]
fn a_count_with_verse_between_its_wagons_is_read_whole() {
    // mafiascum phpBB (16959.jsonl post 351): "your next votecount has been put into wall of
    // text format": each bold wagon line is followed by a stanza of a poem.
    let count = html(
        "In honor of you people, your next votecount has been put into wall of text format.<br>\n\
         <span style=\"font-weight:bold\">Vote Count 1.10</span><br>\n\
         <span style=\"font-weight:bold\">Alice (2)</span> - Bob,Carol<br>\n\
         Once upon a midnight dreary, while I pondered weak and weary,<br>\n\
         Over many a quaint and curious volume of forgotten lore,<br>\n\
         <span style=\"font-weight:bold\">Dave (1)</span> - Erin<br>\n\
         While I nodded, nearly napping, suddenly there came a tapping,<br>\n\
         <span style=\"font-weight:bold\">Erin (0)</span> -<br>\n\
         As of some one gently rapping, rapping at my chamber door.",
    );
    assert_eq!(
        wagons(&count),
        [
            ("Alice", vec!["Bob", "Carol"]),
            ("Dave", vec!["Erin"]),
            ("Erin", vec![]),
        ]
    );
}

#[test]
fn a_count_followed_by_a_numbered_player_list_keeps_to_its_wagons() {
    // mafiascum phpBB (62685.jsonl post 1648): the final count, then the host's player list,
    // whose lines carry bracketed slot numbers but are no wagons.
    let count = html(
        "<span style=\"font-weight:bold\">Final vote count</span><br>\n\
         <span style=\"font-weight:bold\">Alice [2]</span>: Bob / Carol<br>\n\
         <span style=\"font-weight:bold\">Dave [1]</span>: Erin<br>\n\
         There are 5 active players.<br>\n<br>\n\
         [01] Frank - Mafia - watcher (variant) - lynched day 1<br>\n\
         [02] Alice<br>\n\
         [03] Bob<br>\n\
         [04] Gina - Town - role cop - killed night 1<br>\n\
         [05] Carol",
    );
    assert_eq!(
        wagons(&count),
        [("Alice", vec!["Bob", "Carol"]), ("Dave", vec!["Erin"])]
    );
}

// --- the audit: the host's count against the tracker's tally, by slot ---

const GAME: &str = r#"
name = "Audit"
gms = ["Host"]
zone = "UTC"
first_phase = "Day 1"
first_deadline = "2026-03-09 21:00"
day_length = "48h"
night_length = "24h"
players = ["Alice", "Bob", "Carol", "Dave", "Erin"]
"#;

fn post(number: u64, author: &str, html: &str) -> Post {
    RawPost {
        id: number.to_string(),
        number,
        author: author.into(),
        time: format!("2026-03-02T10:{number:02}:00Z").parse().ok(),
        edited: None,
        body: Markup::Html(html.into()),
    }
    .normalise()
}

fn game() -> Game {
    Game::parse(GAME, "audit.toml").expect("game")
}

#[test]
fn a_set_up_list_whose_role_word_is_near_a_players_name_is_not_a_count() {
    // mafiascum phpBB (62685.jsonl post 2049, the host's end-of-game post): the set-up as
    // `[1] town (2-shot) vigilante`; "town" is a near miss of a player's name, but nothing
    // after it is a player, so no wagon is read and the post holds no count.
    let game = Game::parse(&GAME.replace("\"Erin\"", "\"Townsend\""), "setup.toml").expect("game");
    let posts = [
        post(1, "Alice", "<b>Vote: Bob</b>"),
        post(
            2,
            "Host",
            "The set-up overview:<br>\n\
             [1] mafia doctor<br>\n\
             [1] mafia watcher (variant)<br>\n\
             [1] town (2-shot) vigilante<br>\n\
             [7] vanilla townie<br>",
        ),
    ];
    let report = audit(game, &posts).expect("audit");
    assert_eq!(report.found, 0);
}

#[test]
fn a_count_below_the_hosts_essay_is_found() {
    // mafiascum phpBB (63443.jsonl post 300): each count's heading is followed by a few
    // paragraphs on numbers, whose sums (`50-47=3 and 25-3=22`) are no wagons, before the
    // wagons with their `(L-n)`.
    let posts = [
        post(1, "Alice", "<b>Vote: Bob</b>"),
        post(2, "Carol", "<b>Vote: Bob</b>"),
        post(3, "Dave", "<b>Vote: Alice</b>"),
        post(
            4,
            "Host",
            "<fieldset style=\"border:3px outset grey;padding:5px 10px\"><legend style=\"text-transform:uppercase;margin:0 0.6em;padding:0em 0.33em\">Official Vote Count 1.0B Squaring numbers close to 50</legend>\
             <div style=\"display:inline;color:#8040FF\"><div style=\"display:inline;font-weight:bold\">Sorry for skipping a step in the last vote count but 47<sup>2</sup> = 50*44 + 3<sup>2</sup> = 100*22 + 9 = 2209 is pretty trivial.<br>\n<br>\n\
             I just do 50-47=3 and 25-3=22 and 3<sup>2</sup> = 9 therefore 2209 and that looks wrong.<br>\n<br>\n\
             One: a line with a colon.<br>\n\
             Two - a line with a dash<br>\n\
             Three - and another<br>\n<br>\n\
             Can you see why this is the case?</div></div><br>\n<br>\n\
             <div style=\"display:inline;font-weight:bold\">Bob</div> (L-1):  Alice, Carol<br>\n\
             <div style=\"display:inline;font-weight:bold\">Alice</div> (L-2): Dave<br>\n<br>\n\
             <div style=\"display:inline;font-weight:bold\">Not Voting</div> (2): Bob, Erin<br>\n<br>\n\
             With 5 alive, it takes 3 to lynch.</fieldset>",
        ),
    ];
    let report = audit(game(), &posts).expect("audit");
    assert_eq!(report.found, 1);
    assert!(report.vote_counts[0].agrees);
    assert_eq!(report.vote_counts[0].host["Bob"], ["Alice", "Carol"]);
}

#[test]
fn a_wagon_written_above_the_counts_heading_is_part_of_the_count() {
    // mafiascum phpBB (34780.jsonl post 787): the host's one wagon stands in bold above the
    // fieldset whose legend is the count's heading; inside it only the not-voting line.
    let posts = [
        post(1, "Alice", "<b>Vote: No Lynch</b>"),
        post(
            2,
            "Host",
            "<div style=\"display:inline;font-style:italic\">First stop of the day is a beach.</div><br>\n<br>\n\
             <div style=\"display:inline;color:blue\"><div style=\"display:inline;font-weight:bold\"><br>\n\
             No Lynch (1): Alice<br>\n<br>\n\
             <fieldset style=\"border:3px inset #800000; padding:5px 10px\"><legend style=\"text-transform:uppercase;margin:0 0.6em;padding:0em 0.33em\">Official Vote Count 1.1</legend>\
             Not Voting (4) Bob, Carol, Dave, Erin<br>\n<br>\n\
             With 5 alive it takes 3 to lynch<br>\n\
             Deadline in (expired on 2014-01-26 00:00:00)</fieldset></div></div>",
        ),
    ];
    let report = audit(game(), &posts).expect("audit");
    assert_eq!(report.found, 1);
    assert_eq!(report.vote_counts[0].host["No Lynch"], ["Alice"]);
    assert!(report.vote_counts[0].agrees);
}

#[test]
fn a_deadline_line_under_the_heading_is_no_wagon() {
    // mafiascum phpBB (22540.jsonl post 1110): `Deadline: August 10` reads as a wagon for a
    // "Deadline" who is no player; the count is the lines with bracketed counts below it.
    let posts = [
        post(1, "Alice", "<b>Vote: Bob</b>"),
        post(2, "Carol", "<b>Vote: Bob</b>"),
        post(
            3,
            "Host",
            "<div style=\"display:inline;color:#000040\"><div style=\"display:inline;font-weight:bold\">Votecount 1.01</div><br>\n<br>\n\
             Deadline: August 10<br>\n\
             5 Alive; 3 to lynch.<br>\n<br>\n\
             Bob [2]: Alice, Carol<br>\n\
             Dave [0]:<br>\n\
             Not Voting (3): Bob, Dave, Erin</div>",
        ),
    ];
    let report = audit(game(), &posts).expect("audit");
    assert_eq!(report.found, 1);
    assert!(report.vote_counts[0].agrees);
}

#[test]
fn the_trackers_own_bbcode_count_agrees_with_itself() {
    let posts = [
        post(1, "Alice", "<b>Vote: Bob</b>"),
        post(2, "Carol", "<b>Vote: Bob</b>"),
        post(3, "Bob", "<b>Vote: No Lynch</b>"),
    ];
    let mut tracker = mafia_tracker::Tracker::new(game()).expect("tracker");
    tracker.apply_all(&posts);
    let own = report::bbcode(&tracker.status());
    let mut thread = posts.to_vec();
    let mut count = post(4, "Host", "");
    count.body = mafia_posts::normalise_markup(&Markup::BbCode(own));
    thread.push(count);
    let report = audit(game(), &thread).expect("audit");
    assert_eq!((report.found, report.agreed), (1, 1), "{}", report.text());
    let check = &report.vote_counts[0];
    assert_eq!(check.host["Bob"], ["Alice", "Carol"]);
    assert_eq!(check.host["No Lynch"], ["Bob"]);
}

#[test]
fn a_nickname_the_game_file_adds_is_read_in_the_hosts_counts_too() {
    // mafiascum 17792: the host writes "El Hoppster(3) - Xvart, Sleepykrew, Sundy" (post 478)
    // for Hoppster's wagon; the host's `alias` correction names it once for both sides.
    let text = format!(
        "{GAME}\n[[corrections]]\nat = 0\nalias = {{ name = \"El Bob\", slot = \"Bob\" }}\n"
    );
    let game = Game::parse(&text, "audit.toml").expect("game");
    let posts = [
        post(1, "Alice", "<b>Vote: El Bob</b>"),
        post(2, "Carol", "<b>Vote: Bob</b>"),
        post(3, "Host", "Vote Count 1.1<br>El Bob (2) - Alice, Carol<br>"),
    ];
    let report = audit(game, &posts).expect("audit");
    assert_eq!((report.found, report.agreed), (1, 1), "{}", report.text());
    assert_eq!(report.vote_counts[0].host["Bob"], ["Alice", "Carol"]);
}

#[test]
fn a_name_with_an_underscore_written_with_a_space_in_a_count() {
    // mafiascum 65380: the host writes Not_Mafia's wagon as "Not Mafia - (3) garmr, Kain
    // Tepes, Katsuki" (post 1310, the candidate bold).
    let text = GAME.replace("\"Bob\"", "\"Not_Mafia\"");
    let game = Game::parse(&text, "audit.toml").expect("game");
    let posts = [
        post(1, "Alice", "<b>Vote: Not_Mafia</b>"),
        post(2, "Carol", "<b>Vote: Not_Mafia</b>"),
        post(
            3,
            "Host",
            "Votecount 1.1<br>\n<div style=\"display:inline;font-weight:bold\">Not Mafia</div> - (2) Alice, Carol<br>\n",
        ),
    ];
    let report = audit(game, &posts).expect("audit");
    assert_eq!((report.found, report.agreed), (1, 1), "{}", report.text());
    assert_eq!(report.vote_counts[0].host["Not_Mafia"], ["Alice", "Carol"]);
}

#[test]
fn a_count_in_the_post_that_ends_the_day_is_the_count_before_it() {
    // mafiascum hosts post the final count with the lynch (16214.jsonl post 435:
    // "D2 Votecount #2 (Final D2 VC)" … "Internet Stranger has been lynched.").
    let posts = [
        post(1, "Alice", "<b>Vote: Bob</b>"),
        post(2, "Carol", "<b>Vote: Bob</b>"),
        post(3, "Dave", "<b>Vote: Bob</b>"),
        post(
            4,
            "Host",
            "Final vote count<br>Bob (3) - Alice, Carol, Dave<br><br>Bob has been lynched. He was a Vanilla Townie.<br>It is now Night 1.",
        ),
    ];
    let report = audit(game(), &posts).expect("audit");
    assert_eq!((report.found, report.agreed), (1, 1), "{}", report.text());
    assert_eq!(
        report.vote_counts[0].ours["Bob"],
        ["Alice", "Carol", "Dave"]
    );
}

#[test]
fn a_wagon_written_with_a_dash_and_no_spaces() {
    // mafiascum phpBB (21340.jsonl post 837): `iamausername-jon_h61,` under "Vote Count:",
    // beside `thezmon221-   DCLXVI,`; the reader keeps `Bob-Alice` whole (a name may hold a
    // dash), the check finds a player before the dash and reads the rest as a voter.
    let posts = [
        post(1, "Alice", "<b>Vote: Bob</b>"),
        post(2, "Carol", "<b>Vote: Dave</b>"),
        post(
            3,
            "Host",
            "Vote Count:<br><br>Bob-Alice,<br>Dave-   Carol,<br>Erin-<br><br>With 5 alive it takes 3 to lynch.",
        ),
    ];
    let report = audit(game(), &posts).expect("audit");
    assert_eq!((report.found, report.agreed), (1, 1), "{}", report.text());
    assert_eq!(report.vote_counts[0].host["Bob"], ["Alice"]);
    assert_eq!(report.vote_counts[0].host["Dave"], ["Carol"]);
}

#[test]
fn voters_split_at_slashes_and_a_replacement_marked_in_the_candidate() {
    // mafiascum phpBB (62685.jsonl post 350): `Bulbazoor [2]: GrayFoxxxx / implosion` and
    // `TheDominator37 < MarioManiac4 [4]: …`, the slot's new holder before its old one.
    let posts = [
        post(1, "Alice", "<b>Vote: Bob</b>"),
        post(2, "Dave", "<b>Vote: Bob</b>"),
        post(3, "Host", "Frank replaces Carol."),
        post(4, "Frank", "Hi all, reading back."),
        post(5, "Erin", "<b>Vote: Frank</b>"),
        post(
            6,
            "Host",
            "Vote count<br><br>Bob [2]: Alice / Dave<br>Frank &lt; Carol [1]: Erin<br><br>There are 5 active players.",
        ),
    ];
    let report = audit(game(), &posts).expect("audit");
    assert_eq!((report.found, report.agreed), (1, 1), "{}", report.text());
    assert_eq!(report.vote_counts[0].host["Bob"], ["Alice", "Dave"]);
    assert_eq!(report.vote_counts[0].host["Frank"], ["Erin"]);
    assert!(report.vote_counts[0].unread.is_empty());
}

#[test]
fn a_slots_old_and_new_holder_written_with_a_slash_are_one_candidate() {
    // mafiascum phpBB (72581.jsonl post 403, after "WhyMafia replaces Lil Uzi Vert."):
    // `Lil Uzi / WhyMafia (1 / 0) (1) - Scorpious (99)`, each voter with the post of the vote.
    let posts = [
        post(1, "Erin", "<b>Vote: Carol</b>"),
        post(2, "Host", "Frank replaces Carol."),
        post(3, "Frank", "Hi all, reading back."),
        post(
            4,
            "Host",
            "Day 1 VC #10<br>Alice (0) -<br>Carol / Frank (1 / 0) (1) - Erin (1)<br>\
             Not Voting (3) - Alice, Bob, Dave, Frank",
        ),
    ];
    let report = audit(game(), &posts).expect("audit");
    assert_eq!((report.found, report.agreed), (1, 1), "{}", report.text());
    assert!(report.vote_counts[0].unread.is_empty());
}

#[test]
fn a_misspelt_name_and_an_old_slot_name_are_the_same_voter() {
    // Hosts misspell ("saporovirus" for sapovirus, 16214.jsonl) and keep a replaced
    // player's old name.
    let posts = [
        post(1, "Alice", "<b>Vote: Bob</b>"),
        post(2, "Host", "Frank replaces Carol."),
        post(3, "Frank", "<b>Vote: Bob</b>"),
        post(4, "Host", "Vote Count<br>Bob (2) - Allice, Carol"),
    ];
    let report = audit(game(), &posts).expect("audit");
    assert_eq!((report.found, report.agreed), (1, 1), "{}", report.text());
    assert_eq!(report.vote_counts[0].host["Bob"], ["Alice", "Frank"]);
}

#[test]
fn a_wrong_count_names_the_voter_and_the_post_after_which_they_differ() {
    let posts = [
        post(1, "Alice", "<b>Vote: Bob</b>"),
        post(2, "Carol", "<b>Vote: Bob</b>"),
        post(3, "Carol", "<b>Unvote</b>"),
        post(4, "Host", "Vote Count<br>Bob (2) - Alice, Carol"),
    ];
    let report = audit(game(), &posts).expect("audit");
    assert_eq!((report.found, report.agreed), (1, 0));
    let check = &report.vote_counts[0];
    assert_eq!(check.differences.len(), 1);
    let d = &check.differences[0];
    assert_eq!(
        (
            d.voter.as_str(),
            d.host.as_deref(),
            d.ours.as_deref(),
            d.since
        ),
        ("Carol", Some("Bob"), None, 3)
    );
    assert_eq!(d.last_mark.as_deref(), Some("Unvote"));
    assert_eq!(check.first_diverged, Some(3));
}

#[test]
fn a_players_count_is_not_audited() {
    let posts = [
        post(1, "Alice", "<b>Vote: Bob</b>"),
        post(2, "Carol", "Vote Count<br>Bob (3) - Alice, Carol, Dave"),
    ];
    assert_eq!(audit(game(), &posts).expect("audit").found, 0);
}

#[test]
fn an_old_count_struck_out_whole_is_skipped() {
    // mafiascum (71047.jsonl post 2250): the host strikes the previous count out and writes
    // the new one under it, in one post.
    let struck = |t: &str| {
        format!("<div style=\"display:inline;text-decoration:line-through\">{t}</div><br>")
    };
    let source = format!(
        "Votecount 3.05<br>{}{}Titus (1)MathBlade<br>Not Voting (1)DeltaW<br>",
        struck("gerryoat (1)IAlwaysWinSometimes ,"),
        struck("Not Voting (1)boring ,"),
    );
    let count = html(&source);
    assert_eq!(wagons(&count), [("Titus", vec!["MathBlade"])]);
    assert_eq!(count.not_voting, ["DeltaW"]);
}

#[test]
fn the_heading_that_is_followed_by_wagons() {
    // mafiascum (16959.jsonl post 479): flavour that says "vote count" comes first.
    let count = html(
        "Making this vote count amused me.<br>A herring aid!<br>\
         <div style=\"display:inline;font-weight:bold\">Vote Count 1.13</div><br>\
         Redcoyote (2) - CooLDoG,Shift<br>",
    );
    assert_eq!(wagons(&count), [("Redcoyote", vec!["CooLDoG", "Shift"])]);
}

#[test]
fn a_count_in_the_post_that_starts_a_day_is_that_days_count() {
    // TeamLiquid and mafiascum hosts open a day with an empty count (17940.jsonl post 655:
    // "DAY 4 - Initial Votecount" … "Not Voting - Everyone.").
    let posts = [
        post(1, "Alice", "<b>Vote: Bob</b>"),
        post(2, "Carol", "<b>Vote: Bob</b>"),
        post(3, "Dave", "<b>Vote: Bob</b>"),
        post(
            4,
            "Host",
            "Bob has been lynched. He was a Vanilla Townie.<br>It is now Night 1.",
        ),
        post(
            5,
            "Host",
            "It is now Day 2.<br>Vote Count 2.0<br>Not voting (4): Alice, Carol, Dave, Erin",
        ),
    ];
    let report = audit(game(), &posts).expect("audit");
    assert_eq!((report.found, report.agreed), (1, 1), "{}", report.text());
    assert!(report.vote_counts[0].ours.is_empty());
}

#[test]
fn a_voter_listed_twice_is_noted() {
    // mafiascum (66752.jsonl post 175): "Killthestory - 2 (Kappy, Kappy)".
    let posts = [
        post(1, "Alice", "<b>Vote: Bob</b>"),
        post(2, "Host", "Vote Count 1.1<br>Bob - 2 (Alice, Alice)"),
    ];
    let report = audit(game(), &posts).expect("audit");
    assert_eq!((report.found, report.agreed), (1, 1), "{}", report.text());
    assert_eq!(report.vote_counts[0].listed_twice, ["Alice"]);
}

#[test]
fn a_vote_the_host_keeps_after_an_unvote_is_marked_as_the_hosts_slip() {
    // mafiascum renders `[unvote][/unvote]` as an official unvote tag with nothing after
    // the label (67506.jsonl post 90: `<span class="bbvote" title="This is an official
    // unvote.">UNVOTE: </span>`); its host's next count (post 125) still has BlackStar on
    // Map Wolf. Hosts of the fixture threads drop such a vote in 541 of 578 cases.
    let posts = [
        post(1, "Alice", "<b>Vote: Bob</b>"),
        post(2, "Carol", "<b>Vote: Bob</b>"),
        post(
            3,
            "Alice",
            "<span class=\"bbvote\" title=\"This is an official unvote.\">UNVOTE: </span><br>Thanks for the information.",
        ),
        post(4, "Host", "Vote Count 1.2<br>Bob (2) - Alice, Carol"),
    ];
    let report = audit(game(), &posts).expect("audit");
    let count = &report.vote_counts[0];
    assert!(!count.agrees);
    assert_eq!(count.differences[0].voter, "Alice");
    assert_eq!(count.differences[0].cause, Some(Cause::HostKeptUnvoted));
    assert_eq!(count.explained_by, Some(Explained::Host));
    assert!(
        report.text().contains("likely the host's slip"),
        "{}",
        report.text()
    );
    let json = report.json().expect("JSON");
    assert!(json.contains("\"explained_by\": \"host\""), "{json}");
    assert!(json.contains("\"cause\": \"host_kept_unvoted\""), "{json}");
}

#[test]
fn a_count_whose_voters_posted_at_night_for_the_tracker_is_marked_as_its_phase() {
    // The tracker ends Day 1 at the host's "Night 1 begins" while the host keeps counting
    // (58383: Night 1 read from about post 120 while the day ran to 162); a vote posted
    // after that is a night post for the tracker, and the host's count differs on it.
    let posts = [
        post(1, "Alice", "<b>Vote: Bob</b>"),
        post(2, "Carol", "<b>Vote: Bob</b>"),
        post(3, "Host", "Night 1 begins. Send in your actions."),
        post(4, "Dave", "<b>Vote: Bob</b>"),
        post(5, "Host", "Vote Count 1.3<br>Bob (3) - Alice, Carol, Dave"),
    ];
    let report = audit(game(), &posts).expect("audit");
    let count = &report.vote_counts[0];
    assert_eq!(count.differences[0].voter, "Dave");
    assert_eq!(count.differences[0].cause, Some(Cause::NightPost));
    assert_eq!(count.explained_by, Some(Explained::Phase));
    // An agreeing count explains nothing; the JSON keeps the issue's shape.
    let agreeing = audit(
        game(),
        &posts[..2]
            .iter()
            .cloned()
            .chain([post(5, "Host", "Vote Count 1.3<br>Bob (2) - Alice, Carol")])
            .collect::<Vec<_>>(),
    )
    .expect("audit");
    assert_eq!(agreeing.vote_counts[0].explained_by, None);
    assert!(!agreeing.json().expect("JSON").contains("explained_by"));
}

#[test]
fn a_hosts_list_of_night_actions_is_not_a_count() {
    // mafiascum's rendering of a host's end-of-game action list (23438.jsonl post 1403):
    // the roles' shots in brackets, `(1-shot cop)`, are no count of votes.
    let body = mafia_posts::normalise_markup(&Markup::Html(
        "Night 1:<br>\n<br>\nPine (mafia goon) kills Slandaar (successful)<br>\n<br>\nSlandaar (1-shot cop) investigates havingfitz (action failed)<br>\n<br>\nNight 2:<br>\n<br>\nMastin2 (1-shot doctor) protects TheTrollie (successful)<br>\n<br>\nCooLDoG (1-shot vig) vigs Trollie (failed action)".into(),
    ));
    assert_eq!(parse_count(&body), None);
}

#[test]
fn a_remark_in_words_after_a_voter_names_nobody() {
    // mafiascum phpBB (68345.jsonl post 1587): `Gamma Emerald: CCC, Manuel87, House (this
    // doesn't really count because hammer so FoS)`; no word of the remark is a player, and
    // "so" is no abbreviation of Square World.
    let game =
        Game::parse(&GAME.replace("\"Dave\"", "\"Square World\""), "audit.toml").expect("game");
    let posts = [
        post(1, "Alice", "<b>Vote: Bob</b>"),
        post(2, "Carol", "<b>Vote: Bob</b>"),
        post(
            3,
            "Host",
            "Vote Count 2.01<br>Bob: Alice, Carol (this doesn't really count because hammer so FoS)",
        ),
    ];
    let report = audit(game, &posts).expect("audit");
    assert_eq!((report.found, report.agreed), (1, 1), "{}", report.text());
    assert_eq!(report.vote_counts[0].host["Bob"], ["Alice", "Carol"]);
    assert!(
        report.vote_counts[0]
            .unread
            .contains(&"because".to_string()),
        "{:?}",
        report.vote_counts[0].unread
    );
}
