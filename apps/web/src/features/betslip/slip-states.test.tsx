import { act, fireEvent, screen } from '@testing-library/react';
import { comboPayout } from '@dau/domain/betslip';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { renderDock, resetBetslipStore, testPick } from './slip-test-kit';
import { applyBetslipEvent, applyBetslipMarketStatus, applyBetslipOdds } from './betslip-feed';
import { toggleSelection, useBetslipStore } from '../../lib/betslip-store';
import { placeBets } from './place-bet';

/** Issue #15 defects 4, 6 and 7 as the bettor sees them on the slip. */
const pick = (eventId: number, odds: number) => testPick(eventId, odds);

beforeEach(() => {
  resetBetslipStore();
  useSessionStore.setState({ isAuthenticated: true });
  vi.stubGlobal('fetch', async () => new Response('{}', { status: 503 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ isAuthenticated: false, loginModal: null });
});

const renderOpenDock = () => renderDock({ open: true });

describe('big slips read coherently (defect 4)', () => {
  it('a 50-leg slip shows grouped total odds and a boost that fits under the capped payout', () => {
    act(() => {
      for (let i = 1; i <= 50; i++) toggleSelection(pick(i, 1.75));
    });
    renderOpenDock();
    expect(screen.getByTestId('combo-odds').textContent).toMatch(/^\d{1,3}(,\d{3})+\.\d{2}$/);
    const payout = comboPayout(useBetslipStore.getState().normal);
    expect(payout?.capped).toBe(true);
    expect(screen.getByTestId('gross-win').textContent).toBe('KSh 1,500,000.00');
    // The return alone is over the cap: no boost amount beside the capped payout.
    expect(screen.queryByTestId('boost-amount')).toBeNull();
    expect(screen.getByTestId('net-payout').textContent).toBe('KSh 1,500,000.00');
    expect(screen.getByTestId('tax-boost').textContent).toBe('+KSh 299,998.26');
    expect(screen.getByText('Payout is capped at the maximum win per bet.')).toBeTruthy();
  });
});

describe('ended and deactivated legs (defect 6)', () => {
  it("says 'Market has expired' for a deactivated market, never 'was 0.00' or 'Suspended'", () => {
    act(() => toggleSelection(pick(1, 1.78)));
    renderOpenDock();
    act(() =>
      applyBetslipMarketStatus({ eventId: 1, marketId: 1, specifier: '', ibs: false, status: 0 }),
    );
    const leg = screen.getByTestId('slip-leg');
    expect(leg.textContent).toContain('Market has expired');
    expect(leg.textContent).not.toContain('Suspended');
    expect(leg.textContent).toContain('—');
    // Prices come back later: no 'was 0.00'.
    act(() =>
      applyBetslipOdds(1, {
        uid: '1',
        id: 1,
        sp: '',
        n: '1x2',
        s: 1,
        ibs: false,
        m: [{ id: 1, n: '1', o: 1.9, ibs: false }],
      }),
    );
    expect(screen.getByTestId('slip-leg').textContent).not.toContain('0.00');
  });

  it('says the event has ended, with the final score, when the event ends', () => {
    act(() => toggleSelection(pick(1, 1.78)));
    renderOpenDock();
    act(() => applyBetslipEvent({ eventId: 1, finished: true, sc: '2:1' }));
    const leg = screen.getByTestId('slip-leg');
    expect(leg.textContent).toContain('Event has ended · 2:1');
    expect(leg.textContent).not.toContain('Market has expired');
    expect(leg.textContent).not.toMatch(/[▲▼]/);
  });
});

describe('stakes are checked before they reach the server (defect 7)', () => {
  it('0 and abc get a sentence and keep Place disabled', () => {
    act(() => {
      toggleSelection(pick(1, 2));
      toggleSelection(pick(2, 1.5));
    });
    renderOpenDock();
    const stake = screen.getByRole('textbox', { name: 'Stake' });
    const place = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Place bet/ });
    fireEvent.change(stake, { target: { value: '0' } });
    expect(screen.getByRole('alert').textContent).toBe('Enter a stake above 0.');
    expect(place().disabled).toBe(true);
    fireEvent.change(stake, { target: { value: 'abc' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter the stake as a number, e.g. 50 or 50.50.',
    );
    expect(stake.getAttribute('aria-invalid')).toBe('true');
    expect(place().disabled).toBe(true);
    fireEvent.change(stake, { target: { value: '50' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(place().disabled).toBe(false);
  });

  it('maps a server validation answer to a sentence', async () => {
    act(() => toggleSelection(pick(1, 2)));
    vi.stubGlobal('fetch', async () =>
      Response.json(
        {
          hasErrors: true,
          datasource_entries: [
            {
              error_triggered: true,
              dimension_value: 'stake: Too small: expected number to be >=0',
              value: 'VALIDATION_FAILED',
              name: 'stake',
            },
          ],
        },
        { status: 400 },
      ),
    );
    const result = await placeBets(useBetslipStore.getState().normal);
    expect(result.messages).toEqual([
      'Check your stake: enter an amount above 0 with at most two decimals.',
    ]);
  });
});
