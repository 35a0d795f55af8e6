// End-to-end: a model is described in words wherever it is listed — the run
// card that trains it and the library — from its kind of learner and the
// shapes of its arrays; no engine id ("q_table", "hare_hounds") is shown
// to people.

import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './helpers';

async function finish(page: Page): Promise<void> {
  await page.getByTestId('train-start').click();
  await expect(page.getByTestId('run').first()).toHaveAttribute('data-status', 'finished', { timeout: 120_000 });
}

test('a Q-network is described by its inputs, hidden units and activation, on its run card and in the library', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/othello?tab=train&delay=0');
  await page.getByTestId('train-games').fill('40');
  await page.getByTestId('train-eval_every').fill('20');
  await page.getByTestId('train-eval_games').fill('2');
  await page.getByTestId('train-hidden').fill('12');
  await page.getByTestId('train-activation').selectOption('sigmoid');
  await finish(page);
  const words = 'Q-network, 64 inputs, mover’s view, 12 hidden units, sigmoid';
  await expect(page.getByTestId('run-learner')).toHaveText(words);
  // How it learns (the engine's summary) is in its tooltip.
  await expect(page.getByTestId('run-learner')).toHaveAttribute('title', /12 hidden · sigmoid/);
  await page.getByRole('tab', { name: 'Models' }).click();
  await expect(page.getByTestId('model-description')).toHaveText(words);
  await expect(page.locator('.model-list')).not.toContainText('qnet');
  expect(errors).toEqual([]);
});

/** The page's words: `main`'s text without code (a command line shown as
 *  code, such as how a ready-made agent was trained, names its options as
 *  the CLI does). */
function wordsOf(page: Page): Promise<string> {
  return page.locator('main').evaluate((m) => {
    const copy = m.cloneNode(true) as HTMLElement;
    for (const c of copy.querySelectorAll('code')) c.remove();
    return copy.textContent ?? '';
  });
}

test('Q-tables are described by their size: hashed (Connect Four) and dense (Hare and Hounds)', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/connect4?tab=train&delay=0');
  await page.getByTestId('train-total_games').fill('300');
  await page.getByTestId('train-block_games').fill('100');
  await finish(page);
  const hashed = page.getByTestId('run-learner');
  await expect(hashed).toHaveText(/^Q-table, [\d,]+ entries \(hashed\)$/);
  // A table that learned from 300 games holds some entries.
  expect(Number((await hashed.textContent())!.replace(/\D/g, ''))).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'Models' }).click();
  await expect(page.getByTestId('model-description')).toHaveText(/^Q-table, [\d,]+ entries \(hashed\)$/);
  expect(await wordsOf(page)).not.toContain('q_table');

  await page.goto('/#/hare_hounds?tab=train&delay=0');
  await page.getByTestId('train-total_games').fill('20');
  await page.getByTestId('train-learn_games').fill('10');
  await page.getByTestId('train-eval_games').fill('2');
  await finish(page);
  // One value per position and move of the hounds.
  await expect(page.getByTestId('run-learner')).toHaveText(/^Q-table, ([\d,]+) entries \(([\d,]+) positions × ([\d,]+) moves\)$/);
  const [, all, rows, cols] = /^Q-table, ([\d,]+) entries \(([\d,]+) positions × ([\d,]+) moves\)$/
    .exec((await page.getByTestId('run-learner').textContent())!)!
    .map((s) => Number(s.replace(/,/g, '')));
  expect(all).toBe(rows * cols);
  expect(await wordsOf(page)).not.toContain('hare_hounds');
  expect(await wordsOf(page)).not.toContain('q_table');
  expect(errors).toEqual([]);
});

test('a table that is still learning is described again at each checkpoint, as it grows', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/connect4?tab=train&delay=0&checkpointMs=300');
  await page.getByTestId('train-total_games').fill('50000000');
  await page.getByTestId('train-block_games').fill('100000');
  await page.getByTestId('train-start').click();
  const card = page.getByTestId('run').first();
  const learner = card.getByTestId('run-learner');
  const entries = async (): Promise<number> => {
    const count = /^Q-table, ([\d,]+) entries/.exec((await learner.textContent()) ?? '')?.[1];
    return count ? Number(count.replace(/,/g, '')) : 0;
  };
  await expect.poll(entries, { timeout: 30_000 }).toBeGreaterThan(0);
  const first = await entries();
  // Still running, the line says the table's size at a later checkpoint.
  await expect.poll(entries, { timeout: 30_000 }).toBeGreaterThan(first);
  await expect(card).toHaveAttribute('data-status', 'running');
  await card.getByTestId('run-stop').click();
  await expect(card).toHaveAttribute('data-status', 'stopped');
  expect(errors).toEqual([]);
});
