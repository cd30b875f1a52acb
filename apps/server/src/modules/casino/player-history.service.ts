import { sql } from 'kysely';
import {
  CASINO_HISTORY_RECENT_DAYS,
  type CasinoHistoryQuery,
  type CasinoHistoryResponse,
  type CasinoRound,
  type CasinoRoundDetailResponse,
} from '@dau/contracts/casino/history';
import type { RecentGame, RecentGamesResponse } from '@dau/contracts/casino/recent-games';
import { RECENT_GAMES_KEPT } from '@dau/contracts/casino/recent-games';
import type { AppDeps } from '../../app-types';
import type { DbOrTx } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { toUnits } from '../wallet/wallet.service';
import { artUrl } from './catalogue.service';
import { gameBySlug } from './catalogue.repository';
import { providerBySlug } from './wallet.repository';
import type { RoundStatus } from './wallet.tables';

interface RoundRow {
  round_id: string;
  status: RoundStatus;
  stake: number;
  win: number;
  jackpot_win: number;
  details: Record<string, unknown>;
  started_at: Date;
  closed_at: Date | null;
  game_slug: string;
  game_name: string;
  provider_slug: string;
  provider_kind: 'in-house' | 'studio';
  tags: string[];
}

function roundQuery(db: DbOrTx, userId: number) {
  return db
    .selectFrom('casino_rounds as r')
    .innerJoin('casino_games as g', 'g.id', 'r.game_id')
    .innerJoin('casino_providers as p', 'p.id', 'r.provider_id')
    .where('r.user_id', '=', userId);
}

const roundColumns = [
  'r.round_id',
  'r.status',
  'r.stake',
  'r.win',
  'r.jackpot_win',
  'r.details',
  'r.started_at',
  'r.closed_at',
  'g.slug as game_slug',
  'g.name as game_name',
  'g.tags',
  'p.slug as provider_slug',
  'p.kind as provider_kind',
] as const;

function fairnessOf(details: Record<string, unknown>): CasinoRound['fairness'] {
  const f = details.fairness as Record<string, unknown> | undefined;
  if (!f || typeof f.serverSeedHash !== 'string' || typeof f.clientSeed !== 'string') return null;
  if (typeof f.nonce !== 'number') return null;
  return {
    serverSeedHash: f.serverSeedHash,
    clientSeed: f.clientSeed,
    nonce: f.nonce,
    serverSeed: typeof f.serverSeed === 'string' ? f.serverSeed : null,
  };
}

function toRound(row: RoundRow): CasinoRound {
  return {
    roundId: row.round_id,
    game: { slug: row.game_slug, name: row.game_name, image: artUrl(row.game_slug) },
    provider: row.provider_slug,
    status: row.status,
    stake: toUnits(row.stake),
    win: toUnits(row.win + row.jackpot_win),
    jackpotWin: toUnits(row.jackpot_win),
    startedAt: new Date(row.started_at).toISOString(),
    closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
    provablyFair: row.provider_kind === 'in-house' && row.tags.includes('provably-fair'),
    fairness: fairnessOf(row.details),
  };
}

