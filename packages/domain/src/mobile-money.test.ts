import { describe, expect, it } from 'vitest';
import {
  SITE_MOBILE_MONEY,
  chooseProvider,
  isMobileMoneyProviderId,
  networkOf,
  providerOptions,
} from './mobile-money';
import { normalisePhone } from './phone';
import { SITES, type SiteId } from './sites';

const SITE_IDS: SiteId[] = [1, 2, 3, 4];

describe('mobile-money provider by network prefix', () => {
  it.each([
    ['0772123456', 1, 'mtn-momo', 'MTN'],
    ['0782123456', 1, 'mtn-momo', 'MTN'],
    ['0701123456', 1, 'airtel-money', 'Airtel'],
    ['0752123456', 1, 'airtel-money', 'Airtel'],
    ['0961234567', 3, 'mtn-momo', 'MTN'],
    ['0761234567', 3, 'mtn-momo', 'MTN'],
    ['0971234567', 3, 'airtel-money', 'Airtel'],
    ['0771234567', 3, 'airtel-money', 'Airtel'],
    ['0754123456', 4, 'vodacom-mpesa', 'Vodacom'],
    ['0684123456', 4, 'airtel-money', 'Airtel'],
    ['0784123456', 4, 'airtel-money', 'Airtel'],
    ['0712345678', 2, 'mpesa', 'Safaricom'],
  ] as const)('%s on site %i → %s (%s)', (typed, siteId, provider, network) => {
    const e164 = normalisePhone(typed, siteId);
    expect(e164).not.toBeNull();
    expect(chooseProvider(e164 ?? '', siteId)).toEqual({ ok: true, provider });
    expect(networkOf(e164 ?? '', siteId)?.name).toBe(network);
  });

  it('names the network Dau has no provider for', () => {
    const zamtel = chooseProvider('+260951234567', 3);
    expect(zamtel).toMatchObject({ ok: false, code: 'network-not-supported' });
    expect(!zamtel.ok && zamtel.network?.name).toBe('Zamtel');
    const halotel = chooseProvider('+255621234567', 4);
    expect(!halotel.ok && halotel.network?.name).toBe('Halotel');
    expect(chooseProvider('+256711234567', 1)).toMatchObject({ ok: false });
  });

  it('refuses another country’s number', () => {
    expect(chooseProvider('+254712345678', 1)).toEqual({
      ok: false,
      code: 'network-not-supported',
      network: null,
    });
    expect(providerOptions('+256772123456', 4).choices).toEqual([]);
  });

  it('lets the user pick where a number could have moved network (Tanzania, Kenya)', () => {
    expect(providerOptions('+255754123456', 4).choices).toEqual(['vodacom-mpesa', 'airtel-money']);
    expect(providerOptions('+255684123456', 4).choices).toEqual(['airtel-money', 'vodacom-mpesa']);
    // A Tigo number ported to Vodacom: nothing suggested, both offered.
    expect(providerOptions('+255654123456', 4)).toMatchObject({
      suggested: null,
      choices: ['vodacom-mpesa', 'airtel-money'],
    });
    expect(chooseProvider('+255654123456', 4, 'vodacom-mpesa')).toEqual({
      ok: true,
      provider: 'vodacom-mpesa',
    });
    // Kenya: every number goes to M-Pesa, whatever its prefix.
    expect(chooseProvider('+254733123456', 2)).toEqual({ ok: true, provider: 'mpesa' });
  });

  it('holds a pick to the number’s choices where numbers cannot move (Uganda, Zambia)', () => {
    expect(chooseProvider('+256772123456', 1, 'airtel-money')).toMatchObject({
      ok: false,
      code: 'provider-not-for-number',
    });
    expect(chooseProvider('+256772123456', 1, 'mtn-momo')).toEqual({
      ok: true,
      provider: 'mtn-momo',
    });
    expect(chooseProvider('+260971234567', 3, 'vodacom-mpesa')).toMatchObject({ ok: false });
  });

  it('is consistent: prefixes unique per site, mobile leading digits, providers offered', () => {
    for (const siteId of SITE_IDS) {
      const site = SITE_MOBILE_MONEY[siteId];
      const prefixes = site.networks.flatMap((n) => n.prefixes);
      expect(new Set(prefixes).size).toBe(prefixes.length);
      for (const network of site.networks) {
        if (network.provider) expect(site.providers).toContain(network.provider);
        for (const p of network.prefixes) {
          const sample = `${SITES[siteId].phonePrefix}${p.padEnd(SITES[siteId].nationalNumberLength, '1')}`;
          expect(normalisePhone(sample, siteId)).toBe(sample);
          expect(networkOf(sample, siteId)).toBe(network);
        }
      }
    }
    expect(isMobileMoneyProviderId('mtn-momo')).toBe(true);
    expect(isMobileMoneyProviderId('tigo')).toBe(false);
  });
});
