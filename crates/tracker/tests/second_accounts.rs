//! One slot, two posting accounts (issue 11, point 3's `alias = { name, slot }`): a hydra's
//! head posting from their own account (mafiascum 34780: EspeciallyTheLies, "SHOS. I AM
//! TAYLOR YOU NUT.", post 362, votes for Taylor's slot in posts 363, 395, 396, 552 and 885;
//! 16214: TwoHeadedBoy's "VOTE: Erratus Apathos", post 440, which Fugitive quotes in post 441
//! with "^ is me on a hydra"). With the record, the account's posts are the slot's: its votes
//! count as the slot's one vote, and votes naming it count for the slot. Posts are written as
//! mafiascum.net renders them (the fixtures README: the vote tag as
//! `<span class="bbvote" title="This is an official vote.">VOTE: name</span>`, a quote as
//! `<blockquote><div><cite>… wrote:</cite>…`; 34780 posts 363 and 885).

mod support;

use mafia_posts::Post;
use mafia_tracker::review::ReviewKind;
use mafia_tracker::{Game, Tracker};
use support::{day_wagons as wagons, mafiascum_post_numbered as post, wagon};

/// Taylor, Bob, Carol, Dave and Erin, hosted by GM; the host announces the phases.
const GAME: &str = "name = \"Hydra\"\ngms = [\"GM\"]\nzone = \"UTC\"\nfirst_phase = \"Day 1\"\n\
day_length = \"48h\"\nnight_length = \"24h\"\n\
players = [\"Taylor\", \"Bob\", \"Carol\", \"Dave\", \"Erin\"]\n";

/// The record a host adds: ETL posts for Taylor's slot from the start.
const ETL: &str = "[[corrections]]\nat = 0\nalias = { name = \"EspeciallyTheLies\", slot = \
                   \"Taylor\" }\ncomment = \"a head of Taylor's hydra\"\n";

/// A vote as 34780 post 885 is written.
fn vote(number: u64, author: &str, target: &str) -> Post {
    post(
        number,
        author,
        &format!(
            "holy cow. <br>\n<br>\n<span class=\"bbvote\" title=\"This is an official vote.\">\
             VOTE: {target}</span><br>\n<br>\nThat's L-1."
        ),
    )
}

/// An unvote as 34780 post 363 is written.
fn unvote(number: u64, author: &str) -> Post {
    post(
        number,
        author,
        "<span class=\"bbvote\" title=\"This is an official unvote.\">UNVOTE: </span><br>\n\
         <br>\nFINE.",
    )
}

fn replay(extra: &str, posts: &[Post]) -> Tracker {
    let game = Game::parse(&format!("{GAME}{extra}"), "hydra.toml").expect("game file");
    let mut t = Tracker::new(game).expect("tracker");
    t.apply_all(posts);
    t
}

/// The review items about `who` posting while not in the game.
fn outsider_posts(t: &Tracker, who: &str) -> Vec<u64> {
    t.review()
        .iter()
        .filter(|r| r.kind == ReviewKind::NonPlayerPosted && r.who.as_deref() == Some(who))
        .filter_map(|r| r.post)
        .collect()
}

#[test]
fn without_the_record_the_second_account_is_not_in_the_game() {
    let posts = [
        post(1, "GM", "It is now Day 1!"),
        vote(2, "EspeciallyTheLies", "Bob"),
    ];
    let t = replay("", &posts);
    assert!(wagons(&t).is_empty());
    assert_eq!(outsider_posts(&t, "EspeciallyTheLies"), [2]);
}

#[test]
fn the_second_accounts_vote_is_the_slots() {
    let posts = [
        post(1, "GM", "It is now Day 1!"),
        vote(2, "EspeciallyTheLies", "Bob"),
    ];
    let t = replay(ETL, &posts);
    // The slot votes under its holder's name.
    assert_eq!(wagons(&t), [wagon("Bob", &["Taylor"])]);
    assert!(outsider_posts(&t, "EspeciallyTheLies").is_empty());
}

