import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CasinoPage, CasinoSlugPage, InstantWinsPage } from './casino-pages';
import { CASINO_LOBBY, wireGame } from './test/catalogue-fixtures';

let fetchMock: ReturnType<typeof vi.fn>;
let lobbyAnswer: () => Response;
let jackpotsAnswer: () => Response | Promise<Response>;

beforeEach(() => {
  lobbyAnswer = () => Response.json(CASINO_LOBBY);
  jackpotsAnswer = () =>
    Response.json([
      { JackpotType: 'Mini', JackpotValue: 512.4 },
      { JackpotType: 'Major', JackpotValue: 5000 },
      { JackpotType: 'Mega', JackpotValue: 50123.5 },
    ]);
  fetchMock = vi.fn(async (url: string) => {
    if (url.includes('/api/games/lobby/')) {
      const search = new URL(url, 'http://x').searchParams.get('search');
      if (search === 'dice')
        return Response.json({ ...CASINO_LOBBY, games: [wireGame('dice')], total: 1 });
      if (search === 'zzz') return Response.json({ ...CASINO_LOBBY, games: [], total: 0 });
      return lobbyAnswer();
    }
    if (url.includes('/api/games/Fazi/jackpots')) return jackpotsAnswer();
    return new Response(null, { status: 503 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/casino" element={<CasinoPage />} />
          <Route path="/casino/:slug" element={<CasinoSlugPage />} />
          <Route path="/instant-wins" element={<InstantWinsPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const lobbyCalls = () =>
  fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.includes('/lobby/'));

describe('casino lobbies', () => {
  it('shows one slider per category with real games, chips and a provider filter', async () => {
    renderAt('/casino');
    const originals = await screen.findByRole('region', { name: 'Originals' });
    expect(
      within(originals)
        .getAllByTestId('game-tile')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/game/info/mines', '/game/info/dice']);
    const art = originals.querySelector('img') as HTMLImageElement;
    expect(art.getAttribute('loading')).toBe('eager');
    expect([art.getAttribute('width'), art.getAttribute('height')]).toEqual(['160', '120']);
    expect(screen.getByRole('region', { name: 'Instant' })).toBeTruthy();
    const chips = screen.getByRole('list', { name: 'Categories' });
    expect(
      within(chips)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/casino', '/casino/originals', '/casino/instant']);
    expect(screen.getByRole('option', { name: 'Dau Originals' })).toBeTruthy();
  });

  it("shows the site's three jackpots above the lobby, its cells there before the values", async () => {
    let answer: (value: Response) => void = () => undefined;
    const values = jackpotsAnswer() as Response;
    jackpotsAnswer = () => new Promise<Response>((resolve) => (answer = resolve));
    renderAt('/casino');
    const strip = screen.getByRole('region', { name: 'Jackpots' });
    // Three cells of fixed height from the first paint: the values fill them in place.
    expect(strip.querySelectorAll('li')).toHaveLength(3);
    expect(strip.getAttribute('aria-busy')).toBe('true');
    answer(values);
    expect(await within(strip).findByText('KSh 512')).toBeTruthy();
    expect(within(strip).getByText('KSh 50,123')).toBeTruthy();
    expect(strip.getAttribute('aria-busy')).toBe('false');
    const jackpotCall = fetchMock.mock.calls.find((c) => String(c[0]).includes('/Fazi/jackpots'));
    expect(jackpotCall?.[1]).toMatchObject({ method: 'POST' });
    expect(String((jackpotCall?.[1] as RequestInit).body)).toBe('{"siteId":2}');
  });

  it('searches through the server and shows the results as one grid', async () => {
    renderAt('/casino');
    await screen.findByRole('region', { name: 'Originals' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search games' }), {
      target: { value: 'dice' },
    });
    expect(await screen.findByText('1 game')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/casino?q=dice');
    expect(lobbyCalls().at(-1)).toMatch(/\/api\/games\/lobby\/casino\?search=dice&lang=en/);
    expect(screen.getAllByTestId('game-tile').map((a) => a.textContent)).toEqual([
      'DiceDau Originals',
    ]);
  });

  it('says when nothing matches, with a way back', async () => {
    renderAt('/casino?q=zzz');
    expect(await screen.findByText('No games match “zzz”.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all games' }).getAttribute('href')).toBe(
      '/casino',
    );
  });

  it('filters by provider and keeps it in the address', async () => {
    renderAt('/casino');
    await screen.findByRole('region', { name: 'Originals' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Provider' }), {
      target: { value: 'dau-originals' },
    });
    await vi.waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/casino?provider=dau-originals'),
    );
    await vi.waitFor(() => expect(lobbyCalls().at(-1)).toContain('provider=dau-originals'));
  });

  it('opens a category chip by path on /casino and by query on lobbies without slug routes', async () => {
    renderAt('/casino/originals');
    expect(await screen.findByRole('heading', { name: 'Originals', level: 1 })).toBeTruthy();
    await vi.waitFor(() =>
      expect(lobbyCalls().some((u) => u.includes('category=originals'))).toBe(true),
    );
    const active = await screen.findByRole('link', { name: 'Originals' });
    expect(active.getAttribute('aria-current')).toBe('page');
  });

  it('uses ?category= on /instant-wins', async () => {
    lobbyAnswer = () => Response.json({ ...CASINO_LOBBY, lobby: 'instant-wins' });
    renderAt('/instant-wins?category=instant');
    await vi.waitFor(() =>
      expect(lobbyCalls().at(-1)).toContain('/lobby/instant-wins?category=instant'),
    );
    const chips = await screen.findByRole('list', { name: 'Categories' });
    expect(within(chips).getByRole('link', { name: 'Originals' }).getAttribute('href')).toBe(
      '/instant-wins?category=originals',
    );
  });

  it('says so for an unknown category', async () => {
    renderAt('/casino/no-such-thing');
    expect(await screen.findByText('This category does not exist in this lobby.')).toBeTruthy();
  });

  it('shows an error with a retry when the lobby cannot load', async () => {
    lobbyAnswer = () => new Response(null, { status: 503 });
    renderAt('/casino');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The games could not be loaded.');
    lobbyAnswer = () => Response.json(CASINO_LOBBY);
    jackpotsAnswer = () =>
      Response.json([
        { JackpotType: 'Mini', JackpotValue: 512.4 },
        { JackpotType: 'Major', JackpotValue: 5000 },
        { JackpotType: 'Mega', JackpotValue: 50123.5 },
      ]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Originals' })).toBeTruthy();
  });
});
