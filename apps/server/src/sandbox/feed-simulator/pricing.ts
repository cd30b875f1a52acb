import type { MarketOdds, MarketStatus, OutcomeResult } from '../../modules/feed/feed-messages';
import type { SportData } from './catalogue-data';

/** Bookmaker margin on every market (overround). */
export const MARGIN = 0.06;
const MAX_GOALS = 12;

export interface MatchView {
  kind: SportData['kind'];
  /** Team strengths; the difference drives the prices. */
  home: number;
  away: number;
  homeScore: number;
  awayScore: number;
  /** Share of the match still to play, 1 before kick-off, 0 at the end. */
  remaining: number;
}

/** Decimal odds in hundredths from a probability, with the margin, between 1.01 and 500. */
export function priceOf(probability: number): number {
  const fair = 1 / Math.max(probability * (1 + MARGIN), 1e-9);
  return Math.min(50_000, Math.max(101, Math.floor(fair * 100)));
}

function poisson(lambda: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= MAX_GOALS; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  return out;
}

function normalCdf(x: number): number {
  // Abramowitz-Stegun approximation; plenty for a simulator.
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const d = 0.3989423 * Math.exp((-x * x) / 2);
  const p =
    d * t * (0.3193815 + t * (-0.3565638 + t * (1.781478 + t * (-1.821256 + t * 1.330274))));
  return x > 0 ? 1 - p : p;
}

export const FOOTBALL_TOTALS = [1.5, 2.5, 3.5] as const;
export const OTHER_TOTALS: Record<Exclude<SportData['kind'], 'football'>, readonly number[]> = {
  basketball: [210.5, 220.5],
  tennis: [21.5, 22.5],
  'ice-hockey': [5.5],
  volleyball: [3.5],
  rugby: [45.5, 50.5],
};
const OTHER_TOTAL_MEAN: Record<Exclude<SportData['kind'], 'football'>, [number, number]> = {
  basketball: [216, 14],
  tennis: [22, 4],
  'ice-hockey': [5.8, 2.2],
  volleyball: [3.7, 0.7],
  rugby: [48, 12],
};

interface Probabilities {
  /** market key (`id|specifier`) → outcome id → probability */
  [key: string]: Record<number, number>;
}

/** Goal expectations for the rest of a football match from the two strengths. */
export function goalRates(view: MatchView): [number, number] {
  const diff = view.home - view.away;
  return [
    1.45 * Math.exp(0.35 * diff + 0.1) * view.remaining,
    1.15 * Math.exp(-0.35 * diff) * view.remaining,
  ];
}

function footballProbabilities(view: MatchView): Probabilities {
  const [lh, la] = goalRates(view);
  const ph = poisson(lh);
  const pa = poisson(la);
  let home = 0;
  let draw = 0;
  let away = 0;
  let btts = 0;
  const totals = FOOTBALL_TOTALS.map(() => 0);
  for (let i = 0; i <= MAX_GOALS; i++) {
    for (let j = 0; j <= MAX_GOALS; j++) {
      const p = (ph[i] ?? 0) * (pa[j] ?? 0);
      const h = view.homeScore + i;
      const a = view.awayScore + j;
      if (h > a) home += p;
      else if (h === a) draw += p;
      else away += p;
      if (h > 0 && a > 0) btts += p;
      FOOTBALL_TOTALS.forEach((line, k) => {
        if (h + a > line) totals[k] = (totals[k] ?? 0) + p;
      });
    }
  }
  const sum = home + draw + away;
  home /= sum;
  draw /= sum;
  away /= sum;
  const probabilities: Probabilities = {
    '1|': { 1: home, 2: draw, 3: away },
    '10|': { 9: home + draw, 10: home + away, 11: draw + away },
    '11|': { 4: home / (home + away), 5: away / (home + away) },
    '29|': { 74: btts / sum, 76: 1 - btts / sum },
  };
  FOOTBALL_TOTALS.forEach((line, k) => {
    const over = (totals[k] ?? 0) / sum;
    probabilities[`18|total=${line}`] = { 12: over, 13: 1 - over };
  });
  return probabilities;
}

