import type { Winner, WinnersQuery, WinnersResponse } from '@dau/contracts/casino/winners';
import type { AppDeps } from '../../app-types';
import { AppError } from '../../errors/app-error';
import { toUnits } from '../wallet/wallet.service';
import { artUrl } from './catalogue.service';
import { gameBySlug } from './catalogue.repository';
import { maskPlayer } from './player-mask';

/** `game=sports`: the sportsbook's won bets instead of casino rounds. */
const SPORTS = 'sports';

function multiplierOf(stake: number, win: number): number {
  return stake > 0 ? Math.round((win * 100) / stake) / 100 : 0;
}

/**
 * The biggest wins of the last `days` on the request's site (issue #13 item 7), from settled
 * casino rounds (their jackpot wins included) or, for `game=sports`, won bets; names masked.
 */
export async function winners(
  deps: AppDeps,
  siteId: number,
  query: WinnersQuery,
): Promise<WinnersResponse> {
  const since = new Date(deps.now().getTime() - query.days * 86_400_000);
  if (query.game === SPORTS) {
    const rows = await deps.db
      .selectFrom('bets as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .where('u.site_id', '=', siteId)
      .where('b.status', '=', 'won')
      .where('b.settled_at', '>=', since)
      .select(['u.username', 'u.phone', 'b.stake', 'b.settled_payout', 'b.settled_at'])
      .orderBy('b.settled_payout', 'desc')
      .limit(query.limit)
      .execute();
    const title = query.lang === 'sw' ? 'Beti ya michezo' : 'Sports bet';
    return {
      winners: rows.map((row): Winner => ({
        player: maskPlayer(row),
        kind: 'sports',
        title,
        gameSlug: null,
        image: null,
        stake: toUnits(row.stake),
        win: toUnits(row.settled_payout),
        multiplier: multiplierOf(row.stake, row.settled_payout),
        at: new Date(row.settled_at ?? since).toISOString(),
      })),
    };
  }
  let gameId: number | null = null;
  if (query.game !== undefined) {
    const game = await gameBySlug(deps.db, query.game);
    if (!game) {
      throw new AppError('NOT_FOUND', [
        { code: 'GAME_NOT_FOUND', message: `There is no game '${query.game}'` },
      ]);
    }
    gameId = game.id;
  }
  let rounds = deps.db
    .selectFrom('casino_rounds as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('casino_games as g', 'g.id', 'r.game_id')
    .where('u.site_id', '=', siteId)
    .where('r.status', '=', 'settled')
    .where('r.win', '>', 0)
    .where('r.closed_at', '>=', since);
  if (gameId !== null) rounds = rounds.where('r.game_id', '=', gameId);
  const rows = await rounds
    .select([
      'u.username',
      'u.phone',
      'g.slug',
      'g.name',
      'r.stake',
      'r.win',
      'r.jackpot_win',
      'r.closed_at',
    ])
    .orderBy('r.win', 'desc')
    .limit(query.limit)
    .execute();
  return {
    winners: rows.map((row): Winner => {
      const win = row.win + row.jackpot_win;
      return {
        player: maskPlayer(row),
        kind: row.jackpot_win > 0 ? 'jackpot' : 'casino',
        title: row.name,
        gameSlug: row.slug,
        image: artUrl(row.slug),
        stake: toUnits(row.stake),
        win: toUnits(win),
        multiplier: multiplierOf(row.stake, win),
        at: new Date(row.closed_at ?? since).toISOString(),
      };
    }),
  };
}
