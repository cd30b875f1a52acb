import { describe, expect, it } from 'vitest';
import type { Cents } from './money';
import {
  DEFAULT_TAX_POLICIES,
  KENYA_2025_TAX_POLICY,
  SPEC_TAX_POLICY,
  depositTax,
  splitStakeSideTax,
  taxPolicyAt,
  withdrawalTax,
} from './tax-policy';

describe('tax policy', () => {
  it('uses the spec policy by default on every site', () => {
    for (const siteId of [1, 2, 3, 4] as const) {
      const p = taxPolicyAt(DEFAULT_TAX_POLICIES, siteId, new Date('2026-01-01T00:00:00Z'));
      expect(p.stakeSide.rateBps).toBe(1500);
      expect(p.winningsSide.rateBps).toBe(2000);
      expect(p.maxWinning).toBe(150_000_000);
    }
  });

  it('switches to the 2025 regime from its effective date (site-local)', () => {
    const policies = [...DEFAULT_TAX_POLICIES, KENYA_2025_TAX_POLICY];
    expect(taxPolicyAt(policies, 2, new Date('2025-06-30T20:00:00Z')).id).toBe('spec-2');
    // 21:00 UTC on 30 June is already 1 July in Nairobi (UTC+3).
    expect(taxPolicyAt(policies, 2, new Date('2025-06-30T21:00:00Z')).id).toBe('ke-2025');
    expect(taxPolicyAt(policies, 1, new Date('2026-01-01T00:00:00Z')).id).toBe('spec-1');
    expect(() => taxPolicyAt([KENYA_2025_TAX_POLICY], 2, new Date('2020-01-01'))).toThrow();
  });

  it('splits inclusive excise the Kenyan way', () => {
    expect(splitStakeSideTax(1000 as Cents, SPEC_TAX_POLICY.stakeSide)).toEqual({
      tax: 130,
      net: 870,
    });
  });

  it('taxes deposits and withdrawals only under the 2025 regime', () => {
    expect(depositTax(10000 as Cents, KENYA_2025_TAX_POLICY)).toEqual({ tax: 500, credited: 9500 });
    expect(withdrawalTax(10000 as Cents, KENYA_2025_TAX_POLICY)).toEqual({
      tax: 500,
      paidOut: 9500,
    });
    expect(depositTax(10000 as Cents, SPEC_TAX_POLICY)).toEqual({ tax: 0, credited: 10000 });
    expect(withdrawalTax(10000 as Cents, SPEC_TAX_POLICY)).toEqual({ tax: 0, paidOut: 10000 });
  });
});
