import { randomBytes } from 'node:crypto';
import type { Cents } from '@dau/domain/money';
import { isSiteId, siteConfig, type SiteConfig, type SiteId } from '@dau/domain/sites';
import { DEFAULT_TAX_POLICIES, taxPolicyAt } from '@dau/domain/tax-policy';
import type { AppDeps } from '../../app-types';
import type { Tx } from '../../db/database';
import { AppError } from '../../errors/app-error';
import type { MobileMoneyOperator, MobileMoneyOperators } from './mobile-money.operator';
import type { MobileMoneyProvider } from './mobile-money.provider';

/**
 * Responsible-gambling hook point: the accounts module (self-exclusion, time-outs) provides a
 * real guard; until it does, every payment is allowed.
 */
export interface GamblingGuard {
  check(input: {
    userId: number;
    kind: 'deposit' | 'withdrawal';
    amount: Cents;
  }): Promise<{ allowed: true } | { allowed: false; message: string }>;
}

export const allowAllGamblingGuard: GamblingGuard = {
  check: async () => ({ allowed: true }),
};

export interface PaymentsContext {
  deps: AppDeps;
  /** Kenya's M-Pesa over Daraja (provider id `mpesa`). */
  provider: MobileMoneyProvider;
  /**
   * The other countries' operators (MTN MoMo, Airtel Money, Vodacom M-Pesa), one per provider
   * and site; an operator missing here answers its numbers with 503.
   */
  operators: MobileMoneyOperators;
  gamblingGuard: GamblingGuard;
  /** Absolute URL of one of Dau's Daraja callback endpoints. */
  callbackUrl: (kind: CallbackKind) => string;
  /** Absolute URL where an operator (provider and site) sends its callbacks of one kind. */
  operatorCallbackUrl: (
    operator: Pick<MobileMoneyOperator, 'provider' | 'siteId'>,
    kind: 'payment' | 'payout',
  ) => string;
  /** Runs work after the HTTP answer; the app waits for it on close. */
  background: (task: () => Promise<void>) => void;
}

export type CallbackKind =
  | 'stk'
  | 'b2c-result'
  | 'b2c-timeout'
  | 'b2c-status-result'
  | 'b2c-status-timeout'
  | 'c2b-validation'
  | 'c2b-confirmation'
  | 'reversal-result'
  | 'reversal-timeout';

export const DAY_MS = 24 * 60 * 60_000;

export function publicId(prefix: 'DP' | 'WD' | 'PB'): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return prefix + Array.from(randomBytes(10), (b) => alphabet[b % alphabet.length]).join('');
}

export function badInput(code: string, message: string, name?: string): AppError {
  return new AppError('VALIDATION_FAILED', [{ code, message, ...(name ? { name } : {}) }]);
}

/** Daraja wants digits with the country code, no plus. */
export function darajaPhone(e164: string): string {
  return e164.replace(/^\+/, '');
}

export function siteOf(siteId: number): SiteConfig {
  return siteConfig(isSiteId(siteId) ? siteId : 2);
}

export function policyFor(deps: AppDeps, siteId: number) {
  return taxPolicyAt(DEFAULT_TAX_POLICIES, (isSiteId(siteId) ? siteId : 2) as SiteId, deps.now());
}

export async function guard(
  ctx: PaymentsContext,
  userId: number,
  kind: 'deposit' | 'withdrawal',
  amount: Cents,
) {
  const verdict = await ctx.gamblingGuard.check({ userId, kind, amount });
  if (!verdict.allowed)
    throw new AppError('FORBIDDEN', [{ code: 'RESPONSIBLE_GAMBLING', message: verdict.message }]);
}

export type After = (push: () => void | Promise<void>) => void;

/** Runs `work` in a transaction, then the pushes it queued, only once the commit is done. */
export async function inTransaction<T>(
  deps: AppDeps,
  work: (tx: Tx, after: After) => Promise<T>,
): Promise<T> {
  const pushes: (() => void | Promise<void>)[] = [];
  const result = await deps.db.transaction().execute((tx) => work(tx, (p) => pushes.push(p)));
  for (const push of pushes) await push();
  return result;
}
