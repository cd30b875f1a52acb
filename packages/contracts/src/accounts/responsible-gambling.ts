import { z } from 'zod';
import { API_BASE } from '../http';
import { ACCOUNT_CORE_PATHS as P } from './paths';

/**
 * Responsible gambling: a break (24 h, 7 days, 30 days) or self-exclusion (6 months) chosen by
 * the user. During it deposits and bets are refused; the user can still log in to withdraw and
 * see transactions (decision 031). It cannot be lifted early.
 */
export const RESPONSIBLE_GAMBLING_PATH = `${API_BASE.core}${P.responsibleGambling}`;

export const RESPONSIBLE_GAMBLING_PERIODS = ['24h', '7d', '30d', '6m'] as const;
export type ResponsibleGamblingPeriod = (typeof RESPONSIBLE_GAMBLING_PERIODS)[number];

export const responsibleGamblingRequestSchema = z.object({
  period: z.enum(RESPONSIBLE_GAMBLING_PERIODS),
  /** The user confirms that the period cannot be shortened or lifted. */
  confirm: z.literal(true),
});

export const responsibleGamblingStateSchema = z.object({
  hasErrors: z.literal(false),
  active: z
    .object({
      kind: z.enum(['break', 'self_exclusion']),
      period: z.enum(RESPONSIBLE_GAMBLING_PERIODS),
      startsAt: z.string(),
      endsAt: z.string(),
    })
    .nullable(),
  message: z.string().nullable(),
});
export type ResponsibleGamblingState = z.infer<typeof responsibleGamblingStateSchema>;
