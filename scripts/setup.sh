# Installs what the build and the tests need, when it is missing. Sourced by
# serve.sh and test.sh; each function is quiet when there is nothing to do.

# The wasm-bindgen CLI must match the wasm-bindgen crate exactly: read the
# version from Cargo.lock.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock
}

ensure_rust() {
  if ! command -v cargo >/dev/null; then
    echo "error: cargo is not installed; install Rust (https://rustup.rs) first" >&2
    exit 1
  fi
  if command -v rustup >/dev/null; then
    if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
      echo "==> rustup target add wasm32-unknown-unknown"
      rustup target add wasm32-unknown-unknown
    fi
  fi
}

# The path of clippy-driver (rustc with clippy's lints), installing the
# toolchain's clippy component when it is missing.
clippy_driver() {
  # rustup's proxy is on the PATH even without the component: ask it to run.
  if ! clippy-driver -V >/dev/null 2>&1 && command -v rustup >/dev/null; then
    rustup component add clippy >&2
  fi
  clippy-driver -V >/dev/null 2>&1 || { echo "error: clippy-driver is not installed (rustup component add clippy)" >&2; exit 1; }
  command -v clippy-driver
}

ensure_wasm_bindgen() {
  local want have
  want="$(wasm_bindgen_version)"
  have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
  if [[ "$have" != "$want" ]]; then
    echo "==> cargo install wasm-bindgen-cli --version $want (found: ${have:-none})"
    cargo install wasm-bindgen-cli --version "$want"
  fi
}

ensure_node() {
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "error: node and npm are needed (node 20.19 or newer)" >&2
    exit 1
  fi
  # npm ci when node_modules is missing or older than the lock file.
  if [[ ! -f www/node_modules/.package-lock.json || www/package-lock.json -nt www/node_modules/.package-lock.json ]]; then
    echo "==> npm ci (www/)"
    (cd www && npm ci --no-audit --no-fund)
  fi
}

# The end-to-end tests run in Debian's `chromium-headless-shell`: the same
# Chromium build (Blink, V8) without the full browser's windowing and UI,
# which cost each test's new context and page about 1.2 core-seconds; the
# suite takes about two thirds of the time it takes in `chromium`
# (CHROMIUM=/usr/bin/chromium runs it there). Where the shell cannot be
# installed, the tests fall back to `chromium` (www/playwright.config.ts).
ensure_chromium() {
  if [[ ! -x /usr/bin/chromium-headless-shell ]]; then
    local sudo=""
    if [[ "$(id -u)" != 0 ]]; then sudo="sudo"; fi
    echo "==> apt-get install chromium-headless-shell"
    $sudo apt-get update || echo "warning: apt-get update failed; installing from the package lists there are" >&2
    if ! $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium-headless-shell; then
      echo "warning: chromium-headless-shell could not be installed; the end-to-end tests run in chromium, about 150 s longer" >&2
      if [[ ! -x /usr/bin/chromium ]]; then
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
      fi
    fi
  fi
  # The browser the end-to-end tests use (www/playwright.config.ts reads it).
  if [[ -z "${CHROMIUM:-}" ]]; then
    if [[ -x /usr/bin/chromium-headless-shell ]]; then
      export CHROMIUM=/usr/bin/chromium-headless-shell
    else
      export CHROMIUM=/usr/bin/chromium
    fi
  fi
}
