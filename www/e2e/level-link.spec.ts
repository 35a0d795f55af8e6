// End-to-end: a computer player's strength is in its line and in the
// address. The search player's level, set in its settings, shows in the
// player line and is kept in the game's address, so a link at level 10
// reopens at level 10; "Copy link" copies that address (by mouse, keyboard
// or touch). At a laptop's and a phone's size.

import { expect, test, type Browser, type Page } from '@playwright/test';
import { watchErrors } from './helpers';

const SIZES = [
  { name: 'laptop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

async function open(browser: Browser, size: (typeof SIZES)[number]): Promise<Page> {
  const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return context.newPage();
}

for (const size of SIZES) {
  test(`the search level is in the player line and the address; a level-10 link reopens at level 10; Copy link (${size.name})`, async ({ browser }) => {
    const page = await open(browser, size);
    const errors = watchErrors(page);
    await page.goto('/#/othello?first=human&second=search&seed=5');
    const line = page.getByTestId('player-setting-1');
    // The default level, in the line, with the settings box closed.
    await expect(line).toHaveText('Level 4');
    await expect(page.locator('.player-settings-box[data-player="search"]')).not.toHaveAttribute('open');
    await expect(line).toBeVisible();

    // Set in the settings: the line and the address follow.
    await page.locator('.player-settings-box[data-player="search"] summary').click();
    await page.getByTestId('player-search-level').fill('10');
    await page.getByTestId('player-search-level').press('Enter');
    await expect(line).toHaveText('Level 10');
    await expect(page).toHaveURL(/[?&]search\.level=10(&|$)/);

    // Copy link: with the keyboard here (touch on the phone), then read the clipboard.
    const copy = page.getByTestId('copy-link');
    if (size.touch) await copy.tap();
    else {
      await copy.focus();
      await page.keyboard.press('Enter');
    }
    await expect(page.getByTestId('record-status')).toContainText('Copied the link');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(page.url());

    // The link, in another browser, opens at level 10 (the line and the setting).
    const other = await open(browser, size);
    await other.goto(link);
    await expect(other.getByTestId('player-setting-1')).toHaveText('Level 10');
    await expect(other.getByTestId('player-search-level')).toHaveValue('10');
    await expect(other.getByTestId('player-1')).toHaveValue('search');
    await other.context().close();

    // Back to the default: the address drops it.
    await page.getByTestId('player-search-level').fill('4');
    await page.getByTestId('player-search-level').press('Enter');
    await expect(line).toHaveText('Level 4');
    await expect(page).not.toHaveURL(/search\.level/);

    // A level the player does not have is said, and the default is used.
    await page.goto('/#/othello?first=human&second=search&seed=5&search.level=99');
    await expect(page.getByRole('alert')).toContainText('Search Level “99” is not one of its values');
    await expect(page.getByTestId('player-setting-1')).toHaveText('Level 4');
    expect(errors).toEqual([]);
    await page.context().close();
  });
}
