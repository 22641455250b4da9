//! Posts of a game thread: the shared post model, the [`PostSource`] trait that every
//! importer implements, and markup normalisation (HTML / BBCode / text to lines, with bold
//! spans kept and quotes dropped).
//!
//! Everything downstream (the tracker, the server) sees only [`Post`]: a post whose body has
//! been normalised exactly once into [`Line`]s.

mod model;

pub use model::{Body, Edited, Line, Markup, Post, RawPost, Span, SpanKind};
