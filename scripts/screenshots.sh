#!/usr/bin/env bash
# Makes the README's pictures: each game's main view at a laptop and a phone
# size, taken by the end-to-end test www/e2e/screenshots.spec.ts in headless
# Chromium, and About the studies, a game's notices and a chart in the board's
# place (studies.spec.ts, notices.spec.ts, chart-board-place.spec.ts), and
# docs/page.md's: a slow link's first board, won games, the ladder, a demo
# just started, the offline state and an imported model's curves; copied
# into docs/screenshots/. Run after scripts/build-wasm.sh.
set -euo pipefail
cd "$(dirname "$0")/../www"
npx vite build
npx playwright test e2e/screenshots.spec.ts e2e/studies.spec.ts e2e/notices.spec.ts e2e/chart-board-place.spec.ts \
  e2e/slow-link.spec.ts e2e/game-end.spec.ts e2e/ladder.spec.ts e2e/demo-presets.spec.ts e2e/offline.spec.ts e2e/model-history.spec.ts
mkdir -p ../docs/screenshots
cp test-results/screens/*.png ../docs/screenshots/
ls -l ../docs/screenshots/
