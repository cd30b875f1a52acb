import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { expectAccessible } from '../lib/axe';
import { screenshot } from '../lib/browser';
import { useDau } from '../lib/journey';

const journey = useDau();

/** Waits (under load, too) until the control can be used. */
async function expectEnabled(control: Locator): Promise<void> {
  for (let i = 0; i < 100 && !(await control.isEnabled()); i++)
    await control.page().waitForTimeout(100);
  assert.ok(await control.isEnabled(), 'the control is enabled');
}

/** The fun balance's amount in cents ('Fun balance: KSh 1,000.00' → 100000). */
async function funBalance(page: Page): Promise<number> {
  const text = (await page.getByTestId('demo-balance').textContent()) ?? '';
  const match = /([\d,]+)\.(\d{2})/.exec(text);
  assert.ok(match, `a fun balance in "${text}"`);
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number(match[2]);
}

describe('casino journeys at 360×740', () => {
  it('a guest browses the lobby, searches, opens a game and plays Mines in demo', async () => {
    const { context, page, errors } = await journey.open();
    await page.goto('/casino');
    const originals = page.getByRole('region', { name: 'Dau Originals' });
    await originals.getByTestId('game-tile').first().waitFor();
    const names = await originals.getByTestId('game-tile').allTextContents();
    assert.ok(
      names.some((n) => n.startsWith('Mines')) && names.some((n) => n.startsWith('Plinko')),
    );
    // Tiles keep their 4:3 box whether or not the artwork has loaded: no layout shift.
    const box = await originals.locator('img').first().boundingBox();
    assert.ok(box && Math.abs(box.width / box.height - 4 / 3) < 0.02, 'a 4:3 tile');
    // Three tiles and a bit show on a phone (32 % each).
    const tile = await originals.getByRole('listitem').first().boundingBox();
    assert.ok(tile && tile.width > 100 && tile.width < 120, `a 32 % tile, not ${tile?.width}`);
    await expectAccessible(page, 'casino lobby');
    await screenshot(page, 'casino-lobby');

    await page.getByRole('searchbox', { name: 'Search games' }).fill('plink');
    await page.waitForURL((u) => u.search === '?q=plink');
    await page.getByText('1 game', { exact: true }).waitFor();
    assert.deepEqual(
      (await page.getByTestId('game-tile').allTextContents()).map((n) => n.slice(0, 6)),
      ['Plinko'],
    );
    await screenshot(page, 'casino-search');

    await page.getByRole('searchbox', { name: 'Search games' }).fill('mines');
    await page.getByTestId('game-tile').filter({ hasText: 'Mines' }).click();
    await page.waitForURL('**/game/info/mines');
    await page.getByRole('heading', { name: 'Mines', level: 1 }).waitFor();
    await page.getByText('Return to player').waitFor();
    await expectAccessible(page, 'game info');
    await screenshot(page, 'casino-game-info');

    await page.getByRole('link', { name: 'Demo' }).click();
    await page.waitForURL('**/game/demo/mines');
    await page.getByText('Demo: fun balance, no real money').waitFor();
    assert.equal(await funBalance(page), 100_000);
    await page.getByRole('button', { name: 'Sound off' }).waitFor();
    await page.getByLabel('Stake (KSh)').fill('50');
    await page.getByLabel('Mines', { exact: true }).selectOption('3');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('button', { name: /^Cash out/ }).waitFor();
    assert.equal(await funBalance(page), 100_000 - 5_000);
    await page.getByRole('button', { name: 'Tile 13', exact: true }).click();
    const line = page.getByTestId('round-line');
    const cashOut = page.getByRole('button', { name: /^Cash out/ });
    // The first tile is safe 22 times in 25; either way the round ends clearly. Wait for the
    // tile to say which (not for the button's state, which a loaded machine may not have
    // updated yet when it is read).
    const outcome = page.getByRole('button', { name: /^Tile 13: (safe|mine)/ });
    await outcome.waitFor({ timeout: 20_000 });
    if ((await outcome.getAttribute('aria-label')) === 'Tile 13: safe') {
      await expectEnabled(cashOut);
      await screenshot(page, 'casino-mines-demo-playing');
      await cashOut.click();
      await line.filter({ hasText: 'You won' }).waitFor();
      const won = /KSh ([\d,]+)\.(\d{2})/.exec((await line.textContent()) ?? '');
      assert.ok(won);
      const cents = Number(won[1]!.replace(/,/g, '')) * 100 + Number(won[2]);
      assert.equal(await funBalance(page), 100_000 - 5_000 + cents);
    } else {
      await line.filter({ hasText: 'No win this time.' }).waitFor();
      assert.equal(await funBalance(page), 100_000 - 5_000);
    }
    // The mines are shown once the round is over.
    assert.ok((await page.getByRole('button', { name: /: mine/ }).count()) >= 2);
    await expectAccessible(page, 'mines demo');
    await screenshot(page, 'casino-mines-demo');

    // The game is now among the guest's recent games (kept on the phone).
    await page.goto('/casino');
    const recent = page.getByRole('region', { name: 'Recent games' });
    await recent.getByTestId('game-tile').first().waitFor();
    assert.match((await recent.getByTestId('game-tile').first().textContent()) ?? '', /^Mines/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a guest checks a demo round on /fairness from the revealed seed', async () => {
    const { context, page, errors } = await journey.open();
    await page.goto('/game/demo/dice');
    await page.getByLabel('Stake (KSh)').fill('10');
    await page.getByRole('button', { name: 'Roll' }).click();
    await page
      .getByTestId('round-line')
      .filter({ hasText: /You won|No win/ })
      .waitFor();
    const roll = (await page.getByTestId('dice-roll').textContent()) ?? '';
    await page.getByText('Provably fair').click();
    const hash = (await page.getByTestId('seed-hash').textContent()) ?? '';
    await page.getByRole('button', { name: 'New server seed' }).click();
    await page.getByTestId('revealed-seed').waitFor();
    await page.getByRole('link', { name: 'Check the rounds played with it (1)' }).click();
    await page.waitForURL('**/fairness?**');
    await page.getByLabel('Hash shown before play (optional)').fill(hash);
    await page.getByRole('button', { name: 'Check' }).click();
    const result = page.getByTestId('fairness-result');
    await result.getByText('The seed matches the hash shown before play.').waitFor();
    assert.match(
      (await result.textContent()) ?? '',
      new RegExp(`Roll ${roll.replace('.', '\\.')}`),
    );
    await expectAccessible(page, 'fairness');
    await screenshot(page, 'casino-fairness-demo');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
