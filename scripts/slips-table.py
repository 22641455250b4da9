#!/usr/bin/env python3
"""Print the host slips of the audit corpus as a Markdown table, for docs/corpus-audit.md.

The slips are listed, one `[[slip]]` each, in crates/tracker/tests/corpus/slips/<thread>.toml
(see that folder's README). Usage: python3 scripts/slips-table.py > /tmp/slips.md
"""
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


def main() -> None:
    print("| thread | count posts | voter | what the thread shows |")
    print("| --- | --- | --- | --- |")
    total = 0
    for path in sorted(SLIPS.glob("*.toml"), key=key):
        for slip in tomllib.loads(path.read_text()).get("slip", []):
            counts = ", ".join(str(c) for c in slip["counts"])
            what = slip["what"].replace("|", "\\|").replace("\n", " ")
            print(f"| {label(path.stem)} | {counts} | {slip['voter']} | {what} |")
            total += 1
    print(f"\n{total} slips.")


if __name__ == "__main__":
    main()
