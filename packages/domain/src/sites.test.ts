import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_ID, SITES, isSiteId, siteForHost } from './sites';

describe('sites', () => {
  it('defaults to Kenya with the spec constants', () => {
    const kenya = SITES[DEFAULT_SITE_ID];
    expect(kenya.countryCode).toBe('ke');
    expect(kenya.currencySymbol).toBe('KSh');
    expect(kenya.locale).toBe('en-KE');
    expect(kenya.phonePrefix).toBe('+254');
    expect(kenya.timeOffsetMinutes).toBe(180);
  });

  it('requires 25 years on Uganda and 18 elsewhere', () => {
    expect(SITES[1].minimumAge).toBe(25);
    expect([SITES[2], SITES[3], SITES[4]].map((s) => s.minimumAge)).toEqual([18, 18, 18]);
  });

  it('recognises only sites 1 to 4', () => {
    expect([0, 1, 4, 5, '2'].map(isSiteId)).toEqual([false, true, true, false, false]);
  });

  it('maps hosts to sites, ignoring the port and case', () => {
    const map = { 'tz.dau.test': 4 } as const;
    expect(siteForHost('TZ.dau.test:3000', map, 2)).toBe(4);
    expect(siteForHost('other.test', map, 2)).toBe(2);
    expect(siteForHost(undefined, map, 2)).toBe(2);
  });
});
