import { z } from 'zod';
import { invalid, type ConfigContext } from './area';

/**
 * Sports jackpot rounds (issue #21, ADR 226): templates the server makes rounds from, out of
 * the feed's football fixtures. Amounts in cents of the site's currency.
 */
const tierSchema = z.object({
  hits: z.number().int().min(1).max(40),
  guaranteed: z.number().int().min(0),
  shareBps: z.number().int().min(0).max(10_000),
});

const templateSchema = z.object({
  /** Stable key: one round of a template is open at a time. */
  key: z.string().min(1).max(40),
  name: z.string().min(1).max(60),
  siteId: z.number().int().min(1).max(4),
  matchCount: z.number().int().min(1).max(40),
  stakePerLine: z.number().int().positive(),
  /** East Africa Time weekdays (0 Sunday … 6 Saturday) the matches are taken from. */
  days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
  /** The first kick-off is at least this far ahead when the round opens. */
  leadMs: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3_600_000),
  tiers: z.array(tierSchema).min(1).max(5),
});
export type JackpotTemplate = z.infer<typeof templateSchema>;

/** KSh 99 a line; tiers 17 / 16 / 15 and 13 / 12 / 11 (ADR 225). */
export const DEFAULT_JACKPOT_TEMPLATES: JackpotTemplate[] = [
  {
    key: 'mega',
    name: 'Mega Jackpot',
    siteId: 2,
    matchCount: 17,
    stakePerLine: 9_900,
    days: [6, 0],
    leadMs: 2 * 3_600_000,
    tiers: [
      { hits: 17, guaranteed: 10_000_000_000, shareBps: 0 },
      { hits: 16, guaranteed: 100_000_000, shareBps: 1_000 },
      { hits: 15, guaranteed: 10_000_000, shareBps: 500 },
    ],
  },
  {
    key: 'midweek',
    name: 'Midweek Jackpot',
    siteId: 2,
    matchCount: 13,
    stakePerLine: 9_900,
    days: [2, 3, 4],
    leadMs: 2 * 3_600_000,
    tiers: [
      { hits: 13, guaranteed: 1_000_000_000, shareBps: 0 },
      { hits: 12, guaranteed: 20_000_000, shareBps: 1_000 },
      { hits: 11, guaranteed: 2_000_000, shareBps: 500 },
    ],
  },
];

export const jackpotsEnv = {
  /** `run`: this server opens, closes and settles rounds on a timer; `off`: only on demand. */
  JACKPOTS_MODE: z.enum(['run', 'off']).optional(),
  JACKPOTS_TICK_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  /** JSON array of templates replacing the defaults (see DEFAULT_JACKPOT_TEMPLATES). */
  JACKPOT_TEMPLATES: z.string().optional(),
};

export interface JackpotsConfig {
  mode: 'run' | 'off';
  tickMs: number;
  templates: JackpotTemplate[];
}

type JackpotsEnv = z.output<z.ZodObject<typeof jackpotsEnv>>;

export function jackpotsConfig(e: JackpotsEnv, context: ConfigContext): JackpotsConfig {
  let templates = DEFAULT_JACKPOT_TEMPLATES;
  if (e.JACKPOT_TEMPLATES) {
    let raw: unknown;
    try {
      raw = JSON.parse(e.JACKPOT_TEMPLATES);
    } catch {
      throw invalid('JACKPOT_TEMPLATES', 'is not JSON');
    }
    const parsed = z.array(templateSchema).safeParse(raw);
    if (!parsed.success) throw invalid('JACKPOT_TEMPLATES', parsed.error.issues[0]?.message ?? '');
    templates = parsed.data;
  }
  const keys = new Set(templates.map((t) => t.key));
  if (keys.size !== templates.length) throw invalid('JACKPOT_TEMPLATES', 'keys must be unique');
  for (const t of templates) {
    if (t.tiers.some((tier) => tier.hits > t.matchCount)) {
      throw invalid('JACKPOT_TEMPLATES', `${t.key}: a tier needs more hits than matches`);
    }
  }
  return {
    mode: e.JACKPOTS_MODE ?? (context.env === 'test' ? 'off' : 'run'),
    tickMs: e.JACKPOTS_TICK_MS,
    templates,
  };
}
