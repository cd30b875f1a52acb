import type { Cents } from '../money';
import { combinedOddsExact, type Odds } from '../odds';
import { MATCH_MINUTES, type GoalRates } from './match-model';

/**
 * The virtual matches' markets, priced from the simulation's own probabilities
 * (docs/decisions/195). Each side's goals are Binomial(90, p) (simulation.ts), independent, so
 * P(home = i, away = j) = B(i; 90, pH) · B(j; 90, pA) exactly. An outcome of probability q in a
 * market with margin m is offered at
 *
 *   odds = floor(100 / (q · (1 + m))) / 100,   capped at 500.00,
 *
 * so every offered outcome returns at most 1 / (1 + m) of its stake on average; an outcome
 * whose price would fall below 1.01 is not offered (it could not carry the margin).
 */

export type VirtualMarketKey = '1x2' | 'dc' | 'ou25' | 'btts' | 'cs';

export interface VirtualMarketSpec {
  key: VirtualMarketKey;
  /** The standard market id (architecture: 1 1x2, 10 double chance, 18 total, 29 BTTS, 45 CS). */
  id: number;
  name: string;
  /** The margin, e.g. 0.06: prices are fair odds / (1 + margin). */
  margin: number;
}

export const VIRTUAL_MARKETS: readonly VirtualMarketSpec[] = [
  { key: '1x2', id: 1, name: '1X2', margin: 0.06 },
  { key: 'dc', id: 10, name: 'Double chance', margin: 0.06 },
  { key: 'ou25', id: 18, name: 'Total goals 2.5', margin: 0.06 },
  { key: 'btts', id: 29, name: 'Both teams to score', margin: 0.06 },
  { key: 'cs', id: 45, name: 'Correct score', margin: 0.15 },
];

export const MIN_VIRTUAL_ODDS = 101;
export const MAX_VIRTUAL_ODDS = 50_000;
/** Correct-score grid: 0-4 goals each, the rest is 'other'. */
const CS_MAX = 4;

export function marketSpec(key: string): VirtualMarketSpec | undefined {
  return VIRTUAL_MARKETS.find((m) => m.key === key);
}

/** B(k; n, p) for k = 0..n. */
export function binomialPmf(n: number, p: number): number[] {
  const pmf: number[] = [];
  let term = (1 - p) ** n;
  for (let k = 0; k <= n; k += 1) {
    pmf.push(term);
    term = (term * (n - k) * p) / ((k + 1) * (1 - p));
  }
  return pmf;
}

/** The joint final-score distribution: grid[i][j] = P(home = i, away = j). */
export function scoreDistribution(rates: GoalRates): number[][] {
  const home = binomialPmf(MATCH_MINUTES, rates.home);
  const away = binomialPmf(MATCH_MINUTES, rates.away);
  return home.map((ph) => away.map((pa) => ph * pa));
}

export interface OutcomeDef {
  key: string;
  name: string;
  wins: (home: number, away: number) => boolean;
}

function correctScoreOutcomes(): OutcomeDef[] {
  const list: OutcomeDef[] = [];
  for (let h = 0; h <= CS_MAX; h += 1) {
    for (let a = 0; a <= CS_MAX; a += 1) {
      list.push({ key: `${h}:${a}`, name: `${h}:${a}`, wins: (x, y) => x === h && y === a });
    }
  }
  list.push({
    key: 'other',
    name: 'Any other score',
    wins: (x, y) => x > CS_MAX || y > CS_MAX,
  });
  return list;
}

export const MARKET_OUTCOMES: Record<VirtualMarketKey, readonly OutcomeDef[]> = {
  '1x2': [
    { key: '1', name: '1', wins: (h, a) => h > a },
    { key: 'X', name: 'X', wins: (h, a) => h === a },
    { key: '2', name: '2', wins: (h, a) => h < a },
  ],
  dc: [
    { key: '1X', name: '1X', wins: (h, a) => h >= a },
    { key: '12', name: '12', wins: (h, a) => h !== a },
    { key: 'X2', name: 'X2', wins: (h, a) => h <= a },
  ],
  ou25: [
    { key: 'over', name: 'Over 2.5', wins: (h, a) => h + a > 2 },
    { key: 'under', name: 'Under 2.5', wins: (h, a) => h + a < 3 },
  ],
  btts: [
    { key: 'yes', name: 'Yes', wins: (h, a) => h > 0 && a > 0 },
    { key: 'no', name: 'No', wins: (h, a) => h === 0 || a === 0 },
  ],
  cs: correctScoreOutcomes(),
};

export function outcomeDef(market: string, outcome: string): OutcomeDef | undefined {
  const spec = marketSpec(market);
  return spec ? MARKET_OUTCOMES[spec.key].find((o) => o.key === outcome) : undefined;
}

/** The probability of an outcome under a score distribution. */
export function outcomeProbability(grid: readonly number[][], def: OutcomeDef): number {
  let sum = 0;
  grid.forEach((row, h) =>
    row.forEach((p, a) => {
      if (def.wins(h, a)) sum += p;
    }),
  );
  return sum;
}

/** The offered price of probability `q` under `margin`, or null when it cannot be offered. */
export function priceOf(q: number, margin: number): Odds | null {
  if (!(q > 0)) return MAX_VIRTUAL_ODDS as Odds;
  const hundredths = Math.min(MAX_VIRTUAL_ODDS, Math.floor(100 / (q * (1 + margin))));
  return hundredths < MIN_VIRTUAL_ODDS ? null : (hundredths as Odds);
}

export interface PricedOutcome {
  key: string;
  name: string;
  /** Probability from the simulation's distribution. */
  probability: number;
  /** Hundredths; null when not offered. */
  odds: Odds | null;
}

export interface PricedMarket {
  key: VirtualMarketKey;
  id: number;
  name: string;
  margin: number;
  outcomes: PricedOutcome[];
}

/** Every market of a match with the given goal rates. */
export function priceMatch(rates: GoalRates): PricedMarket[] {
  const grid = scoreDistribution(rates);
  return VIRTUAL_MARKETS.map((spec) => ({
    key: spec.key,
    id: spec.id,
    name: spec.name,
    margin: spec.margin,
    outcomes: MARKET_OUTCOMES[spec.key].map((def) => {
      const probability = outcomeProbability(grid, def);
      return {
        key: def.key,
        name: def.name,
        probability,
        odds: priceOf(probability, spec.margin),
      };
    }),
  }));
}

/** True when the outcome won with the final score; undefined for an unknown market/outcome. */
export function outcomeWon(
  market: string,
  outcome: string,
  homeGoals: number,
  awayGoals: number,
): boolean | undefined {
  return outcomeDef(market, outcome)?.wins(homeGoals, awayGoals);
}

/**
 * What a virtual bet pays if every leg wins: stake × the exact product of the legs' odds,
 * rounded down to the cent, capped at `maxWin`. Virtual bets carry no boosts and no sports
 * taxes (they are game-wallet rounds, ADR 195).
 */
export function virtualPotentialWin(stake: Cents, legs: readonly Odds[], maxWin: Cents): Cents {
  const exact = combinedOddsExact(legs);
  const win = (BigInt(stake) * exact.numerator) / exact.denominator;
  return Number(win < BigInt(maxWin) ? win : BigInt(maxWin)) as Cents;
}
