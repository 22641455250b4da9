//! The source trait: where posts come from (a JSON Lines file, a forum importer…).

use crate::error::{SourceError, SourceProblem};
use crate::model::{Post, RawPost};

/// A source of a thread's posts.
///
/// Each call to [`read`](PostSource::read) returns the posts that became available since the
/// previous call, in thread order, and never a post it has returned before: the first call
/// returns everything there is so far, later calls only what was added (for live polling).
/// A post the forum changed (an edit) comes back as a new post with the same `id`; the
/// consumer decides what an edit means.
///
/// Problems with single posts or lines do not stop the read: they come back in
/// [`Batch::problems`] and the source goes on with the next one. Only a failure of the
/// source itself (the file cannot be read) is an `Err`.
pub trait PostSource {
    fn read(&mut self) -> Result<Batch, SourceError>;
}

/// What one [`PostSource::read`] produced.
#[derive(Debug, Default)]
pub struct Batch {
    /// The posts read, in thread order, bodies still in their original markup.
    pub posts: Vec<RawPost>,
    /// Lines or posts that could not be read, each naming its place.
    pub problems: Vec<SourceProblem>,
}

impl Batch {
    /// Whether nothing at all was read.
    pub fn is_empty(&self) -> bool {
        self.posts.is_empty() && self.problems.is_empty()
    }

    /// The posts with their bodies normalised.
    pub fn normalised(&self) -> Vec<Post> {
        self.posts.iter().map(RawPost::normalise).collect()
    }
}
