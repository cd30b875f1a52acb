import type { EventSummary } from '@dau/contracts/sports/event-summary';
import type { SportListItem } from '@dau/contracts/sports/list-sports';
import type { DbOrTx } from '../../db/database';
import { AppError } from '../../errors/app-error';
import {
  isFinished,
  isLiveStatus,
  loadFinishedEvent,
  type FeedReadModel,
  type ReadEvent,
} from '../feed/read-model';
import { toEventSummary, type SummaryOptions } from './event-wire';
import { invalidLastKey } from './sports-query';

/** Sport whose lists are always sorted by league (spec doc 2 §9). */
export const LEAGUE_SORTED_SPORT_ID = 987987;
export const PRE_PAGE_SIZE = 150;
export const LIVE_PAGE_SIZE = 200;

const FOOTBALL_QUICK_FILTER: SportListItem['quickFilter'] = [
  { marketId: 1, specifier: '', name: '1x2' },
  { marketId: 10, specifier: '', name: 'Double chance' },
  { marketId: 11, specifier: '', name: 'Draw no bet' },
  { marketId: 18, specifier: 'total=2.5', name: 'Total 2.5' },
  { marketId: 29, specifier: '', name: 'Both teams to score' },
];
const OTHER_QUICK_FILTER: SportListItem['quickFilter'] = [
  { marketId: 186, specifier: '', name: 'Winner' },
  { marketId: 18, specifier: '', name: 'Total' },
];

export interface EventListQuery {
  sportId: number;
  marketId?: number | undefined;
  specifier?: string | undefined;
  categoryIds?: number[] | undefined;
  tournamentIds?: number[] | undefined;
  /** Decimal odds bounds; applied only when both are present. */
  minOdds?: number | undefined;
  maxOdds?: number | undefined;
  from?: number | undefined;
  to?: number | undefined;
  includePre: boolean;
  includeLive: boolean;
  sortBy: 'league' | 'time';
  pageSize: number;
  lastKey?: string | undefined;
  /** The client's offset for the kick-off texts. */
  timeOffsetMinutes?: number | undefined;
}

export interface EventListPage {
  sportId: number;
  sportName: string;
  /** The page's events, in order; each is summarized with `summary`. */
  events: ReadEvent[];
  summary: SummaryOptions;
  total: number;
  liveCount: number;
  lastKey: string | null;
}

/**
 * A page as ListAllPreEvents and ListAllEvents answer it: one sport with its events. The
 * routes send the same answer as text through `eventListJson`, which reuses each event's entry.
 */
export function eventListAnswer(page: EventListPage, model: FeedReadModel) {
  const events: EventSummary[] = page.events.map((event) =>
    toEventSummary(event, model, page.summary),
  );
  return {
    liveCount: page.liveCount,
    lastKey: page.lastKey,
    sports: [
      {
        id: page.sportId,
        sportName: page.sportName,
        nrOfEvents: page.total,
        eventMin: events,
      },
    ],
  };
}

type SortKey = number[];

function sortKey(event: ReadEvent, model: FeedReadModel, by: 'league' | 'time'): SortKey {
  if (by === 'time') return [event.startTime, event.id];
  const order = model.tournaments.get(event.tournamentId)?.order ?? 0;
  return [order, event.tournamentId, event.startTime, event.id];
}

function compareKeys(a: SortKey, b: SortKey): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

function parseLastKey(value: string, by: 'league' | 'time'): SortKey {
  const parts = value.split('_');
  const expected = by === 'time' ? 2 : 4;
  if (parts.length !== expected || parts.some((p) => !/^-?\d{1,15}$/.test(p))) {
    throw invalidLastKey();
  }
  return parts.map(Number);
}

/** Pre-match and live lists from the read model: filter, sort, then page after `lastKey`. */
export function listEvents(model: FeedReadModel, query: EventListQuery): EventListPage {
  const sport = model.sports.get(query.sportId);
  const marketId = query.marketId ?? sport?.defaultMarketId ?? 1;
  const oddsFilter = query.minOdds !== undefined && query.maxOdds !== undefined;
  const after = query.lastKey ? parseLastKey(query.lastKey, query.sortBy) : null;
  let liveCount = 0;
  const matches: { event: ReadEvent; key: SortKey }[] = [];
  for (const event of model.events.values()) {
    if (event.sportId !== query.sportId || isFinished(event.status)) continue;
    const live = isLiveStatus(event.status);
    if (live) liveCount++;
    if (live ? !query.includeLive : !(query.includePre && event.status === 0)) continue;
    if (query.categoryIds && !query.categoryIds.includes(event.categoryId)) continue;
    if (query.tournamentIds && !query.tournamentIds.includes(event.tournamentId)) continue;
    if (query.from !== undefined && event.startTime < query.from) continue;
    if (query.to !== undefined && event.startTime >= query.to) continue;
    if (oddsFilter && !hasOddsWithin(event, marketId, query)) continue;
    matches.push({ event, key: sortKey(event, model, query.sortBy) });
  }
  matches.sort((a, b) => compareKeys(a.key, b.key));
  const start = after ? matches.findIndex((m) => compareKeys(m.key, after) > 0) : 0;
  const page = start === -1 ? [] : matches.slice(start, start + query.pageSize);
  const last = page.at(-1);
  const more = start !== -1 && start + query.pageSize < matches.length;
  return {
    sportId: query.sportId,
    sportName: sport?.name ?? '',
    events: page.map((m) => m.event),
    summary: {
      marketId,
      specifier: query.specifier,
      timeOffsetMinutes: query.timeOffsetMinutes,
    },
    total: matches.length,
    liveCount,
    lastKey: more && last ? last.key.join('_') : null,
  };
}

