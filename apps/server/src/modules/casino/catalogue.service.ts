import type { CurrencyCode } from '@dau/domain/currency';
import { gameLimitsIn } from '@dau/domain/games/stake-limits';
import { API_BASE } from '@dau/contracts/http';
import type {
  CasinoCategory,
  CasinoGame,
  CasinoLang,
  CasinoProvider,
  CatalogueResponse,
  GameDetailResponse,
  LobbyQuery,
  LobbyResponse,
} from '@dau/contracts/casino/catalogue';
import { CASINO_GAMES_PATHS, CASINO_LOBBIES, type CasinoLobby } from '@dau/contracts/casino/paths';
import type { Db } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { toUnits } from '../wallet/wallet.service';
import {
  listCategories,
  listGames,
  listProviders,
  type CategoryRow,
  type GameRow,
  type ProviderRow,
} from './catalogue.repository';

/**
 * Which engines run in this server: a game is playable when its engine is registered. An engine
 * that keeps its own round state (Mines) registers its own recovery: the wallet's generic
 * recovery then leaves that engine's open rounds alone and runs this instead (ADR 172).
 */
export class EngineRegistry {
  private readonly engines = new Set<string>();
  private readonly recoveries = new Map<string, () => Promise<number>>();
  register(engine: string, options: { recover?: () => Promise<number> } = {}): void {
    this.engines.add(engine);
    if (options.recover) this.recoveries.set(engine, options.recover);
  }
  has(engine: string): boolean {
    return this.engines.has(engine);
  }
  /** Engines that recover their own rounds, with that recovery. */
  selfRecovering(): ReadonlyMap<string, () => Promise<number>> {
    return this.recoveries;
  }
}

interface Snapshot {
  games: GameRow[];
  categories: CategoryRow[];
  providers: ProviderRow[];
  loadedAt: number;
}

const CACHE_MS = 30_000;

/** A game's limits in the site's currency: the catalogue's Kenyan figures scaled (ADR 164). */
const limitsOf = (row: GameRow, currency: CurrencyCode) =>
  gameLimitsIn({ minStake: row.min_stake, maxStake: row.max_stake, maxWin: row.max_win }, currency);

export function artUrl(slug: string): string {
  return `${API_BASE.games}${CASINO_GAMES_PATHS.art(slug)}`;
}

const isLobby = (value: string): value is CasinoLobby =>
  (CASINO_LOBBIES as readonly string[]).includes(value);

/**
 * The catalogue as the lobbies read it. The rows change only by migration or back office, so
 * one snapshot serves every request for up to 30 s; filtering is done on it in memory.
 */
export class CatalogueService {
  private snapshot: Snapshot | null = null;

  constructor(
    private readonly db: Db,
    private readonly engines: EngineRegistry,
    private readonly clock: () => number = Date.now,
  ) {}

  invalidate(): void {
    this.snapshot = null;
  }

  private async load(): Promise<Snapshot> {
    const now = this.clock();
    if (this.snapshot && now - this.snapshot.loadedAt < CACHE_MS) return this.snapshot;
    const [games, categories, providers] = await Promise.all([
      listGames(this.db),
      listCategories(this.db),
      listProviders(this.db),
    ]);
    this.snapshot = { games, categories, providers, loadedAt: now };
    return this.snapshot;
  }

