// How long the page takes to train an n-tuple preset in a browser tab (a
// benchmark, not a test): the built page (www/dist) served as a host serves
// it, opened in headless Chromium; on its Train tab the n-tuple network with
// the preset's settings, but GAMES games, trains in one of the page's
// workers, as a visitor's run does (the preset's curve points against the
// fixed opponents included). Prints the games per second once a second, the
// time from the click on Start to the run's end, and that time scaled to the
// preset's own number of games.
//
//   node src/games/othello/tab-training.mjs [PRESET] [GAMES] [PORT]
//     PRESET  default logistello (the page's strongest network)
//     GAMES   default 200000 (two of the preset's curve steps of 100,000)
//     PORT    default 4173, or E2E_PORT
//
// Needs the built page (./scripts/build-wasm.sh, then `npx vite build` in
// www/) and Chromium (CHROMIUM, else Debian's chromium-headless-shell or
// chromium, as www/playwright.config.ts). The run is seeded (seed 1): the
// same games every time; only the time depends on the machine.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const require = createRequire(`${root}www/package.json`);
const { chromium } = require('@playwright/test');

const [preset = 'logistello', gamesArg = '200000', portArg] = process.argv.slice(2);
const games = Number(gamesArg);
const port = Number(portArg ?? process.env.E2E_PORT ?? 4173);
if (!Number.isInteger(games) || games < 1 || !Number.isInteger(port) || port < 1 || port > 65535) {
  console.error('usage: node src/games/othello/tab-training.mjs [PRESET] [GAMES] [PORT]');
  process.exit(2);
}
if (!existsSync(`${root}www/dist/index.html`)) {
  console.error('tab-training: www/dist is not built (./scripts/build-wasm.sh, then `npx vite build` in www/)');
  process.exit(2);
}
const shell = '/usr/bin/chromium-headless-shell';
const executablePath = process.env.CHROMIUM || (existsSync(shell) ? shell : '/usr/bin/chromium');

const server = spawn('node', [`${root}scripts/serve.mjs`, String(port), `${root}www/dist`], { stdio: 'ignore' });
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  const url = `http://127.0.0.1:${port}/#/othello?tab=train`;
  for (let i = 0; ; i++) {
    try {
      await page.goto(url);
      break;
    } catch (e) {
      if (i >= 50) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await page.getByTestId('train-kind').selectOption('ntuple');
  await page.getByTestId('train-preset').selectOption(preset);
  const full = Number(await page.getByTestId('train-games').inputValue());
  await page.getByTestId('train-games').fill(String(games));
  await page.getByTestId('train-seed').fill('1');
  const run = page.getByTestId('run').first();
  const t0 = Date.now();
  await page.getByTestId('train-start').click();
  let last = -1;
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const [status, done] = await Promise.all([run.getAttribute('data-status'), run.getAttribute('data-games')]);
    const s = (Date.now() - t0) / 1000;
    if (Number(done) !== last) {
      last = Number(done);
      console.log(`${s.toFixed(0).padStart(5)} s  ${last.toLocaleString('en-US').padStart(11)} games  ${(last / s).toFixed(0).padStart(6)} games/s  ${status}`);
    }
    if (status === 'finished') break;
    if (status === 'crashed' || status === 'stopped') throw new Error(`the run ${status}`);
  }
  const seconds = (Date.now() - t0) / 1000;
  console.log(`curve points at ${await run.getAttribute('data-curve')} games`);
  console.log(
    `${preset}: ${games.toLocaleString('en-US')} games in ${seconds.toFixed(1)} s from Start to the end, ${(games / seconds).toFixed(0)} games/s; ` +
      `the preset's ${full.toLocaleString('en-US')} games at that rate: ${((seconds * full) / games / 60).toFixed(1)} min`,
  );
} finally {
  await browser.close();
  server.kill();
}
