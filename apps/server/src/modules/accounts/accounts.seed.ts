import type { AppDeps } from '../../app-types';
import { hashPassword } from './password';

/** Demo account documented in the README. */
export const DEMO_USER = {
  username: 'demo',
  phone: '+254700000001',
  password: 'DemoPass#2026',
  siteId: 2,
} as const;

export async function seedDemoUser({ db }: AppDeps): Promise<void> {
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
