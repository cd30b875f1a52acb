import type {
  BetSettlementPush,
  BetSettlementRollbackPush,
  BetsStatusPush,
} from './betting/realtime-payloads';
import type { CashoutOfferResponse } from './betting/cashout';
import type { CrashBetsPush, CrashCashOutPush, CrashRound } from './casino/crash';
import type { JackpotsPush, JackpotWonPush } from './casino/jackpots';
import type { SportsJackpotPrizesPush } from './jackpots/jackpots';
import type { RouletteResultPush, RouletteRound } from './casino/roulette';
import type { LoyaltyProgressResponse, LoyaltyRewardPush } from './loyalty/loyalty-progress';
import type { CriticalNoticePush } from './sports/critical-notice';
import type { EventSummary } from './sports/event-summary';
import type { FeedStatus } from './sports/feed-status';
import type { VirtualBetPlacedPush, VirtualMatchday } from './virtuals/virtuals';
import type {
  EventDeletedPush,
  EventUpdatedPush,
  LiveStateDiffPush,
  MarketUpdatedPush,
  OddsChangePush,
} from './sports/realtime-payloads';

/**
 * Socket.IO event maps (spec doc 2 §4 and §7). The server uses them as
 * `Server<ClientToServerEvents, ServerToClientEvents>` and the web app as
 * `Socket<ServerToClientEvents, ClientToServerEvents>`. Later modules add their pushes here.
 */

/** Producer ids of the odds feed: 1 live, 3 pre-match. */
export type ProducerId = 1 | 3;

export interface WalletPush {
  real: number;
  bonus: number;
  total: number;
  reserved: number;
}

export interface UserDataPush {
  CashBalance: number;
  FreeBetBalance: number;
}

/** Error list in the spec's `cmsStatusMsg` shape, as pushed payment results carry it. */
export interface CmsStatusMsgPush {
  hasErrors: boolean;
  datasource_entries: { error_triggered: boolean; value: string; dimension_value: string }[];
}

/** Result of a withdrawal request, pushed once the provider accepted or refused it. */
export interface LeakyBucketPush {
  Type: 'Withdrawal/Withdrawal';
  Value: { CMSStatusMsg: CmsStatusMsgPush; BBPaymentTransactionId: string };
}

export interface TransactionResultPush {
  userMessage: string;
  bbPaymentTransactionId: string;
}

export interface AuthPayload {
  /** Opaque session token; empty on logout. */
  token: string;
  /** The user's external id. */
  extId: string;
}

export interface ServerToClientEvents {
  /** Sent after a successful `auth` (user room joined) or after logout (`authenticated: false`). */
  authState: (state: { authenticated: boolean }) => void;
  wallet: (payload: WalletPush) => void;
  userdata: (payload: UserDataPush) => void;
  /**
   * A deposit was credited; amount in currency units (the client plays the coin animation).
   * `bbPaymentTransactionId` is Dau's addition to the spec's `{amount}`: the deposit's id, so the
   * client can close that deposit's "in progress" notice once the money is in.
   */
  'Deposit Success': (payload: { amount: number; bbPaymentTransactionId?: string }) => void;
  /** Sent alongside 'Deposit Success' for the user's first ever deposit. */
  'First Deposit Success': (payload: { amount: number }) => void;
  /** A payment failed: the user message is shown as a danger notification. */
  TransactionResult: (payload: TransactionResultPush) => void;
  LeakyBucket: (payload: LeakyBucketPush) => void;
  ProducerUp: (producer: ProducerId) => void;
  ProducerDown: (producer: ProducerId) => void;
  Connected: () => void;
  Disconnected: () => void;
  Closed: () => void;
  /** Odds feed pushes (issue #6): only to sockets that joined the event, sport or betslip market. */
  oddsChange: (payload: OddsChangePush) => void;
  liveStateDiff: (payload: LiveStateDiffPush) => void;
  MarketUpdated: (payload: MarketUpdatedPush) => void;
  EventUpdated: (payload: EventUpdatedPush) => void;
  EventDeleted: (payload: EventDeletedPush) => void;
  /** A site-wide notice raised or withdrawn (issue #15 item 14), to the site's room. */
  Critical: (notice: CriticalNoticePush) => void;
  /** The availability flags, to everyone, whenever one changes. */
  feedStatus: (status: FeedStatus) => void;
  /** Betting pushes (issue #8), to the bet owner only. */
  BetsStatus_v2: (payload: BetsStatusPush) => void;
  BetSettlement_v2: (payload: BetSettlementPush) => void;
  BetSettlementRollbackWin_v2: (payload: BetSettlementRollbackPush) => void;
  BetSettlementRollbackLoss_v2: (payload: BetSettlementRollbackPush) => void;
  /**
   * Issue #21: an open bet's cash-out offer for its whole running stake (the shape of
   * `GET /api/bets/{betId}/cashout`), pushed when a price or market status of one of its legs
   * moved it, or a producer went down or up; only changes are pushed.
   */
  CashoutOffer: (offer: CashoutOfferResponse) => void;
  /** Loyalty (issue #8 item 7): progress after a settlement, and the weekly free bet. */
  loyaltyProgress: (payload: LoyaltyProgressResponse) => void;
  LoyaltyReward: (payload: LoyaltyRewardPush) => void;
  /** Casino jackpots (issue #13 item 5): the site's pools when they move (site room, ~2 s apart). */
  jackpots: (payload: JackpotsPush) => void;
  /** A jackpot was won: to the winner, and (name masked) to the site's room. */
  JackpotWon: (payload: JackpotWonPush) => void;
  /** Roulette (issue #13): each phase of the shared round, to the roulette room. */
  RouletteRound: (round: RouletteRound) => void;
  /** Roulette: the player's own result when a round they bet on settles. */
  RouletteResult: (payload: RouletteResultPush) => void;
  /** High Flyer (issue #14): each phase of the shared round, to the crash rooms. */
  CrashRound: (round: CrashRound) => void;
  /** High Flyer: bets new or changed since the last push (every 250 ms; 2 s for data saving). */
  CrashBets: (payload: CrashBetsPush) => void;
  /** High Flyer: one of the player's bets was cashed out (by hand or automatically). */
  CrashCashOut: (payload: CrashCashOutPush) => void;
  /** Virtual football (issue #14): a matchday opened, kicked off or settled (virtuals room). */
  VirtualMatchday: (matchday: VirtualMatchday) => void;
  /** A virtual bet was placed (spec doc 2 §7), to the bettor's sockets. */
  VirtualBetPlaced: (payload: VirtualBetPlacedPush) => void;
  /** Sports jackpots (issue #21): an open round's prizes grew (sports jackpots room, ADR 221). */
  SportsJackpotPrizes: (payload: SportsJackpotPrizesPush) => void;
}

