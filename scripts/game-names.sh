#!/usr/bin/env bash
# How many shared files name each game. A game is a plug-in: its code lives
# in its own folders (src/games/<id>/, www/src/games/<id>/), and outside them
# only three files may name it — the Rust registry (src/games/mod.rs), the
# page's registry (www/src/games/index.ts) and the model header's list of
# game names (src/model/header.rs).
#
#   scripts/game-names.sh        prints a table; exits 1 if a game is named in more than 3
#
# For each game folder src/games/<id>/, it looks for the id and its common
# spellings (hare_hounds, hare-hounds, HareHounds, any case) and the title
# from the game's `const TITLE` ("Hare and Hounds") in src/, www/src/ and
# scripts/, leaving out the game's own folders, generated files (pkg/),
# comment lines, and Rust test modules (`#[cfg(test)]` to the end of the
# file): documentation and tests may name any game.
set -euo pipefail
cd "$(dirname "$0")/.."

LIMIT=3
status=0

# Prints a file without its comment lines and its Rust test module.
code_of() {
  awk '
    /^[[:space:]]*#\[cfg\(test\)\]/ { exit }
    /^[[:space:]]*(\/\/|\/\*|\*|#[^[!])/ { next }
    /^[[:space:]]*#$/ { next }
    { print }
  ' "$1"
}

printf '%-14s %-18s %5s  %s\n' game title files 'shared files that name it'
for dir in src/games/*/; do
  id="$(basename "$dir")"
  title="$(grep -rhoE 'const TITLE: &(.static )?str = "[^"]+"' "$dir" | head -1 | sed -E 's/.*"([^"]+)"/\1/' || true)"
  patterns=("$id" "${id//_/-}" "${id//_/}")
  [[ -n "$title" ]] && patterns+=("$title")
  files=()
  while IFS= read -r f; do
    case "$f" in
      "src/games/$id/"* | "www/src/games/$id/"* | pkg/* | www/src/pkg/* | scripts/game-names.sh) continue ;;
    esac
    for p in "${patterns[@]}"; do
      if code_of "$f" | grep -qiF -- "$p"; then
        files+=("$f")
        break
      fi
    done
  done < <(find src www/src scripts -type f \( -name '*.rs' -o -name '*.ts' -o -name '*.js' -o -name '*.mjs' -o -name '*.css' -o -name '*.html' -o -name '*.sh' \) | sort)
  printf '%-14s %-18s %5d  %s\n' "$id" "${title:-?}" "${#files[@]}" "${files[*]}"
  if (( ${#files[@]} > LIMIT )); then status=1; fi
done
if (( status != 0 )); then
  echo "error: a game is named in more than $LIMIT shared files; move what is its own into its folders" >&2
fi
exit "$status"
