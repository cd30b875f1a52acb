import type { PopularBySportResponse } from '@dau/contracts/sports/list-sports';
import { perLoad } from '../../lib/ssr-environment';
import { apiFetch } from '../../lib/api-client';
import { slugify } from '../sports/sports-route';

/**
 * The popular-football menus (spec doc 1 §2, §7): `/api/uof/az/popularbysport/1` answers the
 * popular tournaments (`subCategories`: i, n, c, pn, pi) and the countries with the most
 * matches (`categories`: i, n, c). Pure mapping plus one plain fetch: the menu lives in the
 * shell, outside TanStack Query.
 */
export const FOOTBALL_PATH = '/sports/football-1';
/** Countries shown in the menu; the rest are one tap away on the football page. */
export const POPULAR_COUNTRIES_SHOWN = 8;

export interface PopularLink {
  key: string;
  label: string;
  /** Country of a tournament, shown under its name. */
  detail: string | null;
  count: number;
  href: string;
}

export interface PopularFootball {
  tournaments: PopularLink[];
  countries: PopularLink[];
}

export function countryPath(country: { id: number; name: string }): string {
  return `${FOOTBALL_PATH}/${slugify(country.name)}-${country.id}`;
}

export function tournamentPath(
  country: { id: number; name: string },
  tournament: { id: number; name: string },
): string {
  return `${countryPath(country)}/${slugify(tournament.name)}-${tournament.id}`;
}

export function popularFootballLinks(answer: PopularBySportResponse): PopularFootball {
  return {
    tournaments: answer.subCategories
      .filter((s) => s.c > 0)
      .map((s) => ({
        key: `t${s.i}`,
        label: s.n,
        detail: s.pn,
        count: s.c,
        href: tournamentPath({ id: s.pi, name: s.pn }, { id: s.i, name: s.n }),
      })),
    countries: answer.categories
      .filter((c) => c.c > 0)
      .slice(0, POPULAR_COUNTRIES_SHOWN)
      .map((c) => ({
        key: `c${c.i}`,
        label: c.n,
        detail: null,
        count: c.c,
        href: countryPath({ id: c.i, name: c.n }),
      })),
  };
}

// Read once per page load (once per request on the server), when the menu is first opened; a
// failure is retried next open.
export function loadPopularFootball(): Promise<PopularFootball> {
  const read = perLoad<{ popular: Promise<PopularFootball> | null }>('popular-football', () => ({
    popular: null,
  }));
  read.popular ??= apiFetch<PopularBySportResponse>({ base: 'uof', path: '/az/popularbysport/1' })
    .then(popularFootballLinks)
    .catch((error: unknown) => {
      read.popular = null;
      throw error;
    });
  return read.popular;
}
