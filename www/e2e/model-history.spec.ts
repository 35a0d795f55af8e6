// End-to-end: a shared model keeps its history. A model trained in the page,
// exported as a file and imported again (here after it was deleted, as a
// friend would import it) shows its learning curves again, and the date it
// was trained, with the date of the import apart. At a laptop's and a
// phone's size.

import { expect, test, type Browser } from '@playwright/test';
import { watchErrors } from './helpers';

const SIZES = [
  { name: 'laptop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

async function open(browser: Browser, size: (typeof SIZES)[number]) {
  const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch, acceptDownloads: true });
  return { context, page: await context.newPage() };
}

for (const size of SIZES) {
  test(`an exported model, imported again, has its curve and the date it was trained (${size.name})`, async ({ browser }, testInfo) => {
    const { context, page } = await open(browser, size);
    const errors = watchErrors(page);
    // A short run of tic-tac-toe's learner, saved to the library when it finishes.
    await page.goto('/#/tictactoe?tab=train&delay=0');
    await page.getByTestId('train-games').fill('3000');
    await page.getByTestId('train-start').click();
    const run = page.getByTestId('run').first();
    await expect(run).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
    await expect(run).toHaveAttribute('data-saved', 'true');
    const points = Number(await run.getAttribute('data-points'));
    expect(points).toBeGreaterThanOrEqual(2);

    await page.getByRole('tab', { name: 'Models' }).click();
    const model = page.getByTestId('model').first();
    await expect(model.getByTestId('model-curve')).toBeVisible();
    const trained = (await model.getByTestId('model-dates').textContent())!.match(/· trained ([^·]+?)(?: ·|$)/)![1].trim();
    const [download] = await Promise.all([page.waitForEvent('download'), model.getByTestId('model-export').click()]);
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);

    // Gone from the library, then imported from the file two days later.
    await page.clock.install();
    await page.clock.fastForward('48:00:00');
    await model.getByTestId('model-delete').click();
    await expect(page.getByTestId('model')).toHaveCount(0);
    await page.getByTestId('model-import').setInputFiles(file);
    const imported = page.getByTestId('model').first();
    await expect(imported).toBeVisible();
    // The date it was trained, and the import's apart.
    await expect(imported.getByTestId('model-dates')).toContainText(`· trained ${trained} · imported `);
    const importedAt = (await imported.getByTestId('model-dates').textContent())!.match(/imported (.+)$/)![1];
    expect(importedAt).not.toBe(trained);
    // Its curves, as they were drawn.
    await imported.getByTestId('model-curve').click();
    const view = page.getByRole('dialog');
    await expect(view).toBeVisible();
    await expect(view.locator('canvas').first()).toBeVisible();
    await page.screenshot({ path: `test-results/screens/imported-curve-${size.name === 'laptop' ? 'desktop' : 'phone'}.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
}
