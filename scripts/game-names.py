#!/usr/bin/env python3
"""Which files outside a game's own name it.

A game is a plug-in: its code lives in its own folders (src/games/<id>/,
www/src/games/<id>/), and outside them:

* code (src/, www/src/, scripts/): only the two registries may name it —
  src/games/mod.rs and www/src/games/index.ts;
* tests and docs (tests/, www/e2e/, docs/): its own files may name it —
  tests/<id>*.rs, tests/*_<id>.rs, www/e2e/<id>*.spec.ts, docs/<id>*.md,
  docs/results/<id>*/ — and the shared files listed for it in
  scripts/game-names.allowed (one "<id> <file>" a line). A line that no
  longer holds fails the check until it is dropped, and a new shared test
  that names a game fails it unless a line is added by hand (where a
  review sees it); a new game copied from tic-tac-toe names itself in its
  own files only.

    scripts/game-names.sh          prints a table; exits 1 on a file not allowed
    scripts/game-names.sh --list   prints the "<id> <file>" lines of every
                                   shared test or doc that names a game now

It looks for the id and its common spellings (hare_hounds, hare-hounds,
harehounds, any case) and the title from the game's `const TITLE`
("Hare and Hounds"), leaving out generated files (pkg/), and in code,
comment lines and Rust test modules (`#[cfg(test)]` to the end of the file).
"""
import fnmatch
import os
import re
import sys

REGISTRIES = ["src/games/mod.rs", "www/src/games/index.ts"]
ALLOWED = "scripts/game-names.allowed"
CODE_EXT = (".rs", ".ts", ".js", ".mjs", ".css", ".html", ".sh", ".py")
TEXT_EXT = (".rs", ".ts", ".md")
TITLE = re.compile(r"const TITLE: &(.static )?str = \"([^\"]+)\"")

COMMENT = re.compile(r"^\s*(//|/\*|\*/|\*\s|\*$)")
CFG_TEST = re.compile(r"^\s*#\[cfg\(test\)\]\s*$")
MOD = re.compile(r"^\s*(pub\s+)?mod\s")


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def code_of(path):
    """A file without its comment lines (`//`, `/* … */` lines and their `*`
    continuations; `#` in shell and Python) and its Rust test module
    (`#[cfg(test)]` on a `mod`, to the end of the file)."""
    lines = read(path).split("\n")
    if path.endswith((".sh", ".py")):
        return "\n".join(l for l in lines if not re.match(r"^\s*#", l))
    out = []
    pending = False
    for line in lines:
        if pending and MOD.match(line):
            break
        if pending and line.strip():
            pending = False
        if CFG_TEST.match(line):
            pending = True
            continue
        if COMMENT.match(line):
            continue
        out.append(line)
    return "\n".join(out)


def names(text, patterns):
    low = text.lower()
    return any(p.lower() in low for p in patterns)


def files(roots, keep, skip_dirs=()):
    """Every file under `roots` that `keep` accepts, as a path from the
    repository's root."""
    found = []
    for root in roots:
        for d, subdirs, fs in os.walk(root):
            subdirs[:] = [s for s in subdirs if os.path.join(d, s) not in skip_dirs]
            found.extend(os.path.join(d, f) for f in fs if keep(os.path.join(d, f)))
    return found


def title_of(game_dir):
    for d, _, fs in sorted(os.walk(game_dir)):
        for f in sorted(fs):
            m = TITLE.search(read(os.path.join(d, f)))
            if m:
                return m.group(2)
    return None


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    listing = sys.argv[1:2] == ["--list"]
    allowed_lines = [] if listing else read(ALLOWED).split("\n")
    allowed = set(allowed_lines)
    status = 0
    code = sorted(files(["src", "www/src", "scripts"], lambda f: f.endswith(CODE_EXT)))
    code_text = {}
    if not listing:
        print("%-12s %-16s %5s %5s  %s" % ("game", "title", "code", "tests", "files not allowed"))
    for game in sorted(os.listdir("src/games")):
        if game.startswith(".") or not os.path.isdir(os.path.join("src/games", game)):
            continue
        title = title_of(os.path.join("src/games", game))
        patterns = [game, game.replace("_", "-"), game.replace("_", "")]
        if title:
            patterns.append(title)
        code_files, test_files, bad = [], [], []
        own_code = ("src/games/%s/" % game, "www/src/games/%s/" % game, "pkg/", "www/src/pkg/", "scripts/game-names.")
        for f in code:
            if f.startswith(own_code) or f.endswith(".test.ts"):
                continue
            if f not in code_text:
                code_text[f] = code_of(f)
            if not names(code_text[f], patterns):
                continue
            code_files.append(f)
            if f not in REGISTRIES:
                bad.append(f)
        shared = files(
            ["tests", "www/e2e", "docs"],
            lambda f: f.endswith(TEXT_EXT) and not f.startswith("tests/data/"),
        ) + files(
            ["www/src"],
            lambda f: f.endswith(".test.ts") and not f.startswith("www/src/games/%s/" % game),
        )
        own_tests = [
            "tests/%s*.rs" % game,
            "tests/*_%s.rs" % game,
            "tests/%s_*/*" % game,
            "www/e2e/%s*.spec.ts" % game,
            "docs/%s*.md" % game,
            "docs/results/%s*/*" % game,
        ]
        for f in sorted(shared):
            if any(fnmatch.fnmatchcase(f, p) for p in own_tests):
                continue
            if not names(read(f), patterns):
                continue
            test_files.append(f)
            if listing:
                print("%s %s" % (game, f))
                continue
            if "%s %s" % (game, f) not in allowed:
                bad.append(f)
        if listing:
            continue
        print("%-12s %-16s %5d %5d  %s" % (game, title or "?", len(code_files), len(test_files), " ".join(bad)))
        if bad:
            status = 1
    if listing:
        return 0
    # A line of the list that no longer holds is dropped, so the list only shrinks.
    for line in allowed_lines:
        parts = line.split(None, 1)
        if not parts or parts[0].startswith("#"):
            continue
        game, f = parts[0], parts[1].strip() if len(parts) > 1 else ""
        spellings = re.compile("|".join(map(re.escape, [game, game.replace("_", "-"), game.replace("_", "")])), re.I)
        if os.path.isfile(f) and spellings.search(read(f)):
            continue
        title = title_of(os.path.join("src/games", game)) if os.path.isdir(os.path.join("src/games", game)) else None
        if os.path.isfile(f) and title and title.lower() in read(f).lower():
            continue
        print("error: %s lists %s for %s, which no longer names it: drop the line" % (ALLOWED, f, game), file=sys.stderr)
        status = 1
    if status != 0:
        print(
            "error: a game is named outside its own files and the registries; "
            "move what is its own into its folders (or its own tests)",
            file=sys.stderr,
        )
    return status


if __name__ == "__main__":
    # The table and the errors in the order they are found, in a log too.
    sys.stdout.reconfigure(line_buffering=True)
    sys.exit(main())
