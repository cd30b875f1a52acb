import type { EventSummary } from '@dau/contracts/sports/event-summary';
import type { FeedStatus } from '@dau/contracts/sports/feed-status';
import type {
  ListAllEventsResponse,
  ListAllPreEventsResponse,
} from '@dau/contracts/sports/list-events';
import type { SportListItem } from '@dau/contracts/sports/list-sports';
import { apiFetch } from '../../lib/api-client';
import { currentSiteId } from '../../lib/site';

/**
 * The sports data calls (spec doc 2 §7). Types only come from contracts: the browser bundle
 * carries no schema library.
 */
export const EVENTS_PAGE_SIZE = 30;

export function fetchSports(live: boolean, signal?: AbortSignal): Promise<SportListItem[]> {
  return apiFetch<SportListItem[]>({
    base: 'uof',
    path: '/match/event/ListSports',
    query: { isForLive: live, includeCats: true, siteid: currentSiteId() },
    signal,
  });
}

export interface EventsRequest {
  live: boolean;
  sportId: number;
  marketId: number;
  specifier: string;
  categoryId: number | null;
  tournaments: number[];
  odds: { min: number; max: number } | null;
  lastKey: string | null;
  /** Events per request; data-saving mode asks for fewer. */
  pageSize?: number;
}

export interface EventsPage {
  events: EventSummary[];
  total: number;
  liveCount: number;
  lastKey: string | null;
}

export async function fetchEvents(
  request: EventsRequest,
  signal?: AbortSignal,
): Promise<EventsPage> {
  const common = {
    sportId: request.sportId,
    marketId: request.marketId,
    specifier: request.specifier || undefined,
    nrOfPre: request.pageSize ?? EVENTS_PAGE_SIZE,
    lastKey: request.lastKey ?? undefined,
    siteid: currentSiteId(),
  };
  const tournaments = request.tournaments.length > 0 ? request.tournaments.join(',') : undefined;
  const answer = request.live
    ? await apiFetch<ListAllEventsResponse>({
        base: 'uof',
        path: '/match/event/ListAllEvents',
        query: { ...common, subCatIdsCsv: tournaments },
        signal,
      })
    : await apiFetch<ListAllPreEventsResponse>({
        base: 'uof',
        path: '/match/event/ListAllPreEvents',
        query: {
          ...common,
          categories: request.categoryId ?? undefined,
          subCatId: tournaments,
          isFilterOdds: request.odds !== null,
          minOdds: request.odds?.min,
          maxOdds: request.odds?.max,
        },
        signal,
      });
  const sport = answer.sports[0];
  return {
    events: sport?.eventMin ?? [],
    total: sport?.nrOfEvents ?? 0,
    liveCount: answer.liveCount,
    lastKey: answer.lastKey,
  };
}

export async function fetchEvent(eventId: number, signal?: AbortSignal): Promise<EventSummary> {
  const answer = await apiFetch<{ eventMin: EventSummary | EventSummary[] }>({
    base: 'uof',
    path: '/match/event/byId',
    query: { eventid: eventId, siteid: currentSiteId() },
    signal,
  });
  const event = Array.isArray(answer.eventMin) ? answer.eventMin[0] : answer.eventMin;
  if (!event) throw new Error('Event not found');
  return event;
}

export function fetchFeedStatus(signal?: AbortSignal): Promise<FeedStatus> {
  return apiFetch<FeedStatus>({ base: 'uof', path: '/status', signal });
}

export function eventQueryKey(eventId: number | null) {
  return ['event', eventId] as const;
}
