// End-to-end: the short demo presets. Every kind of run whose study presets
// take long has a demo version of each (from the engine's list); chosen, its
// Start button is on screen beside the list; a demo run draws at least five
// curve points within two minutes on one worker, a few seconds apart; and
// editing a field of a preset keeps its name, "(changed)"; after Start its
// curve is on screen without scrolling; a game's view comes back on the tab
// it was left on. At 1366×768 and 390×844.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { games, initSync } from '../../pkg/selfplay.js';
import { stopIfGoing, watchErrors } from './helpers';

initSync({ module: readFileSync(fileURLToPath(new URL('../../pkg/selfplay_bg.wasm', import.meta.url))) });

interface Preset {
  id: string;
  name: string;
  group: string;
  runs: number;
}
interface Kind {
  id: string;
  presets: Preset[];
  fields: { id: string }[];
}
const list = games() as { id: string; title: string; runs: Kind[] }[];
/** Each game and kind with demo presets, and its first demo. */
const withDemos = list.flatMap((g) => g.runs.map((k, i) => ({ game: g, kind: k, first: i === 0, demo: k.presets.find((p) => p.group === 'demo') })).filter((x) => x.demo));

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

test('some kind of run has demo presets, one for each of its study presets', () => {
  expect(withDemos.length).toBeGreaterThan(0);
  for (const { kind } of withDemos) {
    const study = kind.presets.filter((p) => p.group === 'study');
    const demos = kind.presets.filter((p) => p.group === 'demo');
    expect(demos.map((d) => d.id).sort()).toEqual(study.map((p) => `${p.id}-demo`).sort());
  }
});

for (const size of SIZES) {
  test(`${size.name}: a demo preset starts beside its list and draws five curve points within two minutes`, async ({ browser }) => {
    test.setTimeout(240_000);
    const { game, kind, first, demo } = withDemos[0];
    const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch, serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`/#/${game.id}?tab=train`);
    if (!first) await page.getByTestId('train-kind').selectOption(kind.id);
    const select = page.getByTestId('train-preset');
    await select.selectOption(demo!.id);
    // The demos come first in the list.
    await expect(select.locator('optgroup').first().locator('option').first()).toHaveAttribute('value', demo!.id);
    await expect(page.getByTestId('preset-sentence')).toContainText(/minute/);
    const start = page.getByTestId('train-start-near');
    await expect(start).toBeEnabled();
    // Start is on screen beside the list, without scrolling.
    await expect(start).toBeInViewport({ ratio: 1 });
    await expect(select).toBeInViewport();

    // Editing one field keeps the preset, "(changed)"; choosing it again takes the change back.
    if (demo!.runs === 1) {
      const seed = page.getByTestId('train-seed');
      await seed.fill('5');
      await seed.press('Tab');
      await expect(select).toHaveValue(demo!.id);
      await expect(select.locator('option:checked')).toHaveText(`${demo!.name} (changed)`);
      await expect(select).toHaveAttribute('data-changed', 'true');
    }

    const began = Date.now();
    await start.click();
    const cards = page.getByTestId('run');
    await expect(cards).toHaveCount(demo!.runs);
    // The curve is what a demo shows: on screen at once, without scrolling
    // (in the board's place on a wide screen, under the run on a phone).
    const chart = page.locator('.run-chart:not([hidden]) canvas').first();
    await expect(chart).toBeVisible();
    await expect(chart).toBeInViewport({ ratio: 0.9 });
    await page.screenshot({ path: `test-results/screens/demo-started-${size.name}.png` });
    if (demo!.runs === 1) await expect(cards.first().locator('h3')).toHaveAttribute('title', new RegExp(`${demo!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(changed\\)$`));
    // Five curve points within two minutes, each within a few seconds of the last.
    const times: number[] = [];
    let seen = 0;
    await expect
      .poll(
        async () => {
          const n = Math.min(...(await cards.evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.points)))));
          while (seen < n) {
            seen++;
            times.push(Date.now() - began);
          }
          return n;
        },
        { timeout: 120_000, intervals: [250] },
      )
      .toBeGreaterThanOrEqual(5);
    expect(times[4]).toBeLessThan(120_000);
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    expect(Math.max(...gaps)).toBeLessThan(20_000);
    // The chart draws them.
    await expect(page.locator('.run-chart:not([hidden]) canvas').first()).toBeVisible();
    for (const c of await cards.all()) await stopIfGoing(c);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('a field typed in while a chosen preset is read keeps what was typed, and the preset says "(changed)"', async ({ page }) => {
  const errors = watchErrors(page);
  const { game, demo } = withDemos.find((x) => x.first && x.demo!.runs === 1 && x.kind.fields.some((f) => f.id === 'seed'))!;
  await page.goto(`/#/${game.id}?tab=train`);
  const select = page.getByTestId('train-preset');
  await expect(select.locator(`option[value="${demo!.id}"]`)).toHaveCount(1);
  // The preset is read from the engine's worker: the field changes before its answer can come.
  await page.evaluate(
    ([presetId]) => {
      const list = document.querySelector<HTMLSelectElement>('[data-testid="train-preset"]')!;
      list.value = presetId;
      list.dispatchEvent(new Event('change'));
      const seed = document.querySelector<HTMLInputElement>('[data-testid="train-seed"]')!;
      seed.value = '4321';
      seed.dispatchEvent(new Event('input'));
    },
    [demo!.id],
  );
  await expect(page.getByTestId('train-start-near')).toBeEnabled();
  await expect(page.getByTestId('train-seed')).toHaveValue('4321');
  await expect(select).toHaveValue(demo!.id);
  await expect(select.locator('option:checked')).toHaveText(`${demo!.name} (changed)`);
  expect(errors).toEqual([]);
});

for (const size of SIZES) {
  test(`${size.name}: coming back to a game finds the tab it was left on`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/#/othello');
    await page.getByRole('tab', { name: 'Train' }).click();
    await expect(page.getByRole('tab', { name: 'Train' })).toHaveAttribute('aria-selected', 'true');
    await page.locator('nav[aria-label="Games"]').getByRole('link', { name: 'Connect Four' }).click();
    await expect(page.getByRole('tab', { name: 'Play' })).toHaveAttribute('aria-selected', 'true');
    await page.locator('nav[aria-label="Games"]').getByRole('link', { name: 'Othello' }).click();
    await expect(page.getByRole('tab', { name: 'Train' })).toHaveAttribute('aria-selected', 'true');
    expect(errors).toEqual([]);
    await context.close();
  });
}
