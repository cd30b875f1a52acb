import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../src/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * On PGlite, migrate one database once and dump it; each test file starts from a copy
 * (loading a dump takes about 0.5 s, a fresh initdb several seconds).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return async () => {};
  }
  const handle = await openDatabase({ pgliteDataDir: 'memory://' });
  await migrateToLatest(handle.db as unknown as Kysely<unknown>);
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dau-test-'));
  const file = path.join(dir, 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
