//! Reading posts from JSON Lines: one post per line,
//! `{id, number, author, time, edited?, html | bbcode | text}`.
//!
//! - `id`: a string or a whole number; when absent (or `null`) the post's `number` is its id.
//! - `number`: a whole number ≥ 0 (required).
//! - `author`: a non-empty string (required).
//! - `time`: an RFC 3339 time with an offset or `Z` (`2026-03-29T18:00:00+02:00`); optional.
//! - `edited`: `true`, `false`, or the RFC 3339 time of the last edit; optional.
//! - exactly one of `html`, `bbcode`, `text`: the body.
//!
//! Other fields are ignored. Blank lines are skipped; CRLF line ends and a byte order mark
//! at the start of the file are fine. A line that cannot be read becomes a
//! [`JsonlError`] naming the file and line, and reading goes on with the next line.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use jiff::Timestamp;
use serde_json::{Map, Value};

use crate::error::{JsonlError, JsonlErrorKind, SourceError};
use crate::model::{Edited, Markup, RawPost};
use crate::source::{Batch, PostSource};

/// Lines longer than this are reported and skipped rather than read into memory.
pub const MAX_LINE_BYTES: usize = 16 * 1024 * 1024;

/// Reads one JSON Lines record as a post.
pub fn parse_jsonl_line(line: &str) -> Result<RawPost, JsonlErrorKind> {
    let value: Value = serde_json::from_str(line).map_err(|e| JsonlErrorKind::Syntax {
        column: e.column(),
        message: syntax_message(&e),
    })?;
    let Value::Object(map) = value else {
        return Err(JsonlErrorKind::NotObject {
            found: type_name(&value),
        });
    };
    post_from_map(&map)
}

fn syntax_message(e: &serde_json::Error) -> String {
    // serde_json appends " at line L column C"; the column is reported separately.
    let full = e.to_string();
    match full.rfind(" at line ") {
        Some(at) => full[..at].to_string(),
        None => full,
    }
}

fn post_from_map(map: &Map<String, Value>) -> Result<RawPost, JsonlErrorKind> {
    let number = match field(map, "number") {
        None => {
            return Err(JsonlErrorKind::Missing {
                field: "number",
                expected: "the post's number in the thread, a whole number",
            });
        }
        Some(v) => v
            .as_u64()
            .ok_or_else(|| wrong("number", "a whole number ≥ 0", v))?,
    };
    let id = match field(map, "id") {
        None => number.to_string(),
        Some(Value::String(s)) if !s.trim().is_empty() => s.clone(),
        Some(v @ Value::Number(n)) => match n.as_u64() {
            Some(n) => n.to_string(),
            None => return Err(wrong("id", "a string or a whole number", v)),
        },
        Some(v) => return Err(wrong("id", "a non-empty string or a whole number", v)),
    };
    let author = match field(map, "author") {
        None => {
            return Err(JsonlErrorKind::Missing {
                field: "author",
                expected: "the poster's user name",
            });
        }
        Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_string(),
        Some(v) => return Err(wrong("author", "a non-empty user name", v)),
    };
    let time = match field(map, "time") {
        None => None,
        Some(v) => Some(timestamp("time", v)?),
    };
    let edited = match field(map, "edited") {
        None | Some(Value::Bool(false)) => None,
        Some(Value::Bool(true)) => Some(Edited::Yes),
        Some(v @ Value::String(_)) => Some(Edited::At(timestamp("edited", v)?)),
        Some(v) => {
            return Err(wrong(
                "edited",
                "true, false or the RFC 3339 time of the edit",
                v,
            ));
        }
    };
    let mut body: Option<(&'static str, Markup)> = None;
    for name in ["html", "bbcode", "text"] {
        let Some(v) = field(map, name) else { continue };
        let Value::String(s) = v else {
            return Err(wrong(name, "a string", v));
        };
        if let Some((first, _)) = body {
            return Err(JsonlErrorKind::SeveralBodies {
                first,
                second: name,
            });
        }
        let markup = match name {
            "html" => Markup::Html(s.clone()),
            "bbcode" => Markup::BbCode(s.clone()),
            _ => Markup::Text(s.clone()),
        };
        body = Some((name, markup));
    }
    let Some((_, body)) = body else {
        return Err(JsonlErrorKind::NoBody);
    };
    Ok(RawPost {
        id,
        number,
        author,
        time,
        edited,
        body,
    })
}

/// A field's value; `null` counts as absent.
fn field<'a>(map: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
    map.get(name).filter(|v| !v.is_null())
}

fn timestamp(field: &'static str, v: &Value) -> Result<Timestamp, JsonlErrorKind> {
    let Value::String(s) = v else {
        return Err(wrong(field, "an RFC 3339 time in a string", v));
    };
    s.trim().parse().map_err(|_| JsonlErrorKind::BadTime {
        field,
        value: s.clone(),
    })
}

