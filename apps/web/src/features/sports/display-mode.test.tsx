import { DEFAULT_USER_SETTINGS } from '@dau/contracts/accounts/settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import {
  COMPACT_OPEN_MARKET_GROUPS,
  DEFAULT_PAGE_SIZE,
  displayModeOf,
  NORMAL_MODE,
  rememberedDisplayMode,
  REFRESH_MS,
  SAVE_DATA_PAGE_SIZE,
  SAVE_DATA_REFRESH_MS,
  sportsTuning,
} from './display-mode';
import { EventPage } from './event-page';
import { watchedRooms } from './sports-feed';
import { SportsList } from './sports-list';
import { event, football, json, market } from '../../test/sports-fixtures';

const fetchMock = vi.fn<typeof fetch>();
const urls = () => fetchMock.mock.calls.map(([input]) => String(input));

/** Answers the sports calls and the settings call with the given flags. */
function serve(settings: { saveData: boolean; compactMode: boolean }) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('getSettings'))
      return json({ settings: { ...DEFAULT_USER_SETTINGS, ...settings } });
    if (url.includes('/status'))
      return json({ uofLiveProducerUp: true, uofPreProducerUp: true, uofDisconnected: false });
    if (url.includes('ListSports')) return json([football]);
    if (url.includes('ListAllPreEvents'))
      return json({
        sports: [{ ...football, eventMin: [event(11), event(12), event(13)] }],
        liveCount: 0,
        lastKey: null,
      });
    if (url.includes('/match/event/byId')) {
      const names = ['1x2', 'Double chance', 'Draw no bet', 'Total', 'Both teams to score'];
      return json({
        eventMin: [
          event(
            11,
            names.map((n, i) => market(i + 1, n)),
          ),
        ],
      });
    }
    return new Response('{}', { status: 404 });
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
  // A signed-in user: the modes come from their settings.
  useSessionStore.setState({ isAuthenticated: true, token: 't', extId: '' });
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.setState({ isAuthenticated: false, token: '', extId: '' });
});

describe('display mode rules', () => {
  it('compact draws one-line rows and fewer markets; data saving fetches and draws less', () => {
    const normal = sportsTuning(NORMAL_MODE);
    const compact = sportsTuning({ compact: true, saveData: false });
    const saving = sportsTuning({ compact: false, saveData: true });
    expect(normal).toMatchObject({
      pageSize: DEFAULT_PAGE_SIZE,
      oneLineRows: false,
      showMarketCount: true,
      openMarketGroups: Number.POSITIVE_INFINITY,
      preMatchLiveRoom: true,
      prefetch: true,
      images: true,
      refreshMs: REFRESH_MS,
    });
    expect(compact).toMatchObject({
      oneLineRows: true,
      showMarketCount: false,
      openMarketGroups: COMPACT_OPEN_MARKET_GROUPS,
      pageSize: DEFAULT_PAGE_SIZE,
      prefetch: true,
    });
    expect(saving).toMatchObject({
      pageSize: SAVE_DATA_PAGE_SIZE,
      preMatchLiveRoom: false,
      prefetch: false,
      images: false,
      refreshMs: SAVE_DATA_REFRESH_MS,
      oneLineRows: false,
    });
    expect(saving.homeSlotLimit).toBeLessThan(normal.homeSlotLimit);
  });

  it('follows the settings when signed in and the browser Save-Data hint otherwise', () => {
    expect(displayModeOf(undefined, false)).toEqual(NORMAL_MODE);
    expect(displayModeOf(undefined, true)).toEqual({ compact: false, saveData: true });
    expect(displayModeOf({ compactMode: true, saveData: false }, false)).toEqual({
      compact: true,
      saveData: false,
    });
    expect(displayModeOf({ compactMode: false, saveData: false }, true).saveData).toBe(true);
  });

  it('remembers the last settings for the next first paint, only for a signed-in user', () => {
    localStorage.setItem('dau:display-mode', JSON.stringify({ compact: true, saveData: true }));
    expect(rememberedDisplayMode(true)).toEqual({ compact: true, saveData: true });
    expect(rememberedDisplayMode(false)).toEqual(NORMAL_MODE);
    localStorage.setItem('dau:display-mode', '{broken');
    expect(rememberedDisplayMode(true)).toEqual(NORMAL_MODE);
  });
});

