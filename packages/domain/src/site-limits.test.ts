import { describe, expect, it } from 'vitest';
import { fitsCurrency } from './currency';
import type { Cents } from './money';
import { SITE_MONEY_LIMITS, usableDepositPresets } from './site-limits';
import { SITES } from './sites';
import { SITE_STAKE_DEFAULTS } from './stake-defaults';

describe('per-site money limits', () => {
  it('are in each site currency, ordered, and offer no preset outside the deposit range', () => {
    for (const site of Object.values(SITES)) {
      const limits = SITE_MONEY_LIMITS[site.siteId];
      const amounts = [
        limits.depositMin,
        limits.depositMax,
        limits.withdrawalMin,
        limits.withdrawalMax,
        limits.stakeMin,
        limits.stakeMax,
        limits.lowBalance,
      ];
      for (const amount of amounts) expect(fitsCurrency(amount, site.currencyCode)).toBe(true);
      expect(limits.depositMin).toBeLessThan(limits.depositMax);
      expect(limits.withdrawalMin).toBeLessThan(limits.withdrawalMax);
      expect(limits.stakeMin).toBeLessThan(limits.stakeMax);
      expect(limits.depositPresets.length).toBeGreaterThan(0);
      for (const preset of limits.depositPresets) {
        expect(preset * 100).toBeGreaterThanOrEqual(limits.depositMin);
        expect(preset * 100).toBeLessThanOrEqual(limits.depositMax);
      }
    }
  });

  it('keeps Kenya on the spec: minimum deposit 2, its presets above it', () => {
    expect(SITE_MONEY_LIMITS[2].depositMin).toBe(200);
    expect(SITE_MONEY_LIMITS[2].depositPresets).toEqual([5, 10, 20]);
  });

  it('starts slips at a stake within the limits, with quick stakes within them too', () => {
    for (const site of Object.values(SITES)) {
      const limits = SITE_MONEY_LIMITS[site.siteId];
      const { defaultStake, quickStakes } = SITE_STAKE_DEFAULTS[site.siteId];
      expect(defaultStake).toBeGreaterThanOrEqual(limits.stakeMin);
      expect(fitsCurrency(defaultStake, site.currencyCode)).toBe(true);
      for (const quick of quickStakes) expect(quick * 100).toBeGreaterThanOrEqual(limits.stakeMin);
    }
  });

  it('drops presets below the minimum or above the maximum', () => {
    expect(usableDepositPresets([1, 5, 10, 500], 500 as Cents, 10_000 as Cents)).toEqual([5, 10]);
  });
});
