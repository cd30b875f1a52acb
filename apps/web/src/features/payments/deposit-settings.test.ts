import { describe, expect, it } from 'vitest';
import { depositSettings, lowBalanceThreshold } from './deposit-settings';

describe('depositSettings', () => {
  it('reads the minimum and presets from the content labels', () => {
    expect(depositSettings({ deposit_min: '50', deposit_presets: '100, 200,500' })).toEqual({
      minimum: 5_000,
      presets: [100, 200, 500],
    });
  });

  it('falls back to the numbered preset labels, then to the spec defaults', () => {
    expect(
      depositSettings({ deposit_amount_1: '3', deposit_amount_2: '7', deposit_presets: '' })
        .presets,
    ).toEqual([3, 7]);
    expect(depositSettings(undefined)).toEqual({ minimum: 200, presets: [1, 5, 10, 20] });
    expect(depositSettings({ deposit_min: 'two', deposit_presets: 'x,-1,0' })).toEqual({
      minimum: 200,
      presets: [1, 5, 10, 20],
    });
  });
});

describe('lowBalanceThreshold', () => {
  it('reads deposit_min_bal_notify, default 1', () => {
    expect(lowBalanceThreshold({ deposit_min_bal_notify: '50' })).toBe(5_000);
    expect(lowBalanceThreshold({ deposit_min_bal_notify: 'x' })).toBe(100);
    expect(lowBalanceThreshold(undefined)).toBe(100);
  });
});
