import { describe, expect, it } from 'vitest';
import { SITES } from '@dau/domain/sites';
import { depositSettings, lowBalanceThreshold } from './deposit-settings';

describe('depositSettings', () => {
  it('reads the minimum and presets from the content labels', () => {
    expect(depositSettings({ deposit_min: '50', deposit_presets: '100, 200,500' })).toEqual({
      minimum: 5_000,
      maximum: 25_000_000,
      presets: [100, 200, 500],
    });
  });

  it('falls back to the numbered preset labels, then to the site defaults', () => {
    expect(
      depositSettings({ deposit_amount_1: '3', deposit_amount_2: '7', deposit_presets: '' })
        .presets,
    ).toEqual([3, 7]);
    // The spec's presets 1, 5, 10, 20 with its minimum of 2: the 1 is never offered.
    expect(depositSettings(undefined)).toMatchObject({ minimum: 200, presets: [5, 10, 20] });
    expect(depositSettings({ deposit_min: 'two', deposit_presets: 'x,-1,0' })).toMatchObject({
      minimum: 200,
      presets: [5, 10, 20],
    });
  });

  it('never offers a preset below the minimum, nor lets a label lower the site minimum', () => {
    expect(depositSettings({ deposit_min: '10', deposit_presets: '1,5,10,20' }).presets).toEqual([
      10, 20,
    ]);
    // Uganda's minimum is UGX 500: a content minimum of 2 cannot lower it.
    const uganda = depositSettings({ deposit_min: '2', deposit_presets: '1,5,10,20' }, SITES[1]);
    expect(uganda.minimum).toBe(50_000);
    expect(uganda.presets).toEqual([1_000, 5_000, 10_000, 20_000]);
  });

  it('reads amounts in the site currency: no decimals in Uganda and Tanzania', () => {
    expect(depositSettings({ deposit_min: '1500.5' }, SITES[4]).minimum).toBe(100_000);
    expect(depositSettings({ deposit_min: '1500' }, SITES[4]).minimum).toBe(150_000);
    expect(depositSettings({ deposit_min: '2.50' }, SITES[3]).minimum).toBe(250);
  });
});

describe('lowBalanceThreshold', () => {
  it('reads deposit_min_bal_notify, else the site default', () => {
    expect(lowBalanceThreshold({ deposit_min_bal_notify: '50' })).toBe(5_000);
    expect(lowBalanceThreshold({ deposit_min_bal_notify: '0.5' })).toBe(50);
    expect(lowBalanceThreshold({ deposit_min_bal_notify: 'x' })).toBe(100);
    expect(lowBalanceThreshold(undefined)).toBe(100);
    expect(lowBalanceThreshold(undefined, SITES[4])).toBe(20_000);
  });
});
