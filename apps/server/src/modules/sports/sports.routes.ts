import { z } from 'zod';
import { API_BASE } from '@dau/contracts/http';
import { errorEnvelopeSchema } from '@dau/contracts/errors';
import { feedStatusSchema } from '@dau/contracts/sports/feed-status';
import {
  eventByIdQuerySchema,
  eventByIdResponseSchema,
  listAllEventsQuerySchema,
  listAllEventsResponseSchema,
  listAllPreEventsQuerySchema,
  listAllPreEventsResponseSchema,
  type ListAllEventsQuery,
  type ListAllPreEventsQuery,
} from '@dau/contracts/sports/list-events';
import {
  listLiveSportsQuerySchema,
  listLiveSportsResponseSchema,
  listSportsQuerySchema,
  listSportsResponseSchema,
  popularBySportResponseSchema,
} from '@dau/contracts/sports/list-sports';
import type { AppInstance } from '../../app-types';
import { AnswerCache, sendAnswer } from './answer-cache';
import { eventListJson } from './event-list-json';
import { toEventSummary } from './event-wire';
import {
  csvInts,
  dateTime,
  decimal,
  flag,
  intInRange,
  missingParameter,
  optionalInt,
  requiredInt,
  specifier,
} from './sports-query';
import {
  findEvent,
  findEventForPage,
  LEAGUE_SORTED_SPORT_ID,
  LIVE_PAGE_SIZE,
  listEvents,
  listSports,
  popularBySport,
  PRE_PAGE_SIZE,
} from './sports.service';

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const tags = ['sports'];

