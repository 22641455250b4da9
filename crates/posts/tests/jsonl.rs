//! Reading posts from JSON Lines.

use std::io::Write;

use jiff::Timestamp;
use mafia_posts::{
    Batch, Edited, JsonlErrorKind, JsonlSource, Markup, PostSource, SourceProblem, parse_jsonl_line,
};

fn read(input: &[u8]) -> Batch {
    JsonlSource::new(input, "thread.jsonl")
        .read()
        .expect("an in-memory reader never fails")
}

/// The problems of a batch, as the user sees them.
fn problems(batch: &Batch) -> Vec<String> {
    batch.problems.iter().map(ToString::to_string).collect()
}

fn kind(line: &str) -> JsonlErrorKind {
    parse_jsonl_line(line).expect_err("the line is malformed")
}

fn time(s: &str) -> Timestamp {
    s.parse().unwrap()
}

#[test]
fn a_full_record() {
    let post = parse_jsonl_line(
        r#"{"id": "p-17", "number": 17, "author": "Alice", "time": "2026-03-29T18:00:00+02:00", "edited": "2026-03-29T18:05:00+02:00", "html": "<b>Vote: Bob</b>"}"#,
    )
    .unwrap();
    assert_eq!(post.id, "p-17");
    assert_eq!(post.number, 17);
    assert_eq!(post.author, "Alice");
    assert_eq!(post.time, Some(time("2026-03-29T16:00:00Z")));
    assert_eq!(post.edited, Some(Edited::At(time("2026-03-29T16:05:00Z"))));
    assert_eq!(post.body, Markup::Html("<b>Vote: Bob</b>".into()));
}

#[test]
fn numeric_id_and_utc_time() {
    let post = parse_jsonl_line(
        r#"{"id": 9001, "number": 3, "author": "Bob", "time": "2026-03-29T16:00:00Z", "bbcode": "[b]hi[/b]"}"#,
    )
    .unwrap();
    assert_eq!(post.id, "9001");
    assert_eq!(post.time, Some(time("2026-03-29T16:00:00Z")));
    assert_eq!(post.body, Markup::BbCode("[b]hi[/b]".into()));
}

