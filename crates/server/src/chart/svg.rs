//! A day's chart as SVG text, written by hand (no JavaScript, no chart library): a step line
//! per wagon, the majority as a dashed step line, the hammer and the end of the day (or
//! "now") as vertical lines, and a legend naming each wagon.
//!
//! Every name is user text: [`escape`] makes it XML text (and drops the control characters
//! XML cannot hold), and long names are cut. The picture has a `viewBox`, so a page scales it
//! to its width; at [`WIDTH`] units, a phone shows the text at about 13 px.

use std::fmt::Write;

use jiff::Timestamp;
use mafia_tracker::merge::{VOTE_THREAD_BASE, is_vote_thread};
use mafia_tracker::report;

use super::{DayChart, DayEnd, Step, WagonLine};

/// The picture's width in SVG units.
pub const WIDTH: f64 = 400.0;
/// The plot's left edge (room for the vote numbers).
pub const PLOT_LEFT: f64 = 34.0;
/// The plot's right edge.
pub const PLOT_RIGHT: f64 = 386.0;
/// The plot's top edge (below the title).
pub const PLOT_TOP: f64 = 40.0;
/// The plot's bottom edge: zero votes.
pub const PLOT_BOTTOM: f64 = 220.0;
/// The first legend row's baseline.
const LEGEND_TOP: f64 = 286.0;
const ROW: f64 = 24.0;
/// At most this many wagons get a line; the others are named on one legend row.
pub const MAX_LINES: usize = 8;
/// A name longer than this is cut.
const NAME_CHARS: usize = 24;
/// Characters that fit on a legend row.
const LEGEND_CHARS: usize = 44;

/// Wagon colours: distinguishable with the common colour blindnesses (Okabe and Ito's set,
/// its yellow swapped for a purple that reads on white).
pub const COLOURS: [&str; MAX_LINES] = [
    "#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#7f3c8d", "#555555",
];
const FONTS: &str = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

/// The day's chart as a standalone SVG document. `game` names the game in the title; `now`
/// words the countdown of a running day.
pub fn day_svg(game: &str, chart: &DayChart, now: Timestamp) -> String {
    let lines = drawn(chart);
    let rows = lines.len() + usize::from(chart.wagons.len() > lines.len());
    let height = LEGEND_TOP + ROW * rows.max(1) as f64 - 8.0;
    let title = format!("{} · {}", cut(game, 30), chart.phase);
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="{FONTS}" font-size="14" role="img" class="chart"><title>{t}: votes per wagon</title><rect width="{w}" height="{h}" fill="#fff"/>"##,
        w = num(WIDTH),
        h = num(height),
        t = escape(&title),
    );
    let _ = write!(
        s,
        r##"<text x="14" y="24" font-size="17" font-weight="bold" fill="#222">{}</text>"##,
        escape(&title)
    );
    let scale = Scale::of(chart);
    grid(&mut s, &scale, chart);
    majority(&mut s, &scale, &chart.majority);
    // The marks first, so that the wagons' lines are drawn over them.
    marks(&mut s, &scale, chart, now);
    // Lines of equal counts lie side by side, 2 units apart, all within 4 of their count.
    let spread = 2.0_f64.min(8.0 / (lines.len().max(2) as f64 - 1.0));
    for (i, line) in lines.iter().enumerate() {
        let offset = (i as f64 - (lines.len() as f64 - 1.0) / 2.0) * spread;
        let _ = write!(
            s,
            r#"<path class="wagon" data-candidate="{}" data-steps="{}" d="{}" fill="none" stroke="{}" stroke-width="3" stroke-linejoin="round"/>"#,
            escape(&line.candidate),
            steps_text(&line.steps),
            scale.wagon_path(&line.steps, offset),
            COLOURS[i],
        );
    }
    legend(&mut s, chart, &lines);
    s.push_str("</svg>");
    s
}

/// The wagons that get a line: the most votes at the end first, then the highest peak, then
/// the first to have a vote; at most [`MAX_LINES`].
fn drawn(chart: &DayChart) -> Vec<&WagonLine> {
    let mut lines: Vec<&WagonLine> = chart.wagons.iter().collect();
    // A stable sort keeps the first-vote order among equals.
    lines.sort_by_key(|w| std::cmp::Reverse((w.last(), w.peak())));
    lines.truncate(MAX_LINES);
    lines
}

