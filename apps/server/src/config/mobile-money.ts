import { z } from 'zod';
import { invalid, type ConfigContext } from './area';

/**
 * The mobile-money operators outside Kenya (ADR 131, 132): MTN MoMo (Uganda, Zambia), Airtel
 * Money (Uganda, Zambia, Tanzania), Vodacom M-Pesa (Tanzania). MOBILE_MONEY_OPERATORS lists the
 * ones this deployment runs (`mtn-momo:ug,airtel-money:tz`, …); outside production all of them,
 * against the built-in sandboxes unless a base URL is set. In production a listed operator
 * must have every credential below set, or the server refuses to start; an unlisted one
 * answers its numbers with 503.
 */
export const OPERATOR_KEYS = [
  'mtn-momo:ug',
  'mtn-momo:zm',
  'airtel-money:ug',
  'airtel-money:zm',
  'airtel-money:tz',
  'vodacom-mpesa:tz',
] as const;
export type OperatorKey = (typeof OPERATOR_KEYS)[number];

const optional = z.string().min(1).optional();
const perCountry = (prefix: string, countries: string[], names: string[]) =>
  Object.fromEntries(
    countries.flatMap((cc) => names.map((n) => [`${prefix}_${cc}_${n}`, optional] as const)),
  );

const MOMO_NAMES = [
  'COLLECTION_USER_ID',
  'COLLECTION_API_KEY',
  'COLLECTION_SUBSCRIPTION_KEY',
  'DISBURSEMENT_USER_ID',
  'DISBURSEMENT_API_KEY',
  'DISBURSEMENT_SUBSCRIPTION_KEY',
  'TARGET_ENVIRONMENT',
];
const AIRTEL_NAMES = ['CLIENT_ID', 'CLIENT_SECRET', 'DISBURSEMENT_PIN', 'CALLBACK_SECRET'];
const VODACOM_NAMES = ['API_KEY', 'PUBLIC_KEY', 'SERVICE_PROVIDER_CODE', 'MARKET'];

export const mobileMoneyEnv = {
  MOBILE_MONEY_OPERATORS: z.string().optional(),
  /** MTN's MoMo API (`https://proxy.momoapi.mtn.com`); unset with SANDBOX on: the built-in one. */
  MOMO_BASE_URL: z.string().url().optional(),
  /** Airtel Africa's Open API (`https://openapi.airtel.africa`); unset: the built-in sandbox. */
  AIRTEL_BASE_URL: z.string().url().optional(),
  /** Vodacom's M-Pesa OpenAPI (`https://openapi.m-pesa.com`); unset: the built-in sandbox. */
  VODACOM_BASE_URL: z.string().url().optional(),
  /** Path segment of Vodacom's environment: `sandbox` or `openapi` (production). */
  VODACOM_ENVIRONMENT: z.enum(['sandbox', 'openapi']).default('sandbox'),
  /** How long the built-in operator sandboxes take to "approve" a prompt. */
  OPERATOR_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).default(1_500),
  ...perCountry('MOMO', ['UG', 'ZM'], MOMO_NAMES),
  ...perCountry('AIRTEL', ['UG', 'ZM', 'TZ'], AIRTEL_NAMES),
  ...perCountry('VODACOM', ['TZ'], VODACOM_NAMES),
};

/** The built-in sandboxes' published credentials, used when a variable is unset. */
export const SANDBOX_CREDENTIALS = {
  momo: {
    collectionUserId: '0b5e6a8c-3f1d-4c2a-9e7b-5d4f3c2b1a01',
    collectionApiKey: 'dau-momo-collection-key',
    collectionSubscriptionKey: 'dau-momo-collection-subscription',
    disbursementUserId: '0b5e6a8c-3f1d-4c2a-9e7b-5d4f3c2b1a02',
    disbursementApiKey: 'dau-momo-disbursement-key',
    disbursementSubscriptionKey: 'dau-momo-disbursement-subscription',
    targetEnvironment: 'sandbox',
  },
  airtel: {
    clientId: 'dau-airtel-client',
    clientSecret: 'dau-airtel-secret',
    disbursementPin: 'dau-airtel-encrypted-pin',
    callbackSecret: 'dau-airtel-callback-secret',
  },
  vodacom: { apiKey: 'dau-vodacom-api-key', serviceProviderCode: '000000', market: 'vodacomTZN' },
};

