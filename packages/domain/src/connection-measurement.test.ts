import { describe, expect, it } from 'vitest';
import { latencyAndJitter, megabitsPerSecond } from './connection-measurement';

describe('connection measurement', () => {
  it('averages pings and their consecutive differences', () => {
    expect(latencyAndJitter([100, 120, 80, 100, 100])).toEqual({ latencyMs: 100, jitterMs: 20 });
    expect(latencyAndJitter([42])).toEqual({ latencyMs: 42, jitterMs: 0 });
    expect(latencyAndJitter([])).toBeNull();
    expect(latencyAndJitter([Number.NaN, -1])).toBeNull();
  });

  it('converts bytes and milliseconds to megabits per second', () => {
    expect(megabitsPerSecond(500 * 1024, 1000)).toBeCloseTo(4.096, 6);
    expect(megabitsPerSecond(0, 1000)).toBeNull();
    expect(megabitsPerSecond(1000, 0)).toBeNull();
  });
});
