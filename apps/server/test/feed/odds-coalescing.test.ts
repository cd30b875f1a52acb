import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { OddsChangePush } from '@dau/contracts/sports/realtime-payloads';
import type { EventChange } from '../../src/modules/feed/feed-ingestion';
import {
  FeedPublisher,
  ODDS_FLUSH_SLICE_MS,
  ODDS_MIN_GAP_MS,
} from '../../src/modules/feed/feed-publisher';
import { FeedReadModel, type ReadEvent } from '../../src/modules/feed/read-model';
import type { Realtime } from '../../src/realtime/socket-server';

/**
 * The coalescing of price pushes (ADR 231) and their flushes in slices (ADR 194), on a fake clock
 * and a fake Socket.IO whose sends take as long as the test says: at once when idle, at most once
 * per gap when busy, a long flush written a slice per turn of the event loop and the next one
 * starting when it ends.
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
  // setImmediate stays real: a flush's slices are counted in real turns of the event loop.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
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

/** One real turn of the event loop (a flush's next slice is written in it). */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

it('writes a long flush a slice per turn, and starts the next when it ends', async () => {
  sendCostMs = 3;
  for (let id = 1; id <= 10; id++) change(id, 150);
  vi.advanceTimersByTime(0);
  // A slice ends once it has written for ODDS_FLUSH_SLICE_MS (here 2 sends of 3 ms); the rest
  // waits for a turn of the event loop, where a timer or a database answer can run.
  const perSlice = Math.ceil(ODDS_FLUSH_SLICE_MS / sendCostMs);
  expect(perSlice).toBeLessThan(10);
  expect(sent).toHaveLength(perSlice);
  const started = sent[0]!.at;
  // While the flush is under way market 1 (sent) and market 10 (not yet) move, and market 11
  // moves for the first time: 10 and 11 go in this flush with their latest price, 1 waits.
  change(1, 160);
  change(10, 170);
  change(11, 200);
  await turn();
  expect(sent).toHaveLength(2 * perSlice);
  while (sent.length < 11) await turn();
  await turn();
  expect(sent).toHaveLength(11);
  expect(sent.map((s) => s.payload.eventId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  expect(price(sent[9]!.payload)).toBe(1.7);
  // The flush took 33 ms, less than the gap: market 1's new price goes a gap after it started.
  expect(publisher.currentGapMs()).toBe(ODDS_MIN_GAP_MS);
  await advance(started + ODDS_MIN_GAP_MS - now - 1);
  expect(sent).toHaveLength(11);
  await advance(1);
  expect(sent.slice(11).map((s) => [s.payload.eventId, price(s.payload)])).toEqual([[1, 1.6]]);

  // A flush longer than the gap: the next one (market 1 moved after it was written) starts as
  // soon as it ends, the gap not widened.
  sendCostMs = 20;
  await advance(ODDS_MIN_GAP_MS);
  for (let id = 1; id <= 5; id++) change(id, 180);
  vi.advanceTimersByTime(0);
  const second = sent[12]!.at;
  change(1, 190);
  while (sent.length < 17) await turn();
  expect(now - second).toBe(5 * sendCostMs);
  expect(publisher.currentGapMs()).toBe(5 * sendCostMs);
  await vi.advanceTimersByTimeAsync(0);
  expect(sent).toHaveLength(18);
  expect(sent[17]!.at).toBe(second + 5 * sendCostMs);
  expect(price(sent[17]!.payload)).toBe(1.9);
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
