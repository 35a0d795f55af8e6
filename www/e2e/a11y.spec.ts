import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';

// Accessibility: axe-core on every view and tab finds no serious or critical
// violation.

async function serious(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

test('no serious or critical accessibility violation on the landing view and every tab of every game', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /teach themselves/ })).toBeVisible();
  const found: string[] = (await serious(page)).map((v) => `landing: ${v}`);
  for (const game of ['othello', 'hare_hounds', 'connect4']) {
    await page.goto(`/#/${game}`);
    await expect(page.getByRole('tab', { name: 'Play' })).toBeVisible();
    for (const tab of ['Play', 'Train', 'Models']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForLoadState('networkidle');
      found.push(...(await serious(page)).map((v) => `${game} ${tab}: ${v}`));
    }
  }
  expect(found).toEqual([]);
});
