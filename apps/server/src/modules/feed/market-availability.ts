import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database';
import type { ProducerId } from './feed-messages';
import { marketKey, PRODUCER_ALIVE_TIMEOUT_MS, type FeedReadModel } from './read-model';

export interface MarketSelection {
  eventId: number;
  marketId: number;
  /** Empty for markets without a specifier. */
  specifier: string;
  outcomeId: number;
}

/** Names of an event, market and outcome as the feed has them (stored on a bet's legs). */
export interface SelectionLabels {
  sportId: number;
  eventName: string;
  marketName: string;
  outcomeName: string;
}

export type SelectionAvailability =
  | {
      open: true;
      /** Current decimal odds in hundredths. */
      odds: number;
      isLive: boolean;
      producer: ProducerId;
      labels: SelectionLabels;
    }
  | {
      open: false;
      reason:
        | 'EVENT_NOT_FOUND'
        | 'MARKET_NOT_FOUND'
        | 'OUTCOME_NOT_FOUND'
        | 'EVENT_NOT_OPEN'
        | 'MARKET_NOT_ACTIVE'
        | 'OUTCOME_NOT_ACTIVE'
        | 'PRODUCER_DOWN';
      /** The spec's message for a selection that cannot take bets. */
      message: string;
    };

const EXPIRED = 'Market has expired';
const SUSPENDED = 'Market is suspended';

/**
 * A selection's event (`e`) with its market (`m`) and outcome (`o`) joined while they exist:
 * the base of every per-selection read (availability here, booking-code labels in betting).
 */
export function selectionQuery(db: DbOrTx, selection: MarketSelection) {
  return db
    .selectFrom('feed_events as e')
    .leftJoin('feed_markets as m', (join) =>
      join
        .onRef('m.event_id', '=', 'e.id')
        .on('m.market_id', '=', selection.marketId)
        .on('m.specifier', '=', selection.specifier),
    )
    .leftJoin('feed_outcomes as o', (join) =>
      join
        .onRef('o.event_id', '=', 'm.event_id')
        .onRef('o.market_id', '=', 'm.market_id')
        .onRef('o.specifier', '=', 'm.specifier')
        .on('o.outcome_id', '=', selection.outcomeId),
    )
    .where('e.id', '=', selection.eventId);
}

/**
 * The betting module's question (#8): can a bet be taken on this outcome now, and at what odds?
 * Reads the database (inside the bet's transaction if given one), so every instance answers the
 * same: the outcome must be active, its market active (status 1), the event not started or live,
 * and the event's producer up with a recent alive. Pass the app's clock (`deps.now()`) as `now`.
 * The one query for a selection: an open answer carries the names the bet's leg stores.
 */
export async function checkSelectionOpen(
  db: DbOrTx,
  selection: MarketSelection,
  now: Date = new Date(),
): Promise<SelectionAvailability> {
  const row = await selectionQuery(db, selection)
    .innerJoin('feed_producers as p', 'p.id', 'e.producer')
    .select([
      'e.status as eventStatus',
      'e.producer',
      'e.sport_id as sportId',
      'e.home',
      'e.away',
      'm.status as marketStatus',
      'm.name as marketName',
      'o.odds',
      'o.active',
      'o.name as outcomeName',
      'p.up as producerUp',
      'p.last_alive_at as lastAliveAt',
    ])
    .executeTakeFirst();
  return availabilityOf(row, now);
}

/** What one availability read returns for a selection (undefined: its event is unknown). */
interface AvailabilityRow {
  eventStatus: number;
  producer: number;
  sportId: number;
  home: string;
  away: string;
  marketStatus: number | null;
  marketName: string | null;
  odds: number | null;
  active: boolean | null;
  outcomeName: string | null;
  producerUp: boolean;
  lastAliveAt: Date | string | null;
}

/** The rules of `checkSelectionOpen`, applied to the row it (or the batched read) loaded. */
function availabilityOf(row: AvailabilityRow | undefined, now: Date): SelectionAvailability {
  if (!row) return closed('EVENT_NOT_FOUND', EXPIRED);
  if (row.marketStatus === null) return closed('MARKET_NOT_FOUND', EXPIRED);
  if (row.odds === null || row.active === null || row.outcomeName === null) {
    return closed('OUTCOME_NOT_FOUND', EXPIRED);
  }
  const aliveAt = row.lastAliveAt ? new Date(row.lastAliveAt).getTime() : 0;
  // A stale alive means the ingesting instance died: nobody marked the producer down.
  const fresh = now.getTime() - aliveAt <= PRODUCER_ALIVE_TIMEOUT_MS;
  if (!row.producerUp || !fresh) return closed('PRODUCER_DOWN', SUSPENDED);
  if (row.eventStatus !== 0 && row.eventStatus !== 1) return closed('EVENT_NOT_OPEN', EXPIRED);
  if (row.marketStatus !== 1) {
    return closed('MARKET_NOT_ACTIVE', row.marketStatus === -1 ? SUSPENDED : EXPIRED);
  }
  if (!row.active) return closed('OUTCOME_NOT_ACTIVE', SUSPENDED);
  return {
    open: true,
    odds: row.odds,
    isLive: row.eventStatus === 1,
    producer: row.producer as ProducerId,
    labels: {
      sportId: row.sportId,
      eventName: `${row.home} - ${row.away}`,
      marketName: row.marketName ?? '',
      outcomeName: row.outcomeName,
    },
  };
}

