import { currency } from '@dau/domain/currency';
import { formatMoney, type Cents } from '@dau/domain/money';
import type { SiteConfig } from '@dau/domain/sites';
import type { OperatorFailure } from './mobile-money.operator';

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
  operatorUnavailable: (name: string, detail: string) =>
    `${name} could not start the payment (${detail}). Please try again.`,
  operatorNotConfigured: (name: string) =>
    `${name} payments are not available at the moment. Please try again later.`,
  networkNotSupported: (network: string | null, country: string) =>
    network
      ? `${network} numbers cannot be used for mobile money on Dau ${country}. Please use a number of a network listed in the payment instructions.`
      : `Please enter a mobile number from ${country}.`,
  providerNotForNumber: (provider: string, network: string | null) =>
    `${provider} cannot prompt this number${network ? ` (${network})` : ''}. Please choose its own network's provider.`,
  depositExpired: (name: string) =>
    `${name} never confirmed this deposit, so it was cancelled. If money left your account, it will be credited when ${name} confirms it.`,
};

/** What a user is told when another operator (MTN MoMo, Airtel Money, Vodacom) refuses. */
export function operatorFailureMessage(
  name: string,
  kind: 'deposit' | 'withdrawal',
  reason: OperatorFailure,
  detail: string,
): string {
  const what = kind === 'deposit' ? 'deposit' : 'withdrawal';
  switch (reason) {
    case 'cancelled':
      return `You cancelled the ${name} payment. Your ${what} was not made.`;
    case 'insufficient-funds':
      return kind === 'deposit'
        ? `Your ${name} balance is not enough for this deposit.`
        : `${name} could not pay out just now. The amount is back in your balance.`;
    case 'wrong-pin':
      return `The ${name} PIN was wrong. Please try the ${what} again.`;
    case 'unreachable':
      return `We could not reach your phone. Please check it is on and try the ${what} again.`;
    case 'expired':
      return `The ${name} prompt expired before it was approved. Your ${what} was not made.`;
    case 'not-registered':
      return `This number has no active ${name} account.`;
    case 'limit':
      return `This ${what} is above your ${name} transaction limit.`;
    case 'rejected':
      return `${name} could not complete your ${what}: ${detail}`;
  }
}

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
