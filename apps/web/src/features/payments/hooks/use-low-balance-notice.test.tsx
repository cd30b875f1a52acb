import type { Cents } from '@dau/domain/money';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetContentVersion } from '../../../lib/content-client';
import { useNotificationStore } from '../../../lib/notification-store';
import { usePaymentsStore } from '../store';
import { balanceFellBelow, useLowBalanceNotice } from './use-low-balance-notice';

const c = (n: number) => n as Cents;
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
  it('fires when cash drops below the threshold or is first seen below it, not while it stays low', () => {
    expect(balanceFellBelow(null, c(50), c(100))).toBe(true);
    expect(balanceFellBelow(c(100), c(99), c(100))).toBe(true);
    expect(balanceFellBelow(c(99), c(20), c(100))).toBe(false);
    expect(balanceFellBelow(c(500), c(100), c(100))).toBe(false);
  });
});

describe('useLowBalanceNotice', () => {
  it('notifies once with the content text when cash falls below the content value', async () => {
    vi.stubGlobal(
      'fetch',
      labels({ deposit_min_bal_notify: '100', deposit_low_balance: 'Top up now.' }),
    );
    renderHook(() => useLowBalanceNotice(true));
    // 50 is below 100: the first balance seen raises the notice.
    await waitFor(() => expect(useNotificationStore.getState().items).toHaveLength(1));
    expect(useNotificationStore.getState().items[0]?.message).toBe('Top up now.');
    act(() => usePaymentsStore.getState().setBalances({ cash: 40 }));
    expect(useNotificationStore.getState().items).toHaveLength(1);
    act(() => usePaymentsStore.getState().setBalances({ cash: 500 }));
    act(() => usePaymentsStore.getState().setBalances({ cash: 99.99 }));
    expect(useNotificationStore.getState().items).toHaveLength(2);
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
    await waitFor(() => expect(useNotificationStore.getState().items).toHaveLength(1));
    expect(useNotificationStore.getState().items[0]?.message).toBe(
      'Your balance is low. Deposit now to keep playing.',
    );
  });
});
