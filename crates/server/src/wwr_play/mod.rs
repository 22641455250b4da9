//! WWR games played on the web (issue 15, point 1): a GM creates a game from a setup in the
//! service's setup folder (`serve --wwr-dir DIR`), roles are dealt from a stored seed, and
//! each player gets a private link whose token is stored only hashed. The pages are the
//! first implementation of the engine's chat seam ([`mafia_wwr::chat`]): [`web::Web`] is the
//! adapter, and the game is the store's log of inputs replayed over the deal.
//!
//! - `live`: [`Games`], the running games (a table per game, caught up from the store on
//!   every use, a passed deadline fired), creation, links;
//! - `web`: the adapter; `token`: link tokens and their hashes; `error`: [`PlayError`];
//! - `view`: the pages' HTML; `routes`: the routes and forms.

mod error;
mod live;
mod routes;
mod token;
mod view;
mod web;

pub use error::PlayError;
pub use live::{Games, Link, Live};
pub use routes::deadlines_forever;
pub(crate) use routes::{dashboard_section, routes};
pub use token::hash as token_hash;
pub use web::Web;
