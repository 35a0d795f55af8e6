// End-to-end: the learning curves show how noisy each measurement is. A win
// rate measured on n games is drawn with a shaded band, its 95% range
// ±1.96·√(p(1−p)/n); other curves are drawn as a moving average with the
// measured values as faint dots. The legend has one entry per drawn line,
// in the line's dash style, with a tooltip in words.

import { expect, test } from '@playwright/test';
import { watchErrors } from './helpers';

/** The 95% half-width of a rate (percent) measured on n games, in percentage points. */
const half = (percent: number, n: number) => 100 * 1.96 * Math.sqrt(((percent / 100) * (1 - percent / 100)) / n);

test('win rates carry their 95% band, and the legend has one entry per line in its dash style', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/othello?tab=train&delay=0');
  await page.getByTestId('train-games').fill('400');
  await page.getByTestId('train-eval_every').fill('200');
  await page.getByTestId('train-eval_games').fill('30');
  await page.getByTestId('train-hidden').fill('8');
  await page.getByTestId('train-seed').fill('5');
  await page.getByTestId('train-start').click();
  await expect(page.getByTestId('run').first()).toHaveAttribute('data-status', 'finished', { timeout: 120_000 });

  // One row per curve in the chart's data: random, MVB and MSB, as black and as white.
  const rows = page.locator('[data-chart="qnet.win"] .chart-data tr[data-y]');
  await expect(rows).toHaveCount(6);
  const measured = await rows.evaluateAll((trs) =>
    trs.map((tr) => {
      const d = (tr as HTMLElement).dataset;
      return { y: Number(d.y), n: Number(d.n), half: Number(d.half), text: tr.textContent ?? '' };
    }),
  );
  for (const m of measured) {
    // Each point was measured on the games of one colour against one opponent.
    expect(m.n).toBeGreaterThan(0);
    expect(m.n).toBeLessThanOrEqual(30);
    expect(m.half).toBeCloseTo(half(m.y, m.n), 9);
    expect(m.text).toContain(`± ${half(m.y, m.n).toFixed(1)}`);
  }
  // Not every rate is 0% or 100% (where the band is empty): the check above checked real widths.
  expect(measured.some((m) => m.half > 1)).toBe(true);

  // The legend: one entry per line, dashed lines shown dashed, each with the band's meaning in words.
  const entries = page.locator('[data-chart="qnet.win"] .legend-entry');
  await expect(entries).toHaveCount(6);
  await expect(entries.filter({ hasText: 'as white' })).toHaveCount(3);
  for (const e of await entries.all()) {
    const white = (await e.textContent())!.includes('as white');
    await expect(e).toHaveAttribute('data-dash', white ? '6 4' : 'solid');
    const line = e.locator('svg line');
    if (white) await expect(line).toHaveAttribute('stroke-dasharray', '6 4');
    else await expect(line).not.toHaveAttribute('stroke-dasharray', /./);
    await expect(e).toHaveAttribute('data-band', '95%');
    await expect(e).toHaveAttribute('title', /95% range .*by chance/);
  }
  await expect(page.locator('[data-chart="qnet.win"] .chart-note')).toContainText('could be off by chance');
  await expect(page.locator('[data-chart="qnet.win"]').getByTestId('chart-empty')).toBeHidden();
  // Six bands at once are each drawn faint.
  const chart = page.locator('[data-chart="qnet.win"]');
  await expect(chart).toHaveAttribute('data-band-shade', '0.06');
  // Hiding one line leaves the others, and the five bands left are each a little darker.
  await entries.first().click();
  await expect(entries.first()).toHaveAttribute('aria-pressed', 'false');
  await expect(entries.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(chart).toHaveAttribute('data-band-shade', '0.064');
  for (let i = 1; i < 5; i++) await entries.nth(i).click();
  await expect(chart).toHaveAttribute('data-band-shade', '0.16');
  expect(errors).toEqual([]);
});

test('curves that are not sampled rates are drawn as a moving average with the measured dots', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/connect4?tab=train&delay=0');
  await page.getByTestId('train-total_games').fill('3000');
  await page.getByTestId('train-block_games').fill('300');
  await page.getByTestId('train-start').click();
  await expect(page.getByTestId('run').first()).toHaveAttribute('data-status', 'finished', { timeout: 120_000 });
  // Moves per game: an average of the block, not a rate: no band.
  const moves = page.locator('[data-chart="q_table.moves"]');
  await expect(moves.locator('.legend-entry')).toHaveCount(1);
  await expect(moves.locator('.legend-entry')).toHaveAttribute('data-band', 'average');
  await expect(moves.locator('.chart-note')).toContainText('averages over 5 points');
  await expect(moves.locator('.chart-data tr[data-y]')).not.toHaveAttribute('data-half', /./);
  // Wins per block: a rate measured on the block's 300 games.
  const win = page.locator('[data-chart="q_table.win"] .chart-data tr[data-y]');
  await expect(win).toHaveAttribute('data-n', '300');
  const y = Number(await win.getAttribute('data-y'));
  expect(Number(await win.getAttribute('data-half'))).toBeCloseTo(half(y, 300), 9);
  expect(errors).toEqual([]);
});
