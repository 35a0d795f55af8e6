// End-to-end: Connect6's ready-made learner, and what it learned. A first
// visit plays the learned weights shipped with the page; the Models tab
// shows their weights beside the hand-set ones they started from — the
// weights that moved most, then every pattern by phase, one count at a time —
// with the values the CLI prints for the same file, and again once copied
// into the library, where the view passes an accessibility check.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { clickSquare, selfplay, tapSquare, watchErrors } from './helpers';

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

const FILE = fileURLToPath(new URL('../public/ready/connect6-td-30000.selfplay', import.meta.url));

/** The CLI's table of one count: the learned weight of each pattern in each phase, by group and pattern. */
function cliWeights(variant: number): string[][] {
  const rows: string[][] = [];
  let group = '';
  let table = false;
  for (const line of selfplay('connect6', 'weights', FILE, '--variant', String(variant)).split('\n')) {
    if (line.includes(' / learned')) table = true;
    else if (!table || !line.trim()) continue;
    else if (!line.startsWith(' ')) group = line;
    else {
      // "  one threat      -0.360 /   -0.021   …": the name, then hand-set / learned per phase.
      const m = /^ {2}(.+?)\s{2,}(.*)$/.exec(line);
      if (!m) throw new Error(`unread line: ${line}`);
      const learned = [...m[2].matchAll(/(-?\d+\.\d+)\s*\/\s*(-?\d+\.\d+)/g)].map((p) => p[2]);
      rows.push([group, m[1], ...learned]);
    }
  }
  return rows;
}

/** The view's table: group, pattern and the learned weight in each phase, as the CLI writes numbers. */
async function pageWeights(page: Page): Promise<string[][]> {
  return page.getByTestId('weights-table').evaluate((t) => {
    const rows: string[][] = [];
    let group = '';
    for (const tr of t.querySelectorAll('tbody tr')) {
      if (tr.classList.contains('weights-group')) group = tr.textContent ?? '';
      else rows.push([group, tr.querySelector('th')?.textContent ?? '', ...[...tr.querySelectorAll('.weights-value')].map((v) => (v.textContent ?? '').replace('−', '-'))]);
    }
    return rows;
  });
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });

    test('a first visit plays the learned weights that ship with the page', async ({ page }, info) => {
      const errors = watchErrors(page);
      await page.goto('/#/connect6?delay=0');
      await expect(page.getByTestId('player-1')).toHaveValue('ready:td-30000');
      await expect(page.getByTestId('player-about-1')).toContainText('ready-made');
      // A tap shows the stone, a second places it (a click places it at once).
      if (size.touch) for (let i = 0; i < 2; i++) await tapSquare(page, 'j10');
      else await clickSquare(page, 'j10');
      // Black's one stone, then the learner's pair.
      await expect(page.getByTestId('moves').locator('.move')).toHaveCount(3, { timeout: 30_000 });
      await page.screenshot({ path: info.outputPath(`c6-ready-play-${size.name}.png`) });
      expect(errors).toEqual([]);
    });

    test('the Weights view shows every learned weight beside the hand-set one, as the CLI prints them', async ({ page }, info) => {
      const errors = watchErrors(page);
      await page.goto('/#/connect6?tab=models&first=human&second=human');
      const row = page.locator('[data-ready-id="td-30000"]');
      await row.getByTestId('ready-weights').click();
      const view = page.getByTestId('weights-view');
      await expect(view).toBeVisible();
      await expect(view.getByRole('heading', { level: 2 })).toContainText('after 30,000 games');
      // What moved most comes first, with the hand-set value and the learned one.
      await expect(view.getByTestId('weights-moved').locator('li')).toHaveCount(6);
      await expect(view.getByTestId('weights-moved').locator('li').first()).toContainText('→');
      await page.screenshot({ path: info.outputPath(`c6-weights-${size.name}.png`) });

      // The plain counts: 11 + 12 line patterns, 2 × 2 windows and 2 × 3 bonuses, each in three phases.
      const plain = await pageWeights(page);
      expect(plain).toHaveLength(33);
      expect(plain.map((r) => r.slice(1))).toEqual(cliWeights(0).map((r) => r.slice(1)));
      expect(plain.map((r) => r[0].toLowerCase())).toEqual(cliWeights(0).map((r) => r[0].toLowerCase()));
      // On the diagonals: the line patterns only.
      await view.getByTestId('weights-variant').selectOption({ label: 'on a diagonal' });
      const diagonal = await pageWeights(page);
      expect(diagonal).toHaveLength(23);
      expect(diagonal.map((r) => r.slice(1))).toEqual(cliWeights(5).map((r) => r.slice(1)));
      await view.getByTestId('weights-table').locator('tbody tr').nth(3).scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`c6-weights-table-${size.name}.png`) });

      // Tab stays in the view: from Close backwards to its last control, and on round to Close.
      await view.getByTestId('weights-close').focus();
      await page.keyboard.press('Shift+Tab');
      await expect(view.getByTestId('weights-csv')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(view.getByTestId('weights-close')).toBeFocused();
      // Escape leaves it; focus is back on the button that opened it.
      await page.keyboard.press('Escape');
      await expect(view).toHaveCount(0);
      await expect(row.getByTestId('ready-weights')).toBeFocused();
      expect(errors).toEqual([]);
    });
  });
}

test('a model copied into the library shows the same weights, and they download as a table', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/connect6?tab=models&first=human&second=human');
  await page.locator('[data-ready-id="td-2000"]').getByTestId('ready-copy').click();
  const model = page.getByTestId('model');
  await expect(model).toHaveCount(1);
  await model.getByTestId('model-weights').click();
  const view = page.getByTestId('weights-view');
  await expect(view).toBeVisible();
  const plain = await pageWeights(page);
  expect(plain).toHaveLength(33);
  // No serious or critical accessibility violation in the view.
  const axe = await new AxeBuilder({ page }).include('[data-testid="weights-view"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  const download = page.waitForEvent('download');
  await view.getByTestId('weights-csv').click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  // A header, then every weight: 3 phases × (23 × 6 line counts + 4 × 5 window counts + 6 bonuses) = 492.
  const lines = csv.trim().split('\n');
  expect(lines).toHaveLength(1 + 492);
  // The view's numbers are the table's, to three decimals: the opponent's one threat in the endgame, for one.
  const threat = plain.find((r) => r[0].startsWith('The opponent') && r[1] === 'one threat')!;
  const line = lines.find((l) => l.startsWith("The opponent's patterns,one threat,endgame,plain count,-0.36,"))!;
  expect(Number(line.split(',').pop()).toFixed(3)).toBe(threat[4]);
  await view.getByTestId('weights-close').click();
  await expect(view).toHaveCount(0);
  expect(errors).toEqual([]);
});
