//! The day charts: how a hand-made day's wagons are drawn (the step points worked out by hand
//! from the posts), and the pictures at their stable addresses (SVG and PNG, cache headers).

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::Site;

/// Five players, no schedule, majority (3) ends the day at once.
const GAME: &str = r#"
name = "Chart Mafia"
gms = ["Mod"]
zone = "UTC"
first_phase = "Day 1"
day_length = "48h"
night_length = "24h"
players = ["Alice", "Bob", "Carol", "Dave", "Erin"]
[rules]
votes = ["bold"]
majority = "hammer"
"#;

/// Day 1 is posts 1 to 8: Erin's vote in post 8 is the third on Bob and ends the day; the
/// host's post 9 is in Night 1.
fn hammered_day() -> Site {
    let site = Site::new();
    site.game(
        "chart",
        GAME,
        &[
            ("Mod", "Welcome to the game."),
            ("Alice", "<b>Vote: Bob</b>"),
            ("Bob", "<b>Vote: Alice</b>"),
            ("Carol", "<b>Vote: Bob</b>"),
            ("Dave", "Hmm, let me read."),
            ("Alice", "<b>Unvote</b>"),
            ("Dave", "<b>Vote: Bob</b>"),
            ("Erin", "<b>Vote: Bob</b>"),
            (
                "Mod",
                "Bob has been lynched. He was a Townie. It is now Night 1.",
            ),
        ],
    );
    site
}

/// The value of `name="…"` in the first element of `class` whose text contains `marker`.
fn attribute(svg: &str, class: &str, marker: &str, name: &str) -> String {
    let element = svg
        .split('<')
        .find(|e| e.contains(&format!("class=\"{class}\"")) && e.contains(marker))
        .unwrap_or_else(|| panic!("no {class} element with {marker}: {svg}"));
    let start = element
        .find(&format!(" {name}=\""))
        .unwrap_or_else(|| panic!("no {name} in {element}"))
        + name.len()
        + 3;
    element[start..]
        .split('"')
        .next()
        .unwrap_or_default()
        .to_owned()
}

struct Picture {
    status: StatusCode,
    content_type: String,
    cache_control: String,
    etag: String,
    body: Vec<u8>,
}

