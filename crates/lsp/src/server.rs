//! The server: the `initialize` handshake, the message loop, and one handler per request or
//! notification, turning the book's byte spans into LSP positions.

use std::collections::HashMap;
use std::path::PathBuf;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidChangeWatchedFiles, DidCloseTextDocument, DidOpenTextDocument,
    LogMessage, Notification as _, PublishDiagnostics,
};
use lsp_types::request::{Completion, Formatting, GotoDefinition, HoverRequest, Request as _};
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionOptions, CompletionParams, CompletionResponse,
    CompletionTextEdit, DiagnosticSeverity, DidChangeTextDocumentParams,
    DidChangeWatchedFilesParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    DocumentFormattingParams, GotoDefinitionParams, GotoDefinitionResponse, Hover, HoverContents,
    HoverParams, HoverProviderCapability, InitializeParams, InitializeResult, Location,
    LogMessageParams, MarkupContent, MarkupKind, MessageType, OneOf, PublishDiagnosticsParams,
    ServerCapabilities, ServerInfo, TextDocumentSyncCapability, TextDocumentSyncKind, TextEdit,
    Url,
};
use mafia_roles::format::{Formatted, format_parsed};
use mafia_roles::{ElementKind, Severity};

use crate::LspError;
use crate::book::Book;
use crate::complete::{What, complete};
use crate::lookup::named_at;
use crate::position::LineIndex;

/// What the server can do, as told to the client in the `initialize` answer.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["@".into(), "#".into(), "&".into(), "`".into()]),
            ..CompletionOptions::default()
        }),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// The workspace root from the `initialize` parameters: the first workspace folder, else
/// `rootUri`, else `rootPath`.
#[allow(deprecated)] // `root_uri` and `root_path`: older clients send only those
pub fn workspace_root(params: &InitializeParams) -> Option<PathBuf> {
    let folder = params
        .workspace_folders
        .as_ref()
        .and_then(|f| f.first())
        .and_then(|f| f.uri.to_file_path().ok());
    folder
        .or_else(|| params.root_uri.as_ref()?.to_file_path().ok())
        .or_else(|| params.root_path.as_ref().map(PathBuf::from))
}

/// Serves one client over `connection` until it asks to shut down and exit (or goes away).
pub fn run(connection: &Connection) -> Result<(), LspError> {
    let (id, params) = connection.initialize_start()?;
    let params: InitializeParams = serde_json::from_value(params)?;
    let root = workspace_root(&params);
    let (book, problem) = match root.as_deref().map(Book::load) {
        Some(Ok(book)) => (book, None),
        Some(Err(e)) => (Book::default(), Some(e.to_string())),
        None => (Book::default(), None),
    };
    let result = InitializeResult {
        capabilities: capabilities(),
        server_info: Some(ServerInfo {
            name: "mafia roles lsp".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
        }),
    };
    connection.initialize_finish(id, serde_json::to_value(result)?)?;
    let mut server = Server {
        connection,
        book,
        open: HashMap::new(),
    };
    let loaded = match (&problem, server.book.root()) {
        (Some(problem), _) => format!("cannot load the role book: {problem}"),
        (None, Some(root)) => format!(
            "role book {}: {} element files",
            root.display(),
            server.book.files().len()
        ),
        (None, None) => "no role book (no `_paths` folder): references are not checked".into(),
    };
    server.log(&loaded)?;
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection.handle_shutdown(&request)? {
                    return Ok(());
                }
                server.request(request)?;
            }
            Message::Notification(note) => {
                if note.method == lsp_types::notification::Exit::METHOD {
                    return Ok(());
                }
                server.notification(note)?;
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}

/// A file open in the editor.
struct Open {
    uri: Url,
    /// Its index in the book, when it is a role file.
    file: Option<usize>,
    /// The diagnostics last published for it (`None`: none yet).
    published: Option<Vec<lsp_types::Diagnostic>>,
}

struct Server<'c> {
    connection: &'c Connection,
    book: Book,
    open: HashMap<PathBuf, Open>,
}

