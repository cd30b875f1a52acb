import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../lib/axe';
import { screenshot } from '../lib/browser';
import { loginAsDemo, useDau } from '../lib/journey';

// Short matchdays (ADR 195's env): kick-offs 40 s apart, 90 minutes played in 12 s.
const journey = useDau({ VIRTUALS_CYCLE_MS: '40000', VIRTUALS_PLAY_MS: '12000' });

interface Current {
  open: { matchdayId: number; kickoffAt: string; fullTimeAt: string; serverTime: string };
}

async function current(page: Page): Promise<Current> {
  const res = await page.request.get('/api/games/virtuals/current');
  assert.equal(res.status(), 200);
  return (await res.json()) as Current;
}

/** Waits for a matchday with at least `seconds` of betting left; answers its id. */
async function matchdayWithTime(page: Page, seconds: number): Promise<Current['open']> {
  for (;;) {
    const { open } = await current(page);
    const left = Date.parse(open.kickoffAt) - Date.parse(open.serverTime);
    if (left > seconds * 1000) return open;
    await page.waitForTimeout(left + 500);
  }
}

async function cash(page: Page): Promise<number> {
  const res = await page.request.post('/api/core/customer/getbalance', {
    data: { siteid: 2, country: 'ke', lang: 'en' },
  });
  return ((await res.json()) as { cmsStatusMsg: { balance: number } }).cmsStatusMsg.balance;
}

describe('virtual football journey at 360×740', () => {
  it('the demo user places a virtual multiple before kick-off, watches the matches and sees it settled', async () => {
    const { context, page, errors } = await journey.open();
    await loginAsDemo(page, '/virtuals');
    const countdown = page.getByTestId('kickoff-countdown');
    await countdown.waitFor();
    const open = await matchdayWithTime(page, 20);
    await page.reload();
    await page.getByText(/Kick-off in \d:\d\d/).waitFor();
    const before = await cash(page);
    await expectAccessible(page, 'virtuals betting');

    // Three home wins of three matches of the open matchday, on the separate virtual betslip.
    for (const match of [0, 1, 2]) {
      await page.locator(`button[data-outcome="${open.matchdayId * 100 + match}:1x2:0"]`).click();
    }
    await page.locator(`[data-match="3"] summary`).click();
    await screenshot(page, 'virtuals-bet');
    const fab = page.getByRole('button', { name: 'Virtual betslip, 3 selections' });
    await fab.click();
    const slip = page.getByRole('dialog', { name: 'Virtual betslip' });
    await slip.waitFor();
    await slip.getByRole('tab', { name: 'Multiple' }).click();
    await slip.getByLabel('Stake', { exact: true }).fill('20');
    const win = (await page.getByTestId('net-payout').textContent()) ?? '';
    assert.match(win, /^KSh [\d,]+\.\d\d$/);
    await screenshot(page, 'virtuals-slip');
    await slip.getByRole('button', { name: /^Place bet · KSh 20\.00$/ }).click();
    const placed = slip.getByText(/^Bet placed \((\d+)\)\.$/);
    await placed.waitFor();
    const betId = /\((\d+)\)/.exec((await placed.textContent()) ?? '')?.[1];
    assert.ok(betId, 'a bet id');
    assert.equal(await cash(page), before - 20);
    await screenshot(page, 'virtuals-placed');
    await page.keyboard.press('Escape');

    // Kick-off: the live view plays the matchday on the pitch strips.
    await page.getByRole('tab', { name: 'Live' }).click();
    await page.waitForFunction(
      (id) =>
        document
          .querySelector('[data-testid="match-clock"]')
          ?.textContent?.includes(`Matchday ${id}`) ?? false,
      ((open.matchdayId - 1) % 22) + 1,
      { timeout: 60_000 },
    );
    await page
      .getByTestId('match-clock')
      .getByText(/^\d+'$/)
      .waitFor({ timeout: 30_000 });
    // The matches play on: wait until the clock passes the half hour (or full time).
    await page.waitForFunction(
      () => {
        const clock = document.querySelector('[data-testid="match-clock"]')?.textContent ?? '';
        const minute = /(\d+)'/.exec(clock);
        return clock.includes('Full time') || (minute !== null && Number(minute[1]) >= 30);
      },
      undefined,
      { timeout: 30_000 },
    );
    await expectAccessible(page, 'virtuals live');
    await screenshot(page, 'virtuals-live');

    // Full time: the settlement message (spec doc 2 §8) and the bet in My Bets.
    const message = page.getByText(
      new RegExp(
        `^Bet ${betId} has settled(\\. You won KSh [\\d,.]+!| as a loss\\. Better luck next time!)$`,
      ),
    );
    await message.waitFor({ timeout: 40_000 });
    await page.getByTestId('match-clock').getByText('Full time').waitFor();
    await page
      .getByText('SHA-256 of the seed matches the published hash')
      .waitFor({ state: 'attached' });
    await screenshot(page, 'virtuals-settled');

    // /fairness replays the matchday from its revealed seed in the browser, match by match.
    await page.goto(`/fairness?matchday=${open.matchdayId}`);
    const replay = page.getByTestId('matchday-result');
    await replay
      .getByText('Every match replays exactly as played: same scores, same goals and cards.')
      .waitFor({ timeout: 20_000 });
    await replay.getByText('The seed matches the hash shown before play.').waitFor();
    assert.equal(await replay.getByRole('listitem').count(), 6);
    assert.equal(await replay.getByRole('listitem').filter({ hasText: '· as played' }).count(), 6);
    await replay.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'fairness matchday replay');
    await screenshot(page, 'virtuals-fairness');

    await page.goto('/my-bets/virtuals');
    const card = page.locator(`[data-bet-id="${betId}"]`);
    await card.waitFor();
    const status = await card.getAttribute('data-status');
    assert.ok(status === 'won' || status === 'lost', `settled, not ${status}`);
    const paid =
      status === 'won'
        ? Number(
            ((await card.getByTestId('bet-payout').textContent()) ?? '').replace(/[^\d.]/g, ''),
          )
        : 0;
    assert.equal(await cash(page), Math.round((before - 20 + paid) * 100) / 100);
    assert.equal(await card.locator('[data-result="open"]').count(), 0);
    await page.getByRole('link', { name: 'Virtuals' }).waitFor();
    await expectAccessible(page, 'my virtual bets');
    await screenshot(page, 'virtuals-my-bets');

    assert.deepEqual(errors, []);
    await context.close();
  });
});
