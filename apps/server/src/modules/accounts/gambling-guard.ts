import type { AppDeps } from '../../app-types';
import type { GamblingGuard } from '../payments/payments.service';
import { currentLimit } from './responsible-gambling.service';

/**
 * The payments module's responsible-gambling check: deposits are refused during a break or
 * self-exclusion; withdrawals stay open, so nobody's own money is locked in.
 */
export function responsibleGamblingGuard(deps: Pick<AppDeps, 'db' | 'now'>): GamblingGuard {
  return {
    async check({ userId, kind }) {
      if (kind === 'withdrawal') return { allowed: true };
      const limit = await currentLimit(deps.db, userId, deps.now());
      return limit ? { allowed: false, message: limit.message } : { allowed: true };
    },
  };
}
