import type { CurrencyCode } from './currency';

/**
 * Country sites served by one deployment (spec doc 1 §1, design/glossary.md).
 * Everything that differs per site lives here, so the web app and the server read one table.
 */
export type SiteId = 1 | 2 | 3 | 4;

export interface SiteConfig {
  siteId: SiteId;
  country: string;
  /** Lower-case ISO country code used in paths and headers (`ke`, `ug`, ...). */
  countryCode: string;
  /** ISO 4217 code: decimals, rounding and the label come from `currency.ts`. */
  currencyCode: CurrencyCode;
  /** How amounts are labelled to users, e.g. `KSh`: the currency table's symbol (a test checks). */
  currencySymbol: string;
  locale: string;
  defaultLanguage: string;
  /** Languages offered by the language picker; empty when the site has no picker. */
  languages: readonly { code: string; locale: string; label: string }[];
  phonePrefix: string;
  /** Number of digits in the national significant number (after the prefix). */
  nationalNumberLength: number;
  minimumAge: number;
  timeOffsetMinutes: number;
  /** Profile and compliance fields this site shows (spec doc 1 §5). */
  profileFields: {
    names: boolean;
    dateOfBirth: boolean;
    gender: boolean;
    incomeSource: boolean;
    politicallyExposed: boolean;
    idNumber: boolean;
  };
  features: {
    paybillNumber: string | null;
    languagePicker: boolean;
    complianceGatesWithdrawal: boolean;
    myBetsPath: string;
    /** Bets by SMS to a shortcode; the `/how-to-place-bets-via-sms` page exists only then. */
    smsBetting: boolean;
  };
}

export const PLATFORM_ID = 2;
export const CLIENT_ID = 1;
export const TENANT_ID = 702;
export const DEFAULT_SITE_ID: SiteId = 2;
export const TIME_OFFSET_MINUTES = 180;

const noProfileFields = {
  names: false,
  dateOfBirth: false,
  gender: false,
  incomeSource: false,
  politicallyExposed: false,
  idNumber: false,
};

const defaultMyBets = '/my-bets/bet-history-v2';

export const SITES: Readonly<Record<SiteId, SiteConfig>> = {
  1: {
    siteId: 1,
    country: 'Uganda',
    countryCode: 'ug',
    currencyCode: 'UGX',
    currencySymbol: 'UGX',
    locale: 'en-UG',
    defaultLanguage: 'en',
    languages: [],
    phonePrefix: '+256',
    nationalNumberLength: 9,
    minimumAge: 25,
    timeOffsetMinutes: TIME_OFFSET_MINUTES,
    profileFields: {
      names: true,
      dateOfBirth: true,
      gender: true,
      incomeSource: true,
      politicallyExposed: true,
      idNumber: false,
    },
    features: {
      paybillNumber: null,
      languagePicker: false,
      complianceGatesWithdrawal: false,
      myBetsPath: defaultMyBets,
      smsBetting: false,
    },
  },
  2: {
    siteId: 2,
    country: 'Kenya',
    countryCode: 'ke',
    currencyCode: 'KES',
    currencySymbol: 'KSh',
    locale: 'en-KE',
    defaultLanguage: 'en',
    languages: [],
    phonePrefix: '+254',
    nationalNumberLength: 9,
    minimumAge: 18,
    timeOffsetMinutes: TIME_OFFSET_MINUTES,
    profileFields: noProfileFields,
    features: {
      paybillNumber: '290290',
      languagePicker: false,
      complianceGatesWithdrawal: false,
      myBetsPath: defaultMyBets,
      smsBetting: true,
    },
  },
  3: {
    siteId: 3,
    country: 'Zambia',
    countryCode: 'zm',
    currencyCode: 'ZMW',
    currencySymbol: 'K',
    locale: 'en-ZM',
    defaultLanguage: 'en',
    languages: [],
    phonePrefix: '+260',
    nationalNumberLength: 9,
    minimumAge: 18,
    timeOffsetMinutes: 120,
    profileFields: noProfileFields,
    features: {
      paybillNumber: null,
      languagePicker: false,
      complianceGatesWithdrawal: false,
      myBetsPath: defaultMyBets,
      smsBetting: false,
    },
  },
  4: {
    siteId: 4,
    country: 'Tanzania',
    countryCode: 'tz',
    currencyCode: 'TZS',
    currencySymbol: 'TSh',
    locale: 'en-TZ',
    defaultLanguage: 'sw',
    languages: [
      { code: 'sw', locale: 'sw-tz', label: 'Kiswahili' },
      { code: 'en', locale: 'en-tz', label: 'English' },
    ],
    phonePrefix: '+255',
    nationalNumberLength: 9,
    minimumAge: 18,
    timeOffsetMinutes: TIME_OFFSET_MINUTES,
    profileFields: {
      names: true,
      dateOfBirth: true,
      gender: false,
      incomeSource: false,
      politicallyExposed: false,
      idNumber: true,
    },
    features: {
      paybillNumber: null,
      languagePicker: true,
      complianceGatesWithdrawal: true,
      myBetsPath: '/my-bets/casino-history',
      smsBetting: false,
    },
  },
};

export function isSiteId(value: unknown): value is SiteId {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

export function siteConfig(siteId: SiteId): SiteConfig {
  return SITES[siteId];
}

/**
 * Resolves a site from a request host using a `host=siteId` mapping, falling back to the
 * deployment's default site.
 */
export function siteForHost(
  host: string | undefined,
  hostMap: Readonly<Record<string, SiteId>>,
  fallback: SiteId,
): SiteId {
  if (!host) return fallback;
  const name = host.split(':')[0]?.toLowerCase() ?? '';
  return hostMap[name] ?? fallback;
}
