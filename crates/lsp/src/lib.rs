//! A language server for WWR formalized role files (`mafia roles lsp`), over the `lsp-server`
//! scaffold and the `lsp-types` messages.
//!
//! On `initialize` the server loads the role book at the workspace root (the folders its
//! `_paths` lists decide each file's kind, as [`mafia_roles::corpus`] does); then it publishes
//! diagnostics for every open file on open and on change (the text of open files wins over
//! the disk, and references are checked across the whole book), and answers hover,
//! go-to-definition, completion and formatting.
//!
//! Modules: [`book`] (the parsed book, one file re-parsed per change), [`position`] (byte
//! offsets ↔ LSP lines and UTF-16 columns), [`lookup`] (the name at a position), [`complete`]
//! (completions from the roles crate's vocabularies), [`server`] (the handshake, the message
//! loop and the handlers).
//!
//! The library never prints: a caller hands it a connection (stdio for an editor, or
//! [`lsp_server::Connection::memory`] in tests) and gets its error back.

pub mod book;
pub mod complete;
pub mod lookup;
pub mod position;
pub mod server;

pub use book::Book;
pub use lsp_server::Connection;
pub use server::run;

/// Why the server stopped before the client asked it to exit.
#[derive(Debug, thiserror::Error)]
pub enum LspError {
    /// The client broke the protocol (e.g. no `initialize` first) or went away during it.
    #[error("language server protocol: {0}")]
    Protocol(#[from] lsp_server::ProtocolError),
    /// The `initialize` parameters are not what the protocol says.
    #[error("malformed initialize parameters: {0}")]
    Json(#[from] serde_json::Error),
    /// The connection to the client closed.
    #[error("the connection to the editor closed")]
    Disconnected,
    /// Standard input or output failed.
    #[error("standard input or output: {0}")]
    Io(#[from] std::io::Error),
}

/// Serves an editor over standard input and output until it exits.
pub fn run_stdio() -> Result<(), LspError> {
    let (connection, threads) = Connection::stdio();
    run(&connection)?;
    drop(connection);
    threads.join()?;
    Ok(())
}
