import { z } from 'zod';

/** What every area of the configuration shares: parsers, the context, the error. */

export const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** `key=value` pairs of whole numbers separated by commas, e.g. `1=5000,2=8000`. */
export const numberMapFromEnv = (label: string) =>
  z.string().transform((value, ctx) => {
    const map: Record<number, number> = {};
    for (const pair of value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [key, raw] = pair.split('=');
      const id = Number(key);
      const n = Number(raw);
      if (!Number.isInteger(id) || raw === undefined || !Number.isFinite(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: `invalid ${label} entry "${pair}"` });
        return z.NEVER;
      }
      map[id] = n;
    }
    return map;
  });

/** What every area's mapping may look at besides its own variables. */
export interface ConfigContext {
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  /** Built-in sandboxes on (SANDBOX, default on outside production). */
  sandbox: boolean;
  /** SANDBOX as given, before its default. */
  sandboxSetting: boolean | undefined;
}

/** A problem with the environment that zod's per-variable checks cannot see. */
export class ConfigError extends Error {}

export function invalid(variable: string, message: string): ConfigError {
  return new ConfigError(`Invalid configuration:\n  ${variable}: ${message}`);
}
