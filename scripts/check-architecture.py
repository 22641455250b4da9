#!/usr/bin/env python3
"""The two structural rules of ARCHITECTURE.md, checked over crates/*/src:

1. no source file is longer than 1,200 lines;
2. no import circle between the modules of a crate;
3. every test ARCHITECTURE.md tells a reader to copy (a backticked snake_case name with three
   or more underscores) is a `fn` somewhere under crates/.

A module is a file (`a.rs` or `a/mod.rs` is `a`, `a/b.rs` is `a::b`). Module A depends on
module B when A names a path into B: a `use crate::…`, `use super::…` or `use self::…`
statement, the same prefixes written inline, or a child declared with `mod b;` and used as
`b::…`. A name re-exported with `pub use` is followed to the module that defines it, so a
facade module (one that only re-exports) is never part of a circle. `#[cfg(test)]` modules at
the end of a file are left out (their `super::` is the file itself). Exit status 1 lists each
violation; 0 prints a one-line summary.

Usage: python3 scripts/check-architecture.py [ROOT]   (ROOT defaults to the workspace root)
"""

import re
import sys
from pathlib import Path

MAX_LINES = 1200

USE_RE = re.compile(r"\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);", re.S)
INLINE_RE = re.compile(r"\b(crate|super|self)((?:::\w+)+)")
MOD_DECL_RE = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", re.M)
TEST_MOD_RE = re.compile(r"^#\[cfg\(test\)\]\s*\n\s*(?:pub\s+)?mod\s+\w+\s*\{", re.M)
COMMENT_RE = re.compile(r"//[^\n]*")
DEF_RE = re.compile(r"\b(?:struct|enum|fn|type|trait|const|static|union|mod)\s+(\w+)")


def module_path(src: Path, file: Path):
    rel = file.relative_to(src).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] in ("lib", "main", "mod"):
        parts = parts[:-1]
    return tuple(parts)


def expand_use(tree: str):
    """`a::{b, c::{d, e as f}}` -> [[a,b], [a,c,d], [a,c,e]] (aliases dropped)."""
    tree = re.sub(r"\s+", "", tree)
    out = []

    def walk(prefix, text):
        depth, start, items = 0, 0, []
        for i, ch in enumerate(text):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                items.append(text[start:i])
                start = i + 1
        items.append(text[start:])
        for item in items:
            if not item:
                continue
            if "{" in item:
                head, _, rest = item.partition("{")
                walk(prefix + [s for s in head.split("::") if s], rest[:-1])
            else:
                item = item.split("as")[0] if re.search(r"\bas\b", item) else item
                out.append(prefix + [s for s in item.split("::") if s])

    walk([], tree)
    return out


def absolute(me, segments, children):
    """Turn a path written in module `me` into a crate-absolute list, or None if external."""
    if not segments:
        return None
    head, rest = segments[0], segments[1:]
    if head == "crate":
        return list(rest)
    base = list(me)
    if head == "self":
        return base + rest
    if head == "super":
        while rest and rest[0] == "super":
            base = base[:-1]
            rest = rest[1:]
        return base[:-1] + rest
    if head in children:
        return base + segments
    return None


def resolve(path, modules, reexports, defines):
    """The deepest module `path` names, following `pub use` re-exports of its last name
    (`pub use x::*` is followed when `x` defines the name)."""
    for _ in range(8):
        cut = len(path)
        while cut > 0 and tuple(path[:cut]) not in modules:
            cut -= 1
        target = tuple(path[:cut])
        if cut < len(path):
            name = path[cut]
            table = reexports.get(target, {})
            nxt = table.get(name)
            if nxt is None and name not in defines.get(target, ()) and "*" in table:
                for glob in table["*"]:
                    if name in defines.get(resolve(glob, modules, {}, {}), ()):
                        nxt = glob + [name]
                        break
            if nxt is not None and nxt != path:
                path = nxt + path[cut + 1 :]
                continue
        return target
    return tuple(path[: len(path)])


def check_crate(src: Path):
    files = sorted(src.rglob("*.rs"))
    modules, texts, children = {}, {}, {}
    for f in files:
        m = module_path(src, f)
        modules[m] = f
    for m, f in modules.items():
        text = f.read_text(encoding="utf-8")
        cut = TEST_MOD_RE.search(text)
        if cut:
            text = text[: cut.start()]
        text = COMMENT_RE.sub("", text)
        texts[m] = text
        children[m] = set(MOD_DECL_RE.findall(text))

    # Names each module defines, and its re-exports: module -> {name: absolute path}
    # (`*` -> the list of glob re-exports).
    defines = {m: set(DEF_RE.findall(t)) for m, t in texts.items()}
    reexports = {}
    for m, text in texts.items():
        for vis, tree in USE_RE.findall(text):
            if not vis:
                continue
            for segs in expand_use(tree):
                a = absolute(m, segs, children[m])
                if a and segs[-1] == "*":
                    reexports.setdefault(m, {}).setdefault("*", []).append(a[:-1])
                elif a:
                    reexports.setdefault(m, {})[segs[-1]] = a

    edges = {m: set() for m in modules}
    for m, text in texts.items():
        paths = []
        for vis, tree in USE_RE.findall(text):
            if vis:
                continue
            paths.extend(expand_use(tree))
        body = USE_RE.sub("", text)
        for head, rest in INLINE_RE.findall(body):
            paths.append([head] + [s for s in rest.split("::") if s])
        for child in children[m]:
            for rest in re.findall(r"\b" + re.escape(child) + r"((?:::\w+)+)", body):
                paths.append([child] + [s for s in rest.split("::") if s])
        for segs in paths:
            a = absolute(m, segs, children[m])
            if a is None:
                continue
            t = resolve(a, modules, reexports, defines)
            if t != m and t != ():
                edges[m].add(t)
    return modules, edges


def cycles(edges):
    """Strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in edges:
        if v not in index:
            visit(v)
    return out


def main():
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent
    problems, nfiles, ncrates = [], 0, 0
    for src in sorted(root.glob("crates/*/src")):
        ncrates += 1
        for f in sorted(src.rglob("*.rs")):
            nfiles += 1
            n = sum(1 for _ in f.open(encoding="utf-8"))
            if n > MAX_LINES:
                problems.append(f"{f.relative_to(root)}: {n} lines (at most {MAX_LINES})")
        modules, edges = check_crate(src)
        for comp in cycles(edges):
            names = ", ".join("::".join(c) or "(root)" for c in comp)
            detail = "; ".join(
                f"{'::'.join(a)} -> {'::'.join(b)}"
                for a in comp
                for b in sorted(edges[a])
                if b in comp
            )
            problems.append(f"{src.relative_to(root)}: import circle between {names} ({detail})")
    arch = root / "ARCHITECTURE.md"
    if arch.exists():
        sources = "\n".join(f.read_text(encoding="utf-8") for f in root.glob("crates/**/*.rs"))
        defined = set(re.findall(r"\bfn\s+(\w+)", sources))
        for name in sorted(set(re.findall(r"`([a-z][a-z0-9]*(?:_[a-z0-9]+){3,})`", arch.read_text()))):
            if name not in defined:
                problems.append(f"ARCHITECTURE.md names `{name}`, which no crate defines")
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print(f"architecture: {nfiles} files in {ncrates} crates, none over {MAX_LINES} lines, no import circle; the tests ARCHITECTURE.md names exist")


if __name__ == "__main__":
    main()
