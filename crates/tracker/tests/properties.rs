//! Properties of the fold: feeding posts one at a time (reading the status in between, or
//! resuming from a copy) gives the same state as feeding them all at once; replaying a post
//! changes nothing; no input panics.

mod support;

use mafia_posts::Post;
use mafia_tracker::Tracker;
use proptest::prelude::*;
use support::*;

const PLAYERS: &[&str] = &["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"];
const AUTHORS: &[&str] = &[
    "Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "GM", "Zed",
];

/// Lines a thread is made of: votes in every syntax, chatter, and every GM command.
const LINES: &[&str] = &[
    "##vote Alice",
    "##vote Bob",
    "##unvote",
    "##VOTE NO LYNCH",
    "**Vote: Carol**",
    "**Vote: Dav**",
    "**Unvote**",
    "Vote: Erin",
    "**V: Frank**",
    "[vote]Bob[/vote]",
    "I think Carol is scum.",
    "Dave has died. He was a Townie.",
    "Erin has been lynched. She was mafia.",
    "##RESURRECT Dave",
    "Day 1 has ended early",
    "Night 1 has ended early",
    "Deadline moved 12 hours later",
    "Deadline moved 1 day earlier",
    "Zed has replaced Frank",
    "Game is over",
    "Unend game",
    "It is now Day 2",
    "Night 2 has begun",
];

fn a_post() -> impl Strategy<Value = (usize, Vec<usize>, u32, bool)> {
    (
        0..AUTHORS.len(),
        prop::collection::vec(0..LINES.len(), 1..4),
        0u32..600,
        any::<bool>(),
    )
}

/// A thread of posts with increasing times (minutes apart) and ids; `dups` repeats some.
fn thread(spec: &[(usize, Vec<usize>, u32, bool)]) -> Vec<Post> {
    let mut minutes: i64 = 0;
    spec.iter()
        .enumerate()
        .map(|(i, (author, lines, gap, edited_flag))| {
            minutes += i64::from(*gap);
            let lines: Vec<&str> = lines.iter().map(|l| LINES[*l]).collect();
            let at = jiff::civil::date(2026, 3, 2)
                .at(12, 0, 0, 0)
                .checked_add(jiff::SignedDuration::from_mins(minutes))
                .expect("in range")
                .to_string();
            let p = post_at(i as u64 + 1, AUTHORS[*author], &at, &lines);
            if *edited_flag { edited(p) } else { p }
        })
        .collect()
}

fn fresh() -> Tracker {
    tracker(PLAYERS, "[rules]\nactivity_min_posts = 1\n")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn one_at_a_time_equals_all_at_once(spec in prop::collection::vec(a_post(), 0..60), cut in 0usize..60) {
        let posts = thread(&spec);
        let mut all = fresh();
        all.apply_all(&posts);

        let mut single = fresh();
        for p in &posts {
            single.apply(p);
            let _ = single.status();
        }
        prop_assert_eq!(&single, &all);

        // Resuming from a copy taken part-way gives the same state too.
        let cut = cut.min(posts.len());
        let mut first = fresh();
        first.apply_all(&posts[..cut]);
        let mut resumed = first.clone();
        resumed.apply_all(&posts[cut..]);
        prop_assert_eq!(resumed.status(), all.status());
    }

    #[test]
    fn replaying_a_post_twice_changes_nothing(spec in prop::collection::vec(a_post(), 1..60), pick in 0usize..60) {
        let posts = thread(&spec);
        let mut once = fresh();
        once.apply_all(&posts);

        let pick = pick % posts.len();
        let mut twice = fresh();
        twice.apply_all(&posts[..=pick]);
        twice.apply(&posts[pick]);
        twice.apply_all(&posts[pick + 1..]);
        // And the whole thread again, as a re-import would.
        twice.apply_all(&posts);
        prop_assert_eq!(&twice, &once);
    }

    #[test]
    fn any_text_is_read_without_panicking(lines in prop::collection::vec(".{0,40}", 1..5), author in 0..AUTHORS.len()) {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        let mut t = fresh();
        t.apply(&post_at(1, AUTHORS[author], "2026-03-02 12:00", &lines));
        let _ = mafia_tracker::report::text(&t.status());
    }
}
