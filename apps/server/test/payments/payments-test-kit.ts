import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@dau/contracts/realtime';
import { createSignedInUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectLedgerBalanced, fundUser } from '../wallet/ledger-assertions';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;

/**
 * A withdrawal needs a bet or a casino round first (ELIGIBILITY_MIN_BETS_COUNT). Test setup, as
 * `fundUser` is: the record of one finished dice round with nothing staked, so the user may
 * withdraw while the ledger and the transaction lists the tests check stay as they were.
 */
export async function recordPlayedRound(t: TestApp, userId: number): Promise<void> {
  const db = t.deps.db;
  const game = await db
    .selectFrom('casino_games')
    .select(['id', 'provider_id'])
    .where('slug', '=', 'dice')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('casino_rounds')
    .values({
      provider_id: game.provider_id,
      game_id: game.id,
      user_id: userId,
      round_id: `dice-${randomUUID()}`,
      status: 'settled',
      closed_at: new Date(),
    })
    .execute();
}

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

/**
 * The payments test bed for a file: a listening test app (Daraja sandbox and all) made with
 * `env`, the ledger checked balanced after every test, and every socket closed at the end.
 */
export function usePaymentsApp(env: Record<string, string>) {
  let app: TestApp | undefined;
  const closers: (() => void)[] = [];
  beforeAll(async () => {
    app = await createTestApp(env);
    await app.listen();
  });
  afterAll(async () => {
    for (const close of closers) close();
    await app?.close();
  });
  afterEach(async () => {
    await expectLedgerBalanced(bed.t.deps.db);
  });
  const bed = {
    get t(): TestApp {
      if (!app) throw new Error('the payments test app is not started');
      return app;
    },
    /**
     * A signed-in user on a phone ending in `suffix` (the sandbox outcome), with a username and
     * `cents` of cash, listening on a recording socket. A user with cash has played one round,
     * so may withdraw, unless `played` says otherwise.
     */
    async signedIn(suffix: string, cents = 0, played = cents > 0) {
      const phone = phoneEnding(suffix);
      const db = bed.t.deps.db;
      const signed = await createSignedInUser(db, { phone, username: `u${phone.slice(-8)}` });
      if (cents > 0) await fundUser(db, signed.user.id, cents);
      if (played) await recordPlayedRound(bed.t, signed.user.id);
      const socket = await recordingSocket(bed.t, signed.token);
      closers.push(socket.close);
      return { ...signed, phone, socket };
    },
    /** A signed-in POST through `app.inject`. */
    post(url: string, cookies: { authBB: string }, payload: object) {
      return bed.t.app.inject({ method: 'POST', url, cookies, payload });
    },
  };
  return bed;
}
