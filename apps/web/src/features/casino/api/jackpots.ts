import type { JackpotItem, JackpotsResponse } from '@dau/contracts/casino/jackpots';
import { CASINO_GAMES_PATHS } from '@dau/contracts/casino/paths';
import { fromUnits, type Cents } from '@dau/domain/money';
import { apiFetch } from '../../../lib/api-client';
import { whenRealtimeSocket, type SocketLike } from '../../../lib/realtime-socket';

export interface Jackpot {
  type: JackpotItem['JackpotType'];
  value: Cents;
}

const toJackpots = (items: readonly JackpotItem[]): Jackpot[] =>
  items.map((item) => ({ type: item.JackpotType, value: fromUnits(item.JackpotValue) }));

/** `POST {games}/Fazi/jackpots` (spec doc 2 §7): the site's three pools, in cents. */
export async function fetchJackpots(siteId: number, signal?: AbortSignal): Promise<Jackpot[]> {
  const items = await apiFetch<JackpotsResponse>({
    base: 'games',
    path: CASINO_GAMES_PATHS.faziJackpots,
    method: 'POST',
    body: { siteId },
    ...(signal ? { signal } : {}),
  });
  return toJackpots(items);
}

type Listener = (siteId: number, jackpots: Jackpot[]) => void;
const listeners = new Set<Listener>();
const attached = new WeakSet<SocketLike>();

/**
 * Follows the site's `jackpots` pushes (the server sends them to the site's room at most every
 * two seconds while pools move); returns the function that stops listening.
 */
export function followJackpots(siteId: number, listener: Listener): () => void {
  listeners.add(listener);
  const stop = whenRealtimeSocket((socket) => {
    if (!attached.has(socket)) {
      attached.add(socket);
      socket.on('jackpots', (push) => {
        const jackpots = toJackpots(push.items);
        for (const l of listeners) l(push.siteId, jackpots);
      });
    }
    socket.emit('RegisterSiteId', siteId);
  });
  return () => {
    stop();
    listeners.delete(listener);
  };
}
