import type { Login3Response } from '@dau/contracts/accounts/login3';
import { normalisePhone } from '@dau/domain/phone';
import { SITES, type SiteId } from '@dau/domain/sites';
import { normaliseUsername } from '@dau/domain/validation';
import type { AppDeps } from '../../app-types';
import type { DbOrTx } from '../../db/database';
import type { User } from './accounts.tables';
import { AppError } from '../../errors/app-error';
import {
  clearThrottle,
  findUserByPhone,
  findUserByUsername,
  lockKey,
  lockedUntil,
  recordFailure,
} from './accounts.repository';
import { hashPassword, verifyPassword } from './password';
import { restartRegistration } from './registration.service';
import { createSession } from './session.service';
import { balanceDisplays, getBalances, signBbJwt } from '../wallet/wallet.service';

/** Failures are forgotten a day after the last one, so a lock-out never becomes permanent. */
export const FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;
/** The first lock-out lasts a minute and doubles with each further failure, up to an hour. */
export const FIRST_LOCK_MS = 60_000;
export const MAX_LOCK_MS = 60 * 60_000;

export const INVALID_CREDENTIALS_MESSAGE = 'The phone number, username or password is not correct.';
export const UNDER_REGISTRATION_MESSAGE =
  'Your registration is not complete yet. Please verify your phone number to continue.';

// Compared against when no account matches, so an unknown account costs the same time.
const dummyHash = hashPassword('not-a-real-password');

export function lockDuration(failures: number, max: number): number {
  return Math.min(FIRST_LOCK_MS * 2 ** Math.max(0, failures - max), MAX_LOCK_MS);
}

/** The account an identifier (phone in any local format, or username) points to. */
export async function findUserByIdentifier(
  db: DbOrTx,
  siteId: SiteId,
  identifier: string,
): Promise<User | undefined> {
  const phone = normalisePhone(identifier, siteId);
  if (phone) return findUserByPhone(db, siteId, phone);
  return findUserByUsername(db, siteId, identifier);
}

function throttleKeys(siteId: SiteId, identifier: string, ip: string) {
  const account = normalisePhone(identifier, siteId) ?? identifier.toLowerCase();
  return { account: `account:${siteId}:${account}`, ip: `ip:${ip}` };
}

export async function assertNotLocked(db: DbOrTx, keys: string[], now: Date): Promise<void> {
  const until = await lockedUntil(db, keys, now);
  if (until) {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
    throw new AppError('RATE_LIMITED', [
      {
        code: 'LOGIN_LOCKED',
        message: `Too many failed attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again, or reset your password.`,
      },
    ]);
  }
}

export async function countFailure(db: DbOrTx, key: string, max: number, now: Date): Promise<void> {
  const failures = await recordFailure(db, key, now, FAILURE_MEMORY_MS);
  if (failures >= max) {
    await lockKey(db, key, new Date(now.getTime() + lockDuration(failures, max)));
  }
}

export function displayName(user: Pick<User, 'username' | 'phone'>): string {
  return user.username ?? user.phone;
}

export interface LoginInput {
  identifier: string;
  password: string;
  siteId: SiteId;
  ip: string;
  userAgent: string | undefined;
}

export type LoginOutcome =
  | { kind: 'signed-in'; body: Login3Response; session: { token: string; expiresAt: Date } }
  | { kind: 'under-registration'; body: Login3Response };

/**
 * login3: phone or username plus password or PIN. Failures count per account and per IP; the
 * next attempt after the limit is refused with 429 until a growing but bounded lock-out ends.
 */
export async function login(deps: AppDeps, input: LoginInput): Promise<LoginOutcome> {
  const { db, config } = deps;
  const now = deps.now();
  const identifier = normaliseUsername(input.identifier);
  if (!identifier) {
    throw new AppError('VALIDATION_FAILED', [
      { message: 'Please enter your phone number or username.', name: 'UnspecifiedUsername' },
    ]);
  }
  const keys = throttleKeys(input.siteId, identifier, input.ip);
  await assertNotLocked(db, [keys.account, keys.ip], now);

  const user = await findUserByIdentifier(db, input.siteId, identifier);
  const passwordOk = user
    ? await verifyPassword(input.password, user.password_hash)
    : await verifyPassword(input.password, await dummyHash).then(() => false);
  if (!user || !passwordOk || user.status === 'closed') {
    await countFailure(db, keys.account, config.loginMaxFailuresPerAccount, now);
    await countFailure(db, keys.ip, config.loginMaxFailuresPerIp, now);
    throw new AppError('UNAUTHENTICATED', [
      { code: 'INVALID_CREDENTIALS', message: INVALID_CREDENTIALS_MESSAGE },
    ]);
  }
  await clearThrottle(db, keys.account);
  // A break or self-exclusion does not lock users out of their money: they sign in to a
  // restricted account where bets and deposits are refused and withdrawals work (decision 031).

  if (user.status === 'registering') {
    const registration = await restartRegistration(db, user, now);
    return {
      kind: 'under-registration',
      body: {
        hasErrors: true,
        isUnderRegistration: true,
        registrationStep: 1,
        isVerified: user.is_verified,
        providerUserID: user.external_id,
        sid: registration.sid,
        mobile: user.phone,
        datasource_entries: [
          {
            error_triggered: true,
            dimension_value: UNDER_REGISTRATION_MESSAGE,
            value: 'UNDER_REGISTRATION',
          },
        ],
      },
    };
  }

  const session = await createSession(db, user.id, {
    ip: input.ip,
    userAgent: input.userAgent ?? null,
    now,
  });
  return { kind: 'signed-in', body: await signedInBody(deps, user, session.token), session };
}

/**
 * The login3 answer for a signed-in user. `tokenString` and `onlineTokenString` are the opaque
 * session token; `bbJwt` is the wallet's short-lived signed token for game providers; the
 * balance displays come from the wallet's ledger.
 */
export async function signedInBody(
  deps: AppDeps,
  user: User,
  token: string,
): Promise<Login3Response> {
  const now = deps.now();
  const balances = await getBalances(deps.db, user.id);
  const displays = balanceDisplays(balances, SITES[user.site_id as SiteId]);
  return {
    hasErrors: false,
    isUnderRegistration: false,
    registrationStep: 0,
    isVerified: user.is_verified,
    providerUserID: user.external_id,
    datasource_entries: [],
    bbJwt: signBbJwt(
      deps.config.bbJwtSecret,
      { externalId: user.external_id, siteId: user.site_id },
      now,
    ),
    tokenString: token,
    onlineTokenString: token,
    userId: user.id,
    name: displayName(user),
    balanceDisplay: displays.balanceDisplay,
    bonusBalanceDisplay: displays.bonusBalanceDisplay,
    freebetBalanceDisplay: displays.freebetBalanceDisplay,
    totalBalanceDisplay: displays.totalBalanceDisplay,
    isWhitelisted: user.is_whitelisted,
    rafCode: user.raf_code ?? '',
  };
}
