#!/usr/bin/env bash
# Runs every test: formatting, lints (native and wasm32), the Rust tests, the
# wasm API tests in node, the page's type-check, lint, unit tests and build, the end-to-end
# tests in headless Chromium (the page and examples/), and the count of the
# shared files that name each game. Installs what is missing first.
#
# The steps run one after another: on two cores each cargo build already
# uses both; the wasm builds beside the native ones (tried, with a target
# directory each) took as long in all.
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

step "cargo clippy (native, all targets)"
cargo clippy --all-targets -- -D warnings

# With the long tests that a plain `cargo test` leaves out (#[ignore]: the
# whole FFO #40-#49 set, about a minute on one core, beside the others).
step "cargo test --include-ignored (test profile: opt-level 3)"
cargo test -- --include-ignored
# The CLI binary that cargo test built; the end-to-end tests exchange model files with it.
export SELFPLAY_CLI="$PWD/target/debug/selfplay"

step "the CLI walk and the CLI's input tests against the release binary"
cargo build --release --bin selfplay
SELFPLAY_CLI_UNDER_TEST=target/release/selfplay cargo test --test suite -- cli_walk:: cli_input::

# As the page's module is built (scripts/build-wasm.sh: without the benchmark sets).
step "cargo clippy (wasm32, lib, the page's two modules' features)"
cargo clippy --lib --target wasm32-unknown-unknown --no-default-features -- -D warnings
cargo clippy --lib --target wasm32-unknown-unknown --no-default-features --features extra-learners -- -D warnings

step "wasm API tests in node (wasm-bindgen-test): every tests/web*.rs"
web_tests=()
for f in tests/web*.rs; do web_tests+=(--test "$(basename "$f" .rs)"); done
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test --target wasm32-unknown-unknown "${web_tests[@]}"

step "build the wasm modules (the first, and the learners' one)"
./scripts/build-wasm.sh

step "the wasm modules' sizes (budgets: 505,000 bytes gzipped, the learners' module 600,000)"
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

# One file at a time. E2E_WORKERS=2 runs two (about 2 minutes less on two
# cores), with every test under load; CI keeps one.
step "end-to-end tests (headless Chromium); a test that passes only on a retry fails the run"
npx playwright test --fail-on-flaky-tests --grep-invert @timing

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