function hasOddsWithin(event: ReadEvent, marketId: number, query: EventListQuery): boolean {
  const min = Math.round((query.minOdds ?? 0) * 100);
  const max = Math.round((query.maxOdds ?? 0) * 100);
  for (const market of event.markets.values()) {
    if (market.marketId !== marketId || market.status !== 1) continue;
    if (query.specifier && market.specifier !== query.specifier) continue;
    if (market.outcomes.some((o) => o.active && o.odds >= min && o.odds <= max)) return true;
  }
  return false;
}

export function findEvent(model: FeedReadModel, eventId: number): ReadEvent {
  const event = model.events.get(eventId);
  if (!event) throw new AppError('NOT_FOUND', `Event ${eventId} was not found.`);
  return event;
}

/**
 * An event for its page: from the model, or, once it finished and left the model, from the
 * database (teams and final score, no markets: issue #15 defect 13). Unknown ids are a 404.
 */
export async function findEventForPage(
  db: DbOrTx,
  model: FeedReadModel,
  eventId: number,
): Promise<ReadEvent> {
  const event = model.events.get(eventId) ?? (await loadFinishedEvent(db, eventId));
  if (!event) throw new AppError('NOT_FOUND', `Event ${eventId} was not found.`);
  return event;
}

/** Sports with at least one pre-match (or live) event, in sport order. */
export function listSports(
  model: FeedReadModel,
  options: { live: boolean; includeCategories: boolean },
): SportListItem[] {
  const counts = new Map<number, Map<number, Map<number, number>>>();
  for (const event of model.events.values()) {
    const wanted = options.live ? isLiveStatus(event.status) : event.status === 0;
    if (!wanted) continue;
    const byCategory = counts.get(event.sportId) ?? new Map<number, Map<number, number>>();
    counts.set(event.sportId, byCategory);
    const byTournament = byCategory.get(event.categoryId) ?? new Map<number, number>();
    byCategory.set(event.categoryId, byTournament);
    byTournament.set(event.tournamentId, (byTournament.get(event.tournamentId) ?? 0) + 1);
  }
  const items: SportListItem[] = [];
  for (const [sportId, byCategory] of counts) {
    const sport = model.sports.get(sportId);
    if (!sport) continue;
    const categories = [...byCategory].map(([categoryId, byTournament]) => ({
      id: categoryId,
      name: model.categories.get(categoryId)?.name ?? '',
      count: [...byTournament.values()].reduce((a, b) => a + b, 0),
      subCategories: [...byTournament]
        .map(([tournamentId, n]) => ({
          id: tournamentId,
          sportId,
          categoryId,
          name: model.tournaments.get(tournamentId)?.name ?? '',
          nrOfEvents: n,
          order: model.tournaments.get(tournamentId)?.order ?? 0,
        }))
        .sort((a, b) => a.order - b.order)
        .map(({ order: _order, ...rest }) => rest),
    }));
    categories.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
    items.push({
      id: sportId,
      name: sport.name,
      defaultMarketId: sport.defaultMarketId,
      sportOrder: sport.order,
      nrOfEvents: categories.reduce((a, c) => a + c.count, 0),
      sortBy: sportId === LEAGUE_SORTED_SPORT_ID ? 'league' : 'time',
      categories: options.includeCategories ? categories : [],
      quickFilter: sport.defaultMarketId === 1 ? FOOTBALL_QUICK_FILTER : OTHER_QUICK_FILTER,
    });
  }
  return items.sort((a, b) => a.sportOrder - b.sportOrder);
}

/** The popular-football menus: popular tournaments and the categories with the most events. */
export function popularBySport(model: FeedReadModel, sportId: number) {
  const byTournament = new Map<number, number>();
  const byCategory = new Map<number, number>();
  for (const event of model.events.values()) {
    if (event.sportId !== sportId || isFinished(event.status)) continue;
    byTournament.set(event.tournamentId, (byTournament.get(event.tournamentId) ?? 0) + 1);
    byCategory.set(event.categoryId, (byCategory.get(event.categoryId) ?? 0) + 1);
  }
  const subCategories = [...byTournament]
    .map(([id, c]) => ({ t: model.tournaments.get(id), id, c }))
    .filter((x) => x.t?.popular)
    .sort((a, b) => (a.t?.order ?? 0) - (b.t?.order ?? 0))
    .map(({ t, id, c }) => ({
      i: id,
      n: t?.name ?? '',
      c,
      pn: model.categories.get(t?.categoryId ?? 0)?.name ?? '',
      pi: t?.categoryId ?? 0,
    }));
  const categories = [...byCategory]
    .map(([i, c]) => ({ i, n: model.categories.get(i)?.name ?? '', c }))
    .sort((a, b) => b.c - a.c || a.n.localeCompare(b.n));
  return { subCategories, categories };
}
