import type { ClientToServerEvents, ServerToClientEvents } from '@dau/contracts/realtime';
import type { Socket } from 'socket.io-client';

/**
 * The live Socket.IO connection, as far as features see it: the header's pushes (loyalty,
 * payments, bets) and the sports feed attach here. The connection itself (`realtime.ts`) loads
 * after the first paint; this holder is all the entry chunk carries (ADR 004, ADR 180).
 */
export type DauSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The part of a socket the app uses; tests pass a fake. */
export type SocketLike = Pick<DauSocket, 'on' | 'emit' | 'connect' | 'disconnect' | 'connected'>;

let current: SocketLike | null = null;

/** The live socket, for features that subscribe to pushes; null before connecting. */
export function realtimeSocket(): SocketLike | null {
  return current;
}

/** Set by the connection (`realtime.ts`) when it creates or drops its socket. */
export function setRealtimeSocket(socket: SocketLike | null): void {
  current = socket;
}

/**
 * Calls `attach` with the socket as soon as it exists (it is created after the first paint);
 * returns a function that stops waiting.
 */
export function whenRealtimeSocket(attach: (socket: SocketLike) => void): () => void {
  const existing = realtimeSocket();
  if (existing) {
    attach(existing);
    return () => undefined;
  }
  const timer = setInterval(() => {
    const socket = realtimeSocket();
    if (!socket) return;
    clearInterval(timer);
    attach(socket);
  }, 250);
  return () => clearInterval(timer);
}