async fn fetch(site: &Site, uri: &str, if_none_match: Option<&str>) -> Picture {
    let mut req = Request::get(uri);
    if let Some(tag) = if_none_match {
        req = req.header(header::IF_NONE_MATCH, tag);
    }
    let reply = site.request(req.body(Body::empty()).unwrap()).await;
    let header = |name| {
        reply
            .headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    Picture {
        status: reply.status,
        content_type: header(header::CONTENT_TYPE),
        cache_control: header(header::CACHE_CONTROL),
        etag: header(header::ETAG),
        body: reply.bytes,
    }
}

#[tokio::test]
async fn a_hammered_day_is_drawn_as_step_lines_with_the_majority_and_the_hammer() {
    let site = hammered_day();
    let svg = fetch(&site, "/g/chart/day/1.svg", None).await;
    assert_eq!(svg.status, StatusCode::OK);
    let svg = String::from_utf8(svg.body).unwrap();

    // Day 1 has 8 posts: the plot's 352 units (34 to 386) give each 44. Bob's count after
    // each post: 1 (post 2), 2 (post 4), 1 (Alice's unvote, post 6), 2 (post 7), 3 (post 8).
    assert_eq!(
        attribute(&svg, "wagon", "data-candidate=\"Bob\"", "data-steps"),
        "2:1 4:2 6:1 7:2 8:3"
    );
    assert_eq!(
        attribute(&svg, "wagon", "data-candidate=\"Alice\"", "data-steps"),
        "3:1"
    );
    // The k-th post's slot runs from x = 34 + (k - 1) × 44 to 34 + k × 44, and the count it
    // made is drawn across it. Majority 3 is the highest count, so the plot's top (40) is 4
    // votes and a vote is 45 units: y = 220 - 45 × votes. Two lines lie 1 unit above (Bob,
    // first: the most votes) and 1 below (Alice) their counts; each rises from the axis at
    // its first vote (Bob's at post 2: x = 34 + 44) and runs to the right edge.
    assert_eq!(
        attribute(&svg, "wagon", "data-candidate=\"Bob\"", "d"),
        "M78,219V174H166V129H254V174H298V129H342V84H386"
    );
    assert_eq!(
        attribute(&svg, "wagon", "data-candidate=\"Alice\"", "d"),
        "M122,221V176H386"
    );
    assert_eq!(
        attribute(&svg, "majority", "", "d"),
        "M34,85H386",
        "majority 3 of 5 at y = 220 - 135"
    );
    assert!(svg.contains(">majority 3</text>"), "{svg}");
    // The hammer is the day's last post: the middle of its slot, 34 + 7.5 × 44.
    assert_eq!(attribute(&svg, "hammer", "", "x1"), "364");
    assert!(svg.contains(">Hammer on Bob, #8</text>"), "{svg}");
    // The host's post 9 told the lynch.
    assert!(svg.contains(">Bob: 3 votes, lynched</text>"), "{svg}");
    assert!(svg.contains(">Alice: 1 vote</text>"), "{svg}");
}

#[tokio::test]
async fn the_status_page_as_of_a_post_draws_the_day_up_to_that_post() {
    let site = hammered_day();
    let page = site.get("/g/chart?at=5").await;
    assert_eq!(page.status, StatusCode::OK);
    // As of post 5: Bob 1 then 2, Alice 1; the day runs on.
    assert!(
        page.body
            .contains(r#"data-candidate="Bob" data-steps="2:1 4:2""#),
        "{}",
        page.body
    );
    assert!(page.body.contains(">As of #5</text>"), "{}", page.body);
    assert!(page.body.contains(">as of</text>"), "{}", page.body);
    assert!(!page.body.contains("class=\"hammer\""));
    // The whole day on the vote history page, with the picture's addresses.
    let votes = site.get("/g/chart/votes").await;
    assert!(votes.body.contains(r#"data-steps="2:1 4:2 6:1 7:2 8:3""#));
    assert!(votes.body.contains(r#"href="/g/chart/day/1.png""#));
    assert!(votes.body.contains(r#"href="/g/chart/day/1.svg""#));
}

#[tokio::test]
async fn the_pictures_answer_svg_and_png_with_cache_headers() {
    let site = hammered_day();
    let svg = fetch(&site, "/g/chart/day/1.svg", None).await;
    assert_eq!(svg.content_type, "image/svg+xml");
    // Day 1 is over: ten minutes.
    assert_eq!(svg.cache_control, "public, max-age=600");
    assert!(
        svg.etag.starts_with('"') && svg.etag.len() > 2,
        "{}",
        svg.etag
    );
    let again = fetch(&site, "/g/chart/day/1.svg", Some(&svg.etag)).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());

    let png = fetch(&site, "/g/chart/day/1.png", None).await;
    assert_eq!(png.status, StatusCode::OK);
    assert_eq!(png.content_type, "image/png");
    assert_eq!(png.cache_control, "public, max-age=600");
    assert_ne!(png.etag, svg.etag);
    assert!(png.body.starts_with(b"\x89PNG\r\n\x1a\n"));
    // IHDR: twice the SVG's 400 × 326 (two legend rows of 24 below the first at 286, less 8).
    let be = |i: usize| u32::from_be_bytes(png.body[i..i + 4].try_into().unwrap());
    assert_eq!((be(16), be(20)), (800, 652));
    // Asked again, the same picture (kept by its tag).
    let again = fetch(&site, "/g/chart/day/1.png", None).await;
    assert_eq!(
        (again.etag, again.body),
        (png.etag.clone(), png.body.clone())
    );

    assert_eq!(
        fetch(&site, "/g/chart/day/2.png", None).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        fetch(&site, "/g/chart/day/1.gif", None).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        fetch(&site, "/g/nothing/day/1.svg", None).await.status,
        StatusCode::NOT_FOUND
    );
}

/// A running day may change with the next vote: a minute.
#[tokio::test]
async fn a_running_day_is_kept_a_minute() {
    let site = Site::new();
    site.game(
        "running",
        GAME,
        &[("Alice", "<b>Vote: Bob</b>"), ("Bob", "Chatter.")],
    );
    let svg = fetch(&site, "/g/running/day/1.svg", None).await;
    assert_eq!(svg.cache_control, "public, max-age=60");
    let text = String::from_utf8(svg.body).unwrap();
    assert!(text.contains(">As of #2</text>"), "{text}");
    assert!(text.contains(">now</text>"), "{text}");
    assert!(text.contains(">Bob: 1 vote now</text>"), "{text}");
}

/// Under the lock profile (5 alive: majority 3, a wagon locks at 4) the post that locked the
/// wagon is marked; a wagon that loses its last vote goes down to the axis and stops.
#[tokio::test]
async fn a_locked_wagon_is_marked_and_an_emptied_wagon_stops_at_the_axis() {
    let site = Site::new();
    site.game(
        "lock",
        &GAME.replace(r#"majority = "hammer""#, r#"majority = "lock""#),
        &[
            ("Alice", "<b>Vote: Bob</b>"),
            ("Bob", "<b>Vote: Alice</b>"),
            ("Carol", "<b>Vote: Bob</b>"),
            ("Bob", "<b>Unvote</b>"),
            ("Dave", "<b>Vote: Bob</b>"),
            ("Erin", "<b>Vote: Bob</b>"),
            ("Carol", "Locked, then."),
            ("Alice", "Yes."),
        ],
    );
    let svg = String::from_utf8(fetch(&site, "/g/lock/day/1.svg", None).await.body).unwrap();
    // 8 posts: 44 units each, post k's slot from 34 + (k - 1) × 44. Bob's 4 votes are the
    // most: the top is 5 votes, 36 units each.
    assert_eq!(
        attribute(&svg, "wagon", "data-candidate=\"Bob\"", "data-steps"),
        "1:1 3:2 5:3 6:4"
    );
    assert_eq!(
        attribute(&svg, "wagon", "data-candidate=\"Bob\"", "d"),
        "M34,219V183H122V147H210V111H254V75H386"
    );
    assert_eq!(
        attribute(&svg, "wagon", "data-candidate=\"Alice\"", "d"),
        "M78,221V185H166V221"
    );
    assert_eq!(attribute(&svg, "majority", "", "d"), "M34,112H386");
    // Erin's vote (post 6) locked Bob: the middle of its slot, 34 + 5.5 × 44.
    assert_eq!(attribute(&svg, "locked", "", "x1"), "276");
    assert!(!svg.contains("class=\"hammer\""));
}

/// Votes belong to slots: when Zed replaces Bob (the host's post, then Zed's first, which
/// takes the slot), the wagon on Bob's slot goes on as Zed's.
#[tokio::test]
async fn a_replacement_renames_the_wagon_of_the_slot() {
    let site = Site::new();
    site.game(
        "replaced",
        &GAME.replace(r#"majority = "hammer""#, r#"majority = "lock""#),
        &[
            ("Alice", "<b>Vote: Bob</b>"),
            ("Carol", "<b>Vote: Bob</b>"),
            ("Mod", "Zed has replaced Bob."),
            ("Zed", "Hello, catching up."),
            ("Dave", "<b>Vote: Zed</b>"),
        ],
    );
    let svg = String::from_utf8(fetch(&site, "/g/replaced/day/1.svg", None).await.body).unwrap();
    assert_eq!(
        attribute(&svg, "wagon", "data-candidate=\"Zed\"", "data-steps"),
        "1:1 2:2 5:3"
    );
    assert!(!svg.contains("data-candidate=\"Bob\""), "{svg}");
    assert!(svg.contains(">Zed: 3 votes now</text>"), "{svg}");
}
