import { eventSummarySchema } from '@dau/contracts/sports/event-summary';
import type { z } from 'zod';
import type { FeedReadModel, ReadEvent } from '../feed/read-model';
import { toEventSummary, type SummaryOptions } from './event-wire';
import { eventListAnswer, type EventListPage } from './sports.service';

/**
 * A list answer's JSON, assembled from each event's entry kept as validated JSON (ADR 219).
 *
 * The read model replaces an event's object on every change it commits (`cloneEvent`), so an
 * entry kept per event object is current for as long as that object is in the model: after an
 * odds change only the changed event is summarized, validated and serialized again, and the
 * other 149 entries of a page are reused as text. An entry also depends on the producers'
 * state (`ibs`) and the taxonomy's names, so those are part of its key.
 */
const entries = new WeakMap<ReadEvent, Map<string, Buffer>>();
/** Option sets kept per event object before its entries are dropped (producers flapping). */
const MAX_ENTRIES_PER_EVENT = 16;

/** The event's list entry as UTF-8 JSON. */
export function eventEntryJson(
  event: ReadEvent,
  model: FeedReadModel,
  options: SummaryOptions,
): Buffer {
  const key = [
    options.marketId ?? '',
    options.specifier ?? '',
    options.timeOffsetMinutes ?? '',
    model.producerUp[1] ? 1 : 0,
    model.producerUp[3] ? 1 : 0,
    model.taxonomyVersion,
  ].join('|');
  let byOptions = entries.get(event);
  if (!byOptions) {
    byOptions = new Map();
    entries.set(event, byOptions);
  }
  let json = byOptions.get(key);
  if (json === undefined) {
    json = Buffer.from(
      JSON.stringify(eventSummarySchema.parse(toEventSummary(event, model, options))),
    );
    if (byOptions.size >= MAX_ENTRIES_PER_EVENT) byOptions.clear();
    byOptions.set(key, json);
  }
  return json;
}

const EMPTY_EVENTS = '"eventMin":[]';
const COMMA = Buffer.from(',');

/**
 * The UTF-8 JSON of `{ ...head, ...eventListAnswer(page) }` validated by `schema`, the same
 * bytes `JSON.stringify(schema.parse(…))` gives: the envelope is validated with no events, then
 * the events' kept entries go in its one empty `eventMin` (no string value can hold that text
 * unescaped). Bytes, not a string: joining 150 strings and encoding the result cost more than
 * the rest of the page.
 */
export function eventListJson<T>(
  schema: z.ZodType<T>,
  head: object,
  page: EventListPage,
  model: FeedReadModel,
): Buffer {
  const skeleton = JSON.stringify(
    schema.parse({ ...head, ...eventListAnswer({ ...page, events: [] }, model) }),
  );
  const at = skeleton.indexOf(EMPTY_EVENTS);
  if (at === -1 || skeleton.indexOf(EMPTY_EVENTS, at + 1) !== -1) {
    throw new Error('a list answer must hold exactly one eventMin');
  }
  const parts: Buffer[] = [Buffer.from(`${skeleton.slice(0, at)}"eventMin":[`)];
  page.events.forEach((event, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(eventEntryJson(event, model, page.summary));
  });
  parts.push(Buffer.from(`]${skeleton.slice(at + EMPTY_EVENTS.length)}`));
  return Buffer.concat(parts);
}
