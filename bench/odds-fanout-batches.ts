/**
 * Where a feed batch's time goes, for `odds-fanout.bench.ts` (ADR 233; not a bench of its own):
 * it wraps ingestion's commit of each batch (its messages, when it began, when its last statement
 * was answered, when it was published) and every statement the server's `pg` clients send during
 * one (sent → answer read: the time in PostgreSQL plus the wait for this process's event loop to
 * read the answer). With `BENCH_FANOUT_PG_LOG_MS` each connection also asks PostgreSQL to log
 * statements slower than that (`log_min_duration_statement`, a superuser setting): PostgreSQL's
 * own durations, to tell its time from the loop's.
 */
import pg from 'pg';
import { percentile, tenth } from './postgres-kit';

interface StagedLike {
  message: { type: string; eventId: number };
  next: { id: number; markets: Map<string, { outcomes: { outcomeId: number; odds: number }[] }> };
}
interface Batch {
  began: number;
  /** The last statement's answer read (the commit). */
  written: number;
  published: number;
  messages: number;
  statements: { kind: string; sent: number; took: number }[];
}

const PG_LOG_MS = process.env.BENCH_FANOUT_PG_LOG_MS;

/** `insert into "feed_outcomes"` → `insert feed_outcomes`; `begin`, `commit`, `with …`. */
function kindOf(text: string): string {
  const words = text.trim().toLowerCase().replace(/"/g, '').split(/\s+/);
  if (words[0] === 'insert' || words[0] === 'update') return `${words[0]} ${words[2] ?? ''}`;
  return words[0] ?? '?';
}

export function watchBatches(ingestion: unknown, clock: () => number) {
  const batches: Batch[] = [];
  /** Tracked change (`eventId:home`) → its batch. */
  const batchOf = new Map<string, Batch>();
  let current: Batch | null = null;
  let tracking = false;

  const internals = ingestion as { commit(batch: { staged: StagedLike[] }): Promise<void> };
  const commit = internals.commit.bind(internals);
  internals.commit = async (batch) => {
    if (!tracking) return commit(batch);
    const entry: Batch = {
      began: clock(),
      written: 0,
      published: 0,
      messages: batch.staged.length,
      statements: [],
    };
    for (const { message, next } of batch.staged) {
      if (message.type !== 'odds_change') continue;
      const home = next.markets.get('1')?.outcomes.find((o) => o.outcomeId === 1)?.odds;
      if (home !== undefined) batchOf.set(`${next.id}:${home}`, entry);
    }
    current = entry;
    try {
      await commit(batch);
    } finally {
      entry.published = clock();
      entry.written ||= entry.published;
      if (current === entry) current = null;
      batches.push(entry);
    }
  };

  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  const logging = new WeakSet<object>();
  proto.query = function (this: object, ...args: unknown[]) {
    if (PG_LOG_MS !== undefined && !logging.has(this)) {
      logging.add(this);
      void (
        query.call(
          this,
          `set log_min_duration_statement = ${Number(PG_LOG_MS)}`,
        ) as Promise<unknown>
      ).catch(() => undefined);
    }
    const batch = current;
    const result = query.apply(this, args);
    if (batch && result && typeof (result as Promise<unknown>).then === 'function') {
      const first = args[0] as string | { text?: string };
      const kind = kindOf(typeof first === 'string' ? first : (first?.text ?? '?'));
      const sent = clock();
      const done = () => {
        const at = clock();
        batch.statements.push({ kind, sent, took: at - sent });
        batch.written = Math.max(batch.written, at);
      };
      void (result as Promise<unknown>).then(done, done);
    }
    return result;
  };

  return {
    start() {
      tracking = true;
    },
    /**
     * The batches' sizes and times, the statements by kind, and for the slowest 1 % of tracked
     * changes (ingestion → commit) how their time splits: waiting for the transaction before
     * theirs, their own batch's writes, and publishing up to their change.
     */
    report(entered: Map<string, number>, committed: Map<string, number>, started: number) {
      tracking = false;
      proto.query = query;
      const stats = (values: number[]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return {
          p50: tenth(percentile(sorted, 50)),
          p99: tenth(percentile(sorted, 99)),
          max: tenth(sorted.at(-1) ?? 0),
        };
      };
      const byKind = new Map<string, number[]>();
      for (const b of batches) {
        for (const s of b.statements) {
          const list = byKind.get(s.kind) ?? [];
          byKind.set(s.kind, list);
          list.push(s.took);
        }
      }
      const spans: { total: number; wait: number; write: number; publish: number }[] = [];
      for (const [key, at] of committed) {
        const start = entered.get(key);
        const batch = batchOf.get(key);
        if (start === undefined || !batch) continue;
        spans.push({
          total: at - start,
          wait: batch.began - start,
          write: batch.written - batch.began,
          publish: at - batch.written,
        });
      }
      spans.sort((a, b) => a.total - b.total);
      const slowest = spans.slice(Math.floor(spans.length * 0.99));
      const mean = (pick: (s: (typeof spans)[number]) => number) =>
        slowest.length === 0
          ? 0
          : tenth(slowest.reduce((sum, s) => sum + pick(s), 0) / slowest.length);
      const statements = batches.reduce((sum, b) => sum + b.statements.length, 0);
      const slowBatches = [...batches]
        .sort((a, b) => b.written - b.began - (a.written - a.began))
        .slice(0, 8)
        .map((b) => ({
          atS: tenth((b.began - started) / 1000),
          messages: b.messages,
          writeMs: tenth(b.written - b.began),
          statements: b.statements.map(
            (s) => `${s.kind} +${tenth(s.sent - b.began)} ${tenth(s.took)}`,
          ),
        }));
      return {
        batches: batches.length,
        messagesPerBatch: stats(batches.map((b) => b.messages)),
        statementsPerBatch: batches.length === 0 ? 0 : tenth(statements / batches.length),
        batchWriteMs: stats(batches.map((b) => b.written - b.began)),
        batchPublishMs: stats(batches.map((b) => b.published - b.written)),
        statementMs: Object.fromEntries(
          [...byKind.entries()].map(([kind, times]) => [
            kind,
            { count: times.length, ...stats(times) },
          ]),
        ),
        slowest1PercentMeanMs: {
          changes: slowest.length,
          total: mean((s) => s.total),
          waitForPreviousBatch: mean((s) => s.wait),
          ownBatchWrite: mean((s) => s.write),
          publishToThisChange: mean((s) => s.publish),
        },
        slowBatches,
      };
    },
  };
}
