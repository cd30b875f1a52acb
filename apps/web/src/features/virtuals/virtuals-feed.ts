import { VIRTUALS_PATHS } from '@dau/contracts/virtuals/paths';
import type { VirtualCurrent, VirtualMatchday } from '@dau/contracts/virtuals/virtuals';
import { create } from 'zustand';
import { apiFetch } from '../../lib/api-client';
import { whenRealtimeSocket, type SocketLike } from '../../lib/realtime-socket';

/**
 * The league's matchdays as the server pushes them (`VirtualMatchday` to the virtuals room):
 * the one open for betting and the one playing or just played. The page starts from the
 * server-rendered answer of `current` and follows the pushes.
 */
interface FeedState {
  open: VirtualMatchday | null;
  live: VirtualMatchday | null;
  /** Server clock minus this device's clock, ms (from the last answer or push). */
  skew: number;
}

export const useVirtualsFeed = create<FeedState>()(() => ({ open: null, live: null, skew: 0 }));

/** Takes a matchday unless a newer one of the same kind is already shown. */
export function acceptMatchday(md: VirtualMatchday): void {
  const skew = Date.parse(md.serverTime) - Date.now();
  useVirtualsFeed.setState((s) => {
    if (md.phase === 'open') {
      return s.open && s.open.matchdayId > md.matchdayId ? s : { open: md, skew };
    }
    return s.live && s.live.matchdayId > md.matchdayId ? s : { live: md, skew };
  });
}

export function acceptCurrent(current: VirtualCurrent): void {
  acceptMatchday(current.open);
  if (current.live) acceptMatchday(current.live);
}

export function fetchCurrent(signal?: AbortSignal): Promise<VirtualCurrent> {
  return apiFetch<VirtualCurrent>({
    base: 'games',
    path: VIRTUALS_PATHS.current,
    method: 'GET',
    ...(signal ? { signal } : {}),
  });
}

const attached = new WeakSet<SocketLike>();
let watchers = 0;
let joined: SocketLike | null = null;

/** Joins the virtuals room while a screen watches; returns the leave function. */
export function joinVirtuals(): () => void {
  watchers += 1;
  const stop = whenRealtimeSocket((socket) => {
    if (!attached.has(socket)) {
      attached.add(socket);
      socket.on('VirtualMatchday', acceptMatchday);
    }
    joined = socket;
    socket.emit('JoinVirtuals');
  });
  return () => {
    stop();
    watchers -= 1;
    if (watchers === 0 && joined) {
      joined.emit('LeaveVirtuals');
      joined = null;
    }
  };
}

/** The simulated minute (0-90) of a matchday at `nowMs` on the server's clock. */
export function matchMinute(md: VirtualMatchday, nowMs: number): number {
  const start = Date.parse(md.kickoffAt);
  const end = Date.parse(md.fullTimeAt);
  if (md.phase === 'settled' || nowMs >= end) return 90;
  if (nowMs <= start) return 0;
  return Math.min(90, Math.floor(((nowMs - start) / (end - start)) * 90));
}
