#!/usr/bin/env python3
"""Every game folder has the same skeleton (README, "Adding a game").

For each game (a folder of src/games/ with a mod.rs), the files of the same
roles must be there:

    src/games/<id>/mod.rs           the modules, in the order they depend on each other
    src/games/<id>/rules.rs         the rules (Game)
    src/games/<id>/playable.rs      what the page shows of a position (Playable)
    src/games/<id>/players.rs       its fixed players (or a players/ folder with mod.rs)
    src/games/<id>/learners/mod.rs  the list of its kinds of run (KINDS), one file a learner
    src/games/<id>/entry.rs         the plug-in (GameEntry)
    src/games/<id>/bench.rs         its speed measurements
    www/src/games/<id>/index.ts     the page's part
    www/src/games/<id>/study.json   the study's figures the page shows

and each is declared in the folder's mod.rs. Prints what is missing and
exits 1; prints the games checked and exits 0 otherwise.
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
GAMES = os.path.join(ROOT, "src", "games")
MODULES = ["rules", "playable", "players", "learners", "entry", "bench"]


def problems(game):
    here = os.path.join(GAMES, game)
    out = []
    mod = open(os.path.join(here, "mod.rs"), encoding="utf-8").read()
    for m in MODULES:
        single = os.path.join(here, m + ".rs")
        folder = os.path.join(here, m, "mod.rs")
        if m == "learners":
            ok = os.path.isfile(folder)
        else:
            ok = os.path.isfile(single) or (m == "players" and os.path.isfile(folder))
        if not ok:
            want = f"{m}/mod.rs" if m == "learners" else f"{m}.rs"
            out.append(f"src/games/{game}/{want} is missing")
        elif not re.search(rf"^\s*(pub(\([a-z]+\))?\s+)?mod\s+{m}\s*;", mod, re.M):
            out.append(f"src/games/{game}/mod.rs does not declare mod {m}")
    learners = os.path.join(here, "learners", "mod.rs")
    if os.path.isfile(learners):
        text = open(learners, encoding="utf-8").read()
        if not re.search(r"pub static KINDS\s*:", text):
            out.append(f"src/games/{game}/learners/mod.rs does not list its kinds of run (pub static KINDS)")
    for f in ["index.ts", "study.json"]:
        if not os.path.isfile(os.path.join(ROOT, "www", "src", "games", game, f)):
            out.append(f"www/src/games/{game}/{f} is missing")
    return out


def main():
    games = sorted(
        d for d in os.listdir(GAMES) if os.path.isfile(os.path.join(GAMES, d, "mod.rs"))
    )
    found = [p for g in games for p in problems(g)]
    for p in found:
        print(f"error: {p}", file=sys.stderr)
    if found:
        print("every game folder has the skeleton of README.md's \"Adding a game\"", file=sys.stderr)
        return 1
    print(f"{len(games)} games, each with the skeleton: {', '.join(games)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
