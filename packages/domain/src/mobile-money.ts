import type { SiteId } from './sites';
import { SITES } from './sites';

/**
 * Which mobile-money provider prompts a phone, per site (ADR 130). Pure data and rules: the
 * server routes deposits and payouts with it, the web app names the provider in the payment
 * modals before the user presses Deposit.
 *
 * | site       | provider id      | brand                 | network prefixes (after +CC)      |
 * | ---------- | ---------------- | --------------------- | --------------------------------- |
 * | 1 Uganda   | `mtn-momo`       | MTN MoMo              | 76, 77, 78                        |
 * | 1 Uganda   | `airtel-money`   | Airtel Money          | 70, 74, 75                        |
 * | 2 Kenya    | `mpesa`          | M-Pesa (Safaricom)    | every Kenyan mobile number        |
 * | 3 Zambia   | `mtn-momo`       | MTN MoMo              | 76, 96                            |
 * | 3 Zambia   | `airtel-money`   | Airtel Money          | 77, 97                            |
 * | 4 Tanzania | `vodacom-mpesa`  | M-Pesa (Vodacom)      | 74, 75, 76                        |
 * | 4 Tanzania | `airtel-money`   | Airtel Money          | 68, 69, 78                        |
 *
 * Networks Dau has no provider for (Uganda Telecom 71, Lyca 72; Zamtel 75, 95; Tigo/Yas 65, 67,
 * 71, 77, Halotel 61, 62, TTCL 73 in Tanzania) are listed so the answer can name them.
 * Kenya and Tanzania have mobile number portability: a number may have moved to another
 * network, so there the user can pick any of the site's providers, whatever the prefix says.
 * Kenya routes every number to M-Pesa, its only provider (Daraja itself refuses a number
 * that is not on M-Pesa).
 */
export type MobileMoneyProviderId = 'mpesa' | 'mtn-momo' | 'airtel-money' | 'vodacom-mpesa';

export const MOBILE_MONEY_PROVIDER_IDS: readonly MobileMoneyProviderId[] = [
  'mpesa',
  'mtn-momo',
  'airtel-money',
  'vodacom-mpesa',
];

/** Brand names as users know them; the same in English and Swahili. */
export const MOBILE_MONEY_PROVIDER_NAMES: Readonly<Record<MobileMoneyProviderId, string>> = {
  mpesa: 'M-Pesa',
  'mtn-momo': 'MTN MoMo',
  'airtel-money': 'Airtel Money',
  'vodacom-mpesa': 'M-Pesa',
};

export interface MobileNetwork {
  /** Operator brand, e.g. `MTN`, `Airtel`, `Zamtel`. */
  name: string;
  /** Leading digits of the national significant number (after the country code). */
  prefixes: readonly string[];
  /** The mobile-money provider Dau uses for this network's numbers; null: not offered. */
  provider: MobileMoneyProviderId | null;
}

export interface SiteMobileMoney {
  networks: readonly MobileNetwork[];
  /** Providers offered on the site, in the order a picker lists them. */
  providers: readonly MobileMoneyProviderId[];
  /** Numbers can move between networks (MNP): the user may pick any of `providers`. */
  numberPortability: boolean;
  /** Every number of the site goes to this provider, whatever its prefix (Kenya). */
  everyNumber: MobileMoneyProviderId | null;
}

