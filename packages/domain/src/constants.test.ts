import { describe, expect, it } from 'vitest';
import * as c from './constants';
import { fromUnits } from './money';
import { SPEC_TAX_POLICY } from './tax-policy';

describe('constants', () => {
  it('carries the spec values', () => {
    expect(c.MAX_WINNING).toBe(fromUnits(1_500_000));
    expect(SPEC_TAX_POLICY.maxWinning).toBe(c.MAX_WINNING);
    expect(c.WINNING_TAX).toBe(0.2);
    expect(c.EXCISE_TAX_PERCENT).toBe(15);
    expect([c.DEFAULT_COMBO_STAKE, c.DEFAULT_SINGLE_STAKE]).toEqual([1000, 1000]);
    expect(c.QUICK_BET_AMOUNTS).toEqual([10, 30, 50, 100]);
    expect(c.DEPOSIT_MINIMUM).toBe(fromUnits(2));
    expect(c.DEFAULT_DEPOSIT).toBe(fromUnits(1500));
    expect(c.PRESET_DEPOSIT_AMOUNTS).toEqual([1, 5, 10, 20]);
    expect(c.TIME_OFFSET_MINUTES).toBe(180);
    expect([c.PLATFORM_ID, c.CLIENT_ID, c.TENANT_ID, c.DEFAULT_SITE_ID]).toEqual([2, 1, 702, 2]);
    expect(c.WITHDRAWAL_INTERVAL_MS).toBe(900_000);
    expect(c.CALL_BACK_SUCCESS_VIEW_MS).toBe(300_000);
    expect([c.PRODUCER_LIVE, c.PRODUCER_PRE]).toEqual([1, 3]);
    expect([c.PRE_EVENTS_PAGE_SIZE, c.LIVE_EVENTS_PAGE_SIZE]).toEqual([150, 200]);
  });

  it('converts units to cents without float drift', () => {
    expect(fromUnits(1.15)).toBe(115);
    expect(fromUnits(-0.07)).toBe(-7);
    expect(() => fromUnits(1.005)).toThrow();
  });
});
