import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { OddsChangePush } from '@dau/contracts/sports/realtime-payloads';
import type { EventChange } from '../../src/modules/feed/feed-ingestion';
import {
  FeedPublisher,
  ODDS_LOAD_FACTOR,
  ODDS_MAX_GAP_MS,
  ODDS_MIN_GAP_MS,
} from '../../src/modules/feed/feed-publisher';
import { FeedReadModel, type ReadEvent } from '../../src/modules/feed/read-model';
import type { Realtime } from '../../src/realtime/socket-server';

/**
 * The adaptive coalescing of price pushes (ADR 231), on a fake clock and a fake Socket.IO whose
 * sends take as long as the test says: at once when idle, at most once per gap when busy, the
 * gap growing with what a flush cost and capped.
 */
let now = 0;
let sendCostMs = 0;
const sent: { at: number; payload: OddsChangePush }[] = [];
const realtime = {
  io: {
    to: () => ({
      emit: (_event: string, payload: OddsChangePush) => {
        sent.push({ at: now, payload });
        now += sendCostMs;
      },
    }),
  },
} as unknown as Realtime;

const model = new FeedReadModel();
let publisher: FeedPublisher;

beforeEach(() => {
  vi.useFakeTimers();
  now = 0;
  sendCostMs = 0;
  sent.length = 0;
  publisher = new FeedPublisher(realtime, model, { clock: () => now });
});
afterEach(() => {
  publisher.close();
  vi.useRealTimers();
});

function event(id: number, home: number): ReadEvent {
  return {
    id,
    sportId: 1,
    categoryId: 1,
    tournamentId: 1,
    home: 'A',
    away: 'B',
    startTime: 0,
    status: 1,
    clockMinute: 10,
    homeScore: 0,
    awayScore: 0,
    statusText: '1st half',
    producer: 1,
    lastSeq: 1,
    markets: new Map([
      [
        '1',
        {
          marketId: 1,
          specifier: '',
          name: '1x2',
          status: 1,
          outcomes: [{ outcomeId: 1, name: '1', odds: home, active: true }],
        },
      ],
    ]),
  };
}

function change(id: number, home: number): void {
  const e = event(id, home);
  const c: EventChange = {
    event: e,
    previous: undefined,
    markets: [...e.markets.values()],
    statusChanged: [],
    liveStateChanged: false,
    fixtureChanged: false,
    deleted: false,
    timestamp: 0,
  };
  publisher.eventChanged(c);
}

/** Moves the fake clock and the timers together. */
async function advance(ms: number): Promise<void> {
  now += ms;
  await vi.advanceTimersByTimeAsync(ms);
}

const price = (p: OddsChangePush) => p.market.m[0]?.o;

it('sends a change at once when idle, and groups the changes of one tick', async () => {
  change(1, 150);
  change(2, 250);
  expect(sent).toEqual([]);
  await advance(0);
  expect(sent.map((s) => [s.payload.eventId, price(s.payload)])).toEqual([
    [1, 1.5],
    [2, 2.5],
  ]);
  expect(publisher.currentGapMs()).toBe(ODDS_MIN_GAP_MS);
});

it('keeps the minimum gap after a flush, the latest price of a market winning', async () => {
  change(1, 150);
  await advance(0);
  await advance(10);
  change(1, 160);
  change(1, 170);
  await advance(ODDS_MIN_GAP_MS - 11);
  expect(sent).toHaveLength(1);
  await advance(1);
  expect(sent.map((s) => price(s.payload))).toEqual([1.5, 1.7]);
  // Quiet again for longer than the gap: the next change goes at once.
  await advance(ODDS_MIN_GAP_MS * 2);
  change(1, 180);
  await advance(0);
  expect(sent.map((s) => price(s.payload))).toEqual([1.5, 1.7, 1.8]);
});

it('widens the gap with what a flush cost, up to the cap, and narrows it when sends are cheap', async () => {
  sendCostMs = 40;
  change(1, 150);
  change(2, 150);
  await advance(0);
  // Two sends of 40 ms: the next flush waits 80 ms × the load factor after this one ended.
  const gap = 80 * ODDS_LOAD_FACTOR;
  expect(gap).toBeGreaterThan(ODDS_MIN_GAP_MS);
  expect(publisher.currentGapMs()).toBe(gap);
  const ended = now;
  change(1, 160);
  await advance(gap - 1);
  expect(sent).toHaveLength(2);
  await advance(1);
  expect(sent).toHaveLength(3);
  expect(sent[2]!.at - ended).toBe(gap);

  sendCostMs = ODDS_MAX_GAP_MS;
  change(1, 170);
  await advance(ODDS_MAX_GAP_MS);
  expect(publisher.currentGapMs()).toBe(ODDS_MAX_GAP_MS);

  sendCostMs = 1;
  change(1, 180);
  await advance(ODDS_MAX_GAP_MS);
  expect(sent.map((s) => price(s.payload))).toEqual([1.5, 1.5, 1.6, 1.7, 1.8]);
  expect(publisher.currentGapMs()).toBe(ODDS_MIN_GAP_MS);
});

it('bounds the pushes of a market changing every millisecond to one per gap', async () => {
  for (let ms = 0; ms < 1000; ms++) {
    change(1, 150 + (ms % 100));
    await advance(1);
  }
  await advance(ODDS_MIN_GAP_MS);
  expect(sent.length).toBeLessThanOrEqual(1000 / ODDS_MIN_GAP_MS + 1);
  expect(sent.length).toBeGreaterThanOrEqual(1000 / ODDS_MIN_GAP_MS - 1);
  expect(price(sent.at(-1)!.payload)).toBe(2.49);
});
