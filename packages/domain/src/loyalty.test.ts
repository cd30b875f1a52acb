import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cents } from './money';
import {
  loyaltyProgress,
  loyaltyRewardMessage,
  loyaltyTargetReached,
  loyaltyWeek,
} from './loyalty';
import { SITES } from './sites';

describe('loyalty week (site time, Monday 00:00)', () => {
  it('starts on Monday 00:00 UTC+3, which is Sunday 21:00 UTC', () => {
    // Wednesday 2026-11-18 12:00 UTC.
    const week = loyaltyWeek(new Date('2026-11-18T12:00:00Z'), 180);
    expect(week.start.toISOString()).toBe('2026-11-15T21:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-11-22T21:00:00.000Z');
  });

  it('moves to the next week at Monday 00:00 site time, not UTC', () => {
    expect(loyaltyWeek(new Date('2026-11-22T20:59:59Z'), 180).start.toISOString()).toBe(
      '2026-11-15T21:00:00.000Z',
    );
    expect(loyaltyWeek(new Date('2026-11-22T21:00:00Z'), 180).start.toISOString()).toBe(
      '2026-11-22T21:00:00.000Z',
    );
  });

  it('always holds the instant and lasts seven days', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), (ms) => {
        const now = new Date(ms);
        const week = loyaltyWeek(now, 180);
        expect(week.start.getTime()).toBeLessThanOrEqual(ms);
        expect(week.end.getTime()).toBeGreaterThan(ms);
        expect(week.end.getTime() - week.start.getTime()).toBe(7 * 24 * 3600 * 1000);
        expect(new Date(week.start.getTime() + 180 * 60_000).getUTCDay()).toBe(1);
      }),
    );
  });
});

describe('loyalty progress', () => {
  it('counts toward the target in whole percent, capped at the target', () => {
    expect(loyaltyProgress(0, 10)).toEqual({
      progressPrc: 0,
      progressCount: 0,
      progressTargetCount: 10,
    });
    expect(loyaltyProgress(3, 10)).toEqual({
      progressPrc: 30,
      progressCount: 3,
      progressTargetCount: 10,
    });
    expect(loyaltyProgress(2, 3).progressPrc).toBe(66);
    expect(loyaltyProgress(14, 10)).toEqual({
      progressPrc: 100,
      progressCount: 10,
      progressTargetCount: 10,
    });
  });

  it('is off with a target of 0', () => {
    expect(loyaltyProgress(5, 0).progressPrc).toBe(0);
    expect(loyaltyTargetReached(5, 0)).toBe(false);
    expect(loyaltyTargetReached(9, 10)).toBe(false);
    expect(loyaltyTargetReached(10, 10)).toBe(true);
  });

  it('names the reward in the site currency', () => {
    expect(loyaltyRewardMessage(10, 5000 as Cents, SITES[2])).toBe(
      'You reached your weekly target of 10 settled bets! A KSh 50.00 free bet has been added to your account.',
    );
  });
});
