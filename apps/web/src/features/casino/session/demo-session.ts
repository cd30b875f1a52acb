import { hashServerSeed, isClientSeed, type RoundSeed } from '@dau/domain/games/fairness';
import {
  cashOutMines,
  minePositions,
  minesMultiplier,
  minesPayoutMultiplier,
  revealTile,
  startMines,
} from '@dau/domain/games/mines';
import { payoutCents, type Multiplier } from '@dau/domain/games/payout';
import { replayRound, type RoundInput } from '@dau/domain/games/replay';
import { settleRouletteBet } from '@dau/domain/games/roulette';
import type { Cents } from '@dau/domain/money';
import { joinRoulette, useRouletteFeed } from './roulette-feed';
import {
  GameError,
  type GameSession,
  type InstantRequest,
  type InstantRound,
  type MinesRound,
  type RouletteRoundView,
  type RouletteStake,
  type SeedState,
} from './game-session';

/**
 * Demo play (issue #13 item 2): the same domain maths as the server, in the browser, with a fun
 * balance and seeds made here. It never calls the wallet; a reload starts a fresh fun balance.
 */
export const DEMO_BALANCE = 100_000 as Cents;

/** 32 random bytes as hex, from the browser's generator (called from handlers, not render). */
export function randomServerSeed(
  random: (bytes: Uint8Array<ArrayBuffer>) => void = defaultRandom,
): string {
  const bytes = new Uint8Array(32);
  random(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function defaultRandom(bytes: Uint8Array<ArrayBuffer>): void {
  globalThis.crypto.getRandomValues(bytes);
}

export function randomClientSeed(
  random: (bytes: Uint8Array<ArrayBuffer>) => void = defaultRandom,
): string {
  return randomServerSeed(random).slice(0, 16);
}

interface DemoState {
  balance: Cents;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  previous: SeedState['previous'];
  rounds: number;
}

interface OpenMines {
  mineTiles: number[];
  stake: Cents;
}

export interface DemoOptions {
  limits: { min: Cents; max: Cents };
  random?: (bytes: Uint8Array<ArrayBuffer>) => void;
  /** Told after every change so the screen redraws the fun balance and seeds. */
  onChange?: () => void;
}

export function createDemoSession(options: DemoOptions): GameSession {
  const random = options.random ?? defaultRandom;
  const state: DemoState = {
    balance: DEMO_BALANCE,
    serverSeed: randomServerSeed(random),
    clientSeed: randomClientSeed(random),
    nonce: 0,
    previous: null,
    rounds: 0,
  };
  const openMines = new Map<string, OpenMines>();
  /** Fun-balance bets on shared Roulette rounds, settled when the round's pocket arrives. */
  const rouletteBets = new Map<string, readonly RouletteStake[]>();

  const settleRoulette = (round: RouletteRoundView | null) => {
    if (!round || round.phase !== 'settled' || round.pocket === null) return;
    const bets = rouletteBets.get(round.roundId);
    if (!bets) return;
    rouletteBets.delete(round.roundId);
    const pocket = round.pocket;
    for (const bet of bets)
      credit(payoutCents(bet.stake, settleRouletteBet(bet.kind, bet.numbers, pocket)));
    options.onChange?.();
  };

  const seeds = (): SeedState => ({
    serverSeedHash: hashServerSeed(state.serverSeed),
    clientSeed: state.clientSeed,
    nonce: state.nonce,
    previous: state.previous,
  });

  /** Takes the stake and the round's seed (the nonce moves on). */
  function begin(stake: Cents): { seed: RoundSeed; roundId: string } {
    if (!Number.isSafeInteger(stake) || stake < options.limits.min) {
      throw new GameError('STAKE_TOO_LOW', 'Stake below the minimum');
    }
    if (stake > options.limits.max)
      throw new GameError('STAKE_TOO_HIGH', 'Stake above the maximum');
    if (stake > state.balance) throw new GameError('INSUFFICIENT_FUNDS', 'Not enough fun balance');
    const seed = { serverSeed: state.serverSeed, clientSeed: state.clientSeed, nonce: state.nonce };
    state.balance = (state.balance - stake) as Cents;
    state.nonce += 1;
    state.rounds += 1;
    return { seed, roundId: `demo-${state.rounds}` };
  }

  const credit = (win: Cents) => {
    state.balance = (state.balance + win) as Cents;
  };

  const proofOf = (roundId: string, seed: RoundSeed) => ({
    roundId,
    serverSeedHash: hashServerSeed(seed.serverSeed),
    clientSeed: seed.clientSeed,
    nonce: seed.nonce,
  });

  const session: GameSession = {
    mode: 'demo',
    get balance() {
      return state.balance;
    },
    get seeds() {
      return seeds();
    },
    failed: false,
    async load() {},
    async play(stake: Cents, request: InstantRequest): Promise<InstantRound> {
      const { seed, roundId } = begin(stake);
      const outcome = replayRound(seed, toRoundInput(request));
      const mult = outcomeMultiplier(outcome);
      const win = payoutCents(stake, mult);
      credit(win);
      options.onChange?.();
      return {
        proof: proofOf(roundId, seed),
        stake,
        win,
        multiplier: mult,
        outcome,
        balance: state.balance,
      };
    },
    async minesStart(stake, mines) {
      const { seed, roundId } = begin(stake);
      openMines.set(roundId, { mineTiles: minePositions(seed, mines), stake });
      options.onChange?.();
      return {
        proof: proofOf(roundId, seed),
        stake,
        state: startMines(mines),
        multiplier: minesMultiplier(mines, 0),
        mineTiles: null,
        win: 0 as Cents,
        balance: state.balance,
      };
    },
    async minesReveal(round, tile) {
      const open = openMines.get(round.proof.roundId);
      if (!open) throw new GameError('ROUND_FINISHED', 'The round is over');
      const next = revealTile(round.state, open.mineTiles, tile);
      if (typeof next === 'string') throw new GameError(next.toUpperCase(), next);
      return finishMines(round, next, open);
    },
    async minesCashOut(round) {
      const open = openMines.get(round.proof.roundId);
      if (!open) throw new GameError('ROUND_FINISHED', 'The round is over');
      const next = cashOutMines(round.state);
      if (typeof next === 'string') throw new GameError(next.toUpperCase(), next);
      return finishMines(round, next, open);
    },
    async minesActive() {
      return null;
    },
    rouletteWatch() {
      const leave = joinRoulette();
      const unsubscribe = useRouletteFeed.subscribe((feed) => settleRoulette(feed.round));
      return () => {
        unsubscribe();
        leave();
      };
    },
    async roulettePlace(roundId, bets) {
      const round = useRouletteFeed.getState().round;
      if (!round || round.roundId !== roundId || round.phase !== 'betting') {
        throw new GameError('ROUND_CLOSED', 'Betting on this round has closed');
      }
      const total = bets.reduce((sum, bet) => sum + bet.stake, 0);
      if (bets.some((bet) => bet.stake < options.limits.min)) {
        throw new GameError('STAKE_TOO_LOW', 'Stake below the minimum');
      }
      if (total > options.limits.max)
        throw new GameError('STAKE_TOO_HIGH', 'Stake above the maximum');
      if (total > state.balance)
        throw new GameError('INSUFFICIENT_FUNDS', 'Not enough fun balance');
      state.balance = (state.balance - total) as Cents;
      rouletteBets.set(roundId, [...(rouletteBets.get(roundId) ?? []), ...bets]);
      options.onChange?.();
    },
    async setClientSeed(clientSeed) {
      if (!isClientSeed(clientSeed)) throw new GameError('BAD_CLIENT_SEED', 'Bad client seed');
      state.clientSeed = clientSeed;
      state.nonce = 0;
      options.onChange?.();
      return seeds();
    },
    async rotateSeed() {
      state.previous = {
        serverSeed: state.serverSeed,
        serverSeedHash: hashServerSeed(state.serverSeed),
        clientSeed: state.clientSeed,
        nonce: state.nonce,
      };
      state.serverSeed = randomServerSeed(random);
      state.nonce = 0;
      options.onChange?.();
      return seeds();
    },
  };

  function finishMines(round: MinesRound, next: MinesRound['state'], open: OpenMines): MinesRound {
    const over = next.status !== 'playing';
    const mult: Multiplier = over
      ? minesPayoutMultiplier(next)
      : minesMultiplier(next.mines, next.revealed.length);
    const win = over ? payoutCents(open.stake, mult) : (0 as Cents);
    if (over) {
      credit(win);
      openMines.delete(round.proof.roundId);
    }
    options.onChange?.();
    return {
      ...round,
      state: next,
      multiplier: mult,
      mineTiles: over ? open.mineTiles : null,
      win,
      balance: state.balance,
    };
  }

  return session;
}

export function toRoundInput(request: InstantRequest): RoundInput {
  switch (request.game) {
    case 'dice':
      return { game: 'dice', bet: request.bet };
    case 'plinko':
      return { game: 'plinko', rows: request.rows, risk: request.risk };
    case 'keno':
      return { game: 'keno', picks: request.picks };
    case 'scratch':
      return { game: 'scratch' };
  }
}

export function outcomeMultiplier(outcome: ReturnType<typeof replayRound>): Multiplier {
  switch (outcome.game) {
    case 'dice':
    case 'plinko':
    case 'scratch':
    case 'keno':
      return outcome.result.multiplier;
    default:
      throw new GameError('NOT_INSTANT', `${outcome.game} is not an instant game`);
  }
}
