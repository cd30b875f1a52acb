import type { EventSummary } from '@dau/contracts/sports/event-summary';
import { act, render } from '@testing-library/react';
import { Profiler } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { EventRow } from './event-row';
import { applyLiveState, seedEvents, useLiveStore } from './live-store';

const live: EventSummary = {
  id: 41,
  tid: 1,
  cid: 1,
  sid: 1,
  ltn: 'League',
  lcn: 'Country',
  lsn: 'Soccer',
  htn: 'Home',
  atn: 'Away',
  n: 'Home - Away',
  edt: '2026-11-22T15:00:00.000Z',
  edtlocale: '22/11 18:00',
  odds: [],
  isLive: true,
  finished: false,
  isdeleted: false,
  ms: 1,
  mt: "12'",
  sc: '1:0',
  st: '1st half',
  nro: 5,
  ibs: false,
};

function renderRow(event: EventSummary) {
  const renders = { count: 0 };
  render(
    <MemoryRouter>
      <ul>
        <Profiler id="row" onRender={() => (renders.count += 1)}>
          <EventRow event={event} marketId={1} specifier="" />
        </Profiler>
      </ul>
    </MemoryRouter>,
  );
  return renders;
}

const row = () => document.querySelector<HTMLElement>('[data-event-id="41"]');

beforeEach(() => useLiveStore.setState({ outcomes: {}, marketOutcomes: {}, events: {} }));

describe('event rows (ADR 196)', () => {
  it('are not drawn again when the store is seeded with the state they show', () => {
    const renders = renderRow(live);
    expect(renders.count).toBe(1);
    act(() => seedEvents([live]));
    expect(renders.count).toBe(1);
    expect(row()?.textContent).toContain("12'");
  });

  it('are drawn again when the score or the clock moves', () => {
    const renders = renderRow(live);
    act(() => seedEvents([live]));
    act(() => {
      applyLiveState({ ...live, eventId: 41, sportId: 1, sc: '2:0', mt: "31'" });
    });
    expect(renders.count).toBe(2);
    expect(row()?.textContent).toContain("31'");
    expect(row()?.textContent).toContain('2');
  });
});
