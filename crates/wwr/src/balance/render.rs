//! The balance report as a text table and as an SVG bar chart (one bar per team, its 95 %
//! interval as an error bar).

use std::fmt::Write;

use super::tally::Report;

fn percent(x: f64) -> String {
    format!("{:.1} %", x * 100.0)
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The report as a small table:
///
/// ```text
/// 400 games, 5.0 phases on average, 10 unfinished (10 draws, 0 cut at the phase limit)
///
/// team         wins     rate  95 % interval
/// Townsfolk     303   75.8 %  71.3 % – 79.7 %
/// Werewolf       87   21.8 %  18.0 % – 26.1 %
/// ```
pub fn text(report: &Report) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "{}, {:.1} phases on average, {} unfinished",
        plural(report.games, "game", "games"),
        report.mean_phases,
        report.unfinished
    );
    if report.unfinished > 0 {
        let _ = write!(
            out,
            " ({}, {} cut at the phase limit)",
            plural(report.draws, "draw", "draws"),
            report.cut()
        );
    }
    out.push_str("\n\n");
    let width = report
        .teams
        .keys()
        .map(|t| t.chars().count())
        .chain(["team".len()])
        .max()
        .unwrap_or(4);
    let _ = writeln!(
        out,
        "{:<width$}  {:>6}  {:>7}  95 % interval",
        "team", "wins", "rate"
    );
    for (team, t) in &report.teams {
        let _ = writeln!(
            out,
            "{team:<width$}  {:>6}  {:>7}  {} – {}",
            t.wins,
            percent(t.rate),
            percent(t.ci95[0]),
            percent(t.ci95[1])
        );
    }
    out
}

/// Escapes text for SVG (XML) content and attribute values.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// Chart geometry (pixels): the plot's left edge, top, height, and each team's slot width.
const LEFT: f64 = 60.0;
const TOP: f64 = 50.0;
const PLOT_H: f64 = 240.0;
const SLOT: f64 = 120.0;
const BAR: f64 = 60.0;

/// The report as a standalone SVG document: a bar per team at its win rate (0 to 100 %),
/// a black error bar over its 95 % Wilson interval, the team's name under it.
pub fn svg(report: &Report) -> String {
    let teams = report.teams.len().max(1) as f64;
    // Wide enough for the subtitle even with one or two teams.
    let width = (LEFT + SLOT * teams + 20.0).max(440.0);
    let height = TOP + PLOT_H + 50.0;
    let bottom = TOP + PLOT_H;
    let y = |rate: f64| bottom - rate.clamp(0.0, 1.0) * PLOT_H;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        out,
        r#"<title>Win rate by team over {} (95 % Wilson intervals)</title>"#,
        plural(report.games, "game", "games")
    );
    let _ = writeln!(
        out,
        r#"<text x="{LEFT}" y="16" font-size="14">Win rate by team, {}</text>"#,
        plural(report.games, "game", "games"),
    );
    let _ = writeln!(
        out,
        r##"<text x="{LEFT}" y="32" font-size="11" fill="#555">{:.1} phases on average, {} unfinished; bars: 95 % Wilson interval</text>"##,
        report.mean_phases, report.unfinished
    );
    for tick in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let ty = y(tick);
        let _ = writeln!(
            out,
            r##"<line x1="{LEFT}" y1="{ty:.1}" x2="{:.1}" y2="{ty:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">{:.0} %</text>"##,
            width - 20.0,
            LEFT - 6.0,
            ty + 4.0,
            tick * 100.0
        );
    }
    let _ = writeln!(
        out,
        r##"<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{bottom}" stroke="#000"/>"##
    );
    for (i, (team, t)) in report.teams.iter().enumerate() {
        let centre = LEFT + SLOT * (i as f64 + 0.5);
        let (top, lo, hi) = (y(t.rate), y(t.ci95[0]), y(t.ci95[1]));
        let name = escape(team);
        let _ = writeln!(
            out,
            r##"<g><title>{name}: {} wins, {} (95 %: {} – {})</title>"##,
            t.wins,
            percent(t.rate),
            percent(t.ci95[0]),
            percent(t.ci95[1])
        );
        let _ = writeln!(
            out,
            r##"<rect x="{:.1}" y="{top:.1}" width="{BAR}" height="{:.1}" fill="#4a78a8"/>"##,
            centre - BAR / 2.0,
            bottom - top
        );
        let _ = writeln!(
            out,
            r##"<path d="M{:.1} {hi:.1}H{:.1}M{centre:.1} {hi:.1}V{lo:.1}M{:.1} {lo:.1}H{:.1}" stroke="#000" stroke-width="1.5" fill="none"/>"##,
            centre - 10.0,
            centre + 10.0,
            centre - 10.0,
            centre + 10.0
        );
        let _ = writeln!(
            out,
            r##"<text x="{centre:.1}" y="{:.1}" text-anchor="middle">{}</text>"##,
            hi - 6.0,
            percent(t.rate)
        );
        let _ = writeln!(
            out,
            r##"<text x="{centre:.1}" y="{:.1}" text-anchor="middle">{name}</text></g>"##,
            bottom + 18.0
        );
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_in_a_team_name_is_escaped() {
        assert_eq!(
            escape(r#"<Wolves & "Co" 'x'>"#),
            "&lt;Wolves &amp; &quot;Co&quot; &apos;x&apos;&gt;"
        );
    }
}
