import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';
import { DepositLimitsForm } from './deposit-limits-form';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

it('shows the limits and pending raises, and sends only what changed', async () => {
  const state = {
    limits: [
      { period: 'daily', amount: 1000, pendingAmount: null, pendingFrom: null },
      { period: 'weekly', amount: 2000, pendingAmount: 5000, pendingFrom: '2026-11-23T09:00:00Z' },
      { period: 'monthly', amount: null, pendingAmount: null, pendingFrom: null },
    ],
  };
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === 'POST'
      ? json({
          ...state,
          limits: [{ ...state.limits[0], amount: 500 }, state.limits[1], state.limits[2]],
        })
      : json(state),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DepositLimitsForm />
    </QueryClientProvider>,
  );
  const daily = (await screen.findByLabelText(/^Daily limit/)) as HTMLInputElement;
  expect(daily.value).toBe('1000');
  expect(screen.getByText(/KSh 5,000\.00 from/)).toBeTruthy();
  const save = screen.getByRole('button', { name: 'Save limits' }) as HTMLButtonElement;
  expect(save.disabled).toBe(true);
  fireEvent.change(daily, { target: { value: '500' } });
  fireEvent.click(save);
  await screen.findByText('Your deposit limits are saved.');
  const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  expect(post?.[0]).toMatch(/^\/api\/payments\/deposit-limits\?/);
  expect(JSON.parse(String(post?.[1]?.body))).toEqual({ daily: '500' });
  await waitFor(() => expect(daily.value).toBe('500'));
});
