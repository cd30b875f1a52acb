/**
 * Route parameters of the sports pages (spec doc 2 §2): a number, or a slug whose last
 * dash-separated segment is the number (`football-1`, `england-12`).
 */
export function idFromSlug(value: string | undefined): number | null {
  if (!value) return null;
  const last = value.split('-').pop() ?? '';
  return /^\d+$/.test(last) ? Number(last) : null;
}

/** The readable part of a slug: `premier-league-17` → `Premier League`. */
export function nameFromSlug(value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  const words = value.split('-').filter((word) => !/^\d+$/.test(word));
  if (words.length === 0) return fallback;
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}
