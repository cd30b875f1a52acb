/**
 * The PlaceBet load the bet benchmarks share (`bets-per-second`, `place-bet-profile`,
 * `settlement-at-scale`): what a bettor's client sends, and N users placing three-leg multiples
 * back to back — in this process, or (`clientProcess`) in a process of their own, as pgbench's
 * clients are a process apart from the database they measure.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { benchChild } from './child-kit';

export interface Pick {
  eventId: number;
  /** Decimal odds of the home win, as the list shows them. */
  odds: number;
}

/**
 * `POST /api/core/betslip/PlaceBet` as a bettor's client sends it: a KSh 0.10 stake on the 1x2
 * home win of each pick (a single for one pick, a multiple for more), any odds change accepted.
 */
export function postPlaceBet(
  base: string,
  cookie: string,
  picks: readonly Pick[],
  idempotencyKey: string,
): Promise<Response> {
  return fetch(`${base}/api/core/betslip/PlaceBet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: placeBetBody(picks, idempotencyKey),
  });
}

/** A KSh 10 PlaceBet of `picks` (a single, or a multiple of them), as both clients send it. */
function placeBetBody(picks: readonly Pick[], idempotencyKey: string): string {
  return JSON.stringify({
    siteId: 2,
    betType: picks.length > 1 ? 'multiple' : 'single',
    stake: 10,
    freebetStake: 0,
    acceptOddsChanges: 'any',
    idempotencyKey,
    selections: picks.map((p) => ({
      eventId: p.eventId,
      marketId: 1,
      specifier: '',
      outcomeId: 1,
      odds: p.odds,
    })),
  });
}

const agent = new http.Agent({ keepAlive: true });

/** `postPlaceBet` through node's `http` and a keep-alive agent: a leaner client than `fetch`. */
function postLean(
  base: string,
  cookie: string,
  picks: readonly Pick[],
  idempotencyKey: string,
): Promise<{ status: number; body: string }> {
  const payload = placeBetBody(picks, idempotencyKey);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/core/betslip/PlaceBet`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', cookie } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * The PlaceBet load of `bets-per-second` (and its profile): each call places a three-leg
 * multiple for `cookie`, the legs rotating through `picks`, and resolves with its answer time
 * (ms); anything but 200 throws. `placed()` counts the calls made.
 */
export function multiplePlacer(
  base: string,
  picks: readonly Pick[],
  keyPrefix: string,
): { place(cookie: string): Promise<number>; placed(): number } {
  let sequence = 0;
  return {
    async place(cookie) {
      sequence += 1;
      const start = sequence * 7;
      const legs = [0, 1, 2].map((k) => picks[(start + k * 3) % picks.length] as Pick);
      const began = performance.now();
      const key = `${keyPrefix}-${sequence}-${randomBytes(6).toString('hex')}`;
      const { status, body } = await postLean(base, cookie, legs, key);
      if (status !== 200) throw new Error(`PlaceBet answered ${status}: ${body}`);
      return performance.now() - began;
    },
    placed: () => sequence,
  };
}

/**
 * Every cookie's user places again and again for `durationMs` (`place` answers each call's
 * time); resolves with the answer times sorted and the seconds the load ran.
 */
export async function placeFor(
  cookies: readonly string[],
  durationMs: number,
  place: (cookie: string) => Promise<number>,
): Promise<{ latencies: number[]; seconds: number }> {
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + durationMs;
  await Promise.all(
    cookies.map(async (cookie) => {
      while (performance.now() < end) latencies.push(await place(cookie));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { latencies: latencies.sort((a, b) => a - b), seconds };
}

/** What the parent asks of a client process (`place-bet-clients.ts`). */
export type ClientsMessage =
  | { type: 'warm'; base: string; picks: Pick[]; cookies: string[]; bets: number }
  | { type: 'place-one' }
  | { type: 'load'; durationMs: number };

/**
 * The users' clients in a process of their own (`place-bet-clients.ts`): `warm` places `bets`
 * bets one after another (JIT, pools), `placeOne` one bet of the first user, `load` every user
 * back to back for `durationMs`; the client process's CPU is then not the server's.
 */
export async function clientProcess(base: string, picks: Pick[], cookies: string[]) {
  const proc = benchChild('place-bet-clients.ts', 'the PlaceBet client process');
  await proc.next('started');
  const ask = async <T>(message: ClientsMessage, answer: string) => {
    proc.child.send(message);
    return (await proc.next(answer)) as T;
  };
  return {
    warm: (bets: number) =>
      ask<unknown>({ type: 'warm', base, picks, cookies, bets }, 'warmed').then(() => undefined),
    placeOne: () => ask<{ ms: number }>({ type: 'place-one' }, 'placed').then((m) => m.ms),
    load: (durationMs: number) =>
      ask<{ latencies: number[]; seconds: number }>({ type: 'load', durationMs }, 'result'),
    close: () => {
      proc.child.disconnect();
    },
  };
}

/** The load in this process (`in-process`) or in a client process (`process`), one interface. */
export async function betLoad(
  base: string,
  picks: Pick[],
  cookies: string[],
  where: 'process' | 'in-process',
): Promise<Awaited<ReturnType<typeof clientProcess>>> {
  if (where === 'process') return clientProcess(base, picks, cookies);
  const { place } = multiplePlacer(base, picks, 'bench');
  return {
    async warm(bets) {
      for (let i = 0; i < bets; i++) await place(cookies[i % cookies.length]!);
    },
    placeOne: () => place(cookies[0]!),
    load: (durationMs) => placeFor(cookies, durationMs, place),
    close: () => undefined,
  };
}
