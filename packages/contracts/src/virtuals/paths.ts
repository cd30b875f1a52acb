/**
 * Virtual football's addresses and game slug without zod, so the browser's chunks that only
 * call the API do not carry the schemas (virtuals.ts has them).
 */
export const VIRTUALS_PATHS = {
  /** GET {games}: the matchday open for betting and the one playing (or just played). */
  current: '/virtuals/current',
  /** GET {games}: one matchday; its seed once settled. */
  matchday: (id: number) => `/virtuals/matchdays/${id}`,
  /** GET {games}: this season's league table and the last results. */
  table: '/virtuals/table',
  /** POST {core}: place the virtual betslip (signed-in). */
  placeBet: '/betslip/virtual/PlaceBet',
  /** GET {core}: the signed-in user's virtual bets, newest first. */
  history: '/betslip/virtual/history',
} as const;

export const VIRTUAL_GAME_SLUG = 'virtual-football';
