import { randomBytes } from 'node:crypto';
import { checkNewPassword } from '@dau/domain/credentials';
import type { SiteId } from '@dau/domain/sites';
import { normaliseUsername } from '@dau/domain/validation';
import type { AppDeps } from '../../app-types';
import { AppError } from '../../errors/app-error';
import {
  consumeReset,
  findUserById,
  findUsableReset,
  insertPasswordReset,
  resetsSince,
  retireResets,
  updateUser,
} from './accounts.repository';
import { accountKey, findUserByIdentifier } from './login.service';
import { assertAttemptsAllowed, forgetAttempts, rememberDevice } from './login-throttle';
import { hashPassword, verifyPassword } from './password';
import { endUserSessions, hashToken, revokeUserSessions } from './session.service';

export const RESET_TTL_MS = 15 * 60_000;
export const RESET_INTERVAL_MS = 60_000;
export const RESETS_PER_DAY = 5;

export const FORGOTTEN_PASSWORD_ANSWER =
  'If an account exists for these details, we have sent a reset link by SMS. It expires in 15 minutes.';
export const RESET_LINK_INVALID =
  'This reset link has expired or has already been used. Please ask for a new one.';

function weakPassword(message: string, name: string): AppError {
  return new AppError('VALIDATION_FAILED', [{ message, name }]);
}

/**
 * Sends a single-use reset link by SMS. Answers the same whether or not the account exists;
 * at most one link a minute and five a day per account.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  input: { siteId: SiteId; identifier: string; baseUrl: string },
): Promise<void> {
  const now = deps.now();
  const user = await findUserByIdentifier(
    deps.db,
    input.siteId,
    normaliseUsername(input.identifier),
  );
  if (!user || user.status !== 'active') return;
  const recent = await resetsSince(deps.db, user.id, new Date(now.getTime() - 86_400_000));
  const last = recent[0] ? new Date(recent[0].created_at) : null;
  if (recent.length >= RESETS_PER_DAY) return;
  if (last && now.getTime() - last.getTime() < RESET_INTERVAL_MS) return;
  const guid = randomBytes(32).toString('base64url');
  await insertPasswordReset(deps.db, {
    userId: user.id,
    guidHash: hashToken(guid),
    expiresAt: new Date(now.getTime() + RESET_TTL_MS),
  });
  await deps.sms.send({
    phone: user.phone,
    purpose: 'password-reset',
    body: `Reset your Dau PIN or password: ${input.baseUrl}/reset-password/${guid} (valid 15 minutes, works once). If you did not ask for this, ignore this message.`,
  });
}

export async function isResetUsable(deps: AppDeps, guid: string): Promise<boolean> {
  return (await findUsableReset(deps.db, hashToken(guid), deps.now())) !== undefined;
}

/**
 * Sets a new password with a reset guid; the guid then stops working, all sessions end, the
 * account's failed-login count is forgotten and the browser gets a device token, so the owner
 * can log in at once even while strangers keep failing (decision 120).
 */
export async function resetPassword(
  deps: AppDeps,
  guid: string,
  password: string,
): Promise<{ userId: number; deviceToken: string }> {
  const now = deps.now();
  const check = checkNewPassword(password);
  if (!check.ok) throw weakPassword(check.message, 'password');
  const passwordHash = await hashPassword(password);
  const reset = await deps.db.transaction().execute(async (tx) => {
    const userId = await consumeReset(tx, hashToken(guid), now);
    if (userId === null) {
      throw new AppError('BAD_REQUEST', [
        { code: 'RESET_LINK_INVALID', message: RESET_LINK_INVALID },
      ]);
    }
    const user = await findUserById(tx, userId);
    if (!user)
      throw new AppError('BAD_REQUEST', [
        { code: 'RESET_LINK_INVALID', message: RESET_LINK_INVALID },
      ]);
    await updateUser(tx, userId, { password_hash: passwordHash });
    await retireResets(tx, userId, now);
    const endedSessions = await revokeUserSessions(tx, userId, now);
    await forgetAttempts(tx, accountKey(user));
    await tx.deleteFrom('login_devices').where('user_id', '=', userId).execute();
    return { userId, endedSessions, deviceToken: await rememberDevice(tx, userId, now) };
  });
  // Committed: the old sessions' sockets go too, on every instance.
  deps.realtime.endSessions(reset.endedSessions);
  return { userId: reset.userId, deviceToken: reset.deviceToken };
}

/** Change PIN: the current one is required; other sessions end, this one stays. */
export async function changePassword(
  deps: AppDeps,
  input: { userId: number; sessionId: number; currentPassword: string; newPassword: string },
): Promise<void> {
  const now = deps.now();
  const key = `change-password:${input.userId}`;
  const limit = { short: deps.config.loginMaxFailuresPerAccount, day: 20 };
  await assertAttemptsAllowed(deps.db, [{ key, limit }], now);
  const user = await findUserById(deps.db, input.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (!(await verifyPassword(input.currentPassword, user.password_hash))) {
    throw new AppError('BAD_REQUEST', [
      {
        code: 'WRONG_CURRENT_PASSWORD',
        message: 'Your current PIN or password is not correct.',
        name: 'currentPassword',
      },
    ]);
  }
  await forgetAttempts(deps.db, key);
  const check = checkNewPassword(input.newPassword);
  if (!check.ok) throw weakPassword(check.message, 'newPassword');
  if (input.newPassword === input.currentPassword) {
    throw weakPassword('The new PIN or password must differ from the current one.', 'newPassword');
  }
  await updateUser(deps.db, user.id, { password_hash: await hashPassword(input.newPassword) });
  await endUserSessions(deps, user.id, now, input.sessionId);
}
