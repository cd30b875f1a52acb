import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/db/database';

/** Connections of a test file's main PostgreSQL pool (its priority pool has the default 2). */
export const TEST_POOL_SIZE = 10;

/**
 * On PostgreSQL, points DATABASE_URL at a database of this vitest worker's own
 * (`<database>_w<VITEST_POOL_ID>`, created on first use), so test files running side by side
 * (ADR 197) never share a database: PostgreSQL's advisory locks (the game loops' leader
 * elections, ADR 127) are per database, not per schema. Files in one worker run one after another
 * and keep the schema of their own inside it. Called once per file by test/setup.ts.
 */
export async function useWorkerDatabase(): Promise<void> {
  // The URL given to the run, kept aside: a worker process can run several files.
  const databaseUrl = process.env.DAU_TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const poolId = process.env.VITEST_POOL_ID;
  if (!databaseUrl || !poolId) return;
  process.env.DAU_TEST_DATABASE_URL = databaseUrl;
  const url = new URL(databaseUrl);
  const name = `${decodeURIComponent(url.pathname.slice(1)) || 'postgres'}_w${poolId}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) {
      try {
        await admin.query(`create database ${pg.escapeIdentifier(name)}`);
      } catch (error) {
        // Another run (another worktree) created it meanwhile.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  } finally {
    await admin.end();
  }
  url.pathname = `/${encodeURIComponent(name)}`;
  process.env.DATABASE_URL = url.toString();
}

/**
 * A fresh, migrated database for one test file: a copy of the migrated PGlite template by
 * default, or a new schema on the PostgreSQL server named by DATABASE_URL. Close it in
 * `afterAll`; the PostgreSQL schema is dropped then.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl, schema, poolSize: TEST_POOL_SIZE });
    await migrateToLatest(handle.db as unknown as Kysely<unknown>);
    return {
      ...handle,
      async close() {
        // A background loop still finishing its last statement (a game leader stepping down)
        // can deadlock with the drop; PostgreSQL then aborts one of the two, so try again.
        for (let attempt = 1; ; attempt++) {
          try {
            await sql`drop schema ${sql.id(schema)} cascade`.execute(handle.db);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
            await new Promise((r) => setTimeout(r, 200 * attempt));
          }
        }
        await handle.close();
      },
    };
  }
  const template = inject('pgliteTemplate');
  const data = template ? new Blob([await fs.readFile(template)]) : undefined;
  const handle = await openDatabase({
    pgliteDataDir: 'memory://',
    ...(data ? { pgliteLoadDataDir: data } : {}),
  });
  if (!data) await migrateToLatest(handle.db as unknown as Kysely<unknown>);
  return handle;
}