/** The sports data calls under {uof} and {core} (spec doc 2 §7, doc 1 §7). */
export async function sportsRoutes(app: AppInstance): Promise<void> {
  const model = () => app.deps.feed.model;

  /**
   * List answers are pure functions of the read model and the query: keep the serialized JSON
   * (validated against the route's response schema once) and its compressed bodies until the
   * model changes. A popular page is then served without rebuilding 150 summaries, serializing
   * or compressing them again.
   */
  const answers = new AnswerCache(() => model().version);

  app.get(
    `${API_BASE.uof}/match/event/ListSports`,
    {
      schema: {
        tags,
        summary: 'Sports with pre-match or live events, optionally with categories',
        querystring: listSportsQuerySchema,
        response: { 200: listSportsResponseSchema, ...errors },
      },
    },
    async (request) =>
      listSports(model(), {
        live: flag(request.query.isForLive, false),
        includeCategories: flag(request.query.includeCats, false),
      }),
  );

  const liveSports = {
    schema: {
      tags,
      summary: 'Sports with live events, with categories and subcategories',
      querystring: listLiveSportsQuerySchema,
      response: { 200: listLiveSportsResponseSchema, ...errors },
    },
  };
  const liveSportsHandler = async () => {
    const sports = listSports(model(), { live: true, includeCategories: true });
    return { liveCount: sports.reduce((a, s) => a + s.nrOfEvents, 0), sports };
  };
  app.get(`${API_BASE.core}/event/ListLiveSports/`, liveSports, liveSportsHandler);
  app.get(`${API_BASE.core}/event/ListLiveSports`, liveSports, liveSportsHandler);

  app.get(
    `${API_BASE.uof}/match/event/ListAllPreEvents`,
    {
      schema: {
        tags,
        summary: 'Pre-match events of a sport: filters, sorting and lastKey paging',
        description:
          "Page size nrOfPre (default 150). Pass the answer's lastKey to get the next page; lastKey is null on the last page. The odds filter applies only when isFilterOdds is true and both minOdds and maxOdds are given.",
        querystring: listAllPreEventsQuerySchema,
        response: { 200: listAllPreEventsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // Kick-off texts depend on the offset: it is part of the cache key.
      const answer = answers.get(`${request.timeOffsetMinutes}|${request.url}`, () =>
        listAllPreEvents(request.query, request.timeOffsetMinutes),
      );
      return sendAnswer(request, reply, answer);
    },
  );

  const listAllPreEvents = (q: ListAllPreEventsQuery, timeOffsetMinutes: number) => {
    const sportId = requiredInt(q.sportId, 'sportId');
    const filterOdds = flag(q.isFilterOdds, true);
    const page = listEvents(model(), {
      sportId,
      marketId: optionalInt(q.marketId, 'marketId'),
      specifier: specifier(q.specifier),
      categoryIds: csvInts(q.categories, 'categories'),
      tournamentIds: csvInts(q.subCatId, 'subCatId'),
      minOdds: filterOdds ? decimal(q.minOdds, 'minOdds') : undefined,
      maxOdds: filterOdds ? decimal(q.maxOdds, 'maxOdds') : undefined,
      from: dateTime(q.fromDtTm, 'fromDtTm'),
      to: dateTime(q.toDtTm, 'toDtTm'),
      includePre: flag(q.includePreEvents, true),
      includeLive: flag(q.includeLiveEvents, false),
      sortBy: q.sortBy === 'league' || sportId === LEAGUE_SORTED_SPORT_ID ? 'league' : 'time',
      pageSize: intInRange(q.nrOfPre, 'nrOfPre', PRE_PAGE_SIZE, 1, 500),
      lastKey: q.lastKey || undefined,
      timeOffsetMinutes,
    });
    return eventListJson(listAllPreEventsResponseSchema, { hasErrors: false }, page, model());
  };

  app.get(
    `${API_BASE.uof}/match/event/ListAllEvents`,
    {
      schema: {
        tags,
        summary: 'Live events of a sport (sorted by league by default)',
        querystring: listAllEventsQuerySchema,
        response: { 200: listAllEventsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = answers.get(`${request.timeOffsetMinutes}|${request.url}`, () =>
        listAllEvents(request.query, request.timeOffsetMinutes),
      );
      return sendAnswer(request, reply, answer);
    },
  );

  const listAllEvents = (q: ListAllEventsQuery, timeOffsetMinutes: number) => {
    const sportId = requiredInt(q.sportId, 'sportId');
    const page = listEvents(model(), {
      sportId,
      marketId: optionalInt(q.marketId, 'marketId'),
      specifier: specifier(q.specifier),
      tournamentIds: csvInts(q.subCatIdsCsv, 'subCatIdsCsv'),
      includePre: flag(q.includePreEvents, false),
      includeLive: flag(q.includeLiveEvents, true),
      sortBy: q.sortBy === 'time' && sportId !== LEAGUE_SORTED_SPORT_ID ? 'time' : 'league',
      pageSize: intInRange(q.nrOfPre, 'nrOfPre', LIVE_PAGE_SIZE, 1, 500),
      lastKey: q.lastKey || undefined,
      timeOffsetMinutes,
    });
    return eventListJson(
      listAllEventsResponseSchema,
      { hasErrors: false, datasource_entries: [] },
      page,
      model(),
    );
  };

  app.get(
    `${API_BASE.uof}/match/event/byId`,
    {
      schema: {
        tags,
        summary: 'One event with its markets',
        description:
          '`?eventid=&siteid=` answers eventMin as an object with every open market; `?eventId=&marketId=&timeOffset=` answers a one-item array with that market only. Unknown events answer 404.',
        querystring: eventByIdQuerySchema,
        response: { 200: eventByIdResponseSchema, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.eventid !== undefined) {
        const id = requiredInt(q.eventid, 'eventid');
        const event = await findEventForPage(app.deps.db, model(), id);
        return {
          eventMin: toEventSummary(event, model(), {
            timeOffsetMinutes: request.timeOffsetMinutes,
          }),
        };
      }
      if (q.eventId === undefined) throw missingParameter('eventid');
      const event = findEvent(model(), requiredInt(q.eventId, 'eventId'));
      const marketId = optionalInt(q.marketId, 'marketId');
      return {
        eventMin: [
          toEventSummary(event, model(), {
            marketId,
            timeOffsetMinutes: request.timeOffsetMinutes,
          }),
        ],
      };
    },
  );

  app.get(
    `${API_BASE.uof}/az/popularbysport/:sportId`,
    {
      schema: {
        tags,
        summary: 'Popular tournaments and categories of a sport (menus)',
        params: z.object({ sportId: z.string().max(20) }),
        response: { 200: popularBySportResponseSchema, ...errors },
      },
    },
    async (request) => popularBySport(model(), requiredInt(request.params.sportId, 'sportId')),
  );

  app.get(
    `${API_BASE.uof}/status`,
    {
      schema: {
        tags,
        summary: 'Availability flags: producers up, feed disconnected',
        description:
          'Pushed to every socket as `feedStatus` (and `ProducerUp`/`ProducerDown` with 1 or 3) whenever a flag changes.',
        response: { 200: feedStatusSchema },
      },
    },
    async () => app.deps.feed.status(),
  );
}
