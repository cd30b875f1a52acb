import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { BetSummary } from '@dau/contracts/betting/bet-history';
import type { CashoutOfferResponse } from '@dau/contracts/betting/cashout';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BetHistoryPage } from './my-bets-pages';

const openBet: BetSummary = {
  betId: '8',
  betType: 'single',
  status: 'open',
  placedAt: '2026-11-22T01:30:00.000Z',
  settledAt: null,
  selectionsCount: 1,
  legs: [{ eventName: 'Simba SC - Esperance', outcomeName: 'Simba SC' }],
  figures: {
    stake: 100,
    freebetStake: 0,
    excise: 13.04,
    stakeAfterExcise: 86.96,
    totalOdds: 3,
    totalOddsText: '3.00',
    winBoostPercentage: 0,
    winBoostAmount: 0,
    grossPossibleWin: 260.87,
    withholdingTax: 34.78,
    taxBoostPercentage: 0,
    taxBoostAmount: 0,
    netPayout: 226.09,
    capped: false,
  },
  payout: 0,
};

const offer = (over: Partial<CashoutOfferResponse> = {}): CashoutOfferResponse => ({
  betId: '8',
  available: true,
  reason: null,
  stake: 100,
  cashedStake: 100,
  value: 116.53,
  gross: 120,
  withholdingTax: 3.47,
  taxBoostAmount: 0,
  potentialWin: 260.87,
  partialStep: 1,
  ...over,
});

/** The server's answers: the list, the offer (whole or `?stake=` part) and the cash-out POST. */
let offerFor: (stake: number | null) => CashoutOfferResponse;
let postAnswer: (body: { value: number; stake?: number }) => Response;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  offerFor = () => offer();
  postAnswer = (body) =>
    Response.json({
      betId: '8',
      status: body.stake ? 'open' : 'cashed_out',
      paid: body.value,
      cashedStake: body.stake ?? 100,
      remainingStake: body.stake ? 100 - body.stake : 0,
      withholdingTax: 1,
    });
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/bets/8/cashout') {
      if (init?.method === 'POST') return postAnswer(JSON.parse(String(init.body)));
      const stake = u.searchParams.get('stake');
      return Response.json(offerFor(stake === null ? null : Number(stake)));
    }
    return Response.json({ items: [openBet], page: 1, pageSize: 20, totalCount: 1 });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/my-bets/bet-history-v2']}>
        <Routes>
          <Route path="/my-bets/bet-history-v2" element={<BetHistoryPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const posts = () =>
  fetchMock.mock.calls
    .filter(
      ([url, init]) =>
        String(url).includes('/api/bets/8/cashout') &&
        (init as RequestInit | undefined)?.method === 'POST',
    )
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

describe('Cash out on My Bets', () => {
  it("shows the current offer on an open bet's card", async () => {
    renderList();
    const button = await screen.findByRole('button', { name: 'Cash out KSh 116.53' });
    expect(button).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([url]) =>
        /\/api\/bets\/8\/cashout\?timeOffset=/.test(String(url)),
      ),
    ).toBe(true);
  });

  it('names why there is no offer, without a button', async () => {
    offerFor = () => offer({ available: false, reason: 'suspended', value: null });
    renderList();
    expect((await screen.findByTestId('cashout-reason')).textContent).toBe(
      'Cash out unavailable: a market is suspended',
    );
    expect(screen.queryByRole('button', { name: /Cash out/ })).toBeNull();
  });

  it('prices a part of the stake and cashes out that part', async () => {
    offerFor = (stake) =>
      stake === null ? offer() : offer({ cashedStake: stake, value: stake === 40 ? 46.61 : 1 });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Cash out KSh 116.53' }));
    const panel = screen.getByRole('region', { name: 'Cash out bet 8' });
    const range = within(panel).getByRole('slider', { name: /Stake to cash out/ });
    expect(range.getAttribute('max')).toBe('100');
    expect(range.getAttribute('step')).toBe('1');
    expect(within(panel).getByTestId('cashout-value').textContent).toBe('KSh 116.53');
    fireEvent.change(range, { target: { value: '40' } });
    expect(within(panel).getByTestId('cashout-part').textContent).toBe('KSh 40.00 of KSh 100.00');
    expect(within(panel).getByText('KSh 60.00 keeps running')).toBeTruthy();
    await vi.waitFor(() =>
      expect(within(panel).getByTestId('cashout-value').textContent).toBe('KSh 46.61'),
    );
    expect(fetchMock.mock.calls.some(([url]) => /cashout\?stake=40&/.test(String(url)))).toBe(true);
    const confirm = within(panel).getByRole('button', { name: 'Confirm cash out' });
    await vi.waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(confirm);
    expect((await screen.findByTestId('cashout-done')).textContent).toBe('Cashed out KSh 46.61');
    expect(posts()).toEqual([{ value: 46.61, stake: 40, acceptChanges: 'none' }]);
  });

  it('shows a changed value (409) and takes it when the bettor confirms again', async () => {
    let tries = 0;
    postAnswer = (body) => {
      tries += 1;
      if (tries === 1)
        return Response.json(
          {
            hasErrors: true,
            datasource_entries: [
              {
                error_triggered: true,
                dimension_value: 'The cash-out value changed from KSh 116.53 to KSh 110.20.',
                value: 'CASHOUT_VALUE_CHANGED',
                name: '110.2',
              },
            ],
          },
          { status: 409 },
        );
      return Response.json({
        betId: '8',
        status: 'cashed_out',
        paid: body.value,
        cashedStake: 100,
        remainingStake: 0,
        withholdingTax: 1,
      });
    };
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Cash out KSh 116.53' }));
    const panel = screen.getByRole('region', { name: 'Cash out bet 8' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm cash out' }));
    expect((await within(panel).findByTestId('cashout-changed')).textContent).toBe(
      'The value changed to KSh 110.20. Confirm again to take it.',
    );
    expect(within(panel).getByTestId('cashout-value').textContent).toBe('KSh 110.20');
    expect(screen.queryByTestId('cashout-done')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Confirm cash out' }));
    expect((await screen.findByTestId('cashout-done')).textContent).toBe('Cashed out KSh 110.20');
    expect(posts()).toEqual([
      { value: 116.53, acceptChanges: 'none' },
      { value: 110.2, acceptChanges: 'none' },
    ]);
  });

  it('on success says what was paid and asks the bets and the balance again', async () => {
    const client = renderList();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    fireEvent.click(await screen.findByRole('button', { name: 'Cash out KSh 116.53' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm cash out' }));
    expect((await screen.findByTestId('cashout-done')).textContent).toBe('Cashed out KSh 116.53');
    expect(screen.queryByRole('region', { name: 'Cash out bet 8' })).toBeNull();
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual(
      expect.arrayContaining([['bets'], ['wallet', 'balance']]),
    );
  });
});
