/**
 * What the benchmarks that drive a real server share: signed-in users funded through the ledger,
 * and the open pre-match prices the sports list serves.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../apps/server/src/db/database';
import { hashPassword } from '../apps/server/src/modules/accounts/password';
import { createSession } from '../apps/server/src/modules/accounts/session.service';
import { postTransaction } from '../apps/server/src/modules/wallet/ledger.service';

export interface BenchUser {
  id: number;
  token: string;
  /** `authBB=<token>`, for a request's cookie header. */
  cookie: string;
}

/**
 * `count` Kenyan users, each with a session and `cents` of cash granted by the house; `first`
 * numbers their phones (several calls at once each take their own range).
 */
export async function fundedUsers(
  db: Db,
  count: number,
  cents = 100_000_000,
  first = 0,
): Promise<BenchUser[]> {
  const passwordHash = await hashPassword(randomBytes(12).toString('hex'));
  const users: BenchUser[] = [];
  for (let i = 0; i < count; i++) {
    const user = await db
      .insertInto('users')
      .values({
        site_id: 2,
        phone: `+2547${String(10_000_000 + first + i)}`,
        username: null,
        password_hash: passwordHash,
        status: 'active',
        email: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.transaction().execute((tx) =>
      postTransaction(tx, {
        kind: 'bench_grant',
        idempotencyKey: null,
        userId: user.id,
        entries: [
          { account: { userId: user.id, kind: 'cash' }, amount: cents },
          { account: { system: 'house' }, amount: -cents },
        ],
      }),
    );
    const { token } = await createSession(db, user.id, { now: new Date() });
    users.push({ id: user.id, token, cookie: `authBB=${token}` });
  }
  return users;
}

export interface Pick {
  eventId: number;
  /** Decimal odds of the home win, as the list shows them. */
  odds: number;
}

/** Pre-match football events with an open 1x2 home price, as the sports list serves them. */
export async function openPicks(base: string): Promise<Pick[]> {
  const url = `${base}/api/uof/match/event/ListAllPreEvents?sportId=1&marketId=1&nrOfPre=150&siteid=2`;
  const body = (await (await fetch(url)).json()) as {
    sports: {
      eventMin: {
        id: number;
        odds: { uid: string; ibs: boolean; m: { id: number; o: number }[] }[];
      }[];
    }[];
  };
  const picks: Pick[] = [];
  for (const event of body.sports[0]?.eventMin ?? []) {
    const market = event.odds.find((m) => m.uid === '1' && !m.ibs);
    const home = market?.m.find((o) => o.id === 1);
    if (home && home.o > 1) picks.push({ eventId: event.id, odds: home.o });
  }
  return picks;
}