export interface ClientToServerEvents {
  platform: (platformId: number) => void;
  sid: (clientId: number) => void;
  auth: (payload: AuthPayload) => void;
  /** Join the site's room: site-wide pushes; the site's active `Critical` notices are sent at once. */
  RegisterSiteId: (siteId: number) => void;
  /** Events channel subscriptions (spec doc 2 §7). */
  JoinEvent: (eventId: number) => void;
  LeaveEvent: (eventId: number) => void;
  /**
   * Join a sport's room. The current summaries of its events (pre-match and live) answer the
   * acknowledgement when one is asked for, else arrive as one `EventUpdated` each (ADR 230).
   */
  JoinSport: (sportId: number, snapshot?: (events: EventSummary[]) => void) => void;
  LeaveSport: (sportId: number) => void;
  JoinMarketForBetslip: (payload: BetslipMarketRef) => void;
  LeaveEventForBetslip: (payload: BetslipMarketRef) => void;
  /** Roulette (issue #13): follow the shared rounds; the current round is sent at once. */
  JoinRoulette: () => void;
  LeaveRoulette: () => void;
  /** High Flyer (issue #14): follow the rounds (`lite`: data saving, fewer list pushes). */
  JoinCrash: (options?: { lite?: boolean }) => void;
  LeaveCrash: () => void;
  /** Virtual football: follow the matchdays; the open and live ones are sent at once. */
  JoinVirtuals: () => void;
  LeaveVirtuals: () => void;
  /** Sports jackpots: follow the open rounds' prizes while the page is open. */
  JoinSportsJackpots: () => void;
  LeaveSportsJackpots: () => void;
}

/** A betslip selection's market; without `marketId`, Leave drops every market of the event. */
export interface BetslipMarketRef {
  eventId: number;
  marketId?: number;
}

/** Reconnect back-off: starts at 500 ms and grows 1.2x per retry (spec doc 2 §9). */
export const RECONNECT_INITIAL_DELAY_MS = 500;
export const RECONNECT_GROWTH = 1.2;
export const RECONNECT_MAX_DELAY_MS = 30_000;

/** Room names, shared so that tests and modules agree. */
export const rooms = {
  user: (userId: string | number) => `user:${userId}`,
  event: (eventId: string | number) => `event:${eventId}`,
  sport: (sportId: string | number) => `sport:${sportId}`,
  betslipMarket: (eventId: string | number, marketId: string | number) =>
    `betslip:${eventId}:${marketId}`,
  site: (siteId: string | number) => `site:${siteId}`,
  roulette: 'casino:roulette',
  crash: 'casino:crash',
  /** High Flyer with data saving: the same rounds, the bets list batched less often. */
  crashLite: 'casino:crash:lite',
  virtuals: 'virtuals',
  sportsJackpots: 'sports-jackpots',
} as const;
