#!/usr/bin/env bash
# Runs every test: formatting, lints (native and wasm32), the Rust tests, the
# wasm API tests in node, the page's type-check, lint, unit tests and build, the end-to-end
# tests in headless Chromium (the page and examples/), every game folder's
# skeleton, and the count of the shared files that name each game. Installs what is missing first.
#
# The steps run one after another: on two cores each cargo build already
# uses both; the wasm builds beside the native ones (tried, with a target
# directory each) took as long in all.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

# Each step's time is printed when the next begins, and all of them at the
# end, with the number of cores the machine kept busy meanwhile (from
# /proc/stat, where there is one): a step near the number of cores is bound
# by the processor, one near 1 by a single thread or by waiting.
timings=()
step_name=""
step_start=$SECONDS
cpu_ticks() {
  # Busy and total clock ticks of all cores since boot.
  if [[ -r /proc/stat ]]; then
    awk '/^cpu /{t=0; for (i=2; i<=NF; i++) t+=$i; printf "%.0f %.0f\n", t-$5-$6, t}' /proc/stat
  else
    echo "0 0"
  fi
}
read -r step_busy step_total < <(cpu_ticks)
# The cores the counts cover (the machine's, which a container may not all have).
cores=$(grep -c '^cpu[0-9]' /proc/stat 2>/dev/null || echo 1)
step() {
  local busy total used=""
  read -r busy total < <(cpu_ticks)
  if ((total > step_total)); then
    used=$(awk -v b=$((busy - step_busy)) -v t=$((total - step_total)) -v n="$cores" \
      'BEGIN {printf "%.1f cores", n * b / t}')
  fi
  if [[ -n "$step_name" ]]; then
    timings+=("$(printf '%5d s  %9s  %s' $((SECONDS - step_start)) "$used" "$step_name")")
    echo "    (${step_name}: $((SECONDS - step_start)) s${used:+, $used busy})"
  fi
  step_name="$*"
  step_start=$SECONDS
  step_busy=$busy
  step_total=$total
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

step "every game folder has the same skeleton"
python3 scripts/skeleton.py

# Clippy's native lints, denied as `cargo clippy -- -D warnings` denies them,
# run inside the test build: clippy-driver (rustc with clippy's lints)
# compiles the crate, as `cargo clippy` has it do, but with code generation,
# so no separate check build of the crate and its dependencies. The test
# binaries are then clippy-driver's: it turns off rustc's MIR optimisations
# (LLVM still optimises at the test profile's level) and its run-time checks
# of raw pointers' alignment and null (used only in a few unsafe blocks); the
# overflow checks and debug assertions stay on. A probe first makes sure that
# a lint fails a build this way.
step "clippy's lints fail a build through clippy-driver (probe)"
driver="$(clippy_driver)"
clippy_build=(env RUSTC_WORKSPACE_WRAPPER="$driver" CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__")
probe="$(mktemp -d)"
trap 'rm -rf "$probe"' EXIT
mkdir -p "$probe/src"
printf '[package]\nname = "probe"\nversion = "0.1.0"\nedition = "2021"\n[workspace]\n' > "$probe/Cargo.toml"
printf 'fn main() {\n    let v = vec![1];\n    println!("{}", v.len());\n}\n' > "$probe/src/main.rs"
if "${clippy_build[@]}" cargo build --offline --quiet --manifest-path "$probe/Cargo.toml" --target-dir "$probe/target" 2>/dev/null; then
  echo "error: a clippy lint (useless_vec) did not fail a build through clippy-driver" >&2
  exit 1
fi
printf 'fn main() {\n    let v = [1];\n    println!("{}", v.len());\n}\n' > "$probe/src/main.rs"
"${clippy_build[@]}" cargo build --offline --quiet --manifest-path "$probe/Cargo.toml" --target-dir "$probe/target"
rm -rf "$probe"
trap - EXIT

# With the long tests that a plain `cargo test` leaves out (#[ignore]: the
# rest of the FFO #40-#49 set, one test a position, a minute or two of CPU
# in all, beside the others).
# Built with clippy's lints: `cargo test` builds every target that
# `cargo clippy --all-targets` checks (library, binary, tests, examples;
# the crate has no benches, which `cargo test` would not build).
step "cargo test --include-ignored (test profile: opt-level 3), with clippy's lints"
"${clippy_build[@]}" cargo test -- --include-ignored
# The CLI binary that cargo test built; the end-to-end tests exchange model files with it.
export SELFPLAY_CLI="$PWD/target/debug/selfplay"

# Clippy's wasm32 lints on the library as the page's two modules are built
# (scripts/build-wasm.sh: no feature, and extra-learners), in check builds;
# the wasm test build below lints it with every feature, and the web tests.
# The modules themselves are not built through clippy-driver: its modules are
# not those rustc builds (10 kB larger, over the size budget), and the page
# ships rustc's. (The native library without its optional features is not
# linted here: its check build of every dependency took 27 s;
# `cargo clippy --lib --no-default-features` does it.)
step "cargo clippy (wasm32, lib, the page's two modules' features)"
cargo clippy --lib --target wasm32-unknown-unknown --no-default-features -- -D warnings
cargo clippy --lib --target wasm32-unknown-unknown --no-default-features --features extra-learners -- -D warnings

step "wasm API tests in node (wasm-bindgen-test): every tests/web*.rs, with clippy's lints"
web_tests=()
for f in tests/web*.rs; do web_tests+=(--test "$(basename "$f" .rs)"); done
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  "${clippy_build[@]}" cargo test --target wasm32-unknown-unknown "${web_tests[@]}"

step "build the wasm modules (the first, and the learners' one)"
./scripts/build-wasm.sh

step "the wasm modules' sizes (budgets: 540,000 bytes gzipped, the learners' module 625,000)"
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

# Two test files at a time (E2E_WORKERS, 2 unless set): one keeps about 1.5
# of the two cores busy. The tests that measure time run alone afterwards.
step "end-to-end tests (headless Chromium, two at a time); a test that passes only on a retry fails the run"
echo "in $CHROMIUM: $("$CHROMIUM" --version 2>/dev/null || echo "no version")"
E2E_WORKERS="${E2E_WORKERS:-2}" npx playwright test --fail-on-flaky-tests --grep-invert @timing

# Their own output folder: Playwright empties the one it writes to, and
# test-results/ keeps the pictures the run above took (screens/, and each
# test's folder).
step "end-to-end tests that measure the page's thread or wall time (@timing), alone"
E2E_WORKERS=1 npx playwright test --fail-on-flaky-tests --grep @timing --output test-results/timing

cd ..
step "each game named only in its own files, the registries and the allowed shared tests"
./scripts/game-names.sh

step "done"
echo "Time of each step:"
printf '%s\n' "${timings[@]}"
echo "  total: $SECONDS s"
echo
echo "All tests passed."
