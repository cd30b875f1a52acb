import { MAX_WINNING } from './constants';
import { quantum, type CurrencyCode } from './currency';
import type { Cents } from './money';
import { SITES, type SiteId } from './sites';

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
  /**
   * The site's currency: every tax and payout figure is rounded to its step (whole shillings in
   * Uganda and Tanzania). Absent in policies stored before currencies were tracked: cents.
   */
  currency?: CurrencyCode;
}

/** The rounding step of a policy's figures, in cents. */
export function policyStep(policy: Pick<TaxPolicy, 'currency'>): bigint {
  return BigInt(policy.currency ? quantum(policy.currency) : 1);
}

/** The spec's constants (doc 1 §9, doc 2 §9): excise 15 % on stake, 20 % on net winnings. */
export const SPEC_TAX_POLICY: TaxPolicy = {
  id: 'ke-spec',
  siteId: 2,
  effectiveFrom: '2000-01-01',
  stakeSide: { rateBps: 1500, base: 'stake', method: 'inclusive' },
  winningsSide: { rateBps: 2000, base: 'net-winnings' },
  maxWinning: MAX_WINNING,
  currency: 'KES',
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
  currency: 'KES',
};

const NO_STAKE_TAX: StakeSideTax = { rateBps: 0, base: 'stake', method: 'deducted' };

/**
 * Each site's own betting taxes as dated data (docs/decisions/140 names the sources). Maximum
 * winnings are operator defaults in local currency, about the spec's KSh 1,500,000.
 */
export const SITE_TAX_POLICIES: readonly TaxPolicy[] = [
  {
    id: 'ug-2017',
    siteId: 1,
    effectiveFrom: '2017-07-01',
    stakeSide: NO_STAKE_TAX,
    winningsSide: { rateBps: 1500, base: 'net-winnings' },
    maxWinning: 4_000_000_000 as Cents, // UGX 40,000,000
    currency: 'UGX',
  },
  { ...SPEC_TAX_POLICY, id: 'spec-2' },
  {
    id: 'zm-2020',
    siteId: 3,
    effectiveFrom: '2020-01-01',
    stakeSide: NO_STAKE_TAX,
    winningsSide: { rateBps: 2000, base: 'net-winnings' },
    maxWinning: 30_000_000 as Cents, // ZMW 300,000
    currency: 'ZMW',
  },
  {
    id: 'zm-2025',
    siteId: 3,
    effectiveFrom: '2025-09-01',
    stakeSide: { rateBps: 1000, base: 'stake', method: 'deducted' },
    winningsSide: { rateBps: 2000, base: 'net-winnings' },
    maxWinning: 30_000_000 as Cents,
    currency: 'ZMW',
  },
  {
    id: 'tz-2021',
    siteId: 4,
    effectiveFrom: '2021-07-01',
    stakeSide: NO_STAKE_TAX,
    winningsSide: { rateBps: 1500, base: 'net-winnings' },
    maxWinning: 3_000_000_000 as Cents, // TZS 30,000,000
    currency: 'TZS',
  },
  {
    id: 'tz-2022',
    siteId: 4,
    effectiveFrom: '2022-07-01',
    stakeSide: NO_STAKE_TAX,
    winningsSide: { rateBps: 1000, base: 'net-winnings' },
    maxWinning: 3_000_000_000 as Cents,
    currency: 'TZS',
  },
];

/** Policies in force by default: each site's own (Kenya: the spec's). */
export const DEFAULT_TAX_POLICIES: readonly TaxPolicy[] = SITE_TAX_POLICIES;

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
  timeOffsetMinutes = SITES[siteId].timeOffsetMinutes,
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

/** numerator / denominator rounded half-up to a multiple of `step` (cents). */
function roundHalfUpDiv(numerator: bigint, denominator: bigint, step = 1n): bigint {
  const scaled = denominator * step;
  return ((numerator * 2n + scaled) / (scaled * 2n)) * step;
}

/**
 * Splits an amount by a stake-side tax: `{ tax, net }` with tax + net = amount exactly.
 * The net is rounded half-up (inclusive) or the tax is (deducted), to the cent or, with a
 * `step` of 100, to the whole unit (currencies without decimals).
 */
export function splitStakeSideTax(
  amount: Cents,
  tax: StakeSideTax,
  step = 1n,
): { tax: Cents; net: Cents } {
  const value = BigInt(amount);
  const rate = BigInt(tax.rateBps);
  if (tax.method === 'inclusive') {
    const net = Number(roundHalfUpDiv(value * 10_000n, 10_000n + rate, step));
    return { tax: (amount - net) as Cents, net: net as Cents };
  }
  const taxCents = Number(roundHalfUpDiv(value * rate, 10_000n, step));
  return { tax: taxCents as Cents, net: (amount - taxCents) as Cents };
}

/** Tax on a deposit when the policy taxes deposits; zero otherwise. */
export function depositTax(amount: Cents, policy: TaxPolicy): { tax: Cents; credited: Cents } {
  if (policy.stakeSide.base !== 'deposit') return { tax: 0 as Cents, credited: amount };
  const { tax, net } = splitStakeSideTax(amount, policy.stakeSide, policyStep(policy));
  return { tax, credited: net };
}

/** Withholding on a withdrawal when the policy taxes withdrawals; zero otherwise. */
export function withdrawalTax(amount: Cents, policy: TaxPolicy): { tax: Cents; paidOut: Cents } {
  if (policy.winningsSide.base !== 'withdrawal') return { tax: 0 as Cents, paidOut: amount };
  const tax = Number(
    roundHalfUpDiv(
      BigInt(amount) * BigInt(policy.winningsSide.rateBps),
      10_000n,
      policyStep(policy),
    ),
  );
  return { tax: tax as Cents, paidOut: (amount - tax) as Cents };
}
