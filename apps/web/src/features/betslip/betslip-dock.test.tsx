import { act, fireEvent, screen } from '@testing-library/react';
import { comboPayout } from '@dau/domain/betslip';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { renderDock as renderSlipDock, resetBetslipStore, testPick } from './slip-test-kit';
import { toggleSelection, useBetslipStore } from '../../lib/betslip-store';

const pick = (eventId: number, odds: number) => testPick(eventId, odds, { kickOff: '22/11 18:00' });

beforeEach(resetBetslipStore);
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ isAuthenticated: false, loginModal: null });
});

const renderDock = () => renderSlipDock({ path: '/sports/football-1' });

describe('betslip dock', () => {
  it("reads 'Betslip' when empty, then the count and combined odds", () => {
    renderDock();
    expect(screen.getByRole('button', { name: 'Betslip' }).textContent).toBe('Betslip');
    act(() => {
      toggleSelection(pick(1, 2));
      toggleSelection(pick(2, 1.5));
    });
    expect(screen.getByRole('button', { name: 'Betslip, 2 selections' }).textContent).toBe('23.00');
  });

  it('shows the domain figures: boost now and next, taxes and net payout; guests are asked to log in', () => {
    act(() => {
      toggleSelection(pick(1, 2));
      toggleSelection(pick(2, 1.5));
      toggleSelection(pick(3, 1.8));
    });
    renderDock();
    act(() => screen.getByRole('button', { name: 'Betslip, 3 selections' }).click());
    const payout = comboPayout(useBetslipStore.getState().normal);
    expect(payout).not.toBeNull();
    expect(screen.getByTestId('combo-odds').textContent).toBe('5.40');
    expect(screen.getByTestId('win-boost').textContent).toBe('3 %Add 1 more selection for 5 %');
    expect(screen.getByTestId('excise').textContent).toBe('−KSh 1.30');
    expect(screen.getByTestId('net-payout').textContent).toBe(
      `KSh ${((payout?.netPayout ?? 0) / 100).toFixed(2)}`,
    );
    // A guest is asked to log in in the modal and stays on this page.
    act(() => screen.getByRole('button', { name: 'Log in to place bets' }).click());
    expect(useSessionStore.getState().loginModal).toEqual({ redirectUrl: '/sports/football-1' });
    expect(screen.queryByRole('dialog', { name: 'Betslip' })).toBeNull();
    act(() => screen.getByRole('button', { name: 'Betslip, 3 selections' }).click());

    act(() => screen.getByRole('button', { name: 'Remove Home 2' }).click());
    expect(useBetslipStore.getState().normal.numselections).toBe(2);
    act(() => screen.getByRole('button', { name: 'Remove all' }).click());
    expect(useBetslipStore.getState().normal.numselections).toBe(0);
    expect(screen.getByText('Tap any odds to add a selection.')).toBeTruthy();
  });

  it('sets the stake from the quick amounts', () => {
    act(() => toggleSelection(pick(1, 2)));
    renderDock();
    act(() => screen.getByRole('button', { name: 'Betslip, 1 selections' }).click());
    act(() => screen.getByRole('button', { name: '50' }).click());
    expect(useBetslipStore.getState().normal.combostake).toBe(5000);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Stake' }).value).toBe('50.00');
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(screen.queryByRole('dialog', { name: 'Betslip' })).toBeNull();
  });

  it('takes a free-bet stake from the free-bet balance and blocks more than the balance', async () => {
    const balance = {
      cmsStatusMsg: {
        balance: 5000,
        totalbalance: 5100,
        bonusbalance: 0,
        freebetbalance: 100,
        bonusreserved: 0,
        balanceDisplay: '5,000.00',
        totalBalanceDisplay: '5,100.00',
        bonusBalanceDisplay: '0.00',
        freebetBalanceDisplay: '100.00',
        reservedDisplay: '0.00',
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(balance), { status: 200 })),
    );
    useSessionStore.setState({ isAuthenticated: true });
    act(() => {
      toggleSelection(pick(1, 2));
      toggleSelection(pick(2, 1.5));
    });
    renderDock();
    act(() => screen.getByRole('button', { name: 'Betslip, 2 selections' }).click());
    expect((await screen.findByTestId('slip-balance')).textContent).toBe(
      'Balance KSh 5,000.00 · Free bet KSh 100.00',
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Free bet stake' }), {
      target: { value: '40' },
    });
    expect(useBetslipStore.getState().normal.freebetstake).toBe(4000);
    const expected = comboPayout(useBetslipStore.getState().normal);
    expect(screen.getByTestId('freebet-stake').textContent).toBe('KSh 40.00');
    expect(screen.getByTestId('net-payout').textContent).toBe(
      `KSh ${((expected?.netPayout ?? 0) / 100).toFixed(2)}`,
    );
    const place = screen.getByRole<HTMLButtonElement>('button', { name: /^Place bet/ });
    expect(place.disabled).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Free bet stake' }), {
      target: { value: '150' },
    });
    expect(screen.getByText('Your free bet balance is not enough for this amount.')).toBeTruthy();
    expect(place.disabled).toBe(true);
  });
});
