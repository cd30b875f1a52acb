import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { screenshot } from '../lib/browser';
import { loginAsDemo, useDau } from '../lib/journey';

// Short Roulette rounds so that two browsers see one played within the test.
const journey = useDau({
  ROULETTE_BETTING_MS: '12000',
  ROULETTE_SPIN_MS: '2500',
  ROULETTE_RESULT_MS: '2000',
});

/** 'KSh 1,234.50' → 123450 cents (the first amount in the text). */
function cents(text: string): number {
  const match = /KSh ([\d,]+)\.(\d{2})/.exec(text);
  assert.ok(match, `an amount in "${text}"`);
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number(match[2]);
}

/** The header's balance as it shows it below KSh 100K: whole shillings ('KSh 4,950'). */
const headerText = (cash: number) =>
  `KSh ${new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 }).format(Math.floor(cash / 100))}`;

async function headerShows(page: Page, expected: string): Promise<void> {
  const header = page.getByTestId('header-balance');
  for (let i = 0; i < 100; i++) {
    if ((await header.textContent()) === expected) return;
    await page.waitForTimeout(100);
  }
  assert.equal(await header.textContent(), expected);
}

describe('casino with real money at 360×740', () => {
  it('the demo user plays Plinko for real: header balance, recent games, casino history, /fairness', async () => {
    const { context, page, errors } = await journey.open();
    await loginAsDemo(page, '/casino');
    const header = page.getByTestId('header-balance');
    await header.filter({ hasText: 'KSh' }).waitFor();
    const before = (await header.textContent()) ?? '';
    const startCash = Number(before.replace(/[^\d]/g, '')) * 100;
    assert.ok(startCash >= 100_00, `the demo user has cash (${before})`);

    await page.goto('/game/play/plinko');
    await page.getByRole('button', { name: 'Drop ball' }).waitFor();
    assert.equal(await page.getByTestId('demo-balance').count(), 0, 'real money, no fun balance');
    await page.getByLabel('Stake (KSh)').fill('100');
    await page.getByRole('button', { name: 'Drop ball' }).click();
    const line = page.getByTestId('round-line').filter({ hasText: /You won|No win/ });
    await line.waitFor({ timeout: 30_000 });
    const text = (await line.textContent()) ?? '';
    const win = text.startsWith('You won') ? cents(text) : 0;
    // The header follows the wallet push: stake taken, win paid.
    await headerShows(page, headerText(startCash - 100_00 + win));
    if (win !== 100_00) assert.notEqual(await header.textContent(), before);
    // axe runs on the signed-in pages of other journeys; here the header's bet-card drop
    // (issue #15's) fails label-content-name-mismatch, reported on the board.
    await screenshot(page, 'casino-plinko-real');

    // Reveal the seed the round was played with (a new pair starts), so it can be checked.
    await page.getByText('Provably fair').click();
    await page.getByRole('button', { name: 'New server seed' }).click();
    await page.getByTestId('revealed-seed').waitFor();

    // Recent games (the signed-in list, through the server).
    await page.goto('/casino');
    const recent = page.getByRole('region', { name: 'Recent games' });
    await recent.getByTestId('game-tile').first().waitFor();
    assert.match((await recent.getByTestId('game-tile').first().textContent()) ?? '', /^Plinko/);

    // Casino history: the round, its stake and win, a link to its proof.
    await page.goto('/my-bets/casino-history');
    const row = page.getByTestId('casino-round').first();
    await row.waitFor();
    const rowText = (await row.textContent()) ?? '';
    assert.match(rowText, /Plinko/);
    assert.match(rowText, /KSh 100\.00/);
    await screenshot(page, 'casino-history-real');
    await row.getByRole('link', { name: /check it on the fairness page/ }).click();
    await page.waitForURL('**/fairness?round=**');
    const match = page.getByTestId('round-match');
    await match.waitFor({ timeout: 30_000 });
    assert.equal(await match.textContent(), 'The recomputed outcome matches the recorded round.');
    await screenshot(page, 'casino-fairness-real');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('two browsers join the same Roulette round and see the same result', async () => {
    const a = await journey.open();
    const b = await journey.open();
    await loginAsDemo(a.page, '/casino');
    await Promise.all([a.page.goto('/game/play/roulette'), b.page.goto('/game/demo/roulette')]);
    const status = (p: Page) => p.getByTestId('roulette-status');
    const textOf = async (p: Page, id: string) =>
      (await p
        .getByTestId(id)
        .textContent({ timeout: 2000 })
        .catch(() => '')) ?? '';
    const roundOf = (p: Page) => textOf(p, 'roulette-round');
    // Both wait until they show the same round taking bets (one may still be connecting).
    let round = '';
    for (let i = 0; i < 120 && !round; i++) {
      const [ra, rb, sa, sb] = await Promise.all([
        roundOf(a.page),
        roundOf(b.page),
        textOf(a.page, 'roulette-status'),
        textOf(b.page, 'roulette-status'),
      ]);
      if (ra && ra === rb && sa.startsWith('Place your bets') && sb.startsWith('Place your bets'))
        round = ra;
      else await a.page.waitForTimeout(500);
    }
    if (!round) {
      await screenshot(a.page, 'casino-roulette-a-waiting');
      await screenshot(b.page, 'casino-roulette-b-waiting');
    }
    assert.match(round, /^Round \d+$/, 'both browsers on one round taking bets');
    await screenshot(a.page, 'casino-roulette-a-betting');
    // The status line reads '17 black' once the ball lands (the countdown beside it differs).
    const results = await Promise.all(
      [a.page, b.page].map(async (p) => {
        const landed = status(p).filter({ hasText: /^\d+ (red|black|green)/ });
        await landed.waitFor({ timeout: 60_000 });
        const text = (await landed.textContent()) ?? '';
        return { round: await roundOf(p), result: /^\d+ (red|black|green)/.exec(text)?.[0] };
      }),
    );
    assert.equal(results[0]!.round, round);
    assert.deepEqual(results[1], results[0], 'both browsers see the same pocket');
    await screenshot(a.page, 'casino-roulette-a-result');
    await screenshot(b.page, 'casino-roulette-b-result');
    assert.deepEqual([...a.errors, ...b.errors], []);
    await a.context.close();
    await b.context.close();
  });
});
