import {
  VIRTUAL_GAME_SLUG,
  type VirtualHistoryResponse,
  type VirtualPlaceBetRequest,
  type VirtualPlaceBetResponse,
} from '@dau/contracts/virtuals/virtuals';
import { settlementLostMessage, settlementWonMessage } from '@dau/domain/messages';
import type { Cents } from '@dau/domain/money';
import type { Odds } from '@dau/domain/odds';
import { isSiteId, siteConfig } from '@dau/domain/sites';
import { marketSpec, outcomeDef, virtualPotentialWin } from '@dau/domain/virtuals/markets';
import type { AppDeps } from '../../app-types';
import { AppError } from '../../errors/app-error';
import type { EngineWallet } from '../casino/games/engine-wallet';
import {
  assertStakeWithin,
  playableGame,
  stakeCents,
  toUnits,
} from '../casino/games/engine-wallet';
import { matchdayPrices, matchName } from './matchday-view';
import { betView, oddsText } from './virtual-bet-view';
import {
  betsOfMatchday,
  insertBet,
  matchdayById,
  moveBet,
  userBets,
  type MatchdayRow,
  type VirtualBetRow,
} from './virtuals.repository';
import type { StoredVirtualLeg, VirtualBetStatusColumn } from './virtuals.tables';

export const VIRTUAL_ENGINE = 'virtual-football';

/** The wallet round of one virtual bet, and its transaction ids (repeating one moves nothing). */
export const virtualRound = (betId: number) => `vf-bet-${betId}`;
const stakeTx = (betId: number) => `${virtualRound(betId)}:stake`;
const rollbackTx = (betId: number) => `${virtualRound(betId)}:stake:rollback`;
const settleTx = (betId: number) => `${virtualRound(betId)}:settle`;

type Deps = Pick<AppDeps, 'db' | 'now' | 'realtime'> & {
  log?: { error(obj: unknown, msg?: string): void };
};

function refusal(
  kind: 'BAD_REQUEST' | 'NOT_FOUND' | 'CONFLICT',
  code: string,
  message: string,
  name?: string,
): AppError {
  return new AppError(kind, [{ code, message, ...(name ? { name } : {}) }]);
}

/**
 * The virtual betslip's bets (issue #14 item 2, docs/decisions/195): placed before kick-off on
 * one matchday, each one game-wallet round (stake debited on placement, one credit at full
 * time), `VirtualBetPlaced` on placement, `BetSettlement_v2` when settled.
 */
export class VirtualBetsService {
  constructor(
    private readonly deps: Deps,
    private readonly wallet: EngineWallet,
  ) {}

