import { currency } from '@dau/domain/currency';
import { formatMoney, type Cents } from '@dau/domain/money';
import type { SiteConfig } from '@dau/domain/sites';

/** Texts the payments module shows users where the spec gives none. */
export const paymentMessages = {
  amountRequired: 'Please enter an amount.',
  amountInvalid: 'Please enter a valid amount, with at most two decimals.',
  amountTooPrecise: (site: SiteConfig) =>
    currency(site.currencyCode).exponent === 0
      ? `${site.currencySymbol} amounts are whole numbers: please enter an amount without decimals.`
      : `Please enter an amount with at most two decimals.`,
  depositBelowMinimum: (min: Cents, site: SiteConfig) =>
    `The minimum deposit is ${formatMoney(min, site)}.`,
  depositAboveMaximum: (max: Cents, site: SiteConfig) =>
    `The maximum deposit is ${formatMoney(max, site)}.`,
  wholeShillingsOnly: (lower: number, upper: number) =>
    `M-Pesa accepts whole amounts only. Please enter ${lower} or ${upper}.`,
  phoneInvalid: 'Please enter a valid mobile number.',
  withdrawalBelowMinimum: (min: Cents, site: SiteConfig) =>
    `The minimum withdrawal is ${formatMoney(min, site)}.`,
  withdrawalAboveMaximum: (max: Cents, site: SiteConfig) =>
    `The maximum withdrawal is ${formatMoney(max, site)}.`,
  withdrawalAboveBalance: (available: Cents, site: SiteConfig) =>
    `You can withdraw at most ${formatMoney(available, site)}, your cash balance.`,
  withdrawalOwnPhoneOnly: 'Withdrawals are paid to your registered mobile number only.',
  notEnoughBets: (min: number) =>
    `You need to place at least ${min} bet${min === 1 ? '' : 's'} before you can withdraw.`,
  providerUnavailable: (detail: string) =>
    `M-Pesa could not start the payment (${detail}). Please try again.`,
  depositLimitReached: (period: string, remaining: Cents, site: SiteConfig) =>
    `This deposit is above your ${period} deposit limit. You can deposit up to ${formatMoney(remaining, site)} more this ${period === 'daily' ? 'day' : period === 'weekly' ? 'week' : 'month'}.`,
  /** The content label `withdraw_compliance_required` says the same. */
  complianceRequired: 'Complete your profile to withdraw.',
  withdrawalNotPaid: 'Your withdrawal could not be paid out. The amount is back in your balance.',
};

/** What a user is told when M-Pesa reports a failed deposit (STK ResultCode). */
export function depositFailureMessage(resultCode: number | null, resultDesc: string): string {
  switch (resultCode) {
    case 1032:
      return 'You cancelled the M-Pesa payment. Your deposit was not made.';
    case 1:
      return 'Your M-Pesa balance is not enough for this deposit.';
    case 2001:
      return 'The M-Pesa PIN was wrong. Please try the deposit again.';
    case 1037:
    case 1019:
      return 'We could not reach your phone. Please check it is on and try the deposit again.';
    default:
      return `M-Pesa could not complete your deposit: ${resultDesc}`;
  }
}
