import { create } from 'zustand';
import { apiFetch } from '../../../lib/api-client';
import { whenRealtimeSocket, type SocketLike } from '../../../lib/realtime-socket';
import { ROULETTE_PATHS, type RouletteRound } from '@dau/contracts/casino/roulette';
import { toRoundView } from './engine-wire';
import type { RouletteRoundView } from './game-session';

/**
 * Dau's Roulette is one shared live RNG round for everybody (a draw about every 30 s, no video
 * dealer): the server pushes each round's phase to the players who joined; both sessions (real
 * and demo) watch the same rounds, so two browsers always see the same pocket.
 */

interface FeedState {
  round: RouletteRoundView | null;
  /** The table could not be reached (no current round answered, no push yet). */
  unreachable: boolean;
  /** Pockets of the last settled rounds, newest first. */
  recent: number[];
}

export const useRouletteFeed = create<FeedState>()(() => ({
  round: null,
  recent: [],
  unreachable: false,
}));

export function acceptRound(round: RouletteRoundView): void {
  useRouletteFeed.setState((s) => {
    const seen = s.round?.roundId === round.roundId && s.round.phase === 'settled';
    const settledNow = round.phase === 'settled' && round.pocket !== null && !seen;
    return {
      round,
      unreachable: false,
      recent: settledNow ? [round.pocket as number, ...s.recent].slice(0, 12) : s.recent,
    };
  });
}

function listenToRounds(socket: SocketLike, accept: (round: RouletteRoundView) => void): void {
  socket.on('RouletteRound', (round) => accept(toRoundView(round, Date.now())));
}

function emitJoin(socket: SocketLike, join: boolean): void {
  socket.emit(join ? 'JoinRoulette' : 'LeaveRoulette');
}

async function fetchCurrentRound(): Promise<RouletteRoundView | null> {
  const round = await apiFetch<RouletteRound | null>({
    base: 'games',
    path: ROULETTE_PATHS.current,
    method: 'GET',
  });
  return round ? toRoundView(round, Date.now()) : null;
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
    () => {
      if (!useRouletteFeed.getState().round) useRouletteFeed.setState({ unreachable: true });
    },
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
