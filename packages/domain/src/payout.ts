import type { Cents } from './money';
import type { Odds, Ratio } from './odds';
import {
  combinedOddsExact,
  multiplyRatio,
  ratio,
  roundRatio,
  subRatio,
  RATIO_ONE,
  addRatio,
} from './odds';
import type { TaxPolicy } from './tax-policy';
import { policyStep, splitStakeSideTax } from './tax-policy';

export type BetType = 'single' | 'multiple';

export interface PayoutInput {
  /** Cash stake as paid by the customer (tax included when the excise is inclusive). */
  stake: Cents;
  /** Free-bet stake: operator money, no excise, and not returned on a win. */
  freebetStake?: Cents;
  /** Odds of each leg; a single has exactly one. */
  legs: readonly Odds[];
  betType: BetType;
  policy: TaxPolicy;
  /** Win boost percentage (multiples only; see win-boost.ts). */
  winBoostPercentage?: number;
  /** Tax boost percentage (multiples only; see tax-boost.ts and ADR 150). */
  taxBoostPercentage?: number;
}

export interface PayoutBreakdown {
  stake: Cents;
  freebetStake: Cents;
  excise: Cents;
  stakeAfterExcise: Cents;
  /**
   * Combined odds rounded half-up to hundredths, for display only. Above about 90 trillion
   * a JavaScript number no longer holds every hundredth: `totalOddsText` is the exact value.
   */
  totalOdds: Odds;
  /** The same rounded odds as exact decimal text ('1358412790924.90'), stored as numeric. */
  totalOddsText: string;
  winBoostPercentage: number;
  /** The boost the bettor can be paid: when the cap bites, only what fits under it. */
  winBoostAmount: Cents;
  /**
   * Possible win before the cap (what the odds would pay). Informational: for huge
   * accumulators it can exceed the safe integer range and is then approximate.
   */
  uncappedWin: Cents;
  /** Gross possible win, capped at the policy's maximum winning. */
  grossPossibleWin: Cents;
  capped: boolean;
  /** Withholding tax due on the winnings (all of it goes to tax payable). */
  withholdingTax: Cents;
  taxBoostPercentage: number;
  /** The part of the withholding tax the operator pays for the bettor (ADR 150). */
  taxBoostAmount: Cents;
  /** What the bettor receives: gross − withholding + tax boost. */
  netPayout: Cents;
}

/**
 * Every figure the betslip and the bet record show. Rules (docs/decisions/011):
 * - exact rational arithmetic (BigInt); each money figure is rounded once, half-up, to the cent
 *   (to the whole unit for currencies without decimals, currency.ts);
 * - excise on the cash stake per the policy (Kenyan reading: stake / 1.15);
 * - return = (stake after excise + free-bet stake) × odds − free-bet stake (free-bet stake is
 *   not returned);
 * - win boost = percentage × winnings, where winnings = (stake after excise + free-bet stake)
 *   × (odds − 1), on multiples only;
 * - gross possible win = return + boost, capped at the maximum winning;
 * - withholding = rate × (gross − stake after excise) when the policy taxes net winnings.
 */
export function payoutBreakdown(input: PayoutInput): PayoutBreakdown {
  if (input.betType === 'single' && input.legs.length !== 1) {
    throw new RangeError('A single has exactly one leg');
  }
  const multiple = input.betType === 'multiple';
  return payoutForOdds(
    input.stake,
    input.freebetStake ?? (0 as Cents),
    combinedOddsExact(input.legs),
    multiple ? (input.winBoostPercentage ?? 0) : 0,
    input.policy,
    multiple ? (input.taxBoostPercentage ?? 0) : 0,
  );
}

/** Hundredths as exact decimal text: 135841279092490n → '1358412790924.90'. */
export function hundredthsText(hundredths: bigint): string {
  const whole = hundredths / 100n;
  const fraction = hundredths % 100n;
  return `${whole}.${String(fraction).padStart(2, '0')}`;
}

/** A percentage (up to two decimals) of an amount, in basis points, rounded half-up. */
/** `percentage` % of an amount, rounded half-up to `step` cents (the currency's step). */
function percentOf(amount: bigint, percentage: number, step = 1n): bigint {
  const bps = BigInt(Math.round(percentage * 100));
  return roundRatio(ratio(amount * bps, 10_000n * step)) * step;
}

