import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { games, initSync } from '../../pkg/selfplay.js';

// Accessibility: axe-core on every view and tab finds no serious or critical
// violation. One test per game, run side by side when there are workers to
// spare (each test opens its own page).

initSync({ module: readFileSync(fileURLToPath(new URL('../../pkg/selfplay_bg.wasm', import.meta.url))) });
// The games that can be played (a game still to come is listed on the landing page, not linked).
const ids = (games() as { id: string; built: boolean }[]).filter((g) => g.built).map((g) => g.id);

test.describe.configure({ mode: 'parallel' });

async function serious(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

test('no serious or critical accessibility violation on the landing view, whose header lists every game', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /teach themselves/ })).toBeVisible();
  const nav = page.locator('header nav a[href^="#/"]');
  await expect(nav.first()).toBeVisible();
  const listed = await nav.evaluateAll((as) => as.map((a) => (a.getAttribute('href') ?? '').slice(2)));
  expect([...listed].sort()).toEqual([...ids].sort());
  expect((await serious(page)).map((v) => `landing: ${v}`)).toEqual([]);
});

for (const game of ids) {
  test(`no serious or critical accessibility violation on every tab of ${game}`, async ({ page }) => {
    const found: string[] = [];
    await page.goto(`/#/${game}`);
    await expect(page.getByRole('tab', { name: 'Play' })).toBeVisible();
    const tabs = page.locator('.tabs[role="tablist"]').getByRole('tab');
    for (let i = 0; i < (await tabs.count()); i++) {
      const tab = (await tabs.nth(i).textContent()) ?? '';
      await tabs.nth(i).click();
      await page.waitForLoadState('networkidle');
      found.push(...(await serious(page)).map((v) => `${game} ${tab}: ${v}`));
    }
    expect(found).toEqual([]);
  });
}

test('no serious or critical accessibility violation in views with content: a ladder with ratings, a move list, a refused record, a missing model', async ({ page }) => {
  test.setTimeout(240_000);
  const found: string[] = [];
  // Othello's ladder, shipped with its players and their ratings.
  await page.goto('/#/othello?tab=ladder');
  await expect(page.getByTestId('ladder-note')).toContainText('Ratings relative to Random');
  found.push(...(await serious(page)).map((v) => `othello ladder: ${v}`));
  // The move list with moves in it (a pass, undone moves, the current one) and a refused record.
  await page.goto('/#/othello?first=human&second=human&moves=d3+c3+b3+b2+f5+a3+a1+c1+pass+e3&at=6');
  await expect(page.getByTestId('moves').locator('.move')).toHaveCount(10);
  await page.getByTestId('record-paste').fill('f5a1');
  await page.getByTestId('record-load').click();
  await expect(page.getByTestId('record-status')).toHaveAttribute('data-kind', 'error');
  found.push(...(await serious(page)).map((v) => `othello move list and record: ${v}`));
  // A link that names a model this browser does not have: the box that asks for its file.
  await page.goto('/#/hare_hounds?first=human&second=net:not-here&moves=a-e');
  await expect(page.getByTestId('missing-model')).toBeVisible();
  found.push(...(await serious(page)).map((v) => `hare_hounds missing model: ${v}`));
  expect(found).toEqual([]);
});