export interface MomoCredentials {
  collectionUserId: string;
  collectionApiKey: string;
  collectionSubscriptionKey: string;
  disbursementUserId: string;
  disbursementApiKey: string;
  disbursementSubscriptionKey: string;
  targetEnvironment: string;
}
export interface AirtelCredentials {
  clientId: string;
  clientSecret: string;
  /** The disbursement PIN, already encrypted with Airtel's public key as Airtel asks. */
  disbursementPin: string;
  /** Key of the callbacks' `hash` (HMAC-SHA256); null: callbacks are not signed. */
  callbackSecret: string | null;
}
export interface VodacomCredentials {
  apiKey: string;
  /** Vodacom's public key (base64 DER, as the portal gives it); null: the sandbox's. */
  publicKey: string | null;
  serviceProviderCode: string;
  market: string;
}

export interface MobileMoneyConfig {
  operators: readonly OperatorKey[];
  momoBaseUrl: string | undefined;
  airtelBaseUrl: string | undefined;
  vodacomBaseUrl: string | undefined;
  vodacomEnvironment: 'sandbox' | 'openapi';
  sandboxDelayMs: number;
  momo: Record<'ug' | 'zm', MomoCredentials>;
  airtel: Record<'ug' | 'zm' | 'tz', AirtelCredentials>;
  vodacom: Record<'tz', VodacomCredentials>;
}

type Source = Record<string, string | undefined>;

const camel = (name: string) =>
  name.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function credentials<T>(
  source: Source,
  prefix: string,
  cc: string,
  names: string[],
  defaults: Record<string, string>,
): T {
  return Object.fromEntries(
    names.map((n) => [camel(n), source[`${prefix}_${cc}_${n}`] ?? defaults[camel(n)] ?? null]),
  ) as T;
}

function parseOperators(value: string | undefined, context: ConfigContext): OperatorKey[] {
  if (value === undefined) return context.isProduction ? [] : [...OPERATOR_KEYS];
  const keys = value
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  for (const key of keys) {
    if (!(OPERATOR_KEYS as readonly string[]).includes(key)) {
      throw invalid(
        'MOBILE_MONEY_OPERATORS',
        `unknown operator "${key}" (${OPERATOR_KEYS.join(', ')})`,
      );
    }
  }
  return keys as OperatorKey[];
}

/** What production requires of each listed operator (no sandbox defaults there). */
function requiredFor(key: OperatorKey): string[] {
  const [provider, cc] = key.split(':') as [string, string];
  const CC = cc.toUpperCase();
  if (provider === 'mtn-momo')
    return ['MOMO_BASE_URL', ...MOMO_NAMES.map((n) => `MOMO_${CC}_${n}`)];
  if (provider === 'airtel-money')
    return ['AIRTEL_BASE_URL', ...AIRTEL_NAMES.map((n) => `AIRTEL_${CC}_${n}`)];
  return ['VODACOM_BASE_URL', ...VODACOM_NAMES.map((n) => `VODACOM_${CC}_${n}`)];
}

type MobileMoneyEnv = z.output<z.ZodObject<typeof mobileMoneyEnv>>;

export function mobileMoneyConfig(
  e: MobileMoneyEnv,
  context: ConfigContext,
  source: Source,
): MobileMoneyConfig {
  const operators = parseOperators(e.MOBILE_MONEY_OPERATORS, context);
  if (context.isProduction) {
    const missing = operators.flatMap(requiredFor).filter((name) => !source[name]);
    if (missing.length > 0) {
      throw invalid(
        [...new Set(missing)].join(', '),
        'required in production for the operators in MOBILE_MONEY_OPERATORS',
      );
    }
  }
  const sandbox = SANDBOX_CREDENTIALS;
  return {
    operators,
    momoBaseUrl: e.MOMO_BASE_URL,
    airtelBaseUrl: e.AIRTEL_BASE_URL,
    vodacomBaseUrl: e.VODACOM_BASE_URL,
    vodacomEnvironment: e.VODACOM_ENVIRONMENT,
    sandboxDelayMs: e.OPERATOR_SANDBOX_DELAY_MS,
    momo: {
      ug: credentials(source, 'MOMO', 'UG', MOMO_NAMES, sandbox.momo),
      zm: credentials(source, 'MOMO', 'ZM', MOMO_NAMES, sandbox.momo),
    },
    airtel: {
      ug: credentials(source, 'AIRTEL', 'UG', AIRTEL_NAMES, sandbox.airtel),
      zm: credentials(source, 'AIRTEL', 'ZM', AIRTEL_NAMES, sandbox.airtel),
      tz: credentials(source, 'AIRTEL', 'TZ', AIRTEL_NAMES, sandbox.airtel),
    },
    vodacom: { tz: credentials(source, 'VODACOM', 'TZ', VODACOM_NAMES, sandbox.vodacom) },
  };
}
