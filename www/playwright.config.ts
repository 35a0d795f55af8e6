import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// End-to-end tests of the built page (dist/) in Debian's Chromium, served by
// scripts/serve.mjs on 127.0.0.1 (as scripts/serve.sh serves it). Run after `vite build` (scripts/test.sh does).
const port = Number(process.env.E2E_PORT ?? 4173);
// examples/ is served from the repository root, as another site would serve pkg/.
export const examplesPort = port + 1;
// Debian's chromium-headless-shell (scripts/setup.sh installs it): the same
// Chromium without the full browser's UI, the suite in about two thirds of
// the time; CHROMIUM names another build (for example /usr/bin/chromium).
const shell = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM || (existsSync(shell) ? shell : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 180_000,
  // One test file at a time, or E2E_WORKERS at once (test.sh runs two; a
  // file may let its own tests run side by side); the tests tagged @timing
  // measure the page's thread or wall time, and test.sh runs them alone
  // afterwards (--grep @timing, one worker), on an otherwise idle machine.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  // No retries: a retry hides a failure. A wall-clock check measures several
  // times within its test (load.spec.ts); test.sh runs with --fail-on-flaky-tests.
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    headless: true,
    // The page's service worker would answer requests that tests intercept
    // with page.route(); offline.spec.ts allows it in its own context.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // The built page as a production host serves it: precompressed, hashed files cached.
      command: `node ../scripts/serve.mjs ${port} dist`,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `node e2e/static-server.mjs ${examplesPort}`,
      url: `http://127.0.0.1:${examplesPort}/examples/minimal.html`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
