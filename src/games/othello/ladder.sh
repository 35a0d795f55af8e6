#!/usr/bin/env bash
# The Othello ladder of the README: every kind of player the project has,
# rated on one Elo scale by `selfplay othello ladder`.
#
#   src/games/othello/ladder.sh [openings]      (default 50: 19,000 games)
#
# The models are made by the CLI on the first run and kept in
# target/ladder/ (seeded: the same files every time), about 10 minutes:
#   selfplay othello ga --generations 50 --seed 1
#   selfplay othello train qnet --preset ql1-h64-arctan-msb --seed 1 (and 300,000 games)
#   selfplay run othello ntuple --preset fast|classic|strong --seed 1
#   the strong preset also stopped at 100,000, 500,000 and 1,000,000 games
# Then the ladder is played from scratch into target/ladder/table.tsv (a
# minute or two) and its ratings printed. Run from target/ladder/, so that
# the players' names are the short file names.
set -euo pipefail
cd "$(dirname "$0")/../../.."
openings="${1:-50}"
target="${CARGO_TARGET_DIR:-target}"
cargo build --release --quiet
cli="$(realpath "$target/release/selfplay")"
dir="$target/ladder"
mkdir -p "$dir"
cd "$dir"
make() { # FILE COMMAND... : runs the command once, when FILE is missing
  local file=$1
  shift
  if [[ ! -s "$file" ]]; then "$@" >&2; fi
}
make ga50.selfplay "$cli" othello ga --generations 50 --seed 1 --out ga50.selfplay
make qnet-msb-3m.selfplay "$cli" othello train qnet --preset ql1-h64-arctan-msb --seed 1 --eval-every 0 --out qnet-msb-3m.selfplay
make qnet-msb-300k.selfplay "$cli" run othello qnet --preset ql1-h64-arctan-msb --seed 1 --set games=300000 --set eval_every=300000 --set eval_games=2 --out qnet-msb-300k.selfplay
for preset in fast classic strong; do
  make "$preset.selfplay" "$cli" run othello ntuple --preset "$preset" --seed 1 --out "$preset.selfplay"
done
for games in 100000 500000 1000000; do
  make "strong-$((games / 1000))k.selfplay" "$cli" run othello ntuple --preset strong --seed 1 \
    --set games=$games --set eval_every=$games --set eval_games=2 --out "strong-$((games / 1000))k.selfplay"
done
rm -f table.tsv
"$cli" othello ladder random mvb msb search:1 search:2 search:3 search:4 search:5 search:6 \
  ga50.selfplay:2 ga50.selfplay:4 qnet-msb-300k.selfplay qnet-msb-3m.selfplay \
  fast.selfplay classic.selfplay strong-100k.selfplay strong-500k.selfplay strong-1000k.selfplay \
  strong.selfplay strong.selfplay:d2e12 --results table.tsv --openings "$openings"