/**
 * The same rules on exact total odds (settlement passes void and dead-heat adjusted odds).
 * Money stays exact at any size: the return and the boost are BigInt until the cap brings
 * them into range. Under the cap the return is paid first and the boost fills what is left,
 * so boost + return = gross possible win (issue #15, defect 4).
 */
export function payoutForOdds(
  stake: Cents,
  freebetStake: Cents,
  totalOdds: Ratio,
  winBoostPercentage: number,
  policy: TaxPolicy,
  taxBoostPercentage = 0,
): PayoutBreakdown {
  if (stake < 0 || freebetStake < 0) throw new RangeError('Stakes cannot be negative');
  // Every money figure is rounded once, to the cent or to the whole unit of the policy's currency.
  const step = policyStep(policy);
  const roundStep = (value: Ratio): bigint =>
    roundRatio(multiplyRatio(value, ratio(1n, step))) * step;
  const round = (value: Ratio): number => Number(roundStep(value));
  const split =
    policy.stakeSide.base === 'stake'
      ? splitStakeSideTax(stake, policy.stakeSide, step)
      : { tax: 0 as Cents, net: stake };
  const stakeAfterExcise = split.net;
  const wagered = ratio(BigInt(stakeAfterExcise + freebetStake), 1n);
  const exactReturn = subRatio(multiplyRatio(wagered, totalOdds), ratio(BigInt(freebetStake), 1n));
  const winnings = multiplyRatio(wagered, subRatio(totalOdds, RATIO_ONE));
  const boostBps = BigInt(Math.round(winBoostPercentage * 100));
  const boostExact =
    winnings.numerator > 0n ? multiplyRatio(winnings, ratio(boostBps, 10_000n)) : ratio(0n, 1n);
  const boost = roundStep(boostExact);
  const returned = exactReturn.numerator > 0n ? roundStep(exactReturn) : 0n;
  const cap = BigInt(policy.maxWinning);
  const uncapped = returned + boost;
  const paidReturn = returned < cap ? returned : cap;
  const paidBoost = boost < cap - paidReturn ? boost : cap - paidReturn;
  const grossPossibleWin = Number(paidReturn + paidBoost);
  const taxable = Math.max(0, grossPossibleWin - stakeAfterExcise);
  const withholdingTax =
    policy.winningsSide.base === 'net-winnings'
      ? round(ratio(BigInt(taxable) * BigInt(policy.winningsSide.rateBps), 10_000n))
      : 0;
  // The operator bears the tax boost's share of the withholding, never more than all of it.
  const taxBoostAmount = Math.min(
    withholdingTax,
    Number(percentOf(BigInt(withholdingTax), taxBoostPercentage, step)),
  );
  const totalHundredths = roundRatio(multiplyRatio(totalOdds, ratio(100n, 1n)));
  return {
    stake,
    freebetStake,
    excise: split.tax,
    stakeAfterExcise,
    totalOdds: Number(totalHundredths) as Odds,
    totalOddsText: hundredthsText(totalHundredths),
    winBoostPercentage,
    winBoostAmount: Number(paidBoost) as Cents,
    uncappedWin: Number(uncapped) as Cents,
    grossPossibleWin: grossPossibleWin as Cents,
    capped: uncapped > cap,
    withholdingTax: withholdingTax as Cents,
    taxBoostPercentage,
    taxBoostAmount: taxBoostAmount as Cents,
    netPayout: (grossPossibleWin - withholdingTax + taxBoostAmount) as Cents,
  };
}

/** Boosted combined odds for display (`combooddswinboost`): 1 + (odds − 1) × (1 + boost). */
export function boostedOdds(legs: readonly Odds[], winBoostPercentage: number): Odds {
  const exact = combinedOddsExact(legs);
  const winnings = subRatio(exact, RATIO_ONE);
  if (winnings.numerator <= 0n)
    return Number(roundRatio(multiplyRatio(exact, ratio(100n, 1n)))) as Odds;
  const factor = ratio(10_000n + BigInt(Math.round(winBoostPercentage * 100)), 10_000n);
  const boosted = addRatio(RATIO_ONE, multiplyRatio(winnings, factor));
  return Number(roundRatio(multiplyRatio(boosted, ratio(100n, 1n)))) as Odds;
}
