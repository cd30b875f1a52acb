import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { BetSummary } from '@dau/contracts/betting/bet-history';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BetDetailsPage, BetHistoryPage, MyBetsPage } from './my-bets-pages';

const figures = {
  stake: 10,
  freebetStake: 0,
  excise: 1.3,
  stakeAfterExcise: 8.7,
  totalOdds: 9.34,
  totalOddsText: '9.34',
  winBoostPercentage: 3,
  winBoostAmount: 2.18,
  grossPossibleWin: 83.39,
  withholdingTax: 14.94,
  taxBoostPercentage: 0,
  taxBoostAmount: 0,
  netPayout: 68.45,
  capped: false,
};
const bet = (betId: string, status: BetSummary['status'], payout: number): BetSummary => ({
  betId,
  betType: 'multiple',
  status,
  placedAt: '2026-11-22T01:30:00.000Z',
  settledAt: status === 'open' ? null : '2026-11-22T01:40:00.000Z',
  selectionsCount: 5,
  legs: [
    { eventName: 'Simba SC - Esperance', outcomeName: 'Simba SC' },
    { eventName: 'Gor Mahia - AFC Leopards', outcomeName: 'Draw' },
    { eventName: 'Yanga - Azam', outcomeName: 'Azam' },
  ],
  figures,
  payout,
});

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    if (url.includes('/betslip/history/7')) {
      return Response.json({
        ...bet('7', 'won', 68.45),
        withholdingPaid: 14.94,
        selections: [
          {
            eventId: 1,
            marketId: 1,
            specifier: '',
            outcomeId: 1,
            eventName: 'Simba SC - Esperance',
            marketName: '1x2',
            outcomeName: 'Simba SC',
            odds: 1.92,
            isLive: false,
            result: 'won',
            voidFactor: null,
            deadHeatFactor: null,
            score: '2:0',
          },
        ],
        timeline: [
          { status: 'open', reason: 'placed', at: '2026-11-22T01:30:00.000Z' },
          { status: 'won', reason: 'settled', at: '2026-11-22T01:40:00.000Z' },
        ],
      });
    }
    const won = url.includes('status=won');
    const items = won ? [bet('7', 'won', 68.45)] : [bet('8', 'open', 0), bet('7', 'won', 68.45)];
    return Response.json({ items, page: 1, pageSize: 20, totalCount: items.length });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/my-bets" element={<MyBetsPage />} />
          <Route path="/my-bets/bet-history-v2" element={<BetHistoryPage />} />
          <Route path="/my-bets/bet-history-v3" element={<BetHistoryPage />} />
          <Route path="/my-bets/bet-history-v2/:betId" element={<BetDetailsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('My Bets', () => {
  it('lists the bets with status and payout, and filters by status', async () => {
    renderAt('/my-bets/bet-history-v2');
    const open = await screen.findByRole('link', { name: /Bet 8/ });
    expect(open.getAttribute('data-status')).toBe('open');
    expect(open.textContent).toContain('Possible payout KSh 68.45');
    const won = screen.getByRole('link', { name: /Bet 7/ });
    expect(won.textContent).toContain('Paid KSh 68.45');
    fireEvent.click(screen.getByRole('button', { name: 'Won' }));
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: /Bet 8/ })).toBeNull());
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toMatch(
      /\/api\/core\/betslip\/history\?status=won&page=1&pageSize=20/,
    );
  });

  it('shows one bet: legs with result and score, the payout breakdown and the timeline', async () => {
    renderAt('/my-bets/bet-history-v2/7');
    expect((await screen.findByTestId('bet-status')).textContent).toBe('Won');
    expect(screen.getByTestId('bet-paid').textContent).toBe('KSh 68.45');
    expect(screen.getByText(/Simba SC - Esperance · 2 : 0/)).toBeTruthy();
    expect(screen.getByText('Win boost 3 %')).toBeTruthy();
    expect(screen.getByText('−KSh 14.94')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toContain(
      'Won settled 22/11 04:40',
    );
  });

  it('names the matches of each bet: first legs and +N more (issue #15 defect 9)', async () => {
    renderAt('/my-bets/bet-history-v2');
    const row = await screen.findByRole('link', { name: /Bet 8/ });
    const matches = row.querySelector('[data-testid="bet-matches"]');
    expect(matches?.textContent).toBe(
      'Simba SC - Esperance · Simba SCGor Mahia - AFC Leopards · DrawYanga - Azam · Azam+2 more',
    );
  });

  it('opens /my-bets on the open bets (issue #15 defect 11)', async () => {
    renderAt('/my-bets');
    await screen.findByRole('link', { name: /Bet 8/ });
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/history\?status=open&page=1/);
    expect(screen.getByRole('button', { name: 'Open' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText('Choose which bets to see.')).toBeNull();
  });

  it("states what a day's totals include (issue #15 defect 10)", async () => {
    fetchMock.mockImplementation(async () =>
      Response.json({
        days: [
          {
            date: '2026-11-22',
            betsCount: 7,
            totalStake: 130,
            totalFreebetStake: 30,
            totalPayout: 68.45,
            bets: [bet('7', 'won', 68.45)],
          },
        ],
        page: 1,
        pageSize: 20,
        totalCount: 7,
      }),
    );
    renderAt('/my-bets/bet-history-v3');
    const day = await screen.findByRole('region', { name: '2026-11-22' });
    expect(day.querySelector('h2 small')?.textContent).toBe(
      '7 bets · staked KSh 130.00 (incl. KSh 30.00 in free bets) · Paid KSh 68.45',
    );
  });
});
