import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../src/db/database';

/** Polls `check` every 50 ms until it holds (or fails after `ms`). */
export async function waitFor(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * An advisory lock as `pg_locks` shows it: a bigint key is split into its high (`classid`) and
 * low (`objid`) halves, with `objsubid` 1; two int keys are `classid` and `objid`, with 2.
 */
export interface AdvisoryLock {
  classid: RawBuilder<unknown>;
  objid: RawBuilder<unknown>;
  objsubid: 1 | 2;
}

/** A lock taken as `pg_try_advisory_lock(key)` (key below 2^31). */
export const bigintLock = (key: number): AdvisoryLock => ({
  classid: sql`0`,
  objid: sql`${sql.lit(key)}`,
  objsubid: 1,
});

/** The backend process id of the session holding an advisory lock (null when free). */
export async function holderOf(db: Db, lock: AdvisoryLock): Promise<number | null> {
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_locks
    where locktype = 'advisory' and granted
      and database = (select oid from pg_database where datname = current_database())
      and objsubid = ${sql.lit(lock.objsubid)}
      and classid::text = ((${lock.classid})::bigint & 4294967295)::text
      and objid::text = ((${lock.objid})::bigint & 4294967295)::text`.execute(db);
  return rows[0]?.pid ?? null;
}

/** Ends a backend the way a PostgreSQL restart or an administrator would. */
export async function terminate(db: Db, pid: number): Promise<void> {
  await sql`select pg_terminate_backend(${pid})`.execute(db);
}
