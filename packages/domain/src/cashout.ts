import type { Cents } from './money';
import type { Odds, Ratio } from './odds';
import { compareRatio, multiplyRatio, oddsRatio, ratio, RATIO_ONE, roundRatio } from './odds';
import type { AcceptOddsChanges } from './odds-acceptance';
import type { BetType } from './payout';
import { payoutForOdds } from './payout';
import type { LegOutcome } from './settlement';
import { legFactor } from './settlement';
import type { SiteId } from './sites';
import { taxBoostPercentage } from './tax-boost';
import type { TaxPolicy } from './tax-policy';
import { policyStep } from './tax-policy';
import { winBoostPercentage } from './win-boost';

/**
 * Cash-out: what the house pays now to close an open bet (docs/decisions/220-cash-out.md).
 *
 *   potential = gross possible win of the bet if every open leg wins at its placed odds
 *               (settled legs at their settled factor, boosts and the cap as at settlement)
 *   fair      = potential × Π over open legs (1 / current odds), at most potential
 *   gross     = round(fair × (10 000 − marginBps) / 10 000) to the currency step
 *   tax       = withholding on max(0, gross − stake after excise), as at settlement,
 *               less the bet's tax boost share
 *   value     = gross − tax (what the bettor receives)
 */

/** The house margin kept on every cash-out, in basis points (500 = 5 %). */
export const CASHOUT_MARGIN_BPS = 500;

/** An open leg has a current price; a settled one has its outcome. */
export type CashoutLeg =
  | {
      state: 'open';
      placedOdds: Odds;
      /** The selection's current price; null when its market is suspended or closed. */
      currentOdds: Odds | null;
      qualifies: boolean;
      /** A price-boosted leg: cash-out is off for the bet (ADR 220). */
      boosted?: boolean;
    }
  | { state: 'settled'; placedOdds: Odds; outcome: LegOutcome; qualifies: boolean };

export interface CashoutBet {
  stake: Cents;
  freebetStake: Cents;
  betType: BetType;
  legs: readonly CashoutLeg[];
}

export type CashoutRefusal =
  'freebet' | 'boosted-leg' | 'disabled' | 'no-open-leg' | 'lost' | 'suspended';

export interface CashoutQuote {
  /** Gross possible win if every open leg wins. */
  potentialWin: Cents;
  /** The fair value before margin, rounded to the step (informational). */
  fairValue: Cents;
  /** Cash-out before tax (fair value less the margin). */
  gross: Cents;
  withholdingTax: Cents;
  taxBoostAmount: Cents;
  /** What the bettor receives: gross − withholding + tax boost. */
  value: Cents;
}

export type CashoutOffer =
  { available: true; quote: CashoutQuote } | { available: false; reason: CashoutRefusal };

/** Where cash-out is switched off, by configuration (ADR 220). */
export interface CashoutConfig {
  enabled: boolean;
  marginBps: number;
  disabledSites: readonly SiteId[];
  disabledSports: readonly string[];
  disabledMarkets: readonly string[];
}

export const DEFAULT_CASHOUT_CONFIG: CashoutConfig = {
  enabled: true,
  marginBps: CASHOUT_MARGIN_BPS,
  disabledSites: [],
  disabledSports: [],
  disabledMarkets: [],
};

/** Whether configuration allows cash-out for a bet on this site with legs on these sports and markets. */
export function cashoutAllowed(
  config: CashoutConfig,
  siteId: SiteId,
  legs: readonly { sport: string; market: string }[],
): boolean {
  if (!config.enabled || config.disabledSites.includes(siteId)) return false;
  return legs.every(
    (leg) =>
      !config.disabledSports.includes(leg.sport) && !config.disabledMarkets.includes(leg.market),
  );
}

/** Why a bet cannot be cashed out, or null when it can (prices aside from suspension). */
export function cashoutRefusal(bet: CashoutBet): CashoutRefusal | null {
  if (bet.freebetStake > 0) return 'freebet';
  if (bet.legs.some((leg) => leg.state === 'open' && leg.boosted)) return 'boosted-leg';
  if (bet.legs.some((leg) => leg.state === 'settled' && isLost(leg.outcome))) return 'lost';
  const open = bet.legs.filter((leg) => leg.state === 'open');
  if (open.length === 0) return 'no-open-leg';
  if (open.some((leg) => leg.currentOdds === null || leg.currentOdds <= 0)) return 'suspended';
  return null;
}

