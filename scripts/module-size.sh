#!/usr/bin/env bash
# The size of the wasm module the page downloads, and what is in it that is
# data rather than code: every file compiled in with include_str!/include_bytes!
# whose whole text is found in the module (a file behind a feature the page's
# build leaves out is not).
# Fails when the gzipped module is above the budget (BUDGET bytes, 540,000:
# it holds every game's default opponent, Connect6's learned weights too, so
# that a game's first load needs no second module).
# Also gives the size of the learners' module (pkg/learners/, loaded only by
# the workers that train or play the learners the first leaves out), which
# has a budget of its own (LEARNERS_BUDGET bytes, 625,000).
#
#   scripts/module-size.sh     after scripts/build-wasm.sh (pkg/selfplay_bg.wasm)
set -euo pipefail
cd "$(dirname "$0")/.."

BUDGET=${BUDGET:-540000}
LEARNERS_BUDGET=${LEARNERS_BUDGET:-625000}
learners=pkg/learners/selfplay_learners_bg.wasm
wasm=pkg/selfplay_bg.wasm
[[ -f "$wasm" ]] || { echo "error: $wasm is missing: run scripts/build-wasm.sh first" >&2; exit 1; }
raw=$(wc -c <"$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
printf '%-58s %9s %9s\n' 'wasm module and the data compiled into it' bytes gzipped
printf '%-58s %9d %9d\n' "$wasm" "$raw" "$gz"
data_gz=0
while IFS= read -r line; do
  src="${line%%:*}"
  rel="$(sed -E 's/.*include_(str|bytes)!\("([^"]+)"\).*/\2/' <<<"$line")"
  file="$(cd "$(dirname "$src")" && realpath --relative-to="$OLDPWD" "$rel")"
  python3 -c 'import sys; sys.exit(open(sys.argv[1], "rb").read() not in open(sys.argv[2], "rb").read())' \
    "$file" "$wasm" || continue
  r=$(wc -c <"$file")
  g=$(gzip -9 -c "$file" | wc -c)
  data_gz=$((data_gz + g))
  printf '  %-56s %9d %9d\n' "$file" "$r" "$g"
done < <(grep -rhoE --with-filename 'include_(str|bytes)!\("[^"]+"\)' src --include=*.rs | sort -u)
printf '  %-56s %9s %9d\n' 'data in all (each file gzipped alone)' '' "$data_gz"
[[ -f "$learners" ]] || { echo "error: $learners is missing: run scripts/build-wasm.sh" >&2; exit 1; }
learners_gz=$(gzip -9 -c "$learners" | wc -c)
printf '%-58s %9d %9d\n' "$learners (when needed)" "$(wc -c <"$learners")" "$learners_gz"
if (( gz > BUDGET )); then
  echo "error: the gzipped module is $gz bytes, above the budget of $BUDGET" >&2
  exit 1
fi
if (( learners_gz > LEARNERS_BUDGET )); then
  echo "error: the gzipped learners' module is $learners_gz bytes, above its budget of $LEARNERS_BUDGET" >&2
  exit 1
fi
echo "within the budget: $gz of $BUDGET bytes gzipped ($((BUDGET - gz)) to spare);" \
  "the learners' module $learners_gz of $LEARNERS_BUDGET"
