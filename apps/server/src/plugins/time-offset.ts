import type { FastifyRequest } from 'fastify';
import { API_HEADERS } from '@dau/contracts/http';
import { parseTimeOffset } from '@dau/domain/site-time';
import { AppError } from '../errors/app-error';

/**
 * The offset the client shows times at (spec doc 1 §6: every call carries `timeOffset` in the
 * query and the time-offset header): the query's, else the header's, else the site's own. A
 * value that is not whole minutes between UTC−12 and UTC+14 is refused with a 400.
 */
export function requestTimeOffset(request: FastifyRequest): number {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query ? (query.timeOffset ?? query.timeoffset) : undefined;
  const raw = fromQuery ?? request.headers[API_HEADERS.timeOffset];
  const parsed = parseTimeOffset(Array.isArray(raw) ? raw[0] : raw);
  if (parsed === null) {
    throw new AppError('VALIDATION_FAILED', [
      {
        code: 'INVALID_TIME_OFFSET',
        message: 'timeOffset must be whole minutes east of UTC, from -720 to 840.',
        name: 'timeOffset',
      },
    ]);
  }
  return parsed ?? request.site.timeOffsetMinutes;
}
