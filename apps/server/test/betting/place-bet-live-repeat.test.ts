import { beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import {
  bettingSuite,
  fundedUser,
  liveEvents,
  newKey,
  placeBet,
  selectionAt,
  userBalance,
} from './betting-kit';

// A long live delay, so "answered without waiting it" cannot pass by the machine's speed.
const DELAY_MS = 4_000;
const suite = bettingSuite({ minEvents: 1, env: { BET_LIVE_DELAY_MS: String(DELAY_MS) } });
let t: TestApp;
beforeAll(() => {
  t = suite.app();
});

it('answers a repeated live slip with the first bet without waiting the live delay again (ADR 201)', async () => {
  const [eventId] = await liveEvents(t);
  if (eventId === undefined) throw new Error('no live event');
  const { user, cookies } = await fundedUser(t);
  const slip = { selections: [await selectionAt(t, eventId)], idempotencyKey: newKey() };

  const started = Date.now();
  const first = await placeBet(t, cookies, slip);
  expect(first.statusCode, first.body).toBe(200);
  expect(Date.now() - started).toBeGreaterThanOrEqual(DELAY_MS - 10);

  const repeatedAt = Date.now();
  const repeat = await placeBet(t, cookies, slip);
  expect(repeat.statusCode, repeat.body).toBe(200);
  expect(repeat.json()).toEqual(first.json());
  expect(Date.now() - repeatedAt).toBeLessThan(DELAY_MS);
  expect(await userBalance(t, user.id)).toBe(1_000_00 - 100_00);
}, 30_000);
