/**
 * What the reliability suite shares: the money fingerprint a refused request must leave alone,
 * the error-envelope check, and the run's figures (written for docs/reliability.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { isErrorEnvelope } from '@dau/contracts/errors';
import type { Db } from '../../src/db/database';

/**
 * Everything money-shaped in one string: every ledger account's balance, the number of
 * transactions and entries, and every payment's, bet's and casino round's status. A request
 * that was refused must leave it unchanged.
 */
export async function moneyFingerprint(db: Db): Promise<string> {
  const { rows } = await sql<{ fingerprint: string }>`
    select concat_ws('|',
      (select count(*) from ledger_transactions),
      (select count(*) from ledger_entries),
      (select string_agg(id || ':' || balance, ',' order by id) from ledger_accounts),
      (select string_agg(id || ':' || status, ',' order by id) from payments),
      (select string_agg(id || ':' || status, ',' order by id) from bets),
      (select count(*) from casino_rounds),
      (select count(*) from casino_transactions)
    ) as fingerprint`.execute(db);
  return rows[0]?.fingerprint ?? '';
}

/** The error envelope of the spec (doc 1 §8), or a description of what came instead. */
export function envelopeProblem(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `not JSON: ${body.slice(0, 120)}`;
  }
  return isErrorEnvelope(parsed) ? null : `not the envelope: ${body.slice(0, 200)}`;
}

/** Appends one suite's figures to RELIABILITY_REPORT (JSON lines), when set. */
export function recordFigures(suite: string, figures: Record<string, unknown>): void {
  const file = process.env.RELIABILITY_REPORT;
  if (!file) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.appendFileSync(
    file,
    `${JSON.stringify({ suite, at: new Date().toISOString(), ...figures })}\n`,
  );
}

/** A whole number from the environment, or the default. */
export function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
}

export interface Selection {
  eventId: number;
  marketId: number;
  specifier: string;
  outcomeId: number;
  odds: number;
}

/**
 * One open pre-match selection per event (the first open market of whatever sport), leaving out
 * `notIn`: what the crash and two-instance tests bet on.
 */
export async function openSelections(
  db: Kysely<unknown>,
  notIn: number[] = [],
): Promise<Selection[]> {
  const { rows } = await sql<{
    event_id: number;
    market_id: number;
    specifier: string;
    outcome_id: number;
    odds: number;
  }>`
    select distinct on (m.event_id) m.event_id, m.market_id, m.specifier, o.outcome_id, o.odds
    from feed_markets m
    join feed_outcomes o on o.event_id = m.event_id and o.market_id = m.market_id
      and o.specifier = m.specifier and o.active
    join feed_events e on e.id = m.event_id
    where m.status = 1 and e.status = 0 and m.event_id not in (${sql.join([...notIn, 0])})
    order by m.event_id, m.market_id, m.specifier, o.outcome_id
    limit 20`.execute(db);
  return rows.map((r) => ({
    eventId: Number(r.event_id),
    marketId: r.market_id,
    specifier: r.specifier,
    outcomeId: r.outcome_id,
    odds: Number(r.odds) / 100,
  }));
}
