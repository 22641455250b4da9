#!/usr/bin/env python3
"""Print the host slips of the audit corpus as a Markdown table, for docs/corpus-audit.md.

The slips are listed, one `[[slip]]` each, in crates/tracker/tests/corpus/slips/<thread>.toml
(see that folder's README). Usage: python3 scripts/slips-table.py            # print the table
       python3 scripts/slips-table.py --write    # replace it in docs/corpus-audit.md
"""
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


def main() -> None:
    text = table()
    if "--write" not in sys.argv:
        print(text)
        return
    doc = ROOT / "docs/corpus-audit.md"
    body = doc.read_text()
    begin, end = "<!-- slips:begin -->", "<!-- slips:end -->"
    head, _, rest = body.partition(begin)
    _, _, tail = rest.partition(end)
    doc.write_text(f"{head}{begin}\n{text}\n{end}{tail}")


if __name__ == "__main__":
    main()
