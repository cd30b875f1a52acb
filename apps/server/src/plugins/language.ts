import type { FastifyRequest } from 'fastify';
import { API_HEADERS, COOKIES } from '@dau/contracts/http';
import type { SiteConfig } from '@dau/domain/sites';

/**
 * The language a request is answered in (ADR 142): the client's language header, else its
 * `locale` cookie (`sw-tz`, `en-tz`), else its site's default (Swahili in Tanzania). Only the
 * languages the site offers count; anything else answers in the site's default. `site` is the
 * site whose languages count: the request's own, or e.g. the signed-in user's for a payment.
 */
export function requestLanguage(
  request: FastifyRequest,
  site: Pick<SiteConfig, 'defaultLanguage' | 'languages'> = request.site,
): string {
  const offered = new Set([site.defaultLanguage, ...site.languages.map((l) => l.code)]);
  const header = request.headers[API_HEADERS.language];
  const cookies = (request as FastifyRequest & { cookies?: Record<string, string | undefined> })
    .cookies;
  const candidates = [Array.isArray(header) ? header[0] : header, cookies?.[COOKIES.locale]];
  for (const candidate of candidates) {
    const code = candidate?.toLowerCase().split('-')[0];
    if (code && offered.has(code)) return code;
  }
  return site.defaultLanguage;
}