/** The user's rounds of the last 30 days, or older ones, newest first (issue #13 item 7). */
export async function casinoHistory(
  deps: AppDeps,
  userId: number,
  query: CasinoHistoryQuery,
): Promise<CasinoHistoryResponse> {
  const cutoff = new Date(deps.now().getTime() - CASINO_HISTORY_RECENT_DAYS * 86_400_000);
  let providerId: number | null = null;
  if (query.provider) {
    const provider = await providerBySlug(deps.db, query.provider);
    if (!provider) {
      throw new AppError('NOT_FOUND', [
        { code: 'PROVIDER_NOT_FOUND', message: `There is no game provider "${query.provider}".` },
      ]);
    }
    providerId = provider.id;
  }
  let base = roundQuery(deps.db, userId).where(
    'r.started_at',
    query.period === 'recent' ? '>=' : '<',
    cutoff,
  );
  if (providerId !== null) base = base.where('r.provider_id', '=', providerId);
  const [rows, count] = await Promise.all([
    base
      .select([...roundColumns])
      .orderBy('r.started_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
  ]);
  return {
    period: query.period,
    rounds: (rows as RoundRow[]).map(toRound),
    total: count?.n ?? 0,
  };
}

/** One of the user's own rounds with its recorded input and outcome; 404 for anyone else's. */
export async function casinoRound(
  deps: AppDeps,
  userId: number,
  roundId: string,
): Promise<CasinoRoundDetailResponse> {
  const row = (await roundQuery(deps.db, userId)
    .where('r.round_id', '=', roundId)
    .select([...roundColumns])
    .orderBy('p.kind')
    .executeTakeFirst()) as RoundRow | undefined;
  if (!row) {
    throw new AppError('NOT_FOUND', [
      { code: 'ROUND_NOT_FOUND', message: `You have no round "${roundId}".` },
    ]);
  }
  return {
    ...toRound(row),
    input: row.details.input ?? null,
    outcome: row.details.outcome ?? null,
  };
}

/** The user's recent games, newest first. */
export async function recentGames(
  deps: AppDeps,
  userId: number,
  count: number,
): Promise<RecentGamesResponse> {
  const rows = await deps.db
    .selectFrom('casino_recent_games')
    .select(['game_slug', 'name', 'image', 'played_at'])
    .where('user_id', '=', userId)
    .orderBy('played_at', 'desc')
    .orderBy('game_slug')
    .limit(count)
    .execute();
  return rows.map((r) => ({
    gameSlug: r.game_slug,
    name: r.name,
    image: r.image,
    timestamp: new Date(r.played_at).getTime(),
  }));
}

function playedAt(value: RecentGame['timestamp'], now: Date): Date {
  const date = typeof value === 'number' ? new Date(value) : new Date(value);
  if (Number.isNaN(date.getTime()) || date.getTime() < Date.UTC(2020, 0, 1)) {
    throw new AppError('VALIDATION_FAILED', [
      { message: 'timestamp: not a date', name: 'timestamp' },
    ]);
  }
  return date > now ? now : date;
}

/**
 * Saves recent games (one, or the guest's local list on login). Dau's games are stored with
 * the catalogue's name and artwork; another provider's keeps what was sent, its image a
 * same-origin path or an https address. The newest ten are kept.
 */
export async function trackGames(
  deps: AppDeps,
  userId: number,
  games: RecentGame[],
): Promise<RecentGamesResponse> {
  const now = deps.now();
  const rows: {
    user_id: number;
    game_slug: string;
    name: string;
    image: string;
    played_at: Date;
  }[] = [];
  for (const game of games) {
    const known = await gameBySlug(deps.db, game.gameSlug);
    if (!known && !/^(\/[^/]|https:\/\/)/.test(game.image)) {
      throw new AppError('VALIDATION_FAILED', [
        { message: 'image: must be a same-origin path or an https address', name: 'image' },
      ]);
    }
    rows.push({
      user_id: userId,
      game_slug: known?.slug ?? game.gameSlug,
      name: known?.name ?? game.name,
      image: known ? artUrl(known.slug) : game.image,
      played_at: playedAt(game.timestamp, now),
    });
  }
  await deps.db.transaction().execute(async (tx) => {
    for (const row of rows) {
      await tx
        .insertInto('casino_recent_games')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['user_id', 'game_slug']).doUpdateSet({
            name: row.name,
            image: row.image,
            played_at: sql`greatest(casino_recent_games.played_at, excluded.played_at)`,
          }),
        )
        .execute();
    }
    await sql`delete from casino_recent_games where user_id = ${userId} and game_slug not in (
      select game_slug from casino_recent_games where user_id = ${userId}
      order by played_at desc, game_slug limit ${RECENT_GAMES_KEPT})`.execute(tx);
  });
  return recentGames(deps, userId, RECENT_GAMES_KEPT);
}