impl Server<'_> {
    fn send(&self, message: impl Into<Message>) -> Result<(), LspError> {
        self.connection
            .sender
            .send(message.into())
            .map_err(|_| LspError::Disconnected)
    }

    fn log(&self, text: &str) -> Result<(), LspError> {
        let params = LogMessageParams {
            typ: MessageType::INFO,
            message: text.to_string(),
        };
        self.send(Notification::new(LogMessage::METHOD.into(), params))
    }

    fn request(&mut self, request: Request) -> Result<(), LspError> {
        let id = request.id.clone();
        let answer = match request.method.as_str() {
            HoverRequest::METHOD => params(request).map(|p| json(self.hover(&p))),
            GotoDefinition::METHOD => params(request).map(|p| json(self.definition(&p))),
            Completion::METHOD => params(request).map(|p| json(self.completion(&p))),
            Formatting::METHOD => params(request).map(|p| json(self.formatting(&p))),
            method => Err((
                ErrorCode::MethodNotFound,
                format!("`{method}` is not a method of this server"),
            )),
        };
        let response = match answer {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        };
        self.send(response)
    }

    fn notification(&mut self, note: Notification) -> Result<(), LspError> {
        match note.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Ok(p) =
                    note.extract::<DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
                {
                    self.opened(p.text_document.uri, p.text_document.text)?;
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Ok(p) =
                    note.extract::<DidChangeTextDocumentParams>(DidChangeTextDocument::METHOD)
                {
                    self.changed(p)?;
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Ok(p) =
                    note.extract::<DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
                {
                    self.closed(&p.text_document.uri)?;
                }
            }
            DidChangeWatchedFiles::METHOD => {
                if let Ok(p) =
                    note.extract::<DidChangeWatchedFilesParams>(DidChangeWatchedFiles::METHOD)
                {
                    self.on_disk(p)?;
                }
            }
            _ => {} // other notifications (didSave, $/cancelRequest…) need nothing
        }
        Ok(())
    }

    fn opened(&mut self, uri: Url, text: String) -> Result<(), LspError> {
        let Ok(path) = uri.to_file_path() else {
            return Ok(()); // an unsaved buffer (`untitled:`) is no file of the book
        };
        let file = self.book.update(&path, text);
        self.open.insert(
            path,
            Open {
                uri,
                file,
                published: None,
            },
        );
        self.publish()
    }

    fn changed(&mut self, p: DidChangeTextDocumentParams) -> Result<(), LspError> {
        let Ok(path) = p.text_document.uri.to_file_path() else {
            return Ok(());
        };
        let Some(n) = self.open.get(&path).and_then(|o| o.file) else {
            return Ok(());
        };
        let mut text = self
            .book
            .file(n)
            .map(|f| f.text.clone())
            .unwrap_or_default();
        for change in p.content_changes {
            match change.range {
                None => text = change.text,
                Some(range) => {
                    let index = LineIndex::new(&text);
                    let start = index.offset(&text, range.start);
                    let end = index.offset(&text, range.end).max(start);
                    text.replace_range(start..end, &change.text);
                }
            }
        }
        self.book.update(&path, text);
        self.publish()
    }

    fn closed(&mut self, uri: &Url) -> Result<(), LspError> {
        let Ok(path) = uri.to_file_path() else {
            return Ok(());
        };
        let Some(open) = self.open.remove(&path) else {
            return Ok(());
        };
        if open.file.is_some() {
            // Back to the text on disk (nothing, if the file was never saved).
            let disk = std::fs::read_to_string(&path).unwrap_or_default();
            self.book.update(&path, disk);
        }
        if open.published.is_some_and(|p| !p.is_empty()) {
            self.send_diagnostics(open.uri, Vec::new())?;
        }
        self.publish()
    }

    /// Files changed on disk (a checkout, another program): the book takes the new text of
    /// those that are not open (an open file's text is the editor's).
    fn on_disk(&mut self, p: DidChangeWatchedFilesParams) -> Result<(), LspError> {
        let mut any = false;
        for change in p.changes {
            let Ok(path) = change.uri.to_file_path() else {
                continue;
            };
            if self.open.contains_key(&path) {
                continue;
            }
            // A deleted file reads as nothing, and so defines nothing.
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            any |= self.book.update(&path, text).is_some();
        }
        if any { self.publish() } else { Ok(()) }
    }

    /// Re-checks every open role file and publishes the diagnostics that changed.
    fn publish(&mut self) -> Result<(), LspError> {
        let open: Vec<(PathBuf, usize)> = self
            .open
            .iter()
            .filter_map(|(p, o)| Some((p.clone(), o.file?)))
            .collect();
        let files: Vec<usize> = open.iter().map(|(_, n)| *n).collect();
        let lists = self.book.diagnostics(&files);
        for ((path, n), diags) in open.into_iter().zip(lists) {
            let Some(file) = self.book.file(n) else {
                continue;
            };
            let index = LineIndex::new(&file.text);
            let diags: Vec<lsp_types::Diagnostic> = diags
                .iter()
                .map(|d| to_lsp(&file.text, &index, d))
                .collect();
            let Some(entry) = self.open.get_mut(&path) else {
                continue;
            };
            if entry.published.as_ref() == Some(&diags) {
                continue;
            }
            entry.published = Some(diags.clone());
            let uri = entry.uri.clone();
            self.send_diagnostics(uri, diags)?;
        }
        Ok(())
    }

    fn send_diagnostics(
        &self,
        uri: Url,
        diagnostics: Vec<lsp_types::Diagnostic>,
    ) -> Result<(), LspError> {
        let params = PublishDiagnosticsParams {
            uri,
            diagnostics,
            version: None,
        };
        self.send(Notification::new(PublishDiagnostics::METHOD.into(), params))
    }

    /// The open role file of `uri`, its index and the byte offset of `position` in it.
    fn at(
        &self,
        uri: &Url,
        position: lsp_types::Position,
    ) -> Option<(&mafia_roles::ParsedFile, usize)> {
        let path = uri.to_file_path().ok()?;
        let file = self.book.file(self.book.index_of(&path)?)?;
        let offset = LineIndex::new(&file.text).offset(&file.text, position);
        Some((file, offset))
    }

    fn hover(&self, p: &HoverParams) -> Option<Hover> {
        let at = &p.text_document_position_params;
        let (file, offset) = self.at(&at.text_document.uri, at.position)?;
        let named = named_at(file, offset)?;
        let target = self
            .book
            .file(self.book.define(named.kinds, &named.name)?)?;
        let index = LineIndex::new(&file.text);
        let value = format!(
            "*{}* · `{}`\n\n---\n\n{}",
            target.kind.noun(),
            target.display,
            target.text.trim_end()
        );
        Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value,
            }),
            range: Some(index.range(&file.text, named.span)),
        })
    }

    fn definition(&self, p: &GotoDefinitionParams) -> Option<GotoDefinitionResponse> {
        let at = &p.text_document_position_params;
        let (file, offset) = self.at(&at.text_document.uri, at.position)?;
        let named = named_at(file, offset)?;
        let target = self
            .book
            .file(self.book.define(named.kinds, &named.name)?)?;
        let uri = Url::from_file_path(&target.path).ok()?;
        let span = target
            .element
            .as_ref()
            .and_then(|e| e.title.as_ref())
            .map_or(0..0, |t| t.name.span.clone());
        let range = LineIndex::new(&target.text).range(&target.text, span);
        Some(GotoDefinitionResponse::Scalar(Location { uri, range }))
    }

    fn completion(&self, p: &CompletionParams) -> Option<CompletionResponse> {
        let at = &p.text_document_position;
        let (file, offset) = self.at(&at.text_document.uri, at.position)?;
        let index = LineIndex::new(&file.text);
        let items = complete(&self.book, &file.text, offset)
            .into_iter()
            .map(|c| CompletionItem {
                kind: Some(item_kind(c.what)),
                detail: Some(c.what.detail().to_string()),
                text_edit: Some(CompletionTextEdit::Edit(TextEdit {
                    range: index.range(&file.text, c.replace),
                    new_text: c.label.clone(),
                })),
                label: c.label,
                ..CompletionItem::default()
            })
            .collect();
        Some(CompletionResponse::Array(items))
    }

    /// The canonical text as one edit of the whole document; nothing when the file is
    /// canonical already, has parse errors, or would not round-trip.
    fn formatting(&self, p: &DocumentFormattingParams) -> Option<Vec<TextEdit>> {
        let path = p.text_document.uri.to_file_path().ok()?;
        let file = self.book.file(self.book.index_of(&path)?)?;
        match format_parsed(file) {
            Formatted::Changed(text) => {
                let range = LineIndex::new(&file.text).whole(&file.text);
                Some(vec![TextEdit {
                    range,
                    new_text: text,
                }])
            }
            Formatted::Unchanged | Formatted::HasErrors | Formatted::NotRoundTrip => {
                Some(Vec::new())
            }
        }
    }
}

