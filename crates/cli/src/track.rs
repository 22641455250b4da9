//! `mafia track`: replay a game thread (JSON Lines or a saved page), and its vote thread when
//! there is one, against a game file and print the status.
//! Only wiring: reading, folding and rendering live in `mafia-posts` and `mafia-tracker`.
//!
//! Errors go to stderr as one `error: <file>:<line>…: <what>` line each (printed by
//! `errors::report`). The run goes on past bad lines (each a `warning:`); it fails only when
//! nothing could be done.
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use mafia_posts::import::{Engine, PageSource};
use mafia_posts::{Batch, JsonlSource, Post, PostSource, SourceError, SourceProblem};
use mafia_tracker::merge::{is_vote_thread, merge_vote_thread};
use mafia_tracker::report::{self, Format};
use mafia_tracker::{Game, Tracker};

use crate::errors;

/// What `mafia track --help` adds after the options: how a host corrects what the tracker
/// could not read.
const CORRECTIONS_HELP: &str = "\
Corrections: where the tracker cannot read the thread (the review list says so, with the
line to add), the game file says what happened, one record per action, applied right after
post `at` as if the GM had posted it:

  [[corrections]]
  at = 410                  # after post 410
  dies = \"Bob\"              # or phase = \"Day 4\", end_phase = true, resurrect = \"Bob\",
  comment = \"lynched Day 3\" # replace = { new = \"Erin\", old = \"Bob\" }, unvote = \"Alice\",
                            # vote = { voter = \"Alice\", target = \"Bob\" },
                            # move_deadline = \"24h later\", alias = { name = \"B\", slot = \"Bob\" }";

#[derive(Debug, clap::Args)]
#[command(after_help = CORRECTIONS_HELP)]
pub struct TrackArgs {
    /// The game file (TOML): players, schedule, rules, and the host's `[[corrections]]`.
    pub game: PathBuf,
    /// The thread's posts, one JSON object per line, or a saved forum page (`.html`: phpBB,
    /// XenForo or MTG Salvation).
    #[arg(long)]
    pub posts: PathBuf,
    /// A separate vote thread (JSON Lines or a saved page): its players' posts are merged into
    /// the game thread by time (by the hosts' phase posts when there are no timestamps); its
    /// GM posts are not commands. Default: the game file's `vote_posts` (read beside it).
    #[arg(long, value_name = "FILE")]
    pub votes: Option<PathBuf>,
    /// Show the state as of this post number (default: after the last post).
    #[arg(long, value_name = "N")]
    pub at: Option<u64>,
    /// Output format: text, json or bbcode.
    #[arg(long, default_value = "text")]
    pub format: Format,
    /// The thread's address, for the BBCode count: the forum's countdown tag for the deadline
    /// (mafiascum's `[countdown]`) and, with `--forum`, each vote linked to its post.
    #[arg(long, value_name = "URL")]
    pub thread: Option<String>,
    /// The forum engine of `--thread` (phpbb, xenforo, discourse): how its posts are linked.
    #[arg(long, value_name = "ENGINE", requires = "thread")]
    pub forum: Option<String>,
}

/// A failure of the run: its message alone (the place first, as the libraries write it).
fn fail(message: impl std::fmt::Display) -> miette::Result<ExitCode> {
    Err(miette::miette!("{message}"))
}

