import { create } from 'zustand';
import { whenRealtimeSocket, type SocketLike } from '../../../lib/realtime';

/**
 * Dau's Roulette is one shared live RNG round for everybody (a draw about every 30 s, no video
 * dealer): the server pushes each round's phase to the players who joined; both sessions (real
 * and demo) watch the same rounds, so two browsers always see the same pocket.
 */
export interface RouletteRoundView {
  roundId: string;
  phase: 'betting' | 'spinning' | 'settled';
  /** When betting closes, in this device's clock (server time corrected by the push's `now`). */
  bettingClosesAt: number;
  serverSeedHash: string;
  pocket: number | null;
  /** Revealed once the round is settled. */
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
}

interface FeedState {
  round: RouletteRoundView | null;
  /** Pockets of the last settled rounds, newest first. */
  recent: number[];
}

export const useRouletteFeed = create<FeedState>()(() => ({ round: null, recent: [] }));

export function acceptRound(round: RouletteRoundView): void {
  useRouletteFeed.setState((s) => {
    const seen = s.round?.roundId === round.roundId && s.round.phase === 'settled';
    const settledNow = round.phase === 'settled' && round.pocket !== null && !seen;
    return {
      round,
      recent: settledNow ? [round.pocket as number, ...s.recent].slice(0, 12) : s.recent,
    };
  });
}

const attached = new WeakSet<SocketLike>();
let watchers = 0;
let joined: SocketLike | null = null;

/**
 * Joins the roulette room while at least one screen watches (the first paint asks for the
 * current round over HTTP); returns the leave function.
 */
export function joinRoulette(): () => void {
  watchers += 1;
  void fetchCurrentRound().then(
    (round) => round && acceptRound(round),
    () => undefined,
  );
  const stop = whenRealtimeSocket((socket) => {
    if (!attached.has(socket)) {
      attached.add(socket);
      listenToRounds(socket, acceptRound);
    }
    joined = socket;
    emitJoin(socket, true);
  });
  return () => {
    stop();
    watchers -= 1;
    if (watchers === 0 && joined) {
      emitJoin(joined, false);
      joined = null;
    }
  };
}