fn params<P: serde::de::DeserializeOwned>(request: Request) -> Result<P, (ErrorCode, String)> {
    serde_json::from_value(request.params).map_err(|e| {
        (
            ErrorCode::InvalidParams,
            format!("malformed parameters: {e}"),
        )
    })
}

fn json(value: impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}

fn item_kind(what: What) -> CompletionItemKind {
    match what {
        What::TriggerType | What::HeaderKey | What::Flag => CompletionItemKind::KEYWORD,
        What::AbilityType => CompletionItemKind::FUNCTION,
        What::Selector => CompletionItemKind::VARIABLE,
        What::Name(ElementKind::Role) => CompletionItemKind::CLASS,
        What::Name(ElementKind::Team) => CompletionItemKind::ENUM,
        What::Name(ElementKind::Group | ElementKind::Location) => CompletionItemKind::MODULE,
        What::Name(ElementKind::Attribute) => CompletionItemKind::PROPERTY,
        What::Name(ElementKind::Poll) => CompletionItemKind::EVENT,
        What::Name(ElementKind::AbilitySet) => CompletionItemKind::INTERFACE,
    }
}

/// One roles-crate diagnostic as an LSP diagnostic: what was expected and the help go into
/// the message, as `mafia roles check` prints them.
pub fn to_lsp(text: &str, index: &LineIndex, d: &mafia_roles::Diagnostic) -> lsp_types::Diagnostic {
    let mut message = d.message.clone();
    match d.expected.as_slice() {
        [] => {}
        [one] => message.push_str(&format!("\nexpected {one}")),
        many => message.push_str(&format!("\nexpected one of: {}", many.join(", "))),
    }
    if let Some(help) = &d.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    lsp_types::Diagnostic {
        range: index.range(text, d.span.clone()),
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        source: Some("mafia roles".into()),
        message,
        ..lsp_types::Diagnostic::default()
    }
}
