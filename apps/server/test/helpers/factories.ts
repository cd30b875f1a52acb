import { randomInt } from 'node:crypto';
import type { DbOrTx } from '../../src/db/database';
import type { NewUser, User } from '../../src/modules/accounts/accounts.tables';
import { hashPassword } from '../../src/modules/accounts/password';
import { createSession } from '../../src/modules/accounts/session.service';

export const TEST_PASSWORD = 'Secret#1234';

/** An active user with overrides; the phone number is unique per call. */
export async function createUser(db: DbOrTx, overrides: Partial<NewUser> = {}): Promise<User> {
  return db
    .insertInto('users')
    .values({
      site_id: 2,
      phone: `+2547${String(randomInt(10_000_000, 99_999_999))}`,
      username: null,
      password_hash: await hashPassword(TEST_PASSWORD),
      status: 'active',
      email: null,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A signed-in user: the user plus a session token usable as the `authBB` cookie. */
export async function createSignedInUser(
  db: DbOrTx,
  overrides: Partial<NewUser> = {},
): Promise<{ user: User; token: string; cookies: { authBB: string } }> {
  const user = await createUser(db, overrides);
  const { token } = await createSession(db, user.id, { now: new Date() });
  return { user, token, cookies: { authBB: token } };
}