fn wrong(field: &'static str, expected: &'static str, found: &Value) -> JsonlErrorKind {
    let mut shown = found.to_string();
    if shown.len() > 40 {
        let cut = (0..=37)
            .rev()
            .find(|&i| shown.is_char_boundary(i))
            .unwrap_or(0);
        shown.truncate(cut);
        shown.push('…');
    }
    JsonlErrorKind::WrongType {
        field,
        expected,
        found: format!("{} {shown}", type_name(found)),
    }
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Posts from JSON Lines: a file or any reader.
///
/// ```
/// use mafia_posts::{JsonlSource, PostSource};
///
/// let input = "{\"number\": 1, \"author\": \"Alice\", \"text\": \"Vote: Bob\"}\n\
///              not json\n\
///              {\"id\": \"p3\", \"number\": 3, \"author\": \"Bob\", \"time\": \"2026-03-29T18:00:00+02:00\", \"html\": \"<b>hi</b>\"}\n";
/// let mut source = JsonlSource::new(input.as_bytes(), "thread.jsonl");
/// let batch = source.read().unwrap();
/// assert_eq!(batch.posts.len(), 2);
/// assert_eq!(batch.posts[0].id, "1");
/// assert!(batch.problems[0].to_string().starts_with("thread.jsonl:2: expected a JSON object"));
/// ```
#[derive(Debug)]
pub struct JsonlSource<R> {
    reader: R,
    origin: PathBuf,
    /// Lines completely read so far.
    line: u64,
    /// In follow mode, an unterminated last line is held back until its newline arrives.
    follow: bool,
    /// Bytes of a line not yet ended by a newline.
    partial: Vec<u8>,
    /// The current line went over [`MAX_LINE_BYTES`]; its bytes are being skipped.
    overlong: bool,
}

impl JsonlSource<BufReader<File>> {
    /// Reads the JSON Lines file at `path`. Later reads return lines appended since.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, SourceError> {
        let path = path.as_ref();
        let file = File::open(path).map_err(|source| SourceError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Ok(Self::new(BufReader::new(file), path))
    }
}

impl<R: BufRead> JsonlSource<R> {
    /// Reads JSON Lines from `reader`; `origin` names it in errors (usually the file name).
    pub fn new(reader: R, origin: impl Into<PathBuf>) -> Self {
        JsonlSource {
            reader,
            origin: origin.into(),
            line: 0,
            follow: false,
            partial: Vec::new(),
            overlong: false,
        }
    }

    /// Follow mode, for a file another program appends to: a last line without its newline is
    /// taken to be still being written, and is read once its newline has arrived. Without
    /// follow mode (the default) the last line counts whether or not it ends with a newline.
    pub fn following(mut self, follow: bool) -> Self {
        self.follow = follow;
        self
    }

    fn io_error(&self, source: std::io::Error) -> SourceError {
        SourceError::Io {
            path: self.origin.clone(),
            source,
        }
    }

    /// Reads complete lines into the batch until the end of the input.
    fn read_lines(&mut self, batch: &mut Batch) -> Result<(), SourceError> {
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.io_error(e)),
            };
            if buf.is_empty() {
                return Ok(());
            }
            let (chunk, ended) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], true),
                None => (buf, false),
            };
            if !self.overlong {
                if self.partial.len() + chunk.len() > MAX_LINE_BYTES {
                    self.overlong = true;
                    self.partial = Vec::new();
                } else {
                    self.partial.extend_from_slice(chunk);
                }
            }
            let used = chunk.len() + usize::from(ended);
            self.reader.consume(used);
            if ended {
                self.end_line(batch);
            }
        }
    }

    /// The current line is complete: parse it into the batch.
    fn end_line(&mut self, batch: &mut Batch) {
        self.line += 1;
        let bytes = std::mem::take(&mut self.partial);
        let result = if std::mem::take(&mut self.overlong) {
            Err(JsonlErrorKind::TooLong {
                limit: MAX_LINE_BYTES,
            })
        } else {
            match std::str::from_utf8(&bytes) {
                Err(e) => Err(JsonlErrorKind::InvalidUtf8 {
                    column: e.valid_up_to() + 1,
                }),
                Ok(text) => {
                    // A byte order mark (editors on Windows write one) starts the first line.
                    let text = match self.line {
                        1 => text.strip_prefix('\u{FEFF}').unwrap_or(text),
                        _ => text,
                    };
                    if text.trim().is_empty() {
                        return;
                    }
                    parse_jsonl_line(text)
                }
            }
        };
        match result {
            Ok(post) => batch.posts.push(post),
            Err(kind) => batch.problems.push(
                JsonlError {
                    origin: self.origin.clone(),
                    line: self.line,
                    kind,
                }
                .into(),
            ),
        }
    }
}

impl<R: BufRead> PostSource for JsonlSource<R> {
    fn read(&mut self) -> Result<Batch, SourceError> {
        let mut batch = Batch::default();
        self.read_lines(&mut batch)?;
        if !self.follow && (!self.partial.is_empty() || self.overlong) {
            self.end_line(&mut batch);
        }
        Ok(batch)
    }
}
