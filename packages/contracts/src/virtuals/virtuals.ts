import { z } from 'zod';
import { stakeSchema } from '../casino/games';

export { VIRTUAL_GAME_SLUG, VIRTUALS_PATHS } from './paths';

/**
 * Virtual football (issue #14 item 2, docs/decisions/195): shared matchdays of simulated
 * matches, read by everyone under {games}; the virtual betslip's bets under {core}.
 *
 * Socket.IO: `JoinVirtuals` puts a socket in the virtuals room, which gets `VirtualMatchday`
 * whenever a matchday opens, kicks off or settles; the bettor's own sockets get
 * `VirtualBetPlaced` on placement and `BetSettlement_v2` (spec doc 2 §8 texts) at full time.
 */
export const VIRTUAL_MATCHDAY_PHASES = ['open', 'playing', 'settled'] as const;
export type VirtualMatchdayPhase = (typeof VIRTUAL_MATCHDAY_PHASES)[number];

const teamSchema = z.object({ code: z.string(), name: z.string(), rating: z.number().int() });

export const virtualOutcomeSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** Decimal odds; null when the outcome is not offered (its price would be under 1.01). */
  odds: z.number().nullable(),
});

export const virtualMarketSchema = z.object({
  key: z.string(),
  id: z.number().int(),
  name: z.string(),
  outcomes: z.array(virtualOutcomeSchema),
});
export type VirtualMarket = z.infer<typeof virtualMarketSchema>;

export const virtualMatchEventSchema = z.object({
  minute: z.number().int(),
  kind: z.enum(['goal', 'yellow', 'red']),
  side: z.enum(['home', 'away']),
  home: z.number().int(),
  away: z.number().int(),
});
export type VirtualMatchEvent = z.infer<typeof virtualMatchEventSchema>;

export const virtualMatchSchema = z.object({
  /** The match's id within its matchday (0-5). */
  index: z.number().int(),
  home: teamSchema,
  away: teamSchema,
  markets: z.array(virtualMarketSchema),
  /** Once kicked off: the final score and the timeline (the page plays it by the clock). */
  result: z.object({ homeGoals: z.number().int(), awayGoals: z.number().int() }).nullable(),
  events: z.array(virtualMatchEventSchema).nullable(),
});
export type VirtualMatch = z.infer<typeof virtualMatchSchema>;

export const virtualMatchdaySchema = z.object({
  /** Global matchday number: also the nonce of its seed. */
  matchdayId: z.number().int(),
  season: z.number().int(),
  round: z.number().int(),
  phase: z.enum(VIRTUAL_MATCHDAY_PHASES),
  openedAt: z.string(),
  kickoffAt: z.string(),
  fullTimeAt: z.string(),
  /** The server's clock when this was sent, for the countdown and the match clock. */
  serverTime: z.string(),
  /** SHA-256 of the server seed, published before kick-off. */
  serverSeedHash: z.string(),
  /** Revealed once settled: `simulateMatchday(serverSeed, matchdayId)` replays it. */
  serverSeed: z.string().nullable(),
  matches: z.array(virtualMatchSchema),
});
export type VirtualMatchday = z.infer<typeof virtualMatchdaySchema>;

export const virtualCurrentSchema = z.object({
  /** The matchday bets go on (its countdown runs to kickoffAt). */
  open: virtualMatchdaySchema,
  /** The matchday playing now, or the last one played. */
  live: virtualMatchdaySchema.nullable(),
});
export type VirtualCurrent = z.infer<typeof virtualCurrentSchema>;

export const virtualTableSchema = z.object({
  season: z.number().int(),
  rows: z.array(
    z.object({
      position: z.number().int(),
      code: z.string(),
      name: z.string(),
      played: z.number().int(),
      won: z.number().int(),
      drawn: z.number().int(),
      lost: z.number().int(),
      goalsFor: z.number().int(),
      goalsAgainst: z.number().int(),
      points: z.number().int(),
    }),
  ),
  /** The last settled matchdays, newest first. */
  results: z.array(
    z.object({
      matchdayId: z.number().int(),
      round: z.number().int(),
      matches: z.array(
        z.object({
          home: z.string(),
          away: z.string(),
          homeGoals: z.number().int(),
          awayGoals: z.number().int(),
        }),
      ),
    }),
  ),
});
export type VirtualTable = z.infer<typeof virtualTableSchema>;

export const VIRTUAL_MAX_SELECTIONS = 6;

export const virtualSelectionSchema = z.object({
  matchIndex: z.number().int().min(0).max(99),
  market: z.string().max(10),
  outcome: z.string().max(10),
  /** The decimal price the bettor saw; a different price is refused (409 ODDS_CHANGED). */
  odds: z.number().positive().max(1_000_000),
  /** Singles: this selection's stake (currency units); defaults to the request's stake. */
  stake: stakeSchema.optional(),
});

export const virtualPlaceBetRequestSchema = z.object({
  matchdayId: z.number().int().positive(),
  betType: z.enum(['single', 'multiple']),
  /** Currency units: the multiple's stake, or each single's unless the selection names one. */
  stake: stakeSchema.optional(),
  selections: z.array(virtualSelectionSchema).min(1).max(VIRTUAL_MAX_SELECTIONS),
});
export type VirtualPlaceBetRequest = z.input<typeof virtualPlaceBetRequestSchema>;

export const virtualBetStatusSchema = z.enum(['open', 'won', 'lost', 'void']);

export const virtualBetSchema = z.object({
  betId: z.string(),
  matchdayId: z.number().int(),
  betType: z.enum(['single', 'multiple']),
  status: virtualBetStatusSchema,
  /** Currency units. */
  stake: z.number(),
  potentialWin: z.number(),
  payout: z.number(),
  /** Exact product of the legs' odds, as decimal text. */
  totalOdds: z.string(),
  placedAt: z.string(),
  kickoffAt: z.string(),
  settledAt: z.string().nullable(),
  legs: z.array(
    z.object({
      matchIndex: z.number().int(),
      eventName: z.string(),
      market: z.string(),
      marketName: z.string(),
      outcome: z.string(),
      outcomeName: z.string(),
      odds: z.number(),
      result: z.enum(['open', 'won', 'lost']),
      /** Final score once settled, e.g. '2:1'. */
      score: z.string().nullable(),
    }),
  ),
});
export type VirtualBet = z.infer<typeof virtualBetSchema>;

export const virtualPlaceBetResponseSchema = z.object({
  bets: z.array(virtualBetSchema),
  /** The bettor's cash after the debit, currency units. */
  balance: z.number(),
});
export type VirtualPlaceBetResponse = z.infer<typeof virtualPlaceBetResponseSchema>;

export const virtualHistoryQuerySchema = z.object({
  status: virtualBetStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const virtualHistoryResponseSchema = z.object({
  items: z.array(virtualBetSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type VirtualHistoryResponse = z.infer<typeof virtualHistoryResponseSchema>;

/** `VirtualBetPlaced` (spec doc 2 §7): to the bettor's sockets after the stake is debited. */
export interface VirtualBetPlacedPush {
  betId: string;
  matchdayId: number;
  betType: 'single' | 'multiple';
  stake: number;
  potentialWin: number;
  kickoffAt: string;
}
