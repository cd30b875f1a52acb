import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../lib/axe';
import { screenshot } from '../lib/browser';
import { loginAsDemo, useDau } from '../lib/journey';

// A longer betting window than the 5 s default, so a journey's clicks land well before take-off.
const journey = useDau({ CRASH_BETTING_MS: '8000', CRASH_PAUSE_MS: '4000' });

interface Round {
  roundId: number;
  phase: 'betting' | 'flying' | 'crashed';
  takeoffAt: string;
  serverTime: string;
  crashPoint: number | null;
}

async function current(page: Page): Promise<Round | null> {
  const res = await page.request.get('/api/games/crash/current');
  assert.equal(res.status(), 200);
  return ((await res.json()) as { round: Round | null }).round;
}

/** Waits (bounded) for a round taking bets with at least `seconds` of betting left. */
async function bettingRound(page: Page, seconds: number): Promise<Round> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const round = await current(page);
    const left = round ? Date.parse(round.takeoffAt) - Date.parse(round.serverTime) : 0;
    if (round?.phase === 'betting' && left > seconds * 1000) {
      // The screen shows the same round taking bets.
      await page
        .getByTestId('crash-round')
        .filter({ hasText: `Round ${round.roundId}` })
        .waitFor({ timeout: 10_000 });
      await page
        .getByTestId('crash-phase')
        .filter({ hasText: /^Take-off in/ })
        .waitFor();
      return round;
    }
    await page.waitForTimeout(250);
  }
  throw new Error('no High Flyer round took bets within 90 s');
}

/** The round once it has crashed (bounded: the cap is reached after 115 s). */
async function crashed(page: Page, roundId: number): Promise<number> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const res = await page.request.get(`/api/games/crash/rounds/${roundId}`);
    const round = (await res.json()) as Round;
    if (round.phase === 'crashed' && round.crashPoint !== null) return round.crashPoint;
    await page.waitForTimeout(250);
  }
  throw new Error(`round ${roundId} did not crash in time`);
}

/** The screen's last crash points include the round's (they stay after the pause). */
async function recentShows(page: Page, roundId: number, point: number): Promise<void> {
  await page
    .getByTestId('crash-recent')
    .locator(`li[data-round="${roundId}"]`)
    .filter({ hasText: `${point.toFixed(2)}×` })
    .waitFor();
}

/** Waits (bounded) until a bet's casino round carries its revealed seed. */
async function seedRevealed(page: Page, walletRound: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const res = await page.request.get(`/api/games/history/${walletRound}`);
    const body = (await res.json()) as { fairness?: { serverSeed: string | null } | null };
    if (body.fairness?.serverSeed) return;
    await page.waitForTimeout(100);
  }
  assert.fail(`the seed of ${walletRound} was not revealed`);
}

/** The demo user's cash in cents (the wallet, not the screen). */
async function cash(page: Page): Promise<number> {
  const res = await page.request.post('/api/core/customer/getbalance', {
    data: { siteid: 2, country: 'ke', lang: 'en' },
  });
  const units = ((await res.json()) as { cmsStatusMsg: { balance: number } }).cmsStatusMsg.balance;
  return Math.round(units * 100);
}

/** Polls (bounded) until the wallet holds `expected` cents; fails with the last value. */
async function cashBecomes(page: Page, expected: number): Promise<void> {
  let last = NaN;
  for (let i = 0; i < 100; i++) {
    last = await cash(page);
    if (last === expected) return;
    await page.waitForTimeout(100);
  }
  assert.equal(last, expected, 'the wallet after the round');
}

/** 'KSh 1,234.50' → 123450 (the first amount in the text). */
function cents(text: string): number {
  const match = /KSh ([\d,]+)\.(\d{2})/.exec(text);
  assert.ok(match, `an amount in "${text}"`);
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number(match[2]);
}

const headerText = (c: number) =>
  `KSh ${new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 }).format(Math.floor(c / 100))}`;

