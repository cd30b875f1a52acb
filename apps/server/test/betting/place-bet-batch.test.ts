import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlaceBetRequest } from '@dau/contracts/betting/place-bet';
import type { SessionUser } from '../../src/app-types';
import { startLimit } from '../../src/modules/accounts/responsible-gambling.service';
import type { Booked } from '../../src/modules/betting/book-bets';
import { slipToBook } from '../../src/modules/betting/place-bet.service';
import { PlacementBatcher } from '../../src/modules/betting/placement-batcher';
import type { TestApp } from '../helpers/test-app';
import {
  bettingSuite,
  fundedUser,
  newKey,
  placeBet,
  selectionAt,
  systemBalance,
  userBalance,
} from './betting-kit';

/** Group commit (ADR 202): slips that arrive together are booked in one transaction. */
const suite = bettingSuite({ minEvents: 4 });
const ev = suite.ev;
let t: TestApp;
beforeAll(() => {
  t = suite.app();
});

async function bettor(cashCents: number) {
  const { user, cookies } = await fundedUser(t, cashCents);
  const session: SessionUser = {
    userId: user.id,
    externalId: user.external_id,
    siteId: user.site_id,
    sessionId: 0,
  };
  return { user, cookies, session };
}

async function slip(
  session: SessionUser,
  overrides: Partial<PlaceBetRequest> = {},
): Promise<PlaceBetRequest> {
  const selections = overrides.selections ?? [await selectionAt(t, ev(0))];
  return {
    siteId: 2,
    betType: selections.length > 1 ? 'multiple' : 'single',
    stake: 10,
    freebetStake: 0,
    acceptOddsChanges: 'none',
    idempotencyKey: newKey(),
    ...overrides,
    selections,
  };
}

/**
 * Books `slips` through a batcher with one transaction in flight: the first goes alone, the
 * others wait for it and go together, in one transaction. Answers each slip's outcome.
 */
async function bookTogether(slips: { session: SessionUser; input: PlaceBetRequest }[]) {
  const batcher = new PlacementBatcher(t.deps, { inFlight: 1 });
  const first = await slip(slips[0]!.session);
  const all = [{ session: slips[0]!.session, input: first }, ...slips];
  const answers = await Promise.allSettled(
    all.map(({ session, input }) => batcher.book(slipToBook(t.deps, session, input))),
  );
  return answers.slice(1);
}

const bookedOf = (a: PromiseSettledResult<Booked>) => {
  if (a.status !== 'fulfilled') throw new Error(`refused: ${String(a.reason)}`);
  return a.value;
};
const refusalOf = (a: PromiseSettledResult<Booked>) => {
  if (a.status !== 'rejected') throw new Error('booked, expected a refusal');
  return a.reason as { details?: { code: string }[]; constructor: { name: string } };
};

