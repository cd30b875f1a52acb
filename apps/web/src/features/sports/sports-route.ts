import { idFromSlug } from '../../lib/slug';

/**
 * Route and query parameters of the sports pages (spec doc 2 §2), as plain data so the pages
 * and the tests read the same rules.
 */
export const DEFAULT_SPORT_ID = 1;

export interface SportsQuery {
  /** Both bounds, or neither: the odds filter applies only when both are present. */
  odds: { min: number; max: number } | null;
  /** Market id of the `filter` parameter; null when missing or not numeric. */
  marketId: number | null;
  specifier: string;
  tournaments: number[];
  lastKey: string | null;
}

function positiveNumber(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : null;
}

export function parseSportsQuery(search: URLSearchParams): SportsQuery {
  const min = positiveNumber(search.get('minodd'));
  const max = positiveNumber(search.get('maxodd'));
  const filter = search.get('filter');
  const tournaments = (search.get('tournaments') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
  return {
    odds: min !== null && max !== null && min <= max ? { min, max } : null,
    marketId: filter !== null && /^\d+$/.test(filter) ? Number(filter) : null,
    specifier: search.get('specifier') ?? '',
    tournaments,
    lastKey: search.get('lastkey') || null,
  };
}

/** The sport of the path; soccer when missing, else the first available sport. */
export function resolveSportId(
  param: string | undefined,
  available: readonly { id: number }[],
): number {
  const fromPath = idFromSlug(param);
  if (fromPath !== null) return fromPath;
  if (available.length === 0 || available.some((s) => s.id === DEFAULT_SPORT_ID))
    return DEFAULT_SPORT_ID;
  return available[0]?.id ?? DEFAULT_SPORT_ID;
}

export function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'x'
  );
}

/** `football-1`: the spec's paths call soccer football. */
export function sportSlug(sport: { id: number; name: string }): string {
  const name = sport.id === 1 ? 'football' : sport.name;
  return `${slugify(name)}-${sport.id}`;
}

export function eventPath(event: {
  id: number;
  sid: number;
  lsn: string;
  cid: number;
  lcn: string;
  tid: number;
  ltn: string;
}): string {
  return `/sports/${sportSlug({ id: event.sid, name: event.lsn })}/${slugify(event.lcn)}-${event.cid}/${slugify(event.ltn)}-${event.tid}/${event.id}`;
}

/** A readable specifier line: `total=2.5` → 'Total 2.5', `hcp=-1` → 'Handicap -1'. */
export function specifierLabel(specifier: string): string {
  if (!specifier) return '';
  const names: Record<string, string> = {
    total: 'Total',
    hcp: 'Handicap',
    goalnr: 'Goal',
    setnr: 'Set',
    periodnr: 'Period',
    quarternr: 'Quarter',
  };
  return specifier
    .split('|')
    .map((pair) => {
      const [key = '', value = ''] = pair.split('=');
      const label = names[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
      return `${label} ${value}`.trim();
    })
    .join(', ');
}

/** Sets or removes query parameters, keeping the rest; `lastkey` restarts with any filter. */
export function withQuery(search: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  if (!('lastkey' in changes)) next.delete('lastkey');
  const text = next.toString();
  return text ? `?${text}` : '';
}