function isLost(outcome: LegOutcome): boolean {
  return legFactor(100 as Odds, outcome).numerator === 0n;
}

/**
 * The cash-out offer for a bet (or for part of its stake: pass the part as `stake`). Money is
 * exact until each figure is rounded once, half-up, to the policy's step.
 */
export function cashoutOffer(
  bet: CashoutBet,
  policy: TaxPolicy,
  marginBps: number = CASHOUT_MARGIN_BPS,
): CashoutOffer {
  if (!Number.isInteger(marginBps) || marginBps < 0 || marginBps > 10_000) {
    throw new RangeError(`Not a valid margin: ${marginBps}`);
  }
  if (bet.betType === 'single' && bet.legs.length !== 1) {
    throw new RangeError('A single has exactly one leg');
  }
  const refusal = cashoutRefusal(bet);
  if (refusal) return { available: false, reason: refusal };

  // The bet as it would settle if every open leg won at its placed odds.
  let settledOdds: Ratio = RATIO_ONE;
  let probability: Ratio = RATIO_ONE;
  for (const leg of bet.legs) {
    if (leg.state === 'settled') {
      settledOdds = multiplyRatio(settledOdds, legFactor(leg.placedOdds, leg.outcome));
    } else {
      settledOdds = multiplyRatio(settledOdds, oddsRatio(leg.placedOdds));
      // Implied probability 1 / odds, never above 1.
      const current = leg.currentOdds as Odds;
      const implied = current < 100 ? RATIO_ONE : ratio(100n, BigInt(current));
      probability = multiplyRatio(probability, implied);
    }
  }
  const boostLegs = bet.legs.filter(
    (leg) => leg.qualifies && !(leg.state === 'settled' && leg.outcome.voidFactor === 1),
  ).length;
  const multiple = bet.betType === 'multiple';
  const potential = payoutForOdds(
    bet.stake,
    0 as Cents,
    settledOdds,
    multiple ? winBoostPercentage(boostLegs) : 0,
    policy,
    multiple ? taxBoostPercentage(boostLegs) : 0,
  );
  const step = policyStep(policy);
  const toStep = (value: Ratio): bigint => roundRatio(multiplyRatio(value, ratio(1n, step))) * step;
  const potentialWin = BigInt(potential.grossPossibleWin);
  const fair = multiplyRatio(
    ratio(potentialWin, 1n),
    compareRatio(probability, RATIO_ONE) > 0 ? RATIO_ONE : probability,
  );
  const gross = toStep(multiplyRatio(fair, ratio(BigInt(10_000 - marginBps), 10_000n)));
  const taxable =
    gross > BigInt(potential.stakeAfterExcise) ? gross - BigInt(potential.stakeAfterExcise) : 0n;
  const withholding =
    policy.winningsSide.base === 'net-winnings'
      ? toStep(ratio(taxable * BigInt(policy.winningsSide.rateBps), 10_000n))
      : 0n;
  const boostBps = BigInt(Math.round(potential.taxBoostPercentage * 100));
  const boostShare = toStep(ratio(withholding * boostBps, 10_000n));
  const taxBoost = boostShare < withholding ? boostShare : withholding;
  return {
    available: true,
    quote: {
      potentialWin: Number(potentialWin) as Cents,
      fairValue: Number(toStep(fair)) as Cents,
      gross: Number(gross) as Cents,
      withholdingTax: Number(withholding) as Cents,
      taxBoostAmount: Number(taxBoost) as Cents,
      value: Number(gross - withholding + taxBoost) as Cents,
    },
  };
}

/**
 * Splits a stake for a partial cash-out: the part cashed out and the part that keeps running.
 * Both are whole steps of the currency, and the part must leave something running.
 */
export function splitCashoutStake(
  stake: Cents,
  part: Cents,
  policy: Pick<TaxPolicy, 'currency'>,
): { cashed: Cents; remaining: Cents } | null {
  const step = Number(policyStep(policy));
  if (!Number.isSafeInteger(part) || part <= 0 || part > stake || part % step !== 0) return null;
  return { cashed: part, remaining: (stake - part) as Cents };
}

/** Whether a re-priced value may be paid against the offered one, under the betslip's setting. */
export function acceptsRepricedValue(
  offered: Cents,
  current: Cents,
  setting: AcceptOddsChanges,
): boolean {
  if (setting === 'any') return true;
  if (setting === 'higher') return current >= offered;
  return current === offered;
}
