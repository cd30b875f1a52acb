import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { fundUser } from '../wallet/ledger-assertions';
import {
  bettingSuite,
  fundedUser,
  newKey,
  placeBet,
  selectionAt,
  userBalance,
} from '../betting/betting-kit';

const suite = bettingSuite({ minEvents: 3 });
const ev = suite.ev;
let t: TestApp;
beforeAll(() => {
  t = suite.app();
});

async function betsOf(userId: number) {
  return t.deps.db.selectFrom('bets').select('id').where('user_id', '=', userId).execute();
}

describe('PlaceBet idempotency keys (issue #17 finding 8)', () => {
  it('answers 409 IDEMPOTENCY_KEY_REUSED for a key reused with another stake, and changes nothing', async () => {
    const { user, cookies } = await fundedUser(t);
    const idempotencyKey = newKey();
    const selections = [await selectionAt(t, ev(0))];
    const first = await placeBet(t, cookies, { selections, idempotencyKey, stake: 20 });
    expect(first.statusCode, first.body).toBe(200);
    const reused = await placeBet(t, cookies, { selections, idempotencyKey, stake: 500 });
    expect(reused.statusCode, reused.body).toBe(409);
    expect(reused.json()).toMatchObject({
      hasErrors: true,
      datasource_entries: [
        expect.objectContaining({ value: 'IDEMPOTENCY_KEY_REUSED', error_triggered: true }),
      ],
    });
    expect(await betsOf(user.id)).toHaveLength(1);
    expect(await userBalance(t, user.id)).toBe(1_000_00 - 20_00);
    // The same body again still answers the first result.
    const again = await placeBet(t, cookies, { selections, idempotencyKey, stake: 20 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
  });

  it('refuses a reused key with other selections or another odds policy', async () => {
    const { user, cookies } = await fundedUser(t);
    const idempotencyKey = newKey();
    const first = await placeBet(t, cookies, {
      selections: [await selectionAt(t, ev(1))],
      idempotencyKey,
      stake: 10,
    });
    expect(first.statusCode, first.body).toBe(200);
    const otherLeg = await placeBet(t, cookies, {
      selections: [await selectionAt(t, ev(2))],
      idempotencyKey,
      stake: 10,
    });
    expect(otherLeg.statusCode).toBe(409);
    expect(otherLeg.json().datasource_entries[0].value).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherPolicy = await placeBet(t, cookies, {
      selections: [await selectionAt(t, ev(1))],
      idempotencyKey,
      stake: 10,
      acceptOddsChanges: 'any',
    });
    expect(otherPolicy.statusCode).toBe(409);
    expect(await betsOf(user.id)).toHaveLength(1);
  });

  it('races of one key with two bodies place one bet; the other body gets 409', async () => {
    const { user, cookies } = await fundedUser(t);
    const idempotencyKey = newKey();
    const selections = [await selectionAt(t, ev(0), 2)];
    const answers = await Promise.all(
      [10, 11, 10, 11].map((stake) => placeBet(t, cookies, { selections, idempotencyKey, stake })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    const placed = await betsOf(user.id);
    expect(placed).toHaveLength(1);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    answers.forEach((a, i) => {
      const sameSlip = [10, 11, 10, 11][i] === winner.figures.stake;
      expect(a.statusCode, a.body).toBe(sameSlip ? 200 : 409);
      if (sameSlip) expect(a.json().betId).toBe(winner.betId);
      else expect(a.json().datasource_entries[0].value).toBe('IDEMPOTENCY_KEY_REUSED');
    });
    expect(await userBalance(t, user.id)).toBe(1_000_00 - winner.figures.stake * 100);
  });

  it('free-bet-only slips: a repeated key answers the first bet, a reused one 409, a short balance 409', async () => {
    const { user, cookies } = await fundedUser(t, 0);
    await fundUser(t.deps.db, user.id, 30_00, 'free_bet');
    const selections = [await selectionAt(t, ev(1), 3)];
    const idempotencyKey = newKey();
    const slip = { selections, idempotencyKey, stake: 0, freebetStake: 20 };
    const [a, b] = await Promise.all([placeBet(t, cookies, slip), placeBet(t, cookies, slip)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().betId).toBe(a.json().betId);
    const reused = await placeBet(t, cookies, { ...slip, freebetStake: 25 });
    expect(reused.statusCode, reused.body).toBe(409);
    expect(reused.json().datasource_entries[0].value).toBe('IDEMPOTENCY_KEY_REUSED');
    const short = await placeBet(t, cookies, { ...slip, idempotencyKey: newKey() });
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json().datasource_entries[0]).toMatchObject({
      value: 'INSUFFICIENT_FREE_BET',
      name: 'freebetStake',
    });
    // Two different free-bet-only slips racing for the last free-bet money: one wins, the
    // other is refused the same way on PGlite and PostgreSQL.
    await fundUser(t.deps.db, user.id, 10_00, 'free_bet');
    const race = await Promise.all(
      [0, 1, 2].map(() =>
        placeBet(t, cookies, { selections, stake: 0, freebetStake: 20, idempotencyKey: newKey() }),
      ),
    );
    const refused = race.filter((r) => r.statusCode !== 200);
    expect(race.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().datasource_entries[0]).toMatchObject({
        value: 'INSUFFICIENT_FREE_BET',
        name: 'freebetStake',
      });
    }
    expect(await userBalance(t, user.id, 'free_bet')).toBe(0);
    expect(await betsOf(user.id)).toHaveLength(2);
  });
});
