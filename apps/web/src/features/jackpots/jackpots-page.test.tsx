import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type {
  JackpotRound,
  JackpotTicket,
  SportsJackpotPrizesPush,
} from '@dau/contracts/jackpots/jackpots';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRealtimeSocket, type SocketLike } from '../../lib/realtime-socket';
import { useSessionStore } from '../../lib/session-store';
import { JackpotsPage } from './jackpots-page';

const round: JackpotRound = {
  id: 7,
  name: 'Mega Jackpot',
  status: 'open',
  matchCount: 3,
  stakePerLine: 99,
  currency: 'KES',
  closesAt: '2026-11-28T12:00:00.000Z',
  settledAt: null,
  jackpot: 100_000_000,
  tiers: [
    { hits: 3, prize: 100_000_000, winners: null, share: null },
    { hits: 2, prize: 1_000_000, winners: null, share: null },
  ],
  matches: ['Simba SC|Yanga', 'Gor Mahia|AFC Leopards', 'Zesco|Power Dynamos'].map((p, i) => {
    const [home = '', away = ''] = p.split('|');
    return {
      number: i + 1,
      eventId: 100 + i,
      home,
      away,
      tournament: 'Premier League',
      kickoffAt: '2026-11-28T12:00:00.000Z',
      result: null,
    };
  }),
  maxLines: 64,
};

const ticket: JackpotTicket = {
  ticketId: 'JP12',
  roundId: 7,
  roundName: 'Mega Jackpot',
  roundStatus: 'open',
  status: 'open',
  lineCount: 2,
  stakePerLine: 99,
  price: 198,
  excise: 25.83,
  gross: 0,
  withholding: 0,
  payout: 0,
  placedAt: '2026-11-28T10:00:00.000Z',
  settledAt: null,
  closesAt: '2026-11-28T12:00:00.000Z',
  lines: [
    { picks: ['1', 'X', '1'], hits: null, prize: 0 },
    { picks: ['1', 'X', '2'], hits: null, prize: 0 },
  ],
};

let buyAnswer: () => Response;
let tickets: JackpotTicket[];
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  tickets = [];
  buyAnswer = () => Response.json({ ticket, balance: 802 });
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/jackpots') return Response.json({ rounds: [round], serverTime: '' });
    if (u.pathname === '/api/jackpots/7/tickets') return buyAnswer();
    if (u.pathname === '/api/jackpots/tickets') {
      // The server pages: `pageSize` tickets from the newest.
      const page = Number(u.searchParams.get('page'));
      const pageSize = Number(u.searchParams.get('pageSize'));
      const items = tickets.slice((page - 1) * pageSize, page * pageSize);
      return Response.json({ items, page, pageSize, totalCount: tickets.length });
    }
    if (u.pathname === '/api/jackpots/results') return Response.json({ rounds: [] });
    if (init?.method === 'POST') return Response.json({});
    return Response.json({});
  });
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({ isAuthenticated: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ isAuthenticated: false });
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const { unmount } = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/jackpots']}>
        <Routes>
          <Route path="/jackpots" element={<JackpotsPage />} />
          <Route path="/login" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { invalidate, unmount };
}

const pick = (name: string) => screen.getByRole('button', { name });
const buyPosts = () =>
  fetchMock.mock.calls
    .filter(
      ([url, init]) => String(url).includes('/api/jackpots/7/tickets') && init?.method === 'POST',
    )
    .map(
      ([, init]) =>
        JSON.parse(String((init as RequestInit).body)) as {
          lines: string[][];
          idempotencyKey: string;
        },
    );