#[test]
fn both_accounts_cast_the_slots_one_vote() {
    let posts = [
        post(1, "GM", "It is now Day 1!"),
        vote(2, "Taylor", "Bob"),
        vote(3, "EspeciallyTheLies", "Carol"),
        vote(4, "Dave", "Bob"),
    ];
    let t = replay(ETL, &posts);
    // One vote each; the tie goes to the wagon whose vote came first (Taylor's, post 3).
    assert_eq!(
        wagons(&t),
        [wagon("Carol", &["Taylor"]), wagon("Bob", &["Dave"])]
    );
    // And an unvote from either account withdraws it.
    let mut more = posts.to_vec();
    more.push(unvote(5, "EspeciallyTheLies"));
    let t = replay(ETL, &more);
    assert_eq!(wagons(&t), [wagon("Bob", &["Dave"])]);
}

#[test]
fn a_vote_naming_the_second_account_counts_for_the_slot() {
    let posts = [
        post(1, "GM", "It is now Day 1!"),
        vote(2, "Bob", "EspeciallyTheLies"),
    ];
    let t = replay(ETL, &posts);
    assert_eq!(wagons(&t), [wagon("Taylor", &["Bob"])]);
}

#[test]
fn the_record_at_a_post_makes_the_account_the_slots_from_that_post_on() {
    // 16214: TwoHeadedBoy's only post (440) carries the vote; a record just before it.
    let posts = [
        post(1, "GM", "It is now Day 1!"),
        vote(2, "TwoHeadedBoy", "Carol"),
        vote(4, "TwoHeadedBoy", "Bob"),
    ];
    let fix = "[[corrections]]\nat = 3\nalias = { name = \"TwoHeadedBoy\", slot = \"Dave\" }\n";
    let t = replay(fix, &posts);
    assert_eq!(wagons(&t), [wagon("Bob", &["Dave"])]);
    assert_eq!(outsider_posts(&t, "TwoHeadedBoy"), [2]);
}

#[test]
fn a_quoted_vote_of_the_second_account_is_no_vote() {
    // 16214 post 441: the second account posts a quote with a vote in it ("^ is me on a
    // hydra" under it); the quoted vote counts for nobody, the slot's nor the quoted player's.
    let posts = [
        post(1, "GM", "It is now Day 1!"),
        post(
            2,
            "EspeciallyTheLies",
            "<blockquote><div><cite>Bob wrote:</cite><span class=\"bbvote\" \
             title=\"This is an official vote.\">VOTE: Carol</span></div></blockquote>\n\n\
             ^ is me on a hydra.",
        ),
    ];
    let t = replay(ETL, &posts);
    assert!(wagons(&t).is_empty());
}

#[test]
fn a_replacement_takes_the_slot_from_both_accounts() {
    let posts = [
        post(1, "GM", "It is now Day 1!"),
        post(2, "Frank", "Hi all."),
        post(3, "GM", "Frank replaces Taylor."),
        vote(4, "EspeciallyTheLies", "Bob"),
        vote(5, "Frank", "Carol"),
    ];
    let t = replay(ETL, &posts);
    assert_eq!(wagons(&t), [wagon("Carol", &["Frank"])]);
    assert_eq!(outsider_posts(&t, "EspeciallyTheLies"), [4]);
}

#[test]
fn a_gms_name_stays_the_gms() {
    let posts = [
        post(1, "GM", "It is now Day 1!"),
        post(2, "GM", "Taylor has been lynched."),
    ];
    let fix = "[[corrections]]\nat = 0\nalias = { name = \"GM\", slot = \"Taylor\" }\n";
    let t = replay(fix, &posts);
    assert!(!t.slots()[0].alive, "the GM's post is still a command");
}

// ---- which record an unknown poster's review item offers ---------------------------------

/// The game with Taylor's slot listing EspeciallyTheLies, as the archive's game files list a
/// slot's other accounts: the account's review items name the slot and carry a record.
fn listed() -> String {
    GAME.replace(
        "players = [\"Taylor\",",
        "players = [{ name = \"Taylor\", aliases = [\"EspeciallyTheLies\"] },",
    )
}