/// From chart values to SVG units.
struct Scale {
    /// Posts on the x axis (at least 1).
    posts: f64,
    /// The count at the plot's top edge.
    top: f64,
}

impl Scale {
    fn of(chart: &DayChart) -> Scale {
        Scale {
            posts: chart.posts.len().max(1) as f64,
            top: f64::from(chart.top().max(2) + 1),
        }
    }

    /// Where the count after the day's `k`-th post begins: each post has a slot of the axis,
    /// the k-th from k - 1 to k post-widths, so that the count a post made is drawn across
    /// its slot (the last post's too) and changes where the slot begins.
    fn x(&self, k: u32) -> f64 {
        PLOT_LEFT + f64::from(k.saturating_sub(1)) * self.post_width()
    }

    /// The middle of the `k`-th post's slot: its tick, and its mark (hammer, lock).
    fn mid(&self, k: u32) -> f64 {
        PLOT_LEFT + (f64::from(k) - 0.5) * self.post_width()
    }

    fn post_width(&self) -> f64 {
        (PLOT_RIGHT - PLOT_LEFT) / self.posts
    }

    fn y(&self, votes: u32) -> f64 {
        PLOT_BOTTOM - f64::from(votes) * (PLOT_BOTTOM - PLOT_TOP) / self.top
    }

    /// The majority's step line, from x = 0 at `start` votes to the right edge.
    fn path(&self, steps: &[Step], start: u32) -> String {
        let mut d = format!("M{},{}", num(PLOT_LEFT), num(self.y(start)));
        for step in steps {
            let _ = write!(d, "H{}V{}", num(self.x(step.x)), num(self.y(step.votes)));
        }
        let _ = write!(d, "H{}", num(PLOT_RIGHT));
        d
    }

    /// A wagon's step line, `offset` units lower (so that lines of equal counts lie side by
    /// side): it rises from the axis at the wagon's first vote, goes down to the axis when
    /// the wagon loses its last and rises again with its next, and runs to the right edge
    /// if the wagon has votes at the end.
    fn wagon_path(&self, steps: &[Step], offset: f64) -> String {
        let mut d = String::new();
        let mut votes = 0;
        for step in steps {
            let x = num(self.x(step.x));
            let y = num(self.y(step.votes) + offset);
            if votes == 0 {
                let _ = write!(d, "M{x},{}V{y}", num(self.y(0) + offset));
            } else {
                let _ = write!(d, "H{x}V{y}");
            }
            votes = step.votes;
        }
        if votes > 0 {
            let _ = write!(d, "H{}", num(PLOT_RIGHT));
        }
        d
    }
}

fn grid(s: &mut String, scale: &Scale, chart: &DayChart) {
    let top = scale.top as u32;
    let every = match top {
        0..=8 => 1,
        9..=16 => 2,
        _ => 5,
    };
    for v in (0..top).step_by(every) {
        let y = num(scale.y(v));
        let _ = write!(
            s,
            r##"<line x1="{l}" x2="{r}" y1="{y}" y2="{y}" stroke="#e4e4e4"/><text x="{tx}" y="{ty}" text-anchor="end" font-size="13" fill="#555">{v}</text>"##,
            l = num(PLOT_LEFT),
            r = num(PLOT_RIGHT),
            tx = num(PLOT_LEFT - 6.0),
            ty = num(scale.y(v) + 4.5),
        );
    }
    let _ = write!(
        s,
        r##"<line x1="{l}" x2="{l}" y1="{t}" y2="{b}" stroke="#999"/><line x1="{l}" x2="{r}" y1="{b}" y2="{b}" stroke="#999"/>"##,
        l = num(PLOT_LEFT),
        r = num(PLOT_RIGHT),
        t = num(PLOT_TOP),
        b = num(PLOT_BOTTOM),
    );
    for k in ticks(chart.posts.len()) {
        let at = scale.mid(k as u32);
        let label = post_label(chart.posts[k - 1]);
        // A label centred on the last tick may pass the picture's edge: then it ends there.
        // (13 px DejaVu Sans: digits 8.3 units wide, `#` 10.9.)
        let width = 8.3 * label.len() as f64 + 3.0;
        let (x, anchor) = if at + width / 2.0 > WIDTH - 2.0 {
            (WIDTH - 2.0, "end")
        } else {
            (at, "middle")
        };
        let _ = write!(
            s,
            r##"<line x1="{t}" x2="{t}" y1="{b}" y2="{b2}" stroke="#999"/><text x="{x}" y="{ty}" text-anchor="{anchor}" font-size="13" fill="#555">{label}</text>"##,
            t = num(at),
            x = num(x),
            b = num(PLOT_BOTTOM),
            b2 = num(PLOT_BOTTOM + 4.0),
            ty = num(PLOT_BOTTOM + 18.0),
        );
    }
}

