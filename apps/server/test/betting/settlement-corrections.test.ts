import { beforeAll, describe, expect, it } from 'vitest';
import { processSettlements } from '../../src/modules/betting/settlement.service';
import type { TestApp } from '../helpers/test-app';
import {
  bettingSuite,
  fundedUser,
  placeBet,
  sandbox,
  selectionAt,
  userBalance,
} from './betting-kit';

// Issue #15 defect 15: a rolled-back settlement could never be settled again or cancelled
// through the sandbox, so its bets stayed open for ever.
const suite = bettingSuite({ minEvents: 4 });
const ev = suite.ev;
let t: TestApp;
beforeAll(() => {
  t = suite.app();
});

async function betStatus(betId: string) {
  const row = await t.deps.db
    .selectFrom('bets')
    .select(['status', 'settled_payout'])
    .where('id', '=', Number(betId))
    .executeTakeFirstOrThrow();
  return row;
}

async function sandboxStatus(path: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: `/api/sandbox/feed/${path}`, payload });
  const body = res.json() as { datasource_entries?: { dimension_value: string }[] };
  return { status: res.statusCode, message: body.datasource_entries?.[0]?.dimension_value ?? '' };
}

describe('sandbox settlement corrections', () => {
  it('settles a rolled-back event again with a corrected score', async () => {
    const { cookies } = await fundedUser(t);
    const placed = await placeBet(t, cookies, { selections: [await selectionAt(t, ev(0), 1)] });
    expect(placed.statusCode, placed.body).toBe(200);
    const { betId } = placed.json();

    await sandbox(t, 'settle', { eventId: ev(0), home: 2, away: 0 });
    await processSettlements(t.deps);
    expect((await betStatus(betId)).status).toBe('won');
    // Settled: a second result needs a rollback first (400 in the envelope, nothing changes).
    const again = await sandboxStatus('settle', { eventId: ev(0), home: 0, away: 1 });
    expect(again.status).toBe(400);
    expect(again.message).toMatch(/roll its settlement back first/);

    await sandbox(t, 'rollback-settlement', { eventId: ev(0) });
    await processSettlements(t.deps);
    expect((await betStatus(betId)).status).toBe('open');
    await sandbox(t, 'settle', { eventId: ev(0), home: 0, away: 1 });
    await processSettlements(t.deps);
    expect(await betStatus(betId)).toMatchObject({ status: 'lost', settled_payout: 0 });
    const event = await t.app.inject({
      method: 'GET',
      url: `/api/uof/match/event/byId?eventid=${ev(0)}&siteid=2`,
    });
    expect(JSON.stringify(event.json())).toContain('0:1');
  });

  it('cancels a rolled-back event: the single is void and the stake after excise comes back', async () => {
    const { user, cookies } = await fundedUser(t);
    const cash0 = await userBalance(t, user.id);
    const placed = await placeBet(t, cookies, {
      selections: [await selectionAt(t, ev(1), 1)],
      stake: 100,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { betId } = placed.json();
    const bet = await t.deps.db
      .selectFrom('bets')
      .select('stake_after_excise')
      .where('id', '=', Number(betId))
      .executeTakeFirstOrThrow();

    await sandbox(t, 'settle', { eventId: ev(1), home: 0, away: 3 });
    await processSettlements(t.deps);
    expect((await betStatus(betId)).status).toBe('lost');
    await sandbox(t, 'rollback-settlement', { eventId: ev(1) });
    await sandbox(t, 'cancel', { eventId: ev(1), reason: 'Abandoned' });
    await processSettlements(t.deps);
    expect(await betStatus(betId)).toMatchObject({
      status: 'void',
      settled_payout: bet.stake_after_excise,
    });
    expect(await userBalance(t, user.id)).toBe(cash0 - 10_000 + bet.stake_after_excise);

    // The cancellation can be rolled back and the match settled after all.
    await sandbox(t, 'rollback-settlement', { eventId: ev(1) });
    await processSettlements(t.deps);
    expect((await betStatus(betId)).status).toBe('open');
    await sandbox(t, 'settle', { eventId: ev(1), home: 1, away: 0 });
    await processSettlements(t.deps);
    expect((await betStatus(betId)).status).toBe('won');
  });

  it('cancels a match before it starts, voiding its leg in a multiple', async () => {
    const { cookies } = await fundedUser(t);
    const placed = await placeBet(t, cookies, {
      selections: [await selectionAt(t, ev(2), 1), await selectionAt(t, ev(3), 1)],
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { betId } = placed.json();
    await sandbox(t, 'cancel', { eventId: ev(2) });
    await sandbox(t, 'settle', { eventId: ev(3), home: 1, away: 0 });
    await processSettlements(t.deps);
    const legs = await t.deps.db
      .selectFrom('bet_selections')
      .select(['event_id', 'cancelled'])
      .where('bet_id', '=', Number(betId))
      .orderBy('event_id')
      .execute();
    expect(legs.find((l) => l.event_id === ev(2))?.cancelled).toBe(true);
    expect((await betStatus(betId)).status).toBe('won');
    expect((await sandboxStatus('cancel', { eventId: ev(2) })).status).toBe(400);
  });
});
