import { useEffect, useSyncExternalStore } from 'react';
import type { JackpotRound, SportsJackpotPrizesPush } from '@dau/contracts/jackpots/jackpots';
import { whenRealtimeSocket, type SocketLike } from '../../../lib/realtime-socket';

/**
 * Live prizes of the open rounds (ADR 221): while a jackpots page is open the socket is in the
 * sports jackpots room, and each `SportsJackpotPrizes` push is kept here by round.
 */
let prizes: ReadonlyMap<number, SportsJackpotPrizesPush> = new Map();
const listeners = new Set<() => void>();
const attached = new WeakSet<SocketLike>();
let watchers = 0;
let joined: SocketLike | null = null;

export function acceptPrizes(push: SportsJackpotPrizesPush): void {
  prizes = new Map(prizes).set(push.roundId, push);
  for (const listener of listeners) listener();
}

function watchPrizes(): () => void {
  watchers += 1;
  const stop = whenRealtimeSocket((socket) => {
    if (!attached.has(socket)) {
      attached.add(socket);
      socket.on('SportsJackpotPrizes', acceptPrizes);
      // A reconnected socket is a new one to the server: it joins again while watched.
      socket.on('connect', () => {
        if (watchers > 0) socket.emit('JoinSportsJackpots');
      });
    }
    joined = socket;
    socket.emit('JoinSportsJackpots');
  });
  return () => {
    stop();
    watchers -= 1;
    if (watchers === 0 && joined) {
      joined.emit('LeaveSportsJackpots');
      joined = null;
    }
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const EMPTY: ReadonlyMap<number, SportsJackpotPrizesPush> = new Map();

/** The pushed prizes by round while the calling page is mounted. */
export function useLivePrizes(): ReadonlyMap<number, SportsJackpotPrizesPush> {
  useEffect(() => watchPrizes(), []);
  return useSyncExternalStore(
    subscribe,
    () => prizes,
    () => EMPTY,
  );
}

/**
 * The round with its pushed prizes. An open round's prizes never go down, so each figure is the
 * larger of the fetched and the pushed one: an older push never undoes a newer fetch.
 */
export function withLivePrizes(
  round: JackpotRound,
  push: SportsJackpotPrizesPush | undefined,
): JackpotRound {
  if (!push || push.roundId !== round.id) return round;
  const pushed = new Map(push.tiers.map((tier) => [tier.hits, tier.prize]));
  return {
    ...round,
    jackpot: Math.max(round.jackpot, push.jackpot),
    tiers: round.tiers.map((tier) => ({
      ...tier,
      prize: Math.max(tier.prize, pushed.get(tier.hits) ?? 0),
    })),
  };
}
