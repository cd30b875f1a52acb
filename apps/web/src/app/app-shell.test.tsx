import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { apiFetch } from '../lib/api-client';
import { useSessionStore } from '../lib/session-store';
import { AppShell } from './app-shell';
import { ErrorBoundary } from './error-boundary';
import { routeFor } from './routes';

function LocationProbe() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="location">{pathname + search + hash}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppShell />
      <LocationProbe />
    </MemoryRouter>,
  );
}

const locationText = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  sessionStorage.setItem('dau:splash-seen', '1');
  useSessionStore.setState({ isAuthenticated: false, token: '', extId: '' });
});

afterEach(() => {
  document.querySelector('meta[name="dau-site"]')?.remove();
});

describe('app shell', () => {
  it('sends a guest from a sign-in page to login with redirectUrl', async () => {
    renderAt('/my-account');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(locationText()).toBe('/login?redirectUrl=/my-account');
  });

  it('sends a signed-in user away from login to home', async () => {
    document.cookie = 'dau_signed_in=1; Path=/';
    useSessionStore.getState().refreshFromCookie();
    expect(useSessionStore.getState().isAuthenticated).toBe(true);
    renderAt('/login');
    expect(await screen.findByRole('button', { name: /^My Account/ })).toBeTruthy();
    expect(locationText()).toBe('/');
  });

  it('redirects a trailing slash to the slash-less path with query and hash', async () => {
    renderAt('/sports/?minodd=1&maxodd=3#top');
    expect(await screen.findByRole('heading', { name: 'Sports' })).toBeTruthy();
    expect(locationText()).toBe('/sports?minodd=1&maxodd=3#top');
  });

  it('shows the 404 page for unknown routes', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('This page could not be found')).toBeTruthy();
  });

  it('lets Kenya open casino history (no "session expired" for a signed-in user)', async () => {
    useSessionStore.setState({ isAuthenticated: true });
    renderAt('/my-bets/casino-history');
    expect(await screen.findByRole('heading', { name: 'Casino history' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your session has expired' })).toBeNull();
  });

  it('lets site 4 open casino history (in Swahili, its default language)', async () => {
    const meta = document.createElement('meta');
    meta.name = 'dau-site';
    meta.content = '4';
    document.head.append(meta);
    useSessionStore.setState({ isAuthenticated: true });
    renderAt('/my-bets/casino-history');
    expect(await screen.findByRole('heading', { name: 'Historia ya kasino' })).toBeTruthy();
  });

  it('shows LOG IN and JOIN to guests and opens the menu', async () => {
    renderAt('/');
    expect(screen.getByRole('link', { name: 'LOG IN' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'JOIN' }).getAttribute('href')).toBe('/register');
    screen.getByRole('button', { name: /MENU/ }).click();
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });

  it('keeps a visited page mounted but hidden, and never caches excluded pages', async () => {
    const { container } = renderAt('/');
    const headings = () =>
      [...container.querySelectorAll('main h1')].map(
        (h) => `${h.textContent}${h.closest('[style*="none"]') ? ' (hidden)' : ''}`,
      );
    expect(await screen.findByRole('heading', { name: 'Dau' })).toBeTruthy();
    act(() => screen.getByRole('link', { name: 'Football' }).click());
    expect(await screen.findByRole('heading', { name: 'Football' })).toBeTruthy();
    expect(headings()).toEqual(['Dau (hidden)', 'Football']);
    act(() => screen.getByRole('link', { name: 'Live Now' }).click());
    expect(await screen.findByRole('heading', { name: 'Live Now' })).toBeTruthy();
    expect(headings()).toEqual(['Dau (hidden)', 'Football (hidden)', 'Live Now']);
    // The live list links back to the upcoming matches of its sport (football by default).
    act(() => screen.getByRole('link', { name: 'Upcoming' }).click());
    expect(await screen.findByRole('heading', { name: 'Football' })).toBeTruthy();
    expect(headings()).toEqual(['Dau (hidden)', 'Football']);
  });

  it('renders home without TanStack Query, then the footer and Help after the page', async () => {
    expect(routeFor('/').query).toBe(false);
    expect(routeFor('/sports').query).toBeUndefined();
    const { container } = renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Dau' })).toBeTruthy();
    // After the first paint: the footer (its basics while the content is missing) and Help.
    expect(await screen.findByRole('contentinfo')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Help' })).toBeTruthy();
    expect(container.querySelector('footer a[href="/company"]')).toBeTruthy();
  });

  it('shows the other error page when a page throws', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
    function Broken(): never {
      throw new Error('boom');
    }
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Sorry!' })).toBeTruthy();
    expect(screen.getByText("This shouln't happen")).toBeTruthy();
    expect(screen.getByText('Please refresh the page to try again')).toBeTruthy();
    expect(screen.getByText(/give these details to Customer Support/)).toBeTruthy();
    spy.mockRestore();
    vi.unstubAllGlobals();
  });

  it('asks for the login in a modal after a 401 on a public page, and on the page otherwise', async () => {
    const unauthorized = async () =>
      Response.json({ hasErrors: true, datasource_entries: [] }, { status: 401 });
    history.replaceState(null, '', '/sports');
    renderAt('/sports');
    await apiFetch({ base: 'core', path: '/betslip/PlaceBet', body: {} }, unauthorized).catch(
      () => undefined,
    );
    expect(useSessionStore.getState().loginModal).toEqual({ redirectUrl: '/sports' });
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
    act(() => useSessionStore.getState().closeLoginModal());
    cleanup();

    useSessionStore.setState({ isAuthenticated: true });
    history.replaceState(null, '', '/my-account/settings');
    renderAt('/my-account/settings');
    await act(() =>
      apiFetch({ base: 'core', path: '/customer/v2/getSettings' }, unauthorized).catch(
        () => undefined,
      ),
    );
    expect(useSessionStore.getState().loginModal).toBeNull();
    expect(locationText()).toBe('/login?redirectUrl=/my-account/settings');
  });
});