describe('/jackpots', () => {
  it('shows the prize, the bonus tier and a named 1X2 toggle per match', async () => {
    renderPage();
    expect((await screen.findByTestId('jackpot-prize')).textContent).toBe('KSh 100,000,000.00');
    expect(screen.getByText(/2 correct/).textContent).toContain('KSh 1,000,000.00');
    const home = pick('1 (Home win) for Simba SC v Yanga');
    expect(home.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(home);
    expect(home.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Pick every match: 2 left.')).toBeTruthy();
    expect(screen.getByTestId('jackpot-lines').textContent).toBe('0');
  });

  it('makes a line per combination, prices lines × stake and buys the explicit lines', async () => {
    const { invalidate } = renderPage();
    await screen.findByTestId('jackpot-prize');
    fireEvent.click(pick('1 (Home win) for Simba SC v Yanga'));
    fireEvent.click(pick('X (Draw) for Gor Mahia v AFC Leopards'));
    fireEvent.click(pick('2 (Away win) for Zesco v Power Dynamos'));
    expect(screen.getByTestId('jackpot-lines').textContent).toBe('1');
    fireEvent.click(pick('1 (Home win) for Zesco v Power Dynamos'));
    expect(screen.getByTestId('jackpot-lines').textContent).toBe('2');
    expect(screen.getByTestId('jackpot-price').textContent).toBe('KSh 198.00');
    fireEvent.click(screen.getByRole('button', { name: 'Buy ticket · KSh 198.00' }));
    expect((await screen.findByText(/^Ticket JP12 bought/)).textContent).toBe(
      'Ticket JP12 bought: 2 lines for KSh 198.00.',
    );
    expect(buyPosts()).toEqual([
      {
        lines: [
          ['1', 'X', '1'],
          ['1', 'X', '2'],
        ],
        idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
      },
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['wallet', 'balance'] });
    // The coupon is cleared; the ticket is under My tickets.
    expect(screen.getByTestId('jackpot-lines').textContent).toBe('0');
    tickets = [ticket];
    fireEvent.click(screen.getByRole('tab', { name: 'My tickets' }));
    const card = await screen.findByText(/Mega Jackpot · JP12/);
    const item = card.closest('li') as HTMLElement;
    expect(within(item).getByText('1 X 2')).toBeTruthy();
    expect(within(item).getByText('Open')).toBeTruthy();
  });

  it('pages My tickets 20 at a time, newest first, from the server', async () => {
    tickets = Array.from({ length: 45 }, (_, i) => ({ ...ticket, ticketId: `JP${45 - i}` }));
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'My tickets' }));
    await screen.findByRole('list', { name: 'My tickets' });
    const ids = () =>
      [...document.querySelectorAll('[data-ticket]')].map((li) => li.getAttribute('data-ticket'));
    expect(ids()).toHaveLength(20);
    expect(ids()[0]).toBe('JP45');
    const pager = screen.getByRole('navigation', { name: 'Ticket pages' });
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    expect(within(pager).getByRole('button', { name: 'Newer' })).toHaveProperty('disabled', true);

    fireEvent.click(within(pager).getByRole('button', { name: 'Older' }));
    await screen.findByText('Page 2 of 3');
    expect(ids()[0]).toBe('JP25');
    expect(
      fetchMock.mock.calls.some(([url]) =>
        /jackpots\/tickets\?page=2&pageSize=20/.test(String(url)),
      ),
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Page 3 of 3');
    expect(ids()).toEqual(['JP5', 'JP4', 'JP3', 'JP2', 'JP1']);
    expect(screen.getByRole('button', { name: 'Older' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
    await screen.findByText('Page 2 of 3');
  });

  it("shows the envelope's message when the server refuses", async () => {
    buyAnswer = () =>
      Response.json(
        {
          hasErrors: true,
          datasource_entries: [
            {
              error_triggered: true,
              dimension_value: 'This jackpot closed at the first kick-off.',
              value: 'JACKPOT_CLOSED',
            },
          ],
        },
        { status: 409 },
      );
    renderPage();
    await screen.findByTestId('jackpot-prize');
    fireEvent.click(screen.getByRole('button', { name: 'Auto-pick' }));
    expect(screen.getByTestId('jackpot-lines').textContent).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Buy ticket · KSh 99.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This jackpot closed at the first kick-off.',
    );
    // A retry of the same picks carries the same key; new picks, a new key.
    fireEvent.click(await screen.findByRole('button', { name: 'Buy ticket · KSh 99.00' }));
    await vi.waitFor(() => expect(buyPosts()).toHaveLength(2));
    await screen.findByRole('button', { name: 'Buy ticket · KSh 99.00' });
    fireEvent.click(screen.getByRole('button', { name: 'Auto-pick' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Buy ticket · KSh 99.00' }));
    await vi.waitFor(() => expect(buyPosts()).toHaveLength(3));
    const [a, b, c] = buyPosts().map((p) => p.idempotencyKey);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });

  it('sends a guest to login with the way back', async () => {
    useSessionStore.setState({ isAuthenticated: false });
    renderPage();
    await screen.findByTestId('jackpot-prize');
    expect(screen.queryByRole('tab', { name: 'My tickets' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log in to buy' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/login?redirectUrl=/jackpots');
    expect(buyPosts()).toEqual([]);
  });

  it('says when nothing is settled yet and shows the rules', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Results' }));
    expect(await screen.findByText('No jackpot has been settled yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Rules' }));
    expect(screen.getByText(/cancelled or abandoned match counts as right/)).toBeTruthy();
  });

  // Last: the pushed prizes stay in the module for the page's next visit.
  it('follows the prizes pushed while the page is open, never down (ADR 221)', async () => {
    const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
    const emitted: unknown[][] = [];
    const socket = {
      connected: true,
      on: (event: string, h: (...args: unknown[]) => void) => {
        handlers.set(event, [...(handlers.get(event) ?? []), h]);
        return socket;
      },
      emit: (...args: unknown[]) => emitted.push(args),
      connect: () => socket,
      disconnect: () => socket,
    };
    const push = (payload: SportsJackpotPrizesPush) =>
      act(() => handlers.get('SportsJackpotPrizes')?.forEach((h) => h(payload)));
    setRealtimeSocket(socket as unknown as SocketLike);
    const view = renderPage();
    const prize = await screen.findByTestId('jackpot-prize');
    expect(emitted).toEqual([['JoinSportsJackpots']]);
    push({
      roundId: 7,
      jackpot: 150_000_000,
      tiers: [
        { hits: 3, prize: 150_000_000 },
        { hits: 2, prize: 1_500_000 },
      ],
    });
    expect(prize.textContent).toBe('KSh 150,000,000.00');
    expect(screen.getByText(/2 correct/).textContent).toContain('KSh 1,500,000.00');
    // Another round's prizes, or an older (smaller) push, change nothing here.
    push({ roundId: 8, jackpot: 9, tiers: [{ hits: 3, prize: 9 }] });
    push({ roundId: 7, jackpot: 120_000_000, tiers: [{ hits: 3, prize: 120_000_000 }] });
    expect(prize.textContent).toBe('KSh 150,000,000.00');
    view.unmount();
    expect(emitted.at(-1)).toEqual(['LeaveSportsJackpots']);
    setRealtimeSocket(null);
  });
});
