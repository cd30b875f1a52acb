import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@dau/contracts/realtime';
import type { TestApp } from '../helpers/test-app';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;

/** A signed-in socket that records every push it receives, by event name. */
export async function recordingSocket(t: TestApp, token: string) {
  const socket: ClientSocket = io(t.url, {
    transports: ['websocket'],
    forceNew: true,
    extraHeaders: { cookie: `authBB=${token}` },
  });
  const received: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  await new Promise<void>((resolve) => {
    socket.once('authState', () => resolve());
  });
  return {
    socket,
    received,
    of: (event: EventName) => received.filter((r) => r.event === event).map((r) => r.payload),
    close: () => socket.disconnect(),
  };
}

/** Polls until the check passes (callbacks arrive asynchronously), or fails after a timeout. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 8_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A Kenyan test phone whose last four digits pick the sandbox outcome. */
export function phoneEnding(suffix: string): string {
  const middle = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  return `+2547${middle}${suffix}`;
}
