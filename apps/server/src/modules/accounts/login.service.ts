import type { Login3Response } from '@dau/contracts/accounts/login3';
import { normalisePhone } from '@dau/domain/phone';
import { SITES, type SiteId } from '@dau/domain/sites';
import { normaliseUsername } from '@dau/domain/validation';
import type { AppDeps } from '../../app-types';
import type { DbOrTx } from '../../db/database';
import type { User } from './accounts.tables';
import { AppError } from '../../errors/app-error';
import { addressKey } from '../../plugins/client-address';
import { findUserByPhone, findUserByUsername } from './accounts.repository';
import {
  assertAttemptsAllowed,
  forgetAttempts,
  knownDeviceKey,
  rememberDevice,
  uncountAttempt,
  type ThrottleLimit,
} from './login-throttle';
import { hashPassword, verifyPassword } from './password';
import { restartRegistration } from './registration.service';
import { createSession } from './session.service';
import { balanceDisplays, getBalances, signBbJwt } from '../wallet/wallet.service';

export const INVALID_CREDENTIALS_MESSAGE = 'The phone number, username or password is not correct.';
export const UNDER_REGISTRATION_MESSAGE =
  'Your registration is not complete yet. Please verify your phone number to continue.';

// Compared against when no account matches, so an unknown account costs the same time.
const dummyHash = hashPassword('not-a-real-password');

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

/** The key an account's attempts count under, whichever of its identifiers was typed. */
export function accountKey(user: Pick<User, 'id'>): string {
  return `user:${user.id}`;
}

/** Limits per account, per network and per known device (decision 120). */
export function loginLimits(
  config: AppDeps['config'],
): Record<'account' | 'ip' | 'device', ThrottleLimit> {
  return {
    account: {
      short: config.loginMaxFailuresPerAccount,
      day: config.loginMaxFailuresPerAccount * 4,
    },
    ip: { short: config.loginMaxFailuresPerIp, day: config.loginMaxFailuresPerIp * 10 },
    device: { short: 10, day: 20 },
  };
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
  /** The browser's device token (`dau_device`), if it has one. */
  deviceToken: string | undefined;
}

export type LoginOutcome =
  | {
      kind: 'signed-in';
      body: Login3Response;
      session: { token: string; expiresAt: Date };
      /** A new device token for this browser, when it did not bring a valid one. */
      deviceToken: string | null;
    }
  | { kind: 'under-registration'; body: Login3Response };

/**
 * login3: phone or username plus password or PIN. The attempt is counted (atomically, before
 * the password is checked) on the account and the network, or on the browser alone when it is
 * one the account knows; past a limit the answer is 429 until that window ends (decision 120).
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
  const limits = loginLimits(config);
  const user = await findUserByIdentifier(db, input.siteId, identifier);
  const deviceKey = user ? await knownDeviceKey(db, user.id, input.deviceToken, now) : null;
  const account = user
    ? accountKey(user)
    : `unknown:${input.siteId}:${normalisePhone(identifier, input.siteId) ?? identifier.toLowerCase()}`;
  const ipKey = `ip:${addressKey(input.ip)}`;
  await assertAttemptsAllowed(
    db,
    deviceKey
      ? [{ key: deviceKey, limit: limits.device }]
      : [
          { key: account, limit: limits.account },
          { key: ipKey, limit: limits.ip },
        ],
    now,
  );

  const passwordOk = user
    ? await verifyPassword(input.password, user.password_hash)
    : await verifyPassword(input.password, await dummyHash).then(() => false);
  if (!user || !passwordOk || user.status === 'closed') {
    throw new AppError('UNAUTHENTICATED', [
      { code: 'INVALID_CREDENTIALS', message: INVALID_CREDENTIALS_MESSAGE },
    ]);
  }
  // The owner proved the password: the account's count starts again, and this attempt does not
  // count against everyone else behind the same address.
  await forgetAttempts(db, account);
  if (deviceKey) await forgetAttempts(db, deviceKey);
  else await uncountAttempt(db, ipKey);
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
  return {
    kind: 'signed-in',
    body: await signedInBody(deps, user, session.token),
    session,
    deviceToken: deviceKey ? null : await rememberDevice(db, user.id, now),
  };
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
