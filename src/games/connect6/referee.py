#!/usr/bin/env python3
"""Plays Connect6 programs against each other over the engine protocol.

Each program is a command that speaks the plain-text protocol of
`selfplay connect6 engine` (docs/connect6.md, "A protocol for other
programs"): `new white`, `black XXXX` / `white XXXX` to place stones, `next`
answered by `move XXXX`, `depth d`, `quit`. The referee keeps the board
itself: it sets each opening with `black`/`white` lines, asks the side to
move for its turn with `next`, passes the turn on to the other program, and
ends the game at six or more in a row (also by the first stone of a pair,
which is then a whole turn) or a full board. A program that answers with
anything else than a legal turn loses the game. Before each game the
referee asks each program its `name` and drops any line it sent before the
answer.

A program that does not answer within the time limit (a turn or `name`), or
that has gone, is stopped and started afresh, and the game is played again
from its opening (`--replays`, once by default); when it fails again the
game is void: it counts for neither side, its turns' times are left out, and
the totals list it. The match goes on either way.

    referee.py --a "selfplay connect6 engine" --a-depth 4 \\
               --b "other-program --protocol" --b-depth 3 \\
               --openings src/games/connect6/openings.txt --games 100

Openings are records in the board's notation (`J10; K11 K9`), one a line
(blank lines and lines starting with `#` skipped); each is played twice,
colours swapped. Without openings each game starts from the empty board.
`--make-openings N --seed S` prints N openings instead (Black's J10, then a
White pair within two points of it, no two alike up to the board's
symmetries), the same for the same seed.

A program that prints more than its answers (its search progress, its help)
is run with `--a-chatter`/`--b-chatter`: of its lines only `move XXXX`
answers (and `name`) are read, the others dropped. `--a-cwd`/`--b-cwd` start
a program in a folder of its own (one that reads its data files from there).

Prints one line a game and the totals: A's score, the Elo difference it
means with a 95% interval, and each program's mean and worst seconds a turn;
`--json` prints the totals as JSON.
"""

import argparse
import os
import json
import math
import random
import re
import shlex
import signal
import subprocess
import sys
import threading
import time

SIZE = 19
LETTERS = "ABCDEFGHIJKLMNOPQRS"
# The lines a chattering program's answers are read from.
ANSWER = re.compile(r"^(move [A-Sa-s]{2,4}|name \S+)$")
# The search reports a chattering program prints: a name, a colon, a number.
REPORT = re.compile(r"^(Node|AB Time|VCF node|VCF time)\s*:\s*([0-9.]+)$")


def fail(message):
    """Bad input: the message on standard error, exit code 2, before any game."""
    print(message, file=sys.stderr)
    sys.exit(2)


def parse_point(text):
    """`J10` (column J, row 10 from the top) to (row, column)."""
    text = text.strip().upper()
    col = LETTERS.index(text[0]) if text[:1] and text[0] in LETTERS else -1
    try:
        row = int(text[1:]) - 1
    except ValueError:
        row = -1
    if col < 0 or not 0 <= row < SIZE:
        raise ValueError(f"'{text}' is not a point (A1 to S19)")
    return row, col


def stone_text(point):
    row, col = point
    return LETTERS[col] + LETTERS[row]


def parse_stones(text):
    """Protocol stones (`KKLL`) to points."""
    if len(text) not in (2, 4) or any(c.upper() not in LETTERS for c in text):
        raise ValueError(f"'{text}' is not one or two stones")
    return [(LETTERS.index(text[i + 1].upper()), LETTERS.index(text[i].upper()))
            for i in range(0, len(text), 2)]


