#!/usr/bin/env bash
# Which files outside a game's own name it: see scripts/game-names.py (the
# rules, the allowed list scripts/game-names.allowed, and --list).
#
#   scripts/game-names.sh          prints a table; exits 1 on a file not allowed
#   scripts/game-names.sh --list   prints the "<id> <file>" lines of every
#                                  shared test or doc that names a game now
set -euo pipefail
exec python3 "$(dirname "$0")/game-names.py" "$@"
