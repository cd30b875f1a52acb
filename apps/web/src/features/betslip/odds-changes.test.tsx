import type { MarketGroup } from '@dau/contracts/sports/event-summary';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { renderDock, resetBetslipStore, testPick } from './slip-test-kit';
import { applyBetslipMarketStatus, applyBetslipOdds } from './betslip-feed';
import { dispatchBetslip, toggleSelection, useBetslipStore } from '../../lib/betslip-store';
import { placeBets } from './place-bet';

/** Issue #15 defects 1 and 2: refused legs recover, and "Ask me" asks. */
const pick = (eventId: number, odds: number) => testPick(eventId, odds, { isLive: true });
const market = (o: number, status = 1): MarketGroup => ({
  uid: '1',
  id: 1,
  sp: '',
  n: '1x2',
  s: status,
  ibs: false,
  m: [{ id: 1, n: '1', o, ibs: false }],
});
const refusal = (code: string, message: string, odds?: number) =>
  Response.json(
    {
      hasErrors: true,
      datasource_entries: [
        {
          error_triggered: true,
          dimension_value: message,
          value: code,
          name: '1',
          ...(odds ? { odds } : {}),
        },
      ],
    },
    { status: 409 },
  );

beforeEach(() => {
  resetBetslipStore();
  toggleSelection(pick(1, 2.95));
  toggleSelection(pick(2, 1.5));
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ isAuthenticated: false, loginModal: null });
});

const slip = () => useBetslipStore.getState().normal;
const leg = () => slip().selections['1-1-1'];

describe('a refused leg recovers by itself (defect 1)', () => {
  it('a "Market is suspended" refusal lifts on the next open price, even an unchanged one', async () => {
    vi.stubGlobal('fetch', async () => refusal('MARKET_SUSPENDED', 'Market is suspended'));
    await placeBets(slip());
    expect(leg()?.selectionitem).toMatchObject({ ibs: true, sm: 'Market is suspended' });
    // The market was suspended and reopens at the same price.
    applyBetslipMarketStatus({ eventId: 1, marketId: 1, specifier: '', ibs: false, status: -1 });
    applyBetslipMarketStatus({ eventId: 1, marketId: 1, specifier: '', ibs: false, status: 1 });
    expect(leg()?.selectionitem).toMatchObject({ ibs: false, sm: '' });
  });

  it('a refusal lifts on an odds push that repeats the price the slip already has', async () => {
    vi.stubGlobal('fetch', async () => refusal('PRODUCER_DOWN', 'Live betting is paused'));
    await placeBets(slip());
    expect(leg()?.selectionitem.ibs).toBe(true);
    applyBetslipOdds(1, market(2.95));
    expect(leg()?.selectionitem.ibs).toBe(false);
  });

  it('"Odds changed" takes the new price and asks instead of blocking', async () => {
    vi.stubGlobal('fetch', async () =>
      refusal('ODDS_CHANGED', 'Odds changed from 2.95 to 3.10', 3.1),
    );
    await placeBets(slip());
    expect(leg()?.selectionitem).toMatchObject({ o: 310, ibs: false, sm: '' });
    expect(leg()?.acceptedOdds).toBe(295);
    expect(slip().oddschanges).toBe(1);
  });
});

describe('"Ask me" asks (defect 2)', () => {
  function renderOpenDock() {
    useSessionStore.setState({ isAuthenticated: true });
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 503 }));
    renderDock({ open: true });
  }

  it('shows old → new, disables Place until Accept changes, then sends the new price', async () => {
    renderOpenDock();
    const place = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Place bet/ });
    expect(place().disabled).toBe(false);
    act(() => applyBetslipOdds(1, market(3.1)));
    expect(screen.getByTestId('odds-change').getAttribute('aria-label')).toBe(
      'Odds changed from 2.95 to 3.10',
    );
    expect(screen.getByTestId('odds-change').textContent).toBe('2.95 → 3.10');
    expect(place().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Accept changes' }));
    expect(screen.queryByTestId('odds-change')).toBeNull();
    expect(place().disabled).toBe(false);
    const bodies: { selections: { odds: number }[]; acceptOddsChanges: string }[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return new Response('{}', { status: 503 });
    });
    await act(async () => fireEvent.click(place()));
    expect(bodies[0]?.selections[0]?.odds).toBe(3.1);
    expect(bodies[0]?.acceptOddsChanges).toBe('none');
  });

  it('"Accept higher" takes a rise by itself and asks about a drop', () => {
    renderOpenDock();
    fireEvent.change(screen.getByRole('combobox', { name: 'Odds changes' }), {
      target: { value: 'higher' },
    });
    act(() => applyBetslipOdds(1, market(3.2)));
    expect(screen.queryByRole('button', { name: 'Accept changes' })).toBeNull();
    act(() => applyBetslipOdds(1, market(2.5)));
    expect(screen.getByRole('button', { name: 'Accept changes' })).toBeTruthy();
  });

  it('"Accept any" never asks', () => {
    renderOpenDock();
    act(() => dispatchBetslip({ type: 'setAcceptOddsChanges', value: 'any' }));
    act(() => applyBetslipOdds(1, market(1.2)));
    expect(screen.queryByRole('button', { name: 'Accept changes' })).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Place bet/ }).disabled).toBe(
      false,
    );
  });
});
