/**
 * Cash-out offers pushed as prices move (issue #21): with BENCH_OPEN_BETS open bets (10,000)
 * spread over the pre-match events and BENCH_ODDS_PER_SECOND price changes per second (200)
 * fed through ingestion, how long from a price change until the owners of the bets on that
 * event receive the re-priced `CashoutOffer` over Socket.IO. Goal: p99 ≤ 500 ms.
 *
 * The bets: every user places real singles through PlaceBet, then the rows are copied in SQL up
 * to the count (same legs, same owners) — the offers read bets and legs, not how they got there.
 * PostgreSQL at DATABASE_URL in a schema of its own, dropped after; skipped when unreachable.
 */
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import type { CashoutOfferResponse } from '@dau/contracts/betting/cashout';
import { BETS_CHANGED } from '../apps/server/src/modules/betting/open-bets-index';
import { admin, DATABASE_URL, latencySummary, reachable } from './postgres-kit';
import { fundedUsers, openPicks, postPlaceBet, reporter, withBenchServer } from './server-kit';

const OPEN_BETS = Number(process.env.BENCH_OPEN_BETS ?? 10_000);
const USERS = Number(process.env.BENCH_USERS ?? 200);
const CHANGES_PER_SECOND = Number(process.env.BENCH_ODDS_PER_SECOND ?? 200);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const NAME = 'Cash-out offers pushed as prices move (PostgreSQL)';

const report = reporter(NAME);

/** Copies the placed bets (and their legs) until there are `total`, keeping owners and legs. */
async function copyBets(schema: string, total: number): Promise<void> {
  await admin(async (c) => {
    await c.query(`set search_path to ${schema}`);
    const columns = async (table: string) =>
      (
        await c.query<{ column_name: string }>(
          `select column_name from information_schema.columns where table_schema = $1 and table_name = $2 and column_name <> 'id'`,
          [schema, table],
        )
      ).rows.map((r) => `"${r.column_name}"`);
    const betColumns = await columns('bets');
    const legColumns = await columns('bet_selections');
    const { rows } = await c.query<{ n: string; max: string }>(
      `select count(*) as n, max(id) as max from bets`,
    );
    const placed = Number(rows[0]?.n ?? 0);
    const offset = Number(rows[0]?.max ?? 0);
    for (let round = 1; placed * (round + 1) <= total; round++) {
      const shift = offset * round;
      const betValues = betColumns.map((col) =>
        col === '"idempotency_key"' ? `idempotency_key || '-copy-${round}'` : col,
      );
      await c.query(
        `insert into bets (id, ${betColumns.join(', ')})
         select id + ${shift}, ${betValues.join(', ')} from bets where id <= ${offset}`,
      );
      const legValues = legColumns.map((col) => (col === '"bet_id"' ? `bet_id + ${shift}` : col));
      await c.query(
        `insert into bet_selections (${legColumns.join(', ')})
         select ${legValues.join(', ')} from bet_selections where bet_id <= ${offset}`,
      );
    }
    await c.query(
      `select setval(pg_get_serial_sequence('bets', 'id'), (select max(id) from bets))`,
    );
  });
}

