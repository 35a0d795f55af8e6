#!/usr/bin/env bash
# Rates every game's own players (fixed players and a searching player at a
# few levels) and ready-made agents together on the game's ladder, and
# writes each game's table of games (www/public/ready/<game>-ladder.tsv)
# and the ratings into www/public/ready/manifest.json, the figures the
# page's player lists and Ladder tab show. Run it again after a change to
# any player of a game (an engine level, a new ready-made agent):
#
#   scripts/ladder.sh                     every game
#   scripts/ladder.sh --game othello      one game (repeat --game for more)
#   scripts/ladder.sh --threads 2         games played at once
#   scripts/ladder.sh --resume            go on after an interruption
#
# Then `selfplay ready check www/public/ready` (and `cargo test`) checks the
# shipped tables against the manifest. Run at low priority: the ladders'
# games take from seconds (tic-tac-toe) to an hour or more of one core.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --bin selfplay
start=$(date +%s)
nice -n 10 target/release/selfplay ready rate www/public/ready "$@"
nice -n 10 target/release/selfplay ready check www/public/ready --replay 20
echo "rated in $(( $(date +%s) - start )) s"