function otherProbabilities(view: MatchView & { kind: Exclude<SportData['kind'], 'football'> }) {
  const home = 1 / (1 + Math.exp(-(1.1 * (view.home - view.away) + 0.15)));
  const probabilities: Probabilities = { '186|': { 4: home, 5: 1 - home } };
  const [mean, sd] = OTHER_TOTAL_MEAN[view.kind];
  for (const line of OTHER_TOTALS[view.kind]) {
    const over = 1 - normalCdf((line - mean) / sd);
    probabilities[`18|total=${line}`] = { 12: over, 13: 1 - over };
  }
  return probabilities;
}

const MARKET_NAMES: Record<number, string> = {
  1: '1x2',
  10: 'Double chance',
  11: 'Draw no bet',
  18: 'Total',
  29: 'Both teams to score',
  186: 'Winner',
};

export function outcomeName(outcomeId: number, specifier: string, home: string, away: string) {
  const line = specifier.replace('total=', '');
  const names: Record<number, string> = {
    1: home,
    2: 'draw',
    3: away,
    9: `${home} or draw`,
    10: `${home} or ${away}`,
    11: `draw or ${away}`,
    4: home,
    5: away,
    12: `over ${line}`,
    13: `under ${line}`,
    74: 'yes',
    76: 'no',
  };
  return names[outcomeId] ?? String(outcomeId);
}

/** Prices every market of a match in its current state. */
export function priceMarkets(
  view: MatchView,
  names: { home: string; away: string },
  status: MarketStatus = 1,
): MarketOdds[] {
  const probabilities =
    view.kind === 'football'
      ? footballProbabilities(view)
      : otherProbabilities({ ...view, kind: view.kind });
  return Object.entries(probabilities).map(([key, outcomes]) => {
    const [id = '0', specifier = ''] = key.split('|');
    const marketId = Number(id);
    const line = specifier.replace('total=', '');
    return {
      marketId,
      specifier,
      name: marketId === 18 ? `Total ${line}` : (MARKET_NAMES[marketId] ?? String(marketId)),
      status,
      outcomes: Object.entries(outcomes).map(([oid, p]) => {
        const outcomeId = Number(oid);
        // A market whose result is already decided (e.g. over 1.5 after two goals) is not offered.
        const decided = p < 0.005 || p > 0.995;
        return {
          outcomeId,
          name: outcomeName(outcomeId, specifier, names.home, names.away),
          odds: priceOf(p),
          active: !decided,
        };
      }),
    };
  });
}

/** Results of every market from a final score (football) or a winner and total (others). */
export function resultsFor(
  markets: readonly MarketOdds[],
  final: { home: number; away: number; total: number },
): { marketId: number; specifier: string; outcomes: OutcomeResult[] }[] {
  const { home, away, total } = final;
  const won: Record<number, boolean> = {
    1: home > away,
    2: home === away,
    3: away > home,
    9: home >= away,
    10: home !== away,
    11: away >= home,
    74: home > 0 && away > 0,
    76: !(home > 0 && away > 0),
  };
  return markets.map((market) => {
    const line = Number(market.specifier.replace('total=', '')) || 0;
    return {
      marketId: market.marketId,
      specifier: market.specifier,
      outcomes: market.outcomes.map((o): OutcomeResult => {
        if ((market.marketId === 11 || market.marketId === 186) && home === away) {
          return { outcomeId: o.outcomeId, result: 0, voidFactor: 1 };
        }
        if (market.marketId === 11 || market.marketId === 186) {
          return { outcomeId: o.outcomeId, result: (o.outcomeId === 4) === home > away ? 1 : 0 };
        }
        if (market.marketId === 18) {
          return { outcomeId: o.outcomeId, result: (o.outcomeId === 12) === total > line ? 1 : 0 };
        }
        return { outcomeId: o.outcomeId, result: won[o.outcomeId] ? 1 : 0 };
      }),
    };
  });
}
