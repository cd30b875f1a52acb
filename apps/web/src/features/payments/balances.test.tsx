import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { startRealtime, type SocketLike } from '../../lib/realtime';
import { useSessionStore } from '../../lib/session-store';
import { balanceQueryKey, useBalance } from './api/get-balance';
import { usePaymentPushes } from './hooks/use-payment-pushes';
import { balancesFromCookie, usePaymentsStore } from './store';

type Handler = (payload: unknown) => void;

function fakeSocket() {
  const handlers = new Map<string, Handler[]>();
  const socket = {
    connected: true,
    on: (event: string, handler: Handler) =>
      handlers.set(event, [...(handlers.get(event) ?? []), handler]),
    emit: () => undefined,
    connect: () => undefined,
    disconnect: () => undefined,
  };
  return {
    socket: socket as unknown as SocketLike,
    push: (event: string, payload: unknown) => handlers.get(event)?.forEach((h) => h(payload)),
    count: (event: string) => handlers.get(event)?.length ?? 0,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

afterEach(() => {
  usePaymentsStore.setState({ balances: null });
  useSessionStore.setState({ isAuthenticated: false });
});

describe('the one balance state', () => {
  it("takes the server's handed-over answer when no cookie gave one (a new user's K 0.00)", async () => {
    // The page was drawn on the server, which asked getbalance itself: the browser's query is
    // fresh and never runs, and a user who never had a balance cookie must still see 0.
    const client = new QueryClient();
    client.setQueryData(balanceQueryKey, {
      cmsStatusMsg: {
        hasErrors: false,
        datasource_entries: [],
        balance: 0,
        freebetbalance: 0,
        bonusbalance: 0,
        totalbalance: 0,
        bonusreserved: 0,
      },
      bbJWT: 'x',
    } as never);
    usePaymentsStore.setState({ balances: null });
    renderHook(() => useBalance(true), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    await flush();
    expect(usePaymentsStore.getState().balances).toEqual({
      cash: 0,
      bonus: 0,
      freeBet: 0,
      reserved: 0,
      total: 0,
    });
  });

  it('starts from the balance cookie the server sets', () => {
    expect(
      balancesFromCookie(
        JSON.stringify({ balance: 12.5, freebetbalance: 100, totalbalance: 112.5 }),
      ),
    ).toEqual({ cash: 12.5, bonus: 0, freeBet: 100, reserved: 0, total: 112.5 });
    expect(balancesFromCookie(null)).toBeNull();
    expect(balancesFromCookie('{not json')).toBeNull();
    expect(balancesFromCookie('{"balance":"5"}')).toBeNull();
  });

  it('follows the wallet and userdata pushes, attached once per socket', async () => {
    useSessionStore.setState({ isAuthenticated: true });
    usePaymentsStore.setState({
      balances: { cash: 10, bonus: 0, freeBet: 5, reserved: 0, total: 15 },
    });
    const fake = fakeSocket();
    const stop = startRealtime({ createSocket: async () => fake.socket });
    await flush();
    renderHook(() => usePaymentPushes(true), { wrapper });
    renderHook(() => usePaymentPushes(true), { wrapper });
    expect(fake.count('wallet')).toBe(1);
    act(() => fake.push('wallet', { real: 250.5, bonus: 3, total: 258.5, reserved: 1 }));
    expect(usePaymentsStore.getState().balances).toEqual({
      cash: 250.5,
      bonus: 3,
      freeBet: 5,
      reserved: 1,
      total: 258.5,
    });
    act(() => fake.push('userdata', { CashBalance: 200, FreeBetBalance: 0 }));
    expect(usePaymentsStore.getState().balances).toMatchObject({ cash: 200, freeBet: 0 });
    stop();
  });

  it("closes a credited deposit's in-progress notice, and only that one", async () => {
    useSessionStore.setState({ isAuthenticated: true });
    usePaymentsStore.setState({ notices: [] });
    const { notify } = usePaymentsStore.getState();
    notify('success', 'Your deposit DP1 is in progress.', 15_000, 'DP1');
    notify('success', 'Your deposit DP2 is in progress.', 15_000, 'DP2');
    const fake = fakeSocket();
    const stop = startRealtime({ createSocket: async () => fake.socket });
    await flush();
    renderHook(() => usePaymentPushes(true), { wrapper });
    act(() => fake.push('Deposit Success', { amount: 50, bbPaymentTransactionId: 'DP1' }));
    expect(usePaymentsStore.getState().notices.map((n) => n.paymentId)).toEqual(['DP2']);
    expect(usePaymentsStore.getState().coins).toBe(true);
    // The spec's bare {amount} still plays the coins and closes nothing.
    act(() => fake.push('Deposit Success', { amount: 20 }));
    expect(usePaymentsStore.getState().notices.map((n) => n.paymentId)).toEqual(['DP2']);
    usePaymentsStore.setState({ notices: [], coins: false });
    stop();
  });

  it('is forgotten on sign-out, with the payment modal', () => {
    useSessionStore.setState({ isAuthenticated: true });
    usePaymentsStore.setState({
      modal: 'deposit',
      balances: { cash: 1, bonus: 0, freeBet: 0, reserved: 0, total: 1 },
    });
    useSessionStore.getState().clearSession();
    expect(usePaymentsStore.getState()).toMatchObject({ balances: null, modal: null });
  });
});
