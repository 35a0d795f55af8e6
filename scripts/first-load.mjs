// Each game's first load, as a visitor on a slow link meets it: from an
// empty cache, with Chromium's network throttled to 1.6 Mbps down, 750 kbps
// up and 150 ms of latency, the moment its board is drawn, the moment a
// person can move, and the bytes that came over the link (as sent:
// compressed) until then and until the page is done loading (with the
// default opponent's file, which a ready-made agent that moves first
// fetches after its opening). Serves www/dist itself (scripts/serve.mjs) on a free port; needs
// `vite build` first and Debian's Chromium (as the end-to-end tests do).
//
//   node scripts/first-load.mjs [GAME…]     (from the repository's root; PORT, default 4390)
//
// Prints one line per game and a Markdown table for docs/page.md.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(new URL('../www/package.json', import.meta.url));
const { chromium } = require('@playwright/test');

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT ?? 4390);
// Every game that can be played, as the engine lists them (pkg/start.json, written by scripts/build-wasm.sh).
const listed = JSON.parse(readFileSync(`${root}/pkg/start.json`, 'utf8')).games.filter((g) => g.built).map((g) => g.id);
const GAMES = process.argv.length > 2 ? process.argv.slice(2) : listed;
const LINK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const shell = '/usr/bin/chromium-headless-shell';
const executablePath = process.env.CHROMIUM || (existsSync(shell) ? shell : '/usr/bin/chromium');

const server = spawn(process.execPath, [`${root}/scripts/serve.mjs`, String(port), `${root}/www/dist`], { stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((resolve) => server.stdout.once('data', resolve));
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
const rows = [];
try {
  for (const game of GAMES) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', LINK);
    // Every response of the page and its workers: the bytes as sent, and when it ended.
    const bytes = new Map();
    let open = 0;
    let quietSince = 0;
    context.on('request', () => open++);
    const ended = () => {
      open--;
      quietSince = performance.now();
    };
    context.on('requestfailed', ended);
    context.on('requestfinished', async (request) => {
      // When its last byte came, in ms since 1970 (the clock of performance.timeOrigin).
      const t = request.timing();
      const at = t.responseEnd >= 0 ? t.startTime + t.responseEnd : Date.now();
      const sizes = await request.sizes().catch(() => null);
      if (sizes) bytes.set(request.url(), { size: sizes.responseBodySize + sizes.responseHeadersSize, at });
      ended();
    });
    await page.goto(`http://127.0.0.1:${port}/#/${game}`);
    await page.waitForFunction(() => performance.getEntriesByName('board-drawn', 'mark').length > 0, null, { timeout: 60_000 });
    const drawn = await page.evaluate(() => performance.getEntriesByName('board-drawn', 'mark')[0].startTime);
    // Ready to play: a person to move, with legal moves (after the default opponent's first move where it moves first).
    await page.waitForFunction(() => {
      const board = document.querySelector('canvas.board-canvas, [data-testid="board"]');
      return board && (board.getAttribute('data-legal') || board.getAttribute('data-interactive') === 'true') && document.querySelector('.play')?.getAttribute('data-busy') === 'false';
    }, null, { timeout: 120_000, polling: 50 });
    const movable = await page.evaluate(() => performance.now());
    const origin = await page.evaluate(() => performance.timeOrigin);
    const movableAt = origin + movable;
    // Then until nothing has been under way for a second (at most 20 s).
    const end = performance.now() + 20_000;
    while (performance.now() < end && (open > 0 || performance.now() - quietSince < 1_000)) await page.waitForTimeout(100);
    const sum = (list) => list.reduce((a, [, b]) => a + b.size, 0);
    const before = sum([...bytes].filter(([, b]) => b.at <= movableAt));
    const total = sum([...bytes]);
    const wasm = sum([...bytes].filter(([u]) => u.endsWith('.wasm')));
    rows.push({ game, before, total, wasm, drawn, movable, files: bytes.size });
    if (process.env.FILES) for (const [u, b] of [...bytes].sort((x, y) => y[1].size - x[1].size)) console.log(`  ${b.size}\t${u}`);
    console.log(`${game}: board drawn at ${Math.round(drawn)} ms, a move possible at ${Math.round(movable)} ms after ${before} bytes; ${total} bytes in ${bytes.size} files (wasm ${wasm}) in all`);
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
}
console.log('\n| game | board drawn | a move possible | bytes until then | bytes in all | of which wasm |\n|---|---|---|---|---|---|');
for (const r of rows) {
  const kb = (n) => n.toLocaleString('en');
  console.log(`| ${r.game} | ${(r.drawn / 1000).toFixed(2)} s | ${(r.movable / 1000).toFixed(2)} s | ${kb(r.before)} | ${kb(r.total)} | ${kb(r.wasm)} |`);
}
