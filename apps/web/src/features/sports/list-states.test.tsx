import type { EventSummary } from '@dau/contracts/sports/event-summary';
import type { SportListItem } from '@dau/contracts/sports/list-sports';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNetworkStore } from '../../lib/network-status';
import { listPhase } from '../../ui/list-states';
import { EventPage } from './event-page';
import { SportsList } from './sports-list';

const sport = (id: number, name: string, defaultMarketId: number): SportListItem => ({
  id,
  name,
  defaultMarketId,
  sportOrder: id,
  nrOfEvents: 2,
  sortBy: 'league',
  categories: [],
  quickFilter: [],
});

function ended(status: number): EventSummary {
  return {
    id: 77,
    tid: 2103,
    cid: 1102,
    sid: 1,
    ltn: 'Premier League',
    lcn: 'England',
    lsn: 'Soccer',
    htn: 'Arsenal',
    atn: 'Chelsea',
    n: 'Arsenal - Chelsea',
    edt: '2026-11-22T15:00:00.000Z',
    edtlocale: '22/11 18:00',
    odds: [],
    isLive: false,
    finished: true,
    isdeleted: true,
    ms: status,
    mt: '',
    sc: '3:2',
    st: status === 5 ? 'Cancelled' : 'Ended',
    nro: 0,
    ibs: true,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

function serve(answer: (url: string) => Response | Promise<Response>) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/status'))
      return json({ uofLiveProducerUp: true, uofPreProducerUp: true, uofDisconnected: false });
    return answer(url);
  });
}

function renderAt(path: string, routePath: string, element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={element} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useNetworkStore.setState({ online: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useNetworkStore.setState({ online: true });
});

// Issue #15 defect 12: /live-now/{sport} with no live games showed a skeleton for ever.
describe('live and pre-match lists: loading, empty, error and offline', () => {
  it('says a sport has no live games and links to its upcoming games', async () => {
    // Only football is live: basketball is not in the live sports list at all.
    serve((url) =>
      url.includes('ListSports')
        ? json([sport(1, 'Soccer', 1)])
        : json({ sports: [{ eventMin: [] }], liveCount: 0 }),
    );
    renderAt('/live-now/basketball-2', '/live-now/:sportId', <SportsList live />);
    expect(await screen.findByText('No live Basketball matches at the moment.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Upcoming Basketball matches' });
    expect(link.getAttribute('href')).toBe('/sports/basketball-2');
    expect(screen.queryByLabelText('Loading matches')).toBeNull();
  });

  it('says nothing is live at all and links to the upcoming games', async () => {
    serve((url) =>
      url.includes('ListSports') ? json([]) : json({ sports: [{ eventMin: [] }], liveCount: 0 }),
    );
    renderAt('/live-now', '/live-now', <SportsList live />);
    expect(await screen.findByText('No live matches at the moment.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upcoming matches' }).getAttribute('href')).toBe(
      '/sports',
    );
  });

  it('shows an error with a retry when the list fails', async () => {
    serve(() => json({ hasErrors: true, datasource_entries: [] }, 503));
    renderAt('/live-now/football-1', '/live-now/:sportId', <SportsList live />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not load the matches/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says it is offline instead of a skeleton or an error while there is no network', async () => {
    useNetworkStore.setState({ online: false });
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    renderAt('/live-now/football-1', '/live-now/:sportId', <SportsList live />);
    expect(
      await screen.findByText('You are offline. The matches load as soon as you are back online.'),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('decides the state from the query and the network', () => {
    const q = (isPending: boolean, isError: boolean, paused = false) => ({
      isPending,
      isError,
      fetchStatus: paused ? ('paused' as const) : ('idle' as const),
    });
    expect(listPhase(q(true, false), true, true)).toBe('loading');
    expect(listPhase(q(true, false, true), true, true)).toBe('offline');
    expect(listPhase(q(false, true), true, false)).toBe('offline');
    expect(listPhase(q(false, true), true, true)).toBe('error');
    expect(listPhase(q(false, false), true, false)).toBe('empty');
    expect(listPhase(q(false, false), false, false)).toBe('ready');
  });
});

// Issue #15 defect 13: an ended event's page said only "no markets open for betting".
describe('an ended event page', () => {
  it('shows the teams and the final score, and that betting has closed', async () => {
    serve(() => json({ eventMin: ended(3) }));
    renderAt(
      '/sports/football-1/england-1102/premier-league-2103/77',
      '/sports/:sportId/:catId/:subId/:id',
      <EventPage />,
    );
    expect(await screen.findByText('Arsenal')).toBeTruthy();
    expect(screen.getByText('Chelsea')).toBeTruthy();
    expect(screen.getByTestId('event-score').textContent).toBe('3 : 2');
    expect(screen.getByTestId('event-ended').textContent).toBe('Full time · Final score 3 : 2');
    expect(screen.getByText('This match has ended: betting on it is closed.')).toBeTruthy();
    expect(screen.queryByText(/no markets open/)).toBeNull();
  });

  it('says a cancelled match was cancelled and its bets are void', async () => {
    serve(() => json({ eventMin: ended(5) }));
    renderAt(
      '/sports/football-1/england-1102/premier-league-2103/77',
      '/sports/:sportId/:catId/:subId/:id',
      <EventPage />,
    );
    expect(await screen.findByText('This match was cancelled: bets on it are void.')).toBeTruthy();
    expect(screen.getByTestId('event-ended').textContent).toBe('Cancelled');
    expect(screen.getByTestId('event-score').textContent).toBe('vs');
  });
});