  async place(userId: number, request: VirtualPlaceBetRequest): Promise<VirtualPlaceBetResponse> {
    const game = await playableGame(this.deps.db, VIRTUAL_GAME_SLUG, [VIRTUAL_ENGINE]);
    const selections = request.selections;
    const matches = new Set(selections.map((s) => s.matchIndex));
    if (matches.size !== selections.length) {
      throw refusal(
        'BAD_REQUEST',
        'ONE_PER_MATCH',
        'Only one selection per match is allowed.',
        'selections',
      );
    }
    const unknownMatchday = () =>
      refusal(
        'NOT_FOUND',
        'UNKNOWN_MATCHDAY',
        `There is no matchday ${request.matchdayId}.`,
        'matchdayId',
      );
    // Prices belong to a matchday: an unknown one is named as such, not as a price change.
    if (!(await matchdayById(this.deps.db, request.matchdayId))) throw unknownMatchday();
    const prices = matchdayPrices(request.matchdayId);
    const legs: StoredVirtualLeg[] = selections.map((s) => {
      const name = matchName(request.matchdayId, s.matchIndex);
      if (name === null) {
        throw refusal(
          'NOT_FOUND',
          'UNKNOWN_MATCH',
          `Matchday ${request.matchdayId} has no match ${s.matchIndex}.`,
          'matchIndex',
        );
      }
      const spec = marketSpec(s.market);
      const def = outcomeDef(s.market, s.outcome);
      const priced = prices[s.matchIndex]
        ?.find((m) => m.key === s.market)
        ?.outcomes.find((o) => o.key === s.outcome);
      if (!spec || !def || !priced) {
        throw refusal(
          'BAD_REQUEST',
          'UNKNOWN_OUTCOME',
          `There is no outcome ${s.outcome} in market ${s.market}.`,
          'outcome',
        );
      }
      if (priced.odds === null) {
        throw refusal('CONFLICT', 'NOT_OFFERED', `${def.name} is not offered in ${name}.`, 'odds');
      }
      if (Math.round(s.odds * 100) !== priced.odds) {
        throw refusal(
          'CONFLICT',
          'ODDS_CHANGED',
          `The price of ${def.name} in ${name} is ${(priced.odds / 100).toFixed(2)}.`,
          'odds',
        );
      }
      return {
        matchIndex: s.matchIndex,
        market: spec.key,
        outcome: def.key,
        odds: priced.odds,
        eventName: name,
        marketName: spec.name,
        outcomeName: def.name,
      };
    });
    const stakeOf = (units: number | undefined): Cents => {
      if (units === undefined) {
        throw refusal('BAD_REQUEST', 'BAD_STAKE', 'Every bet needs a stake.', 'stake');
      }
      const stake = stakeCents(units);
      assertStakeWithin(game, stake);
      return stake;
    };
    const planned =
      request.betType === 'multiple' && legs.length > 1
        ? [{ betType: 'multiple' as const, legs, stake: stakeOf(request.stake) }]
        : legs.map((leg, i) => ({
            betType: 'single' as const,
            legs: [leg],
            stake: stakeOf(selections[i]?.stake ?? request.stake),
          }));

    const now = this.deps.now();
    const { ids, matchday } = await this.deps.db.transaction().execute(async (tx) => {
      // Shares the matchday's row lock: the kick-off (an update) waits until these are recorded.
      const matchday = await matchdayById(tx, request.matchdayId, 'share');
      if (!matchday) throw unknownMatchday();
      if (matchday.phase !== 'open' || now >= matchday.kickoff_at) {
        throw refusal(
          'CONFLICT',
          'KICKED_OFF',
          `Matchday ${matchday.id} has kicked off; bet on the next one.`,
          'matchdayId',
        );
      }
      const ids: number[] = [];
      for (const bet of planned) {
        const odds = bet.legs.map((l) => l.odds as Odds);
        ids.push(
          await insertBet(tx, {
            userId,
            matchdayId: matchday.id,
            betType: bet.betType,
            stake: bet.stake,
            potentialWin: virtualPotentialWin(bet.stake, odds, game.maxWin),
            totalOdds: oddsText(odds),
            legs: bet.legs,
            placedAt: now,
          }),
        );
      }
      return { ids, matchday };
    });

    const debited: number[] = [];
    let balance = 0;
    try {
      for (const [i, id] of ids.entries()) {
        const bet = planned[i];
        if (!bet) continue;
        const answer = await this.wallet.debit({
          userId,
          gameSlug: VIRTUAL_GAME_SLUG,
          roundId: virtualRound(id),
          transactionId: stakeTx(id),
          amount: bet.stake,
          plannedWin: null,
          details: {
            engine: VIRTUAL_ENGINE,
            input: { game: VIRTUAL_ENGINE, matchdayId: matchday.id, betId: id, legs: bet.legs },
          },
        });
        debited.push(id);
        balance = answer.response.balance;
      }
    } catch (error) {
      // All or nothing: a refused stake gives back the ones taken before it.
      for (const id of debited) await this.giveBack(userId, id);
      for (const id of ids) await moveBet(this.deps.db, id, 'pending', 'refused');
      throw error;
    }
    const placed: VirtualBetRow[] = [];
    for (const [i, id] of ids.entries()) {
      const bet = planned[i];
      if (!bet) continue;
      if (!(await moveBet(this.deps.db, id, 'pending', 'open'))) {
        // Full time came first and voided it: the stake goes back.
        await this.giveBack(userId, id);
        continue;
      }
      placed.push({
        id,
        user_id: userId,
        matchday_id: matchday.id,
        bet_type: bet.betType,
        status: 'open',
        stake: bet.stake,
        potential_win: virtualPotentialWin(
          bet.stake,
          bet.legs.map((l) => l.odds as Odds),
          game.maxWin,
        ),
        payout: 0,
        total_odds: oddsText(bet.legs.map((l) => l.odds as Odds)),
        legs: bet.legs,
        placed_at: now,
        settled_at: null,
      });
    }
    const views = placed.map((b) => betView(b, matchday));
    for (const view of views) {
      this.deps.realtime.toUser(userId, 'VirtualBetPlaced', {
        betId: view.betId,
        matchdayId: view.matchdayId,
        betType: view.betType,
        stake: view.stake,
        potentialWin: view.potentialWin,
        kickoffAt: view.kickoffAt,
      });
    }
    return { bets: views, balance: toUnits(balance) };
  }