  private toGame(row: GameRow, lang: CasinoLang, currency: CurrencyCode): CasinoGame {
    const limits = limitsOf(row, currency);
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      provider: { slug: row.provider_slug, name: row.provider_name },
      category: {
        slug: row.category_slug,
        name: lang === 'sw' ? row.category_sw : row.category_en,
      },
      categories: row.categories,
      lobbies: CASINO_LOBBIES.filter((l) => row.lobbies.includes(l)),
      kind: row.kind,
      engine: row.engine,
      rtp: row.rtp_bps / 100,
      minStake: toUnits(limits.minStake),
      maxStake: toUnits(limits.maxStake),
      volatility: row.volatility,
      tags: row.tags,
      image: artUrl(row.slug),
      description: lang === 'sw' ? row.description_sw : row.description_en,
      demo: row.demo,
      playable: this.engines.has(row.engine),
    };
  }

  private providersOf(snapshot: Snapshot, games: GameRow[]): CasinoProvider[] {
    return snapshot.providers
      .map((p) => ({
        slug: p.slug,
        name: p.name,
        kind: p.kind,
        gameCount: games.filter((g) => g.provider_slug === p.slug).length,
      }))
      .filter((p) => p.gameCount > 0);
  }

  async catalogue(lang: CasinoLang, currency: CurrencyCode = 'KES'): Promise<CatalogueResponse> {
    const snapshot = await this.load();
    return {
      providers: this.providersOf(snapshot, snapshot.games),
      categories: snapshot.categories
        .filter((c) => c.games.length > 0)
        .map((c) => this.toCategory(c, lang, c.games.length)),
      games: snapshot.games.map((g) => this.toGame(g, lang, currency)),
    };
  }

  private toCategory(c: CategoryRow, lang: CasinoLang, gameCount: number): CasinoCategory {
    return {
      slug: c.slug,
      name: lang === 'sw' ? c.name_sw : c.name_en,
      gameCount,
      lobbies: CASINO_LOBBIES.filter((l) => c.lobbies.includes(l)),
    };
  }

  async providers(): Promise<CasinoProvider[]> {
    const snapshot = await this.load();
    return this.providersOf(snapshot, snapshot.games);
  }

  /**
   * A lobby's page: its chips (categories shown in it that have games), its providers, and the
   * games matching the chip, provider and search. An unknown chip or provider is a 404.
   */
  async lobby(
    lobby: string,
    query: LobbyQuery,
    currency: CurrencyCode = 'KES',
  ): Promise<LobbyResponse> {
    if (!isLobby(lobby)) throw notFound('LOBBY_NOT_FOUND', `There is no lobby "${lobby}".`);
    const snapshot = await this.load();
    const inLobby = snapshot.games.filter((g) => g.lobbies.includes(lobby));
    const chips = snapshot.categories.filter((c) => c.lobbies.includes(lobby));
    const lang = query.lang;

    let games = inLobby;
    if (query.category) {
      const chip = chips.find((c) => c.slug === query.category);
      if (!chip) {
        throw notFound('CATEGORY_NOT_FOUND', `The lobby has no category "${query.category}".`);
      }
      games = games.filter((g) => g.categories.includes(chip.slug));
    }
    if (query.provider) {
      if (!snapshot.providers.some((p) => p.slug === query.provider)) {
        throw notFound('PROVIDER_NOT_FOUND', `There is no game provider "${query.provider}".`);
      }
      games = games.filter((g) => g.provider_slug === query.provider);
    }
    if (query.search) {
      const words = query.search.toLowerCase().split(/\s+/).filter(Boolean);
      games = games.filter((g) => {
        const text = [g.name, g.provider_name, g.category_en, g.category_sw, ...g.tags]
          .join(' ')
          .toLowerCase();
        return words.every((w) => text.includes(w));
      });
    }
    const counted = chips
      .map((c) =>
        this.toCategory(c, lang, inLobby.filter((g) => g.categories.includes(c.slug)).length),
      )
      .filter((c) => c.gameCount > 0);
    return {
      lobby,
      categories: counted,
      providers: this.providersOf(snapshot, inLobby),
      games: games
        .slice(query.offset, query.offset + query.limit)
        .map((g) => this.toGame(g, lang, currency)),
      total: games.length,
    };
  }

  /** One game by slug or numeric id, with its rules; 404 when unknown or withdrawn. */
  async game(
    idOrSlug: string,
    lang: CasinoLang,
    currency: CurrencyCode = 'KES',
  ): Promise<GameDetailResponse> {
    const snapshot = await this.load();
    const row = /^\d+$/.test(idOrSlug)
      ? snapshot.games.find((g) => g.id === Number(idOrSlug))
      : snapshot.games.find((g) => g.slug.toLowerCase() === idOrSlug.toLowerCase());
    if (!row) throw notFound('GAME_NOT_FOUND', `There is no game "${idOrSlug}".`);
    return {
      game: this.toGame(row, lang, currency),
      rules: lang === 'sw' ? row.rules_sw : row.rules_en,
      maxWin: toUnits(limitsOf(row, currency).maxWin),
      provablyFair: row.provider_kind === 'in-house' && row.tags.includes('provably-fair'),
    };
  }
}

function notFound(code: string, message: string): AppError {
  return new AppError('NOT_FOUND', [{ code, message }]);
}
