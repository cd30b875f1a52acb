import type { CurrencyCode } from '@dau/domain/currency';
import { gameLimitsIn } from '@dau/domain/games/stake-limits';
import { MINES_SLUG, type MinesRound } from '@dau/contracts/casino/games';
import {
  cashOutMines,
  minePositions,
  minesMultiplier,
  minesPayoutMultiplier,
  MINES_TILES,
  revealTile,
  type MinesState,
} from '@dau/domain/games/mines';
import type { Cents } from '@dau/domain/money';
import type { AppDeps } from '../../../app-types';
import { AppError } from '../../../errors/app-error';
import { gameBySlug } from '../catalogue.repository';
import {
  assertStakeWithin,
  playableGame,
  stakeCents,
  toUnits,
  type EngineRoundDetails,
  type EngineWallet,
} from './engine-wallet';
import {
  deleteMinesRound,
  insertMinesRound,
  minesInPlay,
  minesRound,
  unsettledMinesRounds,
  updateMinesRound,
  type MinesRoundRow,
} from './mines.repository';
import { winOf } from './one-step.service';
import type { SeedService } from './seeds.service';

const stakeTx = (roundId: string) => `${roundId}:stake`;
const winTx = (roundId: string) => `${roundId}:win`;

const REVEAL_ERRORS = {
  round_finished: ['CONFLICT', 'ROUND_FINISHED', 'This round is over.'],
  already_revealed: ['CONFLICT', 'TILE_ALREADY_OPEN', 'That tile is already open.'],
  bad_tile: ['BAD_REQUEST', 'BAD_TILE', 'There is no such tile.'],
  nothing_revealed: ['CONFLICT', 'NOTHING_REVEALED', 'Open at least one tile before cashing out.'],
} as const;

function refused(reason: keyof typeof REVEAL_ERRORS): AppError {
  const [code, value, message] = REVEAL_ERRORS[reason];
  return new AppError(code, [{ code: value, message }]);
}

function stateOf(row: MinesRoundRow): MinesState {
  return { mines: row.mines, revealed: row.revealed, status: row.status, hit: row.hit };
}

/**
 * Mines (docs/decisions/172): the board comes from the player's seed pair when the round
 * starts; the mines stay in the database (never sent) until the round ends. The stake is one
 * debit, the end one credit (0 when a mine is hit), both through the game wallet; the round
 * row records whether each was confirmed, so a crash in between is finished on the next call.
 */
