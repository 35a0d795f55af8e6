#!/usr/bin/env bash
# Rebuilds the page's ready-made agents: every game's learners trained by
# their own runs with fixed seeds, kept at several stages, measured against
# the fixed players, into www/public/ready/ (model files and manifest.json).
# `--game ID` (repeatable) rebuilds only those games. Then checks the set:
# every figure measured again from the files, and the size budget.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --bin selfplay
start=$(date +%s)
nice -n 10 target/release/selfplay ready build --out www/public/ready "$@"
nice -n 10 target/release/selfplay ready check www/public/ready
echo "rebuilt in $(( $(date +%s) - start )) s"
