#!/usr/bin/env bash
# Which files outside a game's own name it. A game is a plug-in: its code
# lives in its own folders (src/games/<id>/, www/src/games/<id>/), and
# outside them:
#
# * code (src/, www/src/, scripts/): only the two registries may name it —
#   src/games/mod.rs and www/src/games/index.ts;
# * tests and docs (tests/, www/e2e/, docs/): its own files may name it —
#   tests/<id>*.rs, tests/*_<id>.rs, www/e2e/<id>*.spec.ts, docs/<id>*.md,
#   docs/results/<id>*/ — and the shared files listed for it in
#   scripts/game-names.allowed (one "<id> <file>" a line). A line that no
#   longer holds fails the check until it is dropped, and a new shared test
#   that names a game fails it unless a line is added by hand (where a
#   review sees it); a new game copied from tic-tac-toe names itself in its
#   own files only.
#
#   scripts/game-names.sh          prints a table; exits 1 on a file not allowed
#   scripts/game-names.sh --list   prints the "<id> <file>" lines of every
#                                  shared test or doc that names a game now
#
# It looks for the id and its common spellings (hare_hounds, hare-hounds,
# harehounds, any case) and the title from the game's `const TITLE`
# ("Hare and Hounds"), leaving out generated files (pkg/), and in code,
# comment lines and Rust test modules (`#[cfg(test)]` to the end of the
# file).
set -euo pipefail
cd "$(dirname "$0")/.."

REGISTRIES=(src/games/mod.rs www/src/games/index.ts)
ALLOWED=scripts/game-names.allowed
status=0

# Prints a file without its comment lines (`//`, `/* … */` lines and their
# `*` continuations; `#` in shell and Python) and its Rust test module
# (`#[cfg(test)]` on a `mod`, to the end of the file).
code_of() {
  case "$1" in
    *.sh | *.py)
      awk '/^[[:space:]]*#/ { next } { print }' "$1" ;;
    *)
      awk '
        pending && /^[[:space:]]*(pub[[:space:]]+)?mod[[:space:]]/ { exit }
        pending && !/^[[:space:]]*$/ { pending = 0 }
        /^[[:space:]]*#\[cfg\(test\)\][[:space:]]*$/ { pending = 1; next }
        /^[[:space:]]*(\/\/|\/\*|\*\/|\*[[:space:]]|\*$)/ { next }
        { print }
      ' "$1" ;;
  esac
}

# Whether file $2 mentions any of the patterns after it (code: $1 = code).
names() {
  local kind=$1 f=$2
  shift 2
  local text
  if [[ $kind == code ]]; then text="$(code_of "$f")"; else text="$(cat "$f")"; fi
  for p in "$@"; do
    if grep -qiF -- "$p" <<<"$text"; then return 0; fi
  done
  return 1
}

list=false
[[ "${1:-}" == --list ]] && list=true
$list || printf '%-12s %-16s %5s %5s  %s\n' game title code tests 'files not allowed'
for dir in src/games/*/; do
  id="$(basename "$dir")"
  title="$(grep -rhoE 'const TITLE: &(.static )?str = "[^"]+"' "$dir" | head -1 | sed -E 's/.*"([^"]+)"/\1/' || true)"
  patterns=("$id" "${id//_/-}" "${id//_/}")
  [[ -n "$title" ]] && patterns+=("$title")
  code_files=()
  test_files=()
  bad=()
  while IFS= read -r f; do
    case "$f" in
      "src/games/$id/"* | "www/src/games/$id/"* | pkg/* | www/src/pkg/* | scripts/game-names.* | *.test.ts) continue ;;
    esac
    names code "$f" "${patterns[@]}" || continue
    code_files+=("$f")
    if ! printf '%s\n' "${REGISTRIES[@]}" | grep -qxF "$f"; then bad+=("$f"); fi
  done < <(find src www/src scripts -type f \( -name '*.rs' -o -name '*.ts' -o -name '*.js' -o -name '*.mjs' -o -name '*.css' -o -name '*.html' -o -name '*.sh' -o -name '*.py' \) | sort)
  while IFS= read -r f; do
    case "$f" in
      tests/"$id"*.rs | tests/*_"$id".rs | tests/"$id"_*/* | www/e2e/"$id"*.spec.ts | docs/"$id"*.md | docs/results/"$id"*/*) continue ;;
    esac
    names text "$f" "${patterns[@]}" || continue
    test_files+=("$f")
    if $list; then echo "$id $f"; continue; fi
    if ! grep -qxF "$id $f" "$ALLOWED"; then bad+=("$f"); fi
  done < <( (find tests www/e2e docs -type f \( -name '*.rs' -o -name '*.ts' -o -name '*.md' \) -not -path 'tests/data/*'
              find www/src -type f -name '*.test.ts' -not -path "www/src/games/$id/*") | sort)
  $list && continue
  printf '%-12s %-16s %5d %5d  %s\n' "$id" "${title:-?}" "${#code_files[@]}" "${#test_files[@]}" "${bad[*]:-}"
  if (( ${#bad[@]} > 0 )); then status=1; fi
done
$list && exit 0
# A line of the list that no longer holds is dropped, so the list only shrinks.
while read -r id f; do
  [[ -z "$id" || "$id" == \#* ]] && continue
  if [[ ! -f "$f" ]] || ! grep -qiE -- "$id|${id//_/-}|${id//_/}" "$f"; then
    if [[ -f "$f" ]] && [[ -n "$(grep -rhoE 'const TITLE: &(.static )?str = "[^"]+"' "src/games/$id/" | head -1 | sed -E 's/.*"([^"]+)"/\1/' | grep -iFf - "$f" || true)" ]]; then
      continue
    fi
    echo "error: $ALLOWED lists $f for $id, which no longer names it: drop the line" >&2
    status=1
  fi
done <"$ALLOWED"
if (( status != 0 )); then
  echo "error: a game is named outside its own files and the registries; move what is its own into its folders (or its own tests)" >&2
fi
exit "$status"
