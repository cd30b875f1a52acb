/**
 * Casino paths (issue #13). Kept free of zod so the web bundle can import them; the schemas
 * live in the sibling files. `{games}` is `API_BASE.games` (`/api/games`), `{games-core}` is
 * `API_BASE.gamesCore`.
 */

/** The lobbies of spec doc 1 §2, each a page of the web app and a catalogue query. */
export const CASINO_LOBBIES = [
  'casino',
  'live-casino',
  'crash',
  'virtuals',
  'games',
  'instant-wins',
  'all-games',
] as const;
export type CasinoLobby = (typeof CASINO_LOBBIES)[number];

/** Below `{games}` (`/api/games`). */
export const CASINO_GAMES_PATHS = {
  /** GET: a lobby's games with its category chips and providers (query: lobbyQuerySchema). */
  lobby: (lobby: CasinoLobby) => `/lobby/${lobby}`,
  /** GET: the whole catalogue (providers, categories, games) in one cacheable answer. */
  catalogue: '/catalogue',
  /** GET: every provider with its number of games (the /casino/provider page). */
  providers: '/providers',
  /** GET: one game by slug or numeric id: details, rules, limits (the /game/info/{id} page). */
  game: (slug: string) => `/catalogue/${encodeURIComponent(slug)}`,
  /** GET: a game's artwork, an SVG made for Dau. */
  art: (slug: string) => `/art/${encodeURIComponent(slug)}.svg`,
  /** POST and GET `?count=10` (spec doc 2 §7): recent games of the signed-in user. */
  track: '/track',
  /** POST (spec doc 2 §7, body `{ siteId }`): the three jackpots. */
  faziJackpots: '/Fazi/jackpots',
  /** GET: the signed-in user's rounds of the last 30 days (or `?period=old`: older). */
  history: '/history',
  /** GET: one own round with its recorded input and outcome (the /fairness page). */
  historyRound: (roundId: string) => `/history/${encodeURIComponent(roundId)}`,
  /** GET: recent big wins from real rounds, names masked (optionally `?game=slug`). */
  winners: '/winners',
} as const;

/**
 * The seamless game wallet: server-to-server calls a game provider (or Dau's own engines, in
 * process) makes to move a player's money. `POST {games}/wallet/{provider}/{operation}`, each
 * signed (see wallet-seam.ts).
 */
export const WALLET_OPERATIONS = [
  'authenticate',
  'balance',
  'debit',
  'credit',
  'rollback',
] as const;
export type WalletOperation = (typeof WALLET_OPERATIONS)[number];
export const walletPath = (provider: string, operation: WalletOperation) =>
  `/wallet/${encodeURIComponent(provider)}/${operation}`;
