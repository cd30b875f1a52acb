import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../lib/axe';
import { screenshot } from '../lib/browser';
import { loginAsDemo, useDau } from '../lib/journey';

// A Mega Jackpot of 17 matches from any day's fixtures, opened within a second of the start
// (the default templates take weekend fixtures only, which the feed may not have yet).
const MEGA = {
  key: 'mega',
  name: 'Mega Jackpot',
  siteId: 2,
  matchCount: 17,
  stakePerLine: 9_900,
  days: [0, 1, 2, 3, 4, 5, 6],
  leadMs: 1_800_000,
  tiers: [
    { hits: 17, guaranteed: 10_000_000_000, shareBps: 0 },
    { hits: 16, guaranteed: 100_000_000, shareBps: 1_000 },
    { hits: 15, guaranteed: 10_000_000, shareBps: 500 },
  ],
};
const journey = useDau({ JACKPOT_TEMPLATES: JSON.stringify([MEGA]), JACKPOTS_TICK_MS: '1000' });

interface Round {
  id: number;
  matchCount: number;
  matches: { home: string; away: string }[];
}
interface Ticket {
  ticketId: string;
  lineCount: number;
  price: number;
  lines: { picks: string[] }[];
}

/** Polls the API until the 17-match round is open. */
async function openRound(page: Page): Promise<Round> {
  for (let i = 0; i < 120; i += 1) {
    const res = await page.request.get('/api/jackpots');
    assert.equal(res.status(), 200);
    const { rounds } = (await res.json()) as { rounds: Round[] };
    const mega = rounds.find((r) => r.matchCount === 17);
    if (mega) return mega;
    await page.waitForTimeout(500);
  }
  throw new Error('no 17-match jackpot round opened');
}

async function cash(page: Page): Promise<number> {
  const res = await page.request.post('/api/core/customer/getbalance', {
    data: { siteid: 2, country: 'ke', lang: 'en' },
  });
  return ((await res.json()) as { cmsStatusMsg: { balance: number } }).cmsStatusMsg.balance;
}

describe('sports jackpot journey at 360×740', () => {
  it('the demo user buys a 17-match jackpot ticket with two lines and finds it under their tickets', async () => {
    const { context, page, errors } = await journey.open();
    // The round opens on the server's first planning tick; then the demo user signs in to it.
    const round = await openRound(page);
    await loginAsDemo(page, '/jackpots');
    const header = page.getByTestId('header-balance');
    await header.filter({ hasText: 'KSh' }).waitFor();
    const before = await cash(page);

    // One pick per match by auto-pick, then a second pick on the first match: two lines.
    await page.getByRole('button', { name: 'Auto-pick' }).click();
    const lines = page.getByTestId('jackpot-lines');
    assert.equal(await lines.textContent(), '1');
    const first = round.matches[0];
    assert.ok(first);
    const firstRow = page.locator('[data-match="1"]');
    const unpicked = firstRow.locator('button[aria-pressed="false"]').first();
    await unpicked.click();
    assert.equal(await lines.textContent(), '2');
    assert.equal(await page.getByTestId('jackpot-price').textContent(), 'KSh 198.00');
    assert.equal(
      await page.locator('[data-match] button[aria-pressed="true"]').count(),
      18,
      'seventeen matches, one of them with two picks',
    );
    // The grid fits the phone: no sideways scrolling.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
    await expectAccessible(page, 'jackpot coupon');
    await screenshot(page, 'jackpots-coupon');

    await page.getByRole('button', { name: 'Buy ticket · KSh 198.00' }).click();
    const bought = page.getByText(/^Ticket (\S+) bought: 2 lines for KSh 198\.00\.$/);
    await bought.waitFor();
    const ticketId = /Ticket (\S+) bought/.exec((await bought.textContent()) ?? '')?.[1];
    assert.ok(ticketId, 'a ticket id');
    assert.equal(await cash(page), before - 198);
    // The header's balance (whole shillings) follows the purchase.
    await page.waitForFunction(
      (want) =>
        (document.querySelector('[data-testid="header-balance"]')?.textContent ?? '').replace(
          /\D/g,
          '',
        ) === String(want),
      Math.floor(before - 198),
      { timeout: 15_000 },
    );
    await screenshot(page, 'jackpots-bought');

    await page.getByRole('tab', { name: 'My tickets' }).click();
    const card = page.locator(`[data-ticket="${ticketId}"]`);
    await card.waitFor();
    assert.equal(await card.getByText(/^Line \d+$/).count(), 2);
    await card.getByText('Open', { exact: true }).waitFor();
    await expectAccessible(page, 'jackpot tickets');
    await screenshot(page, 'jackpots-tickets');

    const res = await page.request.get('/api/jackpots/tickets');
    const { items } = (await res.json()) as { items: Ticket[] };
    const ticket = items.find((t) => t.ticketId === ticketId);
    assert.ok(ticket, 'the ticket is listed');
    assert.equal(ticket.lineCount, 2);
    assert.equal(ticket.price, 198);
    assert.deepEqual(
      ticket.lines.map((l) => l.picks.length),
      [17, 17],
    );
    assert.deepEqual(errors, []);
    await context.close();
  });
});
