import { afterEach, describe, expect, it } from 'vitest';
import { reconnectDelay, startRealtime, useRealtimeStore, type SocketLike } from './realtime';
import { useSessionStore } from './session-store';

type Handler = (...args: unknown[]) => void;

function fakeSocket() {
  const handlers = new Map<string, Handler>();
  const emitted: [string, unknown][] = [];
  let connects = 0;
  const socket = {
    connected: false,
    on: (event: string, handler: Handler) => handlers.set(event, handler),
    emit: (event: string, payload: unknown) => emitted.push([event, payload]),
    connect: () => {
      connects += 1;
    },
    disconnect: () => {},
  };
  return {
    socket: socket as unknown as SocketLike,
    emitted,
    connects: () => connects,
    fire(event: string) {
      socket.connected = event === 'connect';
      handlers.get(event)?.();
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => useSessionStore.setState({ token: '', extId: '', isAuthenticated: false }));

describe('realtime', () => {
  it('waits 500 ms, then 1.2x longer per retry, capped at 30 s', () => {
    expect([0, 1, 2, 3].map(reconnectDelay)).toEqual([500, 600, 720, 864]);
    expect(reconnectDelay(100)).toBe(30_000);
  });

  it('identifies itself on connect, sends auth on login and logout, and backs off on drops', async () => {
    const fake = fakeSocket();
    const delays: number[] = [];
    const pending: (() => void)[] = [];
    useSessionStore.setState({ token: 'tok', extId: 'ext-1', isAuthenticated: true });
    const stop = startRealtime({
      createSocket: async () => fake.socket,
      schedule: (fn, ms) => {
        delays.push(ms);
        pending.push(fn);
        return ms;
      },
      cancel: () => {},
    });
    await flush();
    expect(fake.connects()).toBe(1);
    fake.fire('connect');
    expect(useRealtimeStore.getState().status).toBe('connected');
    expect(fake.emitted).toEqual([
      ['platform', 2],
      ['sid', 1],
      ['auth', { token: 'tok', extId: 'ext-1' }],
    ]);

    useSessionStore.getState().clearSession();
    expect(fake.emitted.at(-1)).toEqual(['auth', { token: '', extId: 'ext-1' }]);
    useSessionStore.getState().setSession({ token: 'tok2', extId: 'ext-2' });
    expect(fake.emitted.at(-1)).toEqual(['auth', { token: 'tok2', extId: 'ext-2' }]);

    fake.fire('disconnect');
    fake.fire('connect_error');
    expect(delays).toEqual([500]);
    pending.shift()?.();
    expect(fake.connects()).toBe(2);
    fake.fire('connect_error');
    pending.shift()?.();
    fake.fire('connect_error');
    expect(delays).toEqual([500, 600, 720]);
    fake.fire('connect');
    fake.fire('disconnect');
    expect(delays.at(-1)).toBe(500);
    stop();
    expect(useRealtimeStore.getState().status).toBe('idle');
  });
});
