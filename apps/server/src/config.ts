import path from 'node:path';
import { z } from 'zod';
import { ConfigError, invalid, type ConfigContext } from './config/area';
import { bettingConfig, bettingEnv, type BettingConfig } from './config/betting';
import { casinoConfig, casinoEnv, type CasinoConfig } from './config/casino';
import { casinoGamesConfig, casinoGamesEnv, type CasinoGamesConfig } from './config/casino-games';
import { contentConfig, contentEnv, type ContentConfig } from './config/content';
import { feedConfig, feedEnv, type FeedConfig } from './config/feed';
import { moneyLimitsConfig, moneyLimitsEnv, type MoneyLimitsConfig } from './config/money-limits';
import { mobileMoneyConfig, mobileMoneyEnv, type MobileMoneyConfig } from './config/mobile-money';
import { paymentsConfig, paymentsEnv, type PaymentsConfig } from './config/payments';
import { serverConfig, serverEnv, type ServerConfig } from './config/server';
import { smsConfig, smsEnv, type SmsConfig } from './config/sms';
import { virtualsConfig, virtualsEnv, type VirtualsConfig } from './config/virtuals';
import { jackpotsConfig, jackpotsEnv, type JackpotsConfig } from './config/jackpots';

// The areas' own types, for code that takes one area of the configuration.
export { ConfigError } from './config/area';
export type { BettingConfig, LoyaltyConfig } from './config/betting';
export type { MoneyLimitsConfig } from './config/money-limits';
export type { CasinoConfig } from './config/casino';
export type { PaymentsConfig } from './config/payments';
export type { MobileMoneyConfig } from './config/mobile-money';
export type { AfricasTalkingConfig, SmsConfig } from './config/sms';

/**
 * Every environment variable, validated once. Each area (`config/<area>.ts`) declares its
 * variables and maps them to its part of `Config`; this file only assembles them.
 */
const envSchema = z.object({
  ...serverEnv,
  ...paymentsEnv,
  ...mobileMoneyEnv,
  ...smsEnv,
  ...feedEnv,
  ...contentEnv,
  ...bettingEnv,
  ...moneyLimitsEnv,
  ...casinoEnv,
  ...casinoGamesEnv,
  ...virtualsEnv,
  ...jackpotsEnv,
});

export type Env = z.input<typeof envSchema>;

export interface Config extends ServerConfig {
  payments: PaymentsConfig;
  mobileMoney: MobileMoneyConfig;
  sms: SmsConfig;
  content: ContentConfig;
  betting: BettingConfig;
  feed: FeedConfig;
  /** Deposit, withdrawal and stake limits of each site, in cents of its currency. */
  limits: MoneyLimitsConfig;
  casino: CasinoConfig;
  casinoGames: CasinoGamesConfig;
  virtuals: VirtualsConfig;
  /** Sports jackpot rounds (issue #21, ADR 226). */
  jackpots: JackpotsConfig;
}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');
// src/ and dist/ sit at the same depth, so this is the repository's content/ folder from both.
const defaultContentDir = path.resolve(import.meta.dirname, '../../../content');

/**
 * Production refuses to start on defaults that are only safe on a laptop: links in SMS built
 * from a request's Host header, callback paths and token keys that change with every restart,
 * and the Daraja sandbox's published credentials (decision 121).
 */
const PRODUCTION_REQUIRED = [
  'PUBLIC_URL',
  'PAYMENTS_CALLBACK_TOKEN',
  'BB_JWT_SECRET',
  'SMS_PROVIDER',
  'DARAJA_BASE_URL',
  'DARAJA_CONSUMER_KEY',
  'DARAJA_CONSUMER_SECRET',
  'DARAJA_PASSKEY',
  'DARAJA_SECURITY_CREDENTIAL',
] as const;

function requireProductionSecrets(env: Record<string, string | undefined>): void {
  const missing = PRODUCTION_REQUIRED.filter((name) => !env[name]);
  if (missing.length > 0) {
    throw invalid(missing.join(', '), 'required in production (real URLs and credentials)');
  }
}

/** Validates the environment once, at start-up. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const blankAsMissing = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(blankAsMissing);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const context: ConfigContext = {
    env: e.NODE_ENV,
    isProduction,
    sandbox: e.SANDBOX ?? !isProduction,
    sandboxSetting: e.SANDBOX,
  };
  const feed = feedConfig(e, context);
  if (isProduction && e.SANDBOX) throw invalid('SANDBOX', 'sandboxes are refused in production');
  const config: Config = {
    ...serverConfig(e, context, defaultWebDist),
    payments: paymentsConfig(e, context),
    mobileMoney: mobileMoneyConfig(e, context, blankAsMissing),
    sms: smsConfig(e, context),
    feed,
    content: contentConfig(e, context, defaultContentDir),
    betting: bettingConfig(e, context),
    limits: moneyLimitsConfig(e, context),
    casino: casinoConfig(e, context),
    casinoGames: casinoGamesConfig(e, context),
    virtuals: virtualsConfig(e, context),
    jackpots: jackpotsConfig(e, context),
  };
  if (isProduction) requireProductionSecrets(blankAsMissing);
  return config;
}
