import type {
  WithdrawEligibilityResponse,
  WithdrawalNumberResponse,
  WithdrawalRequest,
} from '@dau/contracts/payments/withdrawal';
import type { ErrorEntry } from '@dau/contracts/errors';
import { ELIGIBILITY_MIN_BETS_COUNT } from '@dau/domain/constants';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { currentSite } from '../../../lib/site';
import { paymentBody } from './payment-body';

/** `POST {payments}/validation/get-withdrawal-number-data-for-user-for-period`. */
export function fetchWithdrawalCount(phone: string): Promise<WithdrawalNumberResponse> {
  return apiFetch({
    base: 'payments',
    path: '/validation/get-withdrawal-number-data-for-user-for-period',
    body: { BBSiteId: currentSite().siteId, PhoneNumber: phone },
  });
}

/** `POST {payments}/validateamount/`: resolves when the server accepts the amount. */
export function validateWithdrawalAmount(amount: string): Promise<unknown> {
  const site = currentSite();
  return apiFetch({
    base: 'payments',
    path: '/validateamount/',
    body: {
      SiteId: site.siteId,
      CountryCode: site.countryCode,
      LanguageCode: site.defaultLanguage,
      WithdrawalAmount: amount,
    },
  });
}

export function checkSportsbookEligibility(): Promise<WithdrawEligibilityResponse> {
  return apiFetch({
    base: 'core',
    path: '/BetSlip/CheckIfUserCanWithdrawBalanceUsingSportsbook',
    body: { siteId: currentSite().siteId, minBetsCount: ELIGIBILITY_MIN_BETS_COUNT },
  });
}

export function checkCasinoEligibility(): Promise<WithdrawEligibilityResponse> {
  return apiFetch({
    base: 'gamesCore',
    path: '/BetSlip/CheckIfUserCanWithdrawBalance',
    body: { siteId: currentSite().siteId, minBetsCount: ELIGIBILITY_MIN_BETS_COUNT },
  });
}

/** `POST {payments}/withdrawal/`: null (204) means processing; the result is pushed. */
export function postWithdrawal(input: {
  phone: string;
  amount: string;
  provider?: string | null;
}): Promise<unknown> {
  const body: WithdrawalRequest = { ...paymentBody(input), TimeStamp: new Date().toISOString() };
  return apiFetch({ base: 'payments', path: '/withdrawal/', body });
}

export type WithdrawalCheck =
  | { ok: true }
  | { ok: false; reason: 'daily-limit' }
  | { ok: false; reason: 'not-eligible'; message: string }
  | { ok: false; reason: 'errors'; entries: ErrorEntry[] };

/**
 * Steps 1–4 of doc 1 §4 in order: the 24-hour count, the amount, sportsbook eligibility and,
 * if that fails, casino eligibility.
 */
export async function checkWithdrawal(phone: string, amount: string): Promise<WithdrawalCheck> {
  try {
    const count = await fetchWithdrawalCount(phone);
    if (count.isDisableWithdrawButton) return { ok: false, reason: 'daily-limit' };
    await validateWithdrawalAmount(amount);
    const sportsbook = await checkSportsbookEligibility();
    if (!sportsbook.fetchedObject) {
      const casino = await checkCasinoEligibility();
      if (!casino.fetchedObject) {
        return {
          ok: false,
          reason: 'not-eligible',
          message: casino.spResponse || sportsbook.spResponse,
        };
      }
    }
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError) {
      return { ok: false, reason: 'errors', entries: error.envelope.datasource_entries };
    }
    throw error;
  }
}