describe('PlaceBet in batches (group commit)', () => {
  it('refuses each slip of a batch on its own and books the others in one transaction', async () => {
    const rich = await bettor(1_000_00);
    const poor = await bettor(10_00);
    const limited = await bettor(1_000_00);
    await startLimit(t.deps.db, limited.user.id, '24h', t.deps.now());
    const stale = { ...(await selectionAt(t, ev(1))), odds: 1.01 };
    const repeated = await slip(rich.session, { stake: 20 });

    const answers = await bookTogether([
      { session: rich.session, input: repeated },
      { session: poor.session, input: await slip(poor.session, { stake: 50 }) },
      { session: rich.session, input: { ...repeated } },
      { session: rich.session, input: await slip(rich.session, { selections: [stale] }) },
      { session: limited.session, input: await slip(limited.session) },
      { session: poor.session, input: await slip(poor.session, { stake: 6 }) },
    ]);

    const first = bookedOf(answers[0]!);
    expect(refusalOf(answers[1]!).details?.[0]?.code).toBe('INSUFFICIENT_FUNDS');
    // The repeated key inside the batch: the ledger found the first posting's key.
    expect(refusalOf(answers[2]!).constructor.name).toBe('DuplicatePlacement');
    expect(refusalOf(answers[3]!).details?.[0]?.code).toBe('ODDS_CHANGED');
    expect(refusalOf(answers[4]!).details?.[0]?.code).toBe('RESPONSIBLE_GAMBLING_LIMIT');
    const last = bookedOf(answers[5]!);

    // Both booked slips committed in one transaction.
    const xmins = await sql<{ xmin: string }>`select xmin::text as xmin from bets
      where id in (${first.placed.betId}, ${last.placed.betId})`.execute(t.deps.db);
    expect(new Set(xmins.rows.map((r) => r.xmin)).size).toBe(1);

    expect(first.response.betId).toBe(String(first.placed.betId));
    expect(await userBalance(t, rich.user.id)).toBe(1_000_00 - 10_00 - 20_00);
    expect(await userBalance(t, poor.user.id)).toBe(10_00 - 6_00);
    expect(last.placed.balances.cash).toBe(4_00);
    expect(await userBalance(t, limited.user.id)).toBe(1_000_00);
    const bets = await t.deps.db
      .selectFrom('bets')
      .select(['user_id', 'stake'])
      .where('user_id', 'in', [rich.user.id, poor.user.id, limited.user.id])
      .orderBy('id')
      .execute();
    expect(bets).toEqual([
      { user_id: rich.user.id, stake: 10_00 },
      { user_id: rich.user.id, stake: 20_00 },
      { user_id: poor.user.id, stake: 6_00 },
    ]);
    // No ledger header is left behind by the refused postings.
    const headers = await t.deps.db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', 'bet_stake')
      .where('user_id', '=', poor.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(headers.n)).toBe(1);
  });

  it('never takes a balance below zero, whatever the batch holds', async () => {
    const { user, session } = await bettor(30_00);
    const pool0 = await systemBalance(t, 'bets_in_play');
    const slips = await Promise.all(
      Array.from({ length: 5 }, () => slip(session, { stake: 10, acceptOddsChanges: 'any' })),
    );
    // With bookTogether's first slip (KSh 10, alone), six stakes of KSh 10 ask for 60 of 30.
    const answers = await bookTogether(slips.map((input) => ({ session, input })));
    const booked = answers.filter((a) => a.status === 'fulfilled');
    expect(booked).toHaveLength(2);
    for (const a of answers.filter((x) => x.status === 'rejected')) {
      expect(refusalOf(a).details?.[0]?.code).toBe('INSUFFICIENT_FUNDS');
    }
    expect(await userBalance(t, user.id)).toBe(0);
    const inPlay = await t.deps.db
      .selectFrom('bets')
      .select((eb) => eb.fn.sum<string>('stake_after_excise').as('sum'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(await systemBalance(t, 'bets_in_play')).toBe(pool0 + Number(inPlay.sum));
  });

  it('answers every concurrent request: one refused, the others placed', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => bettor(100_00)));
    const open = await selectionAt(t, ev(2));
    const stale = { ...(await selectionAt(t, ev(3))), odds: 1.01 };
    const answers = await Promise.all(
      users.map((u, i) =>
        placeBet(t, u.cookies, { selections: [i === 3 ? stale : open], stake: 10 }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 409, 200, 200]);
    expect(answers[3]!.json().datasource_entries[0].value).toBe('ODDS_CHANGED');
    const ids = answers.filter((a) => a.statusCode === 200).map((a) => a.json().betId);
    expect(new Set(ids).size).toBe(5);
    for (const [i, u] of users.entries()) {
      expect(await userBalance(t, u.user.id)).toBe(i === 3 ? 100_00 : 90_00);
    }
  });

  it('places a repeated key once when its requests arrive together', async () => {
    const { user, cookies } = await bettor(100_00);
    const selections = [await selectionAt(t, ev(0))];
    const idempotencyKey = newKey();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => placeBet(t, cookies, { selections, idempotencyKey })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().betId)).size).toBe(1);
    expect(await userBalance(t, user.id)).toBe(0);
  });
});
