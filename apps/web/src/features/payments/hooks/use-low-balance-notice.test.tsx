import type { Cents } from '@dau/domain/money';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetContentVersion } from '../../../lib/content-client';
import { useNotificationStore } from '../../../lib/notification-store';
import { usePaymentsStore } from '../store';
import { balanceFellBelow, useLowBalanceNotice } from './use-low-balance-notice';

const at = (cash: number, reserved = 0) => ({ cash: cash as Cents, reserved: reserved as Cents });
const balances = (cash: number) => ({ cash, bonus: 0, freeBet: 0, reserved: 0, total: cash });

function labels(entries: Record<string, string>) {
  return vi.fn(async (url: RequestInfo | URL) => {
    if (String(url).includes('/spaces/me')) return Response.json({ space: { version: 3 } });
    return Response.json({
      datasource_entries: Object.entries(entries).map(([name, value], id) => ({
        id,
        name,
        value,
        dimension_value: null,
      })),
    });
  });
}

beforeEach(() => {
  resetContentVersion();
  useNotificationStore.setState({ items: [] });
  usePaymentsStore.setState({ balances: balances(50) });
});
afterEach(() => {
  usePaymentsStore.setState({ balances: null });
});

describe('low-balance rule', () => {
  it('fires when play takes cash below the threshold, not at first sight, nor while it stays low', () => {
    const t = 100 as Cents;
    expect(balanceFellBelow(at(100), at(99), t)).toBe(true);
    // Someone who never played: first seen at 0 (or any low balance) is not greeted.
    expect(balanceFellBelow(null, at(0), t)).toBe(false);
    expect(balanceFellBelow(null, at(50), t)).toBe(false);
    expect(balanceFellBelow(at(99), at(20), t)).toBe(false);
    expect(balanceFellBelow(at(500), at(100), t)).toBe(false);
    // A withdrawal's reservation is not play: cash fell because reserved rose.
    expect(balanceFellBelow(at(500), at(0, 500), t)).toBe(false);
    expect(balanceFellBelow(at(500, 500), at(50, 500), t)).toBe(true);
  });
});

describe('useLowBalanceNotice', () => {
  it('notifies once with the content text when play takes cash below the content value', async () => {
    vi.stubGlobal(
      'fetch',
      labels({ deposit_min_bal_notify: '100', deposit_low_balance: 'Top up now.' }),
    );
    renderHook(() => useLowBalanceNotice(true));
    // 50 is below 100 at first sight: nobody is greeted with it.
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await act(async () => {});
    expect(useNotificationStore.getState().items).toHaveLength(0);
    act(() => usePaymentsStore.getState().setBalances({ cash: 500 }));
    act(() => usePaymentsStore.getState().setBalances({ cash: 99.99 }));
    await waitFor(() => expect(useNotificationStore.getState().items).toHaveLength(1));
    expect(useNotificationStore.getState().items[0]?.message).toBe('Top up now.');
    act(() => usePaymentsStore.getState().setBalances({ cash: 40 }));
    expect(useNotificationStore.getState().items).toHaveLength(1);
    // Withdrawing everything reserves it: not play, no notice.
    act(() => usePaymentsStore.getState().setBalances({ cash: 500 }));
    act(() => usePaymentsStore.getState().setBalances({ cash: 0, reserved: 500 }));
    expect(useNotificationStore.getState().items).toHaveLength(1);
  });

  it('uses the default of 1 without labels, and waits until enabled', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 503 })),
    );
    const { rerender } = renderHook(({ on }) => useLowBalanceNotice(on), {
      initialProps: { on: false },
    });
    act(() => usePaymentsStore.getState().setBalances({ cash: 0.5 }));
    expect(useNotificationStore.getState().items).toHaveLength(0);
    rerender({ on: true });
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await act(async () => {});
    act(() => usePaymentsStore.getState().setBalances({ cash: 2 }));
    act(() => usePaymentsStore.getState().setBalances({ cash: 0.5 }));
    await waitFor(() => expect(useNotificationStore.getState().items).toHaveLength(1));
    expect(useNotificationStore.getState().items[0]?.message).toBe(
      'Your balance is low. Deposit now to keep playing.',
    );
  });
});