/** Selections per batched read: four parameters each, well under PostgreSQL's 65,535. */
const BATCH = 2_000;

/**
 * `checkSelectionOpen` for many selections at once (cash-out offers of many bets): one query
 * per 2,000 distinct selections instead of one each, with the same rules. Answers in the order
 * of `selections`.
 */
export async function checkSelectionsOpen(
  db: DbOrTx,
  selections: readonly MarketSelection[],
  now: Date = new Date(),
): Promise<SelectionAvailability[]> {
  const distinct = distinctSelections(selections);
  const rows: AvailabilityRowOf[] = [];
  for (let i = 0; i < distinct.length; i += BATCH) {
    const part = distinct.slice(i, i + BATCH);
    rows.push(...(await availabilityRowsQuery(part).execute(db)).rows);
  }
  return availabilityAnswers(selections, rows, now);
}

/** What the availability read answers for one selection it found (keyed by the selection). */
export type AvailabilityRowOf = AvailabilityRow & MarketSelection;

const selectionKey = (s: MarketSelection) =>
  `${s.eventId}:${s.marketId}:${s.specifier}:${s.outcomeId}`;

/** Each selection once (a batch of slips often names one selection several times). */
export function distinctSelections(selections: readonly MarketSelection[]): MarketSelection[] {
  return [...new Map(selections.map((s) => [selectionKey(s), s])).values()];
}

/**
 * The read behind `checkSelectionsOpen` for some distinct selections: one row per selection
 * whose event exists (its market and outcome joined while they exist), as a query of its own or
 * a subquery of a larger statement (a bet batch reads it with its users' limits, ADR 193).
 */
export function availabilityRowsQuery(selections: readonly MarketSelection[]) {
  const wanted = sql.join(
    selections.map(
      (s) =>
        sql`(${s.eventId}::int, ${s.marketId}::int, ${s.specifier}::text, ${s.outcomeId}::int)`,
    ),
  );
  return sql<AvailabilityRowOf>`
    select w.event_id as "eventId", w.market_id as "marketId", w.specifier,
      w.outcome_id as "outcomeId", e.status as "eventStatus", e.producer,
      e.sport_id as "sportId", e.home, e.away, m.status as "marketStatus",
      m.name as "marketName", o.odds, o.active, o.name as "outcomeName",
      p.up as "producerUp", p.last_alive_at as "lastAliveAt"
    from (values ${wanted}) as w(event_id, market_id, specifier, outcome_id)
    join feed_events e on e.id = w.event_id
    join feed_producers p on p.id = e.producer
    left join feed_markets m on m.event_id = e.id and m.market_id = w.market_id
      and m.specifier = w.specifier
    left join feed_outcomes o on o.event_id = m.event_id and o.market_id = m.market_id
      and o.specifier = m.specifier and o.outcome_id = w.outcome_id`;
}

/** The rules of `checkSelectionOpen` applied to the rows read, in the order of `selections`. */
export function availabilityAnswers(
  selections: readonly MarketSelection[],
  rows: readonly AvailabilityRowOf[],
  now: Date,
): SelectionAvailability[] {
  const found = new Map<string, AvailabilityRow>();
  for (const row of rows) found.set(selectionKey(row), row);
  return selections.map((s) => availabilityOf(found.get(selectionKey(s)), now));
}

/**
 * `checkSelectionOpen` answered from this instance's read model with the same rules (cash-out
 * offers pushed as prices move, on the instance that ingests: its model is the committed feed).
 * The model's producer flag already includes the alive timeout (ingestion checks it each second).
 */
export function selectionInModel(
  model: FeedReadModel,
  selection: MarketSelection,
  now: Date,
): SelectionAvailability {
  const event = model.events.get(selection.eventId);
  if (!event) return availabilityOf(undefined, now);
  const market = event.markets.get(marketKey(selection.marketId, selection.specifier));
  const outcome = market?.outcomes.find((o) => o.outcomeId === selection.outcomeId);
  return availabilityOf(
    {
      eventStatus: event.status,
      producer: event.producer,
      sportId: event.sportId,
      home: event.home,
      away: event.away,
      marketStatus: market?.status ?? null,
      marketName: market?.name ?? null,
      odds: outcome?.odds ?? null,
      active: outcome?.active ?? null,
      outcomeName: outcome?.name ?? null,
      producerUp: model.producerUp[event.producer],
      lastAliveAt: now,
    },
    now,
  );
}

/** The same question answered from this instance's read model (fast, for list decorations). */
export function isSelectionOpenInModel(model: FeedReadModel, selection: MarketSelection): boolean {
  const event = model.events.get(selection.eventId);
  if (!event || !model.producerUp[event.producer]) return false;
  if (event.status !== 0 && event.status !== 1) return false;
  const market = event.markets.get(marketKey(selection.marketId, selection.specifier));
  if (!market || market.status !== 1) return false;
  return market.outcomes.some((o) => o.outcomeId === selection.outcomeId && o.active);
}

function closed(
  reason: Extract<SelectionAvailability, { open: false }>['reason'],
  message: string,
): SelectionAvailability {
  return { open: false, reason, message };
}
