//! Re-check after one change to one file of the fixture role book (287 element files), as
//! the server does on `didChange`: re-parse the changed file, check it against the names of
//! the whole book, and turn its diagnostics into LSP ones. Target: under 5 ms.
//!
//! cargo bench -p mafia-lsp --bench recheck -- --warm-up-time 1 --measurement-time 3

use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use mafia_lsp::Book;
use mafia_lsp::position::LineIndex;
use mafia_lsp::server::to_lsp;

fn recheck(c: &mut Criterion) {
    let root = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures/wwr-roles"
    ));
    let mut book = Book::load(&root).expect("the fixture role book loads");
    let path = std::path::absolute(root.join("townsfolk/investigative/aura teller"))
        .expect("an absolute path");
    let before = std::fs::read_to_string(&path).expect("the aura teller");
    // One edit: a typo in an attribute name, then its fix (so every iteration changes).
    let after = before.replace("for `Lycan`", "for `Lycn`");
    assert_ne!(before, after);
    let texts = [after, before];
    let mut turn = 0;
    c.bench_function("re-check one changed file of the book", |b| {
        b.iter(|| {
            turn ^= 1;
            let n = book
                .update(&path, texts[turn].clone())
                .expect("a role file");
            let diags = book.diagnostics(&[n]);
            let file = book.file(n).expect("the file");
            let index = LineIndex::new(&file.text);
            diags[0]
                .iter()
                .map(|d| to_lsp(&file.text, &index, d))
                .collect::<Vec<_>>()
        })
    });
}

criterion_group!(benches, recheck);
criterion_main!(benches);
