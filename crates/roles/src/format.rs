//! Whole-file formatting: the file's text with its formalized section replaced by the
//! canonical text of its items (header lines and [`crate::ability::Ability::format`]).
//! Everything outside the formalized section is kept byte for byte.

use crate::element::Element;

/// The file `text` with the formalized section of `element` (parsed from `text`) in canonical
/// form.
pub fn format_file(text: &str, element: &Element) -> String {
    let span = &element.formalized;
    let (Some(before), Some(after)) = (text.get(..span.start), text.get(span.end..)) else {
        return text.to_string();
    };
    let mut out = String::with_capacity(text.len());
    out.push_str(before);
    out.push_str(&element.format_formalized());
    out.push_str(after);
    out
}

/// The element as JSON with every byte span removed (`span`, `*_span`, the ability
/// grammar's `loc`), to compare two parses of different texts (`parse(format(ast)) == ast`).
pub fn without_spans(element: &Element) -> serde_json::Value {
    let mut value = serde_json::to_value(element).unwrap_or(serde_json::Value::Null);
    strip(&mut value);
    value
}

fn strip(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            map.retain(|k, _| {
                !matches!(k.as_str(), "span" | "loc" | "formalized") && !k.ends_with("_span")
            });
            map.values_mut().for_each(strip);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
        _ => {}
    }
}

/// What formatting one file gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Formatted {
    /// Already canonical.
    Unchanged,
    /// The canonical text of the whole file.
    Changed(String),
    /// Not formatted: the file has parse errors (formatting could drop what was not
    /// understood).
    HasErrors,
    /// Not formatted: the canonical text would not parse back to the same AST (a formatter
    /// bug; the file is left alone).
    NotRoundTrip,
}

/// Formats one parsed file, refusing when that could lose or change anything.
pub fn format_parsed(file: &crate::corpus::ParsedFile) -> Formatted {
    let Some(element) = &file.element else {
        return Formatted::Unchanged;
    };
    if file.has_errors() {
        return Formatted::HasErrors;
    }
    let text = format_file(&file.text, element);
    if text == file.text {
        return Formatted::Unchanged;
    }
    let mut diags = Vec::new();
    let name = file.file_name();
    let again = crate::element::parse_element(&text, file.kind, &name, &mut diags);
    let same = again
        .as_ref()
        .is_some_and(|e| without_spans(e) == without_spans(element));
    if !same
        || diags
            .iter()
            .any(|d| d.severity == crate::diag::Severity::Error)
    {
        return Formatted::NotRoundTrip;
    }
    Formatted::Changed(text)
}
