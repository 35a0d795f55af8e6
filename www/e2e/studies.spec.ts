// End-to-end: "About the studies" names each game's study — its recorded
// title, authors and place, what it did and found, what the playground
// reproduces and adds — reached from the landing page, from each game's
// text and wherever it says "the study"; the page's jargon is explained in
// tooltips that open with the keyboard and a tap. At a laptop's and a
// phone's size.

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { watchErrors } from './helpers';

const SIZES = [
  { name: 'laptop', viewport: { width: 1366, height: 768 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

async function open(browser: Browser, size: (typeof SIZES)[number]): Promise<Page> {
  const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });
  return context.newPage();
}

for (const size of SIZES) {
  test(`About the studies: from the landing page and each game, every study's parts, the glossary as tooltips (${size.name})`, async ({ browser }) => {
    const page = await open(browser, size);
    const errors = watchErrors(page);
    await page.goto('/#/');
    await page.getByTestId('about-studies').click();
    await expect(page).toHaveURL(/#\/about$/);
    const studies = page.getByTestId('study');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About the studies');
    expect(await studies.count()).toBeGreaterThanOrEqual(5);
    await page.screenshot({ path: `test-results/screens/studies-${size.name === 'laptop' ? 'desktop' : 'phone'}.png` });
    // Every study says what it did, what the playground reproduces and what it adds.
    for (const s of await studies.all()) {
      await expect(s.getByRole('heading', { level: 4, name: 'What it did' })).toHaveCount(1);
      await expect(s.getByRole('heading', { level: 4, name: 'What the playground reproduces' })).toHaveCount(1);
      await expect(s.getByRole('heading', { level: 4, name: 'What the playground adds' })).toHaveCount(1);
    }
    // The recorded facts, and no invented ones.
    const c6 = studies.filter({ hasText: 'A New Family of k-in-a-row Games' });
    await expect(c6.locator('dd')).toHaveText(['A New Family of k-in-a-row Games', 'I-Chen Wu and Dei-Yen Huang', 'Advances in Computer Games 11']);
    // The five studies by their title pages (docs/studies.md): title in its own language and in English, authors, year, short citation.
    const othello = studies.filter({ hasText: 'The Othello study' });
    await expect(othello.locator('dd').first()).toHaveText('Självlärande Othello-spelare: Kan en dator lära sig att spela Othello? (“Self-learning Othello player”)');
    await expect(othello.locator('dd').filter({ hasText: /^2010$/ })).toHaveCount(1);
    for (const cite of ['Björkqvist & Wester, KTH 2010', 'Hartwig & Westermark, KTH 2011', 'Ekblad & Werkelin Ahlin, KTH 2010', 'Piotrowski, Wrocław 2001', 'Tsai (advisor Wu), NCTU 2011']) {
      await expect(studies.locator('dd', { hasText: cite })).toHaveCount(1);
    }
    await expect(page.locator('.study-facts-missing')).toHaveCount(0);
    // The glossary lists the page's words.
    const glossary = page.locator('#glossary dt');
    for (const w of ['greedy', 'QL1, QL2', 'β constant C', 'softmax', 'plies', 'hashed table', 'curve point', 'alpha-beta', 'genetic algorithm', 'n-tuple']) {
      await expect(glossary.filter({ hasText: w })).not.toHaveCount(0);
    }

    // A word's meaning: title, accessible description, and a box that opens by keyboard or by a tap, inside the window.
    const word = page.locator('.term[data-term="softmax"]').first();
    await expect(word).toHaveAttribute('title', /P\(a\) ∝ exp/);
    await expect(word).toHaveAccessibleDescription(/P\(a\) ∝ exp/);
    const tip = page.locator(`#${await word.getAttribute('aria-describedby')}`);
    await expect(tip).toBeHidden();
    if (size.touch) await word.tap();
    else {
      await word.focus();
    }
    await expect(tip).toBeVisible();
    const box = (await tip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(size.viewport.width);
    await word.press('Escape');
    await expect(tip).toBeHidden();
    // Enter opens it again; no serious or critical accessibility violation with it open.
    await word.press('Enter');
    await expect(tip).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);

    // From a game's text: "the study" is a link, and the link under the text opens at the game's studies.
    await page.goto('/#/othello');
    const about = page.locator('.about');
    await expect(about.locator('a.study-link').first()).toHaveAttribute('href', '#/about?study=othello');
    await expect(about.locator('.term[data-term="MVB"]').first()).toHaveAttribute('title', /most discs/);
    await page.getByTestId('about-study').click();
    await expect(page).toHaveURL(/#\/about\?study=othello$/);
    const section = page.locator('#study-othello');
    await expect(section).toBeInViewport();
    await page.goto('/#/connect4');
    await page.getByTestId('about-study').click();
    await expect(page.locator('#study-connect4')).toBeInViewport();
    await expect(page.locator('#study-connect4')).toContainText('a ceiling near 25 moves');
    expect(errors).toEqual([]);
    await page.context().close();
  });
}