/// Which posts (1-based positions on the axis) get a label: all of up to five, else five
/// spread evenly, the first and the last among them.
fn ticks(n: usize) -> Vec<usize> {
    if n <= 5 {
        return (1..=n).collect();
    }
    let mut ticks: Vec<usize> = (0..5).map(|i| 1 + (i * (n - 1) + 2) / 4).collect();
    ticks.dedup();
    ticks
}

/// "#12", or "v3" for post 3 of a separate vote thread.
fn post_label(number: u64) -> String {
    if is_vote_thread(number) {
        format!("v{}", number - VOTE_THREAD_BASE)
    } else {
        format!("#{number}")
    }
}

fn majority(s: &mut String, scale: &Scale, steps: &[Step]) {
    let Some((first, rest)) = steps.split_first() else {
        return;
    };
    let _ = write!(
        s,
        r##"<path class="majority" data-steps="{}" d="{}" fill="none" stroke="#a00" stroke-width="1.5" stroke-dasharray="6 4"/>"##,
        steps_text(steps),
        scale.path(rest, first.votes),
    );
    let _ = write!(
        s,
        r##"<text x="{}" y="{}" font-size="13" fill="#a00" stroke="#fff" stroke-width="3" paint-order="stroke">majority {}</text>"##,
        num(PLOT_LEFT + 4.0),
        num(scale.y(first.votes) - 5.0),
        first.votes,
    );
}

/// The hammer's post, the end of the day (or now), and the caption under the axis.
fn marks(s: &mut String, scale: &Scale, chart: &DayChart, now: Timestamp) {
    let hammer = chart.hammer.as_ref().map(|(_, p)| (*p, "hammer"));
    let lock = chart
        .locked
        .as_ref()
        .filter(|(_, p)| hammer.is_none_or(|(h, _)| h != *p))
        .map(|(_, p)| (*p, "locked"));
    for (post, word) in hammer.into_iter().chain(lock) {
        if let Some(k) = chart.posts.iter().position(|p| *p == post) {
            let at = scale.mid(k as u32 + 1);
            let _ = write!(
                s,
                r##"<line class="{word}" x1="{x}" x2="{x}" y1="{t}" y2="{b}" stroke="#a00" stroke-width="2"/><text x="{tx}" y="{ty}" text-anchor="end" font-size="13" font-weight="bold" fill="#a00" stroke="#fff" stroke-width="3" paint-order="stroke">{word}</text>"##,
                x = num(at),
                t = num(PLOT_TOP),
                b = num(PLOT_BOTTOM),
                tx = num(at - 4.0),
                ty = num(PLOT_TOP + 14.0),
            );
        }
    }
    let end = num(PLOT_RIGHT);
    let running = matches!(chart.end, DayEnd::Running { .. } | DayEnd::AsOf { .. });
    let _ = write!(
        s,
        r##"<line class="end" x1="{end}" x2="{end}" y1="{t}" y2="{b}" stroke="#333" stroke-width="1.5"{dash}/>"##,
        t = num(PLOT_TOP),
        b = num(PLOT_BOTTOM),
        dash = if running {
            r#" stroke-dasharray="3 3""#
        } else {
            ""
        },
    );
    let label = match chart.end {
        DayEnd::Running { .. } => Some("now"),
        DayEnd::AsOf { .. } => Some("as of"),
        _ => None,
    };
    if let Some(label) = label {
        let _ = write!(
            s,
            r##"<text x="{end}" y="{}" text-anchor="end" font-size="13" fill="#333">{label}</text>"##,
            num(PLOT_TOP - 4.0),
        );
    }
    let last = chart.posts.last().copied().unwrap_or(0);
    // At most about 40 characters: the caption is right-aligned under the axis.
    let caption = match (&chart.end, &chart.hammer) {
        (DayEnd::Ended { post }, Some((who, at))) if at == post => {
            format!("Hammer on {}, {}", cut(who, NAME_CHARS), post_label(*at))
        }
        (DayEnd::Ended { post }, _) => format!("The day ended at {}", post_label(*post)),
        (DayEnd::Deadline { at }, _) => format!("Deadline {}", report::when(at)),
        (DayEnd::Running { deadline: Some(at) }, _) => {
            format!("Deadline {}", crate::clock::countdown(at, now))
        }
        (DayEnd::Running { deadline: None }, _) => format!("As of {}", post_label(last)),
        (DayEnd::AsOf { post }, _) => format!("As of {}", post_label(*post)),
    };
    let _ = write!(
        s,
        r##"<text class="caption" x="{}" y="{}" text-anchor="end" fill="#222">{}</text>"##,
        num(PLOT_RIGHT),
        num(PLOT_BOTTOM + 42.0),
        escape(&caption),
    );
}

