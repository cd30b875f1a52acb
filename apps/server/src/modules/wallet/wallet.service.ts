import { createHmac, timingSafeEqual } from 'node:crypto';
import { DEPOSIT_MIN_BALANCE_NOTIFY } from '@dau/domain/constants';
import { cents, formatMoney, toUnitsString, type Cents } from '@dau/domain/money';
import type { SiteConfig } from '@dau/domain/sites';
import type { AppDeps } from '../../app-types';
import type { DbOrTx } from '../../db/database';
import { userAccountBalances } from './wallet.repository';
import type { UserAccountKind } from './wallet.tables';

export interface Balances {
  cash: Cents;
  bonus: Cents;
  freeBet: Cents;
  /** Cash held for withdrawals the provider has not paid out yet. */
  reserved: Cents;
  /** What the user can play with: cash, bonus and free bet. */
  total: Cents;
}

export async function getBalances(db: DbOrTx, userId: number): Promise<Balances> {
  return balancesOf(await userAccountBalances(db, userId));
}

/** A user's balances from their accounts' balances by kind (a missing account holds 0). */
export function balancesOf(b: Partial<Record<UserAccountKind, number>>): Balances {
  const cash = cents(b.cash ?? 0);
  const bonus = cents(b.bonus ?? 0);
  const freeBet = cents(b.free_bet ?? 0);
  return {
    cash,
    bonus,
    freeBet,
    reserved: cents(b.withdrawal_reserved ?? 0),
    total: cents(cash + bonus + freeBet),
  };
}

/** Cents to the wire's currency units (exact: via the decimal text, never `/ 100` drift). */
export function toUnits(amount: Cents | number): number {
  return Number(toUnitsString(amount as Cents));
}

export function isLowBalance(balances: Balances): boolean {
  return balances.cash < DEPOSIT_MIN_BALANCE_NOTIFY;
}

/**
 * Pushes `wallet` and `userdata` to each user's sockets. Call it after the commit that changed
 * the balances, never inside the transaction (a rollback would leave the client wrong).
 */
export async function publishBalances(deps: AppDeps, userIds: Iterable<number>): Promise<void> {
  for (const userId of new Set(userIds)) {
    pushBalances(deps, userId, await getBalances(deps.db, userId));
  }
}

/** Pushes balances already read (inside the committed transaction that set them). */
export function pushBalances(deps: Pick<AppDeps, 'realtime'>, userId: number, b: Balances): void {
  deps.realtime.toUser(userId, 'wallet', {
    real: toUnits(b.cash),
    bonus: toUnits(b.bonus),
    total: toUnits(b.total),
    reserved: toUnits(b.reserved),
  });
  deps.realtime.toUser(userId, 'userdata', {
    CashBalance: toUnits(b.cash),
    FreeBetBalance: toUnits(b.freeBet),
  });
}

export function balanceDisplays(b: Balances, site: SiteConfig) {
  return {
    balanceDisplay: formatMoney(b.cash, site),
    freebetBalanceDisplay: formatMoney(b.freeBet, site),
    bonusBalanceDisplay: formatMoney(b.bonus, site),
    totalBalanceDisplay: formatMoney(b.total, site),
    reservedDisplay: formatMoney(b.reserved, site),
  };
}

export const BB_JWT_TTL_S = 60 * 60;

/** An HS256 JWT naming the user (sub = external id) for game providers; one hour. */
export function signBbJwt(
  secret: string,
  user: { externalId: string; siteId: number },
  now: Date,
): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const iat = Math.floor(now.getTime() / 1000);
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({
    sub: user.externalId,
    site: user.siteId,
    iat,
    exp: iat + BB_JWT_TTL_S,
  })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/**
 * Reads a bbJWT this server signed: its user (external id) and site, or null when it is not
 * ours, altered, or expired at `now`. Game providers hand it back to the wallet seam.
 */
export function verifyBbJwt(
  secret: string,
  token: string,
  now: Date,
): { externalId: string; siteId: number } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: unknown };
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      sub?: unknown;
      site?: unknown;
      exp?: unknown;
    };
    if (head.alg !== 'HS256' || typeof body.sub !== 'string' || typeof body.site !== 'number') {
      return null;
    }
    if (typeof body.exp !== 'number' || body.exp * 1000 <= now.getTime()) return null;
    return { externalId: body.sub, siteId: body.site };
  } catch {
    return null;
  }
}