pub fn run(args: TrackArgs) -> miette::Result<ExitCode> {
    let game = match Game::load(&args.game) {
        Ok(game) => game,
        Err(e) => return fail(e),
    };
    let mut tracker = match Tracker::new(game) {
        Ok(t) => t,
        Err(e) => return fail(format_args!("{}: {e}", args.game.display())),
    };
    let posts = thread(&args.posts)?;
    // Post number → the forum's post id, for the BBCode count's links.
    let posts_for_links: Vec<(u64, String)> =
        posts.iter().map(|p| (p.number, p.id.clone())).collect();
    let mut extra_review = Vec::new();
    // `--votes`, else the game file's `vote_posts`, relative to the game file's folder.
    let vote_posts = args.votes.clone().or_else(|| {
        let written = PathBuf::from(tracker.game().vote_posts.as_ref()?);
        Some(match args.game.parent() {
            Some(dir) if written.is_relative() => dir.join(written),
            _ => written,
        })
    });
    match &vote_posts {
        None => {
            for post in posts
                .iter()
                .filter(|p| args.at.is_none_or(|n| p.number <= n))
            {
                tracker.apply(post);
            }
        }
        Some(path) => {
            let votes = thread(path)?;
            let merged = match merge_vote_thread(tracker.game(), posts, votes) {
                Ok(merged) => merged,
                Err(e) => return fail(format_args!("{}: {e}", args.game.display())),
            };
            // `--at N`: up to game post N (or vote-thread post N - VOTE_THREAD_BASE), with
            // the posts of the other thread merged before it.
            let end = match args.at {
                None => merged.posts.len(),
                Some(n) => merged
                    .posts
                    .iter()
                    .rposition(|p| p.number <= n && is_vote_thread(p.number) == is_vote_thread(n))
                    .map_or(0, |i| i + 1),
            };
            extra_review = merged.apply(&mut tracker, end);
        }
    }
    for gm in tracker.silent_gms() {
        errors::warn(format_args!(
            "{}: GM `{gm}` has no post in {} (check the spelling in `gms`)",
            args.game.display(),
            args.posts.display()
        ));
    }
    let mut status = tracker.status();
    status.review.extend(extra_review);
    if args.format == Format::Bbcode {
        print!(
            "{}",
            bbcode(&args, &status, &posts_for_links, vote_posts.is_some())
        );
        return Ok(ExitCode::SUCCESS);
    }
    match report::render(&status, args.format) {
        Ok(out) => {
            print!("{out}");
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => fail(e),
    }
}

/// The BBCode vote count, with the forum's countdown tag and post links when `--thread` (and
/// `--forum`) say which forum it is; a vote thread's merged numbering is not the forum's, so
/// then votes keep their numbers.
fn bbcode(
    args: &TrackArgs,
    status: &mafia_tracker::Status,
    posts: &[(u64, String)],
    vote_thread: bool,
) -> String {
    use mafia_tracker::report::{CountStyle, CountdownTag};
    let Some(url) = args.thread.as_deref() else {
        return report::bbcode(status);
    };
    let link = |n: u64| {
        let forum = args.forum.as_deref()?;
        let (_, id) = posts.iter().find(|(number, _)| *number == n)?;
        mafia_server::post_links::post_url(forum, url, id, n)
    };
    let style = CountStyle {
        countdown: CountdownTag::for_thread(url),
        post_url: if vote_thread { None } else { Some(&link) },
    };
    report::bbcode_with(status, &style)
}

/// A thread's posts, normalised, with a warning for each one that could not be read; an
/// error when nothing could be read.
pub(crate) fn thread(path: &Path) -> miette::Result<Vec<Post>> {
    let batch = match read_posts(path) {
        Ok(Some(batch)) => batch,
        Ok(None) => {
            return Err(miette::miette!(
                "{}: not a page of a known forum (expected phpBB, XenForo or MTG Salvation posts)",
                path.display()
            ));
        }
        Err(e) => return Err(miette::miette!("{e}")),
    };
    for problem in &batch.problems {
        let what = match problem {
            SourceProblem::Jsonl(_) => "line",
            SourceProblem::Page { .. } => "post",
        };
        errors::warn(format_args!("{problem} ({what} skipped)"));
    }
    if batch.posts.is_empty() && !batch.problems.is_empty() {
        return Err(miette::miette!("{}: no post could be read", path.display()));
    }
    Ok(batch.normalised())
}

/// The posts of a JSON Lines file, or of a saved `.html` page of a forum the importers read
/// (`None` when the page is of no known forum).
fn read_posts(path: &Path) -> Result<Option<Batch>, SourceError> {
    let is_page = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"));
    if !is_page {
        return JsonlSource::open(path).and_then(|mut s| s.read()).map(Some);
    }
    let text = std::fs::read_to_string(path).map_err(|source| SourceError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let Some(engine) = Engine::detect(&text) else {
        return Ok(None);
    };
    let mut source = PageSource::new(engine);
    source.push(path.display().to_string(), text);
    source.read().map(Some)
}
