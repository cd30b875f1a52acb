import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MarketGroup } from '@dau/contracts/sports/event-summary';
import { useBetslipStore } from '../../lib/betslip-store';
import { createBetslip } from '@dau/domain/betslip';
import {
  applyMarketStatus,
  applyOddsChange,
  outcomeKey,
  setProducer,
  useLiveStore,
} from './live-store';
import { OddsButton } from './odds-button';
import { useAvailabilityStore } from '../../lib/availability-store';

const market = (prices: [number, number, number], status = 1): MarketGroup => ({
  uid: '1',
  id: 1,
  sp: '',
  n: '1x2',
  s: status,
  ibs: false,
  m: [
    { id: 1, n: 'Home', o: prices[0], ibs: false },
    { id: 2, n: 'draw', o: prices[1], ibs: false },
    { id: 3, n: 'Away', o: prices[2], ibs: false },
  ],
});

function renderButtons(eventId: number) {
  const renders: Record<string, number> = { '1': 0, '2': 0, '3': 0 };
  render(
    <>
      {market([2, 3, 4]).m.map((outcome) => (
        <Profiler
          key={outcome.id}
          id={String(outcome.id)}
          onRender={(id) => {
            renders[id] = (renders[id] ?? 0) + 1;
          }}
        >
          <OddsButton
            eventId={eventId}
            eventName="Home - Away"
            isLive={false}
            kickOff="22/11 18:00"
            marketUid="1"
            marketName="1x2"
            outcomeId={outcome.id}
            label={String(outcome.id)}
            pickName={outcome.n}
            odds={outcome.o}
            blocked={false}
          />
        </Profiler>
      ))}
    </>,
  );
  return renders;
}

const button = (eventId: number, outcomeId: number) =>
  document.querySelector<HTMLButtonElement>(
    `[data-outcome="${outcomeKey(eventId, '1', outcomeId)}"]`,
  );

beforeEach(() => {
  useLiveStore.setState({ outcomes: {}, marketOutcomes: {}, events: {} });
  useAvailabilityStore.setState({ liveBettingAvailable: true, preMatchBettingAvailable: true });
  useBetslipStore.setState({ normal: createBetslip('normal'), virtual: createBetslip('virtual') });
});

describe('odds buttons', () => {
  it('re-renders only the button whose price changed', () => {
    applyOddsChange(7, market([2, 3, 4]));
    const renders = renderButtons(7);
    expect(renders).toEqual({ '1': 1, '2': 1, '3': 1 });

    act(() => applyOddsChange(7, market([2, 3.25, 4])));
    expect(renders).toEqual({ '1': 1, '2': 2, '3': 1 });
    expect(button(7, 2)?.textContent).toBe('23.25');
    expect(button(7, 2)?.dataset.move).toBe('up');

    act(() => applyOddsChange(7, market([1.9, 3.25, 4])));
    expect(renders).toEqual({ '1': 2, '2': 2, '3': 1 });
    expect(button(7, 1)?.dataset.move).toBe('down');
  });

  it('locks a suspended market and unlocks it when it reopens', () => {
    applyOddsChange(8, market([2, 3, 4]));
    renderButtons(8);
    expect(button(8, 1)?.disabled).toBe(false);
    act(() => applyMarketStatus(8, 1, '', -1, true));
    expect([1, 2, 3].map((id) => button(8, id)?.disabled)).toEqual([true, true, true]);
    act(() => applyMarketStatus(8, 1, '', 1, false));
    expect(button(8, 3)?.disabled).toBe(false);
  });

  it('locks pre-match odds while the pre-match producer is down', () => {
    renderButtons(9);
    expect(button(9, 1)?.disabled).toBe(false);
    act(() => setProducer(1, false));
    expect(button(9, 1)?.disabled).toBe(false);
    act(() => setProducer(3, false));
    expect(button(9, 1)?.disabled).toBe(true);
  });

  it('adds the pick to the betslip, replaces it with another pick of the same event, removes it on a second tap', () => {
    renderButtons(10);
    act(() => screen.getByRole('button', { name: '1 2.00' }).click());
    expect(useBetslipStore.getState().normal.numselections).toBe(1);
    expect(button(10, 1)?.getAttribute('aria-pressed')).toBe('true');
    act(() => screen.getByRole('button', { name: '3 4.00' }).click());
    const slip = useBetslipStore.getState().normal;
    expect(slip.numselections).toBe(1);
    expect(Object.keys(slip.selections)).toEqual(['10-1-3']);
    expect(slip.comboodds).toBe(400);
    act(() => screen.getByRole('button', { name: '3 4.00' }).click());
    expect(useBetslipStore.getState().normal.numselections).toBe(0);
  });
});
