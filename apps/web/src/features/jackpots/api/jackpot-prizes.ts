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

/** An open round's prizes never go down: each figure is the larger of the two. */
function higher(
  kept: SportsJackpotPrizesPush | undefined,
  push: SportsJackpotPrizesPush,
): SportsJackpotPrizesPush {
  if (!kept) return push;
  const before = new Map(kept.tiers.map((tier) => [tier.hits, tier.prize]));
  return {
    roundId: push.roundId,
    jackpot: Math.max(kept.jackpot, push.jackpot),
    tiers: push.tiers.map((tier) => ({
      hits: tier.hits,
      prize: Math.max(tier.prize, before.get(tier.hits) ?? 0),
    })),
  };
}

/** Keeps a push (a late, older one never lowers what an earlier push showed). */
export function acceptPrizes(push: SportsJackpotPrizesPush): void {
  prizes = new Map(prizes).set(push.roundId, higher(prizes.get(push.roundId), push));
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
  const fetched = { roundId: round.id, jackpot: round.jackpot, tiers: round.tiers };
  const best = new Map(higher(push, fetched).tiers.map((tier) => [tier.hits, tier.prize]));
  return {
    ...round,
    jackpot: Math.max(round.jackpot, push.jackpot),
    tiers: round.tiers.map((tier) => ({ ...tier, prize: best.get(tier.hits) ?? tier.prize })),
  };
}
