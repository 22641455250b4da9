//! Normalisation speed on typical forum posts (1–2 KB of HTML or BBCode each).
//!
//! `cargo bench -p mafia-posts --bench normalise`

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use mafia_posts::{Markup, normalise_markup};

/// A typical day-phase HTML post: a quote of another player, a few paragraphs, a bold vote.
fn html_post(i: usize) -> String {
    format!(
        "<blockquote class=\"uncited\"><div><cite>Player{q} wrote:</cite>I think \
         <span style=\"font-weight: bold\">Vote: Player{i}</span> is the right call here, \
         because their posts on page {i} were very &quot;scummy&quot; and nobody followed up.</div></blockquote>\
         <p>I don&#39;t buy it. Player{i} has been consistent since Day 1: the reads on \
         <a href=\"/u/{q}\">Player{q}</a> and the case on Player{r} line up with what a townie \
         would see from the outside, and the timing of the claim was not suspicious at all.</p>\
         <p>What I find odd is that <i>nobody</i> has asked Player{r} why the vote moved twice \
         in ten minutes &mdash; that looks like someone checking where the wagon goes.</p>\
         <ul><li>Player{q}: null, leaning town</li><li>Player{r}: scum lean</li>\
         <li>Player{i}: town</li></ul>\
         <p><span class=\"noboldsig\">Unvote</span><br><span class=\"noboldsig\">Vote: Player{r}</span></p>\
         <p>Also, <strong>please</strong> remember that the deadline is in 24 hours, and \
         <span class=\"bbvote\" title=\"This is an official vote.\">VOTE: Player{r}</span>.</p>",
        q = i + 1,
        r = i + 2,
    )
}

/// The same post in BBCode.
fn bbcode_post(i: usize) -> String {
    format!(
        "[quote=\"Player{q}\"]I think [b]Vote: Player{i}[/b] is the right call here, \
         because their posts on page {i} were very \"scummy\" and nobody followed up.[/quote]\n\
         I don't buy it. Player{i} has been consistent since Day 1: the reads on \
         [url=/u/{q}]Player{q}[/url] and the case on Player{r} line up with what a townie \
         would see from the outside, and the timing of the claim was not suspicious at all.\n\n\
         What I find odd is that [i]nobody[/i] has asked Player{r} why the vote moved twice \
         in ten minutes - that looks like someone checking where the wagon goes.\n\
         [list][*]Player{q}: null, leaning town[*]Player{r}: scum lean[*]Player{i}: town[/list]\n\
         [b]Unvote[/b]\n[b]Vote: Player{r}[/b]\n\n\
         Also, [b]please[/b] remember that the deadline is in 24 hours, and [vote]Player{r}[/vote].",
        q = i + 1,
        r = i + 2,
    )
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("normalise");
    for (name, posts) in [
        (
            "html",
            (0..100)
                .map(|i| Markup::Html(html_post(i)))
                .collect::<Vec<_>>(),
        ),
        (
            "bbcode",
            (0..100).map(|i| Markup::BbCode(bbcode_post(i))).collect(),
        ),
    ] {
        let bytes: usize = posts
            .iter()
            .map(|m| match m {
                Markup::Html(s) | Markup::BbCode(s) | Markup::Text(s) => s.len(),
            })
            .sum();
        eprintln!("{name}: 100 posts, {} bytes on average", bytes / 100);
        group.throughput(Throughput::Elements(posts.len() as u64));
        group.bench_with_input(BenchmarkId::new("posts", name), &posts, |b, posts| {
            b.iter(|| {
                posts
                    .iter()
                    .map(|m| normalise_markup(m).lines.len())
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