export const SITE_MOBILE_MONEY: Readonly<Record<SiteId, SiteMobileMoney>> = {
  1: {
    networks: [
      { name: 'MTN', prefixes: ['76', '77', '78'], provider: 'mtn-momo' },
      { name: 'Airtel', prefixes: ['70', '74', '75'], provider: 'airtel-money' },
      { name: 'Uganda Telecom', prefixes: ['71'], provider: null },
      { name: 'Lyca', prefixes: ['72'], provider: null },
    ],
    providers: ['mtn-momo', 'airtel-money'],
    numberPortability: false,
    everyNumber: null,
  },
  2: {
    networks: [
      {
        name: 'Safaricom',
        prefixes: [
          '70',
          '71',
          '72',
          '740',
          '741',
          '742',
          '743',
          '745',
          '746',
          '748',
          '757',
          '758',
          '759',
          '768',
          '769',
          '79',
          '11',
        ],
        provider: 'mpesa',
      },
      {
        name: 'Airtel',
        prefixes: ['73', '750', '751', '752', '753', '754', '755', '756', '78', '10'],
        provider: null,
      },
      { name: 'Telkom', prefixes: ['77'], provider: null },
    ],
    providers: ['mpesa'],
    numberPortability: true,
    everyNumber: 'mpesa',
  },
  3: {
    networks: [
      { name: 'MTN', prefixes: ['76', '96'], provider: 'mtn-momo' },
      { name: 'Airtel', prefixes: ['77', '97'], provider: 'airtel-money' },
      { name: 'Zamtel', prefixes: ['75', '95'], provider: null },
    ],
    providers: ['mtn-momo', 'airtel-money'],
    numberPortability: false,
    everyNumber: null,
  },
  4: {
    networks: [
      { name: 'Vodacom', prefixes: ['74', '75', '76'], provider: 'vodacom-mpesa' },
      { name: 'Airtel', prefixes: ['68', '69', '78'], provider: 'airtel-money' },
      { name: 'Tigo (Yas)', prefixes: ['65', '67', '71', '77'], provider: null },
      { name: 'Halotel', prefixes: ['61', '62'], provider: null },
      { name: 'TTCL', prefixes: ['73'], provider: null },
    ],
    providers: ['vodacom-mpesa', 'airtel-money'],
    numberPortability: true,
    everyNumber: null,
  },
};

/** The network a normalised number (`+2567…`) belongs to by its prefix; longest prefix wins. */
export function networkOf(e164: string, siteId: SiteId): MobileNetwork | null {
  const prefix = SITES[siteId].phonePrefix;
  if (!e164.startsWith(prefix)) return null;
  const national = e164.slice(prefix.length);
  let best: { network: MobileNetwork; length: number } | null = null;
  for (const network of SITE_MOBILE_MONEY[siteId].networks) {
    for (const p of network.prefixes) {
      if (national.startsWith(p) && (!best || p.length > best.length)) {
        best = { network, length: p.length };
      }
    }
  }
  return best?.network ?? null;
}

export interface ProviderOptions {
  /** The network the prefix names, when known. */
  network: MobileNetwork | null;
  /** The provider that prompts when the user picks none; null: none serves this number. */
  suggested: MobileMoneyProviderId | null;
  /** Providers the user may pick for this number (the suggested one first). */
  choices: readonly MobileMoneyProviderId[];
}

/** What the payment modals offer for a normalised number of the site. */
export function providerOptions(e164: string, siteId: SiteId): ProviderOptions {
  const site = SITE_MOBILE_MONEY[siteId];
  // Another country's number: no provider of this site can prompt it.
  if (!e164.startsWith(SITES[siteId].phonePrefix)) {
    return { network: null, suggested: null, choices: [] };
  }
  const network = networkOf(e164, siteId);
  const suggested = site.everyNumber ?? network?.provider ?? null;
  const choices = site.numberPortability
    ? [...(suggested ? [suggested] : []), ...site.providers.filter((p) => p !== suggested)]
    : suggested
      ? [suggested]
      : [];
  return { network, suggested, choices };
}

export type ProviderChoice =
  | { ok: true; provider: MobileMoneyProviderId }
  | {
      ok: false;
      /**
       * `network-not-supported`: no provider for this number's network (picking one would
       * help only where numbers can move); `provider-not-for-number`: the picked provider
       * cannot prompt this number.
       */
      code: 'network-not-supported' | 'provider-not-for-number';
      network: MobileNetwork | null;
    };

/**
 * The provider for a payment: the user's pick when it is one of the number's choices,
 * otherwise the number's own network's provider.
 */
export function chooseProvider(
  e164: string,
  siteId: SiteId,
  picked?: MobileMoneyProviderId | null,
): ProviderChoice {
  const options = providerOptions(e164, siteId);
  if (picked) {
    return options.choices.includes(picked)
      ? { ok: true, provider: picked }
      : { ok: false, code: 'provider-not-for-number', network: options.network };
  }
  return options.suggested
    ? { ok: true, provider: options.suggested }
    : { ok: false, code: 'network-not-supported', network: options.network };
}

export function isMobileMoneyProviderId(value: unknown): value is MobileMoneyProviderId {
  return (MOBILE_MONEY_PROVIDER_IDS as readonly unknown[]).includes(value);
}
