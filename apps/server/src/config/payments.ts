import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ConfigContext } from './area';

/** Mobile money (M-Pesa Daraja), callbacks and payment limits. */
export const paymentsEnv = {
  /**
   * M-Pesa Daraja. Unset base URL with SANDBOX on: the built-in Daraja sandbox of this server.
   * Safaricom's sandbox: https://sandbox.safaricom.co.ke with the app's key and secret.
   */
  DARAJA_BASE_URL: z.string().url().optional(),
  DARAJA_CONSUMER_KEY: z.string().default('dau-sandbox-key'),
  DARAJA_CONSUMER_SECRET: z.string().default('dau-sandbox-secret'),
  /** Paybill / till for STK push and C2B (Safaricom's sandbox shortcode by default). */
  DARAJA_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/)
    .default('174379'),
  DARAJA_PASSKEY: z
    .string()
    .default('bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919'),
  DARAJA_B2C_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/)
    .default('600000'),
  DARAJA_INITIATOR_NAME: z.string().default('testapi'),
  DARAJA_SECURITY_CREDENTIAL: z.string().default('sandbox-security-credential'),
  /** Public base URL Daraja calls back (e.g. https://api.dau.co.ke); unset: this server. */
  PAYMENTS_CALLBACK_BASE_URL: z.string().url().optional(),
  /**
   * Secret path segment of the callback URLs, so only Daraja (who got the URL) can call them.
   * Random per process when unset: set it in production, or callbacks after a restart are lost
   * to reconciliation.
   */
  PAYMENTS_CALLBACK_TOKEN: z.string().min(16).optional(),
  /**
   * How long Dau waits for an answer from Daraja. An STK push left unanswered this long may
   * still have prompted the customer: its deposit stays pending (ADR 126).
   */
  DARAJA_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /** How long the built-in sandbox waits before it calls back (the PIN prompt). */
  DARAJA_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).default(3_000),
  /** Spec: one withdrawal per 15 minutes. */
  WITHDRAWAL_MIN_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15 * 60_000),
  /** The spec does not show the 24-hour count limit: configured here. */
  WITHDRAWAL_MAX_PER_24H: z.coerce.number().int().positive().default(5),
  PAYMENTS_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /** A payment pending longer than this is queried (STK) or released (B2C). */
  PAYMENTS_STALE_AFTER_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60_000),
  /**
   * A deposit no provider has confirmed this long after it started is failed as expired, after
   * one last status query (ADR 133); a success that still comes later is credited, once.
   */
  PAYMENTS_DEPOSIT_EXPIRE_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60_000),
  /**
   * A payout M-Pesa accepted but never reported on is released only after this long: releasing
   * earlier could pay the user twice if the result is merely late.
   */
  PAYMENTS_B2C_GIVE_UP_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60_000),
};

export interface PaymentsConfig {
  darajaBaseUrl: string | undefined;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  b2cShortcode: string;
  initiatorName: string;
  securityCredential: string;
  callbackBaseUrl: string | undefined;
  callbackToken: string;
  /** How long Dau waits for Daraja's answer (DARAJA_TIMEOUT_MS). */
  timeoutMs: number;
  sandboxDelayMs: number;
  withdrawalMinIntervalMs: number;
  withdrawalMaxPer24h: number;
  reconcileIntervalMs: number;
  staleAfterMs: number;
  b2cGiveUpMs: number;
  depositExpireMs: number;
}

type PaymentsEnv = z.output<z.ZodObject<typeof paymentsEnv>>;

export function paymentsConfig(e: PaymentsEnv, _context: ConfigContext): PaymentsConfig {
  return {
    darajaBaseUrl: e.DARAJA_BASE_URL,
    consumerKey: e.DARAJA_CONSUMER_KEY,
    consumerSecret: e.DARAJA_CONSUMER_SECRET,
    shortcode: e.DARAJA_SHORTCODE,
    passkey: e.DARAJA_PASSKEY,
    b2cShortcode: e.DARAJA_B2C_SHORTCODE,
    initiatorName: e.DARAJA_INITIATOR_NAME,
    securityCredential: e.DARAJA_SECURITY_CREDENTIAL,
    callbackBaseUrl: e.PAYMENTS_CALLBACK_BASE_URL,
    callbackToken: e.PAYMENTS_CALLBACK_TOKEN ?? randomBytes(16).toString('hex'),
    timeoutMs: e.DARAJA_TIMEOUT_MS,
    sandboxDelayMs: e.DARAJA_SANDBOX_DELAY_MS,
    withdrawalMinIntervalMs: e.WITHDRAWAL_MIN_INTERVAL_MS,
    withdrawalMaxPer24h: e.WITHDRAWAL_MAX_PER_24H,
    reconcileIntervalMs: e.PAYMENTS_RECONCILE_INTERVAL_MS,
    staleAfterMs: e.PAYMENTS_STALE_AFTER_MS,
    b2cGiveUpMs: e.PAYMENTS_B2C_GIVE_UP_MS,
    depositExpireMs: e.PAYMENTS_DEPOSIT_EXPIRE_MS,
  };
}