  private async giveBack(userId: number, betId: number): Promise<void> {
    try {
      await this.wallet.rollback({
        userId,
        gameSlug: VIRTUAL_GAME_SLUG,
        roundId: virtualRound(betId),
        transactionId: rollbackTx(betId),
        referenceTransactionId: stakeTx(betId),
      });
    } catch (error) {
      // Unknown round or transaction: the debit never happened, so nothing to give back.
      if (!(error instanceof AppError)) throw error;
    }
  }

  async history(
    userId: number,
    query: { status?: VirtualBetStatusColumn; page: number; pageSize: number },
  ): Promise<VirtualHistoryResponse> {
    const { rows, total } = await userBets(this.deps.db, userId, query);
    return {
      items: rows.map((r) =>
        betView(r, {
          id: r.matchday_id,
          kickoff_at: r.kickoff_at,
          results: r.results,
          phase: r.phase,
        }),
      ),
      page: query.page,
      pageSize: query.pageSize,
      totalCount: total,
    };
  }

  /**
   * Settles every bet of a played matchday, each exactly once: the wallet credit is keyed by
   * the bet (a repeat moves nothing) and only the caller that moves the bet from `open` pushes
   * its settlement. Answers false when a bet could not be settled now (the next tick retries).
   */
  async settle(matchday: MatchdayRow): Promise<boolean> {
    const results = matchday.results;
    if (!results) return false;
    let complete = true;
    const bets = await betsOfMatchday(this.deps.db, matchday.id, ['pending', 'open']);
    for (const bet of bets) {
      try {
        if (bet.status === 'pending') {
          // Its debit never answered (a crash between the two): void, and the stake back.
          if (
            await moveBet(this.deps.db, bet.id, 'pending', 'void', {
              payout: 0,
              at: this.deps.now(),
            })
          )
            await this.giveBack(bet.user_id, bet.id);
          continue;
        }
        await this.settleBet(bet, results);
      } catch (error) {
        complete = false;
        this.deps.log?.error(
          { err: error, betId: bet.id },
          'virtuals: settlement failed; retrying',
        );
      }
    }
    return complete;
  }

  private async settleBet(
    bet: VirtualBetRow & { site_id: number },
    results: [number, number][],
  ): Promise<void> {
    const won = bet.legs.every((leg) => {
      const [home, away] = results[leg.matchIndex] ?? [0, 0];
      return outcomeDef(leg.market, leg.outcome)?.wins(home, away) === true;
    });
    const payout = won ? bet.potential_win : 0;
    const credit = () =>
      this.wallet.credit({
        userId: bet.user_id,
        gameSlug: VIRTUAL_GAME_SLUG,
        roundId: virtualRound(bet.id),
        transactionId: settleTx(bet.id),
        amount: payout,
        roundClosed: true,
        details: { outcome: { game: VIRTUAL_ENGINE, results, won } },
      });
    const closed = (error: unknown) =>
      error instanceof AppError && error.details[0]?.code === 'ROUND_CLOSED';
    try {
      await credit();
    } catch (error) {
      if (!closed(error)) throw error;
      // Closed under us: another instance's credit (committed while this one waited for the
      // round's lock; asked again, it answers as a repeat) or the wallet's recovery giving the
      // stake back (asked again, still closed: the bet is void).
      try {
        await credit();
      } catch (again) {
        if (!closed(again)) throw again;
        await moveBet(this.deps.db, bet.id, 'open', 'void', { payout: 0, at: this.deps.now() });
        return;
      }
    }
    const moved = await moveBet(this.deps.db, bet.id, 'open', won ? 'won' : 'lost', {
      payout,
      at: this.deps.now(),
    });
    if (!moved) return;
    const site = siteConfig(isSiteId(bet.site_id) ? bet.site_id : 2);
    const betId = String(bet.id);
    this.deps.realtime.toUser(bet.user_id, 'BetSettlement_v2', {
      betId,
      status: won ? 1 : 2,
      amount: toUnits(payout),
      message: won
        ? settlementWonMessage(betId, payout as Cents, site)
        : settlementLostMessage(betId),
    });
  }
}