fn legend(s: &mut String, chart: &DayChart, lines: &[&WagonLine]) {
    if lines.is_empty() {
        let _ = write!(
            s,
            r##"<text x="14" y="{}" fill="#555">No votes this day.</text>"##,
            num(LEGEND_TOP)
        );
        return;
    }
    let running = matches!(chart.end, DayEnd::Running { .. });
    for (i, line) in lines.iter().enumerate() {
        let y = LEGEND_TOP + ROW * i as f64;
        let (last, peak) = (line.last(), line.peak());
        let mut rest = format!(
            ": {last} vote{}{}",
            if last == 1 { "" } else { "s" },
            if running { " now" } else { "" }
        );
        if peak > last {
            let _ = write!(rest, ", {peak} at most");
        }
        if chart.lynched.contains(&line.candidate) {
            rest.push_str(", lynched");
        }
        // About 44 characters fit beside the swatch: the name gives way.
        let room = LEGEND_CHARS
            .saturating_sub(rest.chars().count())
            .clamp(8, NAME_CHARS);
        let words = format!("{}{rest}", cut(&line.candidate, room));
        let _ = write!(
            s,
            r##"<line x1="14" x2="36" y1="{ly}" y2="{ly}" stroke="{c}" stroke-width="4"/><text class="legend" x="44" y="{y}" fill="#222">{t}</text>"##,
            ly = num(y - 5.0),
            c = COLOURS[i],
            y = num(y),
            t = escape(&words),
        );
    }
    let rest: Vec<&str> = chart
        .wagons
        .iter()
        .filter(|w| !lines.iter().any(|l| std::ptr::eq(*l, *w)))
        .map(|w| w.candidate.as_str())
        .collect();
    if !rest.is_empty() {
        let names: Vec<String> = rest.iter().map(|n| cut(n, 12)).collect();
        let text = cut(
            &format!("and {} more: {}", rest.len(), names.join(", ")),
            44,
        );
        let _ = write!(
            s,
            r##"<text class="legend" x="14" y="{}" fill="#555">{}</text>"##,
            num(LEGEND_TOP + ROW * lines.len() as f64),
            escape(&text),
        );
    }
}

/// `x:votes` pairs, for readers of the SVG (and tests) that want the data, not the geometry.
fn steps_text(steps: &[Step]) -> String {
    let pairs: Vec<String> = steps
        .iter()
        .map(|s| format!("{}:{}", s.x, s.votes))
        .collect();
    pairs.join(" ")
}

/// A number as SVG writes it: at most one decimal, no trailing `.0`.
fn num(v: f64) -> String {
    let rounded = (v * 10.0).round() / 10.0;
    if rounded.fract() == 0.0 {
        format!("{}", rounded as i64)
    } else {
        format!("{rounded:.1}")
    }
}

/// At most `max` characters, the last of a cut name an ellipsis.
fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut short: String = text.chars().take(max - 1).collect();
    short.push('…');
    short
}

