import type { VirtualMatch, VirtualMatchday, VirtualTable } from '@dau/contracts/virtuals/virtuals';
import { fixturesOf, leagueTable, seasonOf, VIRTUAL_TEAMS } from '@dau/domain/virtuals/league';
import { priceMatch, type PricedMarket } from '@dau/domain/virtuals/markets';
import {
  fixtureRates,
  simulateMatchday,
  type SimulatedMatch,
} from '@dau/domain/virtuals/simulation';
import type { MatchdayRow } from './virtuals.repository';

/**
 * What a matchday looks like on the wire. Fixtures and prices depend only on the matchday's
 * round (ratings are fixed), the timeline only on its seed: both are computed once and kept.
 */
const pricesByRound = new Map<number, PricedMarket[][]>();
const playedById = new Map<number, SimulatedMatch[]>();

export function matchdayPrices(matchdayId: number): PricedMarket[][] {
  const { round } = seasonOf(matchdayId);
  let prices = pricesByRound.get(round);
  if (!prices) {
    prices = fixturesOf(matchdayId).map((f) => priceMatch(fixtureRates(f)));
    pricesByRound.set(round, prices);
  }
  return prices;
}

export function playedMatches(row: Pick<MatchdayRow, 'id' | 'server_seed'>): SimulatedMatch[] {
  let played = playedById.get(row.id);
  if (!played) {
    played = simulateMatchday(row.server_seed, row.id);
    // A few matchdays are on screen at once; keep the last handful.
    if (playedById.size >= 8) playedById.delete(playedById.keys().next().value as number);
    playedById.set(row.id, played);
  }
  return played;
}

const team = (index: number) => {
  const t = VIRTUAL_TEAMS[index];
  if (!t) throw new RangeError(`No team ${index}`);
  return { code: t.code, name: t.name, rating: t.rating };
};

export const matchName = (matchdayId: number, index: number): string | null => {
  const fixture = fixturesOf(matchdayId)[index];
  if (!fixture) return null;
  return `${team(fixture.home).name} - ${team(fixture.away).name}`;
};

export function matchdayView(row: MatchdayRow, now: Date): VirtualMatchday {
  const { season, round } = seasonOf(row.id);
  const prices = matchdayPrices(row.id);
  const played = row.phase === 'open' ? null : playedMatches(row);
  const matches: VirtualMatch[] = fixturesOf(row.id).map((fixture, i) => {
    const match = played?.[i];
    return {
      index: fixture.index,
      home: team(fixture.home),
      away: team(fixture.away),
      markets: (prices[i] ?? []).map((m) => ({
        key: m.key,
        id: m.id,
        name: m.name,
        outcomes: m.outcomes.map((o) => ({
          key: o.key,
          name: o.name,
          odds: o.odds === null ? null : o.odds / 100,
        })),
      })),
      result: match ? { homeGoals: match.homeGoals, awayGoals: match.awayGoals } : null,
      events: match ? match.events.map((e) => ({ ...e })) : null,
    };
  });
  return {
    matchdayId: row.id,
    season,
    round,
    phase: row.phase,
    openedAt: row.opened_at.toISOString(),
    kickoffAt: row.kickoff_at.toISOString(),
    fullTimeAt: row.full_time_at.toISOString(),
    serverTime: now.toISOString(),
    serverSeedHash: row.server_seed_hash,
    serverSeed: row.phase === 'settled' ? row.server_seed : null,
    matches,
  };
}

/** The league table of `season` from its settled matchdays, and their results (newest first). */
export function tableView(season: number, settled: MatchdayRow[], recent: number): VirtualTable {
  const results = settled.flatMap((md) =>
    fixturesOf(md.id).map((f, i) => {
      const [homeGoals, awayGoals] = md.results?.[i] ?? [0, 0];
      return { home: f.home, away: f.away, homeGoals, awayGoals };
    }),
  );
  return {
    season,
    rows: leagueTable(results).map((r, i) => ({
      position: i + 1,
      code: team(r.team).code,
      name: team(r.team).name,
      played: r.played,
      won: r.won,
      drawn: r.drawn,
      lost: r.lost,
      goalsFor: r.goalsFor,
      goalsAgainst: r.goalsAgainst,
      points: r.points,
    })),
    results: settled.slice(0, recent).map((md) => ({
      matchdayId: md.id,
      round: seasonOf(md.id).round,
      matches: fixturesOf(md.id).map((f, i) => ({
        home: team(f.home).code,
        away: team(f.away).code,
        homeGoals: md.results?.[i]?.[0] ?? 0,
        awayGoals: md.results?.[i]?.[1] ?? 0,
      })),
    })),
  };
}