export class MinesGame {
  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'now'>,
    private readonly seeds: SeedService,
    private readonly wallet: EngineWallet,
  ) {}

  private details(
    row: MinesRoundRow,
    serverSeedHash: string,
    clientSeed: string,
  ): EngineRoundDetails {
    const finished = row.status !== 'playing';
    return {
      engine: 'mines',
      fairness: { serverSeedHash, clientSeed, nonce: row.nonce, serverSeed: null },
      input: { game: 'mines', mines: row.mines },
      ...(finished
        ? {
            outcome: { game: 'mines', mineTiles: row.mine_tiles },
            revealed: row.revealed,
            hit: row.hit,
          }
        : {}),
    };
  }

  private async view(row: MinesRoundRow, balance?: number): Promise<MinesRound> {
    const pair = await this.deps.db
      .selectFrom('casino_seed_pairs')
      .select(['server_seed_hash', 'client_seed'])
      .where('id', '=', row.seed_pair_id)
      .executeTakeFirstOrThrow();
    const safe = row.revealed.length;
    const left = MINES_TILES - row.mines - safe;
    return {
      roundId: row.round_id,
      stake: toUnits(row.stake),
      mines: row.mines,
      revealed: row.revealed,
      status: row.status,
      hit: row.hit,
      multiplier: minesMultiplier(row.mines, safe),
      nextMultiplier:
        row.status === 'playing' && left > 0 ? minesMultiplier(row.mines, safe + 1) : null,
      win: toUnits(row.win),
      mineTiles: row.status === 'playing' ? null : row.mine_tiles,
      fairness: {
        serverSeedHash: pair.server_seed_hash,
        clientSeed: pair.client_seed,
        nonce: row.nonce,
      },
      balance: toUnits(balance ?? (await this.wallet.balance(row.user_id))),
    };
  }

  /** Confirms a round's stake with the wallet (idempotent: a repeat answers the first debit). */
  private async confirmDebit(
    row: MinesRoundRow,
    hash: string,
    clientSeed: string,
  ): Promise<number> {
    try {
      const answer = await this.wallet.debit({
        userId: row.user_id,
        gameSlug: MINES_SLUG,
        roundId: row.round_id,
        transactionId: stakeTx(row.round_id),
        amount: row.stake,
        plannedWin: null,
        details: this.details(row, hash, clientSeed),
      });
      await updateMinesRound(this.deps.db, row.id, { debited: true }, this.deps.now());
      return answer.response.balance;
    } catch (error) {
      // Refused (funds, limits, a break): the round never started.
      if (error instanceof AppError) await deleteMinesRound(this.deps.db, row.id);
      throw error;
    }
  }

  /** Pays a finished round (idempotent), then marks it settled. */
  private async settle(row: MinesRoundRow): Promise<number> {
    const pair = await this.deps.db
      .selectFrom('casino_seed_pairs')
      .select(['server_seed_hash', 'client_seed'])
      .where('id', '=', row.seed_pair_id)
      .executeTakeFirstOrThrow();
    const answer = await this.wallet.credit({
      userId: row.user_id,
      gameSlug: MINES_SLUG,
      roundId: row.round_id,
      transactionId: winTx(row.round_id),
      amount: row.win,
      roundClosed: true,
      details: this.details(row, pair.server_seed_hash, pair.client_seed),
    });
    await updateMinesRound(this.deps.db, row.id, { settled: true }, this.deps.now());
    return answer.response.balance;
  }

  /** Finishes what a crash left: unconfirmed stakes and unpaid finished rounds. */
  async recover(userId?: number): Promise<number> {
    let done = 0;
    for (const row of await unsettledMinesRounds(this.deps.db, userId)) {
      await this.settle(row);
      done += 1;
    }
    return done;
  }

  async start(
    userId: number,
    stakeUnits: number,
    mines: number,
    currency: CurrencyCode = 'KES',
  ): Promise<MinesRound> {
    const game = await playableGame(this.deps.db, MINES_SLUG, ['mines'], currency);
    const stake = stakeCents(stakeUnits);
    assertStakeWithin(game, stake);
    await this.recover(userId);
    const row = await this.deps.db
      .transaction()
      .execute(async (tx) => {
        if (await minesInPlay(tx, userId)) {
          throw new AppError('CONFLICT', [
            { code: 'MINES_ROUND_IN_PLAY', message: 'Finish your Mines round first.' },
          ]);
        }
        const taken = await this.seeds.take(tx, userId);
        const roundId = `mines-${taken.pairId}-${taken.seed.nonce}`;
        await insertMinesRound(tx, {
          roundId,
          userId,
          seedPairId: taken.pairId,
          nonce: taken.seed.nonce,
          mines,
          stake,
          mineTiles: minePositions(taken.seed, mines),
        });
        return { roundId, hash: taken.serverSeedHash, clientSeed: taken.seed.clientSeed };
      })
      .catch((error: unknown) => {
        // Two starts at once: the unique index keeps one round in play.
        if ((error as { code?: string }).code === '23505') {
          throw new AppError('CONFLICT', [
            { code: 'MINES_ROUND_IN_PLAY', message: 'Finish your Mines round first.' },
          ]);
        }
        throw error;
      });
    const stored = await minesRound(this.deps.db, userId, row.roundId);
    if (!stored)
      throw new AppError('CONFLICT', 'The round could not be started; please try again.');
    const balance = await this.confirmDebit(stored, row.hash, row.clientSeed);
    return this.view({ ...stored, debited: true }, balance);
  }

  async active(userId: number): Promise<MinesRound | null> {
    await this.recover(userId);
    const row = await minesInPlay(this.deps.db, userId);
    if (!row) return null;
    if (!row.debited) {
      const pair = await this.pairOf(row);
      await this.confirmDebit(row, pair.server_seed_hash, pair.client_seed);
    }
    return this.view(row);
  }

  private pairOf(row: MinesRoundRow) {
    return this.deps.db
      .selectFrom('casino_seed_pairs')
      .select(['server_seed_hash', 'client_seed'])
      .where('id', '=', row.seed_pair_id)
      .executeTakeFirstOrThrow();
  }

  /** Applies a move to the round under its row lock; pays it when the move ended it. */
  private async move(
    userId: number,
    roundId: string,
    apply: (state: MinesState, row: MinesRoundRow) => MinesState | keyof typeof REVEAL_ERRORS,
    currency: CurrencyCode,
  ): Promise<MinesRound> {
    const existing = await minesRound(this.deps.db, userId, roundId);
    if (!existing) {
      throw new AppError('NOT_FOUND', [
        { code: 'UNKNOWN_ROUND', message: 'There is no such Mines round of yours.' },
      ]);
    }
    if (!existing.debited && existing.status === 'playing') {
      const pair = await this.pairOf(existing);
      await this.confirmDebit(existing, pair.server_seed_hash, pair.client_seed);
    }
    const maxWin = await this.maxWin(currency);
    const row = await this.deps.db.transaction().execute(async (tx) => {
      const locked = await minesRound(tx, userId, roundId, true);
      if (!locked) throw refused('round_finished');
      const next = apply(stateOf(locked), locked);
      if (typeof next === 'string') throw refused(next);
      const win =
        next.status === 'cashed_out'
          ? winOf(locked.stake as Cents, minesPayoutMultiplier(next), maxWin as Cents)
          : 0;
      await updateMinesRound(
        tx,
        locked.id,
        { revealed: [...next.revealed], status: next.status, hit: next.hit, win },
        this.deps.now(),
      );
      return { ...locked, revealed: [...next.revealed], status: next.status, hit: next.hit, win };
    });
    const balance = row.status === 'playing' ? undefined : await this.settle(row);
    return this.view(row, balance);
  }

  /** The cap on a win; read without the enabled check so a round in play can always end. */
  private async maxWin(currency: CurrencyCode): Promise<number> {
    const game = await gameBySlug(this.deps.db, MINES_SLUG);
    if (!game) return Number.MAX_SAFE_INTEGER;
    return gameLimitsIn(
      { minStake: game.min_stake, maxStake: game.max_stake, maxWin: game.max_win },
      currency,
    ).maxWin;
  }

  reveal(
    userId: number,
    roundId: string,
    tile: number,
    currency: CurrencyCode = 'KES',
  ): Promise<MinesRound> {
    return this.move(
      userId,
      roundId,
      (state, row) => revealTile(state, row.mine_tiles, tile),
      currency,
    );
  }

  cashOut(userId: number, roundId: string, currency: CurrencyCode = 'KES'): Promise<MinesRound> {
    return this.move(userId, roundId, (state) => cashOutMines(state), currency);
  }
}
