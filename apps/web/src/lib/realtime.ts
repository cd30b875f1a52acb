import {
  RECONNECT_GROWTH,
  RECONNECT_INITIAL_DELAY_MS,
  RECONNECT_MAX_DELAY_MS,
} from '@dau/contracts/realtime';
import { CLIENT_ID, PLATFORM_ID } from '@dau/domain/sites';
import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import { create } from 'zustand';
import { setRealtimeSocket, type DauSocket, type SocketLike } from './realtime-socket';
import { useSessionStore } from './session-store';

/**
 * The Socket.IO connection (spec doc 2 §4, §9). socket.io-client is imported dynamically after
 * the first paint so it stays out of the entry chunk. Socket.IO's own reconnection is switched
 * off: its back-off is randomised and capped differently, while the spec wants 500 ms growing
 * 1.2x per retry, so the timers here are ours.
 */
export type { DauSocket, SocketLike };

export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

export const useRealtimeStore = create<{ status: RealtimeStatus; retries: number }>()(() => ({
  status: 'idle',
  retries: 0,
}));

/** Delay before retry number `attempt` (0-based): 500, 600, 720, ... capped at 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.round(
    Math.min(RECONNECT_INITIAL_DELAY_MS * RECONNECT_GROWTH ** attempt, RECONNECT_MAX_DELAY_MS),
  );
}

/**
 * The events channel of spec doc 2 §7 (decision 212). It opens on a WebSocket straight away:
 * starting on long polling and upgrading cost six requests after the first paint, ~4 ms of main
 * thread each on a slow phone (issue #18, ADR 196). Where the WebSocket cannot open (a proxy that
 * drops the upgrade), the same attempt falls back to long polling (`tryAllTransports`).
 */
export const SOCKET_OPTIONS = {
  path: '/api/events/stream',
  autoConnect: false,
  reconnection: false,
  withCredentials: true,
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
} satisfies Partial<ManagerOptions & SocketOptions>;

async function defaultCreateSocket(): Promise<SocketLike> {
  const { io } = await import('socket.io-client');
  const socket: DauSocket = io(SOCKET_OPTIONS);
  return socket;
}

export interface RealtimeOptions {
  createSocket?: () => Promise<SocketLike>;
  schedule?: (fn: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
}

/** Connects and keeps the connection up until the returned stop function is called. */
export function startRealtime(options: RealtimeOptions = {}): () => void {
  const createSocket = options.createSocket ?? defaultCreateSocket;
  const schedule = options.schedule ?? ((fn, ms) => setTimeout(fn, ms));
  const cancel =
    options.cancel ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let stopped = false;
  let retryHandle: unknown = null;
  let socket: SocketLike | null = null;

  const sendAuth = () => {
    const { token, extId } = useSessionStore.getState();
    if (socket?.connected && token) socket.emit('auth', { token, extId });
  };

  const scheduleRetry = () => {
    if (stopped || retryHandle !== null) return;
    const retries = useRealtimeStore.getState().retries;
    useRealtimeStore.setState({ status: 'disconnected', retries: retries + 1 });
    retryHandle = schedule(() => {
      retryHandle = null;
      if (stopped || !socket) return;
      useRealtimeStore.setState({ status: 'connecting' });
      socket.connect();
    }, reconnectDelay(retries));
  };

  const unsubscribe = useSessionStore.subscribe((state, previous) => {
    if (state.token === previous.token || !socket?.connected) return;
    // Login sends the new token; logout sends an empty one with the old external id.
    if (state.token) sendAuth();
    else socket.emit('auth', { token: '', extId: previous.extId });
  });

  useRealtimeStore.setState({ status: 'connecting', retries: 0 });
  void createSocket().then((created) => {
    if (stopped) return;
    socket = created;
    setRealtimeSocket(created);
    created.on('connect', () => {
      if (retryHandle !== null) {
        cancel(retryHandle);
        retryHandle = null;
      }
      useRealtimeStore.setState({ status: 'connected', retries: 0 });
      created.emit('platform', PLATFORM_ID);
      created.emit('sid', CLIENT_ID);
      sendAuth();
    });
    created.on('disconnect', scheduleRetry);
    created.on('connect_error', scheduleRetry);
    created.connect();
  }, scheduleRetry);

  return () => {
    stopped = true;
    unsubscribe();
    if (retryHandle !== null) cancel(retryHandle);
    socket?.disconnect();
    setRealtimeSocket(null);
    useRealtimeStore.setState({ status: 'idle', retries: 0 });
  };
}
