import {
  CRASH_PATHS,
  type CrashBetResponse,
  type CrashCashOutResponse,
  type CrashMyBet,
  type CrashMyBetsResponse,
} from '@dau/contracts/casino/crash';
import { multiplierAt } from '@dau/domain/games/crash';
import { fromUnits, type Cents } from '@dau/domain/money';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { GameError } from '../session/game-session';
import type { CrashRoundView } from './crash-feed';

/** One of the player's bets as the screen shows it (cents; multipliers in hundredths). */
export interface MyCrashBet {
  roundId: number;
  slot: 1 | 2;
  stake: Cents;
  auto: number | null;
  status: 'open' | 'cashed_out' | 'lost';
  cashOut: number | null;
  win: Cents | null;
  /** Demo: when this device cashed out (judged against the revealed crash time). */
  at?: number;
}

async function call<T>(path: string, body?: unknown, method?: 'GET' | 'POST'): Promise<T> {
  try {
    return await apiFetch<T>({ base: 'games', path, body, method });
  } catch (error) {
    if (error instanceof ApiError) {
      const entry = error.envelope.datasource_entries[0];
      throw new GameError(
        entry?.value ?? 'REQUEST_FAILED',
        entry?.dimension_value ?? error.message,
      );
    }
    throw error;
  }
}

export function fromWire(bet: CrashMyBet): MyCrashBet {
  return {
    roundId: bet.roundId,
    slot: bet.slot === 2 ? 2 : 1,
    stake: fromUnits(bet.stake),
    auto: bet.autoCashOut === null ? null : Math.round(bet.autoCashOut * 100),
    status: bet.status === 'cashed_out' ? 'cashed_out' : bet.status === 'lost' ? 'lost' : 'open',
    cashOut: bet.cashOut === null ? null : Math.round(bet.cashOut * 100),
    win: bet.win === null ? null : fromUnits(bet.win),
  };
}

/** Real money: the server's engine and wallet decide; the header follows the `wallet` push. */
export const realPlay = {
  async place(
    roundId: number,
    slot: 1 | 2,
    stake: Cents,
    auto: number | null,
  ): Promise<MyCrashBet> {
    const answer = await call<CrashBetResponse>(CRASH_PATHS.bets, {
      roundId,
      slot,
      stake: stake / 100,
      autoCashOut: auto === null ? null : auto / 100,
    });
    return fromWire(answer.bet);
  },
  async cashOut(bet: MyCrashBet): Promise<MyCrashBet> {
    const answer = await call<CrashCashOutResponse>(CRASH_PATHS.cashOut, {
      roundId: bet.roundId,
      slot: bet.slot,
    });
    return fromWire(answer.bet);
  },
  async mine(): Promise<MyCrashBet[]> {
    const answer = await call<CrashMyBetsResponse>(CRASH_PATHS.myBets, undefined, 'GET');
    return answer.bets.map(fromWire);
  },
};

/** Demo: the same shared rounds, play money in this browser; a cash-out counts if it came before the crash. */
export function demoCashOut(bet: MyCrashBet, round: CrashRoundView, now: number): MyCrashBet {
  const point = multiplierAt(now - round.takeoffLocal);
  return {
    ...bet,
    status: 'cashed_out',
    cashOut: point,
    win: Math.floor((bet.stake * point) / 100) as Cents,
    at: now,
  };
}

/** Settles a demo bet once the crash (and its point) is known. */
export function demoSettle(bet: MyCrashBet, round: CrashRoundView): MyCrashBet {
  const crash = round.crashPoint ?? 1;
  if (bet.status === 'cashed_out' && bet.at !== undefined && round.crashedLocal !== null) {
    if (bet.at < round.crashedLocal && (bet.cashOut ?? 0) < Math.round(crash * 100)) return bet;
  }
  return judgeOpen(
    { ...bet, status: 'open', cashOut: null, win: null },
    new Map([[bet.roundId, crash]]),
  );
}

/**
 * A real bet as the screen shows it once its round's crash point is known, before the server's
 * settlement (a moment later) says so: an open bet whose auto target the crash reached is paid
 * at the target (the server pays exactly that), any other open bet is lost. Bets the server has
 * already judged, and bets of rounds still flying, are shown as they are.
 */
export function judgeOpen(bet: MyCrashBet, crashPoints: ReadonlyMap<number, number>): MyCrashBet {
  if (bet.status !== 'open') return bet;
  const crash = crashPoints.get(bet.roundId);
  if (crash === undefined) return bet;
  const hundredths = Math.round(crash * 100);
  if (bet.auto !== null && bet.auto <= hundredths) {
    return {
      ...bet,
      status: 'cashed_out',
      cashOut: bet.auto,
      win: Math.floor((bet.stake * bet.auto) / 100) as Cents,
    };
  }
  return { ...bet, status: 'lost', cashOut: null, win: 0 as Cents };
}
