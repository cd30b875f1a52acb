import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNotificationStore } from '../../lib/notification-store';
import { queryClient } from '../../lib/query-client';
import {
  applyBetsStatus,
  clearBetNotify,
  notifyRollback,
  notifySettlement,
  useBetPushes,
  useBetPushStore,
  useStoredBetNotify,
} from './bet-pushes';
import type { CashoutOfferResponse } from '@dau/contracts/betting/cashout';
import { setRealtimeSocket, type SocketLike } from '../../lib/realtime-socket';
import { cashoutOfferQueryOptions } from './api/cashout';

afterEach(() => {
  useBetPushStore.setState({ openBets: null, notify: false });
  useNotificationStore.setState({ items: [] });
  queryClient.clear();
});

describe('the notify flag kept in the settings (issue #23 item 10)', () => {
  const settings = (betNotify: boolean) =>
    new Response(
      JSON.stringify({
        hasErrors: false,
        settings: {
          isAcceptChanges: false,
          saveData: false,
          compactMode: false,
          notifyBetSettled: true,
          notifyDeposits: true,
          notifyPromotions: false,
          betNotify,
        },
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);

  it('shows the dot after a reload when the server kept the flag, and clears it there', async () => {
    const fetchMock = vi.fn(async () => settings(true));
    vi.stubGlobal('fetch', fetchMock);
    renderHook(() => useStoredBetNotify(), { wrapper });
    await waitFor(() => expect(useBetPushStore.getState().notify).toBe(true));
    clearBetNotify();
    expect(useBetPushStore.getState().notify).toBe(false);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toContain('/customer/v2/updateSettings');
    expect(JSON.parse(String(init.body))).toEqual({ betNotify: false });
  });

  it('shows no dot when the server has none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => settings(false)),
    );
    renderHook(() => useStoredBetNotify(), { wrapper });
    await waitFor(() => expect(queryClient.getQueryData(['settings'])).toBeTruthy());
    expect(useBetPushStore.getState().notify).toBe(false);
  });
});

describe('betting pushes', () => {
  it('sets the header notify flag from BetsStatus_v2 and clears it on the bet drop', () => {
    applyBetsStatus({ betId: '7', status: 'open', openBetsCount: 3, notify: true });
    expect(useBetPushStore.getState()).toMatchObject({ openBets: 3, notify: true });
    // A later push without the flag keeps it until the user opens the drop.
    applyBetsStatus({ betId: '7', status: 'open', openBetsCount: 2, notify: false });
    expect(useBetPushStore.getState()).toMatchObject({ openBets: 2, notify: true });
    clearBetNotify();
    expect(useBetPushStore.getState().notify).toBe(false);
  });

  it('shows settlements as the spec says: 1 won (success), other non-zero lost, 0 nothing', () => {
    notifySettlement({ betId: '7', status: 0, amount: 0, message: '' });
    expect(useNotificationStore.getState().items).toHaveLength(0);
    notifySettlement({
      betId: '7',
      status: 1,
      amount: 25.5,
      message: 'Bet 7 has settled. You won KSh 25.50!',
    });
    notifySettlement({
      betId: '8',
      status: 2,
      amount: 0,
      message: 'Bet 8 has settled as a loss. Better luck next time!',
    });
    notifyRollback(
      {
        betId: '7',
        amount: 25.5,
        message: 'Bet 7 was rolled back and KSh 25.50 was deducted from your account.',
      },
      true,
    );
    expect(useNotificationStore.getState().items.map((n) => [n.tone, n.message])).toEqual([
      ['success', 'Bet 7 has settled. You won KSh 25.50!'],
      ['info', 'Bet 8 has settled as a loss. Better luck next time!'],
      ['error', 'Bet 7 was rolled back and KSh 25.50 was deducted from your account.'],
    ]);
  });
});

describe('cash-out offer pushes (issue #21)', () => {
  it('put the pushed offer where the open bet card reads it, without asking the server', async () => {
    const handlers = new Map<string, (payload: unknown) => void>();
    const socket = {
      on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
      emit: vi.fn(),
      connect: vi.fn(),
      disconnect: vi.fn(),
      connected: true,
    } as unknown as SocketLike;
    setRealtimeSocket(socket);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    try {
      const wrapper = ({ children }: { children: ReactNode }) =>
        createElement(QueryClientProvider, { client: queryClient }, children);
      renderHook(() => useBetPushes(true), { wrapper });
      await waitFor(() => expect(handlers.has('CashoutOffer')).toBe(true));
      const offer: CashoutOfferResponse = {
        betId: '42',
        available: true,
        reason: null,
        stake: 100,
        cashedStake: 100,
        value: 116.53,
        gross: 116.53,
        withholdingTax: 0,
        taxBoostAmount: 0,
        potentialWin: 300,
        partialStep: 1,
      };
      handlers.get('CashoutOffer')!(offer);
      expect(queryClient.getQueryData(cashoutOfferQueryOptions('42').queryKey)).toEqual(offer);
      expect(queryClient.getQueryData(cashoutOfferQueryOptions('42', 40).queryKey)).toBeUndefined();
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      setRealtimeSocket(null);
    }
  });
});
