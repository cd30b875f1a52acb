import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database';
import { createTestDatabase } from '../helpers/test-database';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await sql`create table counters (id int primary key, n int not null)`.execute(handle.db);
  await sql`insert into counters values (1, 0)`.execute(handle.db);
});
afterAll(async () => {
  await handle.close();
});

it('isolates concurrent read-modify-write transactions', async () => {
  const increment = () =>
    handle.db.transaction().execute(async (tx) => {
      const { rows } = await sql<{
        n: number;
      }>`select n from counters where id = 1 for update`.execute(tx);
      await new Promise((r) => setTimeout(r, 5));
      await sql`update counters set n = ${rows[0]!.n + 1} where id = 1`.execute(tx);
    });
  await Promise.all(Array.from({ length: 20 }, increment));
  const { rows } = await sql<{ n: number }>`select n from counters where id = 1`.execute(handle.db);
  expect(rows[0]!.n).toBe(20);
});

it('returns bigint columns as numbers', async () => {
  const { rows } = await sql<{ v: number }>`select 123456789012::bigint as v`.execute(handle.db);
  expect(rows[0]!.v).toBe(123456789012);
});

it('rolls back a failed transaction completely', async () => {
  await expect(
    handle.db.transaction().execute(async (tx) => {
      await sql`update counters set n = -1 where id = 1`.execute(tx);
      throw new Error('boom');
    }),
  ).rejects.toThrow('boom');
  const { rows } = await sql<{ n: number }>`select n from counters where id = 1`.execute(handle.db);
  expect(rows[0]!.n).toBe(20);
});
