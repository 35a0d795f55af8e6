#!/usr/bin/env bash
# Runs every test: formatting, lints (native and wasm32), the Rust tests, the
# wasm API tests in node, the page's type-check, lint, unit tests and build, the end-to-end
# tests in headless Chromium (the page and examples/), and the count of the
# shared files that name each game. Installs what is missing first.
#
# Two sides run at once: the native side (lint, tests, the release binary's
# CLI checks) in the foreground, the wasm side (lint, API tests in node, the
# module, the page's checks and build) in the background with a target
# directory of its own (target/wasm-side), its log printed when it ends. On
# two cores each fills the other's single-threaded phases (a crate's front
# end, the release build's link-time optimisation). The end-to-end tests
# need both and run last.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

# Each step's time is printed when the next begins, and all of them at the end.
timings=()
step_name=""
step_start=$SECONDS
step() {
  if [[ -n "$step_name" ]]; then
    timings+=("$(printf '%5d s  %s' $((SECONDS - step_start)) "$step_name")")
    echo "    (${step_name}: $((SECONDS - step_start)) s)"
  fi
  step_name="$*"
  step_start=$SECONDS
  echo
  echo "==> $*"
}

ensure_rust
ensure_wasm_bindgen
ensure_node
ensure_chromium

step "cargo fmt --check"
cargo fmt --all -- --check

step "no import circle between the crate's modules"
python3 scripts/module-cycles.py

# The wasm side, in the background: its own step times go to $side_times.
side_log="$(mktemp)"
side_times="$(mktemp)"
(
  set -euo pipefail
  export CARGO_TARGET_DIR=target/wasm-side
  timings=()
  step_name=""
  step "cargo clippy (wasm32, lib)"
  cargo clippy --lib --target wasm32-unknown-unknown -- -D warnings

  step "wasm API tests in node (wasm-bindgen-test): every tests/web*.rs"
  web_tests=()
  for f in tests/web*.rs; do web_tests+=(--test "$(basename "$f" .rs)"); done
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    cargo test --target wasm32-unknown-unknown "${web_tests[@]}"

  step "build the wasm module"
  ./scripts/build-wasm.sh

  step "the wasm module's size (budget: 500,000 bytes gzipped)"
  ./scripts/module-size.sh

  cd www
  step "tsc --noEmit"
  npx tsc --noEmit

  step "eslint (typescript-eslint, type-aware)"
  npx eslint .

  step "unit tests of the page's logic (vitest, in node)"
  npx vitest run

  step "vite build"
  npx vite build

  step "done"
  printf '%s\n' "${timings[@]}" >"$side_times"
) >"$side_log" 2>&1 &
side_pid=$!
# Stops the wasm side if the native side fails first.
trap 'kill "$side_pid" 2>/dev/null || true' EXIT

step "cargo clippy (native, all targets)"
cargo clippy --all-targets -- -D warnings

step "cargo test (test profile: opt-level 3)"
cargo test
# The CLI binary that cargo test built; the end-to-end tests exchange model files with it.
export SELFPLAY_CLI="$PWD/target/debug/selfplay"

step "the long tests (#[ignore]d in cargo test: the whole FFO #40-#49 set, about a minute)"
cargo test -- --ignored

step "the CLI walk and the CLI's input tests against the release binary"
cargo build --release --bin selfplay
SELFPLAY_CLI_UNDER_TEST=target/release/selfplay cargo test --test suite -- cli_walk:: cli_input::

step "wait for the wasm side (its log follows)"
side_status=0
wait "$side_pid" || side_status=$?
trap - EXIT
cat "$side_log"
if [[ $side_status -ne 0 ]]; then
  echo "error: the wasm side failed (exit $side_status); its log is above" >&2
  exit "$side_status"
fi
while IFS= read -r line; do timings+=("$line   (wasm side, beside the native steps)"); done <"$side_times"

cd www
step "end-to-end tests (headless Chromium), two files at a time; a test that passes only on a retry fails the run"
E2E_WORKERS=2 npx playwright test --fail-on-flaky-tests --grep-invert @timing

step "end-to-end tests that measure the page's thread or wall time (@timing), alone"
npx playwright test --fail-on-flaky-tests --grep @timing

cd ..
step "each game named only in its own files, the registries and the allowed shared tests"
./scripts/game-names.sh

step "done"
echo "Time of each step:"
printf '%s\n' "${timings[@]}"
echo "  total: $SECONDS s"
echo
echo "All tests passed."
