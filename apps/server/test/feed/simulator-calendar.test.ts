import { describe, expect, it } from 'vitest';
import type { FeedMessage, Fixture } from '../../src/modules/feed/feed-messages';
import { FixtureCalendar, TOURNAMENTS } from '../../src/sandbox/feed-simulator/calendar';
import { FeedSimulator } from '../../src/sandbox/feed-simulator/feed-simulator';

const START = Date.parse('2026-11-21T12:00:00Z');
const MIN = 60_000;

async function recording(startAt: number, fixturesPerTournament = 4) {
  const sim = new FeedSimulator({ seed: 11, startAt, fixturesPerTournament });
  const log: FeedMessage[] = [];
  await sim.start(async (m) => {
    log.push(m);
  });
  return { sim, log };
}

describe('simulator fixture calendar (issue #15 item 15)', () => {
  it('gives each club at most one match per matchday, never two at once, no repeated pairing', () => {
    const calendar = new FixtureCalendar(20261121, 6, 14);
    const first = calendar.slotAt(START);
    const games: { club: string; start: number; matchday: number }[] = [];
    const pairings = new Set<string>();
    for (let slot = first; slot < first + 400; slot++) {
      const f = calendar.football(slot);
      if (!f) throw new Error(`slot ${slot} has no match`);
      expect(
        TOURNAMENTS.find((t) => t.tournament.id === f.tournament.tournament.id)?.tournament.teams,
      ).toEqual(expect.arrayContaining([f.home, f.away]));
      const matchday = f.matchday;
      const pairing = `${matchday}:${[f.home, f.away].sort().join('|')}`;
      expect(pairings.has(pairing), pairing).toBe(false);
      pairings.add(pairing);
      for (const club of [f.home, f.away]) games.push({ club, start: f.startTime, matchday });
    }
    const byClub = new Map<string, typeof games>();
    for (const g of games) byClub.set(g.club, [...(byClub.get(g.club) ?? []), g]);
    for (const [club, list] of byClub) {
      expect(new Set(list.map((g) => g.matchday)).size, club).toBe(list.length);
      const starts = list.map((g) => g.start).sort((a, b) => a - b);
      for (let i = 1; i < starts.length; i++) {
        expect((starts[i] ?? 0) - (starts[i - 1] ?? 0), club).toBeGreaterThanOrEqual(105 * MIN);
      }
    }
    // Other sports: each team once a day.
    for (let day = calendar.dayAt(START); day < calendar.dayAt(START) + 7; day++) {
      const teams = calendar.otherSports(day).flatMap((f) => [f.home, f.away]);
      expect(new Set(teams).size).toBe(teams.length);
    }
  });

  it('keeps its kick-off times and a steady live set while the clock runs', async () => {
    const { sim, log } = await recording(START);
    const announced = new Map(sim.fixtures().map((f) => [f.eventId, f.startTime]));
    for (let minute = 0; minute < 150; minute += 5) {
      await sim.advance(5 * MIN);
      const live = sim.liveEventIds();
      expect(live.length).toBe(6);
      const football = sim.fixtures().filter((f) => f.sport.id === 1);
      const busy = football
        .filter((f) => live.includes(f.eventId))
        .flatMap((f) => [f.home, f.away]);
      expect(new Set(busy).size).toBe(busy.length);
    }
    expect(log.some((m) => m.type === 'fixture_change')).toBe(false);
    for (const m of log) {
      if (m.type !== 'odds_change' || !m.fixture) continue;
      const at = announced.get(m.eventId);
      if (at !== undefined) expect(m.fixture.startTime).toBe(at);
      else announced.set(m.eventId, m.fixture.startTime);
      // Kicked off at its time, not earlier.
      if (m.state?.status === 1) expect(m.timestamp).toBeGreaterThanOrEqual(m.fixture.startTime);
    }
    await sim.stop();
  });

  it('offers the same fixtures after a restart of the same seed, and takes over scores', async () => {
    const a = await recording(START);
    await a.sim.advance(40 * MIN);
    const restartAt = a.sim.now();
    const live = a.sim.liveEventIds();
    const [scored = 0] = live;
    await a.sim.forceGoal(scored, 'away');
    const before = new Map<number, Fixture>(a.sim.fixtures().map((f) => [f.eventId, f]));
    await a.sim.stop();

    const b = await recording(restartAt);
    const after = new Map<number, Fixture>(b.sim.fixtures().map((f) => [f.eventId, f]));
    for (const [id, fixture] of before) expect(after.get(id), String(id)).toEqual(fixture);
    expect(b.sim.liveEventIds().sort()).toEqual([...live].sort());

    // What the database holds of the first run: the goal, and a match settled by hand.
    const [settled = 0] = [...before.values()]
      .filter((f) => !live.includes(f.eventId))
      .map((f) => f.eventId);
    const adopted = b.sim.adopt([
      {
        eventId: scored,
        home: before.get(scored)?.home ?? '',
        away: before.get(scored)?.away ?? '',
        status: 1,
        homeScore: 4,
        awayScore: 3,
      },
      {
        eventId: settled,
        home: before.get(settled)?.home ?? '',
        away: before.get(settled)?.away ?? '',
        status: 5,
        homeScore: 0,
        awayScore: 0,
      },
      { eventId: 30_000_001, home: 'Old', away: 'World', status: 1, homeScore: 0, awayScore: 0 },
    ]);
    expect(adopted).toBe(2);
    await b.sim.requestRecovery(1, 1);
    const snapshot = b.log.find((m) => m.type === 'odds_change' && m.eventId === scored);
    expect(snapshot?.type === 'odds_change' && snapshot.state).toMatchObject({
      homeScore: 4,
      awayScore: 3,
    });
    expect(b.sim.fixtures().some((f) => f.eventId === settled)).toBe(false);
    await b.sim.stop();
  });

  it('finishes and settles a match that ended while the simulator was down', async () => {
    const a = await recording(START);
    const [id = 0] = a.sim.liveEventIds();
    const fixture = a.sim.fixtures().find((f) => f.eventId === id);
    await a.sim.stop();
    const b = await recording(START + 3 * 60 * MIN);
    expect(b.sim.fixtures().some((f) => f.eventId === id)).toBe(false);
    expect(
      b.sim.adopt([
        {
          eventId: id,
          home: fixture?.home ?? '',
          away: fixture?.away ?? '',
          status: 1,
          homeScore: 2,
          awayScore: 0,
        },
      ]),
    ).toBe(1);
    await b.sim.advance(1000);
    const settlement = b.log.find((m) => m.type === 'bet_settlement' && m.eventId === id);
    expect(
      settlement?.type === 'bet_settlement' ||
        b.log.some((m) => m.type === 'bet_cancel' && m.eventId === id),
    ).toBe(true);
    if (settlement?.type === 'bet_settlement') {
      expect(settlement.markets.find((m) => m.marketId === 1)?.outcomes[0]).toEqual({
        outcomeId: 1,
        result: 1,
      });
    }
    await b.sim.stop();
  });
});