describe('High Flyer journey at 360×740', () => {
  it('a guest watches a round in demo: betting, flight and crash, a fun bet settled', async () => {
    const { context, page, errors } = await journey.open();
    await page.goto('/crash');
    await page
      .getByRole('link', { name: /High Flyer/ })
      .first()
      .waitFor();
    await page.goto('/crash/REDO-high-flyer');
    await page.getByRole('link', { name: 'Demo' }).click();
    await page.waitForURL('**/game/demo/REDO-high-flyer');
    const round = await bettingRound(page, 4);
    const funBalance = page.getByTestId('demo-balance');
    assert.equal(await funBalance.textContent(), 'Fun balance: KSh 1,000.00');
    await expectAccessible(page, 'High Flyer demo, betting');
    await screenshot(page, 'crash-demo-betting');

    // A fun bet with an auto cash-out at 1.01×: paid unless the plane leaves at 1.00×.
    const panel = page.getByTestId('crash-panel-1');
    await panel.getByRole('checkbox', { name: 'Auto cash-out at' }).check();
    await panel.getByRole('textbox', { name: 'Auto cash-out at' }).fill('1.01');
    await panel.getByRole('button', { name: 'Bet KSh 100.00' }).click();
    await page.getByTestId('crash-note-1').filter({ hasText: 'Bet placed: KSh 100.00' }).waitFor();
    assert.equal(await funBalance.textContent(), 'Fun balance: KSh 900.00');
    await panel.getByRole('button', { name: 'Waiting for take-off' }).waitFor();

    const phase = page.getByTestId('crash-phase');
    await phase.filter({ hasText: /^(Flying|Flew away)/ }).waitFor({ timeout: 20_000 });
    if ((await phase.textContent()) === 'Flying') await screenshot(page, 'crash-demo-flying');
    // The crash stays on screen for the pause after it: waiting from the flight cannot miss it.
    await phase.filter({ hasText: /^Flew away at / }).waitFor({ timeout: 150_000 });
    await screenshot(page, 'crash-demo-crashed');
    const point = await crashed(page, round.roundId);
    await recentShows(page, round.roundId, point);
    const paid = point >= 1.01;
    await page
      .getByTestId('crash-note-1')
      .filter({
        hasText: paid
          ? 'Cashed out at 1.01×: KSh 101.00'
          : `Lost: the plane flew away at ${point.toFixed(2)}×`,
      })
      .waitFor();
    assert.equal(
      await funBalance.textContent(),
      paid ? 'Fun balance: KSh 1,001.00' : 'Fun balance: KSh 900.00',
    );
    // A guest's fun bet never reaches the server's list.
    assert.equal(await page.getByTestId('crash-live-bets').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('the demo user bets twice, cashes out by hand, auto cashes out, and sees it all in history', async () => {
    const { context, page, errors } = await journey.open();
    await loginAsDemo(page, '/game/play/REDO-high-flyer');
    const header = page.getByTestId('header-balance');
    await header.filter({ hasText: 'KSh' }).waitFor();
    const note1 = page.getByTestId('crash-note-1');
    const note2 = page.getByTestId('crash-note-2');
    const panel1 = page.getByTestId('crash-panel-1');
    const panel2 = page.getByTestId('crash-panel-2');
    await panel2.getByRole('checkbox', { name: 'Auto cash-out at' }).check();
    await panel2.getByRole('textbox', { name: 'Auto cash-out at' }).fill('1.10');

    // A plane may leave before a hand cash-out can land (4 % of rounds at 1.00×): then the
    // next round is played, at most five.
    let done: { roundId: number; manual: number; point: number; start: number } | null = null;
    for (let attempt = 0; attempt < 5 && !done; attempt++) {
      const round = await bettingRound(page, 4);
      const start = await cash(page);
      await headerShows(page, headerText(start));
      await panel1.getByRole('button', { name: 'Bet KSh 100.00' }).click();
      await note1.filter({ hasText: 'Bet placed: KSh 100.00' }).waitFor();
      await panel2.getByRole('button', { name: 'Bet KSh 100.00' }).click();
      await note2.filter({ hasText: 'Bet placed: KSh 100.00' }).waitFor();
      // Debited at once, both bets in this round's live list with the name masked.
      await cashBecomes(page, start - 200_00);
      await headerShows(page, headerText(start - 200_00));
      const live = page.getByTestId('crash-live-bets').locator('tbody tr');
      await live.nth(1).waitFor();
      assert.match((await live.first().locator('td').first().textContent()) ?? '', /^d•+o$/);
      if (attempt === 0) await screenshot(page, 'crash-real-bets-placed');

      const cashOut = panel1.getByRole('button', { name: /^Cash out KSh/ });
      const lost = note1.filter({ hasText: /^Lost/ });
      await cashOut.or(lost).waitFor({ timeout: 20_000 });
      if (await cashOut.isVisible()) {
        await screenshot(page, 'crash-real-flying');
        // The plane may leave while the click is on its way: the note below says which.
        await cashOut.click({ timeout: 5_000 }).catch(() => undefined);
      }
      const outcome = note1.filter({ hasText: /^(Cashed out at|Lost|The plane flew away)/ });
      await outcome.waitFor();
      const text = (await outcome.textContent()) ?? '';
      const point = await crashed(page, round.roundId);
      await recentShows(page, round.roundId, point);
      const manual = /^Cashed out at ([\d.]+)×: /.exec(text);
      if (manual) {
        done = { roundId: round.roundId, manual: cents(text), point, start };
        assert.ok(Number(manual[1]) <= point, 'a hand cash-out is below the crash point');
      } else {
        // Lost both ways or the auto target; the wallet says which, then the next round.
        const auto = point >= 1.1 ? 110_00 : 0;
        await cashBecomes(page, start - 200_00 + auto);
      }
    }
    assert.ok(done, 'a hand cash-out landed within five rounds');
    await screenshot(page, 'crash-real-crashed');

    // The auto cash-out at 1.10× pays exactly 110.00 when the plane got there, else nothing.
    const autoWin = done.point >= 1.1 ? 110_00 : 0;
    await note2
      .filter({
        hasText:
          autoWin > 0
            ? 'Cashed out at 1.10×: KSh 110.00'
            : `Lost: the plane flew away at ${done.point.toFixed(2)}×`,
      })
      .waitFor();
    const expected = done.start - 200_00 + done.manual + autoWin;
    await cashBecomes(page, expected);
    await headerShows(page, headerText(expected));

    // My bets on the screen: both bets of the round, judged.
    await page.getByRole('tab', { name: 'My bets' }).click();
    const mine = page.getByTestId('crash-my-bets').locator(`tr[data-round="${done.roundId}"]`);
    await mine.nth(1).waitFor();
    const statuses = await mine.evaluateAll((rows) =>
      rows.map((r) => r.getAttribute('data-status')),
    );
    assert.deepEqual(
      statuses.sort(),
      autoWin > 0 ? ['cashed_out', 'cashed_out'] : ['cashed_out', 'lost'],
    );
    await expectAccessible(page, 'High Flyer real play');
    await screenshot(page, 'crash-real-my-bets');

    // Casino history: each bet is its own round of High Flyer with its stake and win.
    await page.goto('/my-bets/casino-history');
    const rows = page.getByTestId('casino-round').filter({ hasText: 'High Flyer' });
    await rows.nth(1).waitFor();
    const texts = await rows.allTextContents();
    const ours = texts.filter((t) => t.includes(`crash-${done.roundId}-`));
    assert.equal(
      ours.length,
      2,
      `both bets of round ${done.roundId} in history:\n${texts.join('\n')}`,
    );
    for (const t of ours) assert.match(t, /KSh 100\.00/);
    await expectAccessible(page, 'casino history with High Flyer');
    await screenshot(page, 'crash-real-history');
    // Each bet's proof: the crash point recomputed from the revealed seed on /fairness, once
    // the settlement has written the seed into the bets' rounds.
    for (const t of ours) {
      const walletRound = /crash-\d+-\d+-\d/.exec(t)?.[0];
      assert.ok(walletRound, `a wallet round id in "${t}"`);
      await seedRevealed(page, walletRound);
    }
    await rows
      .filter({ hasText: `crash-${done.roundId}-` })
      .first()
      .getByRole('link', { name: /check it on the fairness page/ })
      .click();
    await page.waitForURL('**/fairness?round=**');
    const match = page.getByTestId('round-match');
    await match.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
      await screenshot(page, 'crash-real-fairness-failed');
      throw error;
    });
    assert.equal(await match.textContent(), 'The recomputed outcome matches the recorded round.');
    await page
      .getByText(`${done.point.toFixed(2)}×`)
      .first()
      .waitFor();
    await screenshot(page, 'crash-real-fairness');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

async function headerShows(page: Page, expected: string): Promise<void> {
  const header = page.getByTestId('header-balance');
  for (let i = 0; i < 100; i++) {
    if ((await header.textContent()) === expected) return;
    await page.waitForTimeout(100);
  }
  assert.equal(await header.textContent(), expected);
}
