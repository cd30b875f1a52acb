import { z } from 'zod';
import type { ConfigContext } from './area';

/** `provider=secret` pairs, e.g. `dau-originals=...,acme-studio=...`. */
const secretsFromEnv = z.string().transform((value, ctx) => {
  const map: Record<string, string> = {};
  for (const pair of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = pair.indexOf('=');
    const provider = pair.slice(0, at).trim();
    const secret = pair.slice(at + 1).trim();
    if (at <= 0 || !/^[a-z0-9-]+$/.test(provider) || secret.length < 16) {
      ctx.addIssue({
        code: 'custom',
        message: `invalid CASINO_WALLET_SECRETS entry for "${provider || pair.slice(0, 12)}" (provider=secret of 16+ characters)`,
      });
      return z.NEVER;
    }
    map[provider] = secret;
  }
  return map;
});

/** The casino (issue #13): the seamless wallet's provider secrets and its round recovery. */
export const casinoEnv = {
  /**
   * Per-provider HMAC secrets of the seamless game wallet API. A provider without one cannot
   * call the seam over HTTP (Dau's own games call it in process).
   */
  CASINO_WALLET_SECRETS: secretsFromEnv.default({}),
  /** How often open rounds left by a crash are resolved (0: only at start-up). */
  CASINO_RECOVERY_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
};

export interface CasinoConfig {
  walletSecrets: Record<string, string>;
  recoveryIntervalMs: number;
}

type CasinoEnv = z.output<z.ZodObject<typeof casinoEnv>>;

export function casinoConfig(e: CasinoEnv, _context: ConfigContext): CasinoConfig {
  return {
    walletSecrets: e.CASINO_WALLET_SECRETS,
    recoveryIntervalMs: e.CASINO_RECOVERY_INTERVAL_MS,
  };
}
