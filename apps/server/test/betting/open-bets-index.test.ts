import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETS_CHANGED, OpenBetsIndex } from '../../src/modules/betting/open-bets-index';
import { processSettlements } from '../../src/modules/betting/settlement.service';
import type { TestApp } from '../helpers/test-app';
import { bettingSuite, fundedUser, placeBet, sandbox, selectionAt } from './betting-kit';

/**
 * The open-bets index behind the cash-out offer pushes (ADR 220): after every change a bet can
 * go through — placement, partial and full cash-out, a leg settled, the bet settled, rollbacks —
 * it holds exactly what a fresh load from the database reads, learning of each change only from
 * the `BETS_CHANGED` announcements, as the index on the ingesting instance does.
 */
const suite = bettingSuite({ minEvents: 7 });
const ev = suite.ev;
let t: TestApp;
let index: OpenBetsIndex;
beforeAll(async () => {
  t = suite.app();
  index = new OpenBetsIndex(t.deps.db);
  t.deps.realtime.onInstanceMessage(BETS_CHANGED, (ids) => index.changed(ids));
  await index.start();
});
afterAll(() => index.stop());

/** The index equals what a fresh load reads now. */
async function expectCurrent() {
  await index.idle();
  const fresh = new OpenBetsIndex(t.deps.db);
  await fresh.start();
  expect(index.all()).toEqual(fresh.all());
  fresh.stop();
}

type Cookies = { authBB: string };

async function place(cookies: Cookies, events: number[], outcomeId = 1) {
  const selections = [];
  for (const eventId of events) selections.push(await selectionAt(t, eventId, outcomeId));
  const res = await placeBet(t, cookies, { selections, stake: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.json().betId);
}

async function cashOut(cookies: Cookies, betId: number, stake?: number) {
  const query = stake === undefined ? '' : `?stake=${stake}`;
  const url = `/api/bets/${betId}/cashout`;
  const offer = await t.app.inject({ method: 'GET', url: url + query, cookies });
  expect(offer.json().available, offer.body).toBe(true);
  const payload = { value: offer.json().value, acceptChanges: 'any', ...(stake ? { stake } : {}) };
  const res = await t.app.inject({ method: 'POST', url, cookies, payload });
  expect(res.statusCode, res.body).toBe(200);
}

async function settle(eventId: number, home: number, away: number) {
  await sandbox(t, 'settle', { eventId, home, away });
  await processSettlements(t.deps);
}

async function rollback(eventId: number) {
  await sandbox(t, 'rollback-settlement', { eventId });
  await processSettlements(t.deps);
}

const betIdsOn = (eventId: number) => index.on([eventId]).map((b) => b.bet.id);

describe('open-bets index', () => {
  it('follows placement and partial and full cash-outs', async () => {
    const { cookies } = await fundedUser(t);
    const single = await place(cookies, [ev(0)]);
    const multi = await place(cookies, [ev(0), ev(1)]);
    await expectCurrent();
    expect(betIdsOn(ev(0))).toEqual([single, multi]);
    expect(betIdsOn(ev(1))).toEqual([multi]);
    expect(index.get(multi)?.legs.map((l) => l.event_id)).toEqual([ev(0), ev(1)]);
    expect(index.get(single)?.legs[0]).toMatchObject({ sport_id: 1, result: null });

    await cashOut(cookies, single, 40);
    await expectCurrent();
    expect(index.get(single)?.bet.stake).toBe(60_00);

    await cashOut(cookies, single);
    await expectCurrent();
    expect(index.get(single)).toBeUndefined();
    expect(betIdsOn(ev(0))).toEqual([multi]);
  });

  it('follows a settled leg, a settled bet and their rollbacks', async () => {
    const { cookies } = await fundedUser(t);
    // Home wins on both: the first leg wins and the bet stays open; then the second loses.
    const multi = await place(cookies, [ev(2), ev(3)]);
    const single = await place(cookies, [ev(4)]);
    await expectCurrent();

    await settle(ev(2), 2, 0);
    await expectCurrent();
    expect(index.get(multi)?.legs.map((l) => l.result)).toEqual(['won', null]);

    await settle(ev(3), 0, 1);
    await settle(ev(4), 3, 1);
    await expectCurrent();
    expect(index.get(multi)).toBeUndefined();
    expect(index.get(single)).toBeUndefined();
    expect(betIdsOn(ev(2))).not.toContain(multi);

    await rollback(ev(3));
    await rollback(ev(4));
    await expectCurrent();
    expect(index.get(multi)?.legs.map((l) => l.result)).toEqual(['won', null]);
    expect(betIdsOn(ev(4))).toContain(single);

    await rollback(ev(2));
    await expectCurrent();
    expect(index.get(multi)?.legs.map((l) => l.result)).toEqual([null, null]);
  });

  it('a resync heals a change nobody announced; a stopped index ignores announcements', async () => {
    const { cookies } = await fundedUser(t);
    const betId = await place(cookies, [ev(5)]);
    await index.idle();
    await t.deps.db.updateTable('bets').set({ stake: 50_00 }).where('id', '=', betId).execute();
    await index.idle();
    expect(index.get(betId)?.bet.stake).toBe(100_00);
    index.resync();
    await expectCurrent();
    expect(index.get(betId)?.bet.stake).toBe(50_00);

    const other = new OpenBetsIndex(t.deps.db);
    other.changed([betId]);
    await other.idle();
    expect(other.size).toBe(0);
    await other.start();
    expect(other.get(betId)?.bet.stake).toBe(50_00);
    other.stop();
    expect(other.size).toBe(0);
  });
});
