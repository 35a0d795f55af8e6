#!/usr/bin/env bash
# A Selfplay Othello player against the engine of Egaroucid for Web (a
# benchmark, not a test): the project's openings, each played twice with the
# colours swapped, at one Egaroucid level; prints the score with its 95%
# interval and each side's time per move.
#
#   src/games/othello/vs-egaroucid.sh PLAYER LEVEL [OPENINGS] [engine-match options…]
#
#   PLAYER    as `selfplay othello match` takes it: `FILE:5` (a model as the
#             evaluation of a 5-ply search, exact from 10 empty squares),
#             `search:3`, `msb`, …
#   LEVEL     Egaroucid's level L: L plies in the middle game, exact from 2L
#             empty squares (so `FILE:L` is the same depth and endgame)
#   OPENINGS  how many of src/games/othello/match_openings.txt (default 100)
#   options   passed to `selfplay othello engine-match`: --jobs 2, --ms 1000,
#             --nodes 2000000 (a budget a move the same under load),
#             --games-out FILE, --verbose, …
#
# The engine is built from ../shared/ref/egaroucid-web (its source, GPL-3.0,
# not part of the project) into target/ref/egaroucid-web/ on the first run
# (g++, about 5 s). Without ../shared/ref the script says so and stops.
set -euo pipefail
cd "$(dirname "$0")/../../.."
if [[ $# -lt 2 ]]; then
  sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
player="$1"
level="$2"
count="${3:-100}"
shift 2
[[ $# -gt 0 ]] && shift
src="../shared/ref/egaroucid-web"
if [[ ! -f "$src/nboard_egaroucid_web.cpp" ]]; then
  echo "vs-egaroucid: $src is not here (the reference programs are not part of the project); nothing measured." >&2
  exit 0
fi
target="${CARGO_TARGET_DIR:-target}"
engine="$target/ref/egaroucid-web/egaroucid-nboard"
if [[ ! -x "$engine" || "$src/nboard_egaroucid_web.cpp" -nt "$engine" ]]; then
  mkdir -p "$(dirname "$engine")"
  echo "vs-egaroucid: building Egaroucid for Web's engine from $src into $engine" >&2
  g++ -O3 -std=c++17 -DNO_BOOK -I"$src" "$src/nboard_egaroucid_web.cpp" -o "$engine" -lpthread
fi
cargo build --release --quiet
exec "$target/release/selfplay" othello engine-match "$player" --engine "$(realpath "$engine")" \
  --level "$level" --openings src/games/othello/match_openings.txt --count "$count" "$@"