def placer(i):
    """The side (0 Black, 1 White) that places stone number i."""
    return 0 if i == 0 or ((i - 1) // 2) % 2 == 1 else 1


class Board:
    def __init__(self):
        self.cells = {}
        self.winner = None

    def to_move(self):
        return placer(len(self.cells))

    def stones_left(self):
        n = len(self.cells)
        return 2 if n + 1 < SIZE * SIZE and placer(n + 1) == placer(n) else 1

    def place(self, point):
        if not (0 <= point[0] < SIZE and 0 <= point[1] < SIZE) or point in self.cells:
            raise ValueError(f"{stone_text(point)} is taken or off the board")
        side = self.to_move()
        self.cells[point] = side
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            run = 1
            for sign in (1, -1):
                r, c = point[0] + sign * dr, point[1] + sign * dc
                while self.cells.get((r, c)) == side:
                    run += 1
                    r, c = r + sign * dr, c + sign * dc
            if run >= 6:
                self.winner = side

    def over(self):
        return self.winner is not None or len(self.cells) == SIZE * SIZE


class Program:
    """One program behind the protocol, with a line reader that can time out."""

    def __init__(self, command, depth, cwd=None, chatter=False):
        self.command = command
        self.depth = depth
        self.cwd = cwd
        self.chatter = chatter
        self.seconds = 0.0
        self.turns = 0
        self.worst = 0.0
        # What a chattering program reports of its searches, summed
        # (Cloudict's `Node :`, `AB Time :`, `VCF node :`, `VCF time :`).
        self.reported = {}
        # Times the program was stopped and started afresh.
        self.restarts = 0
        self._start()

    def _start(self):
        try:
            # A session of its own, so that stopping it stops its children.
            self.proc = subprocess.Popen(
                shlex.split(self.command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                text=True, bufsize=1, cwd=self.cwd, start_new_session=True)
        except (OSError, ValueError) as e:
            fail(f"error: cannot start '{self.command}': {e}")
        # Each run of the program has its own lines, read by its own thread.
        self.lines = []
        self.ready = threading.Condition()
        threading.Thread(target=self._read, args=(self.proc, self.lines, self.ready),
                         daemon=True).start()
        # `name` requests not answered yet (a late answer is still to come).
        self.names = 0
        if self.depth is not None:
            self.send(f"depth {self.depth}")

    def restart(self):
        """Stops the program (and what it started) and starts it afresh."""
        self._stop()
        self.restarts += 1
        self._start()

    def _stop(self):
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass

    def _read(self, proc, lines, ready):
        try:
            for line in proc.stdout:
                line = line.strip()
                if self.chatter:
                    m = REPORT.match(line)
                    if m:
                        key = m.group(1).lower().replace(" ", "_")
                        with ready:
                            # Not a stopped run's late reports.
                            if proc is self.proc:
                                self.reported[key] = self.reported.get(key, 0.0) + float(m.group(2))
                with ready:
                    lines.append(line)
                    ready.notify()
        except (OSError, ValueError):
            pass
        with ready:
            lines.append(None)
            ready.notify()

    def send(self, line):
        """Sends a line; False if the program has gone."""
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
            return True
        except OSError:
            return False

    def sync(self, timeout):
        """Drops every line still unread (a late answer, an error line) by
        asking `name` and reading up to its answer (and that of any earlier
        `name` still unanswered); False if it does not come in time."""
        if not self.send("name"):
            return False
        self.names += 1
        end = time.monotonic() + timeout
        while self.names > 0:
            line = self.answer(end - time.monotonic())
            if line is None:
                return False
            if line.startswith("name"):
                self.names -= 1
        return True

    def answer(self, timeout):
        end = time.monotonic() + timeout
        with self.ready:
            while True:
                while self.lines and (self.lines[0] == "" or self.chatter and self.lines[0] is not None
                                      and not ANSWER.match(self.lines[0])):
                    self.lines.pop(0)
                if self.lines:
                    return self.lines.pop(0)
                left = end - time.monotonic()
                if left <= 0 or not self.ready.wait(left):
                    return None

    def quit(self):
        self.send("quit")
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._stop()


class Hang(Exception):
    """A program that did not answer in time or has gone: `who` is its index."""

    def __init__(self, who, why):
        super().__init__(why)
        self.who = who
        self.why = why


def play(programs, black, opening, timeout, record=None, times=None):
    """One game, `programs[black]` as Black: (winner index or None, stones, why).
    Each turn's stones are appended to `record` (a list of turns), each
    program's seconds a turn to `times[i]`. Raises Hang when a program does
    not answer in time or has gone."""
    board = Board()
    record = [] if record is None else record
    times = [[], []] if times is None else times
    player = [black, 1 - black]
    for i, p in enumerate(programs):
        if not p.sync(timeout) or not p.send("new white"):
            raise Hang(i, f"{'AB'[i]} does not answer `name`")
    for turn in opening:
        colour = "black" if board.to_move() == 0 else "white"
        for point in turn:
            board.place(point)
        record.append(list(turn))
        for i, p in enumerate(programs):
            if not p.send(f"{colour} {''.join(stone_text(q) for q in turn)}"):
                raise Hang(i, f"{'AB'[i]} has gone")
    while not board.over():
        side = board.to_move()
        who = player[side]
        me = programs[who]
        start = time.monotonic()
        if not me.send("next"):
            raise Hang(who, f"{'AB'[who]} has gone")
        line = me.answer(timeout)
        times[who].append(time.monotonic() - start)
        if line is None:
            gone = me.proc.poll() is not None
            raise Hang(who, f"{'AB'[who]} {'has gone' if gone else 'no answer in time'}"
                            f" after {len(board.cells)} stones")
        fault = None
        placed = []
        if not line.startswith("move "):
            fault = f"answered '{line}'"
        else:
            try:
                stones = parse_stones(line[5:].strip())
                left = board.stones_left()
                if len(stones) > left:
                    raise ValueError(f"{len(stones)} stones, with {left} to place")
                for q in stones:
                    # A stone after a six is not played: the six won.
                    if board.over():
                        break
                    board.place(q)
                    placed.append(q)
                # One stone of two is a whole turn only when it ends the game.
                if len(placed) < left and not board.over():
                    raise ValueError(f"{len(stones)} stone, with {left} to place")
            except ValueError as e:
                fault = f"an illegal turn '{line}': {e}"
        if fault:
            return player[1 - side], len(board.cells), f"{'AB'[who]} {fault}"
        record.append(placed)
        other = player[1 - side]
        turn = "".join(stone_text(q) for q in placed)
        if not programs[other].send(f"{'black' if side == 0 else 'white'} {turn}"):
            raise Hang(other, f"{'AB'[other]} has gone")
    if board.winner is None:
        return None, len(board.cells), "a full board"
    return player[board.winner], len(board.cells), "six in a row"


def play_counted(programs, black, opening, timeout, replays, record):
    """One game as `play`, a program that hangs restarted and the game played
    again up to `replays` times: (winner, stones, why, void, restarts' reasons).
    Only a counted game's turn times go into the programs' totals, and only
    its search reports."""
    hangs = []
    for _ in range(replays + 1):
        del record[:]
        times = [[], []]
        reported = [dict(p.reported) for p in programs]
        try:
            winner, stones, why = play(programs, black, opening, timeout, record, times)
        except Hang as h:
            hangs.append(h.why)
            for p, r in zip(programs, reported):
                p.reported = r
            programs[h.who].restart()
            continue
        for p, ts in zip(programs, times):
            p.seconds += sum(ts)
            p.turns += len(ts)
            p.worst = max([p.worst] + ts)
        return winner, stones, why, False, hangs
    return None, 0, "; ".join(hangs), True, hangs


def read_openings(path):
    try:
        stream = sys.stdin if path == "-" else open(path, encoding="utf-8")
    except OSError as e:
        fail(f"error: {path}: {e.strerror}")
    openings = []
    with stream:
        for n, line in enumerate(stream, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                turns = [[parse_point(s) for s in t.split()] for t in line.split(";") if t.strip()]
                check = Board()
                for turn in turns:
                    if len(turn) != check.stones_left():
                        raise ValueError("a turn of the wrong number of stones")
                    for q in turn:
                        check.place(q)
                if check.over():
                    raise ValueError("the game is over")
            except ValueError as e:
                fail(f"error: {path} line {n}: {e}")
            openings.append(turns)
    if not openings:
        fail(f"error: {path} holds no opening")
    return openings


def symmetric(point, k):
    """One of the board's eight symmetries (k 0 to 7) of a point."""
    r, c = point
    for _ in range(k % 4):
        r, c = c, SIZE - 1 - r
    return (r, SIZE - 1 - c) if k >= 4 else (r, c)


def opening_pairs():
    """Every White pair within two points of J10, one of each set of pairs
    alike up to the eight symmetries of the board (which keep J10): 44."""
    near = [(9 + dr, 9 + dc) for dr in range(-2, 3) for dc in range(-2, 3) if (dr, dc) != (0, 0)]
    forms = set()
    for i, a in enumerate(near):
        for b in near[i + 1:]:
            forms.add(min(tuple(sorted(symmetric(q, k) for q in (a, b))) for k in range(8)))
    return sorted(forms)


def make_openings(count, seed):
    """`count` openings: Black's J10, then a White pair of [opening_pairs],
    drawn by a seeded generator."""
    pairs = opening_pairs()
    random.Random(seed).shuffle(pairs)
    return pairs[:count]


def point_text(point):
    return f"{LETTERS[point[1]]}{point[0] + 1}"


def elo(score):
    """The Elo difference a score (0 to 1) means; None at 0 or 1."""
    if score <= 0 or score >= 1:
        return None
    return -400 * math.log10(1 / score - 1)


def elo_text(value, bound=False):
    if value is None:
        return "beyond reach" if not bound else "unbounded"
    return f"{value:+.0f}"


def rating(results):
    """A's score over the games (1, 1/2, 0 each), the Elo difference and its
    95% interval, from the spread of the games' results."""
    n = len(results)
    if n == 0:
        return 0.0, 0.0, None, None, None
    score = sum(results) / n
    var = sum((x - score) ** 2 for x in results) / n
    half = 1.96 * math.sqrt(var / n)
    lo, hi = max(score - half, 0.0), min(score + half, 1.0)
    return score, half, elo(score), elo(lo), elo(hi)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", required=True, help="program A's command")
    ap.add_argument("--b", required=True, help="program B's command")
    ap.add_argument("--a-depth", type=int, help="program A's level (`depth d`)")
    ap.add_argument("--b-depth", type=int, help="program B's level (`depth d`)")
    ap.add_argument("--games", type=int, default=2, help="games, colours alternating (A Black first)")
    ap.add_argument("--openings", help="a file of openings (`-`: standard input)")
    ap.add_argument("--a-cwd", help="the folder program A runs in")
    ap.add_argument("--b-cwd", help="the folder program B runs in")
    ap.add_argument("--a-chatter", action="store_true", help="read only `move` answers of A")
    ap.add_argument("--b-chatter", action="store_true", help="read only `move` answers of B")
    ap.add_argument("--timeout", type=float, default=60.0,
                    help="seconds a turn (or `name`) before the program is restarted")
    ap.add_argument("--replays", type=int, default=1,
                    help="times a game is played again after a program hangs, before it is void")
    ap.add_argument("--json", action="store_true", help="print the totals as JSON")
    ap.add_argument("--records", help="write each game's record and result to this file")
    ap.add_argument("--make-openings", type=int, metavar="N",
                    help="print N openings (at most 44) and stop")
    ap.add_argument("--seed", type=int, default=1, help="the seed of --make-openings")
    if "--make-openings" in sys.argv:
        for action in ap._actions:
            action.required = False
    args = ap.parse_args()
    if args.make_openings is not None:
        if not 1 <= args.make_openings <= len(opening_pairs()):
            fail(f"error: --make-openings is 1 to {len(opening_pairs())} "
                 "(the White pairs near J10, up to symmetry)")
        print(f"# Connect6 openings: J10, then a White pair within two points of it, "
              f"no two alike up to symmetry (referee.py --make-openings {args.make_openings} "
              f"--seed {args.seed}).")
        for pair in make_openings(args.make_openings, args.seed):
            print(f"J10; {point_text(pair[0])} {point_text(pair[1])}")
        return
    if args.games < 1:
        fail("error: --games must be at least 1")
    if args.replays < 0:
        fail("error: --replays must be at least 0")
    openings = read_openings(args.openings) if args.openings else [[]]
    programs = [Program(args.a, args.a_depth, args.a_cwd, args.a_chatter),
                Program(args.b, args.b_depth, args.b_cwd, args.b_chatter)]
    score = {"a": 0, "b": 0, "draws": 0}
    results = []
    records = []
    # Void games (by number) and why each restart was needed.
    voids = []
    restarts = []
    try:
        for g in range(args.games):
            black = g % 2
            opening = openings[(g // 2) % len(openings)]
            record = []
            winner, stones, why, void, hangs = play_counted(
                programs, black, opening, args.timeout, args.replays, record)
            restarts.extend(f"game {g + 1}: {h}" for h in hangs)
            if void:
                voids.append(g + 1)
                if not args.json:
                    print(f"game {g + 1:3}: {'AB'[black]} Black: void ({why}; "
                          f"{len(hangs)} restarts)", flush=True)
                continue
            if args.records:
                result = "1/2" if winner is None else ("1-0" if winner == black else "0-1")
                records.append("; ".join(" ".join(point_text(q) for q in t) for t in record)
                               + f" {result}")
            key = "draws" if winner is None else "ab"[winner]
            score[key] += 1
            results.append(0.5 if winner is None else 1.0 - winner)
            if not args.json:
                result = "a draw" if winner is None else f"{'AB'[winner]} wins"
                again = f"; played again after: {'; '.join(hangs)}" if hangs else ""
                print(f"game {g + 1:3}: {'AB'[black]} Black: {result} after {stones} stones "
                      f"({why}{again})", flush=True)
    finally:
        for p in programs:
            p.quit()
        if args.records:
            try:
                with open(args.records, "w", encoding="utf-8") as f:
                    f.write("".join(r + "\n" for r in records))
            except OSError as e:
                print(f"error: {args.records}: {e.strerror}", file=sys.stderr)
    per_turn = [p.seconds / max(p.turns, 1) for p in programs]
    share, half, diff, lo, hi = rating(results)
    total = {**score, "games": len(results), "score": round(share, 4),
             "score_interval": round(half, 4), "elo": diff and round(diff, 1),
             "elo_low": lo and round(lo, 1), "elo_high": hi and round(hi, 1),
             "a_seconds_a_turn": round(per_turn[0], 4), "b_seconds_a_turn": round(per_turn[1], 4),
             "a_worst_seconds": round(programs[0].worst, 4),
             "b_worst_seconds": round(programs[1].worst, 4),
             "a_turns": programs[0].turns, "b_turns": programs[1].turns,
             "a_reported": programs[0].reported, "b_reported": programs[1].reported,
             "void": len(voids), "void_games": voids,
             "a_restarts": programs[0].restarts, "b_restarts": programs[1].restarts,
             "restarts": restarts}
    if args.json:
        print(json.dumps(total))
    else:
        if restarts:
            print(f"{len(restarts)} restarts (A {programs[0].restarts}, B {programs[1].restarts}): "
                  + "; ".join(restarts))
            print(f"{len(voids)} void games, counted for neither side: "
                  + (", ".join(map(str, voids)) if voids else "none"))
        if results:
            print(f"A: {score['a']} wins, {score['draws']} draws, {score['b']} losses "
                  f"in {len(results)} games: score {share:.3f} ± {half:.3f} (95%), "
                  f"Elo {elo_text(diff)} [{elo_text(lo, True)}, {elo_text(hi, True)}]")
        else:
            print("A: no game counted")
        for name, p, t in (("A", programs[0], per_turn[0]), ("B", programs[1], per_turn[1])):
            print(f"{name}: {t:.3f} s a turn on average, {p.worst:.3f} s at worst ({p.turns} turns)")
            r = p.reported
            if r.get("ab_time") and r.get("node"):
                print(f"{name} reports {r['node'] / max(p.turns, 1):.0f} alpha-beta nodes a turn, "
                      f"{r['node'] / r['ab_time']:.0f} a second of its own clock"
                      + (f"; {r.get('vcf_node', 0) / max(p.turns, 1):.0f} threat-search nodes a turn, "
                         f"{r.get('vcf_node', 0) / r['vcf_time']:.0f} a second" if r.get("vcf_time") else ""))


if __name__ == "__main__":
    main()
