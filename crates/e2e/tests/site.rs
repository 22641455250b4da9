//! The demo site as a person sees it: the real `mafia` binary (`mafia serve --demo`) read
//! over plain HTTP and in headless Chromium driven through chromedriver. One suite: the
//! command-line checks of `mafia serve --demo` (once in crates/cli/tests/serve.rs) and the
//! browser tests, with the day charts screenshot on a phone-sized and a desktop window.
//!
//! `--demo` serves two games: the finished demo at `/g/demo-finished` (the whole thread) and
//! the same game in progress at `/g/demo` (the thread up to post 38, moved by whole days so
//! that Day 2's deadline lies ahead). The expected figures are the demo thread
//! (`demo/thread.jsonl`) counted by hand; they agree with the tracker's own demo test
//! (`crates/tracker/tests/demo_game.rs`).
//!
//! The browser tests need Chromium: without it they say they were skipped and pass, except in
//! CI (`CI=true`), where `.ci/browser.sh` installs it and a missing browser is a failure. The
//! plain HTTP tests need only the `mafia` binary.

use std::io::Write;
use std::time::Duration;

use mafia_e2e::site::DemoSite;
use mafia_e2e::webdriver::{Browser, By, Driver};
use mafia_e2e::{BrowserTools, artifact_dir, mafia_binary};

const START_WITHIN: Duration = Duration::from_secs(30);

/// The demo site open in a desktop-sized headless Chromium. Fields drop in order: the
/// browser session is closed, then chromedriver and the server are killed.
struct Visit {
    browser: Browser,
    _driver: Driver,
    site: DemoSite,
}

impl Visit {
    /// `None` (after saying so) when there is no browser outside CI.
    fn start() -> Option<Visit> {
        let Some(tools) = BrowserTools::find() else {
            if std::env::var("CI").is_ok_and(|v| v == "true") {
                panic!("CI=true but chromium/chromedriver are missing: run .ci/browser.sh");
            }
            // Straight to stderr, past the test harness's capture, so that the skip is seen.
            let _ = writeln!(
                std::io::stderr(),
                "skipped: the browser test needs chromium and chromedriver (bash .ci/browser.sh installs them)"
            );
            return None;
        };
        let binary = mafia_binary().expect(
            "the `mafia` binary is not built beside this test: run `cargo build -p mafia` \
             first (`cargo test --workspace` builds it)",
        );
        let site = DemoSite::start(&binary, START_WITHIN).expect("mafia serve --demo");
        let driver = Driver::start(&tools, START_WITHIN).expect("chromedriver");
        let browser = driver.open(1024, 900).expect("headless chromium");
        Some(Visit {
            browser,
            _driver: driver,
            site,
        })
    }

    fn goto(&self, path: &str) {
        self.browser.goto(&self.site.url_of(path)).expect(path);
    }

    fn text(&self, by: By<'_>) -> String {
        self.browser.text_of(by).expect("element on the page")
    }

    fn texts(&self, by: By<'_>) -> Vec<String> {
        self.browser.texts_of(by).expect("elements on the page")
    }

    fn table(&self, by: By<'_>) -> Vec<Vec<String>> {
        self.browser.table(by).expect("table on the page")
    }

