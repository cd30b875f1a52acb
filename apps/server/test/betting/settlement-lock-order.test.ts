import { sql } from 'kysely';
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

/**
 * Settlement takes its locks in the ledger's one order (ADR 202): bets, then the house's rows,
 * then users by id — never a user while it waits for one of a lower id, which a placement batch
 * (`ledger_post_many`, users by id) may hold while it waits for the first. Row locks between
 * sessions need a PostgreSQL server; PGlite has one connection, where nothing waits.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const suite = bettingSuite({ minEvents: 1 });
let t: TestApp;
beforeAll(() => {
  t = suite.app();
});

/** Stands in for a placement batch: raised to roll its transaction back once it has looked. */
class Done extends Error {}

describe.skipIf(!onPostgres)('settlement and placement batches: one lock order', () => {
  it('holds no user while it waits for a user of a lower id', async () => {
    const eventId = suite.ev(0);
    const selection = await selectionAt(t, eventId, 1);
    // `low` has the lower user id, `high` the lower bet id: bet order is not user order.
    const low = await fundedUser(t);
    const high = await fundedUser(t);
    expect(low.user.id).toBeLessThan(high.user.id);
    const first = await placeBet(t, high.cookies, { selections: [selection], stake: 100 });
    const second = await placeBet(t, low.cookies, { selections: [selection], stake: 100 });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const cashBefore = [await userBalance(t, low.user.id), await userBalance(t, high.user.id)];
    await sandbox(t, 'settle', { eventId, home: 2, away: 1 });

    let highWasFree: boolean | undefined;
    let settlement: ReturnType<typeof processSettlements> | undefined;
    // A placement batch that has locked `low` and goes on to `high`, as `ledger_post_many` does.
    const batch = t.deps.db.transaction().execute(async (tx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx);
      const pid = rows[0]!.pid;
      await sql`select 1 from ledger_accounts
        where user_id = ${low.user.id} and kind = 'cash' for update`.execute(tx);
      settlement = processSettlements(t.deps);
      // The settlement reaches `low` and waits for this transaction.
      const deadline = Date.now() + 15_000;
      for (;;) {
        const { rows: waiting } = await sql<{ n: string }>`select count(*) as n
          from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))`.execute(t.deps.db);
        if (Number(waiting[0]!.n) > 0) break;
        if (Date.now() > deadline) throw new Error('the settlement never waited for the batch');
        await new Promise((r) => setTimeout(r, 20));
      }
      try {
        await sql`select 1 from ledger_accounts
          where user_id = ${high.user.id} and kind = 'cash' for update nowait`.execute(tx);
        highWasFree = true;
      } catch (error) {
        if ((error as { code?: string }).code !== '55P03') throw error;
        // Held by the settlement: a real batch would wait here, and the two deadlock.
        highWasFree = false;
      }
      throw new Done();
    });
    await expect(batch).rejects.toBeInstanceOf(Done);
    const run = await settlement!;

    expect(highWasFree).toBe(true);
    expect(run).toMatchObject({ failed: 0, betsChanged: 2 });
    const bets = await t.deps.db
      .selectFrom('bets')
      .select(['status', 'settled_payout', 'user_id'])
      .where('id', 'in', [Number(first.json().betId), Number(second.json().betId)])
      .orderBy('user_id')
      .execute();
    expect(bets.map((b) => b.status)).toEqual(['won', 'won']);
    expect([await userBalance(t, low.user.id), await userBalance(t, high.user.id)]).toEqual([
      cashBefore[0]! + bets[0]!.settled_payout,
      cashBefore[1]! + bets[1]!.settled_payout,
    ]);
  });
});
