import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database';

/**
 * Creates an empty PGlite data folder with every migration applied, as the server's first start
 * would (`<dir>/pglite`), and returns `<dir>`. A fresh folder costs the server an initdb and the
 * migrations (about 15 s of CPU on this machine) at every start; a copy of this one costs a
 * fraction of a second. The server still runs `migrateToLatest` (nothing left to do) and seeds
 * as its env says, so each journey starts from the same state as before.
 */
export async function createPgliteTemplate(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dau-e2e-template-'));
  const handle = await openDatabase({ pgliteDataDir: path.join(dir, 'pglite') });
  await migrateToLatest(handle.db as unknown as Kysely<unknown>);
  await handle.close();
  return dir;
}
