import type { EventSummary, MarketGroup } from './event-summary';

/** `oddsChange`: one market's latest prices (coalesced: at most a few per second). */
export interface OddsChangePush {
  eventId: number;
  sportId: number;
  isLive: boolean;
  market: MarketGroup;
  /** Feed time of the change, epoch ms. */
  ts: number;
}

/** `liveStateDiff`: the live fields of an event that changed. */
export interface LiveStateDiffPush {
  eventId: number;
  sportId: number;
  ms: number;
  mt: string;
  sc: string;
  st: string;
  isLive: boolean;
  finished: boolean;
}

/** `MarketUpdated`: a market's status changed (suspended, reopened, settled, cancelled). */
export interface MarketUpdatedPush {
  eventId: number;
  marketId: number;
  specifier: string;
  status: number;
  ibs: boolean;
}

/** `EventUpdated`: the whole summary, all markets. */
export type EventUpdatedPush = EventSummary;

/** `EventDeleted`: the event left the lists (ended, cancelled, ...); clients drop it after 2 s. */
export interface EventDeletedPush {
  eventId: number;
  sportId: number;
}
