#!/usr/bin/env python3
"""Print the host errors of the audit corpus as Markdown tables, for docs/corpus-audit.md.

The slips are listed, one `[[slip]]` each, in crates/tracker/tests/corpus/slips/<thread>.toml
(see that folder's README). The votes a host kept after the voter's unvote are classed by the
replay: the audit corpus test (`cargo test -p mafia-tracker --test audit_corpus`) lists them in
target/tmp/audit-corpus.txt, which the second table is made from (run the test first).
Usage: python3 scripts/slips-table.py            # print the tables
       python3 scripts/slips-table.py --write    # replace them in docs/corpus-audit.md
"""
import os
import sys
import pathlib
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
SLIPS = ROOT / "crates/tracker/tests/corpus/slips"


def label(stem: str) -> str:
    if stem.isdigit():
        return f"mafiascum {stem}"
    forum, _, game = stem.partition("-")
    return f"{forum} {game}"


def key(path: pathlib.Path):
    return (not path.stem.isdigit(), int(path.stem) if path.stem.isdigit() else 0, path.stem)


def table() -> str:
    out = ["| thread | count posts | voter | what the thread shows |", "| --- | --- | --- | --- |"]
    total = 0
    for path in sorted(SLIPS.glob("*.toml"), key=key):
        for slip in tomllib.loads(path.read_text()).get("slip", []):
            counts = ", ".join(str(c) for c in slip["counts"])
            what = slip["what"].replace("|", "\\|").replace("\n", " ")
            out.append(f"| {label(path.stem)} | {counts} | {slip['voter']} | {what} |")
            total += 1
    out.append(f"\n{total} slips.")
    return "\n".join(out)


KEPT = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "tmp/audit-corpus.txt"


def kept_table() -> str:
    """The counts where the host kept a vote after the voter's unvote, from the test's file."""
    lines = KEPT.read_text().split("\n")
    start = lines.index("== the host kept a vote after the voter's unvote") + 1
    rows = ["| thread | count post | voter | the host still counts a vote on | the unvote, as written | its post |",
            "| --- | --- | --- | --- | --- | --- |"]
    counts = set()
    for line in lines[start:]:
        if not line.strip():
            break
        thread, post, voter, target, mark, since = line.split("\t")
        thread = f"mafiascum {thread}" if thread.isdigit() else thread
        mark = mark.replace("|", "\\|")
        rows.append(f"| {thread} | {post} | {voter} | {target} | `{mark}` | {since} |")
        counts.add((thread, post))
    rows.append(f"\n{len(counts)} counts.")
    return "\n".join(rows)


def replace(body: str, name: str, text: str) -> str:
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    head, found, rest = body.partition(begin)
    if not found:
        sys.exit(f"docs/corpus-audit.md has no {begin} marker")
    _, _, tail = rest.partition(end)
    return f"{head}{begin}\n{text}\n{end}{tail}"


def main() -> None:
    slips, kept = table(), kept_table()
    if "--write" not in sys.argv:
        print(f"{slips}\n\n{kept}")
        return
    doc = ROOT / "docs/corpus-audit.md"
    body = replace(doc.read_text(), "slips", slips)
    doc.write_text(replace(body, "kept", kept))


if __name__ == "__main__":
    main()
