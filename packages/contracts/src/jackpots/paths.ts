/**
 * Sports jackpots' addresses without zod, so the browser's chunk that only calls the API does
 * not carry the schemas (jackpots.ts has them).
 */
export const JACKPOTS_BASE = '/api/jackpots';
export const JACKPOT_PATHS = {
  rounds: JACKPOTS_BASE,
  round: (id: number | string) => `${JACKPOTS_BASE}/${id}`,
  buy: (id: number | string) => `${JACKPOTS_BASE}/${id}/tickets`,
  tickets: `${JACKPOTS_BASE}/tickets`,
  results: `${JACKPOTS_BASE}/results`,
} as const;

/** A path above, below `API_BASE.jackpots` ('/api'), as the web app's client asks for it. */
export function jackpotsClientPath(path: string): string {
  return path.slice('/api'.length);
}