#[test]
fn teamliquid_shape_id_defaults_to_number_and_time_is_optional() {
    let post =
        parse_jsonl_line(r#"{"number": 0, "author": "Artanis[Xp]", "html": "Welcome"}"#).unwrap();
    assert_eq!(post.id, "0");
    assert_eq!(post.time, None);
    assert_eq!(post.edited, None);
}

#[test]
fn edited_true_false_and_time() {
    let edited = |v: &str| {
        parse_jsonl_line(&format!(
            r#"{{"number": 1, "author": "A", "text": "x", "edited": {v}}}"#
        ))
        .unwrap()
        .edited
    };
    assert_eq!(edited("true"), Some(Edited::Yes));
    assert_eq!(edited("false"), None);
    assert_eq!(edited("null"), None);
    assert_eq!(
        edited(r#""2026-03-29T18:00:00+02:00""#),
        Some(Edited::At(time("2026-03-29T16:00:00Z")))
    );
}

#[test]
fn unknown_fields_are_ignored() {
    let post =
        parse_jsonl_line(r#"{"number": 1, "author": "A", "text": "x", "likes": 3}"#).unwrap();
    assert_eq!(post.body, Markup::Text("x".into()));
}

#[test]
fn body_must_be_exactly_one_of_html_bbcode_text() {
    assert_eq!(
        kind(r#"{"number": 1, "author": "A"}"#),
        JsonlErrorKind::NoBody
    );
    assert_eq!(
        kind(r#"{"number": 1, "author": "A", "html": "x", "text": "y"}"#),
        JsonlErrorKind::SeveralBodies {
            first: "html",
            second: "text"
        }
    );
}

#[test]
fn missing_and_wrongly_typed_fields_say_what_was_expected() {
    let msg = |line: &str| kind(line).to_string();
    assert_eq!(
        msg(r#"{"author": "A", "text": "x"}"#),
        "missing field `number` (expected the post's number in the thread, a whole number)"
    );
    assert_eq!(
        msg(r#"{"number": "7", "author": "A", "text": "x"}"#),
        "field `number`: expected a whole number ≥ 0, found a string \"7\""
    );
    assert_eq!(
        msg(r#"{"number": 7, "text": "x"}"#),
        "missing field `author` (expected the poster's user name)"
    );
    assert_eq!(
        msg(r#"{"number": 7, "author": " ", "text": "x"}"#),
        "field `author`: expected a non-empty user name, found a string \" \""
    );
    assert_eq!(
        msg(r#"{"number": 7, "author": "A", "text": 5}"#),
        "field `text`: expected a string, found a number 5"
    );
    assert_eq!(
        msg("[1, 2]"),
        "expected a JSON object {\"number\": …, \"author\": …, …}, found an array"
    );
}

#[test]
fn a_time_without_offset_is_rejected() {
    assert_eq!(
        kind(r#"{"number": 1, "author": "A", "text": "x", "time": "2026-03-29T18:00:00"}"#),
        JsonlErrorKind::BadTime {
            field: "time",
            value: "2026-03-29T18:00:00".into()
        }
    );
}

#[test]
fn a_malformed_line_names_file_and_line_and_reading_goes_on() {
    let batch = read(
        b"{\"number\": 1, \"author\": \"A\", \"text\": \"one\"}\n\
          {\"number\": 2, \"author\": \"B\", \"text\": \"two\"\n\
          \n\
          {\"number\": 4, \"author\": \"D\", \"text\": \"four\"}\n",
    );
    let numbers: Vec<u64> = batch.posts.iter().map(|p| p.number).collect();
    assert_eq!(numbers, [1, 4]);
    assert_eq!(problems(&batch).len(), 1);
    assert!(
        problems(&batch)[0].starts_with("thread.jsonl:2: expected a JSON object, column "),
        "{:?}",
        problems(&batch)
    );
}

#[test]
fn invalid_utf8_names_the_line() {
    let batch = read(
        b"{\"number\": 1, \"author\": \"A\", \"text\": \"one\"}\n\
          {\"number\": 2, \"author\": \"B\xff\", \"text\": \"two\"}\n\
          {\"number\": 3, \"author\": \"C\", \"text\": \"three\"}",
    );
    assert_eq!(batch.posts.len(), 2);
    assert_eq!(
        problems(&batch),
        ["thread.jsonl:2: not valid UTF-8 (invalid byte at column 27)"]
    );
    match &batch.problems[0] {
        SourceProblem::Jsonl(e) => assert_eq!(e.line, 2),
        other => panic!("unexpected problem {other:?}"),
    }
}

#[test]
fn windows_files_with_bom_and_crlf_are_read() {
    let batch = read(
        b"\xEF\xBB\xBF{\"number\": 1, \"author\": \"A\", \"text\": \"one\"}\r\n\
          {\"number\": 2, \"author\": \"B\", \"text\": \"two\"}\r\n",
    );
    assert!(batch.problems.is_empty(), "{:?}", problems(&batch));
    assert_eq!(
        batch.posts.iter().map(|p| p.number).collect::<Vec<_>>(),
        [1, 2]
    );
}

#[test]
fn a_last_line_without_newline_is_read() {
    let batch = read(b"{\"number\": 1, \"author\": \"A\", \"text\": \"one\"}");
    assert_eq!(batch.posts.len(), 1);
}

#[test]
fn a_later_read_returns_only_new_lines() {
    let dir = std::env::temp_dir().join(format!("mafia-posts-jsonl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("live.jsonl");
    let mut file = std::fs::File::create(&path).unwrap();
    writeln!(file, r#"{{"number": 1, "author": "A", "text": "one"}}"#).unwrap();
    write!(file, r#"{{"number": 2, "author": "B","#).unwrap();
    file.flush().unwrap();

    let mut source = JsonlSource::open(&path).unwrap().following(true);
    let first = source.read().unwrap();
    assert_eq!(
        first.posts.iter().map(|p| p.number).collect::<Vec<_>>(),
        [1]
    );
    assert!(first.problems.is_empty(), "the half-written line waits");

    writeln!(file, r#" "text": "two"}}"#).unwrap();
    writeln!(file, r#"{{"number": 3, "author": "C", "text": "three"}}"#).unwrap();
    file.flush().unwrap();
    let second = source.read().unwrap();
    assert_eq!(
        second.posts.iter().map(|p| p.number).collect::<Vec<_>>(),
        [2, 3]
    );
    assert!(second.problems.is_empty());
    assert!(source.read().unwrap().is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_file_is_an_error_naming_it() {
    let err = JsonlSource::open("/nonexistent/thread.jsonl").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("cannot read /nonexistent/thread.jsonl: ")
    );
}

#[test]
fn an_overlong_line_is_reported_and_skipped() {
    let mut input = b"{\"number\": 1, \"author\": \"A\", \"text\": \"".to_vec();
    input.extend(std::iter::repeat_n(b'x', mafia_posts::MAX_LINE_BYTES));
    input.extend_from_slice(b"\"}\n{\"number\": 2, \"author\": \"B\", \"text\": \"two\"}\n");
    let batch = read(&input);
    assert_eq!(
        batch.posts.iter().map(|p| p.number).collect::<Vec<_>>(),
        [2]
    );
    assert_eq!(
        problems(&batch),
        [format!(
            "thread.jsonl:1: line longer than {} bytes; expected one post per line",
            mafia_posts::MAX_LINE_BYTES
        )]
    );
}

#[test]
fn the_readme_example_reads() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let section = readme
        .split("### Post files (JSON Lines)")
        .nth(1)
        .and_then(|s| s.split("```json\n").nth(1))
        .and_then(|s| s.split("```").next())
        .expect("README has the JSON Lines example");
    let batch = read(section.as_bytes());
    assert!(batch.problems.is_empty(), "{:?}", problems(&batch));
    let posts = batch.normalised();
    assert_eq!(posts.len(), 3);
    assert_eq!(posts[0].id, "p1041");
    assert_eq!(
        posts[0].body.lines[0]
            .spans_of(mafia_posts::SpanKind::Bold)
            .collect::<Vec<_>>(),
        ["Vote: Bob"]
    );
    assert_eq!(posts[1].edited, Some(Edited::Yes));
    assert_eq!(posts[1].body.lines[0].text, "Really? Vote: Alice");
    assert_eq!(posts[2].id, "14");
    assert!(posts[2].body.lines[0].spans.is_empty());
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn line() -> impl Strategy<Value = Vec<u8>> {
        prop_oneof![
            (0u64..1000, "[a-zA-Z ]{0,8}").prop_map(|(n, a)| format!(
                r#"{{"number": {n}, "author": "{a}", "html": "<b>x</b>"}}"#
            )
            .into_bytes()),
            prop::collection::vec(
                any::<u8>().prop_filter("no newline", |b| *b != b'\n'),
                0..40
            ),
        ]
    }

    proptest! {
        /// Any bytes: no panic, and every non-blank line gives exactly one post or one problem,
        /// each problem naming its line.
        #[test]
        fn every_line_is_a_post_or_a_problem(lines in prop::collection::vec(line(), 0..20)) {
            let input = lines.join(&b'\n');
            let batch = read(&input);
            let blank = |i: usize, l: &[u8]| {
                std::str::from_utf8(l).is_ok_and(|s| {
                    let s = if i == 0 { s.strip_prefix('\u{FEFF}').unwrap_or(s) } else { s };
                    s.trim().is_empty()
                })
            };
            let non_blank = lines.iter().enumerate().filter(|(i, l)| !blank(*i, l)).count();
            prop_assert_eq!(batch.posts.len() + batch.problems.len(), non_blank);
            for problem in &batch.problems {
                let SourceProblem::Jsonl(e) = problem else { panic!("{problem:?}") };
                prop_assert!(e.line >= 1 && e.line as usize <= lines.len());
                let prefix = format!("thread.jsonl:{}: ", e.line);
                prop_assert!(problem.to_string().starts_with(&prefix));
            }
        }
    }
}
