#!/usr/bin/env bash
# The Othello strength table: the Reversi study's search player at depths
# 1–6, with the hand-set weights and with weights tuned by the genetic
# algorithm, against random, MVB, MSB and a trained Q-network.
#
#   src/games/othello/strength.sh [games]      (default 1000 games per cell)
#
# Both colours (half the games each), the first 5 plies random. The tuned set
# and the Q-network are made by the CLI on the first run and kept in
# target/strength/ (seeded: the same files every time):
#   selfplay othello ga --generations 50 --seed 1               (about 20 s)
#   selfplay othello train qnet --preset ql1-h64-arctan-msb --seed 1  (about 6 min)
# Prints a Markdown table of the search player's share of wins (draws and
# losses not counted as wins), in all and as black / as white.
set -euo pipefail
cd "$(dirname "$0")/../../.."
games="${1:-1000}"
target="${CARGO_TARGET_DIR:-target}"
cargo build --release --quiet
cli="$target/release/selfplay"
dir="$target/strength"
mkdir -p "$dir"
ga="$dir/ga50-seed1.selfplay"
net="$dir/ql1-h64-arctan-msb-seed1.selfplay"
if [[ ! -s "$ga" ]]; then
  "$cli" othello ga --generations 50 --seed 1 --out "$ga" >&2
fi
if [[ ! -s "$net" ]]; then
  "$cli" othello train qnet --preset ql1-h64-arctan-msb --seed 1 --eval-every 0 --out "$net" >&2
fi

win() { # A B → "wins% (as black / as white)"
  "$cli" othello match "$1" "$2" --games "$games" --seed 1 --json | node -e '
    const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const n = (s) => s.wins + s.draws + s.losses;
    const p = (x, t) => (100 * x / t).toFixed(1);
    const w = r.a_first.wins + r.a_second.wins;
    console.log(`${p(w, n(r.a_first) + n(r.a_second))}% (${p(r.a_first.wins, n(r.a_first))} / ${p(r.a_second.wins, n(r.a_second))})`);'
}

echo "| weights | depth | vs random | vs MVB | vs MSB | vs Q-network |"
echo "|---|---|---|---|---|---|"
for weights in hand tuned; do
  for depth in 1 2 3 4 5 6; do
    if [[ $weights == hand ]]; then a="search:$depth"; else a="$ga:$depth"; fi
    row="| $weights | $depth"
    for b in random mvb msb "$net"; do
      row="$row | $(win "$a" "$b")"
    done
    echo "$row |"
  done
done
