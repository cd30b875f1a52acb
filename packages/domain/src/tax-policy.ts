import { MAX_WINNING } from './constants';
import type { Cents } from './money';
import type { SiteId } from './sites';

/**
 * Betting taxes as data, per site, with the date from which they apply (design/glossary.md).
 * Rates are in basis points (1500 = 15 %) so no float enters the maths.
 */
export interface StakeSideTax {
  rateBps: number;
  /** What the tax is charged on: each stake at placement, or each deposit. */
  base: 'stake' | 'deposit';
  /**
   * `inclusive`: the amount already contains the tax, so net = amount / (1 + rate) — the
   * usual Kenyan reading of the excise on stakes (KSh 10 → 8.70 staked, 1.30 excise).
   * `deducted`: tax = amount × rate, net = amount − tax.
   */
  method: 'inclusive' | 'deducted';
}

export interface WinningsSideTax {
  rateBps: number;
  /** Net winnings of each bet at settlement, or each withdrawal. */
  base: 'net-winnings' | 'withdrawal';
}

export interface TaxPolicy {
  id: string;
  siteId: SiteId;
  /** ISO date (YYYY-MM-DD, site-local) from which the policy is in force. */
  effectiveFrom: string;
  stakeSide: StakeSideTax;
  winningsSide: WinningsSideTax;
  /** Largest gross win a single bet can pay. */
  maxWinning: Cents;
}

/** The spec's constants (doc 1 §9, doc 2 §9): excise 15 % on stake, 20 % on net winnings. */
export const SPEC_TAX_POLICY: TaxPolicy = {
  id: 'ke-spec',
  siteId: 2,
  effectiveFrom: '2000-01-01',
  stakeSide: { rateBps: 1500, base: 'stake', method: 'inclusive' },
  winningsSide: { rateBps: 2000, base: 'net-winnings' },
  maxWinning: MAX_WINNING,
};

/**
 * Kenya's Finance Act 2025 regime: 5 % excise on deposits, 5 % withholding on withdrawals.
 * Not active by default; an operator switches it on by listing it with a later
 * effectiveFrom than the spec policy.
 */
export const KENYA_2025_TAX_POLICY: TaxPolicy = {
  id: 'ke-2025',
  siteId: 2,
  effectiveFrom: '2025-07-01',
  stakeSide: { rateBps: 500, base: 'deposit', method: 'deducted' },
  winningsSide: { rateBps: 500, base: 'withdrawal' },
  maxWinning: MAX_WINNING,
};

/** Policies in force by default: the spec's for every site (same amounts in local currency). */
export const DEFAULT_TAX_POLICIES: readonly TaxPolicy[] = ([1, 2, 3, 4] as const).map((siteId) => ({
  ...SPEC_TAX_POLICY,
  id: `spec-${siteId}`,
  siteId,
}));

/** The site-local calendar date of an instant, as YYYY-MM-DD. */
export function siteLocalDate(now: Date, timeOffsetMinutes: number): string {
  return new Date(now.getTime() + timeOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

/**
 * The policy in force for a site at a date: among that site's policies, the one with the
 * latest effectiveFrom on or before the date. Throws when none applies (a configuration bug).
 */
export function taxPolicyAt(
  policies: readonly TaxPolicy[],
  siteId: SiteId,
  now: Date,
  timeOffsetMinutes = 180,
): TaxPolicy {
  const today = siteLocalDate(now, timeOffsetMinutes);
  let best: TaxPolicy | undefined;
  for (const policy of policies) {
    if (policy.siteId !== siteId || policy.effectiveFrom > today) continue;
    if (!best || policy.effectiveFrom >= best.effectiveFrom) best = policy;
  }
  if (!best) throw new Error(`No tax policy in force for site ${siteId} on ${today}`);
  return best;
}

function roundHalfUpDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * Splits an amount by a stake-side tax: `{ tax, net }` with tax + net = amount exactly.
 * The net is rounded half-up to the cent (inclusive) or the tax is (deducted).
 */
export function splitStakeSideTax(amount: Cents, tax: StakeSideTax): { tax: Cents; net: Cents } {
  const value = BigInt(amount);
  const rate = BigInt(tax.rateBps);
  if (tax.method === 'inclusive') {
    const net = Number(roundHalfUpDiv(value * 10_000n, 10_000n + rate));
    return { tax: (amount - net) as Cents, net: net as Cents };
  }
  const taxCents = Number(roundHalfUpDiv(value * rate, 10_000n));
  return { tax: taxCents as Cents, net: (amount - taxCents) as Cents };
}

/** Tax on a deposit when the policy taxes deposits; zero otherwise. */
export function depositTax(amount: Cents, policy: TaxPolicy): { tax: Cents; credited: Cents } {
  if (policy.stakeSide.base !== 'deposit') return { tax: 0 as Cents, credited: amount };
  const { tax, net } = splitStakeSideTax(amount, policy.stakeSide);
  return { tax, credited: net };
}

/** Withholding on a withdrawal when the policy taxes withdrawals; zero otherwise. */
export function withdrawalTax(amount: Cents, policy: TaxPolicy): { tax: Cents; paidOut: Cents } {
  if (policy.winningsSide.base !== 'withdrawal') return { tax: 0 as Cents, paidOut: amount };
  const tax = Number(roundHalfUpDiv(BigInt(amount) * BigInt(policy.winningsSide.rateBps), 10_000n));
  return { tax: tax as Cents, paidOut: (amount - tax) as Cents };
}