fn replay_listed(extra: &str, posts: &[Post]) -> Tracker {
    let game = Game::parse(&format!("{}{extra}", listed()), "hydra.toml").expect("game file");
    let mut t = Tracker::new(game).expect("tracker");
    t.apply_all(posts);
    t
}

/// The record each review item about `who` posting while not in the game carries, by post.
fn offered(t: &Tracker, who: &str) -> Vec<(u64, Option<String>)> {
    t.review()
        .iter()
        .filter(|r| r.kind == ReviewKind::NonPlayerPosted && r.who.as_deref() == Some(who))
        .filter_map(|r| Some((r.post?, r.fix.clone())))
        .collect()
}

fn record(at: u64, action: &str) -> Option<String> {
    Some(format!("[[corrections]]\nat = {at}\n{action}\n"))
}

const ALIAS: &str = "alias = { name = \"EspeciallyTheLies\", slot = \"Taylor\" }";
const REPLACE: &str = "replace = { new = \"EspeciallyTheLies\", old = \"Taylor\" }";

#[test]
fn an_account_whose_slot_goes_on_posting_is_offered_the_alias() {
    // 34780: EspeciallyTheLies votes for Taylor's slot (post 885's shape), Taylor's own
    // account posts after it, EspeciallyTheLies posts on, and Taylor's account posts again:
    // the two accounts take turns, so each of the account's items offers the `alias` record
    // at its post, the items listed before Taylor's second post included.
    let posts = [
        post(1, "GM", "It is now Day 1!"),
        post(2, "Taylor", "Morning all."),
        vote(3, "EspeciallyTheLies", "Bob"),
        post(4, "Taylor", "That was my other head."),
        vote(5, "EspeciallyTheLies", "Carol"),
        post(6, "Taylor", "Still both of us here."),
    ];
    let t = replay_listed("", &posts);
    assert_eq!(
        offered(&t, "EspeciallyTheLies"),
        [(3, record(2, ALIAS)), (5, record(4, ALIAS))]
    );
    let item = t
        .review()
        .iter()
        .find(|r| r.post == Some(3))
        .expect("the item");
    assert!(item.message.contains("a hydra"), "{}", item.message);
    // Pasted back, the record makes the account the slot's: no item, and its last vote is
    // the slot's.
    let t = replay_listed(record(2, ALIAS).as_deref().unwrap_or_default(), &posts);
    assert!(offered(&t, "EspeciallyTheLies").is_empty());
    assert_eq!(wagons(&t), [wagon("Carol", &["Taylor"])]);
}

#[test]
fn an_account_whose_slot_posts_no_more_is_offered_the_replacement() {
    // Taylor's account posts before EspeciallyTheLies's first post only: the account took
    // the slot over, so its items offer `replace`.
    let posts = [
        post(1, "GM", "It is now Day 1!"),
        post(2, "Taylor", "Morning all."),
        vote(3, "EspeciallyTheLies", "Bob"),
        vote(5, "EspeciallyTheLies", "Carol"),
    ];
    let t = replay_listed("", &posts);
    assert_eq!(
        offered(&t, "EspeciallyTheLies"),
        [(3, record(2, REPLACE)), (5, record(4, REPLACE))]
    );
}

#[test]
fn a_slots_account_that_posts_once_after_its_replacement_leaves_the_replacement() {
    // The old account's goodbye after the new account's first post: one account took the
    // slot over from the other, whether or not the new account posts again afterwards.
    let mut posts = vec![
        post(1, "GM", "It is now Day 1!"),
        vote(3, "EspeciallyTheLies", "Bob"),
        post(4, "Taylor", "Good luck, and thanks for replacing me."),
    ];
    let t = replay_listed("", &posts);
    assert_eq!(offered(&t, "EspeciallyTheLies"), [(3, record(2, REPLACE))]);
    posts.push(vote(5, "EspeciallyTheLies", "Carol"));
    let t = replay_listed("", &posts);
    assert_eq!(
        offered(&t, "EspeciallyTheLies"),
        [(3, record(2, REPLACE)), (5, record(4, REPLACE))]
    );
}