/// User text as XML character data or an attribute value: markup characters escaped, and the
/// characters XML 1.0 cannot hold (most control characters) left out.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(' '),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use mafia_tracker::phase::Phase;

    use super::*;

    fn step(x: u32, votes: u32) -> Step {
        Step { x, votes }
    }

    /// Player names are user text: a name that is markup is shown as text, in the legend and
    /// in the data attributes, and the picture still reads as SVG (usvg parses it).
    #[test]
    fn hostile_names_are_text_not_markup() {
        let names = ["<script>x</script>", "\"&'", "Bell\u{7}Name"];
        let chart = DayChart {
            phase: Phase::day(1),
            posts: vec![1, 2, 3],
            wagons: names
                .iter()
                .enumerate()
                .map(|(i, n)| WagonLine {
                    candidate: (*n).to_owned(),
                    steps: vec![step(i as u32 + 1, 1)],
                })
                .collect(),
            majority: vec![step(0, 2)],
            hammer: None,
            locked: None,
            lynched: vec!["\"&'".to_owned()],
            end: DayEnd::Ended { post: 3 },
        };
        let svg = day_svg("<b>Game</b> & co", &chart, Timestamp::UNIX_EPOCH);
        assert!(!svg.contains("<script"), "{svg}");
        assert!(!svg.contains("<b>"), "{svg}");
        assert!(svg.contains("&lt;script&gt;x&lt;/script&gt;: 1 vote"));
        assert!(svg.contains("&quot;&amp;&#39;: 1 vote, lynched"));
        assert!(svg.contains("BellName: 1 vote"), "the bell is left out");
        assert!(svg.contains("&lt;b&gt;Game&lt;/b&gt; &amp; co · Day 1"));
        assert!(svg.contains(r#"data-candidate="&quot;&amp;&#39;""#));
        let png = super::super::png::render(&svg, 1.0).expect("the SVG reads");
        assert!(png.starts_with(b"\x89PNG"));
    }

    #[test]
    fn a_long_name_is_cut_and_wagons_past_eight_are_named_on_one_row() {
        let chart = DayChart {
            phase: Phase::day(2),
            posts: (1..=10).collect(),
            wagons: (1..=10)
                .map(|i| WagonLine {
                    candidate: format!("Player{i}WithAVeryLongForumUserName"),
                    steps: vec![step(i, 1)],
                })
                .collect(),
            majority: vec![step(0, 6)],
            hammer: None,
            locked: None,
            lynched: Vec::new(),
            end: DayEnd::Running { deadline: None },
        };
        let svg = day_svg("Big", &chart, Timestamp::UNIX_EPOCH);
        // 24 characters, the last an ellipsis.
        assert!(
            svg.contains(">Player1WithAVeryLongFor…: 1 vote now</text>"),
            "{svg}"
        );
        assert_eq!(svg.matches("class=\"wagon\"").count(), 8);
        assert!(
            svg.contains(">and 2 more: Player9With…, Player10Wit…</text>"),
            "{svg}"
        );
    }

    /// A long name with a long count gives way, so that the row fits the picture.
    #[test]
    fn a_legend_row_fits_the_width() {
        let chart = DayChart {
            phase: Phase::day(3),
            posts: (1_000_000..1_000_012).collect(),
            wagons: vec![WagonLine {
                candidate: "AnExtremelyLongForumUserName".to_owned(),
                steps: vec![step(1, 12), step(12, 10)],
            }],
            majority: vec![step(0, 11)],
            hammer: None,
            locked: None,
            lynched: vec!["AnExtremelyLongForumUserName".to_owned()],
            end: DayEnd::Ended { post: 1_000_011 },
        };
        let svg = day_svg("Long", &chart, Timestamp::UNIX_EPOCH);
        // ": 10 votes, 12 at most, lynched" is 31 characters: 13 are left for the name, 12
        // letters and the ellipsis.
        assert!(
            svg.contains(">AnExtremelyL…: 10 votes, 12 at most, lynched</text>"),
            "{svg}"
        );
        // "#1000011" centred in the last post's slot (at 386 - 352 / 12 / 2, about 371) would
        // pass the picture's 400: it ends at 398.
        assert!(
            svg.contains(
                r##"<text x="398" y="238" text-anchor="end" font-size="13" fill="#555">#1000011</text>"##
            ),
            "{svg}"
        );
    }

    #[test]
    fn ticks_label_at_most_five_posts_the_first_and_last_among_them() {
        assert_eq!(ticks(3), [1, 2, 3]);
        assert_eq!(ticks(9), [1, 3, 5, 7, 9]);
        assert_eq!(ticks(40), [1, 11, 21, 30, 40]);
    }
}
