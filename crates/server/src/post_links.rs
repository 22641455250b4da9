//! The forum address of a post, from the game's thread address, its forum engine and the
//! post's id as the importer stored it; and the GM page's BBCode vote count, which links each
//! vote to its post and uses the forum's countdown tag where it has one.

use std::collections::HashMap;

use mafia_tracker::report::{self, CountStyle, CountdownTag};

use crate::derive::Derived;

/// The address of a post, for the engines whose post addresses follow from the thread's and
/// the post's id: phpBB `viewtopic.php?p=ID#pID`, XenForo `posts/ID/`, Discourse
/// `/t/slug/topic/N` (by the post's number). `None` for other engines or an id that is not
/// the forum's (the importer falls back to the post number).
pub fn post_url(forum: &str, thread_url: &str, id: &str, number: u64) -> Option<String> {
    let numeric = !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit());
    match forum {
        "phpbb" if numeric => {
            let end = thread_url.find("viewtopic.php")? + "viewtopic.php".len();
            Some(format!("{}?p={id}#p{id}", &thread_url[..end]))
        }
        "xenforo" if numeric => {
            let start = thread_url.find("threads/")?;
            Some(format!("{}posts/{id}/", &thread_url[..start]))
        }
        "discourse" => {
            let path_start = thread_url.find("/t/")?;
            let base = thread_url
                .split(['?', '#'])
                .next()
                .unwrap_or(thread_url)
                .trim_end_matches('/');
            // `/t/slug/topic` or `/t/slug/topic/post`: the topic's address without a post.
            let segments: Vec<&str> = base[path_start + 3..].split('/').collect();
            let topic = match segments.as_slice() {
                [_, _] => base.to_string(),
                [_, _, _] => base[..base.rfind('/')?].to_string(),
                _ => return None,
            };
            Some(format!("{topic}/{number}"))
        }
        _ => None,
    }
}

/// The BBCode vote count for the GM page: each vote linked to its post when the game has a
/// thread address of an engine with known post addresses (not with a separate vote thread,
/// whose merged numbering is not the forum's), and the forum's countdown tag.
pub(crate) fn vote_count(d: &Derived, forum: Option<&str>) -> Option<String> {
    let status = d.status.as_ref()?;
    let thread = d
        .thread_url
        .as_deref()
        .filter(|_| d.vote_thread_url.is_none());
    let urls: HashMap<u64, String> = match (thread, forum) {
        (Some(thread), Some(forum)) => d
            .posts
            .iter()
            .filter_map(|p| Some((p.number, post_url(forum, thread, &p.id, p.number)?)))
            .collect(),
        _ => HashMap::new(),
    };
    let link = |n: u64| urls.get(&n).cloned();
    let style = CountStyle {
        countdown: d
            .thread_url
            .as_deref()
            .map_or(CountdownTag::None, CountdownTag::for_thread),
        post_url: if urls.is_empty() { None } else { Some(&link) },
    };
    Some(report::bbcode_with(status, &style))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phpbb_posts_are_viewtopic_p() {
        // mafiascum links a post as viewtopic.php?p=12771706 (its rules threads, e.g.
        // https://forum.mafiascum.net/viewtopic.php?p=12771706).
        assert_eq!(
            post_url(
                "phpbb",
                "https://forum.mafiascum.net/viewtopic.php?f=53&t=26373&start=200",
                "4806271",
                227
            )
            .as_deref(),
            Some("https://forum.mafiascum.net/viewtopic.php?p=4806271#p4806271")
        );
        // An id the importer made up from the number is no forum id.
        assert_eq!(
            post_url("phpbb", "https://f.example/viewtopic.php?t=1", "", 3),
            None
        );
        assert_eq!(
            post_url("phpbb", "https://f.example/viewtopic.php?t=1", "p3x", 3),
            None
        );
    }

    #[test]
    fn xenforo_and_discourse_posts() {
        assert_eq!(
            post_url(
                "xenforo",
                "https://forum.example/threads/mafia-12.345/page-2",
                "9876",
                30
            )
            .as_deref(),
            Some("https://forum.example/posts/9876/")
        );
        for thread in [
            "https://talk.example/t/mafia-game/4242",
            "https://talk.example/t/mafia-game/4242/17",
            "https://talk.example/t/mafia-game/4242/",
        ] {
            assert_eq!(
                post_url("discourse", thread, "555", 31).as_deref(),
                Some("https://talk.example/t/mafia-game/4242/31"),
                "{thread}"
            );
        }
        assert_eq!(
            post_url("mtgsalvation", "https://x.example/t/1", "5", 5),
            None
        );
        assert_eq!(post_url("jsonl", "https://x.example/t/1", "5", 5), None);
    }
}
