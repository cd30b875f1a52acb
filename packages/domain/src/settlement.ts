import type { Cents } from './money';
import type { Odds, Ratio } from './odds';
import { addRatio, multiplyRatio, oddsRatio, ratio, RATIO_ONE, subRatio } from './odds';
import type { BetType, PayoutBreakdown } from './payout';
import { payoutForOdds } from './payout';
import type { TaxPolicy } from './tax-policy';
import { taxBoostPercentage } from './tax-boost';
import { winBoostPercentage } from './win-boost';

/**
 * Outcome of one selection as an odds feed settles it: result won or lost, an optional void
 * factor (1 = full refund, 0.5 = half refund) and an optional dead-heat factor (e.g. 1/2).
 */
export interface LegOutcome {
  result: 'won' | 'lost';
  voidFactor?: 0 | 0.5 | 1;
  deadHeatFactor?: Ratio;
}

export interface SettlementLeg {
  odds: Odds;
  outcome: LegOutcome;
  /** Whether the leg counted for the win and tax boosts when the bet was placed. */
  qualifies: boolean;
}

export interface SettlementInput {
  betId: string;
  stake: Cents;
  freebetStake: Cents;
  betType: BetType;
  legs: readonly SettlementLeg[];
  policy: TaxPolicy;
}

export type SettlementStatus = 'won' | 'lost' | 'void';

export interface Settlement {
  betId: string;
  status: SettlementStatus;
  /** Exact product of the settled leg factors. */
  settledOdds: Ratio;
  breakdown: PayoutBreakdown;
}

/** A signed ledger movement; house = −(userCash + taxPayable), so it always nets to zero. */
export interface SettlementMovement {
  betId: string;
  kind: 'settle' | 'rollback';
  userCash: Cents;
  taxPayable: Cents;
  house: Cents;
}

const HALF: Ratio = { numerator: 1n, denominator: 2n };

function voidRatio(factor: 0 | 0.5 | 1 | undefined): Ratio {
  if (factor === 1) return RATIO_ONE;
  if (factor === 0.5) return HALF;
  return ratio(0n, 1n);
}

/**
 * The factor one leg contributes to the bet: (1 − void) × (won ? deadHeat × odds : 0) + void.
 * A fully void leg is 1 (it settles at odds 1).
 */
export function legFactor(oddsValue: Odds, outcome: LegOutcome): Ratio {
  const v = voidRatio(outcome.voidFactor);
  const playing = subRatio(RATIO_ONE, v);
  const winValue =
    outcome.result === 'won'
      ? multiplyRatio(outcome.deadHeatFactor ?? RATIO_ONE, oddsRatio(oddsValue))
      : ratio(0n, 1n);
  return addRatio(multiplyRatio(playing, winValue), v);
}

/**
 * Settles a bet. Void legs count at odds 1 and stop counting for the win boost; the payout
 * goes through the same policy as at placement ({@link payoutForOdds}).
 */
export function settleBet(input: SettlementInput): Settlement {
  if (input.betType === 'single' && input.legs.length !== 1) {
    throw new RangeError('A single has exactly one leg');
  }
  const settledOdds = input.legs.reduce<Ratio>(
    (acc, leg) => multiplyRatio(acc, legFactor(leg.odds, leg.outcome)),
    RATIO_ONE,
  );
  const allVoid = input.legs.every((leg) => leg.outcome.voidFactor === 1);
  const boostLegs = input.legs.filter((leg) => leg.qualifies && leg.outcome.voidFactor !== 1);
  const multiple = input.betType === 'multiple';
  // Both boosts count the qualifying legs still in play, exactly as at placement (ADR 150).
  const breakdown = payoutForOdds(
    input.stake,
    input.freebetStake,
    settledOdds,
    multiple ? winBoostPercentage(boostLegs.length) : 0,
    input.policy,
    multiple ? taxBoostPercentage(boostLegs.length) : 0,
  );
  const status: SettlementStatus = settledOdds.numerator === 0n ? 'lost' : allVoid ? 'void' : 'won';
  return { betId: input.betId, status, settledOdds, breakdown };
}

/**
 * What settling moves: the net payout (tax boost included) to the customer and the whole
 * withholding to tax payable; the house funds the tax boost.
 */
export function settlementMovement(settlement: Settlement): SettlementMovement {
  const userCash = settlement.breakdown.netPayout;
  const taxPayable = settlement.breakdown.withholdingTax;
  return {
    betId: settlement.betId,
    kind: 'settle',
    userCash,
    taxPayable,
    house: (0 - (userCash + taxPayable)) as Cents,
  };
}

/** The exact inverse of a movement: applying both changes nothing. */
export function rollbackMovement(movement: SettlementMovement): SettlementMovement {
  return {
    betId: movement.betId,
    kind: movement.kind === 'settle' ? 'rollback' : 'settle',
    userCash: (0 - movement.userCash) as Cents,
    taxPayable: (0 - movement.taxPayable) as Cents,
    house: (0 - movement.house) as Cents,
  };
}

export interface SettlementBalances {
  userCash: Cents;
  taxPayable: Cents;
  house: Cents;
}

export function applyMovement(
  balances: SettlementBalances,
  movement: SettlementMovement,
): SettlementBalances {
  return {
    userCash: (balances.userCash + movement.userCash) as Cents,
    taxPayable: (balances.taxPayable + movement.taxPayable) as Cents,
    house: (balances.house + movement.house) as Cents,
  };
}
