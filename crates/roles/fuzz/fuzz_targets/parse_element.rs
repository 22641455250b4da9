//! Any bytes, as a role file of every kind: parse, render every diagnostic, format and parse
//! again. Must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mafia_roles::element::parse_element;
use mafia_roles::{ElementKind, diag, format};

const KINDS: [ElementKind; 7] = [
    ElementKind::Role,
    ElementKind::Team,
    ElementKind::Group,
    ElementKind::Poll,
    ElementKind::Location,
    ElementKind::Attribute,
    ElementKind::AbilitySet,
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for kind in KINDS {
        let mut diags = Vec::new();
        let element = parse_element(text, kind, "fuzz", &mut diags);
        for d in &diags {
            let _ = diag::render("fuzz", text, d);
        }
        if let Some(element) = element {
            let once = format::format_file(text, &element);
            let mut again = Vec::new();
            let _ = parse_element(&once, kind, "fuzz", &mut again);
        }
    }
});
