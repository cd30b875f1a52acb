import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './app-types';
import { seedDemoUser } from './modules/accounts/accounts.seed';
import { seedDemoBet } from './modules/betting/betting.seed';
import { seedDemoWallet } from './modules/wallet/wallet.seed';

export type Seeder = (deps: AppDeps) => Promise<void>;

/**
 * Idempotent demo data for `npm start`. Modules append their seeders; each must be safe to run
 * on every start.
 */
export const seeders: Seeder[] = [seedDemoUser, seedDemoWallet];

export async function seedDemoData(deps: AppDeps): Promise<void> {
  for (const seeder of seeders) await seeder(deps);
}

/**
 * Demo data that needs open markets: seeded once the feed is connected (`npm start`), retried
 * while its snapshot is still arriving. Never stops the server from starting.
 */
export async function seedDemoDataAfterFeed(deps: AppDeps, log: FastifyBaseLogger) {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      if (await seedDemoBet(deps)) return;
    } catch (err) {
      log.warn({ err }, 'demo seed: the first demo bet was not placed');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  log.warn('demo seed: no open market for the first demo bet');
}
