import { create } from 'zustand';
import {
  CRASH_PATHS,
  type CrashBetsPush,
  type CrashCashOutPush,
  type CrashCurrentResponse,
  type CrashLiveBet,
  type CrashRound,
} from '@dau/contracts/casino/crash';
import { apiFetch } from '../../../lib/api-client';
import { whenRealtimeSocket, type SocketLike } from '../../../lib/realtime-socket';

/**
 * High Flyer's shared rounds as this device sees them (issue #14 item 1, ADR 190): the round
 * (times converted to this device's clock with the push's `serverTime`), the last 20 crash
 * points, this round's live bets (names masked) and the player's cash-outs pushed by the server.
 * Demo and real play watch the same rounds.
 */
export interface CrashRoundView extends CrashRound {
  /** take-off in this device's clock (ms). */
  takeoffLocal: number;
  /** The crash in this device's clock, once crashed. */
  crashedLocal: number | null;
}

interface FeedState {
  round: CrashRoundView | null;
  recent: { roundId: number; crashPoint: number }[];
  bets: CrashLiveBet[];
  cashOuts: CrashCashOutPush[];
  unreachable: boolean;
}

export const useCrashFeed = create<FeedState>()(() => ({
  round: null,
  recent: [],
  bets: [],
  cashOuts: [],
  unreachable: false,
}));

export function toView(round: CrashRound, receivedAt: number): CrashRoundView {
  const offset = receivedAt - Date.parse(round.serverTime);
  return {
    ...round,
    takeoffLocal: Date.parse(round.takeoffAt) + offset,
    crashedLocal: round.crashedAt ? Date.parse(round.crashedAt) + offset : null,
  };
}

export function acceptRound(round: CrashRoundView): void {
  useCrashFeed.setState((s) => {
    const newRound = s.round?.roundId !== round.roundId;
    const crashedNow =
      round.phase === 'crashed' &&
      round.crashPoint !== null &&
      !s.recent.some((r) => r.roundId === round.roundId);
    return {
      round,
      unreachable: false,
      bets: newRound ? [] : s.bets,
      recent: crashedNow
        ? [{ roundId: round.roundId, crashPoint: round.crashPoint as number }, ...s.recent].slice(
            0,
            20,
          )
        : s.recent,
    };
  });
}

/** Merges a list push: bets new or changed since the last one. */
export function acceptBets(push: CrashBetsPush): void {
  useCrashFeed.setState((s) => {
    if (s.round && push.roundId !== s.round.roundId) return s;
    const byId = new Map(s.bets.map((b) => [b.betId, b]));
    for (const bet of push.bets) byId.set(bet.betId, bet);
    const bets = [...byId.values()].sort((a, b) => b.stake - a.stake || a.betId - b.betId);
    return { bets: bets.slice(0, 100) };
  });
}

async function fetchCurrent(): Promise<void> {
  const now = await apiFetch<CrashCurrentResponse>({
    base: 'games',
    path: CRASH_PATHS.current,
    method: 'GET',
  });
  useCrashFeed.setState({ recent: now.recent });
  if (now.round) acceptRound(toView(now.round, Date.now()));
  useCrashFeed.setState({ bets: now.bets });
}

const attached = new WeakSet<SocketLike>();
let joined: SocketLike | null = null;

/** Follows the rounds while a screen shows them (`lite`: data saving); returns the leave. */
export function joinCrash(lite: boolean): () => void {
  void fetchCurrent().catch(() => {
    if (!useCrashFeed.getState().round) useCrashFeed.setState({ unreachable: true });
  });
  const stop = whenRealtimeSocket((socket) => {
    if (!attached.has(socket)) {
      attached.add(socket);
      socket.on('CrashRound', (round) => acceptRound(toView(round, Date.now())));
      socket.on('CrashBets', acceptBets);
      socket.on('CrashCashOut', (push) =>
        useCrashFeed.setState((s) => ({ cashOuts: [...s.cashOuts, push].slice(-10) })),
      );
      socket.on('connect', () => {
        if (joined === socket) socket.emit('JoinCrash', { lite });
      });
    }
    joined = socket;
    socket.emit('JoinCrash', { lite });
  });
  return () => {
    stop();
    if (joined) joined.emit('LeaveCrash');
    joined = null;
  };
}
