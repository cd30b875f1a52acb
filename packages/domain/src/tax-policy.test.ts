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
import { TAX_POLICY_SOURCES } from './tax-policy-sources';

describe('tax policy', () => {
  it("uses the spec policy in Kenya and each other site's own law, in its own currency", () => {
    const at = (siteId: 1 | 2 | 3 | 4, iso: string) =>
      taxPolicyAt(DEFAULT_TAX_POLICIES, siteId, new Date(iso));
    const kenya = at(2, '2026-01-01T00:00:00Z');
    expect([kenya.stakeSide.rateBps, kenya.winningsSide.rateBps, kenya.maxWinning]).toEqual([
      1500, 2000, 150_000_000,
    ]);
    expect(at(1, '2026-01-01T00:00:00Z')).toMatchObject({ id: 'ug-2017', currency: 'UGX' });
    expect(at(1, '2026-01-01T00:00:00Z').winningsSide.rateBps).toBe(1500);
    expect(at(4, '2022-06-30T12:00:00Z').winningsSide.rateBps).toBe(1500);
    expect(at(4, '2026-01-01T00:00:00Z')).toMatchObject({ id: 'tz-2022', currency: 'TZS' });
    expect(at(4, '2026-01-01T00:00:00Z').winningsSide.rateBps).toBe(1000);
    // Zambia's 10 % excise on stakes from 1 September 2025, Lusaka time (UTC+2).
    expect(at(3, '2025-08-31T21:59:00Z').id).toBe('zm-2020');
    expect(at(3, '2025-08-31T22:00:00Z').id).toBe('zm-2025');
    for (const policy of [...DEFAULT_TAX_POLICIES, KENYA_2025_TAX_POLICY]) {
      expect(TAX_POLICY_SOURCES[policy.id], policy.id).toBeTruthy();
    }
  });

  it('rounds taxes to whole shillings where the currency has no decimals', () => {
    const uganda = taxPolicyAt(DEFAULT_TAX_POLICIES, 1, new Date('2026-01-01T00:00:00Z'));
    const ugandanExcise = { ...SPEC_TAX_POLICY.stakeSide };
    // UGX 1,000 stake under a 15 % inclusive excise: 869.57 → 870 staked, 130 excise.
    expect(splitStakeSideTax(100_000 as Cents, ugandanExcise, 100n)).toEqual({
      tax: 13_000,
      net: 87_000,
    });
    expect(withdrawalTax(100_050 as Cents, { ...KENYA_2025_TAX_POLICY, currency: 'UGX' }).tax).toBe(
      5_000,
    );
    expect(uganda.currency).toBe('UGX');
  });

  it('switches to the 2025 regime from its effective date (site-local)', () => {
    const policies = [...DEFAULT_TAX_POLICIES, KENYA_2025_TAX_POLICY];
    expect(taxPolicyAt(policies, 2, new Date('2025-06-30T20:00:00Z')).id).toBe('spec-2');
    // 21:00 UTC on 30 June is already 1 July in Nairobi (UTC+3).
    expect(taxPolicyAt(policies, 2, new Date('2025-06-30T21:00:00Z')).id).toBe('ke-2025');
    expect(taxPolicyAt(policies, 1, new Date('2026-01-01T00:00:00Z')).id).toBe('ug-2017');
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
