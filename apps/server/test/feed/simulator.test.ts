import { describe, expect, it, vi } from 'vitest';
import type { FeedMessage } from '../../src/modules/feed/feed-messages';
import { FeedSimulator } from '../../src/sandbox/feed-simulator/feed-simulator';

const START = Date.parse('2026-11-21T12:00:00Z');

async function record(
  seed: number,
  ms: number,
): Promise<{ sim: FeedSimulator; log: FeedMessage[] }> {
  const sim = new FeedSimulator({ seed, startAt: START, fixturesPerTournament: 6 });
  const log: FeedMessage[] = [];
  await sim.start(async (m) => {
    log.push(m);
  });
  await sim.requestRecovery(3, 1);
  await sim.requestRecovery(1, 2);
  await sim.advance(ms);
  await sim.stop();
  return { sim, log };
}

describe('feed simulator', () => {
  it('gives the same fixtures and prices for the same seed, different ones for another', async () => {
    const a = await record(7, 120_000);
    const b = await record(7, 120_000);
    const c = await record(8, 120_000);
    expect(a.log.length).toBeGreaterThan(100);
    expect(JSON.stringify(b.log)).toBe(JSON.stringify(a.log));
    expect(a.sim.fixtures()).toEqual(b.sim.fixtures());
    expect(JSON.stringify(c.sim.fixtures())).not.toBe(JSON.stringify(a.sim.fixtures()));
  });

  it('offers a week of fixtures across sports and a live set, with the standard markets', () => {
    const sim = new FeedSimulator({ seed: 1, startAt: START });
    const fixtures = sim.fixtures();
    expect(fixtures.length).toBeGreaterThan(300);
    const sports = new Set(fixtures.map((f) => f.sport.name));
    expect([...sports]).toEqual(expect.arrayContaining(['Soccer', 'Basketball', 'Tennis']));
    const tournaments = new Set(fixtures.map((f) => `${f.category.name} ${f.tournament.name}`));
    for (const name of [
      'Kenya Premier League',
      'England Premier League',
      'Spain LaLiga',
      'Italy Serie A',
      'Germany Bundesliga',
      'International Clubs UEFA Champions League',
      'Uganda Premier League',
      'Tanzania Premier League',
    ]) {
      expect(tournaments).toContain(name);
    }
    const last = Math.max(...fixtures.map((f) => f.startTime));
    expect(last - START).toBeGreaterThan(6 * 24 * 3_600_000);
    expect(sim.liveEventIds()).toHaveLength(6);

    const football = fixtures.find((f) => f.sport.id === 1 && f.startTime > START);
    const markets = sim.marketsOf(football?.eventId ?? 0) ?? [];
    expect(markets.map((m) => `${m.marketId}${m.specifier ? `:${m.specifier}` : ''}`)).toEqual([
      '1',
      '10',
      '11',
      '29',
      '18:total=1.5',
      '18:total=2.5',
      '18:total=3.5',
    ]);
    const x12 = markets.find((m) => m.marketId === 1);
    expect(x12?.outcomes.map((o) => o.outcomeId)).toEqual([1, 2, 3]);
    // The bookmaker margin: implied probabilities add up to more than 1.
    const overround = (x12?.outcomes ?? []).reduce((sum, o) => sum + 100 / o.odds, 0);
    expect(overround).toBeGreaterThan(1.02);
    expect(overround).toBeLessThan(1.12);
    const tennis = fixtures.find((f) => f.sport.id === 5);
    expect(sim.marketsOf(tennis?.eventId ?? 0)?.[0]?.marketId).toBe(186);
  });

  it('stops betting on a goal, then reprices, and settles at the end', async () => {
    const sim = new FeedSimulator({ seed: 3, startAt: START, fixturesPerTournament: 2 });
    const log: FeedMessage[] = [];
    await sim.start(async (m) => {
      log.push(m);
    });
    const [eventId = 0] = sim.liveEventIds();
    await sim.forceGoal(eventId, 'home');
    const forEvent = log.filter((m) => 'eventId' in m && m.eventId === eventId);
    expect(forEvent.map((m) => m.type)).toEqual(['bet_stop', 'odds_change']);
    const afterGoal = forEvent[1];
    expect(
      afterGoal?.type === 'odds_change' && afterGoal.markets.every((m) => m.status === -1),
    ).toBe(true);
    await sim.advance(21_000);
    const reopened = log.filter(
      (m) => m.type === 'odds_change' && m.eventId === eventId && m.markets[0]?.status === 1,
    );
    expect(reopened.length).toBeGreaterThan(0);
    await sim.settleNow(eventId, { home: 2, away: 1 });
    const settlement = log.find((m) => m.type === 'bet_settlement' && m.eventId === eventId);
    expect(settlement?.type).toBe('bet_settlement');
    if (settlement?.type !== 'bet_settlement') return;
    const x12 = settlement.markets.find((m) => m.marketId === 1);
    expect(x12?.outcomes).toEqual([
      { outcomeId: 1, result: 1 },
      { outcomeId: 2, result: 0 },
      { outcomeId: 3, result: 0 },
    ]);
    const seqs = log.map((m) => m.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    await sim.stop();
  });

  it('sends alive every 10 s per producer, and nothing from a producer taken down', async () => {
    const sim = new FeedSimulator({ seed: 4, startAt: START, fixturesPerTournament: 1 });
    const log: FeedMessage[] = [];
    await sim.start(async (m) => {
      log.push(m);
    });
    await sim.advance(30_000);
    const alive = log.filter((m) => m.type === 'alive');
    expect(alive.filter((m) => m.producer === 1)).toHaveLength(3);
    expect(alive.filter((m) => m.producer === 3)).toHaveLength(3);
    await sim.producerDown(1);
    log.length = 0;
    await sim.advance(30_000);
    expect(log.some((m) => m.producer === 1)).toBe(false);
    expect(log.filter((m) => m.type === 'alive' && m.producer === 3)).toHaveLength(3);
    await sim.stop();
  });

  it('keeps sending alive on its real timer while paused, with the clock standing still', async () => {
    vi.useFakeTimers({ now: START });
    try {
      const sim = new FeedSimulator({ seed: 4, startAt: START, fixturesPerTournament: 1 });
      const log: FeedMessage[] = [];
      await sim.start(async (m) => {
        log.push(m);
      });
      await sim.pause();
      sim.run();
      await vi.advanceTimersByTimeAsync(31_000);
      const alive = log.filter((m) => m.type === 'alive');
      expect(alive.filter((m) => m.producer === 1)).toHaveLength(3);
      expect(alive.filter((m) => m.producer === 3)).toHaveLength(3);
      expect(new Set(alive.map((m) => m.timestamp))).toEqual(new Set([START]));
      expect(log.filter((m) => m.type !== 'alive')).toEqual([]);
      await sim.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
