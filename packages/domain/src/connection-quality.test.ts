import { describe, expect, it } from 'vitest';
import { classifyConnection } from './connection-quality';

const m = (downloadMbps: number, latencyMs: number, jitterMs: number) => ({
  downloadMbps,
  latencyMs,
  jitterMs,
});

describe('connection quality', () => {
  it('is unknown when not measured', () => {
    expect(classifyConnection(undefined)).toBe('unknown');
    expect(classifyConnection(null)).toBe('unknown');
    expect(classifyConnection({ downloadMbps: 20 })).toBe('unknown');
    expect(classifyConnection(m(Number.NaN, 10, 1))).toBe('unknown');
  });

  it.each([
    [m(10.01, 49, 9), 'excellent'],
    [m(10, 49, 9), 'good'], // download must be above 10
    [m(11, 50, 9), 'good'], // latency must be below 50
    [m(11, 49, 10), 'good'], // jitter must be below 10
    [m(5.01, 99, 19), 'good'],
    [m(5, 99, 19), 'fair'],
    [m(6, 100, 19), 'fair'],
    [m(6, 99, 20), 'fair'],
    [m(2.01, 199, 49), 'fair'],
    [m(2, 199, 49), 'poor'],
    [m(3, 200, 49), 'poor'],
    [m(3, 199, 50), 'poor'],
    [m(100, 1000, 0), 'poor'],
  ] as const)('%o → %s', (measurement, quality) => {
    expect(classifyConnection(measurement)).toBe(quality);
  });
});