    /// Waits (at most 10 s) until the browser's address ends with `tail`, as after a form
    /// submission whose click returns before the next page has loaded; whether it did.
    fn url_ends_with(&self, tail: &str) -> bool {
        let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            if self.browser.current_url().is_ok_and(|u| u.ends_with(tail)) {
                return true;
            }
            if std::time::Instant::now() > until {
                return false;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    fn click(&self, by: By<'_>) {
        let e = self.browser.find(by).expect("something to click");
        self.browser.click(&e).expect("click");
    }

    /// Saves a PNG of the whole page in `target/e2e/` (the CI artifact) and says where.
    fn screenshot(&self, name: &str) {
        let path = artifact_dir().join(name);
        self.browser.screenshot(&path).expect("screenshot");
        let png = std::fs::read(&path).expect("the screenshot file");
        assert!(
            png.starts_with(b"\x89PNG"),
            "{} is not a PNG",
            path.display()
        );
        // Straight to stderr, past the test harness's capture, so that CI logs show it.
        let _ = writeln!(std::io::stderr(), "screenshot: {}", path.display());
    }
}

fn row(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

#[test]
fn the_status_page_shows_the_finished_demo_game() {
    let Some(v) = Visit::start() else { return };
    v.goto("/g/demo-finished");

    assert_eq!(v.browser.title().unwrap(), "Demo Mafia (finished)");
    assert_eq!(v.text(By::Css("h1")), "Demo Mafia (finished)");
    // Post 46: "mafia Dave and Erin win. Game has ended."
    assert!(
        v.text(By::Css("body"))
            .contains("The game is over: Mafia won.")
    );
    assert_eq!(
        // The living list folds (issue 14 point 7): a <details> whose summary is the heading.
        v.text(By::XPath("//summary[starts-with(., 'Alive')]")),
        "Alive (4)"
    );
    assert_eq!(
        v.texts(By::XPath(
            "//summary[starts-with(., 'Alive')]/following-sibling::ul[1]/li"
        )),
        ["Alice", "Carol", "Dave", "Erin"]
    );
    // Listed in the order the deaths were announced, as hosts list them: Bob (post 18),
    // Grace (post 33; post 35 gave her death comment), Ivan (post 39, in Frank's slot),
    // Hank (post 41).
    assert_eq!(
        v.text(By::XPath("//h2[starts-with(., 'Dead')]")),
        "Dead (4)"
    );
    assert_eq!(
        v.texts(By::Css("li.dead")),
        [
            "Bob — Day 1, post 18: a Vanilla Townie.",
            "Grace — Day 2, post 33: a Mason, and a good one.",
            "Ivan — Day 2, post 39: a Vanilla Townie.",
            "Hank — Night 2, post 41: the Cop.",
        ]
    );
    // Day 1: six votes locked Bob. Day 2 ended with Ivan on three (Grace's vote died with her).
    assert_eq!(
        v.texts(By::XPath(
            "//h2[.='Earlier days']/following-sibling::ul[1]/li"
        )),
        [
            "Day 1: Bob with 6 votes (locked)",
            "Day 2: Ivan with 3 votes"
        ]
    );
    assert!(v.text(By::Css("p.muted")).contains("the last is post 46"));
    v.screenshot("status.png");
}

#[test]
fn asking_for_the_count_as_of_post_30_shows_day_2s_tally_and_deadlines() {
    let Some(v) = Visit::start() else { return };
    v.goto("/g/demo-finished");
    let field = v.browser.find(By::Css("input[name=at]")).unwrap();
    v.browser.type_into(&field, "30").unwrap();
    v.click(By::XPath("//button[.='Show']"));

    assert!(
        v.url_ends_with("/g/demo-finished?at=30"),
        "{:?}",
        v.browser.current_url()
    );
    assert_eq!(v.text(By::Css("p.notice")), "As of post 30. Now");
    // Day 2's deadline was moved one day later (post 28), then "3 days earlier" without a
    // time was ignored (post 31): Tuesday 23:00 Stockholm summer time. As of post 30 (Sunday
    // 15:00 CEST) that is 2 days 8 hours ahead (issue 14 point 7: deadlines as of the post).
    assert_eq!(
        v.text(By::XPath("//p[starts-with(., 'Phase:')]")),
        "Phase: Day 2 — ends Tue 2026-03-31 23:00 CEST (in 2 days 8 hours 0 minutes)"
    );
    // The next three deadlines: this day's, then Night 2 and Day 3 at 23:00 local time.
    assert_eq!(
        v.texts(By::XPath(
            "//h2[.='Next deadlines']/following-sibling::ul[1]/li"
        )),
        [
            "Day 2 ends Tue 2026-03-31 23:00 CEST (in 2 days 8 hours 0 minutes)",
            "Night 2 ends Wed 2026-04-01 23:00 CEST (in 3 days 8 hours 0 minutes)",
            "Day 3 ends Fri 2026-04-03 23:00 CEST (in 5 days 8 hours 0 minutes)",
        ]
    );
    // Six alive (Bob lynched, Carol killed); majority 4, lock at 5. Alice's `##vote Frank`
    // counts for Ivan, who replaced Frank; Erin voted with a [vote] tag.
    assert_eq!(
        v.text(By::XPath("//h2[.='Vote count']/following-sibling::p[1]")),
        "6 alive, majority 4, a wagon locks at 5"
    );
    assert_eq!(
        v.table(By::XPath(
            "//h2[.='Vote count']/following-sibling::table[1]"
        )),
        [
            row(&["Candidate", "Votes", "Voters"]),
            row(&["Ivan", "4, majority", "Dave, Erin, Alice, Hank"]),
            row(&["Dave", "2, L-2", "Ivan, Grace"]),
        ]
    );
    assert_eq!(
        v.text(By::XPath("//p[starts-with(., 'Not voting')]")),
        "Not voting: nobody"
    );
    assert_eq!(
        v.texts(By::Css("li.dead")),
        [
            "Bob — Day 1, post 18: a Vanilla Townie.",
            "Carol — Night 1, post 20: the Doctor.",
        ]
    );
    v.screenshot("status-day2.png");
}

#[test]
fn day_1_as_of_post_8_shows_only_the_votes_that_count() {
    let Some(v) = Visit::start() else { return };
    v.goto("/g/demo-finished?at=8");
    assert_eq!(v.text(By::Css("p.notice")), "As of post 8. Now");
    assert_eq!(
        v.text(By::XPath("//p[starts-with(., 'Phase:')]")),
        // Post 8 is Thursday 12:30 CET: 1 day 8 hours 30 minutes before the deadline.
        "Phase: Day 1 — ends Fri 2026-03-27 21:00 CET (in 1 day 8 hours 30 minutes)"
    );
    // Eight alive: majority 5, lock at 6.
    assert_eq!(
        v.text(By::XPath("//h2[.='Vote count']/following-sibling::p[1]")),
        "8 alive, majority 5, a wagon locks at 6"
    );
    // Alice (post 2) and Carol (post 4) bolded `Vote: Bob`; Frank's bolded `##vote Bbo`
    // (post 7) is a near miss of Bob; Bob tagged `##vote Alice` (post 3). Dave's unbolded
    // `Vote: Carol` (post 5), Erin's `V: Bob` (post 6) and the vote Grace quoted (post 8) do
    // not count.
    assert_eq!(
        v.table(By::XPath(
            "//h2[.='Vote count']/following-sibling::table[1]"
        )),
        [
            row(&["Candidate", "Votes", "Voters"]),
            row(&["Bob", "3, L-2", "Alice, Carol, Frank"]),
            row(&["Alice", "1, L-4", "Bob"]),
        ]
    );
    assert_eq!(
        v.text(By::XPath("//p[starts-with(., 'Not voting')]")),
        "Not voting: Dave, Erin, Grace, Hank"
    );
    v.screenshot("status-day1-post8.png");
}

#[test]
fn day_1_as_of_post_17_shows_bob_locked_in_winter_time() {
    let Some(v) = Visit::start() else { return };
    v.goto("/g/demo-finished?at=17");
    // The deadline was moved 2 hours later (post 14): Friday 23:00, before the switch to
    // summer time on 29 March.
    assert_eq!(
        v.text(By::XPath("//p[starts-with(., 'Phase:')]")),
        // Post 17 is Friday 15:00 CET: 8 hours before the deadline.
        "Phase: Day 1 — ends Fri 2026-03-27 23:00 CET (in 8 hours 0 minutes)"
    );
    // Hank's sixth vote (post 16) locked Bob; Carol's unvote in post 17 was refused.
    assert_eq!(
        v.table(By::XPath(
            "//h2[.='Vote count']/following-sibling::table[1]"
        )),
        [
            row(&["Candidate", "Votes", "Voters"]),
            row(&[
                "Bob",
                "6, majority LOCKED",
                "Carol, Frank, Dave, Erin, Grace, Hank"
            ]),
            row(&["Alice", "1, L-4", "Bob"]),
        ]
    );
    assert_eq!(v.text(By::Css("span.locked")), "LOCKED");
}

#[test]
fn the_vote_history_links_each_vote_to_its_post() {
    let Some(v) = Visit::start() else { return };
    v.goto("/g/demo-finished");
    v.click(By::XPath("//nav/a[.='Vote history']"));
    assert!(
        v.browser
            .current_url()
            .unwrap()
            .ends_with("/g/demo-finished/votes")
    );
    assert_eq!(v.text(By::Css("h1")), "Vote history");

    let alice = "//h2[.='Alice']/following-sibling::table[1]";
    assert_eq!(
        v.table(By::XPath(alice)),
        [
            row(&["Phase", "Post", "Written", "Read as"]),
            row(&["Day 1", "#2", "Vote: Bob", "vote for Bob"]),
            row(&["Day 1", "#13", "Unvote", "unvote"]),
            row(&["Day 2", "#26", "##vote Frank", "vote for Ivan"]),
            // The last vote of a post wins: her unvote is overtaken by the No Lynch vote
            // after it in the same post.
            row(&["Day 2", "#32", "##unvote", "unvote (did not count)"]),
            row(&["Day 2", "#32", "##VOTE NO LYNCH", "vote for No Lynch"]),
        ]
    );

    v.click(By::XPath(&format!("{alice}//a[.='#26']")));
    assert!(
        v.browser
            .current_url()
            .unwrap()
            .ends_with("/g/demo-finished/posts#p26")
    );
    // Post times are in the host's zone (12:00 Stockholm summer time; 10:00 UTC on hover).
    assert_eq!(
        v.text(By::Css("#p26 .muted")),
        "#26 Alice · Day 2 · Sun 2026-03-29 12:00 CEST"
    );

    assert!(v.text(By::Css("#p26")).contains("##vote Frank"));
}

#[test]
fn on_a_phone_no_page_scrolls_sideways() {
    let Some(v) = Visit::start() else { return };
    v.browser.set_window_size(390, 844).unwrap();
    for path in [
        "/",
        "/g/demo",
        "/g/demo/votes",
        "/g/demo-finished",
        "/g/demo-finished?at=30",
        "/g/demo-finished/votes",
        "/g/demo-finished/posts",
    ] {
        v.goto(path);
        let w = v.browser.widths().unwrap();
        assert!(
            w.viewport_width <= 390,
            "{path}: the viewport is {}px wide, not a phone's",
            w.viewport_width
        );
        assert!(
            w.scroll_width <= w.viewport_width,
            "{path}: {}px of content in a {}px viewport scrolls sideways",
            w.scroll_width,
            w.viewport_width
        );
    }
    v.goto("/g/demo-finished?at=30");
    v.screenshot("status-phone.png");
}

// --- `mafia serve --demo` over plain HTTP (no browser) -----------------------------------

fn binary() -> std::path::PathBuf {
    mafia_binary().expect(
        "the `mafia` binary is not built beside this test: run `cargo build -p mafia` \
         first (`cargo test --workspace` builds it)",
    )
}

/// The README's first command: `mafia serve --demo` prints the address of the demo game,
/// which is the game in progress, and the finished game's after it.
#[test]
fn serve_demo_prints_the_url_of_the_demo_game_and_serves_it() {
    let site = DemoSite::start(&binary(), START_WITHIN).expect("mafia serve --demo");
    let url = site.status_url();
    let rest = url.strip_prefix("http://").expect("an http address");
    let (_, path) = rest.split_once('/').unwrap();
    assert_eq!(path, "g/demo");

    let page = site.get("/g/demo").expect("the status page");
    assert_eq!(page.status, 200);
    let page = page.text();
    assert!(page.contains("<h1>Demo Mafia (in progress)</h1>"), "{page}");
    assert!(page.contains("Alive ("), "{page}");
    let json = site.get("/api/games").expect("the games").text();
    assert!(json.contains("\"slug\":\"demo\""), "{json}");
    assert!(json.contains("\"slug\":\"demo-finished\""), "{json}");
}

/// A second start on the same database adds no post: the finished game keeps the thread's
/// 46 posts, the game in progress its 38 (their times moved again to the new start).
#[test]
fn serve_demo_twice_imports_the_posts_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("demo.db");
    let lines = include_str!("../../../demo/thread.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .count();
    assert_eq!(lines, 46);
    for _ in 0..2 {
        let site = DemoSite::start_on(&binary(), &db, START_WITHIN).expect("mafia serve --demo");
        let json = site.get("/api/games").expect("the games").text();
        assert!(json.contains(&format!("\"posts\":{lines}")), "{json}");
        assert!(json.contains("\"posts\":38"), "{json}");
    }
}

/// The picture a host links from the thread: Day 2 of the game in progress as PNG (twice the
/// SVG's 400 units wide) and SVG.
#[test]
fn the_day_chart_is_served_as_png_and_svg() {
    let site = DemoSite::start(&binary(), START_WITHIN).expect("mafia serve --demo");
    let png = site.get("/g/demo/day/2.png").expect("the PNG");
    assert_eq!(png.status, 200);
    assert_eq!(png.content_type, "image/png");
    assert!(png.body.starts_with(b"\x89PNG\r\n\x1a\n"));
    let width = u32::from_be_bytes(png.body[16..20].try_into().unwrap());
    assert_eq!(width, 800);
    let svg = site.get("/g/demo-finished/day/1.svg").expect("the SVG");
    assert_eq!(svg.content_type, "image/svg+xml");
    // Day 1 ended at its deadline, moved to 23:00 (post 14); Bob was lynched (post 18).
    let svg = svg.text();
    assert!(
        svg.contains(">Deadline Fri 2026-03-27 23:00 CET</text>"),
        "{svg}"
    );
    assert!(svg.contains(">Bob: 6 votes, lynched</text>"), "{svg}");
    assert_eq!(
        site.get("/g/demo/day/9.png").expect("an answer").status,
        404
    );
}

// --- the game in progress and the charts, in the browser ----------------------------------

/// The dashboard lists both demos, each named for what it is.
#[test]
fn the_games_list_names_the_demo_in_progress_and_the_finished_one() {
    let Some(v) = Visit::start() else { return };
    v.goto("/");
    let rows = v.table(By::Css("table"));
    assert_eq!(rows[0], row(&["Game", "Phase", "Posts"]));
    let mut games: Vec<Vec<String>> = rows[1..].to_vec();
    games.sort();
    assert_eq!(
        games,
        [
            row(&["Demo Mafia (finished)", "game over", "46"]),
            row(&["Demo Mafia (in progress)", "Day 2", "38"]),
        ]
    );
}

#[test]
fn the_demo_in_progress_counts_down_to_day_2s_deadline() {
    let Some(v) = Visit::start() else { return };
    v.goto("/g/demo");
    assert_eq!(v.text(By::Css("h1")), "Demo Mafia (in progress)");
    let body = v.text(By::Css("body"));
    assert!(!body.contains("The game is over"), "{body}");
    // Day 2 ends Tuesday 23:00 local time, 30 hours after post 38, which the demo places in
    // the last 24 hours: between 6 and 30 hours ahead.
    let phase = v.text(By::XPath("//p[starts-with(., 'Phase:')]"));
    assert!(phase.starts_with("Phase: Day 2 — ends "), "{phase}");
    assert!(phase.contains(" CE") && phase.contains("(in "), "{phase}");
    assert!(!phase.contains("passed"), "{phase}");
    // Six alive (Bob lynched Day 1; Carol killed, then resurrected in post 33; Grace
    // killed): majority 4, lock at 5. Ivan has Dave (post 24), Erin (25) and Hank (30);
    // Dave has Ivan (23) and Carol (34), Grace's vote (29) died with her; Alice moved to No
    // Lynch (32).
    assert_eq!(
        v.text(By::XPath("//h2[.='Vote count']/following-sibling::p[1]")),
        "6 alive, majority 4, a wagon locks at 5"
    );
    assert_eq!(
        v.table(By::XPath(
            "//h2[.='Vote count']/following-sibling::table[1]"
        )),
        [
            row(&["Candidate", "Votes", "Voters"]),
            row(&["Ivan", "3, L-1", "Dave, Erin, Hank"]),
            row(&["Dave", "2, L-2", "Ivan, Carol"]),
            row(&["No Lynch", "1, L-3", "Alice"]),
        ]
    );
    // The chart of the running day: three wagons, and the countdown under it.
    assert_eq!(
        v.texts(By::Css("svg.chart text.legend")),
        [
            "Ivan: 3 votes now, 4 at most",
            "Dave: 2 votes now",
            "No Lynch: 1 vote now"
        ]
    );
    let caption = v.text(By::Css("svg.chart text.caption"));
    assert!(caption.starts_with("Deadline in "), "{caption}");
}

/// The chart on a phone-sized and on a desktop window: it fills the width it has (never
/// wider), and its words are at least 11 CSS pixels tall on the phone.
#[test]
fn the_chart_reads_on_a_phone_and_on_a_desktop() {
    let Some(v) = Visit::start() else { return };
    for (width, height, name) in [(390, 844, "phone"), (1280, 900, "desktop")] {
        v.browser.set_window_size(width, height).unwrap();
        for (path, shot) in [
            ("/g/demo", format!("chart-{name}.png")),
            ("/g/demo-finished/votes", format!("charts-votes-{name}.png")),
        ] {
            v.goto(path);
            let size = v
                .browser
                .execute(
                    "const s = document.querySelector('svg.chart').getBoundingClientRect(); \
                     const t = document.querySelector('svg.chart text.legend').getBoundingClientRect(); \
                     return [s.width, t.height, document.documentElement.clientWidth];",
                    Vec::new(),
                )
                .unwrap();
            let (chart, text, viewport) = (
                size[0].as_f64().unwrap(),
                size[1].as_f64().unwrap(),
                size[2].as_f64().unwrap(),
            );
            assert!(
                chart <= viewport,
                "{path} on a {name}: {chart}px in {viewport}px"
            );
            assert!(
                chart >= 300.0,
                "{path} on a {name}: the chart is {chart}px wide"
            );
            assert!(
                text >= 11.0,
                "{path} on a {name}: legend text {text}px tall"
            );
            let w = v.browser.widths().unwrap();
            assert!(
                w.scroll_width <= w.viewport_width,
                "{path} scrolls sideways"
            );
            v.screenshot(&shot);
        }
    }
}

// --- a WWR game played in the browser (issue 15, point 1) -------------------------------

/// A browser's view of one page: waits (at most 10 s) until the page's text holds `text`,
/// as after a form whose click returns before the redirected page has loaded.
fn wait_for_text(browser: &Browser, text: &str) -> String {
    let until = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let body = browser.text_of(By::Css("body")).unwrap_or_default();
        if body.contains(text) {
            return body;
        }
        assert!(
            std::time::Instant::now() < until,
            "`{text}` did not appear; the page: {body}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn click_in(browser: &Browser, xpath: &str) {
    let e = browser.find(By::XPath(xpath)).expect(xpath);
    browser.click(&e).expect("click");
}

/// On a player's page: chooses `target` in the form of `trigger` and uses it.
fn use_on(browser: &Browser, trigger: &str, target: &str) {
    let form = format!("//form[.//input[@name='trigger' and @value='{trigger}']]");
    click_in(
        browser,
        &format!("{form}//select[@name='selection']/option[.='{target}']"),
    );
    click_in(browser, &format!("{form}//button"));
}

/// On a player's page: votes `choice` in `poll`.
fn vote_in(browser: &Browser, poll: &str, choice: &str) {
    let form = format!("//form[.//input[@name='poll' and @value='{poll}']]");
    click_in(
        browser,
        &format!("{form}//select[@name='choice']/option[.='{choice}']"),
    );
    click_in(browser, &format!("{form}//button"));
}

#[test]
fn a_wwr_game_is_played_in_the_browser_to_a_town_win() {
    let Some(tools) = BrowserTools::find() else {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("CI=true but chromium/chromedriver are missing: run .ci/browser.sh");
        }
        let _ = writeln!(
            std::io::stderr(),
            "skipped: the browser test needs chromium and chromedriver (bash .ci/browser.sh installs them)"
        );
        return;
    };
    let binary = mafia_binary().expect("the `mafia` binary: run `cargo build -p mafia` first");
    let setups = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../demo/wwr"));
    let site = DemoSite::start_with(
        &binary,
        ("Mod", "correct horse"),
        &["--wwr-dir".as_ref(), setups.as_os_str()],
        START_WITHIN,
    )
    .expect("mafia serve --wwr-dir demo/wwr");
    let driver = Driver::start(&tools, START_WITHIN).expect("chromedriver");
    // Three sessions: the host, the town's players (one link after another) and the wolf.
    let host = driver.open(1024, 900).expect("the host's browser");
    let town = driver.open(420, 900).expect("the town's browser");
    let wolf = driver.open(420, 900).expect("the wolf's browser");

    // The host logs in and creates the game from five.toml on the dashboard.
    host.goto(&site.url_of("/gm/login")).unwrap();
    let name = host.find(By::Css("input[name=name]")).unwrap();
    host.type_into(&name, "Mod").unwrap();
    let password = host.find(By::Css("input[name=password]")).unwrap();
    host.type_into(&password, "correct horse").unwrap();
    click_in(&host, "//form[.//input[@name='password']]//button");
    wait_for_text(&host, "New WWR game");
    let game = host.find(By::Css("input[name=game]")).unwrap();
    host.type_into(&game, "five").unwrap();
    click_in(&host, "//select[@name='setup']/option[.='five.toml']");
    click_in(&host, "//button[.='Create and deal']");
    wait_for_text(&host, "Player links for five");
    // Rows of seat, player, link (a header row first).
    let rows = host.table(By::Css("table")).unwrap();
    assert_eq!(rows.len(), 6, "{rows:?}");
    let link = |name: &str| {
        let row = rows.iter().find(|r| r[1] == name).expect(name);
        site.url_of(&row[2])
    };
    let (alice, bob, carol, dave, eve) = (
        link("Alice"),
        link("Bob"),
        link("Carol"),
        link("Dave"),
        link("Eve"),
    );
    // The host ends the phase; `then` is what the host page says afterwards.
    let end_phase = |then: &str| {
        host.goto(&site.url_of("/w/five/host")).unwrap();
        click_in(&host, "//button[.='End the phase now']");
        wait_for_text(&host, then);
    };

    // D0: the Huntress aims at Eve.
    town.goto(&carol).unwrap();
    wait_for_text(&town, "Your role: Huntress");
    use_on(&town, "Immediate", "Eve");
    wait_for_text(&town, "Your target is now Eve.");
    end_phase("Phase: N1");

    // N1: the Fortune Teller checks Eve, the wolf writes to the pack and attacks Dave, the
    // Witch saves him.
    town.goto(&alice).unwrap();
    use_on(&town, "Immediate Night", "Eve");
    wait_for_text(&town, "Role Investigate Eve");
    wolf.goto(&eve).unwrap();
    let say = wolf
        .find(By::XPath(
            "//form[.//input[@name='channel' and @value!='me']]//textarea",
        ))
        .unwrap();
    wolf.type_into(&say, "Dave tonight").unwrap();
    click_in(
        &wolf,
        "//form[.//input[@name='channel' and @value!='me']]//button",
    );
    wait_for_text(&wolf, "Eve: Dave tonight");
    vote_in(&wolf, "Wolfpack", "Dave");
    wait_for_text(&wolf, "Eve votes Dave");
    town.goto(&bob).unwrap();
    use_on(&town, "Immediate Night", "Dave");
    // The Witch's own channel confirms the potion before the host ends the night.
    wait_for_text(&town, "Protect Dave from");
    end_phase("Phase: D1");

    // D1: the town lynches Eve. Votes are posted in the public story, so each voter waits
    // for their own vote line (after Alice's, Bob's page already shows "Alice votes Eve").
    for (name, player) in [("Alice", &alice), ("Bob", &bob), ("Dave", &dave)] {
        town.goto(player).unwrap();
        vote_in(&town, "Lynch", "Eve");
        wait_for_text(&town, &format!("{name} votes Eve"));
    }
    wolf.goto(&eve).unwrap();
    vote_in(&wolf, "Lynch", "Alice");
    wait_for_text(&wolf, "Eve votes Alice");
    end_phase("The game is over");
    let public = site.get("/w/five").unwrap().text();
    assert!(public.contains("Townsfolk won"), "{public}");
    town.goto(&site.url_of("/w/five")).unwrap();
    let shown = wait_for_text(&town, "Townsfolk won");
    assert!(shown.contains("Eve — Wolf"), "{shown}");
}
