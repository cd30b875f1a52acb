import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Tx;

const INT8_OID = 20;

function int8ToNumber(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`bigint value ${value} exceeds 2^53`);
  return n;
}

export interface DatabaseHandle {
  db: Db;
  /**
   * The priority pool (ADR 187): a few connections of their own for short statements that must
   * not queue behind the main pool's transactions (a High Flyer cash-out's session lookup and
   * its one UPDATE). No transactions and nothing slow here, or it queues like the main pool.
   * The same handle as `db` on PGlite (one connection) or with a priority pool size of 0.
   */
  priorityDb: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded client, when running on PGlite. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory. */
  pgliteDataDir?: string;
  /** A dumped PGlite data folder to start from (tests load a migrated template). */
  pgliteLoadDataDir?: Blob;
  /** PostgreSQL schema to use (tests give each file its own). */
  schema?: string;
  poolSize?: number;
  /**
   * Connections of the priority pool (`DATABASE_PRIORITY_POOL_SIZE`, default 2); 0 sends its
   * statements to the main pool. PostgreSQL only.
   */
  priorityPoolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const db = postgresDb(options, options.poolSize ?? 10, 'dau');
    const prioritySize = options.priorityPoolSize ?? 2;
    // Kept open between rounds (no idle timeout): a cash-out never waits for a new connection.
    const priorityDb = prioritySize > 0 ? postgresDb(options, prioritySize, 'dau-priority', 0) : db;
    return {
      db,
      priorityDb,
      kind: 'postgres',
      close: async () => {
        if (priorityDb !== db) await priorityDb.destroy();
        await db.destroy();
      },
    };
  }
  const dataDir = options.pgliteDataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) await fs.mkdir(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create({
    dataDir,
    ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
    parsers: { [INT8_OID]: int8ToNumber },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return { db, priorityDb: db, kind: 'pglite', pglite: client, close: () => db.destroy() };
}

/**
 * A Kysely over a `pg` pool of `max` connections, named in `pg_stat_activity`; idle ones close
 * after `idleMs` (`pg`'s 10 s unless given; 0 never).
 */
function postgresDb(
  options: OpenDatabaseOptions,
  max: number,
  applicationName: string,
  idleMs?: number,
): Db {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max,
    application_name: applicationName,
    ...(idleMs === undefined ? {} : { idleTimeoutMillis: idleMs }),
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === INT8_OID
          ? int8ToNumber
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // A connection the server dropped (PostgreSQL restarted, a failover, a network cut) emits
  // 'error'; unhandled it would kill the process. Idle, the pool re-emits it and replaces the
  // connection at the next checkout (requests meanwhile answer 503). Checked out for long (a
  // leader's advisory-lock session, ADR 127) the pool does not listen: the connection's own
  // listener below handles it, its next query fails, and its holder steps down and stands
  // for election again.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      process.stderr.write(`database: a connection was lost (${error.message})\n`);
    });
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  // Kysely looks for its migration tables in every schema unless told which one; with several
  // schemas on one server (parallel test files, other deployments) it would find another
  // schema's lock table and fail. Pin it to the connection's own schema.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
    migrationTableSchema: rows[0]?.schema ?? 'public',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

/** Whether a query failed on a unique constraint (SQLSTATE 23505, PostgreSQL and PGlite). */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '23505';
}
