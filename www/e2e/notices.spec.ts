// End-to-end: notices never cover a control, nor push one far down. They
// sit in the page's flow under the game's tabs, a few at most, the newest on
// top, in a box of about one and a half (the rest scroll inside); an error
// is said once and stays until it is closed,
// information goes by itself; a model file of another game says so and
// offers to open that game with it. At a laptop's and a phone's size.

import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { choosePreset, selfplay, watchErrors } from './helpers';



const SIZES = [
  { name: 'laptop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

async function open(browser: Browser, size: (typeof SIZES)[number]): Promise<Page> {
  const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });
  return context.newPage();
}

/**
 * Whether the element of `testid` (or the tab named `tab`) is the one the
 * browser finds at its own centre — nothing lies over it — with the element
 * just under the header, in the middle of the screen and at its bottom.
 */
async function uncovered(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const target = document.querySelector<HTMLElement>(sel)!;
    const header = document.querySelector('header')!.getBoundingClientRect().bottom;
    const covered: string[] = [];
    for (const where of ['top', 'middle', 'bottom']) {
      const r0 = target.getBoundingClientRect();
      const want = where === 'top' ? header + 4 : where === 'middle' ? (innerHeight - r0.height) / 2 : innerHeight - r0.height - 4;
      window.scrollBy(0, r0.top - want);
      const r = target.getBoundingClientRect();
      // Only where the page can scroll it to.
      if (r.top < header || r.bottom > innerHeight) continue;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(hit === target || target.contains(hit)))
        covered.push(`${where}: ${hit ? `${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}` : 'nothing'}`);
    }
    return covered;
  }, selector);
}

for (const size of SIZES) {
  test(`notices never cover the tabs or New game and Undo; a model of another game opens that game (${size.name})`, async ({ browser }, testInfo) => {
    const hare = testInfo.outputPath('hounds.selfplay');
    selfplay('hare-hounds', 'train', '--side', 'hounds', '--opponent', 'random', '--games', '200', '--seed', '3', '--out', hare);
    const page = await open(browser, size);
    const errors = watchErrors(page);
    await page.clock.install();
    await page.goto('/#/othello?first=human&second=human&seed=1&tab=models&delay=0');
    await expect(page.getByRole('tab', { name: 'Models' })).toHaveAttribute('aria-selected', 'true');
    const bad = (name: string) => ({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(`not a model: ${name}`) });
    const notices = page.getByTestId('notices').locator('.notice');
    const drop = page.getByTestId('drop-zone');
    const dropTop = async () => (await drop.boundingBox())!.y;
    const before = await dropTop();
    // A file that is not a model is said once, beside the drop zone, not again as a notice.
    await page.getByTestId('model-import').setInputFiles([bad('one.selfplay'), bad('two.selfplay'), bad('three.selfplay')]);
    await expect(page.getByTestId('models-status')).toContainText('three.selfplay was not imported');
    await expect(notices).toHaveCount(0);
    // A model of another game: a notice, with the button that opens that game. Three of them, then a fourth.
    for (const name of ['a', 'b', 'c', 'd']) {
      await page.getByTestId('model-import').setInputFiles({ name: `${name}.selfplay`, mimeType: 'application/octet-stream', buffer: readFileSync(hare) });
      await expect(notices.first()).toContainText(`${name}.selfplay was not imported`);
    }
    // A few at most: the oldest went; the newest is on top.
    await expect(notices).toHaveCount(3);
    await expect(notices.last()).toContainText('b.selfplay was not imported');
    await expect(notices.first()).toContainText('This is a model of Hare and Hounds, not of Othello: import it on that game’s page.');
    // However many there are, they push the drop zone down by a notice and a half at most.
    expect(await dropTop()).toBeLessThan(before + 150);
    await expect(drop).toBeInViewport();
    // Errors stay until closed.
    await page.clock.fastForward(60_000);
    await expect(notices).toHaveCount(3);

    for (const tab of ['#tab-play', '#tab-train', '#tab-models']) expect(await uncovered(page, tab), tab).toEqual([]);
    await page.getByRole('tab', { name: 'Play' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/screens/notices-${size.name === 'laptop' ? 'desktop' : 'phone'}.png` });
    for (const control of ['[data-testid="new-game"]', '[data-testid="undo"]']) expect(await uncovered(page, control), control).toEqual([]);
    await expect(notices).toHaveCount(3);

    // Closed by its button.
    await notices.last().getByRole('button', { name: 'Dismiss' }).click();
    await expect(notices).toHaveCount(2);

    // The file of another game: one button opens that game, whose Models tab imports it.
    await page.getByRole('tab', { name: 'Models' }).click();
    await notices.first().getByRole('button', { name: 'Open Hare and Hounds with it' }).click();
    await expect(page).toHaveURL(/#\/hare_hounds\?tab=models/);
    await expect(page.getByRole('tab', { name: 'Models' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('model')).toHaveCount(1);
    await expect(page.getByTestId('models-status')).toContainText('Imported');
    // The other game's notices stayed with it.
    await expect(notices).toHaveCount(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test(`information goes by itself after a few seconds (${size.name})`, async ({ browser }) => {
    const page = await open(browser, size);
    const errors = watchErrors(page);
    await page.clock.install();
    // The hare to move: a hounds' state–action pair cannot be picked on the board, which is said as information.
    await page.goto('/#/hare_hounds?first=human&second=human&seed=1&delay=0');
    // Clicks count once the board takes moves (the engine has answered).
    await expect(page.getByTestId('board')).toHaveAttribute('data-interactive', 'true');
    await page.locator('[data-point="a"]').click();
    await page.locator('[data-point="b"]').click();
    await expect(page.locator('.move')).toHaveCount(1);
    await page.getByRole('tab', { name: 'Train' }).click();
    await choosePreset(page, '4');
    await page.getByTestId('probe-pick-1').click();
    const info = page.getByTestId('notices').getByRole('status');
    await expect(info).toContainText('The board must show a position with the hounds to move');
    expect(await uncovered(page, '#tab-train')).toEqual([]);
    await page.clock.fastForward(3000);
    await expect(info).toHaveCount(1);
    await page.clock.fastForward(4000);
    await expect(info).toHaveCount(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
}
