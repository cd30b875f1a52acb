import type { EventSummary } from '@dau/contracts/sports/event-summary';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyEventDeleted,
  applyLiveState,
  REMOVE_AFTER_MS,
  seedEvents,
  useLiveStore,
} from './live-store';

function event(id: number, isLive: boolean): EventSummary {
  return {
    id,
    tid: 1,
    cid: 1,
    sid: 1,
    ltn: 'League',
    lcn: 'Country',
    lsn: 'Soccer',
    htn: 'A',
    atn: 'B',
    n: 'A - B',
    edt: '2026-11-22T15:00:00.000Z',
    edtlocale: '22/11 18:00',
    odds: [],
    isLive,
    finished: false,
    isdeleted: false,
    ms: isLive ? 1 : 0,
    mt: isLive ? "12'" : '',
    sc: isLive ? '0:0' : '',
    st: isLive ? '1st half' : 'Not started',
    nro: 5,
    ibs: false,
  };
}

const diff = (eventId: number, isLive: boolean, sc: string) => ({
  eventId,
  sportId: 1,
  ms: 1,
  mt: "30'",
  sc,
  st: '1st half',
  isLive,
  finished: false,
});

beforeEach(() => {
  useLiveStore.setState({ outcomes: {}, marketOutcomes: {}, events: {} });
});

describe('live store', () => {
  it('merges live state into known live events and ignores non-live ones', () => {
    seedEvents([event(1, true), event(2, false)]);
    expect(applyLiveState(diff(1, true, '1:0'))).toBe(true);
    expect(useLiveStore.getState().events[1]?.sc).toBe('1:0');
    expect(applyLiveState(diff(2, false, '1:0'))).toBe(true);
    expect(useLiveStore.getState().events[2]?.sc).toBe('');
    // Unknown: the caller fetches it.
    expect(applyLiveState(diff(3, true, '0:0'))).toBe(false);
  });

  it('keeps the identity of unchanged events when the list is fetched again', () => {
    seedEvents([event(1, true)]);
    const first = useLiveStore.getState().events[1];
    seedEvents([event(1, true)]);
    expect(useLiveStore.getState().events[1]).toBe(first);
  });

  it('shows a deleted event as Ended and removes it after 2 s', () => {
    seedEvents([event(1, true)]);
    const timers: { fn: () => void; ms: number }[] = [];
    const removed: unknown[] = [];
    applyEventDeleted(
      1,
      (fn, ms) => timers.push({ fn, ms }),
      (place, wasLive) => removed.push([place, wasLive]),
    );
    expect(useLiveStore.getState().events[1]).toMatchObject({ st: 'Ended', removed: false });
    expect(timers.map((t) => t.ms)).toEqual([REMOVE_AFTER_MS]);
    expect(removed).toEqual([]);
    timers[0]?.fn();
    expect(useLiveStore.getState().events[1]?.removed).toBe(true);
    // The lists drop it from the live counts of its sport, category and tournament.
    expect(removed).toEqual([[{ sportId: 1, categoryId: 1, tournamentId: 1 }, true]]);
    timers[0]?.fn();
    expect(removed).toHaveLength(1);
  });
});
