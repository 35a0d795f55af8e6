#!/usr/bin/env python3
"""Import circles between the crate's modules.

Every file of src/ is a module (src/a/b.rs and src/a/b/mod.rs are crate::a::b).
A module depends on another when its code (test modules left out) names it by
a path: `crate::x::y`, `super::y`, `self::y` in `use` lines or in expressions.
A name resolves to the longest module path that exists (`crate::games::REGISTRY`
is crate::games); a name that module re-exports with `pub use` resolves to the
module it comes from (`crate::Game` is crate::game). A module's `mod` lines and
its children's `super::` uses of what it defines are not counted: a module and
its own ancestors or descendants are never a circle here. Prints every strongly connected group of more than one
module (a circle) and exits 1 if there is one.

    scripts/module-cycles.py            # the circles, or "no import circles"
    scripts/module-cycles.py --edges    # every dependency, one "a -> b" a line
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")


def module_of(path):
    rel = os.path.relpath(path, ROOT)[:-3].split(os.sep)
    if rel[-1] in ("mod", "lib", "main"):
        rel = rel[:-1]
    return ["crate"] + rel


def code_without_tests(text):
    # Drop `#[cfg(test)] mod ... { ... }` blocks by brace matching.
    out, i = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]\s*(pub\s+)?mod\s+\w+\s*\{", text):
        if m.start() < i:
            continue
        out.append(text[i:m.start()])
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j
    out.append(text[i:])
    text = "".join(out)
    # Strings and comments name nothing (strings first: a string may hold //).
    text = re.sub(r'"(\\.|[^"\\])*"', '""', text)
    text = re.sub(r"//[^\n]*", "", text)
    return text


def main():
    modules = {}
    for dirpath, _, files in os.walk(ROOT):
        if "bin" in os.path.relpath(dirpath, ROOT).split(os.sep):
            continue
        for f in files:
            if f.endswith(".rs"):
                p = os.path.join(dirpath, f)
                modules[tuple(module_of(p))] = p
    known = set(modules)
    edges = {m: set() for m in modules}
    # Names a module re-exports (`pub use path::{a, b}` / `pub use path::a`):
    # (module, name) -> the module the name comes from.
    reexports = {}
    reexport_re = re.compile(r"pub\s+use\s+([\w:]+?)(?:::\{([^}]*)\}|::(\w+))\s*;")
    for mod, path in modules.items():
        text = code_without_tests(open(path, encoding="utf-8").read())
        for m in reexport_re.finditer(text):
            base = m.group(1).split("::")
            items = [i.strip().split(" as ")[-1].strip() for i in (m.group(2) or m.group(3)).split(",")]
            if base[0] == "crate":
                target = base
            elif base[0] == "super":
                target = list(mod[:-1]) + base[1:]
            elif base[0] == "self":
                target = list(mod) + base[1:]
            else:  # a child module, or an outside crate
                target = list(mod) + base
            for n in range(len(target), 0, -1):
                t = tuple(target[:n])
                if t in known:
                    for item in items:
                        if item and item != "self":
                            reexports[(mod, item)] = t
                    break
    path_re = re.compile(r"\b(crate|super|self)((?:::\w+)+)")
    group_re = re.compile(r"\b(crate|super|self)((?:::\w+)*)::\{([^}]*)\}")
    for mod, path in modules.items():
        text = code_without_tests(open(path, encoding="utf-8").read())
        is_dir_mod = os.path.basename(path) in ("mod.rs", "lib.rs")
        here = list(mod) if is_dir_mod else list(mod)
        names = []
        for m in group_re.finditer(text):
            for item in m.group(3).split(","):
                item = item.strip().split(" as ")[0].strip()
                if item and item != "self":
                    names.append((m.group(1), m.group(2) + "::" + item.replace(" ", "")))
                elif item == "self":
                    names.append((m.group(1), m.group(2)))
        for m in path_re.finditer(text):
            names.append((m.group(1), m.group(2)))
        for base, rest in names:
            parts = [p for p in rest.split("::") if p]
            if base == "crate":
                full = ["crate"] + parts
            elif base == "self":
                full = (here if is_dir_mod else here[:-1]) + parts if False else here + parts
            else:  # super
                parent = here[:-1] if not is_dir_mod else here[:-1]
                while parts and parts[0] == "super":
                    parent = parent[:-1]
                    parts = parts[1:]
                full = parent + parts
            # The longest prefix that is a module; a name it re-exports
            # stands for the module it comes from.
            for n in range(len(full), 0, -1):
                t = tuple(full[:n])
                if t in known:
                    seen = set()
                    while n < len(full) and (t, full[n]) in reexports and (t, full[n]) not in seen:
                        seen.add((t, full[n]))
                        t = reexports[(t, full[n])]
                    # A module's own descendants and ancestors are not dependencies
                    # of interest (mod lines, re-exports of children).
                    if t != mod and t[: len(mod)] != mod and mod[: len(t)] != t:
                        edges[mod].add(t)
                    break
    if "--edges" in sys.argv:
        for a in sorted(edges):
            for b in sorted(edges[a]):
                print("::".join(a), "->", "::".join(b))
        return 0
    # Tarjan's strongly connected components.
    index, low, stack, on, sccs = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
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
                sccs.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    if not sccs:
        print("no import circles")
        return 0
    for comp in sccs:
        names = ["::".join(c[1:]) for c in comp]
        print("circle:", ", ".join(names))
        for a in comp:
            for b in sorted(edges[a]):
                if b in comp:
                    print("   ", "::".join(a[1:]), "->", "::".join(b[1:]))
    return 1


if __name__ == "__main__":
    sys.exit(main())
