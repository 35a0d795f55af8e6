#!/usr/bin/env bash
# The Connect6 engine against Cloudict (gold medal of the 2011 Computer
# Olympiad), a program nobody here tuned: a benchmark, not a test.
#
#   src/games/connect6/vs-cloudict.sh [--level L] [--depth D] [--openings N] [--from K]
#                          [--file F] [--timeout S] [--replays R] [--engine "COMMAND"] [--json]
#
#   --level L      the engine's level (`depth L` of its protocol), default 3
#   --depth D      Cloudict's alpha-beta depth, 1 to 9, default 2
#   --openings N   the first N openings of the file, each played twice,
#                  colours swapped (default: all of them)
#   --from K       start at the file's opening K (default 1): a match in parts
#   --file F       the openings (default src/games/connect6/openings-cloudict.txt:
#                  40 openings, `referee.py --make-openings 40 --seed 47`)
#   --timeout S    seconds a turn before the program that has not answered is
#                  stopped and started afresh (default 120)
#   --replays R    times a game is played again after such a restart before it
#                  is void, counted for neither side (default 1)
#   --engine CMD   the engine's command instead of target/release/selfplay's
#                  (another build, or `… connect6 engine` with options)
#   --json         the totals as JSON
#   --records F    write every game's record (board notation, with its result) to F
#
# Cloudict's source is read from ../shared/ref/cloudict (beside the clone) and
# built into target/ref/cloudict (git-ignored) the first time; when
# ../shared/ref/cloudict is not there the script says so and stops (exit 0).
# The engine is the release build (`cargo build --release`). The referee is
# src/games/connect6/referee.py: it prints each game, then the engine's score,
# the Elo difference it means with its 95% interval, and the mean and worst
# seconds a turn of each program. Run it under `nice -n 10` on a shared machine;
# the engine's levels are bounded by search nodes, so its strength does not
# depend on the machine's load, but the seconds a turn do.
set -euo pipefail
cd "$(dirname "$0")/../../.."
level=3
depth=2
count=
from=1
replays=1
file=src/games/connect6/openings-cloudict.txt
timeout=120
engine=
json=()
records=()
while [ $# -gt 0 ]; do
  case "$1" in
    --level | --depth | --openings | --from | --file | --timeout | --replays | --engine)
      [ $# -ge 2 ] || { echo "$1 needs a value" >&2; exit 2; }
      case "$1" in
        --level) level="$2" ;;
        --depth) depth="$2" ;;
        --openings) count="$2" ;;
        --from) from="$2" ;;
        --replays) replays="$2" ;;
        --file) file="$2" ;;
        --timeout) timeout="$2" ;;
        --engine) engine="$2" ;;
      esac
      shift
      ;;
    --json) json=(--json) ;;
    --records)
      [ $# -ge 2 ] || { echo "$1 needs a value" >&2; exit 2; }
      records=(--records "$2")
      shift
      ;;
    *) echo "unknown option $1 (options: --level, --depth, --openings, --from, --file, --timeout, --replays, --engine, --json, --records)" >&2; exit 2 ;;
  esac
  shift
done
case "$depth" in [1-9]) ;; *) echo "--depth is 1 to 9, not '$depth'" >&2; exit 2 ;; esac
case "$from" in '' | *[!0-9]* | 0) echo "--from is an opening's number, 1 or more, not '$from'" >&2; exit 2 ;; esac
case "$count" in *[!0-9]*) echo "--openings is a number of openings, not '$count'" >&2; exit 2 ;; esac

source_dir=../shared/ref/cloudict
if [ ! -d "$source_dir/src" ] || [ ! -f "$source_dir/patterns.in" ]; then
  echo "Cloudict's source is not here ($source_dir): nothing to measure against; stopping."
  exit 0
fi
target="${CARGO_TARGET_DIR:-target}"
built="$target/ref/cloudict"
if [ ! -x "$built/gameEngine" ] || [ -n "$(find "$source_dir/src" -newer "$built/gameEngine" -print -quit)" ]; then
  command -v g++ >/dev/null || { echo "building Cloudict needs g++ (apt-get install g++)" >&2; exit 1; }
  echo "building Cloudict from $source_dir into $built (about 20 s)"
  mkdir -p "$built"
  g++ -O2 -w "$source_dir"/src/*.cc -o "$built/gameEngine.tmp"
  mv "$built/gameEngine.tmp" "$built/gameEngine"
fi
# Cloudict reads its patterns from the folder it runs in (and logs there).
cp "$source_dir/patterns.in" "$built/patterns.in"

if [ -z "$engine" ]; then
  cargo build --release --quiet
  engine="$(pwd)/$target/release/selfplay connect6 engine"
fi
[ -r "$file" ] || { echo "cannot read the openings file '$file'" >&2; exit 2; }
openings="$file"
if [ -n "$count" ] || [ "$from" -gt 1 ]; then
  openings="$(mktemp)"
  trap 'rm -f "$openings"' EXIT
  grep -v '^#' "$file" | grep -v '^$' | tail -n "+$from" | head -n "${count:-1000000}" >"$openings"
  [ -s "$openings" ] || { echo "$file has no opening $from" >&2; exit 2; }
fi
games=$((2 * $(grep -v '^#' "$openings" | grep -cv '^$')))
echo "engine level $level against Cloudict depth $depth: $games games ($((games / 2)) openings of $file from its opening $from, both colours)"
python3 src/games/connect6/referee.py \
  --a "$engine" --a-depth "$level" \
  --b "$(pwd)/$built/gameEngine" --b-depth "$depth" --b-cwd "$built" --b-chatter \
  --games "$games" --openings "$openings" --timeout "$timeout" --replays "$replays" ${json[@]+"${json[@]}"} ${records[@]+"${records[@]}"}