async function offersRun(): Promise<Record<string, number | string>> {
  return withBenchServer(
    'bench_cashout',
    { SOCKET_MAX_CONNECTIONS_PER_IP: '100000' },
    async (server, schema) => {
      const sockets: Socket[] = [];
      let stop = () => undefined as void;
      try {
        const { feed, db } = server.deps;
        await feed.connect();
        const sim = feed.simulator;
        if (!sim) throw new Error('no simulator');
        // The simulated world runs in real time (its alive messages keep the producers up).
        let ticking = false;
        const clock = setInterval(() => {
          if (ticking) return;
          ticking = true;
          void sim.advance(1000).finally(() => (ticking = false));
        }, 1000);
        stop = () => clearInterval(clock);
        await server.app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = server.app.server.address() as AddressInfo;
        const base = `http://127.0.0.1:${port}`;
        const picks = (await openPicks(base)).filter((p) => p.odds >= 1.3 && p.odds <= 20);
        if (picks.length < 10) throw new Error(`only ${picks.length} open pre-match events`);

        const users = await fundedUsers(db, USERS);
        const perUser = Math.max(
          1,
          Math.ceil(Math.min(OPEN_BETS, picks.length * USERS) / USERS / 10),
        );
        let placedCount = 0;
        await Promise.all(
          users.map(async (user, u) => {
            for (let k = 0; k < perUser; k++) {
              const pick = { ...picks[(u * perUser + k) % picks.length]! };
              // The world runs: a price that moved under the request is taken at its new value.
              for (let attempt = 0; ; attempt++) {
                const res = await postPlaceBet(
                  base,
                  user.cookie,
                  [pick],
                  `bench-${u}-${k}-${attempt}`,
                );
                if (res.status === 200) break;
                const body = (await res.json()) as { datasource_entries?: { odds?: number }[] };
                const moved = body.datasource_entries?.[0]?.odds;
                if (res.status !== 409 || attempt > 40) {
                  throw new Error(`PlaceBet ${res.status}: ${JSON.stringify(body)}`);
                }
                if (moved) pick.odds = moved;
                // A producer recovering (PRODUCER_DOWN) is back within seconds.
                else await new Promise((r) => setTimeout(r, 250));
              }
              placedCount += 1;
            }
          }),
        );
        await copyBets(schema, OPEN_BETS);
        // The copies were written behind the server's back: announce them as any instance
        // announces the bets it changed, so the offer pushes' open-bets index reads them.
        const ids = await db.selectFrom('bets').select('id').execute();
        server.deps.realtime.toInstances(
          BETS_CHANGED,
          ids.map((r) => r.id),
        );
        const open = await db
          .selectFrom('bets')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'open')
          .executeTakeFirstOrThrow();
        const legs = await db.selectFrom('bet_selections').select(['bet_id', 'event_id']).execute();
        const eventOf = new Map(legs.map((l) => [String(l.bet_id), l.event_id]));

        // One socket per owner; each push is timed against the first price change on its event
        // after that bet's previous push (the change that made it).
        const changes = new Map<number, number[]>();
        const lastPush = new Map<string, number>();
        const latencies: number[] = [];
        let pushes = 0;
        const received = (offer: CashoutOfferResponse) => {
          const at = performance.now();
          pushes += 1;
          const eventId = eventOf.get(offer.betId);
          const times = eventId === undefined ? undefined : changes.get(eventId);
          const since = lastPush.get(offer.betId) ?? 0;
          lastPush.set(offer.betId, at);
          const cause = times?.find((t) => t > since);
          if (cause !== undefined) latencies.push(at - cause);
        };
        for (const user of users) {
          const socket = io(base, {
            transports: ['websocket'],
            forceNew: true,
            extraHeaders: { cookie: user.cookie },
          });
          socket.on('CashoutOffer', received);
          sockets.push(socket);
        }
        await Promise.all(
          sockets.map((s) => new Promise<void>((resolve) => s.once('authState', () => resolve()))),
        );
        // The world keeps moving prices meanwhile: the index has read the announced copies.
        await new Promise((r) => setTimeout(r, 1_000));

        // Prices walk by a hundredth at a time so that no two in a row are equal.
        const eventIds = [...new Set(picks.map((p) => p.eventId))];
        const odds = new Map(picks.map((p) => [p.eventId, Math.round(p.odds * 100)]));
        const started = performance.now();
        let sent = 0;
        while (performance.now() - started < DURATION_MS) {
          const due = Math.floor(((performance.now() - started) / 1000) * CHANGES_PER_SECOND);
          while (sent < due) {
            const eventId = eventIds[sent % eventIds.length]!;
            const next = (odds.get(eventId) ?? 200) + (sent % 2 === 0 ? 1 : 2);
            odds.set(eventId, next > 1500 ? 150 : next);
            const t = performance.now();
            await sim.setPrice(eventId, 1, '', 1, odds.get(eventId)!);
            changes.set(eventId, [...(changes.get(eventId) ?? []), t]);
            sent += 1;
          }
          await new Promise((r) => setTimeout(r, 5));
        }
        await sim.idle();
        await new Promise((r) => setTimeout(r, 2_000));
        const seconds = (performance.now() - started) / 1000;
        latencies.sort((a, b) => a - b);
        const summary = latencySummary(latencies, seconds);
        return {
          openBets: Number(open.n),
          placedThroughApi: placedCount,
          users: USERS,
          events: eventIds.length,
          oddsChanges: sent,
          oddsChangesPerSecond: Math.round(sent / (DURATION_MS / 1000)),
          offersPushed: pushes,
          betsOffered: lastPush.size,
          offerP50Ms: summary.p50Ms,
          offerP99Ms: summary.p99Ms,
          goal: 'p99 ≤ 500 ms',
        };
      } finally {
        stop();
        for (const s of sockets) s.disconnect();
      }
    },
  );
}

const unreachable = await reachable(DATABASE_URL);
if (unreachable) {
  report({ skipped: `PostgreSQL is not reachable at DATABASE_URL (${unreachable})` });
} else {
  report(await offersRun());
}