describe('the sports list follows the settings', () => {
  it('normal: pages of 30, two-line rows with the market count, live room, prefetch', async () => {
    serve({ saveData: false, compactMode: false });
    renderAt('/sports/football-1', '/sports/:sportId', <SportsList live={false} />);
    await waitFor(() => expect(document.querySelectorAll('[data-layout="full"]')).toHaveLength(3));
    expect(urls().find((u) => u.includes('ListAllPreEvents'))).toContain(
      `nrOfPre=${DEFAULT_PAGE_SIZE}`,
    );
    expect(document.querySelector('[data-event-id="11"]')?.textContent).toContain('+39');
    expect(watchedRooms()).toContain('sport:1');
    fireEvent.pointerEnter(screen.getAllByRole('link', { name: /Home FC/ })[0]!);
    await waitFor(() => expect(urls().some((u) => u.includes('/match/event/byId'))).toBe(true));
  });

  it('compact: one-line rows without the market count', async () => {
    serve({ saveData: false, compactMode: true });
    renderAt('/sports/football-1', '/sports/:sportId', <SportsList live={false} />);
    await waitFor(() =>
      expect(document.querySelectorAll('[data-layout="compact"]')).toHaveLength(3),
    );
    expect(document.querySelector('[data-layout="full"]')).toBeNull();
    expect(screen.queryByText('+39')).toBeNull();
  });

  it('data saving: smaller pages, no live room for pre-match, no prefetch', async () => {
    serve({ saveData: true, compactMode: false });
    renderAt('/sports/football-1', '/sports/:sportId', <SportsList live={false} />);
    // The list waits for the settings: no full-size page is ever asked for.
    await waitFor(() =>
      expect(urls().some((u) => u.includes(`nrOfPre=${SAVE_DATA_PAGE_SIZE}`))).toBe(true),
    );
    expect(urls().some((u) => u.includes(`nrOfPre=${DEFAULT_PAGE_SIZE}`))).toBe(false);
    // The flags are remembered for the next page load's first requests.
    expect(rememberedDisplayMode(true)).toEqual({ compact: false, saveData: true });
    await waitFor(() => expect(watchedRooms()).not.toContain('sport:1'));
    const link = (await screen.findAllByRole('link', { name: /Home FC/ }))[0]!;
    fireEvent.pointerEnter(link);
    fireEvent.touchStart(link);
    await new Promise((r) => setTimeout(r, 20));
    expect(urls().some((u) => u.includes('/match/event/byId'))).toBe(false);
  });
});

describe('the event page follows compact mode', () => {
  const path = '/sports/football-1/england-1102/premier-league-2103/11';
  const route = '/sports/:sportId/:catId/:subId/:id';
  const pricedGroups = () =>
    [...document.querySelectorAll('[data-market-group]')].filter(
      (group) => group.querySelector('button[data-outcome]') !== null,
    ).length;

  it('draws every market group normally', async () => {
    serve({ saveData: false, compactMode: false });
    renderAt(path, route, <EventPage />);
    await waitFor(() => expect(pricedGroups()).toBe(5));
  });

  it('draws only the first groups in compact mode; a closed group draws when opened', async () => {
    serve({ saveData: false, compactMode: true });
    renderAt(path, route, <EventPage />);
    await waitFor(() => expect(document.querySelectorAll('[data-market-group]')).toHaveLength(5));
    await waitFor(() => expect(pricedGroups()).toBe(COMPACT_OPEN_MARKET_GROUPS));
    const closed = document.querySelector('[data-market-group="5"]') as HTMLDetailsElement;
    closed.open = true;
    fireEvent(closed, new Event('toggle'));
    await waitFor(() => expect(pricedGroups()).toBe(COMPACT_OPEN_MARKET_GROUPS + 1));
  });
});
