import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TAX_BOOST_TABLE, taxBoostNext, taxBoostPercentage } from './tax-boost';

describe('tax boost', () => {
  it('is 0 up to 8 selections', () => {
    for (let count = 0; count <= 8; count += 1) expect(taxBoostPercentage(count)).toBe(0);
  });

  it.each([
    [9, 10],
    [10, 20],
    [17, 90],
    [18, 100],
    [26, 180],
    [38, 300],
    [39, 320],
    [40, 350],
    [41, 400],
    [42, 450],
    [43, 500],
    [44, 550],
    [45, 600],
    [60, 600],
  ])('%i selections → %i %%', (count, percent) => {
    expect(taxBoostPercentage(count)).toBe(percent);
  });

  it('contains every listed value and is one monotonic table', () => {
    for (const value of [10, 180, 320, 350, 400, 450, 500, 550, 600]) {
      expect(TAX_BOOST_TABLE).toContain(value);
    }
    for (let i = 1; i < TAX_BOOST_TABLE.length; i += 1) {
      expect(TAX_BOOST_TABLE[i]).toBeGreaterThanOrEqual(TAX_BOOST_TABLE[i - 1] ?? 0);
    }
    expect(TAX_BOOST_TABLE).toHaveLength(46);
  });

  it('next tax boost starts at 10', () => {
    expect(taxBoostNext(0)).toBe(10);
    expect(taxBoostNext(9)).toBe(20);
    expect(taxBoostNext(38)).toBe(320);
    expect(taxBoostNext(39)).toBe(350);
    expect(taxBoostNext(45)).toBe(600);
  });

  it('never decreases as qualifying selections grow', () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(taxBoostPercentage(lo)).toBeLessThanOrEqual(taxBoostPercentage(hi));
      }),
    );
  });
});
