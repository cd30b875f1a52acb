import type { AppDeps } from '../app-types';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../modules/accounts/password';
import { seedDemoBet } from '../modules/betting/betting.seed';
import { seedDemoWallet } from '../modules/wallet/wallet.seed';

/** Demo account documented in the README. */
export const DEMO_USER = {
  username: 'demo',
  phone: '+254700000001',
  password: 'DemoPass#2026',
  siteId: 2,
} as const;

export type Seeder = (deps: AppDeps) => Promise<void>;

async function seedDemoUser({ db }: AppDeps): Promise<void> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('site_id', '=', DEMO_USER.siteId)
    .where('phone', '=', DEMO_USER.phone)
    .executeTakeFirst();
  if (existing) {
    // Databases seeded before accounts existed get the verified flag too.
    await db
      .updateTable('users')
      .set({ is_verified: true })
      .where('id', '=', existing.id)
      .where('is_verified', '=', false)
      .execute();
    return;
  }
  await db
    .insertInto('users')
    .values({
      site_id: DEMO_USER.siteId,
      phone: DEMO_USER.phone,
      username: DEMO_USER.username,
      password_hash: await hashPassword(DEMO_USER.password),
      status: 'active',
      email: null,
      // A finished registration: phone verified, refer-a-friend code issued.
      is_verified: true,
      raf_code: 'DEMO2026',
      terms_accepted_at: new Date(),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

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
