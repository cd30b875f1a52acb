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
}

export interface PayoutBreakdown {
  stake: Cents;
  freebetStake: Cents;
  excise: Cents;
  stakeAfterExcise: Cents;
  /** Combined odds rounded half-up to hundredths, for display only. */
  totalOdds: Odds;
  winBoostPercentage: number;
  winBoostAmount: Cents;
  /** Possible win before the cap (what the odds would pay). */
  uncappedWin: Cents;
  /** Gross possible win, capped at the policy's maximum winning. */
  grossPossibleWin: Cents;
  capped: boolean;
  withholdingTax: Cents;
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
  const boost = input.betType === 'multiple' ? (input.winBoostPercentage ?? 0) : 0;
  return payoutForOdds(
    input.stake,
    input.freebetStake ?? (0 as Cents),
    combinedOddsExact(input.legs),
    boost,
    input.policy,
  );
}

/** The same rules on exact total odds (settlement passes void and dead-heat adjusted odds). */
export function payoutForOdds(
  stake: Cents,
  freebetStake: Cents,
  totalOdds: Ratio,
  winBoostPercentage: number,
  policy: TaxPolicy,
): PayoutBreakdown {
  if (stake < 0 || freebetStake < 0) throw new RangeError('Stakes cannot be negative');
  // Every money figure is rounded once, to the cent or to the whole unit of the policy's currency.
  const step = policyStep(policy);
  const round = (value: Ratio): number =>
    Number(roundRatio(multiplyRatio(value, ratio(1n, step))) * step);
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
  const winBoostAmount = round(boostExact);
  const returned = exactReturn.numerator > 0n ? round(exactReturn) : 0;
  const uncappedWin = returned + winBoostAmount;
  const grossPossibleWin = Math.min(uncappedWin, policy.maxWinning);
  const taxable = Math.max(0, grossPossibleWin - stakeAfterExcise);
  const withholdingTax =
    policy.winningsSide.base === 'net-winnings'
      ? round(ratio(BigInt(taxable) * BigInt(policy.winningsSide.rateBps), 10_000n))
      : 0;
  return {
    stake,
    freebetStake,
    excise: split.tax,
    stakeAfterExcise,
    totalOdds: Number(roundRatio(multiplyRatio(totalOdds, ratio(100n, 1n)))) as Odds,
    winBoostPercentage,
    winBoostAmount: winBoostAmount as Cents,
    uncappedWin: uncappedWin as Cents,
    grossPossibleWin: grossPossibleWin as Cents,
    capped: uncappedWin > policy.maxWinning,
    withholdingTax: withholdingTax as Cents,
    netPayout: (grossPossibleWin - withholdingTax) as Cents,
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
